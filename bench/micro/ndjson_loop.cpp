// What reading NDJSON costs per line: the same twitter statuses read as NDJSON lines with
// metajson::read_ndjson, or as one JSON array with metajson::from_json into a vector, for
// instruction counts under callgrind:
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='*read_doc*' \
//     bench/build/ndjson_loop lines        # or array
//
// The records are twitter.json's statuses ($METAJSON_DATA_DIR) repeated to 1,000, written with
// metajson::to_ndjson (one per line, minified) and metajson::to_json (the array: the same bytes
// and one ',' per line where the lines have '\n'). The difference of the two counts divided by
// 1,000 is the cost of a line as its own document (docs/performance.md, "Reader 4, third step").
// An optional second argument repeats the read (for timing: ns per read, the median).
#include <metajson/metajson.hpp>
#include <metajson/stream.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "twitter.hpp"

namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "cannot open %s\n", path.c_str());
    std::exit(2);
  }
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

__attribute__((noinline)) bool read_doc_lines(const std::string& text, std::vector<twitter::Status>& out) {
  out.clear();
  for (auto&& r : metajson::read_ndjson<twitter::Status>(text)) {
    if (!r) return false;
    out.push_back(std::move(*r));
  }
  return true;
}

__attribute__((noinline)) bool read_doc_array(const std::string& text, std::vector<twitter::Status>& out) {
  out.clear();
  return !metajson::from_json(text, out);
}

}  // namespace

int main(int argc, char** argv) {
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  const std::string mode = argc > 1 ? argv[1] : "";
  if ((mode != "lines" && mode != "array") || dir == nullptr) {
    std::fprintf(stderr, "usage: METAJSON_DATA_DIR=... ndjson_loop lines|array [repeats]\n");
    return 2;
  }
  twitter::TwitterData data;
  if (metajson::from_json(slurp(std::string(dir) + "/twitter.json"), data) || data.statuses.empty()) {
    std::fprintf(stderr, "cannot read twitter.json\n");
    return 2;
  }
  std::vector<twitter::Status> records;
  while (records.size() < 1000) records.push_back(data.statuses[records.size() % data.statuses.size()]);
  const std::string text = mode == "lines" ? metajson::to_ndjson(records) : metajson::to_json(records);
  std::vector<twitter::Status> out;
  out.reserve(records.size());
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 1;
  std::vector<double> ns;
  for (int i = 0; i < repeats; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    if (!(mode == "lines" ? read_doc_lines(text, out) : read_doc_array(text, out)) || out != records) {
      std::fprintf(stderr, "%s: read failed or differs\n", mode.c_str());
      return 1;
    }
    ns.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count());
  }
  if (repeats > 1) {
    std::sort(ns.begin(), ns.end());
    std::printf("%s: %.0f ns per read of %zu records, %zu bytes (median of %d)\n", mode.c_str(), ns[ns.size() / 2], records.size(),
                text.size(), repeats);
  }
  return 0;
}

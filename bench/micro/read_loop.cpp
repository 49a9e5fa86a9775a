// One document read into the benchmark's schema and nothing else, for instruction counts of the
// reader under callgrind (deterministic, unlike timings on a shared machine):
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='*read_doc*' \
//     bench/build/read_loop twitter        # or citm_catalog, canada, player, order
//
// `validate:<name>` runs metajson::validate on the document instead (collect '*validate_doc*').
// The document is $METAJSON_DATA_DIR/<name>.json, read with metajson::from_json into a fresh
// struct of models (the study's twitter and CITM schemas, canada's GeoJSON); the small
// messages player and order are their models' sample() written by metajson::to_json. An optional
// second argument repeats the read (for timing: it prints ns per read, the median of the
// repeats). The same file compiled against an older include tree measures that version's reader
// the same way (docs/performance.md has the commands).
#include <metajson/metajson.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "canada.hpp"
#include "citm.hpp"
#include "order.hpp"
#include "player.hpp"
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

template <class T>
__attribute__((noinline)) bool read_doc(const std::string& text) {
  T t{};
  return !metajson::from_json(text, t);
}

__attribute__((noinline)) bool validate_doc(const std::string& text) { return !metajson::validate(text); }

bool read_named(const std::string& which, const std::string& text) {
  if (which.starts_with("validate:")) return validate_doc(text);
  if (which == "twitter") return read_doc<twitter::TwitterData>(text);
  if (which == "citm_catalog") return read_doc<citm::CitmCatalog>(text);
  if (which == "player") return read_doc<player::Player>(text);
  if (which == "order") return read_doc<order::Order>(text);
  return read_doc<canada::FeatureCollection>(text);
}

}  // namespace

int main(int argc, char** argv) {
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (argc < 2 || dir == nullptr) {
    std::fprintf(stderr, "usage: METAJSON_DATA_DIR=... read_loop twitter|citm_catalog|canada [repeats]\n");
    return 2;
  }
  const std::string which = argv[1];
  const std::string doc = which.starts_with("validate:") ? which.substr(9) : which;
  const std::string text = doc == "player"  ? metajson::to_json(player::sample())
                           : doc == "order" ? metajson::to_json(order::sample())
                                            : slurp(std::string(dir) + "/" + doc + ".json");
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 1;
  std::vector<double> ns;
  for (int i = 0; i < repeats; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    if (!read_named(which, text)) {
      std::fprintf(stderr, "%s: read failed\n", which.c_str());
      return 1;
    }
    ns.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count());
  }
  if (repeats > 1) {
    std::sort(ns.begin(), ns.end());
    std::printf("%s: %.0f ns per read (median of %d)\n", which.c_str(), ns[ns.size() / 2], repeats);
  }
  return 0;
}

// simdjson's stage 1 alone over one document (ondemand::parser::iterate indexes the document and
// reads nothing), for instruction counts beside index_loop's (our index pass):
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='*index_doc*' \
//     bench/build/simdjson_stage1_loop twitter        # or citm_catalog, canada
//
// simdjson picks its kernel for the CPU at run time (the first line printed names it; under
// valgrind, which does not run AVX-512, haswell). An optional second argument repeats the pass
// (for timing: ns per pass, the median).
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

__attribute__((noinline)) bool index_doc_simdjson(simdjson::ondemand::parser& parser, simdjson::padded_string& text) {
  auto doc = parser.iterate(text);
  return doc.error() == simdjson::SUCCESS;
}

}  // namespace

int main(int argc, char** argv) {
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (argc < 2 || dir == nullptr) {
    std::fprintf(stderr, "usage: METAJSON_DATA_DIR=... simdjson_stage1_loop twitter|citm_catalog|canada [repeats]\n");
    return 2;
  }
  std::ifstream f(std::string(dir) + "/" + argv[1] + ".json", std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "cannot open %s.json\n", argv[1]);
    return 2;
  }
  std::stringstream s;
  s << f.rdbuf();
  simdjson::padded_string text(s.str());
  simdjson::ondemand::parser parser;
  std::printf("simdjson %s\n", simdjson::get_active_implementation()->name().data());
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 1;
  std::vector<double> ns;
  for (int i = 0; i < repeats; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    if (!index_doc_simdjson(parser, text)) {
      std::fprintf(stderr, "%s: stage 1 failed\n", argv[1]);
      return 1;
    }
    ns.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count());
  }
  if (repeats > 1) {
    std::sort(ns.begin(), ns.end());
    std::printf("%s: %.1f us per pass (median of %d)\n", argv[1], ns[ns.size() / 2] / 1000, repeats);
  }
  return 0;
}

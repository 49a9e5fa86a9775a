// One document read into the benchmark's schema and nothing else, for instruction counts of the
// reader under callgrind (deterministic, unlike timings on a shared machine):
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='*read_doc*' \
//     bench/build/read_loop twitter        # or citm_catalog, canada, player, order
//
// `validate:<name>` runs metajson::validate on the document instead (collect '*validate_doc*').
// `collect:<name>` reads it with options::errors = collect (what a valid document costs in that
// mode), `collect-pass:<name>` with the collecting pass alone (what an invalid one pays after the
// first-error read failed): both under '*read_doc*' too, for docs/validation.md.
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

constexpr metajson::options collect{.errors = metajson::error_mode::collect};

template <class T>
__attribute__((noinline)) bool read_doc_collect(const std::string& text) {
  T t{};
  return metajson::from_json<collect>(text, t).empty();
}

template <class T>
__attribute__((noinline)) bool read_doc_collect_pass(const std::string& text) {
  T t{};
  return metajson::detail::read_collect_text<collect>(text, t).empty();
}

// The read of `mode` ("" the default, "collect:", "collect-pass:") into a T.
template <class T>
bool read_as(const std::string& mode, const std::string& text) {
  if (mode == "collect:") return read_doc_collect<T>(text);
  if (mode == "collect-pass:") return read_doc_collect_pass<T>(text);
  return read_doc<T>(text);
}

__attribute__((noinline)) bool validate_doc(const std::string& text) { return !metajson::validate(text); }

bool read_named(const std::string& mode, const std::string& doc, const std::string& text) {
  if (mode == "validate:") return validate_doc(text);
  if (doc == "twitter") return read_as<twitter::TwitterData>(mode, text);
  if (doc == "citm_catalog") return read_as<citm::CitmCatalog>(mode, text);
  if (doc == "player") return read_as<player::Player>(mode, text);
  if (doc == "order") return read_as<order::Order>(mode, text);
  return read_as<canada::FeatureCollection>(mode, text);
}

}  // namespace

int main(int argc, char** argv) {
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (argc < 2 || dir == nullptr) {
    std::fprintf(stderr, "usage: METAJSON_DATA_DIR=... read_loop [validate:|collect:|collect-pass:]twitter|citm_catalog|canada|player|order [repeats]\n");
    return 2;
  }
  const std::string which = argv[1];
  const std::size_t colon = which.find(':');
  const std::string mode = colon == std::string::npos ? "" : which.substr(0, colon + 1);
  const std::string doc = which.substr(mode.size());
  const std::string text = doc == "player"  ? metajson::to_json(player::sample())
                           : doc == "order" ? metajson::to_json(order::sample())
                                            : slurp(std::string(dir) + "/" + doc + ".json");
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 1;
  std::vector<double> ns;
  for (int i = 0; i < repeats; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    if (!read_named(mode, doc, text)) {
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

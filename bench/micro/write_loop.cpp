// One value of the benchmark's schema written and nothing else, for instruction counts of the
// writer under callgrind (deterministic, unlike timings on a shared machine); the mirror of
// read_loop.cpp:
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='*write_doc*' \
//     bench/build/write_loop twitter 10     # or citm_catalog, canada, player, order
//
// The dataset is $METAJSON_DATA_DIR/<name>.json read into models' struct (not counted);
// player and order are their models' sample(). Each write goes into a fresh std::string, as
// the benchmark's "fresh" rows do; the second argument repeats it (default 1). Compiled against
// an older include tree, it measures that version's writer the same way.
#include <metajson/metajson.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

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
__attribute__((noinline)) std::size_t write_doc(const T& v) {
  return metajson::to_json(v).size();
}

template <class T>
int run(const T& v, int repeats) {
  std::size_t bytes = 0;
  for (int i = 0; i < repeats; ++i) bytes += write_doc(v);
  std::printf("%zu bytes per write\n", bytes / static_cast<std::size_t>(repeats));
  return 0;
}

template <class T>
T load(const char* dir, const std::string& which) {
  T v{};
  if (auto e = metajson::from_json(slurp(std::string(dir) + "/" + which + ".json"), v)) {
    std::fprintf(stderr, "%s: %s\n", which.c_str(), e.message().c_str());
    std::exit(1);
  }
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (argc < 2 || dir == nullptr) {
    std::fprintf(stderr, "usage: METAJSON_DATA_DIR=... write_loop twitter|citm_catalog|canada|player|order [repeats]\n");
    return 2;
  }
  const std::string which = argv[1];
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 1;
  if (which == "player") return run(player::sample(), repeats);
  if (which == "order") return run(order::sample(), repeats);
  if (which == "twitter") return run(load<twitter::TwitterData>(dir, which), repeats);
  if (which == "citm_catalog") return run(load<citm::CitmCatalog>(dir, which), repeats);
  return run(load<canada::FeatureCollection>(dir, which), repeats);
}

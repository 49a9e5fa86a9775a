// A/B timing of writers across builds: one library per binary (metajson, or glaze with
// -DWITH_GLAZE), thread CPU time (time the process was not running is not counted: the machine
// is shared), the small messages or a dataset written into a fresh string and into a reused
// one, in interleaved batches; prints the median ns per call of each. Compiled against
// different include trees (before / after a change), the binaries are run in turn by
// bench/scripts/write_ab.sh, which prints the medians over processes. For docs/performance.md:
// the benchmark suite's programs (wall clock, 100,000-call batches) are the reference.
//
//   g++-16 -std=c++26 -freflection -O3 -DNDEBUG -I<tree>/include -Imodels \
//       bench/micro/write_ab.cpp -o write_ab.after            [-DWITH_GLAZE for glaze]
//   METAJSON_DATA_DIR=... bench/scripts/write_ab.sh small|player|order|twitter|citm ROUNDS BIN...
#include <metajson/metajson.hpp>
#ifdef WITH_GLAZE
#include <glaze/glaze.hpp>
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "citm.hpp"
#include "order.hpp"
#include "player.hpp"
#include "twitter.hpp"

namespace {

double cpu_now() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}
void keep(const void* p) { asm volatile("" : : "r"(p) : "memory"); }

#ifdef WITH_GLAZE
// As bench/programs/glaze.cpp writes.
struct write_opts_t : glz::opts {
  bool escape_control_characters = true;
};
constexpr write_opts_t glaze_opts = [] {
  write_opts_t o{};
  o.skip_null_members = false;
  return o;
}();
#endif

template <class T>
void run(const char* name, const T& v, int calls, int rounds) {
  std::string buf;
  std::vector<std::pair<const char*, std::function<void()>>> cases = {
#ifdef WITH_GLAZE
      {"glaze fresh", [&] { std::string s; (void)glz::write<glaze_opts>(v, s); keep(s.data()); }},
      {"glaze reused", [&] { (void)glz::write<glaze_opts>(v, buf); keep(buf.data()); }},
#else
      {"metajson fresh", [&] { auto s = metajson::to_json(v); keep(s.data()); }},
      {"metajson reused", [&] { metajson::to_json(v, buf); keep(buf.data()); }},
#endif
  };
  std::vector<std::vector<double>> t(cases.size());
  for (auto& c : cases)
    for (int i = 0; i < calls; ++i) c.second();  // warm-up (and the fresh size hint)
  for (int r = 0; r < rounds; ++r)
    for (std::size_t k = 0; k < cases.size(); ++k) {
      const double t0 = cpu_now();
      for (int i = 0; i < calls; ++i) cases[k].second();
      t[k].push_back((cpu_now() - t0) * 1e9 / calls);
    }
  for (std::size_t k = 0; k < cases.size(); ++k) {
    std::sort(t[k].begin(), t[k].end());
    std::printf("%s %s %.1f\n", name, cases[k].first, t[k][t[k].size() / 2]);
  }
}

std::string slurp(const char* file) {
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (dir == nullptr) {
    std::fprintf(stderr, "METAJSON_DATA_DIR is not set\n");
    std::exit(2);
  }
  std::ifstream f(std::string(dir) + "/" + file, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "small";
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 9;
  if (which == "small" || which == "player") run("player", player::sample(), 20000, rounds);
  if (which == "small" || which == "order") run("order", order::sample(), 4000, rounds);
  if (which == "twitter") run("twitter", metajson::from<twitter::TwitterData>(slurp("twitter.json")), 100, rounds);
  if (which == "citm") run("citm", metajson::from<citm::CitmCatalog>(slurp("citm_catalog.json")), 30, rounds);
}

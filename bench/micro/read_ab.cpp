// Reads side by side in one process: metajson's from_json and glaze's read into the same fresh
// struct, each document read by both in alternated rounds (a round times each reader for
// `seconds`, thread CPU time), pinned to the core the program starts on; prints per reader the
// median ns per read and the median of the rounds' ratios (metajson / glaze time, with their
// range). For docs/performance.md while optimizing the reader: the benchmark suite (make bench)
// is the reference for the report.
//
//   bench/build/read_ab [--rounds N] [--seconds S] [twitter citm canada player order]
#include <metajson/metajson.hpp>
#include <glaze/glaze.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <sched.h>

#include "../programs/glaze_options.hpp"
#include "canada.hpp"
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

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "read_ab: cannot open %s\n", path.c_str());
    std::exit(2);
  }
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// ns per call of op over `seconds` of thread CPU time.
double time_op(const std::function<void()>& op, double seconds) {
  op();
  std::size_t calls = 0;
  const double t0 = cpu_now();
  double t = t0;
  do {
    for (int i = 0; i < 16; ++i) op();
    calls += 16;
    t = cpu_now();
  } while (t - t0 < seconds);
  return (t - t0) * 1e9 / static_cast<double>(calls);
}

template <class T>
void compare(const char* name, const std::string& text, int rounds, double seconds) {
  {  // both read it, to the same value
    T a{}, b{};
    if (auto e = metajson::from_json(text, a)) {
      std::fprintf(stderr, "%s: metajson: %s\n", name, e.message().c_str());
      std::exit(1);
    }
    if (auto e = glz::read<glaze_rows::read_opts>(b, text)) {
      std::fprintf(stderr, "%s: glaze: %s\n", name, glz::format_error(e, text).c_str());
      std::exit(1);
    }
    if (!(a == b)) {
      std::fprintf(stderr, "%s: the two reads differ\n", name);
      std::exit(1);
    }
  }
  const std::function<void()> ours = [&] {
    T t{};
    if (metajson::from_json(text, t)) std::abort();
    keep(&t);
  };
  const std::function<void()> theirs = [&] {
    T t{};
    if (glz::read<glaze_rows::read_opts>(t, text)) std::abort();
    keep(&t);
  };
  std::vector<double> a, b, ratio;
  for (int r = 0; r < rounds; ++r) {
    a.push_back(time_op(ours, seconds));
    b.push_back(time_op(theirs, seconds));
    ratio.push_back(b.back() / a.back());
  }
  std::sort(ratio.begin(), ratio.end());
  std::printf("| %-8s | %10.0f | %10.0f | %5.2fx (%.2f-%.2f) |\n", name, median(a), median(b), median(ratio), ratio.front(), ratio.back());
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 7;
  double seconds = 0.2;
  std::vector<std::string> which;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--rounds" && i + 1 < argc) rounds = std::atoi(argv[++i]);
    else if (a == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
    else which.push_back(a);
  }
  if (which.empty()) which = {"twitter", "citm", "canada", "player", "order"};
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(sched_getcpu(), &set);
  sched_setaffinity(0, sizeof set, &set);
  std::printf("metajson (index kernel %s) against glaze: %d alternated rounds of %.2f s each, thread CPU time, medians\n\n",
              std::string(metajson::active_simd_backend()).c_str(), rounds, seconds);
  std::printf("| %-8s | %10s | %10s | %-22s |\n|---|--:|--:|--:|\n", "document", "metajson ns", "glaze ns", "glaze / metajson time");
  for (const std::string& w : which) {
    if (w == "player") compare<player::Player>("player", metajson::to_json(player::sample()), rounds, seconds);
    else if (w == "order") compare<order::Order>("order", metajson::to_json(order::sample()), rounds, seconds);
    else if (dir == nullptr) std::fprintf(stderr, "read_ab: set METAJSON_DATA_DIR for %s\n", w.c_str());
    else if (w == "twitter") compare<twitter::TwitterData>("twitter", slurp(std::string(dir) + "/twitter.json"), rounds, seconds);
    else if (w == "citm") compare<citm::CitmCatalog>("citm", slurp(std::string(dir) + "/citm_catalog.json"), rounds, seconds);
    else if (w == "canada") compare<canada::FeatureCollection>("canada", slurp(std::string(dir) + "/canada.json"), rounds, seconds);
  }
}

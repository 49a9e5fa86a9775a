// A loop that writes doubles and nothing else, for instruction counts of the double writer under
// callgrind (deterministic, unlike timings on a shared machine):
//
//   valgrind --tool=callgrind --toggle-collect='run_loop*' bench/build/dtoa_loop canada
//   valgrind --tool=callgrind --toggle-collect='run_loop*' bench/build/dtoa_loop random
//
// canada: the 111,126 numbers of $METAJSON_DATA_DIR/canada.json, in document order; random:
// 111,126 finite doubles of uniformly random bits (mt19937_64, seed 3). Each one is written in
// the default format (number_format::json) followed by a ',', as in an array. An optional
// second argument repeats the loop (for timing: it prints ns per double).
// Built against an older metajson (before options::numbers) with -DMETAJSON_DTOA_OLD_API, it
// measures that version's writer the same way; with -DDTOA_LOOP_GLAZE glaze's glz::to_chars,
// with -DDTOA_LOOP_TO_CHARS std::to_chars (docs/performance.md has the commands).
#if defined(DTOA_LOOP_GLAZE)
#include <glaze/util/zmij.hpp>
#elif !defined(DTOA_LOOP_TO_CHARS)
#include <metajson/number/dtoa.hpp>
#endif

#include <bit>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

__attribute__((noinline)) std::size_t run_loop(const double* v, std::size_t n, char* out) {
  char* p = out;
  for (std::size_t i = 0; i < n; ++i) {
#if defined(DTOA_LOOP_GLAZE)
    p = glz::to_chars(p, v[i]);
#elif defined(DTOA_LOOP_TO_CHARS)
    p = std::to_chars(p, p + 32, v[i]).ptr;
#elif defined(METAJSON_DTOA_OLD_API)
    p = metajson::detail::write_float(p, v[i]);
#else
    p = metajson::detail::write_float<metajson::number_format::json>(p, v[i]);
#endif
    *p++ = ',';
  }
  return static_cast<std::size_t>(p - out);
}

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "canada";
  std::vector<double> v;
  if (which == "canada") {
    const char* dir = std::getenv("METAJSON_DATA_DIR");
    std::ifstream f(std::string(dir ? dir : ".") + "/canada.json", std::ios::binary);
    if (!f) {
      std::fprintf(stderr, "canada.json not found: set METAJSON_DATA_DIR\n");
      return 1;
    }
    std::ostringstream ss;
    ss << f.rdbuf();
    const std::string text = ss.str();
    for (const char* p = text.data(); p < text.data() + text.size();) {
      if (*p == '-' || (*p >= '0' && *p <= '9')) {
        double d = 0;
        p = std::from_chars(p, text.data() + text.size(), d).ptr;
        v.push_back(d);
      } else {
        ++p;
      }
    }
  } else {
    std::mt19937_64 rng(3);
    while (v.size() < 111126) {
      const double d = std::bit_cast<double>(rng());
      if (std::isfinite(d)) v.push_back(d);
    }
  }
  const int reps = argc > 2 ? std::atoi(argv[2]) : 1;
  std::vector<char> out(v.size() * 32 + 64);
  std::size_t bytes = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) bytes = run_loop(v.data(), v.size(), out.data());
  const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%s: %zu doubles, %zu bytes, %.2f ns per double\n", which.c_str(), v.size(), bytes, ns / reps / static_cast<double>(v.size()));
}

// 10^9 random doubles written by metajson and compared byte for byte with the oracle
// (std::to_chars' shortest digits laid out by plain code, tests/support/dtoa_reference.hpp):
// three in four uniform over bit patterns, one in four over the binades where ECMAScript writes
// plain notation (1e-7 to 1e21), the format rotating json / ecmascript / shortest. Value i is a
// function of i alone (splitmix64), so the run is the same whatever the number of threads; it
// uses every hardware thread. Label `slow`. METAJSON_DOUBLES=N checks N values instead.
#include <metajson/number/dtoa.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "dtoa_reference.hpp"

namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

template <metajson::number_format F>
bool same(double v) {
  char a[48], b[48];
  char* e = metajson::detail::write_float<F>(a, v);
  char* r = metajson_test::reference_text_into(b, v, F);
  return e - a == r - b && std::memcmp(a, b, static_cast<std::size_t>(e - a)) == 0;
}

}  // namespace

TEST(BillionDoubles, MatchTheOracle) {
  using metajson::number_format;
  std::uint64_t total = 1'000'000'000;
  if (const char* n = std::getenv("METAJSON_DOUBLES")) total = std::strtoull(n, nullptr, 10);
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::atomic<std::uint64_t> mismatches{0}, checked{0};
  std::atomic<std::uint64_t> first_bad{0};
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      std::uint64_t mm = 0, n = 0;
      for (std::uint64_t i = total * t / threads; i < total * (t + 1) / threads; ++i) {
        std::uint64_t bits = splitmix64(i);
        if (i % 4 == 3) {  // a biased exponent between those of 1e-7 (999) and 1e21 (1092)
          bits = (bits & 0x800fffffffffffffull) | ((999 + (bits >> 52 & 0x7f) % 94) << 52);
        }
        const double v = std::bit_cast<double>(bits);
        if (!std::isfinite(v)) continue;
        const bool ok = i % 3 == 0 ? same<number_format::json>(v) : i % 3 == 1 ? same<number_format::ecmascript>(v) : same<number_format::shortest>(v);
        if (!ok && mm++ == 0) first_bad = bits;
        ++n;
      }
      mismatches += mm;
      checked += n;
    });
  }
  for (auto& th : pool) th.join();
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%llu doubles checked in %.1f s on %u threads\n", static_cast<unsigned long long>(checked.load()), s, threads);
  EXPECT_EQ(mismatches.load(), 0u) << "one of them: bits 0x" << std::hex << first_bad.load();
  EXPECT_GT(checked.load(), total - total / 500);  // a random pattern is non-finite 1 time in 2048
}

// Every one of the 2^32 float bit patterns: finite ones are written and compared byte for byte
// with the oracle (std::to_chars' shortest float digits laid out by plain code,
// tests/support/dtoa_reference.hpp), in the default json format and, for every 16th pattern,
// in ecmascript and shortest too (the digits are the same in every format; only the rarer
// layouts differ). The digits being std::to_chars', the text reads back to the same float.
// NaN and infinities are not numbers in JSON and are skipped here (the writer's policy is
// tested elsewhere). Runs on every hardware thread. Two tests: every pattern (label `exhaustive`,
// `make test-exhaustive`: minutes) and a seeded sample of 2^26 patterns plus each binade's edges
// (label `roundtrip`, in `make test`: seconds).
#include <metajson/number/dtoa.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <thread>
#include <type_traits>
#include <vector>

#include "dtoa_reference.hpp"

namespace {

// Checks the float bit patterns pattern(k) for k in [0, count) on every hardware thread: the json
// format byte for byte, ecmascript and shortest too for every 16th. Returns how many were finite
// (and checked).
template <class Pattern>
long check_patterns(std::uint64_t count, Pattern pattern) {
  using metajson::number_format;
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::atomic<long> mismatches{0}, checked{0};
  std::atomic<std::uint64_t> first_bad{~std::uint64_t{0}};
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      long mm = 0, n = 0;
      const std::uint64_t begin = count * t / threads;
      const std::uint64_t end = count * (t + 1) / threads;
      const auto same = [](auto format, float v) {
        char a[48], b[48];
        char* e = metajson::detail::write_float<decltype(format)::value>(a, v);
        char* r = metajson_test::reference_text_into(b, v, decltype(format)::value);
        return e - a == r - b && std::memcmp(a, b, static_cast<std::size_t>(e - a)) == 0;
      };
      using json = std::integral_constant<number_format, number_format::json>;
      using ecmascript = std::integral_constant<number_format, number_format::ecmascript>;
      using shortest = std::integral_constant<number_format, number_format::shortest>;
      for (std::uint64_t k = begin; k < end; ++k) {
        const std::uint32_t bits = pattern(k);
        const float v = std::bit_cast<float>(bits);
        if (!std::isfinite(v)) continue;
        bool ok = same(json{}, v);
        if (bits % 16 == 5) ok &= same(ecmascript{}, v) && same(shortest{}, v);
        if (!ok) {
          ++mm;
          std::uint64_t seen = first_bad.load();
          while (bits < seen && !first_bad.compare_exchange_weak(seen, bits)) {
          }
        }
        ++n;
      }
      mismatches += mm;
      checked += n;
    });
  }
  for (auto& th : pool) th.join();
  EXPECT_EQ(mismatches.load(), 0) << "first: bits 0x" << std::hex << first_bad.load();
  return checked.load();
}

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

// Every pattern: label `exhaustive` (make test-exhaustive), 2^32 patterns.
TEST(ExhaustiveFloat32, EveryBitPattern) {
  const long checked = check_patterns(std::uint64_t{1} << 32, [](std::uint64_t i) { return static_cast<std::uint32_t>(i); });
  EXPECT_EQ(checked, 4278190080L);  // 2^32 minus the 2^24 patterns with an all-ones exponent
}

// What `make test` runs (label `roundtrip`): 2^26 patterns, one in each run of 64 consecutive
// ones at an offset drawn by splitmix64 from a fixed seed (so every binade of both signs is
// sampled evenly and the same patterns are checked on every machine), then, for each of the 512
// sign and exponent combinations, the 64 smallest and 64 largest significands (the powers of two,
// whose neighbours are unevenly spaced, and the values next to the next binade).
TEST(ExhaustiveFloat32, SeededSample) {
  constexpr std::uint64_t sampled = std::uint64_t{1} << 26;
  const long a = check_patterns(sampled, [](std::uint64_t k) {
    return static_cast<std::uint32_t>(k * 64 + (splitmix64(k ^ 0x5eed) & 63));
  });
  const long b = check_patterns(512 * 128, [](std::uint64_t k) {
    const auto top = static_cast<std::uint32_t>(k / 128) << 23;  // sign and exponent
    const auto j = static_cast<std::uint32_t>(k % 128);
    return top | (j < 64 ? j : (std::uint32_t{1} << 23) - 128 + j);
  });
  // The all-ones exponent (infinities and NaNs) is skipped: 1/256 of the sample, 2 x 128 of the rest.
  EXPECT_GT(a, static_cast<long>(sampled - sampled / 200));
  EXPECT_EQ(b, 510 * 128);
}

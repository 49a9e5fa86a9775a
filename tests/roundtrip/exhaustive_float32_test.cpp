// Every one of the 2^32 float bit patterns: finite ones are written and compared byte for byte
// with the oracle (std::to_chars' shortest float digits laid out by plain code,
// tests/support/dtoa_reference.hpp), in the default json format and, for every 16th pattern,
// in ecmascript and shortest too (the digits are the same in every format; only the rarer
// layouts differ). The digits being std::to_chars', the text reads back to the same float.
// NaN and infinities are not numbers in JSON and are skipped here (the writer's policy is
// tested elsewhere). Runs on every hardware thread; label `slow`.
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

TEST(ExhaustiveFloat32, EveryBitPattern) {
  using metajson::number_format;
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::atomic<long> mismatches{0}, checked{0};
  std::atomic<std::uint64_t> first_bad{~std::uint64_t{0}};
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      long mm = 0, n = 0;
      const std::uint64_t begin = (std::uint64_t{1} << 32) * t / threads;
      const std::uint64_t end = (std::uint64_t{1} << 32) * (t + 1) / threads;
      const auto same = [](auto format, float v) {
        char a[48], b[48];
        char* e = metajson::detail::write_float<decltype(format)::value>(a, v);
        char* r = metajson_test::reference_text_into(b, v, decltype(format)::value);
        return e - a == r - b && std::memcmp(a, b, static_cast<std::size_t>(e - a)) == 0;
      };
      using json = std::integral_constant<number_format, number_format::json>;
      using ecmascript = std::integral_constant<number_format, number_format::ecmascript>;
      using shortest = std::integral_constant<number_format, number_format::shortest>;
      for (std::uint64_t i = begin; i < end; ++i) {
        const float v = std::bit_cast<float>(static_cast<std::uint32_t>(i));
        if (!std::isfinite(v)) continue;
        bool ok = same(json{}, v);
        if (i % 16 == 5) ok &= same(ecmascript{}, v) && same(shortest{}, v);
        if (!ok) {
          ++mm;
          std::uint64_t seen = first_bad.load();
          while (i < seen && !first_bad.compare_exchange_weak(seen, i)) {
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
  EXPECT_EQ(checked.load(), 4278190080L);  // 2^32 minus the 2^24 patterns with an all-ones exponent
}

// Every one of the 2^32 float bit patterns: finite ones are written and compared byte for byte
// with the oracle (std::to_chars' shortest float digits laid out by plain code,
// tests/support/dtoa_reference.hpp), in the default json format and, for every 3rd pattern
// each, in ecmascript and shortest; the shortest text is read back by std::from_chars to the
// same bits. NaN and infinities are not numbers in JSON and are skipped here (the writer's
// policy is tested elsewhere). Runs on every hardware thread; label `slow`.
#include <metajson/number/dtoa.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <thread>
#include <vector>

#include "dtoa_reference.hpp"

TEST(ExhaustiveFloat32, EveryBitPattern) {
  using metajson::number_format;
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::atomic<long> mismatches{0}, round_trip{0}, checked{0};
  std::atomic<std::uint64_t> first_bad{~std::uint64_t{0}};
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      long mm = 0, rt = 0, n = 0;
      const std::uint64_t begin = (std::uint64_t{1} << 32) * t / threads;
      const std::uint64_t end = (std::uint64_t{1} << 32) * (t + 1) / threads;
      for (std::uint64_t i = begin; i < end; ++i) {
        const float v = std::bit_cast<float>(static_cast<std::uint32_t>(i));
        if (!std::isfinite(v)) continue;
        char a[48], b[48];
        char* e = metajson::detail::write_float<number_format::json>(a, v);
        char* r = metajson_test::reference_text_into(b, v, number_format::json);
        bool bad = e - a != r - b || std::memcmp(a, b, static_cast<std::size_t>(e - a)) != 0;
        if (i % 3 == 1) {
          e = metajson::detail::write_float<number_format::ecmascript>(a, v);
          r = metajson_test::reference_text_into(b, v, number_format::ecmascript);
          bad |= e - a != r - b || std::memcmp(a, b, static_cast<std::size_t>(e - a)) != 0;
        } else if (i % 3 == 2) {
          e = metajson::detail::write_float<number_format::shortest>(a, v);
          r = metajson_test::reference_text_into(b, v, number_format::shortest);
          bad |= e - a != r - b || std::memcmp(a, b, static_cast<std::size_t>(e - a)) != 0;
          float back = 0;
          std::from_chars(a, e, back);
          rt += std::bit_cast<std::uint32_t>(back) != static_cast<std::uint32_t>(i);
        }
        if (bad) {
          ++mm;
          std::uint64_t seen = first_bad.load();
          while (i < seen && !first_bad.compare_exchange_weak(seen, i)) {
          }
        }
        ++n;
      }
      mismatches += mm;
      round_trip += rt;
      checked += n;
    });
  }
  for (auto& th : pool) th.join();
  EXPECT_EQ(mismatches.load(), 0) << "first: bits 0x" << std::hex << first_bad.load();
  EXPECT_EQ(round_trip.load(), 0);
  EXPECT_EQ(checked.load(), 4278190080L);  // 2^32 minus the 2^24 patterns with an all-ones exponent
}

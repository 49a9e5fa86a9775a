// Every one of the 2^32 float bit patterns: finite ones are written, read back by
// std::from_chars to the same bits, and never longer than std::to_chars; NaN and infinities
// are not numbers in JSON and are skipped here (the writer's policy is tested elsewhere).
// Runs on every hardware thread; label `slow`.
#include <metajson/number/dtoa.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <charconv>
#include <cmath>
#include <thread>
#include <vector>

TEST(ExhaustiveFloat32, EveryBitPattern) {
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::atomic<long> mismatches{0}, longer{0}, checked{0};
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      long mm = 0, lg = 0, n = 0;
      const std::uint64_t begin = (std::uint64_t{1} << 32) * t / threads;
      const std::uint64_t end = (std::uint64_t{1} << 32) * (t + 1) / threads;
      for (std::uint64_t i = begin; i < end; ++i) {
        const float v = std::bit_cast<float>(static_cast<std::uint32_t>(i));
        if (!std::isfinite(v)) continue;
        char a[48], b[48];
        char* e = metajson::detail::write_float(a, v);
        float back = 0;
        std::from_chars(a, e, back);
        mm += std::bit_cast<std::uint32_t>(back) != static_cast<std::uint32_t>(i);
        lg += e - a > std::to_chars(b, b + 48, v).ptr - b;
        ++n;
      }
      mismatches += mm;
      longer += lg;
      checked += n;
    });
  }
  for (auto& th : pool) th.join();
  EXPECT_EQ(mismatches.load(), 0);
  EXPECT_EQ(longer.load(), 0);
  EXPECT_EQ(checked.load(), 4278190080L);  // 2^32 minus the 2^24 patterns with an all-ones exponent
}

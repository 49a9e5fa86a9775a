// 10 million random doubles (uniform over bit patterns, and over "human" decimals) written by
// metajson and read back by std::from_chars to the same bits, never longer than
// std::to_chars' shortest output.
#include <metajson/number/dtoa.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <random>

namespace {

struct counts {
  long mismatches = 0, longer = 0;
};

void check(double v, counts& c) {
  if (!std::isfinite(v)) return;
  char a[64], b[64];
  char* e = metajson::detail::write_float(a, v);
  double back = 0;
  std::from_chars(a, e, back);
  if (std::bit_cast<std::uint64_t>(back) != std::bit_cast<std::uint64_t>(v)) {
    if (c.mismatches++ < 5) ADD_FAILURE() << "round trip: " << std::string(a, e);
  }
  const auto r = std::to_chars(b, b + 64, v);
  if (e - a > r.ptr - b) {
    if (c.longer++ < 5) ADD_FAILURE() << "longer than to_chars: " << std::string(a, e) << " vs " << std::string(b, r.ptr);
  }
}

TEST(DoubleRoundTrip, TenMillionRandomBitPatterns) {
  std::mt19937_64 rng(20261121);
  counts c;
  for (int i = 0; i < 10'000'000; ++i) check(std::bit_cast<double>(rng()), c);
  EXPECT_EQ(c.mismatches, 0);
  EXPECT_EQ(c.longer, 0);
}

TEST(DoubleRoundTrip, OneMillionShortDecimals) {
  std::mt19937_64 rng(7);
  counts c;
  for (int i = 0; i < 1'000'000; ++i) {
    const auto digits = static_cast<double>(rng() % 100000000);
    const int exp = static_cast<int>(rng() % 40) - 20;
    check(digits * std::pow(10.0, exp), c);
  }
  EXPECT_EQ(c.mismatches, 0);
  EXPECT_EQ(c.longer, 0);
}

}  // namespace

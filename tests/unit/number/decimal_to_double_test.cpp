// Eisel-Lemire decimal -> double against std::from_chars (exact): whenever decimal_to_double
// answers, the double must be bit-identical to from_chars' for the same text; and it must
// answer for nearly every input (a fast path that always gave up would pass the first check).
#include <metajson/number/decimal_to_double.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cstdint>
#include <random>
#include <string>

namespace {

using metajson::detail::decimal_to_double;

// The text "[-]<w>e<q>" converted exactly.
double reference(std::uint64_t w, long q, bool neg) {
  const std::string s = (neg ? "-" : "") + std::to_string(w) + "e" + std::to_string(q);
  double v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  EXPECT_TRUE(r.ec == std::errc() || r.ec == std::errc::result_out_of_range) << s;
  return v;
}

struct tally {
  long answered = 0, gave_up = 0;
};

void check(std::uint64_t w, long q, bool neg, tally& t) {
  double got = 12345.0;
  if (!decimal_to_double(w, q, neg, got)) {
    ++t.gave_up;
    EXPECT_EQ(got, 12345.0) << "out written although the function gave up";
    return;
  }
  ++t.answered;
  const double want = reference(w, q, neg);
  ASSERT_EQ(std::bit_cast<std::uint64_t>(got), std::bit_cast<std::uint64_t>(want))
      << (neg ? "-" : "") << w << "e" << q << ": got " << got << ", want " << want;
}

std::uint64_t pow10u(int n) {
  std::uint64_t p = 1;
  while (n-- > 0) p *= 10;
  return p;
}

TEST(DecimalToDouble, RandomSignificandsAndExponents) {
  std::mt19937_64 rng(20261122);
  tally t;
  for (int i = 0; i < 2'000'000; ++i) {
    const int digits = 1 + static_cast<int>(rng() % 19);
    std::uint64_t w = rng() % (pow10u(digits) - pow10u(digits - 1)) + pow10u(digits - 1);
    const long q = static_cast<long>(rng() % 651) - 342;
    check(w, q, rng() & 1, t);
  }
  // Give-ups: results outside the normal range (about a third of these random exponents) and
  // the rare possible ties / carries. Within the normal range nearly everything is answered.
  EXPECT_GT(t.answered, 1'000'000);
}

TEST(DecimalToDouble, DatasetLikeNumbersAreAnswered) {
  // 15-17 significant digits with a small exponent, like GeoJSON coordinates.
  std::mt19937_64 rng(7);
  tally t;
  for (int i = 0; i < 1'000'000; ++i) {
    const int digits = 15 + static_cast<int>(rng() % 3);
    const std::uint64_t w = rng() % (pow10u(digits) - pow10u(digits - 1)) + pow10u(digits - 1);
    const long q = -static_cast<long>(digits) + 1 + static_cast<long>(rng() % 4);
    check(w, q, rng() & 1, t);
  }
  EXPECT_LT(t.gave_up, 2'000) << "gave up on " << t.gave_up << " of 1,000,000";
}

TEST(DecimalToDouble, EdgesOfTheRange) {
  tally t;
  // Largest finite, smallest normal, smallest subnormal, and their neighbours.
  check(17976931348623157ull, 292, false, t);
  check(17976931348623158ull, 292, false, t);  // rounds to max or overflows: either answered right or given up
  check(17976931348623159ull, 292, false, t);
  check(22250738585072014ull, -324, false, t);
  check(22250738585072011ull, -324, false, t);  // just below the smallest normal: subnormal
  check(49406564584124654ull, -340, false, t);
  check(1, -342, false, t);
  check(1, 308, false, t);
  check(~std::uint64_t{0}, 0, false, t);
  check(~std::uint64_t{0}, 289, false, t);
  check(~std::uint64_t{0}, -342, false, t);
  // Every power of ten and each neighbour of it, every exponent.
  for (long q = -342; q <= 308; ++q)
    for (std::uint64_t w : {1ull, 9ull, 10ull, 99999999999999999ull, 100000000000000000ull, 1000000000000000000ull,
                            9999999999999999999ull, 4503599627370496ull, 9007199254740991ull, 9007199254740992ull})
      check(w, q, false, t);
  EXPECT_GT(t.answered, 5000);
}

TEST(DecimalToDouble, HalfwayCasesRoundToEven) {
  tally t;
  // 2^53 + 1 and 2^53 + 3 are halfway between two doubles; 2^54 + 2 as well (spacing 4).
  for (std::uint64_t w : {9007199254740993ull, 9007199254740995ull, 18014398509481986ull, 18014398509481990ull})
    check(w, 0, false, t);
  // Halfway points of doubles with exponent > 0 written in decimal: m * 2^k + 2^(k-1) for
  // small k, times powers of ten that keep them exact.
  std::mt19937_64 rng(3);
  for (int i = 0; i < 100'000; ++i) {
    const std::uint64_t m = (rng() >> 11) | (std::uint64_t{1} << 52);  // 53-bit significand
    const int k = static_cast<int>(rng() % 11);                          // shift so the value stays < 2^64
    const std::uint64_t half = (m << k) + (k ? (std::uint64_t{1} << (k - 1)) : 0);
    check(half, 0, false, t);
    check(half + 1, 0, false, t);
    check(half - 1, 0, false, t);
    // The same value with trailing zeros moved into the exponent where exact: half / 10^j.
    std::uint64_t h = half;
    long q = 0;
    while (h % 10 == 0) {
      h /= 10;
      ++q;
    }
    check(h, q, false, t);
  }
  // Halfway numbers with negative exponents: (2m + 1) * 2^-(k+1) written exactly in decimal
  // as (2m + 1) * 5^(k+1) * 10^-(k+1), while the product fits in 64 bits.
  for (int k = 0; k < 27; ++k) {
    std::uint64_t p5 = 1;
    for (int j = 0; j <= k; ++j) p5 *= 5;
    for (std::uint64_t odd = 1; odd < 2000; odd += 2) {
      if (odd > ~std::uint64_t{0} / p5) break;
      check(odd * p5, -(k + 1), false, t);
    }
  }
  EXPECT_GT(t.answered, 100'000);
}

}  // namespace

// Integer formatting against std::to_chars: every width at min, max, and around every power
// of ten; digit counting exhaustively around every power of ten.
#include <metajson/number/itoa.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cstring>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

namespace {

template <class I>
std::string ours(I v) {
  char buf[64];
  return std::string(buf, metajson::detail::write_integer(buf, v));
}
template <class I>
std::string reference(I v) {
  char buf[64];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

template <class I>
void check_type() {
  using L = std::numeric_limits<I>;
  for (I v : {L::min(), L::max(), I(0), I(1), I(L::max() - 1), I(L::min() + 1)}) EXPECT_EQ(ours(v), reference(v));
  // Around every power of ten that fits: p - 1, p, p + 1 (and negated for signed types).
  long double p = 1;
  for (int k = 0; k < 40 && p <= static_cast<long double>(L::max()); ++k, p *= 10) {
    const I v = static_cast<I>(p);
    for (I d : {I(-1), I(0), I(1)}) {
      if (d < 0 && v == 0) continue;
      const I x = static_cast<I>(v + d);
      EXPECT_EQ(ours(x), reference(x)) << "k=" << k;
      if constexpr (std::is_signed_v<I>) {
        EXPECT_EQ(ours(I(-x)), reference(I(-x)));
      }
    }
  }
}

TEST(Itoa, EveryWidthAtLimitsAndPowersOfTen) {
  check_type<signed char>();
  check_type<unsigned char>();
  check_type<short>();
  check_type<unsigned short>();
  check_type<int>();
  check_type<unsigned>();
  check_type<long>();
  check_type<unsigned long>();
  check_type<long long>();
  check_type<unsigned long long>();
}

TEST(Itoa, Int128) {
  using u128 = unsigned __int128;
  const u128 umax = ~u128{0};
  EXPECT_EQ(ours(umax), "340282366920938463463374607431768211455");
  const __int128 smin = static_cast<__int128>(u128{1} << 127);
  EXPECT_EQ(ours(smin), "-170141183460469231731687303715884105728");
  EXPECT_EQ(ours(static_cast<__int128>(umax >> 1)), "170141183460469231731687303715884105727");
  u128 p = 1;
  std::string digits = "1";
  for (int k = 0; k < 38; ++k, p *= 10, digits += '0') {
    EXPECT_EQ(ours(p), digits);
    if (k > 0) {
      EXPECT_EQ(ours(p - 1), std::string(static_cast<std::size_t>(k), '9'));
    }
  }
  EXPECT_EQ(ours(u128{10000000000000000000ull}), "10000000000000000000");
  EXPECT_EQ(ours((u128{1} << 64) + 5), "18446744073709551621");
}

TEST(Itoa, CountDigitsAroundPowersOfTen) {
  EXPECT_EQ(metajson::detail::pow10_u64[0], 0u);  // (so that count_digits(0) is 1)
  EXPECT_EQ(metajson::detail::pow10_u64[1], 10u);  // the table dtoa's digit normalisation reads too
  for (int k = 2; k < 20; ++k) EXPECT_EQ(metajson::detail::pow10_u64[k], metajson::detail::pow10_u64[k - 1] * 10);
  for (int k = 1; k < 20; ++k) {
    const std::uint64_t p = metajson::detail::pow10_u64[k];
    EXPECT_EQ(metajson::detail::count_digits(p - 1), k);
    EXPECT_EQ(metajson::detail::count_digits(p), k + 1);
  }
  EXPECT_EQ(metajson::detail::count_digits(0), 1);
  EXPECT_EQ(metajson::detail::count_digits(UINT64_MAX), 20);
  for (int b = 0; b < 64; ++b) {  // every power of two and its neighbours
    const std::uint64_t v = std::uint64_t{1} << b;
    for (std::uint64_t x : {v - 1, v, v + 1})
      EXPECT_EQ(metajson::detail::count_digits(x), static_cast<int>(reference(x).size())) << x;
  }
}

TEST(Itoa, RandomAgainstToChars) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 1000000; ++i) {
    const std::uint64_t u = rng() >> (rng() % 64);
    ASSERT_EQ(ours(u), reference(u));
    const auto s = static_cast<std::int64_t>(rng()) >> (rng() % 64);
    ASSERT_EQ(ours(s), reference(s));
  }
}

}  // namespace

// The SWAR eight-digit writer, exhaustively: every v < 10^8 against an odometer of digits.
TEST(Itoa, EightDigitsExhaustive) {
  if constexpr (std::endian::native != std::endian::little) GTEST_SKIP() << "little-endian layout only";
  char expected[8] = {'0', '0', '0', '0', '0', '0', '0', '0'};
  char got[8];
  for (std::uint32_t v = 0; v < 100000000; ++v) {
    metajson::detail::write_8_digits(got, v);
    if (std::memcmp(got, expected, 8) != 0) FAIL() << "v = " << v << ": " << std::string(got, 8);
    for (int i = 7; i >= 0 && ++expected[i] > '9'; --i) expected[i] = '0';
  }
}

// digits_16 (SSE2 where available) against two digits_8: every value in each lane, the other
// lane taking a different value each time.
TEST(Itoa, SixteenDigitsMatchTwoEightDigits) {
  for (std::uint32_t v = 0; v < 100000000; ++v) {
    const std::uint32_t w = static_cast<std::uint32_t>((std::uint64_t{v} * 7919 + 12345) % 100000000);
    const metajson::detail::digits_8x2 a = metajson::detail::digits_16(v, w);
    if (a.hi != metajson::detail::digits_8(v) || a.lo != metajson::detail::digits_8(w)) FAIL() << "v = " << v << ", w = " << w;
    const metajson::detail::digits_8x2 b = metajson::detail::digits_16(w, v);
    if (b.hi != metajson::detail::digits_8(w) || b.lo != metajson::detail::digits_8(v)) FAIL() << "v = " << v << ", w = " << w;
  }
}

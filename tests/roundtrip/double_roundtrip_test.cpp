// 10 million random doubles (uniform over bit patterns, "human" decimals, coordinates and
// integers) written by metajson in each format of options::numbers and compared byte for byte
// with the oracle (tests/support/dtoa_reference.hpp: std::to_chars' shortest digits laid out by
// plain code); the shortest format also read back by std::from_chars to the same bits.
#include <metajson/number/dtoa.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <random>
#include <string>

#include "dtoa_reference.hpp"

namespace {

using metajson::number_format;

struct counts {
  long mismatches = 0, round_trip = 0;
};

template <number_format F>
void check_format(double v, counts& c) {
  char a[64], b[64];
  char* e = metajson::detail::write_float<F>(a, v);
  char* r = metajson_test::reference_text_into(b, v, F);
  if (e - a != r - b || std::memcmp(a, b, static_cast<std::size_t>(e - a)) != 0) {
    if (c.mismatches++ < 5) ADD_FAILURE() << "format " << int(F) << ": " << std::string(a, e) << " expected " << std::string(b, r);
  }
  if constexpr (F == number_format::shortest) {
    double back = 0;
    std::from_chars(a, e, back);
    if (std::bit_cast<std::uint64_t>(back) != std::bit_cast<std::uint64_t>(v) && c.round_trip++ < 5)
      ADD_FAILURE() << "round trip: " << std::string(a, e);
  }
}

void check(double v, counts& c) {
  if (!std::isfinite(v)) return;
  check_format<number_format::json>(v, c);
  check_format<number_format::ecmascript>(v, c);
  check_format<number_format::shortest>(v, c);
}

TEST(DoubleRoundTrip, TenMillionRandomBitPatterns) {
  std::mt19937_64 rng(20261121);
  counts c;
  for (int i = 0; i < 10'000'000; ++i) check(std::bit_cast<double>(rng()), c);
  EXPECT_EQ(c.mismatches, 0);
  EXPECT_EQ(c.round_trip, 0);
}

TEST(DoubleRoundTrip, OneMillionShortDecimalsCoordinatesIntegers) {
  std::mt19937_64 rng(7);
  counts c;
  for (int i = 0; i < 1'000'000; ++i) {
    const auto digits = static_cast<double>(rng() % 100000000);
    const int exp = static_cast<int>(rng() % 40) - 20;
    check(digits * std::pow(10.0, exp), c);
    check(std::uniform_real_distribution<double>(-180, 180)(rng), c);
    check(static_cast<double>(static_cast<std::int64_t>(rng()) >> (rng() % 64)), c);
  }
  EXPECT_EQ(c.mismatches, 0);
  EXPECT_EQ(c.round_trip, 0);
}

}  // namespace

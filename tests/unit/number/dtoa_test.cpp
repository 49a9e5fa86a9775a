// The double writer (number/dtoa.hpp) against its slow oracle (tests/support/dtoa_reference.hpp:
// std::to_chars' shortest digits laid out by plain string code) in all three formats of
// options::numbers: exact layouts, special values, every power of two and of ten with their
// neighbours, every irregular double (c = 2^52), subnormals, the doubles tools/verify_dtoa.py
// found within a few units of a rounding boundary, random doubles and floats, the helpers, and
// the bound on the bytes written.
#include <metajson/number/dtoa.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "dtoa_reference.hpp"

namespace {

using metajson::number_format;
using metajson_test::reference_text;

constexpr number_format formats[] = {number_format::json, number_format::ecmascript, number_format::shortest};

template <number_format F, class T>
std::string ours(T v) {
  char buf[64];
  return std::string(buf, metajson::detail::write_float<F>(buf, v));
}

template <class T>
std::string ours(T v, number_format f) {
  switch (f) {
    case number_format::json: return ours<number_format::json>(v);
    case number_format::ecmascript: return ours<number_format::ecmascript>(v);
    default: return ours<number_format::shortest>(v);
  }
}

// Every format against the oracle; the shortest format also reads back to the same bits.
template <class T>
void check(T v) {
  for (const number_format f : formats) ASSERT_EQ(ours(v, f), reference_text(v, f)) << std::hexfloat << v << " format " << int(f);
  const std::string s = ours<number_format::shortest>(v);
  T back{};
  std::from_chars(s.data(), s.data() + s.size(), back);
  using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
  ASSERT_EQ(std::bit_cast<Bits>(back), std::bit_cast<Bits>(v)) << s;
}

template <class T>
void check_with_neighbours(T v, int count = 2) {
  check(v);
  T lo = v, hi = v;
  for (int i = 0; i < count; ++i) {
    lo = std::nextafter(lo, T(0));
    hi = std::nextafter(hi, std::numeric_limits<T>::infinity());
    if (lo != 0) check(lo);
    if (std::isfinite(hi)) check(hi);
  }
}

double parse(const std::string& s) {
  double v = 0;
  std::from_chars(s.data(), s.data() + s.size(), v);
  return v;
}

TEST(Dtoa, JsonLayout) {
  constexpr auto F = number_format::json;
  EXPECT_EQ(ours<F>(0.0), "0.0");
  EXPECT_EQ(ours<F>(-0.0), "-0.0");
  EXPECT_EQ(ours<F>(1.0), "1.0");
  EXPECT_EQ(ours<F>(100.0), "100.0");
  EXPECT_EQ(ours<F>(1000.0), "1000.0");
  EXPECT_EQ(ours<F>(-1.5), "-1.5");
  EXPECT_EQ(ours<F>(0.1), "0.1");
  EXPECT_EQ(ours<F>(123.456), "123.456");
  EXPECT_EQ(ours<F>(0.001), "0.001");
  EXPECT_EQ(ours<F>(0.000001), "0.000001");
  EXPECT_EQ(ours<F>(1e-7), "1e-7");
  EXPECT_EQ(ours<F>(1.5e-7), "1.5e-7");
  EXPECT_EQ(ours<F>(1e20), "100000000000000000000.0");
  EXPECT_EQ(ours<F>(123456789012345680000.0), "123456789012345680000.0");
  EXPECT_EQ(ours<F>(1e21), "1e+21");
  EXPECT_EQ(ours<F>(-2.5e100), "-2.5e+100");
  EXPECT_EQ(ours<F>(5e-324), "5e-324");
  EXPECT_EQ(ours<F>(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(ours<F>(9007199254740993.0), "9007199254740992.0");
  EXPECT_EQ(ours<F>(-65.613616999999977), "-65.61361699999998");
  EXPECT_EQ(ours<F>(0.1f), "0.1");
  EXPECT_EQ(ours<F>(16777216.0f), "16777216.0");
  EXPECT_EQ(ours<F>(-0.0f), "-0.0");
  EXPECT_EQ(ours<F>(1e30f), "1e+30");
}

TEST(Dtoa, EcmascriptLayout) {
  constexpr auto F = number_format::ecmascript;
  EXPECT_EQ(ours<F>(0.0), "0");
  EXPECT_EQ(ours<F>(-0.0), "0");  // String(-0) is "0"
  EXPECT_EQ(ours<F>(100.0), "100");
  EXPECT_EQ(ours<F>(1000.0), "1000");
  EXPECT_EQ(ours<F>(0.5), "0.5");
  EXPECT_EQ(ours<F>(0.000001), "0.000001");
  EXPECT_EQ(ours<F>(0.0000012345), "0.0000012345");
  EXPECT_EQ(ours<F>(1e-7), "1e-7");
  EXPECT_EQ(ours<F>(1e21), "1e+21");
  EXPECT_EQ(ours<F>(999999999999999900000.0), "999999999999999900000");
  EXPECT_EQ(ours<F>(1.2e-300), "1.2e-300");
  EXPECT_EQ(ours<F>(-0.0f), "0");
  EXPECT_EQ(ours<F>(3.4028235e38f), "3.4028235e+38");
}

TEST(Dtoa, ShortestLayout) {
  constexpr auto F = number_format::shortest;
  EXPECT_EQ(ours<F>(0.0), "0");
  EXPECT_EQ(ours<F>(-0.0), "-0");
  EXPECT_EQ(ours<F>(100.0), "100");
  EXPECT_EQ(ours<F>(1000.0), "1e3");  // shorter than 1000
  EXPECT_EQ(ours<F>(0.01), "0.01");   // plain on a tie with 1e-2
  EXPECT_EQ(ours<F>(0.001), "1e-3");
  EXPECT_EQ(ours<F>(1e21), "1e21");
  EXPECT_EQ(ours<F>(1e22), "1e22");
  EXPECT_EQ(ours<F>(123456789012.0), "123456789012");
  EXPECT_EQ(ours<F>(7.9e-323), "8e-323");
  EXPECT_EQ(ours<F>(1.5e-5), "1.5e-5");
  EXPECT_EQ(ours<F>(2.2250738585072014e-308), "2.2250738585072014e-308");
  EXPECT_EQ(ours<F>(std::numeric_limits<float>::max()), "3.4028235e38");
  EXPECT_EQ(ours<F>(std::numeric_limits<float>::denorm_min()), "1e-45");
  EXPECT_EQ(ours<F>(std::numeric_limits<float>::min()), "1.1754944e-38");
}

// Zero and the non-finite values: write_float hands a non-finite value to its callback at the
// position before any sign.
TEST(Dtoa, ZeroAndNonFinite) {
  using L = std::numeric_limits<double>;
  using LF = std::numeric_limits<float>;
  EXPECT_EQ(ours<number_format::shortest>(L::infinity()), "inf");
  EXPECT_EQ(ours<number_format::json>(-L::infinity()), "-inf");
  EXPECT_EQ(ours<number_format::json>(-LF::infinity()), "-inf");
  char buf[64];
  const auto marked = [&](auto v) {
    char* start = nullptr;
    char* end = metajson::detail::write_float<number_format::json>(buf, v, [&](char* q, auto) {
      start = q;
      std::memcpy(q, "null", 4);
      return q + 4;
    });
    return std::string(buf, end) + (start == buf ? "@start" : "");
  };
  EXPECT_EQ(marked(L::quiet_NaN()), "null@start");
  EXPECT_EQ(marked(-L::quiet_NaN()), "null@start");
  EXPECT_EQ(marked(-L::infinity()), "null@start");
  EXPECT_EQ(marked(L::infinity()), "null@start");
  EXPECT_EQ(marked(-LF::infinity()), "null@start");
  EXPECT_EQ(marked(LF::quiet_NaN()), "null@start");
  EXPECT_EQ(marked(-L::max()), "-1.7976931348623157e+308");
  EXPECT_EQ(marked(-L::denorm_min()), "-5e-324");
  EXPECT_EQ(marked(-0.0), "-0.0");
  check(0.0);
  check(-0.0);
  check(0.0f);
  check(-0.0f);
}

// Every power of two (both types) and its neighbours: every change of binary exponent, the
// smallest and largest values, and every irregular value (c = 2^52: its lower neighbour is
// half as far as its upper one).
TEST(Dtoa, PowersOfTwoAndNeighbours) {
  for (int e = -1074; e <= 1023; ++e) check_with_neighbours(std::ldexp(1.0, e));
  for (int e = -149; e <= 127; ++e) check_with_neighbours(std::ldexp(1.0f, e));
  using L = std::numeric_limits<double>;
  for (double v : {L::min(), L::max(), L::denorm_min(), L::epsilon(), std::nextafter(L::min(), 0.0)}) check_with_neighbours(v, 8);
  using LF = std::numeric_limits<float>;
  for (float v : {LF::min(), LF::max(), LF::denorm_min(), LF::epsilon()}) check_with_neighbours(v, 8);
}

// Every power of ten in range and its neighbours: every change of decimal exponent, and the
// edges of ECMAScript's plain range (1e-7, 1e21) and of the shortest format's choices.
TEST(Dtoa, PowersOfTenAndNeighbours) {
  for (int k = -323; k <= 308; ++k) {
    const double v = parse("1e" + std::to_string(k));
    check_with_neighbours(v, 3);
    for (int m : {2, 5, 9, 15, 25, 99, 123}) check(parse(std::to_string(m) + "e" + std::to_string(k)));
  }
  for (int k = -45; k <= 38; ++k) {
    float v = 0;
    const std::string s = "1e" + std::to_string(k);
    std::from_chars(s.data(), s.data() + s.size(), v);
    if (v != 0 && std::isfinite(v)) check_with_neighbours(v, 3);
  }
}

// Subnormals: every count of significant bits, random ones, and both ends.
TEST(Dtoa, Subnormals) {
  std::mt19937_64 rng(5);
  for (int bits = 1; bits <= 52; ++bits) {
    const std::uint64_t top = std::uint64_t{1} << (bits - 1);
    check(std::bit_cast<double>(top));
    check(std::bit_cast<double>((top << 1) - 1));
    for (int i = 0; i < 2000; ++i) check(std::bit_cast<double>(top | (rng() & (top - 1))));
  }
  for (int bits = 1; bits <= 23; ++bits) {
    const std::uint32_t top = std::uint32_t{1} << (bits - 1);
    for (int i = 0; i < 500; ++i) check(std::bit_cast<float>(top | (static_cast<std::uint32_t>(rng()) & (top - 1))));
  }
  // the 48 smallest binades of normal doubles take the rare path too (past the reader's table)
  for (std::uint64_t bq = 1; bq <= 50; ++bq)
    for (int i = 0; i < 2000; ++i) check(std::bit_cast<double>((bq << 52) | (rng() & ((std::uint64_t{1} << 52) - 1))));
}

// The doubles whose computed fraction lies within a few units of 2^-64 of one of the
// algorithm's decision boundaries, as tools/verify_dtoa.py enumerated them (it checks them
// against exact arithmetic in Python; here the C++ code meets std::to_chars on each, both signs).
TEST(Dtoa, VerifierBoundaryCases) {
  static constexpr std::uint64_t cases[] = {
#include "dtoa_hard_cases.inc"
  };
  static_assert(std::size(cases) > 4000);
  for (const std::uint64_t bits : cases) {
    check(std::bit_cast<double>(bits));
    check(-std::bit_cast<double>(bits));
  }
}

// Random bit patterns, short decimals at every scale, and values around the layouts' limits.
TEST(Dtoa, RandomDoublesAndFloats) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 100000; ++i) {
    const double v = std::bit_cast<double>(rng());
    if (std::isfinite(v)) check(v);
    const double scale = std::pow(10.0, static_cast<double>(static_cast<int>(rng() % 60) - 30));
    check(static_cast<double>(rng() % 100000000000000000ull >> (rng() % 57)) * scale);
    check(-static_cast<double>(rng() % 1000000) / 1000 * scale);
    check(std::uniform_real_distribution<double>(-180, 180)(rng));
    const float f = std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
    if (std::isfinite(f)) check(f);
  }
}

// At most max_float_chars (25) bytes are written from p, the sign included, in every format,
// also for the longest texts of each layout; nothing before p.
TEST(Dtoa, BytesWrittenStayWithinTheBound) {
  std::mt19937_64 rng(3);
  const auto probe = [](auto v) {
    for (const number_format f : formats) {
      char buf[80];
      std::memset(buf, '#', sizeof buf);
      char* const p = buf + 16;
      char* end = nullptr;
      switch (f) {
        case number_format::json: end = metajson::detail::write_float<number_format::json>(p, v); break;
        case number_format::ecmascript: end = metajson::detail::write_float<number_format::ecmascript>(p, v); break;
        default: end = metajson::detail::write_float<number_format::shortest>(p, v); break;
      }
      ASSERT_LE(end - p, 25);
      for (char* q = buf; q < p; ++q) ASSERT_EQ(*q, '#') << v;
      for (char* q = p + metajson::detail::max_float_chars; q < buf + sizeof buf; ++q) ASSERT_EQ(*q, '#') << v << " format " << int(f);
    }
  };
  for (double v : {-123456789012345680000.0, -1.2345678901234567e-6, -2.2250738585072014e-308, -1.7976931348623157e308,
                   -0.0, -1e-7, -9.999999999999999e20, -1.2345678901234567e-100, -5e-324})
    probe(v);
  for (int i = 0; i < 200000; ++i) {
    const double v = std::bit_cast<double>(rng() | (std::uint64_t{1} << 63));
    if (std::isfinite(v)) probe(v);
    probe(-parse("1." + std::to_string(rng() % 10000000000000000ull) + "e" + std::to_string(static_cast<int>(rng() % 50) - 25)));
  }
}

// The count of significant digits (compare mask and bit scan) against a loop: every count of
// trailing zeros, random digits before them; 17 whenever there is a 17th digit.
TEST(Dtoa, SignificantDigitsMatchSlowReference) {
  std::mt19937_64 rng(17);
  for (int z = 0; z <= 15; ++z) {
    for (int i = 0; i < 5000; ++i) {
      std::uint64_t n16 = 1000000000000000ull + rng() % 9000000000000000ull;
      std::uint64_t p = 1;
      for (int j = 0; j < z; ++j) p *= 10;
      n16 = n16 / p * p;
      std::string s = std::to_string(n16);
      while (s.back() == '0') s.pop_back();
      const auto d = metajson::detail::make_digits16(n16);
      ASSERT_EQ(metajson::detail::significant_digits(d, '0'), static_cast<int>(s.size())) << n16;
      ASSERT_EQ(metajson::detail::significant_digits(d, static_cast<char>('1' + i % 9)), 17) << n16;
      char buf[16];
      metajson::detail::store_digits16(buf, d);
      ASSERT_EQ(std::string(buf, 16), std::to_string(n16));
    }
  }
}

// normalize_digits against string arithmetic: every digit count 1..17.
TEST(Dtoa, NormalizeDigitsMatchesSlowReference) {
  std::mt19937_64 rng(8);
  std::uint64_t lo = 1;
  for (int nd = 1; nd <= 17; ++nd, lo *= 10) {
    for (int i = 0; i < 3000; ++i) {
      const std::uint64_t f = lo + rng() % (lo * 9);
      const int e = static_cast<int>(rng() % 40) - 20;
      const auto d = metajson::detail::normalize_digits({f, e});
      const std::string s = std::to_string(f);
      ASSERT_EQ(std::to_string(d.n16), (s + std::string(17, '0')).substr(0, 16)) << f;
      ASSERT_EQ(d.c17, nd == 17 ? s[16] : '0') << f;
      ASSERT_EQ(d.dp, nd + e) << f;
    }
  }
}

// shortest_decimal (the digits alone) against std::to_chars' scientific digits.
TEST(Dtoa, ShortestDecimalMatchesToChars) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 100000; ++i) {
    const double v = std::bit_cast<double>(rng() >> 1);
    if (!std::isfinite(v) || v == 0) continue;
    const auto d = metajson::detail::shortest_decimal(v);
    const auto r = metajson_test::shortest_digits_reference(v);
    ASSERT_EQ(std::to_string(d.f), r.digits) << v;
    ASSERT_EQ(static_cast<int>(r.digits.size()) + d.e, r.point) << v;
  }
}

}  // namespace

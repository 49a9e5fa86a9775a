// Shortest float formatting: special values, layout, and agreement with std::to_chars on
// length (never longer) and value (std::from_chars gives back the same bits); random doubles
// against std::to_chars digit for digit; the helpers (strip_zeros, write_significand) against
// slow references.
#include <metajson/number/dtoa.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>

namespace {

template <class F>
std::string ours(F v) {
  char buf[64];
  return std::string(buf, metajson::detail::write_float(buf, v));
}

template <class F>
void expect_round_trip(F v) {
  const std::string s = ours(v);
  F back{};
  const auto r = std::from_chars(s.data(), s.data() + s.size(), back);
  ASSERT_EQ(r.ec, std::errc()) << s;
  ASSERT_EQ(r.ptr, s.data() + s.size()) << s;
  using Bits = std::conditional_t<sizeof(F) == 8, std::uint64_t, std::uint32_t>;
  ASSERT_EQ(std::bit_cast<Bits>(back), std::bit_cast<Bits>(v)) << s;
  char ref[64];
  const auto rr = std::to_chars(ref, ref + 64, v);
  ASSERT_LE(s.size(), static_cast<std::size_t>(rr.ptr - ref)) << s << " vs " << std::string(ref, rr.ptr);
}

TEST(Dtoa, Layout) {
  EXPECT_EQ(ours(0.0), "0");
  EXPECT_EQ(ours(-0.0), "-0");
  EXPECT_EQ(ours(1.0), "1");
  EXPECT_EQ(ours(-1.5), "-1.5");
  EXPECT_EQ(ours(0.1), "0.1");
  EXPECT_EQ(ours(123.456), "123.456");
  EXPECT_EQ(ours(100.0), "100");
  EXPECT_EQ(ours(1e21), "1e21");
  EXPECT_EQ(ours(1e22), "1e22");
  EXPECT_EQ(ours(123456789012.0), "123456789012");
  EXPECT_EQ(ours(1e-7), "1e-7");
  EXPECT_EQ(ours(0.001), "1e-3");  // shorter than 0.001
  EXPECT_EQ(ours(0.01), "0.01");
  EXPECT_EQ(ours(7.9e-323), "8e-323");  // shortest, where Java's Schubfach keeps two digits
  EXPECT_EQ(ours(1.5e-5), "1.5e-5");
  EXPECT_EQ(ours(5e-324), "5e-324");
  EXPECT_EQ(ours(1.7976931348623157e308), "1.7976931348623157e308");
  EXPECT_EQ(ours(2.2250738585072014e-308), "2.2250738585072014e-308");
  EXPECT_EQ(ours(9007199254740993.0), "9007199254740992");
  EXPECT_EQ(ours(0.3), "0.3");
  EXPECT_EQ(ours(2.5e100), "2.5e100");
}

TEST(Dtoa, FloatIsWrittenAsFloat) {
  EXPECT_EQ(ours(0.1f), "0.1");
  EXPECT_EQ(ours(2.71f), "2.71");
  EXPECT_EQ(ours(1e30f), "1e30");
  EXPECT_EQ(ours(std::numeric_limits<float>::max()), "3.4028235e38");
  EXPECT_EQ(ours(std::numeric_limits<float>::denorm_min()), "1e-45");
  EXPECT_EQ(ours(std::numeric_limits<float>::min()), "1.1754944e-38");
  EXPECT_EQ(ours(-0.0f), "-0");
  EXPECT_EQ(ours(16777216.0f), "16777216");
}

TEST(Dtoa, SpecialValuesRoundTrip) {
  using L = std::numeric_limits<double>;
  for (double v : {L::min(), L::max(), L::denorm_min(), L::epsilon(), -L::min(), -L::max(), 1.0, 0.5, 2.0,
                   std::nextafter(1.0, 2.0), std::nextafter(1.0, 0.0), 1e23, 8.41e21, 5e-310, 4.9406564584124654e-324})
    expect_round_trip(v);
  using LF = std::numeric_limits<float>;
  for (float v : {LF::min(), LF::max(), LF::denorm_min(), LF::epsilon(), 1.0f, 3.4e38f, 1e-45f, 7.038531e-26f})
    expect_round_trip(v);
  // Every power of two and its neighbours, both types.
  for (int e = -1074; e <= 1023; ++e) {
    const double v = std::ldexp(1.0, e);
    expect_round_trip(v);
    expect_round_trip(std::nextafter(v, 0.0));
    expect_round_trip(std::nextafter(v, L::infinity()));
  }
  for (int e = -149; e <= 127; ++e) {
    const float v = std::ldexp(1.0f, e);
    expect_round_trip(v);
    expect_round_trip(std::nextafter(v, 0.0f));
    expect_round_trip(std::nextafter(v, LF::infinity()));
  }
  // Every power of ten in range.
  for (int k = -323; k <= 308; ++k) {
    const std::string text = "1e" + std::to_string(k);
    double v = 0;
    std::from_chars(text.data(), text.data() + text.size(), v);
    expect_round_trip(v);
    // The shorter layout wins, plain on a tie: 100 and 0.01, but 1e3 and 1e-3.
    EXPECT_EQ(ours(v), k >= 0 && k <= 2 ? "1" + std::string(static_cast<std::size_t>(k), '0') : k < 0 && k > -3 ? "0." + std::string(static_cast<std::size_t>(-k - 1), '0') + "1" : text);
  }
}

// strip_zeros against dividing by ten one step at a time: every count of trailing zeros a
// significand below 10^17 can have, on random digits before them.
TEST(Dtoa, StripZerosMatchesSlowReference) {
  std::mt19937_64 rng(17);
  const auto check = [](std::uint64_t f, int e) {
    std::uint64_t rf = f;
    int re = e;
    while (rf % 10 == 0) {
      rf /= 10;
      ++re;
    }
    const metajson::detail::decimal_fp d = metajson::detail::strip_zeros(f, e);
    ASSERT_EQ(d.f, rf) << f;
    ASSERT_EQ(d.e, re) << f;
  };
  std::uint64_t p10 = 1;
  for (int z = 0; z <= 16; ++z, p10 *= 10) {
    check(p10, -3);
    for (std::uint64_t m = 1; m <= 9; ++m) check(m * p10, 5);
    const std::uint64_t limit = 100000000000000000ull / p10;  // f = m * 10^z < 10^17
    for (int i = 0; i < 20000; ++i) {
      const std::uint64_t m = 1 + rng() % (limit - 1);
      check(m * p10, -300);
    }
    check((limit - 1) * p10, 0);
  }
}

// write_significand against the digits of std::to_chars with the point inserted by hand: every
// digit count, every point position, and no byte written before p or past the stated bound.
TEST(Dtoa, WriteSignificandMatchesSlowReference) {
  std::mt19937_64 rng(8);
  const auto check = [](std::uint64_t f) {
    char digits[32];
    const std::string ref(digits, std::to_chars(digits, digits + 32, f).ptr);
    const int n = metajson::detail::count_digits(f);
    ASSERT_EQ(n, static_cast<int>(ref.size()));
    for (int dp = 0; dp < n; ++dp) {  // dp == 0: no point
      char buf[48];
      std::memset(buf, '#', sizeof buf);
      char* const p = buf + 8;
      char* const end = dp == 0 ? metajson::detail::write_significand<false>(p, f, n, n)
                                : metajson::detail::write_significand<true>(p, f, n, dp);
      const std::string expected = dp == 0 ? ref : ref.substr(0, static_cast<std::size_t>(dp)) + "." + ref.substr(static_cast<std::size_t>(dp));
      ASSERT_EQ(std::string(p, end), expected) << f << " dp " << dp;
      for (char* q = buf; q < p; ++q) ASSERT_EQ(*q, '#') << f << " dp " << dp;
      const int bound = std::max(n + (dp != 0), 9);
      for (char* q = p + bound; q < buf + sizeof buf; ++q) ASSERT_EQ(*q, '#') << f << " dp " << dp;
    }
  };
  std::uint64_t p10 = 1;
  for (int n = 1; n <= 17; ++n, p10 *= 10) {
    check(p10);
    check(p10 * 10 - 1);
    for (int i = 0; i < 3000; ++i) check(p10 + rng() % (p10 * 9));
  }
}

// Random doubles (random bits, and short decimals at every scale) against std::to_chars: where
// our text has a point inside the digits it must be std::to_chars' fixed form, where it is
// scientific it must be std::to_chars' scientific form with the exponent written JSON-style.
TEST(Dtoa, RandomDoublesMatchToChars) {
  std::mt19937_64 rng(42);
  const auto check = [](double v) {
    const std::string s = ours(v);
    char ref[64];
    if (s.find('e') != std::string::npos) {
      std::string sci(ref, std::to_chars(ref, ref + 64, v, std::chars_format::scientific).ptr);
      const std::size_t e = sci.find('e');
      std::string exp = sci.substr(e + 1);
      const bool neg = exp[0] == '-';
      exp.erase(0, 1);
      while (exp.size() > 1 && exp[0] == '0') exp.erase(0, 1);
      ASSERT_EQ(s, sci.substr(0, e) + "e" + (neg ? "-" : "") + exp);
    } else if (s.find('.') != std::string::npos) {
      ASSERT_EQ(s, std::string(ref, std::to_chars(ref, ref + 64, v, std::chars_format::fixed).ptr));
    } else {
      expect_round_trip(v);
    }
  };
  for (int i = 0; i < 200000; ++i) {
    const double v = std::bit_cast<double>(rng());
    if (std::isfinite(v)) check(v);
    const double scale = std::pow(10.0, static_cast<double>(static_cast<int>(rng() % 60) - 30));
    check(static_cast<double>(rng() % 100000000000000000ull >> (rng() % 57)) * scale);
    check(-static_cast<double>(rng() % 1000000) / 1000 * scale);
  }
}

// The integer test on the trailing zero count of the significand against the division it
// replaces: every exponent at which a double can be an integer below 2^53 (and a few past),
// with significands that are and are not multiples of 2^mq.
TEST(Dtoa, IntegerTestMatchesSlowReference) {
  std::mt19937_64 rng(7);
  for (int bq = 1000; bq <= 1100; ++bq) {
    for (int i = 0; i < 2000; ++i) {
      std::uint64_t t = rng() & ((std::uint64_t{1} << 52) - 1);
      if (i % 2 == 0) t &= ~std::uint64_t{0} << (rng() % 53);  // many trailing zeros
      const double v = std::bit_cast<double>((static_cast<std::uint64_t>(bq) << 52) | t);
      const metajson::detail::decimal_fp d = metajson::detail::to_decimal(v);
      const bool integer = v < 9007199254740992.0 && v == std::floor(v);
      if (integer) {
        auto f = static_cast<std::uint64_t>(v);
        int e = 0;
        while (f % 10 == 0) {
          f /= 10;
          ++e;
        }
        ASSERT_EQ(d.f, f) << v;
        ASSERT_EQ(d.e, e) << v;
      }
      expect_round_trip(v);
      expect_round_trip(-v);
    }
  }
}

// Zero, the non-finite values and the sign: zero is {0, 0, 1} for to_decimal; write_float hands a
// non-finite value to its callback at the position before any sign.
TEST(Dtoa, ZeroAndNonFinite) {
  EXPECT_EQ(metajson::detail::to_decimal(0.0).f, 0u);
  EXPECT_EQ(metajson::detail::to_decimal(0.0f).f, 0u);
  EXPECT_EQ(ours(0.0), "0");
  EXPECT_EQ(ours(-0.0), "-0");
  EXPECT_EQ(ours(0.0f), "0");
  EXPECT_EQ(ours(-0.0f), "-0");
  using L = std::numeric_limits<double>;
  using LF = std::numeric_limits<float>;
  EXPECT_EQ(ours(L::infinity()), "inf");
  EXPECT_EQ(ours(-L::infinity()), "-inf");
  EXPECT_EQ(ours(-LF::infinity()), "-inf");
  char buf[64];
  const auto marked = [&](auto v) {
    char* start = nullptr;
    char* end = metajson::detail::write_float(buf, v, [&](char* q, auto) {
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
  EXPECT_EQ(marked(-L::max()), "-1.7976931348623157e308");
  EXPECT_EQ(marked(-L::denorm_min()), "-5e-324");
  EXPECT_EQ(marked(-0.0), "-0");
}

// to_decimal's digit count (known from Schubfach's range for normal doubles, counted
// otherwise) against count_digits: random bits, and the neighbours of every power of ten,
// where the candidate chosen can be a power of ten with one digit more than s.
TEST(Dtoa, DigitCountMatchesCountDigits) {
  using metajson::detail::count_digits;
  using metajson::detail::to_decimal;
  const auto check = [](auto v) {
    const metajson::detail::decimal_fp d = to_decimal(v);
    ASSERT_EQ(d.n, count_digits(d.f)) << ours(v);
  };
  std::mt19937_64 rng(11);
  for (int i = 0; i < 300000; ++i) {
    const double v = std::bit_cast<double>(rng() >> 1);
    if (std::isfinite(v)) check(v);
    const float f = std::bit_cast<float>(static_cast<std::uint32_t>(rng() >> 33));
    if (std::isfinite(f)) check(f);
  }
  for (int k = -323; k <= 308; ++k) {
    const std::string text = "1e" + std::to_string(k);
    double v = 0;
    std::from_chars(text.data(), text.data() + text.size(), v);
    double lo = v, hi = v;
    check(v);
    for (int i = 0; i < 50; ++i) {
      lo = std::nextafter(lo, 0.0);
      hi = std::nextafter(hi, std::numeric_limits<double>::infinity());
      if (lo > 0) check(lo);
      if (std::isfinite(hi)) check(hi);
    }
  }
  for (int k = -45; k <= 38; ++k) {
    const std::string text = "1e" + std::to_string(k);
    float v = 0;
    std::from_chars(text.data(), text.data() + text.size(), v);
    float lo = v, hi = v;
    for (int i = 0; i < 50; ++i) {
      lo = std::nextafter(lo, 0.0f);
      hi = std::nextafter(hi, std::numeric_limits<float>::infinity());
      if (lo > 0) check(lo);
      if (std::isfinite(hi)) check(hi);
    }
  }
  check(0.0);
  check(0.0f);
  check(std::numeric_limits<double>::denorm_min());
  check(std::numeric_limits<double>::max());
  check(9007199254740991.0);
  check(1e15);
}

}  // namespace

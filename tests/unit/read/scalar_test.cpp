// Reading numbers, booleans, null: grammar, range checks, exact floating point.
#include "round_trip.hpp"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace {

using metajson::error_code;

template <class I>
void integer_limits() {
  using L = std::numeric_limits<I>;
  expect_round_trip(L::min(), metajson::to_json(L::min()));
  expect_round_trip(L::max(), metajson::to_json(L::max()));
  expect_round_trip(I(0), "0");
  // One past each end is out of range.
  const std::string above = std::to_string(static_cast<unsigned long long>(L::max())) ;
  std::string plus_one = above;
  for (int i = static_cast<int>(plus_one.size()) - 1; i >= 0; --i) {
    if (plus_one[i] == '9') {
      plus_one[i] = '0';
      if (i == 0) plus_one.insert(plus_one.begin(), '1');
    } else {
      ++plus_one[i];
      break;
    }
  }
  expect_read_fails<I>(plus_one, error_code::number_out_of_range);
  if constexpr (std::is_signed_v<I>) {
    std::string below = std::to_string(static_cast<long long>(L::min()));
    below.back() = static_cast<char>(below.back() + 1);  // min ends in 8: 9 is one below
    expect_read_fails<I>(below, error_code::number_out_of_range);
  } else {
    expect_read_fails<I>("-1", error_code::number_out_of_range);
    expect_read<I>("-0", I(0));
  }
}

TEST(ReadScalar, IntegersAtLimits) {
  integer_limits<std::int8_t>();
  integer_limits<std::uint8_t>();
  integer_limits<std::int16_t>();
  integer_limits<std::uint16_t>();
  integer_limits<std::int32_t>();
  integer_limits<std::uint32_t>();
  integer_limits<std::int64_t>();
  integer_limits<std::uint64_t>();
  expect_read<unsigned __int128>("340282366920938463463374607431768211455", ~static_cast<unsigned __int128>(0));
  expect_read_fails<unsigned __int128>("340282366920938463463374607431768211456", error_code::number_out_of_range);
  expect_read_fails<std::uint64_t>("123456789012345678901234567890", error_code::number_out_of_range);
}

TEST(ReadScalar, IntegersAgainstFromChars) {
  // Every length 1-20 (the eight-at-a-time path and its scalar tail), both signs, followed by
  // a delimiter or nothing.
  std::mt19937_64 rng(17);
  for (int i = 0; i < 300000; ++i) {
    const int len = 1 + static_cast<int>(rng() % 20);
    std::string digits(static_cast<std::size_t>(len), '0');
    for (auto& ch : digits) ch = static_cast<char>('0' + rng() % 10);
    if (len > 1 && digits[0] == '0') digits[0] = '1';
    const std::string text = (rng() % 2 ? "-" : "") + digits;
    const std::string json = "[" + text + (rng() % 2 ? "]" : " ]");
    std::int64_t ref = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), ref);
    auto ours = metajson::try_from<std::vector<std::int64_t>>(json);
    if (r.ec == std::errc()) {
      ASSERT_TRUE(ours.has_value()) << json << ": " << ours.error().message();
      ASSERT_EQ((*ours)[0], ref) << json;
    } else {
      ASSERT_FALSE(ours.has_value()) << json;
      ASSERT_EQ(ours.error().code(), error_code::number_out_of_range) << json;
    }
    std::uint64_t uref = 0;
    const auto ur = std::from_chars(digits.data(), digits.data() + digits.size(), uref);
    auto uours = metajson::try_from<std::uint64_t>(digits);
    ASSERT_EQ(uours.has_value(), ur.ec == std::errc()) << digits;
    if (uours) {
      ASSERT_EQ(*uours, uref) << digits;
    }
  }
}

// The one-step integer path (read/number.hpp, read_short_integer: up to 15 digits when 17 bytes
// can be read) and the general one, for every integer type: numbers of 0 to 20 digits, with a
// sign, leading zeros, a fraction or exponent or a stray byte after them, followed by 0 to 20
// spaces (so that each number is read with and without the room the one-step path needs),
// against an oracle made of std::from_chars and the JSON grammar.
template <class I>
void integers_by_padding(std::mt19937_64& rng) {
  for (int i = 0; i < 40000; ++i) {
    const int len = static_cast<int>(rng() % 21);
    std::string digits(static_cast<std::size_t>(len), '0');
    for (auto& ch : digits) ch = static_cast<char>('0' + rng() % 10);
    if (len > 1 && rng() % 8 != 0 && digits[0] == '0') digits[0] = '7';  // a leading zero 1 time in 8
    const bool neg = rng() % 3 == 0;
    static constexpr const char* after[] = {"", "", "", ".5", "e1", "E2", "x", "-"};
    const std::string follow = after[rng() % 8];
    const std::string text = (neg ? "-" : "") + digits;
    const std::string json = "[" + text + follow + std::string(rng() % 21, ' ') + "]";
    const bool grammar = len > 0 && !(len > 1 && digits[0] == '0');
    I ref{};
    const auto r = std::from_chars(text.data(), text.data() + text.size(), ref);
    auto ours = metajson::try_from<std::vector<I>>(json);
    if (len == 0 && !neg && follow.empty()) {  // "[   ]"
      ASSERT_TRUE(ours.has_value() && ours->empty()) << json;
      continue;
    }
    if (grammar && follow.empty() && (r.ec == std::errc() || (neg && !std::is_signed_v<I> && digits.find_first_not_of('0') == std::string::npos))) {
      ASSERT_TRUE(ours.has_value()) << json << ": " << ours.error().message();
      ASSERT_EQ(ours->size(), 1u) << json;
      ASSERT_EQ((*ours)[0], neg && !std::is_signed_v<I> ? I(0) : ref) << json;  // -0 is zero
    } else {
      ASSERT_FALSE(ours.has_value()) << json;
      if (grammar && follow.empty()) {
        ASSERT_EQ(ours.error().code(), error_code::number_out_of_range) << json;
      } else if (grammar && (follow == ".5" || follow == "e1" || follow == "E2")) {
        ASSERT_EQ(ours.error().code(), error_code::type_mismatch) << json;
      }
    }
  }
}

TEST(ReadScalar, IntegersWithAndWithoutRoom) {
  std::mt19937_64 rng(23);
  integers_by_padding<std::int8_t>(rng);
  integers_by_padding<std::uint8_t>(rng);
  integers_by_padding<std::int16_t>(rng);
  integers_by_padding<std::uint16_t>(rng);
  integers_by_padding<std::int32_t>(rng);
  integers_by_padding<std::uint32_t>(rng);
  integers_by_padding<std::int64_t>(rng);
  integers_by_padding<std::uint64_t>(rng);
  // The edges of the one-step path: 7/8 and 15/16 digits, type limits, -0, a leading zero.
  const std::string pad(20, ' ');
  EXPECT_EQ(metajson::from<std::vector<std::int64_t>>("[1234567" + pad + "]")[0], 1234567);
  EXPECT_EQ(metajson::from<std::vector<std::int64_t>>("[-12345678" + pad + "]")[0], -12345678);
  EXPECT_EQ(metajson::from<std::vector<std::int64_t>>("[999999999999999" + pad + "]")[0], 999999999999999);
  EXPECT_EQ(metajson::from<std::vector<std::int64_t>>("[1000000000000000" + pad + "]")[0], 1000000000000000);
  EXPECT_EQ(metajson::from<std::vector<std::int8_t>>("[-128" + pad + "]")[0], -128);
  EXPECT_EQ(metajson::try_from<std::vector<std::int8_t>>("[128" + pad + "]").error().code(), error_code::number_out_of_range);
  EXPECT_EQ(metajson::from<std::vector<std::uint8_t>>("[-0" + pad + "]")[0], 0);
  EXPECT_EQ(metajson::try_from<std::vector<std::uint8_t>>("[-1" + pad + "]").error().code(), error_code::number_out_of_range);
  EXPECT_EQ(metajson::try_from<std::vector<int>>("[00" + pad + "]").error().code(), error_code::invalid_number);
  EXPECT_EQ(metajson::try_from<std::vector<int>>("[7x" + pad + "]").error().code(), error_code::syntax_error);
}

// The one-step decimal path (read/number.hpp, read_decimal_fast: "d.ddd" with 1-7 integer
// digits and up to 19 significant digits, 24 bytes readable) and the general one: decimals of
// 0-9 integer and 0-22 fraction digits, with a sign, leading zeros, an exponent or a stray byte
// after them, followed by 0 to 30 spaces (read with and without the room), against
// std::from_chars and the JSON grammar. Every count of digits in each 8-digit group is hit,
// 15, 16 and 17 significant digits among them (where Clinger's path and Eisel-Lemire split).
TEST(ReadScalar, DecimalsWithAndWithoutRoom) {
  std::mt19937_64 rng(29);
  const char* const after[] = {"", "", "", "", "e5", "E-3", "x", "."};
  for (int i = 0; i < 200000; ++i) {
    const int int_len = static_cast<int>(rng() % 10);
    const int frac_len = static_cast<int>(rng() % 23);
    std::string ip(static_cast<std::size_t>(int_len), '0'), fp(static_cast<std::size_t>(frac_len), '0');
    for (auto& ch : ip) ch = static_cast<char>('0' + rng() % 10);
    for (auto& ch : fp) ch = static_cast<char>('0' + rng() % 10);
    if (int_len > 1 && rng() % 8 != 0 && ip[0] == '0') ip[0] = '1';  // a leading zero now and then
    const bool neg = rng() % 2;
    const std::string follow = after[rng() % 8];
    const std::string text = (neg ? "-" : "") + ip + "." + fp + follow;
    const std::string json = "[" + text + std::string(rng() % 31, ' ') + "]";
    const bool grammar = int_len > 0 && !(int_len > 1 && ip[0] == '0') && frac_len > 0 && (follow.empty() || follow[0] == 'e' || follow[0] == 'E');
    auto ours = metajson::try_from<std::vector<double>>(json);
    if (!grammar) {
      ASSERT_FALSE(ours.has_value()) << json;
      continue;
    }
    double ref = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), ref);
    ASSERT_TRUE(r.ec == std::errc() && r.ptr == text.data() + text.size()) << text;
    ASSERT_TRUE(ours.has_value()) << json << ": " << ours.error().message();
    ASSERT_EQ(ours->size(), 1u) << json;
    ASSERT_EQ(std::bit_cast<std::uint64_t>((*ours)[0]), std::bit_cast<std::uint64_t>(ref)) << json;
  }
}

TEST(ReadScalar, IntegerErrorsNameTheProblem) {
  expect_read_error<unsigned>("1.5", error_code::type_mismatch, "expected unsigned integer, found 1.5 at $ (line 1, column 1)");
  expect_read_error<unsigned>("-1", error_code::number_out_of_range,
                              "number out of range (-1 does not fit 32-bit unsigned integer) at $ (line 1, column 1)");
  expect_read_error<int>("1e2", error_code::type_mismatch, "expected integer, found 1e2 at $ (line 1, column 1)");
  expect_read_error<int>("\"5\"", error_code::type_mismatch, "expected integer, found string at $ (line 1, column 1)");
  expect_read_error<int>("012", error_code::invalid_number, "invalid number (leading zero) at $ (line 1, column 2)");
  expect_read_error<int>("-", error_code::unexpected_end, "unexpected end of input (expected a digit after '-') at $ (line 1, column 2)");
  expect_read_error<int>("", error_code::unexpected_end, "unexpected end of input (expected integer) at $ (line 1, column 1)");
  expect_read_error<int>("  7 8", error_code::trailing_content,
                         "unexpected content after the JSON value (found number) at $ (line 1, column 5)");
  expect_read_error<int>("+1", error_code::syntax_error, "expected integer, found '+' at $ (line 1, column 1)");
}

TEST(ReadScalar, FloatsAreExact) {
  expect_read<double>("0.1", 0.1);
  expect_read<double>("-0", -0.0);
  expect_read<double>("1E+2", 100.0);
  expect_read<double>("1e-400", 0.0);  // underflow rounds to zero
  expect_read<double>("-1e-400", -0.0);
  expect_read<float>("0.1", 0.1f);  // parsed as float: no double rounding
  expect_read<float>("1.00000017881393432617187499", 1.0000001f);
  expect_read<double>("2.2250738585072011e-308", 2.2250738585072011e-308);
  expect_read<double>("5e-324", 5e-324);
  expect_read<double>("123", 123.0);
  expect_read_fails<double>("1e400", error_code::number_out_of_range);
  expect_read_fails<float>("1e39", error_code::number_out_of_range);
  expect_read_fails<double>("1.", error_code::unexpected_end);
  expect_read_fails<double>("1.e5", error_code::invalid_number);
  expect_read_fails<double>(".5", error_code::syntax_error);
  expect_read_fails<double>("1e", error_code::unexpected_end);
  expect_read_fails<double>("1e+x", error_code::invalid_number);
  expect_read_fails<double>("NaN", error_code::syntax_error);
  expect_read_fails<double>("Infinity", error_code::syntax_error);
  expect_read_fails<double>("00", error_code::invalid_number);
  // Against std::from_chars on random doubles written by us.
  std::mt19937_64 rng(5);
  for (int i = 0; i < 100000; ++i) {
    const double d = std::bit_cast<double>(rng());
    if (!std::isfinite(d)) continue;
    const std::string s = metajson::to_json(d);
    auto r = metajson::try_from<double>(s);
    ASSERT_TRUE(r.has_value()) << s;
    ASSERT_EQ(std::bit_cast<std::uint64_t>(*r), std::bit_cast<std::uint64_t>(d)) << s;
  }
}

// The one-pass fast paths for doubles (Clinger, Eisel-Lemire) against std::from_chars on decimal
// text of every shape around their limits: 1-22 significant digits (2^53 and 19 digits are the
// bounds), leading and trailing zeros, the point anywhere, exponents -40..40 (±22 is Clinger's
// bound) and, one time in four, up to ±280 (Eisel-Lemire's range).
TEST(ReadScalar, FloatFastPathAgainstFromChars) {
  std::mt19937_64 rng(11);
  auto digit = [&] { return static_cast<char>('0' + rng() % 10); };
  for (int i = 0; i < 300000; ++i) {
    std::string s;
    if (rng() % 2) s += '-';
    const int ndigits = 1 + static_cast<int>(rng() % 22);
    std::string ds;
    for (int k = 0; k < ndigits; ++k) ds += digit();
    if (ds.size() > 1 && ds[0] == '0') ds[0] = '1' + static_cast<char>(rng() % 9);
    const int point = static_cast<int>(rng() % (ndigits + 1));
    switch (rng() % 4) {
      case 0: s += ds; break;                                                   // integer text
      case 1: s += ds.substr(0, point == 0 ? 1 : point);                        // d+.d+
              s += '.';
              s += point == 0 ? ds.substr(1) + "0" : (point == ndigits ? std::string("0") : ds.substr(point));
              break;
      case 2: s += "0." + std::string(rng() % 6, '0') + ds; break;              // leading zeros
      default: s += ds + "." + ds; break;
    }
    if (rng() % 2) s += std::string(rng() % 2 ? "e" : "E") + (rng() % 2 ? "-" : (rng() % 2 ? "+" : "")) +
                        std::to_string(rng() % 4 ? rng() % 41 : rng() % 281);
    double expected = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), expected);
    ASSERT_EQ(r.ptr, s.data() + s.size()) << s;
    auto got = metajson::try_from<double>(s);
    ASSERT_TRUE(got.has_value()) << s;
    ASSERT_EQ(std::bit_cast<std::uint64_t>(*got), std::bit_cast<std::uint64_t>(expected)) << s;
    // Inside an array the number is followed by more bytes (the eight-digit loads run past it).
    auto arr = metajson::try_from<std::vector<double>>("[" + s + "," + s + " ]");
    ASSERT_TRUE(arr.has_value()) << s;
    ASSERT_EQ(arr->size(), 2u);
    ASSERT_EQ(std::bit_cast<std::uint64_t>((*arr)[1]), std::bit_cast<std::uint64_t>(expected)) << s;
  }
  // The exact bounds themselves.
  expect_read<double>("9007199254740992", 9007199254740992.0);     // 2^53: fast
  expect_read<double>("9007199254740993", 9007199254740992.0);     // 2^53 + 1: exact path, ties to even
  expect_read<double>("1e22", 1e22);
  expect_read<double>("1e23", 1e23);                                 // not an exact double
  expect_read<double>("123456789e-22", 123456789e-22);
  expect_read<double>("0.000000000000000000000000001", 1e-27);
  expect_read<double>("-0.0e5", -0.0);
  expect_read_fails<double>("-", error_code::unexpected_end);
  expect_read_fails<double>("01.5", error_code::invalid_number);
  expect_read_fails<double>("1e99999999999", error_code::number_out_of_range);
}

TEST(ReadScalar, NonFiniteNullPolicy) {
  constexpr metajson::options o{.nonfinite = metajson::nonfinite_policy::null};
  auto r = metajson::try_from<double, o>("null");
  ASSERT_TRUE(r.has_value());
  EXPECT_TRUE(std::isnan(*r));
  expect_read_fails<double>("null", error_code::type_mismatch);
}

TEST(ReadScalar, BoolAndNull) {
  expect_round_trip(true, "true");
  expect_round_trip(false, "false");
  expect_read<std::nullptr_t>("null", nullptr);
  expect_read_error<bool>("tru", error_code::unexpected_end, "unexpected end of input (in literal true) at $ (line 1, column 4)");
  expect_read_error<bool>("trUe", error_code::syntax_error, "invalid literal, expected true at $ (line 1, column 3)");
  expect_read_error<bool>("1", error_code::type_mismatch, "expected boolean, found number at $ (line 1, column 1)");
  expect_read_fails<bool>("True", error_code::syntax_error);
}

}  // namespace

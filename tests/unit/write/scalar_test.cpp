// null, bool, integers of every width, floats and their policies.
#include "write_check.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

namespace {

TEST(WriteScalar, NullAndBool) {
  expect_json(nullptr, "null");
  expect_json(std::monostate{}, "null");
  expect_json(true, "true");
  expect_json(false, "false");
}

TEST(WriteScalar, IntegersAtLimits) {
  expect_json(std::int8_t{-128}, "-128");
  expect_json(std::uint8_t{255}, "255");
  expect_json(std::int16_t{-32768}, "-32768");
  expect_json(std::uint16_t{65535}, "65535");
  expect_json(std::numeric_limits<std::int32_t>::min(), "-2147483648");
  expect_json(std::numeric_limits<std::uint32_t>::max(), "4294967295");
  expect_json(std::numeric_limits<std::int64_t>::min(), "-9223372036854775808");
  expect_json(std::numeric_limits<std::int64_t>::max(), "9223372036854775807");
  expect_json(std::numeric_limits<std::uint64_t>::max(), "18446744073709551615");
  expect_json(0, "0");
  expect_json(static_cast<unsigned __int128>(-1), "340282366920938463463374607431768211455");
  expect_json(static_cast<__int128>(-1), "-1");
}

// The default format (number_format::json): ECMAScript's text, ".0" where it would read as
// an integer. The three formats side by side are in options_test.cpp.
TEST(WriteScalar, Floats) {
  expect_json(0.1, "0.1");
  expect_json(0.1f, "0.1");
  expect_json(-0.0, "-0.0");
  expect_json(0.0, "0.0");
  expect_json(1e300, "1e+300");
  expect_json(1.0, "1.0");
  expect_json(1000.0, "1000.0");
  expect_json(1e-7, "1e-7");
  expect_json(0.000001, "0.000001");
  expect_json(3.0L, "3.0");
  expect_json(2.5L, "2.5");
}

TEST(WriteScalar, NonFiniteIsAnErrorByDefault) {
  using metajson::error_code;
  expect_write_error(std::nan(""), error_code::non_finite_number, "NaN or infinity cannot be written as JSON (NaN) at $");
  expect_write_error(std::numeric_limits<double>::infinity(), error_code::non_finite_number,
                     "NaN or infinity cannot be written as JSON (+Inf) at $");
  expect_write_error(-std::numeric_limits<float>::infinity(), error_code::non_finite_number,
                     "NaN or infinity cannot be written as JSON (-Inf) at $");
}

TEST(WriteScalar, NonFiniteAsNull) {
  constexpr metajson::options o{.nonfinite = metajson::nonfinite_policy::null};
  expect_json<o>(std::nan(""), "null");
  expect_json<o>(std::vector<double>{1.5, -std::numeric_limits<double>::infinity(), 2}, "[1.5,null,2.0]");
}

}  // namespace

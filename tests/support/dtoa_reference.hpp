// The slow oracle for the double writer (number/dtoa.hpp): the shortest digits from
// std::to_chars (scientific form), laid out by plain code in each of the three
// options::numbers formats, following ECMA-262 Number::toString step by step. Every test of
// the fast writer compares with this. Buffer-based, so the slow tests can run it 10^9 times.
#pragma once

#include <metajson/options.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

namespace metajson_test {

// The shortest round-trip digits of |v| (no trailing zeros) and the position of the decimal
// point: |v| = 0.digits * 10^point. v finite and nonzero.
struct reference_digits {
  char digits[24];
  int count;
  int point;
};

template <class F>
reference_digits shortest_digits_of(F v) {
  char buf[64];
  const char* end = std::to_chars(buf, buf + sizeof buf, std::fabs(v), std::chars_format::scientific).ptr;
  // "d.ddde+xx" or "de+xx"
  const char* e = static_cast<const char*>(std::memchr(buf, 'e', static_cast<std::size_t>(end - buf)));
  reference_digits r{};
  r.digits[0] = buf[0];
  r.count = 1;
  if (buf[1] == '.') {
    std::memcpy(r.digits + 1, buf + 2, static_cast<std::size_t>(e - buf - 2));
    r.count += static_cast<int>(e - buf - 2);
  }
  int x = 0;
  for (const char* q = e + 2; q < end; ++q) x = x * 10 + (*q - '0');
  r.point = (e[1] == '-' ? -x : x) + 1;
  while (r.count > 1 && r.digits[r.count - 1] == '0') --r.count;
  return r;
}

// The text metajson must write for a finite v in the given format, at out; returns the end.
template <class F>
char* reference_text_into(char* out, F v, metajson::number_format format) {
  using metajson::number_format;
  const bool neg = std::signbit(v);
  char* o = out;
  const auto put = [&o](const char* s, int n) {
    std::memcpy(o, s, static_cast<std::size_t>(n));
    o += n;
  };
  const auto zeros = [&o](int n) {
    for (int i = 0; i < n; ++i) *o++ = '0';
  };
  if (v == 0) {
    if (format == number_format::ecmascript) {
      put("0", 1);  // String(-0) is "0"
    } else {
      if (neg) put("-", 1);
      put(format == number_format::json ? "0.0" : "0", format == number_format::json ? 3 : 1);
    }
    return o;
  }
  if (neg) put("-", 1);
  const reference_digits r = shortest_digits_of(v);
  const int n = r.count, dp = r.point;
  const auto scientific = [&](bool plus) {
    *o++ = r.digits[0];
    if (n > 1) {
      *o++ = '.';
      put(r.digits + 1, n - 1);
    }
    *o++ = 'e';
    const int x = dp - 1;
    if (x < 0) *o++ = '-';
    else if (plus) *o++ = '+';
    o = std::to_chars(o, o + 8, std::abs(x)).ptr;
  };
  const auto plain = [&] {
    if (dp >= n) {  // digits, then zeros
      put(r.digits, n);
      zeros(dp - n);
    } else if (dp > 0) {  // a point inside the digits
      put(r.digits, dp);
      *o++ = '.';
      put(r.digits + dp, n - dp);
    } else {  // 0.000ddd
      put("0.", 2);
      zeros(-dp);
      put(r.digits, n);
    }
  };
  if (format == number_format::shortest) {
    // the shorter of plain and scientific, plain on a tie; the exponent without '+'
    const int x = dp - 1, ax = std::abs(x);
    const int sci_len = n + (n > 1) + 1 + (x < 0) + (ax >= 100 ? 3 : ax >= 10 ? 2 : 1);
    const int plain_len = dp >= n ? dp : dp > 0 ? n + 1 : 2 - dp + n;
    if (plain_len <= sci_len) plain();
    else scientific(false);
    return o;
  }
  // ECMA-262 Number::toString: k = n digits, n = dp. k <= n <= 21: digits and zeros;
  // 0 < n <= 21: a point inside; -6 < n <= 0: 0.000ddd; else d[.ddd]e+x / e-x.
  if (dp > -6 && dp <= 21) {
    plain();
    if (format == number_format::json && dp >= n) put(".0", 2);  // it would read as an integer
  } else {
    scientific(true);
  }
  return o;
}

template <class F>
std::string reference_text(F v, metajson::number_format format) {
  char buf[64];
  return std::string(buf, reference_text_into(buf, v, format));
}

// The old name of the digits helper, as strings (unit tests).
struct reference_digit_string {
  std::string digits;
  int point;
};
template <class F>
reference_digit_string shortest_digits_reference(F v) {
  const reference_digits r = shortest_digits_of(v);
  return {std::string(r.digits, static_cast<std::size_t>(r.count)), r.point};
}

}  // namespace metajson_test

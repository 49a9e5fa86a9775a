// Numbers: strict RFC 8259 grammar, integers range-checked into their type, floating point
// correctly rounded (std::from_chars, which is exact, on the validated text).
#pragma once

#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "../detail/ablation.hpp"
#include "../detail/endian.hpp"
#include "../number/decimal_to_double.hpp"
#include "cursor.hpp"
#include "dispatch.hpp"

namespace metajson::detail {

METAJSON_ALWAYS_INLINE bool is_digit(char ch) noexcept { return static_cast<unsigned char>(ch - '0') < 10; }

// Eight ASCII digits at once (SWAR): `all_digits8` tests that each byte is '0'..'9' (adding
// 0x46 carries into bit 7 for bytes above '9', subtracting 0x30 borrows for bytes below '0');
// `parse_digits8` folds them pairwise: 8 digits -> 4 two-digit -> 2 four-digit -> 1 value.
METAJSON_ALWAYS_INLINE std::uint64_t load8(const char* p) noexcept {
  return load_le<std::uint64_t>(p);  // first digit lowest
}
METAJSON_ALWAYS_INLINE bool all_digits8(std::uint64_t w) noexcept {
  return (((w + 0x4646464646464646ull) | (w - 0x3030303030303030ull)) & 0x8080808080808080ull) == 0;
}
METAJSON_ALWAYS_INLINE std::uint64_t parse_digits8(std::uint64_t w) noexcept {
  w -= 0x3030303030303030ull;                          // bytes are digit values, first digit lowest
  w = (w * 10) + (w >> 8);                             // byte pairs: d0*10 + d1 in the even bytes
  const std::uint64_t lo = (w & 0x000000FF000000FFull) * (100 + (1000000ull << 32));  // pairs 0, 2
  const std::uint64_t hi = ((w >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32));  // pairs 1, 3
  return (lo + hi) >> 32;
}

// Bit 7 of each byte of w that is not an ASCII digit ('0'..'9'). Exact up to and including
// the first non-digit (carries and borrows only start there), which is all the callers use.
METAJSON_ALWAYS_INLINE std::uint64_t non_digit_bits8(std::uint64_t w) noexcept {
  return ((w + 0x4646464646464646ull) | (w - 0x3030303030303030ull)) & 0x8080808080808080ull;
}

// The end of the run of digits at q (q itself when there is none): eight bytes at a time while
// eight can be read, so a number's run costs one load and no loop exit to mispredict.
METAJSON_ALWAYS_INLINE const char* digit_run(const char* q, const char* e) noexcept {
  while (e - q >= 8) {
    const std::uint64_t nd = non_digit_bits8(load_le<std::uint64_t>(q));
    if (nd != 0) return q + (std::countr_zero(nd) >> 3);
    q += 8;
  }
  while (q < e && is_digit(*q)) ++q;
  return q;
}

// The extent of the JSON number at p: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
struct number_span {
  const char* end;     // nullptr on error
  bool is_integer;     // no fraction, no exponent
};

inline number_span scan_number(read_context& c, const char* p) {
  const char* const start = p;
  const char* const e = c.end;
  if (p < e && *p == '-') ++p;
  if (p >= e) return {c.fail(p == start ? error_code::unexpected_end : error_code::unexpected_end, p, "in a number"), false};
  if (*p == '0') {
    ++p;
    if (p < e && is_digit(*p)) return {c.fail(error_code::invalid_number, p, "leading zero"), false};
  } else if (is_digit(*p)) {
    p = digit_run(p, e);
  } else {
    return {expected(c, p, "number"), false};
  }
  bool integer = true;
  if (p < e && *p == '.') {
    integer = false;
    ++p;
    if (p >= e || !is_digit(*p)) return {c.fail(p >= e ? error_code::unexpected_end : error_code::invalid_number, p, "expected a digit after '.'"), false};
    p = digit_run(p, e);
  }
  if (p < e && (*p == 'e' || *p == 'E')) {
    integer = false;
    ++p;
    if (p < e && (*p == '+' || *p == '-')) ++p;
    if (p >= e || !is_digit(*p)) return {c.fail(p >= e ? error_code::unexpected_end : error_code::invalid_number, p, "expected a digit in the exponent"), false};
    p = digit_run(p, e);
  }
  return {p, integer};
}


// The end of the valid JSON number at p (whose first byte is '-' or a digit), without a call:
// what the skip path checks for every number it passes over. nullptr for any error (and for a
// number that reaches the end of the input), for scan_number to word it.
METAJSON_ALWAYS_INLINE const char* number_end_fast(const char* p, const char* e) noexcept {
  p += *p == '-';
  if (METAJSON_UNLIKELY(p >= e)) return nullptr;
  if (*p == '0') {
    ++p;
  } else {
    if (METAJSON_UNLIKELY(!is_digit(*p))) return nullptr;
    p = digit_run(p + 1, e);
  }
  if (METAJSON_UNLIKELY(p >= e)) return nullptr;
  if (*p == '.') {
    ++p;
    if (METAJSON_UNLIKELY(p >= e || !is_digit(*p))) return nullptr;
    p = digit_run(p + 1, e);
    if (METAJSON_UNLIKELY(p >= e)) return nullptr;
  }
  if ((*p | 0x20) == 'e') {
    ++p;
    if (p < e && (*p == '+' || *p == '-')) ++p;
    if (METAJSON_UNLIKELY(p >= e || !is_digit(*p))) return nullptr;
    p = digit_run(p + 1, e);
    if (METAJSON_UNLIKELY(p >= e)) return nullptr;
  }
  if (METAJSON_UNLIKELY(is_digit(*p))) return nullptr;  // after a lone leading zero: "01"
  return p;
}

inline constexpr std::uint64_t powers_of_ten_u64[8] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000};

// Accumulates the decimal digits at q into m and counts them, eight at a time while it can;
// returns the first non-digit. m wraps past 19 digits (callers check the count).
// A run of fewer than eight digits (the end of most numbers) is taken in one step too when
// eight bytes can be read: the digits are moved to the top of the word, '0's shifted in below
// them, and the eight "digits" parsed as usual.
METAJSON_ALWAYS_INLINE const char* accumulate_digits(const char* q, const char* e, std::uint64_t& m, std::ptrdiff_t& count) noexcept {
  if constexpr (!ablation::no_swar_digit_tail) {
    while (e - q >= 8) {
      const std::uint64_t w = load8(q);
      const std::uint64_t nd = non_digit_bits8(w);
      if (nd == 0) {
        m = m * 100000000u + parse_digits8(w);
        count += 8;
        q += 8;
        continue;
      }
      const int n = std::countr_zero(nd) >> 3;  // digits before the first non-digit: 0..7
      if (n == 0) return q;
      const int s = (8 - n) * 8;  // 8..56
      m = m * powers_of_ten_u64[n] + parse_digits8((w << s) | (0x3030303030303030ull >> (64 - s)));
      count += n;
      return q + n;
    }
  } else {
    while (e - q >= 8) {
      const std::uint64_t w = load8(q);
      if (!all_digits8(w)) break;
      m = m * 100000000u + parse_digits8(w);
      count += 8;
      q += 8;
    }
  }
  while (q < e && is_digit(*q)) {
    m = m * 10 + static_cast<unsigned>(*q - '0');
    ++count;
    ++q;
  }
  return q;
}

// A number's text for an error message: at most 40 characters ("123...(1000000 characters)").
inline std::string number_excerpt(const char* first, const char* last) {
  const auto n = static_cast<std::size_t>(last - first);
  if (n <= 40) return std::string(first, last);
  return std::string(first, 32) + "... (" + std::to_string(n) + " characters)";
}

// "expected integer, found 1.5" (a fraction or exponent where an integer was expected).
METAJSON_NOINLINE inline std::nullptr_t integer_not_integral(read_context& c, const char* start, const char* name) {
  const number_span s = scan_number(c, start);
  if (!s.end) return nullptr;
  return c.fail(error_code::type_mismatch, start, "expected " + std::string(name) + ", found " + number_excerpt(start, s.end));
}

METAJSON_NOINLINE inline std::nullptr_t integer_out_of_range(read_context& c, const char* start, const char* end, std::size_t bits,
                                                             const char* name) {
  return c.fail(error_code::number_out_of_range, start, number_excerpt(start, end) + " does not fit " + std::to_string(bits) + "-bit " + name);
}

template <class I>
consteval const char* integer_name() {
  if constexpr (std::is_signed_v<I>) return "integer";
  else return "unsigned integer";
}

// Reads an integer of type I: no fraction, no exponent, in range.
template <class I>
inline const char* read_integer(read_context& c, const char* p, I& out) {
  const char* const start = p;
  if (METAJSON_UNLIKELY(p >= c.end || !(is_digit(*p) || *p == '-'))) return expected(c, p, integer_name<I>());
  const bool neg = *p == '-';
  p += neg;
  using U = std::conditional_t<(sizeof(I) > 8), unsigned __int128, std::uint64_t>;
  U v = 0;
  const char* digits = p;
  bool overflow = false;
  bool have_digits = false;
  if constexpr (sizeof(U) == 8) {
    // Up to 19 digits cannot overflow 64 bits: the float reader's digit loop (eight at a
    // time, the rest in one step) does them; longer runs take the checked loops below.
    std::uint64_t m = 0;
    std::ptrdiff_t count = 0;
    const char* q = accumulate_digits(p, c.end, m, count);
    if (METAJSON_LIKELY(count <= 19)) {
      v = m;
      p = q;
      have_digits = true;
    }
  }
  if (!have_digits) {
    // Eight digits at a time while they last (16 digits cannot overflow U)...
    for (int round = 0; round < 2 && c.end - p >= 8; ++round) {
      const std::uint64_t w = load8(p);
      if (!all_digits8(w)) break;
      v = v * 100000000u + parse_digits8(w);
      p += 8;
    }
    // ... then one at a time: up to 19 digits (38 for 128-bit) cannot overflow U; more are
    // checked one by one.
    constexpr int safe = sizeof(U) > 8 ? 38 : 19;
    while (p < c.end && is_digit(*p) && p - digits < safe) v = v * 10 + static_cast<unsigned>(*p++ - '0');
    while (p < c.end && is_digit(*p)) {
      const unsigned d = static_cast<unsigned>(*p++ - '0');
      if (v > (~U{0} - d) / 10) overflow = true;
      else v = v * 10 + d;
    }
  }
  if (METAJSON_UNLIKELY(p == digits)) return c.fail(p >= c.end ? error_code::unexpected_end : error_code::invalid_number, p, "expected a digit after '-'");
  if (METAJSON_UNLIKELY(*digits == '0' && p - digits > 1)) return c.fail(error_code::invalid_number, digits + 1, "leading zero");
  if (METAJSON_UNLIKELY(p < c.end && (*p == '.' || *p == 'e' || *p == 'E'))) return integer_not_integral(c, start, integer_name<I>());
  // The messages are built out of line: inline, their strings gave this function a large
  // frame and register spills on every call.
  auto out_of_range = [&] { return integer_out_of_range(c, start, p, sizeof(I) * 8, integer_name<I>()); };
  if (overflow) return out_of_range();
  if constexpr (std::is_signed_v<I>) {
    using UI = std::make_unsigned_t<I>;
    const U limit = neg ? static_cast<U>(static_cast<UI>(std::numeric_limits<I>::max())) + 1 : static_cast<U>(std::numeric_limits<I>::max());
    if (v > limit) return out_of_range();
    out = neg ? static_cast<I>(static_cast<UI>(0) - static_cast<UI>(v)) : static_cast<I>(v);
  } else {
    if (neg && v != 0) return out_of_range();  // -0 is zero
    if (v > static_cast<U>(std::numeric_limits<I>::max())) return out_of_range();
    out = static_cast<I>(v);
  }
  return p;
}

// The common integer without a loop: 1 to 15 digits (an optional '-' before them for signed
// types), no leading zero, no fraction or exponent after them, in range, with 17 bytes
// readable at p (9 for up to 7 digits). Returns the end of the digits, or nullptr for
// read_integer to take the number (which also words every error).
template <class I>
METAJSON_ALWAYS_INLINE const char* read_short_integer(const read_context& c, const char* p, I& out) noexcept {
  if (METAJSON_UNLIKELY(c.end - p < 9)) return nullptr;
  const bool neg = std::is_signed_v<I> && *p == '-';
  const char* const d = p + neg;
  const auto tail = [](std::uint64_t w, int n) {  // the first n (1..7) digits of w
    const int s = (8 - n) * 8;                    // moved to the top, '0's shifted in below them
    return parse_digits8((w << s) | (0x3030303030303030ull >> (64 - s)));
  };
  const std::uint64_t w = load8(d);
  int n = std::countr_zero(non_digit_bits8(w)) >> 3;  // 8 when all eight are digits
  std::uint64_t m;
  if (METAJSON_LIKELY(n < 8)) {
    if (n == 0) return nullptr;
    m = tail(w, n);
  } else {
    if (c.end - p < 17) return nullptr;
    const std::uint64_t w2 = load8(d + 8);
    const int n2 = std::countr_zero(non_digit_bits8(w2)) >> 3;
    if (n2 == 8) return nullptr;  // 16 digits or more
    m = parse_digits8(w);
    if (n2 != 0) m = m * powers_of_ten_u64[n2] + tail(w2, n2);
    n = 8 + n2;
  }
  if (*d == '0' && n > 1) return nullptr;
  const char after = d[n];
  if (after == '.' || (after | 0x20) == 'e') return nullptr;
  using U = std::make_unsigned_t<I>;
  const std::uint64_t limit = static_cast<std::uint64_t>(std::numeric_limits<I>::max()) + (neg ? 1 : 0);
  if (METAJSON_UNLIKELY(m > limit)) return nullptr;
  out = neg ? static_cast<I>(static_cast<U>(0) - static_cast<U>(m)) : static_cast<I>(m);
  return d + n;
}

// Reads a floating-point number: exact (correctly rounded) through std::from_chars, on text
// scan_number has validated. Handles every case: errors, overflow, underflow to zero.
template <class F>
inline const char* read_float_exact(read_context& c, const char* p, F& out) {
  const number_span s = scan_number(c, p);
  if (METAJSON_UNLIKELY(!s.end)) return nullptr;
  F v{};
  const auto r = std::from_chars(p, s.end, v);
  if (METAJSON_UNLIKELY(r.ec == std::errc::result_out_of_range)) {
    // Overflow is an error; underflow (1e-400) is zero, like every correct parser rounds it.
    const char* q = p + (*p == '-');
    bool nonzero_mantissa = false;
    long digits_before_point = 0, exp10 = 0;
    bool after_point = false, leading = true;
    for (; q < s.end && *q != 'e' && *q != 'E'; ++q) {
      if (*q == '.') {
        after_point = true;
        continue;
      }
      if (*q != '0') nonzero_mantissa = true;
      if (leading && *q == '0') {
        if (after_point) --exp10;
        continue;
      }
      leading = false;
      if (!after_point) ++digits_before_point;
    }
    long e = 0;
    if (q < s.end) {
      ++q;
      const bool eneg = *q == '-';
      if (*q == '+' || *q == '-') ++q;
      for (; q < s.end; ++q) e = e < 100000000 ? e * 10 + (*q - '0') : e;
      if (eneg) e = -e;
    }
    const long magnitude = (digits_before_point > 0 ? digits_before_point - 1 : exp10 - 1) + e;
    if (!nonzero_mantissa || magnitude < 0) {
      out = *p == '-' ? -F(0) : F(0);
      return s.end;
    }
    return c.fail(error_code::number_out_of_range, p, number_excerpt(p, s.end) + " does not fit a " + (sizeof(F) == 4 ? "float" : "double"));
  }
  if (METAJSON_UNLIKELY(r.ec != std::errc() || r.ptr != s.end)) return c.fail(error_code::invalid_number, p);
  out = v;
  return s.end;
}

// The digits of a decimal "d.ddd" read in one step: canada.json's numbers and most other
// coordinates, prices and measurements (1-7 integer digits, a '.', a fraction, at most 19
// significant digits). Three 8-byte loads cover the text; the '.' is taken out of the digit
// stream by two shifts, so the digits are parsed as two full 8-digit groups and a last partial
// one instead of a partial group on each side of the '.'. Needs 24 readable bytes at q (after
// the sign). Returns the end of the number, or nullptr when the text is anything else (an
// exponent, 8 or more integer digits, more than 19 digits, a leading zero, "1.") for the
// general path to take.
METAJSON_ALWAYS_INLINE std::uint64_t digits_below(std::uint64_t w, int n) noexcept {  // the first n (0..7) digits of w
  // Two shifts, each below 64: n = 0 shifts every byte out (and parses eight '0's), so the
  // callers need no branch on a count that varies from number to number.
  return parse_digits8(((w << 8) << (56 - 8 * n)) | (0x3030303030303030ull >> (8 * n)));
}
METAJSON_ALWAYS_INLINE const char* read_decimal_fast(const char* q, std::uint64_t& mantissa, std::ptrdiff_t& exp10) noexcept {
  std::uint64_t m;
  const std::uint64_t w0 = load8(q);
  const std::uint64_t nd0 = non_digit_bits8(w0);
  if (nd0 == 0) return nullptr;                   // 8 or more integer digits
  const int i = std::countr_zero(nd0) >> 3;       // integer digits: the '.' is byte i
  if (i == 0 || static_cast<char>(w0 >> (8 * i)) != '.') return nullptr;
  if (i > 1 && static_cast<char>(w0) == '0') return nullptr;  // leading zero
  const std::uint64_t w1 = load8(q + 8), w2 = load8(q + 16);
  const std::uint64_t low = (std::uint64_t{1} << (8 * i)) - 1;
  const std::uint64_t d0 = (w0 & low) | ((w0 >> 8) & ~low) | (w1 << 56);  // digits 0..7 of the stream
  const std::uint64_t nd_a = non_digit_bits8(d0);
  int total;  // digits in the stream (integer and fraction)
  if (nd_a != 0) {
    total = std::countr_zero(nd_a) >> 3;
    m = digits_below(d0, total);
  } else {
    const std::uint64_t d1 = (w1 >> 8) | (w2 << 56);  // digits 8..15
    const std::uint64_t nd_b = non_digit_bits8(d1);
    m = parse_digits8(d0);
    if (nd_b != 0) {
      const int n = std::countr_zero(nd_b) >> 3;
      total = 8 + n;
      m = m * powers_of_ten_u64[n] + digits_below(d1, n);
    } else {
      const std::uint64_t d2 = w2 >> 8;  // digits 16..22 (a zero byte ends them)
      const int n = std::countr_zero(non_digit_bits8(d2)) >> 3;
      total = 16 + n;
      if (total > 19) return nullptr;
      m = m * 100000000u + parse_digits8(d1);
      m = m * powers_of_ten_u64[n] + digits_below(d2, n);
    }
  }
  if (total == i) return nullptr;  // "1.": no fraction digit
  const char* const end = q + total + 1;
  if (*end == 'e' || *end == 'E') return nullptr;
  mantissa = m;
  exp10 = -static_cast<std::ptrdiff_t>(total - i);
  return end;
}

// Doubles in one pass over the text. The scan checks the grammar and collects the decimal
// significand m (up to 19 digits) and the power of ten. Clinger's fast path: when m <= 2^53
// and the power is within ±22, both are exact doubles and one IEEE multiplication or division
// rounds correctly. Otherwise Eisel-Lemire (number/decimal_to_double.hpp: a 128-bit product)
// converts m and the power, and in the rare cases it cannot decide, or with more than 19
// digits, std::from_chars (exact) converts the text just scanned. Anything
// irregular (a grammar error, an exponent that does not fit) goes to read_float_exact, which
// scans again and says what is wrong.
inline constexpr double exact_powers_of_ten[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                   1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                   1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

template <class F>
inline const char* read_float(read_context& c, const char* p, F& out) {
  if constexpr (!ablation::no_fast_float_read && std::is_same_v<F, double> && std::numeric_limits<double>::is_iec559) {
    const char* q = p;
    const char* const e = c.end;
    const bool neg = q < e && *q == '-';
    q += neg;
    std::uint64_t m = 0;
    // Counts are as wide as a pointer difference: a number may be as long as the input.
    std::ptrdiff_t digits = 0;  // digits accumulated into m (zeros right after "0." included: conservative)
    std::ptrdiff_t exp10 = 0;
    if constexpr (!ablation::no_fast_decimal) {
      if (METAJSON_LIKELY(e - q >= 24)) {
        if (const char* end = read_decimal_fast(q, m, exp10)) {
          // Clinger's path for fewer than 16 digits (m < 10^15 <= 2^53): a test on the number's
          // length, where m <= 2^53 would split 16-digit numbers at random by their value.
          if (m < 1000000000000000u && exp10 >= -22) {
            const double v = static_cast<double>(m) / exact_powers_of_ten[-exp10];
            out = neg ? -v : v;
            return end;
          }
          if (m != 0 && decimal_to_double(m, exp10, neg, out)) return end;
          m = 0;
          exp10 = 0;  // zero, or a rare case: the general path below
        }
      }
    }
    if (q < e && *q == '0') {
      ++q;
    } else {
      const char* const first = q;
      q = accumulate_digits(q, e, m, digits);
      if (q == first) return read_float_exact(c, p, out);
    }
    if (q < e && *q == '.') {
      const char* const first = ++q;
      q = accumulate_digits(q, e, m, digits);
      if (q == first) return read_float_exact(c, p, out);  // "1." : let the exact path say why
      exp10 = -(q - first);
    }
    if (q < e && (*q == 'e' || *q == 'E')) {
      ++q;
      const bool eneg = q < e && *q == '-';
      if (q < e && (*q == '+' || *q == '-')) ++q;
      const char* const first = q;
      int x = 0;
      while (q < e && is_digit(*q) && x < 100000) x = x * 10 + (*q++ - '0');
      if (q == first || (q < e && is_digit(*q))) return read_float_exact(c, p, out);
      exp10 += eneg ? -x : x;
    }
    // A digit here follows a lone leading zero ("01"): a grammar error the exact path reports.
    if (METAJSON_UNLIKELY(q < e && is_digit(*q))) return read_float_exact(c, p, out);
    if (digits <= 19) {
      if (m == 0) {
        out = neg ? -0.0 : 0.0;
        return q;
      }
      if (m <= (std::uint64_t{1} << 53) && exp10 >= -22 && exp10 <= 22) {
        double v = static_cast<double>(m);
        v = exp10 < 0 ? v / exact_powers_of_ten[-exp10] : v * exact_powers_of_ten[exp10];
        out = neg ? -v : v;
        return q;
      }
      if constexpr (!ablation::no_eisel_lemire) {
        if (decimal_to_double(m, exp10, neg, out)) return q;
      }
    }
    double v;
    const auto r = std::from_chars(p, q, v);
    if (METAJSON_LIKELY(r.ec == std::errc() && r.ptr == q)) {
      out = v;
      return q;
    }
  }
  return read_float_exact(c, p, out);
}

// --- the readers of the indexed stage: numbers and literals are checked here, once --------------

// After a number or literal that ends at q: the next byte may not continue it ("12a", "truex").
METAJSON_ALWAYS_INLINE const char* scalar_end(read_context& c, const char* k, const char* q) {
  if (METAJSON_UNLIKELY(q < c.end && index::is_scalar_byte(*q))) return syntax_error_at(c, q);
  return k + 1;
}

// The literal at entry k (true, false, null), or the error that says what is there instead.
template <std::size_t N>
METAJSON_ALWAYS_INLINE const char* literal_at(read_context& c, const char* k, const char (&lit)[N], std::string_view what) {
  if (METAJSON_UNLIKELY(*k != lit[0])) return expected_at(c, k, what);
  const char* q = read_literal(c, at(c, k), lit, what);
  if (METAJSON_UNLIKELY(!q)) return nullptr;
  return scalar_end(c, k, q);
}

METAJSON_ALWAYS_INLINE bool number_kind(char kind) noexcept { return is_digit(kind) || kind == '-'; }

// options::allow_nonfinite: whether entry k starts NaN, Infinity or -Infinity (a kind 'N' or
// 'I', or a '-' before an 'I'), and the value there (nullptr after c.fail() when it is
// misspelled: "Infinit", "NaNa").
METAJSON_ALWAYS_INLINE bool nonfinite_kind(const read_context& c, const char* k) noexcept {
  if (*k == 'N' || *k == 'I') return true;
  if (*k != '-') return false;
  const char* const p = at(c, k);
  return c.end - p > 1 && p[1] == 'I';
}
struct nonfinite_read {
  const char* next;
  double value;
};
METAJSON_NOINLINE inline nonfinite_read read_nonfinite_at(read_context& c, const char* k, std::string_view what) {
  switch (*k) {
    case 'N': return {literal_at(c, k, "NaN", what), std::numeric_limits<double>::quiet_NaN()};
    case 'I': return {literal_at(c, k, "Infinity", what), std::numeric_limits<double>::infinity()};
    default: return {literal_at(c, k, "-Infinity", what), -std::numeric_limits<double>::infinity()};
  }
}

template <>
struct reader<family::integer> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    if (METAJSON_UNLIKELY(!number_kind(*k))) return expected_at(c, k, integer_name<T>());
    if constexpr (sizeof(T) <= 8) {
      if (const char* q = read_short_integer(c, at(c, k), v)) return scalar_end(c, k, q);
    }
    const char* q = read_integer(c, at(c, k), v);
    if (METAJSON_UNLIKELY(!q)) return nullptr;
    return scalar_end(c, k, q);
  }
};

template <>
struct reader<family::floating> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    if constexpr (O.allow_nonfinite) {
      if (METAJSON_UNLIKELY(nonfinite_kind(c, k))) {
        const nonfinite_read r = read_nonfinite_at(c, k, "number");
        if (r.next) v = static_cast<T>(r.value);
        return r.next;
      }
    }
    if (METAJSON_UNLIKELY(!number_kind(*k))) {
      if constexpr (O.nonfinite == nonfinite_policy::null) {
        if (*k == 'n') {  // null is what NaN/Inf were written as
          const char* r = literal_at(c, k, "null", "number");
          if (r) v = std::numeric_limits<T>::quiet_NaN();
          return r;
        }
      }
      return expected_at(c, k, "number");
    }
    const char* p = at(c, k);
    const char* q;
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, long double>) {
      q = read_float(c, p, v);
    } else {
      long double tmp = 0;
      q = read_float(c, p, tmp);
      if (q) v = static_cast<T>(tmp);
    }
    if (METAJSON_UNLIKELY(!q)) return nullptr;
    return scalar_end(c, k, q);
  }
};

template <>
struct reader<family::boolean> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    if (*k == 't') {
      const char* r = literal_at(c, k, "true", "boolean");
      if (r) v = true;
      return r;
    }
    if (*k == 'f') {
      const char* r = literal_at(c, k, "false", "boolean");
      if (r) v = false;
      return r;
    }
    return expected_at(c, k, "boolean");
  }
};

template <>
struct reader<family::null> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    const char* r = literal_at(c, k, "null", "null");
    if (r) v = T{};
    return r;
  }
};

}  // namespace metajson::detail

// null, bool, integers, floating point.
#pragma once

#include <charconv>
#include <cstring>
#include <limits>
#include <string>

#include "../number/dtoa.hpp"
#include "../number/itoa.hpp"
#include "dispatch.hpp"

namespace metajson::detail {

template <>
struct writer<family::null> {
  template <options O, class T> static constexpr std::size_t max_size = 4;
  template <options O, class T> static std::size_t reserve(const T&) { return 4; }
  template <options O, class T>
  static char* write_reserved(write_context&, char* p, const T&) {
    std::memcpy(p, "null", 4);
    return p + 4;
  }
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) { return write_checked<writer, O>(c, p, v); }
};

template <>
struct writer<family::boolean> {
  template <options O, class T> static constexpr std::size_t max_size = 5;
  template <options O, class T> static std::size_t reserve(const T&) { return 5; }
  template <options O, class T>
  static char* write_reserved(write_context&, char* p, const T& v) {
    // Branch-free: copy 5 bytes of "true," or "false" and advance by 4 or 5.
    std::memcpy(p, v ? "true " : "false", 5);
    return p + 5 - static_cast<int>(v);
  }
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) { return write_checked<writer, O>(c, p, v); }
};

// options.rfc8785: RFC 8785's numbers are doubles, so an integer is canonical when its digits are
// what ECMAScript writes for the double nearest it: always up to 2^53 in magnitude (every such
// integer is a double, written in plain digits); beyond, only when the double's shortest digits
// padded with zeros are its own digits (10^18 is, 2^53 + 1 is not: ECMAScript writes its double
// as 9007199254740992). Otherwise it fails, saying what the double would be.
template <class T>
[[gnu::cold]] METAJSON_NOINLINE inline bool canonical_integer_slow(write_context& c, T v) {
  char digits[48], as_double[64];
  const std::string_view text(digits, static_cast<std::size_t>(write_integer(digits, v) - digits));
  const std::string_view js(as_double, static_cast<std::size_t>(write_float<number_format::ecmascript>(as_double, static_cast<double>(v)) - as_double));
  if (text == js) return true;
  c.fail(error_code::not_canonical, "integer " + std::string(text) + " would be " + std::string(js) +
                                        " as a double (RFC 8785 numbers are doubles); write it as a string");
  return false;
}

template <class T>
METAJSON_ALWAYS_INLINE bool canonical_integer(write_context& c, T v) {
  if constexpr (std::numeric_limits<T>::digits <= 53) {
    return true;
  } else {
    constexpr T limit = static_cast<T>(std::uint64_t{1} << 53);
    bool ok = v <= limit;
    if constexpr (std::is_signed_v<T>) ok = ok && v >= -limit;
    return METAJSON_LIKELY(ok) || canonical_integer_slow(c, v);
  }
}

template <>
struct writer<family::integer> {
  template <options O, class T> static constexpr std::size_t max_size = max_integer_chars<T>;
  template <options O, class T> static std::size_t reserve(const T&) { return max_integer_chars<T>; }
  template <options O, class T>
  static char* write_reserved(write_context& c, char* p, const T& v) {
    if constexpr (O.rfc8785) {
      if (METAJSON_UNLIKELY(!canonical_integer(c, v))) return nullptr;
    }
    return write_integer(p, v);
  }
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) { return write_checked<writer, O>(c, p, v); }
};

template <>
struct writer<family::floating> {
  template <class T>
  static constexpr std::size_t bound = sizeof(T) > 8 ? 64 : max_float_chars;
  template <options O, class T> static constexpr std::size_t max_size = bound<T>;
  template <options O, class T> static std::size_t reserve(const T&) { return bound<T>; }
  template <options O, class T>
  METAJSON_ALWAYS_INLINE static char* write_reserved(write_context& c, char* p, const T& v) {
    static_assert(!(O.allow_nonfinite && O.nonfinite == nonfinite_policy::null),
                  "options::allow_nonfinite writes NaN and infinities as NaN, Infinity and -Infinity, "
                  "nonfinite = null writes them as null: choose one");
    static_assert(!(O.allow_nonfinite && O.rfc8785), "RFC 8785 canonical JSON has no NaN or Infinity: options::allow_nonfinite cannot be combined with rfc8785");
    const auto nonfinite = [&](char* q, T x) -> char* {  // ([&]: c is used only with some options)
      if constexpr (O.allow_nonfinite) {
        if (__builtin_isnan(x)) {
          std::memcpy(q, "NaN", 3);
          return q + 3;
        }
        if (x < 0) *q++ = '-';
        std::memcpy(q, "Infinity", 8);
        return q + 8;
      } else if constexpr (O.nonfinite == nonfinite_policy::null) {
        std::memcpy(q, "null", 4);
        return q + 4;
      } else {
        return c.fail(error_code::non_finite_number, __builtin_isnan(x) ? "NaN" : x > 0 ? "+Inf" : "-Inf");
      }
    };
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      return write_float<O.numbers>(p, v, nonfinite);  // tests finiteness on the bits it reads anyway
    } else if constexpr (O.rfc8785) {
      // Canonical numbers are doubles: a long double must be one, and is written as one.
      if (METAJSON_UNLIKELY(!__builtin_isfinite(v))) return nonfinite(p, v);
      const auto d = static_cast<double>(v);
      if (METAJSON_UNLIKELY(static_cast<T>(d) != v))
        return c.fail(error_code::not_canonical, "a long double that is not a double's value: RFC 8785 numbers are doubles");
      return write_float<O.numbers>(p, d);
    } else {
      // long double and extended types: std::to_chars' shortest text, marked under json
      if (METAJSON_UNLIKELY(!__builtin_isfinite(v))) return nonfinite(p, v);
      char* const start = p;
      p = std::to_chars(p, p + bound<T> - 2, v).ptr;
      if constexpr (O.numbers == number_format::json) p = mark_as_float(start, p);
      return p;
    }
  }
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) { return write_checked<writer, O>(c, p, v); }

  // Appends ".0" to the finite number text [start, end) if it has no '.' and no exponent.
  static char* mark_as_float(const char* start, char* end) {
    const auto n = static_cast<std::size_t>(end - start);
    if (std::memchr(start, '.', n) == nullptr && std::memchr(start, 'e', n) == nullptr) {
      std::memcpy(end, ".0", 2);
      end += 2;
    }
    return end;
  }
};

// Writes a floating-point number so that it reads back as one: "1" becomes "1.0". Used where a
// reader must tell a double from an integer by its text (metajson::value, variants with both):
// json's text under json and ecmascript (whose "1" would read back as an integer), shortest's
// with ".0" added where it has no '.' or exponent under shortest.
// write_float_marked at p, which has writer<family::floating>::bound<F> + 2 bytes of room (the
// dynamic value's writer makes its room once for several values).
template <options O, class F>
METAJSON_ALWAYS_INLINE char* write_float_marked_reserved(write_context& c, char* p, F d) {
  if constexpr (O.rfc8785) {  // canonical numbers are doubles: "1", as JavaScript writes it
    return writer<family::floating>::write_reserved<O, F>(c, p, d);
  } else if constexpr (O.numbers == number_format::shortest) {
    char* start = p;
    p = writer<family::floating>::write_reserved<O, F>(c, p, d);
    if (METAJSON_UNLIKELY(p == nullptr)) return nullptr;
    if (__builtin_isfinite(d)) p = writer<family::floating>::mark_as_float(start, p);
    return p;
  } else {
    constexpr options json = [] {
      options o = O;
      o.numbers = number_format::json;
      return o;
    }();
    return writer<family::floating>::write_reserved<json, F>(c, p, d);
  }
}
template <options O, class F>
inline char* write_float_marked(write_context& c, char* p, F d) {
  p = ensure(c, p, writer<family::floating>::bound<F> + 2);
  return write_float_marked_reserved<O, F>(c, p, d);
}

}  // namespace metajson::detail

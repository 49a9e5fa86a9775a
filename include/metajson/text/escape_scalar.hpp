// The reference JSON string escaper: one byte at a time, obviously correct. Used as the oracle
// for the fast escaper (text/escape.hpp) in tests and fuzzing, and for the byte that stops a
// fast scan.
#pragma once

#include <cstddef>
#include <cstring>

#include "../detail/macros.hpp"
#include "utf8.hpp"

namespace metajson::detail {

// For each byte below 0x20 and for '"' and '\\': the letter after the backslash, or 'u' when
// JSON has no short escape (\u00XX). 0 means "no escape".
inline constexpr char escape_letter[256] = {
    'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'b', 't', 'n', 'u', 'f', 'r', 'u', 'u',  // 00-0F
    'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u',  // 10-1F
    0,   0,   '"', 0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,    // 20-2F
    0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,    // 30-3F
    0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,    // 40-4F
    0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   '\\', 0,  0,   0,    // 50-5F
};

inline constexpr char hex_digits[] = "0123456789abcdef";

// Writes the escape of an ASCII byte that needs one (escape_letter[c] != 0); returns the end.
inline char* write_escape(char* dst, unsigned char c) noexcept {
  const char l = escape_letter[c];
  dst[0] = '\\';
  dst[1] = l;
  if (l != 'u') return dst + 2;
  std::memcpy(dst + 2, "00", 2);
  dst[4] = hex_digits[c >> 4];
  dst[5] = hex_digits[c & 15];
  return dst + 6;
}

// What the escaper does with bytes >= 0x80.
enum class utf8_mode : unsigned char { validate, replace, unchecked };

// Escapes n bytes of src into dst (which has room for 6 * n bytes), without quotes.
// Returns the end, or nullptr when mode is validate and the text is not UTF-8; then *bad is
// the offset of the first invalid byte.
inline char* escape_scalar(char* dst, const char* src, std::size_t n, utf8_mode mode, std::size_t* bad) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(src);
  const auto* end = p + n;
  while (p < end) {
    const unsigned char c = *p;
    if (c < 0x80) {
      if (escape_letter[c] != 0) dst = write_escape(dst, c);
      else *dst++ = static_cast<char>(c);
      ++p;
      continue;
    }
    if (mode == utf8_mode::unchecked) {
      *dst++ = static_cast<char>(c);
      ++p;
      continue;
    }
    const utf8_step st = utf8_check_sequence(p, end);
    if (st.length > 0) {
      std::memcpy(dst, p, static_cast<std::size_t>(st.length));
      dst += st.length;
      p += st.length;
    } else if (mode == utf8_mode::replace) {
      std::memcpy(dst, "\xEF\xBF\xBD", 3);
      dst += 3;
      p += st.bad;
    } else {
      *bad = static_cast<std::size_t>(p - reinterpret_cast<const unsigned char*>(src));
      return nullptr;
    }
  }
  return dst;
}

// The scalar escaper for a string a fused escaper (escape_avx2.hpp, escape_neon.hpp) rejected:
// finds the first invalid byte (and, should the fused check ever reject valid text, still
// writes the right output).
[[gnu::cold]] METAJSON_NOINLINE inline char* escape_validate_rejected(char* dst, const char* src, std::size_t n,
                                                                     std::size_t* bad) noexcept {
  return escape_scalar(dst, src, n, utf8_mode::validate, bad);
}

}  // namespace metajson::detail

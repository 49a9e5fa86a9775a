// The escaper for the opt-in escaping options (options::escape_non_ascii, options::escape_html):
// what text/escape.hpp does, plus
//   - NonAscii: every code point >= U+0080 as \uXXXX (lower-case hex), a surrogate pair
//     (\ud83d\ude00) above U+FFFF, so the output is ASCII;
//   - Html: '<', '>', '&' as \u003c, \u003e, \u0026, and U+2028, U+2029 (line and paragraph
//     separators, which JavaScript before ES2019 does not allow in string literals) as
//     \u2028, \u2029.
// The default escaper never comes here: the writer chooses this one at compile time, so the
// options cost nothing when they are off. Runs of eight bytes that need nothing are copied
// whole (one SWAR test); everything else goes byte by byte or sequence by sequence.
//
// Output bound: at most 6 bytes per input byte (an escaped ASCII byte: 6; a 2-, 3- or 4-byte
// sequence: 6, 6 or 12; an invalid byte replaced by \ufffd: 6), within escaped_size_bound(n).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../detail/macros.hpp"
#include "escape_scalar.hpp"
#include "utf8.hpp"

namespace metajson::detail {

// Writes \uXXXX for one UTF-16 code unit; returns the end.
METAJSON_ALWAYS_INLINE char* write_u_escape(char* dst, std::uint32_t unit) noexcept {
  dst[0] = '\\';
  dst[1] = 'u';
  dst[2] = hex_digits[(unit >> 12) & 15];
  dst[3] = hex_digits[(unit >> 8) & 15];
  dst[4] = hex_digits[(unit >> 4) & 15];
  dst[5] = hex_digits[unit & 15];
  return dst + 6;
}

// Writes code point cp as \uXXXX, or as a surrogate pair above U+FFFF.
METAJSON_ALWAYS_INLINE char* write_code_point_escape(char* dst, std::uint32_t cp) noexcept {
  if (cp < 0x10000) return write_u_escape(dst, cp);
  cp -= 0x10000;
  dst = write_u_escape(dst, 0xD800 + (cp >> 10));
  return write_u_escape(dst, 0xDC00 + (cp & 0x3FF));
}

// The code point of a valid UTF-8 sequence of n (2..4) bytes.
METAJSON_ALWAYS_INLINE std::uint32_t decode_utf8(const unsigned char* p, int n) noexcept {
  if (n == 2) return (std::uint32_t{p[0]} & 0x1F) << 6 | (p[1] & 0x3F);
  if (n == 3) return (std::uint32_t{p[0]} & 0x0F) << 12 | (std::uint32_t{p[1]} & 0x3F) << 6 | (p[2] & 0x3F);
  return (std::uint32_t{p[0]} & 0x07) << 18 | (std::uint32_t{p[1]} & 0x3F) << 12 | (std::uint32_t{p[2]} & 0x3F) << 6 | (p[3] & 0x3F);
}

// Whether any of the eight bytes of w needs attention: < 0x20, >= 0x80, '"', '\\', and with
// Html '<', '>', '&'. (Each test is exact about whether some byte matches, which is all the
// caller asks.)
template <bool Html>
METAJSON_ALWAYS_INLINE bool word_needs_escape(std::uint64_t w) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
  auto has_byte = [](std::uint64_t x, unsigned char b) {
    const std::uint64_t y = x ^ (ones * b);
    return (y - ones) & ~y & high;
  };
  std::uint64_t m = (w - ones * 0x20) & ~w & high;  // some byte < 0x20
  m |= w & high;                                    // some byte >= 0x80
  m |= has_byte(w, '"') | has_byte(w, '\\');
  if constexpr (Html) m |= has_byte(w, '<') | has_byte(w, '>') | has_byte(w, '&');
  return m != 0;
}

// Escapes n bytes of src into dst (room for 6 * n bytes), without quotes. Returns the end, or
// nullptr when Mode is validate and the text is not UTF-8 (then *bad is the offset of the first
// invalid byte). With Mode replace an invalid subsequence becomes U+FFFD (\ufffd when
// NonAscii); with Mode unchecked it is copied as it is (valid sequences are still escaped).
template <utf8_mode Mode, bool NonAscii, bool Html>
inline char* escape_extended(char* dst, const char* src, std::size_t n, std::size_t* bad) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(src);
  const auto* const end = p + n;
  while (p < end) {
    while (end - p >= 8) {
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      if (word_needs_escape<Html>(w)) break;
      std::memcpy(dst, &w, 8);
      dst += 8;
      p += 8;
    }
    if (p == end) break;
    const unsigned char c = *p;
    if (c < 0x80) {
      if (escape_letter[c] != 0) dst = write_escape(dst, c);
      else if (Html && (c == '<' || c == '>' || c == '&')) dst = write_u_escape(dst, c);
      else *dst++ = static_cast<char>(c);
      ++p;
      continue;
    }
    if constexpr (Mode == utf8_mode::unchecked && !NonAscii) {
      // Only U+2028 and U+2029 (E2 80 A8, E2 80 A9) to find; every other byte is copied.
      if (c == 0xE2 && end - p >= 3 && p[1] == 0x80 && (p[2] == 0xA8 || p[2] == 0xA9)) {
        dst = write_u_escape(dst, 0x2000u + p[2] - 0x80u);
        p += 3;
      } else {
        *dst++ = static_cast<char>(c);
        ++p;
      }
      continue;
    }
    const utf8_step st = utf8_check_sequence(p, end);
    if (METAJSON_LIKELY(st.length > 0)) {
      const std::uint32_t cp = decode_utf8(p, st.length);
      if (NonAscii || (Html && (cp == 0x2028 || cp == 0x2029))) {
        dst = write_code_point_escape(dst, cp);
      } else {
        std::memcpy(dst, p, static_cast<std::size_t>(st.length));
        dst += st.length;
      }
      p += st.length;
    } else if constexpr (Mode == utf8_mode::replace) {
      if constexpr (NonAscii) {
        dst = write_u_escape(dst, 0xFFFD);
      } else {
        std::memcpy(dst, "\xEF\xBF\xBD", 3);
        dst += 3;
      }
      p += st.bad;
    } else if constexpr (Mode == utf8_mode::unchecked) {
      *dst++ = static_cast<char>(c);
      ++p;
    } else {
      *bad = static_cast<std::size_t>(p - reinterpret_cast<const unsigned char*>(src));
      return nullptr;
    }
  }
  return dst;
}

}  // namespace metajson::detail

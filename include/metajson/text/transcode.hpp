// UTF-16 and UTF-32 strings (std::u16string, std::u32string, std::wstring) to and from UTF-8.
// Strict both ways: an unpaired surrogate, a code point above U+10FFFF or a surrogate code
// point in UTF-32, and invalid UTF-8 are errors, never replaced. The tests compare these with a
// slow oracle (tests/unit/types/standard_types_test.cpp, WideStringsRoundTrip).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "utf8.hpp"

namespace metajson::detail {

// Writes code point cp (at most U+10FFFF, not a surrogate) as UTF-8 at d (room for 4 bytes);
// returns the position after it.
inline char* write_utf8(char* d, std::uint32_t cp) noexcept {
  if (cp < 0x80) {
    *d = static_cast<char>(cp);
    return d + 1;
  }
  if (cp < 0x800) {
    d[0] = static_cast<char>(0xC0 | (cp >> 6));
    d[1] = static_cast<char>(0x80 | (cp & 0x3F));
    return d + 2;
  }
  if (cp < 0x10000) {
    d[0] = static_cast<char>(0xE0 | (cp >> 12));
    d[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    d[2] = static_cast<char>(0x80 | (cp & 0x3F));
    return d + 3;
  }
  d[0] = static_cast<char>(0xF0 | (cp >> 18));
  d[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
  d[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  d[3] = static_cast<char>(0x80 | (cp & 0x3F));
  return d + 4;
}

// Appends code point cp (at most U+10FFFF, not a surrogate) as UTF-8. (The reader's escapes use
// it too.)
template <class Out>
inline void append_utf8(Out& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
    return;
  }
  char b[4];
  out.append(b, static_cast<std::size_t>(write_utf8(b, cp) - b));
}

// UTF-16 or UTF-32 code units (by the width of C) to UTF-8. Returns "" or why it cannot.
template <class C>
std::string_view to_utf8(std::basic_string_view<C> in, std::string& out) {
  out.clear();
  out.reserve(in.size());
  if constexpr (sizeof(C) == 2) {
    for (std::size_t i = 0; i < in.size(); ++i) {
      const char32_t u = static_cast<std::uint16_t>(in[i]);
      if (u >= 0xD800 && u <= 0xDBFF) {
        const char32_t lo = i + 1 < in.size() ? static_cast<std::uint16_t>(in[i + 1]) : 0;
        if (lo < 0xDC00 || lo > 0xDFFF) return "invalid UTF-16: a high surrogate without its low surrogate";
        append_utf8(out, static_cast<std::uint32_t>(0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00)));
        ++i;
      } else if (u >= 0xDC00 && u <= 0xDFFF) {
        return "invalid UTF-16: a low surrogate without its high surrogate";
      } else {
        append_utf8(out, static_cast<std::uint32_t>(u));
      }
    }
  } else {
    static_assert(sizeof(C) == 4, "code units of 2 or 4 bytes");
    for (const C c : in) {
      const auto u = static_cast<std::uint32_t>(c);
      if (u > 0x10FFFF) return "invalid UTF-32: a code unit above U+10FFFF";
      if (u >= 0xD800 && u <= 0xDFFF) return "invalid UTF-32: a surrogate code point";
      append_utf8(out, u);
    }
  }
  return {};
}

// UTF-8 to UTF-16 or UTF-32 code units (by the width of C). Returns "" or why it cannot. (The
// reader has already checked that the string is UTF-8; this checks again, as a converter must.)
template <class C>
std::string_view from_utf8(std::string_view in, std::basic_string<C>& out) {
  out.clear();
  out.reserve(in.size());
  const auto* p = reinterpret_cast<const unsigned char*>(in.data());
  const auto* const end = p + in.size();
  while (p < end) {
    char32_t cp = *p;
    int extra = 0;
    if (cp >= 0x80) {
      const utf8_step step = utf8_check_sequence(p, end);  // the reader's check
      if (step.length == 0) return "invalid UTF-8";
      extra = step.length - 1;
      cp &= 0x7Fu >> step.length;
      for (int i = 1; i <= extra; ++i) cp = (cp << 6) | (p[i] & 0x3F);
    }
    p += 1 + extra;
    if constexpr (sizeof(C) == 2) {
      if (cp >= 0x10000) {
        out += static_cast<C>(0xD800 + ((cp - 0x10000) >> 10));
        out += static_cast<C>(0xDC00 + ((cp - 0x10000) & 0x3FF));
      } else {
        out += static_cast<C>(cp);
      }
    } else {
      out += static_cast<C>(cp);
    }
  }
  return {};
}

}  // namespace metajson::detail

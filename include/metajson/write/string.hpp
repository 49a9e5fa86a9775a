// Strings and characters: quoted, escaped, UTF-8 checked per options.utf8. With
// options.escape_non_ascii or escape_html, text/escape_extended.hpp escapes instead.
#pragma once

#include <cstring>
#include <string>
#include <string_view>

#include "../detail/bytes.hpp"
#include "../family/policy.hpp"
#include "../text/escape.hpp"
#include "../text/escape_extended.hpp"
#include "dispatch.hpp"

namespace metajson::detail {

template <options O>
inline constexpr utf8_mode utf8_mode_of = O.utf8 == utf8_policy::validate  ? utf8_mode::validate
                                          : O.utf8 == utf8_policy::replace ? utf8_mode::replace
                                                                           : utf8_mode::unchecked;

// Reports the invalid byte at offset bad of s. Out of line and cold, so that building the
// message does not weigh on the frame of every string write.
[[gnu::cold]] METAJSON_NOINLINE inline char* fail_invalid_utf8(write_context& c, std::string_view s, std::size_t bad) {
  return c.fail(error_code::invalid_utf8, "byte 0x" + std::string(1, hex_digits[static_cast<unsigned char>(s[bad]) >> 4]) +
                                              hex_digits[static_cast<unsigned char>(s[bad]) & 15] + " at offset " +
                                              std::to_string(bad) + " of the string");
}

// Writes a quoted, escaped string at p, which has escaped_size_bound(n) + 2 bytes of room.
template <options O>
METAJSON_ALWAYS_INLINE char* write_quoted(write_context& c, char* p, std::string_view s) {
  *p++ = '"';
  std::size_t bad = 0;
  if constexpr (O.escape_non_ascii || O.escape_html) {
    p = escape_extended<utf8_mode_of<O>, O.escape_non_ascii, O.escape_html>(p, s.data(), s.size(), &bad);
  } else {
    p = escape<utf8_mode_of<O>>(p, s.data(), s.size(), &bad);
  }
  if (METAJSON_UNLIKELY(p == nullptr)) return fail_invalid_utf8(c, s, bad);
  *p++ = '"';
  return p;
}

// A string the reader found plain (no escape, no control byte, UTF-8 checked by stage 1: the
// dynamic value's and the document's strings carry that mark) is copied between quotes, unless
// the options escape more than JSON must; another is escaped and checked as write_quoted does.
// `after`: bytes of room to make after it.
template <options O>
inline constexpr bool copy_plain_strings = !O.escape_non_ascii && !O.escape_html;
template <options O>
METAJSON_ALWAYS_INLINE char* write_marked_string(write_context& c, char* p, std::string_view s, bool plain, std::size_t after) {
  if (copy_plain_strings<O> && plain) {
    p = ensure(c, p, s.size() + 2 + after);
    *p = '"';
    if (METAJSON_LIKELY(s.size() <= 64)) copy_short(p + 1, s.data(), s.size());
    else std::memcpy(p + 1, s.data(), s.size());
    p[s.size() + 1] = '"';
    return p + s.size() + 2;
  }
  p = ensure(c, p, escaped_size_bound(s.size()) + 2 + after);
  return write_quoted<O>(c, p, s);
}

template <>
struct writer<family::string> {
  template <options O, class T>
  static std::size_t reserve(const T& v) {
    if constexpr (std::is_pointer_v<T>) {
      if (v == nullptr) return 4;
    }
    return escaped_size_bound(string_bytes(v).size()) + 2;
  }
  template <options O, class T>
  static char* write_reserved(write_context& c, char* p, const T& v) {
    if constexpr (std::is_pointer_v<T>) {
      if (v == nullptr) {
        std::memcpy(p, "null", 4);
        return p + 4;
      }
    }
    return write_quoted<O>(c, p, string_bytes(v));
  }
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) { return write_checked<writer, O>(c, p, v); }
};

// A char is a one-character string. A byte >= 0x80 alone is not UTF-8, so it follows
// options.utf8 like any invalid string.
template <>
struct writer<family::character> {
  template <options O, class T> static constexpr std::size_t max_size = escape_slack + 8;
  template <options O, class T> static std::size_t reserve(const T&) { return escape_slack + 8; }
  template <options O, class T>
  static char* write_reserved(write_context& c, char* p, const T& v) {
    const char ch = static_cast<char>(v);
    return write_quoted<O>(c, p, std::string_view(&ch, 1));
  }
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) { return write_checked<writer, O>(c, p, v); }
};

}  // namespace metajson::detail

// Segments of a JSON path ($.statuses[3].user["screen name"]), shared by the writer and the
// reader. Called only after an error: nothing here runs on the success path.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace metajson::detail {

// The length of the well-formed UTF-8 sequence at k[i] (RFC 3629: no overlong forms, no
// surrogates, nothing past U+10FFFF), 0 when the bytes there are not one.
inline std::size_t utf8_sequence_at(std::string_view k, std::size_t i) noexcept {
  const auto b = [&](std::size_t j) { return j < k.size() ? static_cast<unsigned char>(k[j]) : 0u; };
  const unsigned c = b(i);
  const auto cont = [&](std::size_t j) { return (b(j) & 0xC0u) == 0x80u; };
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return cont(i + 1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    const unsigned lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    return b(i + 1) >= lo && b(i + 1) <= hi && cont(i + 2) ? 3 : 0;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    const unsigned lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    return b(i + 1) >= lo && b(i + 1) <= hi && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}

// ".name" for identifier-like keys, ["any \"key\""] otherwise: `"` and `\` escaped, control
// characters as JSON escapes them (\n, \u001f), and bytes that are not UTF-8 as \xFF, so a
// message never carries raw bytes of a malformed key.
inline std::string key_segment(std::string_view k) {
  bool ident = !k.empty() && !(k[0] >= '0' && k[0] <= '9');
  for (char ch : k) ident = ident && ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_');
  if (ident) return "." + std::string(k);
  constexpr char hex[] = "0123456789abcdef", upper[] = "0123456789ABCDEF";
  std::string s = "[\"";
  for (std::size_t i = 0; i < k.size();) {
    const auto ch = static_cast<unsigned char>(k[i]);
    const std::size_t n = utf8_sequence_at(k, i);
    if (n == 0) {
      s += "\\x";
      s += upper[ch >> 4];
      s += upper[ch & 15];
      ++i;
      continue;
    }
    if (ch < 0x20) {
      switch (ch) {
        case '\n': s += "\\n"; break;
        case '\r': s += "\\r"; break;
        case '\t': s += "\\t"; break;
        case '\b': s += "\\b"; break;
        case '\f': s += "\\f"; break;
        default: s += "\\u00", s += hex[ch >> 4], s += hex[ch & 15];
      }
    } else {
      if (ch == '"' || ch == '\\') s += '\\';
      s.append(k.data() + i, n);
    }
    i += n;
  }
  return s + "\"]";
}

inline std::string index_segment(std::size_t i) { return "[" + std::to_string(i) + "]"; }

}  // namespace metajson::detail

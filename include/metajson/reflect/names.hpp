// Compile-time string helpers for reflection: case styles and JSON escaping of keys.
// Compile-time code only (constexpr rather than consteval, so that C++23 compilers without
// P2564 can call it from the lambdas that compute static strings); nothing here runs at run time.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "../customize.hpp"

namespace metajson::detail::reflect {

// Not constexpr on purpose: calling it during constant evaluation stops compilation, and the
// compiler's message names this function, which says what is wrong. (A `throw` would do the
// same, but not under -fno-exceptions.)
void error_a_key_or_enumerator_name_is_not_valid_utf8();

// A std::string from a static string, without std::string(const char*)'s null check, which is
// not a constant expression under -fsanitize=undefined.
constexpr std::string static_string(const char* s) {
  std::string out;
  for (; *s != '\0'; ++s) out += *s;
  return out;
}

constexpr bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr char to_lower(char c) { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }
constexpr char to_upper(char c) { return is_lower(c) ? static_cast<char>(c - 'a' + 'A') : c; }

// s with every run of characters outside [A-Za-z0-9_] replaced by one '_' (none at the end):
// type names as identifiers, in both reflection backends.
constexpr std::string identifier_chars(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (is_upper(c) || is_lower(c) || is_digit(c) || c == '_') out += c;
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

// Splits an identifier into lower-case words: at '_' and '-', between a lower-case letter or
// digit and an upper-case letter, and before the last capital of an acronym followed by a
// lower-case letter ("HTTPServer" -> http, server; "userID" -> user, id).
constexpr std::vector<std::string> split_words(std::string_view id) {
  std::vector<std::string> words;
  std::string cur;
  for (std::size_t i = 0; i < id.size(); ++i) {
    const char c = id[i];
    if (c == '_' || c == '-') {
      if (!cur.empty()) words.push_back(cur), cur.clear();
      continue;
    }
    if (!cur.empty() && is_upper(c)) {
      const char prev = id[i - 1];
      const bool next_lower = i + 1 < id.size() && is_lower(id[i + 1]);
      if (is_lower(prev) || is_digit(prev) || (is_upper(prev) && next_lower)) words.push_back(cur), cur.clear();
    }
    cur += to_lower(c);
  }
  if (!cur.empty()) words.push_back(cur);
  return words;
}

// Renders an identifier in a case style.
constexpr std::string apply_case(std::string_view id, case_style style) {
  const auto words = split_words(id);
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string w = words[i];
    switch (style) {
      case case_style::snake: if (i) out += '_'; break;
      case case_style::kebab: if (i) out += '-'; break;
      case case_style::screaming_snake:
        if (i) out += '_';
        for (auto& ch : w) ch = to_upper(ch);
        break;
      case case_style::camel: if (i) w[0] = to_upper(w[0]); break;
      case case_style::pascal: w[0] = to_upper(w[0]); break;
    }
    out += w;
  }
  return out;
}

// Extra escaping of compile-time names (keys, enumerator names, variant tags), from the
// writer's options::escape_non_ascii and options::escape_html.
enum class name_escapes : unsigned char {
  none = 0,
  non_ascii = 1,  // every code point >= U+0080 as \uXXXX (surrogate pairs above U+FFFF)
  html = 2,       // '<', '>', '&', U+2028, U+2029 as \u escapes
  both = 3,
};
constexpr bool has(name_escapes set, name_escapes e) {
  return (static_cast<unsigned>(set) & static_cast<unsigned>(e)) != 0;
}

constexpr void append_u_escape(std::string& out, unsigned unit) {
  constexpr char hex[] = "0123456789abcdef";
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += hex[(unit >> shift) & 15];
}

// JSON-escapes a compile-time string (a key or an enumerator name) and checks it is UTF-8.
constexpr std::string escape_json(std::string_view s, name_escapes esc = name_escapes::none) {
  constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else if (c >= 0x80) {
          // A key or enumerator name given at compile time must be UTF-8: copy (or escape)
          // the sequence whole after checking it.
          const std::size_t len = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0;
          if (len == 0 || i + len > s.size()) error_a_key_or_enumerator_name_is_not_valid_utf8();
          unsigned cp = len == 2 ? c & 0x1Fu : len == 3 ? c & 0x0Fu : c & 0x07u;
          for (std::size_t k = 1; k < len; ++k) {
            const auto b = static_cast<unsigned char>(s[i + k]);
            if ((b & 0xC0) != 0x80) error_a_key_or_enumerator_name_is_not_valid_utf8();
            cp = cp << 6 | (b & 0x3Fu);
          }
          if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10FFFF ||
              (cp >= 0xD800 && cp <= 0xDFFF))
            error_a_key_or_enumerator_name_is_not_valid_utf8();
          if (has(esc, name_escapes::non_ascii) || (has(esc, name_escapes::html) && (cp == 0x2028 || cp == 0x2029))) {
            if (cp < 0x10000) {
              append_u_escape(out, cp);
            } else {
              append_u_escape(out, 0xD800 + ((cp - 0x10000) >> 10));
              append_u_escape(out, 0xDC00 + ((cp - 0x10000) & 0x3FF));
            }
          } else {
            out += s.substr(i, len);
          }
          i += len - 1;
        } else if (has(esc, name_escapes::html) && (c == '<' || c == '>' || c == '&')) {
          append_u_escape(out, c);
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

}  // namespace metajson::detail::reflect

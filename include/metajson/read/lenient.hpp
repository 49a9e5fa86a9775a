// Lenient input, opt-in (options::allow_comments, options::allow_trailing_commas): the text is
// copied and its comments and trailing commas are blanked out (replaced by spaces; the line
// ends inside a block comment are kept), then the copy is read by the strict reader. Offsets,
// lines and columns in the copy are those of the text, so every error points where it should;
// the strict reader, its index pass and its checks are untouched, which is why these options
// cost nothing when they are off. (options::allow_nonfinite needs no copy: the number readers
// take NaN and Infinity themselves.)
//
// The pass follows the lexical grammar only: outside strings, `//` runs to the end of the line
// ('\n' or '\r') and `/*` to the next `*/`; a string runs from its quote to the next quote not
// escaped by an odd number of backslashes. A trailing comma is a ',' that follows a value (not
// '[', '{', ',' or ':', nor the start of the text) and comes, whitespace and comments aside,
// right before ']' or '}'. Everything else, including every error in the JSON itself, is left
// for the strict reader to find and word.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

#include "../options.hpp"
#include "../text/utf8.hpp"
#include "input.hpp"

namespace metajson::detail {

// Whether the reader reads a prepared copy of the text instead of the text itself.
template <options O>
inline constexpr bool reads_prepared_copy = O.allow_comments || O.allow_trailing_commas;

// O for reading the prepared copy where nothing points into it (validate).
template <options O>
consteval options without_prepared_copy() {
  options s = O;
  s.allow_comments = false;
  s.allow_trailing_commas = false;
  return s;
}

// The end of the string whose opening quote is at p: after its closing quote, or end.
inline const char* lenient_string_end(const char* p, const char* end) noexcept {
  const char* q = p + 1;
  for (;;) {
    const void* hit = std::memchr(q, '"', static_cast<std::size_t>(end - q));
    if (!hit) return end;
    const char* quote = static_cast<const char*>(hit);
    const char* b = quote;
    while (b > p + 1 && b[-1] == '\\') --b;
    if (((quote - b) & 1) == 0) return quote + 1;  // an even run of backslashes: not escaped
    q = quote + 1;
  }
}

// Blanks the comments (with O.allow_comments) and trailing commas (O.allow_trailing_commas) of
// the text [c.begin, c.end) in `out`, a copy of it. False with c's error set when a comment is
// broken: `/*` without `*/`, a '/' that starts no comment, invalid UTF-8 in a comment (under
// utf8_policy::validate; a syntax error, not invalid_utf8, which is about strings).
template <options O>
bool prepare_lenient(read_context& c, std::string& out) {
  out.assign(c.begin, c.end);
  char* const s = out.data();
  const std::size_t n = out.size();
  const auto place = [&](std::size_t i) { return c.begin + i; };  // errors point into the text
  std::size_t i = 0;
  char last = '\0';                  // the last byte outside strings and comments, not whitespace
  std::size_t comma = std::string::npos;  // a comma that is trailing if a closer comes next
  while (i < n) {
    const char ch = s[i];
    switch (ch) {
      case ' ':
      case '\t':
      case '\n':
      case '\r': ++i; continue;
      case '"': {
        comma = std::string::npos;
        last = '"';
        i = static_cast<std::size_t>(lenient_string_end(s + i, s + n) - s);
        continue;
      }
      case '/': {
        if constexpr (O.allow_comments) {
          std::size_t text_from = i + 2, text_to, next;
          if (i + 1 < n && s[i + 1] == '/') {
            text_to = text_from;
            while (text_to < n && s[text_to] != '\n' && s[text_to] != '\r') ++text_to;
            next = text_to;
          } else if (i + 1 < n && s[i + 1] == '*') {
            const std::size_t close = std::string_view(s, n).find("*/", text_from);
            if (close == std::string_view::npos) {
              c.fail(error_code::unexpected_end, c.end, "in a /* comment: no */ closes it");
              return false;
            }
            text_to = close;
            next = close + 2;
          } else {
            c.fail(error_code::syntax_error, place(i), "'/' starts no comment: expected // or /*");
            return false;
          }
          if constexpr (O.utf8 == utf8_policy::validate) {
            const std::size_t bad = utf8_first_invalid(s + text_from, text_to - text_from);
            if (bad != text_to - text_from) {
              c.fail(error_code::syntax_error, place(text_from + bad), "invalid UTF-8 in a comment");
              return false;
            }
          }
          for (std::size_t j = i; j < next; ++j)
            if (s[j] != '\n' && s[j] != '\r') s[j] = ' ';
          i = next;
          continue;  // a comment is whitespace: `last` and a pending comma stay
        }
        break;  // a stray '/': the strict reader words it
      }
      case ',': {
        const bool after_value = last != '\0' && last != '[' && last != '{' && last != ',' && last != ':';
        comma = O.allow_trailing_commas && after_value ? i : std::string::npos;
        last = ',';
        ++i;
        continue;
      }
      case ']':
      case '}': {
        if (comma != std::string::npos) s[comma] = ' ';
        comma = std::string::npos;
        last = ch;
        ++i;
        continue;
      }
      default: break;
    }
    comma = std::string::npos;
    last = ch;
    ++i;
  }
  return true;
}

}  // namespace metajson::detail

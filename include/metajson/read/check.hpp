// The per-token checker: RFC 8259 byte by byte, without the index. It is the reference the
// indexed reader is held to (the tests compare their verdicts), and the one place that words
// syntax errors: when the indexed reader meets one (read/cursor.hpp, fail_checked), the driver
// asks this checker for the first error of the document, which is the same one, and reports
// it with the typed reader's path (from_json.hpp). Strings (escapes, UTF-8), numbers
// (grammar), literals, nesting (depth limit) are all checked.
#pragma once

#include "number.hpp"
#include "string.hpp"

namespace metajson::detail {

template <options O>
inline const char* check_value(read_context& c, const char* p);

template <options O>
inline const char* check_container(read_context& c, const char* p) {
  const char open = *p;
  const char close = open == '{' ? '}' : ']';
  if (!enter<O>(c, p)) return nullptr;
  p = skip_ws(p + 1, c.end);
  if (p < c.end && *p == close) {
    --c.depth;
    return p + 1;
  }
  for (;;) {
    if (open == '{') {
      if (p >= c.end || *p != '"') return expected(c, p, "a string key");
      p = check_string<O>(c, p);
      if (!p) return nullptr;
      p = skip_ws(p, c.end);
      if (p >= c.end || *p != ':') return expected(c, p, "':'");
      p = skip_ws(p + 1, c.end);
    }
    p = check_value<O>(c, p);
    if (!p) return nullptr;
    p = skip_ws(p, c.end);
    if (p < c.end && *p == ',') {
      p = skip_ws(p + 1, c.end);
      if (METAJSON_UNLIKELY(p < c.end && (*p == ']' || *p == '}'))) {
        const bool first = c.code == error_code::ok;
        expected(c, p, open == '{' ? "a string key" : "a value");
        if (first) c.detail += trailing_comma_hint;
        return nullptr;
      }
      continue;
    }
    if (p < c.end && *p == close) {
      --c.depth;
      return p + 1;
    }
    return expected(c, p, open == '{' ? "',' or '}'" : "',' or ']'");
  }
}

template <options O>
inline const char* check_value(read_context& c, const char* p) {
  if (METAJSON_UNLIKELY(p >= c.end)) return c.fail(error_code::unexpected_end, p, "expected a value");
  switch (*p) {
    case '"': return check_string<O>(c, p);
    case '{':
    case '[': return check_container<O>(c, p);
    case 't': return read_literal(c, p, "true", "value");
    case 'f': return read_literal(c, p, "false", "value");
    case 'n': return read_literal(c, p, "null", "value");
    default: {
      if constexpr (O.allow_nonfinite) {  // NaN, Infinity, -Infinity
        if (*p == 'N') return read_literal(c, p, "NaN", "value");
        if (*p == 'I') return read_literal(c, p, "Infinity", "value");
        if (*p == '-' && c.end - p > 1 && p[1] == 'I') return read_literal(c, p, "-Infinity", "value");
      }
      if (!(is_digit(*p) || *p == '-')) return expected(c, p, "a value");
      return scan_number(c, p).end;
    }
  }
}

}  // namespace metajson::detail

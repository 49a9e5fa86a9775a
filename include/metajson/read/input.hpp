// The reader's state: the input, the index cursor (read/cursor.hpp), the error, and the path,
// which is built only on failure; and what the per-token checker (read/check.hpp) and the
// conversions of numbers and strings share: positions in the input, `const char* p`, which
// they take at the first byte of a value and return just past it, or nullptr after an error,
// the mirror of the writer's convention. Nothing ever reads at or past `end`: every access is
// checked, so the input needs no padding and no terminating NUL.
#pragma once

#include <bit>
#include <cstdint>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../detail/ablation.hpp"
#include "../detail/endian.hpp"
#include "../detail/macros.hpp"
#include "../detail/path.hpp"
#include "../error.hpp"
#include "../index/stage1.hpp"
#include "../options.hpp"
#include "../simd/config.hpp"
#include "../text/scan.hpp"

namespace metajson::detail {

struct read_context {
  const char* begin = nullptr;
  const char* end = nullptr;
  // The index (read/cursor.hpp): entries' kinds and offsets from base, filled up to limit.
  const char* kinds = nullptr;
  const std::uint32_t* pos = nullptr;
  const char* limit = nullptr;
  const char* base = nullptr;
  std::size_t capacity = 0;     // entries
  std::size_t first_entry = 0;  // the number of kinds[0] in the document's entries
  std::size_t pinned = ~std::size_t{0};
  index::stage1_state stage1;
  index::fill_fn fill = nullptr;
  std::unique_ptr<char8_t[]> heap_kinds;  // the buffer, when pins made it grow
  std::unique_ptr<std::uint32_t[]> heap_pos;
  index::backslash_record backslashes;               // stage 1's record of the blocks with a backslash
  std::unique_ptr<unsigned char[]> heap_backslash;  // a large document's backslash record (read/cursor.hpp)
  std::size_t heap_backslash_bytes = 0;             // its size
  std::uint32_t depth = 0;
  error_code code = error_code::ok;
  const char* where = nullptr;     // the byte the error is about
  std::string detail;              // set on error only
  std::vector<std::string> path;   // innermost first; set on error only
  std::string scratch;             // escaped keys are unescaped here
  // The elements of a vector of trivially copyable values (numbers, std::array of numbers)
  // are read here, then copied into the vector at its final size: one allocation per vector
  // instead of one per doubling (read/sequence.hpp). Grows by doubling, lives for one read.
  std::unique_ptr<unsigned char[]> elements;
  std::size_t elements_capacity = 0;  // bytes
  bool elements_busy = false;         // a vector is being read into it

  bool recheck = false;             // the error's wording is the per-token checker's

  METAJSON_NOINLINE std::nullptr_t fail(error_code e, const char* at, std::string why = {}) {
    if (code == error_code::ok) {
      code = e;
      where = at;
      detail = std::move(why);
    }
    return nullptr;
  }
  // A syntax error at or after `at` that the per-token checker describes (read/check.hpp,
  // from_json.hpp): stage 1's findings, and the grammar of numbers and literals.
  METAJSON_NOINLINE std::nullptr_t fail_checked(const char* at) {
    if (code == error_code::ok) recheck = true;
    return fail(error_code::syntax_error, at);
  }
  // Forgets an error (a variant trying its next alternative).
  void clear_error() {
    code = error_code::ok;
    where = nullptr;
    detail.clear();
    path.clear();
    recheck = false;
  }
};

// What the byte at p starts, in words: "string", "number", "end of input", "'x'".
inline std::string nonfinite_found(std::string_view token) {
  return "'" + std::string(token) + "' (not JSON: floating-point members read it with options::allow_nonfinite)";
}
// The most bytes describe_found looks at from p ("-Infinity"): a reader that holds only part of
// the input (io/read_stream.hpp) has this many in memory, or all there are, before it asks, so that
// an error is worded from the same bytes however the input arrived.
inline constexpr std::size_t found_max_bytes = 9;

inline std::string describe_found(const read_context& c, const char* p) {
  if (p >= c.end) return "end of input";
  // Only these bytes are looked at (found_max_bytes): the words depend on nothing further.
  const auto left = static_cast<std::size_t>(c.end - p);
  const std::string_view rest(p, left < found_max_bytes ? left : found_max_bytes);
  switch (rest[0]) {
    case '"': return "string";
    case '{': return "object";
    case '[': return "array";
    case 't':
    case 'f':
    case 'n':
      // A letter names a literal only if the whole literal is there: `{name:1}` is not null.
      if (rest.starts_with(rest[0] == 't' ? "true" : rest[0] == 'f' ? "false" : "null")) return rest[0] == 'n' ? "null" : "boolean";
      return std::string("'") + rest[0] + "'";
    case '-':
      if (rest.starts_with("-Infinity")) return nonfinite_found("-Infinity");
      return "number";
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
      return "number";
    case 'N':
    case 'I':  // JavaScript's and Python's spelling of NaN and infinity
      if (rest.starts_with("NaN")) return nonfinite_found("NaN");
      if (rest.starts_with("Infinity")) return nonfinite_found("Infinity");
      return std::string("'") + rest[0] + "'";
    case '/':
      if (rest.starts_with("//") || rest.starts_with("/*")) return "'/' (a comment: options::allow_comments reads them)";
      return "'/'";
    default: {
      const auto u = static_cast<unsigned char>(rest[0]);
      if (u < 0x20 || u >= 0x7f) {
        const char* hex = "0123456789abcdef";
        return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
      }
      return std::string("'") + rest[0] + "'";
    }
  }
}
static_assert(std::string_view("-Infinity").size() == found_max_bytes);

// Said after an error at a ']' or '}' that follows a ','.
inline constexpr std::string_view trailing_comma_hint = " (a trailing comma: options::allow_trailing_commas reads them)";

// error: "expected <what>, found <what is at p>".
METAJSON_NOINLINE inline std::nullptr_t expected(read_context& c, const char* p, std::string_view what) {
  if (p >= c.end) return c.fail(error_code::unexpected_end, p, "expected " + std::string(what));
  const std::string found = describe_found(c, p);
  const bool is_value = found[0] != '\'' && found.rfind("byte", 0) != 0;
  return c.fail(is_value ? error_code::type_mismatch : error_code::syntax_error, p,
                "expected " + std::string(what) + ", found " + found);
}

// Appends a path segment while an error unwinds (never on success).
METAJSON_NOINLINE inline std::nullptr_t push_read_index(read_context& c, std::size_t i) {
  c.path.push_back(index_segment(i));
  return nullptr;
}
METAJSON_NOINLINE inline std::nullptr_t push_read_key(read_context& c, std::string_view k) {
  c.path.push_back(key_segment(k));
  return nullptr;
}

METAJSON_ALWAYS_INLINE bool is_ws(char ch) noexcept { return ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t'; }

// Skips JSON whitespace. Compact JSON has none, so the first test usually decides; a single
// space (after ':' in pretty output) is the next most common case. Then indentation: runs of
// spaces are counted eight bytes at a time in a general register (the XOR with eight spaces is
// zero exactly on the spaces, so the first nonzero byte is the first non-space), inline and
// with a single constant: SIMD compares inlined at every call site made GCC load their four
// constants at the entry of each reading function, on every call. Anything else (a tab, a
// second newline, the end of the input) goes to the SIMD scan out of line.
METAJSON_ALWAYS_INLINE const char* skip_ws(const char* p, const char* end) noexcept {
  if (METAJSON_LIKELY(p < end && !is_ws(*p))) return p;
  if (p < end) ++p;
  if (METAJSON_LIKELY(p < end && !is_ws(*p))) return p;
  if constexpr (!ablation::no_simd_read && !ablation::no_inline_indent) {
    while (end - p >= 8) {
      std::uint64_t w = load_le<std::uint64_t>(p);
      w ^= 0x2020202020202020ull;
      if (w != 0) {
        p += std::countr_zero(w) >> 3;
        if (METAJSON_LIKELY(!is_ws(*p))) return p;
        break;
      }
      p += 8;
    }
  }
  return find_non_whitespace(p, end);
}

// Checks the literal (null, true, false) at p.
template <std::size_t N>
METAJSON_ALWAYS_INLINE const char* read_literal(read_context& c, const char* p, const char (&lit)[N], std::string_view what) {
  constexpr std::size_t n = N - 1;
  if (METAJSON_LIKELY(static_cast<std::size_t>(c.end - p) >= n && std::memcmp(p, lit, n) == 0)) return p + n;
  // Name the problem: a broken literal is a syntax error, another value a type mismatch.
  if (p < c.end && *p == lit[0]) {
    const char* q = p;
    while (q < c.end && q - p < static_cast<std::ptrdiff_t>(n) && *q == lit[q - p]) ++q;
    if (q == c.end) return c.fail(error_code::unexpected_end, q, "in literal " + std::string(lit));
    return c.fail(error_code::syntax_error, q, "invalid literal, expected " + std::string(lit));
  }
  return expected(c, p, what);
}

}  // namespace metajson::detail

// An independent RFC 8259 validator, for the tests only: the oracle that validate(),
// from<metajson::value> and any new reader stage are held to.
//
// Written to be obviously right rather than fast: plain recursive descent over the grammar of
// RFC 8259 (sections 2-7), one byte at a time, no SIMD, no tables, and no code shared with
// include/ (it includes nothing from metajson). Strings are checked as UTF-8 per the table of
// RFC 3629 section 4. Where RFC 8259 leaves a choice to the implementation, it makes
// metajson's documented default choice, so that verdicts can be compared one for one:
//   - nesting: at most `max_depth` arrays/objects open at once (default 1024, as
//     metajson::options::max_depth); the bracket that would open one more is the error;
//   - unpaired UTF-16 surrogate escapes (`"\ud800"`) are errors (section 8.2 allows it;
//     metajson rejects them);
//   - a byte order mark is not skipped (section 8.1: a parser MAY ignore it);
//   - numbers: any grammatical number is accepted (section 6 lets a parser limit range, and
//     validate() does not). Whether a number fits a double is reported apart
//     (`first_overflow`), by this file's own check, because from<metajson::value> refuses those.
//
// The first error is reported at a position defined by the grammar, not by any
// implementation: `offset` is the length of the longest prefix of the input that some valid
// JSON text (within max_depth) begins with, i.e. the first byte that no valid text could have
// there (the input's size when it ends too early). The one rule beyond the grammar, surrogate
// pairing, is judged on whole \u escapes: the error is at the byte after the escape that breaks
// the pair. `token` is the start of the string, number or literal that byte is in or directly
// follows (== offset for any other error), so a reader that reports errors at the start of the
// bad token, or of the bad escape or UTF-8 sequence in a string, is within [token, offset].
//
//   reference::verdict v = reference::check(text);      // v.ok, v.offset, v.token, v.why
//   bool ok = reference::accepts(text);
#pragma once

#include <metajson/value.hpp>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

// Where the reference reads gigabytes in a sanitizer build (the hostile-input test), define
// REFERENCE_VALIDATOR_UNINSTRUMENTED: ASan and UBSan are there for metajson, and leaving the
// oracle's own code uninstrumented makes it several times faster there. Every other test runs it
// instrumented.
#if defined(REFERENCE_VALIDATOR_UNINSTRUMENTED)
#define REFERENCE_VALIDATOR_CODE __attribute__((no_sanitize("address", "undefined")))
#else
#define REFERENCE_VALIDATOR_CODE
#endif

namespace reference {

inline constexpr std::size_t npos = static_cast<std::size_t>(-1);

enum class fault {
  none,
  empty,     // no value (only whitespace, or nothing)
  syntax,    // a byte that cannot come here: a structural character, a literal, a value start
  number,    // a number broken off against the grammar (`-`, `1.`, `1e+`)
  string,    // a raw control character, or the input ends inside a string
  escape,    // a backslash sequence that is not one of RFC 8259's, or an unpaired surrogate
  utf8,      // a byte that RFC 3629's table does not allow here
  depth,     // more than max_depth arrays/objects open
  trailing,  // something other than whitespace after the value
};

inline const char* fault_name(fault f) {
  switch (f) {
    case fault::none: return "none";
    case fault::empty: return "empty";
    case fault::syntax: return "syntax";
    case fault::number: return "number";
    case fault::string: return "string";
    case fault::escape: return "escape";
    case fault::utf8: return "utf8";
    case fault::depth: return "depth";
    case fault::trailing: return "trailing";
  }
  return "?";
}

struct options {
  std::size_t max_depth = 1024;
  // The lenient extensions (metajson's options of the same names; verdicts only: where the
  // first error of a lenient text is, is not defined above):
  bool comments = false;         // `// ...` to '\n' or '\r', `/* ... */` (UTF-8 text) as whitespace
  bool trailing_commas = false;  // one ',' after the last element or member
  bool nonfinite = false;        // NaN, Infinity, -Infinity as values
};

struct verdict {
  bool ok = false;
  fault why = fault::none;
  std::size_t offset = npos;  // first error (see above); npos when ok
  std::size_t token = npos;   // start of the token the error is in or follows; npos when ok
  std::size_t depth = 0;      // deepest nesting reached before the end or the error
  // The first number (its offset) whose value, correctly rounded, is beyond the largest double,
  // and the first integer (no fraction, no exponent) outside [-2^63, 2^64 - 1]; both npos when
  // none. Only numbers before the first error are seen.
  std::size_t first_overflow = npos;
  std::size_t first_wide_integer = npos;
  explicit operator bool() const { return ok; }
};

// --- numbers -------------------------------------------------------------------------------

// RFC 8259 section 6: number = [ minus ] int [ frac ] [ exp ]. The length of the number that
// starts at s[at], following the grammar as far as it goes; `complete` says whether that is a
// whole number (false for `-`, `1.`, `1e`, `1e+`: the byte at at + length is then the error).
struct number_match {
  std::size_t length = 0;
  bool complete = false;
};

REFERENCE_VALIDATOR_CODE inline bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

REFERENCE_VALIDATOR_CODE inline number_match match_number(std::string_view text, std::size_t at) {
  // Plain pointer arithmetic throughout the checker (no string_view members in the loops), so
  // that REFERENCE_VALIDATOR_UNINSTRUMENTED leaves no instrumented call per byte.
  const char* const s = text.data();
  const std::size_t n = text.size();
  std::size_t i = at;
#define REFERENCE_MORE (i < n)
#define REFERENCE_CUR (static_cast<unsigned char>(s[i]))
  if (REFERENCE_MORE && REFERENCE_CUR == '-') ++i;
  if (!REFERENCE_MORE || !is_digit(REFERENCE_CUR)) return {i - at, false};
  if (REFERENCE_CUR == '0') {
    ++i;  // int = zero / ( digit1-9 *DIGIT ): nothing may follow a leading zero
  } else {
    while (REFERENCE_MORE && is_digit(REFERENCE_CUR)) ++i;
  }
  if (REFERENCE_MORE && REFERENCE_CUR == '.') {
    ++i;
    if (!REFERENCE_MORE || !is_digit(REFERENCE_CUR)) return {i - at, false};
    while (REFERENCE_MORE && is_digit(REFERENCE_CUR)) ++i;
  }
  if (REFERENCE_MORE && (REFERENCE_CUR == 'e' || REFERENCE_CUR == 'E')) {
    ++i;
    if (REFERENCE_MORE && (REFERENCE_CUR == '+' || REFERENCE_CUR == '-')) ++i;
    if (!REFERENCE_MORE || !is_digit(REFERENCE_CUR)) return {i - at, false};
    while (REFERENCE_MORE && is_digit(REFERENCE_CUR)) ++i;
  }
#undef REFERENCE_MORE
#undef REFERENCE_CUR
  return {i - at, true};
}

// True when `token` (a whole number per match_number) rounds to infinity as a double: its
// magnitude 10^M (M = position of its first non-zero digit) decides, and only for M == 308,
// where the largest double (1.797...e308) lies, the C library's correctly rounded strtod.
REFERENCE_VALIDATOR_CODE inline bool overflows_double(std::string_view token) {
  const char* const t = token.data();
  const std::size_t n = token.size();
  std::size_t i = 0;
  if (i < n && t[i] == '-') ++i;
  std::int64_t int_digits = 0, first_nonzero = -1, digit_index = 0;
  for (; i < n && is_digit(static_cast<unsigned char>(t[i])); ++i, ++int_digits, ++digit_index)
    if (first_nonzero < 0 && t[i] != '0') first_nonzero = digit_index;
  if (i < n && t[i] == '.')
    for (++i; i < n && is_digit(static_cast<unsigned char>(t[i])); ++i, ++digit_index)
      if (first_nonzero < 0 && t[i] != '0') first_nonzero = digit_index;
  std::int64_t exp = 0;
  if (i < n && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    bool negative = false;
    if (t[i] == '+' || t[i] == '-') negative = t[i++] == '-';
    constexpr std::int64_t cap = std::int64_t{1} << 40;  // far beyond any double, no overflow
    for (; i < n; ++i) exp = exp >= cap ? cap : exp * 10 + (t[i] - '0');
    if (negative) exp = -exp;
  }
  if (first_nonzero < 0) return false;  // zero
  const std::int64_t magnitude = int_digits - 1 - first_nonzero + exp;  // value in [10^M, 10^(M+1))
  if (magnitude >= 309) return true;
  if (magnitude <= 307) return false;
  errno = 0;
  const double d = std::strtod(std::string(token).c_str(), nullptr);
  return std::isinf(d);
}

// True when `token` is an integer (no fraction, no exponent) outside [-2^63, 2^64 - 1].
REFERENCE_VALIDATOR_CODE inline bool wide_integer(std::string_view token) {
  const char* t = token.data();
  std::size_t n = token.size();
  for (std::size_t i = 0; i < n; ++i)
    if (t[i] == '.' || t[i] == 'e' || t[i] == 'E') return false;
  const bool negative = n > 0 && t[0] == '-';
  if (negative) ++t, --n;  // the digits, without leading zeros (grammar)
  const char* const limit = negative ? "9223372036854775808" : "18446744073709551615";
  const std::size_t limit_digits = negative ? 19 : 20;
  if (n != limit_digits) return n > limit_digits;
  for (std::size_t i = 0; i < n; ++i)
    if (t[i] != limit[i]) return t[i] > limit[i];
  return false;  // equal to the limit
}

// --- UTF-8 ---------------------------------------------------------------------------------

// RFC 3629 section 4's table for a lead byte: how many continuation bytes follow, and the range
// [lo, hi] of the first one (the others are 80-BF). False for a byte no sequence starts with
// (80-C1, F5-FF).
REFERENCE_VALIDATOR_CODE inline bool utf8_lead(unsigned char lead, std::size_t& tails, unsigned char& lo, unsigned char& hi) {
  lo = 0x80, hi = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) tails = 1;
  else if (lead == 0xE0) tails = 2, lo = 0xA0;
  else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF) tails = 2;
  else if (lead == 0xED) tails = 2, hi = 0x9F;
  else if (lead == 0xF0) tails = 3, lo = 0x90;
  else if (lead >= 0xF1 && lead <= 0xF3) tails = 3;
  else if (lead == 0xF4) tails = 3, hi = 0x8F;
  else return false;
  return true;
}

// --- the checker ---------------------------------------------------------------------------

namespace detail {

class checker {
 public:
  checker(std::string_view s, options o) : s_(s.data()), n_(s.size()), o_(o) {}

  REFERENCE_VALIDATOR_CODE verdict run() {
    ws();
    if (at_end()) return fail(fault::empty, i_);
    if (!value()) return v_;
    ws();
    if (!at_end()) return fail(fault::trailing, i_);
    v_.ok = true;
    return v_;
  }

 private:
  const char* s_;
  std::size_t n_;
  options o_;
  std::size_t i_ = 0;
  std::size_t depth_ = 0;
  std::size_t token_start_ = npos, token_end_ = npos;  // the last scalar token
  verdict v_;

  REFERENCE_VALIDATOR_CODE bool at_end() const { return i_ >= n_; }
  REFERENCE_VALIDATOR_CODE unsigned char cur() const { return static_cast<unsigned char>(s_[i_]); }

  // Records the first error at `at` and returns false (so `return fail(...)` unwinds).
  REFERENCE_VALIDATOR_CODE verdict fail(fault why, std::size_t at, std::size_t token = npos) {
    v_.ok = false;
    v_.why = why;
    v_.offset = at;
    if (token == npos) token = at == token_end_ ? token_start_ : at;  // right after a token
    v_.token = token;
    return v_;
  }
  REFERENCE_VALIDATOR_CODE bool error(fault why, std::size_t at, std::size_t token = npos) {
    fail(why, at, token);
    return false;
  }

  REFERENCE_VALIDATOR_CODE void ws() {
    for (;;) {
      while (!at_end() && (cur() == ' ' || cur() == '\t' || cur() == '\n' || cur() == '\r')) ++i_;
      if (!o_.comments || at_end() || cur() != '/' || !comment()) return;
    }
  }

  // With options::comments, the comment at i_ (a '/'): true after it, or false with i_ unmoved
  // when there is none (a lone '/', an unterminated `/*`, text that is not UTF-8), which the
  // caller then refuses as the byte it finds.
  REFERENCE_VALIDATOR_CODE bool comment() {
    std::size_t j = i_ + 1;
    if (j >= n_ || (s_[j] != '/' && s_[j] != '*')) return false;
    const bool block = s_[j] == '*';
    ++j;
    for (;;) {
      if (j >= n_) {
        if (block) return false;
        break;
      }
      const unsigned char c = static_cast<unsigned char>(s_[j]);
      if (!block && (c == '\n' || c == '\r')) break;
      if (block && c == '*' && j + 1 < n_ && s_[j + 1] == '/') {
        j += 2;
        break;
      }
      if (c < 0x80) {
        ++j;
        continue;
      }
      const std::size_t length = utf8_length(j);
      if (length == 0) return false;
      j += length;
    }
    i_ = j;
    return true;
  }

  // The length of the UTF-8 sequence at j (RFC 3629's table), 0 when it is not one.
  REFERENCE_VALIDATOR_CODE std::size_t utf8_length(std::size_t j) const {
    std::size_t tails;
    unsigned char lo, hi;
    if (!utf8_lead(static_cast<unsigned char>(s_[j]), tails, lo, hi)) return 0;
    for (std::size_t k = 1; k <= tails; ++k) {
      if (j + k >= n_) return 0;
      const unsigned char c = static_cast<unsigned char>(s_[j + k]);
      if (c < lo || c > hi) return 0;
      lo = 0x80, hi = 0xBF;
    }
    return tails + 1;
  }

  REFERENCE_VALIDATOR_CODE bool value() {
    if (at_end()) return error(fault::syntax, i_);
    switch (cur()) {
      case '{': return object();
      case '[': return array();
      case '"': return string();
      case 't': return literal("true");
      case 'f': return literal("false");
      case 'n': return literal("null");
      default:
        if (o_.nonfinite) {
          if (cur() == 'N') return literal("NaN");
          if (cur() == 'I') return literal("Infinity");
          if (cur() == '-' && i_ + 1 < n_ && s_[i_ + 1] == 'I') return literal("-Infinity");
        }
        if (cur() == '-' || is_digit(cur())) return number();
        return error(fault::syntax, i_);
    }
  }

  REFERENCE_VALIDATOR_CODE bool literal(std::string_view word) {
    const std::size_t start = i_;
    for (char ch : word) {
      if (at_end() || s_[i_] != ch) return error(fault::syntax, i_, start);
      ++i_;
    }
    token_start_ = start;
    token_end_ = i_;
    return true;
  }

  REFERENCE_VALIDATOR_CODE bool number() {
    const std::size_t start = i_;
    const number_match m = match_number(std::string_view(s_, n_), i_);
    i_ += m.length;
    if (!m.complete) return error(fault::number, i_, start);
    const std::string_view token(s_ + start, m.length);
    if (v_.first_overflow == npos && overflows_double(token)) v_.first_overflow = start;
    if (v_.first_wide_integer == npos && wide_integer(token)) v_.first_wide_integer = start;
    token_start_ = start;
    token_end_ = i_;
    return true;
  }

  REFERENCE_VALIDATOR_CODE bool open() {
    if (depth_ == o_.max_depth) return error(fault::depth, i_, i_);
    ++depth_;
    if (depth_ > v_.depth) v_.depth = depth_;
    ++i_;
    return true;
  }

  REFERENCE_VALIDATOR_CODE bool array() {
    if (!open()) return false;
    ws();
    if (!at_end() && cur() == ']') {
      ++i_;
      --depth_;
      return true;
    }
    for (;;) {
      if (!value()) return false;
      ws();
      if (at_end()) return error(fault::syntax, i_);
      if (cur() == ']') break;
      if (cur() != ',') return error(fault::syntax, i_);
      ++i_;
      ws();
      if (o_.trailing_commas && !at_end() && cur() == ']') break;
    }
    ++i_;
    --depth_;
    return true;
  }

  REFERENCE_VALIDATOR_CODE bool object() {
    if (!open()) return false;
    ws();
    if (!at_end() && cur() == '}') {
      ++i_;
      --depth_;
      return true;
    }
    for (;;) {
      if (at_end() || cur() != '"') return error(fault::syntax, i_);
      if (!string()) return false;
      ws();
      if (at_end() || cur() != ':') return error(fault::syntax, i_);
      ++i_;
      ws();
      if (!value()) return false;
      ws();
      if (at_end()) return error(fault::syntax, i_);
      if (cur() == '}') break;
      if (cur() != ',') return error(fault::syntax, i_);
      ++i_;
      ws();
      if (o_.trailing_commas && !at_end() && cur() == '}') break;
    }
    ++i_;
    --depth_;
    return true;
  }

  // The four hex digits of a \u escape.
  REFERENCE_VALIDATOR_CODE bool hex4(std::size_t start, unsigned& code) {
    code = 0;
    for (int k = 0; k < 4; ++k) {
      if (at_end()) return error(fault::string, i_, start);
      const unsigned char c = cur();
      unsigned d;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
      else return error(fault::escape, i_, start);
      code = code * 16 + d;
      ++i_;
    }
    return true;
  }

  // Surrogate pairing is not grammar (RFC 8259 allows "\ud800" alone; metajson does not, see the
  // top), so it is judged on whole escapes: a low surrogate with no high one before it, or a
  // high one not followed by an escape of a low one, is an error at the byte after the escape
  // that breaks the pair (the input's end when it ends first: then the escape is cut off).
  REFERENCE_VALIDATOR_CODE bool escape(std::size_t start) {
    ++i_;  // the backslash
    if (at_end()) return error(fault::string, i_, start);
    switch (cur()) {
      case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't': ++i_; return true;
      case 'u': break;
      default: return error(fault::escape, i_, start);
    }
    ++i_;
    unsigned code = 0;
    if (!hex4(start, code)) return false;
    if (code >= 0xDC00 && code <= 0xDFFF) return error(fault::escape, i_, start);  // a lone low surrogate
    if (code < 0xD800 || code > 0xDBFF) return true;
    // A high surrogate: "\u" and a low surrogate (DC00-DFFF) must follow.
    if (at_end()) return error(fault::string, i_, start);
    if (cur() != '\\') return error(fault::escape, i_, start);
    ++i_;
    if (at_end()) return error(fault::string, i_, start);
    if (cur() != 'u') return error(fault::escape, i_, start);
    ++i_;
    unsigned low = 0;
    if (!hex4(start, low)) return false;
    if (low < 0xDC00 || low > 0xDFFF) return error(fault::escape, i_, start);
    return true;
  }

  // RFC 3629 section 4: the byte sequences of UTF-8, checked byte by byte.
  REFERENCE_VALIDATOR_CODE bool utf8(std::size_t start) {
    std::size_t tails;
    unsigned char lo, hi;  // the range of the first continuation byte
    if (!utf8_lead(cur(), tails, lo, hi)) return error(fault::utf8, i_, start);  // 80-C1, F5-FF
    ++i_;
    for (std::size_t k = 0; k < tails; ++k) {
      if (at_end()) return error(fault::string, i_, start);
      const unsigned char c = cur();
      if (c < lo || c > hi) return error(fault::utf8, i_, start);
      lo = 0x80, hi = 0xBF;
      ++i_;
    }
    return true;
  }

  REFERENCE_VALIDATOR_CODE bool string() {
    const std::size_t start = i_;
    ++i_;  // the opening quote
    for (;;) {
      if (at_end()) return error(fault::string, i_, start);
      const unsigned char c = cur();
      if (c == '"') break;
      if (c < 0x20) return error(fault::string, i_, start);
      if (c == '\\') {
        if (!escape(start)) return false;
      } else if (c < 0x80) {
        ++i_;
      } else if (!utf8(start)) {
        return false;
      }
    }
    ++i_;
    token_start_ = start;
    token_end_ = i_;
    return true;
  }
};

}  // namespace detail

REFERENCE_VALIDATOR_CODE inline verdict check(std::string_view text, options o = {}) { return detail::checker(text, o).run(); }
inline bool accepts(std::string_view text, options o = {}) { return check(text, o).ok; }

}  // namespace reference

// Strings: unescaped (\uXXXX with surrogate pairs; lone surrogates are errors), UTF-8 checked
// per options.utf8, raw control bytes rejected. std::string targets reuse their capacity;
// std::string_view targets point into the input (strings with escapes cannot).
//
// The functions on positions `p` serve both stages: with Indexed, stage 1 has already checked
// the string (UTF-8 unless utf8_policy::replace asks to repair it, control bytes, escapes), so
// the scan looks for the closing quote and backslashes only; without, they check everything
// (the per-token checker, read/check.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "../detail/endian.hpp"
#include "../text/hex.hpp"
#include "../text/scan.hpp"
#include "../text/transcode.hpp"
#include "../text/utf8.hpp"
#include "../text/utf8_avx2.hpp"
#include "dispatch.hpp"
#include "lenient.hpp"

namespace metajson::detail {

// What each simple escape's letter stands for ('"', '\\', '/', b, f, n, r, t); 0 elsewhere.
inline constexpr auto simple_escapes = [] {
  std::array<char, 256> t{};
  t['"'] = '"';
  t['\\'] = '\\';
  t['/'] = '/';
  t['b'] = '\b';
  t['f'] = '\f';
  t['n'] = '\n';
  t['r'] = '\r';
  t['t'] = '\t';
  return t;
}();

// An output that keeps nothing: escapes are checked without being decoded anywhere, so
// validating and skipping never allocate.
struct discard_output {
  void operator+=(char) noexcept {}
  void append(const char*, std::size_t) noexcept {}
  void append(const char*, const char*) noexcept {}
};

// Decodes the escape at p (p[0] == '\\') into out; returns the position after it.
template <class Out>
inline const char* read_escape(read_context& c, const char* p, Out& out) {
  if (c.end - p < 2) return c.fail(error_code::unexpected_end, c.end, "in an escape");
  if (const char v = simple_escapes[static_cast<unsigned char>(p[1])]) {
    out += v;
    return p + 2;
  }
  if (p[1] != 'u') return c.fail(error_code::invalid_escape, p, "\\" + std::string(1, p[1]) + " is not a JSON escape");
  if (c.end - p < 6) {  // the input ends within 4 digits: an error of the first non-digit, else the end
    for (const char* q = p + 2; q < c.end; ++q)
      if (!is_hex_digit(*q)) return c.fail(error_code::invalid_escape, p, "\\u must be followed by 4 hex digits");
    return c.fail(error_code::unexpected_end, c.end, "in a \\u escape");
  }
  const long u = hex4_value(p + 2);
  if (u < 0) return c.fail(error_code::invalid_escape, p, "\\u must be followed by 4 hex digits");
  if (u >= 0xD800 && u <= 0xDBFF) {  // high surrogate: a low one must follow
    if (c.end - p >= 12 && p[6] == '\\' && p[7] == 'u') {
      const long lo = hex4_value(p + 8);
      if (lo >= 0xDC00 && lo <= 0xDFFF) {
        append_utf8(out, static_cast<std::uint32_t>(0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00)));
        return p + 12;
      }
    }
    return c.fail(error_code::invalid_escape, p, "lone high surrogate");
  }
  if (u >= 0xDC00 && u <= 0xDFFF) return c.fail(error_code::invalid_escape, p, "lone low surrogate");
  append_utf8(out, static_cast<std::uint32_t>(u));
  return p + 6;
}

template <options O>
inline constexpr bool check_utf8 = O.utf8 != utf8_policy::unchecked;

// Whether a string scan stops at bytes >= 0x80 to check (or repair) UTF-8 there.
template <options O, bool Indexed>
inline constexpr bool scan_non_ascii = Indexed ? O.utf8 == utf8_policy::replace : check_utf8<O>;

// The string that starts at `start` (after its opening quote) ends at q (its closing quote):
// false, with error_code::string_too_long, when it is longer than options.max_string_length.
template <options O>
METAJSON_ALWAYS_INLINE bool string_length_ok(read_context& c, const char* start, const char* q) {
  if (METAJSON_LIKELY(static_cast<std::size_t>(q - start) <= O.max_string_length)) return true;
  c.fail(error_code::string_too_long, start - 1,
         std::to_string(q - start) + " bytes, the limit is " + std::to_string(O.max_string_length));
  return false;
}

// Errors inside a string read on the index (Indexed): its bytes >= 0x80 were left to stage 1's
// UTF-8 check, so an invalid sequence before the error would be the document's first error.
// The per-token checker words the first error instead (read/check.hpp, checked_error in
// from_json.hpp), as validate() does. Outside the index, the error found is the first.
template <bool Indexed>
[[gnu::cold]] inline std::nullptr_t string_cut_short(read_context& c, const char* q) {
  if constexpr (Indexed) return c.fail_checked(q);
  else return c.fail(error_code::unexpected_end, q, "in a string");
}

template <bool Indexed>
[[gnu::cold]] inline std::nullptr_t string_control_byte(read_context& c, const char* q) {
  if constexpr (Indexed) return c.fail_checked(q);
  const auto u = static_cast<unsigned char>(*q);
  return c.fail(error_code::invalid_string, q, "byte 0x" + std::string(1, "0123456789abcdef"[u >> 4]) + "0123456789abcdef"[u & 15]);
}

// After read_escape failed (an invalid escape, or the end inside one): the same.
template <bool Indexed>
[[gnu::cold]] inline std::nullptr_t string_bad_escape(read_context& c) {
  if constexpr (Indexed) {
    if (c.code == error_code::invalid_escape || c.code == error_code::unexpected_end) c.recheck = true;
  }
  return nullptr;
}

// At a byte >= 0x80 inside a string: when the stretch up to the next quote, backslash or
// control byte is long, checks it in bulk (AVX2 when available) and returns its end; returns
// nullptr when it is short or not valid (the caller then goes sequence by sequence, which
// also finds the exact position of an error).
inline const char* bulk_valid_run(const char* q, const char* end) noexcept {
  if (static_cast<std::size_t>(end - q) < utf8_bulk_threshold) return nullptr;
  const char* stop = find_special<false>(q, end);
  if (static_cast<std::size_t>(stop - q) < utf8_bulk_threshold) return nullptr;
  return utf8_valid(q, static_cast<std::size_t>(stop - q)) ? stop : nullptr;
}

// The general loop: from p (inside the string that starts at `start`, after its quote, whose
// bytes from run on are not yet appended to out), decodes escapes and validates UTF-8 up to
// the closing quote, appending to out. Returns the position after the closing quote.
template <options O, bool Indexed = false, class Out>
inline const char* read_string_rest(read_context& c, const char* start, const char* p, const char* run, Out& out) {
  for (;;) {
    const char* q = find_special<scan_non_ascii<O, Indexed>>(p, c.end);
    if (METAJSON_UNLIKELY(q == c.end)) return string_cut_short<Indexed>(c, q);
    const auto u = static_cast<unsigned char>(*q);
    if (METAJSON_LIKELY(u == '"')) {
      if (METAJSON_UNLIKELY(!string_length_ok<O>(c, start, q))) return nullptr;
      out.append(run, q);
      return q + 1;
    }
    if (u == '\\') {
      out.append(run, q);
      p = read_escape(c, q, out);
      if (!p) return string_bad_escape<Indexed>(c);
      run = p;
    } else if (u < 0x20) {
      return string_control_byte<Indexed>(c, q);
    } else {  // >= 0x80, validating: valid sequences stay in the run and are appended with it
      if (const char* r = bulk_valid_run(q, c.end)) {
        p = r;
        continue;
      }
      const auto* uq = reinterpret_cast<const unsigned char*>(q);
      const auto* uend = reinterpret_cast<const unsigned char*>(c.end);
      do {
        const utf8_step st = utf8_check_sequence(uq, uend);
        if (METAJSON_LIKELY(st.length > 0)) {
          uq += st.length;
        } else if constexpr (O.utf8 == utf8_policy::replace) {
          out.append(run, reinterpret_cast<const char*>(uq));
          out.append("\xEF\xBF\xBD", 3);
          uq += st.bad;
          run = reinterpret_cast<const char*>(uq);
        } else {
          return c.fail(error_code::invalid_utf8, reinterpret_cast<const char*>(uq));
        }
      } while (uq < uend && *uq >= 0x80);
      p = reinterpret_cast<const char*>(uq);
    }
  }
}

// Reads the string at p (p[0] == '"') into out (replacing its content). Returns the position
// after the closing quote. A string without escapes (the common case) is assigned in one piece,
// so out allocates at most once; one with escapes is decoded into out after reserving the
// length of its escaped text: still one allocation, never a chain of appends that regrow out.
template <options O, bool Indexed = false>
inline const char* read_string_into(read_context& c, const char* p, std::string& out) {
  ++p;
  const char* const start = p;
  for (;;) {
    const char* q = find_special<scan_non_ascii<O, Indexed>>(p, c.end);
    if (METAJSON_UNLIKELY(q == c.end)) return string_cut_short<Indexed>(c, q);
    const auto u = static_cast<unsigned char>(*q);
    if (METAJSON_LIKELY(u == '"')) {
      if (METAJSON_UNLIKELY(!string_length_ok<O>(c, start, q))) return nullptr;
      out.assign(start, q);
      return q + 1;
    }
    if (u < 0x80) {  // an escape or a control byte: the general loop reports or decodes it
      p = q;
      break;
    }
    if (const char* r = bulk_valid_run(q, c.end)) {  // valid non-ASCII stays in the piece
      p = r;
      continue;
    }
    const auto* uq = reinterpret_cast<const unsigned char*>(q);
    const auto* uend = reinterpret_cast<const unsigned char*>(c.end);
    utf8_step st{};
    while (uq < uend && *uq >= 0x80 && (st = utf8_check_sequence(uq, uend)).length > 0) uq += st.length;
    p = reinterpret_cast<const char*>(uq);
    if (uq < uend && *uq >= 0x80) break;  // invalid: the general loop replaces or reports it
  }
  // Escapes (or invalid UTF-8 to replace or report): find the closing quote first (a
  // backslash hides the byte after it), reserve that many bytes in out — the decoded string is
  // never longer than its escaped text — and decode into out directly: at most one allocation,
  // none when out already has the capacity.
  const char* e = p;
  for (;;) {
    e = find_special<false>(e, c.end);
    if (e == c.end || *e == '"') break;
    if (*e != '\\') break;  // a control byte: the general loop reports it
    e += 2;
    if (e >= c.end) break;
  }
  out.clear();
  if (e < c.end && *e == '"') out.reserve(static_cast<std::size_t>(e - start));
  return read_string_rest<O, Indexed>(c, start, p, start, out);
}

// Checks the string at p without keeping it (the per-token checker): the general loop with an
// output that keeps nothing. Returns the position after the closing quote.
template <options O>
inline const char* check_string(read_context& c, const char* p) {
  discard_output none;
  return read_string_rest<O>(c, p + 1, p + 1, p + 1, none);
}

// Reads a string that must have no escapes as a view into the input (keys, string_view).
// Returns {end, true} for a plain string, {position of the backslash, false} when it has an
// escape (the caller decides), {nullptr, _} on error.
template <options O, bool Indexed = false>
inline const char* read_plain_string(read_context& c, const char* p, std::string_view& out, bool& escaped) {
  const char* start = p + 1;
  p = start;
  escaped = false;
  for (;;) {
    const char* q = find_special<scan_non_ascii<O, Indexed>>(p, c.end);
    if (METAJSON_UNLIKELY(q == c.end)) return string_cut_short<Indexed>(c, q);
    const auto u = static_cast<unsigned char>(*q);
    if (METAJSON_LIKELY(u == '"')) {
      if (METAJSON_UNLIKELY(!string_length_ok<O>(c, start, q))) return nullptr;
      out = std::string_view(start, static_cast<std::size_t>(q - start));
      return q + 1;
    }
    if (u == '\\') {
      escaped = true;
      return q;
    }
    if (u < 0x20) return string_control_byte<Indexed>(c, q);
    const auto* uq = reinterpret_cast<const unsigned char*>(q);
    const utf8_step st = utf8_check_sequence(uq, reinterpret_cast<const unsigned char*>(c.end));
    if (st.length == 0) {
      if constexpr (O.utf8 == utf8_policy::replace) {
        escaped = true;  // needs rewriting: treat like an escape
        return q;
      } else {
        return c.fail(error_code::invalid_utf8, q);
      }
    }
    p = q + st.length;
  }
}

// --- the readers of the indexed stage -------------------------------------------------------

// The text of the string at entry k, between its quotes (escapes not decoded), found without
// scanning it: stage 1 has checked the string, and the entry after it (k[1]: the ':' after a
// key, the ',', '}' or ']' after a value, or the document's end) comes after its closing quote
// and nothing but whitespace. Not for k[1] == kind_error: the string may be unfinished there.
METAJSON_ALWAYS_INLINE std::string_view string_text(const read_context& c, const char* k) noexcept {
  const char* const p = at(c, k) + 1;
  const char* q = at(c, k + 1);
  while (METAJSON_UNLIKELY(is_ws(q[-1]))) --q;
  return {p, static_cast<std::size_t>(q - 1 - p)};
}

// Whether a string's text holds a backslash: two overlapping 8-byte loads for 8 to 16 bytes
// (most keys and short values), a byte loop below, memchr above.
METAJSON_ALWAYS_INLINE bool has_backslash(std::string_view s) noexcept {
  const std::size_t n = s.size();
  if (n >= 8 && n <= 16) {
    constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    const std::uint64_t a = load_le<std::uint64_t>(s.data()) ^ (ones * '\\');
    const std::uint64_t b = load_le<std::uint64_t>(s.data() + n - 8) ^ (ones * '\\');
    return (((a - ones) & ~a) | ((b - ones) & ~b)) & highs;
  }
  if (n < 8) {
    for (char ch : s)
      if (ch == '\\') return true;
    return false;
  }
  return s.find('\\') != std::string_view::npos;
}

// The same for a text in an input that ends at `end`, where the string and map readers look:
// a text shorter than 8 bytes (most short values) takes one 8-byte load when 8 can be read
// from its start, the bytes past the text masked off.
METAJSON_ALWAYS_INLINE bool has_backslash(std::string_view s, const char* end) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  const std::size_t n = s.size();
  if (n < 8 && end - s.data() >= 8) {
    // A zero byte of a marks a backslash; a borrow can mark a byte after a true one only, so
    // the bits of the text's n bytes are exact in what they say.
    const std::uint64_t a = load_le<std::uint64_t>(s.data()) ^ (ones * '\\');
    const std::uint64_t in_text = (std::uint64_t{1} << (8 * n)) - 1;
    return ((a - ones) & ~a & highs & in_text) != 0;
  }
  return has_backslash(s);
}

// Whether the text of an indexed string (between its quotes, in the document stage 1 indexed
// for c) holds a backslash: from stage 1's record of the blocks that hold one
// (index::backslash_record, kept when the driver is asked to: the dynamic readers), without a
// look at the text when no block from its first byte to its closing quote holds one (the
// common case: one load of the record); otherwise, for a text of more than 56 blocks, and
// without a record, from the text.
METAJSON_ALWAYS_INLINE bool text_has_backslash(const read_context& c, std::string_view text) noexcept {
  const index::backslash_record& r = c.backslashes;
  const auto first = static_cast<std::size_t>(text.data() - r.begin) >> 6;
  const auto span = (static_cast<std::size_t>(text.data() + text.size() - r.begin) >> 6) - first;
  if (METAJSON_LIKELY(span < 57 && r.blocks != nullptr)) {
    // The 57 or more bits from the first block's (the word after the last block's is there, zero).
    const std::uint64_t bits = load_le<std::uint64_t>(r.blocks + (first >> 3)) >> (first & 7);
    if ((bits & ((std::uint64_t{2} << span) - 1)) == 0) return false;
  }
  return has_backslash(text, c.end);
}

// Decodes a string's text (between its quotes) that stage 1 has checked: every escape is
// valid, surrogates come in pairs, there is no control byte. So nothing is checked again and
// nothing is appended piece by piece: out is sized once to the text's length (the decoded
// string is never longer) and written through a pointer, then cut to what was written. The
// general loop (read_string_rest) is the slow oracle (tests/unit/read/string_test.cpp,
// CheckedEscapesDecodeLikeTheGeneralLoop). decode_checked_into decodes into dst, which has room
// for text.size() bytes, and returns the decoded length (the dynamic readers decode into their
// own buffers: read/walk.hpp); decode_checked_string into a std::string.
inline std::size_t decode_checked_into(std::string_view text, char* const dst) noexcept {
  char* d = dst;
  const char* s = text.data();
  const char* const e = s + text.size();
  for (;;) {
    const char* b = s;  // the next backslash: escapes often follow each other (non-ASCII text)
    if (b != e && *b != '\\') {
      b = static_cast<const char*>(std::memchr(b, '\\', static_cast<std::size_t>(e - b)));
      if (b == nullptr) b = e;
      std::memcpy(d, s, static_cast<std::size_t>(b - s));
      d += b - s;
    }
    if (b == e) return static_cast<std::size_t>(d - dst);
    if (b[1] != 'u') {
      *d++ = simple_escapes[static_cast<unsigned char>(b[1])];
      s = b + 2;
      continue;
    }
    auto cp = static_cast<std::uint32_t>(hex4_value(b + 2));
    s = b + 6;
    if (cp >= 0xD800 && cp <= 0xDBFF) {  // a pair (stage 1 let no low half alone): 12 bytes of text
      cp = 0x10000 + ((cp - 0xD800) << 10) + (static_cast<std::uint32_t>(hex4_value(b + 8)) - 0xDC00);
      s = b + 12;
    }
    d = write_utf8(d, cp);
  }
}
METAJSON_NOINLINE inline void decode_checked_string(std::string_view text, std::string& out) {
  out.resize_and_overwrite(text.size(), [text](char* const dst, std::size_t) noexcept { return decode_checked_into(text, dst); });
}

// Whether string_text may stand for a string's content: stage 1 checked its UTF-8 (not when
// utf8_policy::replace asks the reader to repair it).
template <options O>
inline constexpr bool text_from_index = !scan_non_ascii<O, true>;

// Stage 1 stopped at an error right after the string at entry k (its marker is the entry that
// follows): when the error is inside the string (invalid UTF-8, which the indexed string
// readers leave to stage 1), it is this value's, reported here so that the caller adds the
// value's path; otherwise the reader goes on and meets the marker after the string.
template <options O>
METAJSON_NOINLINE bool string_error_check(read_context& c, const char* k) {
  read_context sub;
  sub.begin = c.begin;
  sub.end = c.end;
  if (check_string<O>(sub, at(c, k)) != nullptr) return true;
  c.fail_checked(at(c, k + 1));
  return false;
}
template <options O>
METAJSON_ALWAYS_INLINE bool string_is_clean(read_context& c, const char* k) {
  return METAJSON_LIKELY(k[1] != index::kind_error) || string_error_check<O>(c, k);
}


// The string at entry k (a '"' entry whose string_is_clean) into out, on the index when it may:
// its text between the quotes known from the next entry (string_text), assigned when it has no
// escape (most strings: no scan), decoded without checks when it has (decode_checked_string).
// Otherwise (utf8_policy::replace, or stage 1 stopped right after the string) the general loop.
template <options O>
METAJSON_ALWAYS_INLINE bool read_indexed_string(read_context& c, const char* k, std::string& out) {
  if constexpr (text_from_index<O>) {
    if (METAJSON_LIKELY(k[1] != index::kind_error)) {
      const std::string_view text = string_text(c, k);
      if (METAJSON_UNLIKELY(!string_length_ok<O>(c, text.data(), text.data() + text.size()))) return false;
      if (METAJSON_LIKELY(!has_backslash(text, c.end))) {
        // Not assign(): with the check above inlined, GCC stopped inlining assign's
        // replacement code, a call of ~50 instructions per string (docs/performance.md).
        out.clear();
        out.resize_and_overwrite(text.size(), [text](char* d, std::size_t n) noexcept {
          std::memcpy(d, text.data(), n);
          return n;
        });
      } else {
        decode_checked_string(text, out);
      }
      return true;
    }
  }
  return read_string_into<O, true>(c, at(c, k), out) != nullptr;
}

template <>
struct reader<family::string> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    if (METAJSON_UNLIKELY(*k != '"')) return expected_at(c, k, "string");
    if (METAJSON_UNLIKELY(!string_is_clean<O>(c, k))) return nullptr;
    const char* const p = at(c, k);
    if constexpr (std::is_same_v<T, std::string>) {
      if (!read_indexed_string<O>(c, k, v)) return nullptr;
    } else if constexpr (std::is_same_v<T, std::string_view>) {
      static_assert(!reads_prepared_copy<O>,
                    "with options::allow_comments or allow_trailing_commas the reader reads a prepared copy of "
                    "the text, which a std::string_view would point into: read a std::string instead");
      bool escaped = false;
      const char* q = read_plain_string<O, true>(c, p, v, escaped);
      if (!q) return nullptr;
      if (escaped) return c.fail(error_code::escaped_string_view, q);
    } else if constexpr (std::is_array_v<T>) {  // char[N]: must fit with its NUL
      std::string s;
      const char* q = read_string_into<O, true>(c, p, s);
      if (!q) return nullptr;
      if (s.size() >= std::extent_v<T>) return c.fail(error_code::number_out_of_range, q, "string longer than the char array");
      std::memcpy(v, s.data(), s.size());
      std::memset(v + s.size(), 0, std::extent_v<T> - s.size());
    } else if constexpr (std::is_pointer_v<T>) {
      static_assert(!std::is_pointer_v<T>, "metajson cannot read into a const char*: use std::string or std::string_view");
      return nullptr;
    } else {  // u8string and other basic_strings
      std::string s;
      if (!read_string_into<O, true>(c, p, s)) return nullptr;
      v.assign(reinterpret_cast<const typename T::value_type*>(s.data()), s.size());
    }
    return k + 1;
  }
};

template <>
struct reader<family::character> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    if (METAJSON_UNLIKELY(*k != '"')) return expected_at(c, k, "one-character string");
    if (METAJSON_UNLIKELY(!string_is_clean<O>(c, k))) return nullptr;
    std::string s;
    const char* const p = at(c, k);
    if (!read_string_into<O, true>(c, p, s)) return nullptr;
    if (s.size() != 1) return c.fail(error_code::type_mismatch, p, "expected one-character string, found string of " + std::to_string(s.size()) + " bytes");
    v = static_cast<T>(s[0]);
    return k + 1;
  }
};

}  // namespace metajson::detail

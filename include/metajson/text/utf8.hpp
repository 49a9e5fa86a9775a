// UTF-8 checking (RFC 3629): no overlong forms, no surrogates (U+D800-DFFF), nothing above
// U+10FFFF. Standalone: no JSON knowledge.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../detail/endian.hpp"
#include "../detail/macros.hpp"

namespace metajson::detail {

// Result of checking one sequence that starts with a byte >= 0x80.
struct utf8_step {
  int length;  // > 0: a valid sequence of that many bytes
  int bad;     // when length == 0: bytes in the maximal invalid subpart (>= 1), which is what
               // one U+FFFD replaces (Unicode 15, section 3.9, "U+FFFD Substitution")
};

// Checks the sequence at p with one 32-bit load (needs 4 readable bytes): the lead byte's
// pattern and the continuation bytes are tested together with a mask, then the decoded code
// point is range-checked (no overlong form, no surrogate, at most U+10FFFF). Returns the
// length, or 0 when the sequence is not valid (the caller then asks utf8_check_sequence why).
METAJSON_ALWAYS_INLINE int utf8_word_step(const unsigned char* p) noexcept {
  const auto x = load_le<std::uint32_t>(p);  // p[0] is the low byte
  if ((x & 0xC0E0u) == 0x80C0u) {  // 110xxxxx 10xxxxxx
    return (x & 0x1Eu) != 0 ? 2 : 0;  // C0, C1 are overlong
  }
  if ((x & 0xC0C0F0u) == 0x8080E0u) {  // 1110xxxx 10xxxxxx 10xxxxxx
    const std::uint32_t cp = ((x & 0x0Fu) << 12) | ((x >> 2) & 0xFC0u) | ((x >> 16) & 0x3Fu);
    return cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF) ? 3 : 0;
  }
  if ((x & 0xC0C0C0F8u) == 0x808080F0u) {  // 11110xxx 10xxxxxx 10xxxxxx 10xxxxxx
    const std::uint32_t cp = ((x & 0x07u) << 18) | ((x << 4) & 0x3F000u) | ((x >> 10) & 0xFC0u) | ((x >> 24) & 0x3Fu);
    return cp >= 0x10000 && cp <= 0x10FFFF ? 4 : 0;
  }
  return 0;
}

// Checks the sequence at p (p < end, *p >= 0x80).
METAJSON_ALWAYS_INLINE utf8_step utf8_check_sequence(const unsigned char* p, const unsigned char* end) noexcept {
  if (METAJSON_LIKELY(end - p >= 4)) {
    const int n = utf8_word_step(p);
    if (METAJSON_LIKELY(n != 0)) return {n, 0};
  }
  const unsigned c0 = p[0];
  const std::ptrdiff_t avail = end - p;
  auto cont = [&](std::ptrdiff_t i, unsigned lo = 0x80, unsigned hi = 0xBF) {
    return i < avail && p[i] >= lo && p[i] <= hi;
  };
  if (c0 >= 0xC2 && c0 <= 0xDF) {
    return cont(1) ? utf8_step{2, 0} : utf8_step{0, 1};
  }
  if (c0 >= 0xE0 && c0 <= 0xEF) {
    const unsigned lo = c0 == 0xE0 ? 0xA0 : 0x80;  // E0 A0..BF: no overlong
    const unsigned hi = c0 == 0xED ? 0x9F : 0xBF;  // ED 80..9F: no surrogates
    if (!cont(1, lo, hi)) return {0, 1};
    return cont(2) ? utf8_step{3, 0} : utf8_step{0, 2};
  }
  if (c0 >= 0xF0 && c0 <= 0xF4) {
    const unsigned lo = c0 == 0xF0 ? 0x90 : 0x80;  // F0 90..BF: no overlong
    const unsigned hi = c0 == 0xF4 ? 0x8F : 0xBF;  // F4 80..8F: nothing above U+10FFFF
    if (!cont(1, lo, hi)) return {0, 1};
    if (!cont(2)) return {0, 2};
    return cont(3) ? utf8_step{4, 0} : utf8_step{0, 3};
  }
  return {0, 1};  // 80..C1 (continuation or overlong lead), F5..FF
}

// Returns the offset of the first invalid byte, or n when the whole text is valid UTF-8.
inline std::size_t utf8_first_invalid(const char* s, std::size_t n) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s);
  const auto* end = p + n;
  const auto* q = p;
  while (q < end) {
    if (*q < 0x80) {
      ++q;
      continue;
    }
    const utf8_step st = utf8_check_sequence(q, end);
    if (st.length == 0) return static_cast<std::size_t>(q - p);
    q += st.length;
  }
  return n;
}

}  // namespace metajson::detail

// Short strings with nothing to escape, without a round trip through memory.
//
// Most strings of a small message are short and plain: names, ids, enum-like values, map keys.
// The block escapers (escape.hpp, escape_avx2.hpp) read a string shorter than their block from
// a padded copy on the stack: the string is stored into the block with a few small stores,
// then the block is loaded whole. A load that spans several recent smaller stores cannot take
// its bytes from the store buffer (store-to-load forwarding fails) and waits until they reach
// the cache: about a dozen cycles per string that no instruction count shows. Here a string of
// at most 32 bytes is instead loaded straight into registers with two overlapping loads that
// stay inside it (the two ends of the string), so every byte of the string is in the register
// and no byte outside it; one compare per class ('"', '\\', < 0x20 or >= 0x80, signed) tells
// whether it is printable ASCII with nothing to escape, and then the same registers are stored
// to the output. Anything else (an escape, non-ASCII text, a longer string) returns nullptr and
// goes through the block escapers as before.
//
// METAJSON_ABLATION_NO_SHORT_STRINGS turns this off (METAJSON_SHORT_STRINGS_OFF, detail/ablation.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../detail/ablation.hpp"
#include "../detail/macros.hpp"

#if !defined(METAJSON_SHORT_STRINGS_OFF) && (defined(__SSE2__) || defined(_M_X64))
#include "../simd/x86.hpp"
#define METAJSON_HAS_SHORT_STRINGS 1
#endif

namespace metajson::detail {

inline constexpr std::size_t short_string_max = 32;

#if defined(METAJSON_HAS_SHORT_STRINGS)

// 0xFF in each byte of v that is '"', '\\', < 0x20 or >= 0x80 (a signed compare), else 0.
METAJSON_ALWAYS_INLINE m128i short_string_flags(m128i v) noexcept {
  return mm_or_si128(mm_or_si128(mm_cmpeq_epi8(v, mm_set1_epi8('"')), mm_cmpeq_epi8(v, mm_set1_epi8('\\'))),
                      mm_cmplt_epi8(v, mm_set1_epi8(0x20)));
}
METAJSON_ALWAYS_INLINE bool short_string_special(m128i v) noexcept {
  return mm_movemask_epi8(short_string_flags(v)) != 0;
}

template <class U>
METAJSON_ALWAYS_INLINE U load_bytes(const char* p) noexcept {
  U u;
  std::memcpy(&u, p, sizeof u);
  return u;
}
template <class U>
METAJSON_ALWAYS_INLINE void store_bytes(char* p, U u) noexcept {
  std::memcpy(p, &u, sizeof u);
}

// When the n <= short_string_max bytes at src are printable ASCII other than '"' and '\\',
// copies them to dst and returns dst + n; otherwise returns nullptr (dst may then hold
// anything up to dst + n). Reads only [src, src + n).
METAJSON_ALWAYS_INLINE char* escape_short_plain(char* dst, const char* src, std::size_t n) noexcept {
  if (n >= 16) {
    const m128i a = mm_loadu_si128(reinterpret_cast<const m128i*>(src));
    const m128i b = mm_loadu_si128(reinterpret_cast<const m128i*>(src + n - 16));
    if (mm_movemask_epi8(mm_or_si128(short_string_flags(a), short_string_flags(b))) != 0) return nullptr;
    mm_storeu_si128(reinterpret_cast<m128i*>(dst), a);
    mm_storeu_si128(reinterpret_cast<m128i*>(dst + n - 16), b);
    return dst + n;
  }
  if (n >= 8) {
    const auto lo = load_bytes<std::uint64_t>(src);
    const auto hi = load_bytes<std::uint64_t>(src + n - 8);
    if (short_string_special(mm_set_epi64x(static_cast<long long>(hi), static_cast<long long>(lo)))) return nullptr;
    store_bytes(dst, lo);
    store_bytes(dst + n - 8, hi);
    return dst + n;
  }
  if (n >= 4) {
    const auto lo = load_bytes<std::uint32_t>(src);
    const auto hi = load_bytes<std::uint32_t>(src + n - 4);
    if (short_string_special(mm_set1_epi64x(static_cast<long long>(lo | std::uint64_t{hi} << 32)))) return nullptr;
    store_bytes(dst, lo);
    store_bytes(dst + n - 4, hi);
    return dst + n;
  }
  if (n == 0) return dst;
  // 1-3 bytes: the first, the middle and the last (some of them the same byte).
  const auto b0 = static_cast<unsigned char>(src[0]);
  const auto b1 = static_cast<unsigned char>(src[n / 2]);
  const auto b2 = static_cast<unsigned char>(src[n - 1]);
  const std::uint32_t w = b0 | std::uint32_t{b1} << 8 | std::uint32_t{b2} << 16 | std::uint32_t{b0} << 24;
  if (short_string_special(mm_set1_epi32(static_cast<int>(w)))) return nullptr;
  dst[0] = static_cast<char>(b0);
  dst[n / 2] = static_cast<char>(b1);
  dst[n - 1] = static_cast<char>(b2);
  return dst + n;
}

#endif  // METAJSON_HAS_SHORT_STRINGS

}  // namespace metajson::detail

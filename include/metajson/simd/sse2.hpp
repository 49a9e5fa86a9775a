// SSE2 kernel: 16 bytes per step. Every x86-64 CPU has SSE2, so this is the default there.
#pragma once

#include <bit>
#include <cstdint>
#include "x86.hpp"

namespace metajson::detail::simd {

struct sse2 {
  static constexpr std::size_t width = 16;
  using mask_t = std::uint32_t;

  // Bit i set when byte i is '"', '\\', < 0x20, or, when NonAscii, >= 0x80.
  template <bool NonAscii>
  static mask_t special(const char* p) noexcept {
    const m128i v = mm_loadu_si128(reinterpret_cast<const m128i*>(p));
    const m128i quote = mm_cmpeq_epi8(v, mm_set1_epi8('"'));
    const m128i bslash = mm_cmpeq_epi8(v, mm_set1_epi8('\\'));
    m128i low;
    if constexpr (NonAscii) {
      low = mm_cmplt_epi8(v, mm_set1_epi8(0x20));  // signed: also catches 0x80..0xFF
    } else {
      low = mm_cmpeq_epi8(mm_subs_epu8(v, mm_set1_epi8(0x1f)), mm_setzero_si128());
    }
    return static_cast<mask_t>(mm_movemask_epi8(mm_or_si128(mm_or_si128(quote, bslash), low)));
  }
  // Bit i set when byte i is not JSON whitespace (' ', '\n', '\r', '\t').
  static mask_t non_whitespace(const char* p) noexcept {
    const m128i v = mm_loadu_si128(reinterpret_cast<const m128i*>(p));
    const m128i ws = mm_or_si128(mm_or_si128(mm_cmpeq_epi8(v, mm_set1_epi8(' ')), mm_cmpeq_epi8(v, mm_set1_epi8('\n'))),
                                    mm_or_si128(mm_cmpeq_epi8(v, mm_set1_epi8('\r')), mm_cmpeq_epi8(v, mm_set1_epi8('\t'))));
    return static_cast<mask_t>(mm_movemask_epi8(ws)) ^ 0xFFFFu;
  }
  static void copy(char* dst, const char* src) noexcept {
    mm_storeu_si128(reinterpret_cast<m128i*>(dst), mm_loadu_si128(reinterpret_cast<const m128i*>(src)));
  }
  static unsigned first(mask_t m) noexcept { return static_cast<unsigned>(std::countr_zero(m)); }
};

}  // namespace metajson::detail::simd

// SSE2 kernel: 16 bytes per step. Every x86-64 CPU has SSE2, so this is the default there.
#pragma once

#include <bit>
#include <cstdint>
#include <emmintrin.h>

namespace metajson::detail::simd {

struct sse2 {
  static constexpr std::size_t width = 16;
  using mask_t = std::uint32_t;

  // Bit i set when byte i is '"', '\\', < 0x20, or, when NonAscii, >= 0x80.
  template <bool NonAscii>
  static mask_t special(const char* p) noexcept {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
    const __m128i bslash = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
    __m128i low;
    if constexpr (NonAscii) {
      low = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));  // signed: also catches 0x80..0xFF
    } else {
      low = _mm_cmpeq_epi8(_mm_subs_epu8(v, _mm_set1_epi8(0x1f)), _mm_setzero_si128());
    }
    return static_cast<mask_t>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, bslash), low)));
  }
  // Bit i set when byte i is not JSON whitespace (' ', '\n', '\r', '\t').
  static mask_t non_whitespace(const char* p) noexcept {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i ws = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                                    _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
    return static_cast<mask_t>(_mm_movemask_epi8(ws)) ^ 0xFFFFu;
  }
  static void copy(char* dst, const char* src) noexcept {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), _mm_loadu_si128(reinterpret_cast<const __m128i*>(src)));
  }
  static unsigned first(mask_t m) noexcept { return static_cast<unsigned>(std::countr_zero(m)); }
};

}  // namespace metajson::detail::simd

// AVX-512 (BW) kernel: 64 bytes per step, compares straight into mask registers. Used when the
// translation unit is compiled with AVX-512BW (-march=native on Zen 4/5, Ice Lake and newer).
#pragma once

#include <bit>
#include <cstdint>
#include <immintrin.h>

namespace metajson::detail::simd {

struct avx512 {
  static constexpr std::size_t width = 64;
  using mask_t = std::uint64_t;

  template <bool NonAscii>
  static mask_t special(const char* p) noexcept {
    const __m512i v = _mm512_loadu_si512(p);
    const __mmask64 quote = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('"'));
    const __mmask64 bslash = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\\'));
    __mmask64 low;
    if constexpr (NonAscii) {
      low = _mm512_cmplt_epi8_mask(v, _mm512_set1_epi8(0x20));  // signed: also 0x80..0xFF
    } else {
      low = _mm512_cmplt_epu8_mask(v, _mm512_set1_epi8(0x20));
    }
    return quote | bslash | low;
  }
  static mask_t non_whitespace(const char* p) noexcept {
    const __m512i v = _mm512_loadu_si512(p);
    const __mmask64 ws = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(' ')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\n')) |
                         _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\r')) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\t'));
    return ~ws;
  }
  static void copy(char* dst, const char* src) noexcept { _mm512_storeu_si512(dst, _mm512_loadu_si512(src)); }
  static unsigned first(mask_t m) noexcept { return static_cast<unsigned>(std::countr_zero(m)); }
};

}  // namespace metajson::detail::simd

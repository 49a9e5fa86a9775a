// AVX2 kernel: 32 bytes per step. Used when the translation unit is compiled with AVX2
// (-mavx2, -march=haswell or newer, -march=native on such a machine).
#pragma once

#include <bit>
#include <cstdint>
#include <immintrin.h>

namespace metajson::detail::simd {

struct avx2 {
  static constexpr std::size_t width = 32;
  using mask_t = std::uint32_t;

  template <bool NonAscii>
  static mask_t special(const char* p) noexcept {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i quote = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('"'));
    const __m256i bslash = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'));
    __m256i low;
    if constexpr (NonAscii) {
      low = _mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v);  // signed: also catches 0x80..0xFF
    } else {
      low = _mm256_cmpeq_epi8(_mm256_subs_epu8(v, _mm256_set1_epi8(0x1f)), _mm256_setzero_si256());
    }
    return static_cast<mask_t>(_mm256_movemask_epi8(_mm256_or_si256(_mm256_or_si256(quote, bslash), low)));
  }
  static mask_t non_whitespace(const char* p) noexcept {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i ws = _mm256_or_si256(
        _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n'))),
        _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\r')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\t'))));
    return ~static_cast<mask_t>(_mm256_movemask_epi8(ws));
  }
  static void copy(char* dst, const char* src) noexcept {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src)));
  }
  static unsigned first(mask_t m) noexcept { return static_cast<unsigned>(std::countr_zero(m)); }
};

}  // namespace metajson::detail::simd

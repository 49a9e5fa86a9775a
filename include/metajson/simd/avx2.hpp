// AVX2 kernel: 32 bytes per step. Used when the translation unit is compiled with AVX2
// (-mavx2, -march=haswell or newer, -march=native on such a machine).
#pragma once

#include <bit>
#include <cstdint>
#include "x86.hpp"

namespace metajson::detail::simd {

struct avx2 {
  static constexpr std::size_t width = 32;
  using mask_t = std::uint32_t;

  template <bool NonAscii>
  static mask_t special(const char* p) noexcept {
    const m256i v = mm256_loadu_si256(reinterpret_cast<const m256i*>(p));
    const m256i quote = mm256_cmpeq_epi8(v, mm256_set1_epi8('"'));
    const m256i bslash = mm256_cmpeq_epi8(v, mm256_set1_epi8('\\'));
    m256i low;
    if constexpr (NonAscii) {
      low = mm256_cmpgt_epi8(mm256_set1_epi8(0x20), v);  // signed: also catches 0x80..0xFF
    } else {
      low = mm256_cmpeq_epi8(mm256_subs_epu8(v, mm256_set1_epi8(0x1f)), mm256_setzero_si256());
    }
    return static_cast<mask_t>(mm256_movemask_epi8(mm256_or_si256(mm256_or_si256(quote, bslash), low)));
  }
  static mask_t non_whitespace(const char* p) noexcept {
    const m256i v = mm256_loadu_si256(reinterpret_cast<const m256i*>(p));
    const m256i ws = mm256_or_si256(
        mm256_or_si256(mm256_cmpeq_epi8(v, mm256_set1_epi8(' ')), mm256_cmpeq_epi8(v, mm256_set1_epi8('\n'))),
        mm256_or_si256(mm256_cmpeq_epi8(v, mm256_set1_epi8('\r')), mm256_cmpeq_epi8(v, mm256_set1_epi8('\t'))));
    return ~static_cast<mask_t>(mm256_movemask_epi8(ws));
  }
  static void copy(char* dst, const char* src) noexcept {
    mm256_storeu_si256(reinterpret_cast<m256i*>(dst), mm256_loadu_si256(reinterpret_cast<const m256i*>(src)));
  }
  static unsigned first(mask_t m) noexcept { return static_cast<unsigned>(std::countr_zero(m)); }
};

}  // namespace metajson::detail::simd

// AVX-512 (BW) kernel: 64 bytes per step, compares straight into mask registers. Used when the
// translation unit is compiled with AVX-512BW (-march=native on Zen 4/5, Ice Lake and newer).
#pragma once

#include <bit>
#include <cstdint>
#include "x86.hpp"

namespace metajson::detail::simd {

struct avx512 {
  static constexpr std::size_t width = 64;
  using mask_t = std::uint64_t;

  template <bool NonAscii>
  static mask_t special(const char* p) noexcept {
    const m512i v = mm512_loadu_si512(p);
    const mmask64 quote = mm512_cmpeq_epi8_mask(v, mm512_set1_epi8('"'));
    const mmask64 bslash = mm512_cmpeq_epi8_mask(v, mm512_set1_epi8('\\'));
    mmask64 low;
    if constexpr (NonAscii) {
      low = mm512_cmplt_epi8_mask(v, mm512_set1_epi8(0x20));  // signed: also 0x80..0xFF
    } else {
      low = mm512_cmplt_epu8_mask(v, mm512_set1_epi8(0x20));
    }
    return quote | bslash | low;
  }
  static mask_t non_whitespace(const char* p) noexcept {
    const m512i v = mm512_loadu_si512(p);
    const mmask64 ws = mm512_cmpeq_epi8_mask(v, mm512_set1_epi8(' ')) | mm512_cmpeq_epi8_mask(v, mm512_set1_epi8('\n')) |
                         mm512_cmpeq_epi8_mask(v, mm512_set1_epi8('\r')) | mm512_cmpeq_epi8_mask(v, mm512_set1_epi8('\t'));
    return ~ws;
  }
  static void copy(char* dst, const char* src) noexcept { mm512_storeu_si512(dst, mm512_loadu_si512(src)); }
  static unsigned first(mask_t m) noexcept { return static_cast<unsigned>(std::countr_zero(m)); }
};

}  // namespace metajson::detail::simd

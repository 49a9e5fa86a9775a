// NEON kernel (AArch64 Advanced SIMD, which every ARM64 CPU has): 16 bytes per step. NEON has
// no byte movemask; the compare result is narrowed instead (SHRN by 4 keeps four bits of each
// byte), so a mask has four bits per byte and first() divides by four.
#pragma once

#include <arm_neon.h>

#include <bit>
#include <cstdint>

namespace metajson::detail::simd {

struct neon {
  static constexpr std::size_t width = 16;
  using mask_t = std::uint64_t;

  // Four bits per byte of a compare result (all ones or zero per byte), byte i at bits 4i.
  static mask_t narrow(uint8x16_t m) noexcept {
    return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(m), 4)), 0);
  }
  // Nonzero at byte i when byte i is '"', '\\', < 0x20, or, when NonAscii, >= 0x80.
  template <bool NonAscii>
  static mask_t special(const char* p) noexcept {
    const uint8x16_t v = vld1q_u8(reinterpret_cast<const std::uint8_t*>(p));
    const uint8x16_t quote = vceqq_u8(v, vdupq_n_u8('"'));
    const uint8x16_t bslash = vceqq_u8(v, vdupq_n_u8('\\'));
    uint8x16_t low;
    if constexpr (NonAscii) {
      low = vcltq_s8(vreinterpretq_s8_u8(v), vdupq_n_s8(0x20));  // signed: also catches 0x80..0xFF
    } else {
      low = vcltq_u8(v, vdupq_n_u8(0x20));
    }
    return narrow(vorrq_u8(vorrq_u8(quote, bslash), low));
  }
  // Nonzero at byte i when byte i is not JSON whitespace (' ', '\n', '\r', '\t').
  static mask_t non_whitespace(const char* p) noexcept {
    const uint8x16_t v = vld1q_u8(reinterpret_cast<const std::uint8_t*>(p));
    const uint8x16_t ws = vorrq_u8(vorrq_u8(vceqq_u8(v, vdupq_n_u8(' ')), vceqq_u8(v, vdupq_n_u8('\n'))),
                                   vorrq_u8(vceqq_u8(v, vdupq_n_u8('\r')), vceqq_u8(v, vdupq_n_u8('\t'))));
    return narrow(vmvnq_u8(ws));
  }
  static void copy(char* dst, const char* src) noexcept {
    vst1q_u8(reinterpret_cast<std::uint8_t*>(dst), vld1q_u8(reinterpret_cast<const std::uint8_t*>(src)));
  }
  static unsigned first(mask_t m) noexcept { return static_cast<unsigned>(std::countr_zero(m)) / 4; }
};

}  // namespace metajson::detail::simd

// Whole-string UTF-8 validation with NEON (AArch64 Advanced SIMD, which every ARM64 CPU has):
// the lookup algorithm of utf8_avx2.hpp on 16-byte registers, with the same tables
// (utf8_tables.hpp). One table lookup (TBL) per nibble table; the bytes before a register come
// from the previous one by EXT. The scalar checker of utf8.hpp stays the reference
// (tests/unit/text/utf8_test.cpp holds this one to it) and finds the exact position of an error.
// The block checker (u8_neon_step) is also the UTF-8 check of the reader's NEON index kernel
// (index/block_neon.inc), which follows METAJSON_NO_SIMD only: METAJSON_ABLATION_NO_SIMD_UTF8
// (METAJSON_SIMD_UTF8_OFF) turns off the whole-string checks, not the index's.
#pragma once

#include "../detail/ablation.hpp"

#if defined(__aarch64__) && defined(__ARM_NEON) && !defined(METAJSON_NO_SIMD)
#define METAJSON_HAS_UTF8_NEON_LOOKUP 1
#include <arm_neon.h>
#if !defined(METAJSON_SIMD_UTF8_OFF)
#define METAJSON_HAS_UTF8_NEON 1
#endif
#endif

#include <cstddef>
#include <cstring>

#include "utf8_tables.hpp"

namespace metajson::detail {

#if defined(METAJSON_HAS_UTF8_NEON_LOOKUP)

struct u8_neon_state {
  uint8x16_t error, prev_input, prev_incomplete;
};

// Nonzero where the last three bytes of a register start a sequence that the next one must
// finish.
inline uint8x16_t u8_neon_incomplete(uint8x16_t input) noexcept {
  alignas(16) static constexpr unsigned char max_complete[16] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                                                  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xEF, 0xDF, 0xBF};
  return vqsubq_u8(input, vld1q_u8(max_complete));
}

// Checks one 16-byte register, carrying what the next one needs in st.
inline void u8_neon_step(u8_neon_state& st, uint8x16_t input) noexcept {
  if (vmaxvq_u8(input) < 0x80) {  // all ASCII: only an unfinished sequence before it is wrong
    st.error = vorrq_u8(st.error, st.prev_incomplete);
    st.prev_incomplete = vdupq_n_u8(0);
    st.prev_input = input;
    return;
  }
  const uint8x16_t prev1 = vextq_u8(st.prev_input, input, 15);
  const uint8x16_t b1_high = vqtbl1q_u8(vld1q_u8(u8_t1_high), vshrq_n_u8(prev1, 4));
  const uint8x16_t b1_low = vqtbl1q_u8(vld1q_u8(u8_t1_low), vandq_u8(prev1, vdupq_n_u8(0x0F)));
  const uint8x16_t b2_high = vqtbl1q_u8(vld1q_u8(u8_t2_high), vshrq_n_u8(input, 4));
  const uint8x16_t special = vandq_u8(vandq_u8(b1_high, b1_low), b2_high);
  // A byte two or three after a 3- or 4-byte lead must be a continuation.
  const uint8x16_t prev2 = vextq_u8(st.prev_input, input, 14);
  const uint8x16_t prev3 = vextq_u8(st.prev_input, input, 13);
  const uint8x16_t third = vqsubq_u8(prev2, vdupq_n_u8(0xE0 - 0x80));
  const uint8x16_t fourth = vqsubq_u8(prev3, vdupq_n_u8(0xF0 - 0x80));
  const uint8x16_t must23 = vandq_u8(vorrq_u8(third, fourth), vdupq_n_u8(0x80));
  st.error = vorrq_u8(st.error, veorq_u8(must23, special));
  st.prev_incomplete = u8_neon_incomplete(input);
  st.prev_input = input;
}

inline bool u8_neon_any(uint8x16_t v) noexcept { return vmaxvq_u8(v) != 0; }

#endif  // METAJSON_HAS_UTF8_NEON_LOOKUP

#if defined(METAJSON_HAS_UTF8_NEON)

// Returns true when the n bytes at s are valid UTF-8.
inline bool utf8_valid_neon(const char* s, std::size_t n) noexcept {
  u8_neon_state st{vdupq_n_u8(0), vdupq_n_u8(0), vdupq_n_u8(0)};
  const auto* u = reinterpret_cast<const unsigned char*>(s);
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) u8_neon_step(st, vld1q_u8(u + i));
  if (i < n) {
    alignas(16) unsigned char block[16] = {};  // zeros are ASCII
    std::memcpy(block, u + i, n - i);
    u8_neon_step(st, vld1q_u8(block));
  }
  return !u8_neon_any(vorrq_u8(st.error, st.prev_incomplete));
}

#endif  // METAJSON_HAS_UTF8_NEON

}  // namespace metajson::detail

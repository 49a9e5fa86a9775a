// Escaping and UTF-8 validation fused into one pass, with NEON (AArch64): what escape_with does
// for validated strings with the NEON kernel. The design of escape_avx2.hpp on 16-byte
// registers: each block is loaded once, stored to the output, scanned for bytes that need an
// escape and, when it holds a byte >= 0x80, checked by the lookup step of utf8_neon.hpp, which
// carries the block to the next one for the sequences that straddle them. Errors are
// accumulated and tested once at the end of the string; an invalid string then goes through the
// scalar escaper, which finds the offset of the first invalid byte.
//
// After an escape the scan restarts right after the escaped byte, so blocks overlap; the bytes
// before the new block end with that ASCII byte, so no valid sequence spans into it and the
// carried context is reset to ASCII (a sequence broken by the escaped byte was already found by
// the block that held both). A tail of fewer than 16 bytes is a block padded with spaces:
// ASCII, no escape, and a sequence cut short by the end of the string is followed by ASCII,
// which the step flags.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../detail/macros.hpp"
#include "escape_scalar.hpp"
#include "utf8_neon.hpp"

namespace metajson::detail {

#if defined(METAJSON_HAS_UTF8_NEON)

// Escapes n bytes of src into dst (room for escaped_size_bound(n)) and checks that they are
// UTF-8. Returns the end, or nullptr when the text is not UTF-8.
inline char* escape_validate_neon(char* dst, const char* src, std::size_t n) noexcept {
  const char* const end = src + n;
  u8_neon_state st{vdupq_n_u8(0), vdupq_n_u8(0), vdupq_n_u8(0)};
  const uint8x16_t quote = vdupq_n_u8('"'), bslash = vdupq_n_u8('\\'), space = vdupq_n_u8(0x20);
  while (src != end) {
    const std::size_t left = static_cast<std::size_t>(end - src);
    uint8x16_t v;
    if (METAJSON_LIKELY(left >= 16)) {
      v = vld1q_u8(reinterpret_cast<const std::uint8_t*>(src));
    } else {
      alignas(16) std::uint8_t block[16];
      std::memset(block, ' ', 16);
      std::memcpy(block, src, left);
      v = vld1q_u8(block);
    }
    vst1q_u8(reinterpret_cast<std::uint8_t*>(dst), v);
    u8_neon_step(st, v);
    const uint8x16_t esc = vorrq_u8(vorrq_u8(vceqq_u8(v, quote), vceqq_u8(v, bslash)), vcltq_u8(v, space));
    const std::uint64_t m = vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(esc), 4)), 0);
    if (METAJSON_LIKELY(m == 0)) {
      const std::size_t step = left >= 16 ? 16 : left;  // the padding holds nothing to escape
      src += step;
      dst += step;
      continue;
    }
    const unsigned i = static_cast<unsigned>(std::countr_zero(m)) / 4;
    src += i;
    dst = write_escape(dst + i, static_cast<unsigned char>(*src));
    ++src;
    st.prev_input = vdupq_n_u8(0);  // the escaped byte is ASCII: nothing carries over it
    st.prev_incomplete = vdupq_n_u8(0);
  }
  if (METAJSON_UNLIKELY(u8_neon_any(vorrq_u8(st.error, st.prev_incomplete)))) return nullptr;
  return dst;
}

// Escapes and validates with the fused NEON loop. Returns the end, or nullptr with *bad the
// offset of the first invalid byte.
inline char* escape_validate_neon_or_scalar(char* dst, const char* src, std::size_t n, std::size_t* bad) noexcept {
  if (char* e = escape_validate_neon(dst, src, n); METAJSON_LIKELY(e != nullptr)) return e;
  return escape_validate_rejected(dst, src, n, bad);
}

#endif  // METAJSON_HAS_UTF8_NEON

}  // namespace metajson::detail

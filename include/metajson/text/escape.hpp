// The fast JSON string escaper. Copies a block of the kernel's width to the output and scans
// it at the same time; when nothing in the block needs attention (the common case) it moves
// on, otherwise it handles the first byte that does (an escape, or a UTF-8 sequence to check)
// with the scalar code of escape_scalar.hpp and resumes.
//
// The output must have room for 6 * n + 64 bytes: the worst case (every byte becomes \u00XX)
// plus one block of overshoot, so blocks can be stored whole without a bounds check.
// METAJSON_ABLATION_NO_ESCAPE_FAST_PATH sends every string through escape_scalar instead.
//
// With UTF-8 validation, the SSE2 and AVX2 kernels hand the whole string to the fused AVX2
// escaper-validator of escape_avx2.hpp when the CPU has AVX2, the NEON kernel to the fused NEON
// one of escape_neon.hpp (escape_with below); the loop here
// (escape_blocks) serves the other modes, kernels and CPUs.
#pragma once

#include <cstddef>
#include <cstring>

#include "../detail/ablation.hpp"
#include "../detail/macros.hpp"
#include "../simd/config.hpp"
#include "escape_avx2.hpp"
#include "escape_neon.hpp"
#include "escape_scalar.hpp"
#include "escape_short.hpp"
#include "utf8.hpp"
#include "utf8_avx2.hpp"

namespace metajson::detail {

inline constexpr std::size_t escape_slack = 64;

// Worst-case output size of escape() for n input bytes.
constexpr std::size_t escaped_size_bound(std::size_t n) noexcept { return 6 * n + escape_slack; }

template <class K, utf8_mode Mode>
inline char* escape_blocks(char* dst, const char* src, std::size_t n, std::size_t* bad) noexcept;

// Kept out of line so the scanning loop stays small: when [src, end) is valid UTF-8 (checked in
// bulk), escapes it without further checks and returns the end; else returns nullptr.
template <class K>
METAJSON_NOINLINE char* escape_rest_if_valid(char* dst, const char* src, const char* end) noexcept {
  const std::size_t n = static_cast<std::size_t>(end - src);
  if (!utf8_valid(src, n)) return nullptr;
  std::size_t unused = 0;
  return escape_blocks<K, utf8_mode::unchecked>(dst, src, n, &unused);
}

// Escapes n bytes of src into dst with kernel K, checking UTF-8 sequence by sequence (or, for
// a long non-ASCII rest, in bulk). Returns the end, or nullptr when Mode is validate and the
// text is not UTF-8 (then *bad is the offset of the first invalid byte).
template <class K, utf8_mode Mode>
inline char* escape_blocks(char* dst, const char* src, std::size_t n, std::size_t* bad) noexcept {
  constexpr bool non_ascii = Mode != utf8_mode::unchecked;
  constexpr std::size_t w = K::width;
  const char* const begin = src;
  const char* const end = src + n;
  for (;;) {
    typename K::mask_t m = 0;
    while (static_cast<std::size_t>(end - src) >= w) {
      K::copy(dst, src);
      m = K::template special<non_ascii>(src);
      if (METAJSON_LIKELY(m == 0)) {
        src += w;
        dst += w;
        continue;
      }
      break;
    }
    if (m == 0) {  // fewer than w bytes left: scan a padded copy of them
      const std::size_t rem = static_cast<std::size_t>(end - src);
      if (rem == 0) return dst;
      alignas(64) char block[w];
      std::memset(block, ' ', w);
      std::memcpy(block, src, rem);
      K::copy(dst, block);
      m = K::template special<non_ascii>(block);
      if (m == 0) return dst + rem;
    }
    const unsigned i = K::first(m);
    src += i;
    dst += i;
    const auto c = static_cast<unsigned char>(*src);
    if (c < 0x80) {
      dst = write_escape(dst, c);
      ++src;
      continue;
    }
    if constexpr (non_ascii) {
      // Non-ASCII text: when the rest of the string is long, check all of it at once (AVX2 when
      // the CPU has it) and, if it is valid, finish with the unchecked escaper.
      if (static_cast<std::size_t>(end - src) >= utf8_bulk_threshold) {
        if (char* r = escape_rest_if_valid<K>(dst, src, end)) return r;
      }
      // A run of non-ASCII text (CJK, emoji...): stay in the scalar checker until ASCII.
      const auto* u = reinterpret_cast<const unsigned char*>(src);
      const auto* uend = reinterpret_cast<const unsigned char*>(end);
      do {
        const utf8_step st = utf8_check_sequence(u, uend);
        if (METAJSON_LIKELY(st.length > 0)) {
          // Copy a whole word when the input has one (the output has room: 6 bytes per input
          // byte are reserved); an exact copy near the end of the input.
          if (METAJSON_LIKELY(uend - u >= 4)) std::memcpy(dst, u, 4);
          else std::memcpy(dst, u, static_cast<std::size_t>(st.length));
          dst += st.length;
          u += st.length;
        } else if constexpr (Mode == utf8_mode::replace) {
          std::memcpy(dst, "\xEF\xBF\xBD", 3);
          dst += 3;
          u += st.bad;
        } else {
          *bad = static_cast<std::size_t>(reinterpret_cast<const char*>(u) - begin);
          return nullptr;
        }
      } while (u < uend && *u >= 0x80);
      src = reinterpret_cast<const char*>(u);
    }
  }
}

// Escapes n bytes of src into dst with kernel K. Returns the end, or nullptr when Mode is
// validate and the text is not UTF-8 (then *bad is the offset of the first invalid byte).
// Validation with the SSE2, AVX2 or AVX-512 kernel goes through the fused AVX2 escaper when the
// CPU has AVX2 (escape_avx2.hpp), with the NEON kernel through the fused NEON one
// (escape_neon.hpp): one pass instead of a scan, a bulk check and a second scan.
template <class K, utf8_mode Mode>
inline char* escape_with(char* dst, const char* src, std::size_t n, std::size_t* bad) noexcept {
#if defined(METAJSON_HAS_UTF8_AVX2)
  // Not swar (METAJSON_NO_SIMD and the ablation without SIMD keep their portable scan). The
  // AVX-512 kernel's 64-byte blocks lose to the fused 32-byte pass on JSON's short strings:
  // twitter write in a -march=native build, 3.0-3.3 GB/s with the 64-byte scan, 5.4-5.9 GB/s
  // fused (three interleaved runs of each binary, bench_metajson --mode time).
  if constexpr (!ablation::no_fused_escape && Mode == utf8_mode::validate && (K::width == 16 || K::width == 32 || K::width == 64)) {
    if (METAJSON_LIKELY(cpu_has_avx2())) return escape_validate_avx2_or_scalar(dst, src, n, bad);
  }
#elif defined(METAJSON_HAS_UTF8_NEON)
  if constexpr (!ablation::no_fused_escape && Mode == utf8_mode::validate && K::width == 16) return escape_validate_neon_or_scalar(dst, src, n, bad);
#endif
  return escape_blocks<K, Mode>(dst, src, n, bad);
}

// Escapes with this translation unit's kernel; a short plain string (escape_short.hpp) is
// copied inline first.
template <utf8_mode Mode>
METAJSON_ALWAYS_INLINE char* escape(char* dst, const char* src, std::size_t n, std::size_t* bad) noexcept {
  if constexpr (ablation::no_escape_fast_path) {
    return escape_scalar(dst, src, n, Mode, bad);
  } else {
#if defined(METAJSON_HAS_SHORT_STRINGS)
    if (n <= short_string_max) {
      if (char* e = escape_short_plain(dst, src, n); METAJSON_LIKELY(e != nullptr)) return e;
    }
#endif
    return escape_with<simd::native, Mode>(dst, src, n, bad);
  }
}

}  // namespace metajson::detail

// Whole-string UTF-8 validation with AVX2, after Keiser and Lemire, "Validating UTF-8 in less
// than one instruction per byte" (Software: Practice and Experience, 2021): three 16-entry
// nibble tables, looked up with one shuffle each, flag every invalid two-byte pattern (overlong,
// surrogate, too large, too short, too long); two more compares check the third and fourth
// bytes of long sequences. About 0.2 cycles per byte instead of a branch per code point.
//
// Compiled with the avx2 target attribute so that it exists in every x86-64 build; whether it
// may run is decided once, at run time (utf8_valid below), unless the translation unit is itself
// compiled for AVX2. The scalar checker of utf8.hpp stays the reference and finds the exact
// position of an error.
//
// The block checker (u8_step, u8_lookup) is also the UTF-8 check of the reader's AVX2 and
// AVX-512 index kernels (index/block_avx2.inc, block_avx512.inc), which follow METAJSON_NO_SIMD
// only: the ablation's METAJSON_ABLATION_NO_SIMD_UTF8 (METAJSON_SIMD_UTF8_OFF) turns off the
// whole-string checks (utf8_valid, the fused escaper), not the index's.
#pragma once

#include "../detail/ablation.hpp"

#if (defined(__x86_64__) || defined(_M_X64)) && defined(__GNUC__) && !defined(METAJSON_NO_SIMD)
#define METAJSON_HAS_UTF8_AVX2_LOOKUP 1
#include "../simd/x86.hpp"
#if !defined(METAJSON_SIMD_UTF8_OFF)
#define METAJSON_HAS_UTF8_AVX2 1
#endif
#endif

#include <cstddef>
#include <cstring>

#include "utf8.hpp"
#include "utf8_neon.hpp"
#include "utf8_tables.hpp"

namespace metajson::detail {

#if defined(METAJSON_HAS_UTF8_AVX2_LOOKUP)

__attribute__((target("avx2"))) inline m256i u8_table(const unsigned char (&t)[16]) noexcept {
  return mm256_broadcastsi128_si256(mm_load_si128(reinterpret_cast<const m128i*>(t)));
}

// The input shifted right by N bytes across the two lanes, the first N bytes taken from the
// end of the previous block.
template <int N>
__attribute__((target("avx2"))) inline m256i u8_prev(m256i input, m256i prev_input) {
  return mm256_alignr_epi8<16 - N>(input, mm256_permute2x128_si256<0x21>(prev_input, input));
}

struct u8_state {
  m256i error, prev_input, prev_incomplete;
};

// Nonzero where the last three bytes of a block start a sequence that the next block must
// finish.
__attribute__((target("avx2"))) inline m256i u8_incomplete(m256i input) noexcept {
  const m256i max_complete = mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                                -1, -1, -1, -1, -1, -1, -1, -1, -1, static_cast<char>(0xEF),
                                                static_cast<char>(0xDF), static_cast<char>(0xBF));
  return mm256_subs_epu8(input, max_complete);
}

// Checks one 32-byte block by the tables, whatever it holds (ASCII too), carrying what the next
// block needs in st.
__attribute__((target("avx2"))) inline void u8_lookup(u8_state& st, m256i input) noexcept {
  const m256i t1_high = u8_table(u8_t1_high);
  const m256i t1_low = u8_table(u8_t1_low);
  const m256i t2_high = u8_table(u8_t2_high);
  const m256i nibble = mm256_set1_epi8(0x0F);
  const m256i prev1 = u8_prev<1>(input, st.prev_input);
  const m256i b1_high = mm256_shuffle_epi8(t1_high, mm256_and_si256(mm256_srli_epi16(prev1, 4), nibble));
  const m256i b1_low = mm256_shuffle_epi8(t1_low, mm256_and_si256(prev1, nibble));
  const m256i b2_high = mm256_shuffle_epi8(t2_high, mm256_and_si256(mm256_srli_epi16(input, 4), nibble));
  const m256i special = mm256_and_si256(mm256_and_si256(b1_high, b1_low), b2_high);
  // A byte two or three after a 3- or 4-byte lead must be a continuation: bit 7 of
  // prev2 - (E0 - 80) and prev3 - (F0 - 80) (saturating) says where one is required.
  const m256i prev2 = u8_prev<2>(input, st.prev_input);
  const m256i prev3 = u8_prev<3>(input, st.prev_input);
  const m256i third = mm256_subs_epu8(prev2, mm256_set1_epi8(static_cast<char>(0xE0 - 0x80)));
  const m256i fourth = mm256_subs_epu8(prev3, mm256_set1_epi8(static_cast<char>(0xF0 - 0x80)));
  const m256i must23 = mm256_and_si256(mm256_or_si256(third, fourth), mm256_set1_epi8(static_cast<char>(0x80)));
  st.error = mm256_or_si256(st.error, mm256_xor_si256(must23, special));
  st.prev_incomplete = u8_incomplete(input);
  st.prev_input = input;
}

// Checks one 32-byte block, carrying what the next block needs in st.
__attribute__((target("avx2"))) inline void u8_step(u8_state& st, m256i input) noexcept {
  if (mm256_movemask_epi8(input) == 0) {  // all ASCII: only an unfinished sequence before it is wrong
    st.error = mm256_or_si256(st.error, st.prev_incomplete);
    st.prev_incomplete = mm256_setzero_si256();
    st.prev_input = input;
    return;
  }
  u8_lookup(st, input);
}

#endif  // METAJSON_HAS_UTF8_AVX2_LOOKUP

#if defined(METAJSON_HAS_UTF8_AVX2)

// Returns true when the n bytes at s are valid UTF-8.
__attribute__((target("avx2"))) inline bool utf8_valid_avx2(const char* s, std::size_t n) noexcept {
  u8_state st{mm256_setzero_si256(), mm256_setzero_si256(), mm256_setzero_si256()};
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) u8_step(st, mm256_loadu_si256(reinterpret_cast<const m256i*>(s + i)));
  if (i < n) {
    alignas(32) char block[32] = {};  // zeros are ASCII
    std::memcpy(block, s + i, n - i);
    u8_step(st, mm256_load_si256(reinterpret_cast<const m256i*>(block)));
  }
  const m256i error = mm256_or_si256(st.error, st.prev_incomplete);
  return mm256_testz_si256(error, error) != 0;
}

#if !defined(__AVX2__)
// Asked once, during static initialization: a global rather than a function-local static, so
// that reading it costs no guard check. Read before its initializer has run (from another
// translation unit's static initialization), it is false, and the callers then take their
// portable path, which gives the same results.
inline const bool cpu_avx2_flag = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}();
#endif

// Whether this CPU runs AVX2.
inline bool cpu_has_avx2() noexcept {
#if defined(__AVX2__)
  return true;
#else
  return cpu_avx2_flag;
#endif
}

#endif  // METAJSON_HAS_UTF8_AVX2

// Below this many bytes, checking sequence by sequence beats a call to the bulk checker.
inline constexpr std::size_t utf8_bulk_threshold = 32;

// Returns true when the n bytes at s are valid UTF-8: with AVX2 when the CPU has it, NEON on
// ARM64, else the scalar checker.
inline bool utf8_valid(const char* s, std::size_t n) noexcept {
#if defined(METAJSON_HAS_UTF8_AVX2)
  if (cpu_has_avx2()) return utf8_valid_avx2(s, n);
#elif defined(METAJSON_HAS_UTF8_NEON)
  return utf8_valid_neon(s, n);
#endif
  return utf8_first_invalid(s, n) == n;
}

}  // namespace metajson::detail

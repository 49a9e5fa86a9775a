// Integer -> decimal text. Standalone: no JSON knowledge.
//
// Digits are counted first (one table lookup on the bit length), then written backwards eight
// at a time (SWAR, digits_8) and two at a time from a 200-byte pair table, so every division
// by 100 is a multiply-shift and each store writes two digits or more. digits_16 (SSE2) makes
// the sixteen digits of a double's significand in one register for dtoa.hpp.
// METAJSON_ABLATION_NO_FAST_ITOA routes integers through std::to_chars instead (same output);
// doubles' digits no longer go through this file's backwards writer.
#pragma once

#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../detail/ablation.hpp"
#include "../detail/macros.hpp"
#if defined(__SSE2__) && defined(__x86_64__) && !defined(METAJSON_SIMD_OFF)
#include "../simd/x86.hpp"
#endif

namespace metajson::detail {

// "00" "01" ... "99": the two-digit table.
inline constexpr char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// 0, 10, 100, ..., 10^19: the library's one table of the powers of ten that fit 64 bits
// (count_digits, and the digit normalisation of number/dtoa.hpp). Entry 0 is 0 (not 1) so that
// count_digits(0) is 1.
inline constexpr std::uint64_t pow10_u64[20] = {0,
                                                10ull,
                                                100ull,
                                                1000ull,
                                                10000ull,
                                                100000ull,
                                                1000000ull,
                                                10000000ull,
                                                100000000ull,
                                                1000000000ull,
                                                10000000000ull,
                                                100000000000ull,
                                                1000000000000ull,
                                                10000000000000ull,
                                                100000000000000ull,
                                                1000000000000000ull,
                                                10000000000000000ull,
                                                100000000000000000ull,
                                                1000000000000000000ull,
                                                10000000000000000000ull};

// Returns the number of decimal digits of v (1 for 0). (bits * 1233) >> 12 is
// floor(bits * log10(2)), which is the digit count minus one or minus zero; one compare with
// the next power of ten settles it.
constexpr int count_digits(std::uint64_t v) noexcept {
  const int bits = 64 - std::countl_zero(v | 1);
  const int t = (bits * 1233) >> 12;
  return t + 1 - (v < pow10_u64[t]);
}

// The eight digits of v < 10^8, leading zeros included, as ASCII bytes in a word, the first
// digit in the low byte, computed without a chain of divisions (SWAR): v splits into two
// four-digit lanes of a 64-bit word, each lane into two two-digit lanes (x / 100 as
// x * 10486 >> 20, exact below 10^4), each of those into two one-digit bytes (x / 10 as
// x * 103 >> 10, exact below 100); then '0' is added to every byte. Pure arithmetic: only the
// store (store_le) depends on the byte order.
METAJSON_ALWAYS_INLINE std::uint64_t digits_8(std::uint32_t v) noexcept {
  const std::uint64_t merged = (v / 10000) | (static_cast<std::uint64_t>(v % 10000) << 32);
  const std::uint64_t hundreds = ((merged * 10486) >> 20) & ((0x7Full << 32) | 0x7Full);
  const std::uint64_t pairs = hundreds | ((merged - hundreds * 100) << 16);
  const std::uint64_t tens = ((pairs * 103) >> 10) & 0x000F000F000F000Full;
  return (tens | ((pairs - tens * 10) << 8)) + 0x3030303030303030ull;
}

// The digits of two values below 10^8 as two digits_8 words: {digits_8(hi), digits_8(lo)}.
// With SSE2 both go through the same steps in one register, the four four-digit groups in the
// four 32-bit lanes: x / 100 as the high half of x * 10486 shifted right by 4 (pmulhuw; the
// same constant as digits_8), then x / 10 as the high half of x * (103 << 6), which is
// x * 103 >> 10 (exact below 100), in 16-bit lanes. That is about two thirds of the
// instructions of two digits_8 for a 16-digit significand.
struct digits_8x2 {
  std::uint64_t hi, lo;
};
#if defined(__SSE2__) && defined(__x86_64__) && !defined(METAJSON_SIMD_OFF)
// Three of digits_16's constants, as memory operands: written as _mm_set1 (or as constexpr
// arrays, which it folds) GCC builds them per call from an immediate (mov, movd, pshufd: three
// instructions each) instead of loading them. Not const, so that GCC cannot fold them; never
// written.
alignas(16) inline std::uint16_t digits_16_tens_mul[8] = {103 << 6, 103 << 6, 103 << 6, 103 << 6,
                                                                   103 << 6, 103 << 6, 103 << 6, 103 << 6};
alignas(16) inline std::uint16_t digits_16_tens_ones[8] = {2559, 2559, 2559, 2559, 2559, 2559, 2559, 2559};
alignas(16) inline char digits_16_zeros[16] = {'0', '0', '0', '0', '0', '0', '0', '0',
                                                         '0', '0', '0', '0', '0', '0', '0', '0'};
#endif
#if defined(__SSE2__) && defined(__x86_64__) && !defined(METAJSON_SIMD_OFF)
#define METAJSON_DIGITS_SSE2 1
// digits_16 in the register: byte i is the ASCII digit i of hi * 10^8 + lo (dtoa.hpp keeps it
// there to lay the digits out).
METAJSON_ALWAYS_INLINE m128i digits_16_sse2(std::uint32_t hi, std::uint32_t lo) noexcept {
  // [hi / 10^4, hi % 10^4, lo / 10^4, lo % 10^4]: x / 10^4 as x * 3518437209 >> 45 in the
  // two 64-bit lanes (pmuludq; exact for every 32-bit x).
  const m128i v = mm_set_epi64x(lo, hi);
  const m128i q = mm_srli_epi64(mm_mul_epu32(v, mm_set1_epi64x(3518437209)), 45);
  const m128i r = mm_sub_epi32(v, mm_mul_epu32(q, mm_set1_epi64x(10000)));
  const m128i groups = mm_or_si128(q, mm_slli_epi64(r, 32));
  const m128i hundreds = mm_srli_epi16(mm_mulhi_epu16(groups, mm_set1_epi32(10486)), 4);
  const m128i rest = mm_sub_epi16(groups, mm_mullo_epi16(hundreds, mm_set1_epi32(100)));
  const m128i pairs = mm_or_si128(hundreds, mm_slli_epi32(rest, 16));
  const m128i tens_mul = mm_load_si128(reinterpret_cast<const m128i*>(digits_16_tens_mul));
  const m128i zeros = mm_load_si128(reinterpret_cast<const m128i*>(digits_16_zeros));
  const m128i tens = mm_mulhi_epu16(pairs, tens_mul);  // x * 103 >> 10
  // tens + 256 * (x - 10 * tens) = 256 x - 2559 tens: both digits of each lane in two steps
  const m128i tens_ones = mm_load_si128(reinterpret_cast<const m128i*>(digits_16_tens_ones));
  return mm_add_epi8(mm_sub_epi16(mm_slli_epi16(pairs, 8), mm_mullo_epi16(tens, tens_ones)), zeros);
}
#endif
METAJSON_ALWAYS_INLINE digits_8x2 digits_16(std::uint32_t hi, std::uint32_t lo) noexcept {
#if defined(METAJSON_DIGITS_SSE2)
  const m128i digits = digits_16_sse2(hi, lo);
  return {static_cast<std::uint64_t>(mm_cvtsi128_si64(digits)),
          static_cast<std::uint64_t>(mm_cvtsi128_si64(mm_unpackhi_epi64(digits, digits)))};
#else
  return {digits_8(hi), digits_8(lo)};
#endif
}

// Stores w at p[0..8), low byte first.
METAJSON_ALWAYS_INLINE void store_le(char* p, std::uint64_t w) noexcept {
  if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
  std::memcpy(p, &w, 8);
}

// Writes the eight digits of v < 10^8, leading zeros included, at p[0..8).
METAJSON_ALWAYS_INLINE void write_8_digits(char* p, std::uint32_t v) noexcept { store_le(p, digits_8(v)); }

// Writes the n = count_digits(v) digits of v ending at `end`.
METAJSON_ALWAYS_INLINE void write_digits_backwards(char* end, std::uint64_t v) noexcept {
  if constexpr (!ablation::no_fast_itoa) {
    if constexpr (std::endian::native == std::endian::little) {
      while (v >= 100000000) {  // eight at a time: the long tails of doubles and 64-bit ids
        end -= 8;
        write_8_digits(end, static_cast<std::uint32_t>(v % 100000000));
        v /= 100000000;
      }
    }
  }
  while (v >= 100) {
    const auto r = static_cast<unsigned>(v % 100);  // v % 100 by multiply-shift
    v /= 100;
    end -= 2;
    std::memcpy(end, digit_pairs + 2 * r, 2);
  }
  if (v >= 10) {
    std::memcpy(end - 2, digit_pairs + 2 * v, 2);
  } else {
    end[-1] = static_cast<char>('0' + v);
  }
}

// Writes v in decimal at p; returns the end. At most 20 bytes.
METAJSON_ALWAYS_INLINE char* write_u64(char* p, std::uint64_t v) noexcept {
  if constexpr (ablation::no_fast_itoa) {
    return std::to_chars(p, p + 20, v).ptr;
  } else {
    const int n = count_digits(v);
    write_digits_backwards(p + n, v);
    return p + n;
  }
}

// Writes v in decimal at p; returns the end. At most 20 bytes.
METAJSON_ALWAYS_INLINE char* write_i64(char* p, std::int64_t v) noexcept {
  std::uint64_t u = static_cast<std::uint64_t>(v);
  if (v < 0) {
    *p++ = '-';
    u = 0 - u;
  }
  return write_u64(p, u);
}

#if defined(__SIZEOF_INT128__)
// 128-bit: split into 19-digit chunks. At most 40 bytes.
inline char* write_u128(char* p, unsigned __int128 v) noexcept {
  constexpr std::uint64_t e19 = 10000000000000000000ull;
  if (v <= UINT64_MAX) return write_u64(p, static_cast<std::uint64_t>(v));
  const unsigned __int128 hi = v / e19;
  const std::uint64_t lo = static_cast<std::uint64_t>(v % e19);
  p = write_u128(p, hi);
  std::memset(p, '0', 19);
  char* end = p + 19;
  if (lo != 0) write_digits_backwards(end, lo);
  return end;
}
inline char* write_i128(char* p, __int128 v) noexcept {
  unsigned __int128 u = static_cast<unsigned __int128>(v);
  if (v < 0) {
    *p++ = '-';
    u = 0 - u;
  }
  return write_u128(p, u);
}
#endif

// Writes any integer type. Returns the end.
template <class I>
METAJSON_ALWAYS_INLINE char* write_integer(char* p, I v) noexcept {
#if defined(__SIZEOF_INT128__)
  if constexpr (sizeof(I) > 8) {
    if constexpr (std::is_signed_v<I>) return write_i128(p, v);
    else return write_u128(p, v);
  } else
#endif
  if constexpr (std::is_signed_v<I>) {
    return write_i64(p, static_cast<std::int64_t>(v));
  } else {
    return write_u64(p, static_cast<std::uint64_t>(v));
  }
}

// Upper bound of the decimal text of an integer type, sign included.
template <class I>
inline constexpr std::size_t max_integer_chars = sizeof(I) > 8 ? 40 : 20;

}  // namespace metajson::detail

// Shortest round-trip floating point -> decimal text. Standalone: no JSON knowledge beyond the
// three layouts of options::numbers (json, ecmascript, shortest).
//
// Digits. A double c * 2^q (c < 2^53) has the rounding interval [v - 2^q/2, v + 2^q/2] (closed
// when c is even; its lower half is 2^q/4 when c = 2^52, "irregular"). With k = floor(q log10 2),
// 10^k <= 2^q < 10^(k+1), so scaled by 10^-(k+1) the value is y = c 2^q 10^-(k+1) in
// [4.5e14, 9.1e15) and the half-width is h = 2^q 10^-(k+1) / 2 in [0.05, 0.5). The interval,
// narrower than 1, holds at most one integer: if floor(y) or floor(y) + 1 is in it, that integer
// is the shortest decimal (15-16 digits, zeros to strip). Otherwise the shortest has one more
// digit: the interval is at least 0.1 wide, so the closest number of tenths, 10 floor(y) +
// round(10 frac(y)), is in it. One 128x64-bit product gives y's integer part and 64 bits of its
// fraction at once (the power of ten normalized to 128 bits and truncated: the reader's
// number/pow5_table.hpp, continued by number/dtoa_table.hpp), and the two interval tests and
// the last digit all come from that fraction, in parallel: no division by 10 and no second
// product on the path. (The scaling by 10^-(k+1), so that the integer part is already the
// shorter candidate, is Xiang JunBo's idea in xjb; one product, fraction-based tests and the
// per-exponent shift follow Yaoyuan Guo's yy_double and Victor Zverovich's zmij. This is our
// own code.) Correct for every double: tools/verify_dtoa.py proves that the truncations never
// flip a decision (it enumerates, per binary exponent, every significand whose fraction lies
// within a few units of 2^-64 of a decision boundary, and checks each against exact rational
// arithmetic); the tests compare with std::to_chars on every float, the irregular doubles,
// the verifier's boundary cases and 10^9 random doubles.
//
// Layout. The digits are made sixteen at a time in one SSE2 register (itoa.hpp's
// digits_16_sse2): the significand is normalized to exactly 16 digits plus an optional 17th;
// the significant digit count is one compare mask of the '0' bytes and one bit scan; the
// decimal point is put in with a byte shift and a blend against a mask loaded at offset dp
// (no store and reload, no loop). Exponents come from a table; integers and 0.000ddd are out of
// line. Without SSE2 (METAJSON_NO_SIMD) the same steps run on two 64-bit words.
//
// Ablation: METAJSON_ABLATION_OLD_DTOA takes the digits from the previous algorithm
// (number/schubfach.hpp), METAJSON_ABLATION_NO_FAST_DTOA from std::to_chars; the layout is the
// same, so the output is too.
#pragma once

#include <bit>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include "../detail/ablation.hpp"
#include "../detail/macros.hpp"
#include "../options.hpp"
#include "dtoa_table.hpp"
#include "itoa.hpp"
#include "pow5_table.hpp"
#if defined(METAJSON_DTOA_SCHUBFACH)  // METAJSON_ABLATION_OLD_DTOA (detail/ablation.hpp)
#include "schubfach.hpp"
#endif

namespace metajson::detail {

// floor(q log10 2), floor(log10(3/4 2^q)), floor(e log2 10), exact over the ranges used
// (q in [-1074, 971], e in [-293, 323]; checked by tools/verify_dtoa.py).
constexpr int floor_log10_pow2(int q) noexcept { return static_cast<int>((static_cast<std::int64_t>(q) * 661971961083LL) >> 41); }
constexpr int floor_log10_three_quarters_pow2(int q) noexcept {
  return static_cast<int>((static_cast<std::int64_t>(q) * 661971961083LL - 274743187321LL) >> 41);
}
constexpr int floor_log2_pow10(int e) noexcept { return static_cast<int>((static_cast<std::int64_t>(e) * 913124641741LL) >> 38); }

METAJSON_ALWAYS_INLINE std::uint64_t mul_high(std::uint64_t a, std::uint64_t b) noexcept {
  return static_cast<std::uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
}

static_assert(pow5_table_min <= -293 && pow5_table_max + 1 == dtoa_table_min && dtoa_table_max >= 323,
              "the writer needs 10^e for e in [-293, 323] from pow5_table and dtoa_table");

// G(e) = floor(10^e 2^(127 - floor(e log2 10))) as {hi, lo}, e in [-293, 323].
METAJSON_ALWAYS_INLINE const std::uint64_t* pow10_128(int e) noexcept {
  return e <= pow5_table_max ? pow5_table[e - pow5_table_min] : dtoa_table[e - dtoa_table_min];
}

// r = -(q + floor(e log2 10)) for e = -(k+1), per biased exponent bq of a double (q = bq - 1075):
// one byte load instead of a second multiplication on the way to the product.
inline constexpr auto dtoa_r_table = [] {
  struct table {
    std::uint8_t r[2048];
    constexpr std::uint8_t operator[](unsigned bq) const noexcept { return r[bq]; }
  } t{};
  for (int bq = 1; bq < 2047; ++bq) {
    const int q = bq - 1075;
    t.r[bq] = static_cast<std::uint8_t>(-(q + floor_log2_pow10(-floor_log10_pow2(q) - 1)));
  }
  return t;
}();

// The shortest decimal of c * 2^q as the shorter candidate n (in units of 10^(k+1)) and, when
// the interval holds no multiple of 10^(k+1), one more digit: n * 10 + digit in units of 10^k
// (digit is 0 when there is none, for the regular case).
struct shortest_parts {
  std::uint64_t n;
  int k;
  unsigned digit;
  bool has_digit;
};

// y = c 2^q 10^e (e = -(k+1)) as integer part and 64-bit fraction. g = G(e), r = -(q +
// floor(e log2 10)) in [0, 4], so 2^q 10^e = G 2^(-127 - r) (G truncated) and y = G c 2^(-127 -
// r): the top 128 bits of the 192-bit product G * (c << (X + 1 - r)) are y * 2^(64 + X).
// X = 8 keeps c << (X + 1 - r) below 2^64 for c < 2^54.
inline constexpr int dtoa_extra_shift = 8;
struct scaled_value {
  std::uint64_t integral, fraction;
};
METAJSON_ALWAYS_INLINE scaled_value scale_by_pow10(std::uint64_t c, const std::uint64_t* g, int r) noexcept {
  constexpr int X = dtoa_extra_shift;
  const std::uint64_t cs = c << (X + 1 - r);
  const unsigned __int128 p = static_cast<unsigned __int128>(g[0]) * cs;
  // the carry added by hand: as an __int128 addition GCC spills the product to the stack
  std::uint64_t lo;
  const std::uint64_t hi = static_cast<std::uint64_t>(p >> 64) + __builtin_add_overflow(static_cast<std::uint64_t>(p), mul_high(g[1], cs), &lo);
  return {hi >> X, (hi << (64 - X)) | (lo >> X)};
}

// Half, for rounding the last digit, plus 10: the digit is round(10 (f + 1) / 2^64), as the
// exact fraction lies in [f, f + 1.001). The verifier fails with 2^63 + 0..5 (two doubles, e.g.
// 1.3588129002659584e-245 came out ...583) and with 2^63 + 16; it passes with 6..15.
inline constexpr std::uint64_t dtoa_digit_round = (std::uint64_t{1} << 63) + 10;

// The regular case (both halves of the interval 2^q / 2). In units of 2^-64: the fraction f,
// the half-width h = G_hi >> r. Down: floor(y) >= y - h, i.e. f <= h when the interval is
// closed (c even), f < h when open: f < h + even. Up: floor(y) + 1 <= y + h, i.e. f + h >=
// 2^64 when closed, > when open. f and h are both truncated, so where the exact sum is 2^64
// the computed one is 2^64 - 1: f + (h + even) >= 2^64 decides it (the strict form fails on
// 219 doubles, e.g. 3.777893186306048e22 came out with 17 digits). Last digit: round(10 f /
// 2^64), half up (dtoa_digit_round), except that the one exact tie (f = 2^62, frac(y) = 1/4:
// 2.5 tenths) rounds to even, as std::to_chars does (at 3/4, 7.5 rounds up to the even 8).
// tools/verify_dtoa.py checks these forms against exact arithmetic for every double.
METAJSON_ALWAYS_INLINE shortest_parts shortest_regular(std::uint64_t c, int k, const std::uint64_t* g, int r) noexcept {
  const scaled_value s = scale_by_pow10(c, g, r);
  const std::uint64_t half = (g[0] >> r) + (~c & 1);
  const bool down = s.fraction < half;
  const bool up = s.fraction > ~half;  // s.fraction + half >= 2^64
  unsigned digit = static_cast<unsigned>((static_cast<unsigned __int128>(s.fraction) * 10 + dtoa_digit_round) >> 64);
  if (METAJSON_UNLIKELY(s.fraction == std::uint64_t{1} << 62)) digit = 2;
  // Bitwise, not ||: which case a double is in is data-dependent (a third of canada.json's
  // doubles are the shorter candidate), so a branch here mispredicts; the digit is 0 there.
  const bool has_digit = !(up | down);
  return {s.integral + up, k, digit & -static_cast<unsigned>(has_digit), has_digit};
}

// c = 2^52 (2^23 for float), above the smallest binade: the interval is [v - 2^q/4, v + 2^q/2]
// (closed: c is even). k = floor(log10(3/4 2^q)) makes the interval's width 3/4 2^q 10^-(k+1)
// in [0.1, 1), as for the regular case; but its lower half is only a third of it, so the
// nearest tenth may lie below it: the digit is the larger of the nearest and the lowest one
// in the interval. Rare (one double per binade); tested on all of them against std::to_chars.
METAJSON_NOINLINE inline shortest_parts shortest_irregular(std::uint64_t c, int q) noexcept {
  const int k = floor_log10_three_quarters_pow2(q);
  const int e = -k - 1;
  const int r = -(q + floor_log2_pow10(e));
  const std::uint64_t* g = pow10_128(e);
  const scaled_value s = scale_by_pow10(c, g, r);
  const std::uint64_t upper = (g[0] >> r) + 1;  // closed
  const std::uint64_t lower = (g[0] >> (r + 1)) + 1;
  const bool down = s.fraction < lower;
  const bool up = s.fraction > ~upper;
  auto nearest = static_cast<unsigned>((static_cast<unsigned __int128>(s.fraction) * 10 + (std::uint64_t{1} << 63)) >> 64);
  if (s.fraction == std::uint64_t{1} << 62) nearest = 2;  // the tie 2.5 to even, as above
  // the lowest tenth at or above the lower end: ceil(10 (f - lower') / 2^64)
  const auto lowest = static_cast<unsigned>(
      (static_cast<unsigned __int128>(s.fraction - (g[0] >> (r + 1))) * 10 + ~std::uint64_t{0}) >> 64);
  return {s.integral + up, k, nearest > lowest ? nearest : lowest, !(up || down)};
}

// Shortest parts of any finite nonzero double's magnitude (bits without the sign).
METAJSON_ALWAYS_INLINE shortest_parts shortest_parts_of_bits(std::uint64_t bits) noexcept {
  const int bq = static_cast<int>(bits >> 52);
  const std::uint64_t t = bits & ((std::uint64_t{1} << 52) - 1);
  const std::uint64_t c = bq == 0 ? t : t | (std::uint64_t{1} << 52);
  const int q = bq == 0 ? -1074 : bq - 1075;
  if (METAJSON_UNLIKELY(t == 0 && bq > 1)) return shortest_irregular(c, q);
  const int k = floor_log10_pow2(q);
  const int e = -k - 1;
  return shortest_regular(c, k, pow10_128(e), -(q + floor_log2_pow10(e)));
}

// The same for a float (bits without the sign): the same arithmetic with c < 2^24.
METAJSON_ALWAYS_INLINE shortest_parts shortest_parts_of_bits(std::uint32_t bits) noexcept {
  const int bq = static_cast<int>(bits >> 23);
  const std::uint32_t t = bits & ((std::uint32_t{1} << 23) - 1);
  const std::uint64_t c = bq == 0 ? t : t | (std::uint32_t{1} << 23);
  const int q = bq == 0 ? -149 : bq - 150;
  if (METAJSON_UNLIKELY(t == 0 && bq > 1)) return shortest_irregular(c, q);
  const int k = floor_log10_pow2(q);
  const int e = -k - 1;
  return shortest_regular(c, k, pow5_table[e - pow5_table_min], -(q + floor_log2_pow10(e)));
}

// A decimal f * 10^e, f > 0 (trailing zeros allowed).
struct decimal_fp {
  std::uint64_t f;
  int e;
};

METAJSON_ALWAYS_INLINE decimal_fp to_decimal_fp(shortest_parts s) noexcept {
  return s.has_digit ? decimal_fp{s.n * 10 + s.digit, s.k} : decimal_fp{s.n, s.k + 1};
}

// The shortest decimal of a finite nonzero value's magnitude, trailing zeros removed (tests,
// and the reference for the layouts).
template <class F>
inline decimal_fp shortest_decimal(F v) noexcept {
  using U = std::conditional_t<sizeof(F) == 8, std::uint64_t, std::uint32_t>;
  constexpr U sign = U{1} << (8 * sizeof(U) - 1);
  decimal_fp d = to_decimal_fp(shortest_parts_of_bits(static_cast<U>(std::bit_cast<U>(v) & ~sign)));
  while (d.f % 10 == 0) {
    d.f /= 10;
    ++d.e;
  }
  return d;
}

// --- sixteen digits in a register ----------------------------------------------------------------

// The significand as exactly 16 ASCII digits (the first one nonzero), an optional 17th digit
// c17 ('0' when there is none), and the position dp of the decimal point after the first
// digit: the value is 0.D * 10^dp, D = the 16 digits then c17.
struct digits_point {
  std::uint64_t n16;
  char c17;
  int dp;
};

// Any decimal f * 10^e, 0 < f < 10^17, to that form.
METAJSON_ALWAYS_INLINE digits_point normalize_digits(decimal_fp d) noexcept {
  const int nd = count_digits(d.f);
  if (nd >= 16) {
    if (nd == 16) return {d.f, '0', 16 + d.e};
    const std::uint64_t n16 = d.f / 10;
    return {n16, static_cast<char>('0' + (d.f - n16 * 10)), 17 + d.e};
  }
  return {d.f * pow10_u64[16 - nd], '0', nd + d.e};  // (16 - nd >= 1: pow10_u64[0] is 0)
}

#if defined(METAJSON_DIGITS_SSE2)
struct digits16 {
  m128i v;  // byte i: digit i
};
// 16 bytes of 0xff, then 16 of 0: loaded at 16 - dp it keeps bytes [0, dp).
alignas(32) inline constexpr std::uint8_t dtoa_point_masks[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0};
METAJSON_ALWAYS_INLINE digits16 make_digits16(std::uint64_t n16) noexcept {
  const std::uint64_t hi = n16 / 100000000;
  return {digits_16_sse2(static_cast<std::uint32_t>(hi), static_cast<std::uint32_t>(n16 - hi * 100000000))};
}
// The number of digits up to the last nonzero one, the 17th (c17) included: one compare mask
// and one bit scan, c17 as bit 16 of the mask. (No branch: the count varies from one double to
// the next in real data. Bit 0 is set, the first digit is not 0: no zero test either.)
METAJSON_ALWAYS_INLINE int significant_digits(digits16 d, char c17) noexcept {
  const m128i zeros = mm_load_si128(reinterpret_cast<const m128i*>(digits_16_zeros));
  const auto nonzero = (static_cast<std::uint32_t>(~mm_movemask_epi8(mm_cmpeq_epi8(d.v, zeros))) & 0xffff) |
                       (static_cast<std::uint32_t>(c17 != '0') << 16) | 1;
  return 32 - __builtin_clz(nonzero);
}
METAJSON_ALWAYS_INLINE void store_digits16(char* p, digits16 d) noexcept { mm_storeu_si128(reinterpret_cast<m128i*>(p), d.v); }
// Stores digits [0, dp) at p and digits [dp, 15) one byte further up (p[dp] is left to the caller).
METAJSON_ALWAYS_INLINE void store_digits16_split(char* p, digits16 d, int dp) noexcept {
  const m128i keep = mm_loadu_si128(reinterpret_cast<const m128i*>(dtoa_point_masks + 16 - dp));
  mm_storeu_si128(reinterpret_cast<m128i*>(p), mm_or_si128(mm_and_si128(keep, d.v), mm_andnot_si128(keep, mm_slli_si128<1>(d.v))));
}
METAJSON_ALWAYS_INLINE char first_digit(digits16 d) noexcept { return static_cast<char>(mm_cvtsi128_si32(d.v)); }
#else
struct digits16 {
  std::uint64_t lo, hi;  // digits 0-7 (digit 0 in the low byte), 8-15
};
METAJSON_ALWAYS_INLINE digits16 make_digits16(std::uint64_t n16) noexcept {
  const std::uint64_t hi = n16 / 100000000;
  const digits_8x2 w = digits_16(static_cast<std::uint32_t>(hi), static_cast<std::uint32_t>(n16 - hi * 100000000));
  return {w.hi, w.lo};
}
METAJSON_ALWAYS_INLINE int significant_digits(digits16 d, char c17) noexcept {
  constexpr std::uint64_t zeros = 0x3030303030303030ull;
  const std::uint64_t hi = d.hi ^ zeros, lo = d.lo ^ zeros;  // digit 0 is not '0': lo != 0
  if (c17 != '0') return 17;
  return hi != 0 ? 8 + (std::bit_width(hi) + 7) / 8 : (std::bit_width(lo) + 7) / 8;
}
METAJSON_ALWAYS_INLINE void store_digits16(char* p, digits16 d) noexcept {
  store_le(p, d.lo);
  store_le(p + 8, d.hi);
}
METAJSON_ALWAYS_INLINE void store_digits16_split(char* p, digits16 d, int dp) noexcept {
  const unsigned __int128 v = (static_cast<unsigned __int128>(d.hi) << 64) | d.lo;
  const unsigned __int128 keep = dp >= 16 ? ~static_cast<unsigned __int128>(0) : (static_cast<unsigned __int128>(1) << (8 * dp)) - 1;
  const unsigned __int128 w = (v & keep) | ((v << 8) & ~keep);
  store_le(p, static_cast<std::uint64_t>(w));
  store_le(p + 8, static_cast<std::uint64_t>(w >> 64));
}
METAJSON_ALWAYS_INLINE char first_digit(digits16 d) noexcept { return static_cast<char>(d.lo); }
#endif

// "e+308" ... "e-324" for every exponent x in [-324, 308]: the text in the low bytes of a
// word (first character lowest), its length (3-5) in the top byte.
inline constexpr auto dtoa_exponents = [] {
  struct table {
    std::uint64_t text[633];
  } t{};
  for (int x = -324; x <= 308; ++x) {
    const int ax = x < 0 ? -x : x;
    char s[5];
    int n = 0;
    s[n++] = 'e';
    s[n++] = x < 0 ? '-' : '+';
    if (ax >= 100) s[n++] = static_cast<char>('0' + ax / 100);
    if (ax >= 10) s[n++] = static_cast<char>('0' + ax / 10 % 10);
    s[n++] = static_cast<char>('0' + ax % 10);
    std::uint64_t w = static_cast<std::uint64_t>(n) << 56;
    for (int i = 0; i < n; ++i) w |= static_cast<std::uint64_t>(static_cast<unsigned char>(s[i])) << (8 * i);
    t.text[x + 324] = w;
  }
  return t;
}();

// 'e', the sign ('+' only if Plus) and the digits of x in [-324, 308]: one table word, five
// bytes stored, no branch on the exponent's length (random data has all of them).
template <bool Plus>
METAJSON_ALWAYS_INLINE char* write_exponent(char* q, int x) noexcept {
  std::uint64_t w = dtoa_exponents.text[x + 324];
  if constexpr (!Plus) {
    // drop the '+' of a positive exponent: the digits move down one byte, the length by one
    constexpr std::uint64_t text_mask = (std::uint64_t{1} << 56) - 1;
    const std::uint64_t dropped = ((((w & text_mask) >> 8) & ~std::uint64_t{0xff}) | 'e') | ((w >> 56) - 1) << 56;
    w = x >= 0 ? dropped : w;
  }
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(q, &w, 4);
  } else {
    const std::uint32_t lo = __builtin_bswap32(static_cast<std::uint32_t>(w));
    std::memcpy(q, &lo, 4);
  }
  q[4] = static_cast<char>(w >> 32);
  return q + (w >> 56);
}

// d[.ddd]e+x: the 16 digits and c17 with a point after the first, then the exponent.
template <bool Plus>
METAJSON_ALWAYS_INLINE char* write_scientific(char* p, digits16 d, char c17, int n, int x) noexcept {
  store_digits16(p + 1, d);
  p[0] = first_digit(d);
  p[1] = '.';
  p[17] = c17;
  return write_exponent<Plus>(n == 1 ? p + 1 : p + n + 1, x);
}

// The digits then zeros up to p + dp (dp <= 24): the zeros after the significant digits are
// already in the digits, and eight more follow them.
METAJSON_ALWAYS_INLINE void write_integer_digits(char* p, digits16 d, char c17) noexcept {
  store_digits16(p, d);
  store_le(p + 16, 0x3030303030303000ull | static_cast<unsigned char>(c17));
}

// 0.000ddd (dp in [-5, 0]).
METAJSON_ALWAYS_INLINE char* write_small_fraction(char* p, digits16 d, char c17, int n, int dp) noexcept {
  store_le(p, 0x3030303030302e30ull);  // "0.000000"
  char* q = p + 2 - dp;
  store_digits16(q, d);
  q[16] = c17;
  return q + n;
}

// Every layout but a point inside the digits (the common case, in write_digits). n significant
// digits (1-17), point at dp. Writes at most 24 bytes from p.
template <number_format F>
METAJSON_NOINLINE inline char* write_digits_other(char* p, digits16 d, char c17, int n, int dp) noexcept {
  if constexpr (F == number_format::shortest) {
    // The shorter of plain and scientific, plain on a tie; the exponent without '+'.
    const int x = dp - 1;
    const int ax = x < 0 ? -x : x;
    const int sci_len = n + (n > 1) + 1 + (x < 0) + (ax >= 100 ? 3 : ax >= 10 ? 2 : 1);
    const int plain_len = dp >= n ? dp : 2 - dp + n;
    if (plain_len > sci_len) return write_scientific<false>(p, d, c17, n, x);
    if (dp >= n) {  // at most n + 6 <= 23 bytes
      write_integer_digits(p, d, c17);
      return p + dp;
    }
    return write_small_fraction(p, d, c17, n, dp);  // dp >= -2 here
  } else {
    // ECMAScript's Number::toString: plain when -6 < dp <= 21, else d.ddde+x. (Each range as
    // one unsigned compare: random data, mostly exponents, mispredicts "dp >= n && dp <= 21".)
    if (static_cast<unsigned>(dp - n) <= static_cast<unsigned>(21 - n)) {
      write_integer_digits(p, d, c17);
      if constexpr (F == number_format::json) {
        std::memcpy(p + dp, ".0", 2);
        return p + dp + 2;
      }
      return p + dp;
    }
    if (static_cast<unsigned>(dp + 5) <= 5u) return write_small_fraction(p, d, c17, n, dp);
    return write_scientific<true>(p, d, c17, n, dp - 1);
  }
}

// Lays out 0.D * 10^dp. The common case, a point inside the significant digits (123.45,
// 65.613616999999977), is inline: the digits go to p + 1, then the blend of the digits and
// their shift by one byte to p, the 17th digit and the point. Under json and ecmascript the
// exponent form is inline too (it costs a call's worth of instructions, and the reload of
// the digit constants after it, out of line); integers and 0.000ddd are not. Writes at most
// 24 bytes.
template <number_format F>
METAJSON_ALWAYS_INLINE char* write_digits(char* p, digits_point dg) noexcept {
  const digits16 d = make_digits16(dg.n16);
  const int n = significant_digits(d, dg.c17);
  if (METAJSON_LIKELY(static_cast<unsigned>(dg.dp - 1) < static_cast<unsigned>(n - 1))) {
    store_digits16(p + 1, d);
    store_digits16_split(p, d, dg.dp);
    p[17] = dg.c17;
    p[dg.dp] = '.';
    return p + n + 1;
  }
  if constexpr (F != number_format::shortest) {
    // exponents inline: the next most common layout (every double of random bits has one)
    if (static_cast<unsigned>(dg.dp + 5) > 26u) return write_scientific<true>(p, d, dg.c17, n, dg.dp - 1);
  }
  return write_digits_other<F>(p, d, dg.c17, n, dg.dp);
}

// --- the writers ----------------------------------------------------------------------------------

// The digits of a finite nonzero magnitude (bits without the sign) by the ablation's route
// (ablation::old_dtoa or no_fast_dtoa; never instantiated otherwise).
template <class U>
inline decimal_fp ablation_decimal(U bits) noexcept {
  using F = std::conditional_t<sizeof(U) == 8, double, float>;
  const F v = std::bit_cast<F>(bits);
#if defined(METAJSON_DTOA_SCHUBFACH)
  const schubfach::decimal_fp d = schubfach::to_decimal(v);
  return {d.f, d.e};
#else
  // std::to_chars' shortest digits (scientific form), read back into digits and exponent
  char buf[64];
  const char* end = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific).ptr;
  std::uint64_t f = 0;
  int frac_digits = 0;
  const char* q = buf;
  bool after_point = false;
  for (; q < end && *q != 'e'; ++q) {
    if (*q == '.') {
      after_point = true;
      continue;
    }
    f = f * 10 + static_cast<std::uint64_t>(*q - '0');
    frac_digits += after_point;
  }
  int e = 0;
  const bool neg = q + 1 < end && q[1] == '-';
  for (q += 2; q < end; ++q) e = e * 10 + (*q - '0');
  return {f, (neg ? -e : e) - frac_digits};
#endif
}

// Doubles the fast path does not take: subnormals, the 48 smallest binades (their power of ten
// is past the reader's table) and the irregular ones (c = 2^52).
template <number_format F>
METAJSON_NOINLINE inline char* write_double_rare(char* p, std::uint64_t bits) noexcept {
  return write_digits<F>(p, normalize_digits(to_decimal_fp(shortest_parts_of_bits(bits))));
}

// Zero: "0.0" / "-0.0" (json), "0" (ecmascript, -0 too), "0" / "-0" (shortest). start is
// before the sign, p after it.
template <number_format F>
METAJSON_ALWAYS_INLINE char* write_zero(char* start, char* p) noexcept {
  if constexpr (F == number_format::json) {
    std::memcpy(p, "0.0", 3);
    return p + 3;
  } else if constexpr (F == number_format::ecmascript) {
    *start = '0';
    return start + 1;
  } else {
    *p = '0';
    return p + 1;
  }
}

// Writes v (double or float) in the layout F; returns the end. A non-finite v goes to
// nonfinite(p, v) (p before any sign), which returns the end. At most 25 bytes are written
// from p (the sign included), some of them scratch past the returned end.
template <number_format F, class Fl, class NonFinite>
METAJSON_ALWAYS_INLINE char* write_float(char* p, Fl v, NonFinite&& nonfinite) {
  static_assert(std::is_same_v<Fl, double> || std::is_same_v<Fl, float>);
  using U = std::conditional_t<sizeof(Fl) == 8, std::uint64_t, std::uint32_t>;
  constexpr int mantissa_bits = sizeof(Fl) == 8 ? 52 : 23;
  constexpr unsigned exp_max = sizeof(Fl) == 8 ? 0x7ff : 0xff;
  constexpr U sign = U{1} << (8 * sizeof(U) - 1);
  const U raw = std::bit_cast<U>(v);
  const U bits = raw & ~sign;
  char* const start = p;
  *p = '-';
  p += raw >> (8 * sizeof(U) - 1);
  const auto bq = static_cast<unsigned>(bits >> mantissa_bits);
  if constexpr (ablation::old_dtoa || ablation::no_fast_dtoa) {
    if (METAJSON_UNLIKELY(bq == exp_max)) return nonfinite(start, v);
    if (METAJSON_UNLIKELY(bits == 0)) return write_zero<F>(start, p);
    return write_digits<F>(p, normalize_digits(ablation_decimal(bits)));
  } else {
    if constexpr (sizeof(Fl) == 8) {
      // One unsigned compare catches the rare exponent fields: 0 (zero, subnormal), 1-48 (the
      // powers of ten past the reader's table) and 2047 (infinity, NaN).
      if (METAJSON_UNLIKELY(bq - 49 >= exp_max - 49)) {
        if (bq == exp_max) return nonfinite(start, v);
        if (bits == 0) return write_zero<F>(start, p);
        return write_double_rare<F>(p, bits);
      }
      const std::uint64_t t = bits & ((std::uint64_t{1} << 52) - 1);
      if (METAJSON_UNLIKELY(t == 0)) return write_double_rare<F>(p, bits);
      const int k = floor_log10_pow2(static_cast<int>(bq) - 1075);
      const shortest_parts s = shortest_regular(t | (std::uint64_t{1} << 52), k, pow5_table[-k - 1 - pow5_table_min], dtoa_r_table[bq]);
      // s.n has 15 or 16 digits: with 15, the last digit joins it and there is no 17th. Selected
      // with masks: the digit count varies from one double to the next in real data.
      const std::uint64_t short15 = s.n < 1000000000000000ull;
      const std::uint64_t mask = 0 - short15;
      const std::uint64_t n16 = (s.n & ~mask) | ((s.n * 10 + s.digit) & mask);
      return write_digits<F>(p, {n16, static_cast<char>('0' + (s.digit & ~mask)), 17 + k - static_cast<int>(short15)});
    } else {
      if (METAJSON_UNLIKELY(bq - 1 >= exp_max - 1)) {
        if (bq == exp_max) return nonfinite(start, v);
        if (bits == 0) return write_zero<F>(start, p);
      }
      return write_digits<F>(p, normalize_digits(to_decimal_fp(shortest_parts_of_bits(bits))));
    }
  }
}

// write_float for a finite v (a non-finite one is written as std::to_chars writes it).
template <number_format F, class Fl>
METAJSON_ALWAYS_INLINE char* write_float(char* p, Fl v) noexcept {
  return write_float<F>(p, v, [](char* q, Fl x) noexcept { return std::to_chars(q, q + 25, x).ptr; });
}

inline constexpr std::size_t max_float_chars = 25;

}  // namespace metajson::detail

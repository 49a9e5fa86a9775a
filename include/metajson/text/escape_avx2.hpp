// Escaping and UTF-8 validation fused into one pass, with AVX2: what escape_with does for
// validated strings with the SSE2 and AVX2 kernels when the CPU has AVX2. Each 32-byte block is
// loaded once, stored to the output, scanned for bytes that need an escape and checked by the
// Keiser-Lemire step of utf8_avx2.hpp (the same tables), which carries the block to the next
// one for the sequences that straddle them. The one block of a short string skips the step
// when it is all ASCII (it then only checks that no sequence was left unfinished before it).
// Errors are accumulated and tested once at the end of the string; an invalid string then goes
// through the scalar escaper, which finds the offset of the first invalid byte. (Before, a string with non-ASCII text was scanned
// up to its first byte >= 0x80, then checked in bulk, then scanned again.)
//
// After an escape the scan restarts right after the escaped byte, so blocks overlap; the bytes
// before the new block end with that ASCII byte, so no valid sequence spans into the block and
// the carried context is reset to ASCII (a sequence broken by the escaped byte was already found
// by the block that contained it). Checking a byte twice is harmless.
//
// A tail of fewer than 32 bytes (and a whole string of fewer than 32, handled before the loop's
// set-up) becomes a block padded with spaces: ASCII, no escape, and a sequence truncated by the
// end of the string is then followed by ASCII, which the step flags. The block is built in
// registers (partial_block below: loads that stay inside the string, one byte shuffle from a
// table, the spaces ORed in), not by copying the bytes into a stack buffer and loading it back:
// that load spans several smaller stores still in flight, which the CPU cannot forward, and
// waited about a dozen cycles per string. Escapes are written with one 8-byte store from a
// table. Compiled with the avx2 target attribute.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../detail/macros.hpp"
#include "escape_scalar.hpp"
#include "utf8_avx2.hpp"

namespace metajson::detail {

#if defined(METAJSON_HAS_UTF8_AVX2)

// The constants of the fused loop, one 32-byte row each. The loop reads them through a pointer
// the optimizer cannot see through, so they stay memory operands of the instructions that use
// them; as known constants GCC would rebuild the uniform ones in registers (a move and a
// broadcast each), in every iteration or, hoisted, spilled to the stack at every call.
enum escape_avx2_row : int {
  ea_t1_high, ea_t1_low, ea_t2_high, ea_nibble, ea_third, ea_fourth, ea_high, ea_max_complete, ea_quote, ea_bslash, ea_c1f,
  ea_spaces, ea_esc_low, ea_esc_high, ea_7f, ea_rows
};

struct alignas(32) escape_avx2_table_t {
  unsigned char row[ea_rows][32];
};

consteval escape_avx2_table_t make_escape_avx2_table() {
  escape_avx2_table_t t{};
  const unsigned char* const tables[3] = {u8_t1_high, u8_t1_low, u8_t2_high};  // utf8_tables.hpp
  for (int r = 0; r < 3; ++r)
    for (int i = 0; i < 32; ++i) t.row[r][i] = tables[r][i % 16];
  auto fill = [&](int r, unsigned char c) {
    for (auto& b : t.row[r]) b = c;
  };
  fill(ea_nibble, 0x0F);
  fill(ea_third, 0xE0 - 0x80);
  fill(ea_fourth, 0xF0 - 0x80);
  fill(ea_high, 0x80);
  fill(ea_max_complete, 0xFF);
  t.row[ea_max_complete][29] = 0xEF;  // the last three bytes may start a sequence the next block ends
  t.row[ea_max_complete][30] = 0xDF;
  t.row[ea_max_complete][31] = 0xBF;
  fill(ea_quote, '"');
  fill(ea_bslash, '\\');
  fill(ea_c1f, 0x1f);
  fill(ea_spaces, ' ');
  // Escape classes by nibble: bit 0 control (high nibble 0-1), bit 1 '"' (2, 2), bit 2 '\\' (5, C).
  fill(ea_esc_low, 1);
  fill(ea_esc_high, 0);
  fill(ea_7f, 0x7F);
  for (int h = 0; h < 2; ++h) {
    t.row[ea_esc_low][2 + 16 * h] = 1 | 2;
    t.row[ea_esc_low][12 + 16 * h] = 1 | 4;
    t.row[ea_esc_high][0 + 16 * h] = 1;
    t.row[ea_esc_high][1 + 16 * h] = 1;
    t.row[ea_esc_high][2 + 16 * h] = 2;
    t.row[ea_esc_high][5 + 16 * h] = 4;
  }
  return t;
}

inline constexpr escape_avx2_table_t escape_avx2_table = make_escape_avx2_table();

// The byte shuffles that build a partial block in registers (partial_block), 16 bytes a row.
// shift[s]: byte i takes byte i + s (0x80, which makes it 0, past the end). fill[k]: ' ' in
// bytes k..15, 0 below. compose[n] (n < 16): the n bytes of a string, read as the words that
// short_words loads, in their places, 0 after them.
struct alignas(16) partial_block_tables_t {
  unsigned char shift[17][16];
  unsigned char fill[17][16];
  unsigned char compose[16][16];
};

consteval partial_block_tables_t make_partial_block_tables() {
  partial_block_tables_t t{};
  for (int s = 0; s <= 16; ++s)
    for (int i = 0; i < 16; ++i) t.shift[s][i] = static_cast<unsigned char>(i + s < 16 ? i + s : 0x80);
  for (int k = 0; k <= 16; ++k)
    for (int i = 0; i < 16; ++i) t.fill[k][i] = i >= k ? ' ' : 0;
  for (int n = 0; n < 16; ++n)
    for (int i = 0; i < 16; ++i) {
      int from = 0x80;
      if (i < n) {
        if (n >= 8) from = i < 8 ? i : i + 16 - n;       // words src[0..8), src[n-8..n)
        else if (n >= 4) from = i < 4 ? i : i + 8 - n;   // src[0..4), src[n-4..n)
        else from = i == 0 ? 0 : i == n / 2 ? 1 : 2;     // src[0], src[n/2], src[n-1]
      }
      t.compose[n][i] = static_cast<unsigned char>(from);
    }
  return t;
}

inline constexpr partial_block_tables_t partial_block_tables = make_partial_block_tables();

// The n < 16 bytes at src as the low bytes of a register, read without touching a byte outside
// [src, src + n): two overlapping words (or three single bytes), in the layout compose[n] undoes.
METAJSON_ALWAYS_INLINE m128i short_words(const char* src, std::size_t n) noexcept {
  if (n >= 8) {
    std::uint64_t lo, hi;
    std::memcpy(&lo, src, 8);
    std::memcpy(&hi, src + n - 8, 8);
    return mm_set_epi64x(static_cast<long long>(hi), static_cast<long long>(lo));
  }
  if (n >= 4) {
    std::uint32_t lo, hi;
    std::memcpy(&lo, src, 4);
    std::memcpy(&hi, src + n - 4, 4);
    return mm_cvtsi64_si128(static_cast<long long>(lo | std::uint64_t{hi} << 32));
  }
  if (n == 0) return mm_setzero_si128();
  const std::uint32_t w = static_cast<unsigned char>(src[0]) | std::uint32_t{static_cast<unsigned char>(src[n / 2])} << 8 |
                          std::uint32_t{static_cast<unsigned char>(src[n - 1])} << 16;
  return mm_cvtsi32_si128(static_cast<int>(w));
}

template <class T>
METAJSON_ALWAYS_INLINE m128i table_row(const T& row) noexcept {
  return mm_load_si128(reinterpret_cast<const m128i*>(row));
}

// The n < 32 bytes at src as a 32-byte block padded with spaces. look_back: the 16 bytes before
// src + n are part of the string (a tail of a string of 16 bytes or more), so they may be
// loaded; otherwise nothing outside [src, src + n) is read.
__attribute__((target("avx2"))) METAJSON_ALWAYS_INLINE m256i partial_block(const char* src, std::size_t n,
                                                                           bool look_back) noexcept {
  const partial_block_tables_t& t = partial_block_tables;
  const m128i spaces = table_row(t.fill[0]);
  if (n >= 16) {
    const m128i lo = mm_loadu_si128(reinterpret_cast<const m128i*>(src));
    const m128i end = mm_loadu_si128(reinterpret_cast<const m128i*>(src + n - 16));
    const m128i hi = mm_or_si128(mm_shuffle_epi8(end, table_row(t.shift[32 - n])), table_row(t.fill[n - 16]));
    return mm256_set_m128i(hi, lo);
  }
  m128i lo;
  if (look_back) {
    const m128i end = mm_loadu_si128(reinterpret_cast<const m128i*>(src + n - 16));
    lo = mm_shuffle_epi8(end, table_row(t.shift[16 - n]));
  } else {
    lo = mm_shuffle_epi8(short_words(src, n), table_row(t.compose[n]));
  }
  return mm256_set_m128i(spaces, mm_or_si128(lo, table_row(t.fill[n])));
}

// The constants as memory operands (for a string of one block)...
struct escape_avx2_consts {
  const unsigned char* t;
  __attribute__((target("avx2"))) m256i operator[](int r) const noexcept {
    return mm256_load_si256(reinterpret_cast<const m256i*>(t + 32 * r));
  }
  __attribute__((target("avx2"))) m256i table(int r) const noexcept { return (*this)[r]; }
  static constexpr bool classify = false;  // escapes by compares (no table to load)
};

// ...or, for the loop over longer strings, with the four that every non-ASCII block needs (the
// shuffle tables cannot be memory operands) loaded into registers once.
struct escape_avx2_loop_consts : escape_avx2_consts {
  m256i t1_high, t1_low, t2_high, nibble, esc_low, esc_high;
  __attribute__((target("avx2"))) explicit escape_avx2_loop_consts(escape_avx2_consts k) noexcept
      : escape_avx2_consts(k),
        t1_high(k[ea_t1_high]),
        t1_low(k[ea_t1_low]),
        t2_high(k[ea_t2_high]),
        nibble(k[ea_nibble]),
        esc_low(k[ea_esc_low]),
        esc_high(k[ea_esc_high]) {}
  __attribute__((target("avx2"))) m256i table(int r) const noexcept {
    return r == ea_t1_high ? t1_high : r == ea_t1_low ? t1_low : r == ea_t2_high ? t2_high : r == ea_nibble ? nibble : r == ea_esc_low ? esc_low : esc_high;
  }
  static constexpr bool classify = true;  // escapes by two nibble lookups (shares the high nibbles)
};

__attribute__((target("avx2"))) METAJSON_ALWAYS_INLINE escape_avx2_consts make_escape_avx2_consts() noexcept {
  const unsigned char* t = escape_avx2_table.row[0];
  asm("" : "+r"(t));
  return {t};
}

// The UTF-8 step of utf8_avx2.hpp (u8_step) for a block with a byte >= 0x80, with the
// constants passed in. prev is the block before (only its last three bytes matter).
template <class K>
__attribute__((target("avx2"))) METAJSON_ALWAYS_INLINE m256i escape_avx2_utf8_errors(const K& k, m256i input, m256i prev) noexcept {
  const m256i prev1 = u8_prev<1>(input, prev);
  const m256i b1_high = mm256_shuffle_epi8(k.table(ea_t1_high), mm256_and_si256(mm256_srli_epi16(prev1, 4), k.table(ea_nibble)));
  const m256i b1_low = mm256_shuffle_epi8(k.table(ea_t1_low), mm256_and_si256(prev1, k.table(ea_nibble)));
  const m256i b2_high = mm256_shuffle_epi8(k.table(ea_t2_high), mm256_and_si256(mm256_srli_epi16(input, 4), k.table(ea_nibble)));
  const m256i special = mm256_and_si256(mm256_and_si256(b1_high, b1_low), b2_high);
  const m256i third = mm256_subs_epu8(u8_prev<2>(input, prev), k[ea_third]);
  const m256i fourth = mm256_subs_epu8(u8_prev<3>(input, prev), k[ea_fourth]);
  const m256i must23 = mm256_and_si256(mm256_or_si256(third, fourth), k[ea_high]);
  return mm256_xor_si256(must23, special);
}

// The escape of each ASCII byte that needs one (index < 0x60), as 8 bytes to store at once:
// the escape's text in the low bytes, its length in the top byte.
consteval auto make_escape_words() {
  struct table {
    std::uint64_t w[0x60];
  } t{};
  for (unsigned c = 0; c < 0x60; ++c) {
    const char l = escape_letter[c];
    if (l == 0) continue;
    char text[6] = {'\\', l, '0', '0', hex_digits[c >> 4], hex_digits[c & 15]};
    const unsigned len = l == 'u' ? 6 : 2;
    std::uint64_t w = static_cast<std::uint64_t>(len) << 56;
    for (unsigned i = 0; i < len; ++i) w |= static_cast<std::uint64_t>(static_cast<unsigned char>(text[i])) << (8 * i);
    t.w[c] = w;
  }
  return t;
}
inline constexpr auto escape_words = make_escape_words();

// Writes the escape of c (escape_letter[c] != 0) with one 8-byte store (the output has room
// for it: 6 bytes per input byte plus escape_slack); returns the end.
METAJSON_ALWAYS_INLINE char* write_escape_word(char* dst, unsigned char c) noexcept {
  const std::uint64_t w = escape_words.w[c];
  std::memcpy(dst, &w, 8);
  return dst + (w >> 56);
}

// What the UTF-8 check carries from block to block.
struct escape_avx2_state {
  m256i error;       // any bit set: invalid
  m256i prev;        // the block before (ASCII at the start and after an escape)
  m256i incomplete;  // non-zero when prev ends inside a sequence
};

// Stores block v at dst, checks its UTF-8, and returns the mask of its bytes that need an escape.
template <class K>
__attribute__((target("avx2"))) METAJSON_ALWAYS_INLINE std::uint32_t escape_avx2_block(const K& k,
                                                                                     escape_avx2_state& st, m256i v,
                                                                                     char* dst) noexcept {
  mm256_storeu_si256(reinterpret_cast<m256i*>(dst), v);
  // A short string's one block skips the UTF-8 step when it is ASCII (only a sequence left
  // unfinished before would then be wrong). The blocks of a long string take the step every
  // time: in text that mixes ASCII and other scripts (twitter's), the test mispredicted often
  // enough to cost more than the step.
  if (!K::classify && mm256_movemask_epi8(v) == 0) {
    st.error = mm256_or_si256(st.error, st.incomplete);
    st.incomplete = mm256_setzero_si256();
  } else {
    st.error = mm256_or_si256(st.error, escape_avx2_utf8_errors(k, v, st.prev));
    st.incomplete = mm256_subs_epu8(v, k[ea_max_complete]);
  }
  st.prev = v;
  if constexpr (K::classify) {
    const m256i high = mm256_and_si256(mm256_srli_epi16(v, 4), k.table(ea_nibble));
    const m256i cls = mm256_and_si256(mm256_shuffle_epi8(k.table(ea_esc_low), v), mm256_shuffle_epi8(k.table(ea_esc_high), high));
    return static_cast<std::uint32_t>(mm256_movemask_epi8(mm256_adds_epu8(cls, k[ea_7f])));
  } else {
    const m256i esc = mm256_or_si256(mm256_or_si256(mm256_cmpeq_epi8(v, k[ea_quote]), mm256_cmpeq_epi8(v, k[ea_bslash])),
                                        mm256_cmpeq_epi8(mm256_subs_epu8(v, k[ea_c1f]), mm256_setzero_si256()));
    return static_cast<std::uint32_t>(mm256_movemask_epi8(esc));
  }
}

// Escapes the first byte flagged in m (its block, read at src, was stored at dst) and moves
// src and dst past it. The next block starts right after that ASCII byte: nothing carried.
__attribute__((target("avx2"))) METAJSON_ALWAYS_INLINE void escape_flagged(std::uint32_t m, const char*& src, char*& dst,
                                                                         escape_avx2_state& st) noexcept {
  const unsigned i = static_cast<unsigned>(__builtin_ctz(m));
  src += i;
  dst = write_escape_word(dst + i, static_cast<unsigned char>(*src));
  ++src;
  st.prev = mm256_setzero_si256();
  st.incomplete = mm256_setzero_si256();
}

// Escapes n bytes of src into dst (room for escaped_size_bound(n)) and checks that they are
// UTF-8. Returns the end, or nullptr when the text is not UTF-8: the caller then learns where
// from the scalar escaper (escape_validate_avx2_or_scalar), which keeps the values it needs
// out of this loop's registers.
__attribute__((target("avx2"))) inline char* escape_validate_avx2(char* dst, const char* src, std::size_t n) noexcept {
  const char* const end = src + n;
  const escape_avx2_consts km = make_escape_avx2_consts();
  escape_avx2_state st{mm256_setzero_si256(), mm256_setzero_si256(), mm256_setzero_si256()};
  std::uint32_t m;
  if (n <= 32) {  // one block (most strings): the tables stay memory operands, nothing is set up
    const m256i v = n == 32 ? mm256_loadu_si256(reinterpret_cast<const m256i*>(src)) : partial_block(src, n, false);
    m = escape_avx2_block(km, st, v, dst);
    if (m == 0) {
      dst += n;
      src = end;
    } else {
      escape_flagged(m, src, dst, st);
    }
  }
  if (src != end) {
    const escape_avx2_loop_consts k(km);
    const bool long_string = n >= 16;  // a tail may then load the 16 bytes before the end
    // The last address a whole block can start at (as an integer: it may be before begin).
    const std::uintptr_t last = reinterpret_cast<std::uintptr_t>(end) - 32;
    for (;;) {
      while (reinterpret_cast<std::uintptr_t>(src) + 32 <= last) {  // two whole blocks
        m = escape_avx2_block(k, st, mm256_loadu_si256(reinterpret_cast<const m256i*>(src)), dst);
        if (METAJSON_UNLIKELY(m != 0)) goto escape;
        m = escape_avx2_block(k, st, mm256_loadu_si256(reinterpret_cast<const m256i*>(src + 32)), dst + 32);
        src += 32;
        dst += 32;
        if (METAJSON_UNLIKELY(m != 0)) goto escape;
        src += 32;
        dst += 32;
      }
      while (reinterpret_cast<std::uintptr_t>(src) <= last) {  // whole blocks
        m = escape_avx2_block(k, st, mm256_loadu_si256(reinterpret_cast<const m256i*>(src)), dst);
        if (METAJSON_UNLIKELY(m != 0)) goto escape;
        src += 32;
        dst += 32;
      }
      {
        const std::size_t left = static_cast<std::size_t>(end - src);
        if (left == 0) break;
        m = escape_avx2_block(k, st, partial_block(src, left, long_string), dst);
        if (m == 0) {  // the padding holds nothing to escape
          dst += left;
          break;
        }
      }
    escape:
      escape_flagged(m, src, dst, st);
    }
  }
  const m256i error = mm256_or_si256(st.error, st.incomplete);
  if (METAJSON_UNLIKELY(mm256_testz_si256(error, error) == 0)) return nullptr;
  return dst;
}

// Escapes and validates with the fused AVX2 loop (the CPU must have AVX2). Returns the end, or
// nullptr with *bad the offset of the first invalid byte.
inline char* escape_validate_avx2_or_scalar(char* dst, const char* src, std::size_t n, std::size_t* bad) noexcept {
  if (char* e = escape_validate_avx2(dst, src, n); METAJSON_LIKELY(e != nullptr)) return e;
  return escape_validate_rejected(dst, src, n, bad);
}

#endif  // METAJSON_HAS_UTF8_AVX2

}  // namespace metajson::detail

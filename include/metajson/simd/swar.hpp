// SIMD-within-a-register kernel: 8 bytes per step in a 64-bit integer. The portable fallback,
// and what a build with METAJSON_NO_SIMD uses.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "../detail/endian.hpp"

namespace metajson::detail::simd {

struct swar {
  static constexpr std::size_t width = 8;
  using mask_t = std::uint64_t;

  static std::uint64_t load(const char* p) noexcept { return load_le<std::uint64_t>(p); }  // byte i at bits 8i
  // High bit set in the first byte (and possibly later ones) that is '"', '\\', < 0x20, or,
  // when NonAscii, >= 0x80. Only the lowest flagged byte is exact: borrows only run upwards.
  template <bool NonAscii>
  static mask_t special(const char* p) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    const std::uint64_t x = load(p);
    const std::uint64_t q = x ^ (ones * '"');
    const std::uint64_t b = x ^ (ones * '\\');
    std::uint64_t m = ((q - ones) & ~q) | ((b - ones) & ~b) | ((x - ones * 0x20) & ~x);
    if constexpr (NonAscii) m |= x;
    return m & highs;
  }
  // High bit set in each byte that is not JSON whitespace (' ', '\n', '\r', '\t'). Exact for
  // every byte: the per-byte non-zero test below never carries into the next byte.
  static mask_t non_whitespace(const char* p) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101ull, low7 = 0x7F7F7F7F7F7F7F7Full, highs = 0x8080808080808080ull;
    const std::uint64_t x = load(p);
    auto nonzero = [&](std::uint64_t t) { return (((t & low7) + low7) | t) & highs; };
    return nonzero(x ^ (ones * ' ')) & nonzero(x ^ (ones * '\n')) & nonzero(x ^ (ones * '\r')) & nonzero(x ^ (ones * '\t'));
  }
  static void copy(char* dst, const char* src) noexcept { std::memcpy(dst, src, 8); }
  static unsigned first(mask_t m) noexcept { return static_cast<unsigned>(std::countr_zero(m)) / 8; }
};

}  // namespace metajson::detail::simd

// The four hex digits of a \u escape, read in one step: both readers use it (stage 1's escape
// check, index/stage1.hpp, and the decoding of escapes, read/string.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace metajson::detail {

// Each byte's value as a hex digit, 0x10 for the bytes that are not one.
inline constexpr auto hex_values = [] {
  std::array<std::uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) t[static_cast<std::size_t>(c)] = 0x10;
  for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c - '0');
  for (int c = 'a'; c <= 'f'; ++c) t[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c - 'a' + 10);
  for (int c = 'A'; c <= 'F'; ++c) t[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c - 'A' + 10);
  return t;
}();

// Whether ch is a hex digit.
inline bool is_hex_digit(char ch) noexcept { return hex_values[static_cast<unsigned char>(ch)] < 0x10; }

// The value of the four hex digits at p (all four readable), or -1: four table loads and one
// test, no branch per digit (documents written with every non-ASCII character escaped have an
// escape every twenty bytes).
inline int hex4_value(const char* p) noexcept {
  const unsigned a = hex_values[static_cast<unsigned char>(p[0])], b = hex_values[static_cast<unsigned char>(p[1])],
                 c = hex_values[static_cast<unsigned char>(p[2])], d = hex_values[static_cast<unsigned char>(p[3])];
  if ((a | b | c | d) & 0x10) return -1;
  return static_cast<int>((a << 12) | (b << 8) | (c << 4) | d);
}

}  // namespace metajson::detail

// The order of strings by their UTF-16 code units (RFC 8785, JSON Canonicalization Scheme,
// section 3.2.3), computed on their UTF-8 bytes without transcoding. Standalone: no JSON
// knowledge; usable at compile time (struct member keys) and at run time (map keys).
//
// UTF-8 byte order is code point order. UTF-16 code unit order is the same except that the
// code points above U+FFFF (written with surrogates, 0xD800-0xDFFF) come before U+E000-U+FFFF.
// Two strings equal up to some byte differ first either at a code point boundary in both (the
// bytes are lead bytes or ASCII) or inside sequences with the same lead byte (same length, same
// range: byte order is right). So only one case reverses the byte order: at the first
// difference one string has a 4-byte lead (F0-F4, above U+FFFF) and the other a lead of
// U+E000-U+FFFF (EE, EF).
#pragma once

#include <cstddef>
#include <string_view>

namespace metajson::detail {

constexpr bool utf16_less(std::string_view a, std::string_view b) noexcept {
  const std::size_t n = a.size() < b.size() ? a.size() : b.size();
  for (std::size_t i = 0; i < n; ++i) {
    const auto x = static_cast<unsigned char>(a[i]);
    const auto y = static_cast<unsigned char>(b[i]);
    if (x == y) continue;
    const bool x_astral = x >= 0xF0, y_astral = y >= 0xF0;
    const bool x_high_bmp = x == 0xEE || x == 0xEF, y_high_bmp = y == 0xEE || y == 0xEF;
    if (x_astral && y_high_bmp) return true;
    if (y_astral && x_high_bmp) return false;
    return x < y;
  }
  return a.size() < b.size();
}

}  // namespace metajson::detail

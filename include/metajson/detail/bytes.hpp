// Comparing and copying short byte strings (keys, enumerator names, the last block of a
// document) without a call to memcmp or memcpy.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "macros.hpp"

namespace metajson::detail {

// a[0, n) == b[0, n). Keys are short: two overlapping loads of 4 or 8 bytes cover 4..16
// bytes, three byte compares cover 1..3; longer ones go to memcmp. Never reads outside the
// n bytes of either side.
METAJSON_ALWAYS_INLINE bool equal_bytes(const char* a, const char* b, std::size_t n) noexcept {
  auto load = [](const char* p, auto w) {
    decltype(w) v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  if (n >= 8) {
    if (n > 16) return std::memcmp(a, b, n) == 0;
    return ((load(a, std::uint64_t{}) ^ load(b, std::uint64_t{})) | (load(a + n - 8, std::uint64_t{}) ^ load(b + n - 8, std::uint64_t{}))) == 0;
  }
  if (n >= 4)
    return ((load(a, std::uint32_t{}) ^ load(b, std::uint32_t{})) | (load(a + n - 4, std::uint32_t{}) ^ load(b + n - 4, std::uint32_t{}))) == 0;
  if (n == 0) return true;
  return a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1];
}

// Copies n <= 64 bytes from src to dst with at most two overlapping fixed-size copies (or three
// single bytes below 4): a variable-length memcpy is a library call or a byte loop.
METAJSON_ALWAYS_INLINE void copy_short(char* dst, const char* src, std::size_t n) noexcept {
  auto two = [&](auto w) {
    std::memcpy(dst, src, sizeof w);
    std::memcpy(dst + n - sizeof w, src + n - sizeof w, sizeof w);
  };
  if (n >= 16) {
    if (n >= 32) return two(std::array<char, 32>{});
    return two(std::array<char, 16>{});
  }
  if (n >= 8) return two(std::uint64_t{});
  if (n >= 4) return two(std::uint32_t{});
  if (n == 0) return;
  dst[0] = src[0];
  dst[n / 2] = src[n / 2];
  dst[n - 1] = src[n - 1];
}

}  // namespace metajson::detail

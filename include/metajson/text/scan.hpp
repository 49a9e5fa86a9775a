// Finding the next byte of interest in a JSON string being read: '"', '\\', a control byte,
// or (when validating UTF-8) a byte >= 0x80. The kernels are the escaper's (simd/), used
// without the copy. Never reads at or past `end`: the last partial block is scanned from a
// padded copy.
#pragma once

#include <cstddef>
#include <cstring>

#include "../detail/ablation.hpp"
#include "../detail/macros.hpp"
#include "../simd/config.hpp"

namespace metajson::detail {

template <class K, bool NonAscii>
METAJSON_ALWAYS_INLINE const char* find_special_with(const char* p, const char* end) noexcept {
  constexpr std::size_t w = K::width;
  while (static_cast<std::size_t>(end - p) >= w) {
    const auto m = K::template special<NonAscii>(p);
    if (m != 0) return p + K::first(m);
    p += w;
  }
  const std::size_t rem = static_cast<std::size_t>(end - p);
  if (rem == 0) return end;
  alignas(64) char block[w];
  std::memset(block, ' ', w);
  std::memcpy(block, p, rem);
  const auto m = K::template special<NonAscii>(block);
  return m != 0 ? p + K::first(m) : end;
}

// Returns the first '"', '\\', byte < 0x20 (or >= 0x80 when NonAscii) in [p, end), or end.
template <bool NonAscii>
METAJSON_ALWAYS_INLINE const char* find_special(const char* p, const char* end) noexcept {
  if constexpr (ablation::no_simd_read) {
    for (; p < end; ++p) {
      const auto u = static_cast<unsigned char>(*p);
      if (u == '"' || u == '\\' || u < 0x20 || (NonAscii && u >= 0x80)) return p;
    }
    return end;
  } else {
    return find_special_with<simd::scan, NonAscii>(p, end);
  }
}

// Returns the first byte in [p, end) that is not JSON whitespace, or end.
template <class K>
inline const char* find_non_whitespace_with(const char* p, const char* end) noexcept {
  constexpr std::size_t w = K::width;
  while (static_cast<std::size_t>(end - p) >= w) {
    const auto m = K::non_whitespace(p);
    if (m != 0) return p + K::first(m);
    p += w;
  }
  for (; p < end; ++p)
    if (*p != ' ' && *p != '\n' && *p != '\r' && *p != '\t') return p;
  return end;
}

inline const char* find_non_whitespace(const char* p, const char* end) noexcept {
  if constexpr (ablation::no_simd_read) {
    for (; p < end; ++p)
      if (*p != ' ' && *p != '\n' && *p != '\r' && *p != '\t') return p;
    return end;
  } else {
    return find_non_whitespace_with<simd::scan>(p, end);
  }
}

}  // namespace metajson::detail

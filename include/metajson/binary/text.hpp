// UTF-8 for the binary formats' text strings, which (unlike JSON's) are copied whole: an 8-byte
// ASCII loop, then the SIMD validator from the first byte that is not ASCII.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "../detail/macros.hpp"
#include "../text/utf8.hpp"
#include "../text/utf8_avx2.hpp"

namespace metajson::detail::bin {

// Whether s is UTF-8: 8 bytes at a time while they are ASCII, then the SIMD validator
// (text/utf8_avx2.hpp, NEON on ARM) from the first byte >= 0x80, which starts a sequence.
METAJSON_ALWAYS_INLINE bool utf8_ok(const char* s, std::size_t n) noexcept {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, s + i, 8);
    if (METAJSON_UNLIKELY(w & 0x8080808080808080ull)) return utf8_valid(s + i, n - i);
  }
  for (; i < n; ++i)
    if (METAJSON_UNLIKELY(static_cast<unsigned char>(s[i]) >= 0x80)) return utf8_valid(s + i, n - i);
  return true;
}

// Text with every maximal invalid UTF-8 subpart replaced by U+FFFD (utf8_policy::replace).
[[gnu::cold]] METAJSON_NOINLINE inline std::string replace_invalid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 8);
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* end = p + s.size();
  while (p < end) {
    if (*p < 0x80) {
      out += static_cast<char>(*p++);
      continue;
    }
    const utf8_step st = utf8_check_sequence(p, end);
    if (st.length > 0) {
      out.append(reinterpret_cast<const char*>(p), static_cast<std::size_t>(st.length));
      p += st.length;
    } else {
      out += "\xEF\xBF\xBD";
      p += st.bad;
    }
  }
  return out;
}

// Copies n <= 64 bytes to dst (which has room for them) in 8-byte words, the last one
// overlapping, and says whether they are all ASCII: the copy and the check in one pass over a
// short string, where a memcpy call and a separate scan cost more than the bytes.
METAJSON_ALWAYS_INLINE bool copy_short_ascii(char* dst, const char* src, std::size_t n) noexcept {
  std::uint64_t high = 0;
  if (n >= 8) {
    std::uint64_t w;
    for (std::size_t i = 0; i + 8 < n; i += 8) {
      std::memcpy(&w, src + i, 8);
      std::memcpy(dst + i, &w, 8);
      high |= w;
    }
    std::memcpy(&w, src + n - 8, 8);
    std::memcpy(dst + n - 8, &w, 8);
    high |= w;
  } else if (n >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, src, 4);
    std::memcpy(&b, src + n - 4, 4);
    std::memcpy(dst, &a, 4);
    std::memcpy(dst + n - 4, &b, 4);
    high = a | b;
  } else {
    for (std::size_t i = 0; i < n; ++i) {
      dst[i] = src[i];
      high |= static_cast<unsigned char>(src[i]);
    }
  }
  return (high & 0x8080808080808080ull) == 0;
}

}  // namespace metajson::detail::bin

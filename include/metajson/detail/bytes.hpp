// Comparing short byte strings (keys, enumerator names) without a call to memcmp.
#pragma once

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

}  // namespace metajson::detail

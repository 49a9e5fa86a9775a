// Loads of 2, 4 or 8 bytes with the first byte in the low bits, whatever the target's byte
// order. The SWAR code (digit runs, whitespace runs, UTF-8 sequences, the portable scan
// kernel) finds "the first byte that..." with countr_zero and reads byte i at bits 8i: on a
// little-endian target this is one load, on a big-endian one (s390x, tested under emulation:
// make test-s390x) a load and a byte swap.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace metajson::detail {

static_assert(std::endian::native == std::endian::little || std::endian::native == std::endian::big,
              "metajson supports little-endian and big-endian targets, not mixed-endian ones");

template <class U>
[[gnu::always_inline]] inline U load_le(const void* p) noexcept {
  U u;
  std::memcpy(&u, p, sizeof u);
  if constexpr (std::endian::native == std::endian::big) u = std::byteswap(u);
  return u;
}

}  // namespace metajson::detail

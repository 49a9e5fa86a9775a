// equal_bytes (key and enumerator-name comparison without memcmp) against memcmp: every length
// 0..40, equal strings and strings differing in exactly one byte at every position, the
// strings placed at the very end of their buffers (the loads must stay inside the n bytes).
// copy_short (stage 1's last block) against memcpy: every length 0..64 from an exact-size
// source into a guarded destination (nothing written outside the n bytes).
#include <metajson/detail/bytes.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>

namespace {

TEST(EqualBytes, AgainstMemcmp) {
  std::mt19937_64 rng(9);
  for (std::size_t n = 0; n <= 40; ++n) {
    // Exact-size heap blocks: AddressSanitizer reports any load past the n bytes.
    auto a = std::make_unique<char[]>(n ? n : 1);
    auto b = std::make_unique<char[]>(n ? n : 1);
    for (int trial = 0; trial < 200; ++trial) {
      for (std::size_t i = 0; i < n; ++i) a[i] = b[i] = static_cast<char>(rng());
      ASSERT_TRUE(metajson::detail::equal_bytes(a.get(), b.get(), n)) << n;
      for (std::size_t i = 0; i < n; ++i) {
        const char saved = b[i];
        b[i] = static_cast<char>(saved ^ (1 << (rng() % 8)));
        ASSERT_EQ(metajson::detail::equal_bytes(a.get(), b.get(), n), std::memcmp(a.get(), b.get(), n) == 0) << n << " " << i;
        ASSERT_FALSE(metajson::detail::equal_bytes(a.get(), b.get(), n)) << n << " " << i;
        b[i] = saved;
      }
    }
  }
}

TEST(CopyShort, AgainstMemcpy) {
  std::mt19937_64 rng(11);
  for (std::size_t n = 0; n <= 64; ++n) {
    auto src = std::make_unique<char[]>(n ? n : 1);
    for (int trial = 0; trial < 50; ++trial) {
      for (std::size_t i = 0; i < n; ++i) src[i] = static_cast<char>(rng());
      char got[80], want[80];
      std::memset(got, 0x5A, sizeof got);
      std::memset(want, 0x5A, sizeof want);
      metajson::detail::copy_short(got + 8, src.get(), n);
      std::memcpy(want + 8, src.get(), n);
      ASSERT_EQ(std::memcmp(got, want, sizeof got), 0) << n;
    }
  }
}

}  // namespace

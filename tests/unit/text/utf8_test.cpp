// UTF-8 checking, exhaustively over every 1-, 2- and 3-byte sequence against a decoder
// written from RFC 3629's definition.
#include <metajson/text/utf8.hpp>
#include <metajson/text/utf8_avx2.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

// RFC 3629: decode and check the code point is minimal, not a surrogate, <= U+10FFFF.
bool reference_valid(const unsigned char* p, int n) {
  if (n == 0) return true;
  int len = p[0] < 0x80 ? 1 : (p[0] & 0xE0) == 0xC0 ? 2 : (p[0] & 0xF0) == 0xE0 ? 3 : (p[0] & 0xF8) == 0xF0 ? 4 : 0;
  if (len == 0 || len > n) return false;
  unsigned cp = len == 1 ? p[0] : len == 2 ? p[0] & 0x1F : len == 3 ? p[0] & 0x0F : p[0] & 0x07;
  for (int i = 1; i < len; ++i) {
    if ((p[i] & 0xC0) != 0x80) return false;
    cp = (cp << 6) | (p[i] & 0x3F);
  }
  const unsigned min[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < min[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
  return reference_valid(p + len, n - len);
}

TEST(Utf8, EveryShortSequence) {
  unsigned char b[3];
  for (int n = 1; n <= 3; ++n) {
    const long total = 1L << (8 * n);
    for (long v = 0; v < total; ++v) {
      for (int i = 0; i < n; ++i) b[i] = static_cast<unsigned char>(v >> (8 * i));
      const bool ours = metajson::detail::utf8_first_invalid(reinterpret_cast<const char*>(b), static_cast<std::size_t>(n)) == static_cast<std::size_t>(n);
      ASSERT_EQ(ours, reference_valid(b, n)) << std::hex << v;
    }
  }
}

// The same sequences followed by ASCII, so the checker takes its 32-bit word path.
TEST(Utf8, EveryShortSequenceWordPath) {
  unsigned char b[8];
  for (int n = 1; n <= 3; ++n) {
    const long total = 1L << (8 * n);
    for (long v = 0; v < total; ++v) {
      for (int i = 0; i < n; ++i) b[i] = static_cast<unsigned char>(v >> (8 * i));
      for (int i = n; i < 8; ++i) b[i] = 'a';
      const bool ours = metajson::detail::utf8_first_invalid(reinterpret_cast<const char*>(b), 8) == 8;
      ASSERT_EQ(ours, reference_valid(b, 8)) << std::hex << v;
    }
  }
}

TEST(Utf8, FourByteSequencesWordPath) {
  std::vector<unsigned> cont = {0x00, 0x41, 0x7F, 0xC0, 0xC2, 0xE0, 0xF0, 0xFF};
  for (unsigned c = 0x80; c <= 0xBF; ++c) cont.push_back(c);
  unsigned char b[8];
  for (unsigned lead = 0xE0; lead <= 0xFF; ++lead)
    for (unsigned c1 : cont)
      for (unsigned c2 : cont)
        for (unsigned c3 : cont) {
          b[0] = static_cast<unsigned char>(lead);
          b[1] = static_cast<unsigned char>(c1);
          b[2] = static_cast<unsigned char>(c2);
          b[3] = static_cast<unsigned char>(c3);
          for (int i = 4; i < 8; ++i) b[i] = 'a';
          const bool ours = metajson::detail::utf8_first_invalid(reinterpret_cast<const char*>(b), 8) == 8;
          ASSERT_EQ(ours, reference_valid(b, 8)) << std::hex << lead << " " << c1 << " " << c2 << " " << c3;
        }
}

// The bulk checker (AVX2 when the CPU has it, NEON on ARM64) against the reference: every 1-2 byte sequence
// and sampled 3-4 byte ones, at offsets that straddle the 16-byte lanes and 32-byte blocks, and
// random mixes of valid and corrupted text.
TEST(Utf8, BulkCheckerAgreesWithTheReference) {
  auto check = [](const std::string& s) {
    const bool ref = reference_valid(reinterpret_cast<const unsigned char*>(s.data()), static_cast<int>(s.size()));
    ASSERT_EQ(metajson::detail::utf8_valid(s.data(), s.size()), ref) << testing::PrintToString(s);
  };
  for (int len = 1; len <= 2; ++len)
    for (long v = 0; v < (1L << (8 * len)); ++v)
      for (int off : {0, 15, 30, 31, 62}) {
        std::string s(static_cast<std::size_t>(off), 'a');
        for (int i = 0; i < len; ++i) s += static_cast<char>(v >> (8 * i));
        if (v % 3 == 0) s += "bcdef";
        check(s);
      }
  std::vector<unsigned> cont = {0x00, 0x41, 0x7F, 0xC0, 0xC2, 0xE0, 0xF0, 0xFF, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF};
  for (unsigned lead = 0xC0; lead <= 0xFF; ++lead)
    for (unsigned c1 : cont)
      for (unsigned c2 : cont)
        for (unsigned c3 : cont)
          for (int off : {0, 29, 30}) {
            std::string s(static_cast<std::size_t>(off), 'a');
            s += static_cast<char>(lead);
            s += static_cast<char>(c1);
            s += static_cast<char>(c2);
            s += static_cast<char>(c3);
            check(s);
          }
  std::mt19937 rng(3);
  const char* pieces[] = {"a", "\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\xed\x9f\xbf", "\xee\x80\x80", "\xf4\x8f\xbf\xbf"};
  for (int t = 0; t < 100000; ++t) {
    std::string s;
    for (int k = static_cast<int>(rng() % 60); k > 0; --k) s += pieces[rng() % 7];
    if (rng() % 3 == 0 && !s.empty()) s[rng() % s.size()] = static_cast<char>(rng());
    check(s);
  }
}

TEST(Utf8, FourByteBoundaries) {
  auto ok = [](const char* s) { return metajson::detail::utf8_first_invalid(s, std::strlen(s)) == std::strlen(s); };
  EXPECT_TRUE(ok("\xf0\x90\x80\x80"));   // U+10000
  EXPECT_TRUE(ok("\xf4\x8f\xbf\xbf"));   // U+10FFFF
  EXPECT_FALSE(ok("\xf4\x90\x80\x80"));  // U+110000
  EXPECT_FALSE(ok("\xf0\x8f\xbf\xbf"));  // overlong
  EXPECT_FALSE(ok("\xf0\x90\x80"));      // truncated
}

}  // namespace

// Every kernel compiled into this binary against the scalar reference, on random strings of
// every length 0-300 with special bytes (quotes, backslashes, controls, non-ASCII, invalid
// UTF-8) at every position, in all three UTF-8 modes; the same for the block loop alone
// (escape_blocks, which escape_with bypasses for validation when the CPU has AVX2) and for the
// fused AVX2 and NEON escaper-validators, which also get UTF-8-heavy random text and every short
// sequence at every offset around its 32-byte blocks, after and before escapes; and the
// writer's entry point with its inline copy of short plain strings.
#include <metajson/simd/config.hpp>
#include <metajson/text/escape.hpp>
#include <metajson/text/scan.hpp>

#include "escape_runners.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>
#include <string>

#if defined(__SSE2__) && !defined(METAJSON_NO_SIMD)
#include <metajson/simd/sse2.hpp>
#endif
#if defined(__AVX2__) && !defined(METAJSON_NO_SIMD)
#include <metajson/simd/avx2.hpp>
#endif
#if defined(__AVX512BW__) && !defined(METAJSON_NO_SIMD)
#include <metajson/simd/avx512.hpp>
#endif

namespace {

using namespace metajson::detail;

template <class K, utf8_mode M>
std::string run(const std::string& s) { return metajson_test::escape_kernel<K, M>(s); }
template <class K, utf8_mode M>
std::string run_blocks(const std::string& s) { return metajson_test::escape_kernel_blocks<K, M>(s); }
template <utf8_mode M>
std::string ref(const std::string& s) { return metajson_test::escape_reference<M>(s); }

template <class K>
void differential(const char* name) {
  std::mt19937 rng(1234);
  const std::string specials[] = {"\"", "\\", "\n", std::string(1, '\0'), "\x1f", "\x7f", "\xc3\xa9", "\xe6\x97\xa5",
                                  "\xf0\x9f\x98\x80", "\xff", "\xc3", "\xed\xa0\x80", "\x80"};
  long checked = 0;
  for (std::size_t len = 0; len <= 300; ++len) {
    std::string base(len, 'a');
    for (auto& ch : base) ch = static_cast<char>('a' + rng() % 26);
    for (std::size_t pos = 0; pos <= len; ++pos) {
      const std::string& sp = specials[rng() % std::size(specials)];
      std::string s = base;
      s.insert(pos, sp);
      ASSERT_EQ((run<K, utf8_mode::validate>(s)), ref<utf8_mode::validate>(s)) << name << " len " << len << " pos " << pos;
      ASSERT_EQ((run<K, utf8_mode::replace>(s)), ref<utf8_mode::replace>(s)) << name << " len " << len << " pos " << pos;
      ASSERT_EQ((run<K, utf8_mode::unchecked>(s)), ref<utf8_mode::unchecked>(s)) << name << " len " << len << " pos " << pos;
      ASSERT_EQ((run_blocks<K, utf8_mode::validate>(s)), ref<utf8_mode::validate>(s)) << name << " len " << len << " pos " << pos;
      ++checked;
    }
    // Fully random bytes too.
    std::string r(len, '\0');
    for (auto& ch : r) ch = static_cast<char>(rng() % 4 == 0 ? rng() % 256 : 'a' + rng() % 26);
    ASSERT_EQ((run<K, utf8_mode::validate>(r)), ref<utf8_mode::validate>(r)) << name;
    ASSERT_EQ((run<K, utf8_mode::replace>(r)), ref<utf8_mode::replace>(r)) << name;
    ASSERT_EQ((run<K, utf8_mode::unchecked>(r)), ref<utf8_mode::unchecked>(r)) << name;
    ASSERT_EQ((run_blocks<K, utf8_mode::validate>(r)), ref<utf8_mode::validate>(r)) << name;
  }
  EXPECT_GT(checked, 45000);
}

#if defined(METAJSON_HAS_UTF8_AVX2) || defined(METAJSON_HAS_UTF8_NEON)
using fused_fn = char* (*)(char*, const char*, std::size_t, std::size_t*);

std::string run_fused(fused_fn fused, const std::string& s) {
  // The input in a buffer of its exact size, so that ASan sees any read past its end (a
  // std::string's terminating NUL would hide a read of one byte too many).
  const auto in = metajson_test::exact_copy(s);
  std::string out(escaped_size_bound(s.size()), '\0');
  std::size_t bad = 0;
  char* e = fused(out.data(), in.get(), s.size(), &bad);
  if (!e) return "<invalid at " + std::to_string(bad) + ">";
  out.resize(static_cast<std::size_t>(e - out.data()));
  return out;
}

// A fused escaper-validator (AVX2 with 32-byte blocks, NEON with 16-byte ones) against the
// scalar reference.
void fused_differential(fused_fn fused) {
  const auto run_fused = [fused](const std::string& s) { return ::run_fused(fused, s); };
  std::mt19937 rng(77);
  // The generic generator: one special piece at every position of random ASCII.
  const std::string specials[] = {"\"", "\\", "\n", std::string(1, '\0'), "\x1f", "\x7f", "\xc3\xa9", "\xe6\x97\xa5",
                                  "\xf0\x9f\x98\x80", "\xff", "\xc3", "\xed\xa0\x80", "\x80"};
  for (std::size_t len = 0; len <= 300; ++len) {
    std::string base(len, 'a');
    for (auto& ch : base) ch = static_cast<char>('a' + rng() % 26);
    for (std::size_t pos = 0; pos <= len; ++pos) {
      std::string s = base;
      s.insert(pos, specials[rng() % std::size(specials)]);
      ASSERT_EQ(run_fused(s), ref<utf8_mode::validate>(s)) << "len " << len << " pos " << pos;
    }
  }
  // UTF-8-heavy text (CJK, accents, emoji, escapes), sometimes with one byte corrupted,
  // truncated, or cut by an escape.
  const char* pieces[] = {"a", "b ", "\xc3\xa9", "\xe6\x97\xa5", "\xe3\x81\x82", "\xf0\x9f\x98\x80", "\xed\x9f\xbf",
                          "\xee\x80\x80", "\xf4\x8f\xbf\xbf", "\xef\xbf\xbf", "\xc2\x80", "\n", "\"", "\\", "\x01"};
  for (int t = 0; t < 200000; ++t) {
    std::string s;
    for (int k = static_cast<int>(rng() % 80); k > 0; --k) s += pieces[rng() % std::size(pieces)];
    switch (rng() % 5) {
      case 0:
        if (!s.empty()) s[rng() % s.size()] = static_cast<char>(rng());
        break;
      case 1:
        if (!s.empty()) s.resize(rng() % s.size());
        break;
      case 2:
        if (!s.empty()) s.insert(rng() % s.size(), 1, "\"\\\n"[rng() % 3]);
        break;
      default: break;
    }
    ASSERT_EQ(run_fused(s), ref<utf8_mode::validate>(s)) << testing::PrintToString(s);
  }
  // Every lead byte with sampled continuations, at every offset around the first two blocks,
  // alone, after an escape, before an escape, and after a run of non-ASCII text.
  const unsigned cont[] = {0x00, 0x22, 0x41, 0x5C, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xFF};
  const std::string prefixes[] = {"", "\"", "\xe6\x97\xa5", "\xe6\x97\xa5\\"};
  for (unsigned lead = 0x80; lead <= 0xFF; ++lead)
    for (unsigned c1 : cont)
      for (unsigned c2 : cont)
        for (unsigned c3 : cont) {
          std::string seq;
          seq += static_cast<char>(lead);
          seq += static_cast<char>(c1);
          seq += static_cast<char>(c2);
          seq += static_cast<char>(c3);
          const std::size_t off = rng() % 70;
          const std::string& pre = prefixes[rng() % std::size(prefixes)];
          for (std::size_t cut = 1; cut <= 4; ++cut) {
            std::string s = std::string(off, 'x') + pre + seq.substr(0, cut);
            ASSERT_EQ(run_fused(s), ref<utf8_mode::validate>(s)) << testing::PrintToString(s);
            s += rng() % 2 ? "\"" : "yz";
            ASSERT_EQ(run_fused(s), ref<utf8_mode::validate>(s)) << testing::PrintToString(s);
          }
        }
  // Every byte value, alone and as the lead of a valid 2-byte sequence, at positions in the
  // first block, the loop's whole blocks (first and second of a pair) and the padded tail.
  for (unsigned c = 0; c < 256; ++c)
    for (std::size_t at : {0u, 5u, 31u, 32u, 40u, 63u, 64u, 95u, 96u, 110u}) {
      std::string s(120, 'k');
      s[at] = static_cast<char>(c);
      ASSERT_EQ(run_fused(s), ref<utf8_mode::validate>(s)) << c << " at " << at;
      s[at + 1] = static_cast<char>(0x80 | (c & 0x3F));
      ASSERT_EQ(run_fused(s), ref<utf8_mode::validate>(s)) << c << " at " << at;
      s.resize(at + 2);
      ASSERT_EQ(run_fused(s), ref<utf8_mode::validate>(s)) << c << " at " << at;
    }
  // Every valid sequence of each length ending exactly at, or straddling, a block end.
  for (std::size_t off = 24; off <= 72; ++off)
    for (const char* p : {"\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe0\x80\xaf"}) {
      std::string s = std::string(off, 'q') + p;
      ASSERT_EQ(run_fused(s), ref<utf8_mode::validate>(s)) << off;
      s += std::string(40, 'r');
      ASSERT_EQ(run_fused(s), ref<utf8_mode::validate>(s)) << off;
      s = std::string(off, 'q') + "\\" + p + "\"";
      ASSERT_EQ(run_fused(s), ref<utf8_mode::validate>(s)) << off;
    }
}
#endif

#if defined(METAJSON_HAS_UTF8_AVX2)
TEST(EscapeDifferential, FusedAvx2) {
  if (!cpu_has_avx2()) GTEST_SKIP() << "no AVX2";
  fused_differential(&escape_validate_avx2_or_scalar);
}
#endif
#if defined(METAJSON_HAS_UTF8_NEON)
TEST(EscapeDifferential, FusedNeon) { fused_differential(&escape_validate_neon_or_scalar); }
#endif

#if defined(METAJSON_HAS_SHORT_STRINGS)
// The short-string copy (escape_short_plain): every length 0-32, every byte value at every
// position of random printable ASCII, in buffers of the exact size (ASan sees a read or write
// outside them). It must accept exactly the strings that are printable ASCII with no '"' or
// '\\' (what the reference copies unchanged) and copy them exactly.
TEST(EscapeDifferential, ShortPlainStrings) {
  std::mt19937 rng(5);
  long accepted = 0, refused = 0;
  for (std::size_t len = 0; len <= short_string_max; ++len) {
    for (std::size_t pos = 0; pos < (len == 0 ? 1 : len); ++pos) {
      for (unsigned c = 0; c < 256; ++c) {
        std::string s(len, 'a');
        for (auto& ch : s) ch = static_cast<char>(0x20 + rng() % 0x5f);
        if (len != 0) s[pos] = static_cast<char>(c);
        const auto in = metajson_test::exact_copy(s);
        std::unique_ptr<char[]> out(new char[len]);
        char* e = escape_short_plain(out.get(), in.get(), len);
        bool plain = true;
        for (const char ch : s) plain = plain && static_cast<unsigned char>(ch) >= 0x20 && static_cast<unsigned char>(ch) < 0x80 && ch != '"' && ch != '\\';
        if (plain) {
          ASSERT_EQ(e, out.get() + len) << "len " << len << " byte " << c << " at " << pos;
          ASSERT_EQ(std::string(out.get(), len), s);
          ASSERT_EQ(ref<utf8_mode::validate>(s), s);
          ++accepted;
        } else {
          ASSERT_EQ(e, nullptr) << "len " << len << " byte " << c << " at " << pos;
          ++refused;
        }
      }
    }
  }
  EXPECT_GT(accepted, 25000);
  EXPECT_GT(refused, 10000);
}
#endif

// escape<Mode>, the writer's entry point (the short-string copy first, then the kernel), on the
// generic generator's strings in buffers of the exact size.
template <utf8_mode M>
std::string run_entry(const std::string& s) {
  const auto in = metajson_test::exact_copy(s);
  return metajson_test::escape_into_string(escaped_size_bound(s.size()),
                                           [&](char* dst, std::size_t* bad) { return escape<M>(dst, in.get(), s.size(), bad); });
}

TEST(EscapeDifferential, WriterEntry) {
  std::mt19937 rng(4321);
  const std::string specials[] = {"\"", "\\", "\n", std::string(1, '\0'), "\x1f", "\x7f", "\xc3\xa9", "\xe6\x97\xa5",
                                  "\xf0\x9f\x98\x80", "\xff", "\xc3", "\xed\xa0\x80", "\x80", "x"};
  for (std::size_t len = 0; len <= 80; ++len) {
    std::string base(len, 'a');
    for (auto& ch : base) ch = static_cast<char>(0x20 + rng() % 0x5f);
    for (std::size_t pos = 0; pos <= len; ++pos) {
      std::string s = base;
      s.insert(pos, specials[rng() % std::size(specials)]);
      ASSERT_EQ(run_entry<utf8_mode::validate>(s), ref<utf8_mode::validate>(s)) << testing::PrintToString(s);
      ASSERT_EQ(run_entry<utf8_mode::replace>(s), ref<utf8_mode::replace>(s)) << testing::PrintToString(s);
      ASSERT_EQ(run_entry<utf8_mode::unchecked>(s), ref<utf8_mode::unchecked>(s)) << testing::PrintToString(s);
    }
  }
}

// The whitespace skipper of kernel K against a byte loop, on random runs of whitespace of
// every length 0-300 followed by any byte.
template <class K>
void whitespace_differential(const char* name) {
  std::mt19937 rng(99);
  const char ws[] = {' ', '\n', '\r', '\t'};
  for (std::size_t len = 0; len <= 300; ++len) {
    for (int trial = 0; trial < 20; ++trial) {
      std::string s(len, ' ');
      for (auto& ch : s) ch = ws[rng() % 4];
      if (trial % 2 == 0) s += static_cast<char>(rng() % 256);
      const char* ref = s.data();
      while (ref < s.data() + s.size() && (*ref == ' ' || *ref == '\n' || *ref == '\r' || *ref == '\t')) ++ref;
      ASSERT_EQ(find_non_whitespace_with<K>(s.data(), s.data() + s.size()), ref) << name << " len " << len;
    }
  }
}

TEST(EscapeDifferential, Swar) { differential<simd::swar>("swar"); }
TEST(WhitespaceDifferential, Swar) { whitespace_differential<simd::swar>("swar"); }
TEST(WhitespaceDifferential, Native) { whitespace_differential<simd::native>("native"); }
#if defined(__SSE2__) && !defined(METAJSON_NO_SIMD)
TEST(EscapeDifferential, Sse2) { differential<simd::sse2>("sse2"); }
#endif
#if defined(__AVX2__) && !defined(METAJSON_NO_SIMD)
TEST(EscapeDifferential, Avx2) { differential<simd::avx2>("avx2"); }
#endif
#if defined(__AVX512BW__) && !defined(METAJSON_NO_SIMD)
TEST(EscapeDifferential, Avx512) { differential<simd::avx512>("avx512"); }
#endif
#if defined(__aarch64__) && !defined(METAJSON_NO_SIMD)
TEST(EscapeDifferential, Neon) { differential<simd::neon>("neon"); }
TEST(WhitespaceDifferential, Neon) { whitespace_differential<simd::neon>("neon"); }
#endif

}  // namespace

// Every kernel compiled into this binary against the scalar reference, on random strings of
// every length 0-300 with special bytes (quotes, backslashes, controls, non-ASCII, invalid
// UTF-8) at every position, in all three UTF-8 modes.
#include <metajson/simd/config.hpp>
#include <metajson/text/escape.hpp>
#include <metajson/text/scan.hpp>

#include <gtest/gtest.h>

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
std::string run(const std::string& s) {
  std::string out(escaped_size_bound(s.size()), '\0');
  std::size_t bad = 0;
  char* e = escape_with<K, M>(out.data(), s.data(), s.size(), &bad);
  if (!e) return "<invalid at " + std::to_string(bad) + ">";
  out.resize(static_cast<std::size_t>(e - out.data()));
  return out;
}
template <utf8_mode M>
std::string ref(const std::string& s) {
  std::string out(6 * s.size() + 1, '\0');
  std::size_t bad = 0;
  char* e = escape_scalar(out.data(), s.data(), s.size(), M, &bad);
  if (!e) return "<invalid at " + std::to_string(bad) + ">";
  out.resize(static_cast<std::size_t>(e - out.data()));
  return out;
}

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
      ++checked;
    }
    // Fully random bytes too.
    std::string r(len, '\0');
    for (auto& ch : r) ch = static_cast<char>(rng() % 4 == 0 ? rng() % 256 : 'a' + rng() % 26);
    ASSERT_EQ((run<K, utf8_mode::validate>(r)), ref<utf8_mode::validate>(r)) << name;
    ASSERT_EQ((run<K, utf8_mode::replace>(r)), ref<utf8_mode::replace>(r)) << name;
    ASSERT_EQ((run<K, utf8_mode::unchecked>(r)), ref<utf8_mode::unchecked>(r)) << name;
  }
  EXPECT_GT(checked, 45000);
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

}  // namespace

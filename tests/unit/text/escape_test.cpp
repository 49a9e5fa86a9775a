// The escaper: every ASCII byte's escape, and each kernel against the scalar reference.
#include <metajson/simd/config.hpp>
#include <metajson/text/escape.hpp>
#include <metajson/text/escape_scalar.hpp>

#include <gtest/gtest.h>

#include <cstdio>

#include <string>

namespace {

using metajson::detail::utf8_mode;

template <class K = metajson::detail::simd::native>
std::string fast(std::string_view s, utf8_mode mode = utf8_mode::validate, bool* ok = nullptr) {
  std::string out(metajson::detail::escaped_size_bound(s.size()), '\0');
  std::size_t bad = 0;
  char* e = nullptr;
  switch (mode) {
    case utf8_mode::validate: e = metajson::detail::escape_with<K, utf8_mode::validate>(out.data(), s.data(), s.size(), &bad); break;
    case utf8_mode::replace: e = metajson::detail::escape_with<K, utf8_mode::replace>(out.data(), s.data(), s.size(), &bad); break;
    case utf8_mode::unchecked: e = metajson::detail::escape_with<K, utf8_mode::unchecked>(out.data(), s.data(), s.size(), &bad); break;
  }
  if (ok) *ok = e != nullptr;
  if (!e) return "<invalid at " + std::to_string(bad) + ">";
  out.resize(static_cast<std::size_t>(e - out.data()));
  return out;
}

std::string scalar(std::string_view s, utf8_mode mode = utf8_mode::validate) {
  std::string out(6 * s.size() + 1, '\0');
  std::size_t bad = 0;
  char* e = metajson::detail::escape_scalar(out.data(), s.data(), s.size(), mode, &bad);
  if (!e) return "<invalid at " + std::to_string(bad) + ">";
  out.resize(static_cast<std::size_t>(e - out.data()));
  return out;
}

TEST(Escape, BackendIsReported) {
  EXPECT_FALSE(metajson::compiled_simd_backend.empty());
#if defined(METAJSON_NO_SIMD) || defined(METAJSON_ABLATION_NO_SIMD)
  EXPECT_EQ(metajson::compiled_simd_backend, "swar");
#elif defined(__AVX512BW__)
  EXPECT_EQ(metajson::compiled_simd_backend, "avx512");
#elif defined(__AVX2__)
  EXPECT_EQ(metajson::compiled_simd_backend, "avx2");
#elif defined(__SSE2__)
  EXPECT_EQ(metajson::compiled_simd_backend, "sse2");
#elif defined(__aarch64__)
  EXPECT_EQ(metajson::compiled_simd_backend, "neon");
#else
  EXPECT_EQ(metajson::compiled_simd_backend, "swar");
#endif
  // Which kernels this run tests (`make test` and `make test-aarch64` print the line): the scans'
  // (the compiled backend) and the fused escaper-validator's, chosen at run time on x86-64.
  std::string fused = "none (the scans and the bulk UTF-8 check)";
  constexpr bool fuses = !metajson::detail::ablation::no_fused_escape;
#if defined(METAJSON_HAS_UTF8_AVX2)
  if (fuses && metajson::compiled_simd_backend != "swar" && metajson::detail::cpu_has_avx2()) fused = "avx2";
#elif defined(METAJSON_HAS_UTF8_NEON)
  if (fuses && metajson::compiled_simd_backend == "neon") fused = "neon";
#endif
  std::printf("escape kernels tested: scans %s, fused escape and UTF-8 check %s\n",
              std::string(metajson::compiled_simd_backend).c_str(), fused.c_str());
}

TEST(Escape, EveryAsciiByte) {
  const char* hex = "0123456789abcdef";
  for (int c = 0; c < 0x80; ++c) {
    std::string expected;
    switch (c) {
      case '"': expected = "\\\""; break;
      case '\\': expected = "\\\\"; break;
      case '\b': expected = "\\b"; break;
      case '\f': expected = "\\f"; break;
      case '\n': expected = "\\n"; break;
      case '\r': expected = "\\r"; break;
      case '\t': expected = "\\t"; break;
      default:
        if (c < 0x20) expected = std::string("\\u00") + hex[c >> 4] + hex[c & 15];
        else expected = std::string(1, static_cast<char>(c));
    }
    const std::string in(1, static_cast<char>(c));
    EXPECT_EQ(fast(in), expected) << "byte " << c;
    EXPECT_EQ(scalar(in), expected) << "byte " << c;
    // Inside a long string, at a position that is in the middle of a block.
    const std::string pad(37, 'x');
    EXPECT_EQ(fast(pad + in + pad), pad + expected + pad) << "byte " << c;
  }
  EXPECT_EQ(fast("/"), "/");  // the solidus is not escaped
  EXPECT_EQ(fast("\x7f"), "\x7f");  // DEL is not a control character in JSON
}

TEST(Escape, NonAsciiPassesThrough) {
  EXPECT_EQ(fast("h\xc3\xa9llo \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80"), "h\xc3\xa9llo \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80");
  EXPECT_EQ(fast("\xef\xbf\xbf\xf4\x8f\xbf\xbf"), "\xef\xbf\xbf\xf4\x8f\xbf\xbf");  // U+FFFF, U+10FFFF
}

TEST(Escape, InvalidUtf8IsRejectedByDefault) {
  const char* cases[] = {
      "\xc0\xaf",              // overlong '/'
      "\xe0\x80\xaf",          // overlong, 3 bytes
      "\xf0\x80\x80\xaf",      // overlong, 4 bytes
      "\xc1\xbf",              // overlong lead
      "\xed\xa0\x80",          // U+D800 (surrogate)
      "\xed\xbf\xbf",          // U+DFFF
      "\xf4\x90\x80\x80",      // U+110000
      "\xf5\x80\x80\x80",      // lead above F4
      "\xff",                  //
      "\x80",                  // lone continuation
      "\xc3",                  // truncated 2-byte
      "\xe6\x97",              // truncated 3-byte
      "\xf0\x9f\x98",          // truncated 4-byte
      "\xe6\x97x",             // continuation missing
  };
  for (const char* c : cases) {
    bool ok = true;
    fast(c, utf8_mode::validate, &ok);
    EXPECT_FALSE(ok) << c;
    fast(std::string(40, 'a') + c + std::string(40, 'b'), utf8_mode::validate, &ok);
    EXPECT_FALSE(ok) << c;
    EXPECT_EQ(scalar(c).substr(0, 8), "<invalid");
    EXPECT_EQ(fast<metajson::detail::simd::swar>(c, utf8_mode::unchecked), scalar(c, utf8_mode::unchecked));
  }
  EXPECT_EQ(fast("ab\xff"), "<invalid at 2>");
}

TEST(Escape, ReplaceUsesMaximalSubparts) {
  const std::string fffd = "\xef\xbf\xbd";
  EXPECT_EQ(fast("a\xffz", utf8_mode::replace), "a" + fffd + "z");
  EXPECT_EQ(fast("\xe6\x97z", utf8_mode::replace), fffd + "z");       // one FFFD for the truncated pair
  EXPECT_EQ(fast("\xed\xa0\x80", utf8_mode::replace), fffd + fffd + fffd);  // surrogate: each byte
  EXPECT_EQ(fast("\xf0\x9f\x98", utf8_mode::replace), fffd);
  EXPECT_EQ(fast("\xc0\xaf", utf8_mode::replace), fffd + fffd);
}

}  // namespace

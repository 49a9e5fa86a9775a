// number_format::ecmascript against JavaScript's own output (String(x), ECMA-262
// Number::toString, the number form of RFC 8785), from a table node wrote
// (tools/gen_ecmascript_cases.mjs): RFC 8785's edge cases and a few thousand others one by one,
// and 10^6 random doubles through a digest. number_format::json must be the same text with
// ".0" where it would read as an integer. tests/roundtrip/ecmascript_node_test.cpp asks node
// itself about another 10^6 when node is installed.
#include <metajson/number/dtoa.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

using metajson::number_format;

struct js_case {
  std::uint64_t bits;
  const char* text;
};
constexpr js_case js_cases[] = {
#include "ecmascript_cases.inc"
};

template <number_format F>
std::string ours(double v) {
  char buf[64];
  return std::string(buf, metajson::detail::write_float<F>(buf, v));
}

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

TEST(Ecmascript, MatchesJavaScriptOnTheTable) {
  static_assert(std::size(js_cases) > 3000);
  for (const js_case& c : js_cases) {
    const double v = std::bit_cast<double>(c.bits);
    ASSERT_EQ(ours<number_format::ecmascript>(v), c.text) << std::hex << c.bits;
    // json: the same, ".0" added to integer-looking text, and -0 keeps its sign
    std::string json = c.text;
    if (json.find_first_of(".e") == std::string::npos) json += ".0";
    if (v == 0 && std::signbit(v)) json = "-" + json;
    ASSERT_EQ(ours<number_format::json>(v), json) << std::hex << c.bits;
  }
}

// RFC 8785's edge cases, spelled out (they are also the first rows of the table).
TEST(Ecmascript, Rfc8785EdgeCases) {
  const auto js = [](std::uint64_t bits) { return ours<number_format::ecmascript>(std::bit_cast<double>(bits)); };
  EXPECT_EQ(js(0x0000000000000000), "0");
  EXPECT_EQ(js(0x8000000000000000), "0");
  EXPECT_EQ(js(0x0000000000000001), "5e-324");
  EXPECT_EQ(js(0x8000000000000001), "-5e-324");
  EXPECT_EQ(js(0x7fefffffffffffff), "1.7976931348623157e+308");
  EXPECT_EQ(js(0xffefffffffffffff), "-1.7976931348623157e+308");
  EXPECT_EQ(js(0x4340000000000000), "9007199254740992");
  EXPECT_EQ(js(0xc340000000000000), "-9007199254740992");
  EXPECT_EQ(js(0x4430000000000000), "295147905179352830000");
  EXPECT_EQ(js(0x44b52d02c7e14af5), "9.999999999999997e+22");
  EXPECT_EQ(js(0x44b52d02c7e14af6), "1e+23");
  EXPECT_EQ(js(0x44b52d02c7e14af7), "1.0000000000000001e+23");
  EXPECT_EQ(js(0x444b1ae4d6e2ef4e), "999999999999999700000");
  EXPECT_EQ(js(0x444b1ae4d6e2ef4f), "999999999999999900000");
  EXPECT_EQ(js(0x444b1ae4d6e2ef50), "1e+21");
  EXPECT_EQ(js(0x3eb0c6f7a0b5ed8c), "9.999999999999997e-7");
  EXPECT_EQ(js(0x3eb0c6f7a0b5ed8d), "0.000001");
  EXPECT_EQ(js(0x41b3de4355555553), "333333333.3333332");
  EXPECT_EQ(js(0x41b3de4355555554), "333333333.33333325");
  EXPECT_EQ(js(0x41b3de4355555555), "333333333.3333333");
  EXPECT_EQ(js(0x41b3de4355555556), "333333333.3333334");
  EXPECT_EQ(js(0x41b3de4355555557), "333333333.33333343");
  EXPECT_EQ(js(0xbecbf647612f3696), "-0.0000033333333333333333");
  EXPECT_EQ(js(0x43143ff3c1cb0959), "1424953923781206.2");
}

// 10^6 doubles drawn as the generator drew them: the FNV-1a digest of our texts must be the
// digest of node's. (A mismatch does not say which value: run ecmascript_node_test.)
TEST(Ecmascript, MatchesJavaScriptOnAMillionDoublesByDigest) {
  std::uint32_t h = 0x811c9dc5;
  std::uint64_t finite = 0, bytes = 0;
  for (std::uint64_t i = 0; i < METAJSON_ECMASCRIPT_DIGEST_VALUES; ++i) {
    std::uint64_t bits = splitmix64(i + (std::uint64_t{1} << 40));
    if (i % 4 == 3) bits = (bits & 0x800fffffffffffffull) | ((999 + (bits >> 52 & 0x7f) % 94) << 52);
    const double v = std::bit_cast<double>(bits);
    if (!std::isfinite(v)) continue;
    char buf[64];
    char* end = metajson::detail::write_float<number_format::ecmascript>(buf, v);
    *end++ = '\n';
    for (const char* q = buf; q < end; ++q) h = (h ^ static_cast<unsigned char>(*q)) * 0x01000193u;
    ++finite;
    bytes += static_cast<std::uint64_t>(end - buf);
  }
  EXPECT_EQ(finite, METAJSON_ECMASCRIPT_DIGEST_FINITE);
  EXPECT_EQ(bytes, METAJSON_ECMASCRIPT_DIGEST_BYTES);
  EXPECT_EQ(h, METAJSON_ECMASCRIPT_DIGEST_FNV1A);
}

}  // namespace

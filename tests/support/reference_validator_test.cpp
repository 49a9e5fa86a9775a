// The reference validator (reference_validator.hpp) on its own, without metajson: what it
// accepts, where it puts the first error, its number checks, and its UTF-8 check against a
// second formulation of RFC 3629 (decode, then test the code point) on every sequence of up to
// three bytes and a sample of four-byte ones.
#include "reference_validator.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using reference::fault;

TEST(ReferenceValidator, Accepts) {
  for (const char* s : {"0", "-0", "1", "-1.5e+10", "0.0e-0", "1E5", "123456789012345678901234567890", "true", "false",
                        "null", "\"\"", "\"a\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\\uD83D\\uDE00\\ud83d\\ude00\"",
                        "\"\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80\xef\xbf\xbf\xf4\x8f\xbf\xbf\x7f\"", "[]", "{}",
                        " \t\r\n[ 1 , {\"a\" : [ null ] } ] \t\r\n", "{\"a\":1,\"a\":2}", "[[[[]]]]"}) {
    const auto v = reference::check(s);
    EXPECT_TRUE(v.ok) << s << ": " << reference::fault_name(v.why) << " at " << v.offset;
    EXPECT_EQ(v.offset, reference::npos) << s;
  }
  EXPECT_TRUE(reference::accepts(std::string_view("\"\0\"", 3)) == false);  // raw NUL
  EXPECT_TRUE(reference::accepts(std::string_view("[\"\\u0000\"]")));
}

struct bad {
  std::string text;
  fault why;
  std::size_t offset, token;
};

TEST(ReferenceValidator, FirstError) {
  const bad cases[] = {
      {"", fault::empty, 0, 0},
      {"  ", fault::empty, 2, 2},
      {"[", fault::syntax, 1, 1},
      {"[1", fault::syntax, 2, 1},
      {"[1,", fault::syntax, 3, 3},
      {"[1,]", fault::syntax, 3, 3},
      {"[1 2]", fault::syntax, 3, 3},
      {"[1x]", fault::syntax, 2, 1},
      {"[truex]", fault::syntax, 5, 1},
      {"tru", fault::syntax, 3, 0},
      {"trUe", fault::syntax, 2, 0},
      {"nul", fault::syntax, 3, 0},
      {"[01]", fault::syntax, 2, 1},
      {"-01", fault::trailing, 2, 0},
      {"-", fault::number, 1, 0},
      {"[-]", fault::number, 2, 1},
      {"1.", fault::number, 2, 0},
      {"1.e5", fault::number, 2, 0},
      {"1e", fault::number, 2, 0},
      {"1e+", fault::number, 3, 0},
      {"+1", fault::syntax, 0, 0},
      {".5", fault::syntax, 0, 0},
      {"{\"a\" 1}", fault::syntax, 5, 5},
      {"{\"a\":}", fault::syntax, 5, 5},
      {"{1:2}", fault::syntax, 1, 1},
      {"{\"a\":1,}", fault::syntax, 7, 7},
      {"{\"a\":1", fault::syntax, 6, 5},
      {"[]]", fault::trailing, 2, 2},
      {"1 2", fault::trailing, 2, 2},
      {"\"abc", fault::string, 4, 0},
      {"[\"a\nb\"]", fault::string, 3, 1},
      {"\"\\x\"", fault::escape, 2, 0},
      {"\"\\u12\"", fault::escape, 5, 0},
      {"\"\\u12", fault::string, 5, 0},
      {"[\"\\u\xe5\"]", fault::escape, 4, 1},
      {"\"\\uD800\"", fault::escape, 7, 0},
      {"\"\\uD800\\u0041\"", fault::escape, 13, 0},
      {"\"\\uD800\\uDB00\"", fault::escape, 13, 0},
      {"\"\\uDC00\"", fault::escape, 7, 0},
      {"\"\\udfff\"", fault::escape, 7, 0},
      {"\"\\uDF", fault::string, 5, 0},  // cut off before the escape is whole
      {"\"\\uD800\\u00", fault::string, 11, 0},
      {"\"\\uD800x\"", fault::escape, 7, 0},
      {"\"\xff\"", fault::utf8, 1, 0},
      {"\"\xc0\xaf\"", fault::utf8, 1, 0},
      {"\"\xc3\"", fault::utf8, 2, 0},
      {"\"\xc3", fault::string, 2, 0},
      {"\"\xe0\x80\x80\"", fault::utf8, 2, 0},
      {"\"\xed\xa0\x80\"", fault::utf8, 2, 0},
      {"\"\xf0\x80\x80\x80\"", fault::utf8, 2, 0},
      {"\"\xf4\x90\x80\x80\"", fault::utf8, 2, 0},
      {"\"\xf5\x80\x80\x80\"", fault::utf8, 1, 0},
      {"\"\xe6\x97\"", fault::utf8, 3, 0},
      {"\xef\xbb\xbf{}", fault::syntax, 0, 0},  // a byte order mark is not skipped
  };
  for (const bad& b : cases) {
    const auto v = reference::check(b.text);
    EXPECT_FALSE(v.ok) << b.text;
    EXPECT_STREQ(reference::fault_name(v.why), reference::fault_name(b.why)) << b.text;
    EXPECT_EQ(v.offset, b.offset) << b.text;
    EXPECT_EQ(v.token, b.token) << b.text;
  }
}

// The lenient extensions, each alone: what it lets through, and that nothing else does.
TEST(ReferenceValidator, LenientExtensions) {
  const reference::options comments{.comments = true}, commas{.trailing_commas = true}, nonfinite{.nonfinite = true};
  for (const char* s : {"//c\n1", "1//c", "1/**/", "/**/1", "[1/*a*/,/*b*/2]", "{\"a\"/**/:/**/1}", "1 // c\r", "/*/ */1",
                        "/* caf\xc3\xa9 */ 1", "[\"//\", \"/*\"]"}) {
    EXPECT_TRUE(reference::accepts(s, comments)) << s;
  }
  for (const char* s : {"//c\n1", "1/**/", "[1/*a*/,2]"}) EXPECT_FALSE(reference::accepts(s)) << s;
  for (const char* s : {"1/", "1/*", "1/* *", "/ 1", "1 /* \xff */", "1 // \xc3", "/**/"}) EXPECT_FALSE(reference::accepts(s, comments)) << s;
  for (const char* s : {"[1,]", "{\"a\":1,}", "[[],]", "[1 , ]"}) {
    EXPECT_TRUE(reference::accepts(s, commas)) << s;
    EXPECT_FALSE(reference::accepts(s)) << s;
  }
  for (const char* s : {"[,]", "{,}", "[1,,]", "{\"a\":,}", "1,", "[1,/**/]"}) EXPECT_FALSE(reference::accepts(s, commas)) << s;
  for (const char* s : {"NaN", "Infinity", "-Infinity", "[NaN,-Infinity]"}) {
    EXPECT_TRUE(reference::accepts(s, nonfinite)) << s;
    EXPECT_FALSE(reference::accepts(s)) << s;
  }
  for (const char* s : {"nan", "-NaN", "+Infinity", "Infinit", "NaNa", "- Infinity"}) EXPECT_FALSE(reference::accepts(s, nonfinite)) << s;
}

TEST(ReferenceValidator, Depth) {
  const auto nest = [](std::size_t n) { return std::string(n, '[') + std::string(n, ']'); };
  EXPECT_TRUE(reference::check(nest(1024)).ok);
  EXPECT_EQ(reference::check(nest(1024)).depth, 1024u);
  const auto v = reference::check(nest(1025));
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.why, fault::depth);
  EXPECT_EQ(v.offset, 1024u);  // the bracket that opens level 1025
  EXPECT_EQ(v.token, 1024u);
  const auto o = reference::check(std::string(100000, '['));  // bounded recursion
  EXPECT_EQ(o.why, fault::depth);
  EXPECT_EQ(o.offset, 1024u);
  std::string objects;
  for (int i = 0; i < 5; ++i) objects += "{\"a\":";
  objects += "1}}}}}";
  EXPECT_TRUE(reference::check(objects, {.max_depth = 5}).ok);
  EXPECT_EQ(reference::check(objects, {.max_depth = 4}).offset, 20u);
  EXPECT_EQ(reference::check("[1]", {.max_depth = 0}).why, fault::depth);
  EXPECT_TRUE(reference::check("1", {.max_depth = 0}).ok);
}

TEST(ReferenceValidator, NumberGrammar) {
  const auto whole = [](std::string_view s) {
    const auto m = reference::match_number(s, 0);
    return m.complete && m.length == s.size();
  };
  for (const char* s : {"0", "-0", "10", "0.5", "-0.0e0", "1e5", "1E+5", "1e-05", "12.34e56"}) EXPECT_TRUE(whole(s)) << s;
  for (const char* s : {"", "-", "+1", ".5", "1.", "1e", "1e+", "-.5", "--1", "01", "00", "1.5.5", "0x1", "1e5e5", "Inf"})
    EXPECT_FALSE(whole(s)) << s;
  EXPECT_EQ(reference::match_number("01", 0).length, 1u);  // "0", then a byte that cannot follow
}

TEST(ReferenceValidator, NumberRanges) {
  using reference::overflows_double;
  for (const char* s : {"0", "1e308", "1.7976931348623157e308", "1.7976931348623158e308", "-1.7976931348623158e308",
                        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587"
                        "207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711"
                        "531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093"
                        "042880177904174497791",  // 2^1024 - 2^970 - 1: rounds down to the largest double
                        "1e-400", "0e99999999999999999999", "0.0000001e314", "100e306"})
    EXPECT_FALSE(overflows_double(s)) << s;
  for (const char* s : {"1e309", "-1e309", "1.7976931348623159e308", "1000e306", "0.1e310", "1e99999999999999999999999",
                        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587"
                        "207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711"
                        "531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093"
                        "042880177904174497792"})  // 2^1024 - 2^970: the halfway point rounds to even, infinity
    EXPECT_TRUE(overflows_double(s)) << s;
  using reference::wide_integer;
  for (const char* s : {"0", "-0", "18446744073709551615", "-9223372036854775808", "1e30", "99999999999999999999.0"})
    EXPECT_FALSE(wide_integer(s)) << s;
  for (const char* s : {"18446744073709551616", "-9223372036854775809", "100000000000000000000", "-10000000000000000000"})
    EXPECT_TRUE(wide_integer(s)) << s;
  const auto v = reference::check("[1, 1e400, 18446744073709551616, 1e500]");
  EXPECT_TRUE(v.ok);
  EXPECT_EQ(v.first_overflow, 4u);
  EXPECT_EQ(v.first_wide_integer, 11u);
  EXPECT_EQ(reference::check("[1e400").first_overflow, 1u);  // numbers before the error count
  EXPECT_EQ(reference::check("[0, 1]").first_overflow, reference::npos);
}

// RFC 3629 a second way: decode the sequence, then require the shortest form, at most
// U+10FFFF, and no surrogate (D800-DFFF).
bool valid_by_decoding(const std::string& b) {
  const auto u = [&](std::size_t i) { return static_cast<unsigned char>(b[i]); };
  std::size_t n;
  std::uint32_t cp;
  if (u(0) < 0x80) n = 1, cp = u(0);
  else if ((u(0) & 0xE0) == 0xC0) n = 2, cp = u(0) & 0x1F;
  else if ((u(0) & 0xF0) == 0xE0) n = 3, cp = u(0) & 0x0F;
  else if ((u(0) & 0xF8) == 0xF0) n = 4, cp = u(0) & 0x07;
  else return false;
  if (b.size() != n) return false;
  for (std::size_t i = 1; i < n; ++i) {
    if ((u(i) & 0xC0) != 0x80) return false;
    cp = (cp << 6) | (u(i) & 0x3F);
  }
  const std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  return cp >= least[n] && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
}

bool valid_by_reference(const std::string& b) {
  // Inside a string: the bytes that JSON treats specially (" \ and controls) are left out.
  return reference::accepts("\"" + b + "\"");
}

TEST(ReferenceValidator, Utf8AgainstDecoding) {
  const auto json_special = [](unsigned char c) { return c == '"' || c == '\\' || c < 0x20; };
  long checked = 0;
  for (int a = 0x20; a < 256; ++a) {
    if (json_special(a)) continue;
    const std::string one(1, static_cast<char>(a));
    ASSERT_EQ(valid_by_reference(one), valid_by_decoding(one)) << std::hex << a;
    for (int b = 0x20; b < 256; ++b) {
      if (json_special(b)) continue;
      const std::string two = {static_cast<char>(a), static_cast<char>(b)};
      // A valid first byte followed by a valid ASCII one is two sequences: decode each.
      const bool split = valid_by_decoding(one) && valid_by_decoding(std::string(1, static_cast<char>(b)));
      ASSERT_EQ(valid_by_reference(two), valid_by_decoding(two) || split) << std::hex << a << " " << b;
      ++checked;
      if (a < 0xE0 || a > 0xF4) continue;
      for (int c = 0x80; c < 0xC0; c += (a >= 0xF0 ? 0x3F : 1)) {  // every tail for 3 bytes; 2 for 4
        const std::string three = two + static_cast<char>(c);
        if (a < 0xF0) {
          ASSERT_EQ(valid_by_reference(three), valid_by_decoding(three)) << std::hex << a << " " << b << " " << c;
        } else {
          for (int d : {0x7F, 0x80, 0xBF, 0xC0}) {
            const std::string four = three + static_cast<char>(d);
            ASSERT_EQ(valid_by_reference(four), valid_by_decoding(four)) << std::hex << a << " " << b << " " << c << " " << d;
          }
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100000);
}

}  // namespace

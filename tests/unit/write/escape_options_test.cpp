// options::escape_non_ascii and options::escape_html: exact outputs (strings, keys, enumerator
// names, variant tags, map keys, metajson::value), each UTF-8 policy, and round trips of random
// text compared with an independent code-point-by-code-point oracle.
#include <metajson/value.hpp>
#include "round_trip.hpp"
#include "write_check.hpp"

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <variant>
#include <vector>

namespace {

constexpr metajson::options ascii{.escape_non_ascii = true};
constexpr metajson::options html{.escape_html = true};
constexpr metajson::options both{.escape_non_ascii = true, .escape_html = true};

enum class Mode { fast, slow };
}  // namespace
template <>
struct metajson::meta<Mode> {
  static constexpr auto enumerators = metajson::enumerator<Mode::fast>(metajson::name("schnell-\xc3\xa9"));
};
namespace {
struct Circle {
  int r = 0;
  bool operator==(const Circle&) const = default;
};
}  // namespace
template <>
struct metajson::meta<Circle> {
  static constexpr auto type = metajson::name("Kreis\xe2\x80\xa8");
};
namespace {
struct Tagged {
  std::variant<Circle, int> v;
  bool operator==(const Tagged&) const = default;
};
}  // namespace
template <>
struct metajson::meta<Tagged> {
  static constexpr auto members = metajson::member<"v">(metajson::tag("t\xc3\xbcp"));
};
namespace {
struct Named {
  std::string s;
  Mode m = Mode::fast;
  std::map<std::string, int> mp;
  bool operator==(const Named&) const = default;
};
}  // namespace
template <>
struct metajson::meta<Named> {
  static constexpr auto members = metajson::member<"s">(metajson::name("cl\xc3\xa9<&>"));
};
namespace {

TEST(EscapeOptions, NonAsciiStrings) {
  expect_json<ascii>(std::string("\xc3\xa9"), R"("\u00e9")");                      // U+00E9, 2 bytes
  expect_json<ascii>(std::string("\xe6\x97\xa5"), R"("\u65e5")");                  // U+65E5, 3 bytes
  expect_json<ascii>(std::string("\xf0\x9f\x98\x80"), R"("\ud83d\ude00")");        // U+1F600: a pair
  expect_json<ascii>(std::string("\xc2\x80"), R"("\u0080")");                      // first non-ASCII
  expect_json<ascii>(std::string("\xef\xbf\xbf"), R"("\uffff")");                  // last of the BMP
  expect_json<ascii>(std::string("\xf0\x90\x80\x80"), R"("\ud800\udc00")");        // U+10000
  expect_json<ascii>(std::string("\xf4\x8f\xbf\xbf"), R"("\udbff\udfff")");        // U+10FFFF
  // ASCII is untouched, control characters keep their short escapes, '<' is not escaped.
  expect_json<ascii>(std::string("a\"\\/\n\x01\x7f<>&"), R"("a\"\\/\n\u0001)" "\x7f" R"(<>&")");
  // Long text goes through the 8-byte copy; escapes at every offset around it.
  expect_json<ascii>(std::string("abcdefgh\xc3\xa9ijklmnopq\"rstuvwx"), R"("abcdefgh\u00e9ijklmnopq\"rstuvwx")");
  expect_json<ascii>(std::string(""), R"("")");
  expect_json<ascii>('x', R"("x")");
}

TEST(EscapeOptions, NonAsciiNames) {
  const Named n{"\xc3\xa9", Mode::fast, {{"\xc3\xbc", 1}}};
  expect_round_trip<ascii>(n, R"({"cl\u00e9<&>":"\u00e9","m":"schnell-\u00e9","mp":{"\u00fc":1}})");
  expect_round_trip<ascii>(Tagged{Circle{2}}, R"({"v":{"t\u00fcp":"Kreis\u2028","r":2}})");
  expect_round_trip<ascii>(Tagged{7}, R"({"v":{"t\u00fcp":"int","value":7}})");
  expect_json<ascii>(std::map<Mode, int>{{Mode::fast, 1}}, R"({"schnell-\u00e9":1})");
  expect_json<{.pretty = true, .escape_non_ascii = true}>(n, R"({
  "cl\u00e9<&>": "\u00e9",
  "m": "schnell-\u00e9",
  "mp": {
    "\u00fc": 1
  }
})");
  metajson::value v = metajson::value::object{{"\xc3\xa9", metajson::value::array{"\xc3\xbc"}}};
  expect_json<ascii>(v, R"({"\u00e9":["\u00fc"]})");
  // Off (the default), names stay UTF-8.
  expect_json(n, "{\"cl\xc3\xa9<&>\":\"\xc3\xa9\",\"m\":\"schnell-\xc3\xa9\",\"mp\":{\"\xc3\xbc\":1}}");
}

TEST(EscapeOptions, NonAsciiWithEachUtf8Policy) {
  // validate: invalid UTF-8 is still an error, at the same offset.
  expect_write_error<ascii>(std::string("ab\xc3"), metajson::error_code::invalid_utf8,
                            "invalid UTF-8 in string (byte 0xc3 at offset 2 of the string) at $");
  expect_write_error<ascii>(std::string("\xed\xa0\x80"), metajson::error_code::invalid_utf8,
                            "invalid UTF-8 in string (byte 0xed at offset 0 of the string) at $");
  // replace: each maximal invalid subsequence is one U+FFFD, escaped.
  constexpr metajson::options replace{.utf8 = metajson::utf8_policy::replace, .escape_non_ascii = true};
  expect_json<replace>(std::string("a\xff" "b\xe6\x97" "c"), R"("a\ufffdb\ufffdc")");
  // unchecked: valid sequences escaped, invalid bytes copied as they are (no check promised).
  constexpr metajson::options unchecked{.utf8 = metajson::utf8_policy::unchecked, .escape_non_ascii = true};
  expect_json<unchecked>(std::string("\xc3\xa9\xff"), "\"\\u00e9\xff\"");
}

TEST(EscapeOptions, Html) {
  expect_json<html>(std::string("<a href=\"x\">&</a>"), R"("\u003ca href=\"x\"\u003e\u0026\u003c/a\u003e")");
  expect_json<html>(std::string("</script>"), R"("\u003c/script\u003e")");
  expect_json<html>(std::string("x\xe2\x80\xa8y\xe2\x80\xa9z"), R"("x\u2028y\u2029z")");
  // Other non-ASCII text stays UTF-8, including U+2027 and U+202A beside the two separators.
  expect_json<html>(std::string("\xc3\xa9\xe2\x80\xa7\xe2\x80\xaa"), "\"\xc3\xa9\xe2\x80\xa7\xe2\x80\xaa\"");
  expect_json<html>('<', R"("\u003c")");
  const Named n{"<b>", Mode::slow, {{"&", 1}}};
  expect_round_trip<html>(n, "{\"cl\xc3\xa9\\u003c\\u0026\\u003e\":\"\\u003cb\\u003e\",\"m\":\"slow\",\"mp\":{\"\\u0026\":1}}");
  expect_round_trip<html>(Tagged{Circle{1}}, "{\"v\":{\"t\xc3\xbcp\":\"Kreis\\u2028\",\"r\":1}}");
  // With each UTF-8 policy (unchecked looks for the separators without checking the rest).
  expect_json<{.utf8 = metajson::utf8_policy::unchecked, .escape_html = true}>(std::string("\xff\xe2\x80\xa9<\xe2\x80"),
                                                                              "\"\xff\\u2029\\u003c\xe2\x80\"");
  expect_json<{.utf8 = metajson::utf8_policy::replace, .escape_html = true}>(std::string("\xff<"), "\"\xef\xbf\xbd\\u003c\"");
  expect_write_error<html>(std::string("<\xff"), metajson::error_code::invalid_utf8,
                           "invalid UTF-8 in string (byte 0xff at offset 1 of the string) at $");
}

TEST(EscapeOptions, Both) {
  const Named n{"<\xc3\xa9\xe2\x80\xa8>", Mode::fast, {}};
  expect_round_trip<both>(n, R"({"cl\u00e9\u003c\u0026\u003e":"\u003c\u00e9\u2028\u003e","m":"schnell-\u00e9","mp":{}})");
}

// The oracle: the text decoded to code points, each written as JSON requires or as the options
// ask, one at a time. Input is valid UTF-8.
std::string oracle(const std::string& s, bool non_ascii, bool escape_html) {
  static const char* hex = "0123456789abcdef";
  auto u = [&](std::string& out, std::uint32_t unit) {
    out += "\\u";
    for (int sh = 12; sh >= 0; sh -= 4) out += hex[(unit >> sh) & 15];
  };
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    std::uint32_t cp = n == 1 ? c : n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
    for (int k = 1; k < n; ++k) cp = cp << 6 | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    if (cp == '"') out += "\\\"";
    else if (cp == '\\') out += "\\\\";
    else if (cp == '\n') out += "\\n";
    else if (cp == '\t') out += "\\t";
    else if (cp == '\r') out += "\\r";
    else if (cp == '\b') out += "\\b";
    else if (cp == '\f') out += "\\f";
    else if (cp < 0x20) u(out, cp);
    else if (escape_html && (cp == '<' || cp == '>' || cp == '&' || cp == 0x2028 || cp == 0x2029)) u(out, cp);
    else if (non_ascii && cp >= 0x10000) u(out, 0xD800 + ((cp - 0x10000) >> 10)), u(out, 0xDC00 + ((cp - 0x10000) & 0x3FF));
    else if (non_ascii && cp >= 0x80) u(out, cp);
    else out.append(s, i, static_cast<std::size_t>(n));
    i += static_cast<std::size_t>(n);
  }
  return out + "\"";
}

TEST(EscapeOptions, RandomTextAgainstOracleAndRoundTrip) {
  static const char* pieces[] = {"a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\x01", "\x1f", "\x7f", "<", ">", "&",
                                 "\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\xef\xbf\xbf", "\xf4\x8f\xbf\xbf",
                                 "\xe2\x80\xa8", "\xe2\x80\xa9", "\xe2\x80\xa7", "abcdefghijklmnop", "\xc2\x80"};
  std::mt19937_64 rng(17);
  for (int round = 0; round < 3000; ++round) {
    std::string s;
    for (std::size_t i = rng() % 40; i > 0; --i) s += pieces[rng() % std::size(pieces)];
    const std::string a = metajson::to_json<ascii>(s), h = metajson::to_json<html>(s), b = metajson::to_json<both>(s);
    ASSERT_EQ(a, oracle(s, true, false)) << s;
    ASSERT_EQ(h, oracle(s, false, true)) << s;
    ASSERT_EQ(b, oracle(s, true, true)) << s;
    for (char ch : a) ASSERT_LT(static_cast<unsigned char>(ch), 0x80) << a;
    ASSERT_EQ(b.find_first_of("<>&"), std::string::npos) << b;
    ASSERT_EQ(h.find("\xe2\x80\xa8"), std::string::npos) << h;
    EXPECT_EQ(metajson::from<std::string>(a), s);
    EXPECT_EQ(metajson::from<std::string>(h), s);
    EXPECT_EQ(metajson::from<std::string>(b), s);
  }
}

}  // namespace

// metajson::canonical (RFC 8785, JSON Canonicalization Scheme): the RFC's own examples (section
// 3.2.2's document, 3.2.3's sorting, Appendix B's numbers), its string escaping for every ASCII
// byte, what has no canonical form (non-finite numbers, integers no double holds, duplicate
// keys, long doubles that are not doubles), and canonical output as a fixed point. Node's
// JSON.stringify on whole documents is in tests/canonical/.
#include <metajson/value.hpp>
#include "round_trip.hpp"
#include "write_check.hpp"

#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace {

using metajson::canonical;
using metajson::error_code;
using metajson::value;

// RFC 8785, section 3.2.2: the input and the canonical output, byte for byte.
TEST(Canonical, Rfc8785Example) {
  const auto v = metajson::from<value>(R"({
    "numbers": [333333333.33333329, 1E30, 4.50,
                2e-3, 0.000000000000000000000000001],
    "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
    "literals": [null, true, false]
  })");
  expect_json<canonical>(v, "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                            "\"string\":\"\xe2\x82\xac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}");
}

// RFC 8785, section 3.2.4: the UTF-8 bytes of the string property above, in hex.
TEST(Canonical, Rfc8785Utf8Bytes) {
  const std::string out = metajson::to_json<canonical>(std::string("\xe2\x82\xac$\x0f\nA'B\"\\\\\"/"));
  std::string hex;
  for (unsigned char c : out) {
    hex += "0123456789abcdef"[c >> 4];
    hex += "0123456789abcdef"[c & 15];
    hex += ' ';
  }
  EXPECT_EQ(hex, "22 e2 82 ac 24 5c 75 30 30 30 66 5c 6e 41 27 42 5c 22 5c 5c 5c 5c 5c 22 2f 22 ");
}

// RFC 8785, section 3.2.3: the sorting example.
TEST(Canonical, Rfc8785SortingExample) {
  const auto v = metajson::from<value>(R"({
    "\u20ac": "Euro Sign",
    "\r": "Carriage Return",
    "\ufb33": "Hebrew Letter Dalet With Dagesh",
    "1": "One",
    "\ud83d\ude00": "Emoji: Grinning Face",
    "\u0080": "Control",
    "\u00f6": "Latin Small Letter O With Diaeresis"
  })");
  expect_json<canonical>(v, "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\xc2\x80\":\"Control\","
                            "\"\xc3\xb6\":\"Latin Small Letter O With Diaeresis\",\"\xe2\x82\xac\":\"Euro Sign\","
                            "\"\xf0\x9f\x98\x80\":\"Emoji: Grinning Face\",\"\xef\xac\xb3\":\"Hebrew Letter Dalet With Dagesh\"}");
}

// RFC 8785, Appendix B: IEEE 754 bit patterns and their canonical text; NaN and Infinity have
// none. As a double member, a metajson::value and a variant's floating-point alternative.
TEST(Canonical, Rfc8785AppendixBNumbers) {
  const std::pair<std::uint64_t, const char*> cases[] = {
      {0x0000000000000000, "0"},
      {0x8000000000000000, "0"},
      {0x0000000000000001, "5e-324"},
      {0x8000000000000001, "-5e-324"},
      {0x7fefffffffffffff, "1.7976931348623157e+308"},
      {0xffefffffffffffff, "-1.7976931348623157e+308"},
      {0x4340000000000000, "9007199254740992"},
      {0xc340000000000000, "-9007199254740992"},
      {0x4430000000000000, "295147905179352830000"},
      {0x44b52d02c7e14af5, "9.999999999999997e+22"},
      {0x44b52d02c7e14af6, "1e+23"},
      {0x44b52d02c7e14af7, "1.0000000000000001e+23"},
      {0x444b1ae4d6e2ef4e, "999999999999999700000"},
      {0x444b1ae4d6e2ef4f, "999999999999999900000"},
      {0x444b1ae4d6e2ef50, "1e+21"},
      {0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"},
      {0x3eb0c6f7a0b5ed8d, "0.000001"},
      {0x41b3de4355555553, "333333333.3333332"},
      {0x41b3de4355555554, "333333333.33333325"},
      {0x41b3de4355555555, "333333333.3333333"},
      {0x41b3de4355555556, "333333333.3333334"},
      {0x41b3de4355555557, "333333333.33333343"},
      {0xbecbf647612f3696, "-0.0000033333333333333333"},
      {0x43143ff3c1cb0959, "1424953923781206.2"},
  };
  for (const auto& [bits, text] : cases) {
    const double d = std::bit_cast<double>(bits);
    SCOPED_TRACE(text);
    expect_json<canonical>(d, text);
    expect_json<canonical>(value(d), text);
    expect_json<canonical>(std::variant<std::int64_t, double>(d), text);
    expect_json<canonical>(std::vector<double>{d, d}, std::string("[") + text + "," + text + "]");
  }
  for (const std::uint64_t bits : {0x7fffffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull}) {
    const double d = std::bit_cast<double>(bits);
    EXPECT_EQ(metajson::try_to_json<canonical>(d).error().code(), error_code::non_finite_number);
    EXPECT_EQ(metajson::try_to_json<canonical>(value(d)).error().code(), error_code::non_finite_number);
  }
  expect_write_error<canonical>(value(value::object{{"x", value::array{1, std::numeric_limits<double>::quiet_NaN()}}}),
                                error_code::non_finite_number, "NaN or infinity cannot be written as JSON (NaN) at $.x[1]");
}

// Escaping: for every ASCII byte, what RFC 8785 (ECMAScript's JSON.stringify) writes, built
// here from the rule: \b \t \n \f \r, other controls \u00xx in lower case, \" and \\, the rest
// (DEL and '/' too) as they are; non-ASCII as UTF-8, never escaped.
TEST(Canonical, StringEscaping) {
  std::string in, expected = "\"";
  for (int c = 1; c < 0x80; ++c) {
    in += static_cast<char>(c);
    switch (c) {
      case '\b': expected += "\\b"; break;
      case '\t': expected += "\\t"; break;
      case '\n': expected += "\\n"; break;
      case '\f': expected += "\\f"; break;
      case '\r': expected += "\\r"; break;
      case '"': expected += "\\\""; break;
      case '\\': expected += "\\\\"; break;
      default:
        if (c < 0x20) {
          expected += "\\u00";
          expected += "0123456789abcdef"[c >> 4];
          expected += "0123456789abcdef"[c & 15];
        } else {
          expected += static_cast<char>(c);
        }
    }
  }
  const std::string non_ascii = "\xc2\x80\xc3\xa9\xe2\x80\xa8\xe2\x80\xa9\xef\xbf\xbf\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf";
  in += non_ascii;
  expected += non_ascii + "\"";
  expect_json<canonical>(in, expected);
  expect_json<canonical>(std::string(1, '\0'), "\"\\u0000\"");
  // Keys are escaped the same way, as map keys, value keys and struct names.
  expect_json<canonical>(std::map<std::string, int>{{in, 1}}, "{" + expected + ":1}");
  expect_json<canonical>(value(value::object{{in, 1}}), "{" + expected + ":1}");
  expect_write_error<canonical>(std::string("a\xff"), error_code::invalid_utf8, "invalid UTF-8 in string (byte 0xff at offset 1 of the string) at $");
}

struct Inner {
  std::string zeta = "z";
  double alpha = 1.5;
  bool operator==(const Inner&) const = default;
};
struct Outer {
  std::optional<int> middle;
  std::vector<Inner> b = {Inner{}, Inner{"y", -0.0}};
  std::map<int, std::string> a = {{10, "ten"}, {9, "nine"}, {100, "hundred"}};
  std::uint64_t id = 9007199254740992;  // 2^53
  float ratio = 0.1f;
  bool operator==(const Outer&) const = default;
};

// Structs, maps with integer keys (sorted as the strings they are), nested arrays: sorted and
// compact on every path. A float is written as its shortest text ("0.1", which a double reads
// as 0.1 and writes back the same: a fixed point of RFC 8785).
TEST(Canonical, StructsAndMaps) {
  expect_json<canonical>(Outer{}, R"({"a":{"10":"ten","100":"hundred","9":"nine"},"b":[{"alpha":1.5,"zeta":"z"},{"alpha":0,"zeta":"y"}],)"
                                  R"("id":9007199254740992,"middle":null,"ratio":0.1})");
  Outer back;
  back.a.clear();
  back.b.clear();
  ASSERT_FALSE(metajson::from_json(metajson::to_json<canonical>(Outer{}), back));
  EXPECT_EQ(back.a, Outer{}.a);
  EXPECT_EQ(back.b[0], Inner{});
}

struct Ids {
  std::int64_t a = 1;
  std::int64_t b = 505874924095815681;
};

// Integers are numbers, and RFC 8785's numbers are doubles: an integer is written when its
// digits are what ECMAScript writes for it (all up to 2^53; beyond, those whose double's
// shortest digits are theirs), else it has no canonical form and the message says why.
TEST(Canonical, Integers) {
  constexpr std::int64_t two53 = std::int64_t{1} << 53;
  expect_json<canonical>(two53, "9007199254740992");
  expect_json<canonical>(-two53, "-9007199254740992");
  expect_json<canonical>(std::numeric_limits<std::int32_t>::min(), "-2147483648");
  expect_json<canonical>(std::uint64_t{1000000000000000000}, "1000000000000000000");  // 10^18 is a double
  expect_json<canonical>(std::int64_t{-123450000000000000}, "-123450000000000000");
  expect_json<canonical>(value(std::uint64_t{10000000000000000000u}), "10000000000000000000");
  expect_write_error<canonical>(two53 + 1, error_code::not_canonical,
                                "no RFC 8785 canonical form (integer 9007199254740993 would be 9007199254740992 as a double (RFC 8785 numbers are doubles); write it as a string) at $");
  // 2^60 is a double, but ECMAScript writes it with its shortest digits: 1152921504606847000.
  expect_write_error<canonical>(std::uint64_t{1} << 60, error_code::not_canonical,
                                "no RFC 8785 canonical form (integer 1152921504606846976 would be 1152921504606847000 as a double (RFC 8785 "
                                "numbers are doubles); write it as a string) at $");
  expect_write_error<canonical>(std::numeric_limits<std::int64_t>::min(), error_code::not_canonical,
                                "no RFC 8785 canonical form (integer -9223372036854775808 would be -9223372036854776000 as a double (RFC 8785 numbers are doubles); write it as a string) at $");
  expect_write_error<canonical>(value(value::object{{"ids", value::array{1, std::uint64_t{18446744073709551615u}}}}), error_code::not_canonical,
                                "no RFC 8785 canonical form (integer 18446744073709551615 would be 18446744073709552000 as a double (RFC 8785 numbers are doubles); write it as a string) at $.ids[1]");
  expect_write_error<canonical>(Ids{}, error_code::not_canonical,
                                "no RFC 8785 canonical form (integer 505874924095815681 would be 505874924095815700 as a double (RFC 8785 numbers are doubles); write it as a string) at $.b");
  expect_write_error<canonical>(std::vector<std::uint64_t>{1, 2, 9007199254740993u}, error_code::not_canonical,
                                "no RFC 8785 canonical form (integer 9007199254740993 would be 9007199254740992 as a double (RFC 8785 numbers are doubles); write it as a string) at $[2]");
  // The same integers are written as they are without rfc8785: the check is canonical's only.
  expect_json<{.numbers = metajson::number_format::ecmascript, .sort_keys = true}>(two53 + 1, "9007199254740993");
  // Counts of clocks that have no calendar, and durations, are integers too.
  using ns = std::chrono::nanoseconds;
  expect_json<canonical>(std::chrono::time_point<std::chrono::steady_clock, ns>(ns(1000)), "1000");
  expect_write_error<canonical>(std::chrono::time_point<std::chrono::steady_clock, ns>(ns(1732300000123456789)), error_code::not_canonical,
                                "no RFC 8785 canonical form (integer 1732300000123456789 would be 1732300000123456800 as a double (RFC 8785 numbers are doubles); write it as a string) at $");
  expect_write_error<canonical>(ns(1732300000123456789), error_code::not_canonical,
                                "no RFC 8785 canonical form (integer 1732300000123456789 would be 1732300000123456800 as a double (RFC 8785 numbers are doubles); write it as a string) at $");
}

// A number's kind is not kept: in canonical form, as in JavaScript, 1.0 is 1.
TEST(Canonical, DoublesHaveNoKind) {
  expect_json<canonical>(value(value::array{1.0, -0.0, 1, 0.5, 1e21, 1e-7, 123456789012345680000.0}),
                         "[1,0,1,0.5,1e+21,1e-7,123456789012345680000]");
  expect_json<canonical>(std::variant<int, double>(2.0), "2");
  expect_json<canonical>(std::optional<double>(100.0), "100");
  // long double: a double's value is written as that double; any other has no canonical form.
  expect_json<canonical>(0.5L, "0.5");
  expect_json<canonical>(static_cast<long double>(0.1), "0.1");
  if constexpr (std::numeric_limits<long double>::digits > 53) {
    expect_write_error<canonical>(std::vector<long double>{0.1L}, error_code::not_canonical,
                                  "no RFC 8785 canonical form (a long double that is not a double's value: RFC 8785 numbers are doubles) at $[0]");
  }
  EXPECT_EQ(metajson::try_to_json<canonical>(std::numeric_limits<long double>::infinity()).error().code(), error_code::non_finite_number);
}

// Duplicate keys: RFC 8785's input is I-JSON, which has none. A metajson::value object or a
// multimap that holds one has no canonical form (whatever their distance in the input).
TEST(Canonical, DuplicateKeys) {
  const auto v = metajson::from<value>(R"({"b":1,"a":{"x":1,"y":2,"x":3},"c":0})");
  expect_write_error<canonical>(v, error_code::not_canonical, "no RFC 8785 canonical form (key \"x\" twice in one object) at $.a");
  expect_write_error<canonical>(std::multimap<std::string, int>{{"k", 1}, {"j", 2}, {"k", 3}}, error_code::not_canonical,
                                "no RFC 8785 canonical form (key \"k\" twice in one object) at $");
  expect_write_error<canonical>(std::multimap<int, int>{{7, 1}, {7, 2}}, error_code::not_canonical,
                                "no RFC 8785 canonical form (key \"7\" twice in one object) at $");
  // Without rfc8785, sort_keys keeps them (stable), as before.
  expect_json<{.sort_keys = true}>(v, R"({"a":{"x":1,"x":3,"y":2},"b":1,"c":0})");
  expect_json<canonical>(std::multimap<std::string, int>{{"k", 1}, {"j", 2}}, R"({"j":2,"k":1})");
}

// Canonical text is a fixed point: read into metajson::value and written canonical again, it
// is the same bytes (for documents whose numbers are written with their own digits).
TEST(Canonical, FixedPoint) {
  const char* docs[] = {
      R"({"z":[1,2.5,-0.0,1e300,"\u0001\u001f\t/"],"a":{"\ud83d\ude00":true,"\uffff":false,"":null}})",
      R"([{"b":{"d":[],"c":{}},"a":-1.25e-9}, 12345678901234567890e-5, "\u2028"])",
      R"("plain")",
  };
  for (const char* doc : docs) {
    const std::string once = metajson::to_json<canonical>(metajson::from<value>(doc));
    EXPECT_EQ(metajson::to_json<canonical>(metajson::from<value>(once)), once) << doc;
  }
}

}  // namespace

// options::sort_keys: struct members (sorted at compile time, on every writing path), tagged
// variants (the tag key in its place), maps with each key kind, metajson::value objects, RFC
// 8785's sorting example, and the UTF-16 order itself against a transcoding oracle.
#include <metajson/value.hpp>
#include "round_trip.hpp"
#include "write_check.hpp"

#include <metajson/text/utf16_order.hpp>

#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

namespace {

constexpr metajson::options sorted{.sort_keys = true};

// Only numbers: the bounded path (one capacity check for the whole struct).
struct Numbers {
  int zeta = 1;
  int alpha = 2;
  int Beta = 3;  // upper case sorts before lower case
  int al = 4;    // a prefix sorts first
  bool operator==(const Numbers&) const = default;
};
// Strings and optionals: the unbounded path, and the run-time separators with omit.
struct Base {
  std::string m = "base";
  bool operator==(const Base&) const = default;
};
// (C++23 cannot bind a base holding data beside the class's own members: `m` is Mixed's own there.)
#if METAJSON_BACKEND_P2996
struct Mixed : Base {
#else
struct Mixed {
  std::string m = "base";
#endif
  std::optional<int> y;
  std::string b = "b";
  std::optional<int> a = 1;
  bool operator==(const Mixed&) const = default;
};
// U+FF61 (EF BD A1) and U+1F600 (F0 9F 98 80): byte order puts U+FF61 first, UTF-16 order
// (surrogates D83D DE00 before FF61) puts the emoji first.
struct Unicode {
  int halfwidth = 1;
  int emoji = 2;
  int e_acute = 3;
  int z = 4;
  bool operator==(const Unicode&) const = default;
};
}  // namespace
template <>
struct metajson::meta<Unicode> {
  static constexpr auto members = metajson::with(
      metajson::member<"halfwidth">(metajson::name("\xef\xbd\xa1")),
      metajson::member<"emoji">(metajson::name("\xf0\x9f\x98\x80")),
      metajson::member<"e_acute">(metajson::name("\xc3\xa9")));
};
namespace {
struct Renamed {
  int zoo_keeper = 1;
  int last = 2;
  bool operator==(const Renamed&) const = default;
};
}  // namespace
template <>
struct metajson::meta<Renamed> {
  static constexpr auto type = metajson::rename_all(metajson::case_style::camel);
  static constexpr auto members = metajson::member<"last">(metajson::name("aardvark"));
};
namespace {

struct Circle {
  int r = 1;
  std::string label = "c";
  bool operator==(const Circle&) const = default;
};
struct Empty {
  bool operator==(const Empty&) const = default;
};
struct Shapes {
  std::variant<Circle, Empty, int> mid;  // "kind" between "label" and "r"
  std::variant<Circle, int> first;         // tag before every member
  std::variant<Circle, int> last;         // after every member, after "value"
  std::optional<std::variant<Circle, int>> maybe;
  bool operator==(const Shapes&) const = default;
};
}  // namespace
template <>
struct metajson::meta<Shapes> {
  static constexpr auto members = metajson::with(
      metajson::member<"mid">(metajson::tag("kind")),
      metajson::member<"first">(metajson::tag("a")),
      metajson::member<"last">(metajson::tag("zz")),
      metajson::member<"maybe">(metajson::tag("kind")));
};
namespace {

enum class Color { red, green, blue };

TEST(SortKeys, StructMembers) {
  expect_round_trip<sorted>(Numbers{}, R"({"Beta":3,"al":4,"alpha":2,"zeta":1})");
  expect_round_trip<sorted>(Mixed{}, R"({"a":1,"b":"b","m":"base","y":null})");
  expect_round_trip<{.empty = metajson::empty_members::omit, .sort_keys = true}>(Mixed{}, R"({"a":1,"b":"b","m":"base"})");
  expect_round_trip<sorted>(Renamed{}, R"({"aardvark":2,"zooKeeper":1})");
  expect_round_trip<sorted>(Unicode{}, "{\"z\":4,\"\xc3\xa9\":3,\"\xf0\x9f\x98\x80\":2,\"\xef\xbd\xa1\":1}");
  // Off: declaration order, base classes first.
  expect_json(Mixed{}, R"({"m":"base","y":null,"b":"b","a":1})");
  expect_json(Unicode{}, "{\"\xef\xbd\xa1\":1,\"\xf0\x9f\x98\x80\":2,\"\xc3\xa9\":3,\"z\":4}");
  expect_json<{.pretty = true, .sort_keys = true}>(Numbers{}, R"({
  "Beta": 3,
  "al": 4,
  "alpha": 2,
  "zeta": 1
})");
  // Sorted by the names, not by their escaped form.
  expect_json<{.escape_non_ascii = true, .sort_keys = true}>(Unicode{}, R"({"z":4,"\u00e9":3,"\ud83d\ude00":2,"\uff61":1})");
  expect_json<sorted>(std::vector<Numbers>(2), R"([{"Beta":3,"al":4,"alpha":2,"zeta":1},{"Beta":3,"al":4,"alpha":2,"zeta":1}])");
}

TEST(SortKeys, TaggedVariants) {
  Shapes s{Circle{}, Circle{}, Circle{}, std::nullopt};
  expect_round_trip<sorted>(s, R"({"first":{"a":"Circle","label":"c","r":1},)"
                               R"("last":{"label":"c","r":1,"zz":"Circle"},"maybe":null,)"
                               R"("mid":{"kind":"Circle","label":"c","r":1}})");
  s = Shapes{Empty{}, 7, 8, std::variant<Circle, int>{9}};
  expect_round_trip<sorted>(s, R"({"first":{"a":"int","value":7},"last":{"value":8,"zz":"int"},)"
                               R"("maybe":{"kind":"int","value":9},"mid":{"kind":"Empty"}})");
  expect_json<{.pretty = true, .sort_keys = true}>(Shapes{Circle{}, 7, 8, std::variant<Circle, int>{Circle{}}}, R"({
  "first": {
    "a": "int",
    "value": 7
  },
  "last": {
    "value": 8,
    "zz": "int"
  },
  "maybe": {
    "kind": "Circle",
    "label": "c",
    "r": 1
  },
  "mid": {
    "kind": "Circle",
    "label": "c",
    "r": 1
  }
})");
  expect_json<{.pretty = true, .sort_keys = true}>(std::vector<Shapes>{Shapes{Empty{}, 1, 2, std::nullopt}}, R"([
  {
    "first": {
      "a": "int",
      "value": 1
    },
    "last": {
      "value": 2,
      "zz": "int"
    },
    "maybe": null,
    "mid": {
      "kind": "Empty"
    }
  }
])");
}

TEST(SortKeys, Maps) {
  // Integer keys sort as the text they are written as.
  expect_json<sorted>(std::map<int, int>{{9, 1}, {10, 2}, {-1, 3}, {100, 4}}, R"({"-1":3,"10":2,"100":4,"9":1})");
  expect_json<sorted>(std::map<Color, int>{{Color::red, 1}, {Color::green, 2}, {Color::blue, 3}},
                      R"({"blue":3,"green":2,"red":1})");
  expect_json<sorted>(std::map<bool, int>{{false, 1}, {true, 2}}, R"({"false":1,"true":2})");
  expect_json<sorted>(std::map<char, int>{{'b', 1}, {'B', 2}}, R"({"B":2,"b":1})");
  // A std::map with string keys is in byte order; UTF-16 order differs only here.
  expect_json<sorted>(std::map<std::string, int>{{"\xef\xbd\xa1", 1}, {"\xf0\x9f\x98\x80", 2}, {"a", 3}},
                      "{\"a\":3,\"\xf0\x9f\x98\x80\":2,\"\xef\xbd\xa1\":1}");
  // Hash maps come out sorted whatever their iteration order.
  std::unordered_map<std::string, int> u;
  std::string expected = "{";
  for (int i = 0; i < 100; ++i) u["k" + std::to_string(1000 + i)] = i;
  for (int i = 0; i < 100; ++i) expected += (i ? ",\"k" : "\"k") + std::to_string(1000 + i) + "\":" + std::to_string(i);
  expect_json<sorted>(u, expected + "}");
  // Equal keys keep their order (stable).
  expect_json<sorted>(std::multimap<std::string, int>{{"b", 1}, {"a", 2}, {"b", 3}, {"a", 4}}, R"({"a":2,"a":4,"b":1,"b":3})");
  // Nested maps and structs inside maps are sorted too; one entry and none.
  expect_json<sorted>(std::map<std::string, std::map<std::string, Numbers>>{{"x", {{"b", {}}, {"a", {}}}}},
                      R"({"x":{"a":{"Beta":3,"al":4,"alpha":2,"zeta":1},"b":{"Beta":3,"al":4,"alpha":2,"zeta":1}}})");
  expect_json<sorted>(std::map<std::string, int>{{"only", 1}}, R"({"only":1})");
  expect_json<sorted>(std::map<std::string, int>{}, "{}");
  expect_json<{.pretty = true, .sort_keys = true}>(std::map<int, int>{{2, 1}, {10, 2}}, "{\n  \"10\": 2,\n  \"2\": 1\n}");
}

TEST(SortKeys, Value) {
  auto v = metajson::from<metajson::value>(R"({"b":1,"a":[{"d":1,"c":2}],"b":0,"":3})");
  expect_json<sorted>(v, R"({"":3,"a":[{"c":2,"d":1}],"b":1,"b":0})");
  // Many equal keys, out of order: a stable sort keeps each key's values in their order.
  metajson::value::object o;
  std::string a = "{", b;
  for (int i = 0; i < 300; ++i) {
    const char* k = i % 3 == 0 ? "b" : "a";
    o.emplace_back(k, i);
    (i % 3 == 0 ? b : a) += std::string(i % 3 == 0 ? ",\"b\":" : a.size() > 1 ? ",\"a\":" : "\"a\":") + std::to_string(i);
  }
  expect_json<sorted>(metajson::value(o), a + b + "}");
}

// RFC 8785, section 3.2.3: the sorting example, read into metajson::value and written sorted.
TEST(SortKeys, Rfc8785SortingExample) {
  const auto v = metajson::from<metajson::value>(R"({
    "\u20ac": "Euro Sign",
    "\r": "Carriage Return",
    "\ufb33": "Hebrew Letter Dalet With Dagesh",
    "1": "One",
    "\ud83d\ude00": "Emoji: Grinning Face",
    "\u0080": "Control",
    "\u00f6": "Latin Small Letter O With Diaeresis"
  })");
  expect_json<sorted>(v, "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\xc2\x80\":\"Control\","
                         "\"\xc3\xb6\":\"Latin Small Letter O With Diaeresis\",\"\xe2\x82\xac\":\"Euro Sign\","
                         "\"\xf0\x9f\x98\x80\":\"Emoji: Grinning Face\",\"\xef\xac\xb3\":\"Hebrew Letter Dalet With Dagesh\"}");
}

// utf16_less against comparing the UTF-16 transcodings, on random strings of code points chosen
// around the boundaries that matter (ASCII, 2-byte, U+D7FF, U+E000, U+FFFF, U+10000, U+10FFFF).
TEST(SortKeys, Utf16OrderMatchesTranscoding) {
  const char32_t points[] = {0x00, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xEFFF, 0xF000, 0xFF61, 0xFFFF,
                             0x10000, 0x1F600, 0x10FFFF};
  auto utf8 = [](const std::u32string& s) {
    std::string out;
    for (char32_t cp : s) {
      if (cp < 0x80) out += static_cast<char>(cp);
      else if (cp < 0x800) out += {static_cast<char>(0xC0 | cp >> 6), static_cast<char>(0x80 | (cp & 0x3F))};
      else if (cp < 0x10000)
        out += {static_cast<char>(0xE0 | cp >> 12), static_cast<char>(0x80 | (cp >> 6 & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
      else
        out += {static_cast<char>(0xF0 | cp >> 18), static_cast<char>(0x80 | (cp >> 12 & 0x3F)),
                static_cast<char>(0x80 | (cp >> 6 & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
    }
    return out;
  };
  auto utf16 = [](const std::u32string& s) {
    std::u16string out;
    for (char32_t cp : s) {
      if (cp < 0x10000) out += static_cast<char16_t>(cp);
      else out += {static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10)), static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF))};
    }
    return out;
  };
  std::mt19937_64 rng(8785);
  for (int i = 0; i < 200000; ++i) {
    std::u32string a, b;
    for (std::size_t n = rng() % 4; n > 0; --n) a += points[rng() % std::size(points)];
    b = a.substr(0, rng() % (a.size() + 1));  // often a common prefix
    for (std::size_t n = rng() % 3; n > 0; --n) b += points[rng() % std::size(points)];
    ASSERT_EQ(metajson::detail::utf16_less(utf8(a), utf8(b)), utf16(a) < utf16(b));
    ASSERT_EQ(metajson::detail::utf16_less(utf8(b), utf8(a)), utf16(b) < utf16(a));
  }
  static_assert(metajson::detail::utf16_less("\xf0\x9f\x98\x80", "\xef\xbd\xa1"));
  static_assert(!metajson::detail::utf16_less("\xef\xbd\xa1", "\xf0\x9f\x98\x80"));
  static_assert(metajson::detail::utf16_less("\xed\x9f\xbf", "\xf0\x9f\x98\x80"));  // U+D7FF < U+1F600
  static_assert(metajson::detail::utf16_less("a", "ab") && !metajson::detail::utf16_less("ab", "a"));
}

}  // namespace

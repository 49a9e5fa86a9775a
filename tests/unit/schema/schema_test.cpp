// metajson::schema<T>: the exact schema of each type family and annotation, and the patterns it
// contains (integer map keys, date-times) against the reader itself, through std::regex (an
// ECMAScript engine, JSON Schema's regex dialect) on many generated strings. The schemas as a
// whole are checked against a real validator by tests/schema/ (ctest schema_validator_test).
#include <metajson/value.hpp>
#include <metajson/schema.hpp>

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <map>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

namespace a {
struct Point {
  int x = 0;
};
}  // namespace a
namespace b {
struct Point {
  double y = 0;
};
}  // namespace b
template <class T>
struct Box {
  T v;
};

namespace {

enum class Color { red, green };
}  // namespace
template <>
struct metajson::meta<Color> {
  static constexpr auto enumerators = metajson::enumerator<Color::green>(metajson::name("GREEN"));
};
namespace {

struct User {
  std::string user_name;
  std::uint32_t id = 0;
  int cache = 0;
  std::optional<Color> favourite;
};
}  // namespace
template <>
struct metajson::meta<User> {
  static constexpr auto type = metajson::with(metajson::rename_all(metajson::case_style::kebab), metajson::deny_unknown_keys);
  static constexpr auto members = metajson::with(
      metajson::member<"user_name">(metajson::required),
      metajson::member<"id">(metajson::name("ID")),
      metajson::member<"cache">(metajson::skip));
};
namespace {
struct Tree {
  std::string label;
  std::vector<Tree> children;
};
struct Circle {
  double r = 0;
};
struct Square {
  double side = 0;
};
struct Shapes {
  std::variant<Circle, Square, int> any;
  Circle plain;
  std::variant<Circle, std::string> tagged;
};
}  // namespace
template <>
struct metajson::meta<Shapes> {
  static constexpr auto members = metajson::member<"tagged">(metajson::tag("type"));
};
namespace {
struct Floats {
  std::variant<float, std::string> f;
};
struct Money {
  long long cents;
};

}  // namespace

template <>
struct metajson::adapter<Money> {
  static std::int64_t to_json(const Money& m) { return m.cents; }
  static void from_json(Money& m, std::int64_t c) { m.cents = c; }
};

namespace {

#define SCHEMA "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
#define DOUBLE "\"type\":\"number\",\"minimum\":-1.7976931348623157e308,\"maximum\":1.7976931348623157e308"
#define INT32 "\"type\":\"integer\",\"minimum\":-2147483648,\"maximum\":2147483647"
#define COLOR "\"Color\":{\"type\":\"string\",\"enum\":[\"red\",\"GREEN\"]}"

TEST(Schema, Scalars) {
  EXPECT_EQ(metajson::schema<bool>(), SCHEMA "\"type\":\"boolean\"}");
  EXPECT_EQ(metajson::schema<std::nullptr_t>(), SCHEMA "\"type\":\"null\"}");
  EXPECT_EQ(metajson::schema<std::int8_t>(), SCHEMA "\"type\":\"integer\",\"minimum\":-128,\"maximum\":127}");
  EXPECT_EQ(metajson::schema<std::uint32_t>(), SCHEMA "\"type\":\"integer\",\"minimum\":0,\"maximum\":4294967295}");
  EXPECT_EQ(metajson::schema<std::int64_t>(), SCHEMA "\"type\":\"integer\",\"minimum\":-9223372036854775808,\"maximum\":9223372036854775807}");
  EXPECT_EQ(metajson::schema<__int128>(),
            SCHEMA "\"type\":\"integer\",\"minimum\":-170141183460469231731687303715884105728,\"maximum\":170141183460469231731687303715884105727}");
  EXPECT_EQ(metajson::schema<unsigned __int128>(), SCHEMA "\"type\":\"integer\",\"minimum\":0,\"maximum\":340282366920938463463374607431768211455}");
  EXPECT_EQ(metajson::schema<double>(), SCHEMA DOUBLE "}");
  EXPECT_EQ(metajson::schema<float>(),
            SCHEMA "\"type\":\"number\",\"exclusiveMinimum\":-3.4028235677973366e38,\"exclusiveMaximum\":3.4028235677973366e38}");
  EXPECT_EQ((metajson::schema<double, {.nonfinite = metajson::nonfinite_policy::null}>()),
            SCHEMA "\"type\":[\"number\",\"null\"],\"minimum\":-1.7976931348623157e308,\"maximum\":1.7976931348623157e308}");
  EXPECT_EQ(metajson::schema<char>(), SCHEMA "\"type\":\"string\",\"minLength\":1,\"maxLength\":1,\"pattern\":\"^[\\\\u0000-\\\\u007f]$\"}");
  EXPECT_EQ(metajson::schema<std::string>(), SCHEMA "\"type\":\"string\"}");
  EXPECT_EQ(metajson::schema<char[4]>(), SCHEMA "\"type\":\"string\",\"maxLength\":3}");
  EXPECT_EQ(metajson::schema<Color>(), SCHEMA "\"title\":\"Color\",\"type\":\"string\",\"enum\":[\"red\",\"GREEN\"]}");
  EXPECT_EQ(metajson::schema<metajson::value>(), "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\"}");  // anything
  EXPECT_EQ(metajson::schema<std::vector<metajson::raw_json>>(), SCHEMA "\"type\":\"array\",\"items\":{}}");
  EXPECT_EQ(metajson::schema<Money>(), metajson::schema<std::int64_t>());  // what the adapter maps it to
}

TEST(Schema, Classes) {
  EXPECT_EQ(metajson::schema<User>(),
            SCHEMA "\"title\":\"User\",\"type\":\"object\",\"properties\":{\"user-name\":{\"type\":\"string\"},"
                   "\"ID\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":4294967295},"
                   "\"favourite\":{\"anyOf\":[{\"$ref\":\"#/$defs/Color\"},{\"type\":\"null\"}]}},"
                   "\"required\":[\"user-name\"],\"additionalProperties\":false,\"$defs\":{" COLOR "}}");
  // The reading options: every key required, unknown keys errors.
  constexpr metajson::options strict{.unknown_keys = metajson::unknown_key_policy::error, .missing_keys = metajson::missing_key_policy::error};
  EXPECT_EQ((metajson::schema<Circle, strict>()),
            SCHEMA "\"title\":\"Circle\",\"type\":\"object\",\"properties\":{\"r\":{" DOUBLE "}},\"required\":[\"r\"],\"additionalProperties\":false}");
  // Recursion: the root is "#"; below the root, a definition refers to itself.
  EXPECT_EQ(metajson::schema<Tree>(), SCHEMA "\"title\":\"Tree\",\"type\":\"object\",\"properties\":{\"label\":{\"type\":\"string\"},"
                                             "\"children\":{\"type\":\"array\",\"items\":{\"$ref\":\"#\"}}}}");
  EXPECT_EQ(metajson::schema<std::vector<Tree>>(),
            SCHEMA "\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/Tree\"},\"$defs\":{\"Tree\":{\"type\":\"object\",\"properties\":{"
                   "\"label\":{\"type\":\"string\"},\"children\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/Tree\"}}}}}}");
  // Definition names: template arguments spelled out, namespaces left out, clashes numbered.
  EXPECT_EQ((metajson::schema<std::pair<Box<a::Point>, b::Point>>()),
            SCHEMA "\"type\":\"array\",\"prefixItems\":[{\"$ref\":\"#/$defs/Box_Point\"},{\"$ref\":\"#/$defs/Point_2\"}],\"items\":false,"
                   "\"minItems\":2,\"$defs\":{\"Box_Point\":{\"type\":\"object\",\"properties\":{\"v\":{\"$ref\":\"#/$defs/Point\"}}},"
                   "\"Point\":{\"type\":\"object\",\"properties\":{\"x\":{" INT32 "}}},"
                   "\"Point_2\":{\"type\":\"object\",\"properties\":{\"y\":{" DOUBLE "}}}}}");
}

TEST(Schema, Variants) {
  // Untagged: any alternative, classes read strictly (their own "_strict" definitions);
  // tagged: one of the alternatives, told apart by the tag's constant.
  EXPECT_EQ(metajson::schema<Shapes>(),
            SCHEMA "\"title\":\"Shapes\",\"type\":\"object\",\"properties\":{"
                   "\"any\":{\"anyOf\":[{\"$ref\":\"#/$defs/Circle_strict\"},{\"$ref\":\"#/$defs/Square_strict\"},{" INT32 "}]},"
                   "\"plain\":{\"$ref\":\"#/$defs/Circle\"},"
                   "\"tagged\":{\"oneOf\":[{\"type\":\"object\",\"properties\":{\"type\":{\"const\":\"Circle\"},\"r\":{" DOUBLE "}},"
                   "\"required\":[\"type\"]},{\"type\":\"object\",\"properties\":{\"type\":{\"const\":\"string\"},\"value\":{\"type\":\"string\"}},"
                   "\"required\":[\"type\",\"value\"]}]}},"
                   "\"$defs\":{\"Circle_strict\":{\"type\":\"object\",\"properties\":{\"r\":{" DOUBLE "}},\"additionalProperties\":false},"
                   "\"Square_strict\":{\"type\":\"object\",\"properties\":{\"side\":{" DOUBLE "}},\"additionalProperties\":false},"
                   "\"Circle\":{\"type\":\"object\",\"properties\":{\"r\":{" DOUBLE "}}}}}");
  // With nonfinite_policy::null a float reads null, but a variant never tries it for null.
  EXPECT_EQ((metajson::schema<std::variant<double, std::string>, {.nonfinite = metajson::nonfinite_policy::null}>()),
            SCHEMA "\"anyOf\":[{\"allOf\":[{\"type\":\"number\"},{\"type\":[\"number\",\"null\"],\"minimum\":-1.7976931348623157e308,"
                   "\"maximum\":1.7976931348623157e308}]},{\"type\":\"string\"}]}");
  EXPECT_EQ((metajson::schema<std::optional<std::variant<int, std::string>>>()),
            SCHEMA "\"anyOf\":[{" INT32 "},{\"type\":\"string\"},{\"type\":\"null\"}]}");
}

TEST(Schema, Containers) {
  EXPECT_EQ(metajson::schema<std::optional<int>>(), SCHEMA "\"type\":[\"integer\",\"null\"],\"minimum\":-2147483648,\"maximum\":2147483647}");
  EXPECT_EQ(metajson::schema<std::optional<Circle>>(),
            SCHEMA "\"anyOf\":[{\"$ref\":\"#/$defs/Circle\"},{\"type\":\"null\"}],\"$defs\":{\"Circle\":{\"type\":\"object\",\"properties\":{\"r\":{" DOUBLE "}}}}}");
  EXPECT_EQ(metajson::schema<std::vector<std::unique_ptr<bool>>>(), SCHEMA "\"type\":\"array\",\"items\":{\"type\":[\"boolean\",\"null\"]}}");
  EXPECT_EQ((metajson::schema<std::array<bool, 3>>()), SCHEMA "\"type\":\"array\",\"items\":{\"type\":\"boolean\"},\"minItems\":3,\"maxItems\":3}");
  EXPECT_EQ(metajson::schema<std::set<std::string>>(), SCHEMA "\"type\":\"array\",\"items\":{\"type\":\"string\"}}");
  EXPECT_EQ((metajson::schema<std::tuple<int, std::string>>()),
            SCHEMA "\"type\":\"array\",\"prefixItems\":[{" INT32 "},{\"type\":\"string\"}],\"items\":false,\"minItems\":2}");
  EXPECT_EQ(metajson::schema<std::tuple<>>(), SCHEMA "\"type\":\"array\",\"maxItems\":0}");
  EXPECT_EQ((metajson::schema<std::map<std::string, int>>()), SCHEMA "\"type\":\"object\",\"additionalProperties\":{" INT32 "}}");
  EXPECT_EQ((metajson::schema<std::map<Color, std::optional<bool>>>()),
            SCHEMA "\"type\":\"object\",\"propertyNames\":{\"$ref\":\"#/$defs/Color\"},\"additionalProperties\":{\"type\":[\"boolean\",\"null\"]},"
                   "\"$defs\":{" COLOR "}}");
  EXPECT_EQ((metajson::schema<std::map<bool, std::string>>()),
            SCHEMA "\"type\":\"object\",\"propertyNames\":{\"enum\":[\"true\",\"false\"]},\"additionalProperties\":{\"type\":\"string\"}}");
  EXPECT_EQ((metajson::schema<std::map<std::int8_t, metajson::value>>()),
            SCHEMA "\"type\":\"object\",\"propertyNames\":{\"pattern\":\"^(?:-?0|[1-9][0-9]?|1(?:[01][0-9]|2[0-7])|-(?:[1-9][0-9]?|"
                   "1(?:[01][0-9]|2[0-8])))$(?!\\\\n)\"}}");
}

TEST(Schema, Chrono) {
  EXPECT_EQ(metajson::schema<std::chrono::steady_clock::time_point>(), metajson::schema<std::int64_t>());  // a count
  EXPECT_EQ(metajson::schema<std::chrono::milliseconds>(), metajson::schema<std::int64_t>());
  EXPECT_EQ(metajson::schema<std::chrono::duration<double>>(), metajson::schema<double>());
  const std::string date = "(?:[0-9]{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)|"
                           "(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)";
  const std::string rest = "[Tt](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]";
  const std::string zone = "(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$(?!\\\\n)";
  EXPECT_EQ(metajson::schema<std::chrono::sys_seconds>(),
            SCHEMA "\"type\":\"string\",\"format\":\"date-time\",\"pattern\":\"^" + date + rest + "(?:\\\\.0+)?" + zone + "\"}");
  EXPECT_EQ(metajson::schema<std::chrono::sys_time<std::chrono::milliseconds>>(),
            SCHEMA "\"type\":\"string\",\"format\":\"date-time\",\"pattern\":\"^" + date + rest + "(?:\\\\.[0-9]{1,3}0*)?" + zone + "\"}");
  // A date: one that exists (the pattern has the reader's calendar).
  EXPECT_EQ(metajson::schema<std::chrono::year_month_day>(), SCHEMA "\"type\":\"string\",\"format\":\"date\",\"pattern\":\"^" + date + "$(?!\\\\n)\"}");
  // Nanoseconds in 64 bits hold 1677-09-21 to 2262-04-11: the years are limited.
  EXPECT_EQ(metajson::schema<std::chrono::sys_time<std::chrono::nanoseconds>>(),
            SCHEMA "\"type\":\"string\",\"format\":\"date-time\",\"pattern\":\"^(?=(?:1(?:6(?:7[7-9]|[89][0-9])|[7-9][0-9]{2})|"
                   "2(?:[01][0-9]{2}|2(?:[0-5][0-9]|6[0-2])))-)" + date + rest + "(?:\\\\.[0-9]{1,9}0*)?" + zone + "\"}");
}

TEST(Schema, Pretty) {
  EXPECT_EQ((metajson::schema<std::vector<std::optional<Color>>, {.pretty = true}>()), R"({
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "array",
  "items": {
    "anyOf": [
      {
        "$ref": "#/$defs/Color"
      },
      {
        "type": "null"
      }
    ]
  },
  "$defs": {
    "Color": {
      "type": "string",
      "enum": [
        "red",
        "GREEN"
      ]
    }
  }
})");
  EXPECT_EQ((metajson::schema<std::tuple<>, {.pretty = true, .indent = 4}>()),
            "{\n    \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n    \"type\": \"array\",\n    \"maxItems\": 0\n}");
}

// The pattern of `json` (a schema whose "propertyNames" or top level has one), unescaped.
std::string pattern_of(const std::string& schema) {
  const auto v = metajson::from<metajson::value>(schema);
  const metajson::value* p = v.find("pattern");
  if (!p) p = v.find("propertyNames")->find("pattern");
  return std::string(p->as_string());
}

// Integer map keys: the key pattern and the reader agree on every key tried.
template <class K>
void check_key_pattern(std::mt19937_64& rng) {
  const std::regex re(pattern_of(metajson::schema<std::map<K, int>>()), std::regex::ECMAScript);
  std::vector<std::string> keys = {"0", "-0", "00", "01", "-01", "+1", " 1", "1 ", "", "-", "1.0", "1e2", "0x1", "1\n", "--1", "\xc3\xa9"};
  auto add = [&](__int128 v, bool neg) {
    unsigned __int128 m = neg ? static_cast<unsigned __int128>(-(v + 1)) + 1 : static_cast<unsigned __int128>(v);
    std::string s;
    do s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(m % 10))); while ((m /= 10) != 0);
    keys.push_back((neg ? "-" : "") + s);
  };
  using L = std::numeric_limits<K>;
  for (int d = -2; d <= 2; ++d) {
    add(static_cast<__int128>(L::max()) + d, false);
    if constexpr (std::is_signed_v<K>) add(static_cast<__int128>(L::min()) + d, true);
    else add(-d - 1, true);
  }
  for (int i = 0; i < 3000; ++i) {
    const __int128 v = static_cast<__int128>(static_cast<std::int64_t>(rng())) >> (rng() % 64);
    add(v, v < 0);
    keys.push_back(std::to_string(rng() % 1000) + std::string(rng() % 3, '0'));
  }
  for (const auto& k : keys) {
    const bool reader = metajson::try_from<std::map<K, int>>("{\"" + (k == "1\n" ? std::string("1\\n") : k) + "\":1}").has_value();
    EXPECT_EQ(std::regex_search(k, re), reader) << "key \"" << k << "\" for " << pattern_of(metajson::schema<std::map<K, int>>());
  }
}

TEST(Schema, IntegerKeyPatternsMatchTheReader) {
  std::mt19937_64 rng(17);
  check_key_pattern<std::int8_t>(rng);
  check_key_pattern<std::uint8_t>(rng);
  check_key_pattern<std::int16_t>(rng);
  check_key_pattern<std::uint16_t>(rng);
  check_key_pattern<std::int32_t>(rng);
  check_key_pattern<std::uint32_t>(rng);
  check_key_pattern<std::int64_t>(rng);
  check_key_pattern<std::uint64_t>(rng);
  check_key_pattern<long long>(rng);
}

// Date-times: the pattern and the reader agree on generated strings, valid and not, for
// several precisions.
template <class TP>
void check_time_pattern(std::mt19937_64& rng) {
  const std::regex re(pattern_of(metajson::schema<TP>()), std::regex::ECMAScript);
  auto two = [&](int max) {
    const int v = static_cast<int>(rng() % static_cast<unsigned>(max + 1));
    return std::string(1, static_cast<char>('0' + v / 10)) + static_cast<char>('0' + v % 10);
  };
  const char* zones[] = {"Z", "z", "", "+", "Q", " Z", "Z "};
  const char* seps[] = {"T", "t", "T", "T", " ", "_"};
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string year = std::to_string(rng() % 10000);
    year = std::string(4 - year.size(), '0') + year;
    if (rng() % 4 == 0) year = std::to_string(1600 + rng() % 500);  // leap-year rules around 1700-2100
    std::string s = year + "-" + two(13) + "-" + two(32) + seps[rng() % std::size(seps)] + two(25) + ":" + two(61) + ":" + two(61);
    if (rng() % 2) {
      s += ".";
      for (std::size_t n = rng() % 13; n > 0; --n) s += static_cast<char>(rng() % 3 ? '0' : '0' + rng() % 10);
    }
    const std::size_t z = rng() % (std::size(zones) + 3);
    if (z < std::size(zones)) s += zones[z];
    else s += std::string(rng() % 2 ? "+" : "-") + two(25) + ":" + two(61);
    if (rng() % 20 == 0) s.erase(rng() % s.size(), 1);
    const bool reader = metajson::try_from<TP>("\"" + s + "\"").has_value();
    accepted += reader;
    ASSERT_EQ(std::regex_search(s, re), reader) << s;
  }
  EXPECT_GT(accepted, 500);  // both verdicts are exercised
}

TEST(Schema, DateTimePatternsMatchTheReader) {
  std::mt19937_64 rng(3339);
  check_time_pattern<std::chrono::sys_seconds>(rng);
  check_time_pattern<std::chrono::sys_time<std::chrono::milliseconds>>(rng);
  check_time_pattern<std::chrono::sys_time<std::chrono::microseconds>>(rng);
  check_time_pattern<std::chrono::sys_time<std::chrono::duration<long long, std::ratio<1, 100>>>>(rng);
}

TEST(Schema, DatePatternMatchesTheReader) {
  const std::regex re(pattern_of(metajson::schema<std::chrono::year_month_day>()), std::regex::ECMAScript);
  int both = 0;
  for (int y : {0, 1, 4, 100, 400, 1900, 1999, 2000, 2023, 2024, 2100, 9999})
    for (int m = 0; m <= 13; ++m)
      for (int d = 0; d <= 32; ++d) {
        char text[16];
        std::snprintf(text, sizeof text, "%04d-%02d-%02d", y, m, d);
        const bool reads = metajson::try_from<std::chrono::year_month_day>("\"" + std::string(text) + "\"").has_value();
        EXPECT_EQ(std::regex_search(text, re), reads) << text;
        both += reads;
      }
  EXPECT_EQ(both, 12 * 365 + 5);  // five leap years among them: 0, 4, 400, 2000, 2024
}

TEST(Schema, CharPatternMatchesTheReader) {
  const std::regex re(pattern_of(metajson::schema<char>()), std::regex::ECMAScript);
  for (const char* s : {"a", "\x7f", "\n", " ", "ab", ""}) EXPECT_EQ(std::regex_search(s, re), std::string_view(s).size() == 1) << s;
}

}  // namespace

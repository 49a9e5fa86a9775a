// Reading structs: key order, escaped keys, unknown / missing / duplicate keys, annotations,
// bases, private members, tagged variants, depth limit, the talk's examples.
#include <metajson/value.hpp>
#include "round_trip.hpp"
#include "talk.hpp"


#include <chrono>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <variant>
#include <vector>

namespace {

using metajson::error_code;

struct Point {
  int x = 0;
  int y = 0;
  bool operator==(const Point&) const = default;
};
struct Person {
  std::string name;
  int age = 0;
  std::vector<Point> path;
  std::optional<std::string> email;
  bool operator==(const Person&) const = default;
};

TEST(ReadObject, AnyKeyOrderAndWhitespace) {
  expect_round_trip(Person{"Ann", 30, {{1, 2}}, "a@b"}, R"({"name":"Ann","age":30,"path":[{"x":1,"y":2}],"email":"a@b"})");
  expect_read<Person>(R"( { "email" : null , "path" : [ ] , "age" : 7 , "name" : "Bo" } )", Person{"Bo", 7, {}, std::nullopt});
  expect_read<Person>(R"({"\u006eame":"esc","a\u0067e":1})", Person{"esc", 1, {}, std::nullopt});  // escaped keys match
  expect_read<Person>("{}", Person{});
}

// Keys alike in length, first, middle and last byte defeat the cheap hash: the table must fall
// back to hashing every byte, and still find each key in any order.
struct Alike {
  int aXbYc = 0;
  int aYbXc = 0;
  int aZbZc = 0;
  bool operator==(const Alike&) const = default;
};
enum class AlikeEnum { aXbYc, aYbXc };

TEST(ReadObject, KeysThatCollideInTheCheapHash) {
  static_assert(!metajson::detail::reflect::member_lookup<Alike>::table.cheap);
  expect_read<Alike>(R"({"aZbZc":3,"aYbXc":2,"aXbYc":1})", Alike{1, 2, 3});
  expect_read_fails<Alike, metajson::options{.unknown_keys = metajson::unknown_key_policy::error}>(R"({"aWbWc":1})", error_code::unknown_key);
  expect_read<AlikeEnum>(R"("aYbXc")", AlikeEnum::aYbXc);
  static_assert(metajson::detail::reflect::member_lookup<Person>::table.cheap);
}

TEST(ReadObject, UnknownKeysAreSkippedButValidated) {
  expect_read<Point>(R"({"x":1,"extra":{"deep":[1,2,{"a":null}]},"y":2})", Point{1, 2});
  expect_read_fails<Point>(R"({"x":1,"extra":[1,,2],"y":2})", error_code::syntax_error);
  expect_read_fails<Point>("{\"x\":1,\"extra\":\"bad\xff\",\"y\":2}", error_code::invalid_utf8);
  expect_read_fails<Point>(R"({"x":1,"extra":01})", error_code::invalid_number);
  expect_read_error<Point, metajson::options{.unknown_keys = metajson::unknown_key_policy::error}>(
      R"({"x":1,"z":2})", error_code::unknown_key, "unknown key (\"z\") at $ (line 1, column 8)");
}

struct Strict {
  int a = 0;
  bool operator==(const Strict&) const = default;
};
}  // namespace
template <>
struct metajson::meta<Strict> {
  static constexpr auto type = metajson::deny_unknown_keys;
};
namespace {
struct WithRequired {
  std::string id;
  int count = 0;
  bool operator==(const WithRequired&) const = default;
};
}  // namespace
template <>
struct metajson::meta<WithRequired> {
  static constexpr auto members = metajson::member<"id">(metajson::required);
};
namespace {

TEST(ReadObject, AnnotationsAndPolicies) {
  expect_read_error<Strict>(R"({"a":1,"b":2})", error_code::unknown_key, "unknown key (\"b\") at $ (line 1, column 8)");
  expect_read_error<WithRequired>(R"({"count":1})", error_code::missing_key, "missing key (\"id\") at $ (line 1, column 1)");
  expect_read<WithRequired>(R"({"id":"x"})", WithRequired{"x", 0});
  expect_read_error<Point, metajson::options{.missing_keys = metajson::missing_key_policy::error}>(
      R"({"x":1})", error_code::missing_key, "missing key (\"y\") at $ (line 1, column 1)");
  expect_read_error<Point>(R"({"x":1,"x":2})", error_code::duplicate_key, "duplicate key (\"x\") at $ (line 1, column 8)");
  expect_read<Point, metajson::options{.duplicate_keys = metajson::duplicate_key_policy::last_wins}>(R"({"x":1,"x":2})", Point{2, 0});
}

TEST(ReadObject, MissingKeysKeepTheExistingValue) {
  Person p{"Old", 99, {{5, 5}}, "old@x"};
  EXPECT_FALSE(metajson::from_json(R"({"name":"New","path":[]})", p));
  EXPECT_EQ(p, (Person{"New", 99, {}, "old@x"}));
}

TEST(ReadObject, ErrorsCarryPathLineColumn) {
  expect_read_error<std::vector<Person>>("[{\"name\":\"a\"},\n {\"name\":\"b\",\"path\":[{\"x\":1},{\"x\":\"2\"}]}]", error_code::type_mismatch,
                                         "expected integer, found string at $[1].path[1].x (line 2, column 35)");
  expect_read_error<Person>(R"({"name" 1})", error_code::type_mismatch, "expected ':', found number at $ (line 1, column 9)");
  expect_read_error<Person>(R"({name:1})", error_code::syntax_error, "expected a string key, found 'n' at $ (line 1, column 2)");
  expect_read_error<Person>(R"({"name":"a",})", error_code::syntax_error, "expected a string key, found '}' (a trailing comma: options::allow_trailing_commas reads them) at $ (line 1, column 13)");
  expect_read_error<Person>(R"([])", error_code::type_mismatch, "expected object, found array at $ (line 1, column 1)");
}

struct Base {
  int a = 0;
  bool operator==(const Base&) const = default;
};
struct Derived : Base {
  int b = 0;
  bool operator==(const Derived&) const = default;
};
class Account {
 public:
  int id = 0;
  bool operator==(const Account&) const = default;
  int secret() const { return secret_; }

 private:
  friend struct metajson::access;  // (what C++23 decomposes it in; every member then listed below)
  int secret_ = 0;
  int pin_ = 7;
};
}  // namespace
template <>
struct metajson::meta<Account> {
  static constexpr auto members = metajson::with(
      metajson::member<&Account::id>(),
      metajson::member<"secret_">(metajson::include),
      metajson::member<"pin_">(metajson::skip));
};
namespace {
struct Camel {
  int user_name = 0;
  int id = 0;
  int cache = 5;
  bool operator==(const Camel&) const = default;
};
}  // namespace
template <>
struct metajson::meta<Camel> {
  static constexpr auto type = metajson::rename_all(metajson::case_style::camel);
  static constexpr auto members = metajson::with(
      metajson::member<"id">(metajson::name("ID")),
      metajson::member<"cache">(metajson::skip));
};
namespace {

TEST(ReadObject, BasesPrivateAndRenames) {
#if METAJSON_BACKEND_P2996  // (a base holding data beside the class's own: C++26 reflection only)
  Derived d;
  d.a = 1;
  d.b = 2;
  expect_round_trip(d, R"({"a":1,"b":2})");
#endif
  const auto acc = metajson::from<Account>(R"({"id":3,"secret_":4,"pin_":5})");
  EXPECT_EQ(acc.id, 3);
  EXPECT_EQ(acc.secret(), 4);
  EXPECT_EQ(metajson::to_json(acc), R"({"id":3,"secret_":4})");  // pin_ is neither read nor written
  expect_read<Camel>(R"({"userName":1,"ID":2,"cache":9})", Camel{1, 2, 5});
}

struct Nothing {
  bool operator==(const Nothing&) const = default;
};
struct Drawing {
  std::variant<Point, Nothing, int, std::string> shape;
  std::optional<std::variant<Point, std::string>> maybe;
  bool operator==(const Drawing&) const = default;
};
}  // namespace
template <>
struct metajson::meta<Drawing> {
  static constexpr auto members = metajson::with(
      metajson::member<"shape">(metajson::tag("type")),
      metajson::member<"maybe">(metajson::tag("kind")));
};
namespace {

TEST(ReadObject, TaggedVariants) {
  expect_round_trip(Drawing{Point{1, 2}, std::nullopt}, R"({"shape":{"type":"Point","x":1,"y":2},"maybe":null})");
  expect_round_trip(Drawing{Nothing{}, std::variant<Point, std::string>{"s"}},
                    R"({"shape":{"type":"Nothing"},"maybe":{"kind":"string","value":"s"}})");
  expect_round_trip(Drawing{7, std::variant<Point, std::string>{Point{}}}, R"({"shape":{"type":"int","value":7},"maybe":{"kind":"Point","x":0,"y":0}})");
  expect_read<Drawing>(R"({"shape":{"x":5,"type":"Point"}})", Drawing{Point{5, 0}, std::nullopt});  // tag anywhere
  expect_read_error<Drawing>(R"({"shape":{"type":"Hexagon"}})", error_code::no_matching_alternative,
                             "no variant alternative matches (unknown tag \"Hexagon\") at $.shape (line 1, column 10)");
  expect_read_error<Drawing>(R"({"shape":{"x":1}})", error_code::missing_key, "missing key (tag \"type\") at $.shape (line 1, column 10)");
  // The tag given twice is a duplicate key, wherever the two stand (the first used to win,
  // silently, even with unknown_keys = error); with last_wins, the last one names the alternative.
  expect_read_error<Drawing>(R"({"shape":{"type":"Point","x":1,"type":"Nothing"}})", error_code::duplicate_key,
                             "duplicate key (\"type\") at $.shape (line 1, column 32)");
  expect_read_error<Drawing>(R"({"shape":{"x":1,"type":"Point","type":"Point"}})", error_code::duplicate_key,
                             "duplicate key (\"type\") at $.shape (line 1, column 32)");
  expect_read_error<Drawing>(R"({"shape":{"type":"int","value":1,"type":"string"}})", error_code::duplicate_key,
                             "duplicate key (\"type\") at $.shape (line 1, column 34)");
  expect_read_error<Drawing>(R"({"maybe":{"kind":"string","kind":"Point","value":"s"}})", error_code::duplicate_key,
                             "duplicate key (\"kind\") at $.maybe (line 1, column 27)");
  constexpr metajson::options last{.duplicate_keys = metajson::duplicate_key_policy::last_wins};
  expect_read<Drawing, last>(R"({"shape":{"type":"Point","x":1,"type":"Nothing"}})", Drawing{Nothing{}, std::nullopt});
  expect_read<Drawing, last>(R"({"shape":{"type":"Nothing","value":5,"type":"int","value":3}})", Drawing{3, std::nullopt});
  expect_read<Drawing, last>(R"({"shape":{"type":"int","type":"Point","x":2}})", Drawing{Point{2, 0}, std::nullopt});
  // Invalid UTF-8 in the tag of an unclosed string: the UTF-8 error, where it is, not the end of
  // the input the tag's string would run to (fuzz/regressions/universe).
  expect_read_error<Drawing>("{\"shape\":{\"type\":\"Po\xb5int", error_code::invalid_utf8,
                             "invalid UTF-8 in string at $.shape (line 1, column 21)");
  // The search for the tag passes over the members before it at their own depth, one level
  // below the object (it counted them one level too shallow: a value nested past max_depth was
  // refused one bracket later than validate() refuses it; fuzz/regressions/universe).
  constexpr metajson::options shallow{.max_depth = 4};
  for (const std::string doc : {R"({"shape":{"x":[[[1]]],"type":"Point"}})", R"({"shape":{"x":[[{"a":1}]],"type":"Point"}})"}) {
    Drawing d;
    const metajson::error typed = metajson::from_json<shallow>(doc, d);
    const metajson::error plain = metajson::validate<shallow>(doc);
    EXPECT_EQ(plain.code(), error_code::depth_exceeded) << doc;
    EXPECT_EQ(typed.code(), error_code::depth_exceeded) << doc;
    EXPECT_EQ(typed.offset(), plain.offset()) << doc;
  }
  Drawing d;
  EXPECT_FALSE(metajson::from_json<shallow>(R"({"shape":{"x":[[1]],"type":"Nothing"}})", d));  // depth 4: allowed
}

TEST(ReadObject, DepthLimit) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(metajson::validate(deep).code(), error_code::depth_exceeded);
  EXPECT_EQ(metajson::try_from<metajson::value>(deep).error().code(), error_code::depth_exceeded);
  const std::string ok = std::string(1000, '[') + std::string(1000, ']');
  EXPECT_FALSE(metajson::validate(ok));
  EXPECT_EQ((metajson::validate<metajson::options{.max_depth = 10}>(std::string(11, '[') + std::string(11, ']')).code()),
            error_code::depth_exceeded);
  const std::string objs = [] {
    std::string s;
    for (int i = 0; i < 5000; ++i) s += "{\"a\":";
    s += "1";
    for (int i = 0; i < 5000; ++i) s += "}";
    return s;
  }();
  EXPECT_EQ(metajson::validate(objs).code(), error_code::depth_exceeded);
}

// Keys in declaration order are compared with each name as constants (read/object.hpp's
// in-order path): one masked load for names of up to 7 bytes, two for 8-15, memcmp beyond; the
// first key that is not the next name hands the object to the lookup path. A random property
// test against a model of what the object holds (every member in any order, some twice, unknown
// keys that are prefixes and extensions of the names, escaped keys, whitespace), each document
// at the very end of an allocation of its own size, so that a compare reading past the input
// fails under ASan.
struct KeyWidths {
  int a = 0;
  int seven77 = 0;
  int eight888 = 0;
  int fifteen15151515 = 0;
  int sixteen161616161 = 0;
  int a_name_of_twenty_nine_letters = 0;
  bool operator==(const KeyWidths&) const = default;
};
struct OrderedRequired {
  int a = 0;
  int b = 0;
  int c = 0;
  bool operator==(const OrderedRequired&) const = default;
};
}  // namespace
template <>
struct metajson::meta<OrderedRequired> {
  static constexpr auto members = metajson::member<"b">(metajson::required);
};
namespace {
struct QuoteInName {
  int v = 0;
  int w = 0;
  bool operator==(const QuoteInName&) const = default;
};
}  // namespace
template <>
struct metajson::meta<QuoteInName> {
  static constexpr auto members = metajson::member<"v">(metajson::name("q\"x"));
};
namespace {

template <metajson::options O = metajson::options{}, class T>
metajson::error read_exact(const std::string& doc, T& out) {
  const auto buf = std::make_unique_for_overwrite<char[]>(doc.size());
  std::memcpy(buf.get(), doc.data(), doc.size());
  return metajson::from_json<O>(std::string_view(buf.get(), doc.size()), out);
}

TEST(ReadObject, KeysInDeclarationOrderAgainstAModel) {
  const std::vector<std::string> names = {"a", "seven77", "eight888", "fifteen15151515", "sixteen161616161",
                                          "a_name_of_twenty_nine_letters"};
  const std::vector<std::string> unknown = {"", "b", "A", "aa", "seven7", "seven777", "eight88", "eight8888", "fifteen1515151",
                                            "fifteen151515155", "sixteen16161616", "sixteen1616161611", "a_name_of_twenty_nine_letter"};
  auto set = [](KeyWidths& v, std::size_t i, int x) {
    int* fields[] = {&v.a, &v.seven77, &v.eight888, &v.fifteen15151515, &v.sixteen161616161, &v.a_name_of_twenty_nine_letters};
    *fields[i] = x;
  };
  std::mt19937_64 rng(13);
  const char* spaces[] = {"", "", "", " ", "\n  "};
  for (int round = 0; round < 20000; ++round) {
    KeyWidths model, last_wins_model;
    bool duplicate = false;
    std::vector<bool> seen(names.size());
    std::string doc = "{";
    const int entries = static_cast<int>(rng() % 9);
    const bool in_order = rng() % 2 == 0;  // mostly the declaration order, as a serializer writes
    std::size_t next = 0;
    for (int e = 0; e < entries; ++e) {
      if (e > 0) doc += std::string(",") + spaces[rng() % 5];
      const int x = static_cast<int>(rng() % 1000) - 500;
      std::string key;
      if (rng() % 4 == 0) {
        key = unknown[rng() % unknown.size()];
      } else {
        const std::size_t i = in_order && rng() % 8 != 0 ? next++ % names.size() : rng() % names.size();
        key = names[i];
        if (rng() % 10 == 0) key = "\\u00" + std::string(1, "0123456789abcdef"[key[0] >> 4]) + "0123456789abcdef"[key[0] & 15] + key.substr(1);
        duplicate = duplicate || seen[i];
        seen[i] = true;
        if (!duplicate) set(model, i, x);
        set(last_wins_model, i, x);
      }
      doc += spaces[rng() % 5] + ("\"" + key + "\"") + spaces[rng() % 5] + ":" + spaces[rng() % 5] + std::to_string(x) + spaces[rng() % 5];
    }
    doc += "}";
    KeyWidths got;
    const metajson::error err = read_exact(doc, got);
    if (duplicate) {
      EXPECT_EQ(err.code(), error_code::duplicate_key) << doc;
    } else {
      EXPECT_FALSE(err) << doc << ": " << err.message();
      EXPECT_EQ(got, model) << doc;
    }
    KeyWidths last;
    const metajson::error err2 = read_exact<metajson::options{.duplicate_keys = metajson::duplicate_key_policy::last_wins}>(doc, last);
    EXPECT_FALSE(err2) << doc << ": " << err2.message();
    EXPECT_EQ(last, last_wins_model) << doc;
  }
}

TEST(ReadObject, KeysInDeclarationOrderThenAnythingElse) {
  // A member again after the in-order ones, out of order, or by an escaped key: a duplicate.
  expect_read_error<KeyWidths>(R"({"a":1,"seven77":2,"a":3})", error_code::duplicate_key, "duplicate key (\"a\") at $ (line 1, column 20)");
  expect_read_error<KeyWidths>(R"({"a":1,"seven77":2,"\u0073even77":3})", error_code::duplicate_key,
                               "duplicate key (\"seven77\") at $ (line 1, column 20)");
  expect_read<KeyWidths>(R"({"seven77":2,"a":1,"eight888":3})", KeyWidths{1, 2, 3, 0, 0, 0});
  // A required member skipped by the in-order keys is still missing.
  expect_read_error<OrderedRequired>(R"({"a":1,"c":3})", error_code::missing_key, "missing key (\"b\") at $ (line 1, column 1)");
  expect_read<OrderedRequired>(R"({"a":1,"b":2,"c":3})", OrderedRequired{1, 2, 3});
  expect_read<OrderedRequired>(R"({"b":2})", OrderedRequired{0, 2, 0});
  // ... and when the object ends after the in-order ones, or has none.
  expect_read_error<OrderedRequired>(R"({"a":1})", error_code::missing_key, "missing key (\"b\") at $ (line 1, column 1)");
  expect_read_error<OrderedRequired>("{}", error_code::missing_key, "missing key (\"b\") at $ (line 1, column 1)");
  expect_read<OrderedRequired>(R"({"a":1,"b":2})", OrderedRequired{1, 2, 0});
  // Errors in and between in-order members keep their wording and path.
  expect_read_error<KeyWidths>(R"({"a":1,"seven77":"x"})", error_code::type_mismatch,
                               "expected integer, found string at $.seven77 (line 1, column 18)");
  expect_read_error<KeyWidths>(R"({"a":1 "seven77":2})", error_code::type_mismatch, "expected ',' or '}', found string at $ (line 1, column 8)");
  expect_read_error<KeyWidths>(R"({"a":1,})", error_code::syntax_error,
                               "expected a string key, found '}' (a trailing comma: options::allow_trailing_commas reads them) at $ (line 1, column 8)");
  expect_read_error<KeyWidths>(R"({"a" 1})", error_code::type_mismatch, "expected ':', found number at $ (line 1, column 6)");
  // A name holding a quote is matched by the lookup path only (its raw text is not the name).
  expect_read<QuoteInName>(R"({"q\"x":5,"w":6})", QuoteInName{5, 6});
  static_assert(!metajson::detail::in_order_keys<metajson::options{}, QuoteInName>());
  static_assert(metajson::detail::in_order_keys<metajson::options{}, KeyWidths>());
  static_assert(!metajson::detail::in_order_keys<metajson::options{.max_string_length = 10}, KeyWidths>());
}

// The talk's examples read back.

TEST(ReadObject, TalkPlayerRoundTrip) {
  const talk::Player p = talk::sample_player();
  const std::string json = metajson::to_json(p);
  EXPECT_EQ(metajson::from<talk::Player>(json), p);
  EXPECT_EQ(metajson::from<talk::Player>(metajson::to_json<{.pretty = true}>(p)), p);
}

}  // namespace

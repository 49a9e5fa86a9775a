// Every error of a document (options::errors = error_mode::collect, issue 53): each value-level
// error recorded with the path, line, column and words of the first-error read, reading going on
// after it; the syntax error that ends a document last; max_errors then "and N more"; check<T>,
// from_json, try_from and from in that mode; what is filled; alternatives of a variant that fail
// are no errors of the document.
#include <metajson/metajson.hpp>

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace collect_test {

enum class Color { red, green };
struct Server {
  std::string host;
  [[= metajson::range(1, 65535)]] int port = 0;
  bool operator==(const Server&) const = default;
};
struct Config {
  std::vector<Server> servers;
  [[= metajson::range(1, 100)]] double timeout = 5;
  Color color = Color::red;
  std::map<std::string, int> limits;
  std::optional<std::array<int, 2>> pair;
  std::variant<int, std::string> id;
  bool operator==(const Config&) const = default;
};

struct Circle {
  double r = 0;
};
struct Square {
  double side = 0;
};
struct Item {
  [[= metajson::tag("kind")]] std::variant<Circle, Square> shape;
};
struct Drawing {
  std::vector<Item> items;
};

}  // namespace collect_test

using namespace collect_test;
constexpr metajson::options collect{.errors = metajson::error_mode::collect};

namespace {
std::vector<std::string> messages(const metajson::error_list& l) {
  std::vector<std::string> out;
  for (const metajson::error& e : l) out.push_back(e.message());
  return out;
}
}  // namespace

TEST(Collect, EveryValueLevelErrorInDocumentOrder) {
  const std::string text = R"({
  "servers": [
    {"host": "a", "port": 80},
    {"host": 2, "port": "x"},
    {"host": "c", "port": 70000}
  ],
  "timeout": 0,
  "color": "blue",
  "limits": {"a": 1, "b": "two", "c": 1e99},
  "pair": [1, 2, 3],
  "id": [1]
})";
  Config cfg;
  const metajson::error_list all = metajson::from_json<collect>(text, cfg);
  const std::vector<std::string> expected = {
      "expected string, found number at $.servers[1].host (line 4, column 14)",
      "expected integer, found string at $.servers[1].port (line 4, column 25)",
      "value outside its constraint (not in the range [1, 65535]) at $.servers[2].port (line 5, column 27)",
      "value outside its constraint (not in the range [1, 100]) at $.timeout (line 7, column 14)",
      "no enumerator has this name (\"blue\") at $.color (line 8, column 12)",
      "expected integer, found string at $.limits.b (line 9, column 27)",
      "expected integer, found 1e99 at $.limits.c (line 9, column 39)",
      "array has the wrong length (more than 2 elements) at $.pair[2] (line 10, column 18)",
      "no variant alternative matches (found array) at $.id (line 11, column 9)",
  };
  EXPECT_EQ(messages(all), expected);
  EXPECT_TRUE(static_cast<bool>(all));
  EXPECT_EQ(all.more(), 0u);
  EXPECT_EQ(all[0].code(), metajson::error_code::type_mismatch);
  EXPECT_EQ(all[0].path(), "$.servers[1].host");
  // Filled where it could be: the good values are there, a map keeps no entry with an error.
  ASSERT_EQ(cfg.servers.size(), 3u);
  EXPECT_EQ(cfg.servers[0], (Server{"a", 80}));
  EXPECT_EQ(cfg.servers[2].host, "c");
  EXPECT_EQ(cfg.limits, (std::map<std::string, int>{{"a", 1}}));
  // The first error is the first-error read's, word for word.
  Config again;
  const metajson::error first = metajson::from_json(text, again);
  EXPECT_EQ(first.message(), all[0].message());
}

TEST(Collect, EachErrorIsTheFirstErrorReadsOfItsOwn) {
  // Each error of the list alone in a document: the default read gives the same words and place.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"servers": [{"host": 2}]})", "expected string, found number at $.servers[0].host (line 1, column 23)"},
      {R"({"timeout": 500})", "value outside its constraint (not in the range [1, 100]) at $.timeout (line 1, column 13)"},
      {R"({"color": "blue"})", "no enumerator has this name (\"blue\") at $.color (line 1, column 11)"},
      {R"({"pair": [1]})", "array has the wrong length (expected 2 elements, found 1) at $.pair (line 1, column 10)"},
  };
  for (const auto& [doc, words] : cases) {
    EXPECT_EQ(metajson::from_json(doc, *std::make_unique<Config>()).message(), words);
    EXPECT_EQ(messages(metajson::check<Config>(doc)), std::vector<std::string>{words});
  }
}

TEST(Collect, TheSyntaxErrorEndsTheDocumentAndIsLast) {
  const metajson::error_list all = metajson::check<Config>(R"({"servers": [{"host": 1}], "timeout": 3, "color": 7, "x": })");
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].message(), "expected string, found number at $.servers[0].host (line 1, column 23)");
  EXPECT_EQ(all[1].path(), "$.color");
  EXPECT_EQ(all[2].code(), metajson::error_code::syntax_error);
  EXPECT_EQ(all[2].column(), 59u);
  const metajson::error_list cut = metajson::check<Config>(R"({"timeout": "x", "servers": [)");
  ASSERT_EQ(cut.size(), 2u);
  EXPECT_EQ(cut[1].code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(metajson::check<Config>("{} x").all().back().code(), metajson::error_code::trailing_content);
}

TEST(Collect, UnknownMissingAndDuplicateKeysAndTheLimit) {
  constexpr metajson::options strict{.unknown_keys = metajson::unknown_key_policy::error,
                                     .missing_keys = metajson::missing_key_policy::error,
                                     .errors = metajson::error_mode::collect,
                                     .max_errors = 4};
  const std::string doc = R"({"servers": [{"host": "h", "port": 1, "zz": 1}, {"port": 2}], "a": 1, "b": 2, "timeout": 3, "timeout": 4, "c": 3})";
  const metajson::error_list all = metajson::check<Config, strict>(doc);
  const std::vector<std::string> expected = {
      "unknown key (\"zz\") at $.servers[0] (line 1, column 39)",
      "missing key (\"host\") at $.servers[1] (line 1, column 49)",
      "unknown key (\"a\") at $ (line 1, column 63)",
      "unknown key (\"b\") at $ (line 1, column 71)",
  };
  EXPECT_EQ(messages(all), expected);
  EXPECT_EQ(all.more(), 3u);  // a duplicate "timeout", "c", then the root's missing key (its first: "color")
  EXPECT_NE(all.message().find("and 3 more errors\n"), std::string::npos);
  EXPECT_EQ((metajson::check<Config, strict>(doc).size()), 4u);
}

TEST(Collect, ValidDocumentsAndTheEntryPoints) {
  const std::string good = R"({"servers": [{"host": "a", "port": 1}], "timeout": 2, "color": "green", "id": "x"})";
  EXPECT_TRUE(metajson::check<Config>(good).empty());
  Config a, b;
  EXPECT_FALSE(metajson::from_json<collect>(good, a));
  EXPECT_FALSE(metajson::from_json(good, b));
  EXPECT_EQ(a, b);
  static_assert(std::is_same_v<decltype(metajson::from_json(good, b)), metajson::error>);
  static_assert(std::is_same_v<decltype(metajson::from_json<collect>(good, b)), metajson::error_list>);
  const auto t = metajson::try_from<Config, collect>(R"({"timeout": "x", "color": 3})");
  ASSERT_FALSE(t.has_value());
  EXPECT_EQ(t.error().size(), 2u);
  EXPECT_EQ((metajson::try_from<Config, collect>(good).value()), b);
  try {
    (void)metajson::from<Config, collect>(R"({"timeout": "x", "color": 3})");
    FAIL() << "no error_list thrown";
  } catch (const metajson::error_list& e) {
    EXPECT_EQ(e.size(), 2u);
    EXPECT_EQ(std::string(e.what()),
              "expected number, found string at $.timeout (line 1, column 13)\n"
              "expected enumerator name (string), found number at $.color (line 1, column 27)\n");
  }
}

TEST(Collect, VariantAlternativesAreNotErrors) {
  // An untagged variant tries its alternatives: their failures are not the document's errors.
  const metajson::error_list ok = metajson::check<Config>(R"({"id": "text"})");
  EXPECT_TRUE(ok.empty());
  // A tagged variant: an unknown tag, then a wrong member in a known one, both listed.
  const metajson::error_list all =
      metajson::check<Drawing>(R"({"items": [{"shape": {"kind": "Triangle"}}, {"shape": {"kind": "Circle", "r": "big"}}, {"shape": {"kind": "Square", "side": 2}}]})");
  ASSERT_EQ(all.size(), 2u) << all.message();
  EXPECT_EQ(all[0].path(), "$.items[0].shape");
  EXPECT_EQ(all[1].message(), "expected number, found string at $.items[1].shape.r (line 1, column 79)");
  // A tag given twice: a duplicate key where the second stands, and reading goes on after it.
  const metajson::error_list twice =
      metajson::check<Drawing>(R"({"items": [{"shape": {"kind": "Circle", "kind": "Square", "r": "x"}}, {"shape": 1}]})");
  EXPECT_EQ(messages(twice), (std::vector<std::string>{"duplicate key (\"kind\") at $.items[0].shape (line 1, column 41)",
                                                       "expected number, found string at $.items[0].shape.r (line 1, column 64)",
                                                       "expected object, found number at $.items[1].shape (line 1, column 81)"}));
  Drawing d;
  EXPECT_EQ(metajson::from_json(R"({"items": [{"shape": {"kind": "Circle", "kind": "Square", "r": "x"}}, {"shape": 1}]})", d).message(),
            twice[0].message());
}

TEST(Collect, AbsentMembersKeepTheirValues) {
  // As from_json promises in either mode: a key that is not there leaves its member as it was.
  Config cfg;
  cfg.timeout = 42;
  cfg.color = Color::green;
  const metajson::error_list all = metajson::from_json<collect>(R"({"servers": [{"host": 1, "port": 8}], "id": 3})", cfg);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(cfg.timeout, 42);
  EXPECT_EQ(cfg.color, Color::green);
  ASSERT_EQ(cfg.servers.size(), 1u);
  EXPECT_EQ(cfg.servers[0].port, 8);
  EXPECT_EQ(cfg.id, (std::variant<int, std::string>(3)));
}

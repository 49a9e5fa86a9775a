// Options: pretty output, omitted empties, number formats, and buffer reuse.
#include <metajson/value.hpp>
#include "write_check.hpp"

#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

namespace {

struct Item {
  std::string name;
  std::optional<int> count;
  std::vector<int> tags;
  std::unique_ptr<int> ptr;
};
struct Box {
  std::vector<Item> items;
  std::map<std::string, int> index;
  struct {
  } nothing;
};
struct Sparse {
  std::optional<int> a;
  std::optional<int> b;
};

TEST(WriteOptions, Pretty) {
  Box b;
  b.items.push_back(Item{"a", 1, {1, 2}, nullptr});
  b.items.push_back(Item{"b", std::nullopt, {}, std::make_unique<int>(3)});
  b.index = {{"a", 0}};
  expect_json<metajson::options{.pretty = true}>(b, R"({
  "items": [
    {
      "name": "a",
      "count": 1,
      "tags": [
        1,
        2
      ],
      "ptr": null
    },
    {
      "name": "b",
      "count": null,
      "tags": [],
      "ptr": 3
    }
  ],
  "index": {
    "a": 0
  },
  "nothing": {}
})");
  expect_json<metajson::options{.pretty = true, .indent = 4}>(std::vector<int>{1}, "[\n    1\n]");
  expect_json<metajson::options{.pretty = true}>(std::make_tuple(1, "x"), "[\n  1,\n  \"x\"\n]");
  expect_json<metajson::options{.pretty = true}>(std::vector<int>{}, "[]");
  expect_json<metajson::options{.pretty = true}>(std::map<int, int>{}, "{}");
}

TEST(WriteOptions, OmitEmpty) {
  constexpr metajson::options omit{.empty = metajson::empty_members::omit};
  expect_json<omit>(Item{"a", std::nullopt, {}, nullptr}, R"({"name":"a","tags":[]})");
  expect_json<omit>(Item{"a", 2, {}, std::make_unique<int>(1)}, R"({"name":"a","count":2,"tags":[],"ptr":1})");
  expect_json<omit>(Sparse{}, "{}");
  expect_json<omit>(Sparse{std::nullopt, 2}, R"({"b":2})");
  expect_json<omit>(Sparse{1, std::nullopt}, R"({"a":1})");
  // Outside structs, empties are still null: an array keeps its length.
  expect_json<omit>(std::vector<std::optional<int>>{std::nullopt}, "[null]");
  constexpr metajson::options omit_pretty{.pretty = true, .empty = metajson::empty_members::omit};
  expect_json<omit_pretty>(Sparse{std::nullopt, 2}, "{\n  \"b\": 2\n}");
  expect_json<omit_pretty>(Sparse{}, "{}");
}

TEST(WriteOptions, BufferReuseKeepsCapacity) {
  std::vector<Item> items;
  for (int i = 0; i < 1000; ++i) items.push_back(Item{"item" + std::to_string(i), i, {i, i}, nullptr});
  std::string buf;
  metajson::to_json(items, buf);
  const std::string first = buf;
  const std::size_t cap = buf.capacity();
  const char* data = buf.data();
  for (int round = 0; round < 3; ++round) {
    metajson::to_json(items, buf);
    EXPECT_EQ(buf, first);
    EXPECT_EQ(buf.capacity(), cap);
    EXPECT_EQ(buf.data(), data);  // no reallocation
  }
  metajson::to_json(Item{"small", 1, {}, nullptr}, buf);  // smaller content: same storage
  EXPECT_EQ(buf, R"({"name":"small","count":1,"tags":[],"ptr":null})");
  EXPECT_EQ(buf.capacity(), cap);
}

struct Price {
  double amount;
  float rate;
  std::vector<double> history;
};

// options::numbers, the three layouts side by side, for a struct of doubles and floats.
TEST(WriteOptions, NumberFormats) {
  using metajson::number_format;
  const Price p{1000.0, 0.5f, {0.0, -0.0, 100.0, 1e21, 1e-7, 0.000001, 123456789012345680000.0, 2.5e-300, 0.1}};
  expect_json(p, R"({"amount":1000.0,"rate":0.5,"history":[0.0,-0.0,100.0,1e+21,1e-7,0.000001,123456789012345680000.0,2.5e-300,0.1]})");
  expect_json<metajson::options{.numbers = number_format::json}>(
      p, R"({"amount":1000.0,"rate":0.5,"history":[0.0,-0.0,100.0,1e+21,1e-7,0.000001,123456789012345680000.0,2.5e-300,0.1]})");
  expect_json<metajson::options{.numbers = number_format::ecmascript}>(
      p, R"({"amount":1000,"rate":0.5,"history":[0,0,100,1e+21,1e-7,0.000001,123456789012345680000,2.5e-300,0.1]})");
  expect_json<metajson::options{.numbers = number_format::shortest}>(
      p, R"({"amount":1e3,"rate":0.5,"history":[0,-0,100,1e21,1e-7,1e-6,123456789012345680000,2.5e-300,0.1]})");  // 21 bytes either way: plain
  // pretty output and the non-finite policy combine with every format
  constexpr metajson::options o{.pretty = true, .nonfinite = metajson::nonfinite_policy::null, .numbers = number_format::ecmascript};
  expect_json<o>(std::vector<double>{1.0, std::numeric_limits<double>::infinity()}, "[\n  1,\n  null\n]");
}

// A metajson::value double, and a float in a variant beside an integer, must read back as a
// floating-point number: under ecmascript they still get json's ".0", under shortest a ".0"
// where the text has no '.' or exponent.
TEST(WriteOptions, NumberFormatsKeepDynamicDoublesMarked) {
  using metajson::number_format;
  using metajson::value;
  const value v(value::array{1.0, 0.5, 1e21, 1000.0, -0.0, 2});
  expect_json(v, "[1.0,0.5,1e+21,1000.0,-0.0,2]");
  expect_json<metajson::options{.numbers = number_format::ecmascript}>(v, "[1.0,0.5,1e+21,1000.0,-0.0,2]");
  expect_json<metajson::options{.numbers = number_format::shortest}>(v, "[1.0,0.5,1e21,1e3,-0.0,2]");
  using V = std::variant<int, double>;
  expect_json<metajson::options{.numbers = number_format::ecmascript}>(std::vector<V>{1, 1.0, 2.5}, "[1,1.0,2.5]");
  expect_json<metajson::options{.numbers = number_format::shortest}>(std::vector<V>{1, 100.0}, "[1,100.0]");
}

TEST(WriteOptions, ManyGrowthSteps) {
  // Starting from an empty buffer, the output grows by doubling through many steps.
  std::vector<std::string> v(20000, std::string(50, 'x'));
  const std::string out = metajson::to_json(v);
  EXPECT_EQ(out.size(), 20000u * 53 + 1);
}

}  // namespace

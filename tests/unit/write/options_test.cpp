// Options: pretty output, omitted empties, and buffer reuse.
#include "write_check.hpp"

#include <map>
#include <memory>
#include <optional>
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

TEST(WriteOptions, ManyGrowthSteps) {
  // Starting from an empty buffer, the output grows by doubling through many steps.
  std::vector<std::string> v(20000, std::string(50, 'x'));
  const std::string out = metajson::to_json(v);
  EXPECT_EQ(out.size(), 20000u * 53 + 1);
}

}  // namespace

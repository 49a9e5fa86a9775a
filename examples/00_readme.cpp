#include <metajson/metajson.hpp>
#include <cstdio>

struct Item { std::string name; int count; };
struct Order { std::uint64_t id; std::vector<Item> items; std::optional<std::string> note; };

int main() {
  Order order{42, {{"apple", 3}, {"pear", 1}}, std::nullopt};
  std::string json = metajson::to_json(order);              // no macros, no registration
  std::puts(json.c_str());
  Order back = metajson::from<Order>(json);                 // and back; throws metajson::error
  std::printf("%zu items, first %s\n", back.items.size(), back.items[0].name.c_str());
  auto bad = metajson::try_from<Order>(R"({"id": "42"})");  // std::expected: never throws
  std::puts(bad.error().message().c_str());
}

// Output (checked by ctest):
// {"id":42,"items":[{"name":"apple","count":3},{"name":"pear","count":1}],"note":null}
// 2 items, first apple
// expected unsigned integer, found string at $.id (line 1, column 8)

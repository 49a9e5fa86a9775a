// from<T> for a universe of types: untagged and tagged variants, optionals, smart pointers,
// maps with integer and enum keys, enums, nested vectors, arrays, tuples, sets, small integers,
// floats, characters, a recursive struct. Whatever is read is written, read back equal and
// written again to the same bytes. It accepts only what validate() and the reference validator
// accept, and rejects what they reject no later than their first error (oracle.hpp).
#include <metajson/metajson.hpp>

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

#include "../fuzz.hpp"
#include "../oracle.hpp"

namespace universe {

enum class Color { red, green, blue };
enum class [[=metajson::rename_all(metajson::case_style::kebab)]] Mode { fast_path, slow_path };

struct Leaf {
  int i = 0;
  std::optional<std::string> s;
  Color c = Color::red;
  double d = 0;
  bool operator==(const Leaf&) const = default;
};

struct Circle {
  double r = 0;
  bool operator==(const Circle&) const = default;
};
struct Square {
  std::int64_t side = 0;
  bool operator==(const Square&) const = default;
};

struct [[=metajson::rename_all(metajson::case_style::camel)]] Node {
  std::variant<std::monostate, bool, std::int64_t, std::string, std::vector<int>, Leaf> any;
  [[=metajson::tag("kind")]] std::variant<Circle, Square> shape;
  std::optional<Leaf> maybe_leaf;
  std::unique_ptr<Leaf> boxed;
  std::map<int, std::string> by_int;
  std::map<std::uint64_t, Leaf> by_u64;
  std::map<Color, int> by_color;
  std::unordered_map<std::string, std::vector<std::vector<double>>> nested;
  std::vector<std::vector<std::optional<Color>>> grid;
  std::array<std::int16_t, 3> triple{};
  std::tuple<bool, std::string, float> mixed;
  std::set<std::string> tags;
  std::int8_t small = 0;
  std::uint16_t medium = 0;
  float f = 0;
  char ch = 'x';
  Mode mode = Mode::fast_path;
  std::vector<Node> children;

  bool operator==(const Node& o) const {
    const bool same_box = (!boxed && !o.boxed) || (boxed && o.boxed && *boxed == *o.boxed);
    return same_box && any == o.any && shape == o.shape && maybe_leaf == o.maybe_leaf && by_int == o.by_int &&
           by_u64 == o.by_u64 && by_color == o.by_color && nested == o.nested && grid == o.grid && triple == o.triple &&
           mixed == o.mixed && tags == o.tags && small == o.small && medium == o.medium &&
           (f == o.f || (f != f && o.f != o.f)) && ch == o.ch && mode == o.mode && children == o.children;
  }
};

}  // namespace universe

extern "C" void metajson_fuzz_seeds(std::vector<std::string>& out) {
  universe::Node n;
  n.any = universe::Leaf{1, "s", universe::Color::blue, 2.5};
  n.shape = universe::Square{4};
  n.maybe_leaf = universe::Leaf{};
  n.boxed = std::make_unique<universe::Leaf>();
  n.by_int = {{-1, "minus"}, {7, "seven"}};
  n.by_u64 = {{18446744073709551615ull, {}}};
  n.by_color = {{universe::Color::green, 1}};
  n.nested = {{"k", {{1.5, -2}, {}}}};
  n.grid = {{universe::Color::red, std::nullopt}};
  n.triple = {1, -2, 3};
  n.mixed = {true, "t", 0.25f};
  n.tags = {"a", "b"};
  n.small = -128;
  n.medium = 65535;
  n.f = 3.5f;
  n.mode = universe::Mode::slow_path;
  n.children.resize(2);
  n.children[0].any = std::string("child");
  n.children[1].any = std::vector<int>{1, 2};
  if (auto w = metajson::try_to_json(n)) out.push_back(*w);
  if (auto w = metajson::try_to_json(n.children[0])) out.push_back(*w);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  universe::Node n;
  const metajson::error e = metajson::from_json(in, n);
  metajson_fuzz::typed_read_only_accepts_json(in, !e, e ? e.offset() : 0);
  if (e) {
    METAJSON_FUZZ_CHECK(e.offset() <= size);
    return 0;
  }
  const auto w1 = metajson::try_to_json(n);
  METAJSON_FUZZ_CHECK(w1.has_value());
  universe::Node n2;
  const metajson::error e2 = metajson::from_json(*w1, n2);
  METAJSON_FUZZ_CHECK(!e2);
  METAJSON_FUZZ_CHECK(n2 == n);
  const auto w2 = metajson::try_to_json(n2);
  METAJSON_FUZZ_CHECK(w2.has_value() && *w2 == *w1);
  return 0;
}

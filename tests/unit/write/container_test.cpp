// Sequences, sets, maps with every key kind, tuples, optionals, pointers, variants, enums.
#include "write_check.hpp"

#include <array>
#include <deque>
#include <forward_list>
#include <iterator>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <limits>
#include <cmath>
#include <bit>
#include <string>
#include <set>
#include <span>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

namespace {

enum class Color { red, green = 5, blue };
enum Plain { one = 1, two = 2 };
enum class Mode { FastPath, slowPath, other };
}  // namespace
template <>
struct metajson::meta<Mode> {
  static constexpr auto type = metajson::rename_all(metajson::case_style::snake);
  static constexpr auto enumerators = metajson::enumerator<Mode::other>(metajson::name("X!"));
};
namespace {

TEST(WriteContainer, Sequences) {
  expect_json(std::vector<int>{1, 2, 3}, "[1,2,3]");
  expect_json(std::vector<int>{}, "[]");
  expect_json(std::deque<std::string>{"a", "b"}, R"(["a","b"])");
  expect_json(std::list<double>{0.5}, "[0.5]");
  expect_json(std::forward_list<int>{3, 2, 1}, "[3,2,1]");
  expect_json(std::array<int, 3>{7, 8, 9}, "[7,8,9]");
  expect_json(std::array<int, 0>{}, "[]");
  int c_array[2][2] = {{1, 2}, {3, 4}};
  expect_json(c_array, "[[1,2],[3,4]]");
  std::vector<int> v{4, 5};
  expect_json(std::span<const int>(v), "[4,5]");
  expect_json(std::set<int>{3, 1, 2}, "[1,2,3]");
  expect_json(std::multiset<int>{1, 1}, "[1,1]");
  expect_json(std::unordered_set<int>{42}, "[42]");
  expect_json(std::vector<std::vector<bool>>{{true}, {}, {false, true}}, "[[true],[],[false,true]]");
  expect_json(std::vector<std::array<double, 2>>{{1.5, -2}, {0, 1e-7}}, "[[1.5,-2.0],[0.0,1e-7]]");
}

TEST(WriteContainer, Maps) {
  expect_json(std::map<std::string, int>{{"b", 2}, {"a", 1}}, R"({"a":1,"b":2})");
  expect_json(std::map<std::string, int>{}, "{}");
  expect_json(std::map<int, std::string>{{-1, "x"}, {10, "y"}}, R"({"-1":"x","10":"y"})");
  expect_json(std::map<std::uint64_t, bool>{{18446744073709551615ull, true}}, R"({"18446744073709551615":true})");
  expect_json(std::map<Color, int>{{Color::red, 1}, {Color::blue, 3}}, R"({"red":1,"blue":3})");
  expect_json(std::multimap<std::string, int>{{"k", 1}, {"k", 2}}, R"({"k":1,"k":2})");
  expect_json(std::unordered_map<std::string, int>{{"only", 1}}, R"({"only":1})");
  expect_json(std::map<std::string, int>{{"quote\"d", 1}}, R"({"quote\"d":1})");
  expect_json(std::map<char, int>{{'c', 1}}, R"({"c":1})");
  expect_json(std::map<std::string, std::map<std::string, int>>{{"o", {{"i", 1}}}}, R"({"o":{"i":1}})");
}

TEST(WriteContainer, Tuples) {
  expect_json(std::tuple<>{}, "[]");
  expect_json(std::make_tuple(1, std::string("a"), true), R"([1,"a",true])");
  expect_json(std::pair<int, double>{1, 2.5}, "[1,2.5]");
  expect_json(std::vector<std::pair<std::string, int>>{{"a", 1}}, R"([["a",1]])");
}

TEST(WriteContainer, NullableAndPointers) {
  expect_json(std::optional<int>{}, "null");
  expect_json(std::optional<int>{5}, "5");
  expect_json(std::unique_ptr<std::string>{}, "null");
  expect_json(std::make_unique<std::string>("u"), R"("u")");
  expect_json(std::make_shared<std::vector<int>>(std::vector<int>{1}), "[1]");
  expect_json(std::shared_ptr<int>{}, "null");
  expect_json(std::vector<std::optional<int>>{1, std::nullopt}, "[1,null]");
  expect_json(std::optional<std::optional<int>>{std::optional<int>{}}, "null");
}

TEST(WriteContainer, VariantsUntagged) {
  using V = std::variant<std::monostate, int, std::string, std::vector<int>>;
  expect_json(V{}, "null");
  expect_json(V{1}, "1");
  expect_json(V{std::string("s")}, R"("s")");
  expect_json(V{std::vector<int>{1}}, "[1]");
}

TEST(WriteContainer, Enums) {
  expect_json(Color::red, R"("red")");
  expect_json(Color::green, R"("green")");
  expect_json(Plain::two, R"("two")");
  expect_json(Mode::FastPath, R"("fast_path")");
  expect_json(Mode::slowPath, R"("slow_path")");
  expect_json(Mode::other, R"("X!")");
  expect_write_error(static_cast<Color>(3), metajson::error_code::unnamed_enum_value,
                     "enum value has no enumerator name (value 3) at $");
  expect_write_error(std::vector<Color>{Color::red, static_cast<Color>(-7)}, metajson::error_code::unnamed_enum_value,
                     "enum value has no enumerator name (value -7) at $[1]");
}

TEST(WriteContainer, ErrorPathsThroughContainers) {
  std::map<std::string, std::vector<std::optional<double>>> m{{"ok", {1}}, {"a b", {2, std::nan("")}}};
  expect_write_error(m, metajson::error_code::non_finite_number,
                     "NaN or infinity cannot be written as JSON (NaN) at $[\"a b\"][1]");
  std::map<int, std::tuple<int, std::string>> m2{{7, {1, "\xff"}}};
  expect_write_error(m2, metajson::error_code::invalid_utf8,
                     "invalid UTF-8 in string (byte 0xff at offset 0 of the string) at $[\"7\"][1]");
}

// Fixed-size ranges of bounded elements are themselves bounded (one capacity check for a
// whole vector of them); ranges of bounded elements are written with the first ',' turned
// into the '['. Many elements, so that the buffer grows in the middle; errors name the index.
TEST(WriteContainer, BoundedRangesAndFixedSizeArrays) {
  expect_json(std::array<std::array<int, 2>, 2>{{{1, -2}, {3, 4}}}, "[[1,-2],[3,4]]");
  expect_json(std::vector<std::array<double, 3>>{{-0.0, 1e300, -2.5e-308}}, "[[-0.0,1e+300,-2.5e-308]]");
  expect_json(std::vector<std::array<double, 0>>{{}, {}}, "[[],[]]");
  expect_json(std::vector<std::array<std::string, 2>>{{"a", "b"}}, R"([["a","b"]])");
  expect_json(std::array<bool, 1>{true}, "[true]");
  double c_array[3] = {0.5, -1, 65.61361699999998};
  expect_json(c_array, "[0.5,-1.0,65.61361699999998]");
  std::vector<std::vector<std::array<double, 2>>> rings(3);
  std::string expected = "[";
  std::mt19937_64 rng(3);
  for (std::size_t r = 0; r < rings.size(); ++r) {
    expected += r == 0 ? "[" : ",[";
    for (int i = 0; i < 5000 * static_cast<int>(r); ++i) {
      const std::array<double, 2> xy{-180 + static_cast<double>(rng() % 3600000000) / 1e7, std::bit_cast<double>(rng() >> 2)};
      rings[r].push_back(xy);
      expected += (i == 0 ? "[" : ",[") + metajson::to_json(xy[0]) + "," + metajson::to_json(xy[1]) + "]";
    }
    expected += "]";
  }
  expected += "]";
  expect_json(rings, expected);
  expect_json(std::list<double>{1, 2, 3}, "[1.0,2.0,3.0]");

  const double nan = std::nan("");
  expect_write_error(std::vector<std::array<double, 2>>{{1, 2}, {3, nan}}, metajson::error_code::non_finite_number,
                     "NaN or infinity cannot be written as JSON (NaN) at $[1][1]");
  expect_write_error(std::array<double, 3>{1, -std::numeric_limits<double>::infinity(), 2}, metajson::error_code::non_finite_number,
                     "NaN or infinity cannot be written as JSON (-Inf) at $[1]");
  expect_write_error(std::vector<double>{1, 2, nan}, metajson::error_code::non_finite_number,
                     "NaN or infinity cannot be written as JSON (NaN) at $[2]");
  expect_write_error(std::list<double>{1, nan}, metajson::error_code::non_finite_number,
                     "NaN or infinity cannot be written as JSON (NaN) at $[1]");
  expect_write_error(std::set<float>{1, std::numeric_limits<float>::infinity()}, metajson::error_code::non_finite_number,
                     "NaN or infinity cannot be written as JSON (+Inf) at $[1]");
  // Bounded elements are reserved for 256 at a time: an error's index past the first run.
  std::vector<double> many(1000, 0.5);
  many[700] = nan;
  expect_write_error(many, metajson::error_code::non_finite_number, "NaN or infinity cannot be written as JSON (NaN) at $[700]");
  std::list<double> many_list(600, 0.5);
  *std::next(many_list.begin(), 599) = nan;
  expect_write_error(many_list, metajson::error_code::non_finite_number, "NaN or infinity cannot be written as JSON (NaN) at $[599]");
  // ... so a large array does not reserve its worst case at once: a million zeros are 4 MB
  // of output ("0.0,"), their worst case 26 MB.
  std::string out;
  ASSERT_FALSE(metajson::try_to_json(std::vector<double>(1'000'000, 0.0), out));
  EXPECT_EQ(out.size(), 4'000'001u);
  EXPECT_LT(out.capacity(), 8'000'000u);
  constexpr metajson::options null_nonfinite{.nonfinite = metajson::nonfinite_policy::null};
  expect_json<null_nonfinite>(std::vector<std::array<double, 2>>{{-nan, -std::numeric_limits<double>::infinity()}}, "[[null,null]]");
}

}  // namespace

// Reading containers, maps, tuples, optionals, pointers, variants, enums, chrono, value, raw.
#include "counting_new.hpp"
#include "round_trip.hpp"

#include <metajson/value.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <limits>
#include <deque>
#include <forward_list>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

namespace {

using metajson::error_code;

enum class Color { red, green = 5, blue };

TEST(ReadContainer, Sequences) {
  expect_round_trip(std::vector<int>{1, 2, 3}, "[1,2,3]");
  expect_round_trip(std::vector<int>{}, "[]");
  expect_round_trip(std::deque<std::string>{"a", "b"}, R"(["a","b"])");
  expect_round_trip(std::list<double>{0.5, -1}, "[0.5,-1.0]");
  expect_round_trip(std::forward_list<int>{3, 2, 1}, "[3,2,1]");
  expect_round_trip(std::array<int, 3>{7, 8, 9}, "[7,8,9]");
  expect_round_trip(std::set<int>{1, 2, 3}, "[1,2,3]");
  expect_round_trip(std::multiset<int>{1, 1}, "[1,1]");
  expect_round_trip(std::unordered_set<int>{42}, "[42]");
  expect_round_trip(std::vector<std::vector<bool>>{{true}, {}, {false, true}}, "[[true],[],[false,true]]");
  expect_read<std::vector<int>>(" [ 1 , 2\n,\t3 ] ", {1, 2, 3});
  expect_read_error<std::array<int, 3>>("[1,2]", error_code::wrong_length, "array has the wrong length (expected 3 elements, found 2) at $ (line 1, column 1)");
  expect_read_error<std::array<int, 1>>("[1,2]", error_code::wrong_length, "array has the wrong length (more than 1 elements) at $[1] (line 1, column 4)");
  expect_read_error<std::vector<int>>("[1,]", error_code::syntax_error, "expected integer, found ']' (a trailing comma: options::allow_trailing_commas reads them) at $[1] (line 1, column 4)");
  expect_read_error<std::vector<int>>("[1 2]", error_code::type_mismatch, "expected ',' or ']', found number at $ (line 1, column 4)");
  expect_read_error<std::vector<int>>("[1,\"x\"]", error_code::type_mismatch, "expected integer, found string at $[1] (line 1, column 4)");
  expect_read_fails<std::vector<int>>("[1", error_code::unexpected_end);
  int c_array[2][2] = {};
  EXPECT_FALSE(metajson::from_json("[[1,2],[3,4]]", c_array));
  EXPECT_EQ(c_array[1][0], 3);
}

// Fixed-length arrays: up to 8 elements are read unrolled (read/sequence.hpp), more by the loop;
// both give the same verdicts and messages, at the same places.
TEST(ReadContainer, FixedLengthArrays) {
  expect_round_trip(std::array<double, 2>{-65.5, 43.25}, "[-65.5,43.25]");
  expect_round_trip(std::array<int, 9>{1, 2, 3, 4, 5, 6, 7, 8, 9}, "[1,2,3,4,5,6,7,8,9]");
  expect_round_trip(std::array<int, 0>{}, "[]");
  expect_read<std::array<int, 2>>(" [ 1 ,\n 2 ] ", {1, 2});
  expect_read<std::vector<std::array<int, 2>>>("[[1,2],[3,4]]", {{1, 2}, {3, 4}});
  expect_read_error<std::array<int, 2>>("[]", error_code::wrong_length, "array has the wrong length (expected 2 elements, found 0) at $ (line 1, column 1)");
  expect_read_error<std::array<int, 9>>("[]", error_code::wrong_length, "array has the wrong length (expected 9 elements, found 0) at $ (line 1, column 1)");
  expect_read_error<std::array<int, 2>>("[1]", error_code::wrong_length, "array has the wrong length (expected 2 elements, found 1) at $ (line 1, column 1)");
  expect_read_error<std::array<int, 9>>("[1,2,3,4,5,6,7,8]", error_code::wrong_length, "array has the wrong length (expected 9 elements, found 8) at $ (line 1, column 1)");
  expect_read_error<std::array<int, 2>>("[1,2,3]", error_code::wrong_length, "array has the wrong length (more than 2 elements) at $[2] (line 1, column 6)");
  expect_read_error<std::array<int, 9>>("[1,2,3,4,5,6,7,8,9,10]", error_code::wrong_length, "array has the wrong length (more than 9 elements) at $[9] (line 1, column 20)");
  expect_read_error<std::array<int, 0>>("[1]", error_code::wrong_length, "array has the wrong length (more than 0 elements) at $[0] (line 1, column 2)");
  expect_read_error<std::array<int, 2>>("[1,2,]", error_code::wrong_length, "array has the wrong length (more than 2 elements) at $[2] (line 1, column 6)");
  expect_read_error<std::array<int, 2>>("[1,]", error_code::syntax_error, "expected integer, found ']' (a trailing comma: options::allow_trailing_commas reads them) at $[1] (line 1, column 4)");
  expect_read_error<std::array<int, 2>>("[1 2]", error_code::type_mismatch, "expected ',' or ']', found number at $ (line 1, column 4)");
  expect_read_error<std::array<int, 2>>("[1,\"x\"]", error_code::type_mismatch, "expected integer, found string at $[1] (line 1, column 4)");
  expect_read_error<std::array<int, 2>>("{}", error_code::type_mismatch, "expected array, found object at $ (line 1, column 1)");
  expect_read_error<std::vector<std::array<int, 2>>>("[[1,2],[3]]", error_code::wrong_length, "array has the wrong length (expected 2 elements, found 1) at $[1] (line 1, column 8)");
  expect_read_fails<std::array<int, 2>>("[1,", error_code::unexpected_end);
  expect_read_fails<std::array<int, 2>>("[1,2", error_code::unexpected_end);
}

TEST(ReadContainer, ReadingReplacesContent) {
  std::vector<std::string> v{"old1", "old2", "old3"};
  EXPECT_FALSE(metajson::from_json(R"(["new"])", v));
  EXPECT_EQ(v, std::vector<std::string>{"new"});
  std::map<std::string, int> m{{"stale", 1}};
  EXPECT_FALSE(metajson::from_json(R"({"fresh":2})", m));
  EXPECT_EQ(m, (std::map<std::string, int>{{"fresh", 2}}));
  std::set<int> s{9};
  EXPECT_FALSE(metajson::from_json("[1]", s));
  EXPECT_EQ(s, std::set<int>{1});
}

TEST(ReadContainer, VectorReusesElementStorage) {
  std::vector<std::string> v{std::string(100, 'a'), std::string(100, 'b')};
  const char* d0 = v[0].data();
  std::vector<std::string>::pointer base = v.data();
  EXPECT_FALSE(metajson::from_json(R"(["x","y"])", v));
  EXPECT_EQ(v.data(), base);
  EXPECT_EQ(v[0].data(), d0);
}

TEST(ReadContainer, Maps) {
  expect_round_trip(std::map<std::string, int>{{"a", 1}, {"b", 2}}, R"({"a":1,"b":2})");
  expect_round_trip(std::map<int, std::string>{{-1, "x"}, {10, "y"}}, R"({"-1":"x","10":"y"})");
  expect_round_trip(std::map<std::uint64_t, bool>{{18446744073709551615ull, true}}, R"({"18446744073709551615":true})");
  expect_round_trip(std::map<Color, int>{{Color::red, 1}, {Color::blue, 3}}, R"({"red":1,"blue":3})");
  expect_round_trip(std::multimap<std::string, int>{{"k", 1}, {"k", 2}}, R"({"k":1,"k":2})");
  expect_round_trip(std::unordered_map<std::string, int>{{"only", 1}}, R"({"only":1})");
  expect_round_trip(std::map<char, int>{{'c', 1}}, R"({"c":1})");
  expect_read<std::map<std::string, int>>(R"({"k":1,"k":2})", {{"k", 2}});  // duplicate in a map: last wins
  expect_read<std::map<std::string, int>>(R"({"\u006b":1})", {{"k", 1}});
  expect_read_error<std::map<int, int>>(R"({"x":1})", error_code::type_mismatch, "expected an integer key, found \"x\" at $ (line 1, column 2)");
  expect_read_fails<std::map<std::int8_t, int>>(R"({"300":1})", error_code::number_out_of_range);
  expect_read_fails<std::map<int, int>>(R"({"1 ":1})", error_code::type_mismatch);
  expect_read_error<std::map<std::string, std::vector<int>>>(R"({"a b":[1,true]})", error_code::type_mismatch,
                                                             "expected integer, found boolean at $[\"a b\"][1] (line 1, column 11)");
}

TEST(ReadContainer, Tuples) {
  expect_round_trip(std::make_tuple(1, std::string("a"), true), R"([1,"a",true])");
  expect_round_trip(std::pair<int, double>{1, 2.5}, "[1,2.5]");
  expect_round_trip(std::tuple<>{}, "[]");
  expect_read_fails<std::pair<int, int>>("[1]", error_code::wrong_length);
  expect_read_fails<std::pair<int, int>>("[1,2,3]", error_code::wrong_length);
}

TEST(ReadContainer, NullableAndPointers) {
  expect_round_trip(std::optional<int>{}, "null");
  expect_round_trip(std::optional<int>{5}, "5");
  auto up = metajson::from<std::unique_ptr<std::string>>(R"("u")");
  ASSERT_TRUE(up);
  EXPECT_EQ(*up, "u");
  EXPECT_FALSE(metajson::from<std::unique_ptr<int>>("null"));
  auto sp = metajson::from<std::shared_ptr<std::vector<int>>>("[1]");
  ASSERT_TRUE(sp);
  EXPECT_EQ(sp->size(), 1u);
  std::optional<int> o = 3;
  EXPECT_FALSE(metajson::from_json("null", o));
  EXPECT_FALSE(o.has_value());
  expect_round_trip(std::vector<std::optional<int>>{1, std::nullopt}, "[1,null]");
}

struct Circle {
  double r;
  bool operator==(const Circle&) const = default;
};
struct Square {
  double side;
  bool operator==(const Square&) const = default;
};

TEST(ReadContainer, VariantsUntagged) {
  using V = std::variant<std::monostate, bool, int, double, std::string, std::vector<int>, Circle, Square>;
  expect_round_trip(V{}, "null");
  expect_round_trip(V{true}, "true");
  expect_round_trip(V{7}, "7");
  expect_round_trip(V{7.5}, "7.5");
  expect_round_trip(V{std::string("s")}, R"("s")");
  expect_round_trip(V{std::vector<int>{1}}, "[1]");
  expect_round_trip(V{Circle{1}}, R"({"r":1.0})");
  expect_round_trip(V{Square{2}}, R"({"side":2.0})");
  using W = std::variant<std::int8_t, std::int64_t>;
  expect_read<W>("300", W{std::int64_t{300}});  // the first integer alternative that fits
  expect_read_error<std::variant<int, std::string>>("[1]", error_code::no_matching_alternative,
                                                    "no variant alternative matches (found array) at $ (line 1, column 1)");
}

TEST(ReadContainer, Enums) {
  expect_round_trip(Color::green, R"("green")");
  expect_read_error<Color>(R"("purple")", error_code::unknown_enum_name, "no enumerator has this name (\"purple\") at $ (line 1, column 1)");
  expect_read_error<Color>("5", error_code::type_mismatch, "expected enumerator name (string), found number at $ (line 1, column 1)");
  expect_read<Color>(R"("\u0062lue")", Color::blue);
}

TEST(ReadContainer, Chrono) {
  using namespace std::chrono;
  expect_round_trip(sys_seconds{seconds{0}}, R"("1970-01-01T00:00:00Z")");
  expect_round_trip(sys_time<milliseconds>{milliseconds{1700000000123}}, R"("2023-11-14T22:13:20.123Z")");
  expect_round_trip(sys_time<nanoseconds>{nanoseconds{-1}}, R"("1969-12-31T23:59:59.999999999Z")");
  expect_round_trip(sys_days{year{9999} / 12 / 31}, R"("9999-12-31T00:00:00Z")");
  expect_read<sys_seconds>(R"("2024-01-01T01:00:00+01:00")", sys_seconds{sys_days{year{2024} / 1 / 1}});
  expect_read<sys_time<milliseconds>>(R"("2024-01-01T00:00:00.5Z")", sys_time<milliseconds>{sys_days{year{2024} / 1 / 1}} + milliseconds{500});
  expect_read_fails<sys_seconds>(R"("2024-01-01T00:00:00.5Z")", error_code::invalid_time);  // would lose the .5
  expect_read_fails<sys_seconds>(R"("2024-02-30T00:00:00Z")", error_code::invalid_time);
  expect_read_fails<sys_seconds>(R"("2024-01-01 00:00:00Z")", error_code::invalid_time);
  expect_read_fails<sys_seconds>(R"("2024-01-01T00:00:00")", error_code::invalid_time);
  // A nanosecond time_point (int64) holds 1677-09-21T00:12:43.145224192Z to
  // 2262-04-11T23:47:16.854775807Z: both ends read, one nanosecond beyond is an error, not a wrap.
  using ns_time = sys_time<nanoseconds>;
  expect_round_trip(ns_time{nanoseconds{std::numeric_limits<std::int64_t>::min()}}, R"("1677-09-21T00:12:43.145224192Z")");
  expect_round_trip(ns_time{nanoseconds{std::numeric_limits<std::int64_t>::max()}}, R"("2262-04-11T23:47:16.854775807Z")");
  expect_read_error<ns_time>(R"("1677-09-21T00:12:43.145224191Z")", error_code::invalid_time,
                             "invalid ISO 8601 time (outside the range of the time_point's duration) at $ (line 1, column 1)");
  expect_read_error<ns_time>(R"("2262-04-11T23:47:16.854775808Z")", error_code::invalid_time,
                             "invalid ISO 8601 time (outside the range of the time_point's duration) at $ (line 1, column 1)");
  expect_read_fails<ns_time>(R"("1600-01-01T00:00:00Z")", error_code::invalid_time);  // wrapped to 2184 before
  expect_read_fails<ns_time>(R"("9999-12-31T23:59:59Z")", error_code::invalid_time);
  expect_read_fails<ns_time>(R"("0000-01-01T00:00:00Z")", error_code::invalid_time);
  expect_read<ns_time>(R"("1969-12-31T23:59:59.75Z")", ns_time{nanoseconds{-250000000}});
  // Narrow and unsigned counts: their range, not int64's; a fraction of a coarse count: lost.
  constexpr const char* outside = "invalid ISO 8601 time (outside the range of the time_point's duration) at $ (line 1, column 1)";
  constexpr const char* finer = "invalid ISO 8601 time (more precision than the time_point holds) at $ (line 1, column 1)";
  using s32_time = sys_time<duration<std::int32_t>>;
  expect_round_trip(s32_time{duration<std::int32_t>{2147483647}}, R"("2038-01-19T03:14:07Z")");
  expect_read_error<s32_time>(R"("2038-01-19T03:14:08Z")", error_code::invalid_time, outside);
  expect_round_trip(s32_time{duration<std::int32_t>{-2147483647 - 1}}, R"("1901-12-13T20:45:52Z")");
  expect_read_error<s32_time>(R"("1901-12-13T20:45:51Z")", error_code::invalid_time, outside);
  using u32_time = sys_time<duration<std::uint32_t>>;
  expect_round_trip(u32_time{duration<std::uint32_t>{4294967295u}}, R"("2106-02-07T06:28:15Z")");
  expect_read_error<u32_time>(R"("2106-02-07T06:28:16Z")", error_code::invalid_time, outside);
  expect_read_error<u32_time>(R"("1969-12-31T23:59:59Z")", error_code::invalid_time, outside);
  using u_ms_time = sys_time<duration<std::uint64_t, std::milli>>;
  expect_read<u_ms_time>(R"("1970-01-01T00:00:00.001Z")", u_ms_time{duration<std::uint64_t, std::milli>{1}});
  expect_read_error<u_ms_time>(R"("1969-12-31T23:59:59.999Z")", error_code::invalid_time, outside);
  using i16_us_time = sys_time<duration<std::int16_t, std::micro>>;  // +-32.767 ms
  expect_read_error<i16_us_time>(R"("1970-01-01T00:00:00.5Z")", error_code::invalid_time, outside);
  expect_round_trip(i16_us_time{duration<std::int16_t, std::micro>{-32768}}, R"("1969-12-31T23:59:59.967232Z")");
  using minutes_time = sys_time<minutes>;
  expect_round_trip(minutes_time{minutes{-1}}, R"("1969-12-31T23:59:00Z")");
  expect_read_error<minutes_time>(R"("1969-12-31T23:59:30Z")", error_code::invalid_time, finer);  // would lose the 30 s
  using wide_ns_time = sys_time<duration<__int128, std::nano>>;  // years 0000-9999, nanoseconds
  expect_round_trip(wide_ns_time{duration<__int128, std::nano>{static_cast<__int128>(-62167219200) * 1000000000 + 1}}, R"("0000-01-01T00:00:00.000000001Z")");
  // Periods that are not a power of ten of a second: exact or refused.
  using halves_time = sys_time<duration<std::int64_t, std::ratio<1, 2>>>;
  expect_round_trip(halves_time{duration<std::int64_t, std::ratio<1, 2>>{-3}}, R"("1969-12-31T23:59:58.500000000Z")");
  expect_read_error<halves_time>(R"("1970-01-01T00:00:00.25Z")", error_code::invalid_time, finer);
  expect_round_trip(seconds{90}, "90");
  expect_round_trip(duration<double>{1.5}, "1.5");
  expect_round_trip(steady_clock::time_point{steady_clock::duration{42}}, "42");
}

TEST(ReadContainer, DynamicValue) {
  using metajson::value;
  const value v = metajson::from<value>(R"( {"b":1,"a":[1.0,-2,18446744073709551615,1e300,"s",true,null,{}],"b":{"x":[]}} )");
  ASSERT_TRUE(v.is_object());
  ASSERT_EQ(v.as_object().size(), 3u);  // the duplicate "b" is kept, in order
  EXPECT_EQ(v.as_object()[0].first, "b");
  EXPECT_TRUE(v.as_object()[0].second.is_int64());
  const auto& a = v.find("a")->as_array();
  EXPECT_TRUE(a[0].is_double());
  EXPECT_EQ(a[1].as_int64(), -2);
  EXPECT_TRUE(a[2].is_uint64());
  EXPECT_EQ(a[3].as_double(), 1e300);
  EXPECT_EQ(metajson::to_json(v), R"({"b":1,"a":[1.0,-2,18446744073709551615,1e+300,"s",true,null,{}],"b":{"x":[]}})");
  expect_round_trip(v, R"({"b":1,"a":[1.0,-2,18446744073709551615,1e+300,"s",true,null,{}],"b":{"x":[]}})");
  EXPECT_TRUE(metajson::from<value>("-9223372036854775808").is_int64());
  expect_read_fails<value>(R"({"a":1,})", error_code::syntax_error);
}

// Numbers that no int64, uint64 or double holds are kept as their text, and written back as
// they were read: a value loses nothing, and reads exactly what validate() accepts.
TEST(ReadContainer, DynamicValueKeepsBigNumbers) {
  using metajson::value;
  for (const char* text : {"18446744073709551616", "-9223372036854775809", "123456789012345678901234567890", "1e400",
                           "-1.5E+9999", "1e-400", "0.4e0066999999999999999999999999"}) {
    const value v = metajson::from<value>(text);
    ASSERT_TRUE(v.is_big_number()) << text;
    EXPECT_TRUE(v.is_number());
    EXPECT_EQ(v.big_number_text(), text);
    EXPECT_EQ(v.is_integer(), std::string_view(text).find_first_of(".eE") == std::string_view::npos) << text;
    EXPECT_EQ(metajson::to_json(v), text);
    EXPECT_FALSE(metajson::validate(text));
  }
  // The edges stay what holds them.
  EXPECT_TRUE(metajson::from<value>("18446744073709551615").is_uint64());
  EXPECT_TRUE(metajson::from<value>("-9223372036854775808").is_int64());
  EXPECT_TRUE(metajson::from<value>("1.7976931348623157e308").is_double());
  EXPECT_TRUE(metajson::from<value>("4.9e-324").is_double());
  EXPECT_TRUE(metajson::from<value>("0e-999").is_double());  // an exact zero is a double
  EXPECT_TRUE(metajson::from<value>("-0.0000e-999999999999").is_double());
  EXPECT_TRUE(metajson::from<value>("1.8e308").is_big_number());
  EXPECT_TRUE(metajson::from<value>("2e-324").is_big_number());  // rounds to 0 as a double
  // In a document, with the rest.
  const std::string doc = R"({"id":123456789012345678901234567890,"x":[1e400,2.5,-7]})";
  EXPECT_EQ(metajson::to_json(metajson::from<value>(doc)), R"({"id":123456789012345678901234567890,"x":[1e400,2.5,-7]})");
  // Written back only as JSON numbers; canonical output has no form for them.
  EXPECT_EQ(metajson::to_json(value(value::big_number{"-12e3456"})), "-12e3456");
  for (const char* bad : {"", "12a", "01", "1.", "+1", " 1", "NaN"})
    EXPECT_EQ(metajson::try_to_json(value(value::big_number{bad})).error().code(), error_code::invalid_value) << bad;
  EXPECT_EQ(metajson::try_to_json<metajson::canonical>(metajson::from<value>("[1e400]")).error().code(), error_code::not_canonical);
}

struct WithRaw {
  int id;
  metajson::raw_json payload;
  bool operator==(const WithRaw&) const = default;
};

TEST(ReadContainer, RawJsonKeepsTheExactText) {
  expect_read<WithRaw>(R"({"id":1,"payload":{"x": [1, 2]}})", WithRaw{1, {R"({"x": [1, 2]})"}});
  expect_read<WithRaw>(R"({"payload" : "s" , "id":2})", WithRaw{2, {R"("s")"}});
  expect_read_fails<WithRaw>(R"({"id":1,"payload":{"x": [1, }})", error_code::syntax_error);
}

}  // namespace

// Allocations are counted for the element-buffer tests below (support/counting_new.cpp, linked
// into this test program).
namespace {

struct Pt {
  double x;
  float y;
  std::int16_t z;
  bool operator==(const Pt&) const = default;
};
struct Ring {
  std::string name;
  std::vector<std::array<double, 2>> points;
  std::vector<int> ids;
  bool operator==(const Ring&) const = default;
};

// Vectors of trivially copyable elements are read through the context's element buffer and
// then allocated once, at their final size.
TEST(ReadContainer, VectorsOfTriviallyCopyableElements) {
  for (std::size_t n : {0u, 1u, 2u, 255u, 256u, 257u, 511u, 512u, 513u, 4095u, 4096u, 10000u}) {
    std::vector<double> d(n);
    std::vector<std::array<double, 2>> a(n);
    std::vector<std::int8_t> b(n);
    std::vector<Pt> pts(n);
    for (std::size_t i = 0; i < n; ++i) {
      d[i] = static_cast<double>(i) * 0.25 - 3;
      a[i] = {static_cast<double>(i), -static_cast<double>(i) / 8};
      b[i] = static_cast<std::int8_t>(i % 256 - 128);
      pts[i] = {static_cast<double>(i), 0.5f, static_cast<std::int16_t>(i % 1000)};
    }
    expect_round_trip(d, metajson::to_json(d));
    expect_round_trip(a, metajson::to_json(a));
    expect_round_trip(b, metajson::to_json(b));
    expect_round_trip(pts, metajson::to_json(pts));
  }
  // Nested (canada's shape), and inside structs that are not trivially copyable themselves.
  std::vector<std::vector<std::array<double, 2>>> nested;
  std::vector<Ring> rings;
  for (int i = 0; i < 50; ++i) {
    nested.emplace_back();
    rings.push_back({std::string(static_cast<std::size_t>(i), 'r'), {}, {}});
    for (int k = 0; k < i * 37; ++k) {
      nested.back().push_back({k * 1.5, -k * 0.5});
      rings.back().points.push_back({k * 1.0, i * 1.0});
      if (k % 3 == 0) rings.back().ids.push_back(k);
    }
  }
  expect_round_trip(nested, metajson::to_json(nested));
  expect_round_trip(rings, metajson::to_json(rings));
  // An error inside an element: the path and message as for any vector; the next read works.
  expect_read_error<std::vector<double>>("[1,2,x]", error_code::syntax_error, "expected number, found 'x' at $[2] (line 1, column 6)");
  expect_read<std::vector<double>>("[1,2,3]", {1, 2, 3});
  // A variant whose first alternative fails halfway through the buffer.
  using V = std::variant<std::vector<int>, std::vector<double>>;
  expect_read<V>("[1,2,2.5]", V{std::vector<double>{1, 2, 2.5}});
  // Reading into a vector with enough capacity keeps its storage.
  std::vector<double> keep;
  keep.reserve(100);
  const double* base = keep.data();
  EXPECT_FALSE(metajson::from_json("[1,2,3]", keep));
  EXPECT_EQ(keep.data(), base);
  EXPECT_EQ(keep, (std::vector<double>{1, 2, 3}));
}

TEST(ReadContainer, VectorsOfTriviallyCopyableElementsAllocateOnce) {
  // 200 rings of 300 pairs: one allocation per ring, plus the outer vector's growth and the
  // element buffer's (which grows by doubling from 4 KiB, once per read). Growing each ring by
  // doubling would cost about 10 allocations per ring.
  std::vector<std::vector<std::array<double, 2>>> rings(200, std::vector<std::array<double, 2>>(300, {1.5, -2.5}));
  const std::string json = metajson::to_json(rings);
  const std::size_t before = test_support::allocation_count();
  auto r = metajson::try_from<std::vector<std::vector<std::array<double, 2>>>>(json);
  const std::size_t allocations = test_support::allocation_count() - before;
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, rings);
  EXPECT_LE(allocations, 200u + 10u + 3u) << allocations;
}

// A vector of strings (elements of one index entry each) is given its length from the index
// before its elements are read: one allocation at its final size when the array's entries are
// in the buffer, a lower bound when it runs past them (the small-index build of this file).
TEST(ReadContainer, VectorsOfStringsAreSizedFromTheIndex) {
  for (std::size_t n : {0u, 1u, 2u, 3u, 7u, 8u, 9u, 31u, 32u, 33u, 70u, 75u, 76u, 77u, 150u, 500u, 3000u}) {
    std::vector<std::string> v;
    std::vector<bool> flags;
    for (std::size_t i = 0; i < n; ++i) {
      v.push_back("s" + std::to_string(i));  // short: no allocation of its own
      flags.push_back(i % 3 == 0);
    }
    const std::string json = metajson::to_json(v);
    expect_round_trip(v, json);
    expect_round_trip(flags, metajson::to_json(flags));
    const std::size_t before = test_support::allocation_count();
    auto r = metajson::try_from<std::vector<std::string>>(json);
    const std::size_t allocations = test_support::allocation_count() - before;
    ASSERT_TRUE(r.has_value()) << n;
    EXPECT_EQ(*r, v) << n;
    if (metajson::detail::index_capacity >= 2048 && n <= 150) {  // the whole array is in the buffer
      EXPECT_EQ(allocations, n == 0 ? 0u : 1u) << n;
      EXPECT_EQ(r->capacity(), n) << n;
    }
  }
  // Reading into a vector that holds more elements or more capacity keeps its storage.
  std::vector<std::string> keep(10, "x");
  const std::string* base = keep.data();
  EXPECT_FALSE(metajson::from_json(R"(["a","b","c"])", keep));
  EXPECT_EQ(keep, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(keep.data(), base);
  // Arrays that are not JSON, or not strings, get only a wrong hint: their errors are unchanged.
  expect_read_error<std::vector<std::string>>(R"(["a","b",])", error_code::syntax_error,
                                              "expected string, found ']' (a trailing comma: options::allow_trailing_commas reads them) at $[2] (line 1, column 10)");
  expect_read_error<std::vector<std::string>>(R"(["a" "b"])", error_code::type_mismatch, "expected ',' or ']', found string at $ (line 1, column 6)");
  expect_read_fails<std::vector<std::string>>(R"(["a",["b"],"c"])", error_code::type_mismatch);
  expect_read_fails<std::vector<std::string>>(R"(["a",1])", error_code::type_mismatch);
  expect_read_fails<std::vector<std::string>>(R"(["a","b")", error_code::unexpected_end);
  expect_read<std::vector<std::vector<std::string>>>(R"([["a","b"],[],["c"]])", {{"a", "b"}, {}, {"c"}});
}

}  // namespace

// metajson::value: construction, every accessor and its errors, containers, lookups, JSON
// Pointer, equality, conversions to and from types, and its reader against the previous one's
// behaviour (paths and messages of errors).
#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace {

using metajson::error_code;
using metajson::json_string;
using metajson::kind;
using metajson::value;

value J(std::string_view text) { return metajson::from<value>(text); }
std::string W(const value& v) { return metajson::to_json(v); }

// The error code and message a call throws.
template <class F>
std::pair<error_code, std::string> thrown(F&& f) {
  try {
    f();
  } catch (const metajson::error& e) {
    return {e.code(), e.message()};
  }
  return {error_code::ok, "(nothing thrown)"};
}

TEST(Value, SixteenBytesAndInlineStrings) {
  static_assert(sizeof(value) == 16);
  static_assert(sizeof(json_string) == 16);
  static_assert(sizeof(value::member) == 32);
  for (std::size_t n : {0u, 1u, 13u, 14u, 15u, 100u, 100000u}) {
    const std::string s(n, 'x');
    const value v = s;
    EXPECT_EQ(v.as_string(), s);
    EXPECT_EQ(value(v).as_string(), s);  // copies
    value m = v;
    value moved = std::move(m);
    EXPECT_EQ(moved.as_string(), s);
    EXPECT_TRUE(m.is_null());
    const json_string k = s;
    EXPECT_EQ(k, s);
    EXPECT_EQ(json_string(k).size(), n);
  }
}

TEST(Value, ConstructionAndKinds) {
  EXPECT_EQ(value().kind(), kind::null);
  EXPECT_EQ(value(nullptr).kind(), kind::null);
  EXPECT_EQ(value(true).kind(), kind::boolean);
  EXPECT_EQ(value(-1).kind(), kind::int64);
  EXPECT_EQ(value(1u).kind(), kind::uint64);
  EXPECT_EQ(value(std::int8_t{-3}).as_int64(), -3);
  EXPECT_EQ(value(1.5).kind(), kind::float64);
  EXPECT_EQ(value(0.5f).as_double(), 0.5);
  EXPECT_EQ(value("s").kind(), kind::string);
  EXPECT_EQ(value(std::string("s")).kind(), kind::string);
  EXPECT_EQ(value(std::string_view("s")).kind(), kind::string);
  EXPECT_EQ(value(value::array{}).kind(), kind::array);
  EXPECT_EQ(value(value::object{}).kind(), kind::object);
  EXPECT_EQ(value(value::big_number{"1e400"}).kind(), kind::big_number);
  // An initializer list of pairs is an object; arrays are explicit.
  const value o = {{"a", 1}, {"b", value::array{1, "x", nullptr}}, {"c", {{"d", true}}}};
  EXPECT_EQ(W(o), R"({"a":1,"b":[1,"x",null],"c":{"d":true}})");
  const value one = {{"k", "v"}};
  EXPECT_TRUE(one.is_object());
  EXPECT_TRUE(value{}.is_null());
  EXPECT_EQ(W(value::array{value::array{}, value::object{}}), "[[],{}]");
  const value::array n(3);
  EXPECT_EQ(W(n), "[null,null,null]");
}

TEST(Value, IsQueries) {
  const value v = J(R"([null,true,-1,18446744073709551615,1.5,1e400,1e-400,12345678901234567890123,"s",[],{}])");
  const auto& a = v.as_array();
  EXPECT_TRUE(a[0].is_null());
  EXPECT_TRUE(a[1].is_bool());
  EXPECT_TRUE(a[2].is_int64() && a[2].is_integer() && a[2].is_number());
  EXPECT_TRUE(a[3].is_uint64() && a[3].is_integer());
  EXPECT_TRUE(a[4].is_double() && !a[4].is_integer());
  EXPECT_TRUE(a[5].is_big_number() && !a[5].is_integer() && a[5].is_number());
  EXPECT_TRUE(a[6].is_big_number());
  EXPECT_TRUE(a[7].is_big_number() && a[7].is_integer());
  EXPECT_TRUE(a[8].is_string());
  EXPECT_TRUE(a[9].is_array());
  EXPECT_TRUE(a[10].is_object());
}

TEST(Value, TypedAccessAndItsErrors) {
  EXPECT_TRUE(value(true).as_bool());
  EXPECT_EQ(value(-5).as_int64(), -5);
  EXPECT_EQ(value(5u).as_int64(), 5);  // a uint64 that fits
  EXPECT_EQ(value(5).as_uint64(), 5u);  // a non-negative int64
  EXPECT_EQ(value(5).as_double(), 5.0);
  EXPECT_EQ(value(std::uint64_t{1} << 63).as_double(), 9223372036854775808.0);
  EXPECT_EQ(value("x").as_string(), "x");
  EXPECT_EQ(value(value::big_number{"1e400"}).big_number_text(), "1e400");
  const std::pair<error_code, std::string> cases[] = {
      thrown([] { (void)value(1).as_bool(); }),
      thrown([] { (void)value("1").as_int64(); }),
      thrown([] { (void)value(1.5).as_int64(); }),
      thrown([] { (void)value(std::uint64_t{1} << 63).as_int64(); }),
      thrown([] { (void)value(-1).as_uint64(); }),
      thrown([] { (void)value(nullptr).as_double(); }),
      thrown([] { (void)value(value::big_number{"1e400"}).as_double(); }),
      thrown([] { (void)value(value::big_number{"123456789012345678901"}).as_int64(); }),
      thrown([] { (void)value(1).as_string(); }),
      thrown([] { (void)value(1).as_array(); }),
      thrown([] { (void)value(value::array{}).as_object(); }),
      thrown([] { (void)value(1).big_number_text(); }),
  };
  const std::pair<error_code, std::string> expected[] = {
      {error_code::type_mismatch, "expected boolean, found number at $"},
      {error_code::type_mismatch, "expected integer, found string at $"},
      {error_code::type_mismatch, "expected integer, found number at $"},
      {error_code::number_out_of_range, "number out of range (9223372036854775808 does not fit 64-bit integer) at $"},
      {error_code::number_out_of_range, "number out of range (-1 does not fit 64-bit unsigned integer) at $"},
      {error_code::type_mismatch, "expected number, found null at $"},
      {error_code::number_out_of_range, "number out of range (1e400 does not fit a double) at $"},
      {error_code::number_out_of_range, "number out of range (123456789012345678901 does not fit 64-bit integer) at $"},
      {error_code::type_mismatch, "expected string, found number at $"},
      {error_code::type_mismatch, "expected array, found number at $"},
      {error_code::type_mismatch, "expected object, found array at $"},
      {error_code::type_mismatch, "expected big number, found number at $"},
  };
  for (std::size_t i = 0; i < std::size(cases); ++i) EXPECT_EQ(cases[i], expected[i]) << i;
}

TEST(Value, ObjectsLookupsAndInsertion) {
  value v;
  v["a"] = 1;  // a null value becomes an object
  v["b"]["c"] = "x";
  v["a"] = 2;  // assigns the member that is there
  EXPECT_EQ(W(v), R"({"a":2,"b":{"c":"x"}})");
  EXPECT_TRUE(v.contains("a"));
  EXPECT_FALSE(v.contains("z"));
  EXPECT_EQ(v.count("a"), 1u);
  EXPECT_EQ(v.find("z"), nullptr);
  EXPECT_EQ(v.find("a")->as_int64(), 2);
  EXPECT_EQ(v.at("b").at("c").as_string(), "x");
  EXPECT_EQ(v.size(), 2u);
  EXPECT_FALSE(v.empty());
  // const operator[] never throws: null for what is not there
  const value& cv = v;
  EXPECT_TRUE(cv["zz"].is_null());
  EXPECT_TRUE(cv["a"]["b"].is_null());
  EXPECT_TRUE(cv[3].is_null());
  EXPECT_EQ(thrown([&] { (void)cv.at("zz"); }), (std::pair{error_code::not_found, std::string(R"(no such member or element (no member "zz") at $)")}));
  EXPECT_EQ(thrown([&] { (void)cv.at(0); }), (std::pair{error_code::type_mismatch, std::string("expected array, found object at $")}));
  value n = 5;
  EXPECT_EQ(thrown([&] { n["x"] = 1; }), (std::pair{error_code::type_mismatch, std::string("expected object (or null), found number at $")}));
  // Duplicates: kept, found first, counted, erased all at once.
  value d = J(R"({"k":1,"x":0,"k":2})");
  EXPECT_EQ(d.count("k"), 2u);
  EXPECT_EQ(d["k"].as_int64(), 1);
  d.emplace("k", 3);
  EXPECT_EQ(W(d), R"({"k":1,"x":0,"k":2,"k":3})");
  EXPECT_EQ(d.erase("k"), 3u);
  EXPECT_EQ(d.erase("nope"), 0u);
  EXPECT_EQ(W(d), R"({"x":0})");
  // items(): structured bindings, in order; a null value has none.
  std::string keys;
  // (The value named first: a temporary in a range-for's initializer lives through the loop only
  // from C++23's P2718, which GCC 13 does not implement.)
  value pq = J(R"({"p":1,"q":2})");
  for (auto& [k, e] : pq.items()) keys += std::string(k) + std::to_string(e.as_int64());
  EXPECT_EQ(keys, "p1q2");
  EXPECT_TRUE(value().items().empty());
  EXPECT_EQ(thrown([] { (void)value(1).items(); }).first, error_code::type_mismatch);
  // The object container: std::vector's members and lookups.
  value::object o{{"a", 1}};
  o.emplace_back("b", 2);
  o.push_back({"c", 3});
  o.insert(o.begin(), value::member("z", 0));
  EXPECT_EQ(o.size(), 4u);
  EXPECT_EQ(o.front().first, "z");
  EXPECT_EQ(o.back().second.as_int64(), 3);
  EXPECT_EQ(o.at("b").as_int64(), 2);
  EXPECT_EQ(o.at(0).first, "z");
  EXPECT_EQ(o["c"].as_int64(), 3);
  o["new"] = 4;
  EXPECT_EQ(o.size(), 5u);
  o.erase(o.begin());
  EXPECT_EQ(W(value(o)), R"({"a":1,"b":2,"c":3,"new":4})");
  EXPECT_EQ(thrown([&] { (void)o.at("q"); }).first, error_code::not_found);
  EXPECT_EQ(thrown([&] { (void)o.at(9); }).first, error_code::not_found);
}

TEST(Value, ArraysElementsAndErrors) {
  value v;
  v.push_back(1);  // a null value becomes an array
  v.emplace_back("two");
  v.push_back(value::array{3});
  EXPECT_EQ(W(v), R"([1,"two",[3]])");
  EXPECT_EQ(v[1].as_string(), "two");
  v[0] = 10;
  EXPECT_EQ(v.at(0).as_int64(), 10);
  EXPECT_EQ(v.size(), 3u);
  EXPECT_EQ(thrown([&] { (void)v[3]; }), (std::pair{error_code::not_found, std::string("no such member or element (no element 3 in an array of 3) at $")}));
  EXPECT_EQ(thrown([&] { (void)v.at(-1); }).first, error_code::not_found);
  EXPECT_EQ(thrown([&] { (void)v.at("k"); }).first, error_code::type_mismatch);
  v.erase(1);
  EXPECT_EQ(W(v), "[10,[3]]");
  EXPECT_EQ(thrown([&] { v.erase(5); }).first, error_code::not_found);
  value s = "x";
  EXPECT_EQ(thrown([&] { s.push_back(1); }).first, error_code::type_mismatch);
  // The array container.
  value::array a{1, 2, 3};
  a.insert(a.begin() + 1, 9);
  a.erase(a.begin());
  a.pop_back();
  a.reserve(100);
  EXPECT_GE(a.capacity(), 100u);
  a.resize(4);
  EXPECT_EQ(W(value(a)), "[9,2,null,null]");
  a.clear();
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(thrown([&] { (void)a.at(0); }).first, error_code::not_found);
  // An element appended from the array itself survives its growth.
  value::array g{"a long string that lives on the heap"};
  for (int i = 0; i < 10; ++i) g.push_back(g[0]);
  EXPECT_EQ(g.back().as_string(), "a long string that lives on the heap");
}

TEST(Value, SizeEmptyClear) {
  EXPECT_EQ(value().size(), 0u);
  EXPECT_TRUE(value().empty());
  EXPECT_FALSE(value(0).empty());
  EXPECT_EQ(value("abc").size(), 3u);
  EXPECT_TRUE(value("").empty());
  value v = J(R"({"a":[1,2]})");
  v["a"].clear();
  EXPECT_EQ(W(v), R"({"a":[]})");
  v.clear();
  EXPECT_EQ(W(v), "{}");
  value s = "long enough to be on the heap, surely";
  s.clear();
  EXPECT_EQ(W(s), R"("")");
}

TEST(Value, Visit) {
  std::string seen;
  const value all = J(R"([null,true,-1,1,1.5,1e400,"s",[],{}])");  // (named: see items() above)
  for (const value& e : all.as_array()) {
    e.visit([&](const auto& x) {
      using X = std::remove_cvref_t<decltype(x)>;
      if constexpr (std::is_same_v<X, std::nullptr_t>) seen += "n";
      else if constexpr (std::is_same_v<X, bool>) seen += "b";
      else if constexpr (std::is_same_v<X, std::int64_t>) seen += "i";
      else if constexpr (std::is_same_v<X, std::uint64_t>) seen += "u";
      else if constexpr (std::is_same_v<X, double>) seen += "d";
      else if constexpr (std::is_same_v<X, value::big_number>) seen += "B";
      else if constexpr (std::is_same_v<X, std::string_view>) seen += "s";
      else if constexpr (std::is_same_v<X, value::array>) seen += "a";
      else seen += "o";
    });
  }
  EXPECT_EQ(seen, "nbiidBsao");
}

// == is JSON equality; identical() is what a faithful round trip keeps.
TEST(Value, Equality) {
  EXPECT_EQ(value(1), value(1.0));
  EXPECT_EQ(value(1), value(1u));
  EXPECT_EQ(J("1"), J("1.0"));
  EXPECT_EQ(J("1"), J("1e0"));
  EXPECT_EQ(J("100"), J("1E2"));
  EXPECT_EQ(J("-0.0"), J("0"));
  EXPECT_EQ(value(-1), value(-1.0));
  EXPECT_NE(value(-1), value(std::numeric_limits<std::uint64_t>::max()));
  // Exactly, never through a double.
  EXPECT_NE(J("9007199254740993"), value(9007199254740992.0));
  EXPECT_EQ(J("9007199254740992"), value(9007199254740992.0));
  EXPECT_EQ(J("18446744073709551615"), J("18446744073709551615"));
  EXPECT_NE(J("18446744073709551615"), value(18446744073709551616.0));
  // Big numbers by value: their spellings, and against the other kinds.
  EXPECT_EQ(J("1e400"), J("1E400"));
  EXPECT_EQ(J("1e400"), J("10e399"));
  EXPECT_EQ(J("1e400"), J("0.1e401"));
  EXPECT_NE(J("1e400"), J("1e401"));
  EXPECT_EQ(value(value::big_number{"1e0"}), value(1));
  EXPECT_EQ(value(value::big_number{"0.5"}), value(0.5));
  EXPECT_EQ(value(value::big_number{"0.1"}), value(value::big_number{"1e-1"}));
  EXPECT_NE(value(value::big_number{"0.1"}), value(0.1));  // 0.1 has no double: the double is another number
  EXPECT_EQ(value(value::big_number{"0.1000000000000000055511151231257827021181583404541015625"}), value(0.1));
  EXPECT_EQ(value(value::big_number{"-18446744073709551616"}), value(-18446744073709551616.0));
  EXPECT_NE(value(std::numeric_limits<double>::infinity()), value(value::big_number{"1e400"}));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(value(nan), value(nan));  // a value equals itself
  // Strings, kinds.
  EXPECT_EQ(value("a"), value(std::string("a")));
  EXPECT_NE(value("1"), value(1));
  EXPECT_NE(value(nullptr), value(false));
  EXPECT_NE(J("[]"), J("{}"));
  // Arrays in order; objects in any order, as multisets.
  EXPECT_NE(J("[1,2]"), J("[2,1]"));
  EXPECT_EQ(J(R"({"a":1,"b":[1.0]})"), J(R"({"b":[1],"a":1})"));
  EXPECT_EQ(J(R"({"a":1,"a":2})"), J(R"({"a":2,"a":1})"));
  EXPECT_NE(J(R"({"a":1,"a":1})"), J(R"({"a":1,"a":2})"));
  EXPECT_NE(J(R"({"a":1})"), J(R"({"a":1,"a":1})"));
  EXPECT_NE(J(R"({"a":1,"b":2})"), J(R"({"a":1,"c":2})"));
  // identical(): kinds, bits, order.
  EXPECT_FALSE(identical(value(1), value(1.0)));
  EXPECT_FALSE(identical(value(1), value(1u)));
  EXPECT_FALSE(identical(value(0.0), value(-0.0)));
  EXPECT_FALSE(identical(J(R"({"a":1,"b":2})"), J(R"({"b":2,"a":1})")));
  EXPECT_TRUE(identical(J(R"({"a":[1,"x"]})"), J(R"({"a":[1,"x"]})")));
  EXPECT_FALSE(identical(J("1e400"), J("1E400")));
}

TEST(Value, JsonPointer) {
  value v = J(R"({"a":{"b":[10,20,{"c~d/e":true}]},"":0,"k":1,"k":2})");
  EXPECT_TRUE(identical(v.at_pointer(""), v));
  EXPECT_EQ(v.at_pointer("/a/b/1").as_int64(), 20);
  EXPECT_TRUE(v.at_pointer("/a/b/2/c~0d~1e").as_bool());
  EXPECT_EQ(v.at_pointer("/").as_int64(), 0);
  EXPECT_EQ(v.at_pointer("/k").as_int64(), 1);  // the first of two
  EXPECT_EQ(v.find_pointer("/a/x"), nullptr);
  EXPECT_EQ(v.find_pointer("a"), nullptr);  // not a pointer
  EXPECT_NE(v.find_pointer("/a/b/0"), nullptr);
  const std::pair<error_code, std::string> errors[] = {
      thrown([&] { (void)v.at_pointer("/a/x"); }),
      thrown([&] { (void)v.at_pointer("/a/b/3"); }),
      thrown([&] { (void)v.at_pointer("/a/b/01"); }),
      thrown([&] { (void)v.at_pointer("/a/b/-"); }),
      thrown([&] { (void)v.at_pointer("/a/b/0/x"); }),
      thrown([&] { (void)v.at_pointer("a"); }),
      thrown([&] { (void)v.at_pointer("/~2"); }),
  };
  const std::pair<error_code, std::string> expected[] = {
      {error_code::pointer_not_found, R"(JSON Pointer does not resolve ("/a/x" resolves as far as "/a", an object without the key "x") at $.a)"},
      {error_code::pointer_not_found, R"(JSON Pointer does not resolve ("/a/b/3" resolves as far as "/a/b", an array of 3 elements) at $.a.b)"},
      {error_code::pointer_not_found,
       R"(JSON Pointer does not resolve ("/a/b/01" resolves as far as "/a/b", an array, and "01" is not an array index (no leading zeros)) at $.a.b)"},
      {error_code::pointer_not_found,
       R"(JSON Pointer does not resolve ("/a/b/-" resolves as far as "/a/b", an array: "-" names the element after the last one, which cannot be read) at $.a.b)"},
      {error_code::pointer_not_found, R"(JSON Pointer does not resolve ("/a/b/0/x" resolves as far as "/a/b/0", a number, which holds no "x") at $.a.b[0])"},
      {error_code::invalid_pointer, R"(invalid JSON Pointer ("a": a JSON Pointer is empty or starts with '/') at $)"},
      {error_code::invalid_pointer, R"(invalid JSON Pointer ("/~2": '~' at offset 1 is not followed by 0 or 1 (write '~' as ~0, '/' as ~1)) at $)"},
  };
  for (std::size_t i = 0; i < std::size(errors); ++i) EXPECT_EQ(errors[i], expected[i]) << i;
  // set_pointer: RFC 6902's add.
  value s = J(R"({"a":[1,2],"o":{}})");
  s.set_pointer("/a/0", 0);   // inserts
  s.set_pointer("/a/-", 9);   // appends
  s.set_pointer("/a/4", 10);  // at the size: appends
  s.set_pointer("/o/x", "y");
  s.set_pointer("/o/x", "z");  // replaces
  EXPECT_EQ(W(s), R"({"a":[0,1,2,9,10],"o":{"x":"z"}})");
  EXPECT_EQ(thrown([&] { s.set_pointer("/a/9", 1); }).first, error_code::pointer_not_found);
  EXPECT_EQ(thrown([&] { s.set_pointer("/q/x", 1); }).first, error_code::pointer_not_found);  // no recursive creation
  EXPECT_EQ(thrown([&] { s.set_pointer("/o/x/y", 1); }).first, error_code::pointer_not_found);
  s.set_pointer("", 5);
  EXPECT_EQ(W(s), "5");
  // erase_pointer: RFC 6902's remove.
  value r = J(R"({"a":[1,2,3],"b":{"c":1},"b":2})");
  EXPECT_EQ(r.erase_pointer("/a/1").as_int64(), 2);
  EXPECT_EQ(W(r.erase_pointer("/b")), R"({"c":1})");  // the first "b"
  EXPECT_EQ(W(r), R"({"a":[1,3],"b":2})");
  EXPECT_EQ(thrown([&] { (void)r.erase_pointer("/a/-"); }).first, error_code::pointer_not_found);
  EXPECT_EQ(thrown([&] { (void)r.erase_pointer(""); }).first, error_code::invalid_pointer);
}

struct Inner {
  int n = 0;
  std::optional<std::string> s;
  friend bool operator==(const Inner&, const Inner&) = default;
};
struct Outer {
  std::string name;
  std::vector<Inner> items;
  std::map<std::string, double> m;
  std::uint64_t big = 0;
  friend bool operator==(const Outer&, const Outer&) = default;
};

TEST(Value, ConvertsToAndFromTypes) {
  const Outer o{"x", {{1, "a"}, {2, std::nullopt}}, {{"k", 0.5}}, 18446744073709551615u};
  const value v = metajson::to_value(o);
  EXPECT_EQ(W(v), R"({"name":"x","items":[{"n":1,"s":"a"},{"n":2,"s":null}],"m":{"k":0.5},"big":18446744073709551615})");
  EXPECT_TRUE(v["big"].is_uint64());
  EXPECT_EQ(metajson::from_value<Outer>(v), o);
  EXPECT_EQ(v["items"][0]["n"].get<int>(), 1);
  EXPECT_EQ((v["m"].get<std::map<std::string, double>>().at("k")), 0.5);
  value bad = v;
  bad["items"][1]["n"] = "two";
  const auto r = metajson::try_from_value<Outer>(bad);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message(), "expected integer, found string at $.items[1].n");
  EXPECT_EQ(thrown([] { (void)value(300).get<std::int8_t>(); }).first, error_code::number_out_of_range);
  // Write errors come through to_value.
  EXPECT_EQ(metajson::try_to_value(std::numeric_limits<double>::quiet_NaN()).error().code(), error_code::non_finite_number);
  EXPECT_EQ(metajson::try_to_value(std::string("\xff")).error().code(), error_code::invalid_utf8);
}

// The reader's errors are the previous reader's: the same paths and messages.
TEST(Value, ReadErrorsKeepTheirPaths) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"a":[1,2,}]})", "expected a value, found '}' (a trailing comma: options::allow_trailing_commas reads them) at $.a[2] (line 1, column 11)"},
      {R"({"a":{"b" 1}})", "expected ':', found number at $.a (line 1, column 11)"},
      {R"({"a":[{"x":tru}]})", "invalid literal, expected true at $.a[0].x (line 1, column 15)"},
      {R"([1,2,3 4])", "expected ',' or ']', found number at $ (line 1, column 8)"},
      {R"({"k":01})", "invalid number (leading zero) at $.k (line 1, column 7)"},
      {R"({"k\u00e9":[1,"\x"]})", "invalid escape in string (\\x is not a JSON escape) at $[\"k\xc3\xa9\"][1] (line 1, column 16)"},
      {R"({"a":1}x)", "unexpected content after the JSON value (found 'x') at $ (line 1, column 8)"},
      {R"([[[]])", "unexpected end of input (expected ',' or ']') at $ (line 1, column 6)"},
  };
  for (const auto& [text, message] : cases) {
    const auto r = metajson::try_from<value>(text);
    ASSERT_FALSE(r) << text;
    EXPECT_EQ(r.error().message(), message) << text;
  }
  // Depth and string length limits.
  EXPECT_EQ((metajson::try_from<value, {.max_depth = 2}>("[[[1]]]").error().code()), error_code::depth_exceeded);
  EXPECT_EQ((metajson::try_from<value, {.max_string_length = 3}>(R"(["abcd"])").error().code()), error_code::string_too_long);
  EXPECT_EQ((metajson::try_from<value, {.max_string_length = 3}>(R"({"abcd":1})").error().code()), error_code::string_too_long);
  // A failed read leaves a null value.
  value existing = J(R"({"old":true})");
  EXPECT_TRUE(metajson::from_json("[1,", existing));
  EXPECT_TRUE(existing.is_null());
}

TEST(Value, StringsKeepWhetherTheyNeedEscaping) {
  // Read plain strings are copied as they are; escaped ones and strings made in code are escaped.
  const value v = J(R"({"a\"b":"x\ny","c":"é","d":"\u00e9"})");
  EXPECT_EQ(W(v), R"({"a\"b":"x\ny","c":"é","d":"é"})");
  EXPECT_EQ((metajson::to_json<{.escape_non_ascii = true}>(v)), R"({"a\"b":"x\ny","c":"\u00e9","d":"\u00e9"})");
  value made;
  made["q\""] = "tab\there";
  EXPECT_EQ(W(made), R"({"q\"":"tab\there"})");
  made["bad"] = "\xff";
  EXPECT_EQ(metajson::try_to_json(made).error().message(), "invalid UTF-8 in string (byte 0xff at offset 0 of the string) at $.bad");
}

TEST(Value, LenientReading) {
  constexpr metajson::options lenient{.allow_comments = true, .allow_trailing_commas = true, .allow_nonfinite = true};
  const value v = metajson::from<value, lenient>("// c\n{\"a\": [NaN, -Infinity, 1,], /* x */ }");
  EXPECT_TRUE(std::isnan(v["a"][0].as_double()));
  EXPECT_EQ(v["a"][1].as_double(), -INFINITY);
  EXPECT_EQ((metajson::to_json<{.allow_nonfinite = true}>(v)), R"({"a":[NaN,-Infinity,1]})");
}

}  // namespace

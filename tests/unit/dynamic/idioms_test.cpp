// metajson::value as nlohmann/json's users write it (issue 49): iteration with key()/value(),
// operator<< (and std::setw for pretty output), dump(), the _json literal, parse(), get_to, the
// patch members, braced lists that tell arrays from objects, the refused char constructors, and
// the everyday idioms of nlohmann/json's README ported one by one (docs/dynamic.md, "Coming from
// nlohmann/json", counts them).
#include <metajson/metajson.hpp>
#include <metajson/patch.hpp>
#include <metajson/document.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <iomanip>
#include <iterator>
#include <limits>
#include <list>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace {

using metajson::error_code;
using metajson::json_string;
using metajson::kind;
using metajson::value;

value J(std::string_view text) { return metajson::from<value>(text); }
std::string W(const value& v) { return metajson::to_json(v); }
// to_json with pretty output, `indent` spaces per level.
template <int indent>
std::string pretty(const value& v) {
  return metajson::to_json<metajson::options{.pretty = true, .indent = indent}>(v);
}

template <class F>
std::pair<error_code, std::string> thrown(F&& f) {
  try {
    f();
  } catch (const metajson::error& e) {
    return {e.code(), e.message()};
  }
  return {error_code::ok, "(nothing thrown)"};
}

// --- iteration ------------------------------------------------------------------------------------

static_assert(std::bidirectional_iterator<value::iterator>);
static_assert(std::bidirectional_iterator<value::const_iterator>);
static_assert(std::is_same_v<decltype(*std::declval<value::iterator>()), value&>);
static_assert(std::is_same_v<decltype(*std::declval<value::const_iterator>()), const value&>);
static_assert(std::is_convertible_v<value::iterator, value::const_iterator>);
static_assert(!std::is_convertible_v<value::const_iterator, value::iterator>);
static_assert(std::is_same_v<decltype(std::declval<const value&>().begin()), value::const_iterator>);

TEST(Idioms, IteratingAnArrayGivesItsElements) {
  value a = {1, 2, 3};
  int sum = 0;
  for (const value& e : a) sum += static_cast<int>(e.as_int64());
  EXPECT_EQ(sum, 6);
  for (value& e : a) e = e.as_int64() * 10;  // non-const: the elements themselves
  EXPECT_EQ(W(a), "[10,20,30]");
  EXPECT_EQ(&*a.begin(), &a.as_array()[0]);
  EXPECT_EQ(std::distance(a.begin(), a.end()), 3);
  EXPECT_EQ(std::count_if(a.cbegin(), a.cend(), [](const value& e) { return e.as_int64() > 10; }), 2);
  EXPECT_EQ(*std::find(a.begin(), a.end(), value(20)), value(20));
  value empty = value::array{};
  EXPECT_EQ(empty.begin(), empty.end());
}

TEST(Idioms, IteratingAnObjectGivesItsValuesWithKeyAndValue) {
  value o = J(R"({"a":1,"b":"x","a":3})");
  std::string seen;
  for (const value& v : o) seen += W(v) + ";";
  EXPECT_EQ(seen, R"(1;"x";3;)");  // values, in order, duplicates too
  seen.clear();
  for (auto it = o.begin(); it != o.end(); ++it) seen += std::string(it.key()) + "=" + W(it.value()) + ";";
  EXPECT_EQ(seen, R"(a=1;b="x";a=3;)");
  auto it = o.begin();
  static_assert(std::is_same_v<decltype(it.key()), const json_string&>);
  EXPECT_EQ(it.key(), "a");
  EXPECT_EQ(&it.value(), &o.as_object()[0].second);
  it.value() = "changed";  // through a non-const iterator
  it->clear();             // operator->
  EXPECT_EQ(W(o), R"({"a":"","b":"x","a":3})");
  // items(): the members as pairs, as before.
  seen.clear();
  for (auto& [k, v] : o.items()) seen += std::string(k) + ":" + W(v) + ";";
  EXPECT_EQ(seen, R"(a:"";b:"x";a:3;)");
}

TEST(Idioms, NullIteratesAsEmptyAndAScalarAsItself) {
  value n;
  EXPECT_EQ(n.begin(), n.end());
  int count = 0;
  for ([[maybe_unused]] value& e : n) ++count;
  EXPECT_EQ(count, 0);
  for (value s : {value(1), value("text"), value(true), value(2.5), value(value::big_number{"1e400"})}) {
    count = 0;
    for (value& e : s) {
      EXPECT_EQ(&e, &s);
      ++count;
    }
    EXPECT_EQ(count, 1) << W(s);
    EXPECT_EQ(std::next(s.begin()), s.end());
    EXPECT_EQ(std::prev(s.end()), s.begin());
    const value& cs = s;
    EXPECT_EQ(&*cs.begin(), &s);
  }
  value s = 7;
  *s.begin() = 8;  // the scalar itself
  EXPECT_EQ(s, value(8));
}

TEST(Idioms, IteratorMovesBothWaysAndCompares) {
  value a = {"x", "y", "z"};
  auto it = a.begin();
  auto was = it++;
  EXPECT_EQ(*was, "x");
  EXPECT_EQ(*it, "y");
  EXPECT_EQ(*++it, "z");
  EXPECT_EQ(*it--, "z");
  EXPECT_EQ(*--it, "x");
  EXPECT_EQ(it, a.begin());
  EXPECT_NE(it, a.end());
  std::string back;
  for (auto r = a.end(); r != a.begin();) back += std::string((--r)->as_string());
  EXPECT_EQ(back, "zyx");
  // const and non-const iterators compare with each other.
  value::const_iterator c = a.cbegin();
  EXPECT_TRUE(c == a.begin());
  EXPECT_TRUE(a.begin() == c);
  EXPECT_FALSE(a.end() == c);
  value::const_iterator from_mutable = std::next(a.begin());
  EXPECT_EQ(*from_mutable, "y");
  const value& ca = a;
  EXPECT_EQ(ca.begin(), a.cbegin());
  EXPECT_EQ(ca.end(), a.cend());
  // reverse iteration through std::reverse_iterator
  std::string rev;
  for (auto r = std::make_reverse_iterator(a.end()); r != std::make_reverse_iterator(a.begin()); ++r) rev += std::string(r->as_string());
  EXPECT_EQ(rev, "zyx");
  // an object's iterator, backwards
  value o = {{"k1", 1}, {"k2", 2}};
  auto e = o.end();
  --e;
  EXPECT_EQ(e.key(), "k2");
  EXPECT_EQ((--e).key(), "k1");
  EXPECT_EQ(e, o.begin());
  value::const_iterator ce = o.cbegin();
  EXPECT_EQ(ce.key(), "k1");
  EXPECT_EQ(ce.value(), value(1));
}

TEST(Idioms, KeyOfAnIteratorThatIsNotAnObjectsIsAnError) {
  value a = {1, 2};
  const auto [code, message] = thrown([&] { (void)a.begin().key(); });
  EXPECT_EQ(code, error_code::type_mismatch);
  EXPECT_NE(message.find("key() of an iterator over an array or a scalar"), std::string::npos) << message;
  value s = "x";
  EXPECT_EQ(thrown([&] { (void)s.cbegin().key(); }).first, error_code::type_mismatch);
  EXPECT_EQ(thrown([] { (void)value::iterator().key(); }).first, error_code::type_mismatch);
}

// --- operator<<, dump() -------------------------------------------------------------------------------

TEST(Idioms, StreamingWritesCompactJson) {
  const value v = J(R"({"name":"x","list":[1,0,2],"pi":3.5,"n":null,"big":1e400,"s":"a\"b\u00e9"})");
  std::ostringstream os;
  os << v;
  EXPECT_EQ(os.str(), W(v));
  std::ostringstream two;
  two << v["list"] << ' ' << v["name"] << ' ' << json_string("key") << ' ' << value(1.0);
  EXPECT_EQ(two.str(), R"([1,0,2] "x" key 1.0)");
  EXPECT_EQ(v.dump(), W(v));
}

TEST(Idioms, SetwAndDumpIndentArePretty) {
  const value v = J(R"({"a":[1,{"b":[]},{}],"c":{"d":"e f","g":[[]]},"h":"  x\n"})");
  std::ostringstream four;
  four << std::setw(4) << v;
  EXPECT_EQ(four.str(), pretty<4>(v));
  EXPECT_EQ(four.width(), 0);  // reset, as for any formatted output
  std::ostringstream after;
  after << std::setw(4) << value(1) << 7;
  EXPECT_EQ(after.str(), "17");  // not "1   7"
  std::ostringstream two;
  two << std::setw(2) << v;
  EXPECT_EQ(two.str(), pretty<2>(v));
  // Any width: re-indented from one writer's instantiation.
  std::ostringstream three, one, eight;
  three << std::setw(3) << v;
  one << std::setw(1) << v;
  eight << std::setw(8) << v;
  EXPECT_EQ(three.str(), pretty<3>(v));
  EXPECT_EQ(one.str(), pretty<1>(v));
  EXPECT_EQ(eight.str(), pretty<8>(v));
  EXPECT_EQ(v.dump(4), four.str());
  EXPECT_EQ(v.dump(2), two.str());
  EXPECT_EQ(v.dump(3), three.str());
  EXPECT_EQ(v.dump(-1), W(v));
  EXPECT_EQ(value(1).dump(4), "1");
  // 0: one member or element per line, no indentation (as nlohmann/json's dump(0)).
  EXPECT_EQ(J(R"({"a":[1,2]})").dump(0), "{\n\"a\": [\n1,\n2\n]\n}");
  // The exact text: a JSON string's spaces and escaped line breaks are not indentation.
  EXPECT_EQ(J(R"({"k":[" x\n y"]})").dump(4), "{\n    \"k\": [\n        \" x\\n y\"\n    ]\n}");
}

TEST(Idioms, StreamingWhatCannotBeWrittenThrowsAndWritesNothing) {
  value bad = value::array{1, std::string("\xff")};
  std::ostringstream os;
  os << "before ";
  const auto [code, message] = thrown([&] { os << bad; });
  EXPECT_EQ(code, error_code::invalid_utf8) << message;
  EXPECT_EQ(os.str(), "before ");
  EXPECT_TRUE(os.good());  // a stream error is not what it is: the exception says
  value nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(thrown([&] { os << nan; }).first, error_code::ok);
  EXPECT_NE(thrown([&] { os << std::setw(4) << nan; }).first, error_code::ok);
  EXPECT_EQ(os.str(), "before ");
  EXPECT_EQ(thrown([&] { (void)bad.dump(); }).first, error_code::invalid_utf8);
  EXPECT_EQ(thrown([&] { (void)bad.dump(2); }).first, error_code::invalid_utf8);
}

// --- the _json literal, parse() -----------------------------------------------------------------------

TEST(Idioms, JsonLiteral) {
  using namespace metajson::literals;
  auto j = R"({"a":1,"b":[true,null]})"_json;
  static_assert(std::is_same_v<decltype(j), value>);
  EXPECT_EQ(W(j), R"({"a":1,"b":[true,null]})");
  EXPECT_EQ("[1,2]"_json, value({1, 2}));
  const auto [code, message] = thrown([] { (void)R"({"a":)"_json; });
  EXPECT_NE(code, error_code::ok);
  EXPECT_EQ(thrown([] { (void)"[1,]"_json; }).first, metajson::try_from<value>("[1,]").error().code());
}

TEST(Idioms, JsonLiteralComesWithUsingNamespaceMetajson) {
  using namespace metajson;
  auto j = "[1, 2.5, \"x\"]"_json;
  EXPECT_EQ(j.size(), 3u);
  EXPECT_TRUE(j[1].is_double());
  // With metajson's operator<< in sight, other arguments still stream as before (none converts
  // to a value on its way to it).
  std::ostringstream os;
  os << "text " << std::string_view("view ") << std::string("string ") << 1 << ' ' << json_string("key") << ' ' << j;
  EXPECT_EQ(os.str(), R"(text view string 1 key [1,2.5,"x"])");
}

TEST(Idioms, Parse) {
  const value j = value::parse(R"({"happy": true, "pi": 3.141})");
  EXPECT_TRUE(j["happy"].as_bool());
  EXPECT_EQ(j["pi"].as_double(), 3.141);
  EXPECT_EQ(thrown([] { (void)value::parse("{"); }).first, metajson::try_from<value>("{").error().code());
}

// --- get_to ----------------------------------------------------------------------------------------------

struct Point {
  int x = 0;
  int y = 0;
  bool operator==(const Point&) const = default;
};

TEST(Idioms, GetTo) {
  const value v = J(R"({"n":42,"s":"str","list":[1,2,3],"p":{"x":1,"y":2},"m":{"a":1}})");
  int n = 0;
  int& r = v["n"].get_to(n);
  EXPECT_EQ(&r, &n);
  EXPECT_EQ(n, 42);
  std::string s;
  EXPECT_EQ(v["s"].get_to(s), "str");
  std::vector<int> list = {9, 9, 9, 9, 9};
  v["list"].get_to(list);
  EXPECT_EQ(list, (std::vector<int>{1, 2, 3}));  // assigned, as get<T>() reads it
  Point p;
  EXPECT_EQ(v["p"].get_to(p), (Point{1, 2}));
  std::map<std::string, int> m;
  EXPECT_EQ(v["m"].get_to(m).at("a"), 1);
  // An error leaves the target as it was.
  int keep = 5;
  EXPECT_EQ(thrown([&] { v["s"].get_to(keep); }).first, error_code::type_mismatch);
  EXPECT_EQ(keep, 5);
  unsigned char small = 1;
  EXPECT_EQ(thrown([&] { value(300).get_to(small); }).first, error_code::number_out_of_range);
  EXPECT_EQ(small, 1);
}

// --- patch members -----------------------------------------------------------------------------------------

TEST(Idioms, PatchMembers) {
  using namespace metajson::literals;
  const value doc = R"({"a":{"b":1},"c":[1,2]})"_json;
  const value ops = R"([{"op":"add","path":"/a/d","value":2},{"op":"remove","path":"/c/0"}])"_json;
  const value patched = doc.patch(ops);
  EXPECT_EQ(W(patched), R"({"a":{"b":1,"d":2},"c":[2]})");
  EXPECT_EQ(W(doc), R"({"a":{"b":1},"c":[1,2]})");  // a copy: doc as it was
  EXPECT_TRUE(identical(patched, metajson::patch(doc, ops)));

  value in_place = doc;
  in_place.patch_in_place(ops);
  EXPECT_TRUE(identical(in_place, patched));
  value nl = doc;
  nl.patch_inplace(ops);  // nlohmann/json's spelling
  EXPECT_TRUE(identical(nl, patched));

  // All or nothing: a failing operation throws and leaves the value as it was.
  value keep = doc;
  const auto [code, message] = thrown([&] { keep.patch_in_place(R"([{"op":"add","path":"/x","value":1},{"op":"test","path":"/a/b","value":2}])"_json); });
  EXPECT_EQ(code, error_code::patch_test_failed) << message;
  EXPECT_TRUE(identical(keep, doc));
  EXPECT_EQ(thrown([&] { (void)doc.patch(R"([{"op":"remove","path":"/nope"}])"_json); }).first, error_code::pointer_not_found);

  // Operations as a braced list.
  value from_list = doc.patch({{{"op", "replace"}, {"path", "/a/b"}, {"value", "new"}}});
  EXPECT_EQ(W(from_list["a"]), R"({"b":"new"})");

  // merge_patch changes the value (nlohmann/json's merge_patch does).
  value target = R"({"title":"Hello","author":{"givenName":"John","familyName":"Doe"},"tags":["example","sample"]})"_json;
  target.merge_patch(R"({"title":"Hello!","author":{"familyName":null},"tags":["example"],"phoneNumber":"+01-123-456-7890"})"_json);
  EXPECT_EQ(W(target), R"({"title":"Hello!","author":{"givenName":"John"},"tags":["example"],"phoneNumber":"+01-123-456-7890"})");
  value m = doc;
  m.merge_patch({{"a", nullptr}});
  EXPECT_EQ(W(m), R"({"c":[1,2]})");
  EXPECT_TRUE(identical(m, metajson::merge_patch(doc, value{{"a", nullptr}})));
}

// --- braced lists --------------------------------------------------------------------------------------------

TEST(Idioms, BracedListsReadAsNlohmannReadsThem) {
  const value v = {{"name", "x"}, {"list", {1, 0, 2}}, {"nested", {{"a", 1}}}};
  EXPECT_EQ(W(v), R"({"name":"x","list":[1,0,2],"nested":{"a":1}})");
  const value a = {1, 2, 3};
  EXPECT_EQ(W(a), "[1,2,3]");
  const value o = {{"a", 1}};
  EXPECT_TRUE(o.is_object());
  EXPECT_EQ(W(o), R"({"a":1})");
  // Not every element a [string, x] pair: an array.
  EXPECT_EQ(W(value{"a", 1}), R"(["a",1])");
  EXPECT_EQ(W(value{{"a", 1}, {"b"}}), R"([["a",1],["b"]])");
  EXPECT_EQ(W(value{{"a", 1}, {2, 3}}), R"([["a",1],[2,3]])");
  EXPECT_EQ(W(value{{"a", 1, 2}}), R"([["a",1,2]])");
  EXPECT_EQ(W(value{{1, 2}}), "[[1,2]]");
  EXPECT_EQ(W(value{{"a", 1}, 5}), R"([["a",1],5])");
  // Duplicate keys are kept, in order (a value keeps them).
  EXPECT_EQ(W(value{{"k", 1}, {"k", 2}}), R"({"k":1,"k":2})");
  // Explicit kinds.
  EXPECT_EQ(W(value(value::array{{"a", 1}})), R"([["a",1]])");
  EXPECT_EQ(W(value(value::object{{"a", 1}})), R"({"a":1})");
  const value::array aa = {{1, 2}, {3, 4}};
  EXPECT_EQ(W(aa), "[[1,2],[3,4]]");
  value::object oo = {{"x", {1, 2}}, {"y", {{"z", nullptr}}}};
  EXPECT_EQ(W(oo), R"({"x":[1,2],"y":{"z":null}})");
  // Arrays, objects and values nest through lists.
  const value deep = {{"a", {{"b", {{"c", {1, {2, 3}, value::object{}}}}}}}};
  EXPECT_EQ(W(deep), R"({"a":{"b":{"c":[1,[2,3],{}]}}})");
  // nlohmann/json's rule sees no difference between an explicit value::array of [string, x] and a
  // list: `{value::array{"a", 1}}` is the object {"a":1}, as nlohmann/json's is.
  EXPECT_EQ(W(value{value::array{"a", 1}}), R"({"a":1})");
  // {} is null (the default constructor); an empty std::initializer_list an empty object.
  value empty = {};
  EXPECT_TRUE(empty.is_null());
  EXPECT_EQ(W(value(std::initializer_list<value>{})), "{}");
  // value{x}: a one-element array (a std::initializer_list constructor); value(x) copies.
  const value one = 1;
  EXPECT_EQ(W(value{one}), "[1]");
  EXPECT_EQ(W(value(one)), "1");
  EXPECT_EQ(W(value{"s"}), R"(["s"])");
  // In assignments, push_back and function arguments.
  value w;
  w["list"] = {1, 0, 2};
  w["object"] = {{"currency", "USD"}, {"value", 42.99}};
  w["list"].push_back({3, 4});
  w["list"].emplace_back(value::array{});
  EXPECT_EQ(W(w), R"({"list":[1,0,2,[3,4],[]],"object":{"currency":"USD","value":42.99}})");
  // Copies of the elements: the list's values are not moved from.
  value big(std::string(100, 'x'));
  value holder = {big, big};
  EXPECT_EQ(holder[1].as_string(), big.as_string());
  EXPECT_EQ(big.size(), 100u);
}

// --- characters refused (tests/compile_fail/value_from_char.cpp checks the message) ---------------------------

static_assert(!std::is_constructible_v<value, char>);
static_assert(!std::is_constructible_v<value, wchar_t>);
static_assert(!std::is_constructible_v<value, char8_t>);
static_assert(!std::is_constructible_v<value, char16_t>);
static_assert(!std::is_constructible_v<value, char32_t>);
static_assert(!std::is_convertible_v<char, value>);
static_assert(std::is_constructible_v<value, signed char>);  // integers
static_assert(std::is_constructible_v<value, unsigned char>);
static_assert(std::is_constructible_v<value, const char*>);

TEST(Idioms, CharactersAsWhatTheMessageSays) {
  const char c = 'A';
  EXPECT_EQ(W(value(std::string(1, c))), R"("A")");
  EXPECT_EQ(W(value(int(c))), "65");
}

// --- kind checks as nlohmann/json names them -------------------------------------------------------------------

TEST(Idioms, KindChecks) {
  const value j = J(R"({"i":-1,"u":1,"big":18446744073709551615,"huge":123456789012345678901234,"d":1.5,"e":1e400,"b":true,"s":"x","a":[],"n":null})");
  EXPECT_EQ(j.type(), value::value_t::object);
  EXPECT_EQ(j["a"].type(), value::value_t::array);
  EXPECT_TRUE(j["b"].is_boolean());
  EXPECT_FALSE(j["i"].is_boolean());
  for (const char* k : {"i", "u", "big", "huge"}) EXPECT_TRUE(j[k].is_number_integer()) << k;
  for (const char* k : {"d", "e", "b", "s"}) EXPECT_FALSE(j[k].is_number_integer()) << k;
  EXPECT_FALSE(j["i"].is_number_unsigned());
  EXPECT_TRUE(j["u"].is_number_unsigned());  // read as int64, non-negative: unsigned to nlohmann/json
  EXPECT_TRUE(j["big"].is_number_unsigned());
  EXPECT_FALSE(j["d"].is_number_unsigned());
  EXPECT_TRUE(j["d"].is_number_float());
  EXPECT_TRUE(j["e"].is_number_float());
  EXPECT_FALSE(j["u"].is_number_float());
  EXPECT_TRUE(j.is_structured());
  EXPECT_TRUE(j["a"].is_structured());
  EXPECT_FALSE(j["a"].is_primitive());
  for (const char* k : {"i", "d", "b", "s", "n"}) EXPECT_TRUE(j[k].is_primitive()) << k;
}

// --- nlohmann/json's README, idiom by idiom (with `using json = metajson::value;`) ------------------------------
// Each test is one section of the README; the comments say what had to change (docs/dynamic.md
// lists the differences and why).

using json = metajson::value;

TEST(NlohmannReadme, BuildAnObjectMemberByMember) {
  json j;
  j["pi"] = 3.141;
  j["happy"] = true;
  j["name"] = "Niels";
  j["nothing"] = nullptr;
  j["answer"]["everything"] = 42;
  j["list"] = {1, 0, 2};
  j["object"] = {{"currency", "USD"}, {"value", 42.99}};
  json j2 = {
      {"pi", 3.141},
      {"happy", true},
      {"name", "Niels"},
      {"nothing", nullptr},
      {"answer", {{"everything", 42}}},
      {"list", {1, 0, 2}},
      {"object", {{"currency", "USD"}, {"value", 42.99}}},
  };
  EXPECT_EQ(j, j2);
  EXPECT_TRUE(identical(j, j2));
  EXPECT_EQ(j.dump(), R"({"pi":3.141,"happy":true,"name":"Niels","nothing":null,"answer":{"everything":42},"list":[1,0,2],"object":{"currency":"USD","value":42.99}})");
}

TEST(NlohmannReadme, ExplicitArraysAndObjects) {
  json empty_array_explicit = json::array();   // a type here, a function there: the same result
  json empty_object_explicit = json::object();
  json array_not_object = json::array({{"currency", "USD"}, {"value", 42.99}});
  EXPECT_EQ(empty_array_explicit.dump(), "[]");
  EXPECT_EQ(empty_object_explicit.dump(), "{}");
  EXPECT_EQ(array_not_object.dump(), R"([["currency","USD"],["value",42.99]])");
  json empty_object_implicit = json({});  // an empty std::initializer_list: an object
  EXPECT_TRUE(empty_object_implicit.is_object());
  EXPECT_EQ(empty_object_implicit.dump(), "{}");
}

TEST(NlohmannReadme, SerializeAndDeserialize) {
  using namespace metajson::literals;  // nlohmann/json: using namespace nlohmann::literals;
  json j = "{ \"happy\": true, \"pi\": 3.141 }"_json;
  auto j2 = R"(
    {
      "happy": true,
      "pi": 3.141
    }
  )"_json;
  auto j3 = json::parse(R"({"happy": true, "pi": 3.141})");
  EXPECT_EQ(j, j2);
  EXPECT_EQ(j2, j3);
  std::string s = j.dump();
  EXPECT_EQ(s, R"({"happy":true,"pi":3.141})");
  EXPECT_EQ(j.dump(4), "{\n    \"happy\": true,\n    \"pi\": 3.141\n}");
  // A string value: dump() is its JSON, get<std::string>() its text.
  json j_string = "this is a string";
  auto cpp_string = j_string.get<std::string>();
  std::string cpp_string2;
  j_string.get_to(cpp_string2);
  std::string serialized_string = j_string.dump();
  EXPECT_EQ(cpp_string, "this is a string");
  EXPECT_EQ(cpp_string2, cpp_string);
  EXPECT_EQ(serialized_string, "\"this is a string\"");
  // Streams.
  std::ostringstream o;
  o << std::setw(4) << j << std::endl;
  EXPECT_EQ(o.str(), j.dump(4) + "\n");
  std::ostringstream compact;
  compact << j;
  EXPECT_EQ(compact.str(), s);
}

TEST(NlohmannReadme, StlLikeAccess) {
  json j;
  j.push_back("foo");
  j.push_back(1);
  j.push_back(true);
  j.emplace_back(1.78);
  std::string out;
  for (json::iterator it = j.begin(); it != j.end(); ++it) out += it->dump() + " ";
  for (auto& element : j) out += element.dump() + " ";
  EXPECT_EQ(out, "\"foo\" 1 true 1.78 \"foo\" 1 true 1.78 ");
  const auto tmp = j[0].template get<std::string>();
  EXPECT_EQ(tmp, "foo");
  j[1] = 42;
  bool foo = j.at(2).get<bool>();  // nlohmann/json: bool foo = j.at(2); (an implicit conversion)
  EXPECT_TRUE(foo);
  EXPECT_TRUE(j == json::parse(R"(["foo", 42, true, 1.78])"));
  EXPECT_EQ(j.size(), 4u);
  EXPECT_FALSE(j.empty());
  EXPECT_EQ(j.type(), json::value_t::array);
  j.clear();
  EXPECT_TRUE(j.empty());
  EXPECT_TRUE(j.is_array());

  json s = "string";
  json n = 1.5;
  json b = false;
  json nul;
  json o = json::object();
  EXPECT_TRUE(nul.is_null());
  EXPECT_TRUE(b.is_boolean());
  EXPECT_TRUE(n.is_number());
  EXPECT_TRUE(o.is_object());
  EXPECT_TRUE(j.is_array());
  EXPECT_TRUE(s.is_string());

  json obj;
  obj["foo"] = 23;
  obj["bar"] = false;
  obj["baz"] = 3.141;
  obj.emplace("weather", "sunny");
  std::string listed;
  for (json::iterator it = obj.begin(); it != obj.end(); ++it) listed += std::string(it.key()) + " : " + it.value().dump() + "\n";
  for (auto& el : obj.items()) listed += std::string(el.first) + " : " + el.second.dump() + "\n";  // nlohmann/json: el.key(), el.value()
  for (auto& [key, value] : obj.items()) listed += std::string(key) + " : " + value.dump() + "\n";
  const std::string once = "foo : 23\nbar : false\nbaz : 3.141\nweather : \"sunny\"\n";
  EXPECT_EQ(listed, once + once + once);
  EXPECT_TRUE(obj.contains("foo"));
  EXPECT_TRUE(obj.find("foo") != nullptr);  // nlohmann/json: != obj.end() (find gives an iterator there)
  EXPECT_EQ(obj.count("fob"), 0u);
  int foo_present = obj.count("foo");
  EXPECT_EQ(foo_present, 1);
  obj.erase("foo");
  EXPECT_FALSE(obj.contains("foo"));
}

TEST(NlohmannReadme, ConversionFromStlContainers) {
  // As nlohmann/json writes it (json j_vec(c_vector)), and metajson::to_value, which is the same.
  std::vector<int> c_vector{1, 2, 3, 4};
  json j_vec(c_vector);
  EXPECT_EQ(j_vec, metajson::to_value(c_vector));
  EXPECT_EQ(j_vec.dump(), "[1,2,3,4]");
  std::deque<double> c_deque{1.2, 2.3, 3.4, 5.6};
  EXPECT_EQ(metajson::to_value(c_deque).dump(), "[1.2,2.3,3.4,5.6]");
  std::list<bool> c_list{true, true, false, true};
  EXPECT_EQ(metajson::to_value(c_list).dump(), "[true,true,false,true]");
  std::set<std::string> c_set{"one", "two", "three", "four", "one"};
  EXPECT_EQ(metajson::to_value(c_set).dump(), R"(["four","one","three","two"])");
  std::map<std::string, int> c_map{{"one", 1}, {"two", 2}, {"three", 3}};
  EXPECT_EQ(metajson::to_value(c_map).dump(), R"({"one":1,"three":3,"two":2})");
  std::map<std::string, std::vector<std::set<int>>> nested{{"a", {{3, 1}, {}}}, {"b", {}}};
  EXPECT_EQ(metajson::to_value(nested).dump(), R"({"a":[[1,3],[]],"b":[]})");
  std::unordered_map<std::string, bool> c_umap{{"one", true}};
  EXPECT_EQ(metajson::to_value(c_umap).dump(), R"({"one":true})");
  // And back: get<T>() reads any of them.
  EXPECT_EQ(j_vec.get<std::vector<int>>(), c_vector);
  EXPECT_EQ(metajson::to_value(c_map).get<decltype(c_map)>(), c_map);
  EXPECT_EQ(metajson::to_value(nested).get<decltype(nested)>(), nested);
  EXPECT_EQ(metajson::to_value(c_set).get<std::set<std::string>>(), c_set);
}

TEST(NlohmannReadme, JsonPointerAndPatches) {
  using namespace metajson::literals;
  json j_original = R"({
    "baz": ["one", "two", "three"],
    "foo": "bar"
  })"_json;
  EXPECT_EQ(j_original["/baz/1"_json_pointer], "two");
  EXPECT_EQ(j_original.at_pointer("/baz/1"), "two");
  json j_patch = R"([
    { "op": "replace", "path": "/baz", "value": "boo" },
    { "op": "add", "path": "/hello", "value": ["world"] },
    { "op": "remove", "path": "/foo"}
  ])"_json;
  json j_result = j_original.patch(j_patch);
  EXPECT_EQ(j_result, R"({"baz": "boo", "hello": ["world"]})"_json);
  json back = json::diff(j_result, j_original);
  EXPECT_EQ(back, metajson::make_patch(j_result, j_original));
  EXPECT_EQ(j_result.patch(back), j_original);

  json document = R"({"a": "b", "c": {"d": "e", "f": "g"}})"_json;
  json merge = R"({"a": "z", "c": {"f": null}})"_json;
  document.merge_patch(merge);
  EXPECT_EQ(document, R"({"a": "z", "c": {"d": "e"}})"_json);
}

// What compiles the same but behaves otherwise (docs/dynamic.md lists these).
TEST(NlohmannReadme, DifferencesThatCompile) {
  json j = json::parse(R"({"b":1,"a":2})");
  EXPECT_EQ(j.dump(), R"({"b":1,"a":2})");  // insertion order (nlohmann's json sorts keys)
  j.emplace("a", 3);                          // appends a second "a" (nlohmann's keeps the first only)
  EXPECT_EQ(j.dump(), R"({"b":1,"a":2,"a":3})");
  EXPECT_EQ(j.count("a"), 2u);
  j["a"] = 4;  // assigns the first
  EXPECT_EQ(j.dump(), R"({"b":1,"a":4,"a":3})");
  EXPECT_TRUE(json::parse("1").is_int64());  // nlohmann: unsigned
  EXPECT_TRUE(json::parse("1").is_number_unsigned());
  EXPECT_EQ(thrown([] { (void)json(1.5).get<int>(); }).first, error_code::type_mismatch);  // not truncated
  const json c = j;
  EXPECT_TRUE(c["missing"].is_null());  // const: a null value
  EXPECT_EQ(json::parse("123456789012345678901234567890").dump(), "123456789012345678901234567890");
}

struct Person {
  std::string name;
  std::string address;
  int age = 0;
  bool operator==(const Person&) const = default;
};

TEST(NlohmannReadme, ArbitraryTypes) {
  // nlohmann/json needs to_json/from_json functions per type; here the struct is read and
  // written as it is declared (reflection), with the same conversions: json j = p, j.get<Person>().
  Person p{"Ned Flanders", "744 Evergreen Terrace", 60};
  json j = p;
  EXPECT_EQ(j, metajson::to_value(p));
  EXPECT_EQ(j.dump(), R"({"name":"Ned Flanders","address":"744 Evergreen Terrace","age":60})");
  auto p2 = j.get<Person>();
  EXPECT_EQ(p2, p);
  Person p3;
  j.get_to(p3);
  EXPECT_EQ(p3, p);
}

// --- conversions in and out, as nlohmann/json's ------------------------------------------------

enum class Color { red, green };
struct Spot {
  double x = 0;
  double y = 0;
  bool operator==(const Spot&) const = default;
};

// A type that converts itself to a value keeps its own conversion (the converting constructor
// would be an equally good, so ambiguous, second way).
struct Celsius {
  double degrees = 0;
  operator value() const { return std::to_string(static_cast<int>(degrees)) + " C"; }
};
// Converts to anything (as the C++23 backend's aggregate probes do).
struct Anything {
  template <class U>
  operator U() const {
    return U{};
  }
};

TEST(Idioms, ConstructsFromAnyTypeMetajsonWrites) {
  value c = Celsius{20};
  EXPECT_EQ(c, "20 C");
  value a = Anything{};
  EXPECT_TRUE(a.is_null());
  EXPECT_EQ(W(value(std::vector<int>{1, 2})), "[1,2]");
  EXPECT_EQ(W(value(std::deque<double>{1.5})), "[1.5]");
  EXPECT_EQ(W(value(std::list<bool>{true})), "[true]");
  EXPECT_EQ(W(value(std::set<std::string>{"b", "a"})), R"(["a","b"])");
  EXPECT_EQ(W(value(std::map<std::string, int>{{"a", 1}})), R"({"a":1})");
  EXPECT_EQ(W(value(std::unordered_map<const char*, double>{{"k", 0.5}})), R"({"k":0.5})");
  EXPECT_EQ(W(value(std::array<unsigned long, 2>{{1, 2}})), "[1,2]");
  EXPECT_EQ(W(value(Color::green)), R"("green")");
  EXPECT_EQ(W(value(std::optional<int>{})), "null");
  EXPECT_EQ(W(value(std::optional<int>{3})), "3");
  value p = Spot{1, 2.5};  // copy-initialization: json j = my_struct;
  EXPECT_EQ(W(p), R"({"x":1.0,"y":2.5})");
  // In braced lists, assignments and appends, as any scalar.
  value o = {{"point", Spot{0, 1}}, {"list", std::vector<int>{1, 2}}};
  EXPECT_EQ(W(o), R"({"point":{"x":0.0,"y":1.0},"list":[1,2]})");
  o["more"] = std::vector<std::string>{"a"};
  o["list"].push_back(std::vector<int>{});
  EXPECT_EQ(W(o), R"({"point":{"x":0.0,"y":1.0},"list":[1,2,[]],"more":["a"]})");
  // What cannot be written throws, as to_value's error.
  EXPECT_EQ(thrown([] { value v(std::vector<double>{std::nan("")}); }).first, error_code::non_finite_number);
  EXPECT_EQ(thrown([] { value v(std::vector<std::string>{"\xff"}); }).first, error_code::invalid_utf8);
  // The types value has constructors of its own keep them.
  EXPECT_TRUE(value(std::string("x")).is_string());
  EXPECT_TRUE(value(std::string_view("x")).is_string());
  EXPECT_TRUE(value(static_cast<short>(1)).is_int64());
  EXPECT_TRUE(value(value::array{}).is_array());
  static_assert(!std::is_convertible_v<int*, value>, "a pointer would be a bool: refused");
}

TEST(Idioms, ConvertsFromADocumentAndIntoContainersOfValues) {
  const metajson::document doc = metajson::document::parse(R"({"a":[1,"x"],"b":null})");
  value whole = doc.root();  // a node is written as its JSON
  EXPECT_EQ(W(whole), R"({"a":[1,"x"],"b":null})");
  value part(doc["a"]);
  EXPECT_EQ(W(part), R"([1,"x"])");
  std::vector<value> elements = whole["a"];
  ASSERT_EQ(elements.size(), 2u);
  EXPECT_EQ(elements[1], "x");
  std::map<std::string, value> members = whole;
  EXPECT_TRUE(members.at("b").is_null());
  std::optional<value> held = whole["a"];  // std::optional's own constructor (a copy)
  EXPECT_EQ(*held, part);
  value from_values = std::vector<value>{1, "x"};
  EXPECT_EQ(from_values, part);
}

TEST(Idioms, ConvertsImplicitlyToWhatGetReads) {
  value j = J(R"({"name":"Ned","age":60,"ok":true,"pi":3.5,"list":[1,2],"p":{"x":1,"y":2}})");
  std::string s = j["name"];
  std::string s2;
  s2 = j["name"];
  int age = j["age"];
  bool ok = j["ok"];
  double pi = j["pi"];
  std::vector<int> list = j["list"];
  Spot pt = j["p"];
  EXPECT_EQ(s, "Ned");
  EXPECT_EQ(s2, "Ned");
  EXPECT_EQ(age, 60);
  EXPECT_TRUE(ok);
  EXPECT_EQ(pi, 3.5);
  EXPECT_EQ(list, (std::vector<int>{1, 2}));
  EXPECT_EQ(pt, (Spot{1, 2}));
  // Another kind throws, as get<T>() does.
  EXPECT_EQ(thrown([&] { int n = j["name"]; (void)n; }).first, error_code::type_mismatch);
  EXPECT_EQ(thrown([&] { double d = j["ok"]; (void)d; }).first, error_code::type_mismatch);
  EXPECT_EQ(thrown([&] { std::string t = j["age"]; (void)t; }).first, error_code::type_mismatch);
  // Not to views, pointers, characters or optionals (the reason is in value.hpp).
  static_assert(!std::is_convertible_v<value, std::string_view>);
  static_assert(!std::is_convertible_v<value, const char*>);
  static_assert(!std::is_convertible_v<value, char>);
  static_assert(std::is_convertible_v<value, std::string>);
  static_assert(std::is_convertible_v<value, std::map<std::string, int>>);
}

TEST(Idioms, ComparesWithAnythingItConvertsFromBothWays) {
  value n = 1, s = "x", z;
  EXPECT_TRUE(n == 1);
  EXPECT_TRUE(1 == n);
  EXPECT_TRUE(n == 1.0);
  EXPECT_TRUE(n != 2);
  EXPECT_TRUE(2 != n);
  EXPECT_TRUE(n == 1u);
  EXPECT_FALSE(n == true);
  EXPECT_TRUE(s == "x");
  EXPECT_TRUE("x" == s);
  EXPECT_TRUE(s == std::string("x"));
  EXPECT_TRUE(s == std::string_view("x"));
  EXPECT_FALSE(s == "y");
  EXPECT_TRUE(z == nullptr);
  EXPECT_TRUE(J("[1,2]") == (std::vector<int>{1, 2}));
  EXPECT_TRUE(J(R"({"x":1.0,"y":2.0})") == (Spot{1, 2}));
  EXPECT_TRUE(J(R"("red")") == Color::red);
  // Containers of values and their iterators compare as before (value's operators take a value
  // as their first argument, never a type converted to one).
  std::vector<value> a{1, "x"}, b{1, "x"};
  EXPECT_TRUE(a == b);
  EXPECT_TRUE(a.begin() != a.end());
  std::vector<const value::member*> members;
  value o = J(R"({"b":1,"a":2})");
  for (const auto& m : o.items()) members.push_back(&m);
  std::ranges::stable_sort(members, [](auto* x, auto* y) { return x->key() < y->key(); });
  EXPECT_EQ(members[0]->key(), "a");
}

TEST(Idioms, ItemsMembersHaveKeyAndValue) {
  value o = J(R"({"a":1,"b":[2]})");
  std::string seen;
  for (auto& el : o.items()) {
    seen += std::string(el.key()) + "=" + W(el.value()) + ";";
    el.value() = 0;
  }
  EXPECT_EQ(seen, "a=1;b=[2];");
  EXPECT_EQ(W(o), R"({"a":0,"b":0})");
  for (const auto& [key, v] : std::as_const(o).items()) seen += std::string(key) + W(v);  // pairs still
  EXPECT_EQ(seen, "a=1;b=[2];a0b0");
  const value::member& m = o.items()[0];
  EXPECT_EQ(m.first, m.key());
  EXPECT_EQ(&m.second, &m.value());
}

TEST(Idioms, JsonPointerLiteral) {
  using namespace metajson::literals;
  value j = J(R"({"baz":["one","two"],"foo":{"a/b":1,"m~n":2}})");
  EXPECT_EQ(j["/baz/1"_json_pointer], "two");
  EXPECT_EQ(std::as_const(j)["/foo/a~1b"_json_pointer], 1);
  EXPECT_EQ(j.at("/foo/m~0n"_json_pointer), 2);
  EXPECT_TRUE(j.contains("/baz/0"_json_pointer));
  EXPECT_FALSE(j.contains("/baz/2"_json_pointer));
  EXPECT_EQ("/baz/1"_json_pointer.to_string(), "/baz/1");
  EXPECT_EQ(thrown([&] { (void)std::as_const(j)["/nope"_json_pointer]; }).first, error_code::pointer_not_found);
  EXPECT_EQ(thrown([&] { (void)j.at("/baz/9"_json_pointer); }).first, error_code::pointer_not_found);
  EXPECT_EQ(thrown([] { (void)"no/slash"_json_pointer; }).first, error_code::invalid_pointer);
  // Non-const: created when missing, as nlohmann/json does.
  value n;
  n["/a/b"_json_pointer] = 1;           // null -> object
  n["/list/0"_json_pointer] = "x";      // null -> array (an index), the size appends
  n["/list/-"_json_pointer] = true;     // "-" appends
  n["/list/0"_json_pointer] = "y";      // found: assigned
  n["/a/c/0/d"_json_pointer] = 2.5;
  EXPECT_EQ(W(n), R"({"a":{"b":1,"c":[{"d":2.5}]},"list":["y",true]})");
  // Past the end: an error that says so, nothing padded (a stray index must not allocate gigabytes).
  const auto far = thrown([&] { n["/list/99999999999"_json_pointer] = 1; });
  EXPECT_EQ(far.first, error_code::pointer_not_found);
  EXPECT_NE(far.second.find("an array of 2 elements, where an element can be added at index 2 at most"), std::string::npos) << far.second;
  EXPECT_EQ(&n["/a/b"_json_pointer], &n["a"]["b"]);  // found, not created again
  EXPECT_EQ(thrown([&] { n["/a/b/c"_json_pointer] = 1; }).first, error_code::pointer_not_found);  // 1 holds no "c"
  EXPECT_EQ(thrown([&] { n["/list/x"_json_pointer] = 1; }).first, error_code::pointer_not_found);
  EXPECT_EQ(W(n), R"({"a":{"b":1,"c":[{"d":2.5}]},"list":["y",true]})");
}

TEST(Idioms, StreamExtractionReadsOneValueAtATime) {
  std::istringstream in(" {\"a\":[1,{\"b\":\"]}\\\"\"}]}\n[3]\"x\\\"y\" 42,true\tnull -1.5e3");
  value a, b, c, d, e, f, g;
  in >> a >> b >> c >> d;
  EXPECT_EQ(W(a), R"({"a":[1,{"b":"]}\""}]})");
  EXPECT_EQ(W(b), "[3]");
  EXPECT_EQ(c, "x\"y");
  EXPECT_EQ(d, 42);
  EXPECT_EQ(in.get(), ',');
  in >> e >> f >> g;
  EXPECT_EQ(e, true);
  EXPECT_TRUE(f.is_null());
  EXPECT_EQ(g, -1500.0);
  EXPECT_TRUE(in.eof());
  // Nothing left, or a bad value: metajson::error, the stream failed, the value unchanged.
  value h = 7;
  EXPECT_EQ(thrown([&] { in >> h; }).first, error_code::unexpected_end);
  EXPECT_EQ(h, 7);
  std::istringstream bad("[1,]");
  EXPECT_EQ(thrown([&] { bad >> h; }).first, error_code::syntax_error);
  EXPECT_TRUE(bad.fail());
  EXPECT_EQ(h, 7);
  std::istringstream truncated(R"({"a":[1,2)");
  EXPECT_EQ(thrown([&] { truncated >> h; }).first, error_code::unexpected_end);
  std::istringstream open_string("\"abc");
  EXPECT_EQ(thrown([&] { open_string >> h; }).first, error_code::unexpected_end);
  std::istringstream bad_utf8("\"\xff\"");
  EXPECT_EQ(thrown([&] { bad_utf8 >> h; }).first, error_code::invalid_utf8);
}

TEST(Idioms, DiffIsMakePatch) {
  value a = J(R"({"a":1,"b":[1,2]})"), b = J(R"({"a":2,"b":[1]})");
  EXPECT_EQ(value::diff(a, b), metajson::make_patch(a, b));
  EXPECT_EQ(a.patch(value::diff(a, b)), b);
}

}  // namespace

// --- nlohmann/json's to_json / from_json functions, found by argument-dependent lookup ----------

namespace hooked {
// Written with other keys than its members' names, so a test tells the hooks from reflection.
struct Person {
  std::string name;
  int age = 0;
  bool operator==(const Person&) const = default;
};
void to_json(metajson::value& j, const Person& p) { j = {{"full_name", p.name}, {"years", p.age}}; }
void from_json(const metajson::value& j, Person& p) {
  j.at("full_name").get_to(p.name);
  j.at("years").get_to(p.age);
  if (p.age < 0) throw std::invalid_argument("years must not be negative");
}
// Hooks that return something are hooks all the same.
struct Tagged {
  int n = 0;
};
metajson::value& to_json(metajson::value& j, const Tagged& t) { return j = {{"tagged", t.n}}; }
bool from_json(const metajson::value& j, Tagged& t) {
  t.n = j.at("tagged").get<int>();
  return true;
}
// A hook that throws something that is not a std::exception.
struct Odd {
  int n = 0;
};
void to_json(metajson::value& j, const Odd& o) {
  if (o.n < 0) throw 42;
  j = o.n;
}
void from_json(const metajson::value& j, Odd& o) {
  o.n = j.get<int>();
  if (o.n < 0) throw 42;
}
struct Team {  // reflected, with hooked members
  std::string title;
  std::vector<Person> members;
  bool operator==(const Team&) const = default;
};
}  // namespace hooked

namespace {

TEST(Idioms, NlohmannToJsonAndFromJsonFunctionsAreUsed) {
  using metajson::value;
  const hooked::Person ned{"Ned", 60};
  value j = ned;
  EXPECT_EQ(metajson::to_json(j), R"({"full_name":"Ned","years":60})");
  EXPECT_EQ(j.get<hooked::Person>(), ned);
  hooked::Person back = j;
  EXPECT_EQ(back, ned);
  // Everywhere the type appears, and by every entry point: the typed writer and reader too.
  const hooked::Team team{"t", {ned, {"Maude", 40}}};
  const std::string text = metajson::to_json(team);
  EXPECT_EQ(text, R"({"title":"t","members":[{"full_name":"Ned","years":60},{"full_name":"Maude","years":40}]})");
  EXPECT_EQ(metajson::from<hooked::Team>(text), team);
  EXPECT_EQ(value(team).get<hooked::Team>(), team);
  // What the hook throws refuses the value, at its path.
  auto missing = metajson::try_from<hooked::Team>(R"({"title":"t","members":[{"full_name":"Ned","years":60},{"full_name":"X"}]})");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code(), error_code::not_found);
  EXPECT_EQ(missing.error().path(), "$.members[1]");
  auto negative = metajson::try_from<hooked::Team>(R"({"title":"t","members":[{"full_name":"X","years":-1}]})");
  ASSERT_FALSE(negative);
  EXPECT_EQ(negative.error().code(), error_code::invalid_value);
  EXPECT_EQ(negative.error().path(), "$.members[0]");
  EXPECT_NE(negative.error().message().find("years must not be negative"), std::string::npos) << negative.error().message();
  auto kind = metajson::try_from<hooked::Person>(R"({"full_name":1,"years":1})");
  ASSERT_FALSE(kind);
  EXPECT_EQ(kind.error().code(), error_code::type_mismatch);
  EXPECT_EQ(thrown([] { (void)metajson::from<value>("[1]").get<hooked::Person>(); }).first, error_code::type_mismatch);
  EXPECT_EQ(metajson::to_json(hooked::Tagged{3}), R"({"tagged":3})");
  EXPECT_EQ(metajson::from<hooked::Tagged>(R"({"tagged":4})").n, 4);
  // Any exception a hook throws is an error, never the end of the program.
  auto odd_read = metajson::try_from<std::vector<hooked::Odd>>("[1,-1]");
  ASSERT_FALSE(odd_read);
  EXPECT_EQ(odd_read.error().code(), error_code::invalid_value);
  EXPECT_EQ(odd_read.error().path(), "$[1]");
  EXPECT_NE(odd_read.error().message().find("not a std::exception"), std::string::npos) << odd_read.error().message();
  auto odd_write = metajson::try_to_json(std::vector<hooked::Odd>{{1}, {-1}});
  ASSERT_FALSE(odd_write);
  EXPECT_EQ(odd_write.error().code(), error_code::invalid_value);
  EXPECT_EQ(odd_write.error().path(), "$[1]");
}

}  // namespace

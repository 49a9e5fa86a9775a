// JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7396): every example of both RFCs, the traps
// the RFCs' examples miss (pointers, numbers, duplicates, atomicity), and properties over random
// documents (a patch made from two values turns the first into the second; a failed patch leaves
// its document as it was).
#include <metajson/metajson.hpp>
#include <metajson/patch.hpp>

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace {

using metajson::error_code;
using metajson::value;

value J(std::string_view text) { return metajson::from<value>(text); }
std::string W(const value& v) { return metajson::to_json(v); }

struct patch_case {
  const char* name;
  const char* doc;
  const char* patch;
  const char* result;  // nullptr: the patch fails
};

// RFC 6902 Appendix A, A.1 to A.16, as written there.
const patch_case rfc6902[] = {
    {"A.1 adding an object member", R"({"foo": "bar"})", R"([{ "op": "add", "path": "/baz", "value": "qux" }])", R"({"baz": "qux", "foo": "bar"})"},
    {"A.2 adding an array element", R"({"foo": [ "bar", "baz" ]})", R"([{ "op": "add", "path": "/foo/1", "value": "qux" }])",
     R"({"foo": [ "bar", "qux", "baz" ]})"},
    {"A.3 removing an object member", R"({"baz": "qux", "foo": "bar"})", R"([{ "op": "remove", "path": "/baz" }])", R"({"foo": "bar"})"},
    {"A.4 removing an array element", R"({"foo": [ "bar", "qux", "baz" ]})", R"([{ "op": "remove", "path": "/foo/1" }])", R"({"foo": [ "bar", "baz" ]})"},
    {"A.5 replacing a value", R"({"baz": "qux", "foo": "bar"})", R"([{ "op": "replace", "path": "/baz", "value": "boo" }])",
     R"({"baz": "boo", "foo": "bar"})"},
    {"A.6 moving a value", R"({"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}})",
     R"([{ "op": "move", "from": "/foo/waldo", "path": "/qux/thud" }])",
     R"({"foo": {"bar": "baz"}, "qux": {"corge": "grault", "thud": "fred"}})"},
    {"A.7 moving an array element", R"({"foo": [ "all", "grass", "cows", "eat" ]})", R"([{ "op": "move", "from": "/foo/1", "path": "/foo/3" }])",
     R"({"foo": [ "all", "cows", "eat", "grass" ]})"},
    {"A.8 testing a value: success", R"({"baz": "qux", "foo": [ "a", 2, "c" ]})",
     R"([{ "op": "test", "path": "/baz", "value": "qux" }, { "op": "test", "path": "/foo/1", "value": 2 }])",
     R"({"baz": "qux", "foo": [ "a", 2, "c" ]})"},
    {"A.9 testing a value: error", R"({ "baz": "qux" })", R"([{ "op": "test", "path": "/baz", "value": "bar" }])", nullptr},
    {"A.10 adding a nested member object", R"({ "foo": "bar" })", R"([{ "op": "add", "path": "/child", "value": { "grandchild": { } } }])",
     R"({"foo": "bar", "child": {"grandchild": {}}})"},
    {"A.11 ignoring unrecognized elements", R"({ "foo": "bar" })", R"([{ "op": "add", "path": "/baz", "value": "qux", "xyz": 123 }])",
     R"({"foo": "bar", "baz": "qux"})"},
    {"A.12 adding to a nonexistent target", R"({ "foo": "bar" })", R"([{ "op": "add", "path": "/baz/bat", "value": "qux" }])", nullptr},
    {"A.13 invalid JSON Patch document", R"({ "foo": "bar" })", R"([{ "op": "add", "path": "/baz", "value": "qux", "op": "remove" }])", nullptr},
    {"A.14 ~ escape ordering", R"({"/": 9, "~1": 10})", R"([{"op": "test", "path": "/~01", "value": 10}])", R"({"/": 9, "~1": 10})"},
    {"A.15 comparing strings and numbers", R"({"/": 9, "~1": 10})", R"([{"op": "test", "path": "/~01", "value": "10"}])", nullptr},
    {"A.16 adding an array value", R"({ "foo": ["bar"] })", R"([{ "op": "add", "path": "/foo/-", "value": ["abc", "def"] }])",
     R"({"foo": ["bar", ["abc", "def"]]})"},
};

void check(const patch_case& c) {
  const value doc = J(c.doc);
  const value ops = J(c.patch);
  const auto r = metajson::try_patch(doc, ops);
  value in_place = doc;
  const metajson::error e = metajson::try_patch_in_place(in_place, ops);
  if (c.result) {
    ASSERT_TRUE(r) << c.name << ": " << r.error().message();
    EXPECT_EQ(*r, J(c.result)) << c.name << ": " << W(*r);
    EXPECT_FALSE(e) << c.name;
    EXPECT_TRUE(identical(in_place, *r)) << c.name;
  } else {
    EXPECT_FALSE(r) << c.name << ": " << W(*r);
    EXPECT_TRUE(e) << c.name;
    EXPECT_TRUE(identical(in_place, doc)) << c.name;  // all or nothing
  }
}

TEST(JsonPatch, Rfc6902AppendixA) {
  for (const auto& c : rfc6902) check(c);
}

// RFC 6902 section 4's operations, each in a document where it applies.
TEST(JsonPatch, Rfc6902Section4) {
  const patch_case cases[] = {
      {"4.1 add", R"({"a":{"b":{}}})", R"([{ "op": "add", "path": "/a/b/c", "value": [ "foo", "bar" ] }])", R"({"a":{"b":{"c":["foo","bar"]}}})"},
      {"4.2 remove", R"({"a":{"b":{"c":1}}})", R"([{ "op": "remove", "path": "/a/b/c" }])", R"({"a":{"b":{}}})"},
      {"4.3 replace", R"({"a":{"b":{"c":1}}})", R"([{ "op": "replace", "path": "/a/b/c", "value": 42 }])", R"({"a":{"b":{"c":42}}})"},
      {"4.4 move", R"({"a":{"b":{"c":1},"d":{}}})", R"([{ "op": "move", "from": "/a/b/c", "path": "/a/b/d" }])", R"({"a":{"b":{"d":1},"d":{}}})"},
      {"4.5 copy", R"({"a":{"b":{"c":1}}})", R"([{ "op": "copy", "from": "/a/b/c", "path": "/a/b/e" }])", R"({"a":{"b":{"c":1,"e":1}}})"},
      {"4.6 test", R"({"a":{"b":{"c":"foo"}}})", R"([{ "op": "test", "path": "/a/b/c", "value": "foo" }])", R"({"a":{"b":{"c":"foo"}}})"},
      {"4.6 test an object, any order", R"({"o":{"x":1,"y":[1,2]}})", R"([{ "op": "test", "path": "/o", "value": {"y":[1,2],"x":1} }])",
       R"({"o":{"x":1,"y":[1,2]}})"},
      {"4.6 test an array, in order", R"({"a":[1,2]})", R"([{ "op": "test", "path": "/a", "value": [2,1] }])", nullptr},
  };
  for (const auto& c : cases) check(c);
}

TEST(JsonPatch, Traps) {
  const patch_case cases[] = {
      // pointers
      {"~01 is the key ~1", R"({"~1":1,"/":2})", R"([{"op":"remove","path":"/~01"}])", R"({"/":2})"},
      {"~2 is no escape", R"({"a":1})", R"([{"op":"remove","path":"/~2"}])", nullptr},
      {"a trailing ~", R"({"a":1})", R"([{"op":"remove","path":"/a~"}])", nullptr},
      {"/ is the key \"\"", R"({"":1,"a":2})", R"([{"op":"remove","path":"/"}])", R"({"a":2})"},
      {"01 is no index", R"({"a":[1,2]})", R"([{"op":"remove","path":"/a/01"}])", nullptr},
      {"01 is a key", R"({"a":{"01":1}})", R"([{"op":"remove","path":"/a/01"}])", R"({"a":{}})"},
      {"1e0 is no index", R"({"a":[1,2]})", R"([{"op":"replace","path":"/a/1e0","value":0}])", nullptr},
      {"-1 is no index", R"({"a":[1,2]})", R"([{"op":"add","path":"/a/-1","value":0}])", nullptr},
      {"- appends", R"({"a":[1]})", R"([{"op":"add","path":"/a/-","value":2}])", R"({"a":[1,2]})"},
      {"- is not for remove", R"({"a":[1]})", R"([{"op":"remove","path":"/a/-"}])", nullptr},
      {"- is not for replace", R"({"a":[1]})", R"([{"op":"replace","path":"/a/-","value":2}])", nullptr},
      {"- as the target of copy", R"({"a":[1]})", R"([{"op":"copy","from":"/a/0","path":"/a/-"}])", R"({"a":[1,1]})"},
      {"not a pointer", R"({"a":1})", R"([{"op":"remove","path":"a"}])", nullptr},
      // add
      {"add at the size appends", R"([1,2])", R"([{"op":"add","path":"/2","value":3}])", "[1,2,3]"},
      {"add beyond the size", R"([1,2])", R"([{"op":"add","path":"/3","value":3}])", nullptr},
      {"add replaces a member", R"({"a":1})", R"([{"op":"add","path":"/a","value":2}])", R"({"a":2})"},
      {"add replaces the first of two", R"({"a":1,"a":2})", R"([{"op":"add","path":"/a","value":3}])", R"({"a":3,"a":2})"},
      {"add the whole document", R"({"a":1})", R"([{"op":"add","path":"","value":[1]}])", "[1]"},
      {"add into a scalar", R"({"a":1})", R"([{"op":"add","path":"/a/b","value":1}])", nullptr},
      {"value null is a value", R"({})", R"([{"op":"add","path":"/a","value":null}])", R"({"a":null})"},
      {"value missing", R"({})", R"([{"op":"add","path":"/a"}])", nullptr},
      // remove, replace
      {"remove the whole document", R"({"a":1})", R"([{"op":"remove","path":""}])", nullptr},
      {"remove what is not there", R"({"a":1})", R"([{"op":"remove","path":"/b"}])", nullptr},
      {"replace what is not there", R"({"a":1})", R"([{"op":"replace","path":"/b","value":1}])", nullptr},
      {"replace the whole document", R"({"a":1})", R"([{"op":"replace","path":"","value":"x"}])", R"("x")"},
      // move, copy
      {"move into a child", R"({"a":{"b":1}})", R"([{"op":"move","from":"/a","path":"/a/c"}])", nullptr},
      {"move to a sibling with a common prefix", R"({"a":1})", R"([{"op":"move","from":"/a","path":"/ab"}])", R"({"ab":1})"},
      {"move onto itself", R"({"a":{"b":1}})", R"([{"op":"move","from":"/a","path":"/a"}])", R"({"a":{"b":1}})"},
      {"move within an array, read after the removal", R"([1,2,3])", R"([{"op":"move","from":"/0","path":"/2"}])", "[2,3,1]"},
      {"move beyond after the removal", R"([1,2,3])", R"([{"op":"move","from":"/0","path":"/3"}])", nullptr},
      {"move from what is not there", R"({})", R"([{"op":"move","from":"/x","path":"/y"}])", nullptr},
      {"copy a container", R"({"a":{"b":[1]}})", R"([{"op":"copy","from":"/a","path":"/c"},{"op":"add","path":"/c/b/-","value":2}])",
       R"({"a":{"b":[1]},"c":{"b":[1,2]}})"},
      // test: numbers by value, strings decoded, nothing through a double
      {"1 is 1.0", R"({"a":1})", R"([{"op":"test","path":"/a","value":1.0}])", R"({"a":1})"},
      {"1 is 1e0", R"({"a":1})", R"([{"op":"test","path":"/a","value":1e0}])", R"({"a":1})"},
      {"-0 is 0", R"({"a":-0.0})", R"([{"op":"test","path":"/a","value":0}])", R"({"a":-0.0})"},
      {"true is not 1", R"({"a":true})", R"([{"op":"test","path":"/a","value":1}])", nullptr},
      {"2^53+1 is not 2^53", R"({"a":9007199254740993})", R"([{"op":"test","path":"/a","value":9007199254740992.0}])", nullptr},
      {"big numbers by value", R"({"a":1e400})", R"([{"op":"test","path":"/a","value":10E399}])", R"({"a":1e400})"},
      {"escaped strings", R"({"a":"\u00e9"})", R"([{"op":"test","path":"/a","value":"é"}])", R"({"a":"é"})"},
      {"null is not absent", R"({"a":null})", R"([{"op":"test","path":"/b","value":null}])", nullptr},
      // operations themselves
      {"unknown op", R"({})", R"([{"op":"spam","path":"/a"}])", nullptr},
      {"op not a string", R"({})", R"([{"op":1,"path":"/a"}])", nullptr},
      {"path not a string", R"({})", R"([{"op":"remove","path":1}])", nullptr},
      {"path missing", R"({})", R"([{"op":"remove"}])", nullptr},
      {"from missing", R"({"a":1})", R"([{"op":"copy","path":"/b"}])", nullptr},
      {"path twice", R"({"a":1,"b":2})", R"([{"op":"remove","path":"/a","path":"/b"}])", nullptr},
      {"an operation not an object", R"({})", R"([1])", nullptr},
      {"the patch not an array", R"({})", R"({"op":"add","path":"/a","value":1})", nullptr},
      {"no operation", R"({"a":1})", R"([])", R"({"a":1})"},
  };
  for (const auto& c : cases) check(c);
}

TEST(JsonPatch, ErrorsNameTheOperation) {
  const value doc = J(R"({"a":{"b":1},"l":[1]})");
  const auto message = [&](const char* ops) { return metajson::try_patch(doc, J(ops)).error().message(); };
  EXPECT_EQ(message(R"([{"op":"test","path":"/a/b","value":1},{"op":"test","path":"/a/b","value":2}])"),
            R"(JSON Patch test failed (operation 1 (test "/a/b"): the value there is not the one tested) at $.a.b)");
  EXPECT_EQ(message(R"([{"op":"remove","path":"/a/c/d"}])"),
            R"(JSON Pointer does not resolve (operation 0 (remove "/a/c/d"): "/a/c/d" resolves as far as "/a", an object without the key "c") at $.a)");
  EXPECT_EQ(message(R"([{"op":"add","path":"/l/5","value":0}])"),
            R"(JSON Pointer does not resolve (operation 0 (add "/l/5"): "/l/5" resolves as far as "/l", an array of 1 element, where an element can be added at index 1 at most) at $.l)");
  EXPECT_EQ(message(R"([{"op":"move","from":"/a","path":"/a/x"}])"),
            R"(invalid JSON Patch (operation 0 (move "/a/x"): "from" ("/a") is a proper prefix of "path": a value cannot move into itself) at $)");
  EXPECT_EQ(message(R"([{"op":"jump","path":"/a"}])"),
            R"(invalid JSON Patch (operation 0 (jump "/a"): "jump" is no operation (add, remove, replace, move, copy, test)) at $[0])");
  EXPECT_EQ(message(R"([{"op":"add","path":"/x","value":1,"value":2}])"),
            R"(invalid JSON Patch (operation 0 (add "/x"): the member "value" appears twice) at $[0])");
  EXPECT_EQ(message(R"({})"), "invalid JSON Patch (a JSON Patch is an array of operations) at $");
  EXPECT_EQ(metajson::try_patch(doc, J(R"([{"op":"remove","path":"/~9"}])")).error().code(), error_code::invalid_pointer);
  EXPECT_THROW(metajson::patch(doc, J("[1]")), metajson::error);
  value d = doc;
  EXPECT_THROW(metajson::patch_in_place(d, J("[1]")), metajson::error);
}

// A patch that fails at its fifth operation leaves the document as it was: every kind of step
// before it is undone, the last first.
TEST(JsonPatch, AllOrNothing) {
  const value doc = J(R"({"a":{"b":[1,2,3],"c":"x"},"d":[{"e":1}],"k":1,"k":2})");
  const value ops = J(R"([
    {"op":"add","path":"/a/b/1","value":9},
    {"op":"remove","path":"/a/c"},
    {"op":"move","from":"/d/0","path":"/a/moved"},
    {"op":"replace","path":"/k","value":[1]},
    {"op":"copy","from":"/a","path":"/d/-"},
    {"op":"add","path":"","value":{"whole":true}},
    {"op":"add","path":"/whole2","value":0},
    {"op":"remove","path":"/nope"}
  ])");
  value in_place = doc;
  const metajson::error e = metajson::try_patch_in_place(in_place, ops);
  ASSERT_TRUE(e);
  EXPECT_EQ(e.message(), R"(JSON Pointer does not resolve (operation 7 (remove "/nope"): "/nope" resolves as far as "" (the whole document), an object without the key "nope") at $)");
  EXPECT_TRUE(identical(in_place, doc)) << W(in_place);
  // And without the last operation it applies, in order.
  value shorter = ops;
  shorter.as_array().pop_back();
  EXPECT_EQ(W(metajson::patch(doc, shorter)), R"({"whole":true,"whole2":0})");
  value five = ops;
  five.as_array().resize(5);
  EXPECT_EQ(W(metajson::patch(doc, five)),
            R"({"a":{"b":[1,9,2,3],"moved":{"e":1}},"d":[{"b":[1,9,2,3],"moved":{"e":1}}],"k":[1],"k":2})");
}

// RFC 7396 section 3's example and Appendix A's fifteen, as written there.
TEST(MergePatch, Rfc7396) {
  const patch_case cases[] = {
      {"section 3", R"({"title": "Goodbye!", "author" : {"givenName" : "John", "familyName" : "Doe"}, "tags":[ "example", "sample" ], "content": "This will be unchanged"})",
       R"({"title": "Hello!", "phoneNumber": "+01-123-456-7890", "author": {"familyName": null}, "tags": [ "example" ]})",
       R"({"title": "Hello!", "author" : {"givenName" : "John"}, "tags": [ "example" ], "content": "This will be unchanged", "phoneNumber": "+01-123-456-7890"})"},
      {"A 1", R"({"a":"b"})", R"({"a":"c"})", R"({"a":"c"})"},
      {"A 2", R"({"a":"b"})", R"({"b":"c"})", R"({"a":"b","b":"c"})"},
      {"A 3", R"({"a":"b"})", R"({"a":null})", R"({})"},
      {"A 4", R"({"a":"b","b":"c"})", R"({"a":null})", R"({"b":"c"})"},
      {"A 5", R"({"a":["b"]})", R"({"a":"c"})", R"({"a":"c"})"},
      {"A 6", R"({"a":"c"})", R"({"a":["b"]})", R"({"a":["b"]})"},
      {"A 7", R"({"a": {"b": "c"}})", R"({"a": {"b": "d", "c": null}})", R"({"a": {"b": "d"}})"},
      {"A 8", R"({"a": [{"b":"c"}]})", R"({"a": [1]})", R"({"a": [1]})"},
      {"A 9", R"(["a","b"])", R"(["c","d"])", R"(["c","d"])"},
      {"A 10", R"({"a":"b"})", R"(["c"])", R"(["c"])"},
      {"A 11", R"({"a":"foo"})", "null", "null"},
      {"A 12", R"({"a":"foo"})", R"("bar")", R"("bar")"},
      {"A 13", R"({"e":null})", R"({"a":1})", R"({"e":null,"a":1})"},
      {"A 14", R"([1,2])", R"({"a":"b","c":null})", R"({"a":"b"})"},
      {"A 15", R"({})", R"({"a":{"bb":{"ccc":null}}})", R"({"a":{"bb":{}}})"},
  };
  for (const auto& c : cases) {
    const value r = metajson::merge_patch(J(c.doc), J(c.patch));
    EXPECT_TRUE(identical(r, J(c.result))) << c.name << ": " << W(r);
    value in_place = J(c.doc);
    metajson::merge_patch_in_place(in_place, J(c.patch));
    EXPECT_TRUE(identical(in_place, r)) << c.name;
  }
}

TEST(MergePatch, DuplicatesOrderAndRefusals) {
  // New members at the end in the patch's order; members there keep their place.
  EXPECT_EQ(W(metajson::merge_patch(J(R"({"a":1,"b":2})"), J(R"({"z":0,"a":3,"y":{"q":null,"r":1}})"))), R"({"a":3,"b":2,"z":0,"y":{"r":1}})");
  // A key twice in the target: null removes both; a value goes to the first, the other removed.
  EXPECT_EQ(W(metajson::merge_patch(J(R"({"k":1,"x":0,"k":2})"), J(R"({"k":null})"))), R"({"x":0})");
  EXPECT_EQ(W(metajson::merge_patch(J(R"({"k":1,"x":0,"k":2})"), J(R"({"k":3})"))), R"({"k":3,"x":0})");
  EXPECT_EQ(W(metajson::merge_patch(J(R"({"k":{"a":1},"k":2})"), J(R"({"k":{"b":2}})"))), R"({"k":{"a":1,"b":2}})");
  // make_merge_patch refuses what no merge patch can make.
  const auto null_member = metajson::try_make_merge_patch(J(R"({"a":1})"), J(R"({"a":{"b":null}})"));
  ASSERT_FALSE(null_member);
  EXPECT_EQ(null_member.error().message(),
            "invalid value for its type (no merge patch can give this target: $.a.b is null (a merge patch's null removes a member; use a JSON Patch: make_patch)) at $");
  EXPECT_FALSE(metajson::try_make_merge_patch(J("{}"), J(R"({"a":1,"a":2})")));
  EXPECT_TRUE(metajson::try_make_merge_patch(J("{}"), J(R"({"a":[null]})")));  // arrays are replaced whole
  EXPECT_EQ(W(metajson::make_merge_patch(J(R"({"a":1,"b":{"c":1,"d":2}})"), J(R"({"b":{"c":1,"d":3},"e":[]})"))), R"({"a":null,"b":{"d":3},"e":[]})");
  EXPECT_EQ(W(metajson::make_merge_patch(J("[1]"), J("null"))), "null");
}

TEST(JsonPatch, MakePatchExamples) {
  EXPECT_EQ(W(metajson::make_patch(J(R"({"a":1,"b":[1,2,3]})"), J(R"({"b":[1,5],"c":{"x":1}})"))),
            R"([{"op":"remove","path":"/a"},{"op":"replace","path":"/b/1","value":5},{"op":"remove","path":"/b/2"},{"op":"add","path":"/c","value":{"x":1}}])");
  EXPECT_EQ(W(metajson::make_patch(J(R"({"a/b":{"~":1}})"), J(R"({"a/b":{"~":2}})"))), R"([{"op":"replace","path":"/a~1b/~0","value":2}])");
  EXPECT_EQ(W(metajson::make_patch(J("[1]"), J("[1,[2],3]"))), R"([{"op":"add","path":"/-","value":[2]},{"op":"add","path":"/-","value":3}])");
  EXPECT_EQ(W(metajson::make_patch(J("1"), J("1.0"))), R"([{"op":"replace","path":"","value":1.0}])");  // the kind too
  EXPECT_EQ(W(metajson::make_patch(J(R"({"a":1,"b":2})"), J(R"({"b":2,"a":1})"))), "[]");              // order is no difference
  EXPECT_EQ(W(metajson::make_patch(J(R"({"k":1,"k":2})"), J(R"({"k":1})"))), R"([{"op":"replace","path":"","value":{"k":1}}])");
}

// Random documents, and random changes of them.
struct generator {
  std::mt19937_64 rng;
  int depth = 0;
  std::string key() {
    static const char* const keys[] = {"a", "b", "c", "", "a/b", "~", "~1", "0", "01", "-", "é", "x y"};
    return keys[rng() % std::size(keys)];
  }
  value scalar() {
    switch (rng() % 8) {
      case 0: return nullptr;
      case 1: return rng() % 2 == 0;
      case 2: return static_cast<std::int64_t>(rng() % 7) - 3;
      case 3: return static_cast<double>(rng() % 5) / 2;
      case 4: return value(value::big_number{"1e400"});
      case 5: return std::string(rng() % 20, 'x');
      default: return key();
    }
  }
  value any() {
    const auto r = depth > 3 ? 0 : rng() % 4;
    if (r < 2) return scalar();
    ++depth;
    value v;
    if (r == 2) {
      v = value::array{};
      for (auto n = rng() % 5; n > 0; --n) v.push_back(any());
    } else {
      v = value::object{};
      for (auto n = rng() % 5; n > 0; --n) {
        const std::string k = key();
        if (!v.contains(k)) v.emplace(k, any());
      }
    }
    --depth;
    return v;
  }
  // b: a with some changes (so that diffs are small as well as large).
  value change(const value& a) {
    if (rng() % 5 == 0) return any();
    if (a.is_array()) {
      value b = value::array{};
      for (const value& e : a.as_array())
        if (rng() % 4 != 0) b.push_back(change(e));
      if (rng() % 3 == 0) b.push_back(any());
      return b;
    }
    if (a.is_object()) {
      value b = value::object{};
      for (const auto& [k, e] : a.as_object())
        if (rng() % 4 != 0) b.emplace(k, change(e));
      const std::string k = key();
      if (rng() % 3 == 0 && !b.contains(k)) b.emplace(k, any());
      return b;
    }
    return rng() % 2 ? a : scalar();
  }
};

TEST(JsonPatch, MadePatchesApply) {
  generator g{std::mt19937_64(41)};
  for (int i = 0; i < 3000; ++i) {
    const value a = g.any();
    const value b = g.change(a);
    const value ops = metajson::make_patch(a, b);
    const auto r = metajson::try_patch(a, ops);
    ASSERT_TRUE(r) << W(a) << " -> " << W(b) << ": " << r.error().message();
    ASSERT_EQ(*r, b) << W(a) << " -> " << W(b) << " by " << W(ops) << " gave " << W(*r);
    // merge patches, where one can be made
    if (const auto m = metajson::try_make_merge_patch(a, b)) {
      const value merged = metajson::merge_patch(a, *m);
      ASSERT_EQ(merged, b) << W(a) << " -> " << W(b) << " by " << W(*m) << " gave " << W(merged);
    }
  }
}

TEST(JsonPatch, FailedPatchesLeaveTheDocument) {
  generator g{std::mt19937_64(7)};
  for (int i = 0; i < 2000; ++i) {
    const value a = g.any();
    const value b = g.change(a);
    value ops = metajson::make_patch(a, b);
    const std::size_t n = ops.size();
    // A failing operation somewhere in it.
    const std::size_t at = n == 0 ? 0 : g.rng() % (n + 1);
    ops.as_array().insert(ops.as_array().begin() + at, J(R"({"op":"test","path":"/no/such","value":1})"));
    value in_place = a;
    ASSERT_TRUE(metajson::try_patch_in_place(in_place, ops));
    ASSERT_TRUE(identical(in_place, a)) << W(a) << " by " << W(ops) << " left " << W(in_place);
  }
}

}  // namespace

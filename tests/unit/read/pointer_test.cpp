// JSON Pointer reads (pointer.hpp): RFC 6901's examples, escapes in the pointer and in the
// document's keys, array indices, the errors word for word, the whole document validated around
// the value, duplicate keys on the path, and agreement with reading the whole document into
// metajson::value and walking it (also built with the smallest index buffer: every document
// refills it at every position, and last_wins' pin makes it grow).
#include <metajson/value.hpp>
#include <metajson/pointer.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace {

using metajson::error_code;
using metajson::value;

template <class T, metajson::options O = metajson::options{}>
T at(std::string_view json, std::string_view ptr) {
  auto r = metajson::try_from_pointer<T, O>(json, ptr);
  EXPECT_TRUE(r.has_value()) << ptr << ": " << (r ? "" : r.error().message());
  return r ? *r : T{};
}

template <class T = value, metajson::options O = metajson::options{}>
metajson::error fails(std::string_view json, std::string_view ptr) {
  auto r = metajson::try_from_pointer<T, O>(json, ptr);
  EXPECT_FALSE(r.has_value()) << ptr;
  return r ? metajson::error{} : r.error();
}

// RFC 6901, section 5.
constexpr std::string_view rfc_doc = R"({
      "foo": ["bar", "baz"],
      "": 0,
      "a/b": 1,
      "c%d": 2,
      "e^f": 3,
      "g|h": 4,
      "i\\j": 5,
      "k\"l": 6,
      " ": 7,
      "m~n": 8
   })";

TEST(Pointer, Rfc6901Examples) {
  EXPECT_EQ(at<value>(rfc_doc, ""), metajson::from<value>(rfc_doc));
  EXPECT_EQ((at<std::vector<std::string>>(rfc_doc, "/foo")), (std::vector<std::string>{"bar", "baz"}));
  EXPECT_EQ(at<std::string>(rfc_doc, "/foo/0"), "bar");
  EXPECT_EQ(at<int>(rfc_doc, "/"), 0);
  EXPECT_EQ(at<int>(rfc_doc, "/a~1b"), 1);
  EXPECT_EQ(at<int>(rfc_doc, "/c%d"), 2);
  EXPECT_EQ(at<int>(rfc_doc, "/e^f"), 3);
  EXPECT_EQ(at<int>(rfc_doc, "/g|h"), 4);
  EXPECT_EQ(at<int>(rfc_doc, "/i\\j"), 5);
  EXPECT_EQ(at<int>(rfc_doc, "/k\"l"), 6);
  EXPECT_EQ(at<int>(rfc_doc, "/ "), 7);
  EXPECT_EQ(at<int>(rfc_doc, "/m~0n"), 8);
  EXPECT_EQ(metajson::from_pointer<std::string>(rfc_doc, "/foo/1"), "baz");
}

struct User {
  std::uint64_t id = 0;
  std::string name;
  bool operator==(const User&) const = default;
};

TEST(Pointer, ReadsAnyTypeAtThePointer) {
  constexpr std::string_view doc = R"({"users":[{"id":1,"name":"ann"},{"id":2,"name":"bo","x":[1]}],"n":null})";
  EXPECT_EQ(at<User>(doc, "/users/1"), (User{2, "bo"}));
  EXPECT_EQ((at<std::vector<User>>(doc, "/users")), (std::vector<User>{{1, "ann"}, {2, "bo"}}));
  EXPECT_EQ(at<std::optional<int>>(doc, "/n"), std::nullopt);
  EXPECT_EQ(at<std::uint64_t>(doc, "/users/1/x/0"), 1u);
  EXPECT_EQ((at<std::map<std::string, value>>(doc, "/users/0").size()), 2u);
  EXPECT_EQ(at<metajson::raw_json>(doc, "/users/0").text, R"({"id":1,"name":"ann"})");
  // Keys with escapes in the document are compared decoded.
  EXPECT_EQ(at<int>(R"({"\u0061b":1,"a\/b":2,"\u007e":3,"\ud83d\ude00":4})", "/ab"), 1);
  EXPECT_EQ(at<int>(R"({"\u0061b":1,"a\/b":2,"\u007e":3})", "/a~1b"), 2);
  EXPECT_EQ(at<int>(R"({"\u0061b":1,"a\/b":2,"\u007e":3})", "/~0"), 3);
  EXPECT_EQ(at<int>(R"({"\ud83d\ude00":4})", "/\xF0\x9F\x98\x80"), 4);
  // Whitespace anywhere.
  EXPECT_EQ(at<int>(" { \"a\" : [ 1 , { \"b\" : 5 } ] } ", "/a/1/b"), 5);
  // Numeric-looking keys are keys in objects.
  EXPECT_EQ(at<int>(R"({"0":7,"01":8,"-":9})", "/01"), 8);
  EXPECT_EQ(at<int>(R"({"0":7,"01":8,"-":9})", "/-"), 9);
  EXPECT_EQ(at<int>(R"({"0":7})", "/0"), 7);
  // An empty key, and a trailing empty token.
  EXPECT_EQ(at<int>(R"({"":{"":3}})", "//"), 3);
}

TEST(Pointer, PointerSyntaxErrors) {
  EXPECT_EQ(fails("{}", "a").message(), R"(invalid JSON Pointer ("a": a JSON Pointer is empty or starts with '/') at $)");
  EXPECT_EQ(fails("{}", "/a~2").message(),
            R"(invalid JSON Pointer ("/a~2": '~' at offset 2 is not followed by 0 or 1 (write '~' as ~0, '/' as ~1)) at $)");
  EXPECT_EQ(fails("{}", "/a~").code(), error_code::invalid_pointer);
  EXPECT_EQ(fails("{}", "#/a").message(),
            R"(invalid JSON Pointer ("#/a": a URI fragment: remove the '#' and percent-decode it first; a JSON Pointer is empty or starts with '/') at $)");
  // The pointer is checked before the document.
  EXPECT_EQ(fails("[", "x").code(), error_code::invalid_pointer);
}

TEST(Pointer, UnresolvedPointersSayHowFarTheyResolved) {
  constexpr std::string_view doc = R"({"a":{"b":[10,20,30]},"s":"x"})";
  EXPECT_EQ(fails(doc, "/a/c").message(),
            R"(JSON Pointer does not resolve ("/a/c" resolves as far as "/a", an object without the key "c") at $.a (line 1, column 6))");
  EXPECT_EQ(fails(doc, "/a/b/3").message(),
            R"(JSON Pointer does not resolve ("/a/b/3" resolves as far as "/a/b", an array of 3 elements) at $.a.b (line 1, column 11))");
  EXPECT_EQ(fails(doc, "/a/b/-").message(),
            R"(JSON Pointer does not resolve ("/a/b/-" resolves as far as "/a/b", an array: "-" names the element after the last one, which cannot be read) at $.a.b (line 1, column 11))");
  EXPECT_EQ(fails(doc, "/a/b/01").message(),
            R"(JSON Pointer does not resolve ("/a/b/01" resolves as far as "/a/b", an array, and "01" is not an array index (no leading zeros)) at $.a.b (line 1, column 11))");
  EXPECT_EQ(fails(doc, "/a/b/x").code(), error_code::pointer_not_found);
  EXPECT_EQ(fails(doc, "/a/b/+1").code(), error_code::pointer_not_found);
  EXPECT_EQ(fails(doc, "/a/b/").code(), error_code::pointer_not_found);
  EXPECT_EQ(fails(doc, "/a/b/99999999999999999999999").message(),
            R"(JSON Pointer does not resolve ("/a/b/99999999999999999999999" resolves as far as "/a/b", an array, and index 99999999999999999999999 is beyond any array) at $.a.b (line 1, column 11))");
  EXPECT_EQ(fails(doc, "/a/b/1/x").message(),
            R"(JSON Pointer does not resolve ("/a/b/1/x" resolves as far as "/a/b/1", a number, which holds no "x") at $.a.b[1] (line 1, column 15))");
  EXPECT_EQ(fails(doc, "/s/0").code(), error_code::pointer_not_found);
  EXPECT_EQ(fails("null", "/0").message(),
            R"(JSON Pointer does not resolve ("/0" resolves as far as "" (the whole document), null, which holds no "0") at $ (line 1, column 1))");
  EXPECT_EQ(fails("[]", "/0").message(),
            R"(JSON Pointer does not resolve ("/0" resolves as far as "" (the whole document), an array of 0 elements) at $ (line 1, column 1))");
  EXPECT_EQ(fails("{}", "/").message(),
            R"(JSON Pointer does not resolve ("/" resolves as far as "" (the whole document), an object without the key "") at $ (line 1, column 1))");
  EXPECT_THROW(metajson::from_pointer<int>(doc, "/nope"), metajson::error);
}

TEST(Pointer, TheWholeDocumentIsValidated) {
  // After the value, before it, inside skipped siblings, after an unresolved pointer: the
  // document's error, the same as validate()'s.
  for (std::string_view doc : {R"({"a":1,"b":[1,,2]})", R"({"b":[1,,2],"a":1})", R"({"a":1} x)", R"({"a":1,"b":01})",
                               "{\"a\":1,\"b\":\"\xff\"}", R"({"a":1,"b":tru})", R"({"a":1,"b":{"c":1,}})", R"({"a":1,)",
                               R"({"a":1 "b":2})", R"([{"a":1}])", "", "  "}) {
    SCOPED_TRACE(doc);
    const metajson::error v = metajson::validate(doc);
    if (!v) continue;  // [{"a":1}] is JSON: the pointer does not resolve in it
    for (std::string_view ptr : {"/a", "/zz", "/b/0", ""}) {
      const metajson::error e = fails<value>(doc, ptr);
      EXPECT_EQ(e.code(), v.code()) << ptr << ": " << e.message();
      EXPECT_EQ(e.offset(), v.offset()) << ptr << ": " << e.message();
    }
  }
  EXPECT_EQ(fails(R"([{"a":1}])", "/a").code(), error_code::pointer_not_found);
  // Nesting deeper than max_depth in a skipped part.
  std::string deep = R"({"a":1,"b":)" + std::string(2000, '[') + std::string(2000, ']') + "}";
  EXPECT_EQ(fails(deep, "/a").code(), error_code::depth_exceeded);
  // Limits apply to skipped keys and strings.
  constexpr metajson::options small{.max_string_length = 4};
  EXPECT_EQ((fails<int, small>(R"({"abcdefgh":1,"a":2})", "/a").code()), error_code::string_too_long);
}

TEST(Pointer, ErrorsInTheValueHaveTheirPath) {
  constexpr std::string_view doc = "{\"a\":[1,{\"b\":\"x\"}]}";
  EXPECT_EQ(fails<int>(doc, "/a/1/b").message(), "expected integer, found string at $.a[1].b (line 1, column 14)");
  EXPECT_EQ(fails<User>(R"({"a":[1,{"id":"x"}]})", "/a/1").message(),
            "expected unsigned integer, found string at $.a[1].id (line 1, column 15)");
  EXPECT_EQ(fails<User>(R"({"a":[1,{"id":-1}]})", "/a/1").message(),
            "number out of range (-1 does not fit 64-bit unsigned integer) at $.a[1].id (line 1, column 15)");
  EXPECT_EQ(fails<int>(R"({"a b":[true]})", "/a b/0").message(), R"(expected integer, found boolean at $["a b"][0] (line 1, column 9))");
}

TEST(Pointer, DuplicateKeysOnThePathFollowTheOption) {
  constexpr std::string_view doc = R"({"a":{"b":1},"x":0,"a":{"b":2,"c":3}})";
  EXPECT_EQ(fails(doc, "/a/b").message(),
            R"(duplicate key ("a" twice on the path of JSON Pointer "/a/b") at $ (line 1, column 20))");
  // Off the path, duplicates are the document's business (metajson::value keeps both).
  EXPECT_EQ(at<int>(doc, "/x"), 0);
  constexpr metajson::options last{.duplicate_keys = metajson::duplicate_key_policy::last_wins};
  EXPECT_EQ((at<int, last>(doc, "/a/b")), 2);
  EXPECT_EQ((at<int, last>(doc, "/a/c")), 3);
  EXPECT_EQ((at<int, last>(doc, "/x")), 0);
  // The last one is the one resolved: its absence is not found, whatever the first holds.
  EXPECT_EQ((fails<int, last>(R"({"a":{"c":1},"a":{"b":2}})", "/a/c").code()), error_code::pointer_not_found);
  // A duplicate on the path is the error, whatever the first value held.
  EXPECT_EQ(fails(R"({"a":1,"a":{"b":2}})", "/a/b").code(), error_code::duplicate_key);
  EXPECT_EQ(fails(R"({"a":{"a":1,"a":2},"a":{}})", "/a/a").message(),
            R"(duplicate key ("a" twice on the path of JSON Pointer "/a/a") at $ (line 1, column 20))");
  // Nested duplicates, and an error after them.
  EXPECT_EQ((at<int, last>(R"({"a":{"b":1,"b":4},"a":{"b":2,"b":5}})", "/a/b")), 5);
  EXPECT_EQ((fails<int, last>(R"({"a":{"b":1},"a":{"b":2},"z":[,]})", "/a/b").code()), error_code::syntax_error);
  EXPECT_EQ((fails<int, last>(R"({"a":{"b":1},"a":{"b":"s"}})", "/a/b").message()),
            "expected integer, found string at $.a.b (line 1, column 23)");
}

// Walks a metajson::value as RFC 6901 says, with the same duplicate-key rule: the oracle.
struct walked {
  const value* v = nullptr;
  error_code code = error_code::ok;
};
walked walk(const value& root, std::string_view ptr, bool last_wins) {
  const value* v = &root;
  if (ptr.empty()) return {v};
  std::size_t i = 1;
  for (;;) {
    std::string token;
    for (; i < ptr.size() && ptr[i] != '/'; ++i) {
      if (ptr[i] == '~') {
        if (i + 1 >= ptr.size() || (ptr[i + 1] != '0' && ptr[i + 1] != '1')) return {nullptr, error_code::invalid_pointer};
        token += ptr[++i] == '0' ? '~' : '/';
      } else {
        token += ptr[i];
      }
    }
    if (v->is_object()) {
      const value* found = nullptr;
      int count = 0;
      for (auto& [k, m] : v->as_object())
        if (k == token) {
          ++count;
          if (!found || last_wins) found = &m;
        }
      if (count > 1 && !last_wins) return {nullptr, error_code::duplicate_key};
      if (!found) return {nullptr, error_code::pointer_not_found};
      v = found;
    } else if (v->is_array()) {
      bool ok = !token.empty() && token.size() < 10 && (token == "0" || token[0] != '0');
      for (char ch : token) ok = ok && ch >= '0' && ch <= '9';
      if (!ok || std::stoul(token) >= v->as_array().size()) return {nullptr, error_code::pointer_not_found};
      v = &v->as_array()[std::stoul(token)];
    } else {
      return {nullptr, error_code::pointer_not_found};
    }
    if (i >= ptr.size()) return {v};
    ++i;
  }
}

// Every pointer to every value of the document, and some that resolve nowhere.
void pointers_of(const value& v, const std::string& here, std::vector<std::string>& out) {
  out.push_back(here);
  if (v.is_object()) {
    out.push_back(here + "/nope");
    for (auto& [k, m] : v.as_object()) {
      std::string t;
      for (char ch : k) t += ch == '~' ? std::string("~0") : ch == '/' ? std::string("~1") : std::string(1, ch);
      pointers_of(m, here + "/" + t, out);
    }
  } else if (v.is_array()) {
    out.push_back(here + "/" + std::to_string(v.as_array().size()));
    out.push_back(here + "/-");
    for (std::size_t i = 0; i < v.as_array().size(); ++i) pointers_of(v.as_array()[i], here + "/" + std::to_string(i), out);
  } else {
    out.push_back(here + "/0");
  }
}

template <metajson::options O>
void agrees_with_walk(std::string_view doc) {
  const value root = metajson::from<value>(doc);
  std::vector<std::string> ptrs;
  pointers_of(root, "", ptrs);
  for (const std::string& p : ptrs) {
    const walked w = walk(root, p, O.duplicate_keys == metajson::duplicate_key_policy::last_wins);
    auto r = metajson::try_from_pointer<value, O>(doc, p);
    if (w.v) {
      ASSERT_TRUE(r.has_value()) << p << ": " << r.error().message();
      EXPECT_EQ(*r, *w.v) << p;
    } else {
      ASSERT_FALSE(r.has_value()) << p;
      EXPECT_EQ(r.error().code(), w.code) << p << ": " << r.error().message();
    }
  }
}

TEST(Pointer, AgreesWithWalkingTheValue) {
  constexpr std::string_view docs[] = {
      rfc_doc,
      R"({"a":[1,2,{"b":[[],{},"s",null,true,false,-0.5e3]}],"c":{"d":{"e":{"f":"\u00e9"}}},"a\/b":{"~":1}})",
      R"([[[[1]]],[],{},[{"":""}]])",
      R"({"d":1,"d":2,"e":{"d":3}})",
      "17",
  };
  constexpr metajson::options last{.duplicate_keys = metajson::duplicate_key_policy::last_wins};
  for (auto doc : docs) {
    SCOPED_TRACE(doc);
    agrees_with_walk<metajson::options{}>(doc);
    agrees_with_walk<last>(doc);
  }
}

TEST(Pointer, LargeDocumentsRefillTheIndex) {
  // Thousands of entries before, inside and after the value; under last_wins a pin holds the
  // first match's entries across the rest of the object.
  std::string doc = R"({"pad":[)";
  for (int i = 0; i < 3000; ++i) doc += std::to_string(i) + ",";
  doc += R"(0],"k":{"list":[)";
  for (int i = 0; i < 3000; ++i) doc += R"({"i":)" + std::to_string(i) + "},";
  doc += R"({"i":-1}],"v":"end"},"k2":{"v":"first"},"tail":[)";
  for (int i = 0; i < 3000; ++i) doc += "[true],";
  doc += R"([]],"k2":{"v":"last"}})";
  EXPECT_EQ(at<int>(doc, "/pad/2999"), 2999);
  EXPECT_EQ(at<int>(doc, "/k/list/2500/i"), 2500);
  EXPECT_EQ(at<int>(doc, "/k/list/3000/i"), -1);
  EXPECT_EQ(at<std::string>(doc, "/k/v"), "end");
  EXPECT_EQ(at<bool>(doc, "/tail/2999/0"), true);
  EXPECT_EQ(fails(doc, "/k2/v").code(), error_code::duplicate_key);
  constexpr metajson::options last{.duplicate_keys = metajson::duplicate_key_policy::last_wins};
  EXPECT_EQ((at<std::string, last>(doc, "/k2/v")), "last");
  EXPECT_EQ((at<int, last>(doc, "/k/list/1234/i")), 1234);
  EXPECT_EQ((at<std::vector<value>, last>(doc, "/tail")).size(), 3001u);
  EXPECT_TRUE(fails(doc, "/k/list/3001").message().starts_with(
      R"(JSON Pointer does not resolve ("/k/list/3001" resolves as far as "/k/list", an array of 3001 elements) at $.k.list)"));
}

}  // namespace

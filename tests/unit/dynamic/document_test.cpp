// metajson::document and metajson::node: parsing (verdicts, errors and limits as from<value>),
// navigation, every accessor and its errors, iteration, typed reads, conversion to a value,
// writing, reuse, copies.
#include <metajson/document.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

using metajson::document;
using metajson::error_code;
using metajson::kind;
using metajson::node;
using metajson::value;

template <class F>
std::pair<error_code, std::string> thrown(F&& f) {
  try {
    f();
  } catch (const metajson::error& e) {
    return {e.code(), e.message()};
  }
  return {error_code::ok, "(nothing thrown)"};
}

const char* const sample = R"({
  "statuses": [
    {"id": 505874924095815700, "user": {"id": 1186275104, "screen_name": "ayuu0123", "tags": ["a", "b\n"]}},
    {"id": 2, "user": null, "n": -1.5e3, "big": 123456789012345678901234567890}
  ],
  "meta": {"count": 2, "ok": true, "k": 1, "k": 2, "": "empty", "a/b": 3, "m~n": 4, "\u00e9": "\u00e9\ud83d\ude00"}
})";

TEST(Document, Navigation) {
  const document d = document::parse(sample);
  EXPECT_EQ(d.node_count(), 43u);  // 25 values, 18 keys
  EXPECT_TRUE(d.root().is_object());
  EXPECT_EQ(d["statuses"][0]["user"]["id"].as_uint64(), 1186275104u);
  EXPECT_EQ(d["statuses"][0]["id"].as_int64(), 505874924095815700);
  EXPECT_EQ(d["statuses"][0]["user"]["screen_name"].as_string(), "ayuu0123");
  EXPECT_EQ(d["statuses"][0]["user"]["tags"][1].as_string(), "b\n");  // decoded
  EXPECT_TRUE(d["statuses"][1]["user"].is_null());
  EXPECT_EQ(d["statuses"][1]["n"].as_double(), -1500.0);
  EXPECT_TRUE(d["statuses"][1]["big"].is_big_number());
  EXPECT_EQ(d["statuses"][1]["big"].big_number_text(), "123456789012345678901234567890");
  EXPECT_TRUE(d["meta"]["ok"].as_bool());
  EXPECT_EQ(d["meta"]["k"].as_int64(), 1);  // the first of two
  EXPECT_EQ(d["meta"].count("k"), 2u);
  EXPECT_EQ(d["meta"][""].as_string(), "empty");
  EXPECT_EQ(d["meta"]["\xc3\xa9"].as_string(), "\xc3\xa9\xf0\x9f\x98\x80");
  EXPECT_TRUE(d["meta"].contains("count"));
  EXPECT_FALSE(d["meta"].contains("zz"));
  // Absent nodes: no throw, falsy, chained.
  EXPECT_FALSE(d["nope"]);
  EXPECT_FALSE(d["nope"]["deeper"][3]);
  EXPECT_FALSE(d["statuses"][5]);
  EXPECT_FALSE(d["statuses"]["x"]);
  EXPECT_FALSE(d["meta"][0]);
  EXPECT_FALSE(d["statuses"][-1]);
  EXPECT_FALSE(d["nope"].is_null());
  EXPECT_EQ(d["nope"].size(), 0u);
  // Sizes.
  EXPECT_EQ(d.size(), 2u);
  EXPECT_EQ(d["statuses"].size(), 2u);
  EXPECT_EQ(d["meta"].size(), 8u);
  EXPECT_EQ(d["meta"]["count"].size(), 0u);
  EXPECT_TRUE(d["meta"]["count"].empty());
  // Kinds.
  EXPECT_EQ(d["statuses"].kind(), kind::array);
  EXPECT_EQ(d["meta"]["count"].kind(), kind::int64);
  EXPECT_TRUE(d["statuses"][0]["id"].is_integer());
  EXPECT_TRUE(d["statuses"][1]["big"].is_integer());
  EXPECT_FALSE(d["statuses"][1]["n"].is_integer());
  // Paths and places.
  EXPECT_EQ(d["statuses"][0]["user"]["tags"][1].path(), "$.statuses[0].user.tags[1]");
  EXPECT_EQ(d["meta"]["a/b"].path(), R"($.meta["a/b"])");
  EXPECT_EQ(d["meta"].offset(), std::string_view(sample).find("{\"count\""));
}

TEST(Document, JsonPointer) {
  const document d = document::parse(sample);
  EXPECT_EQ(d.at_pointer("/statuses/0/user/id").as_uint64(), 1186275104u);
  EXPECT_EQ(d.at_pointer("/meta/a~1b").as_int64(), 3);
  EXPECT_EQ(d.at_pointer("/meta/m~0n").as_int64(), 4);
  EXPECT_EQ(d.at_pointer("/meta/").as_string(), "empty");
  EXPECT_TRUE(d.at_pointer("") == d.root());
  EXPECT_FALSE(d.find_pointer("/statuses/2"));
  EXPECT_FALSE(d.find_pointer("statuses"));
  const std::pair<error_code, std::string> cases[] = {
      thrown([&] { (void)d.at_pointer("/statuses/2"); }),
      thrown([&] { (void)d.at_pointer("/meta/zz/q"); }),
      thrown([&] { (void)d.at_pointer("/meta/count/q"); }),
      thrown([&] { (void)d.at_pointer("/statuses/01"); }),
      thrown([&] { (void)d.at_pointer("#/meta"); }),
  };
  const std::pair<error_code, std::string> expected[] = {
      {error_code::pointer_not_found,
       R"(JSON Pointer does not resolve ("/statuses/2" resolves as far as "/statuses", an array of 2 elements) at $.statuses (line 2, column 15))"},
      {error_code::pointer_not_found,
       R"(JSON Pointer does not resolve ("/meta/zz/q" resolves as far as "/meta", an object without the key "zz") at $.meta (line 6, column 11))"},
      {error_code::pointer_not_found,
       R"(JSON Pointer does not resolve ("/meta/count/q" resolves as far as "/meta/count", a number, which holds no "q") at $.meta.count (line 6, column 21))"},
      {error_code::pointer_not_found,
       R"(JSON Pointer does not resolve ("/statuses/01" resolves as far as "/statuses", an array, and "01" is not an array index (no leading zeros)) at $.statuses (line 2, column 15))"},
      {error_code::invalid_pointer,
       R"(invalid JSON Pointer ("#/meta": a URI fragment: remove the '#' and percent-decode it first; a JSON Pointer is empty or starts with '/') at $)"},
  };
  for (std::size_t i = 0; i < std::size(cases); ++i) EXPECT_EQ(cases[i], expected[i]) << i;
}

TEST(Document, AccessorErrorsSayWhere) {
  const document d = document::parse(sample);
  const std::pair<error_code, std::string> cases[] = {
      thrown([&] { (void)d["statuses"][0]["user"]["screen_name"].as_int64(); }),
      thrown([&] { (void)d["meta"]["count"].as_string(); }),
      thrown([&] { (void)d["meta"].at("zz"); }),
      thrown([&] { (void)d["statuses"].at(7); }),
      thrown([&] { (void)d["meta"].at(0); }),
      thrown([&] { (void)d["statuses"].at("x"); }),
      thrown([&] { (void)d["nope"].as_int64(); }),
      thrown([&] { (void)d["nope"].kind(); }),
      thrown([&] { (void)d["statuses"][1]["big"].as_int64(); }),
      thrown([&] { (void)d["statuses"][1]["n"].as_uint64(); }),
      thrown([&] { (void)d["meta"]["count"].get<bool>(); }),
  };
  const std::pair<error_code, std::string> expected[] = {
      {error_code::type_mismatch, "expected integer, found string at $.statuses[0].user.screen_name (line 3, column 74)"},
      {error_code::type_mismatch, "expected string, found number at $.meta.count (line 6, column 21)"},
      {error_code::not_found, R"(no such member or element (no member "zz") at $.meta (line 6, column 11))"},
      {error_code::not_found, "no such member or element (no element 7 in an array of 2) at $.statuses (line 2, column 15)"},
      {error_code::type_mismatch, "expected array, found object at $.meta (line 6, column 11)"},
      {error_code::type_mismatch, "expected object, found array at $.statuses (line 2, column 15)"},
      {error_code::not_found, "no such member or element (the node is absent: operator[] or find found no such member or element) at $"},
      {error_code::not_found, "no such member or element (the node is absent: operator[] or find found no such member or element) at $"},
      {error_code::number_out_of_range,
       "number out of range (123456789012345678901234567890 does not fit 64-bit integer) at $.statuses[1].big (line 4, column 49)"},
      {error_code::type_mismatch, "expected unsigned integer, found -1.5e3 at $.statuses[1].n (line 4, column 34)"},
      {error_code::type_mismatch, "expected boolean, found number at $.meta.count (line 6, column 21)"},
  };
  for (std::size_t i = 0; i < std::size(cases); ++i) EXPECT_EQ(cases[i], expected[i]) << i;
}

TEST(Document, Iteration) {
  const document d = document::parse(sample);
  std::vector<std::uint64_t> ids;
  for (node s : d["statuses"]) ids.push_back(s["id"].as_uint64());
  EXPECT_EQ(ids, (std::vector<std::uint64_t>{505874924095815700u, 2u}));
  std::string keys;
  for (auto [key, v] : d["meta"].items()) keys += std::string(key) + ",";
  EXPECT_EQ(keys, "count,ok,k,k,,a/b,m~n,\xc3\xa9,");
  EXPECT_EQ(d["meta"].items().size(), 8u);
  std::size_t values = 0;
  for (node v : d["meta"]) values += v.exists();  // an object iterates its values
  EXPECT_EQ(values, 8u);
  for (node v : d["meta"]["count"]) (void)v, ADD_FAILURE() << "a scalar has no elements";
  EXPECT_TRUE(d["statuses"].items().empty());
  // Arrays with and without containers: [i] agrees with iteration.
  const document a = document::parse(R"([[1],2,{"x":[3]},4,[],5])");
  std::size_t i = 0;
  for (node e : a) EXPECT_TRUE(e == a[i++]);
  EXPECT_EQ(i, 6u);
  EXPECT_EQ(a[5].as_int64(), 5);
  const document flat = document::parse("[1,2,3,4]");
  EXPECT_EQ(flat[3].as_int64(), 4);
}

struct User {
  std::uint64_t id = 0;
  std::string screen_name;
  std::vector<std::string> tags;
  std::optional<int> missing;
  friend bool operator==(const User&, const User&) = default;
};

TEST(Document, TypedReads) {
  const document d = document::parse(sample);
  const User u = d["statuses"][0]["user"].get<User>();
  EXPECT_EQ(u, (User{1186275104u, "ayuu0123", {"a", "b\n"}, std::nullopt}));
  EXPECT_EQ(d["statuses"][0]["user"]["tags"].get<std::vector<std::string>>(), (std::vector<std::string>{"a", "b\n"}));
  EXPECT_EQ(d["meta"]["count"].get<std::int8_t>(), 2);
  EXPECT_EQ(d["meta"]["count"].get<double>(), 2.0);
  EXPECT_EQ(d["statuses"][1]["n"].get<float>(), -1500.0f);
  EXPECT_EQ(d["meta"]["\xc3\xa9"].get<std::string_view>(), "\xc3\xa9\xf0\x9f\x98\x80");  // decoded, viewed in the document
  EXPECT_EQ((d["meta"].get<std::map<std::string, value>>().size()), 7u);  // a map keeps one "k"
  // Errors of typed reads: from<T>'s, placed in the document.
  const auto r = d["statuses"][1]["user"].try_get<User>();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message(), "expected object, found null at $.statuses[1].user (line 4, column 23)");
  EXPECT_EQ((d["statuses"][1].try_get<std::map<std::string, int>>().error().message()),
            "expected integer, found null at $.statuses[1].user (line 4, column 23)");
  EXPECT_EQ(d["statuses"][0]["user"].try_get<std::vector<int>>().error().message(), "expected array, found object at $.statuses[0].user (line 3, column 40)");
  EXPECT_EQ((d["meta"]["count"].try_get<std::uint8_t, {}>().value()), 2);
  EXPECT_EQ(thrown([&] { (void)d["statuses"][0]["id"].get<std::int32_t>(); }).first, error_code::number_out_of_range);
  User into;
  EXPECT_FALSE(d["statuses"][0]["user"].get_to(into));
  EXPECT_EQ(into.screen_name, "ayuu0123");
  // unknown keys per the options
  EXPECT_EQ((d["statuses"][0].try_get<User, {.unknown_keys = metajson::unknown_key_policy::error}>().error().code()), error_code::unknown_key);
}

TEST(Document, ToValueAndWriting) {
  const document d = document::parse(sample);
  const value v = metajson::from<value>(sample);
  EXPECT_TRUE(identical(metajson::to_value(d), v));
  EXPECT_TRUE(identical(metajson::to_value(d["statuses"][0]), v["statuses"][0]));
  EXPECT_TRUE(identical(d["meta"].get<value>(), v["meta"]));
  EXPECT_EQ(metajson::to_json(d), metajson::to_json(v));
  EXPECT_EQ(metajson::to_json(d["statuses"][0]["user"]), metajson::to_json(v["statuses"][0]["user"]));
  EXPECT_EQ((metajson::to_json<{.pretty = true}>(d)), (metajson::to_json<{.pretty = true}>(v)));
  EXPECT_EQ((metajson::to_json<{.sort_keys = true}>(d)), (metajson::to_json<{.sort_keys = true}>(v)));
  EXPECT_EQ((metajson::to_json<{.escape_non_ascii = true}>(d)), (metajson::to_json<{.escape_non_ascii = true}>(v)));
  EXPECT_EQ(metajson::try_to_json<metajson::canonical>(d).error().message(), R"(no RFC 8785 canonical form (key "k" twice in one object) at $.meta)");
  EXPECT_EQ(metajson::try_to_json<metajson::canonical>(d["statuses"]).error().message(),
            "no RFC 8785 canonical form (the number 123456789012345678901234567890 is held by no double, and RFC 8785 numbers are doubles; write it as a string) at $[1].big");
  EXPECT_EQ(metajson::try_to_json(d["nope"]).error().code(), error_code::not_found);
  EXPECT_EQ(metajson::to_json(document::parse(R"(  "top"  )")), R"("top")");
  EXPECT_EQ(metajson::to_json(document::parse("[[],{},[[{}]]]")), "[[],{},[[{}]]]");
}

TEST(Document, ParseErrorsAreFromValuesErrors) {
  const char* const bad[] = {R"({"a":[1,2,}]})", R"({"a":{"b" 1}})", R"([1,2,3 4])", R"({"k":01})", R"({"k":"\x"})", R"({"a":1}x)", "[[[]]",
                             "", "   ", "\"abc", "[\"\xff\"]", "{\"a\":\"\x01\"}", "tru", "[nul]", "[1e]", "-", "[01]", "{,}", "[,1]",
                             R"({"a":1,"a"})", "[1]]", "\"\\ud800\""};
  for (const char* text : bad) {
    const auto d = document::try_parse(text);
    const auto v = metajson::try_from<value>(text);
    ASSERT_FALSE(d) << text;
    ASSERT_FALSE(v) << text;
    EXPECT_EQ(d.error().message(), v.error().message()) << text;
    EXPECT_EQ(d.error().offset(), v.error().offset()) << text;
  }
  EXPECT_EQ((document::try_parse<{.max_depth = 3}>("[[[[]]]]").error().code()), error_code::depth_exceeded);
  EXPECT_TRUE((document::try_parse<{.max_depth = 4}>("[[[[]]]]")));
  EXPECT_EQ((document::try_parse<{.max_document_size = 4}>("[1,2]").error().code()), error_code::document_too_large);
  EXPECT_EQ((document::try_parse<{.max_string_length = 2}>(R"(["abc"])").error().code()), error_code::string_too_long);
  EXPECT_EQ((document::try_parse<{.max_string_length = 2}>(R"({"abc":1})").error().code()), error_code::string_too_long);
  // A document that failed is empty.
  document reused = document::parse("[1]");
  EXPECT_TRUE(document::parse_into(reused, "[1,"));
  EXPECT_FALSE(reused.root());
  EXPECT_EQ(reused.node_count(), 0u);
}

// A text short enough for a std::string's inline buffer once moved with the document (fuzz
// regression document/short-big-number-moved-document): the copy lives on the heap.
TEST(Document, ShortTextsSurviveMoves) {
  for (const char* text : {"1e-400", "\"s\"", "[1]", "{\"k\":1}", "1"}) {
    auto r = document::try_parse(text);
    ASSERT_TRUE(r) << text;
    const document moved = std::move(*r);
    EXPECT_EQ(metajson::to_json(moved), text);
    EXPECT_TRUE(identical(metajson::to_value(moved), metajson::from<value>(text))) << text;
  }
}

TEST(Document, Options) {
  constexpr metajson::options lenient{.allow_comments = true, .allow_trailing_commas = true, .allow_nonfinite = true};
  const std::string_view src = "// c\n{\"a\": [NaN, 1,], /* x */ \"b\": \"\\u00e9\"}";
  const document d = document::parse<lenient>(src);
  EXPECT_TRUE(std::isnan(d["a"][0].as_double()));
  EXPECT_EQ(d["b"].as_string(), "\xc3\xa9");
  EXPECT_EQ((metajson::to_json<{.allow_nonfinite = true}>(d)), R"({"a":[NaN,1],"b":"é"})");
  EXPECT_EQ(d["a"][1].offset(), src.find(", 1") + 2);  // places in the text as given
  // utf8_policy::replace: strings repaired, written again checked.
  constexpr metajson::options replace{.utf8 = metajson::utf8_policy::replace};
  const document r = document::parse<replace>("[\"a\xff\"]");
  EXPECT_EQ(r[0].as_string(), "a\xef\xbf\xbd");
  EXPECT_EQ(metajson::to_json(r), "[\"a\xef\xbf\xbd\"]");
}

TEST(Document, ReuseCopyMoveAndMemory) {
  document d;
  EXPECT_FALSE(d.root());
  EXPECT_EQ(d.size(), 0u);
  std::string twice;
  for (int i = 0; i < 3; ++i) {
    ASSERT_FALSE(document::parse_into(d, sample));
    twice = metajson::to_json(d);
  }
  const std::size_t held = d.memory_usage();
  ASSERT_FALSE(document::parse_into(d, R"({"x":1})"));
  EXPECT_EQ(d.memory_usage(), held);  // buffers kept
  EXPECT_EQ(d["x"].as_int64(), 1);
  ASSERT_FALSE(document::parse_into(d, sample));
  const document copy = d;
  const document moved = std::move(d);
  EXPECT_EQ(metajson::to_json(copy), twice);
  EXPECT_EQ(metajson::to_json(moved), twice);
  const node n = moved["meta"]["\xc3\xa9"];  // nodes stay valid when their document moves
  const document moved_again = std::move(const_cast<document&>(moved));
  EXPECT_EQ(n.as_string(), "\xc3\xa9\xf0\x9f\x98\x80");
  // Memory: the text's copy, 16 bytes a node, decoded strings; bounded by the text's size.
  const std::string big = "[" + std::string(100000, '1').replace(0, 0, "") + "]";
  const document b = document::parse(big);
  EXPECT_LE(b.memory_usage(), 4 * big.size() + 4096);
}

// The builder makes room for the nodes once per refill of the index (the nodes written and the
// entries ahead, a node per entry at most), not per node: documents denser than its first
// estimate (a node per 8 bytes), over many refills, parsed into fresh documents and into one that
// held a small document before and after, give every node (ASan sees a node written past the
// room); and a small document takes one allocation of nodes sized by its entries.
TEST(Document, DenseDocumentsGrowTheNodesAsTheyAreIndexed) {
  document reused;
  for (const bool fresh : {true, false}) {
    for (const std::size_t n : {1u, 700u, 2047u, 2048u, 2049u, 5000u, 70000u}) {
      std::string ones = "[", empties = "[", members = "{", nested;
      for (std::size_t i = 0; i < n; ++i) {
        ones += i ? ",1" : "1";
        empties += i ? ",[]" : "[]";
        members += (i ? ",\"" : "\"") + std::string(1, static_cast<char>('a' + i % 26)) + "\":[0]";
      }
      ones += "]";
      empties += "]";
      members += "}";
      for (std::size_t i = 0; i < n % 900; ++i) nested += "[";
      nested += std::string(n % 900, ']');
      auto parse = [&](const std::string& text) -> const document& {
        if (fresh) {
          reused = document();
        } else {
          EXPECT_FALSE(document::parse_into(reused, "[1]"));
        }
        EXPECT_FALSE(document::parse_into(reused, text)) << n;
        return reused;
      };
      const document& a = parse(ones);
      ASSERT_EQ(a.node_count(), n + 1);
      std::int64_t sum = 0;
      for (const node e : a.root()) sum += e.as_int64();
      EXPECT_EQ(sum, static_cast<std::int64_t>(n));
      // Nodes of 16 bytes, at most twice what the nodes written and one refill's entries need.
      if (fresh) EXPECT_LE(a.memory_usage(), 2 * ones.size() + 64 + 32 * (a.node_count() + 2 + 2100)) << n;
      const document& b = parse(empties);
      ASSERT_EQ(b.node_count(), n + 1);
      EXPECT_EQ(metajson::to_json(b), empties);
      const document& c = parse(members);
      ASSERT_EQ(c.node_count(), 3 * n + 1);  // a key, an array and its 0 per member
      EXPECT_EQ(metajson::to_json(c), members);  // (duplicate keys kept, in order)
      if (!nested.empty()) {
        const document& d = parse(nested);
        EXPECT_EQ(d.node_count(), n % 900);
      }
    }
  }
  // A small document: one allocation of nodes, sized by its entries (at most one per byte and
  // the 8 that end the index), not grown.
  const std::string small = R"({"a":1,"b":2,"c":3})";
  const document s = document::parse(small);
  EXPECT_EQ(s.node_count(), 7u);
  EXPECT_LE(s.memory_usage(), 2 * small.size() + 64 + 16 * (2 + small.size() + 8));
}

// Stage 1's backslash record (index::backslash_record) tells the dynamic readers which strings
// hold no escape: every string and key of documents of strings with escapes here and there
// (across 64-byte blocks and the record's bytes, strings longer than the 56 blocks the
// record is read for at once, documents past the reader's own record buffer) is as the typed reader, which looks
// at every string's bytes, decodes it.
TEST(Document, StringsWithEscapesAsTheTypedReaderReadsThem) {
  std::mt19937_64 rng(5);
  const std::string escapes[] = {"\\\"", "\\\\", "\\/", "\\n", "\\u00e9", "\\ud83d\\ude00", "\\t", "\xc3\xa9"};
  auto text = [&] {
    std::string t;
    const std::size_t n = rng() % 5 == 0 ? rng() % 6000 : rng() % 40;
    for (std::size_t i = 0; i < n; ++i) {
      if (rng() % 89 == 0) t += escapes[rng() % std::size(escapes)];
      else t += static_cast<char>('a' + rng() % 26);
    }
    return t;
  };
  for (int trial = 0; trial < 120; ++trial) {
    const std::size_t target = trial % 8 == 0 ? 120000 : rng() % 12000;
    std::string arr = "[", obj = "{";
    std::size_t count = 0;
    while (arr.size() < target) {
      const std::string sep = count == 0 ? "" : rng() % 2 ? "," : " ,\n";
      arr += sep + "\"" + text() + "\"";
      obj += sep + "\"" + std::to_string(count) + text() + "\":\"" + text() + "\"";
      ++count;
    }
    arr += "]";
    obj += "}";
    const auto strings = metajson::from<std::vector<std::string>>(arr);
    const auto members = metajson::from<std::map<std::string, std::string>>(obj);  // (keys unique: their number first)
    const document da = document::parse(arr), dobj = document::parse(obj);
    const value va = metajson::from<value>(arr), vobj = metajson::from<value>(obj);
    ASSERT_EQ(da.root().size(), strings.size());
    ASSERT_EQ(va.size(), strings.size());
    for (std::size_t i = 0; i < strings.size(); ++i) {
      ASSERT_EQ(da.root()[i].as_string(), strings[i]) << trial << ", string " << i;
      ASSERT_EQ(va[i].as_string(), strings[i]) << trial << ", string " << i;
    }
    ASSERT_EQ(dobj.root().items().size(), members.size());
    ASSERT_EQ(vobj.items().size(), members.size());
    for (auto [key, v] : dobj.root().items()) {
      const auto m = members.find(std::string(key));
      ASSERT_NE(m, members.end()) << trial << ": key " << key;
      ASSERT_EQ(v.as_string(), m->second) << trial << ", member " << key;
    }
    for (const auto& [key, v] : vobj.items()) {
      const auto m = members.find(std::string(key.view()));
      ASSERT_NE(m, members.end()) << trial << ": key " << key.view();
      ASSERT_EQ(v.as_string(), m->second) << trial << ", member " << key.view();
    }
  }
}

}  // namespace

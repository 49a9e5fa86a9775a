// metajson::value when an argument lives inside its target (aliasing), and at any depth a
// program can build: the patterns that read freed memory or overflowed the stack before (issue
// 49), each checked for its result here and for memory errors under ASan + UBSan (make
// test-sanitize runs this test). Also: make_merge_patch with nulls the source already holds,
// as_double on big numbers, and keys that are not UTF-8 in error paths.
#include <metajson/document.hpp>
#include <metajson/metajson.hpp>
#include <metajson/patch.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace {

using metajson::error_code;
using metajson::value;

value J(std::string_view text) { return metajson::from<value>(text); }
std::string W(const value& v) { return metajson::to_json(v); }

const std::string long_text = "a string long enough to live on the heap, not inline";

// --- aliasing ---------------------------------------------------------------------------------

TEST(Aliasing, AssignFromAMemberWhileInsertingGrowsTheObject) {
  value v = {{"y", long_text}, {"n", value::array{1, 2, value::object{{"k", long_text}}}}};
  // Each insertion may move the members (the block grows at 4, 8, 16, ...): the right operand
  // is taken before the left one inserts.
  for (int i = 0; i < 40; ++i) v["x" + std::to_string(i)] = v["y"];
  for (int i = 0; i < 40; ++i) v["z" + std::to_string(i)] = v["n"];
  ASSERT_EQ(v.size(), 82u);
  for (int i = 0; i < 40; ++i) {
    EXPECT_EQ(v["x" + std::to_string(i)].as_string(), long_text);
    EXPECT_EQ(W(v["z" + std::to_string(i)]), W(v["n"]));
  }
  // A string view into an inline string of a member that moves.
  value w = {{"s", "short"}};
  for (int i = 0; i < 20; ++i) w["t" + std::to_string(i)] = w["s"].as_string();
  for (int i = 0; i < 20; ++i) EXPECT_EQ(w["t" + std::to_string(i)].as_string(), "short");
}

TEST(Aliasing, AssignAValueItsOwnPart) {
  value v = J(R"({"a":{"b":[1,"x",{"c":null}]},"d":2})");
  v = v["a"];
  EXPECT_EQ(W(v), R"({"b":[1,"x",{"c":null}]})");
  v = std::move(v["b"]);
  EXPECT_EQ(W(v), R"([1,"x",{"c":null}])");
  v = v[2];
  EXPECT_EQ(W(v), R"({"c":null})");
  value& self = v;
  v = self;
  EXPECT_EQ(W(v), R"({"c":null})");
  v = std::move(self);
  EXPECT_EQ(W(v), R"({"c":null})");
  // A value put inside itself: the copy is of the value before the insertion.
  value r = J(R"({"k":1})");
  r["in"]["deeper"] = r;
  EXPECT_EQ(W(r), R"({"k":1,"in":{"deeper":{"k":1}}})");
}

TEST(Aliasing, AppendAndInsertAnElementOfTheSameArray) {
  value a = value::array{long_text, value::array{1, 2}};
  for (int i = 0; i < 30; ++i) a.push_back(a[i % 2]);
  for (int i = 0; i < 30; ++i) a.emplace_back(a[i % 2]);
  ASSERT_EQ(a.size(), 62u);
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(W(a[i]), W(a[i % 2]));
  a.push_back(a);  // the whole array, as it was
  EXPECT_EQ(a[62].size(), 62u);
  value::array& arr = a.as_array();
  for (int i = 0; i < 20; ++i) arr.insert(arr.begin(), arr[arr.size() - 1]);
  EXPECT_EQ(arr[0].size(), 62u);
  value o = {{"k", long_text}};
  for (int i = 0; i < 20; ++i) o.emplace("k" + std::to_string(i), o["k"]);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(o["k" + std::to_string(i)].as_string(), long_text);
  // A key taken from the object it is inserted into.
  value keys = {{"a-long-key-on-the-heap-for-sure", 1}};
  for (int i = 0; i < 10; ++i) keys.as_object()[keys.as_object()[0].first.str() + std::to_string(i)] = i;
  EXPECT_EQ(keys.size(), 11u);
}

TEST(Aliasing, SetPointerFromInsideTheTarget) {
  value v = J(R"({"y":"a string long enough to live on the heap, not inline","list":[]})");
  for (int i = 0; i < 20; ++i) v.set_pointer("/x" + std::to_string(i), v["y"]);
  for (int i = 0; i < 20; ++i) v.set_pointer("/list/-", v["y"]);
  v.set_pointer("/list/0", v);
  EXPECT_EQ(v["x19"].as_string(), long_text);
  EXPECT_EQ(v["list"].size(), 21u);
  EXPECT_EQ(v["list"][0]["x0"].as_string(), long_text);
}

TEST(Aliasing, PatchInsideItsDocument) {
  // The patch is a member of the document it changes; adding /k grows the document.
  value doc = J(R"({"ops":[{"op":"add","path":"/k","value":{"deep":[1,2,3]}},{"op":"add","path":"/ops/-","value":5},
                  {"op":"copy","from":"/k","path":"/k2"},{"op":"test","path":"/k/deep/2","value":3}],"a":1,"b":2})");
  metajson::patch_in_place(doc, doc["ops"]);
  EXPECT_EQ(W(doc["k"]), R"({"deep":[1,2,3]})");
  EXPECT_EQ(W(doc["k2"]), R"({"deep":[1,2,3]})");
  EXPECT_EQ(doc["ops"].size(), 5u);  // the op appended to the patch was not run: the patch is the one of the call's start
  // The document as its own patch: its operations as they were, not the ones appended by it.
  value self = J(R"([{"op":"add","path":"/-","value":{"op":"add","path":"/-","value":1}}])");
  metajson::patch_in_place(self, self);
  EXPECT_EQ(W(self), R"([{"op":"add","path":"/-","value":{"op":"add","path":"/-","value":1}},{"op":"add","path":"/-","value":1}])");
  // A failing patch inside its document leaves the document as it was.
  value keep = J(R"({"ops":[{"op":"add","path":"/k","value":1},{"op":"test","path":"/k","value":2}]})");
  const std::string before = W(keep);
  EXPECT_EQ(metajson::try_patch_in_place(keep, keep["ops"]).code(), error_code::patch_test_failed);
  EXPECT_EQ(W(keep), before);
  // try_patch (a copy) with the patch inside the document.
  const value fresh = J(R"({"ops":[{"op":"add","path":"/ops/-","value":1},{"op":"add","path":"/k","value":2}]})");
  const value out = metajson::patch(fresh, fresh["ops"]);
  EXPECT_EQ(W(out), R"({"ops":[{"op":"add","path":"/ops/-","value":1},{"op":"add","path":"/k","value":2},1],"k":2})");
  // The member functions' forms are the free functions: patch_in_place(doc, doc) again.
  value twice = J(R"([{"op":"remove","path":"/0"}])");
  metajson::patch_in_place(twice, twice);
  EXPECT_EQ(W(twice), "[]");
}

TEST(Aliasing, MergePatchInsideItsTarget) {
  value v = J(R"({"a":null,"b":{"c":"a string long enough to live on the heap, not inline","d":null},"e":[1]})");
  metajson::merge_patch_in_place(v, v);  // nulls remove, the rest is merged with itself
  EXPECT_EQ(W(v), R"({"b":{"c":"a string long enough to live on the heap, not inline"},"e":[1]})");
  value w = J(R"({"p":{"x":1,"y":{"z":2},"q":null},"x":0,"q":5})");
  metajson::merge_patch_in_place(w, w["p"]);
  EXPECT_EQ(W(w), R"({"p":{"x":1,"y":{"z":2},"q":null},"x":1,"y":{"z":2}})");
  value s = J(R"({"p":{"p":{"p":7}}})");
  metajson::merge_patch_in_place(s["p"], s);
  EXPECT_EQ(W(s), R"({"p":{"p":{"p":{"p":7}}}})");
}

TEST(Aliasing, ValuesFromADocument) {
  const metajson::document d = metajson::document::parse(R"({"y":"a string long enough to live on the heap, not inline","o":{"k":[1,2]}})");
  value v = metajson::to_value(d);
  for (int i = 0; i < 20; ++i) v["x" + std::to_string(i)] = v["y"];
  for (int i = 0; i < 20; ++i) v["o" + std::to_string(i)] = v["o"];
  v = v["o"];
  EXPECT_EQ(W(v), R"({"k":[1,2]})");
  value e = d.root()["o"].get<value>();
  e["k"].push_back(e["k"]);
  EXPECT_EQ(W(e), R"({"k":[1,2,[1,2]]})");
}

// --- depth --------------------------------------------------------------------------------------

constexpr int million = 1'000'000;

// A value n levels deep: [[[...[leaf]...]]] or {"k":{"k":...leaf}}.
value nested(int n, bool objects, value leaf) {
  value root;
  value* at = &root;
  for (int i = 0; i < n; ++i) {
    if (objects) at = &(*at)["k"];
    else at = &at->emplace_back();
  }
  *at = std::move(leaf);
  return root;
}
value& bottom(value& v, bool objects) {
  value* at = &v;
  while (at->is_array() || at->is_object()) at = objects ? &(*at)["k"] : &(*at)[0];
  return *at;
}

TEST(Depth, AMillionLevelsCopyCompareAndDestroy) {
  for (bool objects : {false, true}) {
    SCOPED_TRACE(objects ? "objects" : "arrays");
    value v = nested(million, objects, long_text);
    value copy = v;  // deep copy
    EXPECT_TRUE(copy == v);
    EXPECT_TRUE(identical(copy, v));
    bottom(copy, objects) = 1;
    EXPECT_FALSE(copy == v);
    EXPECT_FALSE(identical(copy, v));
    bottom(copy, objects) = 1.0;
    bottom(v, objects) = 1;
    EXPECT_TRUE(copy == v);  // 1 == 1.0, a million levels down
    EXPECT_FALSE(identical(copy, v));
    value moved = std::move(copy);
    EXPECT_TRUE(copy.is_null());
    EXPECT_TRUE(moved == v);
    moved = v;  // copy assignment over a deep value (the old one destroyed)
    EXPECT_TRUE(identical(moved, v));
    moved.clear();
    EXPECT_EQ(moved.size(), 0u);
  }  // destruction of every one of them
}

TEST(Depth, AMillionLevelsOfPatches) {
  for (bool objects : {false, true}) {
    SCOPED_TRACE(objects ? "objects" : "arrays");
    const value a = nested(million, objects, 1);
    const value b = nested(million, objects, 2);
    const value ops = metajson::make_patch(a, b);
    ASSERT_EQ(ops.size(), 1u);
    EXPECT_EQ(ops[0]["op"].as_string(), "replace");
    EXPECT_EQ(ops[0]["path"].as_string().size(), std::size_t{2} * million);  // "/0" or "/k" a level
    value c = a;
    metajson::patch_in_place(c, ops);
    EXPECT_TRUE(c == b);
    if (objects) {
      const value m = metajson::make_merge_patch(a, b);
      value d = a;
      metajson::merge_patch_in_place(d, m);
      EXPECT_TRUE(identical(d, b));
      EXPECT_TRUE(identical(metajson::merge_patch(a, m), b));
    }
  }
}

TEST(Depth, DeepReadsAreDestroyedAndConverted) {
  constexpr metajson::options deep{.max_depth = 200'000};
  std::string text(100'000, '[');
  text += "1";
  text.append(100'000, ']');
  const value v = metajson::from<value, deep>(text);
  const value copy = v;
  EXPECT_TRUE(copy == v);
  const auto d = metajson::document::parse<deep>(text);
  const value from_document = metajson::to_value(d);
  EXPECT_TRUE(identical(from_document, v));
}

// --- merge patches with nulls the source holds (RFC 7396 A.13) -----------------------------------

TEST(MergePatchNulls, ANullTheSourceHoldsIsNoRefusal) {
  EXPECT_EQ(W(metajson::make_merge_patch(J(R"({"e":null})"), J(R"({"e":null,"a":1})"))), R"({"a":1})");
  EXPECT_EQ(W(metajson::make_merge_patch(J(R"({"x":{"e":null,"f":1}})"), J(R"({"x":{"e":null,"f":2}})"))), R"({"x":{"f":2}})");
  // Still refused: a null the source does not hold there, a null it holds twice, a null in an
  // object added whole, and a key twice.
  const auto refused = [](std::string_view from, std::string_view to) {
    const auto r = metajson::try_make_merge_patch(J(from), J(to));
    return r ? std::string("(made ") + W(*r) + ")" : r.error().detail();
  };
  EXPECT_NE(refused(R"({"e":1})", R"({"e":null})").find("$.e is null"), std::string::npos);
  EXPECT_NE(refused(R"({})", R"({"e":null})").find("$.e is null"), std::string::npos);
  EXPECT_NE(refused(R"({"e":null,"e":null})", R"({"e":null})").find("$.e is null"), std::string::npos);
  EXPECT_NE(refused(R"({"a":1})", R"({"a":{"b":null}})").find("$.a.b is null"), std::string::npos);
  EXPECT_NE(refused(R"({"a":{"b":null}})", R"({"a":{"b":null,"c":{"d":null}}})").find("$.a.c.d is null"), std::string::npos);
  EXPECT_NE(refused(R"({})", R"({"a":{"k":1,"k":2}})").find("$.a.k appears twice"), std::string::npos);
  // Each made patch gives its target.
  for (const auto& [from, to] : std::initializer_list<std::pair<std::string_view, std::string_view>>{
           {R"({"e":null})", R"({"e":null,"a":1})"},
           {R"({"a":{"b":null,"c":1},"d":[null]})", R"({"a":{"b":null,"c":2},"d":[null,1]})"},
           {R"({"a":null,"b":1})", R"({"a":null})"},
       }) {
    const value p = metajson::make_merge_patch(J(from), J(to));
    EXPECT_TRUE(identical(metajson::merge_patch(J(from), p), J(to))) << from << " -> " << to << " by " << W(p);
  }
}

std::string read_dataset(const char* name) {
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (!dir) return {};
  std::ifstream in(std::string(dir) + "/" + name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(MergePatchNulls, CitmCatalogIsNotRefused) {
  const std::string text = read_dataset("citm_catalog.json");
  ASSERT_FALSE(text.empty()) << "set METAJSON_DATA_DIR to the folder holding citm_catalog.json";
  const value from = J(text);
  value to = from;
  to["areaNames"]["205705993"] = "changed";
  to["events"].as_object()[0].second["name"] = "renamed";
  const auto p = metajson::try_make_merge_patch(from, to);
  ASSERT_TRUE(p) << p.error().message();
  const std::string first_event = from["events"].as_object()[0].first.str();
  EXPECT_EQ(W(*p), R"({"areaNames":{"205705993":"changed"},"events":{")" + first_event + R"(":{"name":"renamed"}}})");
  EXPECT_TRUE(identical(metajson::merge_patch(from, *p), to));
  EXPECT_EQ(W(metajson::make_merge_patch(from, from)), "{}");
}

// --- numbers --------------------------------------------------------------------------------------

TEST(BigNumbers, AsDoubleAgreesWithGetDouble) {
  for (const char* text : {"18446744073709551616", "-9223372036854775809", "1e-400", "-1e-400", "123456789012345678901234567890",
                           "4.9e-324", "2.5e-324", "1.7976931348623157e308"}) {
    SCOPED_TRACE(text);
    const value v = J(text);
    ASSERT_TRUE(v.is_big_number() || v.is_double());
    const double got = v.get<double>();
    const double as = v.as_double();
    EXPECT_EQ(std::signbit(got), std::signbit(as));
    EXPECT_EQ(got, as);
    EXPECT_EQ(as, metajson::from<double>(std::string_view(text)));
  }
  EXPECT_EQ(J("18446744073709551616").as_double(), 18446744073709551616.0);
  EXPECT_EQ(J("1e-400").as_double(), 0.0);
  EXPECT_TRUE(std::signbit(J("-1e-400").as_double()));
  for (const char* text : {"1e400", "-1e400", "1.8e308"}) {
    SCOPED_TRACE(text);
    const value v = J(text);
    EXPECT_THROW((void)v.get<double>(), metajson::error);
    try {
      (void)v.as_double();
      ADD_FAILURE() << "as_double did not throw";
    } catch (const metajson::error& e) {
      EXPECT_EQ(e.code(), error_code::number_out_of_range);
      EXPECT_NE(e.detail().find("does not fit a double"), std::string::npos);
    }
  }
}

// --- paths of keys that are not UTF-8 ----------------------------------------------------------------

TEST(ErrorPaths, KeysThatAreNotUtf8AreEscaped) {
  value v;
  v["\xff\xfe"] = 1;  // a key that is not UTF-8: the writer refuses it, and says where
  const auto r = metajson::try_to_json(v);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().path(), R"($["\xFF\xFE"])");
  EXPECT_EQ(r.error().message().find('\xff'), std::string::npos);
  value w;
  w["caf\xc3\xa9 \"q\"\n\x01"] = value::array{"\xc3"};  // UTF-8 kept, quotes and controls escaped
  const auto s = metajson::try_to_json(w);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().path(), "$[\"caf\xc3\xa9 \\\"q\\\"\\n\\u0001\"][0]");
  // The reader's paths too (a key read unchecked, then a member that fails).
  constexpr metajson::options unchecked{.utf8 = metajson::utf8_policy::unchecked};
  const auto e = metajson::try_from<std::map<std::string, int>, unchecked>("{\"\xff\":\"x\"}");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().path(), R"($["\xFF"])");
}

}  // namespace

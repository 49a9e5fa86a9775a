// The cases of the JSON Patch and Merge Patch oracle test (tests/patch/run.sh): documents and
// patches generated with a fixed seed, each applied by metajson, written one per line for
// check.py to apply again with Python's jsonpatch and json-merge-patch and compare:
//
//   {"kind":"patch","doc":D,"patch":P,"ok":true,"result":R}    (or "ok":false: metajson refused it)
//   {"kind":"merge","target":T,"patch":M,"result":R}
//
// Patches are made by make_patch from two related documents (they apply), and drawn at random
// from the document's own paths and near misses (indices at and past the end, leading zeros, "-",
// missing keys, tests of the value there and of others): so both verdicts are exercised. Merge
// patches are random objects with nulls, and make_merge_patch's outputs. Documents have no
// duplicate keys (Python's dicts keep one value per key), and every example of both RFCs is
// included.
//
//   patch_cases [COUNT]     (default 12000 cases)
#include <metajson/metajson.hpp>
#include <metajson/patch.hpp>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

using metajson::value;

value J(std::string_view text) { return metajson::from<value>(text); }

struct generator {
  std::mt19937_64 rng{20261127};
  int depth = 0;
  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng() % n); }
  std::string key() {
    static const char* const keys[] = {"a", "b", "c", "d", "", "a/b", "~", "~1", "0", "1", "01", "-", "é", "x y", "tab\t"};
    return keys[pick(std::size(keys))];
  }
  value scalar() {
    switch (pick(10)) {
      case 0: return nullptr;
      case 1: return pick(2) == 0;
      case 2: return static_cast<std::int64_t>(pick(7)) - 3;
      case 3: return static_cast<double>(pick(9)) / 4 - 1;  // 1.0 beside 1, -0.0 never
      case 4: return static_cast<std::uint64_t>(pick(3)) + 18446744073709551613u;
      case 5: return value(value::big_number{pick(2) ? "1e400" : "123456789012345678901234567890"});
      case 6: return std::string(pick(20), 'x');
      case 7: return value(std::to_string(pick(3)));  // "1" beside 1
      default: return key();
    }
  }
  value any() {
    const std::size_t r = depth > 3 ? 0 : pick(5);
    if (r < 2) return scalar();
    ++depth;
    value v;
    if (r == 2) {
      v = value::array{};
      for (std::size_t n = pick(5); n > 0; --n) v.push_back(any());
    } else {
      v = value::object{};
      for (std::size_t n = pick(6); n > 0; --n) {
        const std::string k = key();
        if (!v.contains(k)) v.emplace(k, any());
      }
    }
    --depth;
    return v;
  }
  value change(const value& a) {
    if (pick(6) == 0) return any();
    if (a.is_array()) {
      value b = value::array{};
      for (const value& e : a.as_array())
        if (pick(4) != 0) b.push_back(change(e));
      if (pick(3) == 0) b.push_back(any());
      return b;
    }
    if (a.is_object()) {
      value b = value::object{};
      for (const auto& [k, e] : a.as_object())
        if (pick(4) != 0) b.emplace(k, change(e));
      const std::string k = key();
      if (pick(3) == 0 && !b.contains(k)) b.emplace(k, any());
      return b;
    }
    return pick(2) ? a : scalar();
  }

  // Every pointer of v, from `here`.
  void pointers(const value& v, const std::string& here, std::vector<std::string>& out) {
    out.push_back(here);
    if (v.is_array()) {
      for (std::size_t i = 0; i < v.size(); ++i) pointers(v[i], here + "/" + std::to_string(i), out);
    } else if (v.is_object()) {
      for (const auto& [k, e] : v.as_object()) pointers(e, here + "/" + metajson::detail::pointer_token(k), out);
    }
  }
  // A pointer for an operation: one of the document's, or a near miss.
  std::string pointer(const value& doc) {
    std::vector<std::string> all;
    pointers(doc, "", all);
    std::string p = all[pick(all.size())];
    switch (pick(8)) {
      case 0: return p + "/" + metajson::detail::pointer_token(key());  // a new or existing key, or an index-like token
      case 1: return p + "/-";
      case 2: {
        const value* v = doc.find_pointer(p);
        const std::size_t n = v ? v->size() : 0;
        return p + "/" + std::to_string(n + pick(2));  // at the size, past it
      }
      case 3: return p + "/0" + std::to_string(pick(2));  // "00", "01": not indices
      case 4: return "/nope" + p;
      default: return p;
    }
  }
  value operation(const value& doc) {
    static const char* const ops[] = {"add", "remove", "replace", "move", "copy", "test"};
    const std::string op = ops[pick(std::size(ops))];
    value o = value::object{};
    o.emplace("op", op);
    const std::string path = pointer(doc);
    o.emplace("path", path);
    if (op == "move" || op == "copy") o.emplace("from", pointer(doc));
    if (op == "add" || op == "replace") o.emplace("value", any());
    if (op == "test") {
      const value* there = doc.find_pointer(path);
      o.emplace("value", there && pick(3) != 0 ? *there : any());
    }
    return o;
  }
};

void patch_case(const value& doc, const value& ops) {
  value line = value::object{};
  line.emplace("kind", "patch");
  line.emplace("doc", doc);
  line.emplace("patch", ops);
  const auto r = metajson::try_patch(doc, ops);
  line.emplace("ok", r.has_value());
  if (r) line.emplace("result", *r);
  std::puts(metajson::to_json(line).c_str());
}

void merge_case(const value& target, const value& patch) {
  value line = value::object{};
  line.emplace("kind", "merge");
  line.emplace("target", target);
  line.emplace("patch", patch);
  line.emplace("result", metajson::merge_patch(target, patch));
  std::puts(metajson::to_json(line).c_str());
}

// Every example of RFC 6902 Appendix A and RFC 7396 (section 3, Appendix A), but A.13, whose
// operation names "op" twice (Python's dict keeps one of them: the test's unit checks it).
void rfc_cases() {
  const char* const p6902[][2] = {
      {R"({"foo": "bar"})", R"([{ "op": "add", "path": "/baz", "value": "qux" }])"},
      {R"({"foo": [ "bar", "baz" ]})", R"([{ "op": "add", "path": "/foo/1", "value": "qux" }])"},
      {R"({"baz": "qux", "foo": "bar"})", R"([{ "op": "remove", "path": "/baz" }])"},
      {R"({"foo": [ "bar", "qux", "baz" ]})", R"([{ "op": "remove", "path": "/foo/1" }])"},
      {R"({"baz": "qux", "foo": "bar"})", R"([{ "op": "replace", "path": "/baz", "value": "boo" }])"},
      {R"({"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}})", R"([{ "op": "move", "from": "/foo/waldo", "path": "/qux/thud" }])"},
      {R"({"foo": [ "all", "grass", "cows", "eat" ]})", R"([{ "op": "move", "from": "/foo/1", "path": "/foo/3" }])"},
      {R"({"baz": "qux", "foo": [ "a", 2, "c" ]})", R"([{ "op": "test", "path": "/baz", "value": "qux" }, { "op": "test", "path": "/foo/1", "value": 2 }])"},
      {R"({ "baz": "qux" })", R"([{ "op": "test", "path": "/baz", "value": "bar" }])"},
      {R"({ "foo": "bar" })", R"([{ "op": "add", "path": "/child", "value": { "grandchild": { } } }])"},
      {R"({ "foo": "bar" })", R"([{ "op": "add", "path": "/baz", "value": "qux", "xyz": 123 }])"},
      {R"({ "foo": "bar" })", R"([{ "op": "add", "path": "/baz/bat", "value": "qux" }])"},
      {R"({"/": 9, "~1": 10})", R"([{"op": "test", "path": "/~01", "value": 10}])"},
      {R"({"/": 9, "~1": 10})", R"([{"op": "test", "path": "/~01", "value": "10"}])"},
      {R"({ "foo": ["bar"] })", R"([{ "op": "add", "path": "/foo/-", "value": ["abc", "def"] }])"},
  };
  for (const auto& [doc, ops] : p6902) patch_case(J(doc), J(ops));
  const char* const m7396[][2] = {
      {R"({"title": "Goodbye!", "author" : {"givenName" : "John", "familyName" : "Doe"}, "tags":[ "example", "sample" ], "content": "This will be unchanged"})",
       R"({"title": "Hello!", "phoneNumber": "+01-123-456-7890", "author": {"familyName": null}, "tags": [ "example" ]})"},
      {R"({"a":"b"})", R"({"a":"c"})"},
      {R"({"a":"b"})", R"({"b":"c"})"},
      {R"({"a":"b"})", R"({"a":null})"},
      {R"({"a":"b","b":"c"})", R"({"a":null})"},
      {R"({"a":["b"]})", R"({"a":"c"})"},
      {R"({"a":"c"})", R"({"a":["b"]})"},
      {R"({"a": {"b": "c"}})", R"({"a": {"b": "d", "c": null}})"},
      {R"({"a": [{"b":"c"}]})", R"({"a": [1]})"},
      {R"(["a","b"])", R"(["c","d"])"},
      {R"({"a":"b"})", R"(["c"])"},
      {R"({"a":"foo"})", "null"},
      {R"({"a":"foo"})", R"("bar")"},
      {R"({"e":null})", R"({"a":1})"},
      {R"([1,2])", R"({"a":"b","c":null})"},
      {R"({})", R"({"a":{"bb":{"ccc":null}}})"},
  };
  for (const auto& [target, patch] : m7396) merge_case(J(target), J(patch));
}

}  // namespace

int main(int argc, char** argv) {
  const long count = argc > 1 ? std::atol(argv[1]) : 12000;
  generator g;
  rfc_cases();
  for (long i = 0; i < count; ++i) {
    switch (i % 6) {
      case 0:
      case 1: {  // a made patch: it applies
        const value a = g.any(), b = g.change(a);
        patch_case(a, metajson::make_patch(a, b));
        break;
      }
      case 2:
      case 3: {  // random operations: some fail
        const value doc = g.any();
        value ops = value::array{};
        for (std::size_t n = 1 + g.pick(4); n > 0; --n) ops.push_back(g.operation(doc));
        patch_case(doc, ops);
        break;
      }
      case 4: {  // a random merge patch
        const value target = g.any();
        g.depth = 1;
        const value patch = g.any();
        g.depth = 0;
        merge_case(target, patch);
        break;
      }
      default: {  // a made merge patch, where one can be made
        const value a = g.any(), b = g.change(a);
        if (auto m = metajson::try_make_merge_patch(a, b)) merge_case(a, *m);
        else merge_case(a, g.any());
      }
    }
  }
}

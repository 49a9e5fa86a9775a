// Writing a metajson::value (dynamic/write.hpp, issue 49): the iterative writer against the
// recursive writer it replaced (kept below as the oracle), byte for byte and error for error, on
// the datasets and on random values; its errors with their paths and messages; options::max_depth
// (the writer refuses what the reader would refuse); values a million levels deep.
#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

// --- the oracle: the recursive writer of metajson::value before issue 49 ----------------------
// A copy of write_dyn and its helpers as they were (dynamic/write.hpp at 0b3b863), with
// options::sort_keys written out (it went through write_pairs, which now calls the new writer
// for the members' values). Nothing else uses it.
namespace oracle {
using namespace metajson::detail;
using metajson::kind;
using metajson::options;
using metajson::value;

template <options O>
METAJSON_ALWAYS_INLINE char* old_text(write_context& c, char* p, const dyn::cell& cl, std::size_t extra) {
  const std::string_view s = dyn::text(cl);
  if (!O.escape_non_ascii && !O.escape_html && (cl.tag & dyn::flag_plain)) {
    p = ensure(c, p, s.size() + 2 + extra);
    *p = '"';
    if (METAJSON_LIKELY(s.size() <= 64)) copy_short(p + 1, s.data(), s.size());
    else std::memcpy(p + 1, s.data(), s.size());
    p[s.size() + 1] = '"';
    return p + s.size() + 2;
  }
  p = ensure(c, p, escaped_size_bound(s.size()) + 2 + extra);
  return write_quoted<O>(c, p, s);
}

template <options O>
char* recursive_write(write_context& c, char* p, const value& v);

template <options O>
std::size_t old_scalar_bound(const value& v) noexcept {
  switch (v.kind()) {
    case kind::null: return 4;
    case kind::boolean: return 5;
    case kind::int64:
    case kind::uint64: return max_integer_chars<std::uint64_t>;
    case kind::float64: return writer<family::floating>::bound<double> + 2;
    default: {
      const dyn::cell& cl = dyn::access::cell_of(v);
      const std::size_t n = dyn::text(cl).size();
      if (v.is_big_number() || (!O.escape_non_ascii && !O.escape_html && (cl.tag & dyn::flag_plain))) return n + 2;
      return escaped_size_bound(n) + 2;
    }
  }
}

template <options O>
char* old_text_reserved(write_context& c, char* p, const dyn::cell& cl) {
  const std::string_view s = dyn::text(cl);
  if (!O.escape_non_ascii && !O.escape_html && (cl.tag & dyn::flag_plain)) {
    *p = '"';
    if (METAJSON_LIKELY(s.size() <= 64)) copy_short(p + 1, s.data(), s.size());
    else std::memcpy(p + 1, s.data(), s.size());
    p[s.size() + 1] = '"';
    return p + s.size() + 2;
  }
  return write_quoted<O>(c, p, s);
}

template <options O>
char* old_scalar_reserved(write_context& c, char* p, const value& v) {
  const dyn::cell& cl = dyn::access::cell_of(v);
  switch (v.kind()) {
    case kind::null: std::memcpy(p, "null", 4); return p + 4;
    case kind::boolean: return writer<family::boolean>::write_reserved<O, bool>(c, p, cl.bits != 0);
    case kind::int64: return writer<family::integer>::write_reserved<O, std::int64_t>(c, p, static_cast<std::int64_t>(cl.bits));
    case kind::uint64: return writer<family::integer>::write_reserved<O, std::uint64_t>(c, p, cl.bits);
    case kind::float64: {
      const double d = std::bit_cast<double>(cl.bits);
      if constexpr (O.rfc8785) {
        return writer<family::floating>::write_reserved<O, double>(c, p, d);
      } else if constexpr (O.numbers == metajson::number_format::shortest) {
        char* start = p;
        p = writer<family::floating>::write_reserved<O, double>(c, p, d);
        if (p == nullptr) return nullptr;
        if (__builtin_isfinite(d)) p = writer<family::floating>::mark_as_float(start, p);
        return p;
      } else {
        constexpr options json = [] {
          options o = O;
          o.numbers = metajson::number_format::json;
          return o;
        }();
        return writer<family::floating>::write_reserved<json, double>(c, p, d);
      }
    }
    case kind::big_number: return write_big_number<O>(c, p, dyn::text(cl));
    default: return old_text_reserved<O>(c, p, cl);
  }
}

// write_pairs / write_pairs_sorted / write_pair_entries for a value's object, as they were.
template <options O>
char* old_sorted_object(write_context& c, char* p, const value::object& o) {
  if (o.empty()) {
    p = ensure(c, p, 2);
    std::memcpy(p, "{}", 2);
    return p + 2;
  }
  std::vector<const value::member*> entries;
  for (const value::member& m : o) entries.push_back(&m);
  if (entries.size() > 1) {
    auto less = [](const value::member* a, const value::member* b) { return utf16_less(a->first.view(), b->first.view()); };
    if (!std::ranges::is_sorted(entries, less)) std::ranges::stable_sort(entries, less);
    if constexpr (O.rfc8785) {
      for (std::size_t i = 1; i < entries.size(); ++i)
        if (entries[i]->first == entries[i - 1]->first)
          return c.fail(metajson::error_code::not_canonical, "key \"" + std::string(entries[i]->first.view()).substr(0, 64) + "\" twice in one object");
    }
  }
  p = ensure(c, p, 1);
  *p++ = '{';
  if constexpr (O.pretty) ++c.depth;
  bool first = true;
  for (const value::member* m : entries) {
    if (!first) {
      p = ensure(c, p, 1);
      *p++ = ',';
    }
    first = false;
    if constexpr (O.pretty) p = newline_indent<O.indent>(c, p, c.depth);
    p = write_map_key<O>(c, p, m->first);
    if (p != nullptr) p = recursive_write<O>(c, p, m->second);
    if (p == nullptr) return push_key(c, m->first);
  }
  if constexpr (O.pretty) {
    --c.depth;
    p = newline_indent<O.indent>(c, p, c.depth);
  }
  p = ensure(c, p, 1);
  *p++ = '}';
  return p;
}

template <options O>
char* recursive_write(write_context& c, char* p, const value& v) {
  switch (v.kind()) {
    case kind::array: {
      const value::array& a = dyn::access::array_of(v);
      const std::size_t n = a.size();
      const value* e = a.data();
      if constexpr (O.pretty) {
        return write_array<O>(c, p, n, [e](write_context& cc, char* q, std::size_t i) { return recursive_write<O>(cc, q, e[i]); });
      } else {
        p = ensure(c, p, 2);
        *p++ = '[';
        for (std::size_t i = 0; i < n; ++i) {
          if (i != 0) {
            p = ensure(c, p, 1);
            *p++ = ',';
          }
          p = recursive_write<O>(c, p, e[i]);
          if (p == nullptr) return push_index(c, i);
        }
        p = ensure(c, p, 1);
        *p++ = ']';
        return p;
      }
    }
    case kind::object: {
      const value::object& o = dyn::access::object_of(v);
      const std::size_t n = o.size();
      const value::member* m = o.data();
      if constexpr (O.sort_keys) {
        return old_sorted_object<O>(c, p, o);
      } else {
        p = ensure(c, p, 2);
        *p++ = '{';
        if constexpr (O.pretty) {
          if (n != 0) ++c.depth;
        }
        for (std::size_t i = 0; i < n; ++i) {
          if (i != 0) {
            p = ensure(c, p, 1);
            *p++ = ',';
          }
          if constexpr (O.pretty) p = newline_indent<O.indent>(c, p, c.depth);
          p = old_text<O>(c, p, dyn::access::cell_of(m[i].first), 2);
          if (p == nullptr) return push_key(c, m[i].first);
          *p++ = ':';
          if constexpr (O.pretty) *p++ = ' ';
          p = recursive_write<O>(c, p, m[i].second);
          if (p == nullptr) return push_key(c, m[i].first);
        }
        if constexpr (O.pretty) {
          if (n != 0) {
            --c.depth;
            p = newline_indent<O.indent>(c, p, c.depth);
          }
        }
        p = ensure(c, p, 1);
        *p++ = '}';
        return p;
      }
    }
    default:
      p = ensure(c, p, old_scalar_bound<O>(v));
      return old_scalar_reserved<O>(c, p, v);
  }
}

// The oracle's to_json: the text, or the error's message (its code, path and detail).
template <options O>
std::string to_json(const value& v) {
  std::string out;
  write_context c;
  c.out = &out;
  out.resize_and_overwrite(256, [](char*, std::size_t n) { return n; });
  c.base = out.data();
  c.limit = c.base + out.size();
  char* p = recursive_write<O>(c, c.base, v);
  if (p == nullptr) return "error: " + failed_write(c, out).message();
  out.resize(static_cast<std::size_t>(p - c.base));
  return out;
}
}  // namespace oracle

namespace {

using metajson::error_code;
using metajson::json_string;
using metajson::kind;
using metajson::options;
using metajson::value;

// The library's to_json: the text, or the error's message, as oracle::to_json gives them.
template <options O>
std::string written(const value& v) {
  auto r = metajson::try_to_json<O>(v);
  return r ? *r : "error: " + r.error().message();
}

// Every option set the writer has a path for.
template <class F>
void for_each_options(F&& f) {
  f.template operator()<options{}>("compact");
  f.template operator()<options{.pretty = true}>("pretty");
  f.template operator()<options{.pretty = true, .indent = 4}>("pretty, indent 4");
  f.template operator()<options{.sort_keys = true}>("sort_keys");
  f.template operator()<options{.pretty = true, .sort_keys = true}>("pretty sort_keys");
  f.template operator()<metajson::canonical>("canonical");
  f.template operator()<options{.escape_non_ascii = true}>("escape_non_ascii");
  f.template operator()<options{.escape_html = true, .sort_keys = true}>("escape_html sort_keys");
  f.template operator()<options{.numbers = metajson::number_format::shortest}>("shortest");
  f.template operator()<options{.nonfinite = metajson::nonfinite_policy::null}>("nonfinite null");
  f.template operator()<options{.utf8 = metajson::utf8_policy::replace}>("utf8 replace");
  f.template operator()<options{.max_depth = 3}>("max_depth 3");
}

void expect_as_oracle(const value& v, const std::string& what) {
  for_each_options([&]<options O>(const char* name) {
    const std::string expected = oracle::to_json<O>(v);
    const std::string got = written<O>(v);
    if constexpr (O.max_depth == 3) {
      // the oracle has no depth limit: it must agree wherever the value is not deeper than 3
      if (got.find("nesting too deep") != std::string::npos) return;
    }
    ASSERT_EQ(got, expected) << what << ", " << name;
  });
}

std::string data_file(const char* name) {
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (dir == nullptr) return {};
  std::ifstream f(std::string(dir) + "/" + name, std::ios::binary);
  if (!f) return {};
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// v built again in code: its strings and keys are not marked plain (only a reader marks them).
value rebuilt(const value& v) {
  if (v.is_string()) return value(v.as_string());
  if (v.is_array()) {
    value a = value::array{};
    for (const value& e : v.as_array()) a.push_back(rebuilt(e));
    return a;
  }
  if (v.is_object()) {
    value o = value::object{};
    for (const auto& [k, e] : v.as_object()) o.emplace(k.view(), rebuilt(e));
    return o;
  }
  return v;
}

TEST(WriteValue, DatasetsAsTheRecursiveWriter) {
  int found = 0;
  for (const char* name : {"twitter.json", "citm_catalog.json", "canada.json"}) {
    const std::string text = data_file(name);
    if (text.empty()) continue;
    ++found;
    const value v = metajson::from<value>(text);
    expect_as_oracle(v, name);
    // and built in code (no string is known plain): every string escaped and checked
    expect_as_oracle(rebuilt(v), std::string(name) + " rebuilt");
  }
  if (found == 0) GTEST_SKIP() << "METAJSON_DATA_DIR is not set (or holds none of the datasets)";
}

// Random values: every kind, strings plain (read) and not (built), keys that sort differently
// in bytes and UTF-16, duplicates, long strings and keys, numbers at their edges.
struct generator {
  std::mt19937_64 rng;
  int depth = 0;
  std::string text() {
    static const char* const pieces[] = {"a", "b", "", "é", "\xF0\x9F\x98\x80", "\xEF\xBC\xA1", "\"", "\\", "\n", "\x01", "<", "&",
                                         "\xE2\x80\xA8", "0123456789abcdef", "z", "/", "\x7F"};
    std::string s;
    for (auto n = rng() % 6; n > 0; --n) s += pieces[rng() % std::size(pieces)];
    if (rng() % 8 == 0) s += std::string(rng() % 100, 'x');
    return s;
  }
  value scalar() {
    switch (rng() % 12) {
      case 0: return nullptr;
      case 1: return rng() % 2 == 0;
      case 2: return static_cast<std::int64_t>(rng()) >> (rng() % 64);
      case 3: return rng() >> (rng() % 64);
      case 4: {
        static const std::int64_t edges[] = {0, -1, 9, 10, 99, 100, 99999999, 100000000, -100000000, 999999999, 1000000000,
                                             9999999999, 10000000000, 9999999999999999, 10000000000000000,
                                             std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(),
                                             9007199254740993};
        return edges[rng() % std::size(edges)];
      }
      case 5: return std::numeric_limits<std::uint64_t>::max() - rng() % 3;
      case 6: {
        static const double ds[] = {0.0, -0.0, 1.0, 0.1, 1e21, 1e-7, 123456.789, -2.5e300, 5e-324};
        return ds[rng() % std::size(ds)];
      }
      case 7: return std::bit_cast<double>(rng());  // NaN and infinities now and then
      case 8: return value(value::big_number{rng() % 2 ? "1e400" : "123456789012345678901234567890"});
      default: return text();
    }
  }
  value any() {
    const auto r = depth > 5 ? 0 : rng() % 4;
    if (r < 2) return scalar();
    ++depth;
    value v;
    if (r == 2) {
      v = value::array{};
      for (auto n = rng() % 6; n > 0; --n) v.push_back(any());
    } else {
      v = value::object{};
      for (auto n = rng() % 6; n > 0; --n) {
        v.emplace(text(), any());  // duplicates now and then
        if (rng() % 6 == 0) v.emplace(v.as_object().back().first.view(), any());
      }
    }
    --depth;
    return v;
  }
};

TEST(WriteValue, RandomValuesAsTheRecursiveWriter) {
  generator g{std::mt19937_64(49)};
  for (int i = 0; i < 3000; ++i) {
    const value v = g.any();
    expect_as_oracle(v, "random value " + std::to_string(i));
    // read back (its strings plain where they can be): the same again
    if (auto text = metajson::try_to_json<options{.allow_nonfinite = true}>(v)) {
      const value back = metajson::from<value, options{.allow_nonfinite = true}>(*text);
      expect_as_oracle(back, "random value " + std::to_string(i) + " read back");
    }
  }
}

TEST(WriteValue, InvalidStringErrorsWithTheirPaths) {
  value v = metajson::from<value>(R"({"a":[1,{"b":["ok","x"]}]})");
  v["a"][1]["b"][1] = std::string("bad \xFF byte");
  const auto r = metajson::try_to_json(v);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), error_code::invalid_utf8);
  EXPECT_EQ(r.error().path(), "$.a[1].b[1]");
  EXPECT_EQ(written<options{}>(v), oracle::to_json<options{}>(v));
  EXPECT_NE(r.error().message().find("byte 0xff at offset 4 of the string"), std::string::npos) << r.error().message();

  value k = value::object{};
  k.emplace("fine", value::array{1, 2});
  k["fine"].as_array()[1] = value::object{};
  k["fine"].as_array()[1].emplace("ke\xC3y", 1);  // an invalid key
  const auto rk = metajson::try_to_json(k);
  ASSERT_FALSE(rk);
  EXPECT_EQ(rk.error().code(), error_code::invalid_utf8);
  EXPECT_EQ(written<options{}>(k), oracle::to_json<options{}>(k));
  EXPECT_EQ(written<options{.sort_keys = true}>(k), oracle::to_json<options{.sort_keys = true}>(k));
  EXPECT_EQ(written<options{.pretty = true}>(k), oracle::to_json<options{.pretty = true}>(k));
}

TEST(WriteValue, NumberErrorsWithTheirPaths) {
  value v = value::array{1, value::object{}};
  v[1].emplace("x", std::nan(""));
  auto r = metajson::try_to_json(v);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), error_code::non_finite_number);
  EXPECT_EQ(r.error().path(), "$[1].x");
  EXPECT_EQ(written<options{}>(v), oracle::to_json<options{}>(v));
  EXPECT_EQ(written<options{.nonfinite = metajson::nonfinite_policy::null}>(v), R"([1,{"x":null}])");

  v[1]["x"] = value(value::big_number{"12a"});
  r = metajson::try_to_json(v);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), error_code::invalid_value);
  EXPECT_EQ(r.error().path(), "$[1].x");
  EXPECT_NE(r.error().message().find("\"12a\", which is not a JSON number"), std::string::npos) << r.error().message();
  EXPECT_EQ(written<options{}>(v), oracle::to_json<options{}>(v));

  v[1]["x"] = std::uint64_t{9007199254740993};  // RFC 8785: no double has it
  const auto c = metajson::try_to_json<metajson::canonical>(v);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().code(), error_code::not_canonical);
  EXPECT_EQ(c.error().path(), "$[1].x");
  EXPECT_EQ(written<metajson::canonical>(v), oracle::to_json<metajson::canonical>(v));

  value twice = metajson::from<value>(R"({"o":[{"b":1,"a":2,"b":3}]})");
  const auto t = metajson::try_to_json<metajson::canonical>(twice);
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error().code(), error_code::not_canonical);
  EXPECT_EQ(t.error().path(), "$.o[0]");
  EXPECT_EQ(written<metajson::canonical>(twice), oracle::to_json<metajson::canonical>(twice));
}

// Nested n levels: [[...[leaf]...]] or {"k":{"k":...leaf...}}, built without recursion.
value nested(std::size_t n, bool objects, value leaf = value::array{}) {
  value v = std::move(leaf);
  for (std::size_t i = 0; i < n; ++i) {
    value outer = objects ? value(value::object{}) : value(value::array{});
    if (objects) outer.emplace("k", std::move(v));
    else outer.push_back(std::move(v));
    v = std::move(outer);
  }
  return v;
}

std::string deep_text(std::size_t n, bool objects) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += objects ? "{\"k\":" : "[";
  s += "[]";
  for (std::size_t i = 0; i < n; ++i) s += objects ? "}" : "]";
  return s;
}

TEST(WriteValue, MaxDepthAsTheReaderCountsIt) {
  constexpr options three{.max_depth = 3};
  for (bool objects : {false, true}) {
    // the innermost [] is a level too: 3 levels write, 4 do not
    value ok = nested(2, objects);
    EXPECT_EQ(written<three>(ok), deep_text(2, objects));
    EXPECT_TRUE((metajson::try_from<value, three>(deep_text(2, objects))));
    value deep = nested(3, objects);
    const auto r = metajson::try_to_json<three>(deep);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code(), error_code::depth_exceeded);
    EXPECT_EQ(r.error().path(), objects ? "$.k.k.k" : "$[0][0][0]");
    EXPECT_NE(r.error().message().find("more than 3 levels of nesting (options::max_depth): raise options::max_depth to write it"),
              std::string::npos)
        << r.error().message();
    const auto read = metajson::try_from<value, three>(deep_text(3, objects));  // the reader refuses it too
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().code(), error_code::depth_exceeded);
    constexpr options pretty3{.pretty = true, .max_depth = 3};
    constexpr options sorted3{.sort_keys = true, .max_depth = 3};
    EXPECT_TRUE(metajson::try_to_json<pretty3>(ok));
    EXPECT_FALSE(metajson::try_to_json<pretty3>(deep));
    EXPECT_FALSE(metajson::try_to_json<sorted3>(deep));
  }
  // max_depth 0: scalars only
  constexpr options none{.max_depth = 0};
  EXPECT_EQ(written<none>(value(1)), "1");
  EXPECT_FALSE(metajson::try_to_json<none>(value(value::array{})));
  EXPECT_FALSE((metajson::try_from<value, none>("[]")));
  // the default, 1024: what the reader reads is written, one more level is refused
  value at_limit = nested(1023, false);
  EXPECT_EQ(written<options{}>(at_limit), deep_text(1023, false));
  value beyond = nested(1024, false);
  EXPECT_FALSE(metajson::try_to_json(beyond));
  EXPECT_FALSE(metajson::try_from<value>(deep_text(1024, false)));
}

TEST(WriteValue, PathsOfDeepErrorsAreCut) {
  value v = nested(3000, false, value(std::string("\xFF")));
  const auto r = metajson::try_to_json<options{.max_depth = 5000}>(v);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), error_code::invalid_utf8);
  std::string outer1024 = "$";
  for (int i = 0; i < 1024; ++i) outer1024 += "[0]";
  EXPECT_EQ(r.error().path(), outer1024);
  EXPECT_NE(r.error().message().find("(3000 levels deep: the path shows the outermost 1024)"), std::string::npos);
  const auto d = metajson::try_to_json(v);  // deeper than the default max_depth
  ASSERT_FALSE(d);
  EXPECT_EQ(d.error().code(), error_code::depth_exceeded);
  EXPECT_EQ(d.error().path(), outer1024);
}

TEST(WriteValue, DeepPrettyAndSortedAsTheRecursiveWriter) {
  // 300 levels (the oracle recurses), objects of two members out of order at every level
  value v = value(1);
  for (int i = 0; i < 300; ++i) {
    value o = value::object{};
    o.emplace(i % 2 ? "b" : "\xEF\xBC\xA1", std::move(v));
    o.emplace(i % 2 ? "a" : "\xF0\x9F\x98\x80", value::array{i, value::array{}, value::object{}});
    o.emplace("b", i);
    v = std::move(o);
  }
  constexpr options pretty{.pretty = true};
  constexpr options sorted{.sort_keys = true};
  constexpr options both{.pretty = true, .sort_keys = true};
  EXPECT_EQ(written<pretty>(v), oracle::to_json<pretty>(v));
  EXPECT_EQ(written<sorted>(v), oracle::to_json<sorted>(v));
  EXPECT_EQ(written<both>(v), oracle::to_json<both>(v));
  EXPECT_EQ(written<metajson::canonical>(v), oracle::to_json<metajson::canonical>(v));  // "b" twice
  EXPECT_EQ(written<options{}>(v), oracle::to_json<options{}>(v));
}

TEST(WriteValue, ConversionsKeepTheirMaxDepth) {
  value v = nested(2000, true);
  constexpr options deep{.max_depth = 3000};
  value back;
  EXPECT_FALSE(metajson::from_value<deep>(v, back));
  EXPECT_EQ(metajson::to_json<deep>(back), metajson::to_json<deep>(v));
  value refused;
  const metajson::error e = metajson::from_value(v, refused);  // max_depth 1024
  EXPECT_EQ(e.code(), error_code::depth_exceeded);
}

// A million levels: written without a crash when max_depth allows it (the writer's stack is on the
// heap), refused with a cut path when it does not.
TEST(WriteValue, AMillionLevels) {
  constexpr std::size_t n = 1'000'000;
  constexpr options deep{.max_depth = 2'000'000};
  for (bool objects : {false, true}) {
    value v = nested(n - 1, objects);  // n levels, the innermost [] included
    const std::string text = metajson::to_json<deep>(v);
    EXPECT_EQ(text, deep_text(n - 1, objects));
    constexpr options deep_sorted{.sort_keys = true, .max_depth = 2'000'000};
    EXPECT_EQ(metajson::to_json<deep_sorted>(v), text);
    const auto refused = metajson::try_to_json(v);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code(), error_code::depth_exceeded);
    EXPECT_LT(refused.error().path().size(), std::size_t{1024 * 5 + 2});
  }
}

struct holder {
  int id;
  value data;
  std::vector<value> more;
};

TEST(WriteValue, AsAMemberOfATypedValue) {
  holder h{7, metajson::from<value>(R"({"b":[1,2.5,"x"],"a":null})"), {value(true), value::array{}}};
  EXPECT_EQ(metajson::to_json(h), R"({"id":7,"data":{"b":[1,2.5,"x"],"a":null},"more":[true,[]]})");
  EXPECT_EQ(metajson::to_json<options{.sort_keys = true}>(h), R"({"data":{"a":null,"b":[1,2.5,"x"]},"id":7,"more":[true,[]]})");
  // pretty: indented from the member's depth on
  const std::string pretty = metajson::to_json<options{.pretty = true}>(h);
  EXPECT_NE(pretty.find("\"data\": {\n    \"b\": [\n      1,\n      2.5,\n      \"x\"\n    ],\n    \"a\": null\n  }"), std::string::npos)
      << pretty;
  EXPECT_EQ(metajson::from<value>(pretty), metajson::from<value>(metajson::to_json(h)));
  h.data["b"][2] = std::string("\xC0");
  const auto r = metajson::try_to_json(h);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().path(), "$.data.b[2]");
}

}  // namespace

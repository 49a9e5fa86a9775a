// The cases of json_schema_oracle_test (tests/validate/run_oracle.sh): random draft 2020-12
// schemas and instances, each instance with metajson::json_schema's verdict, written to stdout
// as JSON Lines; oracle.py validates every instance again with Python's jsonschema
// (Draft202012Validator, `format` not asserted) and requires the same verdict.
//
//   json_schema_cases [SCHEMAS [INSTANCES_EACH [SEED]]]     (default: 3000 schemas, 5 each, seed 53)
//
// Lines:
//   {"schema":N,"text":SCHEMA}                        a schema (compiled by metajson first)
//   {"schema":N,"text":SCHEMA,"compile_error":WHY}    metajson refused to compile it (oracle.py
//                                                     fails unless jsonschema refuses it too)
//   {"of":N,"instance":TEXT,"valid":B}                an instance and metajson's verdict
//   ... ,"modes":WHY                                  metajson's four ways in disagreed
//
// The schemas use every keyword both validators implement: type, enum, const, the numeric bounds
// (integers and decimals), multipleOf (integer divisors, and decimal ones whose float division is
// exact: 0.5, 0.25, 1.5...), minLength/maxLength (non-ASCII strings: lengths count code points),
// pattern and patternProperties (only regexes that mean the same in Python's `re` and ECMA-262
// with the u flag: literals, classes, anchors, quantifiers, alternation, lookaheads; no `.`,
// `\d`, `\w`, `\s`, `\b`), properties, additionalProperties, required, dependentRequired,
// dependentSchemas, propertyNames, min/maxProperties, items, prefixItems, contains,
// min/maxContains, min/maxItems, uniqueItems, allOf, anyOf, oneOf, not, if/then/else, $ref to
// $defs (recursive ones through items and properties, and to "#"), $anchor,
// unevaluatedProperties, unevaluatedItems, boolean schemas; `format` as an annotation.
//
// What both validators must see alike, and so is never generated: a string ending in "\n"
// (Python's `$` also matches before a final newline), numbers beyond a double (Python reads
// 1e400 as infinity) or decimals with many digits (Python compares the nearest double, metajson
// the decimal value), duplicate keys (a parser keeps one), lone surrogates.
//
// The instances: for each schema, samples built to satisfy it (as far as a simple generator can)
// and mutations of them that aim at one keyword each (a number moved across a bound or off a
// multiple, 1 turned into 1.0, a string lengthened by one code point or swapped for one a
// pattern refuses, a required key removed, a key added or renamed, an element duplicated or
// pushed with the other spelling of its number or its keys in another order, a node replaced by
// another kind); five are kept per schema, both verdicts when metajson's verdicts allow it.
// metajson's verdict is taken four ways, which must agree: validate() and is_valid() of a
// metajson::value, validate_json() and is_valid_json() of the text (a document's nodes).
#include <metajson/json_schema.hpp>
#include <metajson/value.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace {

using metajson::value;

struct rng_t {
  std::mt19937_64 g;
  std::uint64_t operator()() { return g(); }
  std::size_t below(std::size_t n) { return n ? static_cast<std::size_t>(g() % n) : 0; }
  bool percent(int p) { return static_cast<int>(g() % 100) < p; }
  bool coin() { return g() % 2 == 0; }
  std::int64_t between(std::int64_t lo, std::int64_t hi) { return lo + static_cast<std::int64_t>(g() % static_cast<std::uint64_t>(hi - lo + 1)); }
};

// --- pools ----------------------------------------------------------------------------------

// Regular expressions that mean the same in Python's re and in ECMA-262 (u flag), each with
// strings it finds a match in and strings it does not. None of the strings ends in "\n".
struct pattern_case {
  const char* re;
  std::vector<const char*> yes, no;
};
const std::vector<pattern_case>& patterns() {
  static const std::vector<pattern_case> p = {
      {"^a", {"a", "abc", "a\xf0\x9f\x98\x80"}, {"ba", "", "\xc3\xa9"}},
      {"b$", {"b", "ab", "\xe6\x97\xa5" "b"}, {"ba", "", "b\nc"}},
      {"abc", {"abc", "xabcx"}, {"ab", "a bc"}},
      {"^abc$", {"abc"}, {"abcd", "xabc", "abc\tx"}},
      {"^[a-c]+$", {"abc", "a", "cab"}, {"", "abd", "a\xc3\xa9"}},
      {"^[a-c]*$", {"", "cc"}, {"d", "a\nb"}},
      {"^x[0-9]+$", {"x1", "x22"}, {"x", "x1a", "X1"}},
      {"^(ab|c)*$", {"", "ab", "cab", "abc"}, {"a", "b", "abx"}},
      {"^[^a]*$", {"", "b", "\xe6\x97\xa5\xe6\x9c\xac", "\xf0\x9f\x98\x80\xf0\x9f\x98\x80"}, {"a", "ba"}},
      {"\xc3\xa9", {"\xc3\xa9", "caf\xc3\xa9"}, {"e", "E"}},
      {"^[\xc3\xa9\xe6\x97\xa5]+$", {"\xc3\xa9\xe6\x97\xa5", "\xe6\x97\xa5"}, {"e", "\xc3\xa9\xf0\x9f\x98\x80"}},
      {"^[^x]{2}$", {"ab", "\xf0\x9f\x98\x80\xf0\x9f\x98\x80", "\xc3\xa9\xe6\x97\xa5", "\na"}, {"a", "abc", "x\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80"}},
      {"^a{2,3}$", {"aa", "aaa"}, {"a", "aaaa"}},
      {"^a{2,}", {"aa", "aaab"}, {"a", "ba"}},
      {"^(?:x|y)+$", {"x", "xyx"}, {"", "xz"}},
      {"[A-Z]", {"A", "aZ"}, {"a", "\xc3\xa9"}},
      {"^$", {""}, {"a", " "}},
      {"^-?[0-9]+$", {"1", "-12", "007"}, {"-", "1.5", "+1"}},
      {"k-2", {"k-2", "ak-2b"}, {"k2", "k-"}},
      {"^[a-c]?[0-9]{1,2}$", {"a1", "12", "c99"}, {"a123", "d1"}},
      {"\t", {"a\tb"}, {"ab"}},
      {"^\xf0\x9f\x98\x80", {"\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80" "a"}, {"a\xf0\x9f\x98\x80"}},
      {"^[A-Za-z_][A-Za-z0-9_]*$", {"a", "_x9", "Abc"}, {"9a", "a-b", ""}},
      {"^(a|b)(c|d)?$", {"a", "bd"}, {"ab", "c"}},
      {"^(?!a)", {"b", ""}, {"a", "ab"}},
      {"a(?=b)", {"ab", "cab"}, {"a", "ac"}},
      {"^[^\xf0\x9f\x98\x80]+$", {"a", "\xc3\xa9"}, {"\xf0\x9f\x98\x80", "a\xf0\x9f\x98\x80"}},
      {"^[a-z]+[0-9]*$", {"ab", "ab12"}, {"12", "a1b"}},
      {"[0-9]{3}", {"123", "a1234"}, {"12", "1a2"}},
      {"^x$|^y$", {"x", "y"}, {"xy", ""}},
      {"a$(?!\n)", {"a", "ba"}, {"ab", ""}},
      {"^[a\\-z]$", {"-", "a"}, {"b", "az"}},
      {"^\\$[0-9]$", {"$1"}, {"1", "$"}},
      {"^[\\^a]+$", {"^", "a^"}, {"b"}},
      {"[\\[\\]]", {"[", "a]"}, {"a"}},
  };
  return p;
}

const char* const keys_pool[] = {"a", "b", "c", "d", "x1", "x22", "\xc3\xa9", "\xe6\x97\xa5\xe6\x9c\xac", "k-2", "A", "", "ab"};
const char* const pieces[] = {"a", "b", "c", "x", "Z", "0", "5", " ", "-", "\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\t", "\n", "\"", "\\", "/", "\xc3\x9f"};

// Code points of a UTF-8 string.
std::vector<std::string> split_code_points(std::string_view s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = 1;
    while (i + n < s.size() && (static_cast<unsigned char>(s[i + n]) & 0xC0) == 0x80) ++n;
    out.emplace_back(s.substr(i, n));
    i += n;
  }
  return out;
}

// Never "\n" at the end (Python's `$` matches before it).
std::string no_final_newline(std::string s) {
  while (!s.empty() && s.back() == '\n') s.back() = 'q';
  return s;
}

value number_pool(rng_t& r) {
  switch (r.below(16)) {
    case 0: return value(std::int64_t{0});
    case 1: return value(static_cast<std::int64_t>(r.between(-12, 12)));
    case 2: return value(static_cast<std::int64_t>(r.between(-200, 200)));
    case 3: return value(static_cast<double>(r.between(-40, 40)) / 4);  // quarters
    case 4: return value(static_cast<double>(r.between(-30, 30)) / 10);  // tenths (not dyadic)
    case 5: return value(static_cast<double>(r.between(-5, 5)));         // 3.0
    case 6: return value(-0.0);
    case 7: return value(std::int64_t{9007199254740993});                // 2^53 + 1
    case 8: return value(std::uint64_t{18446744073709551615ull});
    case 9: return value(std::int64_t{-9223372036854775807 - 1});
    case 10: return value(value::big_number{"18446744073709551616"});
    case 11: return value(value::big_number{"-100000000000000000000000"});
    case 12: return value(1e20);                                         // exact, written 1e+20
    case 13: return value(12.25);
    case 14: return value(std::int64_t{255});
    default: return value(static_cast<std::int64_t>(r.between(0, 3)));
  }
}

std::string random_string(rng_t& r, std::size_t min = 0, std::size_t max = 6) {
  std::string s;
  const std::size_t n = min + r.below(max - min + 1);
  for (std::size_t i = 0; i < n; ++i) s += pieces[r.below(std::size(pieces))];
  return no_final_newline(s);
}

value random_value(rng_t& r, int depth = 0) {
  switch (r.below(depth > 2 ? 5 : 8)) {
    case 0: return value(nullptr);
    case 1: return value(r.coin());
    case 2:
    case 3: return number_pool(r);
    case 4: return value(random_string(r));
    case 5:
    case 6: {
      value a = value::array{};
      for (std::size_t i = r.below(4); i > 0; --i) a.push_back(random_value(r, depth + 1));
      return a;
    }
    default: {
      value o = value::object{};
      for (std::size_t i = r.below(4); i > 0; --i) {
        const char* k = keys_pool[r.below(std::size(keys_pool))];
        if (!o.contains(k)) o.emplace(k, random_value(r, depth + 1));
      }
      return o;
    }
  }
}

// The same value with every object's members in reverse order.
value reversed_keys(const value& v) {
  if (v.is_array()) {
    value a = value::array{};
    for (const value& e : v.as_array()) a.push_back(reversed_keys(e));
    return a;
  }
  if (!v.is_object()) return v;
  value o = value::object{};
  const auto& members = v.as_object();
  for (std::size_t i = members.size(); i > 0; --i) o.emplace(std::string_view(members[i - 1].first), reversed_keys(members[i - 1].second));
  return o;
}

// The other spelling of a number: 1 <-> 1.0 (integral values only), else the value itself.
value twin(const value& v) {
  if (v.is_int64() && v.as_int64() > -(std::int64_t{1} << 53) && v.as_int64() < (std::int64_t{1} << 53))
    return value(static_cast<double>(v.as_int64()));
  if (v.is_double() && std::trunc(v.as_double()) == v.as_double() && std::fabs(v.as_double()) < 1e15)
    return value(static_cast<std::int64_t>(v.as_double()));
  return v;
}

// --- schemas --------------------------------------------------------------------------------

enum shape { any_shape, object_shape, array_shape, number_shape, string_shape };

struct schema_gen {
  rng_t& r;
  int ndefs = 0;
  std::vector<bool> anchored;

  struct where {
    int def = -1;          // the definition being generated (-1: the root)
    bool descended = false;  // below a keyword that applies to a member or an element
  };

  // A reference: "#", a definition by pointer, or by its anchor. In place (not descended), only
  // to definitions after the current one, so that no loop of in-place references exists.
  bool reference(where w, value& out) {
    std::vector<int> targets;
    for (int i = 0; i < ndefs; ++i)
      if (w.descended || i > w.def) targets.push_back(i);
    const bool root = w.descended && r.percent(25);
    if (targets.empty() && !root) return false;
    if (root) {
      out = value::object{};
      out["$ref"] = "#";
      return true;
    }
    const int t = targets[r.below(targets.size())];
    out = value::object{};
    out["$ref"] = anchored[static_cast<std::size_t>(t)] && r.coin() ? "#A" + std::to_string(t) : "#/$defs/d" + std::to_string(t);
    return true;
  }

  value bound_number(bool integer) {
    if (integer || r.percent(55)) return value(static_cast<std::int64_t>(r.between(-10, 10)));
    return r.coin() ? value(static_cast<double>(r.between(-40, 40)) / 4) : value(static_cast<double>(r.between(-30, 30)) / 10);
  }

  void numeric(value& s, bool integer) {
    if (r.percent(45)) s[r.coin() ? "minimum" : "exclusiveMinimum"] = bound_number(integer);
    if (r.percent(45)) {
      value hi = bound_number(integer);
      if (const value* lo = s.find("minimum")) hi = value(lo->as_double() + static_cast<double>(r.between(0, 8)));
      else if (const value* lo2 = s.find("exclusiveMinimum")) hi = value(lo2->as_double() + static_cast<double>(r.between(0, 8)));
      if (hi.is_double() && std::trunc(hi.as_double()) == hi.as_double() && r.coin()) hi = value(static_cast<std::int64_t>(hi.as_double()));
      s[r.coin() ? "maximum" : "exclusiveMaximum"] = hi;
    }
    if (r.percent(35)) {
      static const std::int64_t ints[] = {1, 2, 3, 5, 7, 10};
      static const double decimals[] = {0.5, 0.25, 0.125, 1.5, 2.5, 0.75};
      if (integer || r.percent(60)) s["multipleOf"] = value(ints[r.below(std::size(ints))]);
      else s["multipleOf"] = value(decimals[r.below(std::size(decimals))]);
    }
  }

  void stringy(value& s) {
    if (r.percent(40)) s["minLength"] = value(static_cast<std::int64_t>(r.between(0, 3)));
    if (r.percent(40)) s["maxLength"] = value(static_cast<std::int64_t>(r.between(0, 5)));
    if (r.percent(45)) s["pattern"] = patterns()[r.below(patterns().size())].re;
    if (r.percent(10)) {
      static const char* const formats[] = {"date", "email", "ipv4", "uri", "date-time", "uuid"};
      s["format"] = formats[r.below(std::size(formats))];  // an annotation: never asserted
    }
  }

  void objecty(value& s, where w, int depth) {
    where below = w;
    below.descended = true;
    std::vector<std::string> named;
    if (r.percent(70)) {
      value props = value::object{};
      for (std::size_t n = 1 + r.below(3); n > 0; --n) {
        const char* k = keys_pool[r.below(std::size(keys_pool))];
        if (props.contains(k)) continue;
        props.emplace(k, gen(below, depth + 1));
        named.emplace_back(k);
      }
      s["properties"] = std::move(props);
    }
    if (r.percent(25)) {
      value pp = value::object{};
      for (std::size_t n = 1 + r.below(2); n > 0; --n) {
        const char* re = patterns()[r.below(patterns().size())].re;
        if (!pp.contains(re)) pp.emplace(re, gen(below, depth + 1));
      }
      s["patternProperties"] = std::move(pp);
    }
    if (r.percent(30)) s["additionalProperties"] = r.percent(50) ? value(false) : gen(below, depth + 1);
    if (r.percent(45)) {
      value req = value::array{};
      std::set<std::string> seen;
      for (std::size_t n = 1 + r.below(3); n > 0; --n) {
        std::string k = !named.empty() && r.percent(70) ? named[r.below(named.size())] : keys_pool[r.below(std::size(keys_pool))];
        if (seen.insert(k).second) req.push_back(k);
      }
      s["required"] = std::move(req);
    }
    if (r.percent(15)) {
      value dr = value::object{};
      const char* k = keys_pool[r.below(std::size(keys_pool))];
      value deps = value::array{};
      std::set<std::string> seen;
      for (std::size_t n = r.below(3); n > 0; --n) {
        std::string d = keys_pool[r.below(std::size(keys_pool))];
        if (seen.insert(d).second) deps.push_back(d);
      }
      dr.emplace(k, std::move(deps));
      s["dependentRequired"] = std::move(dr);
    }
    if (r.percent(15) && depth < 4) {
      value ds = value::object{};
      ds.emplace(keys_pool[r.below(std::size(keys_pool))], r.percent(15) ? value(false) : gen(w, depth + 1, object_shape));
      s["dependentSchemas"] = std::move(ds);
    }
    if (r.percent(15)) {
      value pn = value::object{};
      switch (r.below(4)) {
        case 0: pn["pattern"] = patterns()[r.below(patterns().size())].re; break;
        case 1: pn["maxLength"] = value(static_cast<std::int64_t>(r.between(0, 2))); break;
        case 2: {
          value e = value::array{};
          for (std::size_t n = 1 + r.below(4); n > 0; --n) {
            const char* k = keys_pool[r.below(std::size(keys_pool))];
            bool dup = false;
            for (const value& x : e.as_array()) dup = dup || x.as_string() == k;
            if (!dup) e.push_back(k);
          }
          pn["enum"] = std::move(e);
          break;
        }
        default: pn["minLength"] = value(std::int64_t{1}); pn["not"] = value::object{{"const", "b"}};
      }
      s["propertyNames"] = std::move(pn);
    }
    if (r.percent(15)) s["minProperties"] = value(static_cast<std::int64_t>(r.between(0, 3)));
    if (r.percent(15)) s["maxProperties"] = value(static_cast<std::int64_t>(r.between(0, 3)));
  }

  void arrayish(value& s, where w, int depth) {
    where below = w;
    below.descended = true;
    const bool tuple = r.percent(35);
    if (tuple) {
      value pre = value::array{};
      for (std::size_t n = 1 + r.below(3); n > 0; --n) pre.push_back(gen(below, depth + 1));
      s["prefixItems"] = std::move(pre);
    }
    if (r.percent(tuple ? 45 : 65)) s["items"] = tuple && r.coin() ? value(false) : gen(below, depth + 1);
    if (r.percent(25)) {
      s["contains"] = gen(below, depth + 1);
      if (r.percent(40)) s["minContains"] = value(static_cast<std::int64_t>(r.between(0, 2)));
      if (r.percent(40)) s["maxContains"] = value(static_cast<std::int64_t>(r.between(1, 3)));
    }
    if (r.percent(20)) s["minItems"] = value(static_cast<std::int64_t>(r.between(0, 3)));
    if (r.percent(20)) s["maxItems"] = value(static_cast<std::int64_t>(r.between(0, 4)));
    if (r.percent(25)) s["uniqueItems"] = r.percent(85);
  }

  value enum_or_const() {
    value e = value::array{};
    for (std::size_t n = 1 + r.below(4); n > 0; --n) e.push_back(random_value(r, 1));
    if (r.percent(30)) {
      value o = value::object{{"a", 1}, {"b", value::array{1.0, "x"}}};
      e.push_back(r.coin() ? o : reversed_keys(o));
    }
    if (r.percent(40)) {
      value o = value::object{};
      o["const"] = e.as_array()[0];
      return o;
    }
    value o = value::object{};
    o["enum"] = std::move(e);
    return o;
  }

  // A schema with unevaluatedProperties or unevaluatedItems beside the keywords that evaluate
  // members or elements in place (allOf, anyOf, oneOf, if/then/else, dependentSchemas, $ref).
  value unevaluated(where w, int depth, bool objects) {
    value s = value::object{};
    if (r.percent(60)) s["type"] = objects ? "object" : "array";
    where below = w;
    below.descended = true;
    auto part = [&]() {
      value p = value::object{};
      if (objects) {
        value props = value::object{};
        for (std::size_t n = 1 + r.below(2); n > 0; --n) {
          const char* k = keys_pool[r.below(std::size(keys_pool))];
          if (!props.contains(k)) props.emplace(k, gen(below, depth + 2));
        }
        p["properties"] = std::move(props);
        if (r.percent(20)) p["patternProperties"] = value::object{{patterns()[r.below(patterns().size())].re, true}};
        if (r.percent(20)) p["required"] = value::array{keys_pool[r.below(4)]};
      } else {
        value pre = value::array{};
        for (std::size_t n = 1 + r.below(3); n > 0; --n) pre.push_back(gen(below, depth + 2));
        p["prefixItems"] = std::move(pre);
        if (r.percent(20)) p["contains"] = gen(below, depth + 2);
      }
      return p;
    };
    if (r.coin()) {
      value own = part();
      for (auto& [k, v] : own.as_object()) s[std::string_view(k)] = v;
    }
    switch (r.below(6)) {
      case 0: s["allOf"] = value::array{part(), part()}; break;
      case 1: s["anyOf"] = value::array{part(), part()}; break;
      case 2: s["oneOf"] = value::array{part(), part()}; break;
      case 3:
        s["if"] = part();
        s["then"] = part();
        if (r.coin()) s["else"] = part();
        break;
      case 4:
        if (objects) s["dependentSchemas"] = value::object{{keys_pool[r.below(4)], part()}};
        else s["contains"] = gen(below, depth + 2);
        break;
      default: {
        value ref;
        if (reference(w, ref)) s["allOf"] = value::array{ref, part()};
        else s["allOf"] = value::array{part()};
      }
    }
    if (r.percent(20)) s["not"] = part();
    const char* key = objects ? "unevaluatedProperties" : "unevaluatedItems";
    switch (r.below(4)) {
      case 0:
      case 1: s[key] = false; break;
      case 2: s[key] = gen(below, depth + 2); break;
      default: s[key] = true;
    }
    if (r.percent(25)) {  // nested: an outer unevaluated* sees the inner one's members as evaluated
      value outer = value::object{};
      outer["allOf"] = value::array{s};
      outer[key] = false;
      return outer;
    }
    return s;
  }

  value gen(where w, int depth, shape hint = any_shape) {
    const int roll = static_cast<int>(r.below(100));
    if (roll < 4 || depth > 4) {
      if (depth > 4 && r.percent(50)) {
        value o = value::object{};
        o["type"] = r.coin() ? "integer" : "string";
        return o;
      }
      return value(r.percent(70));
    }
    if (roll < 12) {
      value ref;
      if (reference(w, ref)) {
        if (r.percent(20)) ref["maxProperties"] = value(std::int64_t{2});  // $ref with a sibling
        return ref;
      }
    }
    if (roll < 20 && hint == any_shape) return enum_or_const();
    if (roll < 26 && depth < 3) return unevaluated(w, depth, hint == object_shape || (hint == any_shape && r.coin()));

    value s = value::object{};
    static const char* const types[] = {"null", "boolean", "integer", "number", "string", "array", "object"};
    shape sh = hint;
    if (sh == any_shape) {
      switch (r.below(9)) {
        case 0:
        case 1: sh = object_shape; break;
        case 2:
        case 3: sh = array_shape; break;
        case 4:
        case 5: sh = number_shape; break;
        case 6:
        case 7: sh = string_shape; break;
        default: break;
      }
    }
    bool integer = false;
    if (r.percent(75)) {
      switch (sh) {
        case object_shape: s["type"] = "object"; break;
        case array_shape: s["type"] = "array"; break;
        case number_shape:
          integer = r.coin();
          s["type"] = integer ? "integer" : "number";
          break;
        case string_shape: s["type"] = "string"; break;
        default: {
          value t = value::array{};
          std::set<int> seen;
          for (std::size_t n = 1 + r.below(3); n > 0; --n) {
            const int i = static_cast<int>(r.below(7));
            if (seen.insert(i).second) t.push_back(types[i]);
          }
          s["type"] = t.size() == 1 && r.coin() ? t.as_array()[0] : t;
        }
      }
    }
    if (sh == number_shape || (sh == any_shape && r.percent(30))) numeric(s, integer);
    if (sh == string_shape || (sh == any_shape && r.percent(30))) stringy(s);
    if (sh == object_shape || (sh == any_shape && r.percent(20))) objecty(s, w, depth);
    if (sh == array_shape || (sh == any_shape && r.percent(20))) arrayish(s, w, depth);
    if (depth < 3 && r.percent(22)) {
      static const char* const lists[] = {"allOf", "anyOf", "oneOf"};
      value l = value::array{};
      for (std::size_t n = 1 + r.below(3); n > 0; --n) l.push_back(gen(w, depth + 1, sh));
      s[lists[r.below(3)]] = std::move(l);
    }
    if (depth < 3 && r.percent(8)) s["not"] = gen(w, depth + 1, sh);
    if (depth < 3 && r.percent(12)) {
      s["if"] = gen(w, depth + 1, sh);
      if (r.percent(80)) s["then"] = gen(w, depth + 1, sh);
      if (r.percent(60)) s["else"] = gen(w, depth + 1, sh);
    }
    if (r.percent(5)) {
      value e = enum_or_const();
      for (auto& [k, v] : e.as_object()) s[std::string_view(k)] = v;
    }
    return s;
  }

  value root() {
    ndefs = r.percent(45) ? static_cast<int>(1 + r.below(3)) : 0;
    anchored.assign(static_cast<std::size_t>(ndefs), false);
    for (int i = 0; i < ndefs; ++i) anchored[static_cast<std::size_t>(i)] = r.coin();
    value s = value::object{};
    if (r.coin()) s["$schema"] = "https://json-schema.org/draft/2020-12/schema";
    value body;
    if (ndefs && r.percent(15)) {  // a recursive tree: the root refers to itself below
      body = value::object{};
      body["type"] = "object";
      value props = value::object{};
      props["v"] = gen({-1, true}, 2);
      props["kids"] = value::object{{"type", "array"}, {"items", value::object{{"$ref", r.coin() ? "#" : "#/$defs/d0"}}}};
      body["properties"] = std::move(props);
      if (r.coin()) body["required"] = value::array{"v"};
      if (r.coin()) body["additionalProperties"] = false;
    } else {
      body = gen({-1, false}, 0);
    }
    if (body.is_bool()) {
      if (!ndefs) return body;
      body = body.as_bool() ? value::object{} : value::object{{"not", true}};
    }
    for (auto& [k, v] : body.as_object()) s[std::string_view(k)] = v;
    if (ndefs) {
      value defs = value::object{};
      for (int i = 0; i < ndefs; ++i) {
        value d = gen({i, false}, 1);
        if (d.is_bool()) d = d.as_bool() ? value::object{} : value::object{{"not", value::object{}}};
        if (anchored[static_cast<std::size_t>(i)]) d["$anchor"] = "A" + std::to_string(i);
        // A definition that recurses through its own elements or members (a list, a tree).
        if (r.percent(35)) {
          value t = value::object{};
          t["type"] = r.coin() ? "array" : "object";
          if (anchored[static_cast<std::size_t>(i)]) {  // the anchor moves to the new definition (one anchor, one place)
            t["$anchor"] = "A" + std::to_string(i);
            d.erase("$anchor");
          }
          value self = value::object{{"$ref", "#/$defs/d" + std::to_string(i)}};
          if (t["type"] == "array") t["items"] = value::object{{"anyOf", value::array{self, d}}};
          else t["additionalProperties"] = value::object{{"anyOf", value::array{self, d}}};
          d = std::move(t);
        }
        defs.emplace("d" + std::to_string(i), std::move(d));
      }
      s["$defs"] = std::move(defs);
      // Make sure something refers to the definitions.
      if (!s.contains("$ref") && r.percent(60)) s["$ref"] = anchored[0] && r.coin() ? "#A0" : "#/$defs/d0";
    }
    return s;
  }
};

// --- instances ------------------------------------------------------------------------------

struct instance_gen {
  rng_t& r;
  const value& root;

  const value* resolve(const std::string& ref) const {
    if (ref == "#") return &root;
    if (ref.starts_with("#A")) {
      const value* defs = root.find("$defs");
      if (!defs) return nullptr;
      for (const auto& [k, d] : defs->as_object()) {
        if (const value* a = d.find("$anchor"); a && "#" + std::string(a->as_string()) == ref) return &d;
      }
      return nullptr;
    }
    if (ref.starts_with("#/$defs/")) {
      const value* defs = root.find("$defs");
      return defs ? defs->find(std::string_view(ref).substr(8)) : nullptr;
    }
    return nullptr;
  }

  static double num(const value& v) { return v.as_double(); }

  value number_for(const value& s, bool integer) {
    double lo = -20, hi = 20;
    bool has_lo = false, has_hi = false;
    if (const value* x = s.find("minimum")) lo = num(*x), has_lo = true;
    if (const value* x = s.find("exclusiveMinimum")) lo = num(*x) + (integer ? 1 : 0.25), has_lo = true;
    if (const value* x = s.find("maximum")) hi = num(*x), has_hi = true;
    if (const value* x = s.find("exclusiveMaximum")) hi = num(*x) - (integer ? 1 : 0.25), has_hi = true;
    if (has_lo && !has_hi) hi = lo + 20;
    if (has_hi && !has_lo) lo = hi - 20;
    if (const value* m = s.find("multipleOf")) {
      const double d = num(*m);
      const double klo = std::ceil(lo / d), khi = std::floor(hi / d);
      if (klo <= khi) {
        const double k = klo + static_cast<double>(r.below(static_cast<std::size_t>(khi - klo) + 1));
        const double v = k * d;
        if (std::trunc(v) == v && (integer || r.percent(70))) return value(static_cast<std::int64_t>(v));
        return value(v);
      }
    }
    if (lo > hi) return value(static_cast<std::int64_t>(std::llround(lo)));
    if (integer || r.percent(50)) {
      const auto a = static_cast<std::int64_t>(std::ceil(lo)), b = static_cast<std::int64_t>(std::floor(hi));
      if (a <= b) return value(r.between(a, b));
    }
    const auto a = static_cast<std::int64_t>(std::ceil(lo * 4)), b = static_cast<std::int64_t>(std::floor(hi * 4));
    if (a <= b) return value(static_cast<double>(r.between(a, b)) / 4);
    return value((lo + hi) / 2);
  }

  std::string string_for(const value& s) {
    std::size_t min = 0, max = 6;
    if (const value* x = s.find("minLength")) min = static_cast<std::size_t>(x->as_int64());
    if (const value* x = s.find("maxLength")) max = static_cast<std::size_t>(x->as_int64());
    if (const value* p = s.find("pattern")) {
      for (const pattern_case& c : patterns())
        if (p->as_string() == c.re) return c.yes[r.below(c.yes.size())];
    }
    if (max < min) max = min;
    return random_string(r, min, max);
  }

  std::string key_for(const value& s) {
    if (const value* pn = s.find("propertyNames")) {
      if (const value* e = pn->find("enum")) return std::string(e->as_array()[r.below(e->size())].as_string());
      if (const value* p = pn->find("pattern"))
        for (const pattern_case& c : patterns())
          if (p->as_string() == c.re) return c.yes[r.below(c.yes.size())];
    }
    if (const value* pp = s.find("patternProperties"); pp && r.coin()) {
      const auto& members = pp->as_object();
      const std::string_view re = members[r.below(members.size())].first;
      for (const pattern_case& c : patterns())
        if (re == c.re) return c.yes[r.below(c.yes.size())];
    }
    return keys_pool[r.below(std::size(keys_pool))];
  }

  value sample(const value& s, int depth) {
    if (depth > 7) return value(nullptr);
    if (s.is_bool() || !s.is_object()) return random_value(r, 2);
    if (const value* c = s.find("const")) return *c;
    if (const value* e = s.find("enum")) return e->as_array()[r.below(e->size())];
    if (const value* ref = s.find("$ref"); ref && (r.percent(80) || !s.contains("type"))) {
      if (const value* t = resolve(std::string(ref->as_string()))) return sample(*t, depth + 1);
    }
    // Pick a branch of a combinator now and then, or the part of if/then/else.
    static const char* const lists[] = {"allOf", "anyOf", "oneOf"};
    for (const char* l : lists)
      if (const value* x = s.find(l); x && (r.percent(40) || !s.contains("type")))
        return sample(x->as_array()[r.below(x->size())], depth + 1);
    if (const value* t = s.find("then"); t && r.percent(30)) return sample(*t, depth + 1);
    if (const value* e = s.find("else"); e && r.percent(20)) return sample(*e, depth + 1);

    std::string type;
    if (const value* t = s.find("type")) {
      if (t->is_string()) type = t->as_string();
      else if (t->size()) type = t->as_array()[r.below(t->size())].as_string();
    } else if (s.contains("properties") || s.contains("required") || s.contains("patternProperties") || s.contains("additionalProperties") ||
               s.contains("unevaluatedProperties") || s.contains("dependentSchemas")) {
      type = "object";
    } else if (s.contains("items") || s.contains("prefixItems") || s.contains("contains") || s.contains("unevaluatedItems")) {
      type = "array";
    } else if (s.contains("minimum") || s.contains("maximum") || s.contains("multipleOf") || s.contains("exclusiveMinimum") ||
               s.contains("exclusiveMaximum")) {
      type = "number";
    } else if (s.contains("pattern") || s.contains("minLength") || s.contains("maxLength")) {
      type = "string";
    } else {
      return random_value(r, 1);
    }
    if (type == "null") return value(nullptr);
    if (type == "boolean") return value(r.coin());
    if (type == "integer" || type == "number") return number_for(s, type == "integer");
    if (type == "string") return value(string_for(s));
    if (type == "array") {
      value a = value::array{};
      std::size_t n = 0;
      if (const value* pre = s.find("prefixItems")) {
        for (const value& p : pre->as_array())
          if (r.percent(85)) a.push_back(sample(p, depth + 1)), ++n;
          else break;
      }
      const value* items = s.find("items");
      std::size_t min = 0, max = 3;
      if (const value* x = s.find("minItems")) min = static_cast<std::size_t>(x->as_int64());
      if (const value* x = s.find("maxItems")) max = static_cast<std::size_t>(x->as_int64());
      if (max < min) max = min;
      const bool no_more = items && items->is_bool() && !items->as_bool();
      std::size_t want = min + r.below(max - min + 1);
      if (depth > 4) want = min;
      for (; n < want && !no_more; ++n) a.push_back(items ? sample(*items, depth + 1) : random_value(r, 2));
      if (const value* c = s.find("contains"); c && !no_more) {
        std::size_t k = 1;
        if (const value* x = s.find("minContains")) k = static_cast<std::size_t>(x->as_int64());
        for (std::size_t i = 0; i < k && a.size() < 6; ++i) a.push_back(sample(*c, depth + 1));
      }
      return a;
    }
    // object
    value o = value::object{};
    if (const value* req = s.find("required"))
      for (const value& k : req->as_array()) {
        const value* p = s.find("properties") ? s.find("properties")->find(k.as_string()) : nullptr;
        o.emplace(k.as_string(), p ? sample(*p, depth + 1) : random_value(r, 2));
      }
    if (const value* props = s.find("properties"))
      for (const auto& [k, p] : props->as_object())
        if (!o.contains(std::string_view(k)) && r.percent(depth > 3 ? 20 : 55)) o.emplace(std::string_view(k), sample(p, depth + 1));
    const value* addl = s.find("additionalProperties");
    if (!(addl && addl->is_bool() && !addl->as_bool()) && r.percent(depth > 3 ? 10 : 40)) {
      const std::string k = key_for(s);
      if (!o.contains(k)) o.emplace(k, addl && addl->is_object() ? sample(*addl, depth + 1) : random_value(r, 2));
    }
    if (const value* dr = s.find("dependentRequired"))
      for (const auto& [k, deps] : dr->as_object())
        if (o.contains(std::string_view(k)))
          for (const value& d : deps.as_array())
            if (!o.contains(d.as_string())) o.emplace(d.as_string(), random_value(r, 2));
    return o;
  }

  // Every node of a value, to pick one.
  static void nodes(value& v, std::vector<value*>& out) {
    out.push_back(&v);
    if (v.is_array())
      for (value& e : v.as_array()) nodes(e, out);
    else if (v.is_object())
      for (auto& [k, e] : v.as_object()) nodes(e, out);
  }

  value mutate(value v) {
    std::vector<value*> all;
    nodes(v, all);
    value& n = *all[r.below(all.size())];
    switch (n.kind()) {
      case metajson::kind::int64:
      case metajson::kind::uint64:
      case metajson::kind::float64:
      case metajson::kind::big_number:
        if (n.is_big_number() || std::fabs(n.as_double()) >= 9007199254740992.0) {
          // Arithmetic in doubles here would make a double whose shortest text is not its value
          // (-2^63 + 1 is written -9223372036854776000.0), which Python and metajson may read
          // differently: another number instead (the pinned cases compare big ones exactly).
          n = number_pool(r);
          break;
        }
        switch (r.below(7)) {
          case 0: n = value(n.as_double() + 1); break;
          case 1: n = value(n.as_double() - 1); break;
          case 2: n = value(n.as_double() + 0.5); break;
          case 3: n = twin(n); break;
          case 4:
            if (n.is_int64()) n = value(n.as_int64() + (r.coin() ? 1 : -1));
            else n = value(-n.as_double());
            break;
          case 5: n = number_pool(r); break;
          default: n = random_value(r, 2);
        }
        if (n.is_double() && std::trunc(n.as_double()) == n.as_double() && std::fabs(n.as_double()) < 1e15 && r.coin())
          n = value(static_cast<std::int64_t>(n.as_double()));
        break;
      case metajson::kind::string: {
        std::vector<std::string> cps = split_code_points(n.as_string());
        switch (r.below(6)) {
          case 0: cps.push_back(pieces[r.below(std::size(pieces))]); break;
          case 1:
            if (!cps.empty()) cps.pop_back();
            break;
          case 2:
          case 3: {
            const pattern_case& c = patterns()[r.below(patterns().size())];
            n = value(r.coin() ? c.no[r.below(c.no.size())] : c.yes[r.below(c.yes.size())]);
            return v;
          }
          case 4: cps.clear(); break;
          default: n = random_value(r, 2); return v;
        }
        std::string s;
        for (auto& c : cps) s += c;
        n = value(no_final_newline(s));
        break;
      }
      case metajson::kind::array: {
        auto& a = n.as_array();
        switch (r.below(7)) {
          case 0:
            if (!a.empty()) n.push_back(value(a[r.below(a.size())]));  // a duplicate
            else n.push_back(random_value(r, 2));
            break;
          case 1:
            if (!a.empty()) n.push_back(twin(a[r.below(a.size())]));  // 1 beside 1.0
            break;
          case 2:
            if (!a.empty()) n.push_back(reversed_keys(a[r.below(a.size())]));  // keys in another order
            break;
          case 3:
            if (!a.empty()) a.pop_back();
            break;
          case 4: n.push_back(random_value(r, 2)); break;
          case 5: n = random_value(r, 2); break;
          default: a.clear();
        }
        break;
      }
      case metajson::kind::object: {
        auto& o = n.as_object();
        switch (r.below(7)) {
          case 0:
          case 1:
            if (!o.empty()) n.erase(std::string(std::string_view(o[r.below(o.size())].first)));
            break;
          case 2:
          case 3: {
            const char* k = r.coin() ? keys_pool[r.below(std::size(keys_pool))] : patterns()[r.below(patterns().size())].yes[0];
            if (!n.contains(k)) n.emplace(k, random_value(r, 2));
            break;
          }
          case 4: n = reversed_keys(n); break;
          case 5:
            if (!o.empty()) {  // rename a member
              const std::string k = keys_pool[r.below(std::size(keys_pool))];
              if (!n.contains(k)) {
                auto& m = o[r.below(o.size())];
                value x = std::move(m.second);
                n.erase(std::string(std::string_view(m.first)));
                n.emplace(k, std::move(x));
              }
            }
            break;
          default: n = random_value(r, 2);
        }
        break;
      }
      default: n = random_value(r, 2);
    }
    return v;
  }
};

// --- output ---------------------------------------------------------------------------------

struct verdicts {
  bool valid;
  std::string disagreement;  // empty when the four ways in agree
};

verdicts judge(const metajson::json_schema& js, const value& inst, const std::string& text) {
  const metajson::validation_result full = js.validate(inst);
  const bool a = full.valid(), b = js.is_valid(inst);
  const metajson::validation_result from_text = js.validate_json(text);
  const bool c = from_text.valid(), d = js.is_valid_json(text);
  verdicts v{a, {}};
  if (a != b || a != c || a != d)
    v.disagreement = std::string("validate(value) ") + (a ? "valid" : "invalid") + ", is_valid(value) " + (b ? "valid" : "invalid") +
                     ", validate_json(text) " + (c ? "valid" : "invalid") + ", is_valid_json(text) " + (d ? "valid" : "invalid") +
                     (a ? "" : "; validate(value) says: " + full.to_string()) + (c ? "" : "; validate_json says: " + from_text.to_string());
  else if (!a && full.errors().empty())
    v.disagreement = "validate(value) is invalid without an error";
  return v;
}

// Whether a string of the value (or a key) ends in "\n": Python's `$` matches before it, so the
// generator must never make one (a check of the generator itself).
bool final_newline(const value& v) {
  if (v.is_string()) return v.as_string().ends_with('\n');
  if (v.is_array())
    for (const value& e : v.as_array())
      if (final_newline(e)) return true;
  if (v.is_object())
    for (const auto& [k, e] : v.as_object())
      if (std::string_view(k).ends_with('\n') || final_newline(e)) return true;
  return false;
}

void print_case(int id, const std::string& text, const verdicts& v) {
  if (final_newline(metajson::from<value>(text))) {
    std::fprintf(stderr, "json_schema_cases: a string ends in \"\\n\" (a generator bug): %s\n", text.c_str());
    std::exit(1);
  }
  std::printf("{\"of\":%d,\"instance\":%s,\"valid\":%s%s%s}\n", id, metajson::to_json(text).c_str(), v.valid ? "true" : "false",
              v.disagreement.empty() ? "" : ",\"modes\":", v.disagreement.empty() ? "" : metajson::to_json(v.disagreement).c_str());
}

// Schemas written by hand, each aimed at one behaviour, with instances on both sides.
struct pinned {
  const char* schema;
  std::vector<const char*> instances;
};
const std::vector<pinned>& pinned_cases() {
  static const std::vector<pinned> p = {
      {R"({"uniqueItems":true})", {"[1,1.0]", "[1,true]", "[0,false]", "[{\"a\":1,\"b\":2},{\"b\":2,\"a\":1}]", "[[1],[1.0]]", "[1,2]", "[\"1\",1]",
                                   "[null,null]", "[{\"a\":[1]},{\"a\":[1.0]}]", "[18446744073709551616,18446744073709551616.0]", "[-0.0,0]",
                                   "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,1.0]", "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18]",
                                   "[{\"a\":1},{\"a\":true},{\"a\":1,\"b\":null},{\"b\":null,\"a\":1.0},1,2,3,4,5,6,7,8,9,10,11,12,13,14]"}},
      // Numbers held as doubles compared by their value: 2^64 written 18446744073709551616.0 is
      // the integer 2^64 (a double holds it exactly), -2^63 likewise.
      {R"({"const":-9223372036854775808})", {"-9223372036854775808.0", "-9223372036854775808", "-9223372036854775807"}},
      {R"({"const":18446744073709551616})", {"18446744073709551616.0", "18446744073709551616", "1.8446744073709551616e19"}},
      {R"({"maximum":9223372036854775808})", {"9223372036854775808.0", "9223372036854775808", "9223372036854775809"}},
      {R"({"minimum":18446744073709551616})", {"18446744073709551616.0", "18446744073709551615"}},
      {R"({"multipleOf":1000})", {"18446744073709551616.0", "18446744073709551000", "1e20"}},
      {R"({"enum":[1,{"a":1,"b":[2]},[true]]})", {"1.0", "1", "{\"b\":[2.0],\"a\":1}", "{\"a\":1}", "[true]", "[1]", "true", "\"1\""}},
      {R"({"const":{"x":[1,{"y":null}]}})", {"{\"x\":[1.0,{\"y\":null}]}", "{\"x\":[1,{\"y\":false}]}", "{\"x\":[1,{\"y\":null}],\"z\":1}"}},
      {R"({"const":false})", {"false", "0", "null"}},
      {R"({"const":0})", {"false", "0", "-0", "0.0", "-0.0"}},
      {R"({"minLength":2,"maxLength":3})", {"\"\xf0\x9f\x98\x80\xf0\x9f\x98\x80\"", "\"\xf0\x9f\x98\x80\"", "\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\"",
                                            "\"\\ud83d\\ude00\\ud83d\\ude00\"", "\"\\u00e9\\u00e9\\u00e9\"", "\"abcd\"", "\"\xe6\x97\xa5\xe6\x9c\xac\""}},
      {R"({"type":"integer"})", {"1", "1.0", "1.5", "1e2", "-0", "-0.0", "1.0e0", "18446744073709551616", "100000000000000000000.0", "\"1\""}},
      {R"({"multipleOf":0.5})", {"1.5", "2", "1.25", "18446744073709551616", "0.1", "-0.5", "1e2"}},
      {R"({"multipleOf":3})", {"9", "9.0", "10", "18446744073709551617", "18446744073709551618", "-3", "4.5", "0"}},
      {R"({"multipleOf":0.25,"minimum":-1,"exclusiveMaximum":1})", {"0.75", "-1", "1", "-1.25", "0.3", "0.5"}},
      {R"({"maximum":18446744073709551615,"minimum":-9223372036854775808})",
       {"18446744073709551615", "18446744073709551616", "-9223372036854775808", "-9223372036854775809", "1.8446744073709552e19"}},
      {R"({"exclusiveMinimum":2.5,"maximum":3})", {"2.5", "2.75", "3", "3.0", "3.25", "2"}},
      {R"({"pattern":"^[^x]{2}$"})", {"\"\xf0\x9f\x98\x80\xf0\x9f\x98\x80\"", "\"\\ud83d\\ude00a\"", "\"ab\"", "\"abc\"", "\"\\na\""}},
      {R"({"patternProperties":{"^x":{"type":"integer"},"1$":{"minimum":5}},"additionalProperties":false})",
       {"{\"x1\":7}", "{\"x1\":3}", "{\"x\":1.5}", "{\"a1\":5}", "{\"y\":1}", "{}"}},
      {R"({"properties":{"a":true},"dependentRequired":{"a":["b","c"]},"dependentSchemas":{"b":{"required":["d"]}}})",
       {"{\"a\":1,\"b\":2,\"c\":3,\"d\":4}", "{\"a\":1,\"b\":2}", "{\"b\":1}", "{\"b\":1,\"d\":1}", "{}"}},
      {R"({"propertyNames":{"maxLength":1,"pattern":"^[a-z\u00e9]"}})", {"{\"a\":1,\"\xc3\xa9\":2}", "{\"ab\":1}", "{\"A\":1}", "{\"\":1}", "{}"}},
      {R"({"prefixItems":[{"type":"integer"},{"type":"string"}],"items":false})", {"[1,\"a\"]", "[1]", "[1,\"a\",null]", "[\"a\",1]", "[]"}},
      {R"({"contains":{"type":"integer"},"minContains":2,"maxContains":3})", {"[1,2]", "[1]", "[1,2,3,4]", "[1,\"a\",2.0]", "[]"}},
      {R"({"contains":{"type":"integer"},"minContains":0})", {"[]", "[\"a\"]"}},
      {R"({"contains":false,"minContains":0,"maxContains":0})", {"[]", "[1]"}},
      {R"({"allOf":[{"properties":{"a":true}}],"anyOf":[{"properties":{"b":true}},{"properties":{"c":true}}],"unevaluatedProperties":false})",
       {"{\"a\":1,\"b\":1}", "{\"a\":1,\"b\":1,\"c\":1}", "{\"a\":1,\"d\":1}", "{}"}},
      {R"({"if":{"properties":{"t":{"const":1}},"required":["t"]},"then":{"properties":{"x":true}},"else":{"properties":{"y":true}},"unevaluatedProperties":false})",
       {"{\"t\":1,\"x\":0}", "{\"t\":1,\"y\":0}", "{\"t\":2,\"y\":0}", "{\"t\":2,\"x\":0}", "{\"y\":0}"}},
      {R"({"prefixItems":[true],"allOf":[{"prefixItems":[true,true]}],"contains":{"const":"z"},"unevaluatedItems":false})",
       {"[1,2]", "[1,2,3]", "[1,2,\"z\"]", "[1,2,\"z\",3]", "[]"}},
      {R"({"allOf":[{"properties":{"a":true},"unevaluatedProperties":false}],"properties":{"b":true}})", {"{\"a\":1}", "{\"a\":1,\"b\":1}"}},
      {R"({"allOf":[{"properties":{"a":true},"unevaluatedProperties":true}],"unevaluatedProperties":false})", {"{\"a\":1}", "{\"a\":1,\"b\":1}"}},
      {R"({"not":{"not":{"properties":{"a":true}}},"unevaluatedProperties":false})", {"{\"a\":1}", "{}"}},
      {R"({"oneOf":[{"properties":{"a":true},"required":["a"]},{"properties":{"b":true},"required":["b"]}],"unevaluatedProperties":false})",
       {"{\"a\":1}", "{\"a\":1,\"b\":1}", "{\"b\":1}", "{\"c\":1}"}},
      {R"({"$defs":{"node":{"$anchor":"N","type":"object","properties":{"v":{"type":"integer"},"next":{"$ref":"#N"}},"required":["v"]}},"$ref":"#/$defs/node"})",
       {"{\"v\":1,\"next\":{\"v\":2,\"next\":{\"v\":3}}}", "{\"v\":1,\"next\":{\"v\":2,\"next\":{\"v\":\"3\"}}}", "{\"v\":1,\"next\":{}}"}},
      {R"({"type":"array","items":{"anyOf":[{"type":"integer"},{"$ref":"#"}]},"maxItems":2})", {"[1,[2,[3]]]", "[1,[2,[3,4,5]]]", "[[[[\"x\"]]]]"}},
      {R"({"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/b"},"b":{"type":"string","maxLength":1}},"minLength":1})", {"\"a\"", "\"\"", "\"ab\"", "1"}},
      {"true", {"1", "null", "{}"}},
      {"false", {"1", "null", "{}"}},
      {R"({"properties":{"a":false},"additionalProperties":true})", {"{}", "{\"a\":null}", "{\"b\":1}"}},
      {R"({"type":["integer","string"],"minimum":2,"minLength":2})", {"1", "2", "\"a\"", "\"ab\"", "2.0", "null"}},
      {R"({"required":["a"],"minProperties":2,"maxProperties":2})", {"{\"a\":1,\"b\":2}", "{\"a\":1}", "{\"b\":1,\"c\":2}", "[]"}},
      {R"({"format":"email","pattern":"^a"})", {"\"abc\"", "\"b@example.com\"", "\"a@example.com\""}},
  };
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  const int schemas = argc > 1 ? std::atoi(argv[1]) : 3000;
  const int each = argc > 2 ? std::atoi(argv[2]) : 5;
  const std::uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 53;
  rng_t r{std::mt19937_64(seed)};
  int id = 0, instances = 0, modes = 0, refused = 0;

  auto compile = [&](const value& schema, const std::string& text, metajson::json_schema& out) {
    try {
      out = metajson::json_schema::compile(schema);
      std::printf("{\"schema\":%d,\"text\":%s}\n", id, text.c_str());
      return true;
    } catch (const metajson::error& e) {
      std::printf("{\"schema\":%d,\"text\":%s,\"compile_error\":%s}\n", id, text.c_str(), metajson::to_json(e.message()).c_str());
      ++refused;
      return false;
    }
  };

  for (const pinned& p : pinned_cases()) {
    const value schema = metajson::from<value>(p.schema);
    metajson::json_schema js;
    if (compile(schema, metajson::to_json(schema), js))
      for (const char* text : p.instances) {
        const verdicts v = judge(js, metajson::from<value>(text), text);
        modes += !v.disagreement.empty();
        print_case(id, text, v);
        ++instances;
      }
    ++id;
  }

  for (int n = 0; n < schemas; ++n, ++id) {
    schema_gen g{r, 0, {}};
    const value schema = g.root();
    const std::string schema_text = metajson::to_json(schema);
    metajson::json_schema js;
    if (!compile(schema, schema_text, js)) continue;
    // Candidates: samples and their mutations (one or two changes), without repeats; then the
    // five: as many valid as invalid ones where the candidates have both.
    instance_gen ig{r, schema};
    std::vector<std::pair<std::string, verdicts>> valid, invalid;
    std::set<std::string> seen;
    for (int k = 0; k < 24; ++k) {
      value inst = ig.sample(schema, 0);
      if (k % 3 != 0) {
        inst = ig.mutate(std::move(inst));
        if (k % 3 == 2) inst = ig.mutate(std::move(inst));
      }
      std::string text = metajson::to_json(inst);
      if (!seen.insert(text).second) continue;
      verdicts v = judge(js, inst, text);
      (v.valid ? valid : invalid).emplace_back(std::move(text), std::move(v));
    }
    std::vector<const std::pair<std::string, verdicts>*> chosen;
    for (std::size_t i = 0; chosen.size() < static_cast<std::size_t>(each) && (i < valid.size() || i < invalid.size()); ++i) {
      if (i < valid.size()) chosen.push_back(&valid[i]);
      if (i < invalid.size() && chosen.size() < static_cast<std::size_t>(each)) chosen.push_back(&invalid[i]);
    }
    for (auto* c : chosen) {
      modes += !c->second.disagreement.empty();
      print_case(id, c->first, c->second);
      ++instances;
    }
  }
  std::fprintf(stderr, "json_schema_cases: %d schemas (%zu pinned), %d refused by metajson, %d instances, %d where metajson's four ways disagree\n",
               id, pinned_cases().size(), refused, instances, modes);
  return 0;
}

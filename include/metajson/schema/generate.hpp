// The JSON Schema (draft 2020-12) of what the reader accepts for a type: one function per
// family, mirroring read/<family>.hpp rule for rule. Every decision is made at compile time
// (if constexpr), and every name and pattern is computed at compile time, once per type
// (static_text below); the tree is assembled at run time, when schema<T>() is called. (Built
// entirely by constant evaluation, the schema of a large struct exceeded GCC's constexpr
// operation limit.)
// When the reader changes what it accepts, the schema must change with it; the schema
// validator test (tests/schema/) runs both on the same inputs and requires the same verdicts.
//
// Structure of the document: the root type's schema at the top level (a class or enum there is
// described in place, and a reference back to it is {"$ref":"#"}), every other class and enum
// in "$defs" under a readable name ("Point", "Box_Point"), referenced by "$ref". Recursive types
// need nothing more: a class is registered before its members are described.
#pragma once

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>
#include <vector>

#include "../customize.hpp"
#include "../family/classify.hpp"
#include "../detail/ranges.hpp"
#include "../options.hpp"
#include "../reflect/enums.hpp"
#include "../reflect/keys.hpp"
#include "../reflect/members.hpp"
#include "../read/constraints.hpp"
#include "node.hpp"
#include "patterns.hpp"

namespace metajson::detail::schema {

// --- the kinds of JSON value a type accepts (to restrict untagged variant alternatives) -------

enum kind_bits : unsigned {
  k_null = 1,
  k_boolean = 2,
  k_integer = 4,   // a number without fraction or exponent
  k_fraction = 8,  // any other number
  k_string = 16,
  k_array = 32,
  k_object = 64,
  k_any = 127,
};

// The kinds an untagged variant tries an alternative of type A for: the mirror of accepts() in
// read/variant.hpp.
template <class A>
consteval unsigned tried_kinds() {
  if constexpr (family_of<A>() == family::standard) return tried_kinds<typename std_mapping<std::remove_cv_t<A>>::json_type>();
  switch (family_of<A>()) {
    case family::null: return k_null;
    case family::boolean: return k_boolean;
    case family::integer: return k_integer;
    case family::floating:
    case family::duration: return k_integer | k_fraction;
    case family::string:
    case family::character:
    case family::enumeration: return k_string;
    case family::time_point: return k_string | k_integer;
    case family::range:
    case family::tuple: return k_array;
    case family::object:
    case family::map: return k_object;
    default: return k_any;  // nullable, value, raw_json, adapters, variants
  }
}

template <class T>
struct adapted {
  using type = typename adapter_of<T>::type;
};

// The kinds the schema of T (read with options O) admits.
template <class T, options O>
consteval unsigned natural_kinds() {
  constexpr family f = family_of<T>();
  if constexpr (f == family::custom) return natural_kinds<typename adapted<T>::type, O>();
  else if constexpr (f == family::standard) return natural_kinds<typename std_mapping<std::remove_cv_t<T>>::json_type, O>();
  else if constexpr (f == family::floating) return k_integer | k_fraction | (O.nonfinite == nonfinite_policy::null ? k_null : 0u);
  else if constexpr (f == family::nullable) return k_null | natural_kinds<std::remove_cvref_t<decltype(*std::declval<T&>())>, O>();
  else if constexpr (f == family::duration) return natural_kinds<typename T::rep, O>();
  else if constexpr (f == family::time_point) {
    if constexpr (std::is_same_v<typename T::clock, std::chrono::system_clock>) return k_string;
    else return natural_kinds<typename T::rep, O>();
  } else return tried_kinds<T>();  // every other family admits exactly what it is tried for
}

// The JSON Schema "type" value for a set of kinds.
inline node type_names(unsigned kinds) {
  node list = array();
  if (kinds & k_null) list.push(string("null"));
  if (kinds & k_boolean) list.push(string("boolean"));
  if (kinds & k_fraction) list.push(string("number"));
  else if (kinds & k_integer) list.push(string("integer"));
  if (kinds & k_string) list.push(string("string"));
  if (kinds & k_array) list.push(string("array"));
  if (kinds & k_object) list.push(string("object"));
  if (list.items.size() == 1) return list.items[0];
  return list;
}

// --- definitions ($defs) ----------------------------------------------------------------------

// A string computed at compile time, stored once.
using reflect::static_text;

// One address per (type, reading options): the identity of a definition.
template <class T, options O>
inline constexpr char definition_key = 0;

// A class or enum described once. Classes are described per reading options that change what
// they accept (an untagged variant reads its alternatives with unknown keys as errors).
struct def_entry {
  const void* key;
  std::string name;  // empty for the root type (referenced as "#")
  node schema;
};

struct context {
  std::vector<def_entry> defs;
  unknown_key_policy unknown_keys = unknown_key_policy::skip;  // the document's
};

template <class T, options O>
node describe(context& c);

// A reference node.
inline node reference(std::string_view target) { return with("$ref", string(target)); }

inline std::string unique_name(const context& c, const std::string& base) {
  auto taken = [&](const std::string& n) {
    for (const auto& d : c.defs)
      if (d.name == n) return true;
    return false;
  };
  if (!taken(base)) return base;
  for (unsigned i = 2;; ++i) {
    const std::string n = base + "_" + decimal(i);
    if (!taken(n)) return n;
  }
}

template <class T, options O>
node definition_body(context& c);

// The key of T's definition: enums do not depend on the options.
template <class T, options O>
constexpr const void* key_of() {
  if constexpr (std::is_enum_v<T>) return &definition_key<T, options{}>;
  else return &definition_key<T, O>;
}

// A reference to the definition of class or enum T (created, and described, on first use).
template <class T, options O>
node ref_to(context& c) {
  constexpr const void* key = key_of<T, O>();
  std::size_t i = 0;
  while (i < c.defs.size() && c.defs[i].key != key) ++i;
  if (i == c.defs.size()) {
    static constexpr std::string_view base = static_text([] { return reflect::type_identifier<T>(); });
    // A class read by an untagged variant, with unknown keys as errors: "Circle_strict".
    const bool strict = !std::is_enum_v<T> && O.unknown_keys != c.unknown_keys;
    c.defs.push_back({key, unique_name(c, strict ? std::string(base) + "_strict" : std::string(base)), {}});
    node body = definition_body<T, O>(c);  // may add definitions: index, not reference
    c.defs[i].schema = std::move(body);
  }
  return c.defs[i].name.empty() ? reference("#") : reference("#/$defs/" + c.defs[i].name);
}

// --- making a schema accept null ----------------------------------------------------------------

// Keywords that constrain one JSON type only, so that adding "null" to "type" leaves them
// meaning the same.
constexpr bool type_specific(std::string_view k) {
  constexpr std::string_view ks[] = {"type",     "minimum",   "maximum",       "exclusiveMinimum", "exclusiveMaximum",
                                     "minLength", "maxLength", "pattern",      "format",           "items",
                                     "prefixItems", "minItems", "maxItems",    "properties",       "required",
                                     "additionalProperties", "propertyNames", "minProperties",     "maxProperties"};
  for (auto x : ks)
    if (x == k) return true;
  return false;
}

inline bool admits_null(const node& s) {
  if (s.is_empty_object()) return true;
  if (const node* t = s.find("type")) {
    if (t->k == node::kind::scalar) return t->text == "\"null\"";
    for (const auto& e : t->items)
      if (e.text == "\"null\"") return true;
  }
  if (const node* any = s.find("anyOf"); any && s.keys.size() == 1) {
    for (const auto& e : any->items)
      if (admits_null(e)) return true;
  }
  return false;
}

// s, or null: {"type":["integer","null"],...} when s is a plain typed schema, else
// {"anyOf":[s,{"type":"null"}]}.
inline node or_null(node s) {
  if (admits_null(s)) return s;
  bool plain = s.find("type") != nullptr;
  for (const auto& k : s.keys) plain = plain && type_specific(k);
  if (plain) {
    node& t = *s.find("type");
    if (t.k == node::kind::scalar) {
      node list = array();
      list.push(t);
      t = std::move(list);
    }
    t.push(string("null"));
    return s;
  }
  if (node* any = s.find("anyOf"); any && s.keys.size() == 1) {
    any->push(type("null"));
    return s;
  }
  node alts = array();
  alts.push(std::move(s));
  alts.push(type("null"));
  return with("anyOf", std::move(alts));
}

// --- scalars ------------------------------------------------------------------------------------

template <class I>
node integer_schema() {
  using L = std::numeric_limits<I>;
  static constexpr std::string_view min = static_text([] {
    if constexpr (std::is_signed_v<I>) return "-" + decimal(static_cast<unsigned __int128>(-(L::min() + 1)) + 1);  // no overflow
    else return std::string("0");
  });
  static constexpr std::string_view max = static_text([] { return decimal(static_cast<unsigned __int128>(L::max())); });
  node s = type("integer");
  s.set("minimum", raw(std::string(min)));
  s.set("maximum", raw(std::string(max)));
  return s;
}

template <class F, options O>
node floating_schema() {
  node s = type("number");
  // Bounds: the reader rejects a number that rounds beyond the type's largest finite value.
  // (Validators compare as doubles; a decimal-exact one could reject numbers within half a unit
  // in the last place of the limit that the reader rounds down to it.)
  if constexpr (std::is_same_v<F, double> && std::numeric_limits<double>::is_iec559) {
    s.set("minimum", raw("-1.7976931348623157e308"));
    s.set("maximum", raw("1.7976931348623157e308"));
  } else if constexpr (std::is_same_v<F, float> && std::numeric_limits<float>::is_iec559) {
    // The float reader rounds to nearest: values below 2^128 - 2^103 round to FLT_MAX at most,
    // the rest overflow. That limit is a double, written here shortest.
    s.set("exclusiveMinimum", raw("-3.4028235677973366e38"));
    s.set("exclusiveMaximum", raw("3.4028235677973366e38"));
  }
  if constexpr (O.nonfinite == nonfinite_policy::null) s = or_null(std::move(s));  // null reads NaN
  return s;
}

// A char: a one-byte string, so one code point below U+0080.
inline node character_schema() {
  node s = type("string");
  s.set("minLength", raw("1"));
  s.set("maxLength", raw("1"));
  s.set("pattern", string("^[\\u0000-\\u007f]$"));
  return s;
}

template <class T>
node string_schema() {
  if constexpr (std::is_array_v<T>) {  // char[N]: the bytes and a NUL must fit
    static_assert(std::extent_v<T> > 0);
    return type("string").set("maxLength", raw(decimal(std::extent_v<T> - 1)));
  } else {
    static_assert(!std::is_pointer_v<T>, "metajson::schema: a const char* member cannot be read (use std::string or std::string_view)");
    return type("string");
  }
}

// --- chrono -------------------------------------------------------------------------------------

// The number of decimal digits of a duration's period when it is 1/10^n second (n >= 0); -1
// for other periods (finer digits than the period can hold are then not restricted).
template <class Period>
consteval int decimal_digits_of() {
  if constexpr (Period::num != 1) return -1;
  std::intmax_t den = Period::den;
  int n = 0;
  while (den % 10 == 0) den /= 10, ++n;
  return den == 1 ? n : -1;
}

// The calendar years the time_point type can hold, within [0, 9999].
template <class D>
consteval std::pair<int, int> year_range() {
  using rep = typename D::rep;
  if constexpr (!std::is_integral_v<rep>) {
    return {0, 9999};
  } else {
    using P = typename D::period;
    auto year_of = [](__int128 seconds) {
      __int128 days = seconds / 86400;
      if (seconds % 86400 < 0) --days;
      constexpr __int128 first = -719528, last = 2932896;  // 0000-01-01, 9999-12-31 in days since 1970
      if (days <= first) return 0;
      if (days >= last) return 9999;
      return static_cast<int>(civil_from_days(static_cast<long long>(days)).year);
    };
    // Floor for the smallest value, floor for the largest: a time in the first or last year that
    // the type holds only in part still counts that whole year (see docs/schema.md).
    auto to_seconds = [](__int128 count) {
      const __int128 s = count * P::num;
      return s / P::den - (s % P::den < 0 ? 1 : 0);
    };
    return {year_of(to_seconds(std::numeric_limits<rep>::min())), year_of(to_seconds(std::numeric_limits<rep>::max()))};
  }
}

template <class T, options O>
node time_point_schema(context& c) {
  if constexpr (!std::is_same_v<typename T::clock, std::chrono::system_clock>) {
    return describe<typename T::rep, O>(c);  // other clocks: the count
  } else {
    using D = typename T::duration;
    static constexpr std::string_view pattern = static_text([] {
      constexpr int digits = decimal_digits_of<typename D::period>();
      constexpr auto years = year_range<D>();
      return date_time_pattern(fraction_pattern(digits < 0 ? 9 : digits), years.first, years.second);
    });
    node s = type("string");
    s.set("format", string("date-time"));
    s.set("pattern", string(pattern));
    return s;
  }
}

// The standard types of family/standard.hpp: their JSON type, with the pattern and format
// their reader checks (std::bitset, year_month_day).
template <class T, options O>
node standard_schema(context& c) {
  using M = std_mapping<std::remove_cv_t<T>>;
  node s = describe<typename M::json_type, O>(c);
  if constexpr (requires { M::schema_format(); }) s.set("format", string(M::schema_format()));
  if constexpr (calendar_date_like<std::remove_cv_t<T>>) s.set("pattern", string(date_pattern()));  // (a date that exists)
  else if constexpr (requires { M::schema_pattern(); }) s.set("pattern", string(M::schema_pattern()));
  return s;
}

// --- containers ---------------------------------------------------------------------------------

template <class T>
concept readable_sequence = requires(T& v, std::size_t n) { v.resize(n); v[n]; v.size(); } ||
                            requires(T& v) { v.emplace_back(); } || requires(T& v) { v.emplace_after(v.before_begin()); } ||
                            requires(T& v, typename T::value_type&& e) {
                              v.insert(std::move(e));
                              v.clear();
                            };

template <class T, options O>
node range_schema(context& c) {
  node s = type("array");
  if constexpr (std::is_array_v<T>) {
    s.set("items", describe<std::remove_cv_t<std::remove_extent_t<T>>, O>(c));
    s.set("minItems", raw(decimal(std::extent_v<T>)));
    s.set("maxItems", raw(decimal(std::extent_v<T>)));
  } else if constexpr (requires { std::tuple_size<T>::value; }) {  // std::array
    s.set("items", describe<rng::range_value_t<T>, O>(c));
    s.set("minItems", raw(decimal(std::tuple_size_v<T>)));
    s.set("maxItems", raw(decimal(std::tuple_size_v<T>)));
  } else {
    static_assert(readable_sequence<T>, "metajson::schema: this range cannot be read (a span or a view has no storage of its own)");
    s.set("items", describe<rng::range_value_t<T>, O>(c));
  }
  return s;
}

template <class T, options O>
node tuple_schema(context& c) {
  constexpr std::size_t n = std::tuple_size_v<T>;
  node s = type("array");
  if constexpr (n == 0) {
    s.set("maxItems", raw("0"));
  } else {
    node items = array();
    METAJSON_FOR(i, n) {
      items.push(describe<std::remove_cvref_t<std::tuple_element_t<i, T>>, O>(c));
    };
    s.set("prefixItems", std::move(items));
    s.set("items", boolean(false));
    s.set("minItems", raw(decimal(n)));
  }
  return s;
}

// What the reader accepts as a key of type K: the mirror of convert_key in read/map.hpp.
template <class K, options O>
node key_schema(context& c) {
  if constexpr (std::is_same_v<K, std::string> || std::is_same_v<K, std::string_view>) {
    return object();
  } else if constexpr (std::is_same_v<K, char>) {
    return character_schema();
  } else if constexpr (std::is_same_v<K, bool>) {
    node names = array();
    names.push(string("true"));
    names.push(string("false"));
    return with("enum", std::move(names));
  } else if constexpr (std::is_enum_v<K>) {
    return ref_to<K, options{}>(c);
  } else if constexpr (integer_type<K>) {
    static constexpr std::string_view pattern = static_text([] {
      using L = std::numeric_limits<K>;
      unsigned __int128 neg = 0;
      if constexpr (std::is_signed_v<K>) neg = static_cast<unsigned __int128>(-(L::min() + 1)) + 1;
      return integer_key_pattern(std::is_signed_v<K>, neg, static_cast<unsigned __int128>(L::max()));
    });
    return with("pattern", string(pattern));
  } else {
    static_assert(integer_type<K>, "metajson::schema: map keys that can be read are std::string, std::string_view, char, bool, enums and integers");
    return object();
  }
}

template <class T, options O>
node map_schema(context& c) {
  using K = std::remove_cvref_t<typename T::key_type>;
  node s = type("object");
  node keys = key_schema<K, O>(c);
  if (!keys.is_empty_object()) s.set("propertyNames", std::move(keys));
  node values = describe<typename T::mapped_type, O>(c);
  if (!values.is_empty_object()) s.set("additionalProperties", std::move(values));
  return s;
}

// --- variants -----------------------------------------------------------------------------------

template <options O>
consteval options strict_options() {
  options s = O;
  s.unknown_keys = unknown_key_policy::error;
  return s;
}

// Untagged: the reader tries, for the kind of the value, each alternative that accepts that
// kind, with unknown keys as errors, and takes the first that reads: any of them.
template <class T, options O>
node untagged_variant_schema(context& c) {
  constexpr options S = strict_options<O>();
  node alts = array();
  METAJSON_FOR(i, std::variant_size_v<T>) {
    using A = std::variant_alternative_t<i, T>;
    constexpr unsigned tried = tried_kinds<A>(), natural = natural_kinds<A, S>();
    if constexpr ((tried & natural) != 0) {
      node s = describe<A, S>(c);
      if constexpr ((natural & ~tried) != 0) {  // e.g. null for a double with nonfinite_policy::null
        node both = array();
        both.push(with("type", type_names(natural & tried)));
        both.push(std::move(s));
        s = with("allOf", std::move(both));
      }
      alts.push(std::move(s));
    }
  };
  if (alts.items.size() == 1) return alts.items[0];
  return with("anyOf", std::move(alts));
}

template <class T, options O>
node object_schema(context& c, std::string_view tag_key = {}, std::string_view tag_value = {});

// Tagged ([[=metajson::tag("type")]]): {"type":"Circle",...members} or {"type":"int","value":7}
// (read/object.hpp, read_tagged_variant): discriminated by the tag's constant value. An
// alternative whose tag another one before it already has can never be read: left out.
template <class T, options O>
node tagged_variant_schema(context& c, std::string_view tag_key) {
  node alts = array();
  std::vector<std::string_view> seen;
  METAJSON_FOR(i, std::variant_size_v<T>) {
    using A = std::variant_alternative_t<i, T>;
    static constexpr std::string_view name = static_text([] { return reflect::type_tag_name<A>(); });
    bool dup = false;
    for (const auto& n : seen) dup = dup || n == name;
    if (!dup) {
      seen.push_back(name);
      if constexpr (family_of<A>() == family::object) {
        alts.push(object_schema<A, O>(c, tag_key, name));
      } else {
        node props = object();
        props.set(tag_key, with("const", string(name)));
        props.set("value", describe<A, O>(c));
        node required = array();
        required.push(string(tag_key));
        required.push(string("value"));
        node s = type("object");
        s.set("properties", std::move(props));
        s.set("required", std::move(required));
        if constexpr (O.unknown_keys == unknown_key_policy::error) s.set("additionalProperties", boolean(false));
        alts.push(std::move(s));
      }
    }
  };
  if (alts.items.size() == 1) return alts.items[0];
  return with("oneOf", std::move(alts));
}

// --- classes ------------------------------------------------------------------------------------


// A range's bound on a float member. The reader rounds the JSON number to a float, then compares
// it with the bound rounded to a float (range(0, 0.1) takes 0.1000000001, whose float is 0.1f):
// so the numbers it takes end halfway between that float and the next one out, included when a
// tie rounds to it (an even significand), written with every digit of that double.
// A bound at or beyond the float's own edge, 2^128 - 2^103 (where the float rounds to infinity),
// bounds nothing the float's type does not: no keyword.
inline void float_bound(node& bounds, long double bound, bool upper) {
  constexpr long double float_edge = 340282356779733661637539395458142568448.0L;
  if (bound >= float_edge || bound <= -float_edge) return;
  const float f = static_cast<float>(bound);
  constexpr float inf = std::numeric_limits<float>::infinity();
  const float out = std::nextafter(f, upper ? inf : -inf);   // the next float outward
  const float in = std::nextafter(f, upper ? -inf : inf);    // and inward
  const double edge = out == inf || out == -inf ? static_cast<double>(f) + (static_cast<double>(f) - static_cast<double>(in)) / 2
                                                : (static_cast<double>(f) + static_cast<double>(out)) / 2;
  const bool even = (std::bit_cast<std::uint32_t>(f) & 1u) == 0;  // a tie rounds to f
  char buf[800];
  auto r = std::to_chars(buf, buf + sizeof buf, edge, std::chars_format::scientific, 760);  // exact: at most 767 digits
  char* e = std::find(buf, r.ptr, 'e');
  char* last = e;
  while (last > buf && last[-1] == '0') --last;
  if (last > buf && last[-1] == '.') --last;
  std::string text(buf, last);
  text.append(e, r.ptr);
  bounds.set(even ? (upper ? "maximum" : "minimum") : (upper ? "exclusiveMaximum" : "exclusiveMinimum"), raw(std::move(text)));
}

// The schema of member M of T: its type's, or a tagged variant's; with constraints (range,
// length, non_empty), their keywords beside it in an allOf.
template <class T, options O, auto M>
node member_schema(context& c) {
  using V = reflect::member_type<T, M>;
  if constexpr (reflect::has_tag_v<M>) {
    constexpr std::string_view key = reflect::tag_key_v<M>;
    if constexpr (is_variant_v<V>) return tagged_variant_schema<V, O>(c, key);
    else return or_null(tagged_variant_schema<std::remove_cvref_t<decltype(*std::declval<V&>())>, O>(c, key));
  } else if constexpr (constexpr member_constraints k = reflect::constraints_v<member_constraints, M>; k.any()) {
    // The constraints the reader checks (read/constraints.hpp), beside the type's own schema:
    // each keyword constrains only its kind (numbers, strings, arrays), so an optional's null
    // and the type's own bounds stay as they are.
    node bounds = object();
    using U = typename constrained_value<V>::type;
    if constexpr (k.has_range) {  // (an infinite bound bounds nothing)
      if constexpr (std::is_same_v<U, float>) {
        float_bound(bounds, k.min, false);
        float_bound(bounds, k.max, true);
      } else {
        if (!__builtin_isinf(k.min)) bounds.set("minimum", raw(constraint_number(k.min)));
        if (!__builtin_isinf(k.max)) bounds.set("maximum", raw(constraint_number(k.max)));
      }
    }
    constexpr bool text = text_value<U>, members = map_like<U>;
    constexpr const char* lo = text ? "minLength" : members ? "minProperties" : "minItems";
    constexpr const char* hi = text ? "maxLength" : members ? "maxProperties" : "maxItems";
    unsigned long long min = k.non_empty ? 1 : 0;
    if constexpr (k.has_length) {
      if (k.min_length > min) min = k.min_length;
      if (k.max_length != ~0ull) bounds.set(hi, raw(std::to_string(k.max_length)));
    }
    if (min > 0) bounds.set(lo, raw(std::to_string(min)));
    node all = array();
    all.push(describe<V, O>(c));
    all.push(std::move(bounds));
    return with("allOf", std::move(all));
  } else {
    return describe<V, O>(c);
  }
}

// The object schema of class T as read_object reads it: its members' keys (after name and
// rename_all), the required ones (metajson::required, missing_keys = error), and
// "additionalProperties": false when unknown keys are errors (deny_unknown_keys,
// unknown_keys = error). A tagged variant's struct alternative adds its tag first.
//
// Each metajson::alias adds a property with the member's schema (never required). A `flatten`
// member's own members are among members_of<T>(): their properties and required keys stand in
// its place. An `extra_keys` member takes any other key: no "additionalProperties": false.
template <class T, options O>
node object_schema(context& c, std::string_view tag_key, std::string_view tag_value) {
  node props = object(), required = array();
  if (!tag_key.empty()) {
    props.set(tag_key, with("const", string(tag_value)));
    required.push(string(tag_key));
  }
  node spellings = array();  // what aliases add: one of the spellings required, and never two at once
  METAJSON_FOR_EACH(m, reflect::members_of<T>()) {
    constexpr std::string_view key = reflect::key_text<T, m, reflect::key_form::raw>();
    constexpr bool needed = O.missing_keys == missing_key_policy::error || reflect::required_v<T, m>;
    props.set(key, member_schema<T, O, m>(c));
    constexpr auto aliases = reflect::alias_names(m);
    for (const char* alias : aliases) props.set(alias, member_schema<T, O, m>(c));
    if (aliases.empty()) {
      if constexpr (needed) required.push(string(key));
    } else {
      std::vector<std::string_view> names{key};
      for (const char* alias : aliases) names.emplace_back(alias);
      if constexpr (needed) {  // the member given by any of its names: {"anyOf": [{"required": [name]}, ...]}
        node any = array();
        for (std::string_view n : names) any.push(with("required", array().push(string(n))));
        spellings.push(with("anyOf", std::move(any)));
      }
      if constexpr (O.duplicate_keys == duplicate_key_policy::error) {  // two of its names: a duplicate key
        for (std::size_t i = 0; i < names.size(); ++i)
          for (std::size_t j = i + 1; j < names.size(); ++j)
            spellings.push(with("not", with("required", array().push(string(names[i])).push(string(names[j])))));
      }
    }
  };
  node s = type("object");
  if (!props.keys.empty()) s.set("properties", std::move(props));
  if (!required.items.empty()) s.set("required", std::move(required));
  if (!spellings.items.empty()) s.set("allOf", std::move(spellings));
  if constexpr ((O.unknown_keys == unknown_key_policy::error || reflect::denies_unknown_keys_v<T>) && !reflect::has_extra_keys<T>())
    s.set("additionalProperties", boolean(false));  // (an extra_keys member takes every other key)
  return s;
}

template <class E>
node enum_schema() {
  node names = array();
  METAJSON_FOR_EACH(e, reflect::enumerators<E>()) { names.push(string(reflect::enumerator_json_name<E, e>())); };
  node s = type("string");
  s.set("enum", std::move(names));
  return s;
}

template <class T, options O>
node definition_body(context& c) {
  if constexpr (std::is_enum_v<T>) return enum_schema<T>();
  else return object_schema<T, O>(c);
}

// --- every family -------------------------------------------------------------------------------

template <class T, options O>
node describe(context& c) {
  constexpr family f = family_of<T>();
  if constexpr (f == family::custom) return describe<typename adapted<T>::type, O>(c);
  else if constexpr (f == family::standard) return standard_schema<T, O>(c);
  else if constexpr (f == family::raw || f == family::dynamic || f == family::dom) return object();  // any JSON value
  else if constexpr (f == family::null) return type("null");
  else if constexpr (f == family::boolean) return type("boolean");
  else if constexpr (f == family::character) return character_schema();
  else if constexpr (f == family::integer) return integer_schema<T>();
  else if constexpr (f == family::floating) return floating_schema<T, O>();
  else if constexpr (f == family::enumeration) return ref_to<T, options{}>(c);
  else if constexpr (f == family::string) return string_schema<T>();
  else if constexpr (f == family::nullable) return or_null(describe<std::remove_cvref_t<decltype(*std::declval<T&>())>, O>(c));
  else if constexpr (f == family::variant) return untagged_variant_schema<T, O>(c);
  else if constexpr (f == family::time_point) return time_point_schema<T, O>(c);
  else if constexpr (f == family::duration) return describe<typename T::rep, O>(c);
  else if constexpr (f == family::map) return map_schema<T, O>(c);
  else if constexpr (f == family::range) return range_schema<T, O>(c);
  else if constexpr (f == family::tuple) return tuple_schema<T, O>(c);
  else if constexpr (f == family::object) return ref_to<T, O>(c);
  else {
    static_assert(f != family::unsupported,
                  "metajson::schema: metajson cannot read this type (not a number, string, container, optional, variant, "
                  "enum or class); specialize metajson::adapter<T> for it");
    return object();
  }
}

// The whole document, as text.
template <class T, options O>
std::string document() {
  context c;
  c.unknown_keys = O.unknown_keys;
  node root;
  constexpr bool named = std::is_enum_v<T> || family_of<T>() == family::object;
  if constexpr (named) {
    c.defs.push_back({key_of<T, O>(), {}, {}});  // the root: "#"
    root = definition_body<T, O>(c);
  } else {
    root = describe<T, O>(c);
  }
  node doc = with("$schema", string("https://json-schema.org/draft/2020-12/schema"));
  if constexpr (named) doc.set("title", string(static_text([] { return reflect::type_identifier<T>(); })));
  for (std::size_t i = 0; i < root.keys.size(); ++i) doc.set(root.keys[i], std::move(root.items[i]));
  node defs = object();
  for (auto& d : c.defs)
    if (!d.name.empty()) defs.set(d.name, std::move(d.schema));
  if (!defs.keys.empty()) doc.set("$defs", std::move(defs));
  std::string out;
  print(doc, out, O.pretty ? O.indent : 0, 0);
  return out;
}

}  // namespace metajson::detail::schema

// The members of a class as metajson sees them, through C++26 reflection (P2996): the reference
// backend of reflect/ (reflect/aggregate/ is the other, for compilers without it; both give
// read/, write/ and schema/ the functions below). This folder is the only place that uses
// std::meta; everything else asks these functions:
//
//   members_of<T>()          the serialized data members, base classes first (each once)
//   key_of<T, M>()           the member's JSON key (after name / rename_all)
//   has_annotation<A>(r)     whether a member or class carries an annotation
//   has_tag(m), tag_key_of(m) whether a member carries metajson::tag, and its key
//   field<T, M>(v)           member M of the object v of type T, through the flattened
//                            members that lead to it ([[=metajson::flatten]])
//
// Annotations come from [[=...]] on the member, class or enumerator, or from the entry of
// metajson::meta<T> that names it (reflect/meta.hpp): the same values, read the same way; a
// member or class annotated both ways does not compile (meta_problem).
//
// A [[=metajson::flatten]] member is not in members_of<T>(): its own members are, in its place
// (recursively), and field<T, M>(v) reaches them.
//
// Faithful or refused: members_of<T>() does not compile for a class with state that metajson
// cannot see (a private or protected data member neither opted in nor skipped, a non-public
// base with data, an anonymous union, a class with no data that is not empty such as one with
// virtual functions). The message names the type and the member and says what to do.
#pragma once

#include "../../detail/requirements.hpp"
#include "../../customize.hpp"
#include "../../detail/macros.hpp"
#include "../../fwd.hpp"
#include "../meta.hpp"
#include "../names.hpp"
#include "../tables.hpp"
#if METAJSON_BACKEND_P2996

#include <map>
#include <memory>
#include <meta>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace metajson {
inline namespace v0 {
struct access {};  // (what the C++23 backend decomposes private members in; nothing to do here)
}  // namespace v0
}  // namespace metajson

namespace metajson::detail::reflect {

inline constexpr auto unchecked = std::meta::access_context::unchecked();

// --- metajson::meta<T>: the entries of a class, an enum, a data member --------------------------
template <class C>
inline constexpr bool has_meta_v = has_meta<C>;
template <class C>
inline constexpr const member_options* meta_members_data = meta_members_v<C>.data();
template <class C>
inline constexpr std::size_t meta_members_size = meta_members_v<C>.size();
// The entries of meta<cls>::members (extract takes structural values only: no span).
consteval std::span<const member_options> meta_members_of(std::meta::info cls) {
  return {std::meta::extract<const member_options*>(std::meta::substitute(^^meta_members_data, {cls})),
          std::meta::extract<std::size_t>(std::meta::substitute(^^meta_members_size, {cls}))};
}
template <class C>
inline constexpr std::span<const enumerator_options> meta_enumerators_span = meta_enumerators_v<C>;

// Whether class (or enum) t has a metajson::meta specialization.
consteval bool has_meta_of(std::meta::info t) {
  return std::meta::extract<bool>(std::meta::substitute(^^has_meta_v, {t}));
}
// The entry of meta<C>::members (C the class declaring data member m) that names m, if any. A
// copy, not a pointer: under -fsanitize=null GCC does not fold a static object's address
// compared with null in a constant expression.
consteval std::optional<member_options> meta_entry(std::meta::info m) {
  if (!std::meta::is_nonstatic_data_member(m) || !std::meta::has_identifier(m)) return std::nullopt;
  const std::meta::info cls = std::meta::parent_of(m);
  if (!has_meta_of(cls)) return std::nullopt;
  const auto entries = meta_members_of(cls);
  for (const auto& o : entries)
    if (o.member.view() == std::meta::identifier_of(m)) return o;
  return std::nullopt;
}
template <class C>
inline constexpr bool has_meta_type_v = has_meta_type<C>;
consteval bool extract_has_type(std::meta::info t) {
  return std::meta::extract<bool>(std::meta::substitute(^^has_meta_type_v, {t}));
}
// meta<t>::type of a class or enum.
consteval class_options meta_type_of(std::meta::info t) {
  if (!has_meta_of(t)) return {};
  return std::meta::extract<class_options>(std::meta::substitute(^^meta_type_v, {t}));
}

// An annotation given by metajson::meta<T> for a data member, or for a class or enum (an
// enumerator's: json_name).
template <class A>
consteval std::optional<A> meta_annotation(std::meta::info r) {
  if (std::meta::is_type(r)) {
    if (!std::meta::is_class_type(r) && !std::meta::is_enum_type(r)) return std::nullopt;
    const class_options o = meta_type_of(r);
    if constexpr (std::is_same_v<A, rename_all_annotation>) { if (o.has_style) return A{o.style}; }
    else if constexpr (std::is_same_v<A, name_annotation>) { if (o.has_name) return A{o.name.data, o.name.size}; }
    else if constexpr (std::is_same_v<A, required_annotation>) { if (o.required) return A{}; }
    else if constexpr (std::is_same_v<A, deny_unknown_keys_annotation>) { if (o.deny_unknown_keys) return A{}; }
    return std::nullopt;
  }
  const std::optional<member_options> e = meta_entry(r);
  if (!e) return std::nullopt;
  if constexpr (std::is_same_v<A, name_annotation>) { if (e->has_name) return A{e->name.data, e->name.size}; }
  else if constexpr (std::is_same_v<A, tag_annotation>) { if (e->has_tag) return A{e->tag.data, e->tag.size}; }
  else if constexpr (std::is_same_v<A, range_annotation>) { if (e->has_range) return A{e->min, e->max}; }
  else if constexpr (std::is_same_v<A, length_annotation>) { if (e->has_length) return A{e->min_length, e->max_length}; }
  else if constexpr (std::is_same_v<A, required_annotation>) { if (e->required) return A{}; }
  else if constexpr (std::is_same_v<A, non_empty_annotation>) { if (e->non_empty) return A{}; }
  else if constexpr (std::is_same_v<A, skip_annotation>) { if (e->skip) return A{}; }
  else if constexpr (std::is_same_v<A, include_annotation>) { if (e->include) return A{}; }
  else if constexpr (std::is_same_v<A, flatten_annotation>) { if (e->flatten) return A{}; }
  else if constexpr (std::is_same_v<A, extra_keys_annotation>) { if (e->extra_keys) return A{}; }
  else if constexpr (std::is_same_v<A, alias_annotation>) { if (e->alias_count) return A{e->aliases[0].data, e->aliases[0].size}; }
  return std::nullopt;
}

template <class A>
consteval bool has_annotation(std::meta::info r) {
  return !std::meta::annotations_of_with_type(r, ^^A).empty() ||
         !std::meta::annotations_of_with_type(r, ^^const A).empty() || meta_annotation<A>(r).has_value();
}

template <class A>
consteval std::optional<A> annotation(std::meta::info r) {
  for (auto a : std::meta::annotations_of(r)) {
    if (std::meta::remove_const(std::meta::type_of(a)) == ^^A) return std::meta::extract<A>(a);
  }
  return meta_annotation<A>(r);
}

// Whether r carries one of metajson's annotations as [[=...]].
consteval bool has_metajson_annotation(std::meta::info r) {
  for (auto a : std::meta::annotations_of(r)) {
    const auto t = std::meta::remove_const(std::meta::type_of(a));
    for (auto u : {^^name_annotation, ^^alias_annotation, ^^skip_annotation, ^^include_annotation, ^^flatten_annotation,
                   ^^extra_keys_annotation, ^^required_annotation, ^^deny_unknown_keys_annotation, ^^rename_all_annotation,
                   ^^tag_annotation, ^^range_annotation, ^^length_annotation, ^^non_empty_annotation})
      if (t == u) return true;
  }
  return false;
}

// The annotations of a data member that decide whether and how it is collected, read in one
// pass over its annotations (the members of every class are collected often: one query per
// member, not one per annotation type).
struct member_marks {
  bool skip = false, include = false, name = false, flatten = false, extra = false;
};
consteval member_marks marks_of(std::meta::info m) {
  member_marks k;
  if (const std::optional<member_options> e = meta_entry(m)) {
    k.skip = e->skip, k.include = e->include, k.name = e->has_name, k.flatten = e->flatten, k.extra = e->extra_keys;
  }
  for (auto a : std::meta::annotations_of(m)) {
    const auto t = std::meta::remove_const(std::meta::type_of(a));
    if (t == ^^skip_annotation) k.skip = true;
    else if (t == ^^include_annotation) k.include = true;
    else if (t == ^^name_annotation) k.name = true;
    else if (t == ^^flatten_annotation) k.flatten = true;
    else if (t == ^^extra_keys_annotation) k.extra = true;
  }
  return k;
}
consteval bool is_serialized(std::meta::info m, const member_marks& k) {
  if (!std::meta::has_identifier(m)) return false;  // anonymous bit-fields, unnamed members
  if (k.skip) return false;
  return std::meta::is_public(m) || k.include || k.name;
}
consteval bool is_serialized(std::meta::info m) { return is_serialized(m, marks_of(m)); }

// The namespace std (and the implementation's namespaces inside it).
consteval bool in_namespace_std(std::meta::info t) {
  std::meta::info r = std::meta::has_template_arguments(t) ? std::meta::template_of(t) : t;
  while (std::meta::has_parent(r)) {
    r = std::meta::parent_of(r);
    if (r == ^^std) return true;
  }
  return false;
}

// Whether a class (or its bases, of any access) holds a non-static data member.
consteval bool has_data(std::meta::info cls) {
  for (auto m : std::meta::nonstatic_data_members_of(cls, unchecked))
    if (std::meta::has_identifier(m) || !std::meta::is_bit_field(m)) return true;
  for (auto b : std::meta::bases_of(cls, unchecked))
    if (has_data(std::meta::dealias(std::meta::type_of(b)))) return true;
  return false;
}

// Whether a [[=metajson::flatten]] member of type t can be flattened: a class that metajson
// writes as an object of its own members (not a standard type, not one with an adapter).
consteval bool is_flattenable(std::meta::info t) {
  t = std::meta::dealias(std::meta::remove_cv(t));
  if (!std::meta::is_class_type(t) || in_namespace_std(t) || std::meta::is_union_type(t)) return false;
  return !std::meta::is_complete_type(std::meta::substitute(^^metajson::adapter, {t}));
}

// Collects the serialized members of cls into `out`; the first piece of state that is neither
// serialized nor skipped goes into `hidden` (a description for the compile-time error); the
// [[=metajson::extra_keys]] members (which are not keyed members) into `extras`, when given.
consteval void collect_members(std::meta::info cls, std::vector<std::meta::info>& out,
                               std::vector<std::meta::info>& virtual_bases, std::string& hidden,
                               std::vector<std::meta::info>* extras = nullptr) {
  for (auto b : std::meta::bases_of(cls, unchecked)) {
    const auto bt = std::meta::dealias(std::meta::type_of(b));
    if (std::meta::has_template_arguments(bt) && std::meta::template_of(bt) == ^^std::enable_shared_from_this)
      continue;  // the object's identity (a weak pointer to itself), not its value
    if (!std::meta::is_public(b)) {  // private/protected inheritance hides the base
      if (hidden.empty() && has_data(bt))
        hidden = "its base class '" + std::string(std::meta::display_string_of(bt)) +
                 "' is not public, and it holds data. Make the base public, or";
      continue;
    }
    if (std::meta::is_virtual(b)) {
      bool seen = false;
      for (auto v : virtual_bases) seen = seen || v == bt;
      if (seen) continue;
      virtual_bases.push_back(bt);
    }
    collect_members(bt, out, virtual_bases, hidden, extras);
  }
  for (auto m : std::meta::nonstatic_data_members_of(cls, unchecked)) {
    const member_marks marks = marks_of(m);
    if (is_serialized(m, marks)) {
      if (marks.extra) {  // not a keyed member: extra_keys_member<T>()
        if (extras) extras->push_back(m);
        continue;
      }
      if (marks.flatten && is_flattenable(std::meta::type_of(m)))
        collect_members(std::meta::dealias(std::meta::remove_cv(std::meta::type_of(m))), out, virtual_bases, hidden, extras);
      else
        out.push_back(m);
    } else if (hidden.empty() && !marks.skip &&
               !(std::meta::is_class_type(std::meta::type_of(m)) && std::meta::is_empty_type(std::meta::type_of(m)))) {
      // (a member of an empty type, a stateless comparator or allocator, holds nothing)
      if (!std::meta::has_identifier(m)) {
        if (!std::meta::is_bit_field(m))  // (an unnamed bit-field is padding)
          hidden = "it has an unnamed data member (an anonymous union or struct, or a lambda's capture); instead,";
      } else if (in_namespace_std(cls)) {
        hidden = "its base class '" + std::string(std::meta::display_string_of(cls)) +
                 "' is a standard class whose state is private; instead,";
      } else {
        hidden = "its data member '" + std::string(std::meta::identifier_of(m)) + "' is " +
                 (std::meta::is_protected(m) ? "protected" : "private") +
                 ". Mark it [[=metajson::include]] (written and read) or [[=metajson::skip]] (left out), or";
      }
    }
  }
}
consteval void collect_members(std::meta::info cls, std::vector<std::meta::info>& out,
                               std::vector<std::meta::info>& virtual_bases) {
  std::string hidden;
  collect_members(cls, out, virtual_bases, hidden);
}

// Why the state of class T is not all visible to metajson, or "" when it is: every data member
// is serialized or skipped, and a class without data members is empty (no virtual functions).
template <class T>
consteval std::string_view hidden_state() {
  std::vector<std::meta::info> out, vb;
  std::string hidden;
  collect_members(^^T, out, vb, hidden);
  if (hidden.empty() && out.empty() && !std::is_empty_v<T> && !has_data(^^T))
    hidden = "it has no data members but is not empty (virtual functions or virtual bases); instead,";
  if (hidden.empty()) return {};
  const std::string type = std::string(std::meta::display_string_of(^^T));
  std::string why;
  if (in_namespace_std(^^T)) {
    why = "metajson has no JSON mapping for '" + type + "', a standard type whose state is private: specialize " +
          "metajson::adapter<" + type + "> to map it onto a type metajson writes and reads (docs/annotations.md)";
  } else {
    why = "metajson cannot see all of the state of '" + type + "', so it would be silently lost: " + hidden +
          " specialize metajson::adapter<" + type + "> (docs/annotations.md)";
  }
  return std::define_static_string(why);
}

// What is wrong with T's [[=metajson::flatten]] members (a type that cannot be flattened), or "".
consteval std::string flatten_problem(std::meta::info cls);
consteval std::string meta_problem(std::meta::info cls);
template <class T>
inline constexpr std::string_view meta_problem_v = std::define_static_string(meta_problem(^^T));
consteval void collect_extra(std::meta::info cls, std::vector<std::meta::info>& out);
template <class T>
inline constexpr std::string_view flatten_problem_v = std::define_static_string(flatten_problem(^^T));

// The serialized members of T in output order: bases first (depth-first, declaration order,
// each virtual base once), then T's own members in declaration order, a flattened member's
// members in its place.
// (Collected once per class: GCC does not remember a consteval call's result, and members_of<T>()
// is asked in every loop over T's members.)
template <class T>
consteval std::span<const std::meta::info> collect_members_of() {
  std::vector<std::meta::info> out, vb;
  collect_members(^^T, out, vb);
  return std::define_static_array(out);
}
template <class T>
inline constexpr std::span<const std::meta::info> members_v = collect_members_of<T>();
template <class T>
consteval std::span<const std::meta::info> members_of() {
  static_assert(meta_problem_v<T>.empty(), meta_problem_v<T>);
  static_assert(hidden_state<T>().empty(), hidden_state<T>());
  static_assert(flatten_problem_v<T>.empty(), flatten_problem_v<T>);
  return members_v<T>;
}

// Whether member m is reached from an object of class cls without a flattened member between
// them: m is cls's own or a base's.
consteval bool is_own_member(std::meta::info cls, std::meta::info m) {
  const std::meta::info p = std::meta::parent_of(m);
  return p == cls || std::meta::is_base_of_type(p, cls);
}

// The flattened member of cls (or of a base) through which member m is reached.
consteval std::meta::info flatten_step(std::meta::info cls, std::meta::info m) {
  std::vector<std::meta::info> all, vb;
  std::string hidden;
  for (auto f : std::meta::nonstatic_data_members_of(cls, unchecked)) {
    const member_marks marks = marks_of(f);
    if (!is_serialized(f, marks) || !marks.flatten || !is_flattenable(std::meta::type_of(f))) continue;
    const auto ft = std::meta::dealias(std::meta::remove_cv(std::meta::type_of(f)));
    all.clear();
    collect_members(ft, all, vb, hidden);
    collect_extra(ft, all);
    for (auto x : all)
      if (x == m) return f;
  }
  for (auto b : std::meta::bases_of(cls, unchecked)) {
    const auto bt = std::meta::dealias(std::meta::type_of(b));
    const std::meta::info f = flatten_step(bt, m);
    if (f != std::meta::info{}) return f;
  }
  return std::meta::info{};
}

// The type of member M of T, references and cv removed.
template <class T, std::meta::info M>
using member_type = std::remove_cvref_t<typename [:std::meta::type_of(M):]>;

// A string computed at compile time by f (a captureless lambda), stored once.
template <class F>
consteval std::string_view static_text(F f) {
  return std::define_static_string(f());
}
// The elements of the std::vector f returns, stored once.
template <class F>
consteval auto static_array(F f) {
  return std::define_static_array(f());
}

// Member M of the object v of class T (or const T): v.M, or through the flattened members that
// lead to M.
template <class T, std::meta::info M, class V>
METAJSON_ALWAYS_INLINE constexpr auto& field(V& v) noexcept {
  if constexpr (is_own_member(^^T, M)) {
    return v.[:M:];
  } else {
    constexpr std::meta::info f = flatten_step(^^T, M);
    using F = std::remove_cvref_t<typename [:std::meta::type_of(f):]>;
    return field<F, M>(v.[:f:]);
  }
}

// The case style for a member: rename_all on the class that declares it, else on T.
template <class T>
consteval std::optional<case_style> style_for(std::meta::info m) {
  if (auto r = annotation<rename_all_annotation>(std::meta::parent_of(m))) return r->style;
  if (auto r = annotation<rename_all_annotation>(^^T)) return r->style;
  return std::nullopt;
}

// The JSON name (unescaped) of a member or enumerator m inside T.
template <class T>
consteval std::string json_name(std::meta::info m) {
  if constexpr (std::is_enum_v<T>) {  // an enumerator: its entry in meta<T>::enumerators, found by value
    if (std::meta::annotations_of_with_type(m, ^^name_annotation).empty()) {
      const auto v = static_cast<unsigned long long>(static_cast<std::underlying_type_t<T>>(std::meta::extract<T>(m)));
      for (const auto& e : meta_enumerators_v<T>)
        if (e.value == v && e.has_name) return e.name.str();
    }
  }
  if (auto n = annotation<name_annotation>(m)) return static_string(n->value);
  const std::string_view id = std::meta::identifier_of(m);
  if (auto s = style_for<T>(m)) return apply_case(id, *s);
  return std::string(id);
}

// Whether a member carries metajson::tag. (Test this, not tag_key_of(m) != nullptr: comparing a
// static string's address with null is not a constant expression under -fsanitize=undefined.)
consteval bool has_tag(std::meta::info m) { return has_annotation<tag_annotation>(m); }

// The metajson::tag key of a member, or nullptr.
consteval const char* tag_key_of(std::meta::info m) {
  if (auto t = annotation<tag_annotation>(m)) return t->key;
  return nullptr;
}

// Whether missing keys of this member are an error (reader).
template <class T>
consteval bool is_required(std::meta::info m) {
  return has_annotation<required_annotation>(m) || has_annotation<required_annotation>(^^T);
}

// The reading constraints of member m (range, length, non_empty), in the structural form the
// reader takes as a template argument.
template <class C>
consteval C constraints_of(std::meta::info m) {
  C c{};
  if (auto r = annotation<range_annotation>(m)) c.has_range = true, c.min = r->min, c.max = r->max;
  if (auto l = annotation<length_annotation>(m)) c.has_length = true, c.min_length = l->min, c.max_length = l->max;
  c.non_empty = has_annotation<non_empty_annotation>(m);
  return c;
}

// The metajson::alias keys of member m, in declaration order.
consteval std::span<const char* const> alias_names(std::meta::info m) {
  std::vector<const char*> v;
  for (auto a : std::meta::annotations_of(m))
    if (std::meta::remove_const(std::meta::type_of(a)) == ^^alias_annotation) v.push_back(std::meta::extract<alias_annotation>(a).value);
  if (const std::optional<member_options> e = meta_entry(m))
    for (std::size_t i = 0; i < e->alias_count; ++i) v.push_back(e->aliases[i].data);
  return std::define_static_array(v);
}

// Whether class T carries metajson::deny_unknown_keys.
template <class T>
consteval bool denies_unknown_keys() {
  return has_annotation<deny_unknown_keys_annotation>(^^T);
}

// What is wrong with the metajson::meta entries of class cls, its public bases and the
// structs it flattens: an entry naming no data member (or one named twice), or a member or the
// class annotated both there and with [[=...]]. "" when nothing.
consteval std::string meta_problem(std::meta::info cls) {
  for (auto b : std::meta::bases_of(cls, unchecked))
    if (std::meta::is_public(b))
      if (std::string p = meta_problem(std::meta::dealias(std::meta::type_of(b))); !p.empty()) return p;
  const std::string type = std::string(std::meta::display_string_of(cls));
  if (has_meta_of(cls)) {
    const auto entries = meta_members_of(cls);
    const auto members = std::meta::nonstatic_data_members_of(cls, unchecked);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      bool found = false;
      for (auto m : members) found = found || (std::meta::has_identifier(m) && std::meta::identifier_of(m) == entries[i].member.view());
      if (!found)
        return "metajson::meta<" + type + ">::members names '" + entries[i].member.str() +
               "', which is not a data member of '" + type + "'";
      for (std::size_t j = 0; j < i; ++j)
        if (entries[j].member.view() == entries[i].member.view())
          return "metajson::meta<" + type + ">::members names '" + entries[i].member.str() +
                 "' twice: give all its annotations in one metajson::member<...>(...)";
    }
    for (auto m : members)
      if (meta_entry(m) && has_metajson_annotation(m))
        return "member '" + std::string(std::meta::identifier_of(m)) + "' of '" + type +
               "' is annotated both with [[=...]] and in metajson::meta<" + type + ">::members: state its annotations in one place";
    if (has_metajson_annotation(cls) && extract_has_type(cls))
      return "'" + type + "' is annotated both with [[=...]] and in metajson::meta<" + type + ">::type: state its annotations in one place";
  }
  for (auto m : std::meta::nonstatic_data_members_of(cls, unchecked)) {
    const member_marks marks = marks_of(m);
    if (!is_serialized(m, marks) || !marks.flatten || !is_flattenable(std::meta::type_of(m))) continue;
    if (std::string p = meta_problem(std::meta::dealias(std::meta::remove_cv(std::meta::type_of(m)))); !p.empty()) return p;
  }
  return {};
}

// The problems of T's keys (declared above members_of).
consteval std::string flatten_problem(std::meta::info cls) {
  for (auto b : std::meta::bases_of(cls, unchecked))
    if (std::meta::is_public(b))
      if (std::string p = flatten_problem(std::meta::dealias(std::meta::type_of(b))); !p.empty()) return p;
  for (auto m : std::meta::nonstatic_data_members_of(cls, unchecked)) {
    const member_marks marks = marks_of(m);
    if (!is_serialized(m, marks) || !marks.flatten) continue;
    const auto t = std::meta::type_of(m);
    if (!is_flattenable(t))
      return "metajson::flatten on member '" + std::string(std::meta::identifier_of(m)) + "' of '" +
             std::string(std::meta::display_string_of(cls)) + "': its type '" + std::string(std::meta::display_string_of(t)) +
             "' is not a struct that metajson writes as an object of its members (a standard type, a union, or a type "
             "with a metajson::adapter); remove the annotation";
    if (std::string p = flatten_problem(std::meta::dealias(std::meta::remove_cv(t))); !p.empty()) return p;
  }
  return {};
}
// The [[=metajson::extra_keys]] members of cls, its public bases (a virtual one once) and the
// structs it flattens, in output order: collect_members' walk.
consteval void collect_extra(std::meta::info cls, std::vector<std::meta::info>& out) {
  std::vector<std::meta::info> members, virtual_bases;
  std::string hidden;
  collect_members(cls, members, virtual_bases, hidden, &out);
}
// Whether t is a type an extra_keys member may have: std::map<std::string, metajson::value>, or
// metajson::value.
consteval bool is_extra_keys_type(std::meta::info t) {
  t = std::meta::dealias(std::meta::remove_cv(t));
  return t == ^^metajson::value || t == ^^std::map<std::string, metajson::value>;
}
template <class T>
consteval std::string extra_keys_problem() {
  std::vector<std::meta::info> xs;
  collect_extra(^^T, xs);
  const std::string type = std::string(std::meta::display_string_of(^^T));
  if (xs.size() > 1)
    return "'" + type + "' has two [[=metajson::extra_keys]] members, '" + std::string(std::meta::identifier_of(xs[0])) + "' and '" +
           std::string(std::meta::identifier_of(xs[1])) + "': the keys that name no member can go to one only";
  if (xs.size() == 1 && !is_extra_keys_type(std::meta::type_of(xs[0])))
    return "metajson::extra_keys on member '" + std::string(std::meta::identifier_of(xs[0])) + "' of '" + type + "': its type '" +
           std::string(std::meta::display_string_of(std::meta::type_of(xs[0]))) +
           "' cannot hold them; use std::map<std::string, metajson::value> (or metajson::value)";
  if (xs.size() == 1 && has_annotation<deny_unknown_keys_annotation>(^^T))
    return "'" + type + "' has both [[=metajson::deny_unknown_keys]] and an [[=metajson::extra_keys]] member: choose one";
  return {};
}
template <class T>
inline constexpr std::string_view extra_keys_problem_v = std::define_static_string(extra_keys_problem<T>());

// T's [[=metajson::extra_keys]] member (the null reflection when it has none).
template <class T>
consteval std::meta::info extra_keys_member() {
  static_assert(extra_keys_problem_v<T>.empty(), extra_keys_problem_v<T>);
  std::vector<std::meta::info> xs;
  collect_extra(^^T, xs);
  return xs.empty() ? std::meta::info{} : xs[0];
}
template <class T>
consteval bool has_extra_keys() {
  return extra_keys_member<T>() != std::meta::info{};
}

// Where member m comes from, for a message: "'b'", or "'city' (of the flattened 'address')".
consteval std::string member_origin(std::meta::info cls, std::meta::info m) {
  std::string s = "'" + std::string(std::meta::identifier_of(m)) + "'";
  if (!is_own_member(cls, m)) s += " (of the flattened '" + std::string(std::meta::identifier_of(flatten_step(cls, m))) + "')";
  return s;
}

// --- what lookup.hpp builds its tables from -----------------------------------------------------

// The JSON keys of T's serialized members, unescaped, in member order.
template <class T>
consteval std::span<const static_name> member_names() {
  std::vector<static_name> v;
  for (auto m : members_of<T>()) {
    const std::string n = json_name<T>(m);
    v.push_back({std::define_static_string(n), n.size()});
  }
  return std::define_static_array(v);
}

// Two members of T that would write the same key (a flattened member's and another, or two
// `name`s): the message, or "".
template <class T>
consteval std::string_view duplicate_key_problem(std::span<const static_name> names) {
  const auto ms = members_of<T>();
  for (std::size_t i = 0; i < ms.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (names[i].view() == names[j].view())
        return std::define_static_string("two members of '" + std::string(std::meta::display_string_of(^^T)) + "' would write the key \"" +
                                         std::string(names[i].view()) + "\": " + member_origin(^^T, ms[j]) + " and " +
                                         member_origin(^^T, ms[i]) + "; give one another key with [[=metajson::name(...)]]");
  return {};
}

template <class T>
consteval bool has_aliases() {
  for (auto m : members_of<T>())
    if (has_annotation<alias_annotation>(m)) return true;
  return false;
}
template <class T>
consteval accepted_keys member_keys_with_aliases() {
  std::vector<static_name> v;
  std::vector<std::int16_t> owners;
  std::vector<std::string> seen;
  const auto ms = members_of<T>();
  for (std::size_t i = 0; i < ms.size(); ++i) {
    seen.push_back(json_name<T>(ms[i]));
    owners.push_back(static_cast<std::int16_t>(i));
  }
  for (std::size_t i = 0; i < ms.size(); ++i) {
    for (const char* alias : alias_names(ms[i])) {
      const std::string name = static_string(alias);
      for (std::size_t j = 0; j < seen.size(); ++j) {
        if (seen[j] == name) {
          const std::string msg = "metajson::alias(\"" + name + "\") on member '" +
                                  std::string(std::meta::identifier_of(ms[i])) + "' of '" +
                                  std::string(std::meta::display_string_of(^^T)) + "' is already the key of member '" +
                                  std::string(std::meta::identifier_of(ms[owners[j]])) + "': the keys a struct reads must be distinct";
          return {{}, {}, std::define_static_string(msg)};
        }
      }
      seen.push_back(name);
      owners.push_back(static_cast<std::int16_t>(i));
    }
  }
  for (const auto& n : seen) v.push_back({std::define_static_string(n), n.size()});
  return {std::define_static_array(v), std::define_static_array(owners), {}};
}


// A readable identifier for a type (JSON Schema definition names and titles): its name without
// namespaces ("Point"), a template specialization's name followed by its arguments ("Box_Point",
// "Pair_int_string"), std::string as "string", other types as their spelling with '_' for
// the characters an identifier cannot hold ("unsigned_int").
consteval std::string type_identifier(std::meta::info t) {
  t = std::meta::dealias(t);
  if (t == ^^std::string) return "string";
  if (std::meta::has_template_arguments(t)) {
    std::string s = identifier_chars(std::meta::identifier_of(std::meta::template_of(t)));
    for (auto a : std::meta::template_arguments_of(t))
      s += "_" + (std::meta::is_type(a) ? type_identifier(a) : identifier_chars(std::meta::display_string_of(a)));
    return s;
  }
  if (std::meta::has_identifier(t)) return std::string(std::meta::identifier_of(t));
  const std::string s = identifier_chars(std::meta::display_string_of(t));
  return s.empty() ? "type" : s;
}
template <class T>
consteval std::string type_identifier() {
  return type_identifier(^^T);
}

// The name a type goes by as a variant tag: its metajson::name annotation, else its
// identifier, else "string" for the standard strings, else its display string ("int").
template <class T>
consteval std::string type_tag_name() {
  if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::string_view>) return "string";
  else if constexpr (std::is_class_v<T> || std::is_enum_v<T>) {
    if (auto n = annotation<name_annotation>(^^T)) return static_string(n->value);
  }
  if (std::meta::has_identifier(^^T)) return std::string(std::meta::identifier_of(^^T));
  return std::string(std::meta::display_string_of(^^T));
}

}  // namespace metajson::detail::reflect

#endif  // METAJSON_BACKEND_P2996

// The members of a class as metajson sees them without C++26 reflection (C++23): the second
// backend of reflect/, with the functions of p2996/members.hpp (reflect/members.hpp lists them),
// selected by detail/requirements.hpp.
//
// What C++23 can see of a class is what a structured binding sees: an aggregate's data members
// in declaration order (their types, and their names from the compiler's spelling of their
// addresses in a never-defined object, reflect/pretty.hpp). Everything else is said by
// metajson::meta<T> (reflect/meta.hpp reads it): the annotations, and for a class that is not an
// aggregate (private members, constructors) the list of all its data members, decomposed inside
// metajson::access, which the class befriends.
//
// How the members are bound: with structured-binding packs (`auto& [...xs] = t`, C++26, which
// Clang >= 22 and GCC >= 16 accept in C++23 mode) the count and the types come from the binding
// itself; without them (GCC 13-15, MSVC) an aggregate's member count is found by brace
// initialization (T{x1, ..., xn} for the largest valid n) and the binding is one of the
// fixed-arity ones generated up to 128 members (bindings.inc, tools/gen_bindings.py).
//
// Faithful or refused, as with reflection: a class whose members this cannot see is a
// compile-time error that names it and says what to write (members_of<T>()'s static_asserts):
// not an aggregate and no metajson::meta<T>::members, a base class with data beside the class's
// own members, a class with virtual functions and no data, more members than the fallback
// binds. The compilers' own errors remain for a few shapes nothing detects beforehand (an
// anonymous union, a reference or bit-field member: "cannot decompose", "cannot bind"; a C array
// member without binding packs: "N names provided").
//
// Handles: a member is a `member_ref`, a pointer to its member_desc (one static object per
// serialized member of each class written: its path from T through flattened members, key,
// annotations), so `has_tag(m)` and `field<T, m>(v)` are spelled as with reflection.
#pragma once

#include "../../detail/requirements.hpp"
#include "../../customize.hpp"
#include "../../detail/macros.hpp"
#include "../../fwd.hpp"
#include "../meta.hpp"
#include "../names.hpp"
#include "../pretty.hpp"
#include "../tables.hpp"
#if METAJSON_BACKEND_AGGREGATE

#include <array>
#include <climits>
#include <cstddef>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#if (defined(__cpp_structured_bindings) && __cpp_structured_bindings >= 202411L) || \
    (defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 16)
#define METAJSON_BINDING_PACKS 1
#else
#define METAJSON_BINDING_PACKS 0
#endif

// Structured-binding packs are a C++26 feature the compilers above take in C++23 mode with a
// warning; the never-defined object whose members' addresses name them makes Clang warn too.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpragmas"
#pragma GCC diagnostic ignored "-Wc++26-extensions"
#pragma GCC diagnostic ignored "-Wundefined-var-template"
#pragma GCC diagnostic ignored "-Wundefined-inline"
#pragma GCC diagnostic ignored "-Wundefined-internal"

namespace metajson {
inline namespace v0 {

/// What metajson decomposes classes in (a tuple of references to their data members, in
/// declaration order). A class whose private members metajson::meta<T>::members lists
/// befriends it: `friend struct metajson::access;`.
struct access {
  template <std::size_t N, class T>
  static constexpr auto tie(T& t) noexcept {
#if METAJSON_BINDING_PACKS
    if constexpr (std::is_empty_v<std::remove_cv_t<T>>) {
      return std::tuple<>{};
    } else {
      auto& [... members] = t;
      return std::tie(members...);
    }
#else
#include "bindings.inc"
#endif
  }
};

}  // namespace v0
}  // namespace metajson

namespace metajson::detail::reflect {

// --- static storage ----------------------------------------------------------------------------
// What C++26's std::define_static_string and define_static_array do, in C++23: the value F{}()
// computes (a string, or a vector) copied into a static array of a class template keyed by F, a
// captureless lambda (a type of its own wherever it is written, in each template specialization).
template <class F>
struct static_text_of {
  static constexpr std::size_t size = F{}().size();
  static constexpr std::array<char, size + 1> chars = [] {
    std::array<char, size + 1> a{};
    const auto s = F{}();
    for (std::size_t i = 0; i < size; ++i) a[i] = s[i];
    return a;
  }();
};
template <class F>
consteval std::string_view static_text(F) {
  return {static_text_of<F>::chars.data(), static_text_of<F>::size};
}
template <class F>
struct static_array_of {
  using value_type = typename decltype(F{}())::value_type;
  static constexpr std::size_t size = F{}().size();
  static constexpr std::array<value_type, size> items = [] {
    std::array<value_type, size> a{};
    const auto v = F{}();
    for (std::size_t i = 0; i < size; ++i) a[i] = v[i];
    return a;
  }();
};
template <class F>
consteval std::span<const typename static_array_of<F>::value_type> static_array(F) {
  return static_array_of<F>::items;
}

// --- a class's own data members ----------------------------------------------------------------

// An object whose members' addresses, taken in constant expressions, name them (pretty.hpp): the
// inactive member of a union, so that no T is ever constructed (T need not be default
// constructible), in storage that is never read. (A declared-only object would do, but Clang
// refuses one whose type has internal linkage: a struct in an unnamed namespace.)
template <class T>
union fake_storage {
  char none;
  T value;
  constexpr fake_storage() noexcept : none() {}
  constexpr ~fake_storage() {}
};
template <class T>
struct fake_holder {
  static constinit inline fake_storage<T> storage{};
  static constexpr const T& value = storage.value;
};

// Brace-initialization probes (aggregates): a placeholder that converts to any member type,
// one that converts only to a base of T, one only to an empty base of T. (metajson_probe: no
// converting constructor takes them, metajson::value's included: a probe that must fail for a
// member must not initialize it through the member's own constructor template.)
struct any_init {
  using metajson_probe = void;
  template <class U>
  constexpr operator U() const noexcept;
};
template <class T>
struct base_init {
  using metajson_probe = void;
  template <class B>
    requires(std::is_base_of_v<B, T> && !std::is_same_v<B, T>)
  constexpr operator B() const noexcept;
};
template <class T>
struct empty_base_init {
  using metajson_probe = void;
  template <class B>
    requires(std::is_base_of_v<B, T> && !std::is_same_v<B, T> && std::is_empty_v<B>)
  constexpr operator B() const noexcept;
};
template <std::size_t, class X>
using repeat = X;
template <class T, class Seq, class Rest, class First = any_init>
inline constexpr bool brace_ok = false;
template <class T, std::size_t... I, std::size_t... J, class First>
  requires requires { T{repeat<I, First>{}..., repeat<J, any_init>{}...}; }
inline constexpr bool brace_ok<T, std::index_sequence<I...>, std::index_sequence<J...>, First> = true;
// T{x1, ..., xn} (the first k of them taking only a base of T, or only an empty one).
template <class T, std::size_t N, std::size_t K = 0, class First = any_init>
inline constexpr bool brace_init_n = brace_ok<T, std::make_index_sequence<K>, std::make_index_sequence<N - K>, First>;

// The members a class may have for the bindings without packs (the generated ones).
inline constexpr std::size_t max_fallback_members = 128;

template <class T, std::size_t N>
consteval std::size_t first_brace_ok() {  // the smallest n for which T{x1..xn} is valid
  if constexpr (N > max_fallback_members + 1) return N;
  else if constexpr (brace_init_n<T, N>) return N;
  else return first_brace_ok<T, N + 1>();
}
template <class T, std::size_t Lo, std::size_t Hi>  // T{x * Lo} valid, T{x * Hi} not
consteval std::size_t last_brace_ok() {
  if constexpr (Hi - Lo <= 1) {
    return Lo;
  } else {
    constexpr std::size_t mid = Lo + (Hi - Lo) / 2;
    if constexpr (brace_init_n<T, mid>) return last_brace_ok<T, mid, Hi>();
    else return last_brace_ok<T, Lo, mid>();
  }
}
// The number of initializer clauses an aggregate takes: its bases, then its members (a C array
// counts one per element: brace elision). The valid counts are those from the last member that
// needs a value (one with no default constructor) to the number of clauses, so: the first valid
// one (linear, rarely past 0), then the last (bisection).
template <class T>
consteval std::size_t brace_count() {
  constexpr std::size_t lo = first_brace_ok<T, 0>();
  if constexpr (lo > max_fallback_members) return lo;
  else if constexpr (brace_init_n<T, max_fallback_members + 1>) return max_fallback_members + 1;
  else return last_brace_ok<T, lo, max_fallback_members + 1>();
}
// How many of an aggregate's first clauses are base classes (of N clauses), and whether they are
// all empty.
template <class T, std::size_t N, std::size_t K = 0>
consteval std::size_t base_clauses() {
  if constexpr (K >= N) return K;  // (not in one condition with the probe: it would be instantiated for K + 1 > N)
  else if constexpr (brace_init_n<T, N, K + 1, base_init<T>>) return base_clauses<T, N, K + 1>();
  else return K;
}

template <class T>
concept has_meta_member_list = has_meta_members<T>;

// The tuple of references access::tie gives for a C (none when C cannot be bound: refused).
template <class C, bool Bindable>
struct bound_tuple {
  template <std::size_t N>
  using type = std::tuple<>;
};
template <class C>
struct bound_tuple<C, true> {
  template <std::size_t N>
  using type = decltype(metajson::access::tie<N>(std::declval<C&>()));
};

// A class's own data members, as the backend binds them.
template <class C>
struct own {
  static constexpr bool aggregate = std::is_aggregate_v<C>;
  // Aggregates, without binding packs: clauses, leading base clauses, whether those bases are all
  // empty. (With packs the binding needs none of it, and a base holding data beside C's own members
  // is the compiler's error: "cannot bind class type 'C': both it and its base class 'B' have
  // non-static data members". Clang also refuses the probes for a member type with internal
  // linkage, std::optional<E> of an enum E in an unnamed namespace: "used but not defined".)
  static constexpr std::size_t clauses = [] {
    if constexpr (aggregate && !std::is_empty_v<C> && !METAJSON_BINDING_PACKS) return brace_count<C>();
    else return std::size_t{0};
  }();
  static constexpr std::size_t bases = [] {
    if constexpr (aggregate && !std::is_empty_v<C> && clauses <= max_fallback_members && !METAJSON_BINDING_PACKS) return base_clauses<C, clauses>();
    else return std::size_t{0};
  }();
  static constexpr bool empty_bases = [] {
    if constexpr (bases == 0) return true;
    else return brace_init_n<C, clauses, bases, empty_base_init<C>>;
  }();
  // Whether the members can be bound at all: an aggregate whose bases hold no data (or whose only
  // data is in its one base), or a class metajson::meta<C> lists the members of.
  static constexpr bool bindable = std::is_empty_v<C> ||
                                   (aggregate && clauses <= max_fallback_members && (empty_bases || clauses == bases)) ||
                                   (!aggregate && has_meta_members<C>);
  static constexpr std::size_t count = [] {
    if constexpr (!bindable || std::is_empty_v<C>) {
      return std::size_t{0};
    } else {
#if METAJSON_BINDING_PACKS
      return std::tuple_size_v<decltype(metajson::access::tie<0>(std::declval<C&>()))>;
#else
      if constexpr (aggregate && empty_bases) return clauses - bases;
      else if constexpr (aggregate) return std::size_t{0};  // the base's: not known without packs (refused)
      else return meta_members_v<C>.size();
#endif
    }
  }();
  using tuple = typename bound_tuple<C, bindable && !std::is_empty_v<C>>::template type<count>;
  template <std::size_t I>
  using type = std::remove_cvref_t<std::tuple_element_t<I, tuple>>;
  template <std::size_t I>
  static consteval std::string_view identifier() {
    return member_identifier<&std::get<I>(metajson::access::tie<count>(fake_holder<C>::value))>();
  }
  static constexpr std::array<std::string_view, count> identifiers = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<std::string_view, count>{identifier<I>()...};
  }(std::make_index_sequence<count>{});
};

// The tuple of references to the own members of v (a C or const C).
template <class C, class V>
METAJSON_ALWAYS_INLINE constexpr auto tie_own(V& v) noexcept {
  return metajson::access::tie<own<C>::count>(v);
}

// --- type names --------------------------------------------------------------------------------

// The type's name as the compiler spells it (for messages): "User", "std::vector<int>".
template <class T>
constexpr std::string type_display_name() {
  std::string s(type_text<T>());
  for (std::string_view junk : {std::string_view("std::__cxx11::"), std::string_view("std::__1::")}) {
    for (std::size_t at = s.find(junk); at != std::string::npos; at = s.find(junk)) s.replace(at, junk.size(), "std::");
  }
  for (std::string_view anonymous : {std::string_view("(anonymous namespace)::"), std::string_view("{anonymous}::")}) {
    for (std::size_t at = s.find(anonymous); at != std::string::npos; at = s.find(anonymous)) s.erase(at, anonymous.size());
  }
  return s;
}
template <class T>
constexpr bool in_namespace_std() {
  return type_text<T>().starts_with("std::");
}

// --- the serialized members of a class ---------------------------------------------------------

inline constexpr std::size_t max_path = 8;  // flattened members within flattened members
struct path_t {
  std::size_t depth = 0;
  std::array<std::size_t, max_path> steps{};  // own member indexes, from T inward
};

// A member as collected: where it is, its identifier, its entry of meta<declaring class>.
struct collected_member {
  path_t path;
  std::string_view id;
  std::string_view via;  // the flattened member of T it is reached through, or ""
  member_options opt;
  class_options declaring;  // meta<declaring class>::type (its rename_all)
};
struct collection {
  std::vector<collected_member> members;  // the keyed ones, in output order
  std::vector<collected_member> extras;   // [[=metajson::extra_keys]] ones
  std::string problem;                    // why T cannot be written, or ""
};

template <class M>
constexpr bool flattenable() {
  using U = std::remove_cv_t<M>;
  return std::is_class_v<U> && !std::is_union_v<U> && !in_namespace_std<U>() && !requires { sizeof(metajson::adapter<U>); };
}

template <class C>
constexpr std::string hidden_problem() {
  const std::string type = type_display_name<C>();
  const std::string cannot = "metajson cannot see all of the state of '" + type + "' with this compiler (C++23: no reflection), so it would be silently lost: ";
  const std::string what = "; or compile with C++26 reflection (g++-16 -std=c++26 -freflection), or specialize metajson::adapter<" + type +
                           "> (docs/annotations.md)";
  if (in_namespace_std<C>())
    return "metajson has no JSON mapping for '" + type + "', a standard type whose state is private: specialize metajson::adapter<" +
           type + "> to map it onto a type metajson writes and reads (docs/annotations.md)";
  if constexpr (std::is_empty_v<C>) {
    return {};
  } else if constexpr (std::is_polymorphic_v<C> && !has_meta_members<C>) {
    return cannot + "it has virtual functions, so it is not an aggregate; list its data members in metajson::meta<" + type +
           ">::members (with `friend struct metajson::access;` in the class if some are private)" + what;
  } else if constexpr (!own<C>::aggregate && !has_meta_members<C>) {
    return cannot + "it is not an aggregate (private or protected members, a constructor, or a base class that is not public), so "
                    "metajson sees none of its members: list every data member in metajson::meta<" +
           type + ">::members (with `friend struct metajson::access;` in the class if some are private)" + what;
  } else if constexpr (own<C>::aggregate && own<C>::clauses > max_fallback_members) {
    return cannot + "it has more than 128 data members, the most this compiler binds without structured-binding packs (Clang >= 22 "
                    "and GCC >= 16 have no such limit)" + what;
  } else if constexpr (own<C>::aggregate && !own<C>::empty_bases && own<C>::clauses != own<C>::bases) {
    return cannot + "a base class holds data and so does '" + type +
           "' itself, which C++23 cannot bind together; move the members into one class, or use C++26 reflection" + what.substr(4);
  } else if constexpr (own<C>::aggregate && !own<C>::empty_bases && !METAJSON_BINDING_PACKS) {
    return cannot + "its data is in a base class, which this compiler cannot bind without structured-binding packs (Clang >= 22 and "
                    "GCC >= 16 can)" + what;
  } else {
    return {};
  }
}

// Why the state of class T is not all visible to metajson, or "" (the standard-type message for
// a standard class: the tests pin each such type's refusal by it, as with reflection).
template <class T>
consteval std::string_view hidden_state() {
  return static_text([] { return hidden_problem<T>(); });
}

// The problems of meta<C>::members against C's members (as bound): an entry that names no member,
// or one member twice; for a class that is not an aggregate, a member the entries do not list.
template <class C>
constexpr std::string entries_problem() {
  const std::string type = type_display_name<C>();
  const auto& entries = meta_members_v<C>;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    bool found = false;
    for (auto id : own<C>::identifiers) found = found || id == entries[i].member.view();
    if (!found)
      return "metajson::meta<" + type + ">::members names '" + std::string(entries[i].member.view()) + "', which is not a data member of '" +
             type + "'";
    for (std::size_t j = 0; j < i; ++j)
      if (entries[j].member.view() == entries[i].member.view())
        return "metajson::meta<" + type + ">::members names '" + std::string(entries[i].member.view()) +
               "' twice: give all its annotations in one metajson::member<...>(...)";
  }
  if constexpr (!own<C>::aggregate && !std::is_empty_v<C>) {
    for (auto id : own<C>::identifiers)
      if (!meta_member<C>(id))
        return "'" + type + "' is not an aggregate, so with this compiler metajson::meta<" + type +
               ">::members must list every data member (include or skip each private one): '" + std::string(id) + "' is missing";
  }
  return {};
}

template <class C>
constexpr collection collect();

// The options of C's own member I (its entry in meta<C>::members, or none).
template <class C, std::size_t I>
inline constexpr member_options own_options = [] {
  const member_options* e = meta_member<C>(own<C>::identifiers[I]);
  return e ? *e : member_options{};
}();

template <class C, std::size_t I>
constexpr void collect_member(collection& out) {
  constexpr std::string_view id = own<C>::identifiers[I];
  constexpr member_options o = own_options<C, I>;
  using M = typename own<C>::template type<I>;
  if constexpr (o.skip) {
    return;
  } else if constexpr (o.flatten && flattenable<M>()) {
    collection sub = collect<M>();
    if (out.problem.empty() && !sub.problem.empty()) out.problem = sub.problem;
    for (auto* list : {&sub.members, &sub.extras}) {
      for (auto m : *list) {
        if (m.path.depth == max_path) {
          if (out.problem.empty()) out.problem = "metajson::flatten nests more than 8 deep in '" + type_display_name<C>() + "'";
          continue;
        }
        for (std::size_t d = m.path.depth; d > 0; --d) m.path.steps[d] = m.path.steps[d - 1];
        m.path.steps[0] = I;
        ++m.path.depth;
        m.via = id;
        (list == &sub.members ? out.members : out.extras).push_back(m);
      }
    }
  } else {
    if constexpr (o.flatten) {
      if (out.problem.empty())
        out.problem = "metajson::flatten on member '" + std::string(id) + "' of '" + type_display_name<C>() + "': its type '" +
                      type_display_name<M>() +
                      "' is not a struct that metajson writes as an object of its members (a standard type, a union, or a type "
                      "with a metajson::adapter); remove the annotation";
    }
    collected_member m;
    m.path.depth = 1;
    m.path.steps[0] = I;
    m.id = id;
    m.opt = o;
    m.declaring = meta_type_v<C>;
    (o.extra_keys ? out.extras : out.members).push_back(m);
  }
}

template <class C>
constexpr collection collect() {
  collection out;
  out.problem = hidden_problem<C>();
  if (out.problem.empty()) out.problem = entries_problem<C>();
  if (!out.problem.empty()) return out;
  [&]<std::size_t... I>(std::index_sequence<I...>) { (collect_member<C, I>(out), ...); }(std::make_index_sequence<own<C>::count>{});
  return out;
}

// T's collection, stored.
template <class T>
struct table {
  static constexpr std::size_t count = collect<T>().members.size();
  static constexpr std::size_t extra_count = collect<T>().extras.size();
  static constexpr std::string_view problem = static_text([] { return collect<T>().problem; });
  static constexpr std::array<collected_member, count> members = [] {
    std::array<collected_member, count> a{};
    const collection c = collect<T>();
    for (std::size_t i = 0; i < count; ++i) a[i] = c.members[i];
    return a;
  }();
  static constexpr std::array<collected_member, extra_count> extras = [] {
    std::array<collected_member, extra_count> a{};
    const collection c = collect<T>();
    for (std::size_t i = 0; i < extra_count; ++i) a[i] = c.extras[i];
    return a;
  }();
};

// --- handles -----------------------------------------------------------------------------------

struct member_desc {
  path_t path;
  std::string_view id, key, via;  // identifier, JSON key (unescaped), flattened member of T it is reached through
  bool tagged = false, required = false, non_empty = false, has_range = false, has_length = false;
  const char* tag = nullptr;  // the tag key (static, NUL-terminated)
  long double min = 0, max = 0;
  unsigned long long min_length = 0, max_length = ~0ull;
  std::span<const char* const> aliases;
};
// A member of T: the template argument read/, write/ and schema/ pass around.
struct member_ref {
  const member_desc* d = nullptr;
  friend constexpr bool operator==(member_ref, member_ref) = default;
};

// The JSON key of a collected member of T: its name, else its identifier in the case style of the
// class that declares it, else of T.
template <class T>
constexpr std::string key_of(const collected_member& m) {
  if (m.opt.has_name) return std::string(m.opt.name.view());
  if (m.declaring.has_style) return apply_case(m.id, m.declaring.style);
  if (meta_type_v<T>.has_style) return apply_case(m.id, meta_type_v<T>.style);
  return std::string(m.id);
}

template <class T, bool Extra, std::size_t I>
consteval const collected_member& collected() {
  if constexpr (Extra) return table<T>::extras[I];
  else return table<T>::members[I];
}
template <class T, bool Extra, std::size_t I, std::size_t K>
consteval const char* alias_chars() {
  return static_text([] { return std::string(collected<T, Extra, I>().opt.aliases[K].view()); }).data();
}
template <class T, bool Extra, std::size_t I>
struct member_slot {
  static constexpr const collected_member& m = collected<T, Extra, I>();
  static constexpr std::string_view key = static_text([] { return key_of<T>(collected<T, Extra, I>()); });
  static constexpr const char* tag = m.opt.has_tag ? static_text([] { return std::string(collected<T, Extra, I>().opt.tag.view()); }).data() : nullptr;
  static constexpr std::array<const char*, m.opt.alias_count> aliases = []<std::size_t... K>(std::index_sequence<K...>) {
    return std::array<const char*, sizeof...(K)>{alias_chars<T, Extra, I, K>()...};
  }(std::make_index_sequence<m.opt.alias_count>{});
  static constexpr member_desc desc = [] {
    member_desc d;
    d.path = m.path, d.id = m.id, d.key = key, d.via = m.via;
    d.tagged = m.opt.has_tag, d.tag = tag, d.required = m.opt.required, d.non_empty = m.opt.non_empty;
    d.has_range = m.opt.has_range, d.min = m.opt.min, d.max = m.opt.max;
    d.has_length = m.opt.has_length, d.min_length = m.opt.min_length, d.max_length = m.opt.max_length;
    d.aliases = aliases;
    return d;
  }();
};
template <class T>
inline constexpr auto member_refs = []<std::size_t... I>(std::index_sequence<I...>) {
  return std::array<member_ref, sizeof...(I)>{member_ref{&member_slot<T, false, I>::desc}...};
}(std::make_index_sequence<table<T>::count>{});

// The object reached from v (a C or const C) along path P, from its step D on.
template <class C, path_t P, std::size_t D = 0, class V>
METAJSON_ALWAYS_INLINE constexpr auto& field_at_path(V& v) noexcept {
  auto& f = std::get<P.steps[D]>(tie_own<C>(v));
  if constexpr (D + 1 == P.depth) return f;
  else return field_at_path<std::remove_cvref_t<decltype(f)>, P, D + 1>(f);
}

// Member M of the object v of class T (or const T): v.M, or through the flattened members that
// lead to M.
template <class T, member_ref M, class V>
METAJSON_ALWAYS_INLINE constexpr auto& field(V& v) noexcept {
  return field_at_path<T, M.d->path>(v);
}

// The type of member M of T, references and cv removed.
template <class T, member_ref M>
using member_type = std::remove_cvref_t<decltype(field<T, M>(std::declval<T&>()))>;

// Why T's [[=metajson::extra_keys]] members cannot keep the unknown keys, or "".
template <class M>
inline constexpr bool is_extra_keys_type = std::is_same_v<std::remove_cv_t<M>, metajson::value> ||
                                           std::is_same_v<std::remove_cv_t<M>, std::map<std::string, metajson::value>>;
template <class T>
constexpr std::string extra_keys_problem() {
  const std::string type = type_display_name<T>();
  constexpr auto& xs = table<T>::extras;
  if constexpr (xs.size() > 1) {
    return "'" + type + "' has two [[=metajson::extra_keys]] members, '" + std::string(xs[0].id) + "' and '" + std::string(xs[1].id) +
           "': the keys that name no member can go to one only";
  } else if constexpr (xs.size() == 1) {
    using X = std::remove_cvref_t<decltype(field_at_path<T, xs[0].path>(std::declval<T&>()))>;
    if constexpr (!is_extra_keys_type<X>)
      return "metajson::extra_keys on member '" + std::string(xs[0].id) + "' of '" + type + "': its type '" + type_display_name<X>() +
             "' cannot hold them; use std::map<std::string, metajson::value> (or metajson::value)";
    else if (meta_type_v<T>.deny_unknown_keys)
      return "'" + type + "' has both [[=metajson::deny_unknown_keys]] and an [[=metajson::extra_keys]] member: choose one";
    else
      return {};
  } else {
    return {};
  }
}

// What is wrong with T, or "": state metajson cannot see, meta<T> entries, flatten, extra keys.
template <class T>
inline constexpr std::string_view problem_v = [] {
  if constexpr (!table<T>::problem.empty()) return table<T>::problem;
  else return static_text([] { return extra_keys_problem<T>(); });
}();

// The serialized members of T in output order: T's own members in declaration order (the members
// of the one base that holds T's data, when T has none of its own), a flattened member's members
// in its place.
template <class T>
consteval std::span<const member_ref> members_of() {
  METAJSON_STATIC_ASSERT(problem_v<T>.empty(), problem_v<T>,
                         "metajson cannot write or read this type with this compiler (C++23, no reflection), or its "
                         "metajson::meta is wrong: the notes below name the type; docs/annotations.md");
  if constexpr (problem_v<T>.empty()) return member_refs<T>;
  else return {};
}

// T's [[=metajson::extra_keys]] member (the null handle when it has none).
template <class T>
consteval member_ref extra_keys_member() {
  if constexpr (table<T>::extra_count == 1 && problem_v<T>.empty()) return member_ref{&member_slot<T, true, 0>::desc};
  else return member_ref{};
}
template <class T>
consteval bool has_extra_keys() {
  return extra_keys_member<T>() != member_ref{};
}

// --- what the readers and writers ask of a member ----------------------------------------------

template <class T>
constexpr std::string json_name(member_ref m) {
  return std::string(m.d->key);
}
constexpr bool has_tag(member_ref m) { return m.d->tagged; }
constexpr const char* tag_key_of(member_ref m) { return m.d->tag; }
template <class T>
constexpr bool is_required(member_ref m) {
  return m.d->required || meta_type_v<T>.required;
}
template <class C>
constexpr C constraints_of(member_ref m) {
  C c{};
  if (m.d->has_range) c.has_range = true, c.min = m.d->min, c.max = m.d->max;
  if (m.d->has_length) c.has_length = true, c.min_length = m.d->min_length, c.max_length = m.d->max_length;
  c.non_empty = m.d->non_empty;
  return c;
}
constexpr std::span<const char* const> alias_names(member_ref m) { return m.d->aliases; }
template <class T>
constexpr bool denies_unknown_keys() {
  return meta_type_v<T>.deny_unknown_keys;
}

// Where member m comes from, for a message: "'b'", or "'city' (of the flattened 'address')".
template <class T>
constexpr std::string member_origin(member_ref m) {
  std::string s = "'" + std::string(m.d->id) + "'";
  if (!m.d->via.empty()) s += " (of the flattened '" + std::string(m.d->via) + "')";
  return s;
}

// --- what lookup.hpp builds its tables from -----------------------------------------------------

// The JSON keys of T's serialized members, unescaped, in member order.
template <class T>
consteval std::span<const static_name> member_names() {
  return static_array([] {
    std::vector<static_name> v;
    for (member_ref m : members_of<T>()) v.push_back({m.d->key.data(), m.d->key.size()});
    return v;
  });
}

// Two members of T that would write the same key: the message, or "".
template <class T>
consteval std::string_view duplicate_key_problem(std::span<const static_name>) {
  return static_text([] {
    const auto ms = members_of<T>();
    for (std::size_t i = 0; i < ms.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (ms[i].d->key == ms[j].d->key)
          return "two members of '" + type_display_name<T>() + "' would write the key \"" + std::string(ms[i].d->key) +
                 "\": " + member_origin<T>(ms[j]) + " and " + member_origin<T>(ms[i]) +
                 "; give one another key with metajson::name(...)";
    return std::string();
  });
}

template <class T>
constexpr bool has_aliases() {
  for (member_ref m : members_of<T>())
    if (!m.d->aliases.empty()) return true;
  return false;
}

// The keys reading accepts for T's members: their own keys, then every alias (the member's
// index beside each); two equal keys are the error.
template <class T>
consteval accepted_keys member_keys_with_aliases() {
  constexpr std::string_view error = static_text([] {
    std::vector<std::string_view> seen;
    std::vector<std::size_t> owners;
    const auto ms = members_of<T>();
    for (std::size_t i = 0; i < ms.size(); ++i) seen.push_back(ms[i].d->key), owners.push_back(i);
    for (std::size_t i = 0; i < ms.size(); ++i) {
      for (const char* a : ms[i].d->aliases) {
        const std::string_view name(a);
        for (std::size_t j = 0; j < seen.size(); ++j)
          if (seen[j] == name)
            return "metajson::alias(\"" + std::string(name) + "\") on member '" + std::string(ms[i].d->id) + "' of '" +
                   type_display_name<T>() + "' is already the key of member '" + std::string(ms[owners[j]].d->id) +
                   "': the keys a struct reads must be distinct";
        seen.push_back(name), owners.push_back(i);
      }
    }
    return std::string();
  });
  if (!error.empty()) return {{}, {}, error};
  const auto names = static_array([] {
    std::vector<static_name> v;
    for (member_ref m : members_of<T>()) v.push_back({m.d->key.data(), m.d->key.size()});
    for (member_ref m : members_of<T>())
      for (const char* a : m.d->aliases) v.push_back({a, std::string_view(a).size()});
    return v;
  });
  const auto owners = static_array([] {
    std::vector<std::int16_t> v;
    const auto ms = members_of<T>();
    for (std::size_t i = 0; i < ms.size(); ++i) v.push_back(static_cast<std::int16_t>(i));
    for (std::size_t i = 0; i < ms.size(); ++i)
      for (std::size_t k = 0; k < ms[i].d->aliases.size(); ++k) v.push_back(static_cast<std::int16_t>(i));
    return v;
  });
  return {names, owners, {}};
}

// --- type names ----------------------------------------------------------------------------------

// A type's spelling split at its outermost template argument list: "ns::Box" and {"ns::Point"}.
struct spelled_type {
  std::string_view name;
  std::vector<std::string_view> arguments;
  bool is_template = false;
};
constexpr spelled_type split_spelling(std::string_view s) {
  spelled_type t;
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  const std::size_t open = s.find('<');
  if (open == std::string_view::npos || s.back() != '>') {
    t.name = s;
    return t;
  }
  t.name = s.substr(0, open);
  t.is_template = true;
  int depth = 0;
  std::size_t start = open + 1;
  for (std::size_t i = open + 1; i + 1 < s.size(); ++i) {
    const char c = s[i];
    if (c == '<' || c == '(' || c == '[') ++depth;
    else if (c == '>' || c == ')' || c == ']') --depth;
    else if (c == ',' && depth == 0) {
      t.arguments.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  t.arguments.push_back(s.substr(start, s.size() - 1 - start));
  for (auto& a : t.arguments) {
    while (!a.empty() && a.front() == ' ') a.remove_prefix(1);
    while (!a.empty() && a.back() == ' ') a.remove_suffix(1);
  }
  return t;
}
// The last component of a qualified name ("Point" of "ns::Point", "main()::Local").
constexpr std::string_view unqualified(std::string_view s) {
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '<' || c == '(' || c == '[' || c == '{') ++depth;
    else if (c == '>' || c == ')' || c == ']' || c == '}') --depth;
    else if (c == ':' && depth == 0 && i + 1 < s.size() && s[i + 1] == ':') start = i + 2;
  }
  return s.substr(start);
}
constexpr bool is_std_string_spelling(std::string_view s) {
  return s == "std::string" || s == "std::basic_string<char>" || s == "std::__cxx11::basic_string<char>" ||
         s == "std::basic_string<char, std::char_traits<char>, std::allocator<char> >" ||
         s == "std::basic_string<char, std::char_traits<char>, std::allocator<char>>" ||
         s == "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >";
}
// A readable identifier for a type spelled s (type_identifier below).
constexpr std::string spelled_identifier(std::string_view s) {
  if (is_std_string_spelling(s)) return "string";
  const spelled_type t = split_spelling(s);
  if (t.is_template) {
    std::string out = identifier_chars(unqualified(t.name));
    for (auto a : t.arguments) out += "_" + spelled_identifier(a);
    return out;
  }
  const std::string out = identifier_chars(unqualified(s));
  return out.empty() ? "type" : out;
}
// A readable identifier for a type (JSON Schema definition names and titles): its name without
// namespaces ("Point"), a template specialization's name followed by its arguments ("Box_Point",
// "Pair_int_string"), std::string as "string", other types as their spelling with '_' for
// the characters an identifier cannot hold ("unsigned_int").
template <class T>
constexpr std::string type_identifier() {
  return spelled_identifier(type_text<T>());
}

// The name a type goes by as a variant tag: its metajson::name (meta<T>::type), else its
// identifier, else "string" for the standard strings, else its display name ("int").
template <class T>
constexpr std::string type_tag_name() {
  if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::string_view>) {
    return "string";
  } else {
    if constexpr (std::is_class_v<T> || std::is_enum_v<T>) {
      if (meta_type_v<T>.has_name) return std::string(meta_type_v<T>.name.view());
    }
    const std::string_view s = type_text<T>();
    if ((std::is_class_v<T> || std::is_enum_v<T>) && !split_spelling(s).is_template) return std::string(unqualified(s));
    return type_display_name<T>();
  }
}

}  // namespace metajson::detail::reflect

#pragma GCC diagnostic pop

#endif  // METAJSON_BACKEND_AGGREGATE

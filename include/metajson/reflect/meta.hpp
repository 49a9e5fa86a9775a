// metajson::meta<T> read into one plain form that both backends take (reflect/p2996/ merges it
// with the [[=...]] annotations, reflect/aggregate/ has nothing else): per data member the
// member_options of its entry, per class its class_options, per enum value its name. No
// reflection: the entries are values whose types say what they are (customize.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../customize.hpp"
#include "pretty.hpp"

namespace metajson::detail::reflect {

// A string in static storage (a literal, or a static string), with its length.
struct text {
  const char* data = nullptr;
  std::size_t size = 0;
  constexpr std::string_view view() const noexcept { return size != 0 ? std::string_view(data, size) : std::string_view(); }  // size, not data != nullptr: see meta_entry
  // A std::string of it, copied by size: std::string(view()) compares data with null, which GCC
  // with -fsanitize=null does not fold for a literal's address in a constant expression.
  constexpr std::string str() const {
    std::string s(size, '\0');
    for (std::size_t i = 0; i < size; ++i) s[i] = data[i];
    return s;
  }
};

template <class>
inline constexpr bool dependent_false = false;

inline constexpr std::size_t max_aliases = 16;
// Not constexpr on purpose: reached in constant evaluation, it stops compilation with its name.
void error_more_than_16_aliases_on_one_member();

// What one entry of meta<C>::members says about its member.
struct member_options {
  text member;  // the member's identifier
  bool skip = false, include = false, flatten = false, extra_keys = false, required = false, non_empty = false;
  bool has_name = false, has_tag = false, has_range = false, has_length = false;
  text name, tag;
  long double min = 0, max = 0;
  unsigned long long min_length = 0, max_length = ~0ull;
  std::array<text, max_aliases> aliases{};
  std::size_t alias_count = 0;
};

// What meta<C>::type says about a class (or an enum: rename_all only).
struct class_options {
  bool has_style = false, has_name = false, required = false, deny_unknown_keys = false;
  case_style style{};
  text name;
};

// What one entry of meta<E>::enumerators says: the value (as its underlying integer, widened)
// and its name.
struct enumerator_options {
  unsigned long long value = 0;
  bool has_name = false;
  text name;
};

// --- applying annotation values --------------------------------------------------------------

constexpr void apply(member_options& o, const name_annotation& a) { o.has_name = true, o.name = {a.value, a.size}; }
constexpr void apply(member_options& o, const alias_annotation& a) {
  if (o.alias_count == max_aliases) error_more_than_16_aliases_on_one_member();
  o.aliases[o.alias_count++] = {a.value, a.size};
}
constexpr void apply(member_options& o, const skip_annotation&) { o.skip = true; }
constexpr void apply(member_options& o, const include_annotation&) { o.include = true; }
constexpr void apply(member_options& o, const flatten_annotation&) { o.flatten = true; }
constexpr void apply(member_options& o, const extra_keys_annotation&) { o.extra_keys = true; }
constexpr void apply(member_options& o, const required_annotation&) { o.required = true; }
constexpr void apply(member_options& o, const non_empty_annotation&) { o.non_empty = true; }
constexpr void apply(member_options& o, const tag_annotation& a) { o.has_tag = true, o.tag = {a.key, a.size}; }
constexpr void apply(member_options& o, const range_annotation& a) { o.has_range = true, o.min = a.min, o.max = a.max; }
constexpr void apply(member_options& o, const length_annotation& a) {
  o.has_length = true, o.min_length = a.min, o.max_length = a.max;
}
template <class A>
constexpr void apply(member_options&, const A&) {
  static_assert(dependent_false<A>,
                "metajson::meta<T>::members: this annotation does not apply to a data member (docs/annotations.md: "
                "name, alias, skip, include, flatten, extra_keys, required, tag, range, length, non_empty)");
}

constexpr void apply(class_options& o, const rename_all_annotation& a) { o.has_style = true, o.style = a.style; }
constexpr void apply(class_options& o, const name_annotation& a) { o.has_name = true, o.name = {a.value, a.size}; }
constexpr void apply(class_options& o, const required_annotation&) { o.required = true; }
constexpr void apply(class_options& o, const deny_unknown_keys_annotation&) { o.deny_unknown_keys = true; }
template <class A>
constexpr void apply(class_options&, const A&) {
  static_assert(dependent_false<A>,
                "metajson::meta<T>::type: this annotation does not apply to a class or enum (docs/annotations.md: "
                "rename_all, name, required, deny_unknown_keys)");
}

constexpr void apply(enumerator_options& o, const name_annotation& a) { o.has_name = true, o.name = {a.value, a.size}; }
template <class A>
constexpr void apply(enumerator_options&, const A&) {
  static_assert(dependent_false<A>, "metajson::meta<E>::enumerators: an enumerator takes only metajson::name");
}

// A value of `members`, `enumerators` or `type`: one entry or annotation, or several in with().
template <class V>
struct as_list {
  static constexpr std::size_t size = 1;
  template <std::size_t I>
  static constexpr const V& get(const V& v) noexcept { return v; }
};
template <class... A>
struct as_list<with_t<A...>> {
  static constexpr std::size_t size = sizeof...(A);
  template <std::size_t I>
  static constexpr const auto& get(const with_t<A...>& v) noexcept { return std::get<I>(v.items); }
};
template <class O, class... A>
constexpr void apply_all(O& o, const std::tuple<A...>& t) {
  std::apply([&](const auto&... a) { (apply(o, a), ...); }, t);
}

// --- meta<T> ---------------------------------------------------------------------------------

template <class T>
concept has_meta = requires { sizeof(metajson::meta<T>); };
template <class T>
concept has_meta_members = has_meta<T> && requires { metajson::meta<T>::members; };
template <class T>
concept has_meta_type = has_meta<T> && requires { metajson::meta<T>::type; };
template <class T>
concept has_meta_enumerators = has_meta<T> && requires { metajson::meta<T>::enumerators; };

// The identifier an entry's key names, and whether a pointer names a member of another class.
template <class C, class Key>
struct entry_key;
template <class C, detail::fixed_name K>
struct entry_key<C, detail::member_by_name<K>> {
  static constexpr std::string_view identifier{K.value, sizeof(K.value) - 1};
  static constexpr bool foreign = false;
};
template <class P>
struct member_pointer_class;
template <class M, class C>
struct member_pointer_class<M C::*> {
  using type = C;
};
template <class C, auto P>
struct entry_key<C, detail::member_by_pointer<P>> {
  static constexpr std::string_view identifier = member_identifier<P>();
  static constexpr bool foreign = !std::is_same_v<typename member_pointer_class<decltype(P)>::type, C>;
};

template <class C, class E>
struct member_entry_reader {
  static_assert(dependent_false<E>, "metajson::meta<T>::members takes metajson::member<...>(annotations...) entries");
};
template <class C, class Key, class... A>
struct member_entry_reader<C, member_entry<Key, A...>> {
  static_assert(!entry_key<C, Key>::foreign,
                "metajson::meta<T>::members: metajson::member<&X::m> must point to a data member declared in T itself "
                "(annotate a base class's members in its own metajson::meta)");
  static constexpr member_options read(const member_entry<Key, A...>& e) {
    member_options o;
    o.member = {entry_key<C, Key>::identifier.data(), entry_key<C, Key>::identifier.size()};
    apply_all(o, e.annotations);
    return o;
  }
};

// The entries of meta<C>::members, in their order.
template <class C>
constexpr auto read_meta_members() {
  if constexpr (!has_meta_members<C>) {
    return std::array<member_options, 0>{};
  } else {
    using V = std::remove_cvref_t<decltype(metajson::meta<C>::members)>;
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return std::array<member_options, sizeof...(I)>{
          member_entry_reader<C, std::remove_cvref_t<decltype(as_list<V>::template get<I>(metajson::meta<C>::members))>>::read(
              as_list<V>::template get<I>(metajson::meta<C>::members))...};
    }(std::make_index_sequence<as_list<V>::size>{});
  }
}
template <class C>
inline constexpr auto meta_members_v = read_meta_members<C>();

// meta<C>::type.
template <class C>
constexpr class_options read_meta_type() {
  class_options o;
  if constexpr (has_meta_type<C>) {
    using V = std::remove_cvref_t<decltype(metajson::meta<C>::type)>;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (apply(o, as_list<V>::template get<I>(metajson::meta<C>::type)), ...);
    }(std::make_index_sequence<as_list<V>::size>{});
  }
  return o;
}
template <class C>
inline constexpr class_options meta_type_v = read_meta_type<C>();

template <class E, class Entry>
struct enumerator_entry_reader {
  static_assert(dependent_false<Entry>, "metajson::meta<E>::enumerators takes metajson::enumerator<E::x>(...) entries");
};
template <class E, auto V, class... A>
struct enumerator_entry_reader<E, enumerator_entry<V, A...>> {
  static_assert(std::is_same_v<decltype(V), E>, "metajson::meta<E>::enumerators: an entry names an enumerator of another enum");
  static constexpr enumerator_options read(const enumerator_entry<V, A...>& e) {
    enumerator_options o;
    o.value = static_cast<unsigned long long>(static_cast<std::underlying_type_t<E>>(V));
    apply_all(o, e.annotations);
    return o;
  }
};

// The entries of meta<E>::enumerators.
template <class E>
constexpr auto read_meta_enumerators() {
  if constexpr (!has_meta_enumerators<E>) {
    return std::array<enumerator_options, 0>{};
  } else {
    using V = std::remove_cvref_t<decltype(metajson::meta<E>::enumerators)>;
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return std::array<enumerator_options, sizeof...(I)>{
          enumerator_entry_reader<E, std::remove_cvref_t<decltype(as_list<V>::template get<I>(metajson::meta<E>::enumerators))>>::read(
              as_list<V>::template get<I>(metajson::meta<E>::enumerators))...};
    }(std::make_index_sequence<as_list<V>::size>{});
  }
}
template <class E>
inline constexpr auto meta_enumerators_v = read_meta_enumerators<E>();

// The entry of meta<C>::members for the member with this identifier, or nullptr.
template <class C>
constexpr const member_options* meta_member(std::string_view identifier) {
  for (const auto& o : meta_members_v<C>)
    if (o.member.view() == identifier) return &o;
  return nullptr;
}

}  // namespace metajson::detail::reflect

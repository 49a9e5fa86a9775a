// Whether a type read from JSON would point into the input (a std::string_view or u8string_view
// anywhere in it: a member, an element, a key, an alternative), without C++26 reflection: through
// the members the C++23 backend binds and the template arguments of class templates. The
// readers whose input does not outlive the call (files, streams, NDJSON lines) refuse such types.
#pragma once

#include "../../detail/requirements.hpp"
#include "members.hpp"
#if METAJSON_BACKEND_AGGREGATE

#include <array>
#include <cstddef>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>

namespace metajson::detail::reflect {

template <class... T>
struct type_list {};
template <class T, class Seen>
inline constexpr bool seen_in = false;
template <class T, class... S>
inline constexpr bool seen_in<T, type_list<S...>> = (std::is_same_v<T, S> || ...);
template <class T, class... S>
constexpr type_list<S..., T> seen_with(type_list<S...>);

template <class T, class Seen>
constexpr bool borrows_input();

template <class T>
inline constexpr bool is_string_view = false;
template <class C, class Tr>
inline constexpr bool is_string_view<std::basic_string_view<C, Tr>> = true;

// A class template's type arguments (containers, optionals, variants, smart pointers, pairs...).
template <class T, class Seen>
struct template_borrows {
  static constexpr bool value = false;
};
template <template <class...> class C, class... A, class Seen>
struct template_borrows<C<A...>, Seen> {
  static constexpr bool value = (borrows_input<A, Seen>() || ...);
};
template <class V, std::size_t N, class Seen>
struct template_borrows<std::array<V, N>, Seen> {
  static constexpr bool value = borrows_input<V, Seen>();
};

// The members of a class metajson writes as an object (recursive types: each class once).
template <class T, class Seen, std::size_t... I>
constexpr bool members_borrow(std::index_sequence<I...>) {
  return (borrows_input<std::remove_cvref_t<decltype(field<T, members_of<T>()[I]>(std::declval<T&>()))>, Seen>() || ...);
}

template <class T, class Seen>
constexpr bool borrows_input() {
  using U = std::remove_cvref_t<T>;
  if constexpr (std::is_array_v<U>) {
    return borrows_input<std::remove_all_extents_t<U>, Seen>();
  } else if constexpr (!std::is_class_v<U> || seen_in<U, Seen>) {
    return false;  // (const char* cannot be read at all)
  } else if constexpr (is_string_view<U>) {
    return true;
  } else {
    using S = decltype(seen_with<U>(Seen{}));
    if constexpr (template_borrows<U, S>::value) return true;
    else if constexpr (in_namespace_std<U>() || requires { sizeof(metajson::adapter<U>); } || (!std::is_aggregate_v<U> && !has_meta_members<U>))
      return false;
    else if constexpr (problem_v<U>.empty()) return members_borrow<U, S>(std::make_index_sequence<members_of<U>().size()>{});
    else return false;  // refused elsewhere, with its message
  }
}

}  // namespace metajson::detail::reflect

namespace metajson::detail {
// The types a file's or a stream's reader may return: none that points into the input, which
// is gone by the time the value is used.
template <class T>
inline constexpr bool owns_its_data = !reflect::borrows_input<T, reflect::type_list<>>();
}  // namespace metajson::detail

#endif  // METAJSON_BACKEND_AGGREGATE

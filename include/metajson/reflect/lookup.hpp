// Read-side name lookup: the perfect-hash tables of tables.hpp over the keys of a struct (its
// members' JSON keys, and the metajson::alias ones) or the names of an enum's enumerators, which
// the backend gives (member_names, member_keys_with_aliases, enumerator_names).
#pragma once

#include <span>
#include <string_view>

#include "../detail/macros.hpp"
#include "enums.hpp"
#include "members.hpp"
#include "tables.hpp"

namespace metajson::detail::reflect {

// T's member keys, checked once per type (by the readers' key table and the writers' keys):
// two equal keys do not compile.
template <class T>
struct member_keys {
  static constexpr std::span<const static_name> names = member_names<T>();
  static constexpr std::string_view problem = duplicate_key_problem<T>(names);
  METAJSON_STATIC_ASSERT(problem.empty(), problem, "two members of a struct would write the same key (the compiler's note names the type)");
  static constexpr bool ok = problem.empty();
};


// The tables, one per type.
template <class T>
struct member_lookup {
  static constexpr std::span<const static_name> names = member_keys<T>::names;
  // (Not built when two keys clash: member_keys says so, without a search that cannot succeed.)
  static constexpr auto table = member_keys<T>::ok ? build_name_table<names.size()>(names) : name_table<names.size()>{};
};
// With metajson::alias keys: a second table over every accepted key (only for types that have one).
template <class T>
struct alias_lookup {
  static constexpr accepted_keys keys = member_keys_with_aliases<T>();
  METAJSON_STATIC_ASSERT(keys.error.empty(), keys.error, "a metajson::alias of a struct is another member's key (the compiler's note names the type)");
  static constexpr auto table = build_name_table<keys.names.size()>(keys.names);
};
template <class E>
struct enumerator_lookup {
  static constexpr std::span<const static_name> names = enumerator_names<E>();
  static constexpr auto table = build_name_table<names.size()>(names);
};

// Returns the index of `key` among T's member keys, or -1.
template <class T>
METAJSON_ALWAYS_INLINE int find_member(std::string_view key) noexcept {
  if constexpr (member_lookup<T>::names.empty()) {
    return -1;
  } else if constexpr (has_aliases<T>()) {
    const int i = probe<alias_lookup<T>::table>(alias_lookup<T>::keys.names, key);
    return i < 0 ? -1 : alias_lookup<T>::keys.owners[static_cast<std::size_t>(i)];
  } else {
    return probe<member_lookup<T>::table>(member_lookup<T>::names, key);
  }
}

// Returns the index of `key` among E's enumerator names, or -1.
template <class E>
METAJSON_ALWAYS_INLINE int find_enumerator(std::string_view key) noexcept {
  if constexpr (enumerator_lookup<E>::names.empty()) return -1;
  else return probe<enumerator_lookup<E>::table>(enumerator_lookup<E>::names, key);
}

}  // namespace metajson::detail::reflect

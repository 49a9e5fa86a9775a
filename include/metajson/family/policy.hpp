// What the options and a class's annotations decide about its members and enumerators, whatever
// the format: which members are written and in what order, which may be left out, which must be
// present, whether unknown keys are refused, and an enumerator by its index. Shared by the JSON
// reader and writer (read/, write/) and the binary ones (msgpack/).
#pragma once

#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "../detail/expand.hpp"
#include "../detail/macros.hpp"
#include "../number/itoa.hpp"
#include "../options.hpp"
#include "../reflect/enums.hpp"
#include "../reflect/keys.hpp"
#include "../reflect/members.hpp"
#include "classify.hpp"

namespace metajson::detail {

// The members in output order: declaration order, or sorted by key (options.sort_keys).
template <options O, class T>
consteval auto ordered_members() {
  if constexpr (O.sort_keys) return reflect::sorted_members_of<T>();
  else return reflect::members_of<T>();
}

// Empty optionals and null pointers are left out when options.empty == omit. An empty
// std::optional<std::optional<T>> is always left out: a missing key is its JSON (null is the
// engaged one holding an empty optional).
template <options O, class M>
inline constexpr bool omittable = nested_optional_v<M> || (O.empty == empty_members::omit && (family_of<M>() == family::nullable ||
                                                                                              std::is_pointer_v<M>));

template <options O, class T>
consteval bool any_omittable() {
  bool any = false;
  METAJSON_FOR_EACH(m, reflect::members_of<T>()) { any = any || omittable<O, reflect::member_type<T, m>>; };
  return any;
}

template <class T>
METAJSON_ALWAYS_INLINE bool is_empty_nullable(const T& v) noexcept {
  return !static_cast<bool>(v);
}

template <options O, class T>
consteval bool denies_unknown() {
  return O.unknown_keys == unknown_key_policy::error || reflect::denies_unknown_keys_v<T>;
}

template <options O, class T, auto M>
consteval bool member_required() {
  return O.missing_keys == missing_key_policy::error || reflect::required_v<T, M>;
}

template <options O, class T>
consteval bool any_required() {
  bool any = false;
  METAJSON_FOR_EACH(m, reflect::members_of<T>()) { any = any || member_required<O, T, m>(); };
  return any;
}

// The bytes of any string-like value. A null `const char*` has no view (it is written null).
template <class T>
METAJSON_ALWAYS_INLINE std::string_view string_bytes(const T& s) noexcept {
  if constexpr (std::is_pointer_v<T>) {
    return std::string_view(s);
  } else if constexpr (std::is_array_v<T>) {
    return std::string_view(s, ::strnlen(s, std::extent_v<T>));  // up to the first NUL
  } else {
    return std::string_view(reinterpret_cast<const char*>(s.data()), s.size());
  }
}

// The text a map key is written as, unescaped and unquoted: what options::sort_keys orders by.
// A string key is viewed in place; other keys are formatted into `buf`.
template <class K>
inline std::string_view sort_key_text(const K& k, std::string& buf) {
  if constexpr (string_like<K>) {
    return string_bytes(k);
  } else if constexpr (std::is_same_v<K, char>) {
    buf.assign(1, k);
  } else if constexpr (std::is_same_v<K, bool>) {
    buf = k ? "true" : "false";
  } else if constexpr (std::is_enum_v<K>) {
    buf.clear();  // a value with no name fails when it is written
    METAJSON_EXIT_SLOT(bool);
    METAJSON_FOR_EACH_EXITING(e, reflect::enumerators<K>()) {
      if (k == reflect::enum_value<e>) {
        buf = reflect::enumerator_json_name<K, e>();
        METAJSON_BREAK;
      }
    };
  } else {
    char digits[48];
    buf.assign(digits, static_cast<std::size_t>(write_integer(digits, k) - digits));
  }
  return buf;
}

// The enumerator of E at `index` in declaration order (what reflect::find_enumerator returns).
template <class E>
inline E enumerator_value(int index) {
  E out{};
  int i = 0;
  METAJSON_FOR_EACH(e, reflect::enumerators<E>()) {
    if (i++ == index) out = reflect::enum_value<e>;
  };
  return out;
}

}  // namespace metajson::detail

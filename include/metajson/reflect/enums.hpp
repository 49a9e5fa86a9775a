// Enumerators <-> JSON names.
#pragma once

#include <meta>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "members.hpp"

namespace metajson::detail::reflect {

template <class E>
consteval std::span<const std::meta::info> enumerators() {
  return std::define_static_array(std::meta::enumerators_of(^^E));
}

// The value of enumerator e.
template <std::meta::info e>
inline constexpr auto enum_value = [:e:];

// The quoted, escaped JSON text of enumerator e of E: "\"red\"".
template <class E, std::meta::info e, name_escapes Esc = name_escapes::none>
consteval std::string_view quoted_enumerator() {
  return std::define_static_string("\"" + escape_json(json_name<E>(e), Esc) + "\"");
}

// The JSON name of enumerator e of E, unescaped (what options::sort_keys compares).
template <class E, std::meta::info e>
consteval std::string_view enumerator_json_name() {
  return std::define_static_string(json_name<E>(e));
}

// The JSON names of E's enumerators, unescaped, in declaration order.
template <class E>
consteval std::vector<std::string> enumerator_json_names() {
  std::vector<std::string> v;
  for (auto e : std::meta::enumerators_of(^^E)) v.push_back(json_name<E>(e));
  return v;
}

// The longest quoted enumerator text of E (the writer's bound).
template <class E, name_escapes Esc = name_escapes::none>
consteval std::size_t max_enumerator_chars() {
  std::size_t n = 0;
  for (auto e : std::meta::enumerators_of(^^E)) {
    const std::size_t len = escape_json(json_name<E>(e), Esc).size() + 2;
    n = len > n ? len : n;
  }
  return n;
}

}  // namespace metajson::detail::reflect

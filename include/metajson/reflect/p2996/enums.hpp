// Enumerators through C++26 reflection (P2996): every enumerator in declaration order, aliases
// included. reflect/enums.hpp builds the JSON names on these; reflect/aggregate/enums.hpp is the
// C++23 backend's.
#pragma once

#include "../../detail/requirements.hpp"
#include "../tables.hpp"
#include "members.hpp"
#if METAJSON_BACKEND_P2996

#include <meta>
#include <span>
#include <string>
#include <vector>

namespace metajson::detail::reflect {

// What is wrong with E's metajson::meta<E>::enumerators (an entry whose value no enumerator
// has), or "".
template <class E>
consteval std::string enumerator_meta_problem() {
  for (const auto& o : meta_enumerators_v<E>) {
    bool found = false;
    for (auto e : std::meta::enumerators_of(^^E))
      found = found || static_cast<unsigned long long>(static_cast<std::underlying_type_t<E>>(std::meta::extract<E>(e))) == o.value;
    if (!found) return "metajson::meta<" + std::string(std::meta::display_string_of(^^E)) + ">::enumerators names a value that is no enumerator";
  }
  for (auto e : std::meta::enumerators_of(^^E))
    if (has_metajson_annotation(e))
      for (const auto& o : meta_enumerators_v<E>)
        if (static_cast<unsigned long long>(static_cast<std::underlying_type_t<E>>(std::meta::extract<E>(e))) == o.value)
          return "enumerator '" + std::string(std::meta::identifier_of(e)) + "' of '" + std::string(std::meta::display_string_of(^^E)) +
                 "' is annotated both with [[=...]] and in metajson::meta: state its name in one place";
  return {};
}
template <class E>
inline constexpr std::string_view enumerator_meta_problem_v = std::define_static_string(enumerator_meta_problem<E>());

// E's enumerators in declaration order (handles: their reflections).
template <class E>
consteval std::span<const std::meta::info> enumerators() {
  static_assert(enumerator_meta_problem_v<E>.empty(), enumerator_meta_problem_v<E>);
  return std::define_static_array(std::meta::enumerators_of(^^E));
}

// The value of enumerator e.
template <std::meta::info e>
inline constexpr auto enum_value = [:e:];

// The JSON names of E's enumerators, in declaration order (the reader's table).
template <class E>
consteval std::span<const static_name> enumerator_names() {
  std::vector<static_name> v;
  for (auto e : enumerators<E>()) {
    const std::string n = json_name<E>(e);
    v.push_back({std::define_static_string(n), n.size()});
  }
  return std::define_static_array(v);
}

}  // namespace metajson::detail::reflect

#endif  // METAJSON_BACKEND_P2996

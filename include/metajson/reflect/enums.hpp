// Enumerators <-> JSON names. The backend (p2996/enums.hpp or aggregate/enums.hpp) gives an
// enum's enumerators as handles, `enumerators<E>()`, their values, `enum_value<e>`, and
// json_name<E>(e); the texts below are built the same way on both.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "../detail/requirements.hpp"
// (Both included: each is empty but for the backend of this build, which keeps the single header
// from holding their common headers twice.)
#include "p2996/enums.hpp"
#include "aggregate/enums.hpp"

namespace metajson::detail::reflect {

// The quoted, escaped JSON text of enumerator e of E: "\"red\"".
template <class E, auto e, name_escapes Esc = name_escapes::none>
consteval std::string_view quoted_enumerator() {
  return static_text([] { return "\"" + escape_json(json_name<E>(e), Esc) + "\""; });
}

// The JSON name of enumerator e of E, unescaped (what options::sort_keys compares).
template <class E, auto e>
consteval std::string_view enumerator_json_name() {
  return static_text([] { return json_name<E>(e); });
}

// The longest quoted enumerator text of E (the writer's bound).
template <class E, name_escapes Esc = name_escapes::none>
consteval std::size_t max_enumerator_chars() {
  std::size_t n = 0;
  for (auto e : enumerators<E>()) {
    const std::size_t len = escape_json(json_name<E>(e), Esc).size() + 2;
    n = len > n ? len : n;
  }
  return n;
}

}  // namespace metajson::detail::reflect

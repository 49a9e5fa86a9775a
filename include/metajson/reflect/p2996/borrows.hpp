// Whether a type read from JSON would point into the input: a std::string_view (or
// u8string_view) anywhere in it, as a serialized member, an element, a key, an alternative.
// The readers whose input does not outlive the call (files, streams, NDJSON lines) refuse such
// types at compile time instead of returning views of freed memory.
#pragma once

#include "../../detail/requirements.hpp"
#include "members.hpp"
#if METAJSON_BACKEND_P2996

#include <meta>
#include <string_view>
#include <vector>

namespace metajson::detail::reflect {

consteval bool borrows_input(std::meta::info t, std::vector<std::meta::info>& seen) {
  t = std::meta::dealias(std::meta::remove_cvref(t));
  if (std::meta::is_array_type(t)) return borrows_input(std::meta::remove_all_extents(t), seen);
  if (std::meta::is_pointer_type(t)) return false;  // const char* cannot be read at all
  if (!std::meta::is_class_type(t)) return false;
  if (std::meta::has_template_arguments(t) && std::meta::template_of(t) == ^^std::basic_string_view) return true;
  for (auto s : seen)
    if (s == t) return false;  // recursive types: already being looked at
  seen.push_back(t);
  if (std::meta::has_template_arguments(t)) {
    for (auto a : std::meta::template_arguments_of(t))
      if (std::meta::is_type(a) && borrows_input(a, seen)) return true;
  }
  if (!in_namespace_std(t)) {
    std::vector<std::meta::info> members, virtual_bases;
    collect_members(t, members, virtual_bases);
    for (auto m : members)
      if (borrows_input(std::meta::type_of(m), seen)) return true;
  }
  return false;
}

template <class T>
consteval bool borrows_input() {
  std::vector<std::meta::info> seen;
  return borrows_input(^^T, seen);
}

}  // namespace metajson::detail::reflect

namespace metajson::detail {
// The types a file's or a stream's reader may return: none that points into the input, which
// is gone by the time the value is used.
template <class T>
inline constexpr bool owns_its_data = !reflect::borrows_input<T>();
}  // namespace metajson::detail

#endif  // METAJSON_BACKEND_P2996

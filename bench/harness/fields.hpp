// The member-by-member mapping code the DOM libraries (yyjson, RapidJSON, nlohmann, Boost.JSON
// reading) need, generated at compile time with std::meta instead of being written out by hand
// for every struct of the three schemas. `template for` unrolls it into exactly the code one
// would write by hand: one call per member with the member's name as a string constant; no
// runtime lookup tables, no type erasure.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <meta>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace bench::fields {

template <class T>
consteval std::span<const std::meta::info> of() {
  return std::define_static_array(
      std::meta::nonstatic_data_members_of(^^T, std::meta::access_context::unchecked()));
}

// The member's name as a NUL-terminated constant.
template <std::meta::info M>
inline constexpr const char* name = std::define_static_string(std::meta::identifier_of(M));
template <std::meta::info M>
inline constexpr std::size_t name_size = std::meta::identifier_of(M).size();

template <class T> inline constexpr bool is_optional = false;
template <class T> inline constexpr bool is_optional<std::optional<T>> = true;
template <class T> inline constexpr bool is_vector = false;
template <class T> inline constexpr bool is_vector<std::vector<T>> = true;
template <class T> inline constexpr bool is_array = false;
template <class T, std::size_t N> inline constexpr bool is_array<std::array<T, N>> = true;
template <class T> inline constexpr bool is_map = false;
template <class T> inline constexpr bool is_map<std::map<std::string, T>> = true;

}  // namespace bench::fields

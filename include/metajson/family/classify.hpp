// Which family of mapping a type belongs to. One ordered list, so a type matches exactly one
// family and the order below is the precedence (an adapter beats everything, a string is not a
// range, a std::array is a range and not a tuple...). Each family has a writer in write/ (and
// will have a reader in read/ with the same name).
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <expected>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "../customize.hpp"
#include "../fwd.hpp"
#include "../raw_json.hpp"
#include "../detail/chrono.hpp"
#include "../detail/ranges.hpp"
#include "standard.hpp"

namespace metajson::detail {

enum class family : unsigned char {
  custom,       // metajson::adapter<T> specialization
  standard,     // std::byte, bitset, year_month_day, atomic, filesystem::path, u16/u32/wstring (standard.hpp)
  raw,          // metajson::raw_json
  dynamic,      // metajson::value (recognised by its forward declaration in fwd.hpp: a program that
                //   never includes value.hpp does not parse it)
  dom,          // metajson::document, metajson::node (document.hpp): written, not read
  null,         // std::nullptr_t, std::monostate
  boolean,      // bool
  character,    // char, char8_t: a one-character string
  integer,      // every integer type, 128-bit included
  floating,     // float, double, long double
  enumeration,  // enums: enumerator names
  string,       // std::string, std::string_view, const char*, char[N], u8string...
  nullable,     // std::optional, std::unique_ptr, std::shared_ptr
  variant,      // std::variant
  time_point,   // std::chrono::time_point
  duration,     // std::chrono::duration
  map,          // ranges of pairs with key_type / mapped_type: map, unordered_map, multimap
  range,        // other ranges: vector, deque, list, set, std::array, span, C arrays...
  tuple,        // std::tuple, std::pair
  object,       // reflected classes
  unsupported,
};

template <class T>
concept has_adapter = requires(const T& t) { metajson::adapter<T>::to_json(t); };

// What an adapter's to_json gives: the JSON type U, or std::expected<U, metajson::error> for an
// adapter that can refuse a value (fallible).
template <class R>
struct adapter_result {
  using type = R;
  static constexpr bool fallible = false;
};
template <class U, class E>
struct adapter_result<std::expected<U, E>> {
  using type = U;
  static constexpr bool fallible = true;
};
template <class T>
using adapter_of = adapter_result<std::remove_cvref_t<decltype(metajson::adapter<T>::to_json(std::declval<const T&>()))>>;

template <class T> inline constexpr bool is_optional_v = false;
template <class T> inline constexpr bool is_optional_v<std::optional<T>> = true;
// std::optional<std::optional<T>>: a missing key (outer empty) is not null (inner empty).
template <class T> inline constexpr bool nested_optional_v = false;
template <class U> inline constexpr bool nested_optional_v<std::optional<std::optional<U>>> = true;
template <class T> inline constexpr bool is_smart_ptr_v = false;
template <class T, class D> inline constexpr bool is_smart_ptr_v<std::unique_ptr<T, D>> = true;
template <class T> inline constexpr bool is_smart_ptr_v<std::shared_ptr<T>> = true;
template <class T> inline constexpr bool is_variant_v = false;
template <class... T> inline constexpr bool is_variant_v<std::variant<T...>> = true;
template <class T> inline constexpr bool is_time_point_v = false;
template <class C, class D> inline constexpr bool is_time_point_v<std::chrono::time_point<C, D>> = true;
template <class T> inline constexpr bool is_duration_v = false;
template <class R, class P> inline constexpr bool is_duration_v<std::chrono::duration<R, P>> = true;

template <class T>
concept string_like =
    std::is_same_v<T, std::string> || std::is_same_v<T, std::string_view> ||
    std::is_same_v<T, std::u8string> || std::is_same_v<T, std::u8string_view> ||
    std::is_same_v<T, const char*> || std::is_same_v<T, char*> ||
    (std::is_array_v<T> && std::is_same_v<std::remove_extent_t<T>, char>) ||
    (std::is_class_v<T> && requires(const T& s) {  // other basic_string<char, Traits, Alloc>
      typename T::traits_type;
      requires std::is_same_v<typename T::value_type, char>;
      { s.data() } -> std::convertible_to<const char*>;
      { s.size() } -> std::convertible_to<std::size_t>;
    });

template <class T>
concept map_like = rng::input_range<T> && requires {
  typename T::key_type;
  typename T::mapped_type;
};

template <class T>
concept tuple_like = requires { std::tuple_size<T>::value; } && !rng::range<T>;

template <class T>
concept integer_type = (std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char> &&
                        !std::is_same_v<T, char8_t> && !std::is_same_v<T, wchar_t> &&
                        !std::is_same_v<T, char16_t> && !std::is_same_v<T, char32_t>)
#if defined(__SIZEOF_INT128__)
                       || std::is_same_v<T, __int128> || std::is_same_v<T, unsigned __int128>
#endif
    ;

// metajson::document and metajson::node (document.hpp, which writes them).
template <class T>
concept dom_type = requires { typename T::metajson_dom; };

template <class T>
consteval family family_of() {
  using U = std::remove_cv_t<T>;
  if constexpr (has_adapter<U>) return family::custom;
  else if constexpr (has_std_mapping<U>) return family::standard;
  else if constexpr (std::is_same_v<U, raw_json>) return family::raw;
  else if constexpr (std::is_same_v<U, value>) return family::dynamic;
  else if constexpr (dom_type<U>) return family::dom;
  else if constexpr (std::is_same_v<U, std::nullptr_t> || std::is_same_v<U, std::monostate>) return family::null;
  else if constexpr (std::is_same_v<U, bool>) return family::boolean;
  else if constexpr (std::is_same_v<U, char> || std::is_same_v<U, char8_t>) return family::character;
  else if constexpr (integer_type<U>) return family::integer;
  else if constexpr (std::is_floating_point_v<U>) return family::floating;
  else if constexpr (std::is_enum_v<U>) return family::enumeration;
  else if constexpr (string_like<U>) return family::string;
  else if constexpr (is_optional_v<U> || is_smart_ptr_v<U>) return family::nullable;
  else if constexpr (is_variant_v<U>) return family::variant;
  else if constexpr (is_time_point_v<U>) return family::time_point;
  else if constexpr (is_duration_v<U>) return family::duration;
  else if constexpr (map_like<U>) return family::map;
  else if constexpr (rng::input_range<U>) return family::range;
  else if constexpr (tuple_like<U>) return family::tuple;
  else if constexpr (std::is_class_v<U> && !std::is_union_v<U>) return family::object;
  else return family::unsupported;
}

}  // namespace metajson::detail

// The reading constraints of a member (customize.hpp: range, length, non_empty), checked after
// the member's value is read. An optional (or pointer) member is checked when it holds a value;
// `required` is what makes it present.
#pragma once

#include <charconv>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <optional>
#include <ranges>
#include <string>
#include <type_traits>

#include "../customize.hpp"
#include "../detail/classify.hpp"

namespace metajson::detail {

// A structural summary of a member's constraint annotations (a template argument).
struct member_constraints {
  bool has_range = false;
  long double min = 0, max = 0;
  bool has_length = false;
  unsigned long long min_length = 0, max_length = 0;
  bool non_empty = false;
  constexpr bool any() const { return has_range || has_length || non_empty; }
};

// The value a constraint applies to: the member's, or what its optional (pointer) holds.
template <class V>
struct constrained_value {
  using type = V;
};
template <class V>
  requires(family_of<V>() == family::nullable)
struct constrained_value<V> {
  using type = std::remove_cvref_t<decltype(*std::declval<V&>())>;
};

// A number of a range annotation as text: integral values as integers.
inline std::string constraint_number(long double x) {
  if (x == std::floor(x) && std::fabs(x) < 1e18L) return std::to_string(static_cast<long long>(x));
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, static_cast<double>(x));
  return std::string(buf, r.ptr);
}

// The length that `length` and `non_empty` measure: code points for strings, elements otherwise.
template <class V>
std::size_t constraint_length(const V& v) {
  if constexpr (string_like<V> && !std::is_pointer_v<V> && !std::is_array_v<V>) {
    std::size_t n = 0;
    for (const char ch : v) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
    return n;
  } else if constexpr (requires { v.size(); }) {
    return static_cast<std::size_t>(v.size());
  } else {
    return static_cast<std::size_t>(std::ranges::distance(v));
  }
}

template <class V>
concept measurable = (string_like<V> && !std::is_pointer_v<V> && !std::is_array_v<V>) || std::ranges::forward_range<V>;

// "" when v satisfies the constraints, else why not.
template <member_constraints C, class V>
std::string constraint_failure(const V& v) {
  if constexpr (family_of<V>() == family::nullable) {
    if (!v) return {};
    return constraint_failure<C>(*v);
  } else {
    if constexpr (C.has_range) {
      static_assert(std::is_arithmetic_v<V> && !std::is_same_v<V, bool>,
                    "metajson::range applies to numbers (or optionals of numbers)");
      const long double x = static_cast<long double>(v);
      if (!(x >= C.min && x <= C.max))
        return "not in the range [" + constraint_number(C.min) + ", " + constraint_number(C.max) + "]";
    }
    if constexpr (C.has_length || C.non_empty) {
      static_assert(measurable<V>, "metajson::length and metajson::non_empty apply to strings and containers (or optionals of them)");
      const std::size_t n = constraint_length(v);
      constexpr const char* unit = string_like<V> ? " code points" : " elements";
      if constexpr (C.non_empty) {
        if (n == 0) return "empty, and marked metajson::non_empty";
      }
      if constexpr (C.has_length) {
        if (n < C.min_length || n > C.max_length) {
          std::string bound = C.max_length == ~0ull ? "at least " + std::to_string(C.min_length)
                                                    : "[" + std::to_string(C.min_length) + ", " + std::to_string(C.max_length) + "]";
          return std::to_string(n) + unit + ", outside the length " + bound;
        }
      }
    }
    return {};
  }
}

}  // namespace metajson::detail

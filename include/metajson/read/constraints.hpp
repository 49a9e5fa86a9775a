// The reading constraints of a member (customize.hpp: range, length, non_empty), checked after
// the member's value is read. An optional (or pointer) member is checked when it holds a value;
// `required` is what makes it present.
#pragma once

#include <charconv>
#include <cstddef>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include "../customize.hpp"
#include "../family/classify.hpp"
#include "../detail/ranges.hpp"

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
  if (__builtin_isinf(x)) return x < 0 ? "-inf" : "inf";
  if (x == __builtin_floorl(x) && __builtin_fabsl(x) < 1e18L) return std::to_string(static_cast<long long>(x));
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, static_cast<double>(x));
  return std::string(buf, r.ptr);
}

// Whether the JSON of V is a string (std::string and the like, or a standard type mapped onto one:
// u16string, path...), measured in code points.
template <class V>
concept text_value = (string_like<V> && !std::is_pointer_v<V>) ||
                     (family_of<V>() == family::standard && std::is_same_v<typename std_mapping<V>::json_type, std::string>);

inline std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for (const char ch : s) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
  return n;
}

// The length that `length` and `non_empty` measure: code points for text, elements (or members)
// for containers.
template <class V>
std::size_t constraint_length(const V& v) {
  if constexpr (std::is_array_v<V>) {  // char[N]: the string before its first NUL, as written
    std::size_t n = 0;
    while (n < std::extent_v<V> && v[n] != '\0') ++n;
    return code_points(std::string_view(v, n));
  } else if constexpr (string_like<V>) {
    return code_points(std::string_view(v.data(), v.size()));
  } else if constexpr (text_value<V>) {
    std::string utf8;
    (void)std_mapping<V>::write(v, utf8);  // read just now, so it converts
    return code_points(utf8);
  } else if constexpr (requires { v.size(); }) {
    return static_cast<std::size_t>(v.size());
  } else {
    return static_cast<std::size_t>(std::ranges::distance(v));
  }
}

template <class V>
concept measurable = text_value<V> || rng::forward_range<V>;

// The least integer of type V not below x, and the greatest not above it (x within V's range), in
// constant expressions (Clang does not evaluate __builtin_ceill and __builtin_floorl there).
template <class V>
constexpr V ceil_to(long double x) {
  const V t = static_cast<V>(x);
  return static_cast<long double>(t) < x ? static_cast<V>(t + 1) : t;
}
template <class V>
constexpr V floor_to(long double x) {
  const V t = static_cast<V>(x);
  return static_cast<long double>(t) > x ? static_cast<V>(t - 1) : t;
}

// "" when v satisfies the constraints, else why not.
template <member_constraints C, class V>
std::string constraint_failure(const V& v) {
  if constexpr (family_of<V>() == family::nullable) {
    if (!v) return {};
    return constraint_failure<C>(*v);
  } else {
    // (The bounds as constants of their own: Clang 22 reads the long double members of a template
    // parameter object from the wrong place at run time, when its class has default member
    // initializers, as member_constraints has.)
    [[maybe_unused]] constexpr long double min = C.min, max = C.max;
    if constexpr (C.has_range) {
      static_assert(family_of<V>() == family::integer || family_of<V>() == family::floating,
                    "metajson::range applies to numbers (or optionals of numbers)");
      static_assert(C.min == C.min && C.max == C.max && C.min <= C.max, "metajson::range(min, max) needs min <= max (and no NaN)");
      bool in;
      if constexpr (family_of<V>() == family::floating) {
        // The bounds rounded to V, as the reader rounds the JSON: range(0, 0.1) takes a float 0.1.
        in = v >= static_cast<V>(min) && v <= static_cast<V>(max);  // NaN is outside
      } else {
        // Compared in V itself (exact for every width, 128-bit included).
        constexpr long double lowest = static_cast<long double>(std::numeric_limits<V>::lowest());
        constexpr long double highest = static_cast<long double>(std::numeric_limits<V>::max());
        constexpr bool any_low = C.min <= lowest, any_high = C.max >= highest;
        constexpr V lo = any_low ? std::numeric_limits<V>::lowest() : ceil_to<V>(C.min);
        constexpr V hi = any_high ? std::numeric_limits<V>::max() : floor_to<V>(C.max);
        in = (any_low || v >= lo) && (any_high || v <= hi);
      }
      if (!in) return "not in the range [" + constraint_number(min) + ", " + constraint_number(max) + "]";
    }
    if constexpr (C.has_length || C.non_empty) {
      static_assert(measurable<V>, "metajson::length and metajson::non_empty apply to strings and containers (or optionals of them)");
      const std::size_t n = constraint_length(v);
      static_assert(C.min_length <= C.max_length, "metajson::length(min, max) needs min <= max");
      constexpr const char* unit = text_value<V> ? " code points" : map_like<V> ? " members" : " elements";
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

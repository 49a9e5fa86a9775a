// Enumerators without C++26 reflection (C++23): an enum's names found by scanning a bounded range
// of its values, each value's name read from the compiler's spelling of it as a template argument
// (reflect/pretty.hpp), plus the enumerators metajson::meta<E>::enumerators lists wherever they
// are. The same functions as p2996/enums.hpp; a handle is the enumerator's value itself.
//
// The range is [-128, 127] (clipped to what the underlying type holds), or
// [meta<E>::min, meta<E>::max]: at most 4096 values, each costing an instantiation when the enum
// is first written or read (about 0.1 s for the default range). A value outside the range has no
// name on this backend: writing it is the error `unnamed_enum_value`, reading its name the error
// `unknown_enum_name`, as for any value without an enumerator; never a guess. Two enumerators with
// one value (an alias) give one name, the compiler's (the first declared). Enumerators come in
// the order of their values, not of their declaration (JSON Schema's "enum" lists them so).
#pragma once

#include "../../detail/requirements.hpp"
#include "../tables.hpp"
#include "members.hpp"
#if METAJSON_BACKEND_AGGREGATE

#include <array>
#include <climits>
#include <cstddef>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace metajson::detail::reflect {

template <class E>
concept has_meta_min = has_meta<E> && requires { metajson::meta<E>::min; };
template <class E>
concept has_meta_max = has_meta<E> && requires { metajson::meta<E>::max; };

inline constexpr long long default_enum_min = -128, default_enum_max = 127;
inline constexpr long long max_enum_span = 4096;

// The range of values scanned for E's names: meta<E>'s, else the default, clipped to the
// underlying type.
template <class E>
struct enum_range {
  using U = std::underlying_type_t<E>;
  static constexpr long long type_min = std::is_signed_v<U> ? static_cast<long long>(std::numeric_limits<U>::min()) : 0;
  static constexpr long long type_max = static_cast<unsigned long long>(std::numeric_limits<U>::max()) >
                                                static_cast<unsigned long long>(std::numeric_limits<long long>::max())
                                            ? std::numeric_limits<long long>::max()
                                            : static_cast<long long>(std::numeric_limits<U>::max());
  static constexpr long long asked_min = [] {
    if constexpr (has_meta_min<E>) return static_cast<long long>(metajson::meta<E>::min);
    else return default_enum_min;
  }();
  static constexpr long long asked_max = [] {
    if constexpr (has_meta_max<E>) return static_cast<long long>(metajson::meta<E>::max);
    else return default_enum_max;
  }();
  static constexpr long long min = asked_min < type_min ? type_min : asked_min;
  static constexpr long long max = asked_max > type_max ? type_max : asked_max;
  static_assert(asked_min <= asked_max, "metajson::meta<E>: min must not exceed max");
  static_assert(max < min || max - min < max_enum_span,
                "metajson::meta<E>: [min, max] spans more than 4096 values; list the enumerators outside a smaller range in "
                "metajson::meta<E>::enumerators instead");
};

// Whether static_cast<E>(V) is a constant expression (for an enum without a fixed underlying
// type, only values that fit its enumerators' bits are: Clang refuses the others).
template <class E, long long V, class = void>
inline constexpr bool castable = false;
template <class E, long long V>
inline constexpr bool castable<E, V, std::void_t<std::integral_constant<E, static_cast<E>(V)>>> = true;

template <class E, long long V>
consteval bool named_value() {
  if constexpr (!castable<E, V>) return false;
  else return !enumerator_identifier<static_cast<E>(V)>().empty();
}

// The values of E that name an enumerator: the range scanned, then the listed ones outside it,
// ascending.
template <class E>
constexpr std::vector<E> named_values() {
  using R = enum_range<E>;
  std::vector<E> v;
  if constexpr (R::min <= R::max) {
    constexpr auto found = []<std::size_t... I>(std::index_sequence<I...>) {
      return std::array<bool, sizeof...(I)>{named_value<E, R::min + static_cast<long long>(I)>()...};
    }(std::make_index_sequence<static_cast<std::size_t>(R::max - R::min + 1)>{});
    for (std::size_t i = 0; i < found.size(); ++i)
      if (found[i]) v.push_back(static_cast<E>(R::min + static_cast<long long>(i)));
  }
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (
        [&] {
          constexpr auto value = meta_enumerators_v<E>[I].value;
          constexpr E e = static_cast<E>(static_cast<std::underlying_type_t<E>>(value));
          bool seen = false;
          for (E x : v) seen = seen || x == e;
          if (!seen) {
            std::size_t at = v.size();
            while (at > 0 && static_cast<std::underlying_type_t<E>>(e) < static_cast<std::underlying_type_t<E>>(v[at - 1])) --at;
            v.insert(v.begin() + static_cast<std::ptrdiff_t>(at), e);
          }
        }(),
        ...);
  }(std::make_index_sequence<meta_enumerators_v<E>.size()>{});
  return v;
}

// E's enumerators (handles: their values), ascending.
template <class E>
inline constexpr auto enumerator_values = static_array([] { return named_values<E>(); });

constexpr std::string decimal(long long v) {  // (std::to_string is constexpr only from C++26)
  std::string digits;
  const bool negative = v < 0;
  unsigned long long u = negative ? 0 - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v);
  do digits.insert(digits.begin(), static_cast<char>('0' + u % 10)), u /= 10;
  while (u != 0);
  return negative ? "-" + digits : digits;
}

template <class E>
constexpr std::string enumerator_problem() {
  const std::string type = type_display_name<E>();
  for (const auto& o : meta_enumerators_v<E>) {
    bool ok = false;
    for (E e : enumerator_values<E>) ok = ok || static_cast<unsigned long long>(static_cast<std::underlying_type_t<E>>(e)) == o.value;
    if (!ok) return "metajson::meta<" + type + ">::enumerators names a value that is no enumerator";
  }
  if (enumerator_values<E>.empty())
    return "metajson found no enumerator of '" + type + "' in the values it looks at with this compiler (C++23: no reflection), [" +
           decimal(enum_range<E>::min) + ", " + decimal(enum_range<E>::max) +
           "]: set them with `static constexpr long long min = ..., max = ...;` in metajson::meta<" + type +
           ">, or list the enumerators in its `enumerators` (docs/annotations.md)";
  return {};
}
template <class E>
inline constexpr std::string_view enumerator_problem_v = static_text([] { return enumerator_problem<E>(); });

template <class E>
consteval std::span<const E> enumerators() {
  METAJSON_STATIC_ASSERT(enumerator_problem_v<E>.empty(), enumerator_problem_v<E>,
                         "metajson found no enumerator of this enum in [-128, 127], or its metajson::meta<E> is wrong: the notes "
                         "below name it; docs/annotations.md");
  return enumerator_values<E>;
}

// The value of enumerator e (its handle).
template <auto e>
inline constexpr auto enum_value = e;

// The JSON name (unescaped) of enumerator e of E: its name in meta<E>::enumerators, else its
// identifier in meta<E>'s case style.
template <class E>
constexpr std::string json_name(E e) {
  const auto v = static_cast<unsigned long long>(static_cast<std::underlying_type_t<E>>(e));
  for (const auto& o : meta_enumerators_v<E>)
    if (o.value == v && o.has_name) return std::string(o.name.view());
  std::string_view id;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((enumerator_values<E>[I] == e ? (void)(id = enumerator_identifier<enumerator_values<E>[I]>()) : (void)0), ...);
  }(std::make_index_sequence<enumerator_values<E>.size()>{});
  if (meta_type_v<E>.has_style) return apply_case(id, meta_type_v<E>.style);
  return std::string(id);
}

// The JSON names of E's enumerators (the reader's table): one string of them all, and views into it.
template <class E>
inline constexpr std::string_view enumerator_blob = static_text([] {
  std::string s;
  for (E e : enumerators<E>()) s += json_name<E>(e);
  return s;
});
template <class E>
consteval std::span<const static_name> enumerator_names() {
  return static_array([] {
    std::vector<static_name> v;
    std::size_t at = 0;
    for (E e : enumerators<E>()) {
      const std::size_t n = json_name<E>(e).size();
      v.push_back({enumerator_blob<E>.data() + at, n});
      at += n;
    }
    return v;
  });
}

}  // namespace metajson::detail::reflect

#endif  // METAJSON_BACKEND_AGGREGATE

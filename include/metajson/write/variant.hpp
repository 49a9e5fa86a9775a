// std::variant. Untagged by default: the active alternative is written as it is. With
// [[=metajson::tag("type")]] on the member, it is tagged (see write_tagged_variant below).
#pragma once

#include <cstring>
#include <variant>

#include "../reflect/keys.hpp"
#include "dispatch.hpp"
#include "scalar.hpp"

namespace metajson::detail {

template <class T>
inline constexpr bool has_integer_alternative = false;
template <class... A>
inline constexpr bool has_integer_alternative<std::variant<A...>> = ((family_of<A>() == family::integer) || ...);

template <>
struct writer<family::variant> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    if (METAJSON_UNLIKELY(v.valueless_by_exception())) {
      p = ensure(c, p, 4);
      std::memcpy(p, "null", 4);
      return p + 4;
    }
    return std::visit(
        [&](const auto& alt) {
          using A = std::remove_cvref_t<decltype(alt)>;
          // With an integer alternative beside it, a float is written "2.0" so the reader
          // picks the floating-point alternative back.
          if constexpr (family_of<A>() == family::floating && has_integer_alternative<T>) return write_float_marked<O>(c, p, alt);
          else return write_value<O>(c, p, alt);
        },
        v);
  }
};

// Tagged: a struct alternative is written as its object with the tag first,
// {"type":"Circle","r":1}; any other alternative as {"type":"int","value":1}.
template <options O, const char* TagKey, class T>
inline char* write_tagged_variant(write_context& c, char* p, const T& v);

}  // namespace metajson::detail

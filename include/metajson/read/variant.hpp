// std::variant. Untagged (the default): the alternative is chosen by the JSON value's kind —
// null, boolean, number (an integer alternative first when the number is an integer and fits),
// string, array, object — and among several candidates of the same kind, the first one that
// reads the value without error wins. Object candidates are tried strictly (an unknown key
// rejects the candidate), so {"side":2} picks Square over Circle.
// Tagged ([[=metajson::tag("type")]]): read_tagged_variant in object.hpp.
#pragma once

#include <variant>

#include "dispatch.hpp"
#include "number.hpp"

namespace metajson::detail {

// The kind of JSON value a type accepts.
enum class json_kind : unsigned char { null, boolean, integer, number, string, array, object, any };

template <class T>
constexpr bool accepts(json_kind k) {
  constexpr family f = family_of<T>();
  switch (f) {
    case family::null: return k == json_kind::null;
    case family::nullable: return true;  // null, or whatever its value accepts
    case family::boolean: return k == json_kind::boolean;
    case family::integer: return k == json_kind::integer;
    case family::floating: return k == json_kind::integer || k == json_kind::number;
    case family::duration: return k == json_kind::integer || k == json_kind::number;
    case family::string:
    case family::character:
    case family::enumeration: return k == json_kind::string;
    case family::time_point: return k == json_kind::string || k == json_kind::integer;
    case family::range:
    case family::tuple: return k == json_kind::array;
    case family::object:
    case family::map: return k == json_kind::object;
    default: return true;  // value, raw_json, adapters, variants: try them
  }
}

template <options O>
consteval options strict_options() {
  options s = O;
  s.unknown_keys = unknown_key_policy::error;
  return s;
}

template <>
struct reader<family::variant> {
  template <options O, class T>
  static const char* read(read_context& c, const char* p, T& v) {
    if (METAJSON_UNLIKELY(p >= c.end)) return c.fail(error_code::unexpected_end, p, "expected a value");
    json_kind k;
    switch (*p) {
      case 'n': k = json_kind::null; break;
      case 't':
      case 'f': k = json_kind::boolean; break;
      case '"': k = json_kind::string; break;
      case '[': k = json_kind::array; break;
      case '{': k = json_kind::object; break;
      default: {
        const number_span s = scan_number(c, p);
        if (!s.end) return nullptr;
        k = s.is_integer ? json_kind::integer : json_kind::number;
      }
    }
    const char* result = nullptr;
    bool done = false;
    template for (constexpr std::size_t i : std::define_static_array(std::views::iota(std::size_t{0}, std::variant_size_v<T>))) {
      using A = std::variant_alternative_t<i, T>;
      if (!done && accepts<A>(k)) {
        A alt{};
        constexpr options so = strict_options<O>();
        const std::uint32_t depth = c.depth;
        const char* r = read_value<so>(c, p, alt);
        c.depth = depth;
        if (r) {
          v.template emplace<i>(std::move(alt));
          result = r;
          done = true;
        } else {
          c.clear_error();
        }
      }
    }
    if (!done) return c.fail(error_code::no_matching_alternative, p, "found " + describe_found(c, p));
    return result;
  }
};

}  // namespace metajson::detail

// std::variant. Untagged (the default): the alternative is chosen by the JSON value's kind —
// null, boolean, number (an integer alternative first when the number is an integer and fits),
// string, array, object — and among several candidates of the same kind, the first one that
// reads the value without error wins. Object candidates are tried strictly (an unknown key
// rejects the candidate), so {"side":2} picks Square over Circle.
// Tagged ([[=metajson::tag("type")]]): read_tagged_variant in object.hpp.
#pragma once

#include <variant>

#include "../detail/ranges.hpp"
#include "dispatch.hpp"
#include "number.hpp"
#include "skip.hpp"

namespace metajson::detail {

// The kind of JSON value a type accepts.
enum class json_kind : unsigned char { null, boolean, integer, number, string, array, object, any };

template <class T>
constexpr bool accepts(json_kind k) {
  constexpr family f = family_of<T>();
  if constexpr (f == family::standard) return accepts<typename std_mapping<std::remove_cv_t<T>>::json_type>(k);
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
  s.errors = error_mode::first;  // an alternative that fails is no error of the document
  return s;
}

template <>
struct reader<family::variant> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    json_kind kind;
    switch (*k) {
      case 'n': kind = json_kind::null; break;
      case 't':
      case 'f': kind = json_kind::boolean; break;
      case '"': kind = json_kind::string; break;
      case '[': kind = json_kind::array; break;
      case '{': kind = json_kind::object; break;
      default: {
        if constexpr (O.allow_nonfinite) {
          if (nonfinite_kind(c, k)) {
            kind = json_kind::number;
            break;
          }
        }
        if (!number_kind(*k)) return expected_at(c, k, "a value");
        const number_span s = scan_number(c, at(c, k));
        if (!s.end) return nullptr;
        kind = s.is_integer ? json_kind::integer : json_kind::number;
      }
    }
    // Each candidate reads from the value's first entry, which the pin keeps in the buffer.
    const index_pin pin(c, k);
    const char* const where = at(c, k);
    const char* result = nullptr;
    bool done = false;
    METAJSON_EXIT_SLOT(const char*);
    METAJSON_FOR_EXITING(i, std::variant_size_v<T>) {
      using A = std::variant_alternative_t<i, T>;
      if (!done && accepts<A>(kind)) {
        A alt{};
        constexpr options so = strict_options<O>();
        const std::uint32_t depth = c.depth;
        const char* r = read_value<so>(c, pin.entry(), alt);
        c.depth = depth;
        if (r) {
          v.template emplace<i>(std::move(alt));
          result = r;
          done = true;
        } else if (c.recheck) {
          METAJSON_EXIT(nullptr);  // not JSON: no candidate can read it
        } else {
          c.clear_error();
        }
      }
    };
    METAJSON_EXITED();
    if (!done) return c.fail(error_code::no_matching_alternative, where, "found " + describe_found(c, where));
    return result;
  }
};

}  // namespace metajson::detail

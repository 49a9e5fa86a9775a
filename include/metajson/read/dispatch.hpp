// How a value is handed to the reader of its family: the mirror of write/dispatch.hpp. Each
// family header specializes `reader<family::X>` with
//
//   template <options O, class T> static const char* read(read_context&, const char* k, T&);
//
// k is the index entry where the value starts (read/cursor.hpp: `*k` its first byte, at(c, k)
// its place in the input); it returns the entry after the value, or nullptr after c.fail(...).
// Reading replaces the target's content (containers are cleared, not appended to) and reuses
// its storage where it can.
#pragma once

#include "../family/classify.hpp"
#include "../options.hpp"
#include "cursor.hpp"

namespace metajson::detail {

template <family F>
struct reader {
  template <options O, class T>
  static const char* read(read_context&, const char*, T&) {
    static_assert(F != family::unsupported,
                  "metajson cannot read this type: it is not a number, string, container, "
                  "optional, variant, enum or class. Specialize metajson::adapter<T> for it.");
    return nullptr;
  }
};

template <class T>
using reader_of = reader<family_of<T>()>;

template <options O, class T>
METAJSON_ALWAYS_INLINE const char* read_value(read_context& c, const char* k, T& v) {
  return reader_of<T>::template read<O, T>(c, k, v);
}

METAJSON_NOINLINE inline std::nullptr_t depth_exceeded(read_context& c, const char* p, std::uint32_t max_depth) {
  return c.fail(error_code::depth_exceeded, p, "more than " + std::to_string(max_depth) + " levels");
}

// Enters an array or object at p (the per-token checker): checks the depth limit.
template <options O>
METAJSON_ALWAYS_INLINE bool enter(read_context& c, const char* p) {
  if (METAJSON_UNLIKELY(++c.depth > O.max_depth)) return depth_exceeded(c, p, O.max_depth), false;
  return true;
}

// Enters the array or object at entry k: checks the depth limit.
template <options O>
METAJSON_ALWAYS_INLINE bool enter_at(read_context& c, const char* k) {
  if (METAJSON_UNLIKELY(++c.depth > O.max_depth)) return depth_exceeded(c, at(c, k), O.max_depth), false;
  return true;
}

}  // namespace metajson::detail

// How a value is handed to the reader of its family: the mirror of write/dispatch.hpp. Each
// family header specializes `reader<family::X>` with
//
//   template <options O, class T> static const char* read(read_context&, const char* p, T&);
//
// p is at the value's first byte (whitespace skipped; possibly at end). It returns the position
// just past the value, or nullptr after c.fail(...). Reading replaces the target's content
// (containers are cleared, not appended to) and reuses its storage where it can.
#pragma once

#include "../detail/classify.hpp"
#include "../options.hpp"
#include "input.hpp"

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
METAJSON_ALWAYS_INLINE const char* read_value(read_context& c, const char* p, T& v) {
  return reader_of<T>::template read<O, T>(c, p, v);
}

// Enters an array or object: checks the depth limit.
template <options O>
METAJSON_ALWAYS_INLINE bool enter(read_context& c, const char* p) {
  if (METAJSON_UNLIKELY(++c.depth > O.max_depth)) {
    c.fail(error_code::depth_exceeded, p, "more than " + std::to_string(O.max_depth) + " levels");
    return false;
  }
  return true;
}

}  // namespace metajson::detail

// std::optional, std::unique_ptr, std::shared_ptr: `null` when empty, else the value.
// (Inside a struct, options.empty = omit leaves empty ones out: see object.hpp.)
#pragma once

#include <cstring>

#include "../family/policy.hpp"
#include "dispatch.hpp"

namespace metajson::detail {

template <>
struct writer<family::nullable> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    if (!v) {
      if constexpr (nested_optional_v<T>)  // (inside an object the member is left out instead)
        return c.fail(error_code::invalid_value,
                      "an empty std::optional<std::optional<T>> is a missing key: it has no JSON outside an object");
      p = ensure(c, p, 4);
      std::memcpy(p, "null", 4);
      return p + 4;
    }
    return write_value<O>(c, p, *v);
  }
};

}  // namespace metajson::detail

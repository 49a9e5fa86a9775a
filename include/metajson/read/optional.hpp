// std::optional, std::unique_ptr, std::shared_ptr: null empties them, anything else is read
// into the (existing or new) value.
#pragma once

#include <memory>

#include "dispatch.hpp"

namespace metajson::detail {

template <>
struct reader<family::nullable> {
  template <options O, class T>
  static const char* read(read_context& c, const char* p, T& v) {
    if (p < c.end && *p == 'n') {
      p = read_literal(c, p, "null", "null");
      if (p) v.reset();
      return p;
    }
    if (!v) {
      if constexpr (is_optional_v<T>) {
        v.emplace();
      } else if constexpr (is_smart_ptr_v<T> && requires { typename T::deleter_type; }) {
        v = std::make_unique<typename T::element_type>();
      } else {
        v = std::make_shared<typename T::element_type>();
      }
    }
    return read_value<O>(c, p, *v);
  }
};

}  // namespace metajson::detail

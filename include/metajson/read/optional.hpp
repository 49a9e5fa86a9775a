// std::optional, std::unique_ptr, std::shared_ptr: null empties them, anything else is read
// into the (existing or new) value.
#pragma once

#include <memory>

#include "dispatch.hpp"
#include "number.hpp"

namespace metajson::detail {

template <>
struct reader<family::nullable> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    if (*k == 'n') {
      const char* r = literal_at(c, k, "null", "null");
      if (r) v.reset();
      return r;
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
    return read_value<O>(c, k, *v);
  }
};

}  // namespace metajson::detail

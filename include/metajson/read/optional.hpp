// std::optional, std::unique_ptr, std::shared_ptr: null empties them, anything else is read
// into the (existing or new) value. std::optional<std::optional<T>> tells a missing key from
// null: a missing key leaves the outer one as it is (empty by default), null sets the outer one
// and empties the inner one (the "PATCH" case: absent = unchanged, null = cleared).
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
      if (r) {
        if constexpr (nested_optional_v<T>) v.emplace();  // present, inner empty
        else v.reset();
      }
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

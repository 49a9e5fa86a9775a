// Enums: written as the name of their enumerator (a string). A value that names no enumerator
// is an error: it could not be read back.
#pragma once

#include <cstring>
#include <string>

#include "../reflect/enums.hpp"
#include "dispatch.hpp"

namespace metajson::detail {

template <>
struct writer<family::enumeration> {
  template <options O, class T> static constexpr std::size_t max_size = reflect::max_enumerator_chars<T, name_escapes_of<O>>() + 1;
  template <options O, class T> static std::size_t reserve(const T&) { return max_size<O, T>; }
  template <options O, class T>
  static char* write_reserved(write_context& c, char* p, const T& v) {
    METAJSON_EXIT_SLOT(char*);
    METAJSON_FOR_EACH_EXITING(e, reflect::enumerators<T>()) {
      if (v == reflect::enum_value<e>) {
        constexpr std::string_view text = reflect::quoted_enumerator<T, e, name_escapes_of<O>>();
        std::memcpy(p, text.data(), text.size());
        METAJSON_EXIT(p + text.size());
      }
    };
    METAJSON_EXITED();
    return c.fail(error_code::unnamed_enum_value,
                  "value " + std::to_string(static_cast<long long>(static_cast<std::underlying_type_t<T>>(v))));
  }
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) { return write_checked<writer, O>(c, p, v); }
};

}  // namespace metajson::detail

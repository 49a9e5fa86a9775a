// Types written as another type: those with a metajson::adapter, the standard types of
// family/standard.hpp, and metajson::raw_json (its text as it is).
#pragma once

#include <cstring>
#include <string>

#include "dispatch.hpp"

namespace metajson::detail {

template <>
struct writer<family::custom> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    if constexpr (adapter_of<T>::fallible) {
      auto r = metajson::adapter<T>::to_json(v);
      if (METAJSON_UNLIKELY(!r)) return c.fail(r.error().code(), adapter_refusal(r.error()));
      return write_value<O>(c, p, *r);
    } else {
      return write_value<O>(c, p, metajson::adapter<T>::to_json(v));
    }
  }
};

// The standard types of family/standard.hpp: written as their JSON type, or refused with a reason.
template <>
struct writer<family::standard> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    using M = std_mapping<std::remove_cv_t<T>>;
    typename M::json_type tmp{};
    if (const std::string_view why = M::write(v, tmp); METAJSON_UNLIKELY(!why.empty()))
      return c.fail(error_code::invalid_value, std::string(why));
    return write_value<O>(c, p, tmp);
  }
};

template <>
struct writer<family::raw> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    static_assert(!O.rfc8785, "metajson::canonical (options::rfc8785) cannot write a metajson::raw_json: its text is copied "
                              "as it is, not canonicalized. Read it into a metajson::value and write that instead.");
    if (METAJSON_UNLIKELY(v.text.empty())) return c.fail(error_code::invalid_raw_json);
    p = ensure(c, p, v.text.size());
    std::memcpy(p, v.text.data(), v.text.size());
    return p + v.text.size();
  }
};

}  // namespace metajson::detail

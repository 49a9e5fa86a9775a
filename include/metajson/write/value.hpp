// metajson::value, metajson::raw_json and adapter-mapped types.
#pragma once

#include <cstring>
#include <variant>

#include "dispatch.hpp"
#include "map.hpp"
#include "scalar.hpp"
#include "sequence.hpp"
#include "string.hpp"

namespace metajson::detail {

template <>
struct writer<family::custom> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    return write_value<O>(c, p, metajson::adapter<T>::to_json(v));
  }
};

// The standard types of detail/standard.hpp: written as their JSON type, or refused with a reason.
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

template <>
struct writer<family::dynamic> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    const auto& s = v.get();
    switch (s.index()) {
      case 0: return write_value<O>(c, p, nullptr);
      case 1: return write_value<O>(c, p, std::get<1>(s));
      case 2: return write_value<O>(c, p, std::get<2>(s));
      case 3: return write_value<O>(c, p, std::get<3>(s));
      case 4: return write_float_marked<O>(c, p, std::get<4>(s));  // "1.0", not "1"
      case 5: return write_value<O>(c, p, std::get<5>(s));
      case 6: return write_value<O>(c, p, std::get<6>(s));
      default: return write_pairs<O>(c, p, std::get<7>(s));  // order and duplicates kept
    }
  }
};

}  // namespace metajson::detail

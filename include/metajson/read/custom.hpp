// Types read as another type: those with a metajson::adapter (read as the adapter's JSON type,
// then handed to from_json), the standard types of family/standard.hpp, and metajson::raw_json
// (the exact text of a value).
#pragma once

#include <string>
#include <utility>

#include "skip.hpp"

namespace metajson::detail {

template <>
struct reader<family::custom> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    using U = typename adapter_of<T>::type;
    U tmp{};
    if constexpr (std::is_same_v<decltype(metajson::adapter<T>::from_json(v, std::move(tmp))), error>) {
      const char* const start = *k == index::kind_end || *k == index::kind_error ? nullptr : at(c, k);
      k = read_value<O>(c, k, tmp);
      if (!k) return nullptr;
      if (error e = metajson::adapter<T>::from_json(v, std::move(tmp)); METAJSON_UNLIKELY(e))
        return c.fail(e.code(), start, adapter_refusal(e));
      return k;
    } else {
      k = read_value<O>(c, k, tmp);
      if (k) metajson::adapter<T>::from_json(v, std::move(tmp));
      return k;
    }
  }
};

// The standard types of family/standard.hpp: read as their JSON type, then converted (or refused
// with a reason, at the value).
template <>
struct reader<family::standard> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    using M = std_mapping<std::remove_cv_t<T>>;
    static_assert(readable_std_mapping<std::remove_cv_t<T>>,
                  "metajson cannot read into this type: it refers to characters it does not own (a string view of "
                  "UTF-16 or UTF-32 code units). Read into the owning string type (std::u16string, std::u32string, "
                  "std::wstring) instead.");
    if constexpr (readable_std_mapping<std::remove_cv_t<T>>) {
      const char* const start = *k == index::kind_end || *k == index::kind_error ? nullptr : at(c, k);
      typename M::json_type tmp{};
      k = read_value<O>(c, k, tmp);
      if (!k) return nullptr;
      if (const std::string_view why = M::read(v, std::move(tmp)); METAJSON_UNLIKELY(!why.empty()))
        return c.fail(error_code::invalid_value, start, std::string(why));
      return k;
    } else {
      return nullptr;
    }
  }
};

template <>
struct reader<family::raw> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    const char* const start = *k == index::kind_end || *k == index::kind_error ? nullptr : at(c, k);
    k = skip_value<O>(c, k);
    if (k) v.text.assign(start, value_end(c, k));
    return k;
  }
};

}  // namespace metajson::detail

// Enums: from their enumerator names (compile-time perfect hash), the mirror of the writer.
#pragma once

#include <string>

#include "../family/policy.hpp"
#include "../reflect/lookup.hpp"
#include "string.hpp"

namespace metajson::detail {

// Reads the string at entry k and maps it to an enumerator of E.
template <options O, class E>
inline const char* read_enum(read_context& c, const char* k, E& v) {
  if (METAJSON_UNLIKELY(*k != '"')) return expected_at(c, k, "enumerator name (string)");
  if (METAJSON_UNLIKELY(!string_is_clean<O>(c, k))) return nullptr;
  const char* const p = at(c, k);
  std::string_view name;
  bool escaped = false;
  const char* q = read_plain_string<O, true>(c, p, name, escaped);
  if (!q) return nullptr;
  if (escaped) {
    q = read_string_into<O, true>(c, p, c.scratch);
    if (!q) return nullptr;
    name = c.scratch;
  }
  const int i = reflect::find_enumerator<E>(name);
  if (METAJSON_UNLIKELY(i < 0)) return c.fail(error_code::unknown_enum_name, p, "\"" + std::string(name).substr(0, 64) + "\"");
  v = enumerator_value<E>(i);
  return k + 1;
}

template <>
struct reader<family::enumeration> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) { return read_enum<O>(c, k, v); }
};

}  // namespace metajson::detail

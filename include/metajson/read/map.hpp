// JSON objects into maps. Keys are strings, or integers / enums / chars / bools written as
// strings (the mirror of the writer). The map is cleared first; a key seen twice keeps the last
// value, except in multimaps, which keep every entry.
#pragma once

#include <string>
#include <utility>

#include "enum.hpp"
#include "number.hpp"
#include "skip.hpp"

namespace metajson::detail {

// Converts the key text to K. Returns false after c.fail().
template <options O, class K>
inline bool convert_key(read_context& c, const char* at, std::string_view text, K& k) {
  if constexpr (std::is_same_v<K, std::string>) {
    k.assign(text);
  } else if constexpr (std::is_same_v<K, std::string_view>) {
    k = text;  // points into the input (escaped keys are refused before this)
  } else if constexpr (std::is_same_v<K, char>) {
    if (text.size() != 1) return c.fail(error_code::type_mismatch, at, "expected a one-character key"), false;
    k = text[0];
  } else if constexpr (std::is_same_v<K, bool>) {
    if (text == "true") k = true;
    else if (text == "false") k = false;
    else return c.fail(error_code::type_mismatch, at, "expected key \"true\" or \"false\""), false;
  } else if constexpr (std::is_enum_v<K>) {
    const int i = reflect::find_enumerator<K>(text);
    if (i < 0) return c.fail(error_code::unknown_enum_name, at, "\"" + std::string(text).substr(0, 64) + "\""), false;
    k = enumerator_value<K>(i);
  } else {  // integer keys: the whole key must be the integer
    read_context sub;
    sub.begin = text.data();
    sub.end = text.data() + text.size();
    const char* e = read_integer(sub, text.data(), k);
    if (e == nullptr || e != sub.end) {
      return c.fail(sub.code == error_code::number_out_of_range ? error_code::number_out_of_range : error_code::type_mismatch, at,
                    "expected an integer key, found \"" + std::string(text).substr(0, 64) + "\""),
             false;
    }
  }
  return true;
}

template <>
struct reader<family::map> {
  template <options O, class T>
  static const char* read(read_context& c, const char* p, T& m) {
    using K = std::remove_cvref_t<typename T::key_type>;
    using V = typename T::mapped_type;
    if (METAJSON_UNLIKELY(p >= c.end || *p != '{')) return expected(c, p, "object");
    if (!enter<O>(c, p)) return nullptr;
    m.clear();
    p = skip_ws(p + 1, c.end);
    if (p < c.end && *p == '}') {
      --c.depth;
      return p + 1;
    }
    std::string key_buf;
    for (;;) {
      if (METAJSON_UNLIKELY(p >= c.end || *p != '"')) return expected(c, p, "a string key");
      const char* key_at = p;
      std::string_view text;
      bool escaped = false;
      const char* q = read_plain_string<O>(c, p, text, escaped);
      if (!q) return nullptr;
      if (escaped) {
        if constexpr (std::is_same_v<K, std::string_view>) return c.fail(error_code::escaped_string_view, q);
        q = read_string_into<O>(c, p, key_buf);
        if (!q) return nullptr;
        text = key_buf;
      }
      K k{};
      if (!convert_key<O>(c, key_at, text, k)) return nullptr;
      q = skip_ws(q, c.end);
      if (METAJSON_UNLIKELY(q >= c.end || *q != ':')) return expected(c, q, "':'");
      q = skip_ws(q + 1, c.end);
      V val{};
      q = read_value<O>(c, q, val);
      if (METAJSON_UNLIKELY(!q)) return push_read_key(c, text);
      if constexpr (requires { m.insert_or_assign(std::move(k), std::move(val)); }) {
        m.insert_or_assign(std::move(k), std::move(val));
      } else {
        m.emplace(std::move(k), std::move(val));  // multimap: every entry is kept
      }
      p = skip_ws(q, c.end);
      if (METAJSON_LIKELY(p < c.end && *p == ',')) {
        p = skip_ws(p + 1, c.end);
        continue;
      }
      if (METAJSON_LIKELY(p < c.end && *p == '}')) {
        --c.depth;
        return p + 1;
      }
      return expected(c, p, "',' or '}'");
    }
  }
};

}  // namespace metajson::detail

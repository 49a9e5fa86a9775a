// JSON objects into maps. Keys are strings, or integers / enums / chars / bools written as
// strings (the mirror of the writer). The map is cleared first; a key seen twice keeps the last
// value, except in multimaps, which keep every entry.
#pragma once

#include <string>
#include <utility>

#include "enum.hpp"
#include "number.hpp"
#include "collect.hpp"
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
  static const char* read(read_context& c, const char* k, T& m) {
    using K = std::remove_cvref_t<typename T::key_type>;
    using V = typename T::mapped_type;
    if (METAJSON_UNLIKELY(*k != '{')) return expected_at(c, k, "object");
    if (!enter_at<O>(c, k)) return nullptr;
    m.clear();
    k = ensure(c, k + 1);
    if (METAJSON_UNLIKELY(!k)) return nullptr;
    if (*k == '}') {
      --c.depth;
      return ensure(c, k + 1);  // a container leaves the window full
    }
    static_assert(!(std::is_same_v<K, std::string_view> && reads_prepared_copy<O>),
                  "with options::allow_comments or allow_trailing_commas the reader reads a prepared copy of "
                  "the text, which std::string_view keys would point into: use std::string keys");
    std::string key_buf;
    for (;;) {
      if (METAJSON_UNLIKELY(*k != '"')) return expected_at(c, k, "a string key");
      if (METAJSON_UNLIKELY(k[1] != ':')) return expected_at(c, k + 1, "':'");
      const char* const key_at = at(c, k);
      std::string_view text;
      bool escaped = false;
      const char* q = nullptr;
      if constexpr (text_from_index<O>) {  // the key's end is known from its ':' entry
        text = string_text(c, k);
        if (METAJSON_UNLIKELY(!string_length_ok<O>(c, text.data(), text.data() + text.size()))) return nullptr;
        escaped = has_backslash(text, c.end);
        if (METAJSON_UNLIKELY(escaped)) q = text.data() + text.find('\\');
      } else {
        q = read_plain_string<O, true>(c, key_at, text, escaped);
        if (!q) return nullptr;
      }
      if (escaped) {
        if constexpr (std::is_same_v<K, std::string_view>) return c.fail(error_code::escaped_string_view, q);
        if constexpr (text_from_index<O>) decode_checked_string(text, key_buf);  // checked by stage 1 (':' follows)
        else if (!read_string_into<O, true>(c, key_at, key_buf)) return nullptr;
        text = key_buf;
      }
      K key{};
      if (!convert_key<O>(c, key_at, text, key)) return nullptr;
      V val{};
      bool keep = true;
      if constexpr (collects<O>) {  // a value with an error is not inserted
        auto& cc = static_cast<collect_context&>(c);
        const std::size_t before = cc.errors.size() + cc.more;
        q = collect_read<O>(c, k + 2, [&](read_context& c, const char* k) { return read_value<O>(c, k, val); }, [&] { return key_segment(text); });
        keep = cc.errors.size() + cc.more == before;
      } else {
        q = read_value<O>(c, k + 2, val);
      }
      if (METAJSON_UNLIKELY(!q)) return push_read_key(c, text);
      if (!keep) {
        k = q;
        goto separator;
      }
      if constexpr (requires { m.insert_or_assign(std::move(key), std::move(val)); }) {
        m.insert_or_assign(std::move(key), std::move(val));
      } else {
        m.emplace(std::move(key), std::move(val));  // multimap: every entry is kept
      }
      k = q;
    separator:
      if (METAJSON_LIKELY(*k == ',')) {
        k = ensure(c, k + 1);
        if (METAJSON_UNLIKELY(!k)) return nullptr;
        continue;
      }
      if (METAJSON_LIKELY(*k == '}')) {
        --c.depth;
        return ensure(c, k + 1);  // a container leaves the window full
      }
      return expected_at(c, k, "',' or '}'");
    }
  }
};

}  // namespace metajson::detail

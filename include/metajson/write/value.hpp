// metajson::value, metajson::raw_json and adapter-mapped types.
#pragma once

#include <algorithm>
#include <cstring>
#include <variant>

#include "../reflect/lookup.hpp"
#include "../text/utf16_order.hpp"
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

// The length of the JSON number (RFC 8259 section 6) at the start of s, 0 when there is none.
constexpr std::size_t json_number_length(std::string_view s) noexcept {
  std::size_t i = 0;
  const auto digit = [&](std::size_t at) { return at < s.size() && s[at] >= '0' && s[at] <= '9'; };
  if (i < s.size() && s[i] == '-') ++i;
  if (!digit(i)) return 0;
  if (s[i] == '0') ++i;
  else while (digit(i)) ++i;
  if (i < s.size() && s[i] == '.') {
    if (!digit(++i)) return 0;
    while (digit(i)) ++i;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digit(i)) return 0;
    while (digit(i)) ++i;
  }
  return i;
}

// A metajson::value::big_number: its text as it is, when it is one JSON number.
template <options O>
METAJSON_NOINLINE char* write_big_number(write_context& c, char* p, const std::string& text) {
  if constexpr (O.rfc8785) {
    return c.fail(error_code::not_canonical, "the number " + text.substr(0, 64) +
                                                 " is held by no double, and RFC 8785 numbers are doubles; write it as a string");
  } else {
    if (METAJSON_UNLIKELY(text.empty() || json_number_length(text) != text.size()))
      return c.fail(error_code::invalid_value, "a metajson::value::big_number holds \"" + text.substr(0, 64) + "\", which is not a JSON number");
    p = ensure(c, p, text.size());
    std::memcpy(p, text.data(), text.size());
    return p + text.size();
  }
}

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
      case 7: return write_pairs<O>(c, p, std::get<7>(s));  // order and duplicates kept
      default: return write_big_number<O>(c, p, std::get<8>(s).text);
    }
  }
};

// [[=metajson::extra_keys]] (declared in write/object.hpp). An entry whose key a member of T
// reads (its own key or an alias) would not read back into the extra keys: an error.
template <options O, class T, class X>
bool start_extra_keys(write_context& c, const X& extra, extra_cursor& cur) {
  const auto add = [&](std::string_view key, const value& v) {
    if (METAJSON_UNLIKELY(reflect::find_member<T>(key) >= 0)) {
      c.fail(error_code::invalid_value, "an [[=metajson::extra_keys]] entry has the key \"" + std::string(key).substr(0, 64) +
                                            "\", which is a member's: it would not read back as an extra key");
      return false;
    }
    cur.items.emplace_back(key, &v);
    return true;
  };
  if constexpr (std::is_same_v<X, value>) {
    if (extra.is_null()) return true;
    if (METAJSON_UNLIKELY(!extra.is_object()))
      return c.fail(error_code::invalid_value, "an [[=metajson::extra_keys]] metajson::value holds no object"), false;
    for (const auto& [key, v] : extra.as_object())
      if (!add(key, v)) return false;
  } else {
    for (const auto& [key, v] : extra)
      if (!add(key, v)) return false;
  }
  if constexpr (O.sort_keys)
    std::stable_sort(cur.items.begin(), cur.items.end(), [](const auto& a, const auto& b) { return utf16_less(a.first, b.first); });
  return true;
}

// Writes the entries from cur.next on whose keys sort before `before` (all of them when `all`),
// each as a member: separator, key, value.
template <options O>
char* write_extra_keys(write_context& c, char* p, extra_cursor& cur, std::string_view before, bool all, bool& first) {
  for (; cur.next < cur.items.size(); ++cur.next) {
    const auto& [key, v] = cur.items[cur.next];
    if (!all && !utf16_less(key, before)) break;
    if (!first) {
      p = ensure(c, p, 1);
      *p++ = ',';
    }
    first = false;
    if constexpr (O.pretty) p = newline_indent<O.indent>(c, p, c.depth);
    p = write_value<O>(c, p, key);
    if (METAJSON_UNLIKELY(p == nullptr)) return nullptr;
    p = ensure(c, p, 2);
    *p++ = ':';
    if constexpr (O.pretty) *p++ = ' ';
    p = write_value<O>(c, p, *v);
    if (METAJSON_UNLIKELY(p == nullptr)) return push_key(c, key);
  }
  return p;
}

}  // namespace metajson::detail

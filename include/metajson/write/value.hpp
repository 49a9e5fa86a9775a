// metajson::value, metajson::raw_json and adapter-mapped types.
#pragma once

#include <algorithm>
#include <cstring>
#include <variant>

#include "../detail/bytes.hpp"
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
METAJSON_NOINLINE char* write_big_number(write_context& c, char* p, std::string_view text) {
  if constexpr (O.rfc8785) {
    return c.fail(error_code::not_canonical, "the number " + std::string(text.substr(0, 64)) +
                                                 " is held by no double, and RFC 8785 numbers are doubles; write it as a string");
  } else {
    if (METAJSON_UNLIKELY(text.empty() || json_number_length(text) != text.size()))
      return c.fail(error_code::invalid_value, "a metajson::value::big_number holds \"" + std::string(text.substr(0, 64)) + "\", which is not a JSON number");
    p = ensure(c, p, text.size());
    std::memcpy(p, text.data(), text.size());
    return p + text.size();
  }
}

// A string of a metajson::value (or a member's key): copied between quotes when the reader
// found it plain (no escape, no control byte, checked UTF-8) and the options escape no more than
// JSON must; otherwise escaped and checked like any string. `extra` more bytes are reserved.
template <options O>
METAJSON_ALWAYS_INLINE char* write_dyn_text(write_context& c, char* p, const dyn::cell& cl, std::size_t extra) {
  const std::string_view s = dyn::text(cl);
  if (!O.escape_non_ascii && !O.escape_html && (cl.tag & dyn::flag_plain)) {
    p = ensure(c, p, s.size() + 2 + extra);
    *p = '"';
    if (METAJSON_LIKELY(s.size() <= 64)) copy_short(p + 1, s.data(), s.size());
    else std::memcpy(p + 1, s.data(), s.size());
    p[s.size() + 1] = '"';
    return p + s.size() + 2;
  }
  p = ensure(c, p, escaped_size_bound(s.size()) + 2 + extra);
  return write_quoted<O>(c, p, s);
}

template <options O>
char* write_dyn(write_context& c, char* p, const value& v);

// The most bytes scalar v (not an array or object) takes, written with O.
template <options O>
METAJSON_ALWAYS_INLINE std::size_t dyn_scalar_bound(const value& v) noexcept {
  switch (v.kind()) {
    case kind::null: return 4;
    case kind::boolean: return 5;
    case kind::int64:
    case kind::uint64: return max_integer_chars<std::uint64_t>;
    case kind::float64: return writer<family::floating>::bound<double> + 2;
    default: {  // string, big number
      const dyn::cell& cl = dyn::access::cell_of(v);
      const std::size_t n = dyn::text(cl).size();
      if (v.is_big_number() || (!O.escape_non_ascii && !O.escape_html && (cl.tag & dyn::flag_plain))) return n + 2;
      return escaped_size_bound(n) + 2;
    }
  }
}

// A string or key at p, which has its bound's room.
template <options O>
METAJSON_ALWAYS_INLINE char* write_dyn_text_reserved(write_context& c, char* p, const dyn::cell& cl) {
  const std::string_view s = dyn::text(cl);
  if (!O.escape_non_ascii && !O.escape_html && (cl.tag & dyn::flag_plain)) {
    *p = '"';
    if (METAJSON_LIKELY(s.size() <= 64)) copy_short(p + 1, s.data(), s.size());
    else std::memcpy(p + 1, s.data(), s.size());
    p[s.size() + 1] = '"';
    return p + s.size() + 2;
  }
  return write_quoted<O>(c, p, s);
}

// Scalar v at p, which has dyn_scalar_bound's room.
template <options O>
METAJSON_ALWAYS_INLINE char* write_dyn_scalar_reserved(write_context& c, char* p, const value& v) {
  const dyn::cell& cl = dyn::access::cell_of(v);
  switch (v.kind()) {
    case kind::null: std::memcpy(p, "null", 4); return p + 4;
    case kind::boolean: return writer<family::boolean>::write_reserved<O, bool>(c, p, cl.bits != 0);
    case kind::int64: return writer<family::integer>::write_reserved<O, std::int64_t>(c, p, static_cast<std::int64_t>(cl.bits));
    case kind::uint64: return writer<family::integer>::write_reserved<O, std::uint64_t>(c, p, cl.bits);
    case kind::float64: {  // as write_float_marked: "1.0", not "1"
      const double d = std::bit_cast<double>(cl.bits);
      if constexpr (O.rfc8785) {
        return writer<family::floating>::write_reserved<O, double>(c, p, d);
      } else if constexpr (O.numbers == number_format::shortest) {
        char* start = p;
        p = writer<family::floating>::write_reserved<O, double>(c, p, d);
        if (METAJSON_UNLIKELY(p == nullptr)) return nullptr;
        if (__builtin_isfinite(d)) p = writer<family::floating>::mark_as_float(start, p);
        return p;
      } else {
        constexpr options json = [] {
          options o = O;
          o.numbers = number_format::json;
          return o;
        }();
        return writer<family::floating>::write_reserved<json, double>(c, p, d);
      }
    }
    case kind::big_number: return write_big_number<O>(c, p, dyn::text(cl));  // (its check needs no more room)
    default: return write_dyn_text_reserved<O>(c, p, cl);
  }
}

// Writes a metajson::value, recursively (nesting is bounded by the reader's max_depth, or by
// whoever built the value). (Checking the room once for a run of scalars, with their bounds
// summed first, was tried: the extra pass cost more than the checks it saved, 236 -> 270 us on
// citm_catalog.json.)
template <options O>
char* write_dyn(write_context& c, char* p, const value& v) {
  switch (v.kind()) {
    case kind::array: {
      const value::array& a = dyn::access::array_of(v);
      const std::size_t n = a.size();
      const value* e = a.data();
      if constexpr (O.pretty) {
        return write_array<O>(c, p, n, [e](write_context& cc, char* q, std::size_t i) { return write_dyn<O>(cc, q, e[i]); });
      } else {
        p = ensure(c, p, 2);
        *p++ = '[';
        for (std::size_t i = 0; i < n; ++i) {
          if (i != 0) {
            p = ensure(c, p, 1);
            *p++ = ',';
          }
          p = write_dyn<O>(c, p, e[i]);
          if (METAJSON_UNLIKELY(p == nullptr)) return push_index(c, i);
        }
        p = ensure(c, p, 1);
        *p++ = ']';
        return p;
      }
    }
    case kind::object: {
      const value::object& o = dyn::access::object_of(v);
      const std::size_t n = o.size();
      const value::member* m = o.data();
      if constexpr (O.sort_keys) {
        return write_pairs<O>(c, p, o);  // order and duplicates kept
      } else {
        p = ensure(c, p, 2);
        *p++ = '{';
        if constexpr (O.pretty) {
          if (n != 0) ++c.depth;
        }
        for (std::size_t i = 0; i < n; ++i) {
          if (i != 0) {
            p = ensure(c, p, 1);
            *p++ = ',';
          }
          if constexpr (O.pretty) p = newline_indent<O.indent>(c, p, c.depth);
          p = write_dyn_text<O>(c, p, dyn::access::cell_of(m[i].first), 2);
          if (METAJSON_UNLIKELY(p == nullptr)) return push_key(c, m[i].first);
          *p++ = ':';
          if constexpr (O.pretty) *p++ = ' ';
          p = write_dyn<O>(c, p, m[i].second);
          if (METAJSON_UNLIKELY(p == nullptr)) return push_key(c, m[i].first);
        }
        if constexpr (O.pretty) {
          if (n != 0) {
            --c.depth;
            p = newline_indent<O.indent>(c, p, c.depth);
          }
        }
        p = ensure(c, p, 1);
        *p++ = '}';
        return p;
      }
    }
    default:
      p = ensure(c, p, dyn_scalar_bound<O>(v));
      return write_dyn_scalar_reserved<O>(c, p, v);
  }
}

template <>
struct writer<family::dynamic> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    return write_dyn<O>(c, p, v);
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

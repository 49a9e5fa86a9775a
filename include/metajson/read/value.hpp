// metajson::value (any JSON), metajson::raw_json (the exact text of a value) and types with a
// metajson::adapter (read as the adapter's JSON type, then handed to from_json).
#pragma once

#include <limits>
#include <string>
#include <utility>

#include "map.hpp"
#include "sequence.hpp"
#include "skip.hpp"

namespace metajson::detail {

template <>
struct reader<family::custom> {
  template <options O, class T>
  static const char* read(read_context& c, const char* p, T& v) {
    using U = std::remove_cvref_t<decltype(metajson::adapter<T>::to_json(std::declval<const T&>()))>;
    U tmp{};
    p = read_value<O>(c, p, tmp);
    if (p) metajson::adapter<T>::from_json(v, std::move(tmp));
    return p;
  }
};

template <>
struct reader<family::raw> {
  template <options O, class T>
  static const char* read(read_context& c, const char* p, T& v) {
    const char* start = p;
    p = skip_value<O>(c, p);
    if (p) v.text.assign(start, p);
    return p;
  }
};

template <>
struct reader<family::dynamic> {
  template <options O, class T>
  static const char* read(read_context& c, const char* p, T& v) {
    if (METAJSON_UNLIKELY(p >= c.end)) return c.fail(error_code::unexpected_end, p, "expected a value");
    auto& s = v.get();
    switch (*p) {
      case 'n': {
        p = read_literal(c, p, "null", "value");
        if (p) s = nullptr;
        return p;
      }
      case 't':
      case 'f': {
        bool b = false;
        p = reader<family::boolean>::read<O>(c, p, b);
        if (p) s = b;
        return p;
      }
      case '"': {
        if (!std::holds_alternative<std::string>(s)) s = std::string();
        return read_string_into<O>(c, p, std::get<std::string>(s));
      }
      case '[': {
        value::array arr;
        p = read_array<O>(c, p, [&](read_context& cc, const char* q, std::size_t) {
          arr.emplace_back();
          return read_value<O>(cc, q, arr.back());
        });
        if (p) s = std::move(arr);
        return p;
      }
      case '{': {
        value::object obj;
        if (!enter<O>(c, p)) return nullptr;
        p = skip_ws(p + 1, c.end);
        if (p < c.end && *p == '}') {
          --c.depth;
          s = std::move(obj);
          return p + 1;
        }
        for (;;) {
          if (METAJSON_UNLIKELY(p >= c.end || *p != '"')) return expected(c, p, "a string key");
          std::string key;
          p = read_string_into<O>(c, p, key);
          if (!p) return nullptr;
          p = skip_ws(p, c.end);
          if (METAJSON_UNLIKELY(p >= c.end || *p != ':')) return expected(c, p, "':'");
          p = skip_ws(p + 1, c.end);
          obj.emplace_back(std::move(key), value{});
          p = read_value<O>(c, p, obj.back().second);
          if (METAJSON_UNLIKELY(!p)) return push_read_key(c, obj.back().first);
          p = skip_ws(p, c.end);
          if (METAJSON_LIKELY(p < c.end && *p == ',')) {
            p = skip_ws(p + 1, c.end);
            continue;
          }
          if (METAJSON_LIKELY(p < c.end && *p == '}')) {
            --c.depth;
            s = std::move(obj);
            return p + 1;
          }
          return expected(c, p, "',' or '}'");
        }
      }
      default: {
        if (!(is_digit(*p) || *p == '-')) return expected(c, p, "a value");
        const number_span n = scan_number(c, p);
        if (!n.end) return nullptr;
        if (n.is_integer) {
          // int64 when it fits, else uint64 when it fits, else a double (like every DOM).
          std::int64_t i = 0;
          read_context sub;
          sub.begin = p;
          sub.end = n.end;
          if (read_integer(sub, p, i) == n.end) {
            s = i;
            return n.end;
          }
          std::uint64_t u = 0;
          sub.clear_error();
          if (*p != '-' && read_integer(sub, p, u) == n.end) {
            s = u;
            return n.end;
          }
        }
        double d = 0;
        p = read_float(c, p, d);
        if (p) s = d;
        return p;
      }
    }
  }
};

}  // namespace metajson::detail

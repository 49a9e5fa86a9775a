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
  static const char* read(read_context& c, const char* k, T& v) {
    using U = std::remove_cvref_t<decltype(metajson::adapter<T>::to_json(std::declval<const T&>()))>;
    U tmp{};
    k = read_value<O>(c, k, tmp);
    if (k) metajson::adapter<T>::from_json(v, std::move(tmp));
    return k;
  }
};

// The standard types of detail/standard.hpp: read as their JSON type, then converted (or refused
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

// Whether a number's digits (before any exponent) are all zero.
inline bool zero_digits(std::string_view number) noexcept {
  for (char ch : number) {
    if (ch == 'e' || ch == 'E') break;
    if (ch >= '1' && ch <= '9') return false;
  }
  return true;
}

// A number into metajson::value: int64 when it fits, else uint64 when it fits, else a double
// when one holds it (as every DOM does), else its text (value::big_number): an integer beyond
// 64 bits, or a number that a double would read as infinity (1e400) or as zero (1e-400).
template <options O>
inline const char* read_dynamic_number(read_context& c, const char* k, value::storage& s) {
  const char* const p = at(c, k);
  const number_span n = scan_number(c, p);
  if (!n.end) return nullptr;
  if (n.is_integer) {
    std::int64_t i = 0;
    read_context sub;
    sub.begin = p;
    sub.end = n.end;
    if (read_integer(sub, p, i) == n.end) {
      s = i;
      return scalar_end(c, k, n.end);
    }
    std::uint64_t u = 0;
    sub.clear_error();
    if (*p != '-' && read_integer(sub, p, u) == n.end) {
      s = u;
      return scalar_end(c, k, n.end);
    }
  } else {
    double d = 0;
    const char* q = read_float(c, p, d);
    if (q == n.end && (d != 0 || zero_digits(std::string_view(p, static_cast<std::size_t>(n.end - p))))) {
      s = d;
      return scalar_end(c, k, q);
    }
    if (!q) {  // the grammar was checked: only the range can fail, and then the text is kept
      if (c.code != error_code::number_out_of_range) return nullptr;
      c.clear_error();
    }
  }
  s = value::big_number{std::string(p, n.end)};
  return scalar_end(c, k, n.end);
}

template <>
struct reader<family::dynamic> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    auto& s = v.get();
    switch (*k) {
      case 'n': {
        const char* r = literal_at(c, k, "null", "value");
        if (r) s = nullptr;
        return r;
      }
      case 't':
      case 'f': {
        bool b = false;
        const char* r = reader<family::boolean>::read<O>(c, k, b);
        if (r) s = b;
        return r;
      }
      case '"': {
        if (METAJSON_UNLIKELY(!string_is_clean<O>(c, k))) return nullptr;
        if (!std::holds_alternative<std::string>(s)) s = std::string();
        if (!read_indexed_string<O>(c, k, std::get<std::string>(s))) return nullptr;
        return k + 1;
      }
      case '[': {
        value::array arr;
        k = read_array<O>(c, k, [&](read_context& cc, const char* q, std::size_t) {
          arr.emplace_back();
          return read_value<O>(cc, q, arr.back());
        });
        if (k) s = std::move(arr);
        return k;
      }
      case '{': {
        value::object obj;
        if (!enter_at<O>(c, k)) return nullptr;
        k = ensure(c, k + 1);
        if (!k) return nullptr;
        if (*k == '}') {
          --c.depth;
          s = std::move(obj);
          return ensure(c, k + 1);  // a container leaves the window full
        }
        for (;;) {
          if (METAJSON_UNLIKELY(*k != '"')) return expected_at(c, k, "a string key");
          if (METAJSON_UNLIKELY(k[1] != ':')) return expected_at(c, k + 1, "':'");
          std::string key;
          if (!read_indexed_string<O>(c, k, key)) return nullptr;
          obj.emplace_back(std::move(key), value{});
          k = read_value<O>(c, k + 2, obj.back().second);
          if (METAJSON_UNLIKELY(!k)) return push_read_key(c, obj.back().first);
          if (METAJSON_LIKELY(*k == ',')) {
            k = ensure(c, k + 1);
            if (!k) return nullptr;
            continue;
          }
          if (METAJSON_LIKELY(*k == '}')) {
            --c.depth;
            s = std::move(obj);
            return ensure(c, k + 1);  // a container leaves the window full
          }
          return expected_at(c, k, "',' or '}'");
        }
      }
      default: {
        if constexpr (O.allow_nonfinite) {
          if (METAJSON_UNLIKELY(nonfinite_kind(c, k))) {
            const nonfinite_read r = read_nonfinite_at(c, k, "a value");
            if (r.next) s = r.value;
            return r.next;
          }
        }
        if (!number_kind(*k)) return expected_at(c, k, "a value");
        return read_dynamic_number<O>(c, k, s);
      }
    }
  }
};

// [[=metajson::extra_keys]] (declared in read/object.hpp).
template <class X>
void clear_extra_keys(X& extra) {
  if constexpr (std::is_same_v<X, value>) extra = value(value::object{});
  else extra.clear();
}
template <options O, class X>
const char* read_extra_key(read_context& c, const char* k, std::string_view key, const char* key_at, X& extra) {
  if constexpr (std::is_same_v<X, value>) {  // every key in order, repeats kept (as metajson::value does)
    if (!extra.is_object()) extra = value(value::object{});
    auto& members = extra.as_object();
    members.emplace_back(std::string(key), value{});
    const char* r = read_value<O>(c, k, members.back().second);
    if (METAJSON_UNLIKELY(!r)) return push_read_key(c, members.back().first);
    return r;
  } else {  // a map: a repeated key is a duplicate (or the last wins), as for members
    std::string name(key);  // (key may live in c.scratch, which reading the value reuses)
    auto it = extra.find(name);
    if (it != extra.end()) {
      if constexpr (O.duplicate_keys == duplicate_key_policy::error) return c.fail(error_code::duplicate_key, key_at, "\"" + name.substr(0, 64) + "\"");
      it->second = value{};
    } else {
      it = extra.emplace(std::move(name), value{}).first;
    }
    const char* r = read_value<O>(c, k, it->second);
    if (METAJSON_UNLIKELY(!r)) return push_read_key(c, it->first);
    return r;
  }
}

}  // namespace metajson::detail

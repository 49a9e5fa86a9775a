// Maps (std::map, unordered_map, multimap, and any range of pairs with key_type/mapped_type):
// JSON objects. String keys are escaped like strings; integer and enum keys are written as
// JSON strings ("42", "red"), since JSON keys are always strings. In iteration order, or in
// the order of the keys' text with options::sort_keys.
#pragma once

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "../detail/ranges.hpp"
#include "../number/itoa.hpp"
#include "../text/utf16_order.hpp"
#include "enum.hpp"
#include "string.hpp"

namespace metajson::detail {

template <class K>
concept map_key = string_like<K> || integer_type<K> || std::is_enum_v<K> || std::is_same_v<K, char> || std::is_same_v<K, bool>;

// Writes a map key, quoted, followed by ':' (and a space when pretty).
template <options O, class K>
inline char* write_map_key(write_context& c, char* p, const K& k) {
  constexpr std::size_t colon = O.pretty ? 2 : 1;
  if constexpr (string_like<K>) {
    const std::string_view s = string_bytes(k);
    p = ensure(c, p, escaped_size_bound(s.size()) + 2 + colon);
    p = write_quoted<O>(c, p, s);
  } else if constexpr (std::is_same_v<K, char>) {
    p = ensure(c, p, escape_slack + 8 + colon);
    p = write_quoted<O>(c, p, std::string_view(&k, 1));
  } else if constexpr (std::is_same_v<K, bool>) {
    p = ensure(c, p, 7 + colon);
    std::memcpy(p, k ? "\"true\"" : "\"false\"", k ? 6 : 7);
    p += k ? 6 : 7;
  } else if constexpr (std::is_enum_v<K>) {
    p = writer<family::enumeration>::write<O, K>(c, p, k);  // already quoted
    if (p) p = ensure(c, p, colon);
  } else {
    p = ensure(c, p, max_integer_chars<K> + 2 + colon);
    *p++ = '"';
    p = write_integer(p, k);
    *p++ = '"';
  }
  if (METAJSON_UNLIKELY(p == nullptr)) return nullptr;
  *p++ = ':';
  if constexpr (O.pretty) *p++ = ' ';
  return p;
}

// The path segment of a map entry whose value failed.
template <class K>
inline std::nullptr_t push_map_key(write_context& c, const K& k) {
  if constexpr (string_like<K>) return push_key(c, string_bytes(k));
  else if constexpr (std::is_same_v<K, char>) return push_key(c, std::string_view(&k, 1));
  else if constexpr (std::is_same_v<K, bool>) return push_key(c, k ? "true" : "false");
  else if constexpr (std::is_enum_v<K>) return push_key(c, std::to_string(static_cast<long long>(k)));
  else {
    char buf[48];
    return push_key(c, std::string_view(buf, static_cast<std::size_t>(write_integer(buf, k) - buf)));
  }
}

// The pair an element of a range is: itself, or (sorted entries) the pair it points to.
struct pair_itself {
  template <class P>
  const P& operator()(const P& pair) const noexcept {
    return pair;
  }
};

// The entries of a non-empty range of (key, value) pairs, in its order, as a JSON object.
template <options O, class R, class Pair = pair_itself>
METAJSON_ALWAYS_INLINE char* write_pair_entries(write_context& c, char* p, const R& elements, Pair pair_of = {}) {
  p = ensure(c, p, 1);
  *p++ = '{';
  if constexpr (O.pretty) ++c.depth;
  bool first = true;
  for (const auto& element : elements) {
    const auto& [k, v] = pair_of(element);
    if (!first) {
      p = ensure(c, p, 1);
      *p++ = ',';
    }
    first = false;
    if constexpr (O.pretty) p = newline_indent<O.indent>(c, p, c.depth);
    p = write_map_key<O>(c, p, k);
    if (METAJSON_LIKELY(p != nullptr)) p = write_value<O>(c, p, v);
    if (METAJSON_UNLIKELY(p == nullptr)) return push_map_key(c, k);
  }
  if constexpr (O.pretty) {
    --c.depth;
    p = newline_indent<O.indent>(c, p, c.depth);
  }
  p = ensure(c, p, 1);
  *p++ = '}';
  return p;
}

// options.sort_keys: the entries ordered by their keys' text compared as UTF-16 code units
// (stable: equal keys of a multimap or a metajson::value keep their order). A std::map with
// string keys is usually in that order already (byte order), which one pass checks first.
template <options O, class R>
inline char* write_pairs_sorted(write_context& c, char* p, const R& pairs) {
  using P = rng::range_value_t<R>;
  using K = std::remove_cvref_t<decltype(std::declval<const P&>().first)>;
  using text = std::conditional_t<string_like<K>, std::string_view, std::string>;
  struct entry {
    text key;
    const P* pair;
  };
  std::vector<entry> entries;
  if constexpr (rng::sized_range<R>) entries.reserve(std::ranges::size(pairs));
  std::string buf;
  for (const auto& e : pairs) entries.push_back({text(sort_key_text(e.first, buf)), &e});
  auto less = [](const entry& a, const entry& b) { return utf16_less(a.key, b.key); };
  if (!std::ranges::is_sorted(entries, less)) std::ranges::stable_sort(entries, less);
  if constexpr (O.rfc8785) {  // canonical JSON has no duplicate keys; sorted, they are neighbours
    for (std::size_t i = 1; i < entries.size(); ++i)
      if (METAJSON_UNLIKELY(entries[i].key == entries[i - 1].key))
        return c.fail(error_code::not_canonical, "key \"" + std::string(entries[i].key).substr(0, 64) + "\" twice in one object");
  }
  return write_pair_entries<O>(c, p, entries, [](const entry& e) -> const P& { return *e.pair; });
}

// Writes a range of (key, value) pairs as a JSON object: maps, and metajson::value's objects;
// in the order of their keys with options.sort_keys.
template <options O, class R>
inline char* write_pairs(write_context& c, char* p, const R& pairs) {
  if (std::ranges::empty(pairs)) {
    p = ensure(c, p, 2);
    std::memcpy(p, "{}", 2);
    return p + 2;
  }
  if constexpr (O.sort_keys) {
    if (std::ranges::next(std::ranges::begin(pairs)) != std::ranges::end(pairs)) return write_pairs_sorted<O>(c, p, pairs);
  }
  return write_pair_entries<O>(c, p, pairs);
}

template <>
struct writer<family::map> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& m) {
    static_assert(map_key<std::remove_cvref_t<typename T::key_type>>,
                  "metajson: map keys must be strings, integers, enums, char or bool (JSON keys are strings)");
    return write_pairs<O>(c, p, m);
  }
};

}  // namespace metajson::detail

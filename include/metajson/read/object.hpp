// JSON objects into reflected classes. Keys are matched at compile-time cost: the key expected
// next in declaration order is tried first (one compare, the usual case for JSON written by a
// serializer), then a perfect-hash table of all keys (reflect/lookup.hpp). Escaped keys are
// unescaped first, so "\u0061ge" fills `age`. Unknown, missing and duplicate keys follow the
// options and the class's annotations.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <meta>
#include <ranges>
#include <string>

#include "../reflect/keys.hpp"
#include "../reflect/lookup.hpp"
#include "../reflect/members.hpp"
#include "skip.hpp"
#include "string.hpp"
#include "variant.hpp"

namespace metajson::detail {

template <std::meta::info M>
using read_member_type = std::remove_cvref_t<typename [:std::meta::type_of(M):]>;

template <options O, class T>
consteval bool denies_unknown() {
  return O.unknown_keys == unknown_key_policy::error || reflect::has_annotation<deny_unknown_keys_annotation>(^^T);
}

template <options O, class T, std::meta::info M>
consteval bool member_required() {
  return O.missing_keys == missing_key_policy::error || reflect::is_required<T>(M);
}

template <options O, class T>
consteval bool any_required() {
  bool any = false;
  template for (constexpr std::meta::info m : reflect::members_of<T>()) any = any || member_required<O, T, m>();
  return any;
}

// Reads a key string at p into `key` (a view into the input, or into c.scratch when it has
// escapes). Returns the position after the closing quote.
template <options O>
METAJSON_ALWAYS_INLINE const char* read_key(read_context& c, const char* p, std::string_view& key) {
  bool escaped = false;
  const char* q = read_plain_string<O>(c, p, key, escaped);
  if (METAJSON_UNLIKELY(q != nullptr && escaped)) {
    q = read_string_into<O>(c, p, c.scratch);
    key = c.scratch;
  }
  return q;
}

template <options O, const char* TagKey, class T>
inline const char* read_tagged_variant(read_context& c, const char* p, T& v);

// Reads member M's value (tagged when it carries metajson::tag).
template <options O, std::meta::info M, class V>
METAJSON_ALWAYS_INLINE const char* read_member_value(read_context& c, const char* p, V& v) {
  if constexpr (reflect::has_tag(M)) {
    constexpr const char* tag = reflect::tag_key_of(M);
    if constexpr (is_variant_v<V>) {
      return read_tagged_variant<O, tag>(c, p, v);
    } else {  // optional / pointer to a variant
      if (p < c.end && *p == 'n') {
        p = read_literal(c, p, "null", "null");
        if (p) v.reset();
        return p;
      }
      if (!v) {
        if constexpr (is_optional_v<V>) v.emplace();
        else v.reset(new typename V::element_type());
      }
      return read_tagged_variant<O, tag>(c, p, *v);
    }
  } else {
    return read_value<O>(c, p, v);
  }
}

// Reads the object at p into v. IgnoreKey (a tag key) is skipped without being unknown.
template <options O, class T, bool HasIgnoreKey = false, const char* IgnoreKey = nullptr>
inline const char* read_object(read_context& c, const char* p, T& v) {
  constexpr auto names = reflect::member_lookup<T>::names;
  constexpr std::size_t n = names.size();
  if (METAJSON_UNLIKELY(p >= c.end || *p != '{')) return expected(c, p, "object");
  if (!enter<O>(c, p)) return nullptr;
  const char* const open = p;
  std::array<std::uint64_t, (n + 63) / 64 + 1> seen{};
  std::size_t next = 0;  // the member expected next in declaration order
  p = skip_ws(p + 1, c.end);
  if (p < c.end && *p == '}') {
    ++p;
  } else {
    for (;;) {
      if (METAJSON_UNLIKELY(p >= c.end || *p != '"')) return expected(c, p, "a string key");
      const char* const key_at = p;
      std::string_view key;
      p = read_key<O>(c, p, key);
      if (METAJSON_UNLIKELY(!p)) return nullptr;
      // Members usually come in declaration order: one compare with the expected next name
      // (METAJSON_ABLATION_NO_KEY_PREDICTION goes to the lookup every time).
      int idx = -1;
#if !defined(METAJSON_ABLATION_NO_KEY_PREDICTION)
      if (next < n && key.size() == names[next].size && equal_bytes(key.data(), names[next].data, key.size())) {
        idx = static_cast<int>(next);
      } else
#endif
      {
        idx = reflect::find_member<T>(key);
      }
      p = skip_ws(p, c.end);
      if (METAJSON_UNLIKELY(p >= c.end || *p != ':')) return expected(c, p, "':'");
      p = skip_ws(p + 1, c.end);
      if (idx >= 0) {
        const auto u = static_cast<std::size_t>(idx);
        if (seen[u / 64] & (std::uint64_t{1} << (u % 64))) {
          if constexpr (O.duplicate_keys == duplicate_key_policy::error) {
            return c.fail(error_code::duplicate_key, key_at, "\"" + std::string(names[u].view()) + "\"");
          }
        }
        seen[u / 64] |= std::uint64_t{1} << (u % 64);
        next = u + 1;
        // Compares with constant indices, which the compiler turns into a jump table.
        const char* r = nullptr;
        template for (constexpr std::size_t k : std::define_static_array(std::views::iota(std::size_t{0}, n))) {
          if (u == k) r = read_member_value<O, reflect::members_of<T>()[k]>(c, p, v.[:reflect::members_of<T>()[k]:]);
        }
        if (METAJSON_UNLIKELY(!r)) return push_read_key(c, names[u].view());
        p = r;
      } else {
        bool ignorable = false;  // the tag key of a tagged variant's object
        if constexpr (HasIgnoreKey) ignorable = key == std::string_view(IgnoreKey);
        if constexpr (denies_unknown<O, T>()) {
          if (!ignorable) return c.fail(error_code::unknown_key, key_at, "\"" + std::string(key).substr(0, 64) + "\"");
        }
        (void)ignorable;
        p = skip_value<O>(c, p);
        if (METAJSON_UNLIKELY(!p)) return nullptr;
      }
      p = skip_ws(p, c.end);
      if (METAJSON_LIKELY(p < c.end && *p == ',')) {
        p = skip_ws(p + 1, c.end);
        continue;
      }
      if (METAJSON_LIKELY(p < c.end && *p == '}')) {
        ++p;
        break;
      }
      return expected(c, p, "',' or '}'");
    }
  }
  --c.depth;
  if constexpr (any_required<O, T>()) {
    std::size_t i = 0;
    template for (constexpr std::meta::info m : reflect::members_of<T>()) {
      if constexpr (member_required<O, T, m>()) {
        if (!(seen[i / 64] & (std::uint64_t{1} << (i % 64))))
          return c.fail(error_code::missing_key, open, "\"" + std::string(names[i].view()) + "\"");
      }
      ++i;
    }
  }
  return p;
}

template <>
struct reader<family::object> {
  template <options O, class T>
  static const char* read(read_context& c, const char* p, T& v) { return read_object<O, T>(c, p, v); }
};

// A tagged non-struct alternative: {"type":"int","value":7}; reads "value" into alt.
template <options O, const char* TagKey, class A>
inline const char* read_boxed_alternative(read_context& c, const char* p, A& alt) {
  const char* const open = p;
  if (!enter<O>(c, p)) return nullptr;
  p = skip_ws(p + 1, c.end);
  bool have_value = false;
  while (p < c.end && *p == '"') {
    const char* key_at = p;
    std::string_view key;
    p = read_key<O>(c, p, key);
    if (!p) return nullptr;
    const bool is_value = key == "value";
    const bool is_tag = key == std::string_view(TagKey);
    if (!is_value && !is_tag && O.unknown_keys == unknown_key_policy::error)
      return c.fail(error_code::unknown_key, key_at, "\"" + std::string(key).substr(0, 64) + "\"");
    p = skip_ws(p, c.end);
    if (p >= c.end || *p != ':') return expected(c, p, "':'");
    p = skip_ws(p + 1, c.end);
    if (is_value) {
      if (have_value && O.duplicate_keys == duplicate_key_policy::error) return c.fail(error_code::duplicate_key, key_at, "\"value\"");
      have_value = true;
      p = read_value<O>(c, p, alt);
      if (!p) return push_read_key(c, "value");
    } else {
      p = skip_value<O>(c, p);
      if (!p) return nullptr;
    }
    p = skip_ws(p, c.end);
    if (p < c.end && *p == ',') {
      p = skip_ws(p + 1, c.end);
      if (p >= c.end || *p != '"') return expected(c, p, "a string key");
      continue;
    }
    break;
  }
  if (p >= c.end || *p != '}') return expected(c, p, "',' or '}'");
  --c.depth;
  if (!have_value) return c.fail(error_code::missing_key, open, "\"value\"");
  return p + 1;
}

// Tagged variant: {"type":"Circle","r":1} or {"type":"int","value":7}, the tag anywhere in the
// object. A first pass finds the tag (validating the object); the second reads the chosen
// alternative.
template <options O, const char* TagKey, class T>
inline const char* read_tagged_variant(read_context& c, const char* p, T& v) {
  if (METAJSON_UNLIKELY(p >= c.end || *p != '{')) return expected(c, p, "object");
  // Pass 1: find the tag's value.
  const char* q = skip_ws(p + 1, c.end);
  std::string tag_value;
  bool found = false;
  if (!enter<O>(c, p)) return nullptr;
  --c.depth;
  while (q < c.end && *q == '"') {
    std::string_view key;
    q = read_key<O>(c, q, key);
    if (!q) return nullptr;
    const bool is_tag = key == std::string_view(TagKey);
    q = skip_ws(q, c.end);
    if (q >= c.end || *q != ':') return expected(c, q, "':'");
    q = skip_ws(q + 1, c.end);
    if (is_tag) {
      if (q >= c.end || *q != '"') return expected(c, q, "tag string");
      q = read_string_into<O>(c, q, tag_value);
      found = true;
      break;
    }
    q = skip_value<O>(c, q);
    if (!q) return nullptr;
    q = skip_ws(q, c.end);
    if (q < c.end && *q == ',') q = skip_ws(q + 1, c.end);
    else break;
  }
  if (!q) return nullptr;
  if (!found) return c.fail(error_code::missing_key, p, "tag \"" + std::string(TagKey) + "\"");
  // Pass 2: read the alternative the tag names.
  const char* result = nullptr;
  bool matched = false;
  template for (constexpr std::size_t i : std::define_static_array(std::views::iota(std::size_t{0}, std::variant_size_v<T>))) {
    using A = std::variant_alternative_t<i, T>;
    constexpr std::string_view quoted = reflect::quoted_type_tag<A>();
    if (!matched && tag_value == quoted.substr(1, quoted.size() - 2)) {
      matched = true;
      A alt{};
      if constexpr (family_of<A>() == family::object) {
        result = read_object<O, A, true, TagKey>(c, p, alt);
      } else {
        result = read_boxed_alternative<O, TagKey>(c, p, alt);
      }
      if (result) v.template emplace<i>(std::move(alt));
    }
  }
  if (!matched) return c.fail(error_code::no_matching_alternative, p, "unknown tag \"" + tag_value.substr(0, 64) + "\"");
  return result;
}

}  // namespace metajson::detail

// JSON objects into reflected classes. Keys are matched at compile-time cost: while they come
// in declaration order (the usual case for JSON written by a serializer), each is compared with
// the next member's name as constants (read_object); from the first other key on, each is looked
// up in a perfect-hash table of all keys (reflect/lookup.hpp; read_object_keys). Escaped keys
// are unescaped first, so "\u0061ge" fills `age`. Unknown, missing and duplicate keys follow
// the options and the class's annotations.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "../detail/ablation.hpp"
#include "../detail/endian.hpp"
#include "../detail/ranges.hpp"
#include "../family/policy.hpp"
#include "../reflect/keys.hpp"
#include "../reflect/lookup.hpp"
#include "../reflect/members.hpp"
#include "collect.hpp"
#include "constraints.hpp"
#include "skip.hpp"
#include "string.hpp"
#include "variant.hpp"

namespace metajson::detail {

// Whether a key's raw text may be matched against the names before its escapes are decoded:
// not when a name holds a backslash (the raw "a\\n" of a key "a<newline>" would match it).
template <class T>
consteval bool raw_keys_match() {
  for (const auto& n : reflect::member_lookup<T>::names)
    for (char ch : n.view())
      if (ch == '\\') return false;
  if constexpr (reflect::has_aliases<T>()) {  // the alias keys are looked up too
    for (const auto& n : reflect::alias_lookup<T>::keys.names)
      for (char ch : n.view())
        if (ch == '\\') return false;
  }
  return true;
}

// The key at entry k with its escapes decoded (into c.scratch), or its raw text when it has none.
template <options O>
METAJSON_NOINLINE inline bool decoded_key(read_context& c, const char* k, std::string_view raw, std::string_view& key) {
  if (!has_backslash(raw)) {
    key = raw;
    return true;
  }
  if (!read_indexed_string<O>(c, k, c.scratch)) return false;
  key = c.scratch;
  return true;
}

template <options O, const char* TagKey, class T>
inline const char* read_tagged_variant(read_context& c, const char* k, T& v);

// A member with constraints (range, length, non_empty): read, then checked at its value.
template <options O, auto M, class V>
METAJSON_NOINLINE const char* read_constrained_member(read_context& c, const char* k, V& v);

// Reads member M's value (tagged when it carries metajson::tag; checked when it has constraints).
template <options O, auto M, class V, bool Check = reflect::constraints_v<member_constraints, M>.any()>
METAJSON_ALWAYS_INLINE const char* read_member_value(read_context& c, const char* k, V& v) {
  if constexpr (Check) {
    return read_constrained_member<O, M>(c, k, v);
  } else if constexpr (reflect::has_tag_v<M>) {
    constexpr const char* tag = reflect::tag_key_v<M>;
    if constexpr (is_variant_v<V>) {
      return read_tagged_variant<O, tag>(c, k, v);
    } else {  // optional / pointer to a variant
      if (*k == 'n') {
        const char* r = literal_at(c, k, "null", "null");
        if (r) v.reset();
        return r;
      }
      if (!v) {
        if constexpr (is_optional_v<V>) v.emplace();
        else v.reset(new typename V::element_type());
      }
      return read_tagged_variant<O, tag>(c, k, *v);
    }
  } else {
    return read_value<O>(c, k, v);
  }
}

template <options O, auto M, class V>
METAJSON_NOINLINE const char* read_constrained_member(read_context& c, const char* k, V& v) {
  constexpr member_constraints C = reflect::constraints_v<member_constraints, M>;
  const char* const start = *k == index::kind_end || *k == index::kind_error ? nullptr : at(c, k);
  k = read_member_value<O, M, V, false>(c, k, v);
  if (!k) return nullptr;
  if (std::string why = constraint_failure<C>(v); METAJSON_UNLIKELY(!why.empty()))
    return c.fail(error_code::constraint_violated, start, std::move(why));
  return k;
}

// A struct's [[=metajson::extra_keys]] member (std::map<std::string, metajson::value> or
// metajson::value; dynamic/read.hpp): emptied when its object is read, then given each key that
// names no member, with its value read at k.
template <class X>
void clear_extra_keys(X& extra);
template <options O, class X>
const char* read_extra_key(read_context& c, const char* k, std::string_view key, const char* key_at, X& extra);

// Whether the in-order path of read_object may compare raw keys with T's names: every name is
// plain (no quote, backslash or control byte, so that the name and a quote after it can only be
// the whole key) and within the options' string length.
template <options O, class T>
consteval bool in_order_keys() {
  if constexpr (ablation::no_key_prediction) {
    return false;
  } else {
    if (!raw_keys_match<T>()) return false;
    for (const auto& name : reflect::member_lookup<T>::names) {
      if (name.view().size() > O.max_string_length) return false;
      for (char ch : name.view())
        if (ch == '"' || ch == '\\' || static_cast<unsigned char>(ch) < 0x20) return false;
    }
    return true;
  }
}

// A member's name and closing quote as the in-order path compares them, as 64-bit words with
// the first byte lowest: `head`, the first 8 bytes (masked by `mask` when there are fewer),
// and `tail`, the last 8 (names of 8 to 15 bytes). One table per class, built at compile time.
struct key_words {
  std::uint64_t head = 0;
  std::uint64_t tail = 0;
  std::uint64_t mask = 0;
  std::size_t len = 0;  // the name's length and the quote
};
template <class T>
inline constexpr auto in_order_words = [] {
  constexpr auto names = reflect::member_lookup<T>::names;
  std::array<key_words, names.size()> words{};
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string_view name = names[i].view();
    key_words& w = words[i];
    w.len = name.size() + 1;
    const auto byte = [&](std::size_t j) -> std::uint64_t { return static_cast<unsigned char>(j < name.size() ? name[j] : '"'); };
    for (std::size_t j = 0; j < 8 && j < w.len; ++j) w.head |= byte(j) << (8 * j);
    if (w.len >= 8)
      for (std::size_t j = 0; j < 8; ++j) w.tail |= byte(w.len - 8 + j) << (8 * j);
    w.mask = w.len >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * w.len)) - 1;
  }
  return words;
}();

// Whether the key whose text starts at p (after its opening quote) is the name of `w` (its
// text: `name`), on the raw bytes: the name and the closing quote, compared with constants (one
// masked 8-byte load for names of up to 7 bytes, two for up to 15, memcmp beyond). The caller
// knows the key is followed by ':'. Fewer than 8 bytes (len, for longer names) left in the
// input: false, and the lookup path takes the key. (Inlined when optimizing, where the
// constants fold it to one of its three forms; a call at -O0, where nothing folds.)
#if defined(__OPTIMIZE__)
METAJSON_ALWAYS_INLINE
#else
inline
#endif
bool key_is(const read_context& c, const char* p, const key_words& w, const char* name) noexcept {
  const std::ptrdiff_t room = c.end - p;
  if (w.len <= 8) return room >= 8 && (load_le<std::uint64_t>(p) & w.mask) == w.head;
  if (w.len <= 16)
    return room >= static_cast<std::ptrdiff_t>(w.len) &&
           ((load_le<std::uint64_t>(p) ^ w.head) | (load_le<std::uint64_t>(p + w.len - 8) ^ w.tail)) == 0;
  return room >= static_cast<std::ptrdiff_t>(w.len) && std::memcmp(p, name, w.len - 1) == 0 && p[w.len - 1] == '"';
}

// The end of an object whose members up to `next` (exclusive) may have been read, given by
// `seen`: the required members' check. nullptr after the error.
template <options O, class T, std::size_t W>
METAJSON_ALWAYS_INLINE const char* object_end(read_context& c, const char* k, const std::array<std::uint64_t, W>& seen, const char* open) {
  --c.depth;
  if constexpr (any_required<O, T>()) {
    constexpr auto names = reflect::member_lookup<T>::names;
    std::size_t i = 0;
    METAJSON_EXIT_SLOT(const char*);
    METAJSON_FOR_EACH_EXITING(m, reflect::members_of<T>()) {
      if constexpr (member_required<O, T, m>()) {
        if (!(seen[i / 64] & (std::uint64_t{1} << (i % 64))))
          METAJSON_EXIT(c.fail(error_code::missing_key, open, "\"" + std::string(names[i].view()) + "\""));
      }
      ++i;
    };
    METAJSON_EXITED();
  } else {
    (void)seen;
    (void)open;
  }
  return k;
}

template <std::size_t W>
constexpr std::array<std::uint64_t, W> first_members(std::size_t count) noexcept {
  std::array<std::uint64_t, W> seen{};
  for (std::size_t i = 0; i < count / 64; ++i) seen[i] = ~std::uint64_t{0};
  if (count % 64 != 0) seen[count / 64] = (std::uint64_t{1} << (count % 64)) - 1;
  return seen;
}

// The object's keys from entry k on, any order, each looked up (the path of read_object for
// whatever the in-order path does not take): members 0 .. next - 1 are read already; with
// `separator`, k is what follows the last of them (',', '}' or an error). Out of line, so that
// the in-order path's code does not change how this loop is compiled (inlined together, the
// loop's own code got slower: twitter's objects, which have unknown keys, +2 % instructions).
template <options O, class T, bool HasIgnoreKey, const char* IgnoreKey>
METAJSON_NOINLINE const char* read_object_keys(read_context& c, const char* k, T& v, std::size_t next, bool separator, const char* open) {
  constexpr auto names = reflect::member_lookup<T>::names;
  constexpr std::size_t n = names.size();
  std::array<std::uint64_t, (n + 63) / 64 + 1> seen = first_members<(n + 63) / 64 + 1>(next);
  [[maybe_unused]] bool tag_seen = false;  // IgnoreKey met (a tagged variant's tag: once only)
  if (separator) goto separator;
  for (;;) {
    {  // a key and its value (a block: the jump above passes no declaration)
      if (METAJSON_UNLIKELY(*k != '"')) return expected_at(c, k, "a string key");
      if (METAJSON_UNLIKELY(k[1] != ':')) return expected_at(c, k + 1, "':'");
      const std::string_view raw = string_text(c, k);
      if (METAJSON_UNLIKELY(raw.size() > O.max_string_length && !string_fits<O>(c, k))) return nullptr;
      std::string_view key = raw;
      // (Comparing the key with the name after the last member read first, as this loop did
      // before read_object's in-order path, cost more than it saved here: the keys that reach
      // this loop are mostly not that name.)
      int idx = -1;
      if constexpr (raw_keys_match<T>()) {
        idx = reflect::find_member<T>(raw);
        if (METAJSON_UNLIKELY(idx < 0) && has_backslash(raw)) {  // "\u0061ge" fills `age`
          if (!decoded_key<O>(c, k, raw, key)) return nullptr;
          idx = reflect::find_member<T>(key);
        }
      } else {
        if (!decoded_key<O>(c, k, raw, key)) return nullptr;
        idx = reflect::find_member<T>(key);
      }
      const char* const key_at = k;
      k += 2;
      if (idx >= 0) {
        const auto u = static_cast<std::size_t>(idx);
        if (seen[u / 64] & (std::uint64_t{1} << (u % 64))) {
          if constexpr (O.duplicate_keys == duplicate_key_policy::error) {
            c.fail(error_code::duplicate_key, at(c, key_at), "\"" + std::string(names[u].view()) + "\"");
            if constexpr (!collects<O>) return nullptr;
            k = record_and_skip<O>(c, k);  // collect mode: the first one stays, reading goes on
            if (METAJSON_UNLIKELY(!k)) return nullptr;
            goto separator;
          }
        }
        seen[u / 64] |= std::uint64_t{1} << (u % 64);
        // Compares with constant indices, which the compiler turns into a jump table.
        const char* r = nullptr;
        METAJSON_FOR(i, n) {
          if (u == i) {
            if constexpr (collects<O>)
              r = collect_read<O>(
                  c, k, [&](read_context& c, const char* k) { return read_member_value<O, reflect::members_of<T>()[i]>(c, k, reflect::field<T, reflect::members_of<T>()[i]>(v)); },
                  [&] { return key_segment(names[u].view()); });
            else
              r = read_member_value<O, reflect::members_of<T>()[i]>(c, k, reflect::field<T, reflect::members_of<T>()[i]>(v));
          }
        };
        if (METAJSON_UNLIKELY(!r)) return push_read_key(c, names[u].view());
        k = r;
      } else {
        bool ignorable = false;  // the tag key of a tagged variant's object
        if constexpr (HasIgnoreKey) {
          ignorable = key == std::string_view(IgnoreKey);
          if constexpr (O.duplicate_keys == duplicate_key_policy::error) {
            if (ignorable) {
              if (METAJSON_UNLIKELY(tag_seen)) {  // (read_tagged_variant's first pass took the first)
                c.fail(error_code::duplicate_key, at(c, key_at), "\"" + std::string(IgnoreKey) + "\"");
                if constexpr (!collects<O>) return nullptr;
                k = record_and_skip<O>(c, k);
                if (METAJSON_UNLIKELY(!k)) return nullptr;
                goto separator;
              }
              tag_seen = true;
            }
          }
        }
        if constexpr (reflect::has_extra_keys<T>()) {  // kept, not unknown
          if (!ignorable) k = read_extra_key<O>(c, k, key, at(c, key_at), reflect::field<T, reflect::extra_keys_member<T>()>(v));
          else k = skip_value<O>(c, k);
        } else {
          bool skipped = false;
          if constexpr (denies_unknown<O, T>()) {
            if (!ignorable) {
              c.fail(error_code::unknown_key, at(c, key_at), "\"" + std::string(key).substr(0, 64) + "\"");
              if constexpr (!collects<O>) return nullptr;
              k = record_and_skip<O>(c, k);  // collect mode: reading goes on
              skipped = true;
            }
          }
          (void)ignorable;
          if (!skipped) k = skip_value<O>(c, k);
        }
        if (METAJSON_UNLIKELY(!k)) return nullptr;
      }
    }
  separator:
    if (METAJSON_LIKELY(*k == ',')) {
      k = ensure(c, k + 1);
      if (METAJSON_UNLIKELY(!k)) return nullptr;
      continue;
    }
    if (METAJSON_LIKELY(*k == '}')) {
      k = ensure(c, k + 1);
      break;
    }
    return expected_at(c, k, "',' or '}'");
  }
  if (METAJSON_UNLIKELY(!k)) return nullptr;
  return object_end<O, T>(c, k, seen, open);
}

// Reads the object at entry k into v. IgnoreKey (a tag key) is skipped without being unknown.
//
// Members in declaration order, the usual case for JSON that a serializer wrote, are read here:
// each key compared with the next member's name as constants (key_is), then that member read,
// with no lookup and no duplicate check (each member comes once, in order). The first key that
// is not the next name (an unknown one, a member out of order, an escaped key, a tag) hands the
// object to read_object_keys, which looks keys up; so does whatever follows a member but ',' or
// '}'.
template <options O, class T, bool HasIgnoreKey = false, const char* IgnoreKey = nullptr>
inline const char* read_object(read_context& c, const char* k, T& v) {
  constexpr auto names = reflect::member_lookup<T>::names;
  constexpr std::size_t n = names.size();
  constexpr std::size_t words = (n + 63) / 64 + 1;
  if (METAJSON_UNLIKELY(*k != '{')) return expected_at(c, k, "object");
  if (!enter_at<O>(c, k)) return nullptr;
  const char* open = nullptr;  // where the object starts, for a missing key's error
  if constexpr (any_required<O, T>()) open = at(c, k);
  if constexpr (reflect::has_extra_keys<T>()) clear_extra_keys(reflect::field<T, reflect::extra_keys_member<T>()>(v));
  k = ensure(c, k + 1);
  if (METAJSON_UNLIKELY(!k)) return nullptr;
  if (*k == '}') {
    k = ensure(c, k + 1);
    if (METAJSON_UNLIKELY(!k)) return nullptr;
    return object_end<O, T>(c, k, std::array<std::uint64_t, words>{}, open);
  }
  std::size_t next = 0;       // the members read so far: 0 .. next - 1
  bool separator = false;     // k is what follows member next - 1, and not ','
  if constexpr (in_order_keys<O, T>()) {
    METAJSON_EXIT_SLOT(const char*);
    METAJSON_FOR_EXITING(i, n) {
      if (next == i && !separator) {  // (one exit below for all members: less code per member)
        if (METAJSON_LIKELY(*k == '"' && k[1] == ':') && key_is(c, at(c, k) + 1, in_order_words<T>[i], names[i].data)) {
          const char* r;
          if constexpr (collects<O>)
            r = collect_read<O>(
                c, k + 2, [&](read_context& c, const char* k) { return read_member_value<O, reflect::members_of<T>()[i]>(c, k, reflect::field<T, reflect::members_of<T>()[i]>(v)); },
                [&] { return key_segment(names[i].view()); });
          else
            r = read_member_value<O, reflect::members_of<T>()[i]>(c, k + 2, reflect::field<T, reflect::members_of<T>()[i]>(v));
          if (METAJSON_UNLIKELY(!r)) METAJSON_EXIT(push_read_key(c, names[i].view()));
          k = r;
          next = i + 1;
          if (METAJSON_LIKELY(*k == ',')) {
            k = ensure(c, k + 1);
            if (METAJSON_UNLIKELY(!k)) METAJSON_EXIT(nullptr);
          } else {
            separator = true;
          }
        }
      }
    };
    METAJSON_EXITED();
    if (METAJSON_LIKELY(separator && *k == '}')) {
      k = ensure(c, k + 1);
      if (METAJSON_UNLIKELY(!k)) return nullptr;
      return object_end<O, T>(c, k, first_members<words>(next), open);
    }
  }
  return read_object_keys<O, T, HasIgnoreKey, IgnoreKey>(c, k, v, next, separator, open);
}

template <>
struct reader<family::object> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) { return read_object<O, T>(c, k, v); }
};

// The key at entry k decoded (escapes, into c.scratch), for the few readers that compare keys
// by value rather than through a struct's table.
template <options O>
inline bool key_value(read_context& c, const char* k, std::string_view& key) {
  if (!string_fits<O>(c, k)) return false;
  return decoded_key<O>(c, k, string_text(c, k), key);
}

// A tagged non-struct alternative: {"type":"int","value":7}; reads "value" into alt.
template <options O, const char* TagKey, class A>
inline const char* read_boxed_alternative(read_context& c, const char* k, A& alt) {
  const char* const open = at(c, k);
  if (!enter_at<O>(c, k)) return nullptr;
  k = ensure(c, k + 1);
  if (!k) return nullptr;
  bool have_value = false;
  bool have_tag = false;
  while (*k == '"') {
    if (k[1] != ':') return expected_at(c, k + 1, "':'");
    std::string_view key;
    if (!key_value<O>(c, k, key)) return nullptr;
    const bool is_value = key == "value";
    const bool is_tag = key == std::string_view(TagKey);
    if (!is_value && !is_tag && O.unknown_keys == unknown_key_policy::error)
      return c.fail(error_code::unknown_key, at(c, k), "\"" + std::string(key).substr(0, 64) + "\"");
    const char* const key_at = k;
    k += 2;
    if (is_tag && O.duplicate_keys == duplicate_key_policy::error) {  // (the first pass took the first)
      if (have_tag) return c.fail(error_code::duplicate_key, at(c, key_at), "\"" + std::string(TagKey) + "\"");
      have_tag = true;
    }
    if (is_value) {
      if (have_value && O.duplicate_keys == duplicate_key_policy::error) return c.fail(error_code::duplicate_key, at(c, key_at), "\"value\"");
      have_value = true;
      k = read_value<O>(c, k, alt);
      if (!k) return push_read_key(c, "value");
    } else {
      k = skip_value<O>(c, k);
      if (!k) return nullptr;
    }
    if (*k == ',') {
      k = ensure(c, k + 1);
      if (!k) return nullptr;
      if (*k != '"') return expected_at(c, k, "a string key");
      continue;
    }
    break;
  }
  if (*k != '}') return expected_at(c, k, "',' or '}'");
  --c.depth;
  if (!have_value) return c.fail(error_code::missing_key, open, "\"value\"");
  return ensure(c, k + 1);  // a container leaves the window full
}

// Tagged variant: {"type":"Circle","r":1} or {"type":"int","value":7}, the tag anywhere in the
// object. A first pass finds the tag (checking what it passes); the second reads the chosen
// alternative from the object's first entry, which a pin keeps in the buffer meanwhile.
template <options O, const char* TagKey, class T>
inline const char* read_tagged_variant(read_context& c, const char* k, T& v) {
  if (METAJSON_UNLIKELY(*k != '{')) return expected_at(c, k, "object");
  const char* const open = at(c, k);
  const index_pin pin(c, k);
  // Pass 1: find the tag's value.
  std::string tag_value;
  bool found = false;
  // The object is entered while its members are passed over (their values nest one level
  // deeper than it, as validate() counts them) and left before pass 2 enters it again.
  if (!enter_at<O>(c, k)) return nullptr;
  const char* q = ensure(c, k + 1);
  if (!q) return nullptr;
  while (*q == '"') {
    if (q[1] != ':') return expected_at(c, q + 1, "':'");
    std::string_view key;
    if (!key_value<O>(c, q, key)) return nullptr;
    const bool is_tag = key == std::string_view(TagKey);
    q += 2;
    if (is_tag) {
      if (*q != '"') return expected_at(c, q, "tag string");
      if (METAJSON_UNLIKELY(!string_is_clean<O>(c, q))) return nullptr;
      if (!read_string_into<O, true>(c, at(c, q), tag_value)) return nullptr;
      found = true;
      // A tag given twice: an error (pass 2 reports it where the second stands), or, with
      // duplicate_keys = last_wins, the last one names the alternative (so this pass goes on).
      if constexpr (O.duplicate_keys == duplicate_key_policy::error) break;
    }
    q = skip_value<O>(c, q);
    if (!q) return nullptr;
    if (*q == ',') {
      q = ensure(c, q + 1);
      if (!q) return nullptr;
    } else {
      break;
    }
  }
  --c.depth;
  if (!found) return c.fail(error_code::missing_key, open, "tag \"" + std::string(TagKey) + "\"");
  // Pass 2: read the alternative the tag names.
  const char* result = nullptr;
  bool matched = false;
  METAJSON_FOR(i, std::variant_size_v<T>) {
    using A = std::variant_alternative_t<i, T>;
    constexpr std::string_view name = reflect::type_tag<A>();
    if (!matched && tag_value == name) {
      matched = true;
      A alt{};
      if constexpr (family_of<A>() == family::object) {
        result = read_object<O, A, true, TagKey>(c, pin.entry(), alt);
      } else {
        result = read_boxed_alternative<O, TagKey>(c, pin.entry(), alt);
      }
      if (result) v.template emplace<i>(std::move(alt));
    }
  };
  if (!matched) return c.fail(error_code::no_matching_alternative, open, "unknown tag \"" + tag_value.substr(0, 64) + "\"");
  return result;
}

}  // namespace metajson::detail

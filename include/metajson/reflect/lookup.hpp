// Read-side name lookup, prepared at compile time: a perfect hash of a fixed set of names
// (the JSON keys of a struct, or the names of an enum's enumerators) into a small table.
// Looking a key up costs one hash (of four bytes and the length, or of every byte when that
// is not collision-free for these names), one table load and one compare; no linear scan over
// the names, whatever their number.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <meta>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../detail/bytes.hpp"
#include "../detail/macros.hpp"
#include "enums.hpp"
#include "members.hpp"

namespace metajson::detail::reflect {

// FNV-1a over the bytes, seeded, then folded. The same function runs at compile time (to
// build the table) and at run time (to probe it).
constexpr std::uint32_t name_hash(std::string_view s, std::uint32_t seed) noexcept {
  std::uint32_t h = 2166136261u ^ seed;
  for (char ch : s) h = (h ^ static_cast<unsigned char>(ch)) * 16777619u;
  h ^= static_cast<std::uint32_t>(s.size()) * 0x9E3779B1u;
  return h ^ (h >> 15);
}

// A name stored at compile time (std::string_view is not a structural type, so it cannot be
// put in a static array directly).
struct static_name {
  const char* data;
  std::size_t size;
  constexpr std::string_view view() const noexcept { return {data, size}; }
};

// The cheap hash: length, first, middle and last byte, mixed by one multiplication. It is
// collision-free for most sets of names; when it is not for some set, the table falls back to
// name_hash over every byte.
METAJSON_ALWAYS_INLINE constexpr std::uint32_t cheap_hash(std::string_view s, std::uint32_t seed) noexcept {
  const std::size_t n = s.size();
  const std::uint32_t a = n ? static_cast<unsigned char>(s[0]) : 0;
  const std::uint32_t m = n ? static_cast<unsigned char>(s[n / 2]) : 0;
  const std::uint32_t b = n ? static_cast<unsigned char>(s[n - 1]) : 0;
  std::uint32_t h = (static_cast<std::uint32_t>(n) << 24) ^ (a << 16) ^ (m << 8) ^ b;
  h *= 0x9E3779B1u ^ (seed * 0x85EBCA6Bu);
  return h ^ (h >> 15);
}

template <std::size_t N>
struct name_table {
  bool cheap = true;  // which hash the table was built with
  std::uint32_t seed = 0;
  std::uint32_t mask = 0;
  std::array<std::int16_t, (N < 2 ? 4 : std::bit_ceil(2 * N))> slots{};  // name index or -1
};

// Not constexpr on purpose: reached only when two names are equal, it stops compilation and
// its name says why.
void error_two_keys_of_a_struct_or_names_of_an_enum_are_identical();

// Finds a seed for which the N names land in distinct slots.
template <std::size_t N>
consteval name_table<N> build_name_table(std::span<const static_name> names) {
  name_table<N> t;
  t.mask = static_cast<std::uint32_t>(t.slots.size() - 1);
  for (int pass = 0; pass < 2; ++pass) {
    t.cheap = pass == 0;
    for (std::uint32_t seed = 0; seed < (t.cheap ? 2000u : 100000u); ++seed) {
      for (auto& s : t.slots) s = -1;
      bool ok = true;
      for (std::size_t i = 0; i < N && ok; ++i) {
        const auto h = t.cheap ? cheap_hash(names[i].view(), seed) : name_hash(names[i].view(), seed);
        const auto slot = h & t.mask;
        if (t.slots[slot] != -1) ok = false;
        else t.slots[slot] = static_cast<std::int16_t>(i);
      }
      if (ok) {
        t.seed = seed;
        return t;
      }
    }
  }
  error_two_keys_of_a_struct_or_names_of_an_enum_are_identical();
  return t;
}

// The JSON keys of T's serialized members, unescaped, in member order.
template <class T>
consteval std::span<const static_name> member_names() {
  std::vector<static_name> v;
  for (auto m : members_of<T>()) {
    const std::string n = json_name<T>(m);
    v.push_back({std::define_static_string(n), n.size()});
  }
  return std::define_static_array(v);
}

// Two members of T that would write the same key (a flattened member's and another, or two
// `name`s): the message, or "".
template <class T>
consteval std::string_view duplicate_key_problem(std::span<const static_name> names) {
  const auto ms = members_of<T>();
  for (std::size_t i = 0; i < ms.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (names[i].view() == names[j].view())
        return std::define_static_string("two members of '" + std::string(std::meta::display_string_of(^^T)) + "' would write the key \"" +
                                         std::string(names[i].view()) + "\": " + member_origin(^^T, ms[j]) + " and " +
                                         member_origin(^^T, ms[i]) + "; give one another key with [[=metajson::name(...)]]");
  return {};
}

// T's member keys, checked once per type (by the readers' key table and the writers' keys):
// two equal keys do not compile.
template <class T>
struct member_keys {
  static constexpr std::span<const static_name> names = member_names<T>();
  static constexpr std::string_view problem = duplicate_key_problem<T>(names);
  static_assert(problem.empty(), problem);
  static constexpr bool ok = problem.empty();
};

// The keys reading accepts for T's members: their own keys (member order), then every
// metajson::alias, each with the index of the member it names. Two equal keys do not compile.
struct accepted_keys {
  std::span<const static_name> names;
  std::span<const std::int16_t> owners;
  std::string_view error;  // why the keys clash, or ""
};
template <class T>
consteval bool has_aliases() {
  for (auto m : members_of<T>())
    if (has_annotation<alias_annotation>(m)) return true;
  return false;
}
template <class T>
consteval accepted_keys member_keys_with_aliases() {
  std::vector<static_name> v;
  std::vector<std::int16_t> owners;
  std::vector<std::string> seen;
  const auto ms = members_of<T>();
  for (std::size_t i = 0; i < ms.size(); ++i) {
    seen.push_back(json_name<T>(ms[i]));
    owners.push_back(static_cast<std::int16_t>(i));
  }
  for (std::size_t i = 0; i < ms.size(); ++i) {
    for (const char* alias : alias_names(ms[i])) {
      const std::string name = static_string(alias);
      for (std::size_t j = 0; j < seen.size(); ++j) {
        if (seen[j] == name) {
          const std::string msg = "metajson::alias(\"" + name + "\") on member '" +
                                  std::string(std::meta::identifier_of(ms[i])) + "' of '" +
                                  std::string(std::meta::display_string_of(^^T)) + "' is already the key of member '" +
                                  std::string(std::meta::identifier_of(ms[owners[j]])) + "': the keys a struct reads must be distinct";
          return {{}, {}, std::define_static_string(msg)};
        }
      }
      seen.push_back(name);
      owners.push_back(static_cast<std::int16_t>(i));
    }
  }
  for (const auto& n : seen) v.push_back({std::define_static_string(n), n.size()});
  return {std::define_static_array(v), std::define_static_array(owners), {}};
}

// The JSON names of E's enumerators, in declaration order.
template <class E>
consteval std::span<const static_name> enumerator_names() {
  std::vector<static_name> v;
  for (auto e : std::meta::enumerators_of(^^E)) {
    const std::string n = json_name<E>(e);
    v.push_back({std::define_static_string(n), n.size()});
  }
  return std::define_static_array(v);
}

// METAJSON_ABLATION_LINEAR_KEY_LOOKUP compares the key with every name in turn instead.
template <const auto& Table>
METAJSON_ALWAYS_INLINE int probe(std::span<const static_name> names, std::string_view key) noexcept {
#if defined(METAJSON_ABLATION_LINEAR_KEY_LOOKUP)
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i].size == key.size() && equal_bytes(names[i].data, key.data(), key.size())) return static_cast<int>(i);
  return -1;
#endif
  constexpr auto& table = Table;
  const std::uint32_t h = table.cheap ? cheap_hash(key, table.seed) : name_hash(key, table.seed);
  const int i = table.slots[h & table.mask];
  if (i < 0) return -1;
  const std::string_view cand = names[static_cast<std::size_t>(i)].view();
  return cand.size() == key.size() && equal_bytes(cand.data(), key.data(), key.size()) ? i : -1;
}

// The tables, one per type.
template <class T>
struct member_lookup {
  static constexpr std::span<const static_name> names = member_keys<T>::names;
  // (Not built when two keys clash: member_keys says so, without a search that cannot succeed.)
  static constexpr auto table = member_keys<T>::ok ? build_name_table<names.size()>(names) : name_table<names.size()>{};
};
// With metajson::alias keys: a second table over every accepted key (only for types that have one).
template <class T>
struct alias_lookup {
  static constexpr accepted_keys keys = member_keys_with_aliases<T>();
  static_assert(keys.error.empty(), keys.error);
  static constexpr auto table = build_name_table<keys.names.size()>(keys.names);
};
template <class E>
struct enumerator_lookup {
  static constexpr std::span<const static_name> names = enumerator_names<E>();
  static constexpr auto table = build_name_table<names.size()>(names);
};

// Returns the index of `key` among T's member keys, or -1.
template <class T>
METAJSON_ALWAYS_INLINE int find_member(std::string_view key) noexcept {
  if constexpr (member_lookup<T>::names.empty()) {
    return -1;
  } else if constexpr (has_aliases<T>()) {
    const int i = probe<alias_lookup<T>::table>(alias_lookup<T>::keys.names, key);
    return i < 0 ? -1 : alias_lookup<T>::keys.owners[static_cast<std::size_t>(i)];
  } else {
    return probe<member_lookup<T>::table>(member_lookup<T>::names, key);
  }
}

// Returns the index of `key` among E's enumerator names, or -1.
template <class E>
METAJSON_ALWAYS_INLINE int find_enumerator(std::string_view key) noexcept {
  if constexpr (enumerator_lookup<E>::names.empty()) return -1;
  else return probe<enumerator_lookup<E>::table>(enumerator_lookup<E>::names, key);
}

}  // namespace metajson::detail::reflect

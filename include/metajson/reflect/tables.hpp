// Read-side name lookup, prepared at compile time: a perfect hash of a fixed set of names
// (the JSON keys of a struct, or the names of an enum's enumerators) into a small table.
// Looking a key up costs one hash (of four bytes and the length, or of every byte when that
// is not collision-free for these names), one table load and one compare; no linear scan over
// the names, whatever their number. No reflection: the names come from a backend (lookup.hpp).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include "../detail/ablation.hpp"
#include "../detail/bytes.hpp"
#include "../detail/macros.hpp"
#include "../detail/requirements.hpp"

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

// Slots per name. With C++26 reflection 2 (GCC evaluates the seed search below without a step
// limit worth the name); elsewhere 8, so that a seed is found in a few tries: Clang stops a
// constant evaluation after about a million steps, which a struct of 45 members' search in
// twice as many slots as names exceeded. (The table is read once per key either way.)
inline constexpr std::size_t slots_per_name = METAJSON_BACKEND_P2996 ? 2 : 8;
// Seeds tried with the cheap hash before the full one: 2000 with reflection; elsewhere 64 (the
// cheap hash spreads large sets badly, and each try costs steps of that limit).
inline constexpr std::uint32_t cheap_seeds = METAJSON_BACKEND_P2996 ? 2000u : 64u;

template <std::size_t N>
struct name_table {
  bool cheap = true;  // which hash the table was built with
  std::uint32_t seed = 0;
  std::uint32_t mask = 0;
  std::array<std::int16_t, (N < 2 ? 4 : std::bit_ceil(slots_per_name * N))> slots{};  // name index or -1
};

// Not constexpr on purpose: reached only when two names are equal, it stops compilation and
// its name says why.
void error_two_keys_of_a_struct_or_names_of_an_enum_are_identical();

// Finds a seed for which the N names land in distinct slots.
template <std::size_t N>
consteval name_table<N> build_name_table(std::span<const static_name> names) {
  name_table<N> t;
  t.mask = static_cast<std::uint32_t>(t.slots.size() - 1);
  for (auto& s : t.slots) s = -1;
  // Two names alike in what the cheap hash reads (length, first, middle and last byte) collide
  // with every seed: then its pass is skipped (it would try every seed in vain, at a cost in
  // compile time, and end where this starts).
  bool cheap_possible = true;
  for (std::size_t i = 0; i < N && cheap_possible; ++i)
    for (std::size_t j = 0; j < i && cheap_possible; ++j)
      cheap_possible = cheap_hash(names[i].view(), 0) != cheap_hash(names[j].view(), 0) || names[i].size != names[j].size;
  std::array<std::uint32_t, (N == 0 ? 1 : N)> taken{};  // the slots a try filled, emptied after it
  for (int pass = cheap_possible ? 0 : 1; pass < 2; ++pass) {
    t.cheap = pass == 0;
    for (std::uint32_t seed = 0; seed < (t.cheap ? cheap_seeds : 100000u); ++seed) {
      bool ok = true;
      std::size_t filled = 0;
      for (std::size_t i = 0; i < N && ok; ++i) {
        const auto h = t.cheap ? cheap_hash(names[i].view(), seed) : name_hash(names[i].view(), seed);
        const auto slot = h & t.mask;
        if (t.slots[slot] != -1) ok = false;
        else t.slots[slot] = static_cast<std::int16_t>(i), taken[filled++] = slot;
      }
      if (ok) {
        t.seed = seed;
        return t;
      }
      for (std::size_t k = 0; k < filled; ++k) t.slots[taken[k]] = -1;
    }
  }
  error_two_keys_of_a_struct_or_names_of_an_enum_are_identical();
  return t;
}


// The keys reading accepts for a struct's members: their own keys (member order), then every
// metajson::alias, each with the index of the member it names (a backend's
// member_keys_with_aliases<T>(); two equal keys do not compile).
struct accepted_keys {
  std::span<const static_name> names;
  std::span<const std::int16_t> owners;
  std::string_view error;  // why the keys clash, or ""
};

// METAJSON_ABLATION_LINEAR_KEY_LOOKUP compares the key with every name in turn instead.
template <const auto& Table>
METAJSON_ALWAYS_INLINE int probe(std::span<const static_name> names, std::string_view key) noexcept {
  if constexpr (ablation::linear_key_lookup) {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i].size == key.size() && equal_bytes(names[i].data, key.data(), key.size())) return static_cast<int>(i);
    return -1;
  }
  constexpr auto& table = Table;
  const std::uint32_t h = table.cheap ? cheap_hash(key, table.seed) : name_hash(key, table.seed);
  const int i = table.slots[h & table.mask];
  if (i < 0) return -1;
  const std::string_view cand = names[static_cast<std::size_t>(i)].view();
  return cand.size() == key.size() && equal_bytes(cand.data(), key.data(), key.size()) ? i : -1;
}

}  // namespace metajson::detail::reflect

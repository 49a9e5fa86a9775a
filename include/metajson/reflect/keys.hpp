// The keys of a class, prepared at compile time with their punctuation, so writing a key is
// one fixed-size copy: `{"id":` for the first member, `,"name":` for the others (compact), or
// `"name": ` (pretty; the separator and indentation are written at run time).
// METAJSON_ABLATION_NO_CONSTEVAL_KEYS makes the writer quote and escape names at run time.
// Backend-neutral: names from json_name<T>(m), stored by static_text and static_array.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../text/utf16_order.hpp"
#include "lookup.hpp"
#include "members.hpp"

namespace metajson::detail::reflect {

enum class key_form : unsigned char {
  first,    // {"key":
  next,     // ,"key":
  bare,     // "key":
  pretty,   // "key": 
  raw,      // key (unquoted, unescaped; for run-time escaping in the ablation build)
};

template <class T, auto M, key_form F, name_escapes E>
consteval std::string_view make_key_text() {
  if (!member_keys<T>::ok) return {};
  return static_text([] {
    const std::string name = json_name<T>(M);
    if (F == key_form::raw) return name;
    const std::string q = "\"" + escape_json(name, E) + "\"";
    switch (F) {
      case key_form::first: return "{" + q + ":";
      case key_form::next: return "," + q + ":";
      case key_form::bare: return q + ":";
      default: return q + ": ";
    }
  });
}
// Built once per member and form (a variable template), not at every use: GCC does not remember a
// consteval call's result.
template <class T, auto M, key_form F, name_escapes E>
inline constexpr std::string_view key_text_v = make_key_text<T, M, F, E>();
template <class T, auto M, key_form F, name_escapes E = name_escapes::none>
consteval std::string_view key_text() { return key_text_v<T, M, F, E>; }

// T's serialized members ordered by their JSON keys compared as UTF-16 code units (RFC 8785's
// order, for options::sort_keys); members with equal keys keep their declaration order.
template <class T>
consteval auto sorted_members_of() {
  return static_array([] {
    std::vector<std::remove_cvref_t<decltype(members_of<T>()[0])>> ms;
    std::vector<std::string> keys;
    for (auto m : members_of<T>()) {
      // Insertion sort: stable, and structs are small.
      const std::string k = json_name<T>(m);
      std::size_t at = ms.size();
      while (at > 0 && utf16_less(k, keys[at - 1])) --at;
      ms.insert(ms.begin() + static_cast<std::ptrdiff_t>(at), m);
      keys.insert(keys.begin() + static_cast<std::ptrdiff_t>(at), k);
    }
    return ms;
  });
}

// How many of T's member keys come before `key` in UTF-16 order (where a variant's tag key goes
// among a struct alternative's members, with options::sort_keys).
template <class T>
consteval std::size_t keys_before(std::string_view key) {
  std::size_t n = 0;
  for (auto m : members_of<T>()) n += utf16_less(json_name<T>(m), key) ? 1 : 0;
  return n;
}

// The JSON tag of a variant alternative type, quoted: "\"Circle\"".
template <class A, name_escapes E = name_escapes::none>
consteval std::string_view quoted_type_tag() {
  return static_text([] { return "\"" + escape_json(type_tag_name<A>(), E) + "\""; });
}

// The same tag unquoted, as the reader compares a tag's decoded value with it: "Circle". (A text
// of its own, not quoted_type_tag's from its second byte: with the library in a precompiled
// header, g++-13 takes a pointer one byte into a static text for an unterminated array of one
// byte, and warned -Wstringop-overread at every comparison with it, in every tagged variant read.)
template <class A>
consteval std::string_view type_tag() {
  return static_text([] { return escape_json(type_tag_name<A>(), name_escapes::none); });
}

// A tag key quoted with its colon: "\"type\":".
template <const char* Key, name_escapes E = name_escapes::none>
consteval std::string_view quoted_tag_key() {
  return static_text([] { return "\"" + escape_json(static_string(Key), E) + "\":"; });
}

}  // namespace metajson::detail::reflect

// The keys of a class, prepared at compile time with their punctuation, so writing a key is
// one fixed-size copy: `{"id":` for the first member, `,"name":` for the others (compact), or
// `"name": ` (pretty; the separator and indentation are written at run time).
// METAJSON_ABLATION_NO_CONSTEVAL_KEYS makes the writer quote and escape names at run time.
#pragma once

#include <meta>
#include <string>
#include <string_view>

#include "members.hpp"

namespace metajson::detail::reflect {

enum class key_form : unsigned char {
  first,    // {"key":
  next,     // ,"key":
  bare,     // "key":
  pretty,   // "key": 
  raw,      // key (unquoted, unescaped; for run-time escaping in the ablation build)
};

template <class T, std::meta::info M, key_form F, name_escapes E = name_escapes::none>
consteval std::string_view key_text() {
  const std::string name = json_name<T>(M);
  if (F == key_form::raw) return std::define_static_string(name);
  const std::string q = "\"" + escape_json(name, E) + "\"";
  switch (F) {
    case key_form::first: return std::define_static_string("{" + q + ":");
    case key_form::next: return std::define_static_string("," + q + ":");
    case key_form::bare: return std::define_static_string(q + ":");
    default: return std::define_static_string(q + ": ");
  }
}

// The JSON tag of a variant alternative type, quoted: "\"Circle\"".
template <class A, name_escapes E = name_escapes::none>
consteval std::string_view quoted_type_tag() {
  return std::define_static_string("\"" + escape_json(type_tag_name<A>(), E) + "\"");
}

// A tag key quoted with its colon: "\"type\":".
template <const char* Key, name_escapes E = name_escapes::none>
consteval std::string_view quoted_tag_key() {
  return std::define_static_string("\"" + escape_json(static_string(Key), E) + "\":");
}

}  // namespace metajson::detail::reflect

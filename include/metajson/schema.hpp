// metajson::schema<T>(): the JSON Schema (draft 2020-12) of the JSON that metajson::from<T>
// accepts, generated from the type at compile time.
//
//     #include <metajson/schema.hpp>
//     std::string s = metajson::schema<Player>();                                  // compact
//     std::string p = metajson::schema<Player, {.pretty = true}>();                // indented
//     std::string strict = metajson::schema<Player, {.unknown_keys = metajson::unknown_key_policy::error}>();
//
// The options are the reading options the schema describes (unknown_keys, missing_keys,
// nonfinite) and the layout of its text (pretty, indent). Every decision, name and pattern is
// made at compile time; the call assembles the document. Not included by metajson.hpp: a
// program that does not generate schemas does not compile this. docs/schema.md says what each
// type becomes and what a schema cannot say about JSON text.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <string>
#include <string_view>

#include "options.hpp"
#include "schema/generate.hpp"

namespace metajson {
inline namespace v0 {

/// The JSON Schema of T, as read with options O (draft 2020-12): a JSON document describing
/// exactly the values metajson::from<T, O> accepts (see docs/schema.md for what a schema
/// cannot express: duplicate keys, 1.0 for an integer...). Compact, or indented with
/// `.pretty = true`.
template <class T, options O = options{}>
std::string schema() {
  return detail::schema::document<T, O>();
}

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

// metajson::options: the one aggregate that configures reading and writing.
//
// It is passed as a template argument, so every choice is made at compile time and costs
// nothing at run time:
//
//     std::string s = metajson::to_json<{.pretty = true}>(value);
//
// Every field has a default; the defaults give RFC 8259-conformant, always-valid JSON.
#pragma once

#include <cstdint>

namespace metajson {
inline namespace v0 {

/// What the writer does with an empty std::optional, a null smart pointer or a null
/// `const char*` that is a member of a struct.
enum class empty_members : std::uint8_t {
  null,  ///< write the key with the value `null` (default; every reader sees every key)
  omit,  ///< leave the key out. Elsewhere (in arrays, maps) an empty value is always `null`.
};

/// How strings are checked for UTF-8 on output.
enum class utf8_policy : std::uint8_t {
  validate,  ///< invalid UTF-8 is an error (default): output is always valid JSON text
  replace,   ///< each maximal invalid subsequence becomes U+FFFD (EF BF BD)
  unchecked, ///< bytes >= 0x80 are copied as they are; fastest, output may be invalid UTF-8
};

/// What the writer does with NaN and infinities, which JSON cannot represent.
enum class nonfinite_policy : std::uint8_t {
  error,  ///< error_code::non_finite_number (default)
  null,   ///< write `null`
};

struct options {
  // --- writing --------------------------------------------------------------------------------

  /// Pretty output: one member or element per line, indented by `indent` spaces per level,
  /// `"key": value` with one space after the colon; empty objects and arrays stay `{}`/`[]`.
  /// Default false: compact output with no whitespace at all.
  bool pretty = false;

  /// Spaces per nesting level when `pretty` is true (default 2). Ignored otherwise.
  std::uint8_t indent = 2;

  /// Empty optionals / null pointers inside structs: `null` (default) or omitted.
  /// Omitting costs one run-time flag per struct that has such members; other structs
  /// keep their compile-time separators.
  empty_members empty = empty_members::null;

  /// UTF-8 checking of strings on output (default: validate, error on invalid input).
  /// Validation runs inside the escaping scan, so on ASCII text it costs almost nothing.
  utf8_policy utf8 = utf8_policy::validate;

  /// NaN / ±Inf: error (default) or `null`.
  nonfinite_policy nonfinite = nonfinite_policy::error;
};

}  // namespace v0
}  // namespace metajson

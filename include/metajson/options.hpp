// metajson::options: the one aggregate that configures reading and writing.
//
// It is passed as a template argument, so every choice is made at compile time and costs
// nothing at run time:
//
//     std::string s = metajson::to_json<{.pretty = true}>(value);
//
// Every field has a default; the defaults give RFC 8259-conformant, always-valid JSON.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <cstddef>
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

/// How `double` and `float` values are written. Every format writes the shortest digits that
/// read back to the same value (a `float` as a float: `0.1f` is `0.1`); they differ in layout.
enum class number_format : std::uint8_t {
  /// ECMAScript's text (below), with `.0` appended when it would otherwise read as an integer:
  /// `100.0`, `0.0`, `-0.0`, `0.5`, `1e+21`, `123456789012345680000.0`. Every JSON reader, in
  /// every language, reads a floating-point number back. The default.
  json,
  /// Byte for byte what JavaScript's `String(x)` and `JSON.stringify` write (ECMA-262
  /// Number::toString, the number form of RFC 8785): plain notation when 1e-7 <= |x| < 1e21
  /// (`100`, `0.000001`, `123.456`), else `d.ddde+NN` / `d.ddde-NN`; `-0` is written `0`.
  ecmascript,
  /// The fewest bytes: plain or exponent notation, whichever is shorter, plain on a tie; the
  /// exponent without `+` or leading zeros (`100`, `1e3`, `0.01`, `1e-3`, `1.5e300`, `-0`).
  shortest,
};

/// Reading: what to do with a key that matches no member of the struct being read.
enum class unknown_key_policy : std::uint8_t {
  skip,   ///< skip its value (default); the value is still fully validated
  error,  ///< error_code::unknown_key (also per class: [[=metajson::deny_unknown_keys]])
};

/// Reading: what to do when a member's key is absent from the JSON object.
enum class missing_key_policy : std::uint8_t {
  keep,   ///< leave the member as it was (default)
  error,  ///< error_code::missing_key (also per member or class: [[=metajson::required]])
};

/// Reading: what to do when a JSON object names the same struct member twice.
/// How many errors a read reports: the first (reading stops there), or every value-level error
/// of the document (reading goes on after each: a wrong kind, a number out of range, a missing
/// or unknown key, a constraint, an unknown enumerator, no matching alternative), then the
/// syntax error that ends it, if any.
enum class error_mode : std::uint8_t {
  first,    ///< the first error (default)
  collect,  ///< every error: error_list
};

/// (In maps a later duplicate always replaces the earlier one; metajson::value keeps both.)
enum class duplicate_key_policy : std::uint8_t {
  error,      ///< error_code::duplicate_key (default, as serde does)
  last_wins,  ///< the last value is kept
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

  /// Layout of `double` and `float` values (default `json`: ECMAScript's text, with `.0` on
  /// values that would read as integers). `metajson::value` and variants with an integer
  /// alternative always mark a double so it reads back as one: under `ecmascript` they write
  /// `json`'s text, under `shortest` they add `.0` where the text has no `.` or exponent.
  number_format numbers = number_format::json;

  /// Every code point >= U+0080 written as a `\uXXXX` escape (lower-case hex; a surrogate pair
  /// such as `\ud83d\ude00` above U+FFFF), in strings, keys, enumerator names and variant tags,
  /// so the output is pure ASCII. Default false: non-ASCII text is written as UTF-8. A
  /// `metajson::raw_json` is still written verbatim.
  bool escape_non_ascii = false;

  /// `<`, `>`, `&`, U+2028 and U+2029 written as `\u003c`, `\u003e`, `\u0026`, `\u2028`,
  /// `\u2029`, so the output can be placed in an HTML `<script>` element, or in JavaScript
  /// source older than ES2019, as it is. Default false.
  bool escape_html = false;

  /// Object members and map entries written in the order of their keys compared as UTF-16 code
  /// units (RFC 8785's order: byte order, except that code points above U+FFFF come before
  /// U+E000-U+FFFF), instead of declaration / iteration order. Struct members are sorted at
  /// compile time; maps and metajson::value objects at run time (stable: a multimap's or
  /// value's equal keys keep their order). A tagged variant's tag key takes its sorted place.
  /// Default false.
  bool sort_keys = false;

  /// RFC 8785 (JSON Canonicalization Scheme) where the fields above do not say it. Its numbers
  /// are doubles: a `metajson::value` double and a variant's floating-point alternative are
  /// written as plain ECMAScript text too (`1`, not `1.0`: in canonical form, as in JavaScript,
  /// 1.0 and 1 are one number), an integer is written only when its digits are what ECMAScript
  /// writes for it as a double (always up to 2^53 in magnitude; beyond, 10^18 is, 2^53 + 1 is
  /// not) and a `long double` only when it is a double's value, else error_code::not_canonical.
  /// A `metajson::value` object or a multimap holding a key twice is not_canonical too, and a
  /// `metajson::raw_json` (copied, not canonicalized) does not compile. Needs `numbers =
  /// ecmascript`, `sort_keys`, compact output, no `escape_non_ascii` / `escape_html`,
  /// `nonfinite = error` and checked UTF-8 (a static_assert says so): use `metajson::canonical`.
  /// Default false.
  bool rfc8785 = false;

  // --- reading --------------------------------------------------------------------------------
  // `utf8` above applies to reading too: validate (default) rejects invalid UTF-8 anywhere in
  // the document, replace writes U+FFFD into the strings read, unchecked copies bytes as
  // they are.

  /// Keys that match no member: skipped (default, still validated) or an error.
  unknown_key_policy unknown_keys = unknown_key_policy::skip;

  /// Members whose key is absent: kept as they were (default) or an error.
  missing_key_policy missing_keys = missing_key_policy::keep;

  /// A struct member named twice in one object: an error (default) or the last one wins.
  duplicate_key_policy duplicate_keys = duplicate_key_policy::error;

  /// Reading: stop at the first error (default), or collect every error of the document
  /// (error_mode::collect: from_json returns a metajson::error_list, from throws one, check<T>
  /// lists them; docs/validation.md).
  error_mode errors = error_mode::first;

  /// With errors = collect: the errors listed (default 100); the others are counted
  /// (error_list::more(): "and N more").
  std::uint32_t max_errors = 100;

  /// Maximum nesting of arrays and objects (default 1024). Deeper input is
  /// error_code::depth_exceeded, never a stack overflow. Each level costs a few hundred bytes of
  /// stack while reading, so keep it well below what your thread's stack can hold.
  std::uint32_t max_depth = 1024;

  /// Largest input accepted, in bytes (default 1 GiB). A longer input is
  /// error_code::document_too_large before any byte of it is read. Reading needs the input plus
  /// what the result owns: raise it for bulk files, lower it to what a server expects.
  std::size_t max_document_size = std::size_t{1} << 30;

  /// Longest string or key accepted, in bytes of input between its quotes, escapes counted as
  /// written (default 64 MiB). A longer one is error_code::string_too_long, whether it is kept,
  /// matched against member names or skipped.
  std::size_t max_string_length = std::size_t{1} << 26;

  // --- lenient input (opt-in; none of it is JSON, so strict stays the default) --------------
  // docs/lenient.md. With allow_comments or allow_trailing_commas the reader reads a copy of
  // the text in which the comments and trailing commas are blanked out (offsets, lines and
  // columns stay those of the text), so reading a std::string_view (which would point into
  // that copy) does not compile with them, and read_ndjson / read_array (which read strict
  // JSON parts) do not take them. Off, they cost nothing: the strict reader is unchanged.

  /// Reading: `// ...` (to the end of the line) and `/* ... */` comments wherever whitespace
  /// may stand. An unterminated `/*` is error_code::unexpected_end, a `/` that starts neither
  /// is a syntax error, and so is comment text that is not UTF-8 (under utf8_policy::validate).
  /// Default false.
  bool allow_comments = false;

  /// Reading: one `,` after the last element of an array or member of an object (`[1, 2,]`,
  /// `{"a": 1,}`). Not `[,]`, not `[1,,]`, not after the root value. Default false.
  bool allow_trailing_commas = false;

  /// Reading: `NaN`, `Infinity` and `-Infinity` (JavaScript's spelling, as Python's json and
  /// JSON5 write them) as values of floating-point members, of metajson::value and wherever a
  /// value is skipped; writing: NaN and infinities written so (instead of
  /// nonfinite_policy's error or null, which this cannot be combined with). Default false.
  bool allow_nonfinite = false;
};

/// RFC 8785 canonical JSON (JCS: the form that is hashed and signed): compact, object members
/// and map entries sorted by the UTF-16 code units of their keys, numbers as ECMAScript writes
/// them (every number a double; `1`, `0.1`, `1e+21`), strings escaped as RFC 8785 says (`\"`,
/// `\\`, `\b \f \n \r \t`, other control characters `\u00xx` in lower-case hex, nothing else:
/// not `/`, not DEL, not non-ASCII). NaN and infinities, integers that ECMAScript would write
/// with other digits (most beyond 2^53 in magnitude) and duplicate keys are errors
/// (options::rfc8785 says exactly what).
///
///     std::string signed_text = metajson::to_json<metajson::canonical>(doc);
inline constexpr options canonical{.numbers = number_format::ecmascript, .sort_keys = true, .rfc8785 = true};

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

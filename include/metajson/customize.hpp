// How users customize the mapping: annotations on members and classes, and the adapter
// customization point for types the library does not know.
//
//     struct [[=metajson::rename_all(metajson::case_style::camel)]] User {
//       std::string user_name;                          // "userName"
//       [[=metajson::name("id")]] std::uint64_t key;    // "id"
//       [[=metajson::skip]] int cache;                  // never read or written
//       [[=metajson::required]] std::string email;      // reading: missing key is an error
//      private:
//       [[=metajson::include]] int secret_;             // private, but serialized
//     };
//
//     template <> struct metajson::adapter<Money> {      // Money <-> a JSON integer
//       static std::int64_t to_json(const Money& m) { return m.cents; }
//       static void from_json(Money& m, std::int64_t cents) { m.cents = cents; }
//     };
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <meta>
#include <string_view>

namespace metajson {
inline namespace v0 {

// --- annotations ------------------------------------------------------------------------------
// Annotation values are structural types. Strings are stored through std::define_static_string,
// which is why `name` is a consteval function and not a struct holding a `const char*`.

/// The member's JSON key (also the JSON name of an enumerator): `[[=metajson::name("id")]]`.
/// Takes precedence over rename_all. On a private member it also opts the member in.
struct name_annotation { const char* value; };
consteval name_annotation name(std::string_view key) { return {std::define_static_string(key)}; }

/// Reading also accepts this key for the member (repeatable): `[[=metajson::alias("old_name")]]`.
/// The member's own key is still accepted, and is the one written.
struct alias_annotation { const char* value; };
consteval alias_annotation alias(std::string_view key) { return {std::define_static_string(key)}; }
/// Leave the member out in both directions: `[[=metajson::skip]]`.
struct skip_annotation { constexpr bool operator==(const skip_annotation&) const = default; };
inline constexpr skip_annotation skip{};

/// Serialize a private or protected member: `[[=metajson::include]]`.
struct include_annotation { constexpr bool operator==(const include_annotation&) const = default; };
inline constexpr include_annotation include{};

/// The member's own members are written and read inline, in this object, in its place:
/// `[[=metajson::flatten]] Address address;` gives `{"name":…,"street":…,"city":…}` (serde's
/// `flatten`, Go's `inline`). The member must be a struct metajson writes as an object; a key
/// that two members would write (a flattened one and another) does not compile.
struct flatten_annotation { constexpr bool operator==(const flatten_annotation&) const = default; };
inline constexpr flatten_annotation flatten{};

/// Keys that name no member, kept: on one member of type `std::map<std::string,
/// metajson::value>` (or `metajson::value`, which keeps their order and repeats), reading puts
/// every key of the object that names no member there, with its value, instead of skipping it;
/// writing writes them after the members. A document read and written back keeps every key
/// (serde's flattened map, .NET's [JsonExtensionData]). An entry whose key is a member's is an
/// error when written.
struct extra_keys_annotation { constexpr bool operator==(const extra_keys_annotation&) const = default; };
inline constexpr extra_keys_annotation extra_keys{};

/// Reading: a missing key is an error for this member (on a class: for every member).
struct required_annotation { constexpr bool operator==(const required_annotation&) const = default; };
inline constexpr required_annotation required{};

/// Reading: an unknown key in this class's JSON object is an error.
struct deny_unknown_keys_annotation { constexpr bool operator==(const deny_unknown_keys_annotation&) const = default; };
inline constexpr deny_unknown_keys_annotation deny_unknown_keys{};

/// How member (and enumerator) names become JSON keys, applied by rename_all. Identifiers are
/// split into words at `_` and at lower-to-upper case changes (`userID` -> user, id).
enum class case_style : unsigned char {
  snake,           ///< user_name
  camel,           ///< userName
  pascal,          ///< UserName
  kebab,           ///< user-name
  screaming_snake, ///< USER_NAME
};
/// Class-level (or enum-level) renaming: `struct [[=metajson::rename_all(metajson::case_style::camel)]] S`.
struct rename_all_annotation { case_style style; };
consteval rename_all_annotation rename_all(case_style style) { return {style}; }

/// On a std::variant member (or an optional/pointer to one): write it tagged. Alternatives
/// that are structs are written as their object with the tag key first:
/// `{"type":"Circle","r":1}`; other alternatives as `{"type":"int","value":1}`. The tag value
/// is the alternative type's name (or its `metajson::name` annotation).
struct tag_annotation { const char* key; };
consteval tag_annotation tag(std::string_view key) { return {std::define_static_string(key)}; }

// --- constraints (checked when reading; written data is not checked) ---------------------------

/// A number member (or an optional one, when present) must lie in [min, max]:
/// `[[=metajson::range(1, 65535)]] int port;`. Otherwise reading fails with
/// error_code::constraint_violated at the member's path.
struct range_annotation { long double min; long double max; };
consteval range_annotation range(long double min, long double max) { return {min, max}; }

/// A string's length in code points, or a container's number of elements, in [min, max]:
/// `[[=metajson::length(1, 64)]] std::string name;`.
struct length_annotation { unsigned long long min; unsigned long long max; };
consteval length_annotation length(unsigned long long min, unsigned long long max = ~0ull) { return {min, max}; }

/// A string or container member must not be empty: `[[=metajson::non_empty]]`.
struct non_empty_annotation { constexpr bool operator==(const non_empty_annotation&) const = default; };
inline constexpr non_empty_annotation non_empty{};

// --- customization point ----------------------------------------------------------------------

/// Specialize for a type the library cannot map by itself. Two static functions:
///
///  - `to_json(const T&)` returns any value metajson can write (a number, a string,
///    a struct, a metajson::raw_json...): that value is written in place of the object.
///  - `from_json(T&, U&&)` receives that same type U, read from the JSON (used by the reader).
///
/// An adapter takes precedence over every built-in mapping, so it can also override how a
/// standard type or a reflected struct is written.
template <class T>
struct adapter;

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

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
//
// The same annotations without [[=...]] (compilers without C++26 reflection, and code that
// builds on both), in a specialization next to the type:
//
//     template <> struct metajson::meta<User> {
//       static constexpr auto type = metajson::rename_all(metajson::case_style::camel);
//       static constexpr auto members = metajson::with(
//           metajson::member<&User::key>(metajson::name("id")),
//           metajson::member<&User::cache>(metajson::skip),
//           metajson::member<"secret_">(metajson::include));  // private: by name (friend metajson::access)
//     };
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#if METAJSON_BACKEND_P2996
#include <meta>
#endif

// (In metajson::detail, as every internal name, not metajson::v0::detail: a second namespace of
// that name would make `namespace metajson::detail` ambiguous.)
namespace metajson::detail {
consteval const char* stored_text(std::string_view s) {
#if METAJSON_BACKEND_P2996
  return std::define_static_string(s);
#else
  return s.data();
#endif
}
template <std::size_t N>
struct fixed_name {
  char value[N]{};
  consteval fixed_name(const char (&s)[N]) {
    for (std::size_t i = 0; i < N; ++i) value[i] = s[i];
  }
};
/// How an entry of `members` names its member: by identifier, or by pointer.
template <fixed_name K> struct member_by_name {};
template <auto P> struct member_by_pointer {};
}  // namespace metajson::detail

namespace metajson {
inline namespace v0 {

// --- annotations ------------------------------------------------------------------------------
// Annotation values are structural types. With C++26 reflection strings are stored through
// std::define_static_string, which is why `name` is a consteval function and not a struct
// holding a `const char*`; without it (metajson::meta<T> only) they point to the literal.

/// The member's JSON key (also the JSON name of an enumerator): `[[=metajson::name("id")]]`.
/// Takes precedence over rename_all. On a private member it also opts the member in.
struct name_annotation { const char* value; std::size_t size; };
consteval name_annotation name(std::string_view key) { return {detail::stored_text(key), key.size()}; }

/// Reading also accepts this key for the member (repeatable): `[[=metajson::alias("old_name")]]`.
/// The member's own key is still accepted, and is the one written.
struct alias_annotation { const char* value; std::size_t size; };
consteval alias_annotation alias(std::string_view key) { return {detail::stored_text(key), key.size()}; }
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
struct tag_annotation { const char* key; std::size_t size; };
consteval tag_annotation tag(std::string_view key) { return {detail::stored_text(key), key.size()}; }

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

// --- the same vocabulary in a specialization: metajson::meta<T> --------------------------------

/// Specialize next to a class or enum to give it the annotations [[=...]] would, on every
/// compiler: where annotations are unavailable (compilers without C++26 reflection) this is the
/// way to annotate, and code written so builds on both kinds of compiler. Every member is
/// optional:
///
///   - `static constexpr auto type = ...;` the class's (or enum's) annotations: rename_all, name
///     (its variant tag), required, deny_unknown_keys;
///   - `static constexpr auto members = ...;` a class's data members, each
///     `metajson::member<&T::x>(annotations...)` or, for a private member (with
///     `friend struct metajson::access;` in the class), `metajson::member<"x">(...)`;
///   - `static constexpr auto enumerators = ...;` an enum's, `metajson::enumerator<E::x>(name("X"))`;
///   - `static constexpr long long min = ..., max = ...;` the values the C++23 backend looks at for
///     an enum's names (default [-128, 127]; an enumerator outside them has no name there).
///
/// Several annotations or entries are combined with metajson::with(...). An entry naming no data
/// member of the class, an annotation in the wrong place, and an annotation stated both here
/// and with [[=...]] do not compile (docs/annotations.md).
template <class T>
struct meta;

/// Befriend it (`friend struct metajson::access;`) to let the C++23 backend see a class's private
/// members, which metajson::meta<T> must then all list (with include or skip).
struct access;

/// Several annotations (or several entries of `members`, `enumerators`): `metajson::with(a, b)`.
template <class... A>
struct with_t {
  std::tuple<A...> items;
};
template <class... A>
consteval with_t<A...> with(A... a) {
  return {{a...}};
}


/// An entry of meta<T>::members: a data member and its annotations.
template <class Key, class... A>
struct member_entry {
  std::tuple<A...> annotations;
};
/// `metajson::member<"x">(metajson::name("id"))`: the data member named x.
template <detail::fixed_name K, class... A>
consteval member_entry<detail::member_by_name<K>, A...> member(A... a) {
  return {{a...}};
}
/// `metajson::member<&T::x>(metajson::skip)`: the data member x (public, or meta<T> befriended).
template <auto P, class... A>
  requires std::is_member_object_pointer_v<decltype(P)>
consteval member_entry<detail::member_by_pointer<P>, A...> member(A... a) {
  return {{a...}};
}

/// An entry of meta<E>::enumerators: `metajson::enumerator<Mode::fast>(metajson::name("FAST"))`.
template <auto E, class... A>
  requires std::is_enum_v<decltype(E)>
struct enumerator_entry {
  std::tuple<A...> annotations;
};
template <auto E, class... A>
  requires std::is_enum_v<decltype(E)>
consteval enumerator_entry<E, A...> enumerator(A... a) {
  return {{a...}};
}

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

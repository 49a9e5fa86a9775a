// The members of a class as metajson sees them, from one of two backends with the same functions
// (detail/requirements.hpp picks it): C++26 reflection (p2996/members.hpp, the reference), or
// aggregate reflection in C++23 (aggregate/members.hpp). read/, write/ and schema/ ask these:
//
//   members_of<T>()          the serialized data members (handles), base classes first
//   field<T, M>(v)           member M of the object v of type T, through flattened members
//   member_type<T, M>        its type, references and cv removed
//   json_name<T>(M)          its JSON key (after name / rename_all), unescaped
//   has_tag(M), tag_key_of(M), is_required<T>(M), constraints_of<C>(M), alias_names(M)
//   denies_unknown_keys<T>(), extra_keys_member<T>(), has_extra_keys<T>()
//   has_tag_v<M>, tag_key_v<M>, constraints_v<C, M>, required_v<T, M>, denies_unknown_keys_v<T>:
//                            the same answers, computed once (what templates ask)
//   type_identifier<T>(), type_tag_name<T>()
//   static_text(f), static_array(f)   a string / the elements of a vector computed by a
//                                     captureless lambda, in static storage
//
// and reflect/keys.hpp, lookup.hpp, enums.hpp build the keys, tables and names on them.
#pragma once

#include "../detail/requirements.hpp"
// (Both included: each is empty but for the backend of this build, which keeps the single header
// from holding their common headers twice.)
#include "p2996/members.hpp"
#include "aggregate/members.hpp"

namespace metajson::detail::reflect {

// The per-member answers read/, write/ and schema/ ask inside templates, computed once per member
// (a variable template is instantiated once) rather than once per instantiation of their callers
// (per options, per value type, per path of the object reader). With C++26 reflection each answer
// looks up metajson::meta<T>, and GCC 16's std::meta::substitute behind that lookup costs about
// 60 microseconds a call: asked per instantiation, it cost the library-alone build 27 % more
// instructions (docs/performance.md).
template <auto M>
inline constexpr bool has_tag_v = has_tag(M);
template <auto M>
inline constexpr const char* tag_key_v = tag_key_of(M);
template <class C, auto M>
inline constexpr C constraints_v = constraints_of<C>(M);
template <class T, auto M>
inline constexpr bool required_v = is_required<T>(M);
template <class T>
inline constexpr bool denies_unknown_keys_v = denies_unknown_keys<T>();

}  // namespace metajson::detail::reflect

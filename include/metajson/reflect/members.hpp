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

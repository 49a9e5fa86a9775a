// Cheap forward declarations: the options aggregate, the annotations and the adapter
// customization point, without the writer and reader. Include this in your own headers to
// specialize metajson::adapter<T> or annotate types; include metajson.hpp where you convert.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include "customize.hpp"
#include "error.hpp"
#include "options.hpp"

namespace metajson {
inline namespace v0 {
struct raw_json;
class value;  // metajson::value, dynamic JSON: #include <metajson/value.hpp> to use it
}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

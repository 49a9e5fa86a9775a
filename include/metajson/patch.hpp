// JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7396) of a metajson::value: patch,
// patch_in_place, make_patch, merge_patch, merge_patch_in_place, make_merge_patch. Includes
// value.hpp (and so metajson.hpp).
//
//     #include <metajson/patch.hpp>
//
// The implementation is in dynamic/patch.hpp (docs/dynamic.md).
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include "value.hpp"
#include "dynamic/patch.hpp"

#endif  // METAJSON_REQUIREMENTS_MET

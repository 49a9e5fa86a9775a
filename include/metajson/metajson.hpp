// metajson: JSON <-> C++ types through C++26 static reflection.
//
//     #include <metajson/metajson.hpp>
//     std::string json = metajson::to_json(player);
//
// This umbrella header includes the typed API: to_json, from/try_from/from_json, validate,
// JSON pointers, raw_json, adapters and annotations. Dynamic JSON is one more include each, so
// that a program that does not use it does not compile it:
//
//     #include <metajson/value.hpp>      // metajson::value, to_value, from_value (and this header)
//     #include <metajson/document.hpp>   // metajson::document, the read-only DOM (and value.hpp)
//     #include <metajson/patch.hpp>      // JSON Patch and Merge Patch of a value (and value.hpp)
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#define METAJSON_VERSION_MAJOR 0
#define METAJSON_VERSION_MINOR 1
#define METAJSON_VERSION_PATCH 0

#include "customize.hpp"
#include "from_json.hpp"
#include "error.hpp"
#include "options.hpp"
#include "pointer.hpp"
#include "raw_json.hpp"
#include "simd/config.hpp"
#include "to_json.hpp"

#endif  // METAJSON_REQUIREMENTS_MET

// metajson: JSON <-> C++ types through C++26 static reflection.
//
//     #include <metajson/metajson.hpp>
//     std::string json = metajson::to_json(player);
//
// This umbrella header includes the whole public API.
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
#include "value.hpp"
#include "value_convert.hpp"

#endif  // METAJSON_REQUIREMENTS_MET

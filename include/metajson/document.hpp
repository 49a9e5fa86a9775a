// metajson::document: a read-only JSON document for dynamic JSON at DOM speed, and
// metajson::node, a view of one of its values. Includes value.hpp (and so metajson.hpp).
//
//     #include <metajson/document.hpp>
//
//     metajson::document doc = metajson::document::parse(text);     // throws metajson::error
//     std::uint64_t id = doc["statuses"][0]["user"]["id"].as_uint64();
//
// The implementation is in dynamic/ (docs/dynamic.md).
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include "value.hpp"
#include "dynamic/document.hpp"

#endif  // METAJSON_REQUIREMENTS_MET

// metajson::value: a dynamic JSON value, for documents whose shape is not known at compile time,
// and the conversions between a value and any type metajson reads and writes (to_value,
// from_value, value::get<T>, dump, parse). Includes metajson.hpp.
//
//     #include <metajson/value.hpp>
//
//     metajson::value v = metajson::from<metajson::value>(text);
//     v["players"][0]["level"] = 43;
//     std::string out = metajson::to_json(v);
//
// The implementation is in dynamic/ (docs/dynamic.md).
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include "metajson.hpp"
#include "dynamic/value.hpp"
#include "dynamic/read.hpp"
#include "dynamic/write.hpp"
#include "dynamic/convert.hpp"

// A value as MessagePack and CBOR (dynamic/binary.hpp), when <metajson/msgpack.hpp> or
// <metajson/cbor.hpp> is included too, before this header or after it.
#define METAJSON_VALUE_INCLUDED 1
#if defined(METAJSON_BINARY_FORMATS_INCLUDED)
#include "dynamic/binary.hpp"
#endif

#endif  // METAJSON_REQUIREMENTS_MET

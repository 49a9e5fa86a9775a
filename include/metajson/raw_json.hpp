// metajson::raw_json: a member holding already-encoded JSON.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <string>

namespace metajson {
inline namespace v0 {

/// JSON text kept as it is. Written verbatim (the writer does not re-check it: what you put in
/// is what comes out); read as the exact text of the value, whitespace inside included.
///
///     struct Event { std::string type; metajson::raw_json payload; };
///     to_json(Event{"click", {R"({"x":1,"y":2})"}})  ->  {"type":"click","payload":{"x":1,"y":2}}
struct raw_json {
  std::string text;
  friend bool operator==(const raw_json&, const raw_json&) = default;
};

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

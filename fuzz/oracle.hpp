// What every fuzz target that reads arbitrary bytes holds metajson's verdicts to, besides its
// own checks: the independent reference validator (tests/support/reference_validator.hpp) and
// validate().
#pragma once

#include <metajson/value.hpp>

#include <cstddef>
#include <string_view>

#include "../tests/support/reference_validator.hpp"
#include "fuzz.hpp"

namespace metajson_fuzz {

// A typed read (from<T>, from_json into a struct) accepts only JSON: when it succeeds, validate()
// and the reference accept the input too. Conversely, a document validate() or the reference
// rejects is rejected by the typed read, no later than their first error (a typed read may stop
// earlier: a type mismatch, a duplicate key).
inline void typed_read_only_accepts_json(std::string_view in, bool accepted, std::size_t error_offset) {
  const metajson::error v = metajson::validate(in);
  const reference::verdict ref = reference::check(in);
  if (accepted) {
    METAJSON_FUZZ_CHECK(!v);
    METAJSON_FUZZ_CHECK(ref.ok);
    return;
  }
  if (v) METAJSON_FUZZ_CHECK(error_offset <= v.offset());
  if (!ref.ok) METAJSON_FUZZ_CHECK(error_offset <= ref.offset);
}

// validate() gives the reference's verdict, its error within the reference's bounds for the
// first error ([token, offset]).
inline void validate_matches_reference(const metajson::error& v, const reference::verdict& ref) {
  METAJSON_FUZZ_CHECK(!v == ref.ok);
  if (!ref.ok) METAJSON_FUZZ_CHECK(v.offset() >= ref.token && v.offset() <= ref.offset);
}

// from<metajson::value> gives the reference's verdict (numbers that no double holds are kept as
// text: metajson::value::big_number), with a value of the same kind where the reference finds
// a number beyond a double or a 64-bit integer.
template <class Result>
void value_matches_reference(const Result& d, const reference::verdict& ref) {
  METAJSON_FUZZ_CHECK(d.has_value() == ref.ok);
  if (!ref.ok) METAJSON_FUZZ_CHECK(d.error().offset() >= ref.token && d.error().offset() <= ref.offset);
}

}  // namespace metajson_fuzz

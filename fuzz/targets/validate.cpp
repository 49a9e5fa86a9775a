// validate() on any bytes, against from<metajson::value>: both read the whole document in one
// pass, so they accept the same inputs (numbers that fit no C++ type included: the value keeps
// their text) and report the same first error at the same offset. Both are also held to the
// independent reference validator (tests/support/reference_validator.hpp), which shares no
// code with them: the same verdict, errors within its bounds; and with max_depth = 4 on both
// sides, the same again.
#include <metajson/value.hpp>

#include "../fuzz.hpp"
#include "../oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  const metajson::error v = metajson::validate(in);
  const auto d = metajson::try_from<metajson::value>(in);
  const reference::verdict ref = reference::check(in);
  metajson_fuzz::validate_matches_reference(v, ref);
  metajson_fuzz::value_matches_reference(d, ref);
  if (d) METAJSON_FUZZ_CHECK(!v);
  if (!d) {
    const metajson::error& e = d.error();
    METAJSON_FUZZ_CHECK(v.code() == e.code());
    METAJSON_FUZZ_CHECK(v.offset() == e.offset());
    METAJSON_FUZZ_CHECK(e.offset() <= size);
    METAJSON_FUZZ_CHECK(!e.message().empty());
  }
  // Without UTF-8 checks, everything valid stays valid.
  if (!v) METAJSON_FUZZ_CHECK(!metajson::validate<{.utf8 = metajson::utf8_policy::unchecked}>(in));
  // A tight depth limit only ever adds depth errors.
  const metajson::error shallow = metajson::validate<{.max_depth = 4}>(in);
  if (!v && shallow) METAJSON_FUZZ_CHECK(shallow.code() == metajson::error_code::depth_exceeded);
  metajson_fuzz::validate_matches_reference(shallow, reference::check(in, {.max_depth = 4}));
  return 0;
}

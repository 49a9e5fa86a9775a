// validate() on any bytes, against from<metajson::value>: both read the whole document in one
// pass, so they accept the same inputs (but numbers that fit no C++ type, which only the value
// rejects) and report the same first error at the same offset.
#include <metajson/metajson.hpp>

#include "../fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  const metajson::error v = metajson::validate(in);
  const auto d = metajson::try_from<metajson::value>(in);
  if (d) METAJSON_FUZZ_CHECK(!v);
  if (!d) {
    const metajson::error& e = d.error();
    if (e.code() == metajson::error_code::number_out_of_range) {
      METAJSON_FUZZ_CHECK(!v || v.offset() > e.offset());
    } else {
      METAJSON_FUZZ_CHECK(v.code() == e.code());
      METAJSON_FUZZ_CHECK(v.offset() == e.offset());
    }
    METAJSON_FUZZ_CHECK(e.offset() <= size);
    METAJSON_FUZZ_CHECK(!e.message().empty());
  }
  // Without UTF-8 checks, everything valid stays valid.
  if (!v) METAJSON_FUZZ_CHECK(!metajson::validate<{.utf8 = metajson::utf8_policy::unchecked}>(in));
  // A tight depth limit only ever adds depth errors.
  const metajson::error shallow = metajson::validate<{.max_depth = 4}>(in);
  if (!v && shallow) METAJSON_FUZZ_CHECK(shallow.code() == metajson::error_code::depth_exceeded);
  return 0;
}

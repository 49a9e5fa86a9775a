// write -> read -> write of metajson::value: any document read is written, read back to an
// equal value, and written again to the same bytes; pretty output reads back equal too. What
// is read is what the reference validator accepts (oracle.hpp).
#include <metajson/value.hpp>

#include "../fuzz.hpp"
#include "../oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  const auto v = metajson::try_from<metajson::value>(in);
  metajson_fuzz::value_matches_reference(v, reference::check(in));  // what is read is JSON
  if (!v) return 0;
  const auto w1 = metajson::try_to_json(*v);
  METAJSON_FUZZ_CHECK(w1.has_value());
  const auto v2 = metajson::try_from<metajson::value>(*w1);
  METAJSON_FUZZ_CHECK(v2.has_value());
  METAJSON_FUZZ_CHECK(identical(*v2, *v));
  const auto w2 = metajson::try_to_json(*v2);
  METAJSON_FUZZ_CHECK(w2.has_value() && *w2 == *w1);
  // Into a reused buffer: the same bytes.
  std::string buffer = "left over";
  METAJSON_FUZZ_CHECK(!metajson::try_to_json(*v, buffer) && buffer == *w1);
  const auto pretty = metajson::try_to_json<{.pretty = true}>(*v);
  METAJSON_FUZZ_CHECK(pretty.has_value());
  const auto v3 = metajson::try_from<metajson::value>(*pretty);
  METAJSON_FUZZ_CHECK(v3.has_value() && identical(*v3, *v));
  return 0;
}

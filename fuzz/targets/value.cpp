// from<metajson::value> on any bytes, with the default options and with UTF-8 replacement:
// whatever is read can be written (strings read with `replace` are valid UTF-8, numbers are
// finite), and an error always names a position inside the input. The default read gives the
// independent reference validator's verdict (refusing only, in addition, the numbers the
// reference finds beyond a double).
#include <metajson/value.hpp>

#include "../fuzz.hpp"
#include "../oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  const auto d = metajson::try_from<metajson::value>(in);
  metajson_fuzz::value_matches_reference(d, reference::check(in));
  if (d) {
    METAJSON_FUZZ_CHECK(metajson::try_to_json(*d).has_value());
  } else {
    METAJSON_FUZZ_CHECK(d.error().offset() <= size);
    METAJSON_FUZZ_CHECK(d.error().line() >= 1);
  }
  constexpr metajson::options replace{.utf8 = metajson::utf8_policy::replace};
  const auto r = metajson::try_from<metajson::value, replace>(in);
  if (d) METAJSON_FUZZ_CHECK(r && identical(*r, *d));  // valid UTF-8 is read the same either way
  if (r) {
    const auto w = metajson::try_to_json(*r);  // validates on output: replacement made it UTF-8
    METAJSON_FUZZ_CHECK(w.has_value());
  }
  // Reading into an existing value replaces it entirely.
  metajson::value existing = metajson::value::array{metajson::value(1), metajson::value("x")};
  if (!metajson::from_json(in, existing)) METAJSON_FUZZ_CHECK(d && identical(existing, *d));
  return 0;
}

// read_array on any bytes: the string and streams handing out 1, 7, 64 and 4096 bytes per read
// give the same results; they agree with the whole-document readers: when the input is an array
// of values (from<std::vector<metajson::value>>) the results are its elements, all values;
// when it is not JSON (validate), the last result is an error; with a typed element, one result
// per element, the vector's values when it reads as one.
#include <metajson/value.hpp>
#include <metajson/stream.hpp>

#include "../fuzz.hpp"
#include "stream_results.hpp"

namespace {

struct Item {
  int id = 0;
  std::string name;
  std::vector<double> v;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  const auto values = metajson_fuzz::same_through_streams(in, [](auto&& src) { return metajson::read_array<metajson::value>(src); });
  const auto items = metajson_fuzz::same_through_streams(in, [](auto&& src) { return metajson::read_array<Item>(src); });
  metajson_fuzz::same_through_streams(in, [](auto&& src) { return metajson::read_array<metajson::value, {.max_depth = 3, .max_document_size = 40}>(src); });

  const auto whole = metajson::try_from<std::vector<metajson::value>>(in);
  if (whole) {
    METAJSON_FUZZ_CHECK(values.size() == whole->size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      METAJSON_FUZZ_CHECK(values[i].ok);
      METAJSON_FUZZ_CHECK(values[i].text == metajson::to_json((*whole)[i]));
    }
  }
  const metajson::error v = metajson::validate(in);
  if (v) {
    // Not JSON: the range ends with an error (where the document stops being JSON).
    METAJSON_FUZZ_CHECK(!values.empty() && !values.back().ok);
    METAJSON_FUZZ_CHECK(!items.empty() && !items.back().ok);
  } else if (whole) {
    // An array: one result per element, a value or that element's type error, nothing after.
    METAJSON_FUZZ_CHECK(items.size() == whole->size());
    const auto typed = metajson::try_from<std::vector<Item>>(in);
    if (typed) {
      for (std::size_t i = 0; i < items.size(); ++i) {
        METAJSON_FUZZ_CHECK(items[i].ok);
        METAJSON_FUZZ_CHECK(items[i].text == metajson::to_json((*typed)[i]));
      }
    } else {
      bool any_error = false;
      for (const auto& r : items) any_error = any_error || !r.ok;
      METAJSON_FUZZ_CHECK(any_error);
    }
  } else {
    // JSON but not an array of values (not an array, or numbers beyond a double): an error.
    bool any_error = false;
    for (const auto& r : values) any_error = any_error || !r.ok;
    METAJSON_FUZZ_CHECK(any_error);
  }
  return 0;
}

// read_ndjson on any bytes: the string and streams handing out 1, 7, 64 and 4096 bytes per read
// give the same results; each result is the whole-document reader's verdict on its line
// (from<metajson::value>), in order, one per line that is not blank; an error's offset is its
// line's offset plus the offset within the line.
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

bool blank(std::string_view line) {
  for (char c : line)
    if (c != ' ' && c != '\t' && c != '\r') return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  const auto values = metajson_fuzz::same_through_streams(in, [](auto&& src) { return metajson::read_ndjson<metajson::value>(src); });
  metajson_fuzz::same_through_streams(in, [](auto&& src) { return metajson::read_ndjson<Item>(src); });
  metajson_fuzz::same_through_streams(in, [](auto&& src) { return metajson::read_ndjson<Item, {.max_depth = 3, .max_document_size = 40}>(src); });
  // The oracle: each non-blank line read on its own.
  std::size_t k = 0, start = 0;
  while (start < in.size()) {
    std::size_t nl = in.find('\n', start);
    if (nl == std::string_view::npos) nl = in.size();
    const std::string_view line = in.substr(start, nl - start);
    if (!blank(line)) {
      METAJSON_FUZZ_CHECK(k < values.size());
      const auto d = metajson::try_from<metajson::value>(line);
      METAJSON_FUZZ_CHECK(d.has_value() == values[k].ok);
      if (d) METAJSON_FUZZ_CHECK(metajson::to_json(*d) == values[k].text);
      else METAJSON_FUZZ_CHECK(values[k].offset == start + d.error().offset());
      ++k;
    }
    start = nl + 1;
  }
  METAJSON_FUZZ_CHECK(k == values.size());
  return 0;
}

// What the stream targets share: the results of read_ndjson / read_array as comparable text,
// and the check that a stream handing out 1, 7, 64 or 4096 bytes per read gives the same
// results as the string.
#pragma once

#include <metajson/metajson.hpp>
#include <metajson/stream.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "../../tests/support/chunked_stream.hpp"
#include "../fuzz.hpp"

namespace metajson_fuzz {

struct result_text {
  bool ok;
  std::string text;  // the value's JSON, or the error's message and place
  std::size_t offset;
  friend bool operator==(const result_text&, const result_text&) = default;
};

template <class Range>
std::vector<result_text> results_of(Range&& range) {
  std::vector<result_text> out;
  for (auto& r : range) {
    if (r) {
      auto w = metajson::try_to_json(*r);
      METAJSON_FUZZ_CHECK(w.has_value());  // what was read can be written
      out.push_back({true, std::move(*w), 0});
    } else {
      METAJSON_FUZZ_CHECK(!r.error().message().empty());
      METAJSON_FUZZ_CHECK(r.error().line() >= 1);
      out.push_back({false, r.error().message(), r.error().offset()});
    }
  }
  return out;
}

// read(input) for a string_view and read(stream) for chunked streams give the same results.
template <class Read>
std::vector<result_text> same_through_streams(std::string_view in, Read read) {
  std::vector<result_text> expected = results_of(read(in));
  for (std::size_t chunk : {1, 7, 64, 4096}) {
    test_support::chunked_istream is(in, chunk);
    METAJSON_FUZZ_CHECK(results_of(read(static_cast<std::istream&>(is))) == expected);
  }
  for (const auto& r : expected)
    if (!r.ok) METAJSON_FUZZ_CHECK(r.offset <= in.size());
  return expected;
}

}  // namespace metajson_fuzz

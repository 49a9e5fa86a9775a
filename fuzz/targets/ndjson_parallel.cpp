// NDJSON on several threads (metajson/parallel.hpp) against the serial reader and writer, on any
// bytes: read_ndjson(text, parallel_options) and read_ndjson(stream, parallel_options) give the
// serial reader's results, in order, errors word for word, for several thread counts, batch
// sizes (down to one byte: a batch boundary in every line) and read-aheads; from_ndjson gives
// its records or its first error; to_ndjson(range, parallel_options) writes the serial writer's
// bytes, into a string and a stream. The input's bytes also choose the options, so that a
// batch boundary falls anywhere.
#include <metajson/parallel.hpp>
#include <metajson/value.hpp>

#include <sstream>

#include "../fuzz.hpp"
#include "stream_results.hpp"

namespace {

struct Item {
  int id = 0;
  std::string name;
  std::vector<double> v;
};

template <class T, metajson::options O = metajson::options{}>
void same_on_threads(std::string_view in, std::size_t batch) {
  const auto expected = metajson_fuzz::results_of(metajson::read_ndjson<T, O>(in));
  for (unsigned threads : {2u, 3u}) {
    for (std::size_t b : {batch, std::size_t{1}, std::size_t{64}}) {
      const metajson::parallel_options p{.threads = threads, .batch_bytes = b, .batches_ahead = b % 3};
      METAJSON_FUZZ_CHECK(metajson_fuzz::results_of(metajson::read_ndjson<T, O>(in, p)) == expected);
    }
  }
  // From a stream that hands out 7 bytes per read.
  const auto expected_stream = [&] {
    test_support::chunked_istream is(in, 7);
    return metajson_fuzz::results_of(metajson::read_ndjson<T, O>(static_cast<std::istream&>(is)));
  }();
  test_support::chunked_istream is(in, 7);
  METAJSON_FUZZ_CHECK(metajson_fuzz::results_of(metajson::read_ndjson<T, O>(static_cast<std::istream&>(is), {.threads = 2, .batch_bytes = batch})) ==
                      expected_stream);
  // from_ndjson: every record, or the first error.
  const auto got = metajson::try_from_ndjson<T, O>(in, {.threads = 2, .batch_bytes = batch});
  std::size_t first_bad = expected.size();
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (!expected[i].ok) {
      first_bad = i;
      break;
    }
  if (first_bad < expected.size()) {
    METAJSON_FUZZ_CHECK(!got.has_value());
    METAJSON_FUZZ_CHECK(got.error().message() == expected[first_bad].text);
    METAJSON_FUZZ_CHECK(got.error().offset() == expected[first_bad].offset);
  } else {
    METAJSON_FUZZ_CHECK(got.has_value());
    METAJSON_FUZZ_CHECK(got->size() == expected.size());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  const std::size_t batch = 1 + (size != 0 ? data[size / 2] % 97 : 0);
  same_on_threads<metajson::value>(in, batch);
  same_on_threads<Item>(in, batch);
  same_on_threads<Item, {.max_depth = 3, .max_document_size = 40}>(in, batch);
  // The writer: the values read, written on threads, are the serial writer's bytes.
  std::vector<metajson::value> read;
  for (auto& r : metajson::read_ndjson<metajson::value>(in))
    if (r) read.push_back(std::move(*r));
  std::vector<metajson::value> values;  // at least 40 records (16 or fewer are written on one thread)
  for (std::size_t i = 0; !read.empty() && (i < read.size() || values.size() < 40); ++i) values.push_back(read[i % read.size()]);
  const std::string serial = metajson::to_ndjson(values);
  for (std::size_t b : {std::size_t{1}, batch, std::size_t{0}}) {
    const metajson::parallel_options p{.threads = 2, .batch_bytes = b};
    std::string out = "x";
    METAJSON_FUZZ_CHECK(!metajson::try_to_ndjson(values, out, p));
    METAJSON_FUZZ_CHECK(out == serial);
    std::ostringstream os;
    METAJSON_FUZZ_CHECK(!metajson::try_to_ndjson(values, os, p));
    METAJSON_FUZZ_CHECK(os.str() == serial);
  }
  return 0;
}

// The shared body of the schema targets: from<T> on any bytes; whatever is read is written,
// read back equal, and written again to the same bytes. Every error at once (errors = collect)
// agrees with the first-error read. Also reads with unknown keys denied
// and with duplicates allowed, which only change what is an error. Each of the three reads
// accepts only what validate() and the reference validator accept, and rejects what they
// reject no later than their first error (oracle.hpp).
#pragma once

#include <metajson/metajson.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../fuzz.hpp"
#include "../oracle.hpp"
#include "../seeds.hpp"

namespace metajson_fuzz {

template <class T>
void schema_round_trip(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = as_text(data, size);
  const auto t = metajson::try_from<T>(in);
  typed_read_only_accepts_json(in, t.has_value(), t ? 0 : t.error().offset());
  if (!t) {
    METAJSON_FUZZ_CHECK(t.error().offset() <= size);
  } else {
    const auto w1 = metajson::try_to_json(*t);
    METAJSON_FUZZ_CHECK(w1.has_value());
    const auto t2 = metajson::try_from<T>(*w1);
    METAJSON_FUZZ_CHECK(t2.has_value());
    METAJSON_FUZZ_CHECK(*t2 == *t);
    const auto w2 = metajson::try_to_json(*t2);
    METAJSON_FUZZ_CHECK(w2.has_value() && *w2 == *w1);
  }
  constexpr metajson::options deny{.unknown_keys = metajson::unknown_key_policy::error};
  const auto strict = metajson::try_from<T, deny>(in);
  typed_read_only_accepts_json(in, strict.has_value(), strict ? 0 : strict.error().offset());
  if (strict) METAJSON_FUZZ_CHECK(t && *strict == *t);
  // Every error at once (options::errors = collect): none exactly when the first-error read
  // succeeds (and then the same object); else the first one is the first-error read's, word for
  // word, place for place, and each lies inside the input.
  constexpr metajson::options all_errors{.errors = metajson::error_mode::collect, .max_errors = 20};
  T filled{};
  const metajson::error_list all = metajson::from_json<all_errors>(in, filled);
  METAJSON_FUZZ_CHECK(all.empty() == t.has_value());
  if (t) METAJSON_FUZZ_CHECK(filled == *t);
  if (!t) {
    METAJSON_FUZZ_CHECK(all.front().message() == t.error().message());
    METAJSON_FUZZ_CHECK(all.size() <= 21);  // max_errors, then the syntax error that ends the document
    for (const metajson::error& e : all) METAJSON_FUZZ_CHECK(e.offset() <= size && e.line() >= 1);
  }
  constexpr metajson::options deny_all{.unknown_keys = metajson::unknown_key_policy::error, .errors = metajson::error_mode::collect};
  const metajson::error_list denied = metajson::check<T, deny_all>(in);
  METAJSON_FUZZ_CHECK(denied.empty() == strict.has_value());
  if (!strict) METAJSON_FUZZ_CHECK(denied.front().message() == strict.error().message());
  constexpr metajson::options last{.duplicate_keys = metajson::duplicate_key_policy::last_wins};
  const auto lenient = metajson::try_from<T, last>(in);
  typed_read_only_accepts_json(in, lenient.has_value(), lenient ? 0 : lenient.error().offset());
  if (t) METAJSON_FUZZ_CHECK(lenient && *lenient == *t);
}

// A small document of the schema, made from the first `keep` elements of a dataset.
// Without the dataset there is no such seed: said on stderr, and a failure in CI (seeds.hpp).
template <class T, class Trim>
void schema_seed(const char* file, std::vector<std::string>& out, Trim trim) {
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (!dir || !*dir) return missing_data(std::string("METAJSON_DATA_DIR is not set: no seed made from ") + file);
  std::ifstream f(std::filesystem::path(dir) / file, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  auto t = metajson::try_from<T>(ss.str());
  if (!t) return missing_data(std::string("cannot read ") + file + " into its schema: " + t.error().message());
  trim(*t);
  if (auto w = metajson::try_to_json(*t)) out.push_back(*w);
}

}  // namespace metajson_fuzz

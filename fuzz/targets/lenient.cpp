// The lenient options (allow_comments, allow_trailing_commas, allow_nonfinite) on any bytes,
// each alone and all together, against the independent reference validator with the same
// extensions (tests/support/reference_validator.hpp): the same verdict from validate() and from
// from<metajson::value>. Then what a lenient read
// accepts, written back (NaN and infinities spelled as read), is plain JSON but for those:
// the strict reader with allow_nonfinite reads it, and writing that gives the same text. And
// the lenient options never refuse what the strict reader accepts.
#include <metajson/value.hpp>

#include "../fuzz.hpp"
#include "../oracle.hpp"

#include <string>
#include <vector>

namespace {

constexpr metajson::options all{.allow_comments = true, .allow_trailing_commas = true, .allow_nonfinite = true};
constexpr metajson::options nonfinite_only{.allow_nonfinite = true};

template <metajson::options O>
void same_verdict(std::string_view in, reference::options ro) {
  const metajson::error v = metajson::validate<O>(in);
  const reference::verdict ref = reference::check(in, ro);
  METAJSON_FUZZ_CHECK(!v == ref.ok);
  if (v) METAJSON_FUZZ_CHECK(v.offset() <= in.size() && !v.message().empty());
  const auto d = metajson::try_from<metajson::value, O>(in);
  METAJSON_FUZZ_CHECK(d.has_value() == ref.ok);
  if (!d) return;
  const std::string out = metajson::to_json<nonfinite_only>(*d);
  const auto again = metajson::try_from<metajson::value, nonfinite_only>(out);
  METAJSON_FUZZ_CHECK(again.has_value());
  METAJSON_FUZZ_CHECK(metajson::to_json<nonfinite_only>(*again) == out);
}

}  // namespace

// Seeds with comments, trailing commas and non-finite numbers in every place they may stand.
extern "C" void metajson_fuzz_seeds(std::vector<std::string>& out) {
  out.push_back("// config\n{\"a\": [1, 2,], /* b */ \"b\": {\"c\": NaN,},}\n");
  out.push_back("/**/[/* x */Infinity/**/,-Infinity // y\n,\"s // not /* a comment\",]//");
  out.push_back("{\"k\"/*1*/:/*2*/null/*3*/,/*4*/}");
  out.push_back("[[],[,],{,},[1,,],/*/ */ \"\\\\\" // \xc3\xa9\r 0]");
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  same_verdict<{.allow_comments = true}>(in, {.comments = true});
  same_verdict<{.allow_trailing_commas = true}>(in, {.trailing_commas = true});
  same_verdict<nonfinite_only>(in, {.nonfinite = true});
  same_verdict<all>(in, {.comments = true, .trailing_commas = true, .nonfinite = true});
  // What is JSON stays JSON, the same value.
  if (!metajson::validate(in)) {
    METAJSON_FUZZ_CHECK(!metajson::validate<all>(in));
    const auto strict = metajson::try_from<metajson::value>(in);
    const auto loose = metajson::try_from<metajson::value, all>(in);
    METAJSON_FUZZ_CHECK(strict.has_value() == loose.has_value());
    if (strict) METAJSON_FUZZ_CHECK(metajson::to_json(*strict) == metajson::to_json(*loose));
  }
  return 0;
}

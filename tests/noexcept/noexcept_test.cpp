// Compiled with -fno-exceptions: only the non-throwing entry points exist (writing and
// reading), and they work.
#include <metajson/metajson.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

struct Sample {
  std::string name;
  std::vector<double> values;
};

static int failures = 0, passes = 0;
static void check(bool ok, const char* what) {
  if (ok) {
    ++passes;
  } else {
    ++failures;
    std::printf("FAILED: %s\n", what);
  }
}

int main() {
  auto r = metajson::try_to_json(Sample{"a", {1, 2.5}});
  check(r.has_value() && *r == R"({"name":"a","values":[1.0,2.5]})", "try_to_json value");
  auto bad = metajson::try_to_json(Sample{"a", {std::nan("")}});
  check(!bad.has_value() && bad.error().code() == metajson::error_code::non_finite_number, "try_to_json error");
  check(!bad.has_value() && bad.error().path() == "$.values[0]", "error path");
  std::string buf;
  check(!metajson::try_to_json(Sample{"b", {}}, buf) && buf == R"({"name":"b","values":[]})", "try_to_json buffer");
  // Reading without exceptions.
  auto back = metajson::try_from<Sample>(R"({"name":"c","values":[0.5]})");
  check(back.has_value() && back->name == "c" && back->values.size() == 1, "try_from value");
  auto bad_read = metajson::try_from<Sample>(R"({"name":1})");
  check(!bad_read.has_value() && bad_read.error().code() == metajson::error_code::type_mismatch, "try_from error");
  Sample existing;
  check(!metajson::from_json(R"({"name":"d"})", existing) && existing.name == "d", "from_json");
  check(metajson::validate("[1,]").code() == metajson::error_code::syntax_error, "validate");
  std::printf("%d passed, %d failed\n", passes, failures);
  return failures == 0 ? 0 : 1;
}

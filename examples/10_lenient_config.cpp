// Lenient input, opt-in: a hand-written configuration file with comments and trailing commas
// (the JSONC that editors write), and NaN / Infinity as Python's json module writes them.
// Strict stays the default: the same text is refused without the options. docs/lenient.md.
#include <metajson/metajson.hpp>

#include <cstdio>
#include <string>
#include <vector>

struct Limits {
  double max_rate;
  double min_rate;
};

struct Settings {
  std::string service;
  std::vector<std::string> replicas;
  Limits limits;
};

int main() {
  const std::string settings_jsonc = R"(// deployment settings
{
  "service": "billing",
  "replicas": [
    "eu-1", // primary
    "eu-2", /* standby */
  ],
  "limits": {"max_rate": Infinity, "min_rate": 0.5,},
}
)";

  constexpr metajson::options config_file{.allow_comments = true, .allow_trailing_commas = true, .allow_nonfinite = true};
  const auto s = metajson::from<Settings, config_file>(settings_jsonc);
  std::printf("%s on %zu replicas, max rate %g\n", s.service.c_str(), s.replicas.size(), s.limits.max_rate);

  // Without the options the same text is an error that points at the first comment.
  const auto strict = metajson::try_from<Settings>(settings_jsonc);
  std::printf("strict: %s\n", strict.error().message().c_str());

  // Errors keep their place in the text, comments and all.
  const auto bad = metajson::try_from<Settings, config_file>("// v2\n{\"service\": 7}");
  std::printf("lenient: %s\n", bad.error().message().c_str());

  // allow_nonfinite writes NaN and infinities back the way it reads them; strict output refuses them.
  std::printf("%s\n", metajson::to_json<config_file>(s.limits).c_str());
  std::printf("strict: %s\n", metajson::try_to_json(s.limits).error().message().c_str());
}

// Output (checked by ctest):
// billing on 2 replicas, max rate inf
// strict: expected object, found '/' (a comment: options::allow_comments reads them) at $ (line 1, column 1)
// lenient: expected string, found number at $.service (line 2, column 13)
// {"max_rate":Infinity,"min_rate":0.5}
// strict: NaN or infinity cannot be written as JSON (+Inf) at $.max_rate

// Must not compile: what the lenient options cannot do faithfully (docs/lenient.md). Each
// function instantiates one refusal; the test requires every message.
#include <metajson/metajson.hpp>
#include <metajson/stream.hpp>

#include <cmath>
#include <map>
#include <sstream>
#include <string_view>
#include <vector>

struct View {
  std::string_view name;  // would point into the prepared copy of the text
};
struct Keys {
  std::map<std::string_view, int> counts;
};

void view_member() { (void)metajson::from<View, {.allow_comments = true}>(R"({"name": "x"})"); }
void view_keys() { (void)metajson::from<Keys, {.allow_trailing_commas = true}>(R"({"counts": {"a": 1,},})"); }
void ndjson_with_comments() {
  for (const auto& r : metajson::read_ndjson<int, {.allow_comments = true}>("1\n2\n")) (void)r;
}
void nonfinite_and_null() { (void)metajson::to_json<{.nonfinite = metajson::nonfinite_policy::null, .allow_nonfinite = true}>(NAN); }

int main() {}

// A user's program, compiled with -Wall -Wextra -Werror at -O2 by every tested compiler (GCC 16
// with reflection; clang-22 and g++-13 on the C++23 backend, make test-cxx23-ci): our headers
// must not warn in a user's build. It includes every public header and instantiates what a
// program typically does with each: read and write of the study's twitter and CITM models (at
// -O2, where GCC's flow-based warnings run), a tagged variant, an enum, optionals and maps, the
// dynamic value and its patches, the document, streams, NDJSON, a schema, its validation, every
// error at once, MessagePack and CBOR
// (deterministic). Its run checks that each round trip gives back what it read.
#include <metajson/cbor.hpp>
#include <metajson/document.hpp>
#include <metajson/file.hpp>
#include <metajson/json_schema.hpp>
#include <metajson/metajson.hpp>
#include <metajson/msgpack.hpp>
#include <metajson/patch.hpp>
#include <metajson/schema.hpp>
#include <metajson/stream.hpp>
#include <metajson/value.hpp>

#include <cstdio>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "citm.hpp"
#include "twitter.hpp"

namespace consumer {

struct Circle {
  double r = 0;
};
struct Square {
  double side = 0;
};
enum class Color { red, green };
struct Drawing {
  std::variant<Circle, Square, int> shape;
  std::optional<std::string> title;
  Color color = Color::red;
  std::map<std::string, std::vector<int>> layers;
};

}  // namespace consumer

template <>
struct metajson::meta<consumer::Drawing> {
  static constexpr auto members = metajson::with(metajson::member<&consumer::Drawing::shape>(metajson::tag("type")));
};

namespace {

int failures = 0;
void check(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

template <class T>
void round_trip(const char* json, const char* what) {
  const auto first = metajson::try_from<T>(json);
  check(first.has_value(), what);
  if (!first) return;
  const std::string written = metajson::to_json(*first);
  const auto second = metajson::try_from<T>(written);
  check(second.has_value() && metajson::to_json(*second) == written, what);
}

}  // namespace

int main() {
  round_trip<twitter::TwitterData>(R"({"statuses":[],"search_metadata":{"completed_in":0.01,"max_id":1,"max_id_str":"1",
    "next_results":"?","query":"q","refresh_url":"?","count":1,"since_id":0,"since_id_str":"0"}})",
                                   "twitter");
  const char* const citm_json = R"({"areaNames":{"1":"a"},"audienceSubCategoryNames":{},"blockNames":{},"events":{},
    "performances":[],"seatCategoryNames":{},"subTopicNames":{},"subjectNames":{},"topicNames":{},"topicSubTopics":{},
    "venueNames":{}})";
  round_trip<citm::CitmCatalog>(citm_json, "citm");
  round_trip<consumer::Drawing>(R"({"shape":{"type":"Square","side":2.5},"title":"t","color":"green","layers":{"a":[1,2]}})",
                                "tagged variant");

  metajson::value v = metajson::from<metajson::value>(R"({"a":[1,2.5,"x",null,true],"b":{"c":{}}})");
  v["d"] = v["a"];
  const metajson::value patched = metajson::patch(v, metajson::from<metajson::value>(R"([{"op":"remove","path":"/b"}])"));
  check(metajson::to_json(patched) == R"({"a":[1,2.5,"x",null,true],"d":[1,2.5,"x",null,true]})", "value and patch");
  check(metajson::make_patch(v, patched).is_array(), "make_patch");

  const metajson::document doc = metajson::document::parse(R"({"k":[10,20]})");
  check(doc["k"][1].as_uint64() == 20, "document");

  std::istringstream lines("{\"r\":1}\n{\"r\":2}\n");
  double sum = 0;
  bool all = true;
  for (auto& r : metajson::read_ndjson<consumer::Circle>(lines)) {
    all = all && r.has_value();
    if (r) sum += r->r;
  }
  check(all && sum == 3, "read_ndjson");
  std::ostringstream out;
  metajson::to_json(consumer::Circle{1.5}, out);
  check(out.str() == R"({"r":1.5})", "to_json to a stream");

  check(!metajson::schema<consumer::Drawing>().empty(), "schema");
  const metajson::json_schema validator = metajson::json_schema::compile(metajson::schema<consumer::Drawing>(), {.format_assertion = true});
  check(validator.is_valid_json(metajson::to_json(consumer::Drawing{})), "JSON Schema validation");
  check(!validator.validate_json("[]").valid(), "JSON Schema validation errors");
  constexpr metajson::options every_error{.errors = metajson::error_mode::collect};
  check(metajson::check<consumer::Drawing, every_error>("{}").empty(), "every error");

  const auto catalog = metajson::from<citm::CitmCatalog>(citm_json);
  check(metajson::from_msgpack<citm::CitmCatalog>(metajson::to_msgpack(catalog)) == catalog, "MessagePack");
  constexpr metajson::binary_options deterministic{.deterministic = true};
  check(metajson::from_cbor<citm::CitmCatalog>(metajson::to_cbor<metajson::options{}, deterministic>(catalog)) == catalog, "CBOR");
  return failures == 0 ? 0 : 1;
}

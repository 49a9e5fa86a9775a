// JSON Schema validation (issue 53): metajson::json_schema (metajson/json_schema.hpp) beside
// valijson (its RapidJSON adapter) and jsoncons' jsonschema, on the suite's datasets (twitter,
// CITM, canada) and the small order message (its sample(), written by metajson::to_json), each
// against a draft 2020-12 schema a user would write for it (bench/schemas/*.schema.json). A
// program of its own, pinned to the core it starts on; run.py runs it once after the suite's
// rounds: `make bench` into bench/build/validate.json (a section of summary.md), the full study
// into results/validate.json.
//
//   METAJSON_DATA_DIR=... bench/build/validate_bench [--rounds N] [--seconds S] [--json FILE]
//                                                    [--schemas DIR] [--valijson-nlohmann]
//
// Rows, per document: two kinds, each in two modes.
//   - "parse + validate": from the JSON text to a verdict; each library parses with its own
//     parser into its own DOM (metajson: is_valid_json / validate_json, which parse into a
//     metajson::document the thread keeps; valijson: a fresh rapidjson::Document, parsed with
//     kParseFullPrecisionFlag as the suite's RapidJSON program does; jsoncons: json::parse).
//   - "validate only": on a DOM parsed once before timing (metajson::document for metajson).
//   - mode "is_valid": the verdict alone, stopping at the first failure (metajson is_valid;
//     valijson's validate without a ValidationResults; jsoncons' is_valid);
//     mode "validate": every error collected (metajson validate, a validation_result; valijson
//     with a ValidationResults; jsoncons' validate with a reporter that counts the messages).
// The schemas are compiled once (not timed). valijson implements draft-07 only: it gets the same
// schema with 2020-12's array keywords spelled as draft-07's (prefixItems -> items as an array,
// items -> additionalItems, $schema draft-07), the only 2020-12 keywords the schemas use that
// draft-07 reads otherwise (no $ref has siblings; $defs is reached by JSON Pointer in both).
// `format` is an annotation for all three (metajson's and jsoncons' defaults; valijson asserts
// date, time and date-time, which the order's created_at satisfies).
//
// Checked before timing (else the program exits 1 saying what disagrees): every library, both
// modes and both kinds, says each document is valid; and says invalid, in both modes, on mutated
// copies (a required member removed, a wrong type, a pattern, a bound, an enum, a member the
// schema closes out...), written by metajson::to_json from the document read into a
// metajson::value. The errors each library counts on them are printed (they differ by design:
// how many keywords report one bad value).
//
// valijson's nlohmann/json adapter (--valijson-nlohmann) adds a peer. Measured (5 rounds,
// 2026-11-29): 1.5-1.9x slower than the RapidJSON adapter on every "parse + validate" row
// (nlohmann/json's parser), 0.9-1.7x on the "validate only" rows (faster on one, twitter is_valid,
// by 13 %), so valijson is timed with RapidJSON, its faster adapter here, by default.
//
// Method (binary_bench's): --rounds (default 7) alternate the rows; in each round a row's every
// library runs for --seconds (default 0.05) of the thread's CPU time (CLOCK_THREAD_CPUTIME_ID) and
// its figure is the time per call; a library's result is the median of its rounds; a ratio
// (peer / metajson) is the median of the rounds' ratios (the same round of both), and the row's
// ratio is, per round, the fastest peer's time over metajson's, its median. Target (issue 53):
// metajson >= 3x the fastest peer on every row.
#include <metajson/metajson.hpp>
#include <metajson/document.hpp>
#include <metajson/json_schema.hpp>
#include <metajson/value.hpp>

#include <rapidjson/document.h>
#include <valijson/adapters/rapidjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>
#if __has_include(<nlohmann/json.hpp>)
#include <nlohmann/json.hpp>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#define METAJSON_BENCH_NLOHMANN 1
#endif

#include <jsoncons/json.hpp>
#include <jsoncons_ext/jsonschema/jsonschema.hpp>

#include <sched.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "order.hpp"

#ifndef METAJSON_BENCH_SCHEMA_DIR
#define METAJSON_BENCH_SCHEMA_DIR "bench/schemas"
#endif
#ifndef METAJSON_BENCH_VALIJSON_VERSION
#define METAJSON_BENCH_VALIJSON_VERSION "?"
#endif

namespace {

constexpr double target = 3.0;  // issue 53: metajson >= 3x the fastest peer on every row

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot open " + path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::string json_string(const std::string& s) {
  std::string o = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') o += '\\';
    o += ch;
  }
  return o + "\"";
}

std::string cpu_name() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "?";
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// Seconds per call of f, for about `budget` seconds of CPU time.
double time_row(const std::function<void()>& f, double budget) {
  f();  // warm
  long calls = 0;
  const double start = cpu_seconds();
  double now = start;
  long batch = 1;
  while (now - start < budget) {
    for (long i = 0; i < batch; ++i) f();
    calls += batch;
    now = cpu_seconds();
    if (batch < (1 << 16)) batch *= 2;
  }
  return (now - start) / static_cast<double>(calls);
}

// --- The schemas -----------------------------------------------------------------------------------

// The draft 2020-12 schema as draft-07 reads the same constraints (for valijson): prefixItems is
// draft-07's items array, and 2020-12's items beside it draft-07's additionalItems.
void to_draft7(metajson::value& v) {
  if (v.is_array()) {
    for (metajson::value& e : v.as_array()) to_draft7(e);
    return;
  }
  if (!v.is_object()) return;
  for (auto& m : v.as_object()) to_draft7(m.value());
  if (metajson::value* s = v.find("$schema")) *s = "http://json-schema.org/draft-07/schema#";
  if (const metajson::value* p = v.find("prefixItems")) {
    metajson::value tuple = *p;
    std::optional<metajson::value> rest;
    if (const metajson::value* i = v.find("items")) rest = *i;
    v.erase("prefixItems");
    v.erase("items");
    v["items"] = std::move(tuple);
    if (rest) v["additionalItems"] = std::move(*rest);
  }
}

// --- The libraries ---------------------------------------------------------------------------------

// One library's four calls on one document: from the text (is_valid, validate) and on its DOM
// parsed once (is_valid, validate). is_valid returns the verdict, validate the errors counted.
struct calls {
  std::string name;
  std::function<bool(const std::string&)> text_is_valid;
  std::function<std::size_t(const std::string&)> text_validate;
  std::function<bool()> dom_is_valid;
  std::function<std::size_t()> dom_validate;
};

calls metajson_calls(const std::string& schema_text, const std::string& text) {
  struct state {
    metajson::json_schema schema;
    metajson::document doc;
  };
  auto s = std::make_shared<state>(state{metajson::json_schema::compile(schema_text), metajson::document::parse(text)});
  auto count = [](const metajson::validation_result& r) { return r.errors().size() + r.more(); };
  return {"metajson",
          [s](const std::string& t) { return s->schema.is_valid_json(t); },
          [s, count](const std::string& t) { return count(s->schema.validate_json(t)); },
          [s] { return s->schema.is_valid(s->doc); },
          [s, count] { return count(s->schema.validate(s->doc)); }};
}

calls valijson_rapidjson_calls(const std::string& draft7_schema, const std::string& text) {
  struct state {
    rapidjson::Document schema_doc;
    valijson::Schema schema;
    valijson::Validator validator;  // keeps its compiled regular expressions: one per state
    rapidjson::Document doc;
  };
  auto s = std::make_shared<state>();
  s->schema_doc.Parse(draft7_schema.data(), draft7_schema.size());
  if (s->schema_doc.HasParseError()) throw std::runtime_error("RapidJSON cannot parse the schema");
  valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
  parser.populateSchema(valijson::adapters::RapidJsonAdapter(s->schema_doc), s->schema);
  s->doc.Parse<rapidjson::kParseFullPrecisionFlag>(text.data(), text.size());
  if (s->doc.HasParseError()) throw std::runtime_error("RapidJSON cannot parse the document");
  return {"valijson",
          [s](const std::string& t) {
            rapidjson::Document d;
            d.Parse<rapidjson::kParseFullPrecisionFlag>(t.data(), t.size());
            return !d.HasParseError() && s->validator.validate(s->schema, valijson::adapters::RapidJsonAdapter(d), nullptr);
          },
          [s](const std::string& t) -> std::size_t {
            rapidjson::Document d;
            d.Parse<rapidjson::kParseFullPrecisionFlag>(t.data(), t.size());
            if (d.HasParseError()) return 1;
            valijson::ValidationResults results;
            s->validator.validate(s->schema, valijson::adapters::RapidJsonAdapter(d), &results);
            return results.numErrors();
          },
          [s] { return s->validator.validate(s->schema, valijson::adapters::RapidJsonAdapter(s->doc), nullptr); },
          [s] {
            valijson::ValidationResults results;
            s->validator.validate(s->schema, valijson::adapters::RapidJsonAdapter(s->doc), &results);
            return results.numErrors();
          }};
}

#if METAJSON_BENCH_NLOHMANN
calls valijson_nlohmann_calls(const std::string& draft7_schema, const std::string& text) {
  struct state {
    nlohmann::json schema_doc;
    valijson::Schema schema;
    valijson::Validator validator;
    nlohmann::json doc;
  };
  auto s = std::make_shared<state>();
  s->schema_doc = nlohmann::json::parse(draft7_schema);
  valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
  parser.populateSchema(valijson::adapters::NlohmannJsonAdapter(s->schema_doc), s->schema);
  s->doc = nlohmann::json::parse(text);
  return {"valijson/nlohmann",
          [s](const std::string& t) {
            const nlohmann::json d = nlohmann::json::parse(t, nullptr, false);
            return !d.is_discarded() && s->validator.validate(s->schema, valijson::adapters::NlohmannJsonAdapter(d), nullptr);
          },
          [s](const std::string& t) -> std::size_t {
            const nlohmann::json d = nlohmann::json::parse(t, nullptr, false);
            if (d.is_discarded()) return 1;
            valijson::ValidationResults results;
            s->validator.validate(s->schema, valijson::adapters::NlohmannJsonAdapter(d), &results);
            return results.numErrors();
          },
          [s] { return s->validator.validate(s->schema, valijson::adapters::NlohmannJsonAdapter(s->doc), nullptr); },
          [s] {
            valijson::ValidationResults results;
            s->validator.validate(s->schema, valijson::adapters::NlohmannJsonAdapter(s->doc), &results);
            return results.numErrors();
          }};
}
#endif

calls jsoncons_calls(const std::string& schema_text, const std::string& text) {
  namespace js = jsoncons::jsonschema;
  struct state {
    js::json_schema<jsoncons::json> schema;
    jsoncons::json doc;
  };
  auto s = std::make_shared<state>(state{js::make_json_schema(jsoncons::json::parse(schema_text)), jsoncons::json::parse(text)});
  auto count = [](const js::json_schema<jsoncons::json>& schema, const jsoncons::json& d) {
    std::size_t n = 0;
    schema.validate(d, [&n](const js::validation_message&) -> js::walk_result {
      ++n;
      return js::walk_result::advance;
    });
    return n;
  };
  return {"jsoncons",
          [s](const std::string& t) { return s->schema.is_valid(jsoncons::json::parse(t)); },
          [s, count](const std::string& t) { return count(s->schema, jsoncons::json::parse(t)); },
          [s] { return s->schema.is_valid(s->doc); },
          [s, count] { return count(s->schema, s->doc); }};
}

// --- The documents and their mutations -----------------------------------------------------------

struct mutation {
  std::string what;
  std::function<void(metajson::value&)> apply;
};

metajson::value& at(metajson::value& v, std::string_view pointer) {
  metajson::value* p = v.find_pointer(pointer);
  if (!p) throw std::runtime_error("mutation: no " + std::string(pointer) + " in the document");
  return *p;
}

std::vector<mutation> mutations_of(const std::string& name) {
  auto erase = [](std::string pointer, std::string key) {
    return [=](metajson::value& v) {
      if (at(v, pointer).erase(key) != 1) throw std::runtime_error("mutation: no member " + key + " at " + pointer);
    };
  };
  auto set = [](std::string pointer, metajson::value to) { return [=](metajson::value& v) { at(v, pointer) = to; }; };
  if (name == "twitter")
    return {{"required member removed (/statuses/42/user/screen_name)", erase("/statuses/42/user", "screen_name")},
            {"wrong type (/statuses/99/retweet_count a string)", set("/statuses/99/retweet_count", "7")},
            {"pattern (/statuses/10/created_at in RFC 3339)", set("/statuses/10/created_at", "2014-08-31T00:29:15Z")},
            {"enum (/statuses/3/metadata/result_type)", set("/statuses/3/metadata/result_type", "oldest")},
            {"member not allowed (/statuses/7/entities/extra)", [](metajson::value& v) { at(v, "/statuses/7/entities")["extra"] = true; }}};
  if (name == "citm_catalog")
    return {{"required member removed (/performances/98/seatCategories/0/areas/3/areaId)",
             erase("/performances/98/seatCategories/0/areas/3", "areaId")},
            {"wrong type (/events/138586341/id a string)", set("/events/138586341/id", "138586341")},
            {"key outside patternProperties (/areaNames/x205705993)", [](metajson::value& v) { at(v, "/areaNames")["x205705993"] = "Parterre"; }},
            {"uniqueItems (/events/138586341/topicIds repeated)",
             [](metajson::value& v) {
               metajson::value& ids = at(v, "/events/138586341/topicIds");
               metajson::value first = ids[0];
               ids.push_back(first);
             }},
            {"minimum (/performances/5/prices/0/amount negative)", set("/performances/5/prices/0/amount", -100)}};
  if (name == "canada")
    return {{"latitude out of range (/features/0/geometry/coordinates/10/5/1)", set("/features/0/geometry/coordinates/10/5/1", 95.5)},
            {"wrong type (/features/0/geometry/coordinates/0/0/0 a string)", set("/features/0/geometry/coordinates/0/0/0", "-65.6")},
            {"position of three numbers (/features/0/geometry/coordinates/3/2)",
             [](metajson::value& v) { at(v, "/features/0/geometry/coordinates/3/2").push_back(12.5); }},
            {"enum (/features/0/geometry/type LineString)", set("/features/0/geometry/type", "LineString")},
            {"required member removed (/features/0/type)", erase("/features/0", "type")}};
  return {{"required member removed (/currency)", erase("", "currency")},
          {"wrong type (/items/2/quantity a string)", set("/items/2/quantity", "3")},
          {"minimum (/items/0/quantity 0)", set("/items/0/quantity", 0)},
          {"pattern (/customer/shipping_address/country lower case)", set("/customer/shipping_address/country", "ch")},
          {"enum (/status)", set("/status", "lost")},
          {"member not allowed (/items/4/discount)", [](metajson::value& v) { at(v, "/items/4")["discount"] = 0.1; }}};
}

struct document {
  std::string name, text, schema;
  std::vector<calls> libs;  // metajson first
};

struct check_line {
  std::string name, what;
  std::vector<std::size_t> errors;  // per library: errors counted by validate
};

// Every library's verdicts on the document and on its mutations; throws when one disagrees.
std::vector<check_line> check(const document& d) {
  std::vector<check_line> out;
  check_line valid{d.name, "valid (the document)", {}};
  for (const calls& c : d.libs) {
    const std::string where = d.name + ", " + c.name + ": ";
    if (!c.text_is_valid(d.text)) throw std::runtime_error(where + "is_valid on the text says invalid");
    if (!c.dom_is_valid()) throw std::runtime_error(where + "is_valid on its DOM says invalid");
    if (std::size_t n = c.text_validate(d.text)) throw std::runtime_error(where + "validate on the text finds " + std::to_string(n) + " errors");
    if (std::size_t n = c.dom_validate()) throw std::runtime_error(where + "validate on its DOM finds " + std::to_string(n) + " errors");
    valid.errors.push_back(0);
  }
  out.push_back(valid);
  const metajson::value original = metajson::from<metajson::value>(d.text);
  for (const mutation& m : mutations_of(d.name)) {
    metajson::value v = original;
    m.apply(v);
    const std::string text = metajson::to_json(v);
    check_line line{d.name, m.what, {}};
    for (const calls& c : d.libs) {
      const std::string where = d.name + ", " + m.what + ", " + c.name + ": ";
      if (c.text_is_valid(text)) throw std::runtime_error(where + "is_valid says valid");
      const std::size_t n = c.text_validate(text);
      if (n == 0) throw std::runtime_error(where + "validate finds no error");
      line.errors.push_back(n);
    }
    out.push_back(line);
  }
  return out;
}

// --- Rows ------------------------------------------------------------------------------------------

struct row {
  std::string doc, kind, mode;                         // kind: "parse + validate" / "validate only"; mode: is_valid / validate
  std::vector<std::string> names;                      // metajson, then the peers
  std::vector<std::function<void()>> fns;              // one call each
  std::vector<std::vector<double>> seconds;            // per library, per round: seconds per call
  std::vector<std::vector<double>> ratios;             // per peer (index - 1), per round: peer / metajson
  std::vector<double> fastest;                         // per round: the fastest peer / metajson
};

void add_rows(std::vector<row>& rows, const document& d) {
  auto text = std::make_shared<std::string>(d.text);
  for (int kind = 0; kind < 2; ++kind)
    for (int mode = 0; mode < 2; ++mode) {
      row r{d.name, kind == 0 ? "parse + validate" : "validate only", mode == 0 ? "is_valid" : "validate", {}, {}, {}, {}, {}};
      for (const calls& c : d.libs) {
        r.names.push_back(c.name);
        std::function<void()> f;
        if (kind == 0 && mode == 0) f = [c, text] { if (!c.text_is_valid(*text)) std::abort(); };
        else if (kind == 0) f = [c, text] { if (c.text_validate(*text)) std::abort(); };
        else if (mode == 0) f = [c] { if (!c.dom_is_valid()) std::abort(); };
        else f = [c] { if (c.dom_validate()) std::abort(); };
        r.fns.push_back(std::move(f));
      }
      r.seconds.resize(r.fns.size());
      r.ratios.resize(r.fns.size() - 1);
      rows.push_back(std::move(r));
    }
}

double lo(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }
double hi(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }

// The peer whose median time is lowest (index into names).
std::size_t fastest_peer(const row& r) {
  std::size_t best = 1;
  for (std::size_t i = 2; i < r.names.size(); ++i)
    if (median(r.seconds[i]) < median(r.seconds[best])) best = i;
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 7;
  double seconds = 0.05;
  std::string json_file, schema_dir = METAJSON_BENCH_SCHEMA_DIR;
  bool with_nlohmann = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--rounds" && i + 1 < argc) rounds = std::atoi(argv[++i]);
    else if (a == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
    else if (a == "--json" && i + 1 < argc) json_file = argv[++i];
    else if (a == "--schemas" && i + 1 < argc) schema_dir = argv[++i];
    else if (a == "--valijson-nlohmann") with_nlohmann = true;
    else {
      std::fprintf(stderr, "usage: validate_bench [--rounds N] [--seconds S] [--json FILE] [--schemas DIR] [--valijson-nlohmann]\n");
      return 2;
    }
  }
  if (rounds < 1) rounds = 1;
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (!dir) {
    std::fprintf(stderr, "validate_bench: set METAJSON_DATA_DIR to the datasets' folder\n");
    return 2;
  }
#if !METAJSON_BENCH_NLOHMANN
  if (with_nlohmann) {
    std::fprintf(stderr, "validate_bench: --valijson-nlohmann: built without nlohmann/json\n");
    return 2;
  }
#endif
  // Pinned to the core it starts on.
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(sched_getcpu(), &set);
  sched_setaffinity(0, sizeof set, &set);

  try {
    const std::string d = dir;
    std::vector<document> docs;
    auto add = [&](const std::string& name, std::string text) {
      document doc{name, std::move(text), slurp(schema_dir + "/" + name + ".schema.json"), {}};
      metajson::value draft7 = metajson::from<metajson::value>(doc.schema);
      to_draft7(draft7);
      const std::string draft7_text = metajson::to_json(draft7);
      doc.libs.push_back(metajson_calls(doc.schema, doc.text));
      doc.libs.push_back(valijson_rapidjson_calls(draft7_text, doc.text));
      doc.libs.push_back(jsoncons_calls(doc.schema, doc.text));
#if METAJSON_BENCH_NLOHMANN
      if (with_nlohmann) doc.libs.push_back(valijson_nlohmann_calls(draft7_text, doc.text));
#endif
      docs.push_back(std::move(doc));
    };
    add("twitter", slurp(d + "/twitter.json"));
    add("citm_catalog", slurp(d + "/citm_catalog.json"));
    add("canada", slurp(d + "/canada.json"));
    add("order", metajson::to_json(order::sample()));

    std::vector<check_line> checks;
    for (const document& doc : docs) {
      auto c = check(doc);
      checks.insert(checks.end(), c.begin(), c.end());
    }
    std::vector<row> rows;
    for (const document& doc : docs) add_rows(rows, doc);

    for (int r = 0; r < rounds; ++r) {
      for (auto& x : rows) {
        // Alternate which library goes first from round to round.
        const std::size_t n = x.fns.size();
        std::vector<double> t(n);
        for (std::size_t k = 0; k < n; ++k) {
          const std::size_t i = r % 2 == 0 ? k : n - 1 - k;
          t[i] = time_row(x.fns[i], seconds);
        }
        double best = t[1];
        for (std::size_t i = 0; i < n; ++i) x.seconds[i].push_back(t[i]);
        for (std::size_t i = 1; i < n; ++i) {
          x.ratios[i - 1].push_back(t[i] / t[0]);
          best = std::min(best, t[i]);
        }
        x.fastest.push_back(best / t[0]);
      }
    }

    std::printf("%-12s %-16s %-8s %12s", "document", "kind", "mode", "metajson µs");
    for (std::size_t i = 1; i < rows[0].names.size(); ++i) std::printf(" %19s", (rows[0].names[i] + " µs").c_str());
    std::printf(" %-9s %7s %7s %7s %s\n", "fastest", "ratio", "min", "max", "verdict");
    for (const row& x : rows) {
      std::printf("%-12s %-16s %-8s %12.1f", x.doc.c_str(), x.kind.c_str(), x.mode.c_str(), median(x.seconds[0]) * 1e6);
      for (std::size_t i = 1; i < x.names.size(); ++i) std::printf(" %18.1f ", median(x.seconds[i]) * 1e6);
      std::printf(" %-9s %7.2f %7.2f %7.2f %s\n", x.names[fastest_peer(x)].c_str(), median(x.fastest), lo(x.fastest), hi(x.fastest),
                  median(x.fastest) >= target ? "met" : "NOT MET");
    }
    std::printf("\nerrors counted by validate (metajson");
    for (std::size_t i = 1; i < docs[0].libs.size(); ++i) std::printf(", %s", docs[0].libs[i].name.c_str());
    std::printf("):\n");
    for (const check_line& c : checks) {
      std::printf("  %-12s %-76s", c.name.c_str(), c.what.c_str());
      for (std::size_t n : c.errors) std::printf(" %5zu", n);
      std::printf("\n");
    }

    if (!json_file.empty()) {
      char date[32];
      const std::time_t now = std::time(nullptr);
      std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
      auto num = [](double x) { return std::to_string(x); };
      std::string o = "{\"program\": \"validate_bench\", \"date\": " + json_string(date) + ", \"cpu\": " + json_string(cpu_name()) +
                      ", \"rounds\": " + std::to_string(rounds) + ", \"seconds\": " + num(seconds) + ", \"target\": " + num(target) +
                      ", \"schemas\": " + json_string(schema_dir) + ", \"versions\": {\"valijson\": " + json_string(METAJSON_BENCH_VALIJSON_VERSION) +
                      ", \"rapidjson\": " + json_string(RAPIDJSON_VERSION_STRING) + ", \"jsoncons\": \"" + std::to_string(JSONCONS_VERSION_MAJOR) + "." +
                      std::to_string(JSONCONS_VERSION_MINOR) + "." + std::to_string(JSONCONS_VERSION_PATCH) + "\"";
#if METAJSON_BENCH_NLOHMANN
      if (with_nlohmann)
        o += ", \"nlohmann\": \"" + std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
             std::to_string(NLOHMANN_JSON_VERSION_PATCH) + "\"";
#endif
      o += "}, \"bytes\": {";
      for (std::size_t i = 0; i < docs.size(); ++i) o += std::string(i ? ", " : "") + json_string(docs[i].name) + ": " + std::to_string(docs[i].text.size());
      o += "}, \"rows\": [";
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const row& x = rows[i];
        o += std::string(i ? ", " : "") + "{\"doc\": " + json_string(x.doc) + ", \"kind\": " + json_string(x.kind) + ", \"mode\": " + json_string(x.mode) +
             ", \"metajson_ns\": " + num(median(x.seconds[0]) * 1e9) + ", \"peers\": [";
        for (std::size_t p = 1; p < x.names.size(); ++p)
          o += std::string(p > 1 ? ", " : "") + "{\"name\": " + json_string(x.names[p]) + ", \"ns\": " + num(median(x.seconds[p]) * 1e9) +
               ", \"ratio\": " + num(median(x.ratios[p - 1])) + ", \"min\": " + num(lo(x.ratios[p - 1])) + ", \"max\": " + num(hi(x.ratios[p - 1])) + "}";
        o += "], \"fastest_peer\": " + json_string(x.names[fastest_peer(x)]) + ", \"ratio\": " + num(median(x.fastest)) + ", \"min\": " + num(lo(x.fastest)) +
             ", \"max\": " + num(hi(x.fastest)) + "}";
      }
      o += "], \"checks\": [";
      for (std::size_t i = 0; i < checks.size(); ++i) {
        o += std::string(i ? ", " : "") + "{\"doc\": " + json_string(checks[i].name) + ", \"case\": " + json_string(checks[i].what) + ", \"errors\": {";
        for (std::size_t l = 0; l < checks[i].errors.size(); ++l)
          o += std::string(l ? ", " : "") + json_string(docs[0].libs[l].name) + ": " + std::to_string(checks[i].errors[l]);
        o += "}}";
      }
      o += "]}\n";
      std::ofstream(json_file) << o;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "validate_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}

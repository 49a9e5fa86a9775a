// Differential testing: metajson's accept/reject verdict (validate()) against simdjson's DOM
// parser and yyjson's strict reader, on every JSONTestSuite parsing file and then on mutated
// inputs for a bounded time with a fixed seed. validate() is also held to the independent
// reference validator (tests/support/reference_validator.hpp) on every input: the same verdict,
// its error within the reference's bounds; any difference there fails the run.
//
// A disagreement with simdjson or yyjson is explained only when RFC 8259 leaves the choice to
// the implementation, and each excuse is proved on the input, by checks of this test's own:
//   number  - the other parser rejects a number that is grammatical but out of its range
//             (section 6: "implementations may set limits on the range and precision of
//             numbers"), metajson's validate() checks the grammar only. Proved by: the
//             reference accepts the whole document (so every number is grammatical), and
//             for yyjson the token at its error position is a whole RFC 8259 number
//             (reference::match_number) that rounds to infinity as a double
//             (reference::overflows_double); for simdjson, which gives no position, the
//             document holds a number beyond a double or an integer beyond 64 bits
//             (reference::first_overflow, first_wide_integer);
//   depth   - nesting deeper than a documented limit (section 9: "may set limits on the
//             maximum depth of nesting"). Proved by measuring the nesting (brackets outside
//             strings, counted here): when the other parser rejects for depth, the nesting
//             exceeds its limit (simdjson: 1023 around a value, one less than the 1024 it
//             documents, see others.hpp; yyjson: none); when metajson
//             does, the nesting exceeds 1024, the other parser documents a higher limit (or
//             none), and the reference, with the same limit, stops at the same bracket;
//   bom     - a UTF-8 byte order mark before the value (section 8.1: parsers "MAY ignore the
//             presence of a byte order mark rather than treating it as an error"): simdjson
//             skips it, metajson and yyjson reject it. Proved by: metajson's error is at
//             offset 0 and the reference accepts what follows the mark.
// Any other disagreement fails the run; the input is written to --crashes.
//
//   differential [--runs N | --seconds N] [--seed S] [--crashes DIR]
// --runs: exactly N mutated inputs, the same on every machine (CI, `make differential`);
// --seconds: as many as N seconds allow (a longer campaign). METAJSON_FUZZ_RUNS,
// METAJSON_FUZZ_SECONDS (which wins) and METAJSON_FUZZ_SEED override the options;
// METAJSON_DATA_DIR locates the inputs.
#include <metajson/metajson.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "../../tests/support/reference_validator.hpp"
#include "../mutator.hpp"
#include "../seeds.hpp"
#include "others.hpp"

namespace {

using differential::reason;
using differential::verdict;

struct tally {
  long runs = 0, both_accept = 0, both_reject = 0;  // inputs on which all three agree
  long explained_inputs = 0;                        // inputs with disagreements, all explained
  std::map<std::string, long> explained;            // "number: simdjson rejects", ...
  long unexplained = 0;                             // disagreements nothing explains
  long reference_mismatches = 0;                    // inputs where validate() and the reference differ
};

const char* reason_name(reason r) { return r == reason::number ? "number" : r == reason::depth ? "depth" : "other"; }

// The deepest nesting of arrays and objects, counting brackets outside strings: a measure of
// this test's own, independent of every parser under test (for a broken document it counts
// what brackets there are).
std::size_t nesting(std::string_view s) {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

constexpr std::size_t metajson_max_depth = 1024;  // metajson::options{}.max_depth
static_assert(metajson::options{}.max_depth == metajson_max_depth);

enum class parser { simdjson, yyjson };

// The other parser rejects a number: true when the excuse proves itself (see the top).
bool number_out_of_its_range(parser who, const std::string& input, const reference::verdict& ref, const verdict& other) {
  if (!ref.ok) return false;  // some byte is not JSON: no excuse
  if (who == parser::simdjson)
    return ref.first_overflow != reference::npos || ref.first_wide_integer != reference::npos;
  if (other.offset >= input.size()) return false;
  const reference::number_match m = reference::match_number(input, other.offset);
  return m.complete && m.length > 0 && reference::overflows_double(std::string_view(input).substr(other.offset, m.length));
}

// Why metajson and `other` disagree, "" when they agree, nullptr when nothing explains it.
const char* explain(parser who, const std::string& input, const metajson::error& m, const reference::verdict& ref,
                    const verdict& other) {
  const std::size_t other_limit = who == parser::simdjson ? differential::simdjson_max_depth() : differential::yyjson_max_depth();
  if (!m == other.accepted) return "";  // they agree
  if (m && other.accepted && who == parser::simdjson && input.starts_with("\xEF\xBB\xBF") && m.offset() == 0 &&
      reference::accepts(std::string_view(input).substr(3)))
    return "bom";
  if (!m) {  // metajson accepts, the other rejects
    if (other.why == reason::number && number_out_of_its_range(who, input, ref, other)) return "number";
    if (other.why == reason::depth && other_limit != differential::no_limit && nesting(input) > other_limit) return "depth";
    return nullptr;
  }
  // metajson rejects, the other accepts
  if (m.code() == metajson::error_code::depth_exceeded && nesting(input) > metajson_max_depth &&
      (other_limit == differential::no_limit || other_limit > metajson_max_depth) && ref.why == reference::fault::depth &&
      ref.offset == m.offset())
    return "depth";
  return nullptr;
}

void save(const std::string& dir, const std::string& input, long n) {
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/differential-" + std::to_string(n);
  std::ofstream(path, std::ios::binary) << input;
  std::printf("  saved as %s\n", path.c_str());
}

std::string excerpt(const std::string& s) {
  std::string out;
  for (unsigned char ch : s.substr(0, 120)) {
    if (ch >= 0x20 && ch < 0x7f) out += static_cast<char>(ch);
    else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", ch);
      out += buf;
    }
  }
  return s.size() > 120 ? out + "..." : out;
}

// Compares one input; prints what is unexplained (and, when `name` is set, every disagreement).
// Returns the explained disagreements ("depth: yyjson accepts; number: simdjson rejects"), ""
// when all agree.
std::string compare(const std::string& input, tally& t, const std::string& crashes, const char* name) {
  std::string excuses;
  ++t.runs;
  const metajson::error m = metajson::validate(input);
  const reference::verdict ref = reference::check(input);
  // validate() against the reference first: any difference is a failure, never excused.
  if (!m != ref.ok || (!ref.ok && (m.offset() < ref.token || m.offset() > ref.offset))) {
    ++t.unexplained;
    ++t.reference_mismatches;
    std::printf("UNEXPLAINED %s: metajson %s (%s), reference %s (%s at %zu, token at %zu)\n  input: %s\n",
                name ? name : "mutated input", m ? "rejects" : "accepts", m ? m.message().c_str() : "",
                ref.ok ? "accepts" : "rejects", reference::fault_name(ref.why), ref.offset, ref.token, excerpt(input).c_str());
    if (t.unexplained <= 20) save(crashes, input, t.unexplained);
  }
  const verdict others[2] = {differential::simdjson_verdict(input), differential::yyjson_verdict(input)};
  const char* who[2] = {"simdjson", "yyjson"};
  bool all_agree = true, all_explained = true;
  for (int i = 0; i < 2; ++i) {
    const char* why = explain(i == 0 ? parser::simdjson : parser::yyjson, input, m, ref, others[i]);
    if (why && !*why) continue;
    all_agree = false;
    if (why) {
      const std::string excuse = std::string(why) + ": " + who[i] + (others[i].accepted ? " accepts" : " rejects");
      ++t.explained[excuse];
      excuses += (excuses.empty() ? "" : "; ") + excuse;
      if (name)
        std::printf("  %-45s metajson %-8s %s %s (%s)\n", name, m ? "rejects" : "accepts", who[i],
                    others[i].accepted ? "accepts" : "rejects", why);
      continue;
    }
    ++t.unexplained;
    all_explained = false;
    std::printf("UNEXPLAINED %s: metajson %s (%s), %s %s (%s: %s)\n  input: %s\n", name ? name : "mutated input",
                m ? "rejects" : "accepts", m ? m.message().c_str() : "", who[i],
                others[i].accepted ? "accepts" : "rejects", reason_name(others[i].why), others[i].message.c_str(),
                excerpt(input).c_str());
    if (t.unexplained <= 20) save(crashes, input, t.unexplained);
  }
  if (all_agree) ++(m ? t.both_reject : t.both_accept);
  else if (all_explained) ++t.explained_inputs;
  return excuses;
}

void print(const char* what, const tally& t) {
  std::printf("%s: %ld inputs, all three accept %ld, all three reject %ld, explained disagreements %ld, unexplained %ld"
              " (validate vs reference: %ld)\n",
              what, t.runs, t.both_accept, t.both_reject, t.explained_inputs, t.unexplained, t.reference_mismatches);
  for (const auto& [k, n] : t.explained) std::printf("  %-32s %ld\n", k.c_str(), n);
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 0;
  std::uint64_t runs = 100000;
  std::uint64_t seed = 1;
  std::string crashes = "fuzz-crashes";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--seconds") seconds = std::stod(argv[i + 1]);
    else if (a == "--runs") runs = std::stoull(argv[i + 1]);
    else if (a == "--seed") seed = std::stoull(argv[i + 1]);
    else if (a == "--crashes") crashes = argv[i + 1];
    else {
      std::fprintf(stderr, "differential: unknown option %s\n", a.c_str());
      return 2;
    }
  }
  if (const char* env = std::getenv("METAJSON_FUZZ_RUNS"); env && *env) runs = std::stoull(env);
  if (const char* env = std::getenv("METAJSON_FUZZ_SECONDS"); env && *env) seconds = std::stod(env);
  if (const char* env = std::getenv("METAJSON_FUZZ_SEED"); env && *env) seed = std::stoull(env);
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (!dir || !*dir) {
    std::fprintf(stderr, "differential: METAJSON_DATA_DIR is not set (it needs JSONTestSuite and the datasets)\n");
    return 1;
  }
  std::printf("differential: metajson validate() vs %s\n", differential::versions().c_str());

  // 1. JSONTestSuite, file by file.
  std::vector<std::string> files, names;
  metajson_fuzz::add_path(std::filesystem::path(dir) / "JSONTestSuite" / "test_parsing", files, &names);
  tally suite;
  std::printf("JSONTestSuite disagreements:\n");
  for (std::size_t i = 0; i < files.size(); ++i) compare(files[i], suite, crashes, names[i].c_str());
  print("JSONTestSuite", suite);

  // 2. Inputs at the edges the excuses are about, which mutation rarely reaches: nesting at
  // and past 1024, numbers just inside and outside a double and 64 bits, malformed numbers.
  const auto nest = [](std::size_t n, const char* open, const char* close, const char* inner = "0") {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += open;
    s += inner;
    for (std::size_t i = 0; i < n; ++i) s += close;
    return s;
  };
  // Each with the disagreements it must give (pinned: the other parsers' limits as measured).
  struct edge {
    const char* what;
    std::string text;
    const char* excuses;
  };
  const edge crafted[] = {
      {"1023 nested arrays around 0", nest(1023, "[", "]"), ""},
      {"1024 nested arrays around 0", nest(1024, "[", "]"), "depth: simdjson rejects"},
      {"1024 nested arrays, innermost empty", nest(1024, "[", "]", ""), ""},
      {"1024 nested objects", nest(1024, "{\"k\":", "}"), "depth: simdjson rejects"},
      {"1025 nested arrays around 0", nest(1025, "[", "]"), "depth: yyjson accepts"},
      {"1025 nested arrays, innermost empty", nest(1025, "[", "]", ""), "depth: yyjson accepts"},
      {"1025 nested objects", nest(1025, "{\"k\":", "}"), "depth: yyjson accepts"},
      {"5000 nested arrays", nest(5000, "[", "]"), "depth: yyjson accepts"},
      {"1e308 and 1.7976931348623157e308", "[1e308,1.7976931348623157e308,-1.7976931348623158e308]", ""},
      {"1.7976931348623159e308", "[1.7976931348623159e308]", "number: simdjson rejects; number: yyjson rejects"},
      {"1e400", "{\"a\":1e400}", "number: simdjson rejects; number: yyjson rejects"},
      {"uint64 max, int64 min", "[18446744073709551615,-9223372036854775808]", ""},
      {"2^64", "[18446744073709551616]", "number: simdjson rejects"},
      {"-2^63-1", "[-9223372036854775809]", "number: simdjson rejects"},
      {"leading zeros", "[01]", ""},
      {"leading zeros, negative", "[-012]", ""},
      {"a point without digits", "[123.e5]", ""},
      {"a bare minus", "[-]", ""},
      {"a byte order mark", "\xEF\xBB\xBF[1]", "bom: simdjson accepts"},
  };
  tally edges;
  std::printf("crafted inputs, disagreements:\n");
  for (const edge& e : crafted) {
    const std::string got = compare(e.text, edges, crashes, e.what);
    if (got != e.excuses) {
      ++edges.unexplained;
      std::printf("UNEXPECTED %s: disagreements \"%s\", expected \"%s\"\n", e.what, got.c_str(), e.excuses);
    }
  }
  print("crafted", edges);

  // 3. Mutated inputs.
  std::vector<std::string> corpus;
  metajson_fuzz::load_seeds(corpus, seed);
  metajson_fuzz::mutator mut(seed);
  tally mutated;
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + std::chrono::duration<double>(seconds);
  std::string input;
  std::uint64_t done = 0;
  for (;;) {
    if (seconds > 0 ? std::chrono::steady_clock::now() >= deadline : done >= runs) break;
    for (int k = 0; k < 64 && (seconds > 0 || done < runs); ++k, ++done) {
      input = corpus[mut.below(corpus.size())];
      mut.mutate(input, corpus, 4096);
      compare(input, mutated, crashes, nullptr);
    }
  }
  print("mutated", mutated);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("seed %llu, %llu mutated inputs (%s), %.0f seconds\n", static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(done), seconds > 0 ? "a time budget" : "a fixed count", took);
  return suite.unexplained + edges.unexplained + mutated.unexplained == 0 ? 0 : 1;
}

// Differential testing: metajson's accept/reject verdict (validate()) against simdjson's DOM
// parser and yyjson's strict reader, on every JSONTestSuite parsing file and then on mutated
// inputs for a bounded time with a fixed seed.
//
// A disagreement is explained when RFC 8259 leaves the choice to the implementation:
//   number  - a number that is grammatical but fits no double / 64-bit integer (section 6:
//             "implementations may set limits on the range and precision of numbers"):
//             validate() checks the grammar only; from<metajson::value> refuses a double
//             overflow like simdjson and yyjson, and reads a too-big integer as a double like
//             yyjson (simdjson refuses it);
//   depth   - nesting deeper than 1024 (section 9: "may set limits on the maximum depth of
//             nesting"): metajson and simdjson stop at 1024, yyjson has no limit;
//   bom     - a UTF-8 byte order mark before the value (section 8.1: parsers "MAY ignore the
//             presence of a byte order mark rather than treating it as an error"): simdjson
//             skips it, metajson and yyjson reject it.
// Any other disagreement fails the run; the input is written to --crashes.
//
//   differential [--seconds N] [--seed S] [--crashes DIR]
// (METAJSON_FUZZ_SECONDS and METAJSON_FUZZ_SEED override the options; METAJSON_DATA_DIR
// locates the inputs.)
#include <metajson/metajson.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "../mutator.hpp"
#include "../seeds.hpp"
#include "others.hpp"

namespace {

using differential::reason;
using differential::verdict;

struct tally {
  long runs = 0, both_accept = 0, both_reject = 0;
  std::map<std::string, long> explained;  // "number: simdjson", "depth: yyjson", ...
  long unexplained = 0;
};

const char* reason_name(reason r) { return r == reason::number ? "number" : r == reason::depth ? "depth" : "other"; }

// Why metajson and `other` disagree, "" when they agree, nullptr when nothing explains it.
const char* explain(const std::string& input, const metajson::error& m, const verdict& other) {
  if (m && other.accepted && input.starts_with("\xEF\xBB\xBF") && m.offset() == 0 &&
      !metajson::validate(std::string_view(input).substr(3)))
    return "bom";
  if (!m && !other.accepted) {
    if (other.why == reason::number) return "number";
    if (other.why == reason::depth) return "depth";
    return nullptr;
  }
  if (m && other.accepted) return m.code() == metajson::error_code::depth_exceeded ? "depth" : nullptr;
  return "";  // they agree
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
void compare(const std::string& input, tally& t, const std::string& crashes, const char* name) {
  ++t.runs;
  const metajson::error m = metajson::validate(input);
  const verdict others[2] = {differential::simdjson_verdict(input), differential::yyjson_verdict(input)};
  const char* who[2] = {"simdjson", "yyjson"};
  bool all_agree = true;
  for (int i = 0; i < 2; ++i) {
    const char* why = explain(input, m, others[i]);
    if (why && !*why) continue;
    all_agree = false;
    if (why) {
      ++t.explained[std::string(why) + ": " + who[i] + (others[i].accepted ? " accepts" : " rejects")];
      if (name)
        std::printf("  %-45s metajson %-8s %s %s (%s)\n", name, m ? "rejects" : "accepts", who[i],
                    others[i].accepted ? "accepts" : "rejects", why);
      continue;
    }
    ++t.unexplained;
    std::printf("UNEXPLAINED %s: metajson %s (%s), %s %s (%s: %s)\n  input: %s\n", name ? name : "mutated input",
                m ? "rejects" : "accepts", m ? m.message().c_str() : "", who[i],
                others[i].accepted ? "accepts" : "rejects", reason_name(others[i].why), others[i].message.c_str(),
                excerpt(input).c_str());
    if (t.unexplained <= 20) save(crashes, input, t.unexplained);
  }
  if (all_agree) ++(m ? t.both_reject : t.both_accept);
}

void print(const char* what, const tally& t) {
  std::printf("%s: %ld inputs, all three accept %ld, all three reject %ld, explained disagreements %ld, unexplained %ld\n",
              what, t.runs, t.both_accept, t.both_reject, t.runs - t.both_accept - t.both_reject - t.unexplained,
              t.unexplained);
  for (const auto& [k, n] : t.explained) std::printf("  %-32s %ld\n", k.c_str(), n);
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 60;
  std::uint64_t seed = 1;
  std::string crashes = "fuzz-crashes";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--seconds") seconds = std::stod(argv[i + 1]);
    else if (a == "--seed") seed = std::stoull(argv[i + 1]);
    else if (a == "--crashes") crashes = argv[i + 1];
    else {
      std::fprintf(stderr, "differential: unknown option %s\n", a.c_str());
      return 2;
    }
  }
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

  // 2. Mutated inputs.
  std::vector<std::string> corpus;
  metajson_fuzz::load_seeds(corpus, seed);
  metajson_fuzz::mutator mut(seed);
  tally mutated;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::string input;
  while (std::chrono::steady_clock::now() < deadline) {
    for (int k = 0; k < 64; ++k) {
      input = corpus[mut.below(corpus.size())];
      mut.mutate(input, corpus, 4096);
      compare(input, mutated, crashes, nullptr);
    }
  }
  print("mutated", mutated);
  std::printf("seed %llu, %.0f seconds\n", static_cast<unsigned long long>(seed), seconds);
  return suite.unexplained + mutated.unexplained == 0 ? 0 : 1;
}

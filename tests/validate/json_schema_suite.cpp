// The official JSON-Schema-Test-Suite (draft 2020-12 and draft-07) against metajson's validator.
//
//   json_schema_suite SUITE_DIR [--draft draft2020-12|draft7] [--verbose]
//
// SUITE_DIR is what scripts/bootstrap-json-schema-test-suite writes: tests/<draft>/*.json (each a
// list of groups: a schema and tests, each a datum and whether it is valid), remotes/ (served by
// the suite as http://localhost:1234/...) and metaschemas/. Every remote and metaschema is
// registered; no reference is fetched.
//
// Every test is run four ways, which must all give the expected verdict: the datum as a
// metajson::value and as a metajson::document, each with validate() (every error) and
// is_valid() (first failure); a test that expects "invalid" must also list at least one error.
// Prints, per file, the tests passed and the failures; required tests (tests/<draft>/*.json) must
// all pass (else exit 1); optional ones (tests/<draft>/optional/**) are counted and listed, with
// format assertion on for optional/format/.
#include <metajson/json_schema.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

static std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

struct tally {
  std::size_t passed = 0, failed = 0;
};

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: json_schema_suite SUITE_DIR [--draft NAME] [--verbose]\n";
    return 2;
  }
  const fs::path root = argv[1];
  std::vector<std::string> drafts = {"draft2020-12", "draft7"};
  bool verbose = false;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--draft" && i + 1 < argc) drafts = {argv[++i]};
    else if (a == "--verbose") verbose = true;
  }

  // The remotes, each under its suite URL, and the metaschemas under their own $id.
  metajson::schema_registry registry;
  for (auto& e : fs::recursive_directory_iterator(root / "remotes")) {
    if (!e.is_regular_file() || e.path().extension() != ".json") continue;
    std::string rel = fs::relative(e.path(), root / "remotes").generic_string();
    registry.add("http://localhost:1234/" + rel, slurp(e.path()));
  }
  for (auto& e : fs::recursive_directory_iterator(root / "metaschemas")) {
    if (!e.is_regular_file()) continue;
    metajson::value m = metajson::from<metajson::value>(slurp(e.path()));
    std::string id = m.contains("$id") ? std::string(m["$id"].as_string()) : std::string(m["id"].as_string());
    registry.add(id, std::move(m));
  }

  int exit_code = 0;
  for (const std::string& draft : drafts) {
    const fs::path dir = root / "tests" / draft;
    std::vector<fs::path> files;
    for (auto& e : fs::recursive_directory_iterator(dir))
      if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    tally required, optional;
    std::vector<std::string> optional_failures;
    for (const fs::path& file : files) {
      const std::string rel = fs::relative(file, dir).generic_string();
      const bool is_optional = rel.starts_with("optional/");
      metajson::schema_options so;
      so.draft = draft == "draft7" ? metajson::schema_draft::draft7 : metajson::schema_draft::draft2020_12;
      so.format_assertion = rel.starts_with("optional/format/");
      tally t;
      std::vector<std::string> failures;
      metajson::value groups = metajson::from<metajson::value>(slurp(file));
      for (const metajson::value& g : groups.as_array()) {
        const std::string gd(g["description"].as_string());
        std::string compile_error;
        metajson::json_schema schema;
        bool compiled = false;
        try {
          schema = metajson::json_schema::compile(g["schema"], so, &registry);
          compiled = true;
        } catch (const metajson::error& e) {
          compile_error = e.message();
        }
        for (const metajson::value& test : g["tests"].as_array()) {
          const std::string td(test["description"].as_string());
          const bool expected = test["valid"].as_bool();
          std::string why;
          if (!compiled) why = "schema not compiled: " + compile_error;
          else {
            const metajson::value& data = test["data"];
            const std::string text = metajson::to_json(data);
            metajson::document doc = metajson::document::parse(text);
            const metajson::validation_result rv = schema.validate(data), rd = schema.validate(doc);
            const bool iv = schema.is_valid(data), id = schema.is_valid(doc);
            if (rv.valid() != expected || rd.valid() != expected || iv != expected || id != expected) {
              why = std::string("expected ") + (expected ? "valid" : "invalid") + "; value: " + (rv.valid() ? "valid" : "invalid") +
                    ", document: " + (rd.valid() ? "valid" : "invalid") + ", is_valid(value): " + (iv ? "valid" : "invalid") +
                    ", is_valid(document): " + (id ? "valid" : "invalid");
              if (!rv.valid()) why += "; errors: " + rv.errors()[0].to_string();
            } else if (rv.errors().size() != rd.errors().size())
              why = "the value and the document gave different error counts";
          }
          if (why.empty()) ++t.passed;
          else {
            ++t.failed;
            failures.push_back(rel + " | " + gd + " | " + td + " | " + why);
          }
        }
      }
      (is_optional ? optional : required).passed += t.passed;
      (is_optional ? optional : required).failed += t.failed;
      std::printf("%-14s %-48s %4zu passed %4zu failed%s\n", draft.c_str(), rel.c_str(), t.passed, t.failed, is_optional ? "  (optional)" : "");
      for (const std::string& f : failures) {
        if (is_optional) optional_failures.push_back(f);
        else std::printf("    REQUIRED FAILURE: %s\n", f.c_str());
        if (is_optional && verbose) std::printf("    optional failure: %s\n", f.c_str());
      }
    }
    std::printf("%s: required %zu passed, %zu failed; optional %zu passed, %zu failed\n", draft.c_str(), required.passed,
                required.failed, optional.passed, optional.failed);
    if (!verbose && !optional_failures.empty()) {
      std::printf("%s: the optional tests that fail:\n", draft.c_str());
      for (const std::string& f : optional_failures) std::printf("    %s\n", f.c_str());
    }
    if (required.failed) exit_code = 1;
  }
  return exit_code;
}

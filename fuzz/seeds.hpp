// The seed corpus shared by the fuzzing driver and the differential test: a few built-in
// documents, then, when METAJSON_DATA_DIR is set, every JSONTestSuite parsing file and 300
// random slices (16-2063 bytes) of each dataset. Deterministic for a given seed.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace metajson_fuzz {

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Adds the file, or every regular file of the folder (sorted by name); names go to `names`.
inline void add_path(const std::filesystem::path& p, std::vector<std::string>& out,
                     std::vector<std::string>* names = nullptr) {
  std::error_code ec;
  if (std::filesystem::is_directory(p, ec)) {
    std::vector<std::filesystem::path> files;
    for (const auto& f : std::filesystem::directory_iterator(p, ec))
      if (f.is_regular_file()) files.push_back(f.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      out.push_back(read_file(f));
      if (names) names->push_back(f.filename().string());
    }
  } else if (std::filesystem::is_regular_file(p, ec)) {
    out.push_back(read_file(p));
    if (names) names->push_back(p.filename().string());
  } else {
    std::fprintf(stderr, "fuzz: %s: no such file or folder\n", p.string().c_str());
  }
}

inline const char* const builtin_seeds[] = {
    "null", "true", "false", "0", "-1.5e10", "\"text\"", "[]", "{}", "[1,2,3]", "[[1,2],[3]]",
    R"({"a":1,"b":[true,false,null],"c":{"d":"e\u00e9\n"},"f":-0.5})",
    R"({"i":1,"s":"x","c":"green","d":2.5})",
    R"({"any":{"i":3},"shape":{"kind":"Circle","r":1},"byInt":{"1":"a","-2":"b"},"grid":[["red",null]],"triple":[1,2,3]})",
    R"({"statuses":[{"id":1,"text":"hi","user":{"id":2,"name":"n"},"retweet_count":0}]})",
    R"({"events":{"1":{"id":1,"name":"e","subTopicIds":[1,2]}},"performances":[{"id":1,"prices":[{"amount":1,"audienceSubCategoryId":2,"seatCategoryId":3}]}]})",
};

// True when the environment variable CI is set (to anything but "", "0" or "false"), as CI
// systems (and .ci/run) do.
inline bool in_ci() {
  const char* ci = std::getenv("CI");
  return ci && *ci && std::string(ci) != "0" && std::string(ci) != "false";
}

// A seed source is missing: said on stderr; in CI (in_ci()) that is a failure, exit status 1,
// because a fuzz run on the built-in seeds alone would pass while testing much less.
inline void missing_data(const std::string& what) {
  std::fprintf(stderr, "fuzz: %s%s\n", what.c_str(),
               in_ci() ? " (CI is set: failing rather than fuzzing without the data)" : ": built-in seeds only");
  if (in_ci()) std::exit(1);
}

// The corpus; returns false when METAJSON_DATA_DIR is not set (built-in seeds only). A missing
// JSONTestSuite folder or dataset is reported (and fails in CI, see missing_data).
inline bool load_seeds(std::vector<std::string>& corpus, std::uint64_t seed) {
  for (const char* s : builtin_seeds) corpus.emplace_back(s);
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (!dir || !*dir) {
    missing_data("METAJSON_DATA_DIR is not set");
    return false;
  }
  const std::filesystem::path d(dir);
  const std::size_t before = corpus.size();
  add_path(d / "JSONTestSuite" / "test_parsing", corpus);
  if (corpus.size() == before) missing_data("no JSONTestSuite files in " + (d / "JSONTestSuite" / "test_parsing").string());
  std::mt19937_64 slicer(seed * 7919);
  for (const char* name : {"twitter.json", "citm_catalog.json", "canada.json"}) {
    const std::string text = read_file(d / name);
    if (text.empty()) {
      missing_data("cannot read " + (d / name).string());
      continue;
    }
    for (int k = 0; k < 300; ++k) {
      const std::size_t len = 16 + slicer() % 2048;
      const std::size_t at = slicer() % text.size();
      corpus.push_back(text.substr(at, len));
    }
  }
  return true;
}

}  // namespace metajson_fuzz

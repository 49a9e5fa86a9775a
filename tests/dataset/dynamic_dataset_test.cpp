// metajson::document and metajson::value over the datasets and JSONTestSuite: the document gives
// what from<value> gives (the same verdict, error and JSON; to_value identical), and both give
// the reference validator's verdict. Needs METAJSON_DATA_DIR (it fails without, saying so).
#include <metajson/document.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "reference_validator.hpp"

namespace {

using metajson::document;
using metajson::value;

std::filesystem::path data_dir() {
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (dir == nullptr) {
    ADD_FAILURE() << "METAJSON_DATA_DIR is not set: point it at the datasets (docs/setup.md)";
    return {};
  }
  return dir;
}

std::string load(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  EXPECT_TRUE(f.good()) << "cannot read " << p;
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(DynamicDataset, DocumentAndValueAgree) {
  const auto dir = data_dir();
  if (dir.empty()) return;
  for (const char* name : {"twitter.json", "citm_catalog.json", "canada.json"}) {
    const std::string text = load(dir / name);
    const document d = document::parse(text);
    const value v = metajson::from<value>(text);
    EXPECT_TRUE(identical(metajson::to_value(d), v)) << name;
    const std::string w = metajson::to_json(v);
    EXPECT_EQ(metajson::to_json(d), w) << name;
    EXPECT_TRUE(identical(metajson::from<value>(w), v)) << name;  // the value's write reads back identical
    EXPECT_EQ((metajson::to_json<{.pretty = true}>(d)), (metajson::to_json<{.pretty = true}>(v))) << name;
    EXPECT_EQ((metajson::to_json<{.sort_keys = true}>(d)), (metajson::to_json<{.sort_keys = true}>(v))) << name;
    EXPECT_LE(d.node_count() * 16, 16 * text.size()) << name;
  }
}

TEST(DynamicDataset, JsonTestSuiteVerdicts) {
  const auto dir = data_dir();
  if (dir.empty()) return;
  std::size_t n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "JSONTestSuite" / "test_parsing")) {
    const std::string text = load(entry.path());
    const auto d = document::try_parse(text);
    const auto v = metajson::try_from<value>(text);
    ASSERT_EQ(d.has_value(), v.has_value()) << entry.path();
    ASSERT_EQ(d.has_value(), reference::check(text).ok) << entry.path();
    if (d) EXPECT_TRUE(identical(metajson::to_value(*d), *v)) << entry.path();
    else EXPECT_EQ(d.error().message(), v.error().message()) << entry.path();
    ++n;
  }
  EXPECT_GT(n, 300u);
}

}  // namespace

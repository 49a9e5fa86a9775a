// Access to the datasets in $METAJSON_DATA_DIR. A test that needs one fails (never passes
// silently) when the variable is unset or the file is missing.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

inline std::optional<std::filesystem::path> data_dir() {
  const char* d = std::getenv("METAJSON_DATA_DIR");
  if (d == nullptr || *d == '\0') return std::nullopt;
  return std::filesystem::path(d);
}

// Reads a dataset file; on failure records a test failure that says what to do.
inline std::optional<std::string> load_data(const std::string& name) {
  const auto dir = data_dir();
  if (!dir) {
    ADD_FAILURE() << "METAJSON_DATA_DIR is not set. Point it at the folder that holds twitter.json, "
                     "citm_catalog.json, canada.json and JSONTestSuite/ (see README.md, \"Datasets\").";
    return std::nullopt;
  }
  std::ifstream f(*dir / name, std::ios::binary);
  if (!f) {
    ADD_FAILURE() << "cannot read " << (*dir / name).string() << " (METAJSON_DATA_DIR=" << dir->string() << ")";
    return std::nullopt;
  }
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// number_format::ecmascript against node itself: 10^6 doubles (three in four any bit pattern,
// one in four in the binades where JavaScript writes plain notation), written to a file, turned
// into String(x) by node (tools/ecmascript_strings.mjs), compared line by line with ours.
// Skipped, saying so, when node is not installed (the committed table of
// tests/unit/number/ecmascript_test.cpp covers that case).
#include <metajson/number/dtoa.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

TEST(EcmascriptNode, AMillionDoublesMatchNode) {
  if (std::system("node --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "node is not installed: compared with the committed table only";
  std::vector<double> values;
  for (std::uint64_t i = 0; values.size() < 1'000'000; ++i) {
    std::uint64_t bits = splitmix64(i + (std::uint64_t{1} << 41));
    if (i % 4 == 3) bits = (bits & 0x800fffffffffffffull) | ((999 + (bits >> 52 & 0x7f) % 94) << 52);
    const double v = std::bit_cast<double>(bits);
    if (std::isfinite(v)) values.push_back(v);
  }
  const auto dir = std::filesystem::temp_directory_path();
  const std::string stem = "metajson_ecmascript_" + std::to_string(::getpid());
  const auto in = dir / (stem + ".bin"), out = dir / (stem + ".txt");
  {
    std::ofstream f(in, std::ios::binary);
    f.write(reinterpret_cast<const char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(double)));
  }
  const std::string cmd = "node \"" METAJSON_SOURCE_DIR "/tools/ecmascript_strings.mjs\" \"" + in.string() + "\" > \"" + out.string() + "\"";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::ifstream f(out);
  std::string line;
  std::size_t i = 0, mismatches = 0;
  for (; i < values.size() && std::getline(f, line); ++i) {
    char buf[64];
    const std::string ours(buf, metajson::detail::write_float<metajson::number_format::ecmascript>(buf, values[i]));
    if (ours != line && mismatches++ < 10) ADD_FAILURE() << std::hexfloat << values[i] << ": node " << line << ", metajson " << ours;
  }
  EXPECT_EQ(i, values.size());
  EXPECT_EQ(mismatches, 0u);
  std::filesystem::remove(in);
  std::filesystem::remove(out);
}

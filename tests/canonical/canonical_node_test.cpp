// metajson::canonical against an independent RFC 8785 implementation: JavaScript's own
// JSON.parse and JSON.stringify under node (tests/canonical/jcs.mjs), on whole documents, byte
// for byte.
//
//   RandomDocuments   metajson::value trees of awkward strings and keys (controls, '/', DEL,
//                     U+2028, the UTF-16 order's surrogates against U+E000-U+FFFF), doubles of
//                     any bit pattern and integers up to 2^53, written by metajson in another
//                     layout (pretty, non-ASCII escaped) for node to read
//   Dataset*          twitter, citm_catalog and canada as they are on disk, for node; read into
//                     metajson::value for metajson. twitter's ids beyond 2^53 have no canonical
//                     form (metajson says so); JSON.parse turns them into doubles, and so does
//                     the test before comparing.
//
// node comes from scripts/bootstrap-node, which the test runs first; without it the test
// fails, saying why (it never skips).
#include "data.hpp"

#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;
using metajson::value;

fs::path scratch_dir() {
  const fs::path d = fs::temp_directory_path() / ("metajson_canonical_" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d;
}

void write_file(const fs::path& p, std::string_view text) {
  std::ofstream f(p, std::ios::binary);
  f.write(text.data(), static_cast<std::streamsize>(text.size()));
}

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Runs node's canonicalizer over (input file, output file) pairs; false with a failure if node
// is missing and cannot be installed, or fails.
bool node_canonical(const std::vector<std::pair<fs::path, fs::path>>& files) {
  const std::string bootstrap = "\"" METAJSON_SOURCE_DIR "/scripts/bootstrap-node\"";
  if (std::system(bootstrap.c_str()) != 0) {
    ADD_FAILURE() << "node (the independent RFC 8785 implementation) is not installed and scripts/bootstrap-node could not "
                     "install it (see its message above). This test needs it and does not skip.";
    return false;
  }
  std::string cmd = "node \"" METAJSON_SOURCE_DIR "/tests/canonical/jcs.mjs\"";
  for (const auto& [in, out] : files) cmd += " \"" + in.string() + "\" \"" + out.string() + "\"";
  if (std::system(cmd.c_str()) != 0) {
    ADD_FAILURE() << "node failed: " << cmd;
    return false;
  }
  return true;
}

// Expects the two texts equal; on a difference, says where, with some context on both sides.
void expect_same_bytes(const std::string& node, const std::string& ours, const std::string& what) {
  if (node == ours) return;
  std::size_t i = 0;
  while (i < node.size() && i < ours.size() && node[i] == ours[i]) ++i;
  const std::size_t from = i < 60 ? 0 : i - 60;
  ADD_FAILURE() << what << ": node and metajson differ at byte " << i << " (sizes " << node.size() << " and " << ours.size()
                << ")\n  node:     ..." << node.substr(from, 120) << "\n  metajson: ..." << ours.substr(from, 120);
}

// --- random documents ----------------------------------------------------------------------------

void append_utf8(std::string& s, char32_t cp) {
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else if (cp < 0x800) {
    s += {static_cast<char>(0xC0 | cp >> 6), static_cast<char>(0x80 | (cp & 0x3F))};
  } else if (cp < 0x10000) {
    s += {static_cast<char>(0xE0 | cp >> 12), static_cast<char>(0x80 | (cp >> 6 & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
  } else {
    s += {static_cast<char>(0xF0 | cp >> 18), static_cast<char>(0x80 | (cp >> 12 & 0x3F)), static_cast<char>(0x80 | (cp >> 6 & 0x3F)),
          static_cast<char>(0x80 | (cp & 0x3F))};
  }
}

struct generator {
  std::mt19937_64 rng;

  std::string text(std::size_t max_len) {
    // Code points where escaping or UTF-16 order could go wrong, and plain letters.
    static constexpr char32_t special[] = {0x00, 0x01, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1F, '"', '\\', '/', 0x7F, 0x80, 0xE9,
                                           0x7FF, 0x800, 0x2028, 0x2029, 0xD7FF, 0xE000, 0xFB33, 0xFF61, 0xFFFD, 0xFFFF, 0x10000,
                                           0x1F600, 0x10FFFF, '<', '&'};
    std::string s;
    for (std::size_t n = rng() % (max_len + 1); n > 0; --n) {
      if (rng() % 3 == 0) append_utf8(s, special[rng() % std::size(special)]);
      else s += static_cast<char>('a' + rng() % 4);  // few letters: keys share prefixes
    }
    return s;
  }

  value number() {
    switch (rng() % 6) {
      case 0: {  // any finite double
        double d;
        do d = std::bit_cast<double>(rng()); while (!std::isfinite(d));
        return d;
      }
      case 1: {  // the binades where ECMAScript switches between plain and exponent notation
        const int e = static_cast<int>(rng() % 60) - 30;
        return std::ldexp(static_cast<double>(rng() % 1000000) / 1000.0, e) * (rng() % 2 ? 1 : -1) * std::pow(10.0, static_cast<double>(rng() % 30) - 10);
      }
      case 2: return static_cast<double>(static_cast<std::int64_t>(rng() % 2000001) - 1000000);  // integral doubles: "5", not "5.0"
      case 3: return static_cast<std::int64_t>(rng() % (std::uint64_t{1} << 54)) - (std::int64_t{1} << 53);  // integers up to 2^53
      case 4: return std::uint64_t{1} << (rng() % 64);  // powers of two: beyond 2^53, canonical ones only
      default: return static_cast<std::int64_t>(rng() % 100) - 50;
    }
  }

  value node(int depth) {
    const auto k = rng() % (depth > 4 ? 5 : 8);
    switch (k) {
      case 0: return nullptr;
      case 1: return rng() % 2 == 0;
      case 2:
      case 3: return number();
      case 4: return text(6);
      case 5: {
        value::array a;
        for (std::size_t n = rng() % 6; n > 0; --n) a.push_back(node(depth + 1));
        return a;
      }
      default: {
        value::object o;
        std::set<std::string> keys;  // RFC 8785's input has no duplicate keys (I-JSON)
        for (std::size_t n = rng() % 8; n > 0; --n) {
          std::string key = text(3);
          if (keys.insert(key).second) o.emplace_back(std::move(key), node(depth + 1));
        }
        return o;
      }
    }
  }
};

// Beyond 2^53, only the powers of two whose digits ECMAScript writes as they are can be written
// canonically; the others are not generated (their error is checked in the unit test).
bool all_canonical(const value& v) {
  if (v.is_uint64()) return static_cast<bool>(metajson::try_to_json<metajson::canonical>(v));
  if (v.is_array()) {
    for (const auto& e : v.as_array())
      if (!all_canonical(e)) return false;
  }
  if (v.is_object()) {
    for (const auto& [k, e] : v.as_object())
      if (!all_canonical(e)) return false;
  }
  return true;
}

TEST(CanonicalNode, RandomDocuments) {
  const fs::path dir = scratch_dir();
  generator g{std::mt19937_64(8785)};
  std::vector<std::pair<fs::path, fs::path>> files;
  std::vector<std::string> ours;
  while (ours.size() < 400) {
    value v = g.node(0);
    if (!all_canonical(v)) continue;
    const std::size_t i = ours.size();
    // node reads metajson's text in another layout: pretty, every non-ASCII code point escaped
    const std::string input = i % 2 == 0 ? metajson::to_json<{.pretty = true, .escape_non_ascii = true}>(v) : metajson::to_json(v);
    files.emplace_back(dir / ("in" + std::to_string(i) + ".json"), dir / ("out" + std::to_string(i) + ".json"));
    write_file(files.back().first, input);
    ours.push_back(metajson::to_json<metajson::canonical>(v));
  }
  ASSERT_TRUE(node_canonical(files));
  for (std::size_t i = 0; i < ours.size(); ++i) expect_same_bytes(read_file(files[i].second), ours[i], "document " + std::to_string(i));
  fs::remove_all(dir);
}

// --- the datasets --------------------------------------------------------------------------------

// What JSON.parse does to an integer beyond 2^53: the nearest double.
void integers_to_doubles(value& v) {
  constexpr std::uint64_t two53 = std::uint64_t{1} << 53;
  if (v.is_int64() && (v.as_int64() > static_cast<std::int64_t>(two53) || v.as_int64() < -static_cast<std::int64_t>(two53))) {
    v = static_cast<double>(v.as_int64());
  } else if (v.is_uint64() && v.as_uint64() > two53) {
    v = static_cast<double>(v.as_uint64());
  } else if (v.is_array()) {
    for (auto& e : v.as_array()) integers_to_doubles(e);
  } else if (v.is_object()) {
    for (auto& [k, e] : v.as_object()) integers_to_doubles(e);
  }
}

void compare_dataset(const std::string& name, bool has_big_integers) {
  const auto json = load_data(name);
  if (!json) return;
  value v = metajson::from<value>(*json);
  if (has_big_integers) {
    // metajson will not write an id it cannot write exactly, and says which one.
    const auto r = metajson::try_to_json<metajson::canonical>(v);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().code(), metajson::error_code::not_canonical);
    EXPECT_NE(r.error().message().find("write it as a string"), std::string::npos) << r.error().message();
    integers_to_doubles(v);
  }
  const std::string ours = metajson::to_json<metajson::canonical>(v);
  const fs::path dir = scratch_dir();
  ASSERT_TRUE(node_canonical({{fs::path(*data_dir()) / name, dir / "node.json"}}));
  expect_same_bytes(read_file(dir / "node.json"), ours, name);
  // And canonical text is a fixed point for both.
  EXPECT_EQ(metajson::to_json<metajson::canonical>(metajson::from<value>(ours)), ours);
  fs::remove_all(dir);
}

TEST(CanonicalNode, DatasetTwitter) { compare_dataset("twitter.json", true); }
TEST(CanonicalNode, DatasetCitm) { compare_dataset("citm_catalog.json", false); }
TEST(CanonicalNode, DatasetCanada) { compare_dataset("canada.json", false); }

}  // namespace

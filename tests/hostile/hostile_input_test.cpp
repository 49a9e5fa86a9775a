// Hostile input: truncated and corrupted documents must give an error or a value, never a
// crash, a leak or a read out of bounds. Each input is copied into a heap block of exactly its
// size, so the sanitizer build (make test-sanitize) catches any read past the end.
//
//  - every prefix of twitter.json up to 4,096 bytes, plus 10,000 random prefix lengths;
//  - 2,000 seeded random corruptions (byte changes, insertions, deletions) of each dataset.
// Each input goes through validate(), from<metajson::value> and from<schema>.
// Label `slow`; CI runs it under ASan + UBSan.
#include <metajson/metajson.hpp>

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>

#include "canada.hpp"
#include "citm.hpp"
#include "data.hpp"
#include "twitter.hpp"

namespace {

struct outcome {
  long accepted = 0, rejected = 0;
};

template <class Schema>
void parse_all_ways(std::string_view input, outcome& o) {
  // An exactly-sized copy: nothing is readable after it.
  std::unique_ptr<char[]> block(new char[input.size() == 0 ? 1 : input.size()]);
  std::memcpy(block.get(), input.data(), input.size());
  const std::string_view in(block.get(), input.size());
  const bool valid = !metajson::validate(in);
  const auto dyn = metajson::try_from<metajson::value>(in);
  Schema s{};
  const auto e = metajson::from_json(in, s);
  // A document from<value> accepts is valid; validate's verdict matches (numbers aside).
  if (dyn.has_value()) {
    EXPECT_TRUE(valid);
  }
  if (valid && !dyn.has_value()) {
    EXPECT_EQ(dyn.error().code(), metajson::error_code::number_out_of_range);
  }
  (e ? o.rejected : o.accepted) += 1;
}

template <class Schema>
void corrupt(const char* file, int count, std::uint64_t seed) {
  const auto text = load_data(file);
  if (!text) return;
  std::mt19937_64 rng(seed);
  const char interesting[] = "{}[]\",:\\ \n0-.eE\x00\x1f\x80\xc3\xff tfn";
  outcome o;
  for (int i = 0; i < count; ++i) {
    std::string doc = *text;
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < edits; ++k) {
      const std::size_t at = rng() % doc.size();
      const char ch = rng() % 2 ? interesting[rng() % (sizeof interesting - 1)] : static_cast<char>(rng());
      switch (rng() % 3) {
        case 0: doc[at] = ch; break;
        case 1: doc.insert(doc.begin() + static_cast<std::ptrdiff_t>(at), ch); break;
        default: doc.erase(at, 1 + rng() % 8); break;
      }
    }
    parse_all_ways<Schema>(doc, o);
  }
  std::printf("%s: %d corruptions, %ld accepted, %ld rejected\n", file, count, o.accepted, o.rejected);
  EXPECT_GT(o.rejected, count / 4);
}

TEST(Hostile, EveryShortPrefixOfTwitter) {
  const auto text = load_data("twitter.json");
  if (!text) return;
  outcome o;
  for (std::size_t n = 0; n <= 4096 && n <= text->size(); ++n) parse_all_ways<twitter::TwitterData>(std::string_view(*text).substr(0, n), o);
  EXPECT_EQ(o.accepted, 0);  // no proper prefix of an object is a JSON document
}

TEST(Hostile, RandomPrefixesOfTwitter) {
  const auto text = load_data("twitter.json");
  if (!text) return;
  std::mt19937_64 rng(11);
  outcome o;
  for (int i = 0; i < 10000; ++i) {
    const std::size_t n = rng() % text->size();
    parse_all_ways<twitter::TwitterData>(std::string_view(*text).substr(0, n), o);
  }
  EXPECT_EQ(o.accepted, 0);
}

TEST(Hostile, CorruptedTwitter) { corrupt<twitter::TwitterData>("twitter.json", 2000, 21); }
TEST(Hostile, CorruptedCitm) { corrupt<citm::CitmCatalog>("citm_catalog.json", 2000, 22); }
TEST(Hostile, CorruptedCanada) { corrupt<canada::FeatureCollection>("canada.json", 2000, 23); }

}  // namespace

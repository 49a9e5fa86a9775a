// Hostile input: truncated and corrupted documents must give an error or a value, never a
// crash, a leak or a read out of bounds. Each input is copied into a heap block of exactly its
// size, so the sanitizer build (make test-sanitize) catches any read past the end.
//
//  - every prefix of each dataset (twitter, CITM, canada) up to 4,096 bytes, plus 1,000 seeded
//    random prefix lengths of each (not every prefix: that is quadratic in the size);
//  - 2,000 seeded random corruptions (byte changes, insertions, deletions) of each dataset.
// Each input goes through validate(), from<metajson::value>, from<schema> and the independent
// reference validator (tests/support/reference_validator.hpp): validate and the reference give
// the same verdict (validate's error within the reference's bounds), from<value> the same but
// for the numbers the reference finds beyond a double, and the schema read accepts only what
// both accept and rejects what they reject no later than their first error.
// Label `slow`; CI runs it under ASan + UBSan.
#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>

#include "canada.hpp"
#include "citm.hpp"
#include "data.hpp"
#include "reference_validator.hpp"
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
  const metajson::error v = metajson::validate(in);
  const auto dyn = metajson::try_from<metajson::value>(in);
  Schema s{};
  const auto e = metajson::from_json(in, s);
  const reference::verdict ref = reference::check(in);
  const auto where = [&] { return " (input of " + std::to_string(in.size()) + " bytes; reference: " +
                                  reference::fault_name(ref.why) + " at " + std::to_string(ref.offset) + ")"; };
  // validate gives the reference's verdict, its error within the reference's bounds.
  EXPECT_EQ(!v, ref.ok) << (v ? v.message() : "validate accepts") << where();
  if (v && !ref.ok) {
    EXPECT_GE(v.offset(), ref.token) << v.message() << where();
    EXPECT_LE(v.offset(), ref.offset) << v.message() << where();
  }
  // from<value>: the same verdict (a number beyond a double is kept as its text).
  EXPECT_EQ(dyn.has_value(), ref.ok) << (dyn ? "from<value> accepts" : dyn.error().message()) << where();
  // The schema read accepts only JSON, and rejects non-JSON no later than the first error.
  if (!e) {
    EXPECT_FALSE(v) << "from<schema> accepts what validate rejects: " << v.message() << where();
    EXPECT_TRUE(ref.ok) << "from<schema> accepts what the reference rejects" << where();
  } else {
    if (v) {
      EXPECT_LE(e.offset(), v.offset()) << e.message() << " / validate: " << v.message() << where();
    }
    if (!ref.ok) {
      EXPECT_LE(e.offset(), ref.offset) << e.message() << where();
    }
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

// Every prefix up to 4,096 bytes, then `random` seeded prefix lengths: no proper prefix of an
// object is a JSON document, so all are rejected.
template <class Schema>
void prefixes(const char* file, int random, std::uint64_t seed) {
  const auto text = load_data(file);
  if (!text) return;
  outcome o;
  for (std::size_t n = 0; n <= 4096 && n < text->size(); ++n) parse_all_ways<Schema>(std::string_view(*text).substr(0, n), o);
  std::mt19937_64 rng(seed);
  const std::size_t closing = text->find_last_of('}');  // what follows it is whitespace
  ASSERT_NE(closing, std::string::npos);
  for (int i = 0; i < random; ++i) parse_all_ways<Schema>(std::string_view(*text).substr(0, rng() % closing), o);
  std::printf("%s: %ld prefixes, %ld accepted\n", file, o.accepted + o.rejected, o.accepted);
  EXPECT_EQ(o.accepted, 0);
  EXPECT_EQ(o.rejected, std::min<long>(4097, static_cast<long>(text->size())) + random);
}

// The number of random inputs, scaled by METAJSON_HOSTILE_PERCENT (default 100): the sanitizer
// run of CI (make test-sanitize) reads a quarter of them, which is where ASan spends its time;
// the every-prefix-up-to-4,096-bytes part is never scaled.
int scaled(int n) {
  const char* env = std::getenv("METAJSON_HOSTILE_PERCENT");
  const int percent = env != nullptr ? std::atoi(env) : 100;
  return std::max(1, n * std::clamp(percent, 1, 100) / 100);
}

TEST(Hostile, PrefixesOfTwitter) { prefixes<twitter::TwitterData>("twitter.json", scaled(1000), 11); }
TEST(Hostile, PrefixesOfCitm) { prefixes<citm::CitmCatalog>("citm_catalog.json", scaled(1000), 12); }
TEST(Hostile, PrefixesOfCanada) { prefixes<canada::FeatureCollection>("canada.json", scaled(1000), 13); }

TEST(Hostile, CorruptedTwitter) { corrupt<twitter::TwitterData>("twitter.json", scaled(2000), 21); }
TEST(Hostile, CorruptedCitm) { corrupt<citm::CitmCatalog>("citm_catalog.json", scaled(2000), 22); }
TEST(Hostile, CorruptedCanada) { corrupt<canada::FeatureCollection>("canada.json", scaled(2000), 23); }

}  // namespace

// The study's datasets: twitter.json into the study's twitter schema and citm_catalog.json into
// its CITM schema, then to_json: exactly 81,927 and 496,682 bytes (the study's known sizes), and
// reading that output back gives equal structs. canada.json into a GeoJSON schema: read, write,
// read again gives identical doubles. validate(), from<metajson::value> and the reference
// validator accept all three. Data from $METAJSON_DATA_DIR (the test fails without it).
#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include <bit>

#include "canada.hpp"
#include "citm.hpp"
#include "data.hpp"
#include "reference_validator.hpp"
#include "twitter.hpp"

namespace {

template <class T>
void check_dataset(const char* file, std::size_t expected_bytes) {
  const auto text = load_data(file);
  if (!text) return;
  T data{};
  const auto e = metajson::from_json(*text, data);
  ASSERT_FALSE(e) << file << ": " << e.message();
  const std::string out = metajson::to_json(data);
  if (expected_bytes != 0) {
    EXPECT_EQ(out.size(), expected_bytes) << file;
  }
  const T back = metajson::from<T>(out);
  EXPECT_TRUE(back == data) << file << ": reading our own output gives a different struct";
  EXPECT_EQ(metajson::to_json(back), out);
  // Pretty output reads back to the same struct too.
  EXPECT_TRUE(metajson::from<T>(metajson::to_json<{.pretty = true}>(data)) == data);
}

TEST(Dataset, Twitter) { check_dataset<twitter::TwitterData>("twitter.json", 81927); }

TEST(Dataset, Citm) { check_dataset<citm::CitmCatalog>("citm_catalog.json", 496682); }

TEST(Dataset, CanadaDoublesSurviveExactly) {
  check_dataset<canada::FeatureCollection>("canada.json", 0);
  const auto text = load_data("canada.json");
  if (!text) return;
  const auto a = metajson::from<canada::FeatureCollection>(*text);
  const auto b = metajson::from<canada::FeatureCollection>(metajson::to_json(a));
  ASSERT_EQ(a.features.size(), b.features.size());
  std::size_t points = 0;
  for (std::size_t f = 0; f < a.features.size(); ++f) {
    const auto& ra = a.features[f].geometry.coordinates;
    const auto& rb = b.features[f].geometry.coordinates;
    ASSERT_EQ(ra.size(), rb.size());
    for (std::size_t r = 0; r < ra.size(); ++r) {
      ASSERT_EQ(ra[r].size(), rb[r].size());
      for (std::size_t i = 0; i < ra[r].size(); ++i, ++points)
        for (int k = 0; k < 2; ++k)
          ASSERT_EQ(std::bit_cast<std::uint64_t>(ra[r][i][k]), std::bit_cast<std::uint64_t>(rb[r][i][k]));
    }
  }
  EXPECT_EQ(points, 55563u);  // canada.json's polygons hold 55,563 [lon, lat] pairs
}

TEST(Dataset, ValidateAcceptsAll) {
  for (const char* f : {"twitter.json", "citm_catalog.json", "canada.json"}) {
    const auto text = load_data(f);
    if (!text) continue;
    // The independent reference validator agrees, and finds no number beyond a double.
    const reference::verdict ref = reference::check(*text);
    EXPECT_TRUE(ref.ok) << f << ": reference: " << reference::fault_name(ref.why) << " at " << ref.offset;
    EXPECT_EQ(ref.first_overflow, reference::npos) << f;
    EXPECT_FALSE(metajson::validate(*text)) << f;
    const auto v = metajson::try_from<metajson::value>(*text);
    ASSERT_TRUE(v.has_value()) << f << ": " << v.error().message();
    // The dynamic value writes back what it read: read again, equal.
    EXPECT_TRUE(identical(metajson::from<metajson::value>(metajson::to_json(*v)), *v)) << f;
  }
}

}  // namespace

// Two translation units that instantiate the same writers: linking them must not produce
// duplicate symbols, and both must produce the same output.
#include <metajson/metajson.hpp>

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

struct OdrShared {
  std::string name;
  std::vector<double> values;
  std::map<std::string, int> counts;
};

std::string write_in_b(const OdrShared& v);

std::string write_in_a(const OdrShared& v) { return metajson::to_json(v); }

TEST(Odr, TwoTranslationUnitsAgree) {
  const OdrShared v{"x", {1.5, 2}, {{"k", 1}}};
  EXPECT_EQ(write_in_a(v), R"({"name":"x","values":[1.5,2.0],"counts":{"k":1}})");
  EXPECT_EQ(write_in_a(v), write_in_b(v));
}

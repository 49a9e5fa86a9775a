// Second translation unit of the ODR test (see odr_a.cpp).
#include <metajson/metajson.hpp>

#include <map>
#include <string>
#include <vector>

struct OdrShared {
  std::string name;
  std::vector<double> values;
  std::map<std::string, int> counts;
};

std::string write_in_b(const OdrShared& v) { return metajson::to_json(v); }

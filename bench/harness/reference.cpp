// The reference values every case is checked against, read by metajson. metajson's own read is
// checked independently: the values are written back and compared by content with every other
// library's output (bench/scripts/run.py), and tests/dataset checks the written sizes.
#include <metajson/metajson.hpp>

#include "harness.hpp"

namespace bench {

const twitter::TwitterData& twitter_reference(const std::string& input) {
  static const auto v = metajson::from<twitter::TwitterData>(input);
  return v;
}
const citm::CitmCatalog& citm_reference(const std::string& input) {
  static const auto v = metajson::from<citm::CitmCatalog>(input);
  return v;
}
const canada::FeatureCollection& canada_reference(const std::string& input) {
  static const auto v = metajson::from<canada::FeatureCollection>(input);
  return v;
}

}  // namespace bench

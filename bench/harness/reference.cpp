// The reference values every case is checked against, read by metajson. metajson's own read is
// checked independently: the values are written back and compared by content with every other
// library's output (bench/scripts/run.py), and tests/dataset checks the written sizes.
#include <metajson/metajson.hpp>

#include "harness.hpp"

#include <stdexcept>
#include <string_view>

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

namespace {

// The statuses of twitter.json as the exact text of each (metajson::raw_json keeps it).
struct raw_statuses {
  std::vector<metajson::raw_json> statuses;
};

// JSON text without the whitespace between its tokens (none inside strings is touched).
std::string minified(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) out += text[++i];
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
      out += c;
    } else if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string ndjson_lines(const std::string& twitter_json, std::size_t target_bytes, ndjson_records& value) {
  const auto raw = metajson::from<raw_statuses>(twitter_json);
  std::string block;
  for (const auto& s : raw.statuses) {
    block += minified(s.text);
    block += '\n';
  }
  const auto& statuses = twitter_reference(twitter_json).statuses;
  if (statuses.size() != raw.statuses.size() || block.empty()) throw std::runtime_error("twitter.json: no statuses");
  std::string text;
  value.clear();
  do {
    text += block;
    value.insert(value.end(), statuses.begin(), statuses.end());
  } while (text.size() < target_bytes);
  return text;
}

}  // namespace bench

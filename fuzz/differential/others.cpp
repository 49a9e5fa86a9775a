#include "others.hpp"

#include <simdjson.h>
#include <yyjson.h>

namespace differential {

verdict simdjson_verdict(std::string_view json) {
  static simdjson::dom::parser parser;  // default max depth: simdjson::DEFAULT_MAX_DEPTH
  const simdjson::padded_string padded(json);
  const auto err = parser.parse(padded).error();
  if (err == simdjson::SUCCESS) return {true, reason::none, {}, no_limit};
  const reason why = (err == simdjson::NUMBER_ERROR || err == simdjson::BIGINT_ERROR) ? reason::number
                     : err == simdjson::DEPTH_ERROR                                     ? reason::depth
                                                                                        : reason::other;
  return {false, why, simdjson::error_message(err), no_limit};
}

verdict yyjson_verdict(std::string_view json) {
  yyjson_read_err err{};
  yyjson_doc* doc = yyjson_read_opts(const_cast<char*>(json.data()), json.size(), YYJSON_READ_NOFLAG, nullptr, &err);
  if (doc) {
    yyjson_doc_free(doc);
    return {true, reason::none, {}, no_limit};
  }
  // INVALID_NUMBER covers malformed numbers too (`01`, `1.e5`): the caller checks the token at
  // err.pos (the number's start for "number is infinity when parsed as double").
  const reason why = err.code == YYJSON_READ_ERROR_INVALID_NUMBER ? reason::number : reason::other;
  return {false, why, err.msg ? err.msg : "error", err.pos};
}

std::size_t simdjson_max_depth() { return simdjson::DEFAULT_MAX_DEPTH - 1; }
std::size_t yyjson_max_depth() { return no_limit; }

std::string versions() {
  return "simdjson " + std::string(SIMDJSON_VERSION) + ", yyjson " + std::string(YYJSON_VERSION_STRING);
}

}  // namespace differential

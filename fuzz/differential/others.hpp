// The other parsers' verdicts, behind a plain interface: others.cpp is compiled without
// reflection (C++20), so their headers never meet metajson's compiler flags.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace differential {

enum class reason { none, number, depth, other };

inline constexpr std::size_t no_limit = static_cast<std::size_t>(-1);

struct verdict {
  bool accepted = false;
  reason why = reason::none;  // for a rejection: a number, nesting, or anything else
  std::string message;
  std::size_t offset = no_limit;  // where the parser puts the error, when it says (yyjson does)
};

// simdjson's DOM parser (validates everything, UTF-8 included), default settings.
verdict simdjson_verdict(std::string_view json);
// yyjson_read with no flags: strict RFC 8259, UTF-8 validated.
verdict yyjson_verdict(std::string_view json);
std::string versions();

// The most arrays/objects each parser reads nested. simdjson documents
// simdjson::DEFAULT_MAX_DEPTH (1024) as "the maximum JSON object/array nesting this parser is
// expected to handle"; measured (the differential test's crafted inputs pin it), its DOM parser
// reads 1023 nested arrays or objects around a value and rejects 1024 (DEPTH_ERROR: its depth
// count includes the document itself; an empty innermost [] or {} is not counted), so the limit
// used here is DEFAULT_MAX_DEPTH - 1. yyjson 0.12 documents none (yyjson.h has no depth option
// or error code): no_limit.
std::size_t simdjson_max_depth();
std::size_t yyjson_max_depth();

}  // namespace differential

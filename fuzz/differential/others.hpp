// The other parsers' verdicts, behind a plain interface: others.cpp is compiled without
// reflection (C++20), so their headers never meet metajson's compiler flags.
#pragma once

#include <string>
#include <string_view>

namespace differential {

enum class reason { none, number, depth, other };

struct verdict {
  bool accepted = false;
  reason why = reason::none;  // for a rejection: a number out of range, nesting, or anything else
  std::string message;
};

// simdjson's DOM parser (validates everything, UTF-8 included; depth limit 1024).
verdict simdjson_verdict(std::string_view json);
// yyjson_read with no flags: strict RFC 8259, UTF-8 validated, no depth limit.
verdict yyjson_verdict(std::string_view json);
std::string versions();

}  // namespace differential

// Every error of a document (options::errors = error_mode::collect): the typed reader, compiled
// a second time with that option, records a value-level error where a member, an element, a
// map's value or the root fails, skips that value (validating it, as a skipped value always is)
// and reads on. A syntax error cannot be read past: it ends the document and is listed last.
//
// Where: collect_read() wraps those four reads (object.hpp, sequence.hpp, map.hpp, driver.hpp),
// inside `if constexpr (collects<O>)`, so a first-error read compiles exactly as before. The
// failed value is skipped from its first index entry, which a pin on the root keeps in the
// buffer (the buffer then holds the whole document's index: 5 bytes per entry, for this read
// only). An error's path is built as the reading goes back up: each wrapper adds its key or
// index to the errors recorded inside it.
//
// A read in this mode runs the first-error reader first and only reads again, collecting, when
// that fails (driver.hpp, read_json_collect): a valid document costs what it costs in the
// default mode.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../detail/path.hpp"
#include "../options.hpp"
#include "cursor.hpp"
#include "input.hpp"
#include "skip.hpp"

namespace metajson::detail {

template <options O>
inline constexpr bool collects = O.errors == error_mode::collect;

template <options O>
consteval options first_error_options() {
  options s = O;
  s.errors = error_mode::first;
  return s;
}

// An error recorded while reading on: its place (a byte of the input) and its path segments,
// innermost first.
struct collected_error {
  error_code code;
  const char* where;
  std::string detail;
  std::vector<std::string> path;
};

// The reader's context in collect mode (the collecting instantiations are handed one of these
// as their read_context).
struct collect_context : read_context {
  std::vector<collected_error> errors;
  std::size_t more = 0;
  std::size_t max = 100;
};

// The errors that concern one value, after which the document can be read on.
constexpr bool value_level(error_code e) noexcept {
  switch (e) {
    case error_code::type_mismatch:
    case error_code::number_out_of_range:
    case error_code::unknown_key:
    case error_code::missing_key:
    case error_code::duplicate_key:
    case error_code::unknown_enum_name:
    case error_code::wrong_length:
    case error_code::escaped_string_view:
    case error_code::no_matching_alternative:
    case error_code::invalid_time:
    case error_code::invalid_value:
    case error_code::constraint_violated:
    case error_code::string_too_long: return true;
    default: return false;
  }
}

// Moves c's error into the list (or counts it beyond the limit) and clears it.
METAJSON_NOINLINE inline void record_error(read_context& c) {
  auto& cc = static_cast<collect_context&>(c);
  if (cc.errors.size() < cc.max) cc.errors.push_back({c.code, c.where, std::move(c.detail), std::move(c.path)});
  else ++cc.more;
  c.clear_error();
}

// The value that starts at entry number `start` (read at depth `depth`) failed: a value-level
// error is recorded and the value skipped (the entry after it is returned); anything else is
// left for the caller to unwind (nullptr).
template <options O>
METAJSON_NOINLINE const char* recover(read_context& c, std::size_t start, std::uint32_t depth) {
  if (c.recheck || !value_level(c.code)) return nullptr;
  record_error(c);
  c.depth = depth;
  return skip_value<O>(c, c.kinds + (start - c.first_entry));
}

// read(c, k) in collect mode: see the top of this file. segment() is the key or index the value
// is at ("" for the root), added to the path of every error recorded inside.
template <options O, class Read, class Segment>
METAJSON_ALWAYS_INLINE const char* collect_read(read_context& c, const char* k, Read&& read, Segment&& segment) {
  auto& cc = static_cast<collect_context&>(c);
  const std::size_t before = cc.errors.size();
  const std::size_t start = entry_number(c, k);
  const std::uint32_t depth = c.depth;
  const char* r = read(c, k);
  if (METAJSON_UNLIKELY(!r)) r = recover<O>(c, start, depth);
  if (METAJSON_UNLIKELY(cc.errors.size() != before)) {
    const std::string s = segment();
    for (std::size_t i = before; i < cc.errors.size(); ++i) cc.errors[i].path.push_back(s);
  }
  return r;
}

// An error at a key (unknown, duplicate): recorded, and the member's value at entry k skipped.
template <options O>
METAJSON_NOINLINE const char* record_and_skip(read_context& c, const char* k) {
  record_error(c);
  return skip_value<O>(c, k);
}

}  // namespace metajson::detail

// Streams and NDJSON: JSON written to a std::ostream through a bounded buffer, NDJSON (JSON
// Lines) written and read, the elements of a top-level array read one at a time, from strings
// or from std::istreams in memory bounded by the largest line or element.
//
//     #include <metajson/stream.hpp>
//     metajson::to_json(config, std::cout);                     // the bytes of to_json(config)
//     std::string lines = metajson::to_ndjson(events);          // one value per line
//     for (auto& e : metajson::read_ndjson<Event>(in))          // std::expected<Event, error>
//       if (e) use(*e); else log(e.error().message());          // "... (line 7, column 12)"
//     for (auto& p : metajson::read_array<Point>(file)) ...     // [ {...}, {...}, ... ]
//
// Not included by metajson.hpp: <istream> and <ostream> cost compile time that a program
// which does not use streams should not pay.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <expected>
#include <istream>
#include <new>
#include <ostream>
#include <ranges>
#include <string>
#include <string_view>

#include "detail/ablation.hpp"
#include "error.hpp"
#include "from_json.hpp"
#include "options.hpp"
#include "io/read_stream.hpp"
#include "reflect/borrows.hpp"
#include "to_json.hpp"
#include "io/write_ndjson.hpp"
#include "io/write_stream.hpp"

namespace metajson {
inline namespace v0 {

// --- writing to a std::ostream ----------------------------------------------------------------

/// Writes `value` as JSON to `os`: the same bytes as to_json(value), through a 64 KiB buffer
/// that is handed to the stream whenever it fills (no string of the whole document). Never
/// throws: a value that cannot be written, or a stream that fails (an io_error), is the
/// returned error; what was written before the error stays in the stream. The stream is not
/// flushed.
template <options O = options{}, class T>
error try_to_json(const T& value, std::ostream& os) noexcept {
  return detail::write_to_ostream<O>(value, os);
}

#if METAJSON_HAS_EXCEPTIONS
/// Writes `value` as JSON to `os` (see try_to_json); throws metajson::error.
///
///     metajson::to_json(config, std::cout);
template <options O = options{}, class T>
void to_json(const T& value, std::ostream& os) {
  if (error e = detail::write_to_ostream<O>(value, os)) throw e;
}
#endif

// --- writing NDJSON ---------------------------------------------------------------------------

/// Writes each element of `range` as compact JSON followed by '\n' into `buffer` (content
/// replaced, capacity kept). Never throws; on error `buffer` is empty and the error's path
/// starts with the element's index: "invalid UTF-8 in string at $[3].name". Options with
/// `.pretty = true` do not compile.
template <options O = options{}, std::ranges::input_range R>
error try_to_ndjson(R&& range, std::string& buffer) noexcept {
  return detail::write_ndjson_noexcept<O>(range, buffer);
}

/// Writes each element of `range` as compact JSON followed by '\n' to `os`, through a bounded
/// buffer. Never throws; the lines before a failed element are written.
template <options O = options{}, std::ranges::input_range R>
error try_to_ndjson(R&& range, std::ostream& os) noexcept {
  return detail::write_ndjson_to_ostream<O>(range, os);
}

#if METAJSON_HAS_EXCEPTIONS
/// Each element of `range` as compact JSON followed by '\n' (NDJSON, JSON Lines). Throws
/// metajson::error.
///
///     std::string lines = metajson::to_ndjson(events);   // {"id":1}\n{"id":2}\n
template <options O = options{}, std::ranges::input_range R>
std::string to_ndjson(R&& range) {
  std::string out;
  if (error e = detail::write_ndjson_fresh<O>(range, out)) throw e;
  return out;
}

/// to_ndjson into `buffer` (content replaced, capacity kept). Throws metajson::error.
template <options O = options{}, std::ranges::input_range R>
void to_ndjson(R&& range, std::string& buffer) {
  if (error e = detail::write_ndjson<O>(range, buffer)) throw e;
}

/// to_ndjson to `os` through a bounded buffer. Throws metajson::error.
template <options O = options{}, std::ranges::input_range R>
void to_ndjson(R&& range, std::ostream& os) {
  if (error e = detail::write_ndjson_to_ostream<O>(range, os)) throw e;
}
#endif

// --- reading NDJSON and arrays ----------------------------------------------------------------

/// The range returned by read_ndjson and read_array: an input range (std::ranges::view) of
/// std::expected<T, metajson::error>, read as it is iterated.
template <class T, options O = options{}>
using ndjson_range = detail::result_range<detail::ndjson_engine<T, O>>;
template <class T, options O = options{}>
using array_range = detail::result_range<detail::array_engine<T, O>>;

/// The values of NDJSON / JSON Lines text, one result per line that is not blank (a line of
/// spaces, tabs and '\r' is blank; "\r\n" line ends work; the last line needs no '\n').
/// Each result is a T or the error of that line, whose line and column count in the whole
/// text: "expected integer, found string at $.id (line 7, column 12)". A bad line does not
/// stop the lines after it. options.max_document_size limits each line. T may hold
/// std::string_view members: they point into `text`.
///
///     for (auto& r : metajson::read_ndjson<Event>(text))
///       if (r) handle(*r); else log(r.error().message());
template <class T, options O = options{}>
ndjson_range<T, O> read_ndjson(std::string_view text) {
  return ndjson_range<T, O>(detail::ndjson_engine<T, O>(detail::input_window(text)));
}

/// read_ndjson from a stream, which must outlive the range. Memory: a 64 KiB buffer, doubled
/// while a line does not fit (the largest line, at most options.max_document_size: a longer
/// line is that line's error, skipped without being kept). A stream that fails is the last
/// result (an io_error); one that cannot be read from the start is the only one. T may not
/// hold std::string_view: the line it would point into is gone.
template <class T, options O = options{}>
ndjson_range<T, O> read_ndjson(std::istream& is) {
  static_assert(detail::owns_its_data<T>,
                "metajson: a std::string_view read from a stream would point into a buffer that is reused; use std::string");
  return ndjson_range<T, O>(detail::ndjson_engine<T, O>(detail::input_window(is)));
}

/// The elements of a top-level JSON array, one result at a time. The document is checked to
/// its end: an element that is not a T is that element's error (path "$[3]...") and the next
/// elements follow; where the document stops being JSON (a syntax error, a missing ']', content
/// after it) the error is the last result. T may hold std::string_view members: they point
/// into `text`.
///
///     for (auto& p : metajson::read_array<Point>(text)) ...
template <class T, options O = options{}>
array_range<T, O> read_array(std::string_view text) {
  return array_range<T, O>(detail::array_engine<T, O>(detail::input_window(text)));
}

/// read_array from a stream, which must outlive the range. Memory: a 64 KiB buffer, doubled
/// while an element does not fit (the largest element, at most options.max_document_size:
/// a longer one ends the range with its error). T may not hold std::string_view.
template <class T, options O = options{}>
array_range<T, O> read_array(std::istream& is) {
  static_assert(detail::owns_its_data<T>,
                "metajson: a std::string_view read from a stream would point into a buffer that is reused; use std::string");
  return array_range<T, O>(detail::array_engine<T, O>(detail::input_window(is)));
}

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

// The one read driver: every entry point that reads JSON text (from, try_from, from_json,
// validate, the pointers, the parts of streams and NDJSON, document::parse, a document node's
// get) goes through drive(): the size limit, stage 1 (the index, chunk by chunk, its buffer on
// the driver's stack frame), the walk the entry point gives, the end of the document, and the
// error's wording (the per-token checker words a syntax error; line and column are counted only
// then). What differs between entry points is the walk, and whether the text is the whole
// document.
//
//     read_context c;
//     return drive<O>(c, text, [&](read_context& c, const char* k) { return read_value<O>(c, k, out); });
//
// Lenient input is prepared by on_text() (a copy with comments and trailing commas blanked out:
// read/lenient.hpp), and std::bad_alloc is turned into error_code::out_of_memory by
// out_of_memory_as_error() (error.hpp), at the entry points that promise not to throw.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/macros.hpp"
#include "../error.hpp"
#include "../options.hpp"
#include "check.hpp"
#include "collect.hpp"
#include "cursor.hpp"
#include "dispatch.hpp"
#include "lenient.hpp"
#include "skip.hpp"

namespace metajson::detail {

// Turns the reader's failure into a metajson::error: line and column are counted only now.
inline error make_read_error(read_context& c) {
  const char* at = c.where ? c.where : c.end;
  std::size_t line = 1;
  const char* line_start = c.begin;
  for (const char* q = c.begin; q < at; ++q) {
    if (*q == '\n') {
      ++line;
      line_start = q + 1;
    }
  }
  std::string path = "$";
  for (auto it = c.path.rbegin(); it != c.path.rend(); ++it) path += *it;
  return error(c.code, std::move(path), std::move(c.detail), static_cast<std::size_t>(at - c.begin), line,
               static_cast<std::size_t>(at - line_start) + 1);
}

// The input is within options.max_document_size; otherwise false with the error set.
template <options O>
bool document_size_ok(read_context& c) {
  const auto n = static_cast<std::size_t>(c.end - c.begin);
  if (METAJSON_LIKELY(n <= O.max_document_size)) return true;
  c.fail(error_code::document_too_large, c.begin,
         std::to_string(n) + " bytes, the limit is " + std::to_string(O.max_document_size));
  return false;
}

// The per-token checker over the whole document (read/check.hpp): true when it is JSON, else
// false with the first error in c. The tests and fuzz targets hold the indexed reader to its
// verdicts.
template <options O>
bool check_document(read_context& c) {
  if (!document_size_ok<O>(c)) return false;
  const char* p = skip_ws(c.begin, c.end);
  p = check_value<O>(c, p);
  if (p == nullptr) return false;
  p = skip_ws(p, c.end);
  if (p == c.end) return true;
  c.fail(error_code::trailing_content, p, "found " + describe_found(c, p));
  return false;
}

// A syntax error the indexed reader met: the per-token checker words it (it finds the same
// first error), with the path of the value the typed reader was reading.
template <options O>
METAJSON_NOINLINE error checked_error(read_context& c) {
  read_context k;
  k.begin = c.begin;
  k.end = c.end;
  if (check_document<O>(k)) {  // the checker accepts what the reader refused: a defect, reported as found
    c.detail = "the reader's index pass refused what the per-token checker accepts (please report this)";
    return make_read_error(c);
  }
  k.path = std::move(c.path);
  return make_read_error(k);
}

// After the root value (at entry k): only the end of the document may follow.
METAJSON_ALWAYS_INLINE bool at_document_end(read_context& c, const char* k) {
  if (METAJSON_LIKELY(*k == index::kind_end)) return true;
  if (*k == index::kind_error) return c.fail_checked(at(c, k)), false;
  const char* p = at(c, k);
  c.fail(error_code::trailing_content, p, "found " + describe_found(c, p));
  return false;
}

template <options O>
inline constexpr bool stage1_checks_utf8 = O.utf8 == utf8_policy::validate;

// What drive() reads.
enum class text_is : unsigned char {
  document,  // a whole document: within max_document_size, nothing after the root value
  part,      // a part of a larger input (a line, an element) that its reader has sized: nothing after the root value
  value,     // one value's text inside a document already checked (a document node's): the walk's end is the end
};

// The driver. c's depth is where the walk starts (0, or the depth of a part); walk(c, k) is
// given the root value's index entry and returns the entry after it, or nullptr after c.fail().
// Backslashes: stage 1 records the blocks that hold a backslash (read/cursor.hpp, start_index),
// for the dynamic readers.
template <options O, text_is What = text_is::document, bool Backslashes = false, class Walk>
METAJSON_ALWAYS_INLINE error drive(read_context& c, std::string_view text, Walk&& walk) {
  c.begin = text.data();
  c.end = text.data() + text.size();
  if constexpr (What == text_is::document)
    if (METAJSON_UNLIKELY(!document_size_ok<O>(c))) return make_read_error(c);
  METAJSON_INDETERMINATE index_buffer buffer;
  const char* k = start_index<stage1_checks_utf8<O>, Backslashes>(c, buffer);
  if (METAJSON_LIKELY(k != nullptr)) k = walk(c, k);
  if constexpr (What == text_is::value) {
    if (METAJSON_LIKELY(k != nullptr)) return {};
  } else {
    if (METAJSON_LIKELY(k != nullptr) && METAJSON_LIKELY(at_document_end(c, k))) return {};
    if (c.recheck) return checked_error<O>(c);
  }
  return make_read_error(c);
}

// Lenient input (options::allow_comments, allow_trailing_commas): `json` is copied with its
// comments and trailing commas blanked out (read/lenient.hpp), and read(copy) reads the copy;
// else read(json). A broken comment or a text too large is the error.
template <options O>
bool prepare_copy(read_context& c, std::string_view json, std::string& copy) {
  c.begin = json.data();
  c.end = json.data() + json.size();
  return document_size_ok<O>(c) && prepare_lenient<O>(c, copy);
}
template <options O, class Read>
METAJSON_ALWAYS_INLINE error on_text(std::string_view json, Read&& read) {
  if constexpr (reads_prepared_copy<O>) {
    read_context c;
    std::string copy;
    if (!prepare_copy<O>(c, json, copy)) return make_read_error(c);
    return read(std::string_view(copy));
  } else {
    return read(json);
  }
}

// on_text for a reader that returns an error_list.
template <options O, class Read>
error_list on_text_list(std::string_view json, Read&& read) {
  if constexpr (reads_prepared_copy<O>) {
    read_context c;
    std::string copy;
    if (!prepare_copy<O>(c, json, copy)) return error_list({make_read_error(c)}, 0);
    return read(std::string_view(copy));
  } else {
    return read(json);
  }
}

// The typed reader's driver: `json` (prepared when lenient) into out. (read_json_text is a
// function of its own, called with out as an argument: a lambda that captured out would be
// called through a closure, three more instructions per read.)
template <options O, class T>
error read_json_text(std::string_view text, T& out) {
  read_context c;
  return drive<O, text_is::document, std::is_same_v<T, ::metajson::value>>(c, text, [&](read_context& c, const char* k) { return read_value<O>(c, k, out); });
}
template <options O, class T>
error read_json(std::string_view json, T& out) {
  return on_text<O>(json, [&](std::string_view text) { return read_json_text<O>(text, out); });
}

// validate(): the driver with the validating skip (the text prepared already when lenient).
template <options O>
error validate_text(std::string_view text) {
  read_context c;
  return drive<O>(c, text, [](read_context& c, const char* k) { return skip_value<O>(c, k); });
}

// Collect mode (read/collect.hpp): the collecting reader over `text`, from the root; every error
// in document order, the syntax error that ended the document last.
template <options O, class T>
error_list read_collect_text(std::string_view text, T& out) {
  collect_context c;
  c.max = O.max_errors;
  c.begin = text.data();
  c.end = text.data() + text.size();
  if (!document_size_ok<O>(c)) return error_list({make_read_error(c)}, 0);
  METAJSON_INDETERMINATE index_buffer buffer;
  const char* k = start_index<stage1_checks_utf8<O>, std::is_same_v<T, ::metajson::value>>(c, buffer);
  if (k != nullptr) {
    const index_pin pin(c, k);  // failed values are skipped from their first entry: keep them all
    k = collect_read<O>(c, k, [&](read_context& c, const char* k) { return read_value<O>(c, k, out); }, [] { return std::string(); });
    if (k != nullptr) at_document_end(c, k);
  }
  std::vector<error> all;
  all.reserve(c.errors.size() + 1);
  // Lines and columns in one pass over the text, in the order of the places.
  std::vector<std::size_t> order(c.errors.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return c.errors[a].where < c.errors[b].where; });
  std::vector<std::pair<std::size_t, std::size_t>> places(c.errors.size());
  std::size_t line = 1;
  const char* q = c.begin;
  const char* line_start = c.begin;
  for (std::size_t i : order) {
    const char* at = c.errors[i].where ? c.errors[i].where : c.end;
    for (; q < at; ++q)
      if (*q == '\n') ++line, line_start = q + 1;
    places[i] = {line, static_cast<std::size_t>(at - line_start) + 1};
  }
  for (std::size_t i = 0; i < c.errors.size(); ++i) {
    collected_error& e = c.errors[i];
    std::string path = "$";
    for (auto it = e.path.rbegin(); it != e.path.rend(); ++it) path += *it;
    const char* at = e.where ? e.where : c.end;
    all.emplace_back(e.code, std::move(path), std::move(e.detail), static_cast<std::size_t>(at - c.begin), places[i].first, places[i].second);
  }
  if (c.code != error_code::ok) all.push_back(c.recheck ? checked_error<O>(c) : make_read_error(c));
  return error_list(std::move(all), c.more);
}

// The read of from_json / try_from / from / check with errors = collect: the first-error reader
// first (a valid document costs what it costs in the default mode); when it fails, `out` is read
// again, collecting every error (the same text: what the first pass set, the second sets again;
// members whose keys are absent keep their values, as from_json promises).
template <options O, class T>
error_list read_json_collect(std::string_view json, T& out) {
  if (!read_json<first_error_options<O>()>(json, out)) return {};
  return on_text_list<O>(json, [&](std::string_view text) { return read_collect_text<O>(text, out); });
}

template <options O, class T>
error_list read_json_collect_noexcept(std::string_view json, T& out) noexcept {
#if METAJSON_HAS_EXCEPTIONS
  try {
    return read_json_collect<O>(json, out);
  } catch (const std::bad_alloc&) {
    return error_list({error(error_code::out_of_memory)}, 0);
  }
#else
  return read_json_collect<O>(json, out);
#endif
}

template <options O, class T>
error read_json_noexcept(std::string_view json, T& out) noexcept {
  return out_of_memory_as_error([&] { return read_json<O>(json, out); });
}

}  // namespace metajson::detail

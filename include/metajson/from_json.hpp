// The public reading API. Thin entry points; the work is in read/.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <expected>
#include <new>
#include <string>
#include <string_view>

#include "detail/macros.hpp"
#include "error.hpp"
#include "options.hpp"
#include "read/check.hpp"
#include "read/chrono.hpp"
#include "read/cursor.hpp"
#include "read/dispatch.hpp"
#include "read/enum.hpp"
#include "read/lenient.hpp"
#include "read/map.hpp"
#include "read/number.hpp"
#include "read/object.hpp"
#include "read/optional.hpp"
#include "read/sequence.hpp"
#include "read/skip.hpp"
#include "read/string.hpp"
#include "read/custom.hpp"
#include "read/variant.hpp"

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

// Lenient input (options::allow_comments, allow_trailing_commas): `json` is copied into
// `copy` with its comments and trailing commas blanked out (read/lenient.hpp), and the copy is
// what is read. False with the error in c when a comment is broken or the text too large.
template <options O>
bool prepare_copy(read_context& c, std::string_view json, std::string& copy) {
  c.begin = json.data();
  c.end = json.data() + json.size();
  return document_size_ok<O>(c) && prepare_lenient<O>(c, copy);
}

// The one driver behind every reading entry point: stage 1 indexes the document chunk by chunk
// (its buffer on this stack frame), the typed reader walks the index; then only the end.
template <options O, class T>
error read_json_text(std::string_view json, T& out) {
  read_context c;
  c.begin = json.data();
  c.end = json.data() + json.size();
  if (METAJSON_UNLIKELY(!document_size_ok<O>(c))) return make_read_error(c);
  METAJSON_INDETERMINATE index_buffer buffer;
  const char* k = start_index<stage1_checks_utf8<O>>(c, buffer);
  if (METAJSON_LIKELY(k != nullptr)) k = read_value<O>(c, k, out);
  if (METAJSON_LIKELY(k != nullptr) && METAJSON_LIKELY(at_document_end(c, k))) return {};
  if (c.recheck) return checked_error<O>(c);
  return make_read_error(c);
}

// The text as it is, or its prepared copy under the lenient options.
template <options O, class T>
error read_json(std::string_view json, T& out) {
  if constexpr (reads_prepared_copy<O>) {
    read_context c;
    std::string copy;
    if (!prepare_copy<O>(c, json, copy)) return make_read_error(c);
    return read_json_text<O>(copy, out);
  } else {
    return read_json_text<O>(json, out);
  }
}

template <options O, class T>
error read_json_noexcept(std::string_view json, T& out) noexcept {
#if METAJSON_HAS_EXCEPTIONS
  try {
    return read_json<O>(json, out);
  } catch (const std::bad_alloc&) {
    return error(error_code::out_of_memory);
  }
#else
  return read_json<O>(json, out);
#endif
}

}  // namespace metajson::detail

namespace metajson {
inline namespace v0 {

/// Reads `json` into `existing`, replacing its content (containers are cleared; members whose
/// keys are absent keep their values; strings and vectors reuse their storage). Never throws:
/// returns a falsy error on success.
///
///     Config cfg;
///     if (auto e = metajson::from_json(text, cfg)) std::cerr << e.message() << '\n';
template <options O = options{}, class T>
error from_json(std::string_view json, T& existing) noexcept {
  return detail::read_json_noexcept<O>(json, existing);
}

/// Reads a T from `json`, or returns the error (with its path, line and column).
///
///     if (auto p = metajson::try_from<Player>(text)) use(*p); else log(p.error().message());
template <class T, options O = options{}>
std::expected<T, error> try_from(std::string_view json) noexcept {
  T out{};
  if (auto e = detail::read_json_noexcept<O>(json, out)) return std::unexpected(std::move(e));
  return out;
}

/// Checks that `json` is one RFC 8259 JSON value (UTF-8 included) without building anything
/// (with the lenient options, one that they let through: docs/lenient.md).
template <options O = options{}>
error validate(std::string_view json) noexcept {
  if constexpr (detail::reads_prepared_copy<O>) {
#if METAJSON_HAS_EXCEPTIONS
    try {
#endif
      detail::read_context c;
      std::string copy;
      if (!detail::prepare_copy<O>(c, json, copy)) return detail::make_read_error(c);
      return validate<detail::without_prepared_copy<O>()>(copy);
#if METAJSON_HAS_EXCEPTIONS
    } catch (const std::bad_alloc&) {
      return error(error_code::out_of_memory);
    }
#endif
  } else {
    detail::read_context c;
    c.begin = json.data();
    c.end = json.data() + json.size();
    if (!detail::document_size_ok<O>(c)) return detail::make_read_error(c);
    METAJSON_INDETERMINATE detail::index_buffer buffer;
    const char* k = detail::start_index<detail::stage1_checks_utf8<O>>(c, buffer);
    if (k != nullptr) k = detail::skip_value<O>(c, k);
    if (k != nullptr && detail::at_document_end(c, k)) return {};
    if (c.recheck) return detail::checked_error<O>(c);
    return detail::make_read_error(c);
  }
}

#if METAJSON_HAS_EXCEPTIONS
/// Reads a T from `json`. Throws metajson::error, e.g.
/// "expected unsigned integer, found string at $.statuses[3].user.id (line 1, column 2345)".
///
///     Player p = metajson::from<Player>(text);
template <class T, options O = options{}>
T from(std::string_view json) {
  T out{};
  if (auto e = detail::read_json<O>(json, out)) throw e;
  return out;
}
#endif

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

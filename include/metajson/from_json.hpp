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
#include "read/driver.hpp"
#include "read/variant.hpp"


namespace metajson {
inline namespace v0 {

/// Reads `json` into `existing`, replacing its content (containers are cleared; members whose
/// keys are absent keep their values; strings and vectors reuse their storage). Never throws:
/// returns a falsy error on success.
///
///     Config cfg;
///     if (auto e = metajson::from_json(text, cfg)) std::cerr << e.message() << '\n';
///
/// With options::errors = error_mode::collect, every error of the document: an error_list
/// (falsy when empty), `existing` filled where it could be.
template <options O = options{}, class T>
std::conditional_t<detail::collects<O>, error_list, error> from_json(std::string_view json, T& existing) noexcept {
  if constexpr (detail::collects<O>) return detail::read_json_collect_noexcept<O>(json, existing);
  else return detail::read_json_noexcept<O>(json, existing);
}

/// Every error of `json` read as a T (options::errors = collect), in document order, each with
/// its path, line and column; a syntax error, which ends the document, last. Empty when a T
/// reads from it.
///
///     for (const metajson::error& e : metajson::check<Config>(text)) std::cerr << e.message() << '\n';
template <class T, options O = options{}>
error_list check(std::string_view json) noexcept {
  constexpr options C = [] {
    options c = O;
    c.errors = error_mode::collect;
    return c;
  }();
  T out{};
  return detail::read_json_collect_noexcept<C>(json, out);
}

/// Reads a T from `json`, or returns the error (with its path, line and column).
///
///     if (auto p = metajson::try_from<Player>(text)) use(*p); else log(p.error().message());
template <class T, options O = options{}>
std::expected<T, std::conditional_t<detail::collects<O>, error_list, error>> try_from(std::string_view json) noexcept {
  T out{};
  if (auto e = from_json<O>(json, out)) return std::unexpected(std::move(e));
  return out;
}

/// Checks that `json` is one RFC 8259 JSON value (UTF-8 included) without building anything
/// (with the lenient options, one that they let through: docs/lenient.md).
template <options O = options{}>
error validate(std::string_view json) noexcept {
  return detail::out_of_memory_as_error([&] {
    return detail::on_text<O>(json, [](std::string_view text) { return detail::validate_text<detail::without_prepared_copy<O>()>(text); });
  });
}

#if METAJSON_HAS_EXCEPTIONS
/// Reads a T from `json`. Throws metajson::error, e.g.
/// "expected unsigned integer, found string at $.statuses[3].user.id (line 1, column 2345)".
///
///     Player p = metajson::from<Player>(text);
/// With options::errors = error_mode::collect it throws a metajson::error_list (every error).
template <class T, options O = options{}>
T from(std::string_view json) {
  T out{};
  if constexpr (detail::collects<O>) {
    if (auto e = detail::read_json_collect<O>(json, out)) throw e;
  } else {
    if (auto e = detail::read_json<O>(json, out)) throw e;
  }
  return out;
}
#endif

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

// The public writing API. Thin entry points; the work is in write/.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <expected>
#include <new>
#include <string>

#include "detail/macros.hpp"
#include "error.hpp"
#include "options.hpp"
#include "write/chrono.hpp"
#include "write/dispatch.hpp"
#include "write/enum.hpp"
#include "write/map.hpp"
#include "write/object.hpp"
#include "write/optional.hpp"
#include "write/scalar.hpp"
#include "write/sequence.hpp"
#include "write/string.hpp"
#include "write/value.hpp"
#include "write/variant.hpp"

namespace metajson::detail {

// The one driver behind every writing entry point. Replaces out's content; keeps (and reuses)
// its capacity. On error out is left empty.
template <options O, class T>
error write_json(const T& v, std::string& out) {
  write_context c;
  c.out = &out;
  std::size_t cap = out.capacity();
  if (cap < 256) cap = 256;
  out.resize_and_overwrite(cap, [](char*, std::size_t n) { return n; });
  c.base = out.data();
  c.limit = c.base + out.size();
  char* p = write_value<O>(c, c.base, v);
  if (METAJSON_UNLIKELY(p == nullptr)) {
    out.clear();
    std::string path = "$";
    for (auto it = c.path.rbegin(); it != c.path.rend(); ++it) path += *it;
    return error(c.code, std::move(path), std::move(c.detail));
  }
  out.resize(static_cast<std::size_t>(p - c.base));
  return {};
}

template <options O, class T>
error write_json_noexcept(const T& v, std::string& out) noexcept {
#if METAJSON_HAS_EXCEPTIONS
  try {
    return write_json<O>(v, out);
  } catch (const std::bad_alloc&) {
    out.clear();
    return error(error_code::out_of_memory);
  }
#else
  return write_json<O>(v, out);
#endif
}

// The size of the last output written for T with options O on this thread. A fresh output
// starts with that much room (and a little more), so writing the same kind of document again
// allocates once instead of doubling its way up from a small buffer, copying as it goes.
template <options O, class T>
inline std::size_t& last_output_size() noexcept {
  thread_local std::size_t n = 0;
  return n;
}

// write_json into a new string, sized from the previous output of the same type.
template <options O, class T>
error write_json_fresh(const T& v, std::string& out) {
#if defined(METAJSON_ABLATION_NO_SIZE_HINT)
  return write_json<O>(v, out);
#else
  std::size_t& hint = last_output_size<O, T>();
  if (hint > 0) out.reserve(hint + hint / 32 + 64);
  error e = write_json<O>(v, out);
  if (!e) hint = out.size();
  return e;
#endif
}

template <options O, class T>
error write_json_fresh_noexcept(const T& v, std::string& out) noexcept {
#if METAJSON_HAS_EXCEPTIONS
  try {
    return write_json_fresh<O>(v, out);
  } catch (const std::bad_alloc&) {
    out.clear();
    return error(error_code::out_of_memory);
  }
#else
  return write_json_fresh<O>(v, out);
#endif
}

}  // namespace metajson::detail

namespace metajson {
inline namespace v0 {

/// Writes `value` as JSON into `buffer`, replacing its content and keeping its capacity, so a
/// buffer reused across calls stops allocating once it is large enough. Never throws: returns
/// a falsy error on success.
///
///     std::string buf;
///     for (auto& msg : messages)
///       if (auto e = metajson::try_to_json(msg, buf)) log(e.message()); else send(buf);
template <options O = options{}, class T>
error try_to_json(const T& value, std::string& buffer) noexcept {
  return detail::write_json_noexcept<O>(value, buffer);
}

/// Returns `value` as JSON, or the error that prevented it (invalid UTF-8, NaN...).
///
///     if (auto r = metajson::try_to_json(player)) send(*r); else log(r.error().message());
template <options O = options{}, class T>
std::expected<std::string, error> try_to_json(const T& value) noexcept {
  std::string out;
  if (auto e = detail::write_json_fresh_noexcept<O>(value, out)) return std::unexpected(std::move(e));
  return out;
}

#if METAJSON_HAS_EXCEPTIONS
/// Returns `value` as JSON. Throws metajson::error when it cannot be written.
///
///     std::string json = metajson::to_json(player);                    // compact
///     std::string nice = metajson::to_json<{.pretty = true}>(player);  // indented
template <options O = options{}, class T>
std::string to_json(const T& value) {
  std::string out;
  if (auto e = detail::write_json_fresh<O>(value, out)) throw e;
  return out;
}

/// Writes `value` as JSON into `buffer` (content replaced, capacity kept). Throws
/// metajson::error when it cannot be written (then `buffer` is empty).
template <options O = options{}, class T>
void to_json(const T& value, std::string& buffer) {
  if (auto e = detail::write_json<O>(value, buffer)) throw e;
}
#endif

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

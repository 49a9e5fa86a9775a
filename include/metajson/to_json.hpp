// The public writing API. Thin entry points; the work is in write/.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <expected>
#include <new>
#include <string>

#include "detail/ablation.hpp"
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
#include "write/custom.hpp"
#include "write/variant.hpp"

namespace metajson::detail {

// The room an output starts with when it has less (and no size hint says more).
inline constexpr std::size_t min_output_room = 256;

// The one driver behind every writing entry point. Replaces out's content; keeps (and reuses)
// its capacity, giving it at least `room` bytes first. On error out is left empty. When
// `demand` is given, it receives the largest size the output had to grow to (0 when it did
// not grow).
template <options O, class T>
METAJSON_ALWAYS_INLINE error write_json(const T& v, std::string& out, std::size_t room = min_output_room,
                                        std::size_t* demand = nullptr) {
  static_assert(!O.rfc8785 || (O.numbers == number_format::ecmascript && O.sort_keys && !O.pretty && !O.escape_non_ascii &&
                               !O.escape_html && O.nonfinite == nonfinite_policy::error && O.utf8 != utf8_policy::unchecked),
                "options::rfc8785 (RFC 8785 canonical JSON) needs numbers = ecmascript, sort_keys, compact output, no "
                "escape_non_ascii / escape_html, nonfinite = error and checked UTF-8: use metajson::canonical");
  write_context c;
  c.out = &out;
  std::size_t cap = out.capacity();
  if (cap < room) cap = room;
  out.resize_and_overwrite(cap, [](char*, std::size_t n) { return n; });
  c.base = out.data();
  c.limit = c.base + out.size();
  char* p = write_value<O>(c, c.base, v);
  if (METAJSON_UNLIKELY(p == nullptr)) return failed_write(c, out);
  out.resize(static_cast<std::size_t>(p - c.base));
  if (demand != nullptr) *demand = c.demand;
  return {};
}

template <options O, class T>
error write_json_noexcept(const T& v, std::string& out) noexcept {
  return out_of_memory_as_error([&] { return write_json<O>(v, out); }, [&] { out.clear(); });
}

// The room a fresh output of T (options O) starts with on this thread: what the previous one
// needed. So writing the same kind of document again allocates once, at a size it will not
// outgrow, instead of doubling its way up from a small buffer, copying as it goes.
template <options O, class T>
inline std::size_t& fresh_output_room() noexcept {
  thread_local std::size_t n = 0;
  return n;
}

// The next fresh room after a write of `size` bytes that started with `room` and had to grow
// to `demand` (0: it did not grow). Writers reserve a value's worst case before writing it (a
// string 6 bytes per byte and a block more), so the room a document needs is more than its
// size: a small message's last strings reserve more than it has left. The room that was asked
// for is kept, with 1/32 and 64 bytes for a document a little larger next time; a room more
// than twice what was written (and 4 KiB more) shrinks back to the size with that margin.
constexpr std::size_t next_fresh_room(std::size_t room, std::size_t size, std::size_t demand) noexcept {
  if (demand > 0) {
    const std::size_t n = demand > size ? demand : size;
    return n + n / 32 + 64;
  }
  if (room > 2 * size + 4096) return size + size / 32 + 64;
  return room;
}

// write_json into a new string, sized from the previous output of the same type.
template <options O, class T>
error write_json_fresh(const T& v, std::string& out) {
  if constexpr (ablation::no_size_hint) {
    return write_json<O>(v, out);
  } else {
    std::size_t& room = fresh_output_room<O, T>();
    std::size_t demand = 0;
    error e = write_json<O>(v, out, room < min_output_room ? min_output_room : room, &demand);
    if (!e) room = next_fresh_room(room, out.size(), demand);
    return e;
  }
}

template <options O, class T>
error write_json_fresh_noexcept(const T& v, std::string& out) noexcept {
  return out_of_memory_as_error([&] { return write_json_fresh<O>(v, out); }, [&] { out.clear(); });
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

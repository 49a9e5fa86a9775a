// MessagePack (msgpack.org) from the same types as JSON: the same reflection, annotations and
// options, in the shape of the JSON API. Not included by metajson.hpp: a program that uses JSON
// only compiles none of it.
//
//     std::string bytes = metajson::to_msgpack(player);
//     Player p = metajson::from_msgpack<Player>(bytes);       // throws metajson::error
//     auto r = metajson::try_from_msgpack<Player>(bytes);     // std::expected<Player, error>
//
// Bytes are a std::string (the output reuses the JSON writer's buffer, which grows without
// zero-filling, and what sockets, queues and Redis clients take); the readers take any
// contiguous bytes: a std::string, std::string_view, std::vector<std::byte> or a span of bytes.
// The type mapping, the options and the limits: docs/binary.md.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <cstddef>
#include <expected>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "detail/macros.hpp"
#include "detail/ranges.hpp"
#include "error.hpp"
#include "msgpack/format.hpp"
#include "msgpack/read.hpp"
#include "msgpack/write.hpp"
#include "options.hpp"

namespace metajson {
inline namespace v0 {

/// The bytes a binary reader takes: a view of any contiguous run of `char`, `unsigned char`,
/// `char8_t` or `std::byte` (a std::string, a std::vector<std::byte>, a span...). Character
/// arrays are not taken as ranges (their terminating NUL would be read as a byte).
class binary_input {
 public:
  constexpr binary_input(std::string_view s) noexcept : view_(s) {}
  template <class R>
    requires(!std::is_array_v<std::remove_cvref_t<R>> &&
             std::contiguous_iterator<detail::rng::iterator_t<const R>> && detail::rng::sized_range<const R> &&
             sizeof(detail::rng::range_value_t<const R>) == 1 &&
             (std::is_same_v<std::remove_cv_t<detail::rng::range_value_t<const R>>, unsigned char> ||
              std::is_same_v<std::remove_cv_t<detail::rng::range_value_t<const R>>, std::byte> ||
              std::is_same_v<std::remove_cv_t<detail::rng::range_value_t<const R>>, char8_t> ||
              std::is_same_v<std::remove_cv_t<detail::rng::range_value_t<const R>>, char>))
  constexpr binary_input(const R& r) noexcept
      : view_(reinterpret_cast<const char*>(std::ranges::data(r)), static_cast<std::size_t>(std::ranges::size(r))) {}

  constexpr std::string_view view() const noexcept { return view_; }

 private:
  std::string_view view_;
};

}  // namespace v0
}  // namespace metajson

namespace metajson::detail::mp {

// Writes v into out (content replaced, capacity kept); out is empty after an error.
template <config C, class T>
error write_msgpack(const T& v, std::string& out) {
  write_context c;
  c.out = &out;
  std::size_t cap = out.capacity();
  if (cap < 64) cap = 64;
  out.resize_and_overwrite(cap, [](char*, std::size_t n) { return n; });
  c.base = out.data();
  c.limit = c.base + out.size();
  char* p = write_value<C>(c, c.base, v);
  if (METAJSON_UNLIKELY(p == nullptr)) return failed_write(c, out);
  out.resize(static_cast<std::size_t>(p - c.base));
  return {};
}

}  // namespace metajson::detail::mp

namespace metajson {
inline namespace v0 {

/// Writes `value` as MessagePack into `buffer` (content replaced, capacity kept). Never throws:
/// returns a falsy error on success; on error `buffer` is empty.
template <options O = options{}, binary_options B = binary_options{}, class T>
error try_to_msgpack(const T& value, std::string& buffer) noexcept {
  return detail::out_of_memory_as_error([&] { return detail::mp::write_msgpack<detail::mp::config{O, B}>(value, buffer); },
                                        [&] { buffer.clear(); });
}

/// Returns `value` as MessagePack, or the error that prevented it (invalid UTF-8, an integer
/// beyond 64 bits, an enum value with no name...).
template <options O = options{}, binary_options B = binary_options{}, class T>
std::expected<std::string, error> try_to_msgpack(const T& value) noexcept {
  std::string out;
  if (auto e = try_to_msgpack<O, B>(value, out)) return std::unexpected(std::move(e));
  return out;
}

/// Reads the MessagePack item in `bytes` into `existing` (containers replaced, struct members
/// whose keys are absent kept). Never throws: returns a falsy error on success.
template <options O = options{}, binary_options B = binary_options{}, class T>
error from_msgpack(binary_input bytes, T& existing) noexcept {
  return detail::out_of_memory_as_error([&] { return detail::mp::read_msgpack<detail::mp::config{O, B}>(bytes.view(), existing); });
}

/// Reads a T from `bytes`, or returns the error (its path and byte offset).
template <class T, options O = options{}, binary_options B = binary_options{}>
std::expected<T, error> try_from_msgpack(binary_input bytes) noexcept {
  T out{};
  if (auto e = from_msgpack<O, B>(bytes, out)) return std::unexpected(std::move(e));
  return out;
}

#if METAJSON_HAS_EXCEPTIONS
/// Returns `value` as MessagePack. Throws metajson::error when it cannot be written.
template <options O = options{}, binary_options B = binary_options{}, class T>
std::string to_msgpack(const T& value) {
  std::string out;
  if (auto e = detail::mp::write_msgpack<detail::mp::config{O, B}>(value, out)) throw e;
  return out;
}

/// Writes `value` as MessagePack into `buffer` (content replaced, capacity kept). Throws
/// metajson::error when it cannot be written (then `buffer` is empty).
template <options O = options{}, binary_options B = binary_options{}, class T>
void to_msgpack(const T& value, std::string& buffer) {
  if (auto e = detail::mp::write_msgpack<detail::mp::config{O, B}>(value, buffer)) throw e;
}

/// Reads a T from `bytes`. Throws metajson::error, e.g. "expected integer, found string at
/// $.players[3].score (byte 1234)".
template <class T, options O = options{}, binary_options B = binary_options{}>
T from_msgpack(binary_input bytes) {
  T out{};
  if (auto e = detail::mp::read_msgpack<detail::mp::config{O, B}>(bytes.view(), out)) throw e;
  return out;
}
#endif

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

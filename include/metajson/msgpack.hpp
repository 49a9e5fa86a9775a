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
#include "binary/format.hpp"
#include "binary/input.hpp"
#include "binary/read.hpp"
#include "binary/write.hpp"
#include "msgpack/wire.hpp"
#include "options.hpp"

namespace metajson::detail::mp {

template <options O, binary_options B>
inline constexpr bin::config config{O, B, bin::wire_format::msgpack};

}  // namespace metajson::detail::mp

namespace metajson {
inline namespace v0 {

/// Writes `value` as MessagePack into `buffer` (content replaced, capacity kept). Never throws:
/// returns a falsy error on success; on error `buffer` is empty.
template <options O = options{}, binary_options B = binary_options{}, class T>
error try_to_msgpack(const T& value, std::string& buffer) noexcept {
  return detail::out_of_memory_as_error([&] { return detail::bin::write_binary<detail::mp::config<O, B>>(value, buffer); },
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
  return detail::out_of_memory_as_error([&] { return detail::bin::read_binary<detail::mp::config<O, B>>(bytes.view(), existing); });
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
  if (auto e = detail::bin::write_binary<detail::mp::config<O, B>>(value, out)) throw e;
  return out;
}

/// Writes `value` as MessagePack into `buffer` (content replaced, capacity kept). Throws
/// metajson::error when it cannot be written (then `buffer` is empty).
template <options O = options{}, binary_options B = binary_options{}, class T>
void to_msgpack(const T& value, std::string& buffer) {
  if (auto e = detail::bin::write_binary<detail::mp::config<O, B>>(value, buffer)) throw e;
}

/// Reads a T from `bytes`. Throws metajson::error, e.g. "expected integer, found string at
/// $.players[3].score (byte 1234)".
template <class T, options O = options{}, binary_options B = binary_options{}>
T from_msgpack(binary_input bytes) {
  T out{};
  if (auto e = detail::bin::read_binary<detail::mp::config<O, B>>(bytes.view(), out)) throw e;
  return out;
}
#endif

}  // namespace v0
}  // namespace metajson

// metajson::value as MessagePack and CBOR items (dynamic/binary.hpp), when <metajson/value.hpp>
// is included too, before this header or after it: a program without the dynamic value
// compiles none of it.
#define METAJSON_BINARY_FORMATS_INCLUDED 1
#if defined(METAJSON_VALUE_INCLUDED)
#include "dynamic/binary.hpp"
#endif

#endif  // METAJSON_REQUIREMENTS_MET

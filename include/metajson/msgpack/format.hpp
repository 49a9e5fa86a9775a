// MessagePack's wire format (github.com/msgpack/msgpack/blob/master/spec.md): the first bytes
// of its items, big-endian stores and loads, and what the binary formats add to the options.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../detail/macros.hpp"
#include "../options.hpp"

namespace metajson {
inline namespace v0 {

/// What the binary formats (MessagePack; CBOR to come) add to metajson::options, whose fields
/// apply to them where they mean something (empty, sort_keys, utf8, unknown_keys, missing_keys,
/// duplicate_keys, max_depth, max_document_size, max_string_length).
struct binary_options {
  /// A double written as a float32 when that holds the same value (NaN excepted), the smaller
  /// form: MessagePack's readers all read it back as the same double. False: every double as a
  /// float64, as glaze and msgpack-c write them. A float is always a float32.
  bool shortest_floats = true;
};

}  // namespace v0
}  // namespace metajson

namespace metajson::detail::mp {

// The options of one write or read: the JSON options and the binary ones, as one constant.
struct config {
  options o{};
  binary_options b{};
};

// First bytes (the fix forms carry their value or length in the low bits).
enum : unsigned char {
  positive_fixint_max = 0x7f,
  fixmap = 0x80,
  fixarray = 0x90,
  fixstr = 0xa0,
  nil = 0xc0,
  never_used = 0xc1,
  false_ = 0xc2,
  true_ = 0xc3,
  bin8 = 0xc4,
  bin16 = 0xc5,
  bin32 = 0xc6,
  ext8 = 0xc7,
  ext16 = 0xc8,
  ext32 = 0xc9,
  float32 = 0xca,
  float64 = 0xcb,
  uint8 = 0xcc,
  uint16 = 0xcd,
  uint32 = 0xce,
  uint64 = 0xcf,
  int8 = 0xd0,
  int16 = 0xd1,
  int32 = 0xd2,
  int64 = 0xd3,
  fixext1 = 0xd4,
  fixext2 = 0xd5,
  fixext4 = 0xd6,
  fixext8 = 0xd7,
  fixext16 = 0xd8,
  str8 = 0xd9,
  str16 = 0xda,
  str32 = 0xdb,
  array16 = 0xdc,
  array32 = 0xdd,
  map16 = 0xde,
  map32 = 0xdf,
  negative_fixint_min = 0xe0,
};

// The timestamp extension's type (-1).
inline constexpr signed char timestamp_type = -1;

template <class U>
METAJSON_ALWAYS_INLINE void store_be(char* p, U v) noexcept {
  static_assert(std::is_unsigned_v<U>);
  if constexpr (sizeof(U) > 1 && std::endian::native == std::endian::little) v = std::byteswap(v);
  std::memcpy(p, &v, sizeof(U));
}

template <class U>
METAJSON_ALWAYS_INLINE U load_be(const unsigned char* p) noexcept {
  static_assert(std::is_unsigned_v<U>);
  U v;
  std::memcpy(&v, p, sizeof(U));
  if constexpr (sizeof(U) > 1 && std::endian::native == std::endian::little) v = std::byteswap(v);
  return v;
}

}  // namespace metajson::detail::mp

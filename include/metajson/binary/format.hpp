// What the binary formats (MessagePack, CBOR) share: their options, the constant that carries
// one write's or read's options and wire format, big-endian stores and loads, and the wire
// interface each format implements (msgpack/wire.hpp, cbor/wire.hpp) for the one traversal of
// the types (binary/write.hpp, binary/read.hpp).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "../detail/macros.hpp"
#include "../options.hpp"

namespace metajson {
inline namespace v0 {

/// What a CBOR reader does with a tag it does not know (RFC 8949 §3.4).
enum class unknown_tag_policy : unsigned char {
  error,  ///< the default: an item whose meaning the reader cannot keep is refused
  skip,   ///< the tag is dropped and its item read as if untagged
};

/// What the binary formats add to metajson::options, whose fields apply to them where they mean
/// something (empty, sort_keys, utf8, unknown_keys, missing_keys, duplicate_keys, max_depth,
/// max_document_size, max_string_length).
struct binary_options {
  /// A double written in the smallest float that holds the same value (NaN keeps its payload):
  /// float32 in MessagePack; float16 or float32 in CBOR (RFC 8949's preferred serialization).
  /// Every reader reads them back as the same double. False: every double as a float64, as
  /// glaze and msgpack-c write them. A float is a float32 (or, in CBOR, a float16 when exact).
  bool shortest_floats = true;
  /// RFC 8949 §4.2.1 core deterministic encoding: map keys (a struct's and a map's) in the
  /// bytewise order of their encoded forms, besides the shortest forms written always. Equal
  /// values give equal bytes (hashes, signatures, caches). Applies to MessagePack the same way.
  bool deterministic = false;
  /// CBOR: a tag the reader does not know (2 and 3 on integers, 1, 0 and 1001 on time points,
  /// 64-87 (RFC 8746 typed arrays) on arrays of numbers, and 55799 anywhere are known).
  unknown_tag_policy unknown_tags = unknown_tag_policy::error;
  /// CBOR: contiguous arrays of fixed-width integers, floats and doubles (std::vector,
  /// std::array, C arrays) written as RFC 8746 typed arrays (a tag and their bytes in this
  /// machine's order: one copy, no per-item head), as glaze writes them. Off by default: many
  /// CBOR decoders (Python's cbor2 among them) return the tag and bytes, not the numbers. The
  /// reader reads typed arrays whatever this says.
  bool typed_arrays = false;
};

}  // namespace v0
}  // namespace metajson

namespace metajson::detail::bin {

enum class wire_format : unsigned char { msgpack, cbor };

// The options of one write or read: the JSON options, the binary ones and the format, as one
// constant (a template argument).
struct config {
  options o{};
  binary_options b{};
  wire_format f = wire_format::msgpack;
};

// A format's primitives: item headers, numbers, strings, time points, skipping. Specialized by
// msgpack/wire.hpp and cbor/wire.hpp; the traversal names it as wire<C.f>.
template <wire_format F>
struct wire;

template <class T>
inline constexpr bool dependent_false_v = false;

// The tag key of a struct that is no tagged variant's alternative (the readers' and writers'
// TagKey parameter). An empty text, not a null pointer: comparing a string literal's address
// with nullptr is no constant expression under -fsanitize=address.
inline constexpr char untagged[] = "";
template <const char* TagKey>
inline constexpr bool is_tagged = TagKey[0] != '\0';

// The kind of item a reader finds (what a variant's candidates are chosen by).
enum class item_kind : unsigned char { nil, boolean, integer, floating, string, binary, array, map, time, other, reserved };

inline constexpr std::string_view item_kind_names[] = {"nil",   "boolean", "integer", "float",     "string", "binary",
                                                       "array", "map",     "a time",  "extension", "a reserved item"};

// An integer item: negative ? -1 - magnitude : magnitude (so that CBOR's -2^64 and every
// int64 fit). A CBOR bignum (tags 2, 3) beyond 64 bits has `big` set and its magnitude in the
// read context's `wide`.
struct integer_item {
  std::uint64_t magnitude;
  bool negative;
  bool big = false;
};

// An RFC 8746 typed array: `count` items of `size` bytes at `data`, integers (signed or not) or
// IEEE floats (2, 4 or 8 bytes), in little- or big-endian order.
struct typed_array {
  const unsigned char* data = nullptr;
  std::size_t count = 0;
  unsigned char size = 0;
  bool is_float = false;
  bool is_signed = false;
  bool little = false;
};

// An IEEE binary16's value.
inline double half_to_double(std::uint16_t h) noexcept {
  const int e = (h >> 10) & 0x1f;
  const int m = h & 0x3ff;
  double v;
  if (e == 0) v = static_cast<double>(m) * 0x1p-24;
  else if (e != 31) v = static_cast<double>(m + 1024) * (e >= 25 ? static_cast<double>(1u << (e - 25)) : 1.0 / static_cast<double>(1u << (25 - e)));
  else if (m == 0) v = std::numeric_limits<double>::infinity();
  else  // a NaN, its payload kept in the top bits of a double's
    v = std::bit_cast<double>(0x7ff0000000000000ull | (static_cast<std::uint64_t>(m) << 42));
  return (h & 0x8000) ? -v : v;
}

// An array or map whose count is not in its header (CBOR's indefinite length): ends at a break.
inline constexpr std::size_t indefinite = ~std::size_t{0};

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

}  // namespace metajson::detail::bin

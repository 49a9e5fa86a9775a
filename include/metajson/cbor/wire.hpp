// CBOR's wire format (RFC 8949): an item is a head (major type in the top three bits, then the
// argument: in the low five bits below 24, else in the 1, 2, 4 or 8 bytes that 24-27 announce)
// and its content. The primitives the binary traversal (binary/write.hpp, binary/read.hpp)
// writes and reads its items with:
//
// - writing: the preferred serialization (§4.1): every head in its shortest form, floats in the
//   shortest of float16/32/64 that holds the value (binary_options::shortest_floats), definite
//   lengths; 128-bit integers beyond 64 bits as bignums (tags 2, 3); times as tag 1 (whole
//   seconds) or tag 1001 (RFC 9581: seconds and nanoseconds).
// - reading: every well-formed item (§5.3): indefinite lengths (byte and text strings in
//   definite chunks of their own type, arrays and maps up to their break), float16, bignums
//   into integers, tags 1 (integer or float seconds) and 1001 into time points, tag 55799
//   (self-described CBOR) dropped; other tags an error, or dropped (binary_options::unknown_tags).
//   Refused as not well-formed: the reserved additional information 28-30, an indefinite length
//   on a type that has none, a break outside an indefinite item, a chunk of another type, a
//   two-byte simple value below 32.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "../binary/context.hpp"
#include "../binary/format.hpp"
#include "../detail/chrono.hpp"
#include "../detail/macros.hpp"
#include "../error.hpp"
#include "../write/output.hpp"

namespace metajson::detail::cbor {

using bin::in;
using bin::load_be;
using bin::read_context;
using bin::store_be;

// Major types, as the top three bits of an item's first byte.
enum : unsigned char {
  unsigned_integer = 0x00,
  negative_integer = 0x20,
  byte_string = 0x40,
  text_string = 0x60,
  array = 0x80,
  map = 0xa0,
  tag = 0xc0,
  simple = 0xe0,
};

// Additional information (the low five bits) and the first bytes of major type 7.
enum : unsigned char {
  one_byte = 24,
  two_bytes = 25,
  four_bytes = 26,
  eight_bytes = 27,
  indefinite_length = 31,
  false_ = 0xf4,
  true_ = 0xf5,
  null = 0xf6,
  undefined = 0xf7,
  simple8 = 0xf8,
  float16 = 0xf9,
  float32 = 0xfa,
  float64 = 0xfb,
  break_ = 0xff,
};

// The tags the reader knows.
inline constexpr std::uint64_t tag_time_string = 0, tag_epoch_time = 1, tag_positive_bignum = 2, tag_negative_bignum = 3,
                               tag_extended_time = 1001, tag_self_described = 55799;

// A head of major type `major` and argument v, in its shortest form (at most 9 bytes).
METAJSON_ALWAYS_INLINE char* put_head(char* p, unsigned char major, std::uint64_t v) noexcept {
  if (v < 24) {
    *p = static_cast<char>(major | v);
    return p + 1;
  }
  if (v <= 0xff) {
    p[0] = static_cast<char>(major | one_byte);
    p[1] = static_cast<char>(v);
    return p + 2;
  }
  if (v <= 0xffff) {
    p[0] = static_cast<char>(major | two_bytes);
    store_be(p + 1, static_cast<std::uint16_t>(v));
    return p + 3;
  }
  if (v <= 0xffffffffu) {
    p[0] = static_cast<char>(major | four_bytes);
    store_be(p + 1, static_cast<std::uint32_t>(v));
    return p + 5;
  }
  p[0] = static_cast<char>(major | eight_bytes);
  store_be(p + 1, v);
  return p + 9;
}

// A float's bits as a float16's when that holds the same value (finite, infinite or a NaN whose
// payload fits), else -1.
constexpr int half_bits_of(float f) noexcept {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
  const std::uint32_t sign = (u >> 16) & 0x8000u;
  const int e = static_cast<int>((u >> 23) & 0xff);
  const std::uint32_t m = u & 0x7fffffu;
  if (e == 0xff) {  // infinity, NaN: the top 10 bits of the payload, when the rest are zero
    if ((m & 0x1fffu) != 0) return -1;
    return static_cast<int>(sign | 0x7c00u | (m >> 13));
  }
  if (e == 0) return m == 0 ? static_cast<int>(sign) : -1;  // zero; float subnormals are below float16's range
  const int E = e - 127;
  if (E > 15 || E < -24) return -1;
  if (E >= -14) {  // normal
    if ((m & 0x1fffu) != 0) return -1;
    return static_cast<int>(sign | (static_cast<std::uint32_t>(E + 15) << 10) | (m >> 13));
  }
  const std::uint32_t full = 0x800000u | m;  // subnormal: full * 2^(E - 23) = k * 2^-24
  const int shift = -(E + 1);
  if ((full & ((1u << shift) - 1)) != 0) return -1;
  return static_cast<int>(sign | (full >> shift));
}

// What the head at p (p < end) says: its additional information and its argument; q after it.
// Refuses 28-30 and truncation. An indefinite length (31) has argument 0 and `ai` 31.
struct head {
  unsigned char major;
  unsigned char ai;
  std::uint64_t arg;
};

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t reserved_ai(read_context& c, in p) {
  return c.fail(error_code::syntax_error, p,
                "the additional information " + std::to_string(*p & 0x1f) + " (0x" + "0123456789abcdef"[*p >> 4] +
                    "0123456789abcdef"[*p & 15] + ") is reserved in CBOR");
}

// The head at p, or nullptr (reserved, or truncated) with no error recorded.
inline in peek_head(in p, in end, head& h) noexcept {
  h.major = *p & 0xe0;
  h.ai = *p & 0x1f;
  if (h.ai < 24) {
    h.arg = h.ai;
    return p + 1;
  }
  if (h.ai == indefinite_length) {
    h.arg = 0;
    return p + 1;
  }
  if (h.ai > eight_bytes) return nullptr;
  const std::size_t w = std::size_t{1} << (h.ai - one_byte);
  if (static_cast<std::size_t>(end - p) < 1 + w) return nullptr;
  h.arg = w == 1 ? p[1] : w == 2 ? load_be<std::uint16_t>(p + 1) : w == 4 ? load_be<std::uint32_t>(p + 1) : load_be<std::uint64_t>(p + 1);
  return p + 1 + w;
}

METAJSON_ALWAYS_INLINE in read_head(read_context& c, in p, head& h) {
  const unsigned char b = *p;
  h.major = b & 0xe0;
  h.ai = b & 0x1f;
  if (h.ai < 24) {
    h.arg = h.ai;
    return p + 1;
  }
  switch (h.ai) {
    case one_byte:
      if (!bin::has(c, p, 2)) return bin::truncated(c, p, 2);
      h.arg = p[1];
      return p + 2;
    case two_bytes:
      if (!bin::has(c, p, 3)) return bin::truncated(c, p, 3);
      h.arg = load_be<std::uint16_t>(p + 1);
      return p + 3;
    case four_bytes:
      if (!bin::has(c, p, 5)) return bin::truncated(c, p, 5);
      h.arg = load_be<std::uint32_t>(p + 1);
      return p + 5;
    case eight_bytes:
      if (!bin::has(c, p, 9)) return bin::truncated(c, p, 9);
      h.arg = load_be<std::uint64_t>(p + 1);
      return p + 9;
    case indefinite_length: h.arg = 0; return p + 1;
    default: return reserved_ai(c, p);
  }
}

}  // namespace metajson::detail::cbor

namespace metajson::detail::bin {

template <>
struct wire<wire_format::cbor> {
  static constexpr std::string_view name = "CBOR";
  static constexpr std::size_t max_length = ~std::size_t{0};
  static constexpr std::size_t header_max = 9;
  static constexpr std::size_t time_max = 20;  // tag 1001, a map of seconds and nanoseconds
  static constexpr bool has_tags = true;
  static constexpr bool has_chunks = true;
  static constexpr bool has_typed_arrays = true;

  // --- writing -----------------------------------------------------------------------------------

  static METAJSON_ALWAYS_INLINE char* put_nil(char* p) noexcept {
    *p = static_cast<char>(cbor::null);
    return p + 1;
  }
  static METAJSON_ALWAYS_INLINE char* put_bool(char* p, bool v) noexcept {
    *p = static_cast<char>(v ? cbor::true_ : cbor::false_);
    return p + 1;
  }
  static METAJSON_ALWAYS_INLINE char* put_uint(char* p, std::uint64_t v) noexcept {
    return cbor::put_head(p, cbor::unsigned_integer, v);
  }
  // The integer -1 - m (major type 1), for any 64-bit m.
  static METAJSON_ALWAYS_INLINE char* put_negative(char* p, std::uint64_t m) noexcept {
    return cbor::put_head(p, cbor::negative_integer, m);
  }
  // A tag's head (its item follows).
  static METAJSON_ALWAYS_INLINE char* put_tag(char* p, std::uint64_t tag) noexcept { return cbor::put_head(p, cbor::tag, tag); }
  static METAJSON_ALWAYS_INLINE char* put_int(char* p, std::int64_t v) noexcept {
    if (v >= 0) return cbor::put_head(p, cbor::unsigned_integer, static_cast<std::uint64_t>(v));
    return cbor::put_head(p, cbor::negative_integer, ~static_cast<std::uint64_t>(v));  // -1 - v
  }

#if defined(__SIZEOF_INT128__)
  // A 128-bit integer beyond 64 bits: a bignum, tag 2 (m) or 3 (-1 - m), m's bytes big-endian
  // with no leading zero (§3.4.3).
  static char* put_big(write_context& c, char* p, bool negative, unsigned __int128 m) {
    if (m <= std::numeric_limits<std::uint64_t>::max())  // (-2^64 <= v < -2^63: major type 1 holds it)
      return cbor::put_head(p, negative ? cbor::negative_integer : cbor::unsigned_integer, static_cast<std::uint64_t>(m));
    p = ensure(c, p, 18);
    if (!p) return nullptr;
    *p++ = static_cast<char>(cbor::tag | (negative ? 3 : 2));
    unsigned n = 16;
    while (n > 1 && static_cast<unsigned char>(m >> (8 * (n - 1))) == 0) --n;
    *p++ = static_cast<char>(cbor::byte_string | n);
    for (unsigned i = n; i-- > 0;) *p++ = static_cast<char>(static_cast<unsigned char>(m >> (8 * i)));
    return p;
  }
#endif

  template <bool Shortest>
  static METAJSON_ALWAYS_INLINE char* put_float(char* p, float v) noexcept {
    if constexpr (Shortest) {
      if (const int h = cbor::half_bits_of(v); h >= 0) {
        p[0] = static_cast<char>(cbor::float16);
        store_be(p + 1, static_cast<std::uint16_t>(h));
        return p + 3;
      }
    }
    p[0] = static_cast<char>(cbor::float32);
    store_be(p + 1, std::bit_cast<std::uint32_t>(v));
    return p + 5;
  }
  // A double in the shortest float that holds it (Shortest: a NaN too, when its payload fits).
  template <bool Shortest>
  static METAJSON_ALWAYS_INLINE char* put_double(char* p, double d) noexcept {
    if constexpr (Shortest) {
      const float f = static_cast<float>(d);
      if (static_cast<double>(f) == d) return put_float<true>(p, f);
      if (d != d) {  // a NaN: as a float when the payload's low 29 bits are zero
        const std::uint64_t u = std::bit_cast<std::uint64_t>(d);
        if ((u & 0x1fffffffull) == 0) {
          const std::uint32_t fu = static_cast<std::uint32_t>((u >> 32) & 0x80000000u) | 0x7f800000u |
                                   static_cast<std::uint32_t>((u >> 29) & 0x7fffffu);
          return put_float<true>(p, std::bit_cast<float>(fu));
        }
      }
    }
    p[0] = static_cast<char>(cbor::float64);
    store_be(p + 1, std::bit_cast<std::uint64_t>(d));
    return p + 9;
  }

  // RFC 8746's tag for a typed array of E in this machine's byte order (0: none).
  template <class E>
  static consteval unsigned typed_array_tag() {
    constexpr unsigned little = std::endian::native == std::endian::little ? 4 : 0;
    if constexpr (std::is_same_v<E, float> && sizeof(float) == 4) return 81 + little;
    else if constexpr (std::is_same_v<E, double> && sizeof(double) == 8) return 82 + little;
    else if constexpr (std::is_integral_v<E> && !std::is_same_v<E, bool> && !std::is_same_v<E, char> &&
                       !std::is_same_v<E, char8_t> && !std::is_same_v<E, char16_t> && !std::is_same_v<E, char32_t> &&
                       !std::is_same_v<E, wchar_t> && sizeof(E) <= 8) {
      constexpr unsigned ll = sizeof(E) == 1 ? 0 : sizeof(E) == 2 ? 1 : sizeof(E) == 4 ? 2 : 3;
      return 64 + (std::is_signed_v<E> ? 8 : 0) + (sizeof(E) == 1 ? 0 : little) + ll;
    } else {
      return 0;
    }
  }
  // n items of E at `data` as a typed array: the tag, a byte string head, their bytes.
  template <class E>
  static char* put_typed_array(write_context& c, char* p, const E* data, std::size_t n) {
    const std::size_t bytes = n * sizeof(E);
    p = ensure(c, p, bytes + 11);
    if (!p) return nullptr;
    p[0] = static_cast<char>(cbor::tag | one_byte_tag);
    p[1] = static_cast<char>(typed_array_tag<E>());
    p = cbor::put_head(p + 2, cbor::byte_string, bytes);
    if (bytes != 0) std::memcpy(p, data, bytes);
    return p + bytes;
  }
  static constexpr unsigned char one_byte_tag = cbor::one_byte;

  static METAJSON_ALWAYS_INLINE char* put_str_header(char* p, std::size_t n) noexcept {
    return cbor::put_head(p, cbor::text_string, n);
  }
  static METAJSON_ALWAYS_INLINE char* put_bin_header(char* p, std::size_t n) noexcept {
    return cbor::put_head(p, cbor::byte_string, n);
  }
  static METAJSON_ALWAYS_INLINE char* put_array_header(char* p, std::size_t n) noexcept { return cbor::put_head(p, cbor::array, n); }
  static METAJSON_ALWAYS_INLINE char* put_map_header(char* p, std::size_t n) noexcept { return cbor::put_head(p, cbor::map, n); }
  static constexpr std::size_t str_header_size(std::size_t n) {
    return n < 24 ? 1 : n <= 0xff ? 2 : n <= 0xffff ? 3 : n <= 0xffffffffu ? 5 : 9;
  }
  static constexpr void str_header(char* out, std::size_t n) {
    const std::size_t h = str_header_size(n);
    if (h == 1) {
      out[0] = static_cast<char>(cbor::text_string | n);
      return;
    }
    out[0] = static_cast<char>(cbor::text_string | (h == 2 ? 24 : h == 3 ? 25 : h == 5 ? 26 : 27));
    for (std::size_t i = 1; i < h; ++i) out[i] = static_cast<char>((static_cast<std::uint64_t>(n) >> (8 * (h - 1 - i))) & 0xff);
  }

  // A time: tag 1 and the seconds when they are whole; else tag 1001 (RFC 9581) and the map
  // {1: seconds, -9: nanoseconds}, exact where a float's seconds would round.
  static METAJSON_ALWAYS_INLINE char* put_time(char* p, std::int64_t sec, std::uint32_t nsec) noexcept {
    if (nsec == 0) {
      *p++ = static_cast<char>(cbor::tag | 1);
      return put_int(p, sec);
    }
    p[0] = static_cast<char>(cbor::tag | 25);
    store_be(p + 1, static_cast<std::uint16_t>(cbor::tag_extended_time));
    p[3] = static_cast<char>(cbor::map | 2);
    p[4] = 0x01;
    p = put_int(p + 5, sec);
    *p++ = static_cast<char>(cbor::negative_integer | 8);  // -9
    return put_uint(p, nsec);
  }

  // --- reading -----------------------------------------------------------------------------------

  static constexpr unsigned char nil_byte = cbor::null, true_byte = cbor::true_, false_byte = cbor::false_;

  static METAJSON_ALWAYS_INLINE bool is_text(unsigned char b) noexcept { return (b & 0xe0) == cbor::text_string; }
  static METAJSON_ALWAYS_INLINE bool is_tag(unsigned char b) noexcept { return (b & 0xe0) == cbor::tag; }

  // What the item at p (p < end) is; a tag's item, through tags 55799 and those not known.
  static item_kind kind_at(const read_context& c, in p) noexcept {
    for (;;) {
      const unsigned char b = *p;
      const unsigned char ai = b & 0x1f;
      switch (b >> 5) {
        case 0:
        case 1: return ai < 28 ? item_kind::integer : item_kind::reserved;
        case 2: return ai < 28 || ai == 31 ? item_kind::binary : item_kind::reserved;
        case 3: return ai < 28 || ai == 31 ? item_kind::string : item_kind::reserved;
        case 4: return ai < 28 || ai == 31 ? item_kind::array : item_kind::reserved;
        case 5: return ai < 28 || ai == 31 ? item_kind::map : item_kind::reserved;
        case 6: {
          if (ai >= 28) return item_kind::reserved;
          cbor::head h{};
          in q = cbor::peek_head(p, c.end, h);
          if (!q || q >= c.end) return item_kind::reserved;
          if (h.arg == cbor::tag_epoch_time || h.arg == cbor::tag_extended_time || h.arg == cbor::tag_time_string)
            return item_kind::time;
          if (h.arg == cbor::tag_positive_bignum || h.arg == cbor::tag_negative_bignum) return item_kind::integer;
          if (h.arg >= 64 && h.arg <= 87 && h.arg != 76) return item_kind::array;  // RFC 8746 typed arrays
          p = q;
          continue;
        }
        default:
          switch (b) {
            case cbor::false_:
            case cbor::true_: return item_kind::boolean;
            case cbor::null: return item_kind::nil;
            case cbor::float16:
            case cbor::float32:
            case cbor::float64: return item_kind::floating;
            case cbor::break_: return item_kind::reserved;
            default: return ai >= 28 ? item_kind::reserved : item_kind::other;
          }
      }
    }
  }

  [[gnu::cold]] static METAJSON_NOINLINE std::nullptr_t expected(read_context& c, in p, std::string_view what) {
    if (p >= c.end) return c.fail(error_code::unexpected_end, p, "expected " + std::string(what));
    if (*p == cbor::break_) return c.fail(error_code::syntax_error, p, "a break (0xff) outside an item of indefinite length");
    const item_kind k = kind_at(c, p);
    if (k == item_kind::reserved) {
      cbor::head h{};
      in q = cbor::read_head(c, p, h);
      if (!q) return nullptr;  // (the reserved byte, or the truncated head, said)
      if ((*p & 0xe0) == cbor::tag && h.ai != cbor::indefinite_length) return c.fail(error_code::unexpected_end, q, "expected the item of a tag");
      return c.fail(error_code::syntax_error, p, "malformed CBOR");
    }
    std::string found(item_kind_names[static_cast<unsigned>(k)]);
    if (*p == cbor::undefined) found = "undefined";
    else if (k == item_kind::other && (*p & 0xe0) == cbor::simple) found = "a simple value";
    return c.fail(error_code::type_mismatch, p, "expected " + std::string(what) + ", found " + found);
  }

  // An array's or a map's head at p: its count (entries for a map), or `indefinite`. A count is
  // checked against what remains (an item is a byte at least) before anything is allocated.
  template <bool IsMap>
  static METAJSON_ALWAYS_INLINE in container_header(read_context& c, in p, std::size_t& n) {
    constexpr unsigned char major = IsMap ? cbor::map : cbor::array;
    if (METAJSON_UNLIKELY(p >= c.end || (*p & 0xe0) != major)) return expected(c, p, IsMap ? "map" : "array");
    const unsigned char ai = *p & 0x1f;
    if (METAJSON_LIKELY(ai < 24)) {
      n = ai;
      if (METAJSON_UNLIKELY(static_cast<std::size_t>(c.end - p - 1) / (IsMap ? 2 : 1) < n)) return too_many<IsMap>(c, p, n, p + 1);
      return p + 1;
    }
    cbor::head h{};
    in q = cbor::read_head(c, p, h);
    if (!q) return nullptr;
    if (h.ai == cbor::indefinite_length) {
      n = indefinite;
      return q;
    }
    if (METAJSON_UNLIKELY(static_cast<std::uint64_t>(c.end - q) / (IsMap ? 2 : 1) < h.arg)) return too_many<IsMap>(c, p, h.arg, q);
    n = static_cast<std::size_t>(h.arg);
    return q;
  }
  template <bool IsMap>
  [[gnu::cold]] static METAJSON_NOINLINE std::nullptr_t too_many(read_context& c, in p, std::uint64_t n, in q) {
    return c.fail(error_code::unexpected_end, p,
                  std::string(IsMap ? "a map of " : "an array of ") + std::to_string(n) + (IsMap ? " entries in " : " items in ") +
                      std::to_string(c.end - q) + " remaining bytes");
  }
  static METAJSON_ALWAYS_INLINE in array_header(read_context& c, in p, std::size_t& n) { return container_header<false>(c, p, n); }
  static METAJSON_ALWAYS_INLINE in map_header(read_context& c, in p, std::size_t& n) { return container_header<true>(c, p, n); }
  static METAJSON_ALWAYS_INLINE bool more(const read_context& c, in p, std::size_t i, std::size_t n) noexcept {
    if (METAJSON_LIKELY(n != indefinite)) return i < n;
    return p < c.end && *p != cbor::break_;
  }
  static METAJSON_ALWAYS_INLINE in close(read_context& c, in p, std::size_t n) {
    if (METAJSON_LIKELY(n != indefinite)) return p;
    if (METAJSON_UNLIKELY(p >= c.end)) return c.fail(error_code::unexpected_end, p, "expected a break (0xff) ending the item");
    return p + 1;
  }

  // A byte string's (Major byte_string) or a text string's bytes: where they are, in the input,
  // or (an indefinite length) joined from their chunks into c.joined; a text's chunks are each
  // UTF-8 (CheckChunks: utf8_policy::validate), as §3.2.3 requires: no character spans two.
  template <unsigned char Major, bool CheckChunks>
  static METAJSON_ALWAYS_INLINE in string(read_context& c, in p, in& data, std::size_t& n) {
    if (METAJSON_UNLIKELY(p >= c.end || (*p & 0xe0) != Major)) return expected(c, p, Major == cbor::text_string ? "string" : "binary");
    const unsigned char ai = *p & 0x1f;
    in q;
    std::uint64_t len;
    if (METAJSON_LIKELY(ai < 24)) {
      len = ai;
      q = p + 1;
    } else {
      cbor::head h{};
      q = cbor::read_head(c, p, h);
      if (!q) return nullptr;
      if (h.ai == cbor::indefinite_length) return chunks<Major, CheckChunks>(c, p, q, data, n);
      len = h.arg;
    }
    if (METAJSON_UNLIKELY(static_cast<std::uint64_t>(c.end - q) < len))
      return c.fail(error_code::unexpected_end, p, "a string of " + std::to_string(len) + " bytes, " + std::to_string(c.end - q) + " remaining");
    data = q;
    n = static_cast<std::size_t>(len);
    return q + n;
  }
  template <unsigned char Major, bool CheckChunks>
  [[gnu::cold]] static METAJSON_NOINLINE in chunks(read_context& c, in at, in q, in& data, std::size_t& n) {
    c.joined.clear();
    for (;;) {
      if (METAJSON_UNLIKELY(q >= c.end)) return c.fail(error_code::unexpected_end, q, "expected a chunk or a break (0xff)");
      if (*q == cbor::break_) break;
      if (METAJSON_UNLIKELY((*q & 0xe0) != Major || (*q & 0x1f) == cbor::indefinite_length))
        return c.fail(error_code::syntax_error, q,
                      std::string("a chunk of an indefinite-length ") + (Major == cbor::text_string ? "text" : "byte") +
                          " string must be a definite-length string of the same type");
      in d;
      std::size_t k;
      q = string<Major, false>(c, q, d, k);
      if (!q) return nullptr;
      if constexpr (CheckChunks) {
        if (METAJSON_UNLIKELY(!utf8_ok(reinterpret_cast<const char*>(d), k)))
          return bad_utf8(c, d, utf8_first_invalid(reinterpret_cast<const char*>(d), k));
      }
      c.joined.append(reinterpret_cast<const char*>(d), k);
    }
    (void)at;
    data = reinterpret_cast<in>(c.joined.data());
    n = c.joined.size();
    return q + 1;
  }
  template <config C>
  static METAJSON_ALWAYS_INLINE in text(read_context& c, in p, in& data, std::size_t& n) {
    return string<cbor::text_string, C.o.utf8 == utf8_policy::validate>(c, p, data, n);
  }
  static METAJSON_ALWAYS_INLINE in bytes(read_context& c, in p, in& data, std::size_t& n) {
    return string<cbor::byte_string, false>(c, p, data, n);
  }

  // Whether the item at p (p < end) is an RFC 8746 typed array (tags 64-87 but 76, reserved).
  // (Tags are read from their heads in any form, not only the shortest: preferred serialization
  // binds writers, not readers.)
  static bool is_typed_array(const read_context& c, in p) noexcept {
    cbor::head h{};
    return (*p & 0xe0) == cbor::tag && cbor::peek_head(p, c.end, h) && h.arg >= 64 && h.arg <= 87 && h.arg != 76;
  }
  // The typed array at p: what its tag says of its items, and where their bytes are.
  static in typed(read_context& c, in p, typed_array& t) {
    cbor::head h{};
    in const content = cbor::peek_head(p, c.end, h);
    const auto tag = static_cast<unsigned>(h.arg);
    t.is_float = tag >= 80;
    if (t.is_float) {
      const unsigned ll = tag & 3;
      if (METAJSON_UNLIKELY(ll == 3)) return c.fail(error_code::number_out_of_range, p, "a typed array of float128 (tag " + std::to_string(tag) + "): no C++ float holds one");
      t.size = static_cast<unsigned char>(2u << ll);
      t.is_signed = true;
      t.little = (tag & 4) != 0;
    } else {
      t.size = static_cast<unsigned char>(1u << (tag & 3));
      t.is_signed = (tag & 8) != 0;
      t.little = (tag & 4) != 0 || t.size == 1;  // (tag 68: uint8 "clamped", the same bytes)
    }
    in data;
    std::size_t n;
    if (METAJSON_UNLIKELY(content >= c.end || (*content & 0xe0) != cbor::byte_string))
      return expected(c, content, "the byte string of a typed array");
    in q = bytes(c, content, data, n);
    if (!q) return nullptr;
    if (METAJSON_UNLIKELY(n % t.size != 0))
      return c.fail(error_code::syntax_error, p, "a typed array of " + std::to_string(n) + " bytes, not a whole number of " + std::to_string(t.size) + "-byte items");
    t.data = data;
    t.count = n / t.size;
    return q;
  }

  // An integer: major type 0 or 1, or a bignum (tag 2 or 3 and a byte string).
  static METAJSON_ALWAYS_INLINE in integer(read_context& c, in p, integer_item& v) {
    if (METAJSON_UNLIKELY(p >= c.end)) return expected(c, p, "integer");
    const unsigned char b = *p;
    if (METAJSON_LIKELY(b < 0x18 || (b >= 0x20 && b < 0x38))) {
      v = {static_cast<std::uint64_t>(b & 0x1f), b >= 0x20};
      return p + 1;
    }
    if (METAJSON_UNLIKELY(b >= 0x40)) return bignum(c, p, v);
    cbor::head h{};
    in q = cbor::read_head(c, p, h);
    if (!q) return nullptr;
    if (METAJSON_UNLIKELY(h.ai == cbor::indefinite_length)) return c.fail(error_code::syntax_error, p, "an integer has no indefinite form");
    v = {h.arg, h.major == cbor::negative_integer};
    return q;
  }
  [[gnu::cold]] static METAJSON_NOINLINE in bignum(read_context& c, in p, integer_item& v) {
    cbor::head h{};
    in const content = (*p & 0xe0) == cbor::tag ? cbor::peek_head(p, c.end, h) : nullptr;
    if (!content || (h.arg != cbor::tag_positive_bignum && h.arg != cbor::tag_negative_bignum)) return expected(c, p, "integer");
    in data;
    std::size_t n;
    in q = bytes(c, content, data, n);
    if (!q) return nullptr;
    while (n > 0 && *data == 0) ++data, --n;  // (leading zeros are allowed, §3.4.3)
    v = {0, h.arg == cbor::tag_negative_bignum};
    if (n <= 8) {
      for (std::size_t i = 0; i < n; ++i) v.magnitude = (v.magnitude << 8) | data[i];
      return q;
    }
#if defined(__SIZEOF_INT128__)
    if (n <= 16) {
      unsigned __int128 m = 0;
      for (std::size_t i = 0; i < n; ++i) m = (m << 8) | data[i];
      c.wide = m;
      v.big = true;
      return q;
    }
#endif
    return c.fail(error_code::number_out_of_range, p, "a bignum of " + std::to_string(n) + " bytes does not fit a C++ integer");
  }

  template <class T>
  static METAJSON_ALWAYS_INLINE in floating(read_context& c, in p, T& v) {
    if (*p == cbor::float64) {  // (the most common first: doubles that need 64 bits)
      if (!has(c, p, 9)) return truncated(c, p, 9);
      const double d = std::bit_cast<double>(load_be<std::uint64_t>(p + 1));
      if constexpr (std::is_same_v<T, float>) {
        if (METAJSON_UNLIKELY(d == d && std::abs(d) > std::numeric_limits<float>::max() && std::abs(d) != std::numeric_limits<double>::infinity()))
          return c.fail(error_code::number_out_of_range, p, "the float64 does not fit a float");
      }
      v = static_cast<T>(d);
      return p + 9;
    }
    if (*p == cbor::float32) {
      if (!has(c, p, 5)) return truncated(c, p, 5);
      v = static_cast<T>(std::bit_cast<float>(load_be<std::uint32_t>(p + 1)));
      return p + 5;
    }
    if (*p == cbor::float16) {
      if (!has(c, p, 3)) return truncated(c, p, 3);
      v = static_cast<T>(half_to_double(load_be<std::uint16_t>(p + 1)));
      return p + 3;
    }
    return p;
  }

  // A time: tag 1 (integer or float seconds since the epoch) or tag 1001 (RFC 9581: a map of
  // 1: seconds and one of -3, -6, -9: milli-, micro- or nanoseconds); p itself when the item is
  // no time. A float's seconds are `rounded` (to the time_point's nearest tick).
  static in time(read_context& c, in p, std::int64_t& sec, std::uint32_t& nsec, bool& rounded) {
    cbor::head h{};
    in const content = (*p & 0xe0) == cbor::tag ? cbor::peek_head(p, c.end, h) : nullptr;
    if (!content || h.ai == cbor::indefinite_length) return p;
    if (h.arg == cbor::tag_epoch_time) {
      in q = content;
      if (q < c.end && (*q == cbor::float16 || *q == cbor::float32 || *q == cbor::float64)) {
        double d = 0;
        q = floating(c, q, d);
        if (!q) return nullptr;
        if (METAJSON_UNLIKELY(!(d >= -9.2e18 && d <= 9.2e18))) return c.fail(error_code::invalid_time, p, "the time is not finite, or beyond 64-bit seconds");
        const double whole = std::floor(d);
        sec = static_cast<std::int64_t>(whole);
        double frac = std::round((d - whole) * 1e9);
        if (frac >= 1e9) {
          ++sec;
          frac = 0;
        }
        nsec = static_cast<std::uint32_t>(frac);
        rounded = true;
        return q;
      }
      integer_item x;
      if (q >= c.end || kind_at(c, q) != item_kind::integer) return expected(c, q, "the seconds of tag 1 (an integer or a float)");
      q = integer(c, q, x);
      if (!q) return nullptr;
      if (METAJSON_UNLIKELY(x.big || x.magnitude > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())))
        return c.fail(error_code::invalid_time, p, "the time's seconds are beyond 64 bits");
      sec = x.negative ? -1 - static_cast<std::int64_t>(x.magnitude) : static_cast<std::int64_t>(x.magnitude);
      nsec = 0;
      return q;
    }
    if (h.arg == cbor::tag_extended_time) return extended_time(c, p, content, sec, nsec);
    if (h.arg == cbor::tag_time_string) return time_string(c, p, content, sec, nsec);
    return p;
  }
  [[gnu::cold]] static METAJSON_NOINLINE in extended_time(read_context& c, in p, in content, std::int64_t& sec, std::uint32_t& nsec) {
    std::size_t n;
    in q = map_header(c, content, n);
    if (!q) return nullptr;
    bool have_sec = false, have_frac = false;
    sec = 0;
    nsec = 0;
    for (std::size_t i = 0; more(c, q, i, n); ++i) {
      integer_item k, v;
      in const key_at = q;
      if (q >= c.end || kind_at(c, q) != item_kind::integer) return expected(c, q, "an integer key of tag 1001's map");
      q = integer(c, q, k);
      if (!q) return nullptr;
      if (q >= c.end || kind_at(c, q) != item_kind::integer) return expected(c, q, "an integer in tag 1001's map");
      in const value_at = q;
      q = integer(c, q, v);
      if (!q) return nullptr;
      if (k.big || v.big) return c.fail(error_code::invalid_time, key_at, "a bignum in tag 1001's map");
      if (!k.negative && k.magnitude == 1) {
        if (have_sec) return c.fail(error_code::duplicate_key, key_at, "tag 1001's key 1 twice");
        if (v.magnitude > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
          return c.fail(error_code::invalid_time, value_at, "the time's seconds are beyond 64 bits");
        sec = v.negative ? -1 - static_cast<std::int64_t>(v.magnitude) : static_cast<std::int64_t>(v.magnitude);
        have_sec = true;
      } else if (k.negative && (k.magnitude == 2 || k.magnitude == 5 || k.magnitude == 8)) {  // -3, -6, -9
        const std::uint64_t scale = k.magnitude == 2 ? 1'000'000 : k.magnitude == 5 ? 1'000 : 1;
        const std::uint64_t limit = 1'000'000'000 / scale;
        if (have_frac) return c.fail(error_code::invalid_time, key_at, "tag 1001 has two fractions of a second");
        if (v.negative || v.magnitude >= limit)
          return c.fail(error_code::invalid_time, value_at, "a fraction of a second outside 0.." + std::to_string(limit - 1));
        nsec = static_cast<std::uint32_t>(v.magnitude * scale);
        have_frac = true;
      } else {
        return c.fail(error_code::invalid_time, key_at, "tag 1001's map holds a key other than 1, -3, -6 and -9");
      }
    }
    q = close(c, q, n);
    if (!q) return nullptr;
    if (!have_sec) return c.fail(error_code::invalid_time, p, "tag 1001's map has no key 1 (the seconds)");
    return q;
  }
  // Tag 0: an RFC 3339 time string (what glaze writes), "2013-03-21T20:04:00Z".
  [[gnu::cold]] static METAJSON_NOINLINE in time_string(read_context& c, in p, in content, std::int64_t& sec, std::uint32_t& nsec) {
    in data;
    std::size_t n;
    in q = string<cbor::text_string, false>(c, content, data, n);
    if (!q) return nullptr;
    parsed_time t;
    if (const char* why = parse_rfc3339(std::string_view(reinterpret_cast<const char*>(data), n), t))
      return c.fail(error_code::invalid_time, p, why);
    if (t.lossy) return c.fail(error_code::invalid_time, p, "more precision than the time_point holds");
    sec = t.seconds;
    nsec = static_cast<std::uint32_t>(t.frac_ns);
    return q;
  }
  static constexpr std::string_view time_name = "time (tag 0, 1 or 1001)";

  // The tag at p (p < end, *p a tag's head): its number, and where its item starts.
  static in read_tag(read_context& c, in p, std::uint64_t& tag) {
    cbor::head h{};
    in q = cbor::read_head(c, p, h);
    if (!q) return nullptr;
    if (METAJSON_UNLIKELY(h.ai == cbor::indefinite_length)) return c.fail(error_code::syntax_error, p, "a tag has no indefinite form");
    if (METAJSON_UNLIKELY(q >= c.end)) return c.fail(error_code::unexpected_end, q, "expected the item of a tag");
    tag = h.arg;
    return q;
  }
  static constexpr bool is_typed_array_tag(std::uint64_t tag) noexcept { return tag >= 64 && tag <= 87 && tag != 76; }

  // Tags before an item: 55799 dropped, the known ones left for the item's reader, the others
  // an error or dropped (binary_options::unknown_tags).
  template <config C>
  static in untag(read_context& c, in p) {
    while (p < c.end && (*p & 0xe0) == cbor::tag) {
      cbor::head h{};
      in q = cbor::read_head(c, p, h);
      if (!q) return nullptr;
      if (h.ai == cbor::indefinite_length) return c.fail(error_code::syntax_error, p, "a tag has no indefinite form");
      if (h.arg == cbor::tag_self_described) {
        p = q;
        continue;
      }
      if (h.arg <= cbor::tag_negative_bignum || h.arg == cbor::tag_extended_time || (h.arg >= 64 && h.arg <= 87 && h.arg != 76))
        return p;
      if constexpr (C.b.unknown_tags == unknown_tag_policy::skip) {
        p = q;
        continue;
      } else {
        return c.fail(error_code::type_mismatch, p,
                      "tag " + std::to_string(h.arg) + " is not known to metajson: set binary_options::unknown_tags = skip to read its item");
      }
    }
    return p;
  }

  // Skips the item at p, checking that it is well-formed (§5.3.1: every head, length, chunk and
  // break), text strings UTF-8, and nesting within options.max_depth.
  template <config C>
  static in skip(read_context& c, in p) {
    if (METAJSON_UNLIKELY(p >= c.end)) return expected(c, p, "a value");
    while ((*p & 0xe0) == cbor::tag) {
      cbor::head h{};
      in q = cbor::read_head(c, p, h);
      if (!q) return nullptr;
      if (h.ai == cbor::indefinite_length) return c.fail(error_code::syntax_error, p, "a tag has no indefinite form");
      p = q;  // (a tag adds no depth: a run of them is bounded by the input)
      if (METAJSON_UNLIKELY(p >= c.end)) return expected(c, p, "the item of a tag");
    }
    const unsigned char b = *p;
    const unsigned char major = b & 0xe0;
    if (major == cbor::unsigned_integer || major == cbor::negative_integer) {
      if (METAJSON_UNLIKELY((b & 0x1f) == cbor::indefinite_length)) return c.fail(error_code::syntax_error, p, "an integer has no indefinite form");
      cbor::head h{};
      return cbor::read_head(c, p, h);
    }
    if (major == cbor::byte_string) {
      in data;
      std::size_t n;
      return bytes(c, p, data, n);
    }
    if (major == cbor::text_string) {
      in data;
      std::size_t n;
      in q = text<C>(c, p, data, n);
      bool valid;
      return q && check_text<C>(c, p, data, n, valid) ? q : nullptr;
    }
    if (major == cbor::array || major == cbor::map) {
      const bool is_map = major == cbor::map;
      std::size_t n;
      in q = is_map ? map_header(c, p, n) : array_header(c, p, n);
      if (!q || !enter<C>(c, p)) return nullptr;
      for (std::size_t i = 0; more(c, q, i, n); ++i) {
        q = skip<C>(c, q);
        if (q && is_map) {
          if (METAJSON_UNLIKELY(n == indefinite && (q >= c.end || *q == cbor::break_)))
            return c.fail(error_code::syntax_error, q, "a map of indefinite length ends after a key, with no value");
          q = skip<C>(c, q);
        }
        if (METAJSON_UNLIKELY(!q)) return nullptr;
      }
      q = close(c, q, n);
      if (!q) return nullptr;
      --c.depth;
      return q;
    }
    // Major type 7: simple values and floats.
    switch (b & 0x1f) {
      case cbor::one_byte:
        if (!has(c, p, 2)) return truncated(c, p, 2);
        if (METAJSON_UNLIKELY(p[1] < 32)) return c.fail(error_code::syntax_error, p, "a two-byte simple value below 32 is not well-formed");
        return p + 2;
      case cbor::two_bytes: return has(c, p, 3) ? p + 3 : truncated(c, p, 3);
      case cbor::four_bytes: return has(c, p, 5) ? p + 5 : truncated(c, p, 5);
      case cbor::eight_bytes: return has(c, p, 9) ? p + 9 : truncated(c, p, 9);
      case 28:
      case 29:
      case 30: return cbor::reserved_ai(c, p);
      case cbor::indefinite_length: return c.fail(error_code::syntax_error, p, "a break (0xff) outside an item of indefinite length");
      default: return p + 1;
    }
  }
};

}  // namespace metajson::detail::bin

// MessagePack's wire format (github.com/msgpack/msgpack/blob/master/spec.md): its first bytes,
// and the primitives the binary traversal (binary/write.hpp, binary/read.hpp) writes and reads
// its items with: headers in their shortest forms, numbers, strings, the timestamp extension,
// and a checked skip of any item.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "../binary/context.hpp"
#include "../binary/format.hpp"
#include "../detail/macros.hpp"
#include "../error.hpp"
#include "../write/output.hpp"

namespace metajson::detail::mp {

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

using bin::in;
using bin::load_be;
using bin::read_context;
using bin::store_be;

// A length header: fix form (when `fix` says how many fit), then 8 (str and bin only), 16 and
// 32 bits. At most 5 bytes; n < 2^32 (checked by the callers).
METAJSON_ALWAYS_INLINE char* put_length(char* p, std::size_t n, unsigned char fix, std::size_t fix_limit, unsigned char b8,
                                        unsigned char b16) noexcept {
  if (n < fix_limit) {
    *p = static_cast<char>(fix | n);
    return p + 1;
  }
  if (b8 != 0 && n <= 0xff) {
    p[0] = static_cast<char>(b8);
    p[1] = static_cast<char>(n);
    return p + 2;
  }
  if (n <= 0xffff) {
    p[0] = static_cast<char>(b16);
    store_be(p + 1, static_cast<std::uint16_t>(n));
    return p + 3;
  }
  p[0] = static_cast<char>(b16 + 1);  // the 32-bit form follows the 16-bit one
  store_be(p + 1, static_cast<std::uint32_t>(n));
  return p + 5;
}

// A length of a 1-, 2- or 4-byte big-endian field at p + 1 (the header's first byte at p);
// returns the first byte after the header, or nullptr (truncated).
METAJSON_ALWAYS_INLINE in read_length(read_context& c, in p, unsigned width, std::size_t& n) {
  if (METAJSON_UNLIKELY(!bin::has(c, p + 1, width))) return bin::truncated(c, p, 1 + width);
  n = width == 1 ? p[1] : width == 2 ? load_be<std::uint16_t>(p + 1) : load_be<std::uint32_t>(p + 1);
  return p + 1 + width;
}

constexpr bin::item_kind kind_of(unsigned char b) noexcept {
  using bin::item_kind;
  if (b <= positive_fixint_max || b >= negative_fixint_min) return item_kind::integer;
  if (b < fixarray) return item_kind::map;
  if (b < fixstr) return item_kind::array;
  if (b < nil) return item_kind::string;
  switch (b) {
    case nil: return item_kind::nil;
    case never_used: return item_kind::reserved;
    case false_:
    case true_: return item_kind::boolean;
    case bin8:
    case bin16:
    case bin32: return item_kind::binary;
    case float32:
    case float64: return item_kind::floating;
    case str8:
    case str16:
    case str32: return item_kind::string;
    case array16:
    case array32: return item_kind::array;
    case map16:
    case map32: return item_kind::map;
    case fixext4:
    case fixext8:
    case ext8: return item_kind::other;  // (a timestamp when its type is -1: kind_at looks)
    default: return b >= uint8 && b <= int64 ? item_kind::integer : item_kind::other;
  }
}

}  // namespace metajson::detail::mp

namespace metajson::detail::bin {

template <>
struct wire<wire_format::msgpack> {
  static constexpr std::string_view name = "MessagePack";
  static constexpr std::size_t max_length = 0xffffffffu;  // of strings, arrays and maps
  static constexpr std::size_t header_max = 5;            // a str, bin, array or map header
  static constexpr std::size_t time_max = 15;             // a timestamp
  static constexpr bool has_tags = false;
  static constexpr bool has_chunks = false;  // (strings are in one piece)
  static constexpr bool has_typed_arrays = false;

  // --- writing -----------------------------------------------------------------------------------

  static METAJSON_ALWAYS_INLINE char* put_nil(char* p) noexcept {
    *p = static_cast<char>(mp::nil);
    return p + 1;
  }
  static METAJSON_ALWAYS_INLINE char* put_bool(char* p, bool v) noexcept {
    *p = static_cast<char>(v ? mp::true_ : mp::false_);
    return p + 1;
  }

  // The shortest form of an unsigned integer (at most 9 bytes: reserve them).
  static METAJSON_ALWAYS_INLINE char* put_uint(char* p, std::uint64_t v) noexcept {
    using namespace mp;
    if (v <= positive_fixint_max) {
      *p = static_cast<char>(v);
      return p + 1;
    }
    if (v <= 0xff) {
      p[0] = static_cast<char>(uint8);
      p[1] = static_cast<char>(v);
      return p + 2;
    }
    if (v <= 0xffff) {
      p[0] = static_cast<char>(uint16);
      store_be(p + 1, static_cast<std::uint16_t>(v));
      return p + 3;
    }
    if (v <= 0xffffffffu) {
      p[0] = static_cast<char>(uint32);
      store_be(p + 1, static_cast<std::uint32_t>(v));
      return p + 5;
    }
    p[0] = static_cast<char>(uint64);
    store_be(p + 1, v);
    return p + 9;
  }

  // The shortest form of a signed integer: a non-negative one as an unsigned one (the spec's
  // recommendation, what msgpack-c and Python's msgpack write).
  static METAJSON_ALWAYS_INLINE char* put_int(char* p, std::int64_t v) noexcept {
    using namespace mp;
    if (v >= 0) return put_uint(p, static_cast<std::uint64_t>(v));
    if (v >= -32) {
      *p = static_cast<char>(static_cast<unsigned char>(v));
      return p + 1;
    }
    if (v >= -128) {
      p[0] = static_cast<char>(int8);
      p[1] = static_cast<char>(static_cast<unsigned char>(v));
      return p + 2;
    }
    if (v >= -32768) {
      p[0] = static_cast<char>(int16);
      store_be(p + 1, static_cast<std::uint16_t>(v));
      return p + 3;
    }
    if (v >= std::numeric_limits<std::int32_t>::min()) {
      p[0] = static_cast<char>(int32);
      store_be(p + 1, static_cast<std::uint32_t>(v));
      return p + 5;
    }
    p[0] = static_cast<char>(int64);
    store_be(p + 1, static_cast<std::uint64_t>(v));
    return p + 9;
  }

#if defined(__SIZEOF_INT128__)
  // A 128-bit integer beyond 64 bits (-1 - magnitude when negative): MessagePack has no form.
  [[gnu::cold]] static METAJSON_NOINLINE char* put_big(write_context& c, char*, bool, unsigned __int128) {
    return c.fail(error_code::number_out_of_range, "MessagePack's integers have 64 bits; this 128-bit value needs more");
  }
#endif

  template <bool Shortest>
  static METAJSON_ALWAYS_INLINE char* put_float(char* p, float v) noexcept {
    p[0] = static_cast<char>(mp::float32);
    store_be(p + 1, std::bit_cast<std::uint32_t>(v));
    return p + 5;
  }
  // A double, as a float32 when that holds it (Shortest; false for NaN, which keeps its 64-bit
  // payload). At most 9 bytes.
  template <bool Shortest>
  static METAJSON_ALWAYS_INLINE char* put_double(char* p, double d) noexcept {
    if constexpr (Shortest) {
      const float f = static_cast<float>(d);
      if (static_cast<double>(f) == d) return put_float<true>(p, f);
    }
    p[0] = static_cast<char>(mp::float64);
    store_be(p + 1, std::bit_cast<std::uint64_t>(d));
    return p + 9;
  }

  static METAJSON_ALWAYS_INLINE char* put_str_header(char* p, std::size_t n) noexcept {
    return mp::put_length(p, n, mp::fixstr, 32, mp::str8, mp::str16);
  }
  static METAJSON_ALWAYS_INLINE char* put_bin_header(char* p, std::size_t n) noexcept {
    return mp::put_length(p, n, 0, 0, mp::bin8, mp::bin16);
  }
  static METAJSON_ALWAYS_INLINE char* put_array_header(char* p, std::size_t n) noexcept {
    return mp::put_length(p, n, mp::fixarray, 16, 0, mp::array16);
  }
  static METAJSON_ALWAYS_INLINE char* put_map_header(char* p, std::size_t n) noexcept {
    return mp::put_length(p, n, mp::fixmap, 16, 0, mp::map16);
  }
  // A str header at compile time (a key's): its size, and its bytes into out.
  static constexpr std::size_t str_header_size(std::size_t n) { return n < 32 ? 1 : n <= 0xff ? 2 : n <= 0xffff ? 3 : 5; }
  static constexpr void str_header(char* out, std::size_t n) {
    const std::size_t h = str_header_size(n);
    if (h == 1) {
      out[0] = static_cast<char>(mp::fixstr | n);
      return;
    }
    out[0] = static_cast<char>(h == 2 ? mp::str8 : h == 3 ? mp::str16 : mp::str32);
    for (std::size_t i = 1; i < h; ++i) out[i] = static_cast<char>((n >> (8 * (h - 1 - i))) & 0xff);
  }

  // The timestamp extension (type -1) in its smallest form: 32-bit seconds, 34-bit seconds
  // with 30-bit nanoseconds, or 64-bit seconds with 32-bit nanoseconds.
  static METAJSON_ALWAYS_INLINE char* put_time(char* p, std::int64_t sec, std::uint32_t nsec) noexcept {
    using namespace mp;
    if (sec >= 0 && (static_cast<std::uint64_t>(sec) >> 34) == 0) {
      const std::uint64_t packed = (std::uint64_t{nsec} << 34) | static_cast<std::uint64_t>(sec);
      if ((packed >> 32) == 0) {
        p[0] = static_cast<char>(fixext4);
        p[1] = static_cast<char>(timestamp_type);
        store_be(p + 2, static_cast<std::uint32_t>(packed));
        return p + 6;
      }
      p[0] = static_cast<char>(fixext8);
      p[1] = static_cast<char>(timestamp_type);
      store_be(p + 2, packed);
      return p + 10;
    }
    p[0] = static_cast<char>(ext8);
    p[1] = 12;
    p[2] = static_cast<char>(timestamp_type);
    store_be(p + 3, nsec);
    store_be(p + 7, static_cast<std::uint64_t>(sec));
    return p + 15;
  }

  // --- reading -----------------------------------------------------------------------------------

  static constexpr unsigned char nil_byte = mp::nil, true_byte = mp::true_, false_byte = mp::false_;

  static METAJSON_ALWAYS_INLINE bool is_text(unsigned char b) noexcept {
    return (b & 0xe0) == mp::fixstr || (b >= mp::str8 && b <= mp::str32);
  }

  // What the item at p (p < end) is.
  static METAJSON_ALWAYS_INLINE item_kind kind_at(const read_context& c, in p) noexcept {
    const item_kind k = mp::kind_of(*p);
    if (METAJSON_UNLIKELY(k == item_kind::other) && is_timestamp(c, p)) return item_kind::time;
    return k;
  }
  static bool is_timestamp(const read_context& c, in p) noexcept {
    using namespace mp;
    return ((*p == fixext4 || *p == fixext8) && has(c, p, 2) && static_cast<signed char>(p[1]) == timestamp_type) ||
           (*p == ext8 && has(c, p, 3) && p[1] == 12 && static_cast<signed char>(p[2]) == timestamp_type);
  }

  // "expected <what>, found <the item at p>" (or the input's end, or the reserved byte).
  [[gnu::cold]] static METAJSON_NOINLINE std::nullptr_t expected(read_context& c, in p, std::string_view what) {
    if (p >= c.end) return c.fail(error_code::unexpected_end, p, "expected " + std::string(what));
    if (*p == mp::never_used) return c.fail(error_code::syntax_error, p, "0xc1 is never used in MessagePack");
    return c.fail(error_code::type_mismatch, p,
                  "expected " + std::string(what) + ", found " + std::string(item_kind_names[static_cast<unsigned>(kind_at(c, p))]));
  }

  // A container's header at p (an array's, or a map's when IsMap): its count of items (of
  // entries, two items each), checked against what remains: every item is a byte at least, so
  // no count the input cannot hold gets as far as an allocation.
  template <bool IsMap>
  static METAJSON_ALWAYS_INLINE in container_header(read_context& c, in p, std::size_t& n) {
    using namespace mp;
    constexpr std::string_view what = IsMap ? "map" : "array";
    constexpr unsigned char fix = IsMap ? fixmap : fixarray, b16 = IsMap ? map16 : array16;
    if (METAJSON_UNLIKELY(p >= c.end)) return expected(c, p, what);
    const unsigned char b = *p;
    in q;
    if ((b & 0xf0) == fix) {
      n = b & 0x0f;
      q = p + 1;
    } else if (b == b16 || b == b16 + 1) {
      q = read_length(c, p, b == b16 ? 2 : 4, n);
      if (!q) return nullptr;
    } else {
      return expected(c, p, what);
    }
    if (METAJSON_UNLIKELY(static_cast<std::size_t>(c.end - q) / (IsMap ? 2 : 1) < n))
      return c.fail(error_code::unexpected_end, p,
                    std::string(IsMap ? "a map of " : "an array of ") + std::to_string(n) +
                        (IsMap ? " entries in " : " items in ") + std::to_string(c.end - q) + " remaining bytes");
    return q;
  }
  static METAJSON_ALWAYS_INLINE in array_header(read_context& c, in p, std::size_t& n) { return container_header<false>(c, p, n); }
  static METAJSON_ALWAYS_INLINE in map_header(read_context& c, in p, std::size_t& n) { return container_header<true>(c, p, n); }
  // Whether a container of n items (entries) has an i-th one; its end after the last.
  static METAJSON_ALWAYS_INLINE bool more(const read_context&, in, std::size_t i, std::size_t n) noexcept { return i < n; }
  static METAJSON_ALWAYS_INLINE in close(read_context&, in p, std::size_t) noexcept { return p; }

  // A str item's header at p: where its n bytes are (in the input; checked to be there).
  template <config C>
  static METAJSON_ALWAYS_INLINE in text(read_context& c, in p, in& data, std::size_t& n) {
    return str(c, p, data, n);
  }
  static METAJSON_ALWAYS_INLINE in str(read_context& c, in p, in& data, std::size_t& n) {
    using namespace mp;
    if (METAJSON_UNLIKELY(p >= c.end)) return expected(c, p, "string");
    const unsigned char b = *p;
    in q;
    if ((b & 0xe0) == fixstr) {
      n = b & 0x1f;
      q = p + 1;
    } else if (b >= str8 && b <= str32) {
      q = read_length(c, p, b == str8 ? 1u : b == str16 ? 2u : 4u, n);
      if (!q) return nullptr;
    } else {
      return expected(c, p, "string");
    }
    if (METAJSON_UNLIKELY(!has(c, q, n))) return truncated(c, p, static_cast<std::size_t>(q - p) + n);
    data = q;
    return q + n;
  }

  // A bin item at p: where its n bytes are.
  static METAJSON_ALWAYS_INLINE in bytes(read_context& c, in p, in& data, std::size_t& n) {
    using namespace mp;
    if (METAJSON_UNLIKELY(p >= c.end || *p < bin8 || *p > bin32)) return expected(c, p, "binary");
    in q = read_length(c, p, *p == bin8 ? 1u : *p == bin16 ? 2u : 4u, n);
    if (!q) return nullptr;
    if (METAJSON_UNLIKELY(!has(c, q, n))) return truncated(c, p, static_cast<std::size_t>(q - p) + n);
    data = q;
    return q + n;
  }

  static METAJSON_ALWAYS_INLINE in integer(read_context& c, in p, integer_item& v) {
    using namespace mp;
    if (METAJSON_UNLIKELY(p >= c.end)) return expected(c, p, "integer");
    const unsigned char b = *p;
    if (b <= positive_fixint_max) {
      v = {b, false};
      return p + 1;
    }
    if (b >= negative_fixint_min) {
      v = {static_cast<std::uint64_t>(255 - b), true};  // -1 - (255 - b) = b - 256
      return p + 1;
    }
    std::int64_t s;
    switch (b) {
      case uint8:
        if (!has(c, p, 2)) return truncated(c, p, 2);
        v = {p[1], false};
        return p + 2;
      case uint16:
        if (!has(c, p, 3)) return truncated(c, p, 3);
        v = {load_be<std::uint16_t>(p + 1), false};
        return p + 3;
      case uint32:
        if (!has(c, p, 5)) return truncated(c, p, 5);
        v = {load_be<std::uint32_t>(p + 1), false};
        return p + 5;
      case uint64:
        if (!has(c, p, 9)) return truncated(c, p, 9);
        v = {load_be<std::uint64_t>(p + 1), false};
        return p + 9;
      case int8:
        if (!has(c, p, 2)) return truncated(c, p, 2);
        s = static_cast<std::int8_t>(p[1]);
        p += 2;
        break;
      case int16:
        if (!has(c, p, 3)) return truncated(c, p, 3);
        s = static_cast<std::int16_t>(load_be<std::uint16_t>(p + 1));
        p += 3;
        break;
      case int32:
        if (!has(c, p, 5)) return truncated(c, p, 5);
        s = static_cast<std::int32_t>(load_be<std::uint32_t>(p + 1));
        p += 5;
        break;
      case int64:
        if (!has(c, p, 9)) return truncated(c, p, 9);
        s = static_cast<std::int64_t>(load_be<std::uint64_t>(p + 1));
        p += 9;
        break;
      default: return expected(c, p, "integer");
    }
    v = s < 0 ? integer_item{~static_cast<std::uint64_t>(s), true} : integer_item{static_cast<std::uint64_t>(s), false};
    return p;
  }

  // A float item into v; p itself when the item is no float (nothing read, no error).
  template <class T>
  static METAJSON_ALWAYS_INLINE in floating(read_context& c, in p, T& v) {
    using namespace mp;
    if (*p == float32) {
      if (!has(c, p, 5)) return truncated(c, p, 5);
      v = static_cast<T>(std::bit_cast<float>(load_be<std::uint32_t>(p + 1)));
      return p + 5;
    }
    if (*p == float64) {
      if (!has(c, p, 9)) return truncated(c, p, 9);
      return float64_into(c, p, std::bit_cast<double>(load_be<std::uint64_t>(p + 1)), v) ? p + 9 : nullptr;
    }
    return p;
  }
  template <class T>
  static METAJSON_ALWAYS_INLINE bool float64_into(read_context& c, in p, double d, T& v) {
    if constexpr (std::is_same_v<T, float>) {
      if (METAJSON_UNLIKELY(d == d && (d > std::numeric_limits<float>::max() || d < -std::numeric_limits<float>::max()) &&
                            d != std::numeric_limits<double>::infinity() && d != -std::numeric_limits<double>::infinity()))
        return c.fail(error_code::number_out_of_range, p, "the float64 does not fit a float"), false;
    }
    v = static_cast<T>(d);
    return true;
  }

  // A timestamp at p: its seconds and nanoseconds (not yet checked); p itself when the item is
  // no timestamp.
  static in time(read_context& c, in p, std::int64_t& sec, std::uint32_t& nsec, bool&) {
    using namespace mp;
    if (*p == fixext4 && has(c, p, 6) && static_cast<signed char>(p[1]) == timestamp_type) {
      sec = load_be<std::uint32_t>(p + 2);
      nsec = 0;
      return p + 6;
    }
    if (*p == fixext8 && has(c, p, 10) && static_cast<signed char>(p[1]) == timestamp_type) {
      const std::uint64_t packed = load_be<std::uint64_t>(p + 2);
      nsec = static_cast<std::uint32_t>(packed >> 34);
      sec = static_cast<std::int64_t>(packed & 0x3ffffffffull);
      return p + 10;
    }
    if (*p == ext8 && has(c, p, 15) && p[1] == 12 && static_cast<signed char>(p[2]) == timestamp_type) {
      nsec = load_be<std::uint32_t>(p + 3);
      sec = static_cast<std::int64_t>(load_be<std::uint64_t>(p + 7));
      return p + 15;
    }
    return p;
  }
  static constexpr std::string_view time_name = "timestamp (extension -1)";

  // MessagePack has no tags.
  static constexpr bool is_tag(unsigned char) noexcept { return false; }
  template <config C>
  static METAJSON_ALWAYS_INLINE in untag(read_context&, in p) noexcept {
    return p;
  }

  // Skips `n` items at p.
  template <config C>
  static METAJSON_NOINLINE in skip_items(read_context& c, in p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      p = skip<C>(c, p);
      if (METAJSON_UNLIKELY(!p)) return nullptr;
    }
    return p;
  }

  // Skips the item at p, checking it as a read would: every length, UTF-8 of str items, depth.
  template <config C>
  static in skip(read_context& c, in p) {
    using namespace mp;
    if (METAJSON_UNLIKELY(p >= c.end)) return expected(c, p, "a value");
    const unsigned char b = *p;
    if (b <= positive_fixint_max || b >= negative_fixint_min || b == nil || b == false_ || b == true_) return p + 1;
    std::size_t n = 0;
    in q;
    if ((b & 0xe0) == fixstr || (b >= str8 && b <= str32)) {
      in data;
      q = str(c, p, data, n);
      bool valid;
      return q && check_text<C>(c, p, data, n, valid) ? q : nullptr;
    }
    switch (b) {
      case never_used: return c.fail(error_code::syntax_error, p, "0xc1 is never used in MessagePack");
      case uint8:
      case int8: return has(c, p, 2) ? p + 2 : truncated(c, p, 2);
      case uint16:
      case int16: return has(c, p, 3) ? p + 3 : truncated(c, p, 3);
      case uint32:
      case int32:
      case float32: return has(c, p, 5) ? p + 5 : truncated(c, p, 5);
      case uint64:
      case int64:
      case float64: return has(c, p, 9) ? p + 9 : truncated(c, p, 9);
      case fixext1: return has(c, p, 3) ? p + 3 : truncated(c, p, 3);
      case fixext2: return has(c, p, 4) ? p + 4 : truncated(c, p, 4);
      case fixext4: return has(c, p, 6) ? p + 6 : truncated(c, p, 6);
      case fixext8: return has(c, p, 10) ? p + 10 : truncated(c, p, 10);
      case fixext16: return has(c, p, 18) ? p + 18 : truncated(c, p, 18);
      case bin8:
      case bin16:
      case bin32: {
        in data;
        return bytes(c, p, data, n);
      }
      case ext8:
      case ext16:
      case ext32:
        q = read_length(c, p, b == ext8 ? 1u : b == ext16 ? 2u : 4u, n);
        if (!q) return nullptr;
        return has(c, q, n + 1) ? q + n + 1 : truncated(c, p, static_cast<std::size_t>(q - p) + n + 1);
      default: break;
    }
    const bool is_map = (b & 0xf0) == fixmap || b == map16 || b == map32;
    q = is_map ? map_header(c, p, n) : array_header(c, p, n);
    if (!q || !enter<C>(c, p)) return nullptr;
    q = skip_items<C>(c, q, is_map ? 2 * n : n);
    --c.depth;
    return q;
  }
};

}  // namespace metajson::detail::bin

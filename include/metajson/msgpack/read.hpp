// MessagePack reader: the mirror of write.hpp, strict by default. Every item is checked before
// it is used: its bytes are in the input (a length is compared with what remains before anything
// is allocated, so a 5-byte input claiming 4 GiB allocates nothing), the reserved byte 0xc1 is
// refused, str items are UTF-8 (options.utf8), nesting is bounded by options.max_depth, and an
// item that is skipped (a key no member has) is checked as thoroughly as one that is read.
// Struct keys follow the options and annotations as in JSON: unknown keys skipped or refused,
// duplicates refused, required members checked, constraints checked at their value.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "../detail/chrono.hpp"
#include "../detail/expand.hpp"
#include "../detail/macros.hpp"
#include "../detail/path.hpp"
#include "../detail/ranges.hpp"
#include "../error.hpp"
#include "../family/classify.hpp"
#include "../family/policy.hpp"
#include "../read/constraints.hpp"
#include "../reflect/enums.hpp"
#include "../reflect/keys.hpp"
#include "../reflect/lookup.hpp"
#include "../reflect/members.hpp"
#include "../text/utf8.hpp"
#include "format.hpp"
#include "write.hpp"  // byte_range, map_key, key_bytes

namespace metajson::detail::mp {

using in = const unsigned char*;

struct read_context {
  in begin = nullptr;
  in end = nullptr;
  std::uint32_t depth = 0;
  // The first error (code ok until then), where it is, and its path segments (innermost first).
  error_code code = error_code::ok;
  std::size_t offset = 0;
  std::string detail;
  std::vector<std::string> path;

  [[gnu::cold]] METAJSON_NOINLINE std::nullptr_t fail(error_code e, in at, std::string why = {}) {
    if (code == error_code::ok) {
      code = e;
      offset = static_cast<std::size_t>(at - begin);
      detail = std::move(why);
    }
    return nullptr;
  }
  void clear_error() noexcept {
    code = error_code::ok;
    detail.clear();
    path.clear();
  }
};

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t push_read_key(read_context& c, std::string_view key) {
  c.path.push_back(key_segment(key));
  return nullptr;
}
[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t push_read_index(read_context& c, std::size_t i) {
  c.path.push_back(index_segment(i));
  return nullptr;
}

// The kind of item a first byte starts (what a variant's candidates are chosen by).
enum class item_kind : unsigned char { nil, boolean, integer, floating, string, binary, array, map, extension, reserved };

constexpr item_kind kind_of(unsigned char b) noexcept {
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
    default: return b >= uint8 && b <= int64 ? item_kind::integer : item_kind::extension;
  }
}

// What an item's first byte says it is, in an error's words.
inline std::string_view item_name(unsigned char b) noexcept {
  constexpr std::string_view names[] = {"nil", "boolean", "integer", "float", "string", "binary", "array", "map", "extension",
                                        "the reserved byte 0xc1"};
  return names[static_cast<unsigned>(kind_of(b))];
}

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t expected(read_context& c, in p, std::string_view what) {
  if (p >= c.end) return c.fail(error_code::unexpected_end, p, "expected " + std::string(what));
  if (*p == never_used) return c.fail(error_code::syntax_error, p, "0xc1 is never used in MessagePack");
  return c.fail(error_code::type_mismatch, p, "expected " + std::string(what) + ", found " + std::string(item_name(*p)));
}

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t truncated(read_context& c, in at, std::size_t need) {
  return c.fail(error_code::unexpected_end, at,
                "the item needs " + std::to_string(need) + " more bytes, the input has " + std::to_string(c.end - at));
}

// Whether n bytes follow p.
METAJSON_ALWAYS_INLINE bool has(const read_context& c, in p, std::size_t n) noexcept {
  return static_cast<std::size_t>(c.end - p) >= n;
}

// --- nesting -------------------------------------------------------------------------------------

template <config C>
METAJSON_ALWAYS_INLINE bool enter(read_context& c, in at) {
  if (METAJSON_UNLIKELY(++c.depth > C.o.max_depth)) {
    c.fail(error_code::depth_exceeded, at, "deeper than options.max_depth (" + std::to_string(C.o.max_depth) + ")");
    return false;
  }
  return true;
}

// --- headers -------------------------------------------------------------------------------------

// A length of a 1-, 2- or 4-byte big-endian field at p + 1 (the header's first byte at p);
// returns the first byte after the header, or nullptr (truncated).
METAJSON_ALWAYS_INLINE in read_length(read_context& c, in p, unsigned width, std::size_t& n) {
  if (METAJSON_UNLIKELY(!has(c, p + 1, width))) return truncated(c, p, 1 + width);
  n = width == 1 ? p[1] : width == 2 ? load_be<std::uint16_t>(p + 1) : load_be<std::uint32_t>(p + 1);
  return p + 1 + width;
}

// A container's header at p (an array's, or a map's when IsMap): its count of items (of entries,
// two items each), checked against what remains: every item is a byte at least, so no count the
// input cannot hold gets as far as an allocation.
template <bool IsMap>
METAJSON_ALWAYS_INLINE in read_container_header(read_context& c, in p, std::size_t& n) {
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
                  std::string(IsMap ? "a map of " : "an array of ") + std::to_string(n) + (IsMap ? " entries in " : " items in ") +
                      std::to_string(c.end - q) + " remaining bytes");
  return q;
}
template <config C>
METAJSON_ALWAYS_INLINE in read_array_header(read_context& c, in p, std::size_t& n) {
  return read_container_header<false>(c, p, n);
}
template <config C>
METAJSON_ALWAYS_INLINE in read_map_header(read_context& c, in p, std::size_t& n) {
  return read_container_header<true>(c, p, n);
}

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t bad_utf8(read_context& c, in text, std::size_t at) {
  constexpr char hex[] = "0123456789ABCDEF";
  return c.fail(error_code::invalid_utf8, text + at, std::string("byte 0x") + hex[text[at] >> 4] + hex[text[at] & 15]);
}

// The str item at p: its text (in the input), its UTF-8 checked (validate) or found invalid
// (`valid` false under replace; not looked at under unchecked). Returns the end of the item.
template <config C>
METAJSON_ALWAYS_INLINE in read_str(read_context& c, in p, std::string_view& text, bool& valid) {
  if (METAJSON_UNLIKELY(p >= c.end)) return expected(c, p, "string");
  const unsigned char b = *p;
  std::size_t n;
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
  if (METAJSON_UNLIKELY(n > C.o.max_string_length))
    return c.fail(error_code::string_too_long, p,
                  std::to_string(n) + " bytes; options.max_string_length is " + std::to_string(C.o.max_string_length));
  text = std::string_view(reinterpret_cast<const char*>(q), n);
  valid = true;
  if constexpr (C.o.utf8 != utf8_policy::unchecked) {
    if (METAJSON_UNLIKELY(!utf8_ok(text.data(), n))) {
      if constexpr (C.o.utf8 == utf8_policy::validate) return bad_utf8(c, q, utf8_first_invalid(text.data(), n));
      valid = false;
    }
  }
  return q + n;
}

// A str item's text into a std::string (U+FFFD for invalid UTF-8 under utf8_policy::replace).
template <config C, class S>
METAJSON_ALWAYS_INLINE in read_str_into(read_context& c, in p, S& out) {
  std::string_view text;
  bool valid;
  p = read_str<C>(c, p, text, valid);
  if (METAJSON_UNLIKELY(!p)) return nullptr;
  if (METAJSON_LIKELY(valid)) {
    out.assign(reinterpret_cast<const typename S::value_type*>(text.data()), text.size());
  } else {
    const std::string fixed = replace_invalid_utf8(text);
    out.assign(reinterpret_cast<const typename S::value_type*>(fixed.data()), fixed.size());
  }
  return p;
}

// --- skipping ------------------------------------------------------------------------------------

template <config C>
in skip_value(read_context& c, in p);

// Skips `n` items (2n for a map's entries) at p.
template <config C>
METAJSON_NOINLINE in skip_items(read_context& c, in p, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    p = skip_value<C>(c, p);
    if (METAJSON_UNLIKELY(!p)) return nullptr;
  }
  return p;
}

// Skips the item at p, checking it as a read would: every length, UTF-8 of str items, depth.
template <config C>
in skip_value(read_context& c, in p) {
  if (METAJSON_UNLIKELY(p >= c.end)) return expected(c, p, "a value");
  const unsigned char b = *p;
  if (b <= positive_fixint_max || b >= negative_fixint_min || b == nil || b == false_ || b == true_) return p + 1;
  if ((b & 0xe0) == fixstr || (b >= str8 && b <= str32)) {
    std::string_view t;
    bool valid;
    return read_str<C>(c, p, t, valid);
  }
  std::size_t n = 0;
  in q;
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
    case bin32:
      q = read_length(c, p, b == bin8 ? 1u : b == bin16 ? 2u : 4u, n);
      if (!q) return nullptr;
      return has(c, q, n) ? q + n : truncated(c, p, static_cast<std::size_t>(q - p) + n);
    case ext8:
    case ext16:
    case ext32:
      q = read_length(c, p, b == ext8 ? 1u : b == ext16 ? 2u : 4u, n);
      if (!q) return nullptr;
      return has(c, q, n + 1) ? q + n + 1 : truncated(c, p, static_cast<std::size_t>(q - p) + n + 1);
    default: break;
  }
  const bool is_map = (b & 0xf0) == fixmap || b == map16 || b == map32;
  q = is_map ? read_map_header<C>(c, p, n) : read_array_header<C>(c, p, n);
  if (!q || !enter<C>(c, p)) return nullptr;
  q = skip_items<C>(c, q, is_map ? 2 * n : n);
  --c.depth;
  return q;
}

// --- numbers -------------------------------------------------------------------------------------

// An integer item: its magnitude and sign.
struct integer_item {
  std::uint64_t magnitude;
  bool negative;
};

METAJSON_ALWAYS_INLINE in read_integer_item(read_context& c, in p, integer_item& v) {
  if (METAJSON_UNLIKELY(p >= c.end)) return expected(c, p, "integer");
  const unsigned char b = *p;
  if (b <= positive_fixint_max) {
    v = {b, false};
    return p + 1;
  }
  if (b >= negative_fixint_min) {
    v = {static_cast<std::uint64_t>(256 - b), true};
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
  v = s < 0 ? integer_item{static_cast<std::uint64_t>(0) - static_cast<std::uint64_t>(s), true}
            : integer_item{static_cast<std::uint64_t>(s), false};
  return p;
}

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t out_of_range(read_context& c, in at, integer_item v, std::string_view type) {
  return c.fail(error_code::number_out_of_range, at,
                (v.negative ? "-" : "") + std::to_string(v.magnitude) + " does not fit " + std::string(type));
}

template <class T>
consteval std::string_view integer_name() {
  if constexpr (std::is_signed_v<T>) return sizeof(T) == 1 ? "int8" : sizeof(T) == 2 ? "int16" : sizeof(T) == 4 ? "int32" : sizeof(T) == 8 ? "int64" : "int128";
  else return sizeof(T) == 1 ? "uint8" : sizeof(T) == 2 ? "uint16" : sizeof(T) == 4 ? "uint32" : sizeof(T) == 8 ? "uint64" : "uint128";
}

// --- readers -------------------------------------------------------------------------------------

template <family F>
struct reader {
  template <config C, class T>
  static in read(read_context&, in, T&) {
    static_assert(dependent_false_v<T>,
                  "metajson cannot read this type from MessagePack: it is not a number, string, container, optional, "
                  "variant, enum or class. Specialize metajson::adapter<T> for it.");
    return nullptr;
  }
};

template <config C, class T>
in read_value(read_context& c, in p, T& v);

template <>
struct reader<family::null> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    if (METAJSON_UNLIKELY(p >= c.end || *p != nil)) return expected(c, p, "nil");
    v = T{};
    return p + 1;
  }
};

template <>
struct reader<family::boolean> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    if (METAJSON_UNLIKELY(p >= c.end || (*p != true_ && *p != false_))) return expected(c, p, "boolean");
    v = *p == true_;
    return p + 1;
  }
};

template <>
struct reader<family::character> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    std::string_view text;
    bool valid;
    in q = read_str<C>(c, p, text, valid);
    if (METAJSON_UNLIKELY(!q)) return nullptr;
    if (METAJSON_UNLIKELY(text.size() != 1)) return c.fail(error_code::type_mismatch, p, "expected a one-character string");
    v = static_cast<T>(text[0]);
    return q;
  }
};

template <>
struct reader<family::integer> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    integer_item x;
    if (METAJSON_UNLIKELY(p < c.end && (*p == float32 || *p == float64)))
      return c.fail(error_code::type_mismatch, p, "expected integer, found float");
    in q = read_integer_item(c, p, x);
    if (METAJSON_UNLIKELY(!q)) return nullptr;
    using U = std::make_unsigned_t<T>;
    if (!x.negative) {
      constexpr U max = static_cast<U>(std::numeric_limits<T>::max());
      if (METAJSON_UNLIKELY(x.magnitude > max)) return out_of_range(c, p, x, integer_name<T>());
      v = static_cast<T>(x.magnitude);
    } else {
      if constexpr (std::is_unsigned_v<T>) {
        return out_of_range(c, p, x, integer_name<T>());
      } else {
        constexpr U limit = static_cast<U>(std::numeric_limits<T>::max()) + 1;  // |min|
        if (METAJSON_UNLIKELY(x.magnitude > limit)) return out_of_range(c, p, x, integer_name<T>());
        v = static_cast<T>(U{0} - static_cast<U>(x.magnitude));
      }
    }
    return q;
  }
};

template <>
struct reader<family::floating> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    if (METAJSON_UNLIKELY(p >= c.end)) return expected(c, p, "float");
    if (*p == float32) {
      if (!has(c, p, 5)) return truncated(c, p, 5);
      v = static_cast<T>(std::bit_cast<float>(load_be<std::uint32_t>(p + 1)));
      return p + 5;
    }
    if (*p == float64) {
      if (!has(c, p, 9)) return truncated(c, p, 9);
      const double d = std::bit_cast<double>(load_be<std::uint64_t>(p + 1));
      if constexpr (std::is_same_v<T, float>) {
        if (METAJSON_UNLIKELY(d == d && (d > std::numeric_limits<float>::max() || d < -std::numeric_limits<float>::max()) &&
                              d != std::numeric_limits<double>::infinity() && d != -std::numeric_limits<double>::infinity()))
          return c.fail(error_code::number_out_of_range, p, "the float64 does not fit a float");
      }
      v = static_cast<T>(d);
      return p + 9;
    }
    integer_item x;  // an integer: its value, rounded to the nearest as JSON's reader does
    in q = read_integer_item(c, p, x);
    if (METAJSON_UNLIKELY(!q)) {
      c.clear_error();
      return expected(c, p, "float");
    }
    const T m = static_cast<T>(x.magnitude);
    v = x.negative ? -m : m;
    return q;
  }
};

template <>
struct reader<family::enumeration> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    std::string_view text;
    bool valid;
    in q = read_str<C>(c, p, text, valid);
    if (METAJSON_UNLIKELY(!q)) return nullptr;
    const int i = valid ? reflect::find_enumerator<T>(text) : -1;
    if (METAJSON_UNLIKELY(i < 0)) return c.fail(error_code::unknown_enum_name, p, "\"" + std::string(text.substr(0, 64)) + "\"");
    v = enumerator_value<T>(i);
    return q;
  }
};

template <>
struct reader<family::string> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    if constexpr (std::is_same_v<T, std::string_view> || std::is_same_v<T, std::u8string_view>) {
      std::string_view text;
      bool valid;
      in q = read_str<C>(c, p, text, valid);
      if (METAJSON_UNLIKELY(!q)) return nullptr;
      if (METAJSON_UNLIKELY(!valid))
        return c.fail(error_code::invalid_utf8, p, "a string view cannot hold the U+FFFD that utf8_policy::replace puts in");
      v = T(reinterpret_cast<const typename T::value_type*>(text.data()), text.size());
      return q;
    } else if constexpr (requires { v.assign(static_cast<const typename T::value_type*>(nullptr), std::size_t{}); }) {
      return read_str_into<C>(c, p, v);
    } else {
      static_assert(dependent_false_v<T>,
                    "metajson cannot read a string into a character pointer or array: read it into a std::string or std::string_view");
      return nullptr;
    }
  }
};

template <class T>
concept const_byte_view = requires { typename T::element_type; } && std::is_same_v<typename T::element_type, const std::byte> &&
                          std::is_constructible_v<T, const std::byte*, std::size_t>;

// bin items into ranges of std::byte: a vector, a std::array of exactly that length, or a view of the input.
template <config C, class T>
in read_bin(read_context& c, in p, T& v) {
  if (METAJSON_UNLIKELY(p >= c.end || *p < bin8 || *p > bin32)) return expected(c, p, "binary");
  std::size_t n;
  in q = read_length(c, p, *p == bin8 ? 1u : *p == bin16 ? 2u : 4u, n);
  if (!q) return nullptr;
  if (METAJSON_UNLIKELY(!has(c, q, n))) return truncated(c, p, static_cast<std::size_t>(q - p) + n);
  const auto* bytes = reinterpret_cast<const std::byte*>(q);
  if constexpr (requires { v.assign(bytes, bytes + n); }) {
    v.assign(bytes, bytes + n);
  } else if constexpr (const_byte_view<T>) {
    v = T(bytes, n);  // std::span<const std::byte>: a view of the input
  } else if constexpr (requires { std::tuple_size<T>::value; }) {
    if (METAJSON_UNLIKELY(n != std::tuple_size_v<T>))
      return c.fail(error_code::wrong_length, p, std::to_string(n) + " bytes for " + std::to_string(std::tuple_size_v<T>));
    if (n) std::memcpy(v.data(), bytes, n);
  } else {
    static_assert(dependent_false_v<T>, "metajson reads MessagePack bin into a std::vector<std::byte>, a std::array<std::byte, N> or a std::span<const std::byte>");
  }
  return q + n;
}

template <>
struct reader<family::nullable> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    if (p < c.end && *p == nil) {
      if constexpr (nested_optional_v<T>) v.emplace();  // nil is the engaged outer optional
      else v.reset();
      return p + 1;
    }
    if (!v) {
      if constexpr (is_optional_v<T>) v.emplace();
      else if constexpr (requires { typename T::element_type; }) v.reset(new typename T::element_type());
    }
    return read_value<C>(c, p, *v);
  }
};

// Whether T may read an item of kind k (a variant's candidates).
template <class T>
constexpr bool accepts(item_kind k) {
  constexpr family f = family_of<T>();
  if constexpr (f == family::standard) return accepts<typename std_mapping<std::remove_cv_t<T>>::json_type>(k);
  if constexpr (f == family::range && byte_range<T>) return k == item_kind::binary;
  switch (f) {
    case family::null: return k == item_kind::nil;
    case family::nullable: return true;
    case family::boolean: return k == item_kind::boolean;
    case family::integer: return k == item_kind::integer;
    case family::floating:
    case family::duration: return k == item_kind::integer || k == item_kind::floating;
    case family::string:
    case family::character:
    case family::enumeration: return k == item_kind::string;
    case family::time_point: return k == item_kind::extension;
    case family::range:
    case family::tuple: return k == item_kind::array;
    case family::object:
    case family::map: return k == item_kind::map;
    default: return true;  // adapters, variants: try them
  }
}

// Untagged variants: the first alternative that accepts the item's kind and reads it without an
// error (struct candidates strictly: an unknown key rejects one). The item is checked first, so
// that malformed input is reported as such, not as no alternative.
template <>
struct reader<family::variant> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    const std::uint32_t depth = c.depth;
    in const end = skip_value<C>(c, p);
    if (!end) return nullptr;
    const item_kind kind = kind_of(*p);
    bool done = false;
    constexpr config strict{.o = [] { options o = C.o; o.unknown_keys = unknown_key_policy::error; return o; }(), .b = C.b};
    METAJSON_FOR(i, std::variant_size_v<T>) {
      using A = std::variant_alternative_t<i, T>;
      if (!done && accepts<A>(kind)) {
        A alt{};
        in r = read_value<strict>(c, p, alt);
        c.depth = depth;
        if (r) {
          v.template emplace<i>(std::move(alt));
          done = true;
        } else {
          c.clear_error();
        }
      }
    };
    if (!done) return c.fail(error_code::no_matching_alternative, p, "found " + std::string(item_name(*p)));
    return end;
  }
};

template <>
struct reader<family::time_point> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    using D = typename T::duration;
    if (METAJSON_UNLIKELY(p >= c.end)) return expected(c, p, "timestamp");
    std::int64_t sec;
    std::uint32_t nsec;
    in q;
    if (*p == fixext4 && has(c, p, 6) && static_cast<signed char>(p[1]) == timestamp_type) {
      sec = load_be<std::uint32_t>(p + 2);
      nsec = 0;
      q = p + 6;
    } else if (*p == fixext8 && has(c, p, 10) && static_cast<signed char>(p[1]) == timestamp_type) {
      const std::uint64_t packed = load_be<std::uint64_t>(p + 2);
      nsec = static_cast<std::uint32_t>(packed >> 34);
      sec = static_cast<std::int64_t>(packed & 0x3ffffffffull);
      q = p + 10;
    } else if (*p == ext8 && has(c, p, 15) && p[1] == 12 && static_cast<signed char>(p[2]) == timestamp_type) {
      nsec = load_be<std::uint32_t>(p + 3);
      sec = static_cast<std::int64_t>(load_be<std::uint64_t>(p + 7));
      q = p + 15;
    } else {
      in e = skip_value<C>(c, p);
      if (!e) return nullptr;
      return expected(c, p, "timestamp (extension -1)");
    }
    if (METAJSON_UNLIKELY(nsec > 999'999'999u)) return c.fail(error_code::invalid_time, p, "nanoseconds above 999,999,999");
    using namespace std::chrono;
    // Within the duration's range, and exact in its unit.
    // (The bounds in whole seconds, computed wide: a duration_cast to seconds would wrap an
    // unsigned count's maximum to -1.)
#if defined(__SIZEOF_INT128__)
    using wide = __int128;
#else
    using wide = long double;
#endif
    using period = typename D::period;
    constexpr wide max_sec = static_cast<wide>(D::max().count()) * period::num / period::den;
    constexpr wide min_sec = static_cast<wide>(D::min().count()) * period::num / period::den;
    if (METAJSON_UNLIKELY(static_cast<wide>(sec) >= max_sec || static_cast<wide>(sec) < min_sec))
      return c.fail(error_code::invalid_time, p, "the timestamp is outside this time_point's range");
    const D since = duration_cast<D>(seconds(sec)) + duration_cast<D>(nanoseconds(nsec));
    if (METAJSON_UNLIKELY(duration_cast<nanoseconds>(since - duration_cast<D>(seconds(sec))).count() != nsec))
      return c.fail(error_code::invalid_time, p, "the timestamp's nanoseconds are finer than this time_point's unit");
    v = T(since);
    return q;
  }
};

template <>
struct reader<family::duration> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    typename T::rep n{};
    in q = read_value<C>(c, p, n);
    if (q) v = T(n);
    return q;
  }
};

template <class T>
concept back_insertable = requires(T& v) { v.emplace_back(); };
template <class T>
concept set_like = requires(T& v, typename T::value_type&& e) { v.insert(std::move(e)); v.clear(); };

template <>
struct reader<family::range> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    in const at = p;
    std::size_t n;
    p = read_array_header<C>(c, p, n);
    if (!p || !enter<C>(c, at)) return nullptr;
    if constexpr (std::is_array_v<T> || requires { std::tuple_size<T>::value; }) {  // fixed length
      constexpr std::size_t N = std::is_array_v<T> ? std::extent_v<T> : std::tuple_size_v<T>;
      if (METAJSON_UNLIKELY(n != N))
        return c.fail(error_code::wrong_length, at, "expected " + std::to_string(N) + " elements, found " + std::to_string(n));
      for (std::size_t i = 0; i < N; ++i) {
        p = read_value<C>(c, p, v[i]);
        if (METAJSON_UNLIKELY(!p)) return push_read_index(c, i);
      }
    } else if constexpr (requires { v.resize(n); v[n]; } && back_insertable<T>) {  // vector, deque: elements reused
      if constexpr (requires { v.reserve(n); }) {
        if (n > v.capacity()) v.reserve(n);  // (n <= the bytes that remain: checked)
      }
      for (std::size_t i = 0; i < n; ++i) {
        if (i >= v.size()) v.emplace_back();
        if constexpr (std::is_same_v<typename T::value_type, bool>) {  // std::vector<bool>: v[i] is a proxy
          bool b = false;
          p = read_value<C>(c, p, b);
          if (p) v[i] = b;
        } else {
          p = read_value<C>(c, p, v[i]);
        }
        if (METAJSON_UNLIKELY(!p)) return push_read_index(c, i);
      }
      v.resize(n);
    } else if constexpr (back_insertable<T>) {  // list
      v.clear();
      for (std::size_t i = 0; i < n; ++i) {
        p = read_value<C>(c, p, v.emplace_back());
        if (METAJSON_UNLIKELY(!p)) return push_read_index(c, i);
      }
    } else if constexpr (set_like<T>) {
      v.clear();
      for (std::size_t i = 0; i < n; ++i) {
        typename T::value_type e{};
        p = read_value<C>(c, p, e);
        if (METAJSON_UNLIKELY(!p)) return push_read_index(c, i);
        v.insert(std::move(e));
      }
    } else {
      static_assert(back_insertable<T>, "metajson cannot read into this range (a span or a view has no storage of its own)");
    }
    --c.depth;
    return p;
  }
};

template <>
struct reader<family::tuple> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    in const at = p;
    std::size_t n;
    constexpr std::size_t N = std::tuple_size_v<T>;
    p = read_array_header<C>(c, p, n);
    if (!p || !enter<C>(c, at)) return nullptr;
    if (METAJSON_UNLIKELY(n != N))
      return c.fail(error_code::wrong_length, at, "expected " + std::to_string(N) + " elements, found " + std::to_string(n));
    METAJSON_EXIT_SLOT(in);
    METAJSON_FOR_EXITING(i, N) {
      p = read_value<C>(c, p, std::get<i>(v));
      if (METAJSON_UNLIKELY(!p)) METAJSON_EXIT(push_read_index(c, i));
    };
    METAJSON_EXITED();
    --c.depth;
    return p;
  }
};

// A map key of type K at p.
template <config C, class K>
METAJSON_ALWAYS_INLINE in read_map_key(read_context& c, in p, K& k) {
  if constexpr (std::is_same_v<K, bool> || integer_type<K> || std::is_enum_v<K> || std::is_same_v<K, char>) return read_value<C>(c, p, k);
  else return reader<family::string>::read<C>(c, p, k);
}

template <>
struct reader<family::map> {
  template <config C, class T>
  static in read(read_context& c, in p, T& m) {
    using K = std::remove_cvref_t<typename T::key_type>;
    using V = typename T::mapped_type;
    static_assert(map_key<K>, "metajson reads MessagePack maps whose keys are strings, integers, enums, chars or bools");
    in const at = p;
    std::size_t n;
    p = read_map_header<C>(c, p, n);
    if (!p || !enter<C>(c, at)) return nullptr;
    m.clear();
    for (std::size_t i = 0; i < n; ++i) {
      K key{};
      p = read_map_key<C>(c, p, key);
      if (METAJSON_UNLIKELY(!p)) return nullptr;
      // The value is read in place: into a new entry, or (a key seen before: the last one wins)
      // into a fresh value that replaces the entry's.
      typename T::iterator it;
      if constexpr (requires { m.try_emplace(std::move(key)); }) {
        bool inserted;
        std::tie(it, inserted) = m.try_emplace(std::move(key));
        if (!inserted) it->second = V{};
      } else {
        it = m.emplace(std::move(key), V{});  // multimap: every entry is kept
      }
      p = read_value<C>(c, p, it->second);
      if (METAJSON_UNLIKELY(!p)) {
        std::string text;
        return push_read_key(c, sort_key_text(it->first, text));
      }
    }
    --c.depth;
    return p;
  }
};

// Member M of T: its value, checked by its constraints.
template <config C, class T, auto M>
METAJSON_ALWAYS_INLINE in read_member(read_context& c, in p, T& v) {
  using V = reflect::member_type<T, M>;
  static_assert(!reflect::has_tag_v<M>,
                "metajson does not yet read a tagged variant ([[=metajson::tag]]) from MessagePack: drop the tag "
                "(an untagged variant is read by the item's kind), or read JSON");
  V& field = reflect::field<T, M>(v);
  in q = read_value<C>(c, p, field);
  if constexpr (constexpr member_constraints K = reflect::constraints_v<member_constraints, M>; K.any()) {
    if (q) {
      if (std::string why = constraint_failure<K>(field); METAJSON_UNLIKELY(!why.empty()))
        return c.fail(error_code::constraint_violated, p, std::move(why));
    }
  }
  return q;
}

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t unknown_key(read_context& c, in at, std::string_view key) {
  return c.fail(error_code::unknown_key, at, "\"" + std::string(key.substr(0, 64)) + "\"");
}

template <>
struct reader<family::object> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    static_assert(!reflect::has_extra_keys<T>(),
                  "metajson does not yet read a struct's [[=metajson::extra_keys]] member from MessagePack: read it as JSON");
    constexpr auto ms = reflect::members_of<T>();
    constexpr std::size_t N = ms.size();
    in const at = p;
    std::size_t n;
    p = read_map_header<C>(c, p, n);
    if (!p || !enter<C>(c, at)) return nullptr;
    std::array<std::uint64_t, (N + 63) / 64 + 1> seen{};
    // Keys in declaration order (what a writer of the same struct gives): each entry's first bytes
    // are compared with the next member's key and its str header, a constant, and the member is
    // read with no lookup; from the first other key on, each key is looked up.
    std::size_t e = 0;
    bool in_order = true;
    {
      METAJSON_EXIT_SLOT(in);
      METAJSON_FOR_EXITING(i, N) {
        if (in_order && e < n) {
          constexpr std::string_view kb = key_bytes<T, ms[i]>::value.view();
          if (has(c, p, kb.size()) && std::memcmp(p, kb.data(), kb.size()) == 0) {
            p = read_member<C, T, ms[i]>(c, p + kb.size(), v);
            if (METAJSON_UNLIKELY(!p)) METAJSON_EXIT(push_read_key(c, key_bytes<T, ms[i]>::text));
            seen[i / 64] |= std::uint64_t{1} << (i % 64);
            ++e;
          } else {
            in_order = false;
          }
        }
      };
      METAJSON_EXITED();
    }
    std::size_t expect = e;  // then each key is compared with the member after the previous one first
    for (; e < n; ++e) {
      in const key_at = p;
      int idx = -1;
      std::string_view key;
      if (p < c.end && ((*p & 0xe0) == fixstr || (*p >= str8 && *p <= str32))) {
        bool valid;
        p = read_str<C>(c, p, key, valid);
        if (METAJSON_UNLIKELY(!p)) return nullptr;
        if (expect < N) {
          METAJSON_FOR(i, N) {
            if (i == expect && key == key_bytes<T, ms[i]>::text) idx = static_cast<int>(i);
          };
        }
        if (idx < 0 && valid) idx = reflect::find_member<T>(key);
      } else {  // a key that is no string names no member
        p = skip_value<C>(c, p);
        if (METAJSON_UNLIKELY(!p)) return nullptr;
        key = "(a key that is no string)";
      }
      if (idx < 0) {
        if constexpr (denies_unknown<C.o, T>()) return unknown_key(c, key_at, key);
        p = skip_value<C>(c, p);
        if (METAJSON_UNLIKELY(!p)) return push_read_key(c, key);
        continue;
      }
      const auto u = static_cast<std::size_t>(idx);
      if (seen[u / 64] & (std::uint64_t{1} << (u % 64))) {
        if constexpr (C.o.duplicate_keys == duplicate_key_policy::error)
          return c.fail(error_code::duplicate_key, key_at, "\"" + std::string(key.substr(0, 64)) + "\"");
      }
      seen[u / 64] |= std::uint64_t{1} << (u % 64);
      expect = u + 1;
      METAJSON_EXIT_SLOT(in);
      METAJSON_FOR_EXITING(i, N) {
        if (i == u) {
          p = read_member<C, T, ms[i]>(c, p, v);
          if (METAJSON_UNLIKELY(!p)) METAJSON_EXIT(push_read_key(c, key_bytes<T, ms[i]>::text));
        }
      };
      METAJSON_EXITED();
    }
    if constexpr (any_required<C.o, T>()) {
      METAJSON_EXIT_SLOT(in);
      METAJSON_FOR_EXITING(i, N) {
        if constexpr (member_required<C.o, T, ms[i]>()) {
          if (!(seen[i / 64] & (std::uint64_t{1} << (i % 64)))) {
            c.fail(error_code::missing_key, at, "\"" + std::string(key_bytes<T, ms[i]>::text) + "\"");
            METAJSON_EXIT(nullptr);
          }
        }
      };
      METAJSON_EXITED();
    }
    --c.depth;
    return p;
  }
};

template <>
struct reader<family::custom> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    using U = typename adapter_of<T>::type;
    U tmp{};
    in q = read_value<C>(c, p, tmp);
    if (!q) return nullptr;
    if constexpr (std::is_same_v<decltype(metajson::adapter<T>::from_json(v, std::move(tmp))), error>) {
      if (error e = metajson::adapter<T>::from_json(v, std::move(tmp)); METAJSON_UNLIKELY(e)) return c.fail(e.code(), p, adapter_refusal(e));
    } else {
      metajson::adapter<T>::from_json(v, std::move(tmp));
    }
    return q;
  }
};

template <>
struct reader<family::standard> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    using M = std_mapping<std::remove_cv_t<T>>;
    static_assert(readable_std_mapping<std::remove_cv_t<T>>,
                  "metajson cannot read into this type: it refers to characters it does not own. Read into the owning string type.");
    typename M::json_type tmp{};
    in q = read_value<C>(c, p, tmp);
    if (!q) return nullptr;
    if (const std::string_view why = M::read(v, std::move(tmp)); METAJSON_UNLIKELY(!why.empty()))
      return c.fail(error_code::invalid_value, p, std::string(why));
    return q;
  }
};

template <>
struct reader<family::raw> {
  template <config C, class T>
  static in read(read_context&, in, T&) {
    static_assert(dependent_false_v<T>, "metajson::raw_json holds JSON text: it has no MessagePack form");
    return nullptr;
  }
};

template <>
struct reader<family::dynamic> {
  template <config C, class T>
  static in read(read_context&, in, T&) {
    static_assert(dependent_false_v<T>, "metajson does not yet read a metajson::value from MessagePack: read into C++ types");
    return nullptr;
  }
};

template <config C, class T>
METAJSON_ALWAYS_INLINE in read_value(read_context& c, in p, T& v) {
  if constexpr (family_of<T>() == family::range && byte_range<T>) return read_bin<C>(c, p, v);
  else return reader<family_of<T>()>::template read<C, T>(c, p, v);
}

// The error of a failed read: its code, path, detail, and where (the byte offset).
[[gnu::cold]] METAJSON_NOINLINE inline error read_failure(read_context& c) {
  std::string path = "$";
  for (auto it = c.path.rbegin(); it != c.path.rend(); ++it) path += *it;
  return error(c.code, std::move(path), std::move(c.detail), c.offset).in_binary();
}

// Reads the whole input into v: one item and nothing after it.
template <config C, class T>
error read_msgpack(std::string_view input, T& v) {
  read_context c;
  c.begin = reinterpret_cast<in>(input.data());
  c.end = c.begin + input.size();
  if (METAJSON_UNLIKELY(input.size() > C.o.max_document_size)) {
    c.fail(error_code::document_too_large, c.begin,
           std::to_string(input.size()) + " bytes; options.max_document_size is " + std::to_string(C.o.max_document_size));
    return read_failure(c);
  }
  in p = read_value<C>(c, c.begin, v);
  if (METAJSON_UNLIKELY(!p)) return read_failure(c);
  if (METAJSON_UNLIKELY(p != c.end)) {
    c.fail(error_code::trailing_content, p, std::to_string(c.end - p) + " bytes after the item");
    return read_failure(c);
  }
  return {};
}

}  // namespace metajson::detail::mp

// The binary reader: the mirror of write.hpp over a format's primitives (wire<C.f>), strict by
// default. Every item is checked before it is used: its bytes are in the input (a length is
// compared with what remains before anything is allocated, so a 5-byte input claiming 4 GiB
// allocates nothing), reserved and malformed items are refused, text strings are UTF-8
// (options.utf8), nesting is bounded by options.max_depth, and an item that is skipped (a key no
// member has) is checked as thoroughly as one that is read. Struct keys follow the options and
// annotations as in JSON: unknown keys skipped or refused, duplicates refused, required members
// checked, constraints checked at their value.
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
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
#include "context.hpp"
#include "format.hpp"
#include "write.hpp"  // byte_range, map_key, key_bytes

namespace metajson::detail::bin {

// "expected <what>, found <the item at p>".
template <config C>
METAJSON_ALWAYS_INLINE std::nullptr_t expected(read_context& c, in p, std::string_view what) {
  return wire<C.f>::expected(c, p, what);
}

// A text string item at p: its text (in the input, or joined from a CBOR string sent in chunks),
// its UTF-8 checked (validate) or found invalid (`valid` false under replace; not looked at under
// unchecked). Returns the end of the item.
template <config C>
METAJSON_ALWAYS_INLINE in read_str(read_context& c, in p, std::string_view& text, bool& valid) {
  in data;
  std::size_t n;
  in q = wire<C.f>::template text<C>(c, p, data, n);
  if (METAJSON_UNLIKELY(!q)) return nullptr;
  if (METAJSON_UNLIKELY(!check_text<C>(c, p, data, n, valid))) return nullptr;
  text = std::string_view(reinterpret_cast<const char*>(data), n);
  return q;
}

// A text string item's text into a std::string (U+FFFD for invalid UTF-8 under utf8_policy::replace).
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

// Skips the item at p, checking it as a read would: every length, UTF-8 of text, depth.
template <config C>
METAJSON_ALWAYS_INLINE in skip_value(read_context& c, in p) {
  return wire<C.f>::template skip<C>(c, p);
}

// --- numbers -------------------------------------------------------------------------------------

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t out_of_range(read_context& c, in at, integer_item v, std::string_view type) {
  std::string value;
#if defined(__SIZEOF_INT128__)
  if (v.big) {
    unsigned __int128 m = c.wide;
    if (v.negative && m != ~static_cast<unsigned __int128>(0)) ++m;  // -1 - m
    do {
      value.insert(value.begin(), static_cast<char>('0' + static_cast<int>(m % 10)));
      m /= 10;
    } while (m != 0);
    if (v.negative && c.wide == ~static_cast<unsigned __int128>(0)) value = "1 - " + value;
  }
#endif
  if (!v.big) value = v.negative && v.magnitude == ~std::uint64_t{0} ? "18446744073709551616" : std::to_string(v.magnitude + (v.negative ? 1 : 0));
  if (v.negative) value = "-" + value;
  return c.fail(error_code::number_out_of_range, at, value + " does not fit " + std::string(type));
}

// An integer item's value as a float T, rounded once (-1 - m computed exactly first).
template <class T>
METAJSON_ALWAYS_INLINE T integer_value(integer_item x) noexcept {
  if (!x.negative) return static_cast<T>(x.magnitude);
  if (METAJSON_UNLIKELY(x.magnitude == ~std::uint64_t{0})) return static_cast<T>(-0x1p64);
  return -static_cast<T>(x.magnitude + 1);
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
                  "metajson cannot read this type from MessagePack or CBOR: it is not a number, string, container, optional, "
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
    if (METAJSON_UNLIKELY(p >= c.end || *p != wire<C.f>::nil_byte)) return expected<C>(c, p, "nil");
    v = T{};
    return p + 1;
  }
};

template <>
struct reader<family::boolean> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    using W = wire<C.f>;
    if (METAJSON_UNLIKELY(p >= c.end || (*p != W::true_byte && *p != W::false_byte))) return expected<C>(c, p, "boolean");
    v = *p == W::true_byte;
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

// A bignum's magnitude (integer_item::big) into a 128-bit T, or out of range.
template <class T>
[[gnu::cold]] METAJSON_NOINLINE in big_into(read_context& c, in at, in q, integer_item x, T& v) {
#if defined(__SIZEOF_INT128__)
  if constexpr (sizeof(T) > 8) {
    using U = std::make_unsigned_t<T>;
    constexpr U max = static_cast<U>(std::numeric_limits<T>::max());
    if (c.wide <= max) {  // (for a signed T, -1 - max is its minimum)
      if (!x.negative) v = static_cast<T>(c.wide);
      else if constexpr (std::is_signed_v<T>) v = static_cast<T>(-1 - static_cast<T>(c.wide));
      else return out_of_range(c, at, x, integer_name<T>());
      return q;
    }
  }
#endif
  (void)q;
  (void)v;
  return out_of_range(c, at, x, integer_name<T>());
}

template <>
struct reader<family::integer> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    using W = wire<C.f>;
    integer_item x;
    in q = W::integer(c, p, x);
    if (METAJSON_UNLIKELY(!q)) return nullptr;
    if (METAJSON_UNLIKELY(x.big)) return big_into(c, p, q, x, v);
    using U = std::make_unsigned_t<T>;
    constexpr U max = static_cast<U>(std::numeric_limits<T>::max());
    if (!x.negative) {
      if (METAJSON_UNLIKELY(x.magnitude > max)) return out_of_range(c, p, x, integer_name<T>());
      v = static_cast<T>(x.magnitude);
    } else {
      if constexpr (std::is_unsigned_v<T>) {
        return out_of_range(c, p, x, integer_name<T>());
      } else {  // -1 - magnitude >= min when magnitude <= max
        if (METAJSON_UNLIKELY(x.magnitude > max)) return out_of_range(c, p, x, integer_name<T>());
        v = static_cast<T>(-1 - static_cast<T>(x.magnitude));
      }
    }
    return q;
  }
};

template <>
struct reader<family::floating> {
  // The float forms inline; an integer (rounded to the nearest, as JSON's reader does) apart,
  // so that the reader stays small enough to inline into an array's loop.
  template <config C, class T>
  static METAJSON_ALWAYS_INLINE in read(read_context& c, in p, T& v) {
    if (METAJSON_UNLIKELY(p >= c.end)) return expected<C>(c, p, "float");
    in q = wire<C.f>::floating(c, p, v);
    if (METAJSON_LIKELY(q != p)) return q;
    return read_integer<C>(c, p, v);
  }
  template <config C, class T>
  static METAJSON_NOINLINE in read_integer(read_context& c, in p, T& v) {
    using W = wire<C.f>;
    integer_item x;
    if (METAJSON_UNLIKELY(W::kind_at(c, p) != item_kind::integer)) return expected<C>(c, p, "float");
    in q = W::integer(c, p, x);
    if (METAJSON_UNLIKELY(!q)) return nullptr;
    if (METAJSON_UNLIKELY(x.big)) return c.fail(error_code::number_out_of_range, p, "a bignum is read into integers only");
    v = integer_value<T>(x);
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
      if constexpr (wire<C.f>::has_chunks) {
        if (METAJSON_UNLIKELY(reinterpret_cast<in>(text.data()) < c.begin || reinterpret_cast<in>(text.data()) >= c.end) && !text.empty())
          return c.fail(error_code::escaped_string_view, p,
                        "a string sent in chunks has no one place in the input: read it into a std::string");
      }
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

// Byte strings into ranges of std::byte: a vector, a std::array of exactly that length, or a
// view of the input (not of a CBOR byte string sent in chunks, which has no one place there).
template <config C, class T>
in read_bin(read_context& c, in p, T& v) {
  in data;
  std::size_t n;
  in q = wire<C.f>::bytes(c, p, data, n);
  if (METAJSON_UNLIKELY(!q)) return nullptr;
  const auto* bytes = reinterpret_cast<const std::byte*>(data);
  if constexpr (requires { v.assign(bytes, bytes + n); }) {
    v.assign(bytes, bytes + n);
  } else if constexpr (const_byte_view<T>) {
    if (METAJSON_UNLIKELY(data < c.begin || data >= c.end) && n != 0)
      return c.fail(error_code::invalid_value, p, "a byte string sent in chunks has no view in the input: read it into a std::vector<std::byte>");
    v = T(bytes, n);  // std::span<const std::byte>: a view of the input
  } else if constexpr (requires { std::tuple_size<T>::value; }) {
    if (METAJSON_UNLIKELY(n != std::tuple_size_v<T>))
      return c.fail(error_code::wrong_length, p, std::to_string(n) + " bytes for " + std::to_string(std::tuple_size_v<T>));
    if (n) std::memcpy(v.data(), bytes, n);
  } else {
    static_assert(dependent_false_v<T>, "metajson reads byte strings into a std::vector<std::byte>, a std::array<std::byte, N> or a std::span<const std::byte>");
  }
  return q;
}

template <>
struct reader<family::nullable> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    if constexpr (wire<C.f>::has_tags) {  // (a tag on a null: dropped first, or refused)
      if (p < c.end && wire<C.f>::is_tag(*p)) {
        p = wire<C.f>::template untag<C>(c, p);
        if (!p) return nullptr;
      }
    }
    if (p < c.end && *p == wire<C.f>::nil_byte) {
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
    case family::time_point: return k == item_kind::time;
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
    const item_kind kind = wire<C.f>::kind_at(c, p);
    bool done = false;
    constexpr config strict{.o = [] { options o = C.o; o.unknown_keys = unknown_key_policy::error; return o; }(), .b = C.b, .f = C.f};
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
    if (!done)
      return c.fail(error_code::no_matching_alternative, p, "found " + std::string(item_kind_names[static_cast<unsigned>(kind)]));
    return end;
  }
};

template <>
struct reader<family::time_point> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    using D = typename T::duration;
    using W = wire<C.f>;
    if (METAJSON_UNLIKELY(p >= c.end)) return expected<C>(c, p, W::time_name);
    std::int64_t sec;
    std::uint32_t nsec;
    bool rounded = false;  // a CBOR time in a float: to this time_point's nearest tick
    in q = W::time(c, p, sec, nsec, rounded);
    if (METAJSON_UNLIKELY(q == p)) {
      in e = skip_value<C>(c, p);
      if (!e) return nullptr;
      return expected<C>(c, p, W::time_name);
    }
    if (METAJSON_UNLIKELY(!q)) return nullptr;
    if (METAJSON_UNLIKELY(nsec > 999'999'999u)) return c.fail(error_code::invalid_time, p, "nanoseconds above 999,999,999");
    // The ticks of D since the epoch, computed in 128 bits from nanoseconds: exact in D's unit
    // (or, a float's time, rounded to the nearest tick), and within D's range.
    static_assert(std::ratio_less_equal_v<std::nano, typename D::period> && std::is_integral_v<typename D::rep>,
                  "metajson's binary times count nanoseconds: this time_point's duration is finer, or not integral. "
                  "Read into a std::chrono::time_point counted in nanoseconds or coarser, or specialize metajson::adapter.");
    using wide = __int128;
    using P = typename D::period;
    constexpr wide unit = static_cast<wide>(P::num) * 1'000'000'000;  // ticks = ns * den / unit
    const wide scaled = (static_cast<wide>(sec) * 1'000'000'000 + nsec) * static_cast<wide>(P::den);
    wide ticks = scaled / unit;
    if (scaled % unit != 0 && scaled < 0) --ticks;  // (floor)
    const wide rest = scaled - ticks * unit;
    if (rest != 0) {
      if (!rounded) return c.fail(error_code::invalid_time, p, "the time is finer than this time_point's unit");
      if (2 * rest >= unit) ++ticks;
    }
    if (METAJSON_UNLIKELY(ticks < static_cast<wide>(D::min().count()) || ticks > static_cast<wide>(D::max().count())))
      return c.fail(error_code::invalid_time, p, "the time is outside this time_point's range");
    v = T(D(static_cast<typename D::rep>(ticks)));
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

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t wrong_count(read_context& c, in at, std::size_t want, std::size_t found,
                                                                   bool more) {
  return c.fail(error_code::wrong_length, at,
                "expected " + std::to_string(want) + " elements, found " + (more ? "more" : std::to_string(found)));
}

// Arrays of a fixed length N (C arrays, std::array, tuples): the header's count (or, a CBOR
// array of indefinite length, the items up to its break) must be N.
template <class W, std::size_t N>
METAJSON_ALWAYS_INLINE bool fixed_count(read_context& c, in at, std::size_t n) {
  if (METAJSON_UNLIKELY(n != N && n != indefinite)) return wrong_count(c, at, N, n, false), false;
  return true;
}
template <class W>
METAJSON_ALWAYS_INLINE bool item_follows(read_context& c, in at, in p, std::size_t i, std::size_t n, std::size_t N) {
  if constexpr (W::has_tags) {  // (CBOR's indefinite arrays: counted as read)
    if (METAJSON_UNLIKELY(!W::more(c, p, i, n))) return wrong_count(c, at, N, i, false), false;
  }
  return true;
}
template <class W>
METAJSON_ALWAYS_INLINE in close_fixed(read_context& c, in at, in p, std::size_t n, std::size_t N) {
  if constexpr (W::has_tags) {
    if (METAJSON_UNLIKELY(n == indefinite && W::more(c, p, N, n))) return wrong_count(c, at, N, N, true);
  }
  return W::close(c, p, n);
}

// --- RFC 8746 typed arrays (CBOR) ----------------------------------------------------------------

// Element types a typed array is read into: numbers (not bool, not characters).
template <class E>
concept typed_element = (std::is_integral_v<E> || std::is_floating_point_v<E>) && !std::is_same_v<E, bool> &&
                        !std::is_same_v<E, char> && !std::is_same_v<E, char8_t> && !std::is_same_v<E, char16_t> &&
                        !std::is_same_v<E, char32_t> && !std::is_same_v<E, wchar_t>;

// Item i of a typed array into out, checked as a read of the same number would be.
template <class E>
METAJSON_ALWAYS_INLINE bool typed_item(read_context& c, in at, const typed_array& t, std::size_t i, E& out) {
  const unsigned char* b = t.data + i * t.size;
  std::uint64_t bits = 0;
  switch (t.size) {
    case 1: bits = b[0]; break;
    case 2: bits = t.little ? static_cast<std::uint64_t>(b[0] | (b[1] << 8)) : load_be<std::uint16_t>(b); break;
    case 4: {
      std::uint32_t u = load_be<std::uint32_t>(b);
      bits = t.little ? std::byteswap(u) : u;
      break;
    }
    default: {
      std::uint64_t u = load_be<std::uint64_t>(b);
      bits = t.little ? std::byteswap(u) : u;
    }
  }
  if (t.is_float) {
    const double d = t.size == 2 ? half_to_double(static_cast<std::uint16_t>(bits))
                     : t.size == 4 ? static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(bits)))
                                   : std::bit_cast<double>(bits);
    if constexpr (std::is_floating_point_v<E>) {
      if constexpr (std::is_same_v<E, float>) {
        if (METAJSON_UNLIKELY(t.size == 8 && d == d && std::abs(d) > std::numeric_limits<float>::max() &&
                              std::abs(d) != std::numeric_limits<double>::infinity()))
          return c.fail(error_code::number_out_of_range, at, "item " + std::to_string(i) + " of the typed array does not fit a float"), false;
      }
      out = static_cast<E>(d);
      return true;
    } else {
      return c.fail(error_code::type_mismatch, at, "expected integers, found a typed array of floats"), false;
    }
  }
  integer_item x;
  if (t.is_signed) {
    const unsigned shift = 64 - 8u * t.size;
    const auto s = static_cast<std::int64_t>(bits << shift) >> shift;  // sign-extended
    x = s < 0 ? integer_item{~static_cast<std::uint64_t>(s), true} : integer_item{static_cast<std::uint64_t>(s), false};
  } else {
    x = {bits, false};
  }
  if constexpr (std::is_floating_point_v<E>) {
    out = integer_value<E>(x);
    return true;
  } else {
    using U = std::make_unsigned_t<E>;
    constexpr U max = static_cast<U>(std::numeric_limits<E>::max());
    if (METAJSON_UNLIKELY(x.magnitude > max || (x.negative && std::is_unsigned_v<E>))) return out_of_range(c, at, x, integer_name<E>()), false;
    out = x.negative ? static_cast<E>(-1 - static_cast<E>(x.magnitude)) : static_cast<E>(x.magnitude);
    return true;
  }
}

// Whether a typed array's bytes are E's in this machine's order (then copied whole).
template <class E>
bool same_layout(const typed_array& t) noexcept {
  if (t.size != sizeof(E) || t.is_float != std::is_floating_point_v<E>) return false;
  if (!t.is_float && t.is_signed != std::is_signed_v<E>) return false;
  return t.size == 1 || t.little == (std::endian::native == std::endian::little);
}

// A typed array (at p) into a range of numbers: copied whole when its items are T's own, else
// item by item with each one's range checked.
template <config C, class T>
in read_typed(read_context& c, in p, T& v) {
  using E = std::remove_cvref_t<decltype(*std::ranges::begin(v))>;
  typed_array t;
  in q = wire<C.f>::typed(c, p, t);
  if (!q) return nullptr;
  std::size_t i = 0;
  if constexpr (std::is_array_v<T> || requires { std::tuple_size<T>::value; }) {
    constexpr std::size_t N = std::is_array_v<T> ? std::extent_v<T> : std::tuple_size_v<T>;
    if (METAJSON_UNLIKELY(t.count != N)) return wrong_count(c, p, N, t.count, false);
    if (same_layout<E>(t)) {
      if (N) std::memcpy(&v[0], t.data, N * sizeof(E));
      return q;
    }
    for (; i < N; ++i)
      if (!typed_item(c, p, t, i, v[i])) return push_read_index(c, i);
  } else if constexpr (requires { v.resize(t.count); v.data(); }) {  // vector: copied or converted in place
    v.resize(t.count);
    if (same_layout<E>(t)) {
      if (t.count) std::memcpy(v.data(), t.data, t.count * sizeof(E));
      return q;
    }
    for (; i < t.count; ++i)
      if (!typed_item(c, p, t, i, v[i])) return push_read_index(c, i);
  } else {
    v.clear();
    for (; i < t.count; ++i) {
      E e{};
      if (!typed_item(c, p, t, i, e)) return push_read_index(c, i);
      if constexpr (back_insertable<T>) v.push_back(e);
      else v.insert(e);
    }
  }
  return q;
}

template <class T>
concept fixed_length = std::is_array_v<T> || requires { std::tuple_size<T>::value; };

template <>
struct reader<family::range> {
  // Fixed-length arrays (a point's two doubles) inline into their container's loop; others are
  // functions of their own.
  template <config C, class T>
    requires fixed_length<T>
  static METAJSON_ALWAYS_INLINE in read(read_context& c, in p, T& v) {
    return read_range<C>(c, p, v);
  }
  template <config C, class T>
    requires(!fixed_length<T>)
  static in read(read_context& c, in p, T& v) {
    return read_range<C>(c, p, v);
  }

  template <config C, class T>
  static METAJSON_ALWAYS_INLINE in read_range(read_context& c, in p, T& v) {
    using W = wire<C.f>;
    in const at = p;
    std::size_t n;
    p = W::array_header(c, p, n);
    if (METAJSON_UNLIKELY(!p)) {  // (CBOR: an RFC 8746 typed array is looked for only then)
      if constexpr (W::has_typed_arrays && typed_element<std::remove_cvref_t<decltype(*std::ranges::begin(v))>>) {
        if (at < c.end && W::is_typed_array(c, at)) {
          c.clear_error();
          return read_typed<C>(c, at, v);
        }
      }
      return nullptr;
    }
    if (!enter<C>(c, at)) return nullptr;
    std::size_t i = 0;
    if constexpr (std::is_array_v<T> || requires { std::tuple_size<T>::value; }) {  // fixed length
      constexpr std::size_t N = std::is_array_v<T> ? std::extent_v<T> : std::tuple_size_v<T>;
      if (METAJSON_LIKELY(n == N)) {
        for (; i < N; ++i) {
          p = read_value<C>(c, p, v[i]);
          if (METAJSON_UNLIKELY(!p)) return push_read_index(c, i);
        }
      } else if (W::has_tags && n == indefinite) {  // (CBOR: its items counted as they come)
        for (; i < N; ++i) {
          if (METAJSON_UNLIKELY(!W::more(c, p, i, n))) return wrong_count(c, at, N, i, false);
          p = read_value<C>(c, p, v[i]);
          if (METAJSON_UNLIKELY(!p)) return push_read_index(c, i);
        }
        if (METAJSON_UNLIKELY(W::more(c, p, N, n))) return wrong_count(c, at, N, N, true);
        p = W::close(c, p, n);
        if (METAJSON_UNLIKELY(!p)) return nullptr;
      } else {
        return wrong_count(c, at, N, n, false);
      }
    } else {
      if constexpr (requires { v.resize(n); v[n]; } && back_insertable<T>) {  // vector, deque: elements reused
        const auto item = [&](std::size_t k) METAJSON_INLINE_LAMBDA {
          if (k >= v.size()) v.emplace_back();
          if constexpr (std::is_same_v<typename T::value_type, bool>) {  // std::vector<bool>: v[k] is a proxy
            bool b = false;
            p = read_value<C>(c, p, b);
            if (p) v[k] = b;
          } else {
            p = read_value<C>(c, p, v[k]);
          }
          return p != nullptr;
        };
        if (METAJSON_LIKELY(n != indefinite)) {
          if constexpr (requires { v.reserve(n); }) {
            // n <= the bytes that remain (checked); the reservation also at most 16 bytes of
            // memory per byte of input, so that a short input claiming many large items cannot
            // reserve more (the vector grows as they come).
            const std::size_t bound = static_cast<std::size_t>(c.end - p) * 16 / sizeof(typename T::value_type) + 16;
            if (n > v.capacity()) v.reserve(n < bound ? n : bound);
          }
          for (; i < n; ++i)
            if (METAJSON_UNLIKELY(!item(i))) return push_read_index(c, i);
        } else {
          for (; W::more(c, p, i, n); ++i)
            if (METAJSON_UNLIKELY(!item(i))) return push_read_index(c, i);
        }
        v.resize(i);
      } else if constexpr (back_insertable<T>) {  // list
        v.clear();
        for (; W::more(c, p, i, n); ++i) {
          p = read_value<C>(c, p, v.emplace_back());
          if (METAJSON_UNLIKELY(!p)) return push_read_index(c, i);
        }
      } else if constexpr (set_like<T>) {
        v.clear();
        for (; W::more(c, p, i, n); ++i) {
          typename T::value_type e{};
          p = read_value<C>(c, p, e);
          if (METAJSON_UNLIKELY(!p)) return push_read_index(c, i);
          v.insert(std::move(e));
        }
      } else {
        static_assert(back_insertable<T>, "metajson cannot read into this range (a span or a view has no storage of its own)");
      }
      p = W::close(c, p, n);
      if (METAJSON_UNLIKELY(!p)) return nullptr;
    }
    --c.depth;
    return p;
  }
};

template <>
struct reader<family::tuple> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    using W = wire<C.f>;
    in const at = p;
    std::size_t n;
    constexpr std::size_t N = std::tuple_size_v<T>;
    p = W::array_header(c, p, n);
    if (!p || !enter<C>(c, at)) return nullptr;
    if (!fixed_count<W, N>(c, at, n)) return nullptr;
    METAJSON_EXIT_SLOT(in);
    METAJSON_FOR_EXITING(i, N) {
      if (!item_follows<W>(c, at, p, i, n, N)) METAJSON_EXIT(nullptr);
      p = read_value<C>(c, p, std::get<i>(v));
      if (METAJSON_UNLIKELY(!p)) METAJSON_EXIT(push_read_index(c, i));
    };
    METAJSON_EXITED();
    p = close_fixed<W>(c, at, p, n, N);
    if (METAJSON_UNLIKELY(!p)) return nullptr;
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
    using W = wire<C.f>;
    using K = std::remove_cvref_t<typename T::key_type>;
    using V = typename T::mapped_type;
    static_assert(map_key<K>, "metajson reads binary maps whose keys are strings, integers, enums, chars or bools");
    in const at = p;
    std::size_t n;
    p = W::map_header(c, p, n);
    if (!p || !enter<C>(c, at)) return nullptr;
    m.clear();
    for (std::size_t i = 0; W::more(c, p, i, n); ++i) {
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
    p = W::close(c, p, n);
    if (METAJSON_UNLIKELY(!p)) return nullptr;
    --c.depth;
    return p;
  }
};

template <config C, const char* TagKey, class T>
in read_tagged_variant(read_context& c, in p, T& v);

// Member M of T: its value (tagged when M carries [[=metajson::tag]]: a variant, or an optional
// or pointer holding one), checked by its constraints.
template <config C, class T, auto M>
METAJSON_ALWAYS_INLINE in read_member(read_context& c, in p, T& v) {
  using V = reflect::member_type<T, M>;
  V& field = reflect::field<T, M>(v);
  in q;
  if constexpr (reflect::has_tag_v<M>) {
    constexpr const char* tag = reflect::tag_key_v<M>;
    if constexpr (is_variant_v<V>) {
      q = read_tagged_variant<C, tag>(c, p, field);
    } else if (p < c.end && *p == wire<C.f>::nil_byte) {
      field.reset();
      q = p + 1;
    } else {
      if (!field) {
        if constexpr (is_optional_v<V>) field.emplace();
        else field.reset(new typename V::element_type());
      }
      q = read_tagged_variant<C, tag>(c, p, *field);
    }
  } else {
    q = read_value<C>(c, p, field);
  }
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

// Reflected classes (and, TagKey set, a tagged variant's struct alternative, whose tag entry is
// passed over wherever it is).
template <config C, class T, const char* TagKey = untagged>
in read_object(read_context& c, in p, T& v) {
  static_assert(!reflect::has_extra_keys<T>(),
                "metajson does not yet read a struct's [[=metajson::extra_keys]] member from MessagePack or CBOR: read it as JSON");
  using W = wire<C.f>;
  constexpr auto ms = reflect::members_of<T>();
  constexpr std::size_t N = ms.size();
  in const at = p;
  std::size_t n;
  p = W::map_header(c, p, n);
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
      if (in_order && W::more(c, p, e, n)) {
        constexpr std::string_view kb = key_bytes<W, T, ms[i]>::value.view();
        if (has(c, p, kb.size()) && std::memcmp(p, kb.data(), kb.size()) == 0) {
          p = read_member<C, T, ms[i]>(c, p + kb.size(), v);
          if (METAJSON_UNLIKELY(!p)) METAJSON_EXIT(push_read_key(c, key_bytes<W, T, ms[i]>::text));
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
  [[maybe_unused]] bool tag_seen = false;  // the tagged variant's tag: once only
  [[maybe_unused]] std::conditional_t<W::has_chunks, std::string, char> held{};  // a key joined from chunks (CBOR)
  for (; W::more(c, p, e, n); ++e) {
    in const key_at = p;
    int idx = -1;
    std::string_view key;
    if (p < c.end && W::is_text(*p)) {
      bool valid;
      p = read_str<C>(c, p, key, valid);
      if (METAJSON_UNLIKELY(!p)) return nullptr;
      if constexpr (W::has_chunks) {  // (a key joined from chunks is kept while its value is read)
        if (METAJSON_UNLIKELY(key.data() == c.joined.data())) key = held = key;
      }
      if (expect < N) {
        METAJSON_FOR(i, N) {
          if (i == expect && key == key_bytes<W, T, ms[i]>::text) idx = static_cast<int>(i);
        };
      }
      if (idx < 0 && valid) idx = reflect::find_member<T>(key);
    } else {  // a key that is no string names no member
      p = skip_value<C>(c, p);
      if (METAJSON_UNLIKELY(!p)) return nullptr;
      key = "(a key that is no string)";
    }
    if (idx < 0) {
      if constexpr (is_tagged<TagKey>) {  // (the tag's entry: its value was read before)
        if (key == std::string_view(TagKey)) {
          if constexpr (C.o.duplicate_keys == duplicate_key_policy::error) {  // (the first pass took the first)
            if (METAJSON_UNLIKELY(tag_seen)) return c.fail(error_code::duplicate_key, key_at, "\"" + std::string(TagKey) + "\"");
            tag_seen = true;
          }
          p = skip_value<C>(c, p);
          if (METAJSON_UNLIKELY(!p)) return nullptr;
          continue;
        }
      }
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
        if (METAJSON_UNLIKELY(!p)) METAJSON_EXIT(push_read_key(c, key_bytes<W, T, ms[i]>::text));
      }
    };
    METAJSON_EXITED();
  }
  p = W::close(c, p, n);
  if (METAJSON_UNLIKELY(!p)) return nullptr;
  if constexpr (any_required<C.o, T>()) {
    METAJSON_EXIT_SLOT(in);
    METAJSON_FOR_EXITING(i, N) {
      if constexpr (member_required<C.o, T, ms[i]>()) {
        if (!(seen[i / 64] & (std::uint64_t{1} << (i % 64)))) {
          c.fail(error_code::missing_key, at, "\"" + std::string(key_bytes<W, T, ms[i]>::text) + "\"");
          METAJSON_EXIT(nullptr);
        }
      }
    };
    METAJSON_EXITED();
  }
  --c.depth;
  return p;
}

template <>
struct reader<family::object> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    return read_object<C, T>(c, p, v);
  }
};

// A map's key at p when it is a text string (valid: its UTF-8 too); else the key is skipped and
// `key` left empty. Returns the end of the key.
template <config C>
METAJSON_ALWAYS_INLINE in read_key(read_context& c, in p, std::string_view& key, bool& is_text) {
  is_text = p < c.end && wire<C.f>::is_text(*p);
  key = {};
  if (!is_text) return skip_value<C>(c, p);
  bool valid;
  p = read_str<C>(c, p, key, valid);
  is_text = valid;
  return p;
}

// A tagged variant's other alternatives: {"type": "int", "value": 7} (the tag passed over).
template <config C, const char* TagKey, class A>
in read_boxed(read_context& c, in p, A& alt) {
  using W = wire<C.f>;
  in const at = p;
  std::size_t n;
  p = W::map_header(c, p, n);
  if (!p || !enter<C>(c, at)) return nullptr;
  bool have_value = false;
  bool have_tag = false;
  for (std::size_t e = 0; W::more(c, p, e, n); ++e) {
    in const key_at = p;
    std::string_view key;
    bool text;
    p = read_key<C>(c, p, key, text);
    if (!p) return nullptr;
    if (text && key == "value") {
      if (have_value && C.o.duplicate_keys == duplicate_key_policy::error) return c.fail(error_code::duplicate_key, key_at, "\"value\"");
      have_value = true;
      p = read_value<C>(c, p, alt);
      if (!p) return push_read_key(c, "value");
      continue;
    }
    if (text && key == std::string_view(TagKey) && C.o.duplicate_keys == duplicate_key_policy::error) {  // (the first pass took the first)
      if (have_tag) return c.fail(error_code::duplicate_key, key_at, "\"" + std::string(TagKey) + "\"");
      have_tag = true;
    }
    if (!(text && key == std::string_view(TagKey)) && C.o.unknown_keys == unknown_key_policy::error)
      return unknown_key(c, key_at, text ? key : std::string_view("(a key that is no string)"));
    p = skip_value<C>(c, p);
    if (!p) return nullptr;
  }
  p = W::close(c, p, n);
  if (!p) return nullptr;
  --c.depth;
  if (!have_value) return c.fail(error_code::missing_key, at, "\"value\"");
  return p;
}

// A tagged variant (as JSON's: annotations.md): a map holding the tag's entry anywhere. A first
// pass finds the tag (checking what it passes over); the second reads the alternative it names
// from the map's start.
template <config C, const char* TagKey, class T>
in read_tagged_variant(read_context& c, in p, T& v) {
  using W = wire<C.f>;
  in const at = p;
  std::size_t n;
  in q = W::map_header(c, p, n);
  if (!q || !enter<C>(c, at)) return nullptr;
  std::string name;
  bool found = false;
  for (std::size_t e = 0; W::more(c, q, e, n); ++e) {
    std::string_view key;
    bool text;
    q = read_key<C>(c, q, key, text);
    if (!q) return nullptr;
    if (text && key == std::string_view(TagKey)) {
      if (METAJSON_UNLIKELY(q >= c.end || !W::is_text(*q))) return expected<C>(c, q, "the tag's name (a string)");
      q = read_str_into<C>(c, q, name);
      if (!q) return push_read_key(c, key);
      found = true;
      // A tag given twice: an error (the second pass reports it where the second stands), or,
      // with duplicate_keys = last_wins, the last one names the alternative.
      if constexpr (C.o.duplicate_keys == duplicate_key_policy::error) break;
      continue;
    }
    q = skip_value<C>(c, q);
    if (!q) return nullptr;
  }
  --c.depth;
  if (!found) return c.fail(error_code::missing_key, at, "tag \"" + std::string(TagKey) + "\"");
  in result = nullptr;
  bool matched = false;
  METAJSON_FOR(i, std::variant_size_v<T>) {
    using A = std::variant_alternative_t<i, T>;
    if (!matched && name == reflect::type_tag<A>()) {
      matched = true;
      A alt{};
      if constexpr (family_of<A>() == family::object) result = read_object<C, A, TagKey>(c, at, alt);
      else result = read_boxed<C, TagKey>(c, at, alt);
      if (result) v.template emplace<i>(std::move(alt));
    }
  };
  if (!matched) return c.fail(error_code::no_matching_alternative, at, "unknown tag \"" + name.substr(0, 64) + "\"");
  return result;
}

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
    static_assert(dependent_false_v<T>, "metajson::raw_json holds JSON text: it has no MessagePack or CBOR form");
    return nullptr;
  }
};

// metajson::value: dynamic/binary.hpp (included by msgpack.hpp and cbor.hpp).
template <>
struct reader<family::dynamic>;

template <config C, class T>
METAJSON_ALWAYS_INLINE in read_item(read_context& c, in p, T& v) {
  if constexpr (family_of<T>() == family::range && byte_range<T>) return read_bin<C>(c, p, v);
  else return reader<family_of<T>()>::template read<C, T>(c, p, v);
}

// A tagged item its reader refused at its first byte (CBOR): the tags it does not know dropped
// (or refused: binary_options::unknown_tags), 55799 dropped, and the item read again. Tags cost
// nothing where there are none: they are looked at only after a refusal.
template <config C, class T>
[[gnu::cold]] METAJSON_NOINLINE in read_tagged(read_context& c, in p, T& v) {
  if (p >= c.end || !wire<C.f>::is_tag(*p) || c.code != error_code::type_mismatch || c.offset != static_cast<std::size_t>(p - c.begin))
    return nullptr;
  c.clear_error();
  in q = wire<C.f>::template untag<C>(c, p);
  if (!q) return nullptr;
  if (q == p) return read_item<C>(c, p, v);  // a tag it knows, on another item: the same refusal
  return read_value<C>(c, q, v);
}

template <config C, class T>
METAJSON_ALWAYS_INLINE in read_value(read_context& c, in p, T& v) {
  in q = read_item<C>(c, p, v);
  if constexpr (wire<C.f>::has_tags) {
    if (METAJSON_UNLIKELY(!q)) return read_tagged<C>(c, p, v);
  }
  return q;
}

// The error of a failed read: its code, path, detail, and where (the byte offset).
[[gnu::cold]] METAJSON_NOINLINE inline error read_failure(read_context& c) {
  std::string path = "$";
  for (auto it = c.path.rbegin(); it != c.path.rend(); ++it) path += *it;
  return error(c.code, std::move(path), std::move(c.detail), c.offset).in_binary();
}

// Reads the whole input into v: one item and nothing after it.
template <config C, class T>
error read_binary(std::string_view input, T& v) {
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

}  // namespace metajson::detail::bin

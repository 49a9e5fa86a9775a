// MessagePack writer: every family of family/classify.hpp as MessagePack items, over the JSON
// writer's output buffer (write/output.hpp: the position in a register, one capacity check per
// item). A struct is a map from its members' keys (prepared with their str headers at compile
// time) to their values; the annotations and options decide what the JSON writer decides.
//
// Faithful or refused: a type with no MessagePack form that reads back equal does not compile
// (raw_json, the dynamic value for now, durations finer than a nanosecond's time_point), and a
// value with none is an error (an integer beyond 64 bits, a long double that is no double, an
// enumerator with no name, invalid UTF-8 under utf8_policy::validate).
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "../detail/chrono.hpp"
#include "../detail/expand.hpp"
#include "../detail/macros.hpp"
#include "../detail/ranges.hpp"
#include "../error.hpp"
#include "../family/classify.hpp"
#include "../family/policy.hpp"
#include "../reflect/enums.hpp"
#include "../reflect/keys.hpp"
#include "../reflect/members.hpp"
#include "../text/utf8.hpp"
#include "../text/utf8_avx2.hpp"
#include "../write/output.hpp"
#include "format.hpp"

namespace metajson::detail::mp {

template <class T>
inline constexpr bool dependent_false_v = false;

// A range of std::byte: MessagePack's bin.
template <class T>
concept byte_range = rng::range<const T> && std::is_same_v<std::remove_cv_t<rng::range_value_t<const T>>, std::byte> &&
                     requires(const T& r) { std::ranges::size(r); };

template <family F>
struct writer {
  template <config C, class T>
  static char* write(write_context&, char*, const T&) {
    static_assert(dependent_false_v<T>,
                  "metajson cannot write this type as MessagePack: it is not a number, string, container, optional, "
                  "variant, enum or class. Specialize metajson::adapter<T> for it.");
    return nullptr;
  }
};

template <config C, class T>
char* write_value(write_context& c, char* p, const T& v);

// --- headers -------------------------------------------------------------------------------------

// The shortest form of an unsigned integer (at most 9 bytes: reserve them).
METAJSON_ALWAYS_INLINE char* put_uint(char* p, std::uint64_t v) noexcept {
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
METAJSON_ALWAYS_INLINE char* put_int(char* p, std::int64_t v) noexcept {
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
METAJSON_ALWAYS_INLINE char* put_str_header(char* p, std::size_t n) noexcept { return put_length(p, n, fixstr, 32, str8, str16); }
METAJSON_ALWAYS_INLINE char* put_bin_header(char* p, std::size_t n) noexcept { return put_length(p, n, 0, 0, bin8, bin16); }
METAJSON_ALWAYS_INLINE char* put_array_header(char* p, std::size_t n) noexcept { return put_length(p, n, fixarray, 16, 0, array16); }
METAJSON_ALWAYS_INLINE char* put_map_header(char* p, std::size_t n) noexcept { return put_length(p, n, fixmap, 16, 0, map16); }

// A string, array or map longer than MessagePack's 32-bit lengths.
[[gnu::cold]] METAJSON_NOINLINE inline char* too_long(write_context& c, std::size_t n, const char* what) {
  return c.fail(error_code::string_too_long,
                std::string(what) + " of " + std::to_string(n) + " items: MessagePack's lengths end at 4,294,967,295");
}
inline constexpr std::size_t max_length = 0xffffffffu;

// The bytes of a compile-time text as a MessagePack str: header and text.
template <std::size_t N>
struct str_bytes {
  std::array<char, N> bytes{};
  std::size_t size = 0;
  constexpr std::string_view view() const { return {bytes.data(), size}; }
};
consteval std::size_t str_header_size(std::size_t n) { return n < 32 ? 1 : n <= 0xff ? 2 : n <= 0xffff ? 3 : 5; }
template <std::size_t N>
consteval str_bytes<N> make_str_bytes(std::string_view text) {
  str_bytes<N> out;
  const std::size_t n = text.size(), h = str_header_size(n);
  if (h == 1) {
    out.bytes[0] = static_cast<char>(fixstr | n);
  } else {
    out.bytes[0] = static_cast<char>(h == 2 ? str8 : h == 3 ? str16 : str32);
    for (std::size_t i = 1; i < h; ++i) out.bytes[i] = static_cast<char>((n >> (8 * (h - 1 - i))) & 0xff);
  }
  for (std::size_t i = 0; i < text.size(); ++i) out.bytes[h + i] = text[i];
  out.size = h + text.size();
  return out;
}

// Member M's key of T with its header, prepared once.
template <class T, auto M>
struct key_bytes {
  static constexpr std::string_view text = reflect::key_text<T, M, reflect::key_form::raw>();
  static constexpr auto value = make_str_bytes<str_header_size(text.size()) + text.size()>(text);
};
template <class E, auto e>
struct enumerator_bytes {
  static constexpr std::string_view text = reflect::enumerator_json_name<E, e>();
  static constexpr auto value = make_str_bytes<str_header_size(text.size()) + text.size()>(text);
};
template <const char* Text>
struct literal_bytes {
  static constexpr std::string_view text{Text};
  static constexpr auto value = make_str_bytes<str_header_size(text.size()) + text.size()>(text);
};

METAJSON_ALWAYS_INLINE char* put_bytes(write_context& c, char* p, std::string_view b) {
  p = ensure(c, p, b.size());
  std::memcpy(p, b.data(), b.size());
  return p + b.size();
}

// --- strings -------------------------------------------------------------------------------------

// Whether s is UTF-8: 8 bytes at a time while they are ASCII, then the SIMD validator
// (text/utf8_avx2.hpp, NEON on ARM) from the first byte >= 0x80, which starts a sequence.
METAJSON_ALWAYS_INLINE bool utf8_ok(const char* s, std::size_t n) noexcept {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, s + i, 8);
    if (METAJSON_UNLIKELY(w & 0x8080808080808080ull)) return utf8_valid(s + i, n - i);
  }
  for (; i < n; ++i)
    if (METAJSON_UNLIKELY(static_cast<unsigned char>(s[i]) >= 0x80)) return utf8_valid(s + i, n - i);
  return true;
}

// Text with every maximal invalid UTF-8 subpart replaced by U+FFFD (utf8_policy::replace).
[[gnu::cold]] METAJSON_NOINLINE inline std::string replace_invalid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 8);
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* end = p + s.size();
  while (p < end) {
    if (*p < 0x80) {
      out += static_cast<char>(*p++);
      continue;
    }
    const utf8_step st = utf8_check_sequence(p, end);
    if (st.length > 0) {
      out.append(reinterpret_cast<const char*>(p), static_cast<std::size_t>(st.length));
      p += st.length;
    } else {
      out += "\xEF\xBF\xBD";
      p += st.bad;
    }
  }
  return out;
}

[[gnu::cold]] METAJSON_NOINLINE inline char* invalid_utf8(write_context& c, std::string_view s, std::size_t at) {
  constexpr char hex[] = "0123456789ABCDEF";
  const auto b = static_cast<unsigned char>(s[at]);
  return c.fail(error_code::invalid_utf8, std::string("byte 0x") + hex[b >> 4] + hex[b & 15] + " at offset " + std::to_string(at));
}

// Copies n <= 64 bytes to dst (which has room for them) in 8-byte words, the last one
// overlapping, and says whether they are all ASCII: the copy and the check in one pass over a
// short string, where a memcpy call and a separate scan cost more than the bytes.
METAJSON_ALWAYS_INLINE bool copy_short_ascii(char* dst, const char* src, std::size_t n) noexcept {
  std::uint64_t high = 0;
  if (n >= 8) {
    std::uint64_t w;
    for (std::size_t i = 0; i + 8 < n; i += 8) {
      std::memcpy(&w, src + i, 8);
      std::memcpy(dst + i, &w, 8);
      high |= w;
    }
    std::memcpy(&w, src + n - 8, 8);
    std::memcpy(dst + n - 8, &w, 8);
    high |= w;
  } else if (n >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, src, 4);
    std::memcpy(&b, src + n - 4, 4);
    std::memcpy(dst, &a, 4);
    std::memcpy(dst + n - 4, &b, 4);
    high = a | b;
  } else {
    for (std::size_t i = 0; i < n; ++i) {
      dst[i] = src[i];
      high |= static_cast<unsigned char>(src[i]);
    }
  }
  return (high & 0x8080808080808080ull) == 0;
}

// A str item whose text is not UTF-8: an error, or (utf8_policy::replace) the text with U+FFFD.
template <config C>
[[gnu::cold]] METAJSON_NOINLINE char* write_invalid_str(write_context& c, char* p, std::string_view s) {
  if constexpr (C.o.utf8 == utf8_policy::validate) {
    return invalid_utf8(c, s, utf8_first_invalid(s.data(), s.size()));
  } else {
    const std::string fixed = replace_invalid_utf8(s);
    if (METAJSON_UNLIKELY(fixed.size() > max_length)) return too_long(c, fixed.size(), "a string");
    p = ensure(c, p, fixed.size() + 5);
    p = put_str_header(p, fixed.size());
    std::memcpy(p, fixed.data(), fixed.size());
    return p + fixed.size();
  }
}

// A str item, its UTF-8 checked as options.utf8 says.
template <config C>
METAJSON_ALWAYS_INLINE char* write_str(write_context& c, char* p, std::string_view s) {
  const std::size_t n = s.size();
  if (METAJSON_UNLIKELY(n > max_length)) return too_long(c, n, "a string");
  p = ensure(c, p, n + 5);
  char* const start = p;
  p = put_str_header(p, n);
  if constexpr (C.o.utf8 != utf8_policy::unchecked) {
    bool ok;
    if (n <= 64) ok = copy_short_ascii(p, s.data(), n) || utf8_valid(s.data(), n);
    else ok = (std::memcpy(p, s.data(), n), utf8_ok(s.data(), n));
    if (METAJSON_UNLIKELY(!ok)) return write_invalid_str<C>(c, start, s);
  } else {
    std::memcpy(p, s.data(), n);
  }
  return p + n;
}

// --- families ------------------------------------------------------------------------------------

template <>
struct writer<family::null> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T&) {
    p = ensure(c, p, 1);
    *p = static_cast<char>(nil);
    return p + 1;
  }
};

template <>
struct writer<family::boolean> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    p = ensure(c, p, 1);
    *p = static_cast<char>(v ? true_ : false_);
    return p + 1;
  }
};

// A char (char8_t) is a one-byte str, as in JSON.
template <>
struct writer<family::character> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    const char ch = static_cast<char>(v);
    return write_str<C>(c, p, std::string_view(&ch, 1));
  }
};

template <>
struct writer<family::integer> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    p = ensure(c, p, 9);
    if constexpr (sizeof(T) <= 8) {
      if constexpr (std::is_signed_v<T>) return put_int(p, static_cast<std::int64_t>(v));
      else return put_uint(p, static_cast<std::uint64_t>(v));
    } else {  // 128-bit: written when it fits MessagePack's 64 bits
      if constexpr (std::is_signed_v<T>) {
        if (v >= 0 && v <= static_cast<T>(std::numeric_limits<std::uint64_t>::max())) return put_uint(p, static_cast<std::uint64_t>(v));
        if (v < 0 && v >= static_cast<T>(std::numeric_limits<std::int64_t>::min())) return put_int(p, static_cast<std::int64_t>(v));
      } else {
        if (v <= static_cast<T>(std::numeric_limits<std::uint64_t>::max())) return put_uint(p, static_cast<std::uint64_t>(v));
      }
      return c.fail(error_code::number_out_of_range, "MessagePack's integers have 64 bits; this 128-bit value needs more");
    }
  }
};

template <>
struct writer<family::floating> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    p = ensure(c, p, 9);
    if constexpr (std::is_same_v<T, float>) {
      p[0] = static_cast<char>(float32);
      store_be(p + 1, std::bit_cast<std::uint32_t>(v));
      return p + 5;
    } else {
      double d;
      if constexpr (std::is_same_v<T, double>) {
        d = v;
      } else {  // long double: written when it is a double's value
        d = static_cast<double>(v);
        if (METAJSON_UNLIKELY(static_cast<T>(d) != v && v == v))
          return c.fail(error_code::number_out_of_range, "MessagePack's floats have 64 bits; this long double is no double's value");
      }
      if constexpr (C.b.shortest_floats) {
        const float f = static_cast<float>(d);
        if (static_cast<double>(f) == d) {  // (false for NaN, which keeps its 64-bit payload)
          p[0] = static_cast<char>(float32);
          store_be(p + 1, std::bit_cast<std::uint32_t>(f));
          return p + 5;
        }
      }
      p[0] = static_cast<char>(float64);
      store_be(p + 1, std::bit_cast<std::uint64_t>(d));
      return p + 9;
    }
  }
};

// Enums: their enumerators' names (as in JSON), so that renaming a value's number keeps its data.
template <>
struct writer<family::enumeration> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    METAJSON_EXIT_SLOT(char*);
    METAJSON_FOR_EACH_EXITING(e, reflect::enumerators<T>()) {
      if (v == reflect::enum_value<e>) METAJSON_EXIT(put_bytes(c, p, enumerator_bytes<T, e>::value.view()));
    };
    METAJSON_EXITED();
    return c.fail(error_code::unnamed_enum_value,
                  "value " + std::to_string(static_cast<long long>(static_cast<std::underlying_type_t<T>>(v))));
  }
};

template <>
struct writer<family::string> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    if constexpr (std::is_pointer_v<T>) {
      if (v == nullptr) return writer<family::null>::write<C>(c, p, nullptr);
    }
    return write_str<C>(c, p, string_bytes(v));
  }
};

template <>
struct writer<family::nullable> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    if (!v) {
      if constexpr (nested_optional_v<T>)
        return c.fail(error_code::invalid_value,
                      "an empty std::optional<std::optional<T>> is a missing key: it has no value outside an object");
      return writer<family::null>::write<C>(c, p, nullptr);
    }
    return write_value<C>(c, p, *v);
  }
};

// Untagged variants: the alternative's own item (the reader picks by the item's kind).
template <>
struct writer<family::variant> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    if (METAJSON_UNLIKELY(v.valueless_by_exception())) return writer<family::null>::write<C>(c, p, nullptr);
    return std::visit([&](const auto& alt) { return write_value<C>(c, p, alt); }, v);
  }
};

// time_points: the timestamp extension (type -1) in its smallest form: 32-bit seconds, 34-bit
// seconds with 30-bit nanoseconds, or 64-bit seconds with 32-bit nanoseconds.
METAJSON_ALWAYS_INLINE char* put_timestamp(char* p, std::int64_t sec, std::uint32_t nsec) noexcept {
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

template <>
struct writer<family::time_point> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    using D = typename T::duration;
    static_assert(std::ratio_less_equal_v<std::nano, typename D::period> && std::is_integral_v<typename D::rep>,
                  "MessagePack's timestamps count nanoseconds: this time_point's duration is finer, or not integral. "
                  "Convert it to a std::chrono::time_point counted in nanoseconds or coarser, or specialize metajson::adapter.");
    const auto since = v.time_since_epoch();
    const auto sec = std::chrono::floor<std::chrono::seconds>(since);
    const auto nsec = std::chrono::duration_cast<std::chrono::nanoseconds>(since - sec);
    p = ensure(c, p, 15);
    return put_timestamp(p, static_cast<std::int64_t>(sec.count()), static_cast<std::uint32_t>(nsec.count()));
  }
};

// durations: their count in their own unit, as in JSON.
template <>
struct writer<family::duration> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    return write_value<C>(c, p, v.count());
  }
};

template <config C, class R>
METAJSON_ALWAYS_INLINE char* write_bin(write_context& c, char* p, const R& r) {
  const std::size_t n = static_cast<std::size_t>(std::ranges::size(r));
  if (METAJSON_UNLIKELY(n > max_length)) return too_long(c, n, "a byte range");
  p = ensure(c, p, n + 5);
  p = put_bin_header(p, n);
  if constexpr (std::contiguous_iterator<rng::iterator_t<const R>>) {
    if (n != 0) std::memcpy(p, std::ranges::data(r), n);
    return p + n;
  } else {
    for (std::byte b : r) *p++ = static_cast<char>(b);
    return p;
  }
}

// A range whose count is known before its items are written: sized, or walked twice.
template <class T>
concept counted_range = rng::sized_range<const T> || rng::forward_range<const T>;
template <class T>
METAJSON_ALWAYS_INLINE std::size_t count_of(const T& v) {
  if constexpr (rng::sized_range<const T>) return static_cast<std::size_t>(std::ranges::size(v));
  else return static_cast<std::size_t>(std::ranges::distance(v));
}

// Ranges: arrays (of bytes: bin, above). A range that cannot say its size is counted first.
template <>
struct writer<family::range> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    static_assert(counted_range<T>,
                  "MessagePack writes an array's count before its items: this single-pass range cannot be counted "
                  "without consuming it. Collect it into a std::vector (or pass a range that can be walked twice)");
    const std::size_t n = count_of(v);
    if (METAJSON_UNLIKELY(n > max_length)) return too_long(c, n, "an array");
    p = ensure(c, p, 5);
    p = put_array_header(p, n);
    std::size_t i = 0;
    for (const auto& e : v) {
      p = write_value<C>(c, p, e);
      if (METAJSON_UNLIKELY(p == nullptr)) return push_index(c, i);
      ++i;
    }
    return p;
  }
};

template <>
struct writer<family::tuple> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    constexpr std::size_t n = std::tuple_size_v<T>;
    p = ensure(c, p, 5);
    p = put_array_header(p, n);
    METAJSON_EXIT_SLOT(char*);
    METAJSON_FOR_EXITING(i, n) {
      p = write_value<C>(c, p, std::get<i>(v));
      if (METAJSON_UNLIKELY(p == nullptr)) METAJSON_EXIT(push_index(c, i));
    };
    METAJSON_EXITED();
    return p;
  }
};

// Map keys: strings, enums (their names) and chars as str; integers and bools as themselves
// (MessagePack's keys are any item).
template <class K>
concept map_key = string_like<K> || integer_type<K> || std::is_enum_v<K> || std::is_same_v<K, char> || std::is_same_v<K, bool>;

template <class K>
[[gnu::cold]] METAJSON_NOINLINE std::nullptr_t push_entry_key(write_context& c, const K& k) {
  std::string buf;
  return push_key(c, sort_key_text(k, buf));  // as JSON names the entry: ["-1"], .red
}

template <>
struct writer<family::map> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    using K = std::remove_cvref_t<typename T::key_type>;
    static_assert(map_key<K>,
                  "metajson writes maps whose keys are strings, integers, enums, chars or bools as MessagePack: "
                  "use one of those key types, or a std::vector of pairs (an array of arrays)");
    static_assert(counted_range<T>,
                  "MessagePack writes a map's count before its entries: this single-pass range cannot be counted "
                  "without consuming it. Collect it into a std::map or a std::vector of pairs");
    const std::size_t n = count_of(v);
    if (METAJSON_UNLIKELY(n > max_length)) return too_long(c, n, "a map");
    p = ensure(c, p, 5);
    p = put_map_header(p, n);
    for (const auto& [k, e] : v) {
      p = write_value<C>(c, p, k);
      if (METAJSON_LIKELY(p != nullptr)) p = write_value<C>(c, p, e);
      if (METAJSON_UNLIKELY(p == nullptr)) return push_entry_key(c, k);
    }
    return p;
  }
};

// Reflected classes: a map of their members' keys to their values, in declaration order (or
// sorted: options.sort_keys). Members left out (options.empty = omit, nested optionals) are
// counted first; otherwise the map's header is a constant.
template <>
struct writer<family::object> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    static_assert(!reflect::has_extra_keys<T>(),
                  "metajson does not yet write a struct's [[=metajson::extra_keys]] member as MessagePack (its "
                  "values are metajson::value): write it as JSON, or move the extra keys into a std::map member");
    constexpr auto ms = ordered_members<C.o, T>();
    std::size_t n = ms.size();
    if constexpr (any_omittable<C.o, T>()) {
      METAJSON_FOR_EACH(m, ordered_members<C.o, T>()) {
        if constexpr (omittable<C.o, reflect::member_type<T, m>>) n -= is_empty_nullable(reflect::field<T, m>(v)) ? 1 : 0;
      };
    }
    p = ensure(c, p, 5);
    p = put_map_header(p, n);
    METAJSON_EXIT_SLOT(char*);
    METAJSON_FOR_EACH_EXITING(m, ordered_members<C.o, T>()) {
      using M = reflect::member_type<T, m>;
      static_assert(!reflect::has_tag_v<m>,
                    "metajson does not yet write a tagged variant ([[=metajson::tag]]) as MessagePack: drop the tag "
                    "(an untagged variant is written as its alternative and read back by the item's kind), or write JSON");
      bool skip = false;
      if constexpr (omittable<C.o, M>) skip = is_empty_nullable(reflect::field<T, m>(v));
      if (!skip) {
        p = put_bytes(c, p, key_bytes<T, m>::value.view());
        p = write_value<C>(c, p, reflect::field<T, m>(v));
        if (METAJSON_UNLIKELY(p == nullptr)) METAJSON_EXIT(push_key(c, key_bytes<T, m>::text));
      }
    };
    METAJSON_EXITED();
    return p;
  }
};

template <>
struct writer<family::custom> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    if constexpr (adapter_of<T>::fallible) {
      auto r = metajson::adapter<T>::to_json(v);
      if (METAJSON_UNLIKELY(!r)) return c.fail(r.error().code(), adapter_refusal(r.error()));
      return write_value<C>(c, p, *r);
    } else {
      return write_value<C>(c, p, metajson::adapter<T>::to_json(v));
    }
  }
};

template <>
struct writer<family::standard> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    using M = std_mapping<std::remove_cv_t<T>>;
    typename M::json_type tmp{};
    if (const std::string_view why = M::write(v, tmp); METAJSON_UNLIKELY(!why.empty()))
      return c.fail(error_code::invalid_value, std::string(why));
    return write_value<C>(c, p, tmp);
  }
};

template <>
struct writer<family::raw> {
  template <config C, class T>
  static char* write(write_context&, char*, const T&) {
    static_assert(dependent_false_v<T>,
                  "metajson::raw_json holds JSON text: it has no MessagePack form. Hold the value as its C++ type "
                  "(or a metajson::value once MessagePack writes it) instead.");
    return nullptr;
  }
};

template <>
struct writer<family::dynamic> {
  template <config C, class T>
  static char* write(write_context&, char*, const T&) {
    static_assert(dependent_false_v<T>,
                  "metajson does not yet write a metajson::value as MessagePack: hold the data as C++ types, or write JSON");
    return nullptr;
  }
};

template <>
struct writer<family::dom> {
  template <config C, class T>
  static char* write(write_context&, char*, const T&) {
    static_assert(dependent_false_v<T>,
                  "metajson does not write a metajson::document or node as MessagePack: read the JSON into C++ types");
    return nullptr;
  }
};

template <config C, class T>
METAJSON_ALWAYS_INLINE char* write_value(write_context& c, char* p, const T& v) {
  if constexpr (family_of<T>() == family::range && byte_range<T>) return write_bin<C>(c, p, v);
  else return writer<family_of<T>()>::template write<C, T>(c, p, v);
}

}  // namespace metajson::detail::mp

// The binary writer: every family of family/classify.hpp as items of a binary format (wire<C.f>:
// msgpack/wire.hpp, cbor/wire.hpp), over the JSON writer's output buffer (write/output.hpp: the
// position in a register, one capacity check per item). A struct is a map from its members'
// keys (prepared with their headers at compile time) to their values; the annotations and
// options decide what the JSON writer decides.
//
// Faithful or refused: a type with no binary form that reads back equal does not compile
// (raw_json, document nodes, durations finer than a nanosecond's time_point), and a
// value with none is an error (a 128-bit integer beyond MessagePack's 64 bits, a long double
// that is no double, an enumerator with no name, invalid UTF-8 under utf8_policy::validate).
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
#include <vector>
#include <algorithm>

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
#include "../text/utf16_order.hpp"
#include "../text/utf8.hpp"
#include "../write/output.hpp"
#include "format.hpp"
#include "text.hpp"

namespace metajson::detail::bin {

// A range of std::byte: a byte string (MessagePack's bin, CBOR's major type 2).
template <class T>
concept byte_range = rng::range<const T> && std::is_same_v<std::remove_cv_t<rng::range_value_t<const T>>, std::byte> &&
                     requires(const T& r) { std::ranges::size(r); };

template <family F>
struct writer {
  template <config C, class T>
  static char* write(write_context&, char*, const T&) {
    static_assert(dependent_false_v<T>,
                  "metajson cannot write this type as MessagePack or CBOR: it is not a number, string, container, optional, "
                  "variant, enum or class. Specialize metajson::adapter<T> for it.");
    return nullptr;
  }
};

template <config C, class T>
char* write_value(write_context& c, char* p, const T& v);

// --- headers -------------------------------------------------------------------------------------

// A string, array or map longer than the format's lengths (MessagePack's end at 2^32 - 1).
template <config C>
[[gnu::cold]] METAJSON_NOINLINE char* too_long(write_context& c, std::size_t n, const char* what) {
  return c.fail(error_code::string_too_long, std::string(what) + " of " + std::to_string(n) + " items: " +
                                                 std::string(wire<C.f>::name) + "'s lengths end at " +
                                                 std::to_string(wire<C.f>::max_length));
}

// The bytes of a compile-time text as a text string item: header and text.
template <std::size_t N>
struct str_bytes {
  std::array<char, N> bytes{};
  std::size_t size = 0;
  constexpr std::string_view view() const { return {bytes.data(), size}; }
};
template <class W, std::size_t N>
consteval str_bytes<N> make_str_bytes(std::string_view text) {
  str_bytes<N> out;
  const std::size_t h = W::str_header_size(text.size());
  W::str_header(out.bytes.data(), text.size());
  for (std::size_t i = 0; i < text.size(); ++i) out.bytes[h + i] = text[i];
  out.size = h + text.size();
  return out;
}

// Member M's key of T with its header, prepared once.
template <class W, class T, auto M>
struct key_bytes {
  static constexpr std::string_view text = reflect::key_text<T, M, reflect::key_form::raw>();
  static constexpr auto value = make_str_bytes<W, W::str_header_size(text.size()) + text.size()>(text);
};
template <class W, class E, auto e>
struct enumerator_bytes {
  static constexpr std::string_view text = reflect::enumerator_json_name<E, e>();
  static constexpr auto value = make_str_bytes<W, W::str_header_size(text.size()) + text.size()>(text);
};

METAJSON_ALWAYS_INLINE char* put_bytes(write_context& c, char* p, std::string_view b) {
  p = ensure(c, p, b.size());
  std::memcpy(p, b.data(), b.size());
  return p + b.size();
}

// --- strings -------------------------------------------------------------------------------------

[[gnu::cold]] METAJSON_NOINLINE inline char* invalid_utf8(write_context& c, std::string_view s, std::size_t at) {
  constexpr char hex[] = "0123456789ABCDEF";
  const auto b = static_cast<unsigned char>(s[at]);
  return c.fail(error_code::invalid_utf8, std::string("byte 0x") + hex[b >> 4] + hex[b & 15] + " at offset " + std::to_string(at));
}

// A text string whose text is not UTF-8: an error, or (utf8_policy::replace) the text with U+FFFD.
template <config C>
[[gnu::cold]] METAJSON_NOINLINE char* write_invalid_str(write_context& c, char* p, std::string_view s) {
  using W = wire<C.f>;
  if constexpr (C.o.utf8 == utf8_policy::validate) {
    return invalid_utf8(c, s, utf8_first_invalid(s.data(), s.size()));
  } else {
    const std::string fixed = replace_invalid_utf8(s);
    if (METAJSON_UNLIKELY(fixed.size() > W::max_length)) return too_long<C>(c, fixed.size(), "a string");
    p = ensure(c, p, fixed.size() + W::header_max);
    p = W::put_str_header(p, fixed.size());
    std::memcpy(p, fixed.data(), fixed.size());
    return p + fixed.size();
  }
}

// A text string item, its UTF-8 checked as options.utf8 says.
template <config C>
METAJSON_ALWAYS_INLINE char* write_str(write_context& c, char* p, std::string_view s) {
  using W = wire<C.f>;
  const std::size_t n = s.size();
  if constexpr (W::max_length < ~std::size_t{0}) {
    if (METAJSON_UNLIKELY(n > W::max_length)) return too_long<C>(c, n, "a string");
  }
  p = ensure(c, p, n + W::header_max);
  char* const start = p;
  p = W::put_str_header(p, n);
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
    return wire<C.f>::put_nil(p);
  }
};

template <>
struct writer<family::boolean> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    p = ensure(c, p, 1);
    return wire<C.f>::put_bool(p, static_cast<bool>(v));
  }
};

// A char (char8_t) is a one-byte text string, as in JSON.
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
    using W = wire<C.f>;
    p = ensure(c, p, 9);
    if constexpr (sizeof(T) <= 8) {
      if constexpr (std::is_signed_v<T>) return W::put_int(p, static_cast<std::int64_t>(v));
      else return W::put_uint(p, static_cast<std::uint64_t>(v));
    } else {  // 128-bit: in 64 bits when it fits, else as the format allows (a CBOR bignum)
      if constexpr (std::is_signed_v<T>) {
        if (v >= 0 && v <= static_cast<T>(std::numeric_limits<std::uint64_t>::max())) return W::put_uint(p, static_cast<std::uint64_t>(v));
        if (v < 0 && v >= static_cast<T>(std::numeric_limits<std::int64_t>::min())) return W::put_int(p, static_cast<std::int64_t>(v));
        if (v < 0) return W::put_big(c, p, true, static_cast<unsigned __int128>(-1 - v));
        return W::put_big(c, p, false, static_cast<unsigned __int128>(v));
      } else {
        if (v <= static_cast<T>(std::numeric_limits<std::uint64_t>::max())) return W::put_uint(p, static_cast<std::uint64_t>(v));
        return W::put_big(c, p, false, static_cast<unsigned __int128>(v));
      }
    }
  }
};

template <>
struct writer<family::floating> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    using W = wire<C.f>;
    p = ensure(c, p, 9);
    if constexpr (std::is_same_v<T, float>) {
      return W::template put_float<C.b.shortest_floats>(p, v);
    } else {
      double d;
      if constexpr (std::is_same_v<T, double>) {
        d = v;
      } else {  // long double: written when it is a double's value
        d = static_cast<double>(v);
        if (METAJSON_UNLIKELY(static_cast<T>(d) != v && v == v))
          return c.fail(error_code::number_out_of_range,
                        std::string(W::name) + "'s floats have 64 bits; this long double is no double's value");
      }
      return W::template put_double<C.b.shortest_floats>(p, d);
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
      if (v == reflect::enum_value<e>) METAJSON_EXIT(put_bytes(c, p, enumerator_bytes<wire<C.f>, T, e>::value.view()));
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

// time_points: the format's time (MessagePack's timestamp extension, CBOR's tag 1 or 1001) from
// whole seconds since the epoch and nanoseconds.
template <>
struct writer<family::time_point> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    using D = typename T::duration;
    using P = typename D::period;
    static_assert(std::ratio_less_equal_v<std::nano, P> && std::is_integral_v<typename D::rep> &&
                      (static_cast<__int128>(P::num) * 1'000'000'000) % P::den == 0,
                  "metajson's binary times count whole nanoseconds: this time_point's unit is finer, not a whole number "
                  "of nanoseconds, or not integral. Convert it to a std::chrono::time_point counted in nanoseconds or "
                  "coarser, or specialize metajson::adapter.");
    // Seconds (floor) and nanoseconds, computed in 128 bits: no unit's range overflows them.
    constexpr __int128 ns_per_tick = static_cast<__int128>(P::num) * 1'000'000'000 / P::den;
    const __int128 total = static_cast<__int128>(v.time_since_epoch().count()) * ns_per_tick;
    __int128 sec = total / 1'000'000'000;
    if (total % 1'000'000'000 != 0 && total < 0) --sec;
    const auto nsec = static_cast<std::uint32_t>(total - sec * 1'000'000'000);
    if (METAJSON_UNLIKELY(sec > std::numeric_limits<std::int64_t>::max() || sec < std::numeric_limits<std::int64_t>::min()))
      return c.fail(error_code::time_out_of_range, "the time is beyond 64-bit seconds since the epoch");
    p = ensure(c, p, wire<C.f>::time_max);
    return wire<C.f>::put_time(p, static_cast<std::int64_t>(sec), nsec);
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
  using W = wire<C.f>;
  const std::size_t n = static_cast<std::size_t>(std::ranges::size(r));
  if constexpr (W::max_length < ~std::size_t{0}) {
    if (METAJSON_UNLIKELY(n > W::max_length)) return too_long<C>(c, n, "a byte range");
  }
  p = ensure(c, p, n + W::header_max);
  p = W::put_bin_header(p, n);
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

// Ranges: arrays (of bytes: byte strings, above). A range that cannot say its size is counted first.
template <>
struct writer<family::range> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    using W = wire<C.f>;
    static_assert(counted_range<T>,
                  "metajson's binary formats write an array's count before its items: this single-pass range cannot be "
                  "counted without consuming it. Collect it into a std::vector (or pass a range that can be walked twice)");
    const std::size_t n = count_of(v);
    if constexpr (W::max_length < ~std::size_t{0}) {
      if (METAJSON_UNLIKELY(n > W::max_length)) return too_long<C>(c, n, "an array");
    }
    if constexpr (W::has_typed_arrays && C.b.typed_arrays && std::contiguous_iterator<rng::iterator_t<const T>>) {
      using E = std::remove_cvref_t<rng::range_value_t<const T>>;
      if constexpr (W::template typed_array_tag<E>() != 0) return W::put_typed_array(c, p, std::to_address(std::ranges::begin(v)), n);
    }
    p = ensure(c, p, W::header_max);
    p = W::put_array_header(p, n);
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
    p = ensure(c, p, wire<C.f>::header_max);
    p = wire<C.f>::put_array_header(p, n);
    METAJSON_EXIT_SLOT(char*);
    METAJSON_FOR_EXITING(i, n) {
      p = write_value<C>(c, p, std::get<i>(v));
      if (METAJSON_UNLIKELY(p == nullptr)) METAJSON_EXIT(push_index(c, i));
    };
    METAJSON_EXITED();
    return p;
  }
};

// Map keys: strings, enums (their names) and chars as text strings; integers and bools as
// themselves (both formats' keys are any item).
template <class K>
concept map_key = string_like<K> || integer_type<K> || std::is_enum_v<K> || std::is_same_v<K, char> || std::is_same_v<K, bool>;

template <class K>
[[gnu::cold]] METAJSON_NOINLINE std::nullptr_t push_entry_key(write_context& c, const K& k) {
  std::string buf;
  return push_key(c, sort_key_text(k, buf));  // as JSON names the entry: ["-1"], .red
}

// Deterministic encoding: the n entries written from `first` (each from entry[i] up to the
// next, its key up to key_end[i]) put in the bytewise order of their keys.
[[gnu::cold]] METAJSON_NOINLINE inline void sort_entries(char* first, char* last, std::vector<std::size_t>& entry,
                                                          std::vector<std::size_t>& key_end) {
  const std::size_t n = entry.size();
  entry.push_back(static_cast<std::size_t>(last - first));
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  const auto key = [&](std::size_t i) { return std::string_view(first + entry[i], key_end[i] - entry[i]); };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  const std::string copy(first, last);
  char* out = first;
  for (std::size_t i : order) {
    const std::size_t size = entry[i + 1] - entry[i];
    std::memcpy(out, copy.data() + entry[i], size);
    out += size;
  }
}

template <>
struct writer<family::map> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    using W = wire<C.f>;
    using K = std::remove_cvref_t<typename T::key_type>;
    static_assert(map_key<K>,
                  "metajson writes maps whose keys are strings, integers, enums, chars or bools in its binary formats: "
                  "use one of those key types, or a std::vector of pairs (an array of arrays)");
    static_assert(counted_range<T>,
                  "metajson's binary formats write a map's count before its entries: this single-pass range cannot be "
                  "counted without consuming it. Collect it into a std::map or a std::vector of pairs");
    const std::size_t n = count_of(v);
    if constexpr (W::max_length < ~std::size_t{0}) {
      if (METAJSON_UNLIKELY(n > W::max_length)) return too_long<C>(c, n, "a map");
    }
    p = ensure(c, p, W::header_max);
    p = W::put_map_header(p, n);
    if constexpr (C.b.deterministic) {  // the entries written, then sorted by their keys' bytes
      const std::size_t first = static_cast<std::size_t>(p - c.base);
      std::vector<std::size_t> entry, key_end;
      entry.reserve(n);
      key_end.reserve(n);
      for (const auto& [k, e] : v) {
        entry.push_back(static_cast<std::size_t>(p - c.base) - first);
        p = write_value<C>(c, p, k);
        if (METAJSON_UNLIKELY(p == nullptr)) return push_entry_key(c, k);
        key_end.push_back(static_cast<std::size_t>(p - c.base) - first);
        p = write_value<C>(c, p, e);
        if (METAJSON_UNLIKELY(p == nullptr)) return push_entry_key(c, k);
      }
      if (n > 1) sort_entries(c.base + first, p, entry, key_end);
      return p;
    } else {
      for (const auto& [k, e] : v) {
        p = write_value<C>(c, p, k);
        if (METAJSON_LIKELY(p != nullptr)) p = write_value<C>(c, p, e);
        if (METAJSON_UNLIKELY(p == nullptr)) return push_entry_key(c, k);
      }
      return p;
    }
  }
};

// T's serialized members ordered by their keys, shorter first, then bytewise: the bytewise order
// of the keys encoded as MessagePack or CBOR text strings, whose headers grow with the length
// (RFC 8949 §4.2.1's deterministic order); members with equal keys keep their declaration order.
template <class T>
consteval auto length_first_members() {
  return reflect::static_array([] {
    std::vector<std::remove_cvref_t<decltype(reflect::members_of<T>()[0])>> ms;
    std::vector<std::string> keys;
    for (auto m : reflect::members_of<T>()) {
      const std::string k = reflect::json_name<T>(m);
      std::size_t at = ms.size();
      while (at > 0 && (k.size() < keys[at - 1].size() || (k.size() == keys[at - 1].size() && k < keys[at - 1]))) --at;
      ms.insert(ms.begin() + static_cast<std::ptrdiff_t>(at), m);
      keys.insert(keys.begin() + static_cast<std::ptrdiff_t>(at), k);
    }
    return ms;
  });
}

// A struct's members in the order they are written: declaration order, sorted by their keys
// (options.sort_keys), or (deterministic encoding) in the bytewise order of their encoded keys,
// which for text strings in both formats is shorter first, then bytewise.
template <config C, class T>
consteval auto binary_members() {
  if constexpr (C.b.deterministic) return length_first_members<T>();
  else return ordered_members<C.o, T>();
}

// Where a tagged variant's tag entry goes among struct T's written members: first, or (sorted
// keys) in their order: options::sort_keys' (UTF-16, as JSON), or the deterministic encoding's
// (shorter first, then bytewise).
template <config C, class T, const char* TagKey>
consteval std::size_t tag_position() {
  if constexpr (C.b.deterministic) {
    const std::string_view tag = std::string_view(TagKey);
    std::size_t n = 0;
    for (auto m : reflect::members_of<T>()) {
      const std::string k = reflect::json_name<T>(m);
      n += (k.size() < tag.size() || (k.size() == tag.size() && k < tag)) ? 1 : 0;
    }
    return n;
  } else if constexpr (C.o.sort_keys) {
    return reflect::keys_before<T>(std::string_view(TagKey));
  } else {
    return 0;
  }
}

// A tagged variant's tag entry: its key and the alternative's name, as text strings.
template <class W, const char* TagKey, class A>
struct tag_entry_bytes {
  static constexpr std::string_view key = std::string_view(TagKey);
  static constexpr std::string_view name = reflect::type_tag<A>();
  static constexpr auto value = [] {
    constexpr std::size_t hk = W::str_header_size(key.size()), hn = W::str_header_size(name.size());
    str_bytes<hk + key.size() + hn + name.size()> out;
    const auto k = make_str_bytes<W, hk + key.size()>(key);
    const auto v = make_str_bytes<W, hn + name.size()>(name);
    for (std::size_t i = 0; i < k.size; ++i) out.bytes[i] = k.bytes[i];
    for (std::size_t i = 0; i < v.size; ++i) out.bytes[k.size + i] = v.bytes[i];
    out.size = k.size + v.size;
    return out;
  }();
};

template <config C, const char* TagKey, class T>
char* write_tagged_variant(write_context& c, char* p, const T& v);

// Member M's value: tagged when it carries [[=metajson::tag]] (a variant, or an optional or
// pointer holding one).
template <config C, auto M, class V>
METAJSON_ALWAYS_INLINE char* write_member_value(write_context& c, char* p, const V& v) {
  if constexpr (reflect::has_tag_v<M>) {
    constexpr const char* tag = reflect::tag_key_v<M>;
    if constexpr (is_variant_v<V>) {
      return write_tagged_variant<C, tag>(c, p, v);
    } else {
      static_assert(family_of<V>() == family::nullable, "metajson::tag applies to a std::variant member (or an optional/pointer to one)");
      if (!v) return writer<family::null>::write<C>(c, p, nullptr);
      return write_tagged_variant<C, tag>(c, p, *v);
    }
  } else {
    return write_value<C>(c, p, v);
  }
}

// Member M's entry (its key and value) unless it is left out (options.empty = omit, nested
// optionals); nullptr after an error, with M's key on the path.
template <config C, class T, auto M>
METAJSON_ALWAYS_INLINE char* write_entry(write_context& c, char* p, const T& v) {
  using W = wire<C.f>;
  if constexpr (omittable<C.o, reflect::member_type<T, M>>) {
    if (is_empty_nullable(reflect::field<T, M>(v))) return p;
  }
  p = put_bytes(c, p, key_bytes<W, T, M>::value.view());
  p = write_member_value<C, M>(c, p, reflect::field<T, M>(v));
  if (METAJSON_UNLIKELY(p == nullptr)) return push_key(c, key_bytes<W, T, M>::text);
  return p;
}

// Reflected classes: a map of their members' keys to their values; as a tagged variant's
// alternative (TagKey set), the tag's entry among them (first, or where sorted keys put it).
// Members left out (options.empty = omit, nested optionals) are counted first; otherwise the
// map's header is a constant.
template <config C, class T, const char* TagKey = untagged>
METAJSON_ALWAYS_INLINE char* write_object(write_context& c, char* p, const T& v) {
  using W = wire<C.f>;
  static_assert(!reflect::has_extra_keys<T>(),
                "metajson does not yet write a struct's [[=metajson::extra_keys]] member in its binary formats (its "
                "values are metajson::value): write it as JSON, or move the extra keys into a std::map member");
  constexpr auto ms = binary_members<C, T>();
  std::size_t n = ms.size() + (is_tagged<TagKey> ? 1 : 0);
  if constexpr (any_omittable<C.o, T>()) {
    METAJSON_FOR_EACH(m, binary_members<C, T>()) {
      if constexpr (omittable<C.o, reflect::member_type<T, m>>) n -= is_empty_nullable(reflect::field<T, m>(v)) ? 1 : 0;
    };
  }
  p = ensure(c, p, W::header_max);
  p = W::put_map_header(p, n);
  METAJSON_EXIT_SLOT(char*);
  if constexpr (!is_tagged<TagKey>) {  // (write_entry's body, spelled out as before tagged variants)
    METAJSON_FOR_EACH_EXITING(m, binary_members<C, T>()) {
      using M = reflect::member_type<T, m>;
      bool skip = false;
      if constexpr (omittable<C.o, M>) skip = is_empty_nullable(reflect::field<T, m>(v));
      if (!skip) {
        p = put_bytes(c, p, key_bytes<W, T, m>::value.view());
        p = write_member_value<C, m>(c, p, reflect::field<T, m>(v));
        if (METAJSON_UNLIKELY(p == nullptr)) METAJSON_EXIT(push_key(c, key_bytes<W, T, m>::text));
      }
    };
  } else {
    constexpr std::size_t tag_at = tag_position<C, T, TagKey>();
    METAJSON_FOR_EXITING(i, ms.size() + 1) {
      if constexpr (i == tag_at) p = put_bytes(c, p, tag_entry_bytes<W, TagKey, T>::value.view());
      if constexpr (i < ms.size()) {
        p = write_entry<C, T, ms[i]>(c, p, v);
        if (METAJSON_UNLIKELY(p == nullptr)) METAJSON_EXIT(nullptr);
      }
    };
  }
  METAJSON_EXITED();
  return p;
}

template <>
struct writer<family::object> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    return write_object<C, T>(c, p, v);
  }
};

// A tagged variant: a struct alternative as its map with the tag's entry added,
// {"type": "Circle", "r": 1}; any other alternative as {"type": "int", "value": 7}, the two
// entries in the order sorted keys give them. As JSON writes them (annotations.md).
template <config C, const char* TagKey, class T>
char* write_tagged_variant(write_context& c, char* p, const T& v) {
  using W = wire<C.f>;
  if (METAJSON_UNLIKELY(v.valueless_by_exception())) return writer<family::null>::write<C>(c, p, nullptr);
  return std::visit(
      [&](const auto& alt) -> char* {
        using A = std::remove_cvref_t<decltype(alt)>;
        if constexpr (family_of<A>() == family::object) {
          return write_object<C, A, TagKey>(c, p, alt);
        } else {
          constexpr std::string_view tag = std::string_view(TagKey);
          constexpr bool value_first = C.b.deterministic ? (tag.size() > 5 || (tag.size() == 5 && std::string_view("value") < tag))
                                       : C.o.sort_keys   ? utf16_less("value", tag)
                                                         : false;
          constexpr auto value_key = make_str_bytes<W, 6>("value");
          p = ensure(c, p, W::header_max);
          p = W::put_map_header(p, 2);
          if constexpr (!value_first) p = put_bytes(c, p, tag_entry_bytes<W, TagKey, A>::value.view());
          p = put_bytes(c, p, value_key.view());
          p = write_value<C>(c, p, alt);
          if (METAJSON_UNLIKELY(p == nullptr)) return push_key(c, "value");
          if constexpr (value_first) p = put_bytes(c, p, tag_entry_bytes<W, TagKey, A>::value.view());
          return p;
        }
      },
      v);
}

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
                  "metajson::raw_json holds JSON text: it has no MessagePack or CBOR form. Hold the value as its C++ "
                  "type, or as a metajson::value, instead.");
    return nullptr;
  }
};

// metajson::value: dynamic/binary.hpp (included by msgpack.hpp and cbor.hpp).
template <>
struct writer<family::dynamic>;

template <>
struct writer<family::dom> {
  template <config C, class T>
  static char* write(write_context&, char*, const T&) {
    static_assert(dependent_false_v<T>,
                  "metajson does not write a metajson::document or node as MessagePack or CBOR: read the JSON into C++ types");
    return nullptr;
  }
};

template <config C, class T>
METAJSON_ALWAYS_INLINE char* write_value(write_context& c, char* p, const T& v) {
  if constexpr (family_of<T>() == family::range && byte_range<T>) return write_bin<C>(c, p, v);
  else return writer<family_of<T>()>::template write<C, T>(c, p, v);
}

// Writes v into out (content replaced, capacity kept); out is empty after an error.
template <config C, class T>
error write_binary(const T& v, std::string& out) {
  static_assert(!C.b.deterministic || (C.b.shortest_floats && !C.b.typed_arrays),
                "binary_options::deterministic writes every number in its shortest form, in one byte order: "
                "shortest_floats = false and typed_arrays = true (this machine's byte order) contradict it");
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

}  // namespace metajson::detail::bin

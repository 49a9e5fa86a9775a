// metajson::value as MessagePack and CBOR items, both ways: the binary traversal's dynamic
// family (binary/write.hpp and binary/read.hpp leave it to this header, which msgpack.hpp and
// cbor.hpp include). Both directions are one loop over an explicit stack of the open
// containers, as the JSON ones are (dynamic/write.hpp, read/walk.hpp): the nesting a value can
// have is bounded by options::max_depth and memory, never by the thread's stack.
//
// Faithful or refused, as everywhere:
// - a value's numbers keep their kind: int64 and uint64 as integers, doubles as floats (the
//   shortest that holds them, binary_options::shortest_floats); a big number (a number no
//   int64, uint64 or double holds) in CBOR as an integer when it fits CBOR's 64-bit heads
//   (down to -2^64), else a bignum (tags 2, 3), and when it has a fraction or an exponent as a
//   decimal fraction (tag 4: [exponent, mantissa], exact); MessagePack has no such number: an
//   error.
// - reading, an item a value has no kind for is refused with what to do: byte strings, times,
//   MessagePack extensions, CBOR's undefined and simple values, maps with keys that are not
//   text, and tags other than those above (bignums, decimal fractions, RFC 8746 typed arrays,
//   which read as arrays of numbers, and 55799), unless binary_options::unknown_tags skips them.
//   Integers read as JSON's do: int64 when it holds them, else uint64, else a big number.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "../binary/read.hpp"
#include "../binary/write.hpp"
#include "../detail/macros.hpp"
#include "../text/utf16_order.hpp"
#include "stacks.hpp"
#include "value.hpp"

namespace metajson::detail::bin {

// --- big integers: decimal digits <-> big-endian magnitude bytes ---------------------------------

// The largest bignum magnitude a value reads or writes: 1,024 bytes (8,192 bits, 2,467 decimal
// digits). The conversions are quadratic: the bound keeps a hostile input's cost linear.
inline constexpr std::size_t max_bignum_bytes = 1024;

// The CBOR tags a value knows (named here: a program with MessagePack only has no cbor/wire.hpp).
namespace dyn_tag {
inline constexpr std::uint64_t positive_bignum = 2, negative_bignum = 3, decimal_fraction = 4, self_described = 55799;
}

// Decimal digits ('0'-'9' only) as a big-endian magnitude, with no leading zero byte (empty: 0).
inline std::string digits_to_bytes(std::string_view d) {
  std::vector<std::uint32_t> limbs;  // base 2^32, least significant first
  for (std::size_t i = 0; i < d.size();) {
    const std::size_t k = std::min<std::size_t>(9, d.size() - i);
    std::uint32_t chunk = 0, scale = 1;
    for (std::size_t j = 0; j < k; ++j) {
      chunk = chunk * 10 + static_cast<std::uint32_t>(d[i + j] - '0');
      scale *= 10;
    }
    i += k;
    std::uint64_t carry = chunk;
    for (std::uint32_t& l : limbs) {
      const std::uint64_t t = std::uint64_t{l} * scale + carry;
      l = static_cast<std::uint32_t>(t);
      carry = t >> 32;
    }
    if (carry != 0) limbs.push_back(static_cast<std::uint32_t>(carry));
  }
  std::string out;
  out.reserve(limbs.size() * 4);
  for (std::size_t j = limbs.size(); j-- > 0;)
    for (int b = 3; b >= 0; --b) out.push_back(static_cast<char>(static_cast<unsigned char>(limbs[j] >> (8 * b))));
  const std::size_t lead = out.find_first_not_of('\0');
  out.erase(0, lead == std::string::npos ? out.size() : lead);
  return out;
}

// A big-endian magnitude as decimal digits ("0" for none).
inline std::string bytes_to_digits(const unsigned char* data, std::size_t n) {
  std::vector<std::uint32_t> limbs((n + 3) / 4);  // base 2^32, least significant first
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t from_end = n - 1 - i;
    limbs[from_end / 4] |= std::uint32_t{data[i]} << (8 * (from_end % 4));
  }
  while (!limbs.empty() && limbs.back() == 0) limbs.pop_back();
  std::string reversed;
  while (!limbs.empty()) {
    std::uint64_t rem = 0;
    for (std::size_t j = limbs.size(); j-- > 0;) {
      const std::uint64_t cur = (rem << 32) | limbs[j];
      limbs[j] = static_cast<std::uint32_t>(cur / 1'000'000'000);
      rem = cur % 1'000'000'000;
    }
    while (!limbs.empty() && limbs.back() == 0) limbs.pop_back();
    for (int k = 0; k < 9; ++k, rem /= 10) reversed.push_back(static_cast<char>('0' + rem % 10));
  }
  while (reversed.size() > 1 && reversed.back() == '0') reversed.pop_back();
  if (reversed.empty()) reversed = "0";
  return {reversed.rbegin(), reversed.rend()};
}

// Decimal digits plus one.
inline void increment_digits(std::string& d) {
  for (std::size_t i = d.size(); i-- > 0;) {
    if (d[i] != '9') {
      ++d[i];
      return;
    }
    d[i] = '0';
  }
  d.insert(d.begin(), '1');
}

// A big-endian magnitude (not zero) minus one, leading zero bytes dropped.
inline void decrement_bytes(std::string& b) {
  for (std::size_t i = b.size(); i-- > 0;) {
    if (b[i] != '\0') {
      b[i] = static_cast<char>(static_cast<unsigned char>(b[i]) - 1);
      break;
    }
    b[i] = static_cast<char>(0xff);
  }
  const std::size_t lead = b.find_first_not_of('\0');
  b.erase(0, lead == std::string::npos ? b.size() : lead);
}

// --- writing -------------------------------------------------------------------------------------

// A big-endian magnitude of at most 8 bytes as an integer.
inline std::uint64_t bytes_value(std::string_view b) noexcept {
  std::uint64_t m = 0;
  for (char ch : b) m = (m << 8) | static_cast<unsigned char>(ch);
  return m;
}

// The integer whose magnitude is `mag` (big-endian bytes), negative or not: a head of major type
// 0 or 1 when it fits one, else a bignum (tag 2 or 3 and the bytes of mag, or of mag - 1).
template <class W>
char* put_big_integer(write_context& c, char* p, bool negative, std::string mag) {
  if (negative && !mag.empty()) decrement_bytes(mag);  // -1 - m = -mag
  else negative = false;                               // (-0 is 0)
  p = ensure(c, p, mag.size() + 2 * W::header_max);
  if (mag.size() <= 8) return negative ? W::put_negative(p, bytes_value(mag)) : W::put_uint(p, bytes_value(mag));
  p = W::put_tag(p, negative ? 3 : 2);
  p = W::put_bin_header(p, mag.size());
  std::memcpy(p, mag.data(), mag.size());
  return p + mag.size();
}

[[gnu::cold]] METAJSON_NOINLINE inline char* not_a_json_number(write_context& c, std::string_view t) {
  return c.fail(error_code::invalid_value,
                "a metajson::value::big_number holds \"" + std::string(t.substr(0, 64)) + "\", which is not a JSON number");
}

// A big number (its text a JSON number): in CBOR an integer (a bignum beyond 64 bits) or, with a
// fraction or an exponent, a decimal fraction (tag 4, [exponent, mantissa]); in MessagePack, an
// error.
template <config C>
[[gnu::cold]] METAJSON_NOINLINE char* write_big_number(write_context& c, char* p, std::string_view t) {
  using W = wire<C.f>;
  if constexpr (C.f != wire_format::cbor) {
    return c.fail(error_code::number_out_of_range, "the big number " + std::string(t.substr(0, 64)) + " is held by no int64, uint64 or double, "
                                                   "and MessagePack has no other number: write CBOR (a bignum or decimal fraction) or JSON, "
                                                   "or hold it as a string");
  } else {
    // -? int (. frac)? ([eE] [+-]? exp)?
    std::size_t i = 0;
    const auto digit = [&](std::size_t at) { return at < t.size() && t[at] >= '0' && t[at] <= '9'; };
    const bool negative = i < t.size() && t[i] == '-';
    if (negative) ++i;
    const std::size_t int_at = i;
    if (!digit(i) || (t[i] == '0' && digit(i + 1))) return not_a_json_number(c, t);
    while (digit(i)) ++i;
    std::string mantissa(t.substr(int_at, i - int_at));
    std::size_t frac_digits = 0;
    if (i < t.size() && t[i] == '.') {
      const std::size_t at = ++i;
      while (digit(i)) ++i;
      if (i == at) return not_a_json_number(c, t);
      frac_digits = i - at;
      mantissa.append(t.substr(at, frac_digits));
    }
    bool has_exponent = false;
    std::int64_t exponent = 0;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
      has_exponent = true;
      ++i;
      bool exp_negative = false;
      if (i < t.size() && (t[i] == '+' || t[i] == '-')) exp_negative = t[i++] == '-';
      if (!digit(i)) return not_a_json_number(c, t);
      for (; digit(i); ++i) {
        if (exponent > (std::int64_t{1} << 60) / 10)
          return c.fail(error_code::number_out_of_range, "the big number " + std::string(t.substr(0, 64)) + " has an exponent beyond 2^60");
        exponent = exponent * 10 + (t[i] - '0');
      }
      if (exp_negative) exponent = -exponent;
    }
    if (i != t.size()) return not_a_json_number(c, t);
    const std::size_t lead = mantissa.find_first_not_of('0');
    mantissa.erase(0, lead == std::string::npos ? mantissa.size() : lead);
    if (mantissa.size() > max_bignum_bytes * 5 / 2)  // (more digits than max_bignum_bytes hold)
      return c.fail(error_code::number_out_of_range, "the big number " + std::string(t.substr(0, 64)) + "... has " + std::to_string(mantissa.size()) +
                                                         " digits; metajson's CBOR bignums hold up to " + std::to_string(max_bignum_bytes) + " bytes");
    std::string mag = digits_to_bytes(mantissa);
    if (mag.size() > max_bignum_bytes)
      return c.fail(error_code::number_out_of_range, "the big number " + std::string(t.substr(0, 64)) + "... needs a bignum of " +
                                                         std::to_string(mag.size()) + " bytes; metajson's hold up to " + std::to_string(max_bignum_bytes));
    if (frac_digits == 0 && !has_exponent) return put_big_integer<W>(c, p, negative, std::move(mag));
    exponent -= static_cast<std::int64_t>(frac_digits);
    p = ensure(c, p, 2 + W::header_max);
    p = W::put_tag(p, dyn_tag::decimal_fraction);
    p = W::put_array_header(p, 2);
    p = W::put_int(p, exponent);
    return put_big_integer<W>(c, p, negative, std::move(mag));
  }
}

// A string value or key: its text checked as options.utf8 says, unless the value knows it is
// UTF-8 (a string its JSON reader checked).
template <config C>
METAJSON_ALWAYS_INLINE char* write_dyn_str(write_context& c, char* p, const dyn::cell& cl) {
  const std::string_view s = dyn::text(cl);
  if (cl.tag & dyn::flag_plain) {
    using W = wire<C.f>;
    if constexpr (W::max_length < ~std::size_t{0}) {
      if (METAJSON_UNLIKELY(s.size() > W::max_length)) return too_long<C>(c, s.size(), "a string");
    }
    p = ensure(c, p, s.size() + W::header_max);
    p = W::put_str_header(p, s.size());
    std::memcpy(p, s.data(), s.size());
    return p + s.size();
  }
  return write_str<C>(c, p, s);
}

// An open array or object of write_dyn.
struct dyn_bin_frame {
  const value* v;
  std::size_t i, n;
  std::size_t first;  // deterministic: where the object's entries start (from c.base)
  std::size_t offs;   // deterministic: its entries' offsets, from offs[this] on
};

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t dyn_bin_path(write_context& c, const std::vector<dyn_bin_frame>& st,
                                                                   const std::vector<std::vector<const value::member*>>& orders) {
  for (std::size_t k = st.size(); k-- > 0;) {
    const dyn_bin_frame& f = st[k];
    if (f.v->is_array()) push_index(c, f.i);
    else push_key(c, (k < orders.size() && !orders[k].empty() ? orders[k][f.i] : &dyn::access::object_of(*f.v)[f.i])->first);
  }
  return nullptr;
}

// Writes a metajson::value at any depth up to options::max_depth, iteratively.
template <config C>
char* write_dyn(write_context& c, char* p, const value& root) {
  using W = wire<C.f>;
  std::vector<dyn_bin_frame> st;
  std::vector<std::size_t> offs;                         // deterministic: entry start, key end, per member
  std::vector<std::vector<const value::member*>> orders;  // sort_keys: the open objects' members in key order
  const value* v = &root;

item:  // *v at p
  {
    const dyn::cell& cl = dyn::access::cell_of(*v);
    switch (dyn::kind_of(cl)) {
      case kind::null:
        p = ensure(c, p, 1);
        p = W::put_nil(p);
        break;
      case kind::boolean:
        p = ensure(c, p, 1);
        p = W::put_bool(p, cl.bits != 0);
        break;
      case kind::int64:
        p = ensure(c, p, 9);
        p = W::put_int(p, static_cast<std::int64_t>(cl.bits));
        break;
      case kind::uint64:
        p = ensure(c, p, 9);
        p = W::put_uint(p, cl.bits);
        break;
      case kind::float64:
        p = ensure(c, p, 9);
        p = W::template put_double<C.b.shortest_floats>(p, std::bit_cast<double>(cl.bits));
        break;
      case kind::string: p = write_dyn_str<C>(c, p, cl); break;
      case kind::big_number: p = write_big_number<C>(c, p, dyn::text(cl)); break;
      default: {  // an array or object
        const bool is_array = dyn::kind_of(cl) == kind::array;
        const std::size_t n = is_array ? dyn::access::array_of(*v).size() : dyn::access::object_of(*v).size();
        if (METAJSON_UNLIKELY(st.size() >= C.o.max_depth)) {
          c.fail(error_code::depth_exceeded, "more than " + std::to_string(C.o.max_depth) +
                                                 " levels of nesting (options::max_depth): raise options::max_depth to write it, and to read it back");
          p = nullptr;
          break;
        }
        if constexpr (W::max_length < ~std::size_t{0}) {
          if (METAJSON_UNLIKELY(n > W::max_length)) {
            p = too_long<C>(c, n, is_array ? "an array" : "a map");
            break;
          }
        }
        p = ensure(c, p, W::header_max);
        p = is_array ? W::put_array_header(p, n) : W::put_map_header(p, n);
        if (n == 0) break;
        st.push_back({v, 0, n, static_cast<std::size_t>(p - c.base), offs.size()});
        if constexpr (C.o.sort_keys && !C.b.deterministic) {
          if (!is_array) {
            if (orders.size() < st.size()) orders.resize(st.size());
            auto& order = orders[st.size() - 1];
            order.clear();
            for (const value::member& m : dyn::access::object_of(*v)) order.push_back(&m);
            std::ranges::stable_sort(order, [](const value::member* a, const value::member* b) { return utf16_less(a->first.view(), b->first.view()); });
          } else if (orders.size() >= st.size()) {
            orders[st.size() - 1].clear();
          }
        }
        goto child;
      }
    }
    if (METAJSON_UNLIKELY(p == nullptr)) goto fail;
  }

next:  // after an item
  if (st.empty()) return p;
  ++st.back().i;

child:  // the next element or member of the innermost open container, or its end
  {
    dyn_bin_frame& f = st.back();
    if (f.i == f.n) {
      if constexpr (C.b.deterministic) {
        if (!f.v->is_array() && f.n > 1) {
          std::vector<std::size_t> entry, key_end;
          entry.reserve(f.n + 1);
          key_end.reserve(f.n);
          for (std::size_t k = f.offs; k < offs.size(); k += 2) {
            entry.push_back(offs[k]);
            key_end.push_back(offs[k + 1]);
          }
          sort_entries(c.base + f.first, p, entry, key_end);
        }
        offs.resize(f.offs);
      }
      st.pop_back();
      goto next;
    }
    if (f.v->is_array()) {
      v = &dyn::access::array_of(*f.v)[f.i];
      goto item;
    }
    const value::member* m = &dyn::access::object_of(*f.v)[f.i];
    if constexpr (C.o.sort_keys && !C.b.deterministic) m = orders[st.size() - 1][f.i];
    if constexpr (C.b.deterministic) offs.push_back(static_cast<std::size_t>(p - c.base) - f.first);
    p = write_dyn_str<C>(c, p, dyn::access::cell_of(m->first));
    if (METAJSON_UNLIKELY(p == nullptr)) goto fail;
    if constexpr (C.b.deterministic) offs.push_back(static_cast<std::size_t>(p - c.base) - f.first);
    v = &m->second;
    goto item;
  }

fail:
  return dyn_bin_path(c, st, orders);
}

template <>
struct writer<family::dynamic> {
  template <config C, class T>
  static char* write(write_context& c, char* p, const T& v) {
    return write_dyn<C>(c, p, v);
  }
};

// --- reading -------------------------------------------------------------------------------------

// Builds the value on the value stacks (dynamic/stacks.hpp), as the JSON reader does: an array's
// elements and an object's members gathered until it closes, then moved into one block.
struct dyn_builder {
  using parent = value_parent;
  struct mark {
    std::size_t start;
    parent outer;
  };
  value_stacks& st;
  value& out;
  parent where = parent::root;

  template <class Make>
  METAJSON_ALWAYS_INLINE void put(Make make) {
    st.put(where, out, make);
  }
  void scalar(kind k, std::uint64_t bits) {
    put([&](value* at) { dyn::access::new_scalar(at, k, bits); });
  }
  void text(kind k, std::string_view s) {
    put([&](value* at) { dyn::access::new_text(at, dyn::code(k), s); });
  }
  // An integer -1 - magnitude or magnitude, as JSON's are read: int64, else uint64, else a big number.
  void integer(integer_item x) {
    if (!x.negative) {
      scalar(x.magnitude <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) ? kind::int64 : kind::uint64, x.magnitude);
    } else if (x.magnitude <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      scalar(kind::int64, ~x.magnitude);  // -1 - m
    } else {
      std::string d = std::to_string(x.magnitude);
      increment_digits(d);
      text(kind::big_number, "-" + d);
    }
  }
  // The member's key; its value follows.
  void key(std::string_view s) {
    if (METAJSON_UNLIKELY(st.members_size == st.members_capacity))
      value_stacks::grow<value::member>(st.members, st.members_size, st.members_capacity);
    auto* m = reinterpret_cast<value::member*>(st.members) + st.members_size;
    dyn::access::set_key(&m->first, dyn::code(kind::string), s);  // (nothing constructed when it fails)
    ::new (static_cast<void*>(&m->second)) value();
    ++st.members_size;
  }
  mark begin(bool object) {
    const mark m{object ? st.members_size : st.values_size, where};
    where = object ? parent::object : parent::array;
    return m;
  }
  void end(mark m, bool object) {
    if (object) {
      value::object o;
      o.adopt(st.members + m.start * sizeof(value::member), st.members_size - m.start);  // the members' bytes moved
      st.members_size = m.start;
      where = m.outer;
      put([&](value* at) { ::new (static_cast<void*>(at)) value(std::move(o)); });
    } else {
      value::array a;
      a.adopt(st.values + m.start * sizeof(value), st.values_size - m.start);
      st.values_size = m.start;
      where = m.outer;
      put([&](value* at) { ::new (static_cast<void*>(at)) value(std::move(a)); });
    }
  }
};

// An open array or map of read_dyn.
struct dyn_read_frame {
  dyn_builder::mark m;
  std::size_t i, n;
  std::size_t key;  // a map: the member whose value is being read (in the members stack), or npos
  bool map;
};

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t dyn_read_path(read_context& c, const std::vector<dyn_read_frame>& st, const value_stacks& s) {
  for (std::size_t k = st.size(); k-- > 0;) {
    const dyn_read_frame& f = st[k];
    if (!f.map) push_read_index(c, f.i);
    else if (f.key != ~std::size_t{0}) push_read_key(c, (reinterpret_cast<const value::member*>(s.members) + f.key)->first);
  }
  return nullptr;
}

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t no_value_kind(read_context& c, in p, std::string_view what, std::string_view instead) {
  return c.fail(error_code::type_mismatch, p, "metajson::value holds no " + std::string(what) + ": " + std::string(instead));
}

// An integer item (CBOR: of major type 0 or 1, or a bignum: tag 2 or 3 and a byte string) as
// its sign and magnitude: `small` when the magnitude fits 64 bits (then in x), else its decimal
// digits in `digits`.
template <config C>
in read_any_integer(read_context& c, in p, integer_item& x, std::string& digits, bool& small) {
  using W = wire<C.f>;
  small = true;
  if constexpr (C.f == wire_format::cbor) {
    if (p < c.end && W::is_tag(*p)) {
      std::uint64_t tag;
      in q = W::read_tag(c, p, tag);
      if (!q) return nullptr;
      if (tag != dyn_tag::positive_bignum && tag != dyn_tag::negative_bignum) return W::expected(c, p, "an integer");
      in data;
      std::size_t n;
      q = W::bytes(c, q, data, n);
      if (!q) return nullptr;
      while (n > 0 && *data == 0) ++data, --n;
      x = {0, tag == dyn_tag::negative_bignum};
      if (n <= 8) {
        for (std::size_t i = 0; i < n; ++i) x.magnitude = (x.magnitude << 8) | data[i];
        return q;
      }
      if (METAJSON_UNLIKELY(n > max_bignum_bytes))
        return c.fail(error_code::number_out_of_range, p, "a bignum of " + std::to_string(n) + " bytes; metajson::value holds up to " +
                                                              std::to_string(max_bignum_bytes));
      digits = bytes_to_digits(data, n);
      if (x.negative) increment_digits(digits);  // -1 - m
      small = false;
      return q;
    }
  }
  if (p >= c.end || W::kind_at(c, p) != item_kind::integer) return W::expected(c, p, "an integer");
  return W::integer(c, p, x);
}

// Tag 4, a decimal fraction [exponent, mantissa] (its item at q): the number's exact text, or
// an integer when the exponent is 0.
template <config C>
[[gnu::cold]] METAJSON_NOINLINE in read_decimal_fraction(read_context& c, in at, in q, dyn_builder& b) {
  using W = wire<C.f>;
  std::size_t n;
  in r = W::array_header(c, q, n);
  if (!r) return nullptr;
  if (n != 2) return c.fail(error_code::type_mismatch, q, "tag 4 (a decimal fraction) holds an array of two integers");
  integer_item e, m;
  std::string digits;
  bool small;
  if (r < c.end && W::is_tag(*r)) return W::expected(c, r, "the exponent of a decimal fraction (an integer of major type 0 or 1)");
  r = read_any_integer<C>(c, r, e, digits, small);
  if (!r) return nullptr;
  if (METAJSON_UNLIKELY(e.magnitude > (std::uint64_t{1} << 60)))
    return c.fail(error_code::number_out_of_range, q, "a decimal fraction's exponent beyond 2^60");
  r = read_any_integer<C>(c, r, m, digits, small);
  if (!r) return nullptr;
  const std::int64_t exponent = e.negative ? -1 - static_cast<std::int64_t>(e.magnitude) : static_cast<std::int64_t>(e.magnitude);
  if (exponent == 0 && small) {
    b.integer(m);
    return r;
  }
  if (small) {
    digits = std::to_string(m.magnitude);
    if (m.negative) increment_digits(digits);
  }
  std::string text = (m.negative ? "-" : "") + digits;
  if (exponent != 0) text += "e" + std::to_string(exponent);
  b.text(kind::big_number, text);
  (void)at;
  return r;
}

// An RFC 8746 typed array (at p) as an array of numbers.
template <config C>
[[gnu::cold]] METAJSON_NOINLINE in read_typed_numbers(read_context& c, in p, dyn_builder& b) {
  using W = wire<C.f>;
  typed_array t;
  in q = W::typed(c, p, t);
  if (!q) return nullptr;
  if (!enter<C>(c, p)) return nullptr;
  const auto m = b.begin(false);
  for (std::size_t i = 0; i < t.count; ++i) {
    const unsigned char* e = t.data + i * t.size;
    std::uint64_t u = 0;
    for (unsigned k = 0; k < t.size; ++k) u |= std::uint64_t{e[t.little ? k : t.size - 1 - k]} << (8 * k);
    if (t.is_float) {
      const double d = t.size == 2 ? half_to_double(static_cast<std::uint16_t>(u))
                       : t.size == 4 ? static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(u)))
                                     : std::bit_cast<double>(u);
      b.scalar(kind::float64, std::bit_cast<std::uint64_t>(d));
    } else if (t.is_signed) {
      const unsigned shift = 64 - 8 * t.size;
      const auto s = static_cast<std::int64_t>(u << shift) >> shift;  // sign-extended
      b.scalar(kind::int64, static_cast<std::uint64_t>(s));
    } else {
      b.integer({u, false});
    }
  }
  b.end(m, false);
  --c.depth;
  return q;
}

// Reads a metajson::value at any depth up to options::max_depth, iteratively.
template <config C>
in read_dyn(read_context& c, in p, value& v) {
  using W = wire<C.f>;
  v = value();  // (null until the read succeeds)
  value_stacks_lease lease;
  dyn_builder b{lease.stacks(), v};
  std::vector<dyn_read_frame> st;

item:  // the item at p
  if (METAJSON_UNLIKELY(p >= c.end)) {
    W::expected(c, p, "a value");
    goto fail;
  }
  if constexpr (W::has_tags) {
    while (W::is_tag(*p)) {
      std::uint64_t tag;
      in q = W::read_tag(c, p, tag);
      if (!q) goto fail;
      if (tag == dyn_tag::self_described) {
        p = q;
        continue;
      }
      if (tag == dyn_tag::positive_bignum || tag == dyn_tag::negative_bignum) {
        integer_item x;
        std::string digits;
        bool small;
        q = read_any_integer<C>(c, p, x, digits, small);
        if (!q) goto fail;
        if (small) b.integer(x);
        else b.text(kind::big_number, x.negative ? "-" + digits : digits);
        p = q;
        goto next;
      }
      if (tag == dyn_tag::decimal_fraction) {
        p = read_decimal_fraction<C>(c, p, q, b);
        if (!p) goto fail;
        goto next;
      }
      if (W::is_typed_array_tag(tag)) {
        p = read_typed_numbers<C>(c, p, b);
        if (!p) goto fail;
        goto next;
      }
      if constexpr (C.b.unknown_tags == unknown_tag_policy::skip) {
        p = q;
        continue;
      } else {
        c.fail(error_code::type_mismatch, p,
               "tag " + std::to_string(tag) +
                   ": metajson::value holds no tagged item (a time, a URI...): read it into its C++ type, or set "
                   "binary_options::unknown_tags = skip to read the tag's item alone");
        goto fail;
      }
    }
  }
  switch (W::kind_at(c, p)) {
    case item_kind::nil:
      b.scalar(kind::null, 0);
      ++p;
      break;
    case item_kind::boolean:
      b.scalar(kind::boolean, *p == W::true_byte);
      ++p;
      break;
    case item_kind::integer: {
      integer_item x;
      p = W::integer(c, p, x);
      if (!p) goto fail;
      b.integer(x);
      break;
    }
    case item_kind::floating: {
      double d = 0;
      p = W::floating(c, p, d);
      if (!p) goto fail;
      b.scalar(kind::float64, std::bit_cast<std::uint64_t>(d));
      break;
    }
    case item_kind::string: {
      std::string_view text;
      bool valid;
      p = read_str<C>(c, p, text, valid);
      if (!p) goto fail;
      if (METAJSON_LIKELY(valid)) b.text(kind::string, text);
      else b.text(kind::string, replace_invalid_utf8(text));
      break;
    }
    case item_kind::array:
    case item_kind::map: {
      const bool map = W::kind_at(c, p) == item_kind::map;
      std::size_t n;
      in q = map ? W::map_header(c, p, n) : W::array_header(c, p, n);
      if (!q || !enter<C>(c, p)) goto fail;
      st.push_back({b.begin(map), 0, n, ~std::size_t{0}, map});
      p = q;
      goto child;
    }
    case item_kind::binary:
      no_value_kind(c, p, "byte strings", "read the item into a std::vector<std::byte> (or write its bytes as a string)");
      goto fail;
    case item_kind::time:
      no_value_kind(c, p, "times", "read the item into a std::chrono::time_point");
      goto fail;
    default: W::expected(c, p, "a value metajson::value holds (null, a boolean, a number, a string, an array or a map)"); goto fail;
  }

next:  // after an item
  if (st.empty()) return p;
  ++st.back().i;

child:  // the next element or entry of the innermost open container, or its end
  {
    dyn_read_frame& f = st.back();
    if (!W::more(c, p, f.i, f.n)) {
      p = W::close(c, p, f.n);
      if (!p) goto fail;
      --c.depth;
      b.end(f.m, f.map);
      st.pop_back();
      goto next;
    }
    if (!f.map) goto item;
    f.key = ~std::size_t{0};
    if (METAJSON_UNLIKELY(p >= c.end || !W::is_text(*p))) {
      W::expected(c, p, "a text key (metajson::value's objects have text keys)");
      goto fail;
    }
    std::string_view key;
    bool valid;
    in q = read_str<C>(c, p, key, valid);
    if (!q) goto fail;
    if (METAJSON_LIKELY(valid)) b.key(key);
    else b.key(replace_invalid_utf8(key));
    f.key = b.st.members_size - 1;
    p = q;
    if (METAJSON_UNLIKELY(f.n == indefinite && !W::more(c, p, 0, indefinite))) {
      c.fail(error_code::syntax_error, p, "a map of indefinite length ends after a key, with no value");
      goto fail;
    }
    goto item;
  }

fail:
  return dyn_read_path(c, st, b.st);
}

template <>
struct reader<family::dynamic> {
  template <config C, class T>
  static in read(read_context& c, in p, T& v) {
    return read_dyn<C>(c, p, v);
  }
};

}  // namespace metajson::detail::bin

// Writing metajson::value (one loop over an explicit stack of the open containers) and a
// struct's [[=metajson::extra_keys]] member.
#pragma once

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "../detail/bytes.hpp"
#include "../reflect/lookup.hpp"
#include "../text/utf16_order.hpp"
#include "../write/dispatch.hpp"
#include "../write/map.hpp"
#include "../write/object.hpp"
#include "../write/scalar.hpp"
#include "../write/sequence.hpp"
#include "../write/string.hpp"
#include "value.hpp"

namespace metajson::detail {

// The length of the JSON number (RFC 8259 section 6) at the start of s, 0 when there is none.
constexpr std::size_t json_number_length(std::string_view s) noexcept {
  std::size_t i = 0;
  const auto digit = [&](std::size_t at) { return at < s.size() && s[at] >= '0' && s[at] <= '9'; };
  if (i < s.size() && s[i] == '-') ++i;
  if (!digit(i)) return 0;
  if (s[i] == '0') ++i;
  else while (digit(i)) ++i;
  if (i < s.size() && s[i] == '.') {
    if (!digit(++i)) return 0;
    while (digit(i)) ++i;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digit(i)) return 0;
    while (digit(i)) ++i;
  }
  return i;
}

// A metajson::value::big_number: its text as it is, when it is one JSON number.
template <options O>
METAJSON_NOINLINE char* write_big_number(write_context& c, char* p, std::string_view text) {
  if constexpr (O.rfc8785) {
    return c.fail(error_code::not_canonical, "the number " + std::string(text.substr(0, 64)) +
                                                 " is held by no double, and RFC 8785 numbers are doubles; write it as a string");
  } else {
    if (METAJSON_UNLIKELY(text.empty() || json_number_length(text) != text.size()))
      return c.fail(error_code::invalid_value, "a metajson::value::big_number holds \"" + std::string(text.substr(0, 64)) + "\", which is not a JSON number");
    p = ensure(c, p, text.size());
    std::memcpy(p, text.data(), text.size());
    return p + text.size();
  }
}

// --- writing a metajson::value: one loop over an explicit stack of the open containers ------------
//
// A value is written by one loop, not by a call per value: the open arrays and objects are kept
// in a stack of frames (the element or member being written, the end, the container), so the
// nesting it can write is bounded by memory, not by the thread's stack, and a value costs no call
// and no frame. options::max_depth bounds it as it bounds the reader: a value nested deeper is
// error_code::depth_exceeded, so that what is written reads back with the same options.
//
// Room: the output's end is kept in a local (the writer's stores are char stores, which may alias
// the context: c.limit would be re-read after each). Every element starts by making dyn_room
// bytes of room, which hold a key of up to 14 bytes (held in its cell) with its quotes and colon,
// any scalar but a long string or a big number, and the separator or closing bracket after it;
// a longer key or string makes its own room, with dyn_room more after it.
inline constexpr std::size_t dyn_room = 64;

// The outermost levels of a failed write's path that are written out (a million levels of "[0]"
// would be a message of megabytes): the message then says how deep the error was.
inline constexpr std::size_t dyn_path_levels = 1024;

// How an open container is walked: its elements, its members in their order, or its members in
// an order sorted by key (options::sort_keys: the frame walks a vector of pointers to them).
enum class dyn_walk : unsigned char { elements, members, sorted };

// An open array or object of write_dyn.
struct dyn_frame {
  const char* at;    // the element (value), member or sorted entry (const member*) being written
  const char* stop;  // one past the last
  const value* container;
  dyn_walk walk;
};

// The frames of write_dyn beyond its first ones, on the heap.
struct dyn_frames {
  dyn_frame* frames;
  std::size_t capacity;
  std::unique_ptr<dyn_frame[]> heap;

  METAJSON_NOINLINE void grow() {
    std::unique_ptr<dyn_frame[]> bigger(new dyn_frame[capacity * 2]);
    std::memcpy(static_cast<void*>(bigger.get()), frames, capacity * sizeof(dyn_frame));
    heap = std::move(bigger);
    frames = heap.get();
    capacity *= 2;
  }
};

// The sorted orders of the open objects (options::sort_keys), one vector per level: an object's
// entries live until it closes, and only one object per level is open at a time. (Moving the
// outer vector moves the inner vectors' buffers, not their entries: pointers into them stay.)
struct dyn_sorted_orders {
  std::vector<std::vector<const value::member*>> at_level;
};
struct dyn_no_orders {};

// A failed write's path (c.failed().path, innermost first): the elements or members being written
// in frames [0, n), outermost first; only the outermost dyn_path_levels of them.
[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t dyn_fail_path(write_context& c, const dyn_frame* frames, std::size_t n) {
  const std::size_t shown = n < dyn_path_levels ? n : dyn_path_levels;
  for (std::size_t i = shown; i-- > 0;) {
    const dyn_frame& f = frames[i];
    switch (f.walk) {
      case dyn_walk::elements:
        push_index(c, static_cast<std::size_t>(reinterpret_cast<const value*>(f.at) - dyn::access::array_of(*f.container).data()));
        break;
      case dyn_walk::members: push_key(c, reinterpret_cast<const value::member*>(f.at)->first); break;
      default: push_key(c, (*reinterpret_cast<const value::member* const*>(f.at))->first); break;
    }
  }
  if (shown < n) {
    write_failure& w = c.failed();
    w.detail += (w.detail.empty() ? "" : " ");
    w.detail += "(" + std::to_string(n) + " levels deep: the path shows the outermost " + std::to_string(shown) + ")";
  }
  return nullptr;
}

[[gnu::cold]] METAJSON_NOINLINE inline void dyn_depth_exceeded(write_context& c, std::uint32_t max_depth) {
  c.fail(error_code::depth_exceeded, "more than " + std::to_string(max_depth) +
                                                " levels of nesting (options::max_depth): raise options::max_depth to write it, "
                                                "and to read it back");
}

// Makes n bytes of room at p, the output's end kept in lim.
METAJSON_ALWAYS_INLINE char* dyn_room_for(write_context& c, char* p, char*& lim, std::size_t n) {
  if (METAJSON_LIKELY(static_cast<std::size_t>(lim - p) >= n)) return p;
  p = c.grow(p, n);
  lim = c.limit;
  return p;
}

// A string (or key) that is not both plain and held in its cell: copied or escaped
// (write_marked_string), with `after` more bytes of room after it. (The caller re-reads c.limit:
// its own copy must not have its address taken, or every char store would make the compiler
// re-read it.)
template <options O>
METAJSON_NOINLINE char* write_dyn_long_text(write_context& c, char* p, const dyn::cell& cl, std::size_t after) {
  return write_marked_string<O>(c, p, dyn::text(cl), (cl.tag & dyn::flag_plain) != 0, after);
}

// A string value or key at p, which has dyn_room bytes of room (`after`: the room a longer one
// makes after itself). A plain string held in its cell (up to 14 bytes) is copied as the cell's
// 14 bytes in two stores, its closing quote written over what follows it.
template <options O>
METAJSON_ALWAYS_INLINE char* write_dyn_text(write_context& c, char* p, char*& lim, const dyn::cell& cl, std::size_t after) {
  if (copy_plain_strings<O> && (cl.tag & (dyn::flag_plain | dyn::flag_heap)) == dyn::flag_plain) {
    *p = '"';
    std::memcpy(p + 1, dyn::inline_bytes(cl), dyn::inline_capacity);
    p[cl.len + 1] = '"';
    return p + cl.len + 2;
  }
  p = write_dyn_long_text<O>(c, p, cl, after);
  lim = c.limit;
  return p;
}

static_assert(writer<family::floating>::bound<double> + 2 + 16 + 2 + 2 <= dyn_room);

// An integer at p, which has 24 bytes of room: up to 2 digits as a digit pair, up to 8 as one
// 8-byte store of digits_8 (its leading zeros shifted out), 9 or 10 as a digit pair and one
// store, up to 16 as two stores, longer ones as write_integer writes them.
// (write_integer's backward loops cost a third of writing citm_catalog.json, whose integers have
// 9 digits.)
METAJSON_ALWAYS_INLINE char* write_dyn_u64(char* p, std::uint64_t v) noexcept {
  if (v < 100000000) {
    if (v < 100) {  // (counts, small numbers: a pair copied; a second byte after one digit is overwritten later)
      const auto two = static_cast<std::uint32_t>(v >= 10);
      std::memcpy(p, digit_pairs + 2 * v + 1 - two, 2);
      return p + 1 + two;
    }
    const int n = count_digits(v);
    store_le(p, digits_8(static_cast<std::uint32_t>(v)) >> (8 * (8 - n)));
    return p + n;
  }
  if (v < 10000000000) {  // 9 or 10 digits: one or two, then eight
    const auto hi = static_cast<std::uint32_t>(v / 100000000);
    const std::uint32_t two = hi >= 10;
    std::memcpy(p, digit_pairs + 2 * hi + 1 - two, 2);  // (a second byte after one digit is overwritten)
    p += 1 + two;
    store_le(p, digits_8(static_cast<std::uint32_t>(v - std::uint64_t{hi} * 100000000)));
    return p + 8;
  }
  if (v < 10000000000000000) {
    const std::uint64_t hi = v / 100000000;
    const int n = count_digits(hi);
    store_le(p, digits_8(static_cast<std::uint32_t>(hi)) >> (8 * (8 - n)));
    store_le(p + n, digits_8(static_cast<std::uint32_t>(v - hi * 100000000)));
    return p + n + 8;
  }
  return write_integer(p, v);
}
METAJSON_ALWAYS_INLINE char* write_dyn_i64(char* p, std::int64_t v) noexcept {
  std::uint64_t u = static_cast<std::uint64_t>(v);
  if (v < 0) {
    *p++ = '-';
    u = 0 - u;
  }
  return write_dyn_u64(p, u);
}

// A value that is not an array or object at p, which has dyn_room bytes of room; after it, at
// least 2 bytes of room are left. nullptr after c.fail().
template <options O>
METAJSON_ALWAYS_INLINE char* write_dyn_leaf(write_context& c, char* p, char*& lim, const dyn::cell& cl) {
  switch (dyn::kind_of(cl)) {
    case kind::null: std::memcpy(p, "null", 4); return p + 4;
    case kind::boolean: return writer<family::boolean>::write_reserved<O, bool>(c, p, cl.bits != 0);
    case kind::int64:
      if constexpr (O.rfc8785) {
        if (METAJSON_UNLIKELY(!canonical_integer(c, static_cast<std::int64_t>(cl.bits)))) return nullptr;
      }
      return write_dyn_i64(p, static_cast<std::int64_t>(cl.bits));
    case kind::uint64:
      if constexpr (O.rfc8785) {
        if (METAJSON_UNLIKELY(!canonical_integer(c, cl.bits))) return nullptr;
      }
      return write_dyn_u64(p, cl.bits);
    case kind::float64: return write_float_marked_reserved<O, double>(c, p, std::bit_cast<double>(cl.bits));
    case kind::string: return write_dyn_text<O>(c, p, lim, cl, 2);
    default: {  // a big number
      const std::string_view t = dyn::text(cl);
      p = dyn_room_for(c, p, lim, t.size() + 2);
      return write_big_number<O>(c, p, t);
    }
  }
}

// options::sort_keys: whether the members [m, m + n) are in the order of their keys, and (RFC
// 8785) whether two have the same key, which fails the write.
template <options O>
bool dyn_members_sorted(const value::member* m, std::size_t n) noexcept {
  for (std::size_t i = 1; i < n; ++i)
    if (utf16_less(m[i].first.view(), m[i - 1].first.view())) return false;
  return true;
}
[[gnu::cold]] METAJSON_NOINLINE inline void dyn_twice(write_context& c, std::string_view key) {
  c.fail(error_code::not_canonical, "key \"" + std::string(key).substr(0, 64) + "\" twice in one object");
}

// Writes a metajson::value at any depth (up to O.max_depth), iteratively: see above.
template <options O>
char* write_dyn(write_context& c, char* p, const value& root) {
  using member = value::member;
  constexpr std::size_t colon = O.pretty ? 2 : 1;
  constexpr std::size_t inline_frames = 32;
  const dyn::cell& root_cell = dyn::access::cell_of(root);
  char* lim = c.limit;
  if (dyn::kind_of(root_cell) < kind::array) {
    p = dyn_room_for(c, p, lim, dyn_room);
    return write_dyn_leaf<O>(c, p, lim, root_cell);
  }

  METAJSON_INDETERMINATE dyn_frame first_frames[inline_frames];
  dyn_frames st{first_frames, inline_frames, {}};
  [[maybe_unused]] std::conditional_t<O.sort_keys, dyn_sorted_orders, dyn_no_orders> orders;
  std::size_t level = 0;  // the open containers; frames [0, level - 1) hold the outer ones
  dyn_frame top;          // the innermost open container
  const value* v = &root; // the container to open
  const dyn::cell* x;     // the element or member's value being written
  if (METAJSON_UNLIKELY(O.max_depth == 0)) {
    dyn_depth_exceeded(c, O.max_depth);
    return nullptr;
  }
  p = dyn_room_for(c, p, lim, dyn_room);
  if (METAJSON_UNLIKELY(root.empty())) {
    std::memcpy(p, root.is_array() ? "[]" : "{}", 2);
    return p + 2;
  }

open:  // v is a non-empty array or object, at level + 1; dyn_room bytes of room
  ++level;
  if constexpr (O.pretty) ++c.depth;
  top.container = v;
  if (dyn::kind_of(dyn::access::cell_of(*v)) == kind::array) {
    const value::array& a = dyn::access::array_of(*v);
    top.at = reinterpret_cast<const char*>(a.data());
    top.stop = top.at + a.size() * sizeof(value);
    top.walk = dyn_walk::elements;
    *p++ = '[';
    goto element;
  } else {
    const value::object& o = dyn::access::object_of(*v);
    top.at = reinterpret_cast<const char*>(o.data());
    top.stop = top.at + o.size() * sizeof(member);
    top.walk = dyn_walk::members;
    if constexpr (O.sort_keys) {
      if (o.size() > 1 && !dyn_members_sorted<O>(o.data(), o.size())) {
        if (orders.at_level.size() < level) orders.at_level.resize(level);
        std::vector<const member*>& order = orders.at_level[level - 1];
        order.clear();
        for (const member& m : o) order.push_back(&m);
        std::ranges::stable_sort(order, [](const member* a, const member* b) { return utf16_less(a->first.view(), b->first.view()); });
        top.at = reinterpret_cast<const char*>(order.data());
        top.stop = reinterpret_cast<const char*>(order.data() + order.size());
        top.walk = dyn_walk::sorted;
      }
      if constexpr (O.rfc8785) {  // canonical JSON has no duplicate keys; sorted, they are neighbours
        for (std::size_t i = 1; i < o.size(); ++i) {
          const member& a = top.walk == dyn_walk::sorted ? *orders.at_level[level - 1][i - 1] : o[i - 1];
          const member& b = top.walk == dyn_walk::sorted ? *orders.at_level[level - 1][i] : o[i];
          if (METAJSON_UNLIKELY(a.first == b.first)) {
            dyn_twice(c, a.first);
            return dyn_fail_path(c, st.frames, level - 1);
          }
        }
      }
    }
    *p++ = '{';
    goto member_start;
  }

element:  // top.at: the next element of an array
  if constexpr (O.pretty) {
    p = dyn_room_for(c, p, lim, 1 + std::size_t{O.indent} * c.depth + dyn_room);
    *p = '\n';
    std::memset(p + 1, ' ', std::size_t{O.indent} * c.depth);
    p += 1 + std::size_t{O.indent} * c.depth;
  }
  p = dyn_room_for(c, p, lim, dyn_room);
  x = &dyn::access::cell_of(*reinterpret_cast<const value*>(top.at));
  goto write_x;

member_start:  // top.at: the next member of an object
  if constexpr (O.pretty) {
    p = dyn_room_for(c, p, lim, 1 + std::size_t{O.indent} * c.depth + dyn_room);
    *p = '\n';
    std::memset(p + 1, ' ', std::size_t{O.indent} * c.depth);
    p += 1 + std::size_t{O.indent} * c.depth;
  }
  p = dyn_room_for(c, p, lim, dyn_room);
  {
    const member* m = reinterpret_cast<const member*>(top.at);
    if constexpr (O.sort_keys) {
      if (top.walk == dyn_walk::sorted) m = *reinterpret_cast<const member* const*>(top.at);
    }
    const dyn::cell& k = dyn::access::cell_of(m->first);
    if (copy_plain_strings<O> && (k.tag & (dyn::flag_plain | dyn::flag_heap)) == dyn::flag_plain) {
      *p = '"';
      std::memcpy(p + 1, dyn::inline_bytes(k), dyn::inline_capacity);
      std::memcpy(p + 1 + k.len, O.pretty ? "\": " : "\":", 1 + colon);
      p += k.len + 2 + colon;
    } else {
      p = write_dyn_long_text<O>(c, p, k, colon + dyn_room);
      lim = c.limit;
      if (METAJSON_UNLIKELY(p == nullptr)) goto fail;
      std::memcpy(p, ": ", colon);
      p += colon;
    }
    x = &dyn::access::cell_of(m->second);
  }

write_x:  // *x at p, which has dyn_room bytes of room; after it, at least 2 bytes are left
  switch (dyn::kind_of(*x)) {  // (only the writes that can fail are checked)
    case kind::null: std::memcpy(p, "null", 4); p += 4; break;
    case kind::boolean: p = writer<family::boolean>::write_reserved<O, bool>(c, p, x->bits != 0); break;
    case kind::int64:
      if constexpr (O.rfc8785) {
        if (METAJSON_UNLIKELY(!canonical_integer(c, static_cast<std::int64_t>(x->bits)))) goto fail;
      }
      p = write_dyn_i64(p, static_cast<std::int64_t>(x->bits));
      break;
    case kind::uint64:
      if constexpr (O.rfc8785) {
        if (METAJSON_UNLIKELY(!canonical_integer(c, x->bits))) goto fail;
      }
      p = write_dyn_u64(p, x->bits);
      break;
    case kind::float64:
      p = write_float_marked_reserved<O, double>(c, p, std::bit_cast<double>(x->bits));
      if (METAJSON_UNLIKELY(p == nullptr)) goto fail;
      break;
    case kind::string:
      if (copy_plain_strings<O> && (x->tag & (dyn::flag_plain | dyn::flag_heap)) == dyn::flag_plain) {
        *p = '"';
        std::memcpy(p + 1, dyn::inline_bytes(*x), dyn::inline_capacity);
        p[x->len + 1] = '"';
        p += x->len + 2;
      } else {
        p = write_dyn_long_text<O>(c, p, *x, 2);
        lim = c.limit;
        if (METAJSON_UNLIKELY(p == nullptr)) goto fail;
      }
      break;
    case kind::big_number:
      p = write_dyn_leaf<O>(c, p, lim, *x);
      if (METAJSON_UNLIKELY(p == nullptr)) goto fail;
      break;
    default: {  // an array or object
      const value& child = *reinterpret_cast<const value*>(x);  // (a value is its cell)
      if (METAJSON_UNLIKELY(level >= O.max_depth)) {
        dyn_depth_exceeded(c, O.max_depth);
        goto fail;
      }
      const bool is_array = dyn::kind_of(*x) == kind::array;
      if (is_array ? dyn::access::array_of(child).empty() : dyn::access::object_of(child).empty()) {
        std::memcpy(p, is_array ? "[]" : "{}", 2);
        p += 2;
        break;
      }
      if (METAJSON_UNLIKELY(level >= st.capacity)) st.grow();
      st.frames[level - 1] = top;
      v = &child;
      goto open;
    }
  }

next:  // after the element or member at top.at; at least 2 bytes of room
  if (top.walk == dyn_walk::elements) {
    top.at += sizeof(value);
    if (top.at != top.stop) {
      *p++ = ',';
      goto element;
    }
  } else {
    top.at += O.sort_keys && top.walk == dyn_walk::sorted ? sizeof(const member*) : sizeof(member);
    if (top.at != top.stop) {
      *p++ = ',';
      goto member_start;
    }
  }
  // the container ends
  if constexpr (O.pretty) {
    --c.depth;
    p = dyn_room_for(c, p, lim, 3 + std::size_t{O.indent} * c.depth);
    *p = '\n';
    std::memset(p + 1, ' ', std::size_t{O.indent} * c.depth);
    p += 1 + std::size_t{O.indent} * c.depth;
  } else {
    p = dyn_room_for(c, p, lim, 2);
  }
  *p++ = top.walk == dyn_walk::elements ? ']' : '}';
  if (--level == 0) return p;
  top = st.frames[level - 1];
  goto next;

fail:  // the element or member at top.at failed (c.fail() was called)
  st.frames[level - 1] = top;  // (level <= st.capacity: see the push above)
  return dyn_fail_path(c, st.frames, level);
}

template <>
struct writer<family::dynamic> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    return write_dyn<O>(c, p, v);
  }
};

// [[=metajson::extra_keys]] (declared in write/object.hpp). An entry whose key a member of T
// reads (its own key or an alias) would not read back into the extra keys: an error.
template <options O, class T, class X>
bool start_extra_keys(write_context& c, const X& extra, extra_cursor& cur) {
  const auto add = [&](std::string_view key, const value& v) {
    if (METAJSON_UNLIKELY(reflect::find_member<T>(key) >= 0)) {
      c.fail(error_code::invalid_value, "an [[=metajson::extra_keys]] entry has the key \"" + std::string(key).substr(0, 64) +
                                            "\", which is a member's: it would not read back as an extra key");
      return false;
    }
    cur.items.emplace_back(key, &v);
    return true;
  };
  if constexpr (std::is_same_v<X, value>) {
    if (extra.is_null()) return true;
    if (METAJSON_UNLIKELY(!extra.is_object()))
      return c.fail(error_code::invalid_value, "an [[=metajson::extra_keys]] metajson::value holds no object"), false;
    for (const auto& [key, v] : extra.as_object())
      if (!add(key, v)) return false;
  } else {
    for (const auto& [key, v] : extra)
      if (!add(key, v)) return false;
  }
  if constexpr (O.sort_keys)
    std::stable_sort(cur.items.begin(), cur.items.end(), [](const auto& a, const auto& b) { return utf16_less(a.first, b.first); });
  return true;
}

// Writes the entries from cur.next on whose keys sort before `before` (all of them when `all`),
// each as a member: separator, key, value.
template <options O>
char* write_extra_keys(write_context& c, char* p, extra_cursor& cur, std::string_view before, bool all, bool& first) {
  for (; cur.next < cur.items.size(); ++cur.next) {
    const auto& [key, v] = cur.items[cur.next];
    if (!all && !utf16_less(key, before)) break;
    if (!first) {
      p = ensure(c, p, 1);
      *p++ = ',';
    }
    first = false;
    if constexpr (O.pretty) p = newline_indent<O.indent>(c, p, c.depth);
    p = write_value<O>(c, p, key);
    if (METAJSON_UNLIKELY(p == nullptr)) return nullptr;
    p = ensure(c, p, 2);
    *p++ = ':';
    if constexpr (O.pretty) *p++ = ' ';
    p = write_value<O>(c, p, *v);
    if (METAJSON_UNLIKELY(p == nullptr)) return push_key(c, key);
  }
  return p;
}

}  // namespace metajson::detail

// Building a metajson::document (document.hpp): its copy of the text is indexed by stage 1 and
// walked once (read/walk.hpp) into the nodes (dynamic/node.hpp). Two growing buffers: the nodes (from
// an estimate of one node per 8 bytes of text, grown by realloc, at least doubling, when the
// entries indexed ahead of the walk could outrun it: builder::indexed) and the arena of
// decoded strings (no larger than the text, but for utf8_policy::replace's U+FFFD). A document
// parsed again into the same object reuses both, and its text's capacity.
#pragma once

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

#include "../read/driver.hpp"
#include "node.hpp"
#include "../read/walk.hpp"

namespace metajson::detail::dom {

// A buffer of trivially copyable T grown by realloc (a large one moves by remapping its pages).
template <class T>
struct raw_buffer {
  T* data = nullptr;
  std::size_t capacity = 0;  // elements

  raw_buffer() = default;
  raw_buffer(const raw_buffer&) = delete;
  raw_buffer& operator=(const raw_buffer&) = delete;
  raw_buffer(raw_buffer&& o) noexcept : data(o.data), capacity(o.capacity) { o.data = nullptr, o.capacity = 0; }
  raw_buffer& operator=(raw_buffer&& o) noexcept {
    if (this != &o) {
      std::free(data);
      data = o.data;
      capacity = o.capacity;
      o.data = nullptr;
      o.capacity = 0;
    }
    return *this;
  }
  ~raw_buffer() { std::free(data); }

  // At least n elements (the first `keep` kept); throws std::bad_alloc.
  void reserve(std::size_t n, std::size_t keep) {
    if (n <= capacity) return;
    if (n > ~std::size_t{0} / sizeof(T)) dyn::out_of_memory();
    void* p = keep != 0 ? std::realloc(data, n * sizeof(T)) : nullptr;
    if (keep == 0) {
      std::free(data);
      data = nullptr;
      capacity = 0;
      p = std::malloc(n * sizeof(T));
    }
    if (p == nullptr) dyn::out_of_memory();
    data = static_cast<T*>(p);
    capacity = n;
  }
};

// The walk's sink (read/walk.hpp) that writes the nodes. A node is written for an entry of the
// index (a container's opening bracket, a key, a scalar), never for two, so until the next refill
// the nodes are at most those written and the entries ahead of the walk in the index: the walk
// says how many are ahead at its start and after each refill (indexed()), the builder makes room
// for them, and a node is written with no check of the capacity (one check per refill of up to
// 2,048 entries instead of one per node: docs/performance.md).
template <bool PlainStrings>
struct builder {
  using mark = std::size_t;  // a container's node, by number (the nodes move when they grow)
  raw_buffer<raw>& nodes;
  raw_buffer<char>& arena;
  const char* const text;
  raw* data = nullptr;  // nodes.data
  raw* out = nullptr;   // the next node
  std::size_t arena_size = 0;

  // Starts writing after the header (nodes has room for it).
  void start() noexcept {
    data = nodes.data;
    out = data + header_nodes;
  }
  std::size_t size() const noexcept { return static_cast<std::size_t>(out - data); }  // nodes written, the header's included
  // The entries [k, limit) are ahead of the walk: room for a node each, and when that is more
  // than there is, for a node each of those that can give one (not ',', ':', a closing bracket or
  // the end), counted only then: a dense array is half commas, and counting them all grew its
  // nodes to twice what it needs.
  METAJSON_ALWAYS_INLINE void indexed(const char* k, const char* limit) {
    if (METAJSON_UNLIKELY(size() + static_cast<std::size_t>(limit - k) > nodes.capacity)) grow_for(k, limit);
  }
  METAJSON_NOINLINE void grow_for(const char* k, const char* limit) {
    std::size_t values = 0;
    for (; k != limit; ++k) {
      const char ch = *k;
      values += !(ch == ',' || ch == ':' || ch == ']' || ch == '}' || ch == index::kind_end || ch == index::kind_error);
    }
    if (size() + values > nodes.capacity) grow(size() + values);
  }
  METAJSON_NOINLINE void grow(std::size_t need) {
    const std::size_t n = size();
    nodes.reserve(std::max(need, 2 * nodes.capacity), n);
    data = nodes.data;
    out = data + n;
  }

  METAJSON_ALWAYS_INLINE std::uint64_t offset(const char* p) const noexcept { return static_cast<std::uint64_t>(p - text); }
  METAJSON_ALWAYS_INLINE void put(std::uint64_t tag, std::uint64_t payload) {
    raw* r = out++;
    r->tag = tag;
    r->payload = payload;
  }

  void null(const char* src) { put(code(kind::null) | offset(src) << 8, 0); }
  void boolean(bool b, const char* src) { put(code(kind::boolean) | offset(src) << 8, b); }
  void int64(std::int64_t v, const char* src) { put(code(kind::int64) | offset(src) << 8, static_cast<std::uint64_t>(v)); }
  void uint64(std::uint64_t v, const char* src) { put(code(kind::uint64) | offset(src) << 8, v); }
  void float64(double v, const char* src) { put(code(kind::float64) | offset(src) << 8, std::bit_cast<std::uint64_t>(v)); }
  void big_number(std::string_view t, const char* src) { put(code(kind::big_number) | std::uint64_t{t.size()} << 8, offset(src)); }

  METAJSON_NOINLINE std::uint64_t to_arena(std::string_view t, string_form form) {
    if (t.empty()) return arena_size;  // (an empty decoded string: nothing to copy, not even into no arena)
    if (arena.capacity - arena_size < t.size()) arena.reserve(std::max(arena.capacity * 2, arena_size + t.size() + 256), arena_size);
    char* const dst = arena.data + arena_size;
    std::size_t n;
    if (form == string_form::escaped) {
      n = decode_checked_into(t, dst);
    } else {
      std::memcpy(dst, t.data(), t.size());
      n = t.size();
    }
    const std::uint64_t at = arena_size;
    arena_size += n;
    return at | std::uint64_t{n} << 32;  // offset | length
  }
  METAJSON_ALWAYS_INLINE void string(std::string_view t, string_form form, const char* src) {
    if (METAJSON_LIKELY(form == string_form::plain)) {
      put(code(kind::string) | (PlainStrings ? flag_plain : 0) | std::uint64_t{t.size()} << 8, offset(t.data()) | offset(src) << 32);
    } else {
      const std::uint64_t a = to_arena(t, form);
      put(code(kind::string) | flag_arena | (a >> 32) << 8, static_cast<std::uint32_t>(a) | offset(src) << 32);
    }
  }
  METAJSON_ALWAYS_INLINE void key(std::string_view t, string_form form, const char* src) { string(t, form, src); }

  METAJSON_ALWAYS_INLINE mark begin(const char* src) {
    const std::size_t at = size();
    (out++)->payload = offset(src) << 32;
    return at;
  }
  mark begin_array(const char* src) { return begin(src); }
  mark begin_object(const char* src) { return begin(src); }
  METAJSON_ALWAYS_INLINE void end(mark m, std::size_t count, kind k) {
    raw& r = data[m];
    r.tag = code(k) | std::uint64_t{count} << 8;
    r.payload |= size() - m;
  }
  void end_array(mark m, std::size_t count) { end(m, count, kind::array); }
  void end_object(mark m, std::size_t count) { end(m, count, kind::object); }
};

// Builds the nodes of `text` (the document's own copy: strings point into it) into `nodes` and
// `arena` (arena_size: the bytes used; count: the nodes, the header's included), through the
// read driver (read/driver.hpp) with the validating walk into the builder.
template <options O>
error build(std::string_view text, raw_buffer<raw>& nodes, raw_buffer<char>& arena, std::size_t& arena_size, std::size_t& count) {
  read_context c;
  if (METAJSON_UNLIKELY(text.size() > max_text) && text.size() <= O.max_document_size) {  // (larger: the driver's error)
    c.begin = text.data();
    c.end = text.data() + text.size();
    c.fail(error_code::document_too_large, c.begin,
           std::to_string(text.size()) + " bytes, the limit of a metajson::document is " + std::to_string(max_text));
    return make_read_error(c);
  }
  // Strings are written back without escaping when stage 1 checked their UTF-8.
  builder<O.utf8 == utf8_policy::validate> b{nodes, arena, text.data()};
  error e = drive<O, text_is::document, true>(c, text, [&](read_context& c, const char* k) {
    // The first estimate, or the first chunk's entries when more (a small document's all: one
    // allocation), then as the walk goes: indexed().
    nodes.reserve(header_nodes + std::max(text.size() / 8 + 16, static_cast<std::size_t>(c.limit - k)), 0);
    b.start();
    return walk_value<O>(c, k, b);
  });
  if (METAJSON_LIKELY(!e)) {
    arena_size = b.arena_size;
    count = b.size();
  }
  return e;
}

}  // namespace metajson::detail::dom

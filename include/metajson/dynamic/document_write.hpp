// Writing a metajson::document's nodes (dynamic/node.hpp): one pass over them in document order (they
// are stored in the order they are written), a stack of the open containers for the closing
// brackets. A string that stage 1 found plain is copied as it is; the others are escaped and
// checked like any std::string. Keys sorted (options::sort_keys, canonical JSON) take a
// recursive writer that orders each object's members first.
#pragma once

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "../text/utf16_order.hpp"
#include "../to_json.hpp"
#include "../read/walk.hpp"
#include "node.hpp"
#include "write.hpp"

namespace metajson::detail::dom {

// The path segments ($-relative, outermost first) from node `from` down to node `target` inside it.
inline std::vector<std::string> path_between(const header& h, const raw* from, const raw* target) {
  std::vector<std::string> out;
  const raw* n = from;
  while (n != target && is_container(*n)) {
    const bool object = kind_of(*n) == kind::object;
    const raw* child = n + 1;
    const raw* const end = after(n);
    std::size_t i = 0;
    for (; child < end; ++i) {
      const raw* v = object ? child + 1 : child;
      const raw* next = after(v);
      if (target >= child && target < next) {
        out.push_back(object ? key_segment(string_of(h, *child)) : index_segment(i));
        n = v;
        break;
      }
      child = next;
    }
    if (child >= end) break;
  }
  return out;
}

// A write failed at node `at` under the written root: its path, in the writer's order.
METAJSON_NOINLINE inline std::nullptr_t push_node_path(write_context& c, const header& h, const raw* root, const raw* at) {
  std::vector<std::string> segments = path_between(h, root, at);
  for (auto it = segments.rbegin(); it != segments.rend(); ++it) c.failed().path.push_back(std::move(*it));
  return nullptr;
}

template <options O>
METAJSON_ALWAYS_INLINE char* write_string_node(write_context& c, char* p, const header& h, const raw& n, std::size_t extra) {
  return write_marked_string<O>(c, p, string_of(h, n), (n.tag & flag_plain) != 0, extra);
}

// A scalar node, or the empty container's brackets. Returns nullptr after c.fail().
template <options O>
METAJSON_ALWAYS_INLINE char* write_scalar_node(write_context& c, char* p, const header& h, const raw& n) {
  switch (kind_of(n)) {
    case kind::null: return write_value<O>(c, p, nullptr);
    case kind::boolean: return write_value<O>(c, p, n.payload != 0);
    case kind::int64:  // (write_dyn_i64: one or two 8-digit stores instead of write_integer's loops)
      if constexpr (O.rfc8785) {
        if (METAJSON_UNLIKELY(!canonical_integer(c, static_cast<std::int64_t>(n.payload)))) return nullptr;
      }
      p = ensure(c, p, 24);
      return write_dyn_i64(p, static_cast<std::int64_t>(n.payload));
    case kind::uint64:
      if constexpr (O.rfc8785) {
        if (METAJSON_UNLIKELY(!canonical_integer(c, n.payload))) return nullptr;
      }
      p = ensure(c, p, 24);
      return write_dyn_u64(p, n.payload);
    case kind::float64: return write_float_marked<O>(c, p, std::bit_cast<double>(n.payload));
    case kind::big_number: return write_big_number<O>(c, p, big_number_of(h, n));
    case kind::string: return write_string_node<O>(c, p, h, n, 0);
    case kind::array:
      p = ensure(c, p, 2);
      std::memcpy(p, "[]", 2);
      return p + 2;
    default:
      p = ensure(c, p, 2);
      std::memcpy(p, "{}", 2);
      return p + 2;
  }
}

// Keys sorted: recursive, each object's members ordered by their keys as UTF-16 code units
// (stable: duplicates keep their order; canonical JSON refuses them).
template <options O>
char* write_sorted(write_context& c, char* p, const header& h, const raw* root, const raw* n) {
  if (!is_container(*n) || count_of(*n) == 0) {
    p = write_scalar_node<O>(c, p, h, *n);
    if (METAJSON_UNLIKELY(!p)) return push_node_path(c, h, root, n);
    return p;
  }
  const bool object = kind_of(*n) == kind::object;
  struct entry {
    std::string_view key;
    const raw* key_node;
    const raw* value;
  };
  std::vector<entry> entries;
  entries.reserve(count_of(*n));
  for (const raw* child = n + 1; child < after(n);) {
    if (object) {
      entries.push_back({string_of(h, *child), child, child + 1});
      child = after(child + 1);
    } else {
      entries.push_back({{}, nullptr, child});
      child = after(child);
    }
  }
  if (object) {
    const auto less = [](const entry& a, const entry& b) { return utf16_less(a.key, b.key); };
    if (!std::ranges::is_sorted(entries, less)) std::ranges::stable_sort(entries, less);
    if constexpr (O.rfc8785) {
      for (std::size_t i = 1; i < entries.size(); ++i)
        if (METAJSON_UNLIKELY(entries[i].key == entries[i - 1].key)) {
          c.fail(error_code::not_canonical, "key \"" + std::string(entries[i].key).substr(0, 64) + "\" twice in one object");
          return push_node_path(c, h, root, n);
        }
    }
  }
  p = ensure(c, p, 1);
  *p++ = object ? '{' : '[';
  if constexpr (O.pretty) ++c.depth;
  bool first = true;
  for (const entry& e : entries) {
    if (!first) {
      p = ensure(c, p, 1);
      *p++ = ',';
    }
    first = false;
    if constexpr (O.pretty) p = newline_indent<O.indent>(c, p, c.depth);
    if (object) {
      p = write_string_node<O>(c, p, h, *e.key_node, 2);
      if (METAJSON_UNLIKELY(!p)) return push_node_path(c, h, root, e.value);
      *p++ = ':';
      if constexpr (O.pretty) *p++ = ' ';
    }
    p = write_sorted<O>(c, p, h, root, e.value);
    if (METAJSON_UNLIKELY(!p)) return nullptr;
  }
  if constexpr (O.pretty) {
    --c.depth;
    p = newline_indent<O.indent>(c, p, c.depth);
  }
  p = ensure(c, p, 1);
  *p++ = object ? '}' : ']';
  return p;
}

// The subtree of node n, in document order.
template <options O>
char* write_nodes(write_context& c, char* p, const header& h, const raw* n) {
  if constexpr (O.sort_keys) {
    return write_sorted<O>(c, p, h, n, n);
  } else {
    const raw* const root = n;
    struct open {
      std::uint64_t left;  // elements or members still to write
      bool object;
    };
    walk_stack<open> stack;  // (its frames' mark is the open container)
    for (;;) {
      // The value at n: a scalar, an empty container, or the opening of a container whose
      // children follow.
      if (is_container(*n) && count_of(*n) != 0) {
        p = ensure(c, p, 1);
        const bool object = kind_of(*n) == kind::object;
        *p++ = object ? '{' : '[';
        if constexpr (O.pretty) ++c.depth;
        walk_frame<open>* f = stack.push();
        f->mark = {count_of(*n), object};
        ++n;
      } else {
        p = write_scalar_node<O>(c, p, h, *n);
        if (METAJSON_UNLIKELY(!p)) return push_node_path(c, h, root, n);
        ++n;
        // Close the containers this value ended.
        while (!stack.empty() && stack.top().mark.left == 1) {
          const bool object = stack.top().mark.object;
          (void)stack.pop();
          if constexpr (O.pretty) {
            --c.depth;
            p = newline_indent<O.indent>(c, p, c.depth);
          }
          p = ensure(c, p, 1);
          *p++ = object ? '}' : ']';
        }
        if (stack.empty()) return p;
        --stack.top().mark.left;
        p = ensure(c, p, 1);
        *p++ = ',';
      }
      // Before the next child of the innermost container: its key.
      if constexpr (O.pretty) p = newline_indent<O.indent>(c, p, c.depth);
      if (stack.top().mark.object) {
        p = write_string_node<O>(c, p, h, *n, 2);
        if (METAJSON_UNLIKELY(!p)) return push_node_path(c, h, root, n + 1);
        *p++ = ':';
        if constexpr (O.pretty) *p++ = ' ';
        ++n;
      }
    }
  }
}

}  // namespace metajson::detail::dom

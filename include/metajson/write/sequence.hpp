// Ranges (vector, deque, list, forward_list, set, multiset, unordered_set, std::array, span,
// C arrays...) and tuples (std::tuple, std::pair): JSON arrays.
#pragma once

#include <cstring>
#include <iterator>
#include <ranges>
#include <tuple>
#include <utility>

#include "dispatch.hpp"

namespace metajson::detail {

// Writes `[`, then each element produced by `each(c, p, index)` separated by commas, then `]`.
// Pretty mode puts each element on its own line.
template <options O, class Each>
METAJSON_ALWAYS_INLINE char* write_array(write_context& c, char* p, std::size_t n, Each&& each) {
  if (n == 0) {
    p = ensure(c, p, 2);
    std::memcpy(p, "[]", 2);
    return p + 2;
  }
  p = ensure(c, p, 1);
  *p++ = '[';
  if constexpr (O.pretty) ++c.depth;
  for (std::size_t i = 0; i < n; ++i) {
    if constexpr (O.pretty) {
      if (i != 0) {
        p = ensure(c, p, 1);
        *p++ = ',';
      }
      p = newline_indent<O.indent>(c, p, c.depth);
    } else if (i != 0) {
      p = ensure(c, p, 1);
      *p++ = ',';
    }
    p = each(c, p, i);
    if (METAJSON_UNLIKELY(p == nullptr)) return push_index(c, i);
  }
  if constexpr (O.pretty) {
    --c.depth;
    p = newline_indent<O.indent>(c, p, c.depth);
  }
  p = ensure(c, p, 1);
  *p++ = ']';
  return p;
}

template <>
struct writer<family::range> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    using E = std::remove_cvref_t<std::ranges::range_reference_t<const T>>;
    constexpr std::size_t bound = max_size_of<O, E>();
    if constexpr (!O.pretty && bound > 0 && std::ranges::sized_range<const T>) {
      // Elements of bounded size (numbers, bools, structs of numbers): one capacity check
      // for the whole array, then unchecked writes.
      const std::size_t n = static_cast<std::size_t>(std::ranges::size(v));
      p = ensure(c, p, n * (bound + 1) + 2);
      *p++ = '[';
      std::size_t i = 0;
      for (const auto& e : v) {
        if (i != 0) *p++ = ',';
        p = writer_of<E>::template write_reserved<O, E>(c, p, e);
        if (METAJSON_UNLIKELY(p == nullptr)) return push_index(c, i);
        ++i;
      }
      *p++ = ']';
      return p;
    } else {
      // forward_list has no size(): count it (it cannot be written without walking anyway).
      const std::size_t n = static_cast<std::size_t>(std::ranges::distance(v));
      auto it = std::ranges::begin(v);
      return write_array<O>(c, p, n, [&](write_context& cc, char* q, std::size_t) {
        q = write_value<O>(cc, q, static_cast<const E&>(*it));
        ++it;
        return q;
      });
    }
  }
};

template <>
struct writer<family::tuple> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    constexpr std::size_t n = std::tuple_size_v<T>;
    if constexpr (n == 0) {
      p = ensure(c, p, 2);
      std::memcpy(p, "[]", 2);
      return p + 2;
    } else {
      p = ensure(c, p, 1);
      *p++ = '[';
      if constexpr (O.pretty) ++c.depth;
      template for (constexpr std::size_t i : std::define_static_array(std::views::iota(std::size_t{0}, n))) {
        if constexpr (O.pretty) {
          if constexpr (i != 0) {
            p = ensure(c, p, 1);
            *p++ = ',';
          }
          p = newline_indent<O.indent>(c, p, c.depth);
          p = write_value<O>(c, p, std::get<i>(v));
        } else {
          p = write_prefixed<O>(c, p, std::string_view(",", i == 0 ? 0 : 1), std::get<i>(v));
        }
        if (METAJSON_UNLIKELY(p == nullptr)) return push_index(c, i);
      }
      if constexpr (O.pretty) {
        --c.depth;
        p = newline_indent<O.indent>(c, p, c.depth);
      }
      p = ensure(c, p, 1);
      *p++ = ']';
      return p;
    }
  }
};

}  // namespace metajson::detail

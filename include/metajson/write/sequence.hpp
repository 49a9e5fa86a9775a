// Ranges (vector, deque, list, forward_list, set, multiset, unordered_set, std::array, span,
// C arrays...) and tuples (std::tuple, std::pair): JSON arrays.
#pragma once

#include <algorithm>

#include <array>
#include <cstring>
#include <iterator>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../detail/ranges.hpp"
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

// The element count of a range whose size is part of its type (std::array, C arrays; not
// every range with a tuple_size: a subrange has one of 2).
template <class T>
struct std_array_extent {};
template <class E, std::size_t N>
struct std_array_extent<std::array<E, N>> : std::integral_constant<std::size_t, N> {};

template <class T>
concept static_extent_range = std::is_bounded_array_v<T> || requires { std_array_extent<T>::value; };

template <class T>
consteval std::size_t static_extent() {
  if constexpr (std::is_bounded_array_v<T>) return std::extent_v<T>;
  else return std_array_extent<T>::value;
}

// The bound of a compact fixed-size range of bounded elements (a [x,y] pair of doubles), 0
// when there is none: such a range is itself bounded, so a vector of them makes one capacity
// check for all, and each is written without any check or loop counter.
template <options O, class T>
consteval std::size_t fixed_range_bound() {
  if constexpr (O.pretty || !static_extent_range<T>) {
    return 0;
  } else {
    using E = std::remove_cvref_t<rng::range_reference_t<const T>>;
    constexpr std::size_t n = static_extent<T>();
    constexpr std::size_t b = max_size_of<O, E>();
    if (n == 0) return 2;
    if (b == 0) return 0;
    return n * (b + 1) + 1;  // '[', n elements, n - 1 commas, ']'
  }
}

template <>
struct writer<family::range> {
  template <options O, class T> static constexpr std::size_t max_size = fixed_range_bound<O, T>();
  template <options O, class T>
    requires(fixed_range_bound<O, T>() > 0)
  static std::size_t reserve(const T&) { return fixed_range_bound<O, T>(); }

  // Fixed size, bounded elements: the caller reserved fixed_range_bound() bytes.
  template <options O, class T>
    requires(fixed_range_bound<O, T>() > 0)
  METAJSON_ALWAYS_INLINE static char* write_reserved(write_context& c, char* p, const T& v) {
    using E = std::remove_cvref_t<rng::range_reference_t<const T>>;
    constexpr std::size_t n = static_extent<T>();
    if constexpr (n == 0) {
      std::memcpy(p, "[]", 2);
      return p + 2;
    } else {
      *p++ = '[';
      p = writer_of<E>::template write_reserved<O, E>(c, p, v[0]);
      if (METAJSON_UNLIKELY(p == nullptr)) return push_index(c, 0);
      for (std::size_t i = 1; i < n; ++i) {
        *p++ = ',';
        p = writer_of<E>::template write_reserved<O, E>(c, p, v[i]);
        if (METAJSON_UNLIKELY(p == nullptr)) return push_index(c, i);
      }
      *p++ = ']';
      return p;
    }
  }

  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    using E = std::remove_cvref_t<rng::range_reference_t<const T>>;
    constexpr std::size_t bound = max_size_of<O, E>();
    if constexpr (fixed_range_bound<O, T>() > 0) {
      p = ensure(c, p, fixed_range_bound<O, T>());
      return write_reserved<O, T>(c, p, v);
    } else if constexpr (!O.pretty && bound > 0 && rng::sized_range<const T>) {
      // Elements of bounded size (numbers, bools, structs of numbers): one capacity check per
      // run of up to 256 elements, then unchecked writes. (One check for the whole array
      // reserved every element's worst case at once: for canada's largest rings more than the
      // slack of a fresh output's size hint, so the output grew a second time; for a vector of
      // millions of doubles, megabytes that are never used.)
      constexpr std::size_t run = 256;
      const std::size_t n = static_cast<std::size_t>(std::ranges::size(v));
      if (n == 0) {
        p = ensure(c, p, 2);
        std::memcpy(p, "[]", 2);
        return p + 2;
      }
      p = ensure(c, p, std::min(n, run) * (bound + 1) + 2);
      // Every element is written after a ',' and the first ',' is then overwritten with the
      // '[': no test for the first element in the loop. The '[' goes in after the first run,
      // before anything can move the buffer (or hand it to a streaming output's sink).
      const std::size_t open = output_offset(c, p);
      auto it = std::ranges::begin(v);
      std::size_t i = 0;
      for (;;) {
        const std::size_t stop = i + std::min(n - i, run);  // the elements reserved for
        for (; i < stop; ++i, ++it) {
          *p++ = ',';
          p = writer_of<E>::template write_reserved<O, E>(c, p, *it);
          if (METAJSON_UNLIKELY(p == nullptr)) return push_index(c, i);
        }
        if (stop <= run) *at_output_offset(c, open) = '[';  // the first run
        if (i == n) break;
        p = ensure(c, p, std::min(n - i, run) * (bound + 1) + 1);  // the +1: the closing ']'
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
      METAJSON_EXIT_SLOT(char*);
      METAJSON_FOR_EXITING(i, n) {
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
        if (METAJSON_UNLIKELY(p == nullptr)) METAJSON_EXIT(push_index(c, i));
      };
      METAJSON_EXITED();
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

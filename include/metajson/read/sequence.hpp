// Arrays into ranges (vector, deque, list, forward_list, set, multiset, unordered_set,
// std::array, C arrays) and tuples (std::tuple, std::pair).
#pragma once

#include <algorithm>
#include <cstring>
#include <iterator>
#include <memory>
#include <new>
#include <tuple>
#include <utility>
#include <vector>

#include "../detail/ablation.hpp"
#include "../detail/ranges.hpp"
#include "collect.hpp"
#include "skip.hpp"

namespace metajson::detail {

// Calls each(c, k, index) for every element of the array at entry k; returns the entry after
// its ']'.
template <options O, class Each>
METAJSON_ALWAYS_INLINE const char* read_array(read_context& c, const char* k, Each&& each) {
  if (METAJSON_UNLIKELY(*k != '[')) return expected_at(c, k, "array");
  if (!enter_at<O>(c, k)) return nullptr;
  k = ensure(c, k + 1);
  if (METAJSON_UNLIKELY(!k)) return nullptr;
  if (*k == ']') {
    --c.depth;
    return ensure(c, k + 1);  // a container leaves the window full
  }
  for (std::size_t i = 0;; ++i) {
    if constexpr (collects<O>)
      k = collect_read<O>(c, k, [&](read_context& c, const char* k) { return each(c, k, i); }, [&] { return index_segment(i); });
    else
      k = each(c, k, i);
    if (METAJSON_UNLIKELY(k == nullptr)) return push_read_index(c, i);
    if (METAJSON_LIKELY(*k == ',')) {
      k = ensure(c, k + 1);
      if (METAJSON_UNLIKELY(!k)) return nullptr;
      continue;
    }
    if (METAJSON_LIKELY(*k == ']')) {
      --c.depth;
      return ensure(c, k + 1);  // a container leaves the window full
    }
    return expected_at(c, k, "',' or ']'");
  }
}

// "expected 2 elements, found 3", at the array's '[' (entry number `open`).
METAJSON_NOINLINE inline std::nullptr_t wrong_length(read_context& c, std::size_t open, const char* after, std::size_t n, std::size_t count) {
  const char* at_open = place_of_entry(c, open);
  return c.fail(error_code::wrong_length, at_open ? at_open : at(c, after),
                "expected " + std::to_string(n) + " elements, found " + std::to_string(count));
}
// "more than n elements" at the entry after a full fixed-length array's last ',' (out of line:
// inlined, its message's string code gave the element loops larger frames and register saves).
METAJSON_NOINLINE inline std::nullptr_t too_many_elements(read_context& c, const char* k, std::size_t n) {
  return c.fail(error_code::wrong_length, at(c, k), "more than " + std::to_string(n) + " elements");
}

// A short fixed-length array (std::array, a C array, with n <= 8 elements) element by element,
// without a loop: after element i comes ',' (then element i + 1, or "more than n elements" after the last)
// or ']' (then i + 1 must be n). The same checks and messages as read_array with a counting
// element reader, which the tuple reader still uses; this form lets a short array such as
// canada.json's [x, y] take one predictable branch per element.
template <options O, std::size_t n, class T>
METAJSON_ALWAYS_INLINE const char* read_fixed_array(read_context& c, const char* k, T& v) {
  if (METAJSON_UNLIKELY(*k != '[')) return expected_at(c, k, "array");
  const std::size_t open = entry_number(c, k);
  if (!enter_at<O>(c, k)) return nullptr;
  k = ensure(c, k + 1);
  if (METAJSON_UNLIKELY(!k)) return nullptr;
  if (METAJSON_UNLIKELY(*k == ']')) {
    --c.depth;
    k = ensure(c, k + 1);
    if (n != 0 && k) return wrong_length(c, open, k, n, 0);
    return k;
  }
  // Each element either returns or is followed by ',' and the next element.
  METAJSON_EXIT_SLOT(const char*);
  METAJSON_FOR_EXITING(i, n) {
    if constexpr (collects<O>)
      k = collect_read<O>(c, k, [&](read_context& c, const char* k) { return read_value<O>(c, k, v[i]); }, [&] { return index_segment(i); });
    else
      k = read_value<O>(c, k, v[i]);
    if (METAJSON_UNLIKELY(k == nullptr)) METAJSON_EXIT(push_read_index(c, i));
    if (METAJSON_LIKELY(*k == ',')) {
      k = ensure(c, k + 1);
      if (METAJSON_UNLIKELY(!k)) METAJSON_EXIT(nullptr);
    } else if (METAJSON_LIKELY(*k == ']')) {
      --c.depth;
      k = ensure(c, k + 1);
      if (METAJSON_UNLIKELY(!k)) METAJSON_EXIT(nullptr);
      if (METAJSON_UNLIKELY(i + 1 != n)) METAJSON_EXIT(wrong_length(c, open, k, n, i + 1));
      METAJSON_EXIT(k);
    } else {
      METAJSON_EXIT(expected_at(c, k, "',' or ']'"));
    }
  };
  METAJSON_EXITED();
  // A ',' after the last element: whatever follows is one too many.
  too_many_elements(c, k, n);
  return push_read_index(c, n);
}

template <class T>
concept resizable_sequence = requires(T& v, std::size_t n) {
  v.resize(n);
  v[n];
  v.size();
};
template <class T>
concept back_insertable = requires(T& v) { v.emplace_back(); };
template <class T>
concept front_list = requires(T& v) { v.emplace_after(v.before_begin()); };
template <class T>
concept set_like = requires(T& v, typename T::value_type&& e) { v.insert(std::move(e)); v.clear(); };

// std::vector of trivially copyable elements (not vector<bool>): read through the context's
// element buffer, so that the vector is allocated once, at its final size.
template <class T>
concept buffered_vector =
    std::is_same_v<T, std::vector<typename T::value_type, typename T::allocator_type>> && !std::is_same_v<typename T::value_type, bool> &&
    std::is_trivially_copyable_v<typename T::value_type> && std::is_default_constructible_v<typename T::value_type> &&
    alignof(typename T::value_type) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__;

METAJSON_NOINLINE inline void grow_elements(read_context& c, std::size_t used, std::size_t needed) {
  const std::size_t cap = std::max({needed, 2 * c.elements_capacity, std::size_t{4096}});
  auto bigger = std::make_unique_for_overwrite<unsigned char[]>(cap);
  if (used) std::memcpy(bigger.get(), c.elements.get(), used);
  c.elements = std::move(bigger);
  c.elements_capacity = cap;
}

template <options O, class T>
inline const char* read_buffered_vector(read_context& c, const char* p, T& v) {
  using E = typename T::value_type;
  struct busy {
    read_context& c;
    explicit busy(read_context& ctx) : c(ctx) { c.elements_busy = true; }
    ~busy() { c.elements_busy = false; }
  } guard{c};
  std::size_t count = 0;
  const char* k = read_array<O>(c, p, [&](read_context& cc, const char* q, std::size_t i) -> const char* {
    if (METAJSON_UNLIKELY((i + 1) * sizeof(E) > cc.elements_capacity)) grow_elements(cc, i * sizeof(E), (i + 1) * sizeof(E));
    E* slot = ::new (static_cast<void*>(cc.elements.get() + i * sizeof(E))) E{};
    ++count;
    return read_value<O>(cc, q, *slot);
  });
  if (k) {
    const E* first = std::launder(reinterpret_cast<const E*>(c.elements.get()));
    v.assign(first, first + count);
  }
  return k;
}

// Elements that take exactly one index entry each: strings, numbers, literals.
template <class E>
inline constexpr bool one_entry_element = family_of<E>() == family::string || family_of<E>() == family::integer ||
                                          family_of<E>() == family::floating || family_of<E>() == family::boolean ||
                                          family_of<E>() == family::character;

// How many elements the array at entry k holds, when each is one index entry: then its
// separators are every other entry ("a" , "b" , "c" ]), and the count is where the first entry
// at a separator's place is not a ','. When the array runs past the entries in the buffer, a
// lower bound. The vector reader reserves this many, so that a vector of strings is allocated
// once, at its final size, instead of growing by doubling and moving its strings each time. A
// hint only: the elements are then read and checked as usual (a document that is not JSON
// gets a wrong hint, then its error). Not for elements that span several entries (structs,
// arrays): counting those needs their nesting, and walking every entry twice cost more than
// the allocations it saved (docs/performance.md).
METAJSON_ALWAYS_INLINE std::size_t one_entry_elements_ahead(const read_context& c, const char* k) noexcept {
  if (k[1] == ']') return 0;
  const char* q = k + 2;
  while (q < c.limit && *q == ',') q += 2;
  return static_cast<std::size_t>(q - k) / 2;
}

template <>
struct reader<family::range> {
  template <options O, class T>
  static const char* read(read_context& c, const char* p, T& v) {
    if constexpr (std::is_array_v<T> || requires { std::tuple_size<T>::value; }) {
      // Fixed length: std::array, C arrays.
      constexpr std::size_t n = [] {
        if constexpr (std::is_array_v<T>) return std::extent_v<T>;
        else return std::tuple_size<T>::value;
      }();
      if constexpr (n <= 8) {  // unrolled: one copy of the element reader per element
        return read_fixed_array<O, n>(c, p, v);
      } else {
        std::size_t count = 0;
        const std::size_t open = entry_number(c, p);
        const char* k = read_array<O>(c, p, [&](read_context& cc, const char* q, std::size_t i) -> const char* {
          if (i >= n) return too_many_elements(cc, q, n);
          ++count;
          return read_value<O>(cc, q, v[i]);
        });
        if (METAJSON_UNLIKELY(k && count != n)) return wrong_length(c, open, k, n, count);
        return k;
      }
    } else if constexpr (resizable_sequence<T> && !back_insertable<T>) {
      // std::valarray: resizable, but resize() discards the elements; read a vector, then copy.
      std::vector<typename T::value_type> tmp;
      const char* k = read_value<O>(c, p, tmp);
      if (k) {
        v.resize(tmp.size());
        for (std::size_t i = 0; i < tmp.size(); ++i) v[i] = std::move(tmp[i]);
      }
      return k;
    } else if constexpr (resizable_sequence<T>) {
      if constexpr (!ablation::no_element_buffer && buffered_vector<T>) {
        if (!c.elements_busy) return read_buffered_vector<O>(c, p, v);
      }
      // vector, deque: read into the existing elements first (reusing their storage), then
      // append; trim what is left over. A vector is given its length first when the index
      // tells it (one_entry_elements_ahead).
      if constexpr (one_entry_element<typename T::value_type> && requires { v.reserve(std::size_t{}); v.capacity(); }) {
        if (METAJSON_LIKELY(*p == '[')) {
          const std::size_t n = one_entry_elements_ahead(c, p);
          if (n > v.capacity()) v.reserve(n);
        }
      }
      std::size_t count = 0;
      const char* k = read_array<O>(c, p, [&](read_context& cc, const char* q, std::size_t i) -> const char* {
        if (i >= v.size()) v.emplace_back();
        ++count;
        if constexpr (std::is_lvalue_reference_v<decltype(v[i])>) {
          return read_value<O>(cc, q, v[i]);
        } else {  // vector<bool>: elements are proxies
          typename T::value_type e{};
          q = read_value<O>(cc, q, e);
          v[i] = e;
          return q;
        }
      });
      if (k) v.resize(count);
      return k;
    } else if constexpr (back_insertable<T>) {  // list
      v.clear();
      return read_array<O>(c, p, [&](read_context& cc, const char* q, std::size_t) {
        v.emplace_back();
        return read_value<O>(cc, q, v.back());
      });
    } else if constexpr (front_list<T>) {  // forward_list
      v.clear();
      auto tail = v.before_begin();
      return read_array<O>(c, p, [&](read_context& cc, const char* q, std::size_t) {
        tail = v.emplace_after(tail);
        return read_value<O>(cc, q, *tail);
      });
    } else if constexpr (set_like<T>) {  // set, multiset, unordered_set
      v.clear();
      return read_array<O>(c, p, [&](read_context& cc, const char* q, std::size_t) -> const char* {
        typename T::value_type e{};
        q = read_value<O>(cc, q, e);
        if (q) v.insert(std::move(e));
        return q;
      });
    } else {
      static_assert(back_insertable<T>, "metajson cannot read into this range (a span or a view has no storage of its own)");
      return nullptr;
    }
  }
};

template <>
struct reader<family::tuple> {
  template <options O, class T>
  static const char* read(read_context& c, const char* p, T& v) {
    constexpr std::size_t n = std::tuple_size_v<T>;
    std::size_t count = 0;
    const std::size_t open = entry_number(c, p);
    const char* k = read_array<O>(c, p, [&](read_context& cc, const char* q, std::size_t i) -> const char* {
      if (i >= n) return too_many_elements(cc, q, n);
      ++count;
      const char* r = nullptr;
      METAJSON_FOR(k, n) {
        if (i == k) r = read_value<O>(cc, q, std::get<k>(v));
      };
      return r;
    });
    if (METAJSON_UNLIKELY(k && count != n)) return wrong_length(c, open, k, n, count);
    return k;
  }
};

}  // namespace metajson::detail

// What the library needs of the standard's ranges, without <ranges>: the range concepts and
// type aliases (as std::ranges defines them, over std::ranges::begin and end, which <iterator>
// declares) and (expand.hpp) the indices an expansion statement walks (what std::views::iota gave). <ranges>
// itself, its views and adaptors, costs every translation unit that includes it about 0.3 s and
// 30 MB of compiler memory (docs/performance.md); stream.hpp, whose public functions take
// std::ranges::input_range, still includes it.
#pragma once

#include <array>
#include <cstddef>
#include <iterator>
#include <utility>

#include "expand.hpp"  // indices<N>, the loops of both backends

namespace metajson::detail::rng {

template <class T>
concept range = requires(T& t) {
  std::ranges::begin(t);
  std::ranges::end(t);
};

template <range T>
using iterator_t = decltype(std::ranges::begin(std::declval<T&>()));

template <class T>
concept input_range = range<T> && std::input_iterator<iterator_t<T>>;
template <class T>
concept forward_range = input_range<T> && std::forward_iterator<iterator_t<T>>;
template <class T>
concept sized_range = range<T> && requires(T& t) { std::ranges::size(t); };

template <range T>
using range_value_t = std::iter_value_t<iterator_t<T>>;
template <range T>
using range_reference_t = std::iter_reference_t<iterator_t<T>>;

}  // namespace metajson::detail::rng

// The bytes the binary readers take (MessagePack, CBOR): any contiguous run of byte-sized values.
#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>

#include "../detail/ranges.hpp"

namespace metajson {
inline namespace v0 {

/// The bytes a binary reader takes: a view of any contiguous run of `char`, `unsigned char`,
/// `char8_t` or `std::byte` (a std::string, a std::vector<std::byte>, a span...). Character
/// arrays are not taken as ranges (their terminating NUL would be read as a byte).
class binary_input {
 public:
  constexpr binary_input(std::string_view s) noexcept : view_(s) {}
  template <class R>
    requires(!std::is_array_v<std::remove_cvref_t<R>> &&
             std::contiguous_iterator<detail::rng::iterator_t<const R>> && detail::rng::sized_range<const R> &&
             sizeof(detail::rng::range_value_t<const R>) == 1 &&
             (std::is_same_v<std::remove_cv_t<detail::rng::range_value_t<const R>>, unsigned char> ||
              std::is_same_v<std::remove_cv_t<detail::rng::range_value_t<const R>>, std::byte> ||
              std::is_same_v<std::remove_cv_t<detail::rng::range_value_t<const R>>, char8_t> ||
              std::is_same_v<std::remove_cv_t<detail::rng::range_value_t<const R>>, char>))
  constexpr binary_input(const R& r) noexcept
      : view_(reinterpret_cast<const char*>(std::ranges::data(r)), static_cast<std::size_t>(std::ranges::size(r))) {}

  constexpr std::string_view view() const noexcept { return view_; }

 private:
  std::string_view view_;
};

}  // namespace v0
}  // namespace metajson

// metajson::value's iterator (value::iterator, value::const_iterator), as nlohmann/json's: an
// array's elements, an object's values (with key() and value()), nothing for null, the value
// itself for another scalar. value::items() gives an object's members as (key, value) pairs.
#pragma once

#include <cstddef>
#include <iterator>
#include <type_traits>

namespace metajson::detail::dyn {

// Raised by key() on an iterator that is not an object's (dynamic/idioms.hpp defines it).
[[noreturn]] void iterator_key_of_non_object();

// V is metajson::value, M its member (std::pair<json_string, value>). An object's iterator walks
// its members (m_); any other walks values (v_): an array's elements, or the one scalar (v_ to
// v_ + 1); null's begin and end are both empty.
template <class V, class M, bool Const>
class value_iterator {
  using elem = std::conditional_t<Const, const V, V>;
  using mem = std::conditional_t<Const, const M, M>;

 public:
  using iterator_category = std::bidirectional_iterator_tag;
  using value_type = V;
  using difference_type = std::ptrdiff_t;
  using reference = elem&;
  using pointer = elem*;

  value_iterator() noexcept = default;
  /// An iterator converts to a const_iterator.
  template <bool C = Const>
    requires C
  value_iterator(const value_iterator<V, M, false>& o) noexcept : v_(o.v_), m_(o.m_) {}

  /// The element, or the member's value.
  reference operator*() const noexcept { return m_ ? m_->second : *v_; }
  pointer operator->() const noexcept { return &**this; }
  /// The element, or the member's value (nlohmann/json's it.value()).
  reference value() const noexcept { return **this; }
  /// The member's key (a json_string: it converts to std::string_view); an iterator that is not
  /// an object's: a type_mismatch error.
  const auto& key() const {
    if (!m_) iterator_key_of_non_object();
    return m_->first;
  }

  value_iterator& operator++() noexcept {
    if (m_) ++m_;
    else ++v_;
    return *this;
  }
  value_iterator operator++(int) noexcept {
    value_iterator t = *this;
    ++*this;
    return t;
  }
  value_iterator& operator--() noexcept {
    if (m_) --m_;
    else --v_;
    return *this;
  }
  value_iterator operator--(int) noexcept {
    value_iterator t = *this;
    --*this;
    return t;
  }
  friend bool operator==(const value_iterator& a, const value_iterator& b) noexcept { return a.v_ == b.v_ && a.m_ == b.m_; }

 private:
  friend V;
  friend class value_iterator<V, M, !Const>;
  value_iterator(elem* v, mem* m) noexcept : v_(v), m_(m) {}
  elem* v_ = nullptr;
  mem* m_ = nullptr;
};

}  // namespace metajson::detail::dyn

// metajson::value's members as nlohmann/json spells them (value.hpp includes this at its end):
// the braced-list constructor that tells arrays from objects, and iteration. (dump() and
// operator<< are in dynamic/convert.hpp, the _json literal too; patch() and merge_patch() in
// patch.hpp.)
#pragma once

#include "../error.hpp"
#include "value.hpp"
#include "value_impl.hpp"

namespace metajson {
namespace detail::dyn {

inline void iterator_key_of_non_object() {
  raise(error(error_code::type_mismatch, "$", "key() of an iterator over an array or a scalar: only an object's members have keys"));
}

}  // namespace detail::dyn
inline namespace v0 {

// nlohmann/json's rule: an object when every element is a two-element array with a string first
// (an empty list too: there is nothing else it could be), else an array.
inline value::value(std::initializer_list<value> elements) : c_() {
  bool object = true;
  for (const value& e : elements) {
    if (!e.is_array() || e.a_.size() != 2 || !e.a_[0].is_string()) {
      object = false;
      break;
    }
  }
  if (object) {
    ::new (static_cast<void*>(&o_)) value::object();
    o_.reserve(elements.size());
    for (const value& e : elements) o_.emplace_back(json_string(e.a_[0].as_string()), e.a_[1]);
  } else {
    ::new (static_cast<void*>(&a_)) value::array();
    a_.reserve(elements.size());
    for (const value& e : elements) a_.push_back(e);
  }
}

inline value::iterator value::begin() noexcept {
  switch (kind()) {
    case metajson::kind::null: return {};
    case metajson::kind::array: return {a_.data(), nullptr};
    case metajson::kind::object: return {nullptr, o_.data()};
    default: return {this, nullptr};
  }
}
inline value::iterator value::end() noexcept {
  switch (kind()) {
    case metajson::kind::null: return {};
    case metajson::kind::array: return {a_.data() + a_.size(), nullptr};
    case metajson::kind::object: return {nullptr, o_.data() + o_.size()};
    default: return {this + 1, nullptr};
  }
}
inline value::const_iterator value::begin() const noexcept {
  switch (kind()) {
    case metajson::kind::null: return {};
    case metajson::kind::array: return {a_.data(), nullptr};
    case metajson::kind::object: return {nullptr, o_.data()};
    default: return {this, nullptr};
  }
}
inline value::const_iterator value::end() const noexcept {
  switch (kind()) {
    case metajson::kind::null: return {};
    case metajson::kind::array: return {a_.data() + a_.size(), nullptr};
    case metajson::kind::object: return {nullptr, o_.data() + o_.size()};
    default: return {this + 1, nullptr};
  }
}

}  // namespace v0
}  // namespace metajson

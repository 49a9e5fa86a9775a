// metajson::value: a dynamic JSON value, for documents whose shape is not known at compile time.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace metajson {
inline namespace v0 {

/// Any JSON value: null, bool, a number that remembers whether it was a signed integer, an
/// unsigned integer or a double (or, when none of them holds it, its exact text), a string, an
/// array, or an object that keeps its members in order and keeps duplicate keys as they were.
/// Reading then writing a document through a value loses nothing: every number is read as the
/// first of int64, uint64, double that holds it, else kept as text (`big_number`), and
/// from<value>(x) accepts exactly what validate(x) accepts.
///
///     metajson::value v = metajson::value::object{{"id", 1}, {"tags", metajson::value::array{"a", "b"}}};
///     metajson::to_json(v)  ->  {"id":1,"tags":["a","b"]}
///
/// A double is always written so it reads back as a double ("1.0", not "1").
class value {
 public:
  using array = std::vector<value>;
  using object = std::vector<std::pair<std::string, value>>;
  /// A number that no int64, uint64 or double holds, kept as its text and written back as it
  /// is: an integer beyond 64 bits (`18446744073709551616`), a number beyond a double's range
  /// (`1e400`, `1e-400`, which a double would read as infinity or 0). Its text must be a JSON
  /// number (writing another is an `invalid_value` error).
  struct big_number {
    std::string text;
    friend bool operator==(const big_number&, const big_number&) = default;
  };
  using storage = std::variant<std::nullptr_t, bool, std::int64_t, std::uint64_t, double, std::string, array, object, big_number>;

  value() noexcept : v_(nullptr) {}
  value(std::nullptr_t) noexcept : v_(nullptr) {}
  value(bool b) noexcept : v_(b) {}
  template <class I>
    requires(std::is_integral_v<I> && !std::is_same_v<I, bool> && !std::is_same_v<I, char>)
  value(I i) noexcept {
    if constexpr (std::is_signed_v<I>) v_ = static_cast<std::int64_t>(i);
    else v_ = static_cast<std::uint64_t>(i);
  }
  value(double d) noexcept : v_(d) {}
  value(float f) noexcept : v_(static_cast<double>(f)) {}
  value(const char* s) : v_(std::string(s)) {}
  value(std::string_view s) : v_(std::string(s)) {}
  value(std::string s) noexcept : v_(std::move(s)) {}
  value(array a) noexcept : v_(std::move(a)) {}
  value(object o) noexcept : v_(std::move(o)) {}
  value(big_number n) noexcept : v_(std::move(n)) {}

  bool is_null() const noexcept { return std::holds_alternative<std::nullptr_t>(v_); }
  bool is_bool() const noexcept { return std::holds_alternative<bool>(v_); }
  bool is_int64() const noexcept { return std::holds_alternative<std::int64_t>(v_); }
  bool is_uint64() const noexcept { return std::holds_alternative<std::uint64_t>(v_); }
  bool is_double() const noexcept { return std::holds_alternative<double>(v_); }
  bool is_big_number() const noexcept { return std::holds_alternative<big_number>(v_); }
  bool is_number() const noexcept { return is_int64() || is_uint64() || is_double() || is_big_number(); }
  /// An integer, exactly: an int64, a uint64, or a big number without fraction or exponent.
  bool is_integer() const noexcept {
    if (is_int64() || is_uint64()) return true;
    if (auto* n = std::get_if<big_number>(&v_)) return n->text.find_first_of(".eE") == std::string::npos;
    return false;
  }
  bool is_string() const noexcept { return std::holds_alternative<std::string>(v_); }
  bool is_array() const noexcept { return std::holds_alternative<array>(v_); }
  bool is_object() const noexcept { return std::holds_alternative<object>(v_); }

  // Checked accessors: throw std::bad_variant_access on the wrong kind.
  bool as_bool() const { return std::get<bool>(v_); }
  std::int64_t as_int64() const { return std::get<std::int64_t>(v_); }
  std::uint64_t as_uint64() const { return std::get<std::uint64_t>(v_); }
  double as_double() const { return std::get<double>(v_); }
  /// A big number's text (as read, or as given).
  const std::string& big_number_text() const { return std::get<big_number>(v_).text; }
  const std::string& as_string() const { return std::get<std::string>(v_); }
  const array& as_array() const { return std::get<array>(v_); }
  array& as_array() { return std::get<array>(v_); }
  const object& as_object() const { return std::get<object>(v_); }
  object& as_object() { return std::get<object>(v_); }

  /// The first member with this key, or nullptr (also when this is not an object).
  const value* find(std::string_view key) const noexcept {
    if (auto* o = std::get_if<object>(&v_))
      for (auto& [k, v] : *o)
        if (k == key) return &v;
    return nullptr;
  }

  const storage& get() const noexcept { return v_; }
  storage& get() noexcept { return v_; }

  friend bool operator==(const value& a, const value& b) { return a.v_ == b.v_; }

 private:
  storage v_;
};

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

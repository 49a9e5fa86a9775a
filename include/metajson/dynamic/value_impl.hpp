// metajson::value's members that need the whole class (value.hpp includes this at its end):
// copying and destroying, typed access and its errors, lookups, JSON equality.
#pragma once

#include <algorithm>
#include <charconv>
#include <memory>
#include <system_error>
#include <cstdlib>
#include <string>
#include <vector>

#include "../error.hpp"
#include "value.hpp"
#include "../text/json_pointer.hpp"
#include "../detail/path.hpp"

namespace metajson {
namespace detail::dyn {

struct access {
  // The cell of a scalar or a string (not of an array or object).
  static const struct cell& cell_of(const value& v) noexcept { return v.c_; }
  static const struct cell& cell_of(const json_string& s) noexcept { return s.c_; }
  // An array's or object's container, its kind known (no check).
  static const value::array& array_of(const value& v) noexcept { return v.a_; }
  static const value::object& object_of(const value& v) noexcept { return v.o_; }
  static struct cell& cell_of(json_string& s) noexcept { return s.c_; }
  // Constructs at `at` (raw storage) a string value of tag kind|flags holding s.
  static void new_text(value* at, std::uint8_t tag, std::string_view s) {
    cell c;
    set_text(c, tag, s);
    ::new (static_cast<void*>(at)) value();
    at->c_ = c;
  }
  // Constructs at `at` a scalar value from its tag and bits.
  static void new_scalar(value* at, kind k, std::uint64_t bits) noexcept {
    ::new (static_cast<void*>(at)) value();
    at->c_.tag = code(k);
    at->c_.bits = bits;
  }
  // Replaces a string value's or key's text (a string, or a null value: its old text is freed).
  static void assign_text(json_string& k, std::uint8_t tag, std::string_view s) {
    cell c;
    set_text(c, tag, s);
    free_text(k.c_);
    k.c_ = c;
  }
  static void assign_text(value& v, std::uint8_t tag, std::string_view s) {
    cell c;
    set_text(c, tag, s);
    v = value();
    v.c_ = c;
  }
  static void set_key(json_string* at, std::uint8_t tag, std::string_view s) {
    ::new (static_cast<void*>(at)) json_string();
    set_text(at->c_, tag, s);
  }
  // A container's block, taken from it (the container is left empty), or nullptr.
  static block_header* take_block(value& v) noexcept { return v.kind() == kind::array ? v.a_.release_block() : v.o_.release_block(); }
  static value::array& array_of(value& v) noexcept { return v.a_; }
  static value::object& object_of(value& v) noexcept { return v.o_; }
  static struct cell& cell_of(value& v) noexcept { return v.c_; }
};

[[noreturn]] inline void raise(error e) {
#if METAJSON_HAS_EXCEPTIONS
  throw e;
#else
  (void)e;
  std::abort();
#endif
}

// What a value or a document node holds, in the words of the reader's errors.
constexpr const char* kind_name(kind k) noexcept {
  switch (k) {
    case kind::null: return "null";
    case kind::boolean: return "boolean";
    case kind::string: return "string";
    case kind::array: return "array";
    case kind::object: return "object";
    default: return "number";
  }
}

[[noreturn]] inline void not_found(std::string detail) { raise(error(error_code::not_found, "$", std::move(detail))); }
[[noreturn]] inline void no_element(std::size_t i, std::size_t size) {
  not_found("no element " + std::to_string(i) + " in an array of " + std::to_string(size));
}
[[noreturn]] inline void no_member(std::string_view key) { not_found("no member \"" + std::string(key.substr(0, 64)) + "\""); }

// --- exact comparison of numbers across kinds ------------------------------------------------

// A number as sign, decimal digits (no leading or trailing zeros; none for zero) and the power
// of ten of the last digit: the same for every spelling of the same number (1, 1.0, 10e-1).
struct decimal {
  bool negative = false;
  std::string digits;
  long long exponent = 0;  // saturated far beyond any double
  friend bool operator==(const decimal&, const decimal&) = default;
};

inline void normalize(decimal& d) {
  std::size_t lead = 0;
  while (lead < d.digits.size() && d.digits[lead] == '0') ++lead;
  d.digits.erase(0, lead);
  std::size_t trail = 0;
  while (trail < d.digits.size() && d.digits[d.digits.size() - 1 - trail] == '0') ++trail;
  d.digits.resize(d.digits.size() - trail);
  d.exponent += static_cast<long long>(trail);
  if (d.digits.empty()) d = decimal{};
}

// The text of a JSON number (a big number's: its grammar was checked when read or is checked when
// written; anything else compares as its bytes would).
inline decimal decimal_of_text(std::string_view t) {
  decimal d;
  std::size_t i = 0;
  if (i < t.size() && t[i] == '-') d.negative = true, ++i;
  long long frac = 0;
  bool point = false;
  for (; i < t.size() && t[i] != 'e' && t[i] != 'E'; ++i) {
    if (t[i] == '.') {
      point = true;
      continue;
    }
    d.digits += t[i];
    if (point) ++frac;
  }
  long long e = 0;
  if (i < t.size()) {
    ++i;
    bool neg = false;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) neg = t[i] == '-', ++i;
    for (; i < t.size(); ++i) e = e < 1'000'000'000'000'000LL ? e * 10 + (t[i] - '0') : e;
    if (neg) e = -e;
  }
  d.exponent = e - frac;
  normalize(d);
  return d;
}

inline decimal decimal_of_integer(bool negative, std::uint64_t magnitude) {
  decimal d;
  d.negative = negative;
  d.digits = std::to_string(magnitude);
  normalize(d);
  return d;
}

// A finite double's exact decimal value: m * 2^e is m * 5^-e * 10^e, or an integer; computed in
// base 10^9 limbs (slow; only big numbers are compared this way).
inline decimal decimal_of_double(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, 8);
  decimal d;
  d.negative = (bits >> 63) != 0;
  const int biased = static_cast<int>((bits >> 52) & 0x7FF);
  std::uint64_t m = bits & ((std::uint64_t{1} << 52) - 1);
  int e;
  if (biased == 0) {
    e = -1074;
  } else {
    m |= std::uint64_t{1} << 52;
    e = biased - 1075;
  }
  std::vector<std::uint32_t> limbs;  // little-endian, base 10^9
  for (std::uint64_t v = m; v; v /= 1'000'000'000) limbs.push_back(static_cast<std::uint32_t>(v % 1'000'000'000));
  const auto times = [&](std::uint32_t f) {
    std::uint64_t carry = 0;
    for (auto& l : limbs) {
      const std::uint64_t v = std::uint64_t{l} * f + carry;
      l = static_cast<std::uint32_t>(v % 1'000'000'000);
      carry = v / 1'000'000'000;
    }
    if (carry) limbs.push_back(static_cast<std::uint32_t>(carry));
  };
  for (int i = 0; i < (e > 0 ? e : -e); ++i) times(e > 0 ? 2 : 5);
  for (std::size_t i = limbs.size(); i-- > 0;) {
    std::string part = std::to_string(limbs[i]);
    if (i + 1 != limbs.size()) part.insert(0, 9 - part.size(), '0');
    d.digits += part;
  }
  d.exponent = e < 0 ? e : 0;
  normalize(d);
  return d;
}

inline decimal decimal_of(const value& v) {
  switch (v.kind()) {
    case kind::int64: {
      const std::int64_t i = v.as_int64();
      return decimal_of_integer(i < 0, i < 0 ? std::uint64_t(0) - static_cast<std::uint64_t>(i) : static_cast<std::uint64_t>(i));
    }
    case kind::uint64: return decimal_of_integer(false, v.as_uint64());
    case kind::float64: return decimal_of_double(v.as_double());
    default: return decimal_of_text(v.big_number_text());
  }
}

inline bool finite(double d) noexcept { return d - d == 0; }

// Numbers by their value, exactly.
inline bool numbers_equal(const value& a, const value& b) {
  const kind ka = a.kind(), kb = b.kind();
  if (ka == kind::big_number || kb == kind::big_number) {
    if (ka == kind::float64 && !finite(a.as_double())) return false;
    if (kb == kind::float64 && !finite(b.as_double())) return false;
    return decimal_of(a) == decimal_of(b);
  }
  const std::uint64_t ua = access::cell_of(a).bits, ub = access::cell_of(b).bits;
  if (ka == kb) {
    if (ka != kind::float64) return ua == ub;
    const double x = a.as_double(), y = b.as_double();
    return x == y || (x != x && y != y);  // NaN equals NaN: a value equals itself
  }
  if (ka != kind::float64 && kb != kind::float64) {  // int64 and uint64
    const std::uint64_t i = ka == kind::int64 ? ua : ub, u = ka == kind::int64 ? ub : ua;
    return static_cast<std::int64_t>(i) >= 0 && i == u;
  }
  const double x = ka == kind::float64 ? a.as_double() : b.as_double();
  const value& n = ka == kind::float64 ? b : a;
  if (!finite(x)) return false;
  if (n.is_int64()) {
    if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0)) return false;
    const auto i = static_cast<std::int64_t>(x);
    return static_cast<double>(i) == x && i == n.as_int64();
  }
  if (!(x >= 0 && x < 18446744073709551616.0)) return false;
  const auto u = static_cast<std::uint64_t>(x);
  return static_cast<double>(u) == x && u == n.as_uint64();
}

}  // namespace detail::dyn
inline namespace v0 {

// --- construction, copying, destruction -------------------------------------------------------

}  // namespace v0
namespace detail::dyn {

METAJSON_ALWAYS_INLINE bool is_container(kind k) noexcept { return k == kind::array || k == kind::object; }

// Frees a container's block and everything under it, without recursion and without allocating:
// the blocks still to free are chained through their headers' capacity field (which is why they
// are freed unsized), the kind in the link's low bit (blocks are 16-byte aligned). Strings are
// freed as they are met.
inline void dispose(block_header* b, kind k) noexcept {
  static_assert(alignof(block_header) >= 2);
  b->capacity = 0;  // the end of the chain
  std::uintptr_t pending = reinterpret_cast<std::uintptr_t>(b) | (k == kind::object ? 1u : 0u);
  while (pending) {
    auto* cur = reinterpret_cast<block_header*>(pending & ~std::uintptr_t{1});
    const bool object = pending & 1u;
    pending = static_cast<std::uintptr_t>(cur->capacity);
    const auto release = [&](value& v) noexcept {
      const kind vk = v.kind();
      if (is_container(vk)) {
        if (block_header* c = access::take_block(v)) {
          c->capacity = static_cast<std::size_t>(pending);
          pending = reinterpret_cast<std::uintptr_t>(c) | (vk == kind::object ? 1u : 0u);
        }
      } else {
        free_text(access::cell_of(v));  // (nothing for other scalars: the flag is on strings only)
      }
    };
    if (object) {
      auto* m = elements<value::member>(cur);
      for (std::size_t i = 0, n = cur->size; i < n; ++i) {
        free_text(access::cell_of(m[i].first));
        release(m[i].second);
      }
    } else {
      value* e = elements<value>(cur);
      for (std::size_t i = 0, n = cur->size; i < n; ++i) release(e[i]);
    }
    ::operator delete(static_cast<void*>(cur));
  }
}

// A stack that holds its first N items in place: most values are shallow, and copying or
// comparing them should not allocate for the walk. T is trivially copyable.
template <class T, std::size_t N = 32>
class small_stack {
 public:
  bool empty() const noexcept { return size_ == 0; }
  T& back() noexcept { return size_ <= N ? local_[size_ - 1] : more_[size_ - N - 1]; }
  void push(const T& t) {
    if (size_ < N) local_[size_] = t;
    else more_.push_back(t);
    ++size_;
  }
  void pop() noexcept {
    if (size_ > N) more_.pop_back();
    --size_;
  }

 private:
  T local_[N];
  std::size_t size_ = 0;
  std::vector<T> more_;
};

// A scalar's or string's copy (not a container's).
inline void copy_leaf(const value& from, value* to) {
  const cell& c = access::cell_of(from);
  cell& d = access::cell_of(*to);
  if (c.tag & flag_heap) set_text(d, static_cast<std::uint8_t>(c.tag & ~flag_heap), text(c));
  else d = c;
}

// Makes `to` (null) a deep copy of `from`, without recursion: each container is sized once,
// its scalars and strings copied, its containers made empty and queued. When memory runs out,
// what was made is a valid value (the queued containers empty, or partly filled), which the
// caller frees.
inline void copy_tree(const value& from, value& to) {
  struct item {
    const value* from;
    value* to;
  };
  small_stack<item> todo;
  const auto start = [&](const value& f, value& t) {  // t is null
    if (f.is_array()) t = value::array();
    else if (f.is_object()) t = value::object();
    else return copy_leaf(f, &t);
    if (f.size() != 0) todo.push({&f, &t});
  };
  start(from, to);
  while (!todo.empty()) {
    const item it = todo.back();
    todo.pop();
    if (it.from->is_array()) {
      const value::array& f = access::array_of(*it.from);
      value::array& t = access::array_of(*it.to);
      t.reserve(f.size());  // once: the addresses queued below stay valid
      for (const value& e : f) start(e, t.emplace_back());
    } else {
      const value::object& f = access::object_of(*it.from);
      value::object& t = access::object_of(*it.to);
      t.reserve(f.size());
      for (const value::member& m : f) start(m.second, t.emplace_back(m.first, value()).second);
    }
  }
}

}  // namespace detail::dyn
inline namespace v0 {

inline value::value(const value& o) {
  switch (o.kind()) {
    case metajson::kind::array:
    case metajson::kind::object:
      ::new (static_cast<void*>(&c_)) detail::dyn::cell{};
#if METAJSON_HAS_EXCEPTIONS
      try {
        detail::dyn::copy_tree(o, *this);
      } catch (...) {
        destroy();
        throw;
      }
#else
      detail::dyn::copy_tree(o, *this);
#endif
      break;
    default: detail::dyn::copy_leaf(o, this);
  }
}

inline void value::destroy() noexcept {
  switch (kind()) {
    case metajson::kind::string:
    case metajson::kind::big_number: detail::dyn::free_text(c_); break;
    case metajson::kind::array:
    case metajson::kind::object:
      if (detail::dyn::block_header* b = detail::dyn::access::take_block(*this)) detail::dyn::dispose(b, kind());
      break;
    default: break;
  }
}

inline const value& value::null_value() noexcept {
  static const value v;
  return v;
}

// --- typed access -------------------------------------------------------------------------------

inline void value::fail_kind(const char* expected) const {
  detail::dyn::raise(error(error_code::type_mismatch, "$", std::string("expected ") + expected + ", found " + detail::dyn::kind_name(kind())));
}

inline bool value::as_bool() const {
  if (!is_bool()) fail_kind("boolean");
  return c_.bits != 0;
}
inline std::int64_t value::as_int64() const {
  if (is_int64()) return static_cast<std::int64_t>(c_.bits);
  if (is_uint64()) {
    if (c_.bits <= static_cast<std::uint64_t>(INT64_MAX)) return static_cast<std::int64_t>(c_.bits);
    detail::dyn::raise(error(error_code::number_out_of_range, "$", std::to_string(c_.bits) + " does not fit 64-bit integer"));
  }
  if (is_big_number() && is_integer())
    detail::dyn::raise(error(error_code::number_out_of_range, "$", std::string(big_number_text().substr(0, 40)) + " does not fit 64-bit integer"));
  fail_kind("integer");
}
inline std::uint64_t value::as_uint64() const {
  if (is_uint64()) return c_.bits;
  if (is_int64()) {
    if (static_cast<std::int64_t>(c_.bits) >= 0) return c_.bits;
    detail::dyn::raise(error(error_code::number_out_of_range, "$",
                             std::to_string(static_cast<std::int64_t>(c_.bits)) + " does not fit 64-bit unsigned integer"));
  }
  if (is_big_number() && is_integer())
    detail::dyn::raise(
        error(error_code::number_out_of_range, "$", std::string(big_number_text().substr(0, 40)) + " does not fit 64-bit unsigned integer"));
  fail_kind("unsigned integer");
}
inline double value::as_double() const {
  if (is_double()) {
    double d;
    std::memcpy(&d, &c_.bits, 8);
    return d;
  }
  if (is_int64()) return static_cast<double>(static_cast<std::int64_t>(c_.bits));
  if (is_uint64()) return static_cast<double>(c_.bits);
  if (is_big_number()) {  // as from<double> reads its text: the nearest double, 0 below the least
    const std::string_view t = detail::dyn::text(c_);
    double d = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), d);
    if (ec == std::errc() && end == t.data() + t.size()) return d;
    if (ec == std::errc::result_out_of_range) {
      const detail::dyn::decimal x = detail::dyn::decimal_of_text(t);
      if (x.exponent + static_cast<long long>(x.digits.size()) <= 0) return x.negative ? -0.0 : 0.0;  // |x| < 1: underflow
    }
    detail::dyn::raise(error(error_code::number_out_of_range, "$", std::string(t.substr(0, 40)) + " does not fit a double"));
  }
  fail_kind("number");
}
inline std::string_view value::as_string() const {
  if (!is_string()) fail_kind("string");
  return detail::dyn::text(c_);
}
inline std::string_view value::big_number_text() const {
  if (!is_big_number()) fail_kind("big number");
  return detail::dyn::text(c_);
}
inline const value::array& value::as_array() const {
  if (!is_array()) fail_kind("array");
  return a_;
}
inline value::array& value::as_array() {
  if (!is_array()) fail_kind("array");
  return a_;
}
inline const value::object& value::as_object() const {
  if (!is_object()) fail_kind("object");
  return o_;
}
inline value::object& value::as_object() {
  if (!is_object()) fail_kind("object");
  return o_;
}

inline std::size_t value::size() const noexcept {
  switch (kind()) {
    case metajson::kind::array: return a_.size();
    case metajson::kind::object: return o_.size();
    case metajson::kind::string: return detail::dyn::text(c_).size();
    default: return 0;
  }
}
inline bool value::empty() const noexcept {
  switch (kind()) {
    case metajson::kind::null: return true;
    case metajson::kind::array:
    case metajson::kind::object:
    case metajson::kind::string: return size() == 0;
    default: return false;
  }
}
inline void value::clear() noexcept {
  switch (kind()) {
    case metajson::kind::array: a_.clear(); break;
    case metajson::kind::object: o_.clear(); break;
    case metajson::kind::string:
      detail::dyn::free_text(c_);
      c_ = {};
      c_.tag = detail::dyn::code(metajson::kind::string);
      break;
    default: break;
  }
}

// --- lookups --------------------------------------------------------------------------------------

inline const value* value::find(std::string_view key) const noexcept {
  if (!is_object()) return nullptr;
  const member* m = o_.find(key);
  return m == o_.end() ? nullptr : &m->second;
}
inline value* value::find(std::string_view key) noexcept {
  if (!is_object()) return nullptr;
  member* m = o_.find(key);
  return m == o_.end() ? nullptr : &m->second;
}
inline std::size_t value::count(std::string_view key) const noexcept { return is_object() ? o_.count(key) : 0; }

inline const value& value::operator[](std::string_view key) const noexcept {
  const value* v = find(key);
  return v ? *v : null_value();
}
inline value& value::operator[](std::string_view key) {
  if (is_null()) *this = object();
  if (!is_object()) fail_kind("object (or null)");
  return o_[key];
}
inline const value& value::operator[](std::size_t i) const noexcept {
  if (!is_array() || i >= a_.size()) return null_value();
  return a_[i];
}
inline value& value::operator[](std::size_t i) {
  if (!is_array()) fail_kind("array");
  if (i >= a_.size()) detail::dyn::no_element(i, a_.size());
  return a_[i];
}
inline const value& value::at(std::string_view key) const {
  if (!is_object()) fail_kind("object");
  const value* v = find(key);
  if (!v) detail::dyn::no_member(key);
  return *v;
}
inline value& value::at(std::string_view key) {
  if (!is_object()) fail_kind("object");
  value* v = find(key);
  if (!v) detail::dyn::no_member(key);
  return *v;
}
inline const value& value::at(std::size_t i) const {
  if (!is_array()) fail_kind("array");
  if (i >= a_.size()) detail::dyn::no_element(i, a_.size());
  return a_[i];
}
inline value& value::at(std::size_t i) {
  if (!is_array()) fail_kind("array");
  if (i >= a_.size()) detail::dyn::no_element(i, a_.size());
  return a_[i];
}

inline void value::push_back(value v) {
  if (is_null()) *this = array();
  if (!is_array()) fail_kind("array (or null)");
  a_.push_back(std::move(v));
}
template <class... A>
value& value::emplace_back(A&&... a) {
  if (is_null()) *this = array();
  if (!is_array()) fail_kind("array (or null)");
  return a_.emplace_back(std::forward<A>(a)...);
}
inline value& value::emplace(std::string_view key, value v) {
  if (is_null()) *this = object();
  if (!is_object()) fail_kind("object (or null)");
  return o_.emplace_back(json_string(key), std::move(v)).second;
}
inline std::size_t value::erase(std::string_view key) { return is_object() ? o_.erase(key) : 0; }
inline void value::erase(std::size_t i) {
  if (!is_array()) fail_kind("array");
  if (i >= a_.size()) detail::dyn::no_element(i, a_.size());
  a_.erase(a_.begin() + i);
}

inline const value::object& value::items() const {
  static const object empty;
  if (is_null()) return empty;
  return as_object();
}
inline value::object& value::items() {
  if (is_null()) *this = object();
  return as_object();
}

template <class F>
decltype(auto) value::visit(F&& f) const {
  switch (kind()) {
    case metajson::kind::null: return std::forward<F>(f)(nullptr);
    case metajson::kind::boolean: return std::forward<F>(f)(c_.bits != 0);
    case metajson::kind::int64: return std::forward<F>(f)(static_cast<std::int64_t>(c_.bits));
    case metajson::kind::uint64: return std::forward<F>(f)(c_.bits);
    case metajson::kind::float64: return std::forward<F>(f)(as_double());
    case metajson::kind::big_number: return std::forward<F>(f)(big_number{std::string(detail::dyn::text(c_))});
    case metajson::kind::string: return std::forward<F>(f)(detail::dyn::text(c_));
    case metajson::kind::array: return std::forward<F>(f)(a_);
    default: return std::forward<F>(f)(o_);
  }
}
template <class F>
decltype(auto) value::visit(F&& f) {
  switch (kind()) {
    case metajson::kind::array: return std::forward<F>(f)(a_);
    case metajson::kind::object: return std::forward<F>(f)(o_);
    default: return std::as_const(*this).visit(std::forward<F>(f));
  }
}

// --- JSON Pointer ------------------------------------------------------------------------------------

}  // namespace v0
namespace detail::dyn {

// Where a pointer's walk got: the value reached after `depth` tokens, the JSON path of that
// part, and (when it stopped early) why.
template <class V>
struct pointer_reach {
  V* at = nullptr;
  std::size_t depth = 0;
  std::string path = "$";
  std::string why;
};

// Follows tokens [0, n) of t from root.
template <class V>
pointer_reach<V> follow(V& root, const pointer_tokens& t, std::size_t n) {
  pointer_reach<V> r;
  r.at = &root;
  for (; r.depth < n; ++r.depth) {
    V& here = *r.at;
    const std::string& token = t.tokens[r.depth];
    if (here.is_object()) {
      V* next = here.find(token);
      if (!next) {
        r.why = "an object without the key \"" + token.substr(0, 64) + "\"";
        return r;
      }
      r.path += key_segment(token);
      r.at = next;
    } else if (here.is_array()) {
      const std::optional<std::size_t> i = array_index(token, r.why);
      if (!i) return r;
      if (*i >= here.size()) {
        r.why = "an array of " + std::to_string(here.size()) + (here.size() == 1 ? " element" : " elements");
        return r;
      }
      r.path += index_segment(*i);
      r.at = &here[*i];
    } else {
      const std::string k = kind_name(here.kind());
      r.why = (k == "null" ? k : "a " + k) + ", which holds no \"" + token.substr(0, 64) + "\"";
      return r;
    }
  }
  return r;
}

[[noreturn]] inline void pointer_not_resolved(const pointer_tokens& t, std::size_t depth, std::string path, const std::string& why) {
  raise(error(error_code::pointer_not_found, std::move(path),
              "\"" + std::string(t.text) + "\" resolves as far as " + t.prefix(depth) + (depth == 0 ? " (the whole document)" : "") + ", " + why));
}

template <class V>
V& at_pointer(V& root, std::string_view pointer) {
  pointer_tokens t;
  if (error e = parse_pointer_tokens(pointer, t)) raise(std::move(e));
  pointer_reach<V> r = follow(root, t, t.tokens.size());
  if (!r.why.empty()) pointer_not_resolved(t, r.depth, std::move(r.path), r.why);
  return *r.at;
}

template <class V>
V* find_pointer(V& root, std::string_view pointer) {
  pointer_tokens t;
  if (parse_pointer_tokens(pointer, t)) return nullptr;
  pointer_reach<V> r = follow(root, t, t.tokens.size());
  return r.why.empty() ? r.at : nullptr;
}

}  // namespace detail::dyn
inline namespace v0 {

inline const value* value::find_pointer(std::string_view pointer) const { return detail::dyn::find_pointer(*this, pointer); }
inline value* value::find_pointer(std::string_view pointer) { return detail::dyn::find_pointer(*this, pointer); }
inline const value& value::at_pointer(std::string_view pointer) const { return detail::dyn::at_pointer(*this, pointer); }
inline value& value::at_pointer(std::string_view pointer) { return detail::dyn::at_pointer(*this, pointer); }

inline value& value::set_pointer(std::string_view pointer, value v) {
  detail::pointer_tokens t;
  if (error e = detail::parse_pointer_tokens(pointer, t)) detail::dyn::raise(std::move(e));
  if (t.tokens.empty()) return *this = std::move(v);
  const std::size_t last = t.tokens.size() - 1;
  detail::dyn::pointer_reach<value> r = detail::dyn::follow(*this, t, last);
  if (!r.why.empty()) detail::dyn::pointer_not_resolved(t, r.depth, std::move(r.path), r.why);
  value& parent = *r.at;
  const std::string& token = t.tokens[last];
  if (parent.is_object()) {
    if (value* m = parent.find(token)) return *m = std::move(v);
    return parent.o_.emplace_back(json_string(token), std::move(v)).second;
  }
  if (parent.is_array()) {
    if (token == "-") return parent.a_.emplace_back(std::move(v));
    std::string why;
    const std::optional<std::size_t> i = detail::array_index(token, why);
    if (i && *i > parent.a_.size())
      why = "an array of " + std::to_string(parent.a_.size()) + (parent.a_.size() == 1 ? " element" : " elements") +
            ", where an element can be added at index " + std::to_string(parent.a_.size()) + " at most";
    if (!why.empty()) detail::dyn::pointer_not_resolved(t, last, std::move(r.path), why);
    return *parent.a_.insert(parent.a_.begin() + *i, std::move(v));
  }
  const std::string k = detail::dyn::kind_name(parent.kind());
  detail::dyn::pointer_not_resolved(t, last, std::move(r.path), (k == "null" ? k : "a " + k) + ", which can hold no \"" + token.substr(0, 64) + "\"");
}

inline value value::erase_pointer(std::string_view pointer) {
  detail::pointer_tokens t;
  if (error e = detail::parse_pointer_tokens(pointer, t)) detail::dyn::raise(std::move(e));
  if (t.tokens.empty()) detail::dyn::raise(error(error_code::invalid_pointer, "$", "\"\" names the whole value, which cannot be removed"));
  const std::size_t last = t.tokens.size() - 1;
  detail::dyn::pointer_reach<value> r = detail::dyn::follow(*this, t, t.tokens.size());
  if (!r.why.empty()) detail::dyn::pointer_not_resolved(t, r.depth, std::move(r.path), r.why);
  value& parent = *detail::dyn::follow(*this, t, last).at;
  value out = std::move(*r.at);
  if (parent.is_object()) parent.o_.erase(parent.o_.find(t.tokens[last]));  // the first with the key, as followed
  else parent.a_.erase(r.at);
  return out;
}

inline json_pointer::json_pointer(std::string_view text) : text_(text) {
  detail::pointer_tokens t;
  if (error e = detail::parse_pointer_tokens(text, t)) detail::dyn::raise(std::move(e));
}

inline value& value::operator[](const json_pointer& p) {
  detail::pointer_tokens t;
  if (error e = detail::parse_pointer_tokens(p.to_string(), t)) detail::dyn::raise(std::move(e));
  value* at = this;
  std::string path = "$";
  for (std::size_t depth = 0; depth < t.tokens.size(); ++depth) {
    const std::string& token = t.tokens[depth];
    std::string why;
    const std::optional<std::size_t> i = token == "-" ? std::nullopt : detail::array_index(token, why);
    if (at->is_null()) {
      if (i || token == "-") *at = value::array{};
      else *at = value::object{};
    }
    if (at->is_object()) {
      path += detail::key_segment(token);
      at = &(*at)[std::string_view(token)];
    } else if (at->is_array()) {
      if (token == "-") {
        path += detail::index_segment(at->a_.size());
        at = &at->a_.emplace_back();
        continue;
      }
      if (i && *i > at->a_.size())  // (no padding: a stray index must not make millions of nulls)
        why = "an array of " + std::to_string(at->a_.size()) + (at->a_.size() == 1 ? " element" : " elements") +
              ", where an element can be added at index " + std::to_string(at->a_.size()) + " at most";
      if (!why.empty()) detail::dyn::pointer_not_resolved(t, depth, std::move(path), why);
      path += detail::index_segment(*i);
      at = *i == at->a_.size() ? &at->a_.emplace_back() : &at->a_[*i];
    } else {
      const std::string k = detail::dyn::kind_name(at->kind());
      detail::dyn::pointer_not_resolved(t, depth, std::move(path), "a " + k + ", which can hold no \"" + token.substr(0, 64) + "\"");
    }
  }
  return *at;
}

// --- equality ----------------------------------------------------------------------------------------

}  // namespace v0
namespace detail::dyn {

// The members of two objects with the same keys in another order (or the same order with a
// value that differs, which duplicate keys may pair otherwise), matched as multisets: sorted by
// key, then within each run of one key every member of a matched with an unused one of b
// (greedy: JSON equality is an equivalence, so it finds a matching when there is one).
struct member_matching {
  std::vector<const value::member*> x, y;
  std::vector<bool> used;  // of the current run, in y
  std::size_t run = 0, end = 0, k = 0, l = 0;

  // false when the keys differ as multisets (no matching can exist).
  bool start(const value::object& a, const value::object& b) {
    const std::size_t n = a.size();
    x.reserve(n);
    y.reserve(n);
    for (const value::member& m : a) x.push_back(&m);
    for (const value::member& m : b) y.push_back(&m);
    const auto by_key = [](const value::member* p, const value::member* q) { return p->first.view() < q->first.view(); };
    std::stable_sort(x.begin(), x.end(), by_key);
    std::stable_sort(y.begin(), y.end(), by_key);
    for (std::size_t i = 0; i < n; ++i)
      if (x[i]->first != y[i]->first) return false;
    next_run(0);
    return true;
  }
  void next_run(std::size_t from) {
    run = k = l = from;
    end = from;
    while (end < x.size() && x[end]->first == x[from]->first) ++end;
    used.assign(end - run, false);
  }
};

// Whether an object holds a key twice (JSON allows it; a value keeps both).
inline bool has_duplicate_keys(const value::object& o) {
  const std::size_t n = o.size();
  if (n <= 8) {
    for (std::size_t i = 1; i < n; ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (o[i].first == o[j].first) return true;
    return false;
  }
  std::vector<std::string_view> keys;
  keys.reserve(n);
  for (const value::member& m : o) keys.push_back(m.first.view());
  std::sort(keys.begin(), keys.end());
  return std::adjacent_find(keys.begin(), keys.end()) != keys.end();
}

// JSON equality (Identical false) or identical() of two values, without recursion: a stack of
// the containers being compared, each with the index of its next element.
template <bool Identical>
bool compare_values(const value& a, const value& b) {
  struct frame {
    const value* a;
    const value* b;
    std::size_t i, n;
    member_matching* match;  // JSON equality of objects, when member by member did not do
  };
  small_stack<frame> stack;
  std::vector<std::unique_ptr<member_matching>> matchings;  // (owners of frame::match)
  const auto matching = [&](const value& x, const value& y) -> member_matching* {
    auto m = std::make_unique<member_matching>();
    if (!m->start(access::object_of(x), access::object_of(y))) return nullptr;
    matchings.push_back(std::move(m));
    return matchings.back().get();
  };
  // 0: unequal, 1: equal, 2: containers of the same size, pushed.
  const auto start = [&](const value& x, const value& y) -> int {
    const kind kx = x.kind(), ky = y.kind();
    if constexpr (!Identical) {
      if (x.is_number() && y.is_number()) return numbers_equal(x, y);
    }
    if (kx != ky) return 0;
    switch (kx) {
      case kind::null: return 1;
      case kind::boolean:
      case kind::int64:
      case kind::uint64:
      case kind::float64: return access::cell_of(x).bits == access::cell_of(y).bits;
      case kind::string:
      case kind::big_number: return text(access::cell_of(x)) == text(access::cell_of(y));
      default: break;
    }
    const std::size_t n = x.size();
    if (n != y.size()) return 0;
    if (n == 0) return 1;
    member_matching* m = nullptr;
    if constexpr (!Identical) {
      if (kx == kind::object) {
        const value::object &ox = access::object_of(x), &oy = access::object_of(y);
        bool same_order = true;
        for (std::size_t i = 0; i < n && same_order; ++i) same_order = ox[i].first == oy[i].first;
        if (!same_order && !(m = matching(x, y))) return 0;
      }
    }
    stack.push({&x, &y, 0, n, m});
    return 2;
  };

  int last = start(a, b);
  if (last != 2) return last == 1;
  last = -1;  // the result of the comparison the top frame started, when there is one
  while (!stack.empty()) {
    frame& f = stack.back();
    const value *x, *y;
    if (!f.match) {  // element by element
      if (last == 0) {
        if constexpr (!Identical) {
          // Same keys in the same order and a value differs: unequal, unless a key is there twice
          // (then its values may pair otherwise). (Matching unique keys again would compare the
          // subtree twice at every level: quadratic in the depth.)
          if (f.a->is_object() && has_duplicate_keys(access::object_of(*f.a))) {
            if ((f.match = matching(*f.a, *f.b))) {
              last = -1;
              continue;
            }
          }
        }
        stack.pop();
        continue;  // (last stays 0 for the frame below)
      }
      if (last == 1) ++f.i;
      if (f.i == f.n) {
        stack.pop();
        last = 1;
        continue;
      }
      if (f.a->is_array()) {
        x = &access::array_of(*f.a)[f.i];
        y = &access::array_of(*f.b)[f.i];
      } else {
        const value::member &mx = access::object_of(*f.a)[f.i], &my = access::object_of(*f.b)[f.i];
        if constexpr (Identical) {
          if (mx.first != my.first) {
            stack.pop();
            last = 0;
            continue;
          }
        }
        x = &mx.second;
        y = &my.second;
      }
    } else {  // member matching
      member_matching& m = *f.match;
      if (last == 1) {
        m.used[m.l - m.run] = true;
        ++m.k;
        m.l = m.run;
      } else if (last == 0) {
        ++m.l;
      }
      if (m.k == m.end) {
        if (m.end == m.x.size()) {
          stack.pop();
          last = 1;
          continue;
        }
        m.next_run(m.end);
      }
      while (m.l < m.end && m.used[m.l - m.run]) ++m.l;
      if (m.l == m.end) {  // x[k] matches no member left
        stack.pop();
        last = 0;
        continue;
      }
      x = &m.x[m.k]->second;
      y = &m.y[m.l]->second;
    }
    last = start(*x, *y);
    if (last == 2) last = -1;
  }
  return last == 1;
}

}  // namespace detail::dyn
inline namespace v0 {

inline bool value::equal(const value& a, const value& b) { return detail::dyn::compare_values<false>(a, b); }

inline bool identical(const value& a, const value& b) { return detail::dyn::compare_values<true>(a, b); }

}  // namespace v0
namespace detail::dyn {

template <class V>
V& array_t<V>::at(std::size_t i) {
  if (i >= this->size()) no_element(i, this->size());
  return (*this)[i];
}
template <class V>
const V& array_t<V>::at(std::size_t i) const {
  if (i >= this->size()) no_element(i, this->size());
  return (*this)[i];
}
template <class V>
V& object_t<V>::at(std::string_view key) {
  member* m = find(key);
  if (m == this->end()) no_member(key);
  return m->second;
}
template <class V>
const V& object_t<V>::at(std::string_view key) const {
  const member* m = find(key);
  if (m == this->end()) no_member(key);
  return m->second;
}
template <class V>
typename object_t<V>::member& object_t<V>::at(std::size_t i) {
  if (i >= this->size()) not_found("no member " + std::to_string(i) + " in an object of " + std::to_string(this->size()));
  return (*this)[i];
}
template <class V>
const typename object_t<V>::member& object_t<V>::at(std::size_t i) const {
  if (i >= this->size()) not_found("no member " + std::to_string(i) + " in an object of " + std::to_string(this->size()));
  return (*this)[i];
}

// Objects as multisets of members: sorted by key, then each run of one key matched value by value
// (JSON equality is an equivalence, so a greedy match finds one when there is one).
template <class V>
bool objects_equal(const object_t<V>& a, const object_t<V>& b) {
  const std::size_t n = a.size();
  if (n != b.size()) return false;
  bool same_order = true;  // the common case: the same keys in the same order
  for (std::size_t i = 0; i < n && same_order; ++i) same_order = a[i].first == b[i].first;
  if (same_order) {
    bool all_equal = true;
    for (std::size_t i = 0; i < n && all_equal; ++i) all_equal = a[i].second == b[i].second;
    if (all_equal) return true;
  }
  using member = typename object_t<V>::member;
  std::vector<const member*> x, y;
  x.reserve(n);
  y.reserve(n);
  for (const member& m : a) x.push_back(&m);
  for (const member& m : b) y.push_back(&m);
  const auto by_key = [](const member* p, const member* q) { return p->first.view() < q->first.view(); };
  std::stable_sort(x.begin(), x.end(), by_key);
  std::stable_sort(y.begin(), y.end(), by_key);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && x[j]->first == x[i]->first) ++j;
    for (std::size_t k = i; k < j; ++k)
      if (y[k]->first != x[i]->first) return false;
    if (j < n && y[j]->first == x[i]->first) return false;
    std::vector<bool> used(j - i);
    for (std::size_t k = i; k < j; ++k) {
      bool matched = false;
      for (std::size_t l = i; l < j && !matched; ++l)
        if (!used[l - i] && x[k]->second == y[l]->second) used[l - i] = matched = true;
      if (!matched) return false;
    }
    i = j;
  }
  return true;
}

}  // namespace detail::dyn
}  // namespace metajson

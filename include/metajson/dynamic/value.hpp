// metajson::value: a dynamic JSON value, for documents whose shape is not known at compile time.
#pragma once

#include "../detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "../detail/endian.hpp"
#include "../detail/macros.hpp"
#include "iterator.hpp"
#include "../options.hpp"

namespace metajson {
inline namespace v0 {

/// The kinds of JSON value that metajson::value and metajson::document tell apart.
enum class kind : std::uint8_t { null, boolean, int64, uint64, float64, big_number, string, array, object };

class value;
class json_string;
class json_pointer;

}  // namespace v0
namespace detail::dyn {
struct access;  // the readers' and writers' way in (dynamic/)

// The 16 bytes of a value, and of a json_string (a value's key): a tag byte (the kind in bits
// 0-3, flags above), then the payload. Strings of up to 14 bytes are held inline (length in
// byte 1, bytes 2-15); longer ones on the heap (length in bytes 2-7, 48 bits; the pointer in
// bytes 8-15). Nothing points into the cell itself, so a value moves by copying its bytes.
struct cell {
  std::uint8_t tag;
  std::uint8_t len;  // inline string: its length
  char head[6];      // inline string: bytes 0-5; heap string: its length
  union {
    char tail[8];  // inline string: bytes 6-13
    char* heap;
    void* block;  // array or object
    std::uint64_t bits;
  };
};
static_assert(sizeof(cell) == 16 && std::is_trivially_copyable_v<cell>);

inline constexpr std::uint8_t kind_mask = 0x0F;
inline constexpr std::uint8_t flag_plain = 0x10;  // a string with nothing to escape, valid UTF-8: written as it is
inline constexpr std::uint8_t flag_heap = 0x20;   // a string (or big number) whose bytes are on the heap
inline constexpr std::size_t inline_capacity = 14;
inline constexpr std::size_t max_string_size = (std::size_t{1} << 48) - 1;

constexpr std::uint8_t code(kind k) noexcept { return static_cast<std::uint8_t>(k); }
METAJSON_ALWAYS_INLINE kind kind_of(const cell& c) noexcept { return static_cast<kind>(c.tag & kind_mask); }

// A heap string's length: bytes 2-7, the first lowest (one load on a little-endian target).
METAJSON_ALWAYS_INLINE std::size_t heap_size(const cell& c) noexcept {
  return static_cast<std::size_t>(load_le<std::uint64_t>(&c) >> 16);
}
METAJSON_ALWAYS_INLINE const char* inline_bytes(const cell& c) noexcept { return reinterpret_cast<const char*>(&c) + 2; }
METAJSON_ALWAYS_INLINE char* inline_bytes(cell& c) noexcept { return reinterpret_cast<char*>(&c) + 2; }

// The bytes of a string or big number cell.
METAJSON_ALWAYS_INLINE std::string_view text(const cell& c) noexcept {
  if (c.tag & flag_heap) return {c.heap, heap_size(c)};
  return {inline_bytes(c), c.len};
}

// Memory that cannot be had (std::bad_alloc; with exceptions disabled, abort).
[[noreturn]] inline void out_of_memory() {
#if METAJSON_HAS_EXCEPTIONS
  throw std::bad_alloc();
#else
  __builtin_trap();
#endif
}

// Makes c a string-like cell with tag `tag` (a string's or a big number's, with flag_plain when s
// needs no escaping and is valid UTF-8: the readers know it, stage 1 checked it) holding s. c
// holds nothing before.
// Inline at every use: left to GCC, whether the reader's keys inlined it changed with unrelated
// code in the same program (from<value> on twitter 8.25 or 8.42 M instructions whether the
// document's builder had one capacity check or another: docs/performance.md).
METAJSON_ALWAYS_INLINE void set_text(cell& c, std::uint8_t tag, std::string_view s) {
  const std::size_t n = s.size();
  if (n <= inline_capacity) {
    c.tag = tag;
    c.len = static_cast<std::uint8_t>(n);
    std::memset(c.head, 0, sizeof c.head);
    c.bits = 0;
    if (n) std::memcpy(inline_bytes(c), s.data(), n);
    return;
  }
  if (n > max_string_size) out_of_memory();  // (no string that long fits in memory anyway)
  char* p = static_cast<char*>(::operator new(n));
  std::memcpy(p, s.data(), n);
  std::uint64_t head = static_cast<std::uint64_t>(tag | flag_heap) | std::uint64_t{n} << 16;
  if constexpr (std::endian::native == std::endian::big) head = std::byteswap(head);
  std::memcpy(&c, &head, 8);
  c.heap = p;
}
inline void free_text(cell& c) noexcept {
  if (c.tag & flag_heap) ::operator delete(c.heap, heap_size(c));
}

}  // namespace detail::dyn
inline namespace v0 {

/// An owned string, 16 bytes, its bytes inline up to 14 of them: the key of a metajson::value
/// object's member. It converts to std::string_view; compare it with ==.
class json_string {
 public:
  using value_type = char;
  using traits_type = std::char_traits<char>;
  using size_type = std::size_t;
  using const_iterator = const char*;
  using iterator = const char*;

  json_string() noexcept { set_empty(); }
  json_string(std::string_view s) { detail::dyn::set_text(c_, detail::dyn::code(kind::string), s); }
  json_string(const char* s) : json_string(std::string_view(s)) {}
  json_string(const std::string& s) : json_string(std::string_view(s)) {}
  json_string(const json_string& o) {
    if (o.c_.tag & detail::dyn::flag_heap) {
      detail::dyn::set_text(c_, static_cast<std::uint8_t>(o.c_.tag & ~detail::dyn::flag_heap), o.view());
    } else {
      c_ = o.c_;
    }
  }
  json_string(json_string&& o) noexcept : c_(o.c_) { o.set_empty(); }
  json_string& operator=(const json_string& o) {
    if (this != &o) *this = json_string(o);
    return *this;
  }
  json_string& operator=(json_string&& o) noexcept {
    if (this != &o) {
      detail::dyn::free_text(c_);
      c_ = o.c_;
      o.set_empty();
    }
    return *this;
  }
  json_string& operator=(std::string_view s) { return *this = json_string(s); }
  ~json_string() { detail::dyn::free_text(c_); }

  std::string_view view() const noexcept { return detail::dyn::text(c_); }
  operator std::string_view() const noexcept { return view(); }
  std::string str() const { return std::string(view()); }
  const char* data() const noexcept { return view().data(); }
  std::size_t size() const noexcept { return view().size(); }
  std::size_t length() const noexcept { return size(); }
  bool empty() const noexcept { return size() == 0; }
  const char* begin() const noexcept { return data(); }
  const char* end() const noexcept { return data() + size(); }
  char operator[](std::size_t i) const noexcept { return data()[i]; }

  friend bool operator==(const json_string& a, const json_string& b) noexcept { return a.view() == b.view(); }
  friend bool operator==(const json_string& a, std::string_view b) noexcept { return a.view() == b; }
  friend bool operator==(const json_string& a, const char* b) noexcept { return a.view() == b; }
  friend bool operator==(const json_string& a, const std::string& b) noexcept { return a.view() == b; }
  friend auto operator<=>(const json_string& a, const json_string& b) noexcept { return a.view() <=> b.view(); }
  friend auto operator<=>(const json_string& a, std::string_view b) noexcept { return a.view() <=> b; }
  /// Streams it (any stream with operator<< for std::string_view: no stream header is needed here).
  template <class Stream>
    requires requires(Stream& os, std::string_view s) { os << s; }
  friend Stream& operator<<(Stream& os, const json_string& s) {
    os << s.view();
    return os;
  }

 private:
  friend class value;
  friend struct detail::dyn::access;
  void set_empty() noexcept {
    c_ = detail::dyn::cell{};
    c_.tag = detail::dyn::code(kind::string);
  }
  detail::dyn::cell c_;
};

}  // namespace v0
namespace detail::dyn {

template <class V>
class object_t;

// A member of an object: `first` its key, `second` its value (a std::pair, so `auto& [k, v] : o`
// works), with nlohmann/json's names for them too: key() and value() (`for (auto& el :
// v.items()) el.key(), el.value()`).
template <class V>
struct object_member : std::pair<json_string, V> {
  using std::pair<json_string, V>::pair;
  object_member() = default;
  const json_string& key() const noexcept { return this->first; }
  V& value() noexcept { return this->second; }
  const V& value() const noexcept { return this->second; }
};
template <class V>
bool objects_equal(const object_t<V>& a, const object_t<V>& b);

// A block of n elements of E after a header: one allocation per array or object.
struct block_header {
  std::size_t size;
  std::size_t capacity;
};
static_assert(sizeof(block_header) == 16);

template <class E>
METAJSON_ALWAYS_INLINE E* elements(block_header* b) noexcept {
  return reinterpret_cast<E*>(b + 1);
}
template <class E>
inline block_header* new_block(std::size_t capacity) {
  if (capacity > (~std::size_t{0} - sizeof(block_header)) / sizeof(E)) out_of_memory();
  auto* b = static_cast<block_header*>(::operator new(sizeof(block_header) + capacity * sizeof(E)));
  b->size = 0;
  b->capacity = capacity;
  return b;
}
template <class E>
inline void delete_block(block_header* b) noexcept {
  ::operator delete(b, sizeof(block_header) + b->capacity * sizeof(E));
}

// The storage of value::array and value::object: a pointer to one block (nullptr when empty and
// never grown). Elements move by copying their bytes (values and members hold no pointer to
// themselves).
template <class E, kind K>
class vector_base {
 public:
  using value_type = E;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = E&;
  using const_reference = const E&;
  using pointer = E*;
  using const_pointer = const E*;
  using iterator = E*;
  using const_iterator = const E*;

  vector_base() noexcept = default;
  vector_base(std::initializer_list<E> l) { append_copies(l.begin(), l.size()); }
  vector_base(const vector_base& o) { append_copies(o.data(), o.size()); }
  vector_base(vector_base&& o) noexcept : b_(o.b_) { o.b_ = nullptr; }
  vector_base& operator=(const vector_base& o) {
    if (this != &o) {
      vector_base t(o);
      swap(t);
    }
    return *this;
  }
  vector_base& operator=(vector_base&& o) noexcept {
    if (this != &o) {
      release();
      b_ = o.b_;
      o.b_ = nullptr;
    }
    return *this;
  }
  vector_base& operator=(std::initializer_list<E> l) { return *this = vector_base(l); }
  ~vector_base() { release(); }

  std::size_t size() const noexcept { return b_ ? b_->size : 0; }
  std::size_t capacity() const noexcept { return b_ ? b_->capacity : 0; }
  bool empty() const noexcept { return size() == 0; }
  E* data() noexcept { return b_ ? elements<E>(b_) : nullptr; }
  const E* data() const noexcept { return b_ ? elements<E>(b_) : nullptr; }
  E* begin() noexcept { return data(); }
  E* end() noexcept { return data() + size(); }
  const E* begin() const noexcept { return data(); }
  const E* end() const noexcept { return data() + size(); }
  const E* cbegin() const noexcept { return begin(); }
  const E* cend() const noexcept { return end(); }
  E& operator[](std::size_t i) noexcept { return data()[i]; }
  const E& operator[](std::size_t i) const noexcept { return data()[i]; }
  E& front() noexcept { return data()[0]; }
  const E& front() const noexcept { return data()[0]; }
  E& back() noexcept { return data()[size() - 1]; }
  const E& back() const noexcept { return data()[size() - 1]; }

  void reserve(std::size_t n) {
    if (n <= capacity()) return;
    block_header* nb = new_block<E>(n);
    if (b_) {
      if (b_->size) std::memcpy(static_cast<void*>(elements<E>(nb)), static_cast<const void*>(elements<E>(b_)), b_->size * sizeof(E));
      nb->size = b_->size;
      delete_block<E>(b_);
    }
    b_ = nb;
  }
  void shrink_to_fit() {
    if (!b_ || b_->size == b_->capacity) return;
    if (b_->size == 0) {
      delete_block<E>(b_);
      b_ = nullptr;
      return;
    }
    block_header* nb = new_block<E>(b_->size);
    std::memcpy(static_cast<void*>(elements<E>(nb)), static_cast<const void*>(elements<E>(b_)), b_->size * sizeof(E));
    nb->size = b_->size;
    delete_block<E>(b_);
    b_ = nb;
  }
  void clear() noexcept {
    if (!b_) return;
    E* d = data();
    for (std::size_t i = 0; i < b_->size; ++i) d[i].~E();
    b_->size = 0;
  }
  void push_back(const E& e) { emplace_back(e); }
  void push_back(E&& e) { emplace_back(std::move(e)); }
  template <class... A>
  E& emplace_back(A&&... a) {
    if (size() == capacity()) {
      E tmp(std::forward<A>(a)...);  // a may refer into this vector
      grow(size() + 1);
      E* slot = data() + b_->size;
      ::new (static_cast<void*>(slot)) E(std::move(tmp));
      ++b_->size;
      return *slot;
    }
    E* slot = data() + b_->size;
    ::new (static_cast<void*>(slot)) E(std::forward<A>(a)...);
    ++b_->size;
    return *slot;
  }
  void pop_back() noexcept {
    back().~E();
    --b_->size;
  }
  E* insert(const E* pos, E e) {
    const std::size_t i = static_cast<std::size_t>(pos - begin());
    if (size() == capacity()) grow(size() + 1);
    E* d = data();
    std::memmove(static_cast<void*>(d + i + 1), static_cast<const void*>(d + i), (b_->size - i) * sizeof(E));
    ::new (static_cast<void*>(d + i)) E(std::move(e));
    ++b_->size;
    return d + i;
  }
  E* erase(const E* pos) { return erase(pos, pos + 1); }
  E* erase(const E* first, const E* last) {
    E* d = data();
    const std::size_t i = static_cast<std::size_t>(first - d), j = static_cast<std::size_t>(last - d);
    for (std::size_t k = i; k < j; ++k) d[k].~E();
    std::memmove(static_cast<void*>(d + i), static_cast<const void*>(d + j), (b_->size - j) * sizeof(E));
    if (b_) b_->size -= j - i;
    return d + i;
  }
  void resize(std::size_t n) {
    while (size() > n) pop_back();
    reserve(n);
    while (size() < n) emplace_back();
  }
  void swap(vector_base& o) noexcept { std::swap(b_, o.b_); }

  // For the readers: takes n elements of E relocated from `from` (their bytes copied; the
  // caller forgets them there). The vector is empty before.
  void adopt(const void* from, std::size_t n) {
    if (n == 0) return;
    b_ = new_block<E>(n);
    std::memcpy(static_cast<void*>(elements<E>(b_)), from, n * sizeof(E));
    b_->size = n;
  }
  block_header* release_block() noexcept {
    block_header* b = b_;
    b_ = nullptr;
    return b;
  }
  static vector_base from_block(block_header* b) noexcept {
    vector_base v;
    v.b_ = b;
    return v;
  }

 protected:
  METAJSON_NOINLINE void grow(std::size_t need) {
    const std::size_t doubled = capacity() < 4 ? 4 : capacity() * 2;
    reserve(need > doubled ? need : doubled);
  }
  void release() noexcept {
    if (!b_) return;
    clear();
    delete_block<E>(b_);
    b_ = nullptr;
  }
  // Copies n elements from `from` into this empty vector (a constructor's body: on an exception,
  // what was copied is freed, since no destructor runs for a constructor that throws).
  void append_copies(const E* from, std::size_t n) {
    reserve(n);
#if METAJSON_HAS_EXCEPTIONS
    try {
#endif
      for (std::size_t i = 0; i < n; ++i) push_back(from[i]);
#if METAJSON_HAS_EXCEPTIONS
    } catch (...) {
      release();
      throw;
    }
#endif
  }
  std::uint8_t tag_ = code(K);  // first, like a value's tag (a value holds an array in a union)
  block_header* b_ = nullptr;
};


template <class V>
class object_t;

// value::array: the elements of a JSON array, a vector of values in one block (iterators are
// pointers) with std::vector's everyday members.
template <class V>
class array_t : public vector_base<V, kind::array> {
  using base = vector_base<V, kind::array>;

 public:
  using base::base;
  array_t() noexcept = default;
  /// n null values.
  explicit array_t(std::size_t n) { this->resize(n); }
  /// Element i, or error_code::not_found.
  V& at(std::size_t i);
  const V& at(std::size_t i) const;
  friend bool operator==(const array_t& a, const array_t& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!(a[i] == b[i])) return false;
    return true;
  }
};

// value::object: the members of a JSON object, in order, duplicates kept: a vector of (key,
// value) pairs with std::vector's everyday members, and lookups by key (linear: the first match).
template <class V>
class object_t : public vector_base<object_member<V>, kind::object> {
  using base = vector_base<object_member<V>, kind::object>;

 public:
  using member = object_member<V>;
  using base::base;
  object_t() noexcept = default;
  /// The first member with this key, or end().
  member* find(std::string_view key) noexcept {
    for (member& m : *this)
      if (m.first.view() == key) return &m;
    return this->end();
  }
  const member* find(std::string_view key) const noexcept {
    for (const member& m : *this)
      if (m.first.view() == key) return &m;
    return this->end();
  }
  bool contains(std::string_view key) const noexcept { return find(key) != this->end(); }
  /// How many members have this key.
  std::size_t count(std::string_view key) const noexcept {
    std::size_t n = 0;
    for (const member& m : *this) n += m.first.view() == key;
    return n;
  }
  /// The value of the first member with this key, inserted (null) at the end when there is none.
  V& operator[](std::string_view key) {
    if (member* m = find(key); m != this->end()) return m->second;
    return this->emplace_back(json_string(key), V()).second;
  }
  V& operator[](const char* key) { return (*this)[std::string_view(key)]; }
  member& operator[](std::size_t i) noexcept { return base::operator[](i); }
  const member& operator[](std::size_t i) const noexcept { return base::operator[](i); }
  member& operator[](int i) noexcept { return base::operator[](static_cast<std::size_t>(i)); }
  const member& operator[](int i) const noexcept { return base::operator[](static_cast<std::size_t>(i)); }
  /// The value of the first member with this key, or error_code::not_found.
  V& at(std::string_view key);
  const V& at(std::string_view key) const;
  V& at(const char* key) { return at(std::string_view(key)); }
  const V& at(const char* key) const { return at(std::string_view(key)); }
  /// Member i (a pair), or error_code::not_found.
  member& at(std::size_t i);
  const member& at(std::size_t i) const;
  member& at(int i) { return at(i < 0 ? ~std::size_t{0} : static_cast<std::size_t>(i)); }
  const member& at(int i) const { return at(i < 0 ? ~std::size_t{0} : static_cast<std::size_t>(i)); }
  using base::erase;
  /// Removes every member with this key; returns how many.
  std::size_t erase(std::string_view key) {
    std::size_t n = 0;
    for (member* m = this->begin(); m != this->end();) {
      if (m->first.view() == key) {
        m = base::erase(m);
        ++n;
      } else {
        ++m;
      }
    }
    return n;
  }
  std::size_t erase(const char* key) { return erase(std::string_view(key)); }
  /// JSON equality: the same members regardless of their order (a multiset: duplicates count).
  friend bool operator==(const object_t& a, const object_t& b) { return objects_equal(a, b); }
};

// What value's members that need more than this header call: completed (available = true) by
// dynamic/convert.hpp (convert_members<value>: dump) and metajson/patch.hpp
// (patch_members<value>: patch, patch_in_place, merge_patch). Without them, a call is a
// static_assert that names the header to include.
template <class V>
struct convert_members {
  static constexpr bool available = false;
};
template <class V>
struct patch_members {
  static constexpr bool available = false;
};

template <class T>
inline constexpr bool is_character = std::is_same_v<T, char> || std::is_same_v<T, wchar_t> || std::is_same_v<T, char8_t> ||
                                     std::is_same_v<T, char16_t> || std::is_same_v<T, char32_t>;
// T is a specialization of the class template Z (Z<A...>).
template <class T, template <class...> class Z>
inline constexpr bool specializes = false;
template <template <class...> class Z, class... A>
inline constexpr bool specializes<Z<A...>, Z> = true;

// The types value has constructors of its own for (or refuses: characters), which its converting
// constructor template leaves to them. V is metajson::value (complete where this is checked).
template <class T, class V>
concept own_constructor = std::is_arithmetic_v<T> || std::is_same_v<T, std::nullptr_t> || std::is_same_v<T, std::string> ||
                          std::is_same_v<T, std::string_view> || std::is_same_v<T, json_string> ||
                          std::is_pointer_v<T> ||
                          (std::is_array_v<T> && is_character<std::remove_cv_t<std::remove_extent_t<T>>>) ||
                          std::is_base_of_v<V, T> || std::is_same_v<T, array_t<V>> || std::is_same_v<T, object_t<V>> ||
                          std::is_same_v<T, object_member<V>> || std::is_same_v<T, typename V::big_number> ||
                          std::is_same_v<T, json_pointer> || specializes<T, std::initializer_list>;

// A type with a conversion function to V of its own (`operator value()`, or a template one):
// value's converting constructor leaves it to that function, which would otherwise be an
// equally good, so ambiguous, way to make a value of it.
// (The C++23 backend's brace-initialization probes, reflect/aggregate/members.hpp, are marked
// metajson_probe: one that must not initialize a value member must not do it through this
// constructor either.)
template <class T, class V>
concept converts_itself = requires(const T& t) { t.operator V(); } || requires { typename T::metajson_probe; };

// The types a value converts to implicitly (nlohmann/json's `std::string s = j;`), each through
// get<T>(): not pointers, characters or views (a view would point into the value), nor value's
// own parts, nor types that would make the conversion ambiguous (an optional converts from a
// value by its own constructor; an initializer_list of chars is one of std::string's assignments).
template <class T, class V>
concept converts_out = !std::is_pointer_v<T> && !std::is_reference_v<T> && !std::is_const_v<T> &&
                       !std::is_same_v<T, std::nullptr_t> && !is_character<T> && !std::is_base_of_v<V, T> &&
                       !specializes<T, std::basic_string_view> && !std::is_same_v<T, json_string> &&
                       !std::is_same_v<T, array_t<V>> && !std::is_same_v<T, object_t<V>> &&
                       !std::is_same_v<T, object_member<V>> && !std::is_same_v<T, typename V::big_number> &&
                       !std::is_same_v<T, json_pointer> && !specializes<T, std::initializer_list> &&
                       !specializes<T, std::optional>;

}  // namespace detail::dyn
inline namespace v0 {

/// An RFC 6901 JSON Pointer as a type, nlohmann/json's json_pointer: `v["/a/0"_json_pointer]`
/// (the literal is in metajson::literals), `v.at(p)`, `v.contains(p)`. The text is checked when
/// the pointer is made (error_code::invalid_pointer); value::at_pointer and find_pointer take the
/// text itself.
class json_pointer {
 public:
  json_pointer() = default;
  explicit json_pointer(std::string_view text);
  const std::string& to_string() const noexcept { return text_; }
  friend bool operator==(const json_pointer&, const json_pointer&) = default;

 private:
  std::string text_;
};

/// Any JSON value: null, a bool, a number that remembers whether it was a signed integer, an
/// unsigned integer or a double (or, when none of them holds it, its exact text), a string, an
/// array, or an object that keeps its members in order and keeps duplicate keys as they were.
/// Reading then writing a document through a value loses nothing: every number is read as the
/// first of int64, uint64, double that holds it, else kept as text (`big_number`), and
/// from<value>(x) accepts exactly what validate(x) accepts.
///
///     metajson::value v = {{"id", 1}, {"tags", {"a", "b"}}};  // an object (as nlohmann/json reads it)
///     v["name"] = "x";                    // inserts (a null value becomes an object)
///     v["tags"].push_back("c");
///     metajson::to_json(v)  ->  {"id":1,"tags":["a","b","c"],"name":"x"}
///
/// 16 bytes: strings of up to 14 bytes are held inline; an array is one block of values, an
/// object one block of (key, value) members (32 bytes each), in order. A double is always written
/// so it reads back as a double ("1.0", not "1").
class value {
 public:
  /// The elements of an array: a vector of values (std::vector's everyday members).
  using array = detail::dyn::array_t<value>;
  /// The members of an object, in order, duplicates kept: a vector of (key, value) pairs.
  using object = detail::dyn::object_t<value>;
  /// A member of an object: `first` its key, `second` its value (a std::pair, so `auto& [k, v] :
  /// o` works), also named key() and value() as nlohmann/json names them.
  using member = detail::dyn::object_member<value>;
  /// A number that no int64, uint64 or double holds, kept as its text and written back as it
  /// is: an integer beyond 64 bits (`18446744073709551616`), a number beyond a double's range
  /// (`1e400`, `1e-400`, which a double would read as infinity or 0). Its text must be a JSON
  /// number (writing another is an `invalid_value` error).
  struct big_number {
    std::string text;
    friend bool operator==(const big_number&, const big_number&) = default;
  };

  value() noexcept : c_() {}
  value(std::nullptr_t) noexcept : value() {}
  value(bool b) noexcept {
    c_ = {};
    c_.tag = detail::dyn::code(metajson::kind::boolean);
    c_.bits = b;
  }
  template <class I>
    requires(std::is_integral_v<I> && !std::is_same_v<I, bool> && !std::is_same_v<I, char> && !std::is_same_v<I, char8_t> &&
             !std::is_same_v<I, char16_t> && !std::is_same_v<I, char32_t> && !std::is_same_v<I, wchar_t> && sizeof(I) <= 8)
  value(I i) noexcept {
    c_ = {};
    if constexpr (std::is_signed_v<I>) {
      c_.tag = detail::dyn::code(metajson::kind::int64);
      c_.bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(i));
    } else {
      c_.tag = detail::dyn::code(metajson::kind::uint64);
      c_.bits = static_cast<std::uint64_t>(i);
    }
  }
  value(double d) noexcept {
    c_ = {};
    c_.tag = detail::dyn::code(metajson::kind::float64);
    std::memcpy(&c_.bits, &d, 8);
  }
  value(float f) noexcept : value(static_cast<double>(f)) {}
  value(std::string_view s) { detail::dyn::set_text(c_, detail::dyn::code(metajson::kind::string), s); }
  value(const char* s) : value(std::string_view(s)) {}
  value(const std::string& s) : value(std::string_view(s)) {}
  value(const json_string& s) : value(s.view()) {}
  value(array a) noexcept : a_(std::move(a)) {}
  value(object o) noexcept : o_(std::move(o)) {}
  value(big_number n) { detail::dyn::set_text(c_, detail::dyn::code(metajson::kind::big_number), n.text); }
#if METAJSON_HAS_EXCEPTIONS
  /// Any other type metajson writes, as to_value(t) gives it: a container, a map, a struct (by
  /// reflection), an enum (by name), an optional... (nlohmann/json's `json j = my_struct;` and
  /// `json j(std_vector);`). Throws metajson::error when t cannot be written (NaN, invalid UTF-8);
  /// a type metajson cannot write does not compile, and the message says why. Defined by
  /// dynamic/convert.hpp (included by <metajson/value.hpp>).
  /// (Not for a type that converts itself to a value, with a conversion function of its own.)
  template <class T>
    requires(!detail::dyn::own_constructor<std::remove_cvref_t<T>, value> && !detail::dyn::converts_itself<T, value>)
  value(const T& t);
#endif
  /// An array or an object from a braced list, read as nlohmann/json reads it: a list whose
  /// every element is a two-element list with a string first is an object, any other an array:
  ///     value o = {{"name", "x"}, {"list", {1, 0, 2}}};   // {"name":"x","list":[1,0,2]}
  ///     value a = {1, 2, 3};                              // [1,2,3]
  /// (value::array{...} and value::object{...} say which explicitly.) As with any constructor
  /// from a std::initializer_list, `value{x}` is a one-element array: copy with value(x).
  value(std::initializer_list<value> elements);

  // A character is no JSON value: refused with what to write instead (the message below).
#if defined(__cpp_deleted_function) && __cpp_deleted_function >= 202403L
#define METAJSON_VALUE_REFUSED(what)                                                                                 \
  = delete("metajson::value has no constructor from " what ": a character is neither a JSON string nor a number. " \
           "Write std::string(1, c) for a one-character string, or int(c) for its code as a number")
#else
#define METAJSON_VALUE_REFUSED(what) = delete  // (without C++26's delete("reason"): see the message above)
#endif
  value(char) METAJSON_VALUE_REFUSED("a char");
  value(wchar_t) METAJSON_VALUE_REFUSED("a wchar_t");
  value(char8_t) METAJSON_VALUE_REFUSED("a char8_t");
  value(char16_t) METAJSON_VALUE_REFUSED("a char16_t");
  value(char32_t) METAJSON_VALUE_REFUSED("a char32_t");
#undef METAJSON_VALUE_REFUSED
  // A pointer other than a string's would be the bool `p != nullptr`: refused.
  template <class P>
    requires(!std::is_same_v<std::remove_cv_t<P>, char>)
  value(P*)
#if defined(__cpp_deleted_function) && __cpp_deleted_function >= 202403L
      = delete("metajson::value has no constructor from a pointer (it would be the bool p != nullptr): write the value "
               "it points to, *p, or hold it in a std::optional or std::unique_ptr, which metajson writes as null or "
               "their value");
#else
      = delete;
#endif

  /// A deep copy, made without recursion: a value of any depth copies (as it destroys, compares
  /// and writes) without using the stack for its levels.
  value(const value& o);
  value(value&& o) noexcept { take(o); }
  /// Copy and move assignment in one: the argument is taken by value, so it is copied (or moved)
  /// before this value changes. `v["x"] = v["y"]` is safe even when inserting "x" moves "y", and
  /// so are `v = v["a"]` and `v = std::move(v["a"])`: C++17 evaluates the right operand of `=`
  /// before the left one, and GCC and Clang initialize this parameter from it then (tested).
  value& operator=(value o) noexcept {
    destroy();
    take(o);
    return *this;
  }
  ~value() { destroy(); }

  metajson::kind kind() const noexcept { return detail::dyn::kind_of(c_); }
  bool is_null() const noexcept { return kind() == metajson::kind::null; }
  bool is_bool() const noexcept { return kind() == metajson::kind::boolean; }
  bool is_int64() const noexcept { return kind() == metajson::kind::int64; }
  bool is_uint64() const noexcept { return kind() == metajson::kind::uint64; }
  bool is_double() const noexcept { return kind() == metajson::kind::float64; }
  bool is_big_number() const noexcept { return kind() == metajson::kind::big_number; }
  bool is_number() const noexcept { return is_int64() || is_uint64() || is_double() || is_big_number(); }
  /// An integer, exactly: an int64, a uint64, or a big number without fraction or exponent.
  bool is_integer() const noexcept {
    if (is_int64() || is_uint64()) return true;
    return is_big_number() && big_number_text().find_first_of(".eE") == std::string_view::npos;
  }
  bool is_string() const noexcept { return kind() == metajson::kind::string; }
  bool is_array() const noexcept { return kind() == metajson::kind::array; }
  bool is_object() const noexcept { return kind() == metajson::kind::object; }

  // Typed access. Each throws metajson::error (type_mismatch, or number_out_of_range when the
  // number does not fit) on another kind: metajson/error.hpp is included by the umbrella header.
  bool as_bool() const;
  /// An int64, or a uint64 that fits.
  std::int64_t as_int64() const;
  /// A uint64, or a non-negative int64.
  std::uint64_t as_uint64() const;
  /// A double; an integer, or a big number within a double's range, converted to the nearest
  /// double (as from<double> reads its text: 1e-400 is 0); beyond that range, number_out_of_range.
  double as_double() const;
  /// A string's bytes, valid while the value holds that string.
  std::string_view as_string() const;
  /// A big number's text (as read, or as given).
  std::string_view big_number_text() const;
  const array& as_array() const;
  array& as_array();
  const object& as_object() const;
  object& as_object();

#if METAJSON_HAS_EXCEPTIONS
  /// This value read into a T, as from<T, O> reads its JSON text (dynamic/convert.hpp:
  /// from_value): `int n = v["count"].get<int>();`. Throws metajson::error.
  template <class T, options O = options{}>
  T get() const;
#endif

#if METAJSON_HAS_EXCEPTIONS
  /// Implicit conversion to any type get<T>() reads (nlohmann/json's `std::string s = j["name"];`,
  /// `bool b = j.at(2);`, `Player p = j;`): get<T>(), so a value of another kind throws
  /// metajson::error. Not to pointers, characters, string views (they would point into the
  /// value) or std::optional (it converts from a value by its own constructor).
  template <class T>
    requires detail::dyn::converts_out<T, value>
  operator T() const {
    return get<T>();
  }
#endif

  /// The number of elements (array), members (object) or bytes (string); 0 for other kinds.
  std::size_t size() const noexcept;
  /// size() == 0 (true for null, false for other scalars: a number is not empty).
  bool empty() const noexcept;
  /// Makes an array or object empty, a string "" (other kinds keep their value).
  void clear() noexcept;

  /// The first member with this key, or nullptr (also when this is not an object).
  const value* find(std::string_view key) const noexcept;
  value* find(std::string_view key) noexcept;
  bool contains(std::string_view key) const noexcept { return find(key) != nullptr; }
  /// How many members have this key (JSON allows duplicates, and a value keeps them).
  std::size_t count(std::string_view key) const noexcept;

  /// Member `key` (the first with it): never throws; a null value when there is none or this is
  /// not an object.
  const value& operator[](std::string_view key) const noexcept;
  const value& operator[](const char* key) const noexcept { return (*this)[std::string_view(key)]; }
  /// Member `key`, inserted (null) at the end when there is none; a null value becomes an empty
  /// object first. Another kind is a type_mismatch error.
  value& operator[](std::string_view key);
  value& operator[](const char* key) { return (*this)[std::string_view(key)]; }
  /// Element i: a null value when out of range or not an array (never throws).
  const value& operator[](std::size_t i) const noexcept;
  const value& operator[](int i) const noexcept { return i < 0 ? null_value() : (*this)[static_cast<std::size_t>(i)]; }
  /// Element i of an array; out of range (use push_back to append) or not an array: an error.
  value& operator[](std::size_t i);
  value& operator[](int i) { return (*this)[i < 0 ? ~std::size_t{0} : static_cast<std::size_t>(i)]; }

  /// The value at a JSON Pointer (nlohmann/json's `v["/a/0"_json_pointer]`). const: at_pointer's
  /// (an error when it does not resolve). Non-const: created when missing, as nlohmann/json does:
  /// a null on the way becomes an object, or an array when the token is an index; an array's
  /// size as the index, or "-", appends (a larger index is an error: nlohmann/json pads with
  /// nulls). A scalar on the way is an error.
  const value& operator[](const json_pointer& p) const { return at_pointer(p.to_string()); }
  value& operator[](const json_pointer& p);
  const value& at(const json_pointer& p) const { return at_pointer(p.to_string()); }
  value& at(const json_pointer& p) { return at_pointer(p.to_string()); }
  bool contains(const json_pointer& p) const { return find_pointer(p.to_string()) != nullptr; }

  /// Member `key`, or error_code::not_found (type_mismatch when this is not an object).
  const value& at(std::string_view key) const;
  value& at(std::string_view key);
  const value& at(const char* key) const { return at(std::string_view(key)); }
  value& at(const char* key) { return at(std::string_view(key)); }
  /// Element i, or error_code::not_found (type_mismatch when this is not an array).
  const value& at(std::size_t i) const;
  value& at(std::size_t i);
  const value& at(int i) const { return at(i < 0 ? ~std::size_t{0} : static_cast<std::size_t>(i)); }
  value& at(int i) { return at(i < 0 ? ~std::size_t{0} : static_cast<std::size_t>(i)); }

  /// Appends to an array (a null value becomes one first; another kind is an error).
  void push_back(value v);
  template <class... A>
  value& emplace_back(A&&... a);
  /// Appends a member to an object (a null value becomes one first), even when the key is there
  /// already (JSON allows it; assign through operator[] to replace).
  value& emplace(std::string_view key, value v);
  /// Removes every member with this key; returns how many there were (0 when not an object).
  std::size_t erase(std::string_view key);
  std::size_t erase(const char* key) { return erase(std::string_view(key)); }
  /// Removes element i of an array (not_found when out of range, type_mismatch when not an array).
  void erase(std::size_t i);
  void erase(int i) { erase(i < 0 ? ~std::size_t{0} : static_cast<std::size_t>(i)); }

  /// The value at an RFC 6901 JSON Pointer ("/statuses/0/id"; "" is this value), or nullptr when
  /// it does not resolve or is no pointer. A key on the path that appears twice: the first.
  const value* find_pointer(std::string_view pointer) const;
  value* find_pointer(std::string_view pointer);
  /// The same, or error_code::invalid_pointer / pointer_not_found (saying how far it resolved,
  /// as from_pointer does, with the path of that part).
  const value& at_pointer(std::string_view pointer) const;
  value& at_pointer(std::string_view pointer);
  /// Puts v at the pointer as JSON Patch's "add" does (RFC 6902 section 4.1): the parent must
  /// exist; a member is replaced (the first with that key) or appended; an array element is
  /// inserted at its index (up to the size), "-" appends; "" replaces this value. Returns the
  /// value put; errors as at_pointer's.
  value& set_pointer(std::string_view pointer, value v);
  /// Removes the value at the pointer (JSON Patch's "remove": the first member with the key, or
  /// the element, which must exist) and returns it; "" is an invalid_pointer error.
  value erase_pointer(std::string_view pointer);

  /// The members of an object (empty for null; type_mismatch for another kind):
  ///     for (auto& [key, v] : value.items()) ...
  const object& items() const;
  object& items();

  /// Calls f with what the value holds: std::nullptr_t, bool, std::int64_t, std::uint64_t,
  /// double, big_number (a copy of the text), std::string_view, array&, object&.
  template <class F>
  decltype(auto) visit(F&& f) const;
  template <class F>
  decltype(auto) visit(F&& f);

  /// JSON equality: numbers by their value whatever their kind (1 == 1.0 == 1e0, never through a
  /// double: 2^53 + 1 != 2^53; -0.0 == 0; NaN == NaN), strings by their bytes, arrays in order,
  /// objects as multisets of members (order does not matter; duplicates count).
  ///
  /// Templates whose first argument must be a value itself (never converted to one): a type that
  /// merely mentions value (an iterator over a std::vector<value>) finds these operators by
  /// argument-dependent lookup, and must not become comparable with anything through value's
  /// converting constructor.
  template <class V>
    requires std::is_same_v<V, value>
  friend bool operator==(const V& a, const V& b) {
    return equal(a, b);
  }
  /// `v == 1`, `v == "x"`, `v == nullptr`, `v == Color::red`: v == value(x) (and `1 == v`).
  template <class V, class S>
    requires(std::is_same_v<V, value> && !std::is_same_v<S, value>)
  friend bool operator==(const V& a, const S& b) {
    return equal(a, value(b));
  }
  /// Representation-exact equality: the same kinds (1 is not 1u nor 1.0), doubles bit for bit,
  /// objects in the same order: what a faithful round trip keeps.
  ///
  /// Both compare without recursion (any depth); past 32 levels of nesting they allocate their
  /// stack, so they may throw std::bad_alloc.
  friend bool identical(const value& a, const value& b);

  /// A null value, for references to return when there is nothing.
  static const value& null_value() noexcept;

  // --- As nlohmann/json spells it (docs/dynamic.md, "Coming from nlohmann/json") ---------------

  /// Iterates an array's elements, an object's values (it.key() and it.value() give the member:
  /// nlohmann/json's iteration; items() gives (key, value) pairs), nothing for null, and a scalar
  /// once (itself). dynamic/iterator.hpp.
  using iterator = detail::dyn::value_iterator<value, member, false>;
  using const_iterator = detail::dyn::value_iterator<value, member, true>;
  iterator begin() noexcept;
  iterator end() noexcept;
  const_iterator begin() const noexcept;
  const_iterator end() const noexcept;
  const_iterator cbegin() const noexcept { return begin(); }
  const_iterator cend() const noexcept { return end(); }

  /// nlohmann/json's names of kind() and the kind checks. Its value_t's number enumerators are
  /// metajson's kinds: int64, uint64, float64, big_number (value_t::boolean, string, array,
  /// object and null are spelt alike).
  using value_t = metajson::kind;
  metajson::kind type() const noexcept { return kind(); }
  bool is_boolean() const noexcept { return is_bool(); }
  /// An integer: int64, uint64 or a big number without fraction or exponent (is_integer()).
  bool is_number_integer() const noexcept { return is_integer(); }
  /// A non-negative integer held by an int64 or a uint64 (what nlohmann/json reads as unsigned).
  bool is_number_unsigned() const noexcept {
    return is_uint64() || (is_int64() && static_cast<std::int64_t>(c_.bits) >= 0);
  }
  /// A double, or a big number with a fraction or an exponent.
  bool is_number_float() const noexcept { return is_double() || (is_big_number() && !is_integer()); }
  /// Neither an array nor an object.
  bool is_primitive() const noexcept { return !is_structured(); }
  /// An array or an object.
  bool is_structured() const noexcept { return is_array() || is_object(); }

#if METAJSON_HAS_EXCEPTIONS
  /// Reads this value into out, as get<T>() reads it (out is assigned; unchanged when it throws
  /// metajson::error), and returns out.
  template <class T, options O = options{}>
  T& get_to(T& out) const {
    out = get<T, O>();
    return out;
  }

  /// This value as JSON text: compact (indent < 0, the default: to_json's), else one member or
  /// element per line indented by `indent` spaces per level (2 and 4: to_json<{.pretty = true,
  /// .indent = 2 or 4}>'s text). Throws metajson::error when it cannot be written (invalid UTF-8,
  /// NaN). Defined by dynamic/convert.hpp (included by value.hpp).
  template <class V = value>
  std::string dump(int indent = -1) const {
    if constexpr (detail::dyn::convert_members<V>::available) {
      return detail::dyn::convert_members<V>::dump(*this, indent);
    } else {
      static_assert(detail::dyn::convert_members<V>::available,
                    "metajson::value::dump needs #include <metajson/value.hpp>");
      return {};
    }
  }

  /// from<value>(text), as nlohmann/json's json::parse: throws metajson::error on a bad text.
  /// Defined by dynamic/convert.hpp (included by value.hpp).
  template <class V = value>
  static V parse(std::string_view text) {
    if constexpr (detail::dyn::convert_members<V>::available) {
      return detail::dyn::convert_members<V>::parse(text);
    } else {
      static_assert(detail::dyn::convert_members<V>::available,
                    "metajson::value::parse needs #include <metajson/value.hpp>");
      return {};
    }
  }

  /// JSON Patch (RFC 6902) and Merge Patch (RFC 7396) as members, nlohmann/json's names: a
  /// patched copy (metajson::patch), this value patched all or nothing (metajson::patch_in_place;
  /// patch_inplace is nlohmann/json's spelling of it), this value merge-patched in place
  /// (metajson::merge_patch_in_place: as nlohmann/json's merge_patch, it changes this value).
  /// Throw metajson::error. Defined by metajson/patch.hpp, which metajson.hpp does not include.
  template <class V = value>
  V patch(const std::type_identity_t<V>& ops) const {
    if constexpr (detail::dyn::patch_members<V>::available) {
      return detail::dyn::patch_members<V>::patch(*this, ops);
    } else {
      static_assert(detail::dyn::patch_members<V>::available, "metajson::value::patch needs #include <metajson/patch.hpp>");
      return {};
    }
  }
  template <class V = value>
  void patch_in_place(const std::type_identity_t<V>& ops) {
    if constexpr (detail::dyn::patch_members<V>::available) {
      detail::dyn::patch_members<V>::patch_in_place(*this, ops);
    } else {
      static_assert(detail::dyn::patch_members<V>::available, "metajson::value::patch_in_place needs #include <metajson/patch.hpp>");
    }
  }
  template <class V = value>
  void patch_inplace(const std::type_identity_t<V>& ops) {
    patch_in_place<V>(ops);
  }
  /// nlohmann/json's json::diff(from, to): metajson::make_patch(from, to), the JSON Patch that
  /// turns `from` into `to`.
  template <class V = value>
  static V diff(const std::type_identity_t<V>& from, const std::type_identity_t<V>& to) {
    if constexpr (detail::dyn::patch_members<V>::available) {
      return detail::dyn::patch_members<V>::diff(from, to);
    } else {
      static_assert(detail::dyn::patch_members<V>::available, "metajson::value::diff needs #include <metajson/patch.hpp>");
      return {};
    }
  }
  template <class V = value>
  void merge_patch(const std::type_identity_t<V>& p) {
    if constexpr (detail::dyn::patch_members<V>::available) {
      detail::dyn::patch_members<V>::merge_patch_in_place(*this, p);
    } else {
      static_assert(detail::dyn::patch_members<V>::available, "metajson::value::merge_patch needs #include <metajson/patch.hpp>");
    }
  }
#endif

 private:
  friend struct detail::dyn::access;
  void destroy() noexcept;
  // Moves o's content here (nothing is held here before) and leaves o null.
  void take(value& o) noexcept {
    switch (o.kind()) {
      case metajson::kind::array:
        ::new (static_cast<void*>(&a_)) array(std::move(o.a_));
        o.a_.~array();
        break;
      case metajson::kind::object:
        ::new (static_cast<void*>(&o_)) object(std::move(o.o_));
        o.o_.~object();
        break;
      default: c_ = o.c_;
    }
    ::new (static_cast<void*>(&o.c_)) detail::dyn::cell{};
  }
  [[noreturn]] void fail_kind(const char* expected) const;
  static bool equal(const value& a, const value& b);
  // One of three, each starting with the tag byte (their common initial sequence): scalars and
  // strings in c_, an array in a_, an object in o_.
  union {
    detail::dyn::cell c_;
    array a_;
    object o_;
  };
};

}  // namespace v0
}  // namespace metajson

#include "value_impl.hpp"
#include "idioms.hpp"

#endif  // METAJSON_REQUIREMENTS_MET

// metajson::document: a read-only JSON document for dynamic JSON at DOM speed, and
// metajson::node, a view of one of its values.
//
//     #include <metajson/document.hpp>
//
//     metajson::document doc = metajson::document::parse(text);     // throws metajson::error
//     std::uint64_t id = doc["statuses"][0]["user"]["id"].as_uint64();
//     User u = doc.at_pointer("/statuses/0/user").get<User>();     // any type metajson reads
//     for (auto [key, v] : doc["search_metadata"].items()) ...     // members in order
//
// The whole tree lives in a few blocks (docs/dynamic.md): a copy of the text, 16 bytes per value
// and per key in one array (dynamic/node.hpp), decoded strings in one arena. Parsing checks exactly
// what from<T> checks, with the same limits (options::max_depth, max_document_size,
// max_string_length) and errors. Included by document.hpp.
#pragma once

#include "../detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <cstddef>
#include <cstdint>
#include <expected>
#include <iterator>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "build.hpp"
#include "node.hpp"
#include "document_write.hpp"
#include "../error.hpp"
#include "../from_json.hpp"
#include "../options.hpp"
#include "../pointer.hpp"
#include "../to_json.hpp"
#include "convert.hpp"
#include "read.hpp"
#include "value.hpp"
#include "write.hpp"

namespace metajson {
inline namespace v0 {
class document;
class node;
}  // namespace v0
}  // namespace metajson

namespace metajson::detail::dom {
struct access;

// Line and column (1-based, the column in bytes) of an offset in the text.
inline std::pair<std::size_t, std::size_t> line_column(const header& h, std::size_t offset) {
  std::size_t line = 1, line_start = 0;
  for (std::size_t i = 0; i < offset && i < h.text_size; ++i)
    if (h.text[i] == '\n') ++line, line_start = i + 1;
  return {line, offset - line_start + 1};
}
inline const raw* first_node(const header& h) noexcept { return reinterpret_cast<const raw*>(&h) + header_nodes; }

// An error about node n: its path from the root, its line and column.
inline error node_error(const header& h, const raw* n, error_code code, std::string detail) {
  std::string path = "$";
  for (auto& s : path_between(h, first_node(h), n)) path += s;
  const std::size_t offset = source_of(*n);
  const auto [line, column] = line_column(h, offset);
  return error(code, std::move(path), std::move(detail), offset, line, column);
}

// Reads a T from the text of node n with the typed reader (from<T>'s errors, placed in the whole
// text, the path after the node's).
template <options O, class T>
error read_from_text(const header& h, const raw* n, T& out) {
  constexpr options strict = without_prepared_copy<O>();  // the text was prepared when parsed
  const std::size_t from = source_of(*n);
  const raw* const next = after(n);
  const std::size_t to = next < first_node(h) + h.count ? source_of(*next) : h.text_size;
  read_context c;
  error e = drive<strict, text_is::value>(c, std::string_view(h.text + from, to - from),
                                          [&](read_context& c, const char* k) { return read_value<strict>(c, k, out); });
  if (METAJSON_LIKELY(!e)) return {};
  const std::size_t offset = from + e.offset();
  const auto [line, column] = line_column(h, offset);
  std::string path = "$";
  for (auto& s : path_between(h, first_node(h), n)) path += s;
  path += std::string_view(e.path()).substr(1);
  return error(e.code(), std::move(path), e.detail(), offset, line, column);
}

// A scalar or string node as a metajson::value (out is null before). Strings are copied; the
// plain ones keep their mark, so the value writes them as they are too.
inline void leaf_to_value(const header& h, const raw* n, value& out) {
  switch (kind_of(*n)) {
    case kind::null: return;
    case kind::boolean: out = value(n->payload != 0); return;
    case kind::int64: out = value(static_cast<std::int64_t>(n->payload)); return;
    case kind::uint64: out = value(n->payload); return;
    case kind::float64: out = value(std::bit_cast<double>(n->payload)); return;
    case kind::big_number: dyn::access::assign_text(out, dyn::code(kind::big_number), big_number_of(h, *n)); return;
    default:
      dyn::access::assign_text(out, static_cast<std::uint8_t>(dyn::code(kind::string) | ((n->tag & flag_plain) ? dyn::flag_plain : 0)),
                               string_of(h, *n));
  }
}

// Node n as a metajson::value (out is null before), without recursion: the nodes are read in
// order, with a stack of the containers being filled (each sized once from its node's count, so
// the addresses on the stack stay valid). Any depth the reader's max_depth let through.
inline void to_value(const header& h, const raw* n, value& out) {
  struct open {
    value* container;
    const raw* end;  // the node after its subtree
  };
  const auto start = [](const raw* node, value& v) {  // a container node: v becomes it, sized
    if (kind_of(*node) == kind::array) {
      v = value::array();
      dyn::access::array_of(v).reserve(count_of(*node));
    } else {
      v = value::object();
      dyn::access::object_of(v).reserve(count_of(*node));
    }
  };
  if (!is_container(*n)) return leaf_to_value(h, n, out);
  std::vector<open> stack;
  start(n, out);
  stack.push_back({&out, after(n)});
  const raw* at = n + 1;
  while (!stack.empty()) {
    open& top = stack.back();
    if (at == top.end) {
      stack.pop_back();
      continue;
    }
    value* slot;
    if (top.container->is_array()) {
      slot = &dyn::access::array_of(*top.container).emplace_back();
    } else {
      value::member& m = dyn::access::object_of(*top.container).emplace_back();
      dyn::access::assign_text(m.first, static_cast<std::uint8_t>(dyn::code(kind::string) | ((at->tag & flag_plain) ? dyn::flag_plain : 0)),
                               string_of(h, *at));
      ++at;  // the key's node; its value follows
      slot = &m.second;
    }
    if (is_container(*at)) {
      start(at, *slot);
      stack.push_back({slot, after(at)});
      ++at;
    } else {
      leaf_to_value(h, at, *slot);
      ++at;
    }
  }
}

}  // namespace metajson::detail::dom

namespace metajson {
inline namespace v0 {

/// One value of a metajson::document, or none (an absent node: what operator[] and find give
/// for a key or an index that is not there; it converts to false). Two pointers, copied freely;
/// valid while its document lives and is not parsed into again.
class node {
 public:
  /// The metajson family of to_json (family/classify.hpp).
  using metajson_dom = void;
  /// An absent node.
  node() noexcept = default;
  /// Whether the node exists.
  explicit operator bool() const noexcept { return n_ != nullptr; }
  bool exists() const noexcept { return n_ != nullptr; }

  /// The kind of value; an absent node's is an error_code::not_found error.
  metajson::kind kind() const {
    require();
    return detail::dom::kind_of(*n_);
  }
  bool is_null() const noexcept { return is(metajson::kind::null); }
  bool is_bool() const noexcept { return is(metajson::kind::boolean); }
  bool is_int64() const noexcept { return is(metajson::kind::int64); }
  bool is_uint64() const noexcept { return is(metajson::kind::uint64); }
  bool is_double() const noexcept { return is(metajson::kind::float64); }
  bool is_big_number() const noexcept { return is(metajson::kind::big_number); }
  bool is_number() const noexcept { return is_int64() || is_uint64() || is_double() || is_big_number(); }
  /// An integer, exactly: an int64, a uint64, or a big number without fraction or exponent.
  bool is_integer() const noexcept {
    if (is_int64() || is_uint64()) return true;
    return is_big_number() && big_number_text().find_first_of(".eE") == std::string_view::npos;
  }
  bool is_string() const noexcept { return is(metajson::kind::string); }
  bool is_array() const noexcept { return is(metajson::kind::array); }
  bool is_object() const noexcept { return is(metajson::kind::object); }

  /// The elements of an array or the members of an object; 0 for any other value.
  std::size_t size() const noexcept {
    return n_ && detail::dom::is_container(*n_) ? static_cast<std::size_t>(detail::dom::count_of(*n_)) : 0;
  }
  /// size() == 0.
  bool empty() const noexcept { return size() == 0; }

  /// A string's text (decoded), valid while the document lives; other kinds are errors.
  std::string_view as_string_view() const noexcept {
    return is_string() ? detail::dom::string_of(*h_, *n_) : std::string_view();
  }
  /// A big number's text (a number no int64, uint64 or double holds: metajson::value's big_number).
  std::string_view big_number_text() const noexcept {
    return is_big_number() ? detail::dom::big_number_of(*h_, *n_) : std::string_view();
  }

  /// Member `key` of an object (the first one when it appears more than once), or an absent node
  /// (also when this is not an object). Never throws.
  node operator[](std::string_view key) const noexcept { return find(key); }
  node operator[](const char* key) const noexcept { return find(key); }
  /// Element i of an array, or an absent node. Never throws.
  node operator[](std::size_t i) const noexcept {
    if (!is_array() || i >= size()) return {};
    const detail::dom::raw* e = n_ + 1;
    if (detail::dom::span_of(*n_) == size() + 1) return {h_, e + i};  // no element is a container: O(1)
    for (; i > 0; --i) e = detail::dom::after(e);
    return {h_, e};
  }
  node operator[](int i) const noexcept { return i < 0 ? node() : (*this)[static_cast<std::size_t>(i)]; }

  /// The first member with this key, or an absent node.
  node find(std::string_view key) const noexcept {
    if (!is_object()) return {};
    for (const detail::dom::raw* k = n_ + 1; k < end_node(); k = detail::dom::after(k + 1))
      if (detail::dom::string_of(*h_, *k) == key) return {h_, k + 1};
    return {};
  }
  bool contains(std::string_view key) const noexcept { return find(key).exists(); }
  /// How many members have this key (JSON allows duplicates; the document keeps them all).
  std::size_t count(std::string_view key) const noexcept {
    std::size_t n = 0;
    if (is_object())
      for (const detail::dom::raw* k = n_ + 1; k < end_node(); k = detail::dom::after(k + 1)) n += detail::dom::string_of(*h_, *k) == key;
    return n;
  }

  /// The value at an RFC 6901 JSON Pointer ("/statuses/0/id", "" for this value), or an absent
  /// node (also for a pointer that is not one). Keys on the path that appear twice: the first.
  node find_pointer(std::string_view pointer) const {
    node out;
    (void)resolve(pointer, out);
    return out;
  }

  /// The path of this value from the document's root: "$.statuses[0].user". O(the values before it).
  std::string path() const {
    require();
    std::string p = "$";
    for (auto& s : detail::dom::path_between(*h_, detail::dom::first_node(*h_), n_)) p += s;
    return p;
  }
  /// Where this value starts in the document's text (bytes).
  std::size_t offset() const {
    require();
    return detail::dom::source_of(*n_);
  }

  /// Reads this value into a T, as from<T> reads it from text (the same checks and errors, the
  /// path starting at this node's), a struct through reflection: never through written text, the
  /// typed reader reads the document's copy of the text from this node's place. Bools,
  /// integers, doubles, strings and metajson::value take shortcuts. A falsy error on success.
  template <options O = options{}, class T>
  error get_to(T& out) const noexcept {
    return detail::out_of_memory_as_error([&] { return read<O>(out); });
  }
  /// get_to into a new T, or the error.
  template <class T, options O = options{}>
  std::expected<T, error> try_get() const noexcept {
    T out{};
    if (error e = get_to<O>(out)) return std::unexpected(std::move(e));
    return out;
  }

#if METAJSON_HAS_EXCEPTIONS
  /// get_to into a new T; throws metajson::error ("expected integer, found string at
  /// $.statuses[0].user.id (line 1, column 2345)").
  template <class T, options O = options{}>
  T get() const {
    T out{};
    if (error e = get_to<O>(out)) throw e;
    return out;
  }
  bool as_bool() const { return get<bool>(); }
  std::int64_t as_int64() const { return get<std::int64_t>(); }
  std::uint64_t as_uint64() const { return get<std::uint64_t>(); }
  double as_double() const { return get<double>(); }
  /// A string's text, decoded, viewed in the document (valid while it lives).
  std::string_view as_string() const { return get<std::string_view>(); }

  /// Member `key`, or error_code::not_found (type_mismatch when this is not an object), with the
  /// path, line and column.
  node at(std::string_view key) const {
    require();
    if (!is_object()) throw mismatch("object");
    node v = find(key);
    if (!v) throw detail::dom::node_error(*h_, n_, error_code::not_found, "no member \"" + std::string(key.substr(0, 64)) + "\"");
    return v;
  }
  node at(const char* key) const { return at(std::string_view(key)); }
  /// Element i, or error_code::not_found (type_mismatch when this is not an array).
  node at(std::size_t i) const {
    require();
    if (!is_array()) throw mismatch("array");
    if (i >= size())
      throw detail::dom::node_error(*h_, n_, error_code::not_found,
                                    "no element " + std::to_string(i) + " in an array of " + std::to_string(size()));
    return (*this)[i];
  }
  node at(int i) const { return i < 0 ? at(~std::size_t{0}) : at(static_cast<std::size_t>(i)); }
  /// The value at a JSON Pointer; error_code::invalid_pointer or pointer_not_found (saying how far
  /// it resolved, as from_pointer does) otherwise.
  node at_pointer(std::string_view pointer) const {
    node out;
    if (error e = resolve(pointer, out)) throw e;
    return out;
  }
#endif

  /// Iterates the elements of an array or the values of an object (items() gives the keys too);
  /// nothing for other values.
  class iterator {
   public:
    using value_type = node;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::forward_iterator_tag;
    iterator() = default;
    node operator*() const noexcept { return {h_, object_ ? p_ + 1 : p_}; }
    iterator& operator++() noexcept {
      p_ = detail::dom::after(object_ ? p_ + 1 : p_);
      return *this;
    }
    iterator operator++(int) noexcept {
      iterator t = *this;
      ++*this;
      return t;
    }
    friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.p_ == b.p_; }

   private:
    friend class node;
    iterator(const detail::dom::header* h, const detail::dom::raw* p, bool object) : h_(h), p_(p), object_(object) {}
    const detail::dom::header* h_ = nullptr;
    const detail::dom::raw* p_ = nullptr;
    bool object_ = false;
  };
  iterator begin() const noexcept {
    if (!n_ || !detail::dom::is_container(*n_)) return {};
    return {h_, n_ + 1, is_object()};
  }
  iterator end() const noexcept {
    if (!n_ || !detail::dom::is_container(*n_)) return {};
    return {h_, end_node(), is_object()};
  }

  /// A member of an object: its key (decoded, viewed in the document) and its value.
  struct member;
  /// The members of an object, in order, duplicates included (nothing for other values):
  ///     for (auto [key, v] : n.items()) ...
  class member_range {
   public:
    class iterator {
     public:
      using value_type = member;
      using difference_type = std::ptrdiff_t;
      using iterator_category = std::forward_iterator_tag;
      iterator() = default;
      member operator*() const noexcept;
      iterator& operator++() noexcept {
        p_ = detail::dom::after(p_ + 1);
        return *this;
      }
      iterator operator++(int) noexcept {
        iterator t = *this;
        ++*this;
        return t;
      }
      friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.p_ == b.p_; }

     private:
      friend class node;
      iterator(const detail::dom::header* h, const detail::dom::raw* p) : h_(h), p_(p) {}
      const detail::dom::header* h_ = nullptr;
      const detail::dom::raw* p_ = nullptr;
    };
    iterator begin() const noexcept { return b_; }
    iterator end() const noexcept { return e_; }
    std::size_t size() const noexcept { return n_; }
    bool empty() const noexcept { return n_ == 0; }

   private:
    friend class node;
    iterator b_, e_;
    std::size_t n_ = 0;
  };
  member_range items() const noexcept {
    member_range r;
    if (is_object()) {
      r.b_ = {h_, n_ + 1};
      r.e_ = {h_, end_node()};
      r.n_ = size();
    }
    return r;
  }

  /// Whether two nodes are the same node of the same document (for JSON equality, compare
  /// to_value(a) == to_value(b)).
  friend bool operator==(const node& a, const node& b) noexcept { return a.n_ == b.n_; }

 private:
  friend class document;
  friend struct detail::dom::access;
  node(const detail::dom::header* h, const detail::dom::raw* n) noexcept : h_(h), n_(n) {}

  bool is(metajson::kind k) const noexcept { return n_ && detail::dom::kind_of(*n_) == k; }
  const detail::dom::raw* end_node() const noexcept { return detail::dom::after(n_); }

  [[gnu::cold]] error absent_error() const {
    return error(error_code::not_found, "$", "the node is absent: operator[] or find found no such member or element");
  }
  void require() const {
    if (METAJSON_UNLIKELY(!n_)) {
#if METAJSON_HAS_EXCEPTIONS
      throw absent_error();
#else
      __builtin_trap();
#endif
    }
  }
  [[gnu::cold]] error mismatch(std::string_view expected) const {
    return detail::dom::node_error(*h_, n_, error_code::type_mismatch,
                                   "expected " + std::string(expected) + ", found " + detail::dyn::kind_name(detail::dom::kind_of(*n_)));
  }

  // Resolves a JSON Pointer from this node; errors in from_pointer's words.
  error resolve(std::string_view pointer, node& out) const {
    detail::pointer_walk w;
    if (error e = detail::parse_pointer(pointer, w)) return e;
    if (!n_) return absent_error();
    const detail::dom::raw* n = n_;
    for (std::size_t i = 0; i < w.tokens.size(); ++i) {
      const std::string& t = w.tokens[i];
      node here(h_, n);
      std::string why;
      if (here.is_object()) {
        node v = here.find(t);
        if (!v) why = "an object without the key \"" + t.substr(0, 64) + "\"";
        else n = v.n_;
      } else if (here.is_array()) {
        if (const std::optional<std::size_t> idx = detail::array_index(t, why)) {
          if (*idx < here.size()) n = here[*idx].n_;
          else why = "an array of " + std::to_string(here.size()) + (here.size() == 1 ? " element" : " elements");
        }
      } else {
        const std::string d = detail::dyn::kind_name(detail::dom::kind_of(*n));
        why = (d == "null" ? d : "a " + d) + ", which holds no \"" + t.substr(0, 64) + "\"";
      }
      if (!why.empty()) {
        w.depth = i;
        return detail::dom::node_error(*h_, n, error_code::pointer_not_found,
                                       "\"" + std::string(pointer) + "\" resolves as far as " + w.prefix(i) +
                                           (i == 0 ? " (the whole document)" : "") + ", " + why);
      }
    }
    out = node(h_, n);
    return {};
  }

  template <options O, class T>
  error read(T& out) const {
    if (!n_) return absent_error();
    using metajson::kind;
    const detail::dom::raw& r = *n_;
    const kind k = detail::dom::kind_of(r);
    if constexpr (std::is_same_v<T, node>) {
      out = *this;
      return {};
    } else if constexpr (std::is_same_v<T, value>) {
      out = value();
      detail::dom::to_value(*h_, n_, out);
      return {};
    } else if constexpr (std::is_same_v<T, bool>) {
      if (k == kind::boolean) return out = r.payload != 0, error();
    } else if constexpr (std::is_integral_v<T> && sizeof(T) <= 8 && !std::is_same_v<T, char> && !std::is_same_v<T, char8_t> &&
                         !std::is_same_v<T, wchar_t> && !std::is_same_v<T, char16_t> && !std::is_same_v<T, char32_t>) {
      if (k == kind::int64) {
        const auto v = static_cast<std::int64_t>(r.payload);
        if (std::in_range<T>(v)) return out = static_cast<T>(v), error();
      } else if (k == kind::uint64) {
        if (std::in_range<T>(r.payload)) return out = static_cast<T>(r.payload), error();
      }
    } else if constexpr (std::is_same_v<T, double>) {
      if (k == kind::float64) return out = std::bit_cast<double>(r.payload), error();
      if (k == kind::int64) return out = static_cast<double>(static_cast<std::int64_t>(r.payload)), error();
      if (k == kind::uint64) return out = static_cast<double>(r.payload), error();
    } else if constexpr (std::is_same_v<T, std::string>) {
      if (k == kind::string) return out.assign(detail::dom::string_of(*h_, r)), error();
    } else if constexpr (std::is_same_v<T, std::string_view>) {
      // Decoded in the document: a string with escapes too (a view into text read by from<T>
      // cannot hold one).
      if (k == kind::string) return out = detail::dom::string_of(*h_, r), error();
    }
    return detail::dom::read_from_text<O>(*h_, n_, out);  // and every error, in from<T>'s words
  }

  const detail::dom::header* h_ = nullptr;
  const detail::dom::raw* n_ = nullptr;
};

struct node::member {
  std::string_view key;
  node value;
};

/// The value of a node as a metajson::value (mutable, independent of the document): the same
/// JSON (order, duplicates and big numbers kept), built without text.
inline value to_value(const node& n) {
  value v;
  (void)n.get_to(v);  // (an absent node gives a null value)
  return v;
}
inline value to_value(const document& d);
inline node::member node::member_range::iterator::operator*() const noexcept { return {detail::dom::string_of(*h_, *p_), node(h_, p_ + 1)}; }

}  // namespace v0
}  // namespace metajson

namespace metajson::detail::dom {
struct access {
  static const header* h(const node& n) noexcept { return n.h_; }
  static const raw* n(const node& n) noexcept { return n.n_; }
};
}  // namespace metajson::detail::dom

namespace metajson {
inline namespace v0 {

/// A parsed JSON document, read-only: its root node and everything node offers, forwarded.
/// Copying copies its buffers; moving keeps them (and the nodes viewing them valid).
class document {
 public:
  /// The metajson family of to_json (family/classify.hpp).
  using metajson_dom = void;

  document() = default;
  document(document&&) noexcept = default;
  document& operator=(document&&) noexcept = default;
  document(const document& o) { copy_from(o); }
  document& operator=(const document& o) {
    if (this != &o) copy_from(o);
    return *this;
  }

  /// Parses `json` into `doc`, reusing its buffers (a document parsed again and again stops
  /// allocating once they are large enough). Never throws: a falsy error on success; on error
  /// `doc` is empty (its root absent). Nodes of its previous content are invalid after.
  template <options O = options{}>
  static error parse_into(document& doc, std::string_view json) noexcept {
    return detail::out_of_memory_as_error([&] { return doc.parse_text<O>(json); }, [&] { doc.count_ = 0; });
  }
  /// A new document, or the error (with its path, line and column).
  template <options O = options{}>
  static std::expected<document, error> try_parse(std::string_view json) noexcept {
    document d;
    if (error e = parse_into<O>(d, json)) return std::unexpected(std::move(e));
    return d;
  }
#if METAJSON_HAS_EXCEPTIONS
  /// A new document; throws metajson::error.
  template <options O = options{}>
  static document parse(std::string_view json) {
    document d;
    if (error e = d.parse_text<O>(json)) throw e;
    return d;
  }
#endif

  /// The root value (absent when the document is empty: default-constructed, or after an error).
  node root() const noexcept {
    if (count_ == 0) return {};
    return node(reinterpret_cast<const detail::dom::header*>(nodes_.data), nodes_.data + detail::dom::header_nodes);
  }
  node operator[](std::string_view key) const noexcept { return root()[key]; }
  node operator[](const char* key) const noexcept { return root()[key]; }
  node operator[](std::size_t i) const noexcept { return root()[i]; }
  node operator[](int i) const noexcept { return root()[i]; }
  node find(std::string_view key) const noexcept { return root().find(key); }
  bool contains(std::string_view key) const noexcept { return root().contains(key); }
  node find_pointer(std::string_view pointer) const { return root().find_pointer(pointer); }
  std::size_t size() const noexcept { return root().size(); }
  bool empty() const noexcept { return root().empty(); }
  node::iterator begin() const noexcept { return root().begin(); }
  node::iterator end() const noexcept { return root().end(); }
  node::member_range items() const noexcept { return root().items(); }
  template <options O = options{}, class T>
  error get_to(T& out) const noexcept { return root().get_to<O>(out); }
  template <class T, options O = options{}>
  std::expected<T, error> try_get() const noexcept { return root().try_get<T, O>(); }
#if METAJSON_HAS_EXCEPTIONS
  node at(std::string_view key) const { return root().at(key); }
  node at(const char* key) const { return root().at(key); }
  node at(std::size_t i) const { return root().at(i); }
  node at(int i) const { return root().at(i); }
  node at_pointer(std::string_view pointer) const { return root().at_pointer(pointer); }
  template <class T, options O = options{}>
  T get() const { return root().get<T, O>(); }
#endif

  /// The document's copy of the JSON text (with options::allow_comments or
  /// allow_trailing_commas, the copy with comments and trailing commas blanked out).
  std::string_view text() const noexcept { return count_ ? std::string_view(text_.data, text_size_) : std::string_view(); }
  /// Nodes: one per value and one per key.
  std::size_t node_count() const noexcept { return count_ ? count_ - detail::dom::header_nodes : 0; }
  /// Bytes the document holds on the heap (its buffers' capacities): the text's copy, 16 per
  /// node (and its buffer's room to grow), the decoded strings.
  std::size_t memory_usage() const noexcept {
    return text_.capacity + nodes_.capacity * sizeof(detail::dom::raw) + arena_.capacity;
  }

 private:
  template <options O>
  error parse_text(std::string_view json) {
    count_ = 0;
    // The text's copy lives on the heap (never in a small-string buffer inside the document, which
    // would move with it): nodes and views point into it.
    if constexpr (detail::reads_prepared_copy<O>) {
      detail::read_context c;
      std::string prepared;
      if (!detail::prepare_copy<O>(c, json, prepared)) return detail::make_read_error(c);
      copy_text(prepared);
    } else {
      copy_text(json);
    }
    const std::string_view text(text_.data, text_size_);
    constexpr options strict = detail::without_prepared_copy<O>();
    std::size_t n = 0;
    if (error e = detail::dom::build<strict>(text, nodes_, arena_, arena_size_, n)) return e;
    count_ = n;
    auto* h = reinterpret_cast<detail::dom::header*>(nodes_.data);
    h->text = text_.data;
    h->arena = arena_.data;
    h->text_size = text_size_;
    h->count = n - detail::dom::header_nodes;
    return {};
  }
  void copy_text(std::string_view t) {
    text_.reserve(t.size() + 1, 0);
    if (!t.empty()) std::memcpy(text_.data, t.data(), t.size());
    text_size_ = t.size();
  }
  void copy_from(const document& o) {
    count_ = 0;
    copy_text(std::string_view(o.text_.data, o.text_size_));
    nodes_.reserve(o.count_ ? o.count_ : 1, 0);
    if (o.count_) std::memcpy(nodes_.data, o.nodes_.data, o.count_ * sizeof(detail::dom::raw));
    arena_.reserve(o.arena_size_ ? o.arena_size_ : 1, 0);
    if (o.arena_size_) std::memcpy(arena_.data, o.arena_.data, o.arena_size_);
    arena_size_ = o.arena_size_;
    count_ = o.count_;
    if (count_) {
      auto* h = reinterpret_cast<detail::dom::header*>(nodes_.data);
      h->text = text_.data;
      h->arena = arena_.data;
    }
  }

  detail::dom::raw_buffer<char> text_;
  std::size_t text_size_ = 0;
  detail::dom::raw_buffer<detail::dom::raw> nodes_;
  detail::dom::raw_buffer<char> arena_;
  std::size_t arena_size_ = 0;
  std::size_t count_ = 0;  // nodes written, the header's included; 0: empty
};

inline value to_value(const document& d) { return to_value(d.root()); }

}  // namespace v0
}  // namespace metajson

namespace metajson::detail {

template <>
struct writer<family::dom> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    node n;
    if constexpr (std::is_same_v<T, document>) n = v.root();
    else n = v;
    if (METAJSON_UNLIKELY(!n)) return c.fail(error_code::not_found, "an absent metajson::node (or an empty document) has no JSON");
    return dom::write_nodes<O>(c, p, *dom::access::h(n), dom::access::n(n));
  }
};

template <>
struct reader<family::dom> {
  template <options O, class T>
  static const char* read(read_context&, const char*, T&) {
    static_assert(sizeof(T) == 0, "a metajson::node or metajson::document is not read into: use metajson::document::parse(text) "
                                  "(or read a metajson::value)");
    return nullptr;
  }
};

}  // namespace metajson::detail

#endif  // METAJSON_REQUIREMENTS_MET

// JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7396, which obsoletes RFC 7386) on
// metajson::value: applying them, atomically, and making them from two values.
//
//     #include <metajson/patch.hpp>
//
//     metajson::value doc = metajson::from<metajson::value>(R"({"a":{"b":1}})");
//     metajson::value ops = metajson::from<metajson::value>(R"([{"op":"add","path":"/a/c","value":2}])");
//     metajson::value out = metajson::patch(doc, ops);            // {"a":{"b":1,"c":2}}; throws metajson::error
//     metajson::patch_in_place(doc, ops);                          // the same in doc: all or nothing
//     metajson::value back = metajson::make_patch(out, doc);       // [{"op":"remove","path":"/a/c"}]
//     metajson::value m = metajson::merge_patch(doc, metajson::from<metajson::value>(R"({"a":{"b":null}})"));
//
// Not included by metajson.hpp. docs/dynamic.md says what each does with duplicate keys, numbers
// and errors.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <cstddef>
#include <expected>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "detail/json_pointer.hpp"
#include "detail/path.hpp"
#include "error.hpp"
#include "value.hpp"

namespace metajson::detail::patching {

// An operation's members, read and checked (RFC 6902 section 4: "op" and "path" (and "from" for
// move and copy) are strings, "value" is required by add, replace and test; other members are
// ignored; a member of these four named twice makes the operation invalid, as RFC 6902 A.13 asks).
struct operation {
  std::string_view op, path, from;
  const value* val = nullptr;
};

// What undoing one step takes (patch_in_place): the location as pointer tokens (of the parent,
// or of the value itself for replace), the key or index there, and what was there before.
struct undo_step {
  enum class kind : std::uint8_t { root, insert_member, insert_element, replace, restore_member, restore_element } what;
  std::vector<std::string> parent;  // tokens
  std::string key;                  // objects
  std::size_t index = 0;            // arrays, and a member's position
  value old;                        // replaced or removed
};

class applier {
 public:
  applier(value& doc, std::vector<undo_step>* log) : doc_(doc), log_(log) {}

  // Applies operation number i; a falsy error on success.
  error apply(std::size_t i, const value& op) {
    index_ = i;
    operation o;
    if (error e = read_operation(op, o)) return e;
    op_ = o.op;
    path_ = o.path;
    if (o.op == "add") return add(o.path, *o.val);
    if (o.op == "remove") return remove(o.path, nullptr);
    if (o.op == "replace") return replace(o.path, *o.val);
    if (o.op == "move") return move(o.from, o.path);
    if (o.op == "copy") return copy(o.from, o.path);
    return test(o.path, *o.val);
  }

 private:
  [[gnu::cold]] error fail(error_code code, std::string path, std::string why) const {
    return error(code, std::move(path),
                 "operation " + std::to_string(index_) + " (" + std::string(op_) + " \"" + std::string(path_.substr(0, 256)) + "\"): " + why);
  }

  error read_operation(const value& op, operation& o) {
    op_ = "?";
    path_ = "";
    if (!op.is_object()) return fail(error_code::invalid_patch, "$[" + std::to_string(index_) + "]", "an operation is an object");
    const value *op_v = nullptr, *path_v = nullptr, *from_v = nullptr, *value_v = nullptr;
    std::string_view twice;
    for (const auto& [k, v] : op.as_object()) {
      const value** slot = k == "op" ? &op_v : k == "path" ? &path_v : k == "from" ? &from_v : k == "value" ? &value_v : nullptr;
      if (!slot) continue;  // other members are ignored (RFC 6902 section 4)
      if (*slot && twice.empty()) twice = k;
      if (!*slot) *slot = &v;
    }
    if (op_v && op_v->is_string()) op_ = op_v->as_string();
    if (path_v && path_v->is_string()) path_ = path_v->as_string();
    if (!twice.empty())
      return fail(error_code::invalid_patch, "$[" + std::to_string(index_) + "]", "the member \"" + std::string(twice) + "\" appears twice");
    if (!op_v || !op_v->is_string()) return fail(error_code::invalid_patch, "$[" + std::to_string(index_) + "]", "\"op\" is missing or not a string");
    o.op = op_v->as_string();
    op_ = o.op;
    if (o.op != "add" && o.op != "remove" && o.op != "replace" && o.op != "move" && o.op != "copy" && o.op != "test")
      return fail(error_code::invalid_patch, "$[" + std::to_string(index_) + "]",
                  "\"" + std::string(o.op.substr(0, 64)) + "\" is no operation (add, remove, replace, move, copy, test)");
    if (!path_v || !path_v->is_string()) return fail(error_code::invalid_patch, "$[" + std::to_string(index_) + "]", "\"path\" is missing or not a string");
    o.path = path_v->as_string();
    path_ = o.path;
    if (o.op == "move" || o.op == "copy") {
      if (!from_v || !from_v->is_string()) return fail(error_code::invalid_patch, "$[" + std::to_string(index_) + "]", "\"from\" is missing or not a string");
      o.from = from_v->as_string();
    }
    if (o.op == "add" || o.op == "replace" || o.op == "test") {
      if (!value_v) return fail(error_code::invalid_patch, "$[" + std::to_string(index_) + "]", "\"value\" is missing");
      o.val = value_v;
    }
    return {};
  }

  error tokens_of(std::string_view pointer, pointer_tokens& t) const {
    if (error e = parse_pointer_tokens(pointer, t)) return fail(error_code::invalid_pointer, "$", e.detail());
    return {};
  }

  // Follows tokens [0, n): the value there, or an error saying how far it resolved.
  error follow(const pointer_tokens& t, std::size_t n, value*& out) const {
    value* at = &doc_;
    std::string path = "$";
    for (std::size_t d = 0; d < n; ++d) {
      const std::string& token = t.tokens[d];
      std::string why;
      if (at->is_object()) {
        value* next = at->find(token);
        if (!next) why = "an object without the key \"" + token.substr(0, 64) + "\"";
        else path += key_segment(token), at = next;
      } else if (at->is_array()) {
        if (const std::optional<std::size_t> i = array_index(token, why)) {
          if (*i < at->size()) path += index_segment(*i), at = &(*at)[*i];
          else why = "an array of " + std::to_string(at->size()) + (at->size() == 1 ? " element" : " elements");
        }
      } else {
        const std::string k = dyn::kind_name(at->kind());
        why = (k == "null" ? k : "a " + k) + ", which holds no \"" + token.substr(0, 64) + "\"";
      }
      if (!why.empty())
        return fail(error_code::pointer_not_found, std::move(path),
                    "\"" + std::string(t.text) + "\" resolves as far as " + t.prefix(d) + (d == 0 ? " (the whole document)" : "") + ", " + why);
    }
    out = at;
    return {};
  }
  static std::vector<std::string> head(const pointer_tokens& t) { return {t.tokens.begin(), t.tokens.end() - 1}; }

  void log(undo_step s) {
    if (log_) log_->push_back(std::move(s));
  }

  error add(std::string_view pointer, value v) {
    pointer_tokens t;
    if (error e = tokens_of(pointer, t)) return e;
    if (t.tokens.empty()) {
      log({undo_step::kind::root, {}, {}, 0, std::move(doc_)});
      doc_ = std::move(v);
      return {};
    }
    value* parent = nullptr;
    if (error e = follow(t, t.tokens.size() - 1, parent)) return e;
    const std::string& token = t.tokens.back();
    if (parent->is_object()) {
      value::object& o = parent->as_object();
      if (auto* m = o.find(token); m != o.end()) {  // an existing member is replaced (the first with the key)
        log({undo_step::kind::replace, t.tokens, {}, 0, std::move(m->second)});
        m->second = std::move(v);
      } else {
        log({undo_step::kind::insert_member, head(t), token, o.size(), {}});
        o.emplace_back(json_string(token), std::move(v));
      }
      return {};
    }
    if (parent->is_array()) {
      value::array& a = parent->as_array();
      std::size_t i = a.size();
      if (token != "-") {
        std::string why;
        const std::optional<std::size_t> idx = array_index(token, why);
        if (idx && *idx > a.size())
          why = "an array of " + std::to_string(a.size()) + (a.size() == 1 ? " element" : " elements") +
                ", where an element can be added at index " + std::to_string(a.size()) + " at most";
        if (!why.empty())
          return fail(error_code::pointer_not_found, path_of(t, t.tokens.size() - 1),
                      "\"" + std::string(t.text) + "\" resolves as far as " + t.prefix(t.tokens.size() - 1) + ", " + why);
        i = *idx;
      }
      log({undo_step::kind::insert_element, head(t), {}, i, {}});
      a.insert(a.begin() + i, std::move(v));
      return {};
    }
    const std::string k = dyn::kind_name(parent->kind());
    return fail(error_code::pointer_not_found, path_of(t, t.tokens.size() - 1),
                "\"" + std::string(t.text) + "\" resolves as far as " + t.prefix(t.tokens.size() - 1) + ", " + (k == "null" ? k : "a " + k) +
                    ", which can hold no \"" + token.substr(0, 64) + "\"");
  }

  // Removes the value at the pointer; moves it to *out when out is given.
  error remove(std::string_view pointer, value* out) {
    pointer_tokens t;
    if (error e = tokens_of(pointer, t)) return e;
    if (t.tokens.empty()) return fail(error_code::invalid_patch, "$", "\"\" is the whole document, which cannot be removed");
    value* target = nullptr;
    if (error e = follow(t, t.tokens.size(), target)) return e;
    value* parent = nullptr;
    (void)follow(t, t.tokens.size() - 1, parent);
    if (parent->is_object()) {
      value::object& o = parent->as_object();
      auto* m = o.find(t.tokens.back());
      const auto at = static_cast<std::size_t>(m - o.begin());
      value old = std::move(m->second);
      o.erase(m);
      if (out) {
        log({undo_step::kind::restore_member, head(t), t.tokens.back(), at, value(old)});
        *out = std::move(old);
      } else {
        log({undo_step::kind::restore_member, head(t), t.tokens.back(), at, std::move(old)});
      }
      return {};
    }
    value::array& a = parent->as_array();
    const auto at = static_cast<std::size_t>(target - a.begin());
    value old = std::move(*target);
    a.erase(a.begin() + at);
    if (out) {
      log({undo_step::kind::restore_element, head(t), {}, at, value(old)});
      *out = std::move(old);
    } else {
      log({undo_step::kind::restore_element, head(t), {}, at, std::move(old)});
    }
    return {};
  }

  error replace(std::string_view pointer, value v) {
    pointer_tokens t;
    if (error e = tokens_of(pointer, t)) return e;
    value* target = nullptr;
    if (error e = follow(t, t.tokens.size(), target)) return e;
    if (t.tokens.empty()) {
      log({undo_step::kind::root, {}, {}, 0, std::move(doc_)});
      doc_ = std::move(v);
      return {};
    }
    log({undo_step::kind::replace, t.tokens, {}, 0, std::move(*target)});
    *target = std::move(v);
    return {};
  }

  error move(std::string_view from, std::string_view to) {
    pointer_tokens f, t;
    if (error e = tokens_of(from, f)) return e;
    if (error e = tokens_of(to, t)) return e;
    // "from" must not be a proper prefix of "path" (by reference tokens): a value cannot move into
    // one of its own children.
    if (f.tokens.size() < t.tokens.size() && std::equal(f.tokens.begin(), f.tokens.end(), t.tokens.begin()))
      return fail(error_code::invalid_patch, "$", "\"from\" (\"" + std::string(from.substr(0, 256)) + "\") is a proper prefix of \"path\": a value cannot move into itself");
    value* source = nullptr;
    if (error e = follow(f, f.tokens.size(), source)) return e;
    if (f.tokens == t.tokens) return {};  // onto itself: nothing changes
    value v;
    if (error e = remove(from, &v)) return e;
    return add(to, std::move(v));
  }

  error copy(std::string_view from, std::string_view to) {
    pointer_tokens f;
    if (error e = tokens_of(from, f)) return e;
    value* source = nullptr;
    if (error e = follow(f, f.tokens.size(), source)) return e;
    return add(to, *source);
  }

  error test(std::string_view pointer, const value& expected) {
    pointer_tokens t;
    if (error e = tokens_of(pointer, t)) return e;
    value* target = nullptr;
    if (error e = follow(t, t.tokens.size(), target)) return e;
    if (!(*target == expected))
      return fail(error_code::patch_test_failed, path_of(t, t.tokens.size()), "the value there is not the one tested");
    return {};
  }

  // The JSON path of tokens [0, n) (resolved: each token is a key or an index there).
  std::string path_of(const pointer_tokens& t, std::size_t n) const {
    std::string path = "$";
    const value* at = &doc_;
    for (std::size_t d = 0; d < n && at; ++d) {
      if (at->is_array()) {
        path += "[" + t.tokens[d] + "]";
        std::string why;
        const std::optional<std::size_t> i = array_index(t.tokens[d], why);
        at = i && *i < at->size() ? &(*at)[*i] : nullptr;
      } else {
        path += key_segment(t.tokens[d]);
        at = at->find(t.tokens[d]);
      }
    }
    return path;
  }

  value& doc_;
  std::vector<undo_step>* log_;
  std::size_t index_ = 0;
  std::string_view op_, path_;
};

// Undoes the logged steps, the last first: each location resolves again to what it was when the
// step was made, since every later step has been undone.
inline void undo(value& doc, std::vector<undo_step>& log) noexcept {
  for (auto it = log.rbegin(); it != log.rend(); ++it) {
    undo_step& s = *it;
    value* parent = &doc;
    for (const std::string& token : s.parent) {
      if (parent->is_object()) {
        parent = parent->find(token);
      } else {
        std::string why;
        parent = &(*parent)[*array_index(token, why)];
      }
    }
    switch (s.what) {
      case undo_step::kind::root: doc = std::move(s.old); break;
      case undo_step::kind::insert_member: {
        value::object& o = parent->as_object();
        o.erase(o.begin() + s.index);
        break;
      }
      case undo_step::kind::insert_element: {
        value::array& a = parent->as_array();
        a.erase(a.begin() + s.index);
        break;
      }
      case undo_step::kind::replace: *parent = std::move(s.old); break;  // (parent: the value itself)
      case undo_step::kind::restore_member: {
        value::object& o = parent->as_object();
        o.insert(o.begin() + s.index, value::member(json_string(s.key), std::move(s.old)));
        break;
      }
      case undo_step::kind::restore_element: {
        value::array& a = parent->as_array();
        a.insert(a.begin() + s.index, std::move(s.old));
        break;
      }
    }
  }
}

}  // namespace metajson::detail::patching

namespace metajson {
inline namespace v0 {

/// Applies the JSON Patch `ops` (RFC 6902: an array of operations) to `doc` in place, all or
/// nothing: when an operation fails, doc is restored to what it was (undone step by step, without
/// a copy of doc) and the error names the operation's index and pointer:
/// `JSON Patch test failed (operation 4 (test "/a/b"): the value there is not the one tested) at $.a.b`.
/// Codes: invalid_patch (not an array of operations, an unknown op, a member missing or twice),
/// invalid_pointer, pointer_not_found (with how far the pointer resolved), patch_test_failed.
/// Never throws (out_of_memory when memory runs out: then doc is restored too).
inline error try_patch_in_place(value& doc, const value& ops) noexcept {
  std::vector<detail::patching::undo_step> log;
  error e;
#if METAJSON_HAS_EXCEPTIONS
  try {
#endif
    if (!ops.is_array()) return error(error_code::invalid_patch, "$", "a JSON Patch is an array of operations");
    detail::patching::applier a(doc, &log);
    for (std::size_t i = 0; i < ops.size() && !e; ++i) e = a.apply(i, ops[i]);
#if METAJSON_HAS_EXCEPTIONS
  } catch (const std::bad_alloc&) {
    e = error(error_code::out_of_memory);
  }
#endif
  if (e) detail::patching::undo(doc, log);
  return e;
}

/// A copy of doc with the JSON Patch applied, or the error (doc is never changed).
inline std::expected<value, error> try_patch(const value& doc, const value& ops) noexcept {
#if METAJSON_HAS_EXCEPTIONS
  try {
#endif
    value out = doc;
    if (!ops.is_array()) return std::unexpected(error(error_code::invalid_patch, "$", "a JSON Patch is an array of operations"));
    detail::patching::applier a(out, nullptr);  // a failure discards the copy: no undo needed
    for (std::size_t i = 0; i < ops.size(); ++i)
      if (error e = a.apply(i, ops[i])) return std::unexpected(std::move(e));
    return out;
#if METAJSON_HAS_EXCEPTIONS
  } catch (const std::bad_alloc&) {
    return std::unexpected(error(error_code::out_of_memory));
  }
#endif
}

#if METAJSON_HAS_EXCEPTIONS
/// try_patch_in_place, throwing the error.
inline void patch_in_place(value& doc, const value& ops) {
  if (error e = try_patch_in_place(doc, ops)) throw e;
}
/// try_patch, throwing the error.
inline value patch(const value& doc, const value& ops) {
  auto r = try_patch(doc, ops);
  if (!r) throw std::move(r.error());
  return std::move(*r);
}
#endif

}  // namespace v0
namespace detail::patching {

inline bool has_duplicate_keys(const value::object& o) {
  for (std::size_t i = 0; i < o.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (o[i].first == o[j].first) return true;
  return false;
}

inline void add_op(value& ops, std::string_view op, const std::string& path, const value* v) {
  value o = value::object{};
  o.emplace("op", op);
  o.emplace("path", path);
  if (v) o.emplace("value", *v);
  ops.push_back(std::move(o));
}

// The operations that turn a into b at `path` (a pointer).
inline void diff(value& ops, const std::string& path, const value& a, const value& b) {
  if (identical(a, b)) return;
  if (a.is_array() && b.is_array()) {
    const value::array &x = a.as_array(), &y = b.as_array();
    const std::size_t common = x.size() < y.size() ? x.size() : y.size();
    for (std::size_t i = 0; i < common; ++i) diff(ops, path + "/" + std::to_string(i), x[i], y[i]);
    for (std::size_t i = x.size(); i > y.size(); --i) add_op(ops, "remove", path + "/" + std::to_string(i - 1), nullptr);
    for (std::size_t i = x.size(); i < y.size(); ++i) add_op(ops, "add", path + "/-", &y[i]);
    return;
  }
  if (a.is_object() && b.is_object() && !has_duplicate_keys(a.as_object()) && !has_duplicate_keys(b.as_object())) {
    const value::object &x = a.as_object(), &y = b.as_object();
    for (const auto& [k, v] : x) {
      const std::string p = path + "/" + pointer_token(k);
      if (const value* w = b.find(k)) diff(ops, p, v, *w);
      else add_op(ops, "remove", p, nullptr);
    }
    for (const auto& [k, v] : y)
      if (!a.contains(k)) add_op(ops, "add", path + "/" + pointer_token(k), &v);
    return;
  }
  add_op(ops, "replace", path, &b);
}

}  // namespace detail::patching
inline namespace v0 {

/// A JSON Patch that turns `from` into `to`: patch(from, make_patch(from, to)) == to (JSON
/// equality; numbers of another kind (1 and 1.0) are replaced, so the result holds `to`'s).
/// Objects are compared member by member (their order is not a difference; an object with a key
/// twice is replaced whole), arrays element by element (then removals from the end, or appends).
inline value make_patch(const value& from, const value& to) {
  value ops = value::array{};
  detail::patching::diff(ops, "", from, to);
  return ops;
}

// --- JSON Merge Patch (RFC 7396) -------------------------------------------------------------------

/// Applies the merge patch to target, in place (RFC 7396 section 2): an object patch sets or, with
/// null, removes members (recursively; a target that is not an object becomes one); any other
/// patch replaces the target. New members go at the end, in the patch's order; a member that is
/// there keeps its place. A key the target holds twice: null removes every one of them, another
/// value is merged into the first and the later ones are removed (the result has it once).
inline void merge_patch_in_place(value& target, const value& patch) {
  if (!patch.is_object()) {
    target = patch;
    return;
  }
  if (!target.is_object()) target = value::object{};
  value::object& t = target.as_object();
  for (const auto& [k, v] : patch.as_object()) {
    if (v.is_null()) {
      t.erase(k);
      continue;
    }
    auto* m = t.find(k);
    if (m == t.end()) {
      value fresh;
      merge_patch_in_place(fresh, v);
      t.emplace_back(k, std::move(fresh));
      continue;
    }
    merge_patch_in_place(m->second, v);
    for (auto* later = m + 1; later != t.end();) later = later->first == k ? t.erase(later) : later + 1;
  }
}

/// A copy of target with the merge patch applied.
inline value merge_patch(const value& target, const value& patch) {
  value out = target;
  merge_patch_in_place(out, patch);
  return out;
}

}  // namespace v0
namespace detail::patching {

// The first member of an object (in `to`, where a merge patch would put it) whose value is null,
// or with a key twice: neither can be written by a merge patch. Its path, or "".
inline std::string unmergeable(const value& v, const std::string& path) {
  if (!v.is_object()) return {};
  const value::object& o = v.as_object();
  for (std::size_t i = 0; i < o.size(); ++i) {
    const std::string p = path + key_segment(o[i].first);
    if (o[i].second.is_null()) return p + " is null";
    for (std::size_t j = 0; j < i; ++j)
      if (o[j].first == o[i].first) return p + " appears twice";
    if (std::string w = unmergeable(o[i].second, p); !w.empty()) return w;
  }
  return {};
}

inline value merge_diff(const value& from, const value& to) {
  if (!from.is_object() || !to.is_object()) return to;
  value p = value::object{};
  for (const auto& [k, v] : from.as_object())
    if (!to.contains(k) && !p.contains(k)) p.emplace(k, nullptr);
  for (const auto& [k, v] : to.as_object()) {
    const value* old = from.find(k);
    if (!old) p.emplace(k, v);
    else if (old->is_object() && v.is_object()) {
      value d = merge_diff(*old, v);
      if (!d.empty() || from.count(k) > 1) p.emplace(k, std::move(d));
    } else if (!identical(*old, v) || from.count(k) > 1) {
      p.emplace(k, v);
    }
  }
  return p;
}

}  // namespace detail::patching
inline namespace v0 {

/// A merge patch that turns `from` into `to`: merge_patch(from, make_merge_patch(from, to)) is
/// identical to `to`, member order aside. When `to` gives an object member the value null (a
/// merge patch's null removes a member) or a key twice, no merge patch can: an invalid_value
/// error that names it ("$.a.b is null": use make_patch, a JSON Patch, instead).
inline std::expected<value, error> try_make_merge_patch(const value& from, const value& to) noexcept {
#if METAJSON_HAS_EXCEPTIONS
  try {
#endif
    if (std::string why = detail::patching::unmergeable(to, "$"); !why.empty())
      return std::unexpected(error(error_code::invalid_value, "$",
                                   "no merge patch can give this target: " + why + " (a merge patch's null removes a member; use a JSON Patch: make_patch)"));
    return detail::patching::merge_diff(from, to);
#if METAJSON_HAS_EXCEPTIONS
  } catch (const std::bad_alloc&) {
    return std::unexpected(error(error_code::out_of_memory));
  }
#endif
}
#if METAJSON_HAS_EXCEPTIONS
inline value make_merge_patch(const value& from, const value& to) {
  auto r = try_make_merge_patch(from, to);
  if (!r) throw std::move(r.error());
  return std::move(*r);
}
#endif

}  // namespace v0

// --- value's members patch(), patch_in_place() (patch_inplace()) and merge_patch() ------------
// (declared in value.hpp, which cannot include this header: they call the functions above)

namespace detail::dyn {

template <>
struct patch_members<value> {
  static constexpr bool available = true;
#if METAJSON_HAS_EXCEPTIONS
  static value patch(const value& doc, const value& ops) { return metajson::patch(doc, ops); }
  static void patch_in_place(value& doc, const value& ops) { metajson::patch_in_place(doc, ops); }
#endif
  static void merge_patch_in_place(value& target, const value& p) { metajson::merge_patch_in_place(target, p); }
};

}  // namespace detail::dyn
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

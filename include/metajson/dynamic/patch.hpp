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
// Included by patch.hpp. docs/dynamic.md says what each does with duplicate keys, numbers
// and errors.
#pragma once

#include "../detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <algorithm>
#include <cstddef>
#include <expected>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../text/json_pointer.hpp"
#include "../detail/path.hpp"
#include "../error.hpp"
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

  // Applies operation number i; a falsy error on success. A non-const operation (a copy of the
  // patch that the caller made) gives its value up: it is moved into the document, not copied.
  template <class Op>
  error apply(std::size_t i, Op& op) {
    index_ = i;
    operation o;
    if (error e = read_operation(op, o)) return e;
    op_ = o.op;
    path_ = o.path;
    const auto given = [&]() -> value {
      if constexpr (std::is_const_v<Op>) return *o.val;
      else return std::move(*const_cast<value*>(o.val));  // (o.val points into op, which is ours)
    };
    if (o.op == "add") return add(o.path, given());
    if (o.op == "remove") return remove(o.path, nullptr);
    if (o.op == "replace") return replace(o.path, given());
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
///
/// `ops` may live inside `doc` (`patch_in_place(doc, doc["ops"])`, or doc itself): the patch is
/// applied as it was when the call began. (It is copied first, and each operation's value is
/// then moved from the copy into doc, so the patch's values are copied once, as they would be
/// anyway.)
inline error try_patch_in_place(value& doc, const value& ops) noexcept {
  std::vector<detail::patching::undo_step> log;
  error e = detail::out_of_memory_as_error([&]() -> error {
    if (!ops.is_array()) return error(error_code::invalid_patch, "$", "a JSON Patch is an array of operations");
    value own = ops;
    value::array& list = own.as_array();
    detail::patching::applier a(doc, &log);
    error r;
    for (std::size_t i = 0; i < list.size() && !r; ++i) r = a.apply(i, list[i]);
    return r;
  });
  if (e) detail::patching::undo(doc, log);
  return e;
}

/// A copy of doc with the JSON Patch applied, or the error (doc is never changed).
inline std::expected<value, error> try_patch(const value& doc, const value& ops) noexcept {
  return detail::out_of_memory_as_error([&]() -> std::expected<value, error> {
    value out = doc;
    if (!ops.is_array()) return std::unexpected(error(error_code::invalid_patch, "$", "a JSON Patch is an array of operations"));
    detail::patching::applier a(out, nullptr);  // a failure discards the copy: no undo needed
    const value::array& list = ops.as_array();
    for (std::size_t i = 0; i < list.size(); ++i)
      if (error e = a.apply(i, list[i])) return std::unexpected(std::move(e));
    return out;
  });
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

using dyn::has_duplicate_keys;

inline void add_op(value& ops, std::string_view op, const std::string& path, const value* v) {
  value o = value::object{};
  o.emplace("op", op);
  o.emplace("path", path);
  if (v) o.emplace("value", *v);
  ops.push_back(std::move(o));
}

// The operations that turn a into b, in the order a recursive walk would make them (each pair
// of arrays element by element, then removals from the end, then appends; each pair of objects
// member by member, then additions), without recursion: a stack of the pairs being compared,
// each with the length of its pointer in `path` (one string for all, so a deep walk is not
// quadratic in memory).
inline void diff(value& ops, const value& a, const value& b) {
  struct frame {
    const value* a;
    const value* b;
    std::size_t len;  // of its pointer, in path
    std::size_t i;
  };
  std::vector<frame> stack;
  std::string path;
  // The pair at `path`: containers of one kind that can be compared part by part are pushed;
  // anything else is replaced unless identical (compared once, with no walk below it).
  const auto start = [&](const value& x, const value& y) {
    if ((x.is_array() && y.is_array()) ||
        (x.is_object() && y.is_object() && !has_duplicate_keys(x.as_object()) && !has_duplicate_keys(y.as_object()))) {
      stack.push_back({&x, &y, path.size(), 0});
    } else if (!identical(x, y)) {
      add_op(ops, "replace", path, &y);
    }
  };
  start(a, b);
  while (!stack.empty()) {
    frame& f = stack.back();
    path.resize(f.len);
    if (f.a->is_array()) {
      const value::array &x = f.a->as_array(), &y = f.b->as_array();
      const std::size_t common = x.size() < y.size() ? x.size() : y.size();
      if (f.i < common) {
        const std::size_t i = f.i++;
        path += '/';
        path += std::to_string(i);
        start(x[i], y[i]);  // (may push: f is not used after)
        continue;
      }
      stack.pop_back();
      for (std::size_t i = x.size(); i > y.size(); --i) add_op(ops, "remove", path + "/" + std::to_string(i - 1), nullptr);
      for (std::size_t i = x.size(); i < y.size(); ++i) add_op(ops, "add", path + "/-", &y[i]);
      continue;
    }
    const value::object &x = f.a->as_object(), &y = f.b->as_object();
    if (f.i < x.size()) {
      const auto& [k, v] = x[f.i++];
      path += '/';
      path += pointer_token(k);
      if (const value* w = f.b->find(k)) start(v, *w);
      else add_op(ops, "remove", path, nullptr);
      continue;
    }
    const value* from = f.a;
    stack.pop_back();
    for (const auto& [k, v] : y)
      if (!from->contains(k)) add_op(ops, "add", path + "/" + pointer_token(k), &v);
  }
}

}  // namespace detail::patching
inline namespace v0 {

/// A JSON Patch that turns `from` into `to`: patch(from, make_patch(from, to)) == to (JSON
/// equality; numbers of another kind (1 and 1.0) are replaced, so the result holds `to`'s).
/// Objects are compared member by member (their order is not a difference; an object with a key
/// twice is replaced whole), arrays element by element (then removals from the end, or appends).
/// Any depth: the walk keeps its own stack.
inline value make_patch(const value& from, const value& to) {
  value ops = value::array{};
  detail::patching::diff(ops, from, to);
  return ops;
}

// --- JSON Merge Patch (RFC 7396) -------------------------------------------------------------------

}  // namespace v0
namespace detail::patching {

// RFC 7396's MergePatch(target, patch), the patch consumed (its values are moved into target),
// without recursion: a stack of the objects being merged, each with its next member. A child is
// merged before its parent's next member, as the recursive definition does, and a parent's
// block is not touched while a child's merge runs, so the addresses on the stack stay valid.
inline void merge_into(value& target, value& patch) {
  if (!patch.is_object()) {
    target = std::move(patch);
    return;
  }
  struct frame {
    value* target;
    value::object* patch;
    std::size_t i;
  };
  std::vector<frame> stack;
  stack.push_back({&target, &patch.as_object(), 0});
  while (!stack.empty()) {
    frame& f = stack.back();
    if (f.i == 0 && !f.target->is_object()) *f.target = value::object{};
    if (f.i == f.patch->size()) {
      stack.pop_back();
      continue;
    }
    value::member& pm = (*f.patch)[f.i++];
    value::object& t = f.target->as_object();
    const std::string_view k = pm.first.view();
    if (pm.second.is_null()) {
      t.erase(k);
      continue;
    }
    value::member* m = t.find(k);
    if (m == t.end()) m = &t.emplace_back(pm.first, value());
    for (value::member* later = m + 1; later != t.end();) later = later->first == k ? t.erase(later) : later + 1;
    if (pm.second.is_object()) stack.push_back({&m->second, &pm.second.as_object(), 0});
    else m->second = std::move(pm.second);
  }
}

}  // namespace detail::patching
inline namespace v0 {

/// Applies the merge patch to target, in place (RFC 7396 section 2): an object patch sets or, with
/// null, removes members (recursively; a target that is not an object becomes one); any other
/// patch replaces the target. New members go at the end, in the patch's order; a member that is
/// there keeps its place. A key the target holds twice: null removes every one of them, another
/// value is merged into the first and the later ones are removed (the result has it once).
///
/// `patch` may live inside `target` (`merge_patch_in_place(v, v)`, `merge_patch_in_place(v,
/// v["p"])`): it is applied as it was when the call began (copied first; its values are then
/// moved into target, so they are copied once, as they would be anyway). Any depth.
inline void merge_patch_in_place(value& target, const value& patch) {
  value own = patch;
  detail::patching::merge_into(target, own);
}

/// A copy of target with the merge patch applied.
inline value merge_patch(const value& target, const value& patch) {
  value out = target;
  value own = patch;
  detail::patching::merge_into(out, own);
  return out;
}

}  // namespace v0
namespace detail::patching {

// The first object member under v (v included, arrays not entered: they are replaced whole) that
// a merge patch cannot give when it holds v whole (v is added, or replaces a non-object): a null
// member (the patch's null would remove it) or a key twice. Its path (`path` is v's) and why,
// or "" when there is none.
inline std::string unmergeable(const value& v, std::string path) {
  struct frame {
    const value::object* o;
    std::size_t len;  // of its path
    std::size_t i;
  };
  if (!v.is_object()) return {};
  std::vector<frame> stack;
  stack.push_back({&v.as_object(), path.size(), 0});
  while (!stack.empty()) {
    frame& f = stack.back();
    path.resize(f.len);
    if (f.i == f.o->size()) {
      stack.pop_back();
      continue;
    }
    const std::size_t i = f.i++;
    const value::member& m = (*f.o)[i];
    path += key_segment(m.first);
    if (m.second.is_null()) return path + " is null";
    for (std::size_t j = 0; j < i; ++j)
      if ((*f.o)[j].first == m.first) return path + " appears twice";
    if (m.second.is_object()) stack.push_back({&m.second.as_object(), path.size(), 0});
  }
  return {};
}

// The merge patch that turns `from` into `to`, or (in why) the first place where none can: a null
// member of `to` where `from` does not hold that very null, a key `to` holds twice, or a null under
// an object added whole. Without recursion: a stack of the pairs of objects being compared, each
// building its part of the patch, handed to its parent when done.
inline value merge_diff(const value& from, const value& to, std::string& why) {
  if (!to.is_object()) return to;
  if (!from.is_object()) {
    why = unmergeable(to, "$");
    return to;
  }
  struct frame {
    const value* from;
    const value* to;
    std::size_t len;  // of its path
    value patch;
    std::size_t i;
  };
  std::vector<frame> stack;
  std::string path = "$";
  const auto open = [&](const value& f, const value& t) -> bool {
    const value::object& o = t.as_object();
    if (has_duplicate_keys(o)) {
      for (std::size_t i = 0; i < o.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
          if (o[j].first == o[i].first) return why = path + key_segment(o[i].first) + " appears twice", false;
    }
    value p = value::object{};
    for (const auto& [k, v] : f.as_object())
      if (!t.contains(k) && !p.contains(k)) p.emplace(k, nullptr);
    stack.push_back({&f, &t, path.size(), std::move(p), 0});
    return true;
  };
  if (!open(from, to)) return {};
  value done;  // the patch of the frame just closed
  while (!stack.empty()) {
    frame& f = stack.back();
    path.resize(f.len);
    const value::object& members = f.to->as_object();
    if (!done.is_null()) {  // a child's patch, for member i - 1
      const value::member& m = members[f.i - 1];
      if (!done.empty() || f.from->count(m.first) > 1) f.patch.emplace(m.first, std::move(done));
      done = value();
    }
    if (f.i == members.size()) {
      done = std::move(f.patch);
      stack.pop_back();
      continue;
    }
    const auto& [k, v] = members[f.i++];
    const value* old = f.from->find(k);
    const std::size_t copies = old ? f.from->count(k) : 0;
    path += key_segment(k);
    if (v.is_null()) {
      if (old && old->is_null() && copies == 1) continue;  // the same null: nothing to do
      why = path + " is null";
      return {};
    }
    if (old && old->is_object() && v.is_object()) {
      if (!open(*old, v)) return {};
      continue;
    }
    if (old && copies == 1 && identical(*old, v)) continue;
    if (std::string w = unmergeable(v, path); !w.empty()) {
      why = std::move(w);
      return {};
    }
    f.patch.emplace(k, v);
  }
  return done;
}

}  // namespace detail::patching
inline namespace v0 {

/// A merge patch that turns `from` into `to`: merge_patch(from, make_merge_patch(from, to)) is
/// identical to `to`, member order aside. A merge patch's null removes a member, so where `to`
/// holds an object member whose value is null and `from` does not hold that same null there
/// (RFC 7396 A.13: from `{"e":null}` to `{"e":null,"a":1}` is `{"a":1}`), or a key twice, no
/// merge patch can give it: an invalid_value error that names the place ("$.a.b is null": use
/// make_patch, a JSON Patch, instead). Any depth.
inline std::expected<value, error> try_make_merge_patch(const value& from, const value& to) noexcept {
  return detail::out_of_memory_as_error([&]() -> std::expected<value, error> {
    std::string why;
    value p = detail::patching::merge_diff(from, to, why);
    if (!why.empty())
      return std::unexpected(error(error_code::invalid_value, "$",
                                   "no merge patch can give this target: " + why + " (a merge patch's null removes a member; use a JSON Patch: make_patch)"));
    return p;
  });
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
  static value diff(const value& from, const value& to) { return metajson::make_patch(from, to); }
};

}  // namespace detail::dyn
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

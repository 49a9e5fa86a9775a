// A JSON Schema compiled once into a flat program: every schema object becomes a node (a run of
// keywords, each an opcode and its operands), every reference is resolved to a node when the
// schema is compiled (`$dynamicRef` to its static target plus the anchor name it looks up in the
// dynamic scope), and every regular expression is compiled. The evaluator (evaluate.hpp) then
// walks nodes and instance together with no lookup by name and no allocation on the valid path.
//
// Compiling is three steps, none recursive (a schema nested thousands deep, or whose
// references loop, compiles in bounded stack):
//   1. index: every schema document (the user's, and those registered) is walked through the
//      keywords that hold subschemas; each schema object gets its base URI, its draft and its
//      vocabularies, and `$id`s, `$anchor`s and `$dynamicAnchor`s are recorded;
//   2. nodes are compiled from a worklist starting at the root: a subschema, or a reference's
//      target, becomes a node the first time it is reached;
//   3. the in-place graph (a node and the subschemas it applies to the same instance: `$ref`,
//      `allOf`...) is checked for a cycle: such a schema would never end, and is refused.
#pragma once

#include <algorithm>
#include <cstring>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../dynamic/value.hpp"
#include "format.hpp"
#include "instance.hpp"
#include "regex.hpp"
#include "uri.hpp"

namespace metajson::detail::validate {

// draft 2019-09 is read as far as schemas of other drafts refer to it: its `items` (an array is
// a tuple, with additionalItems) and no prefixItems or $dynamicRef ($recursiveRef is refused).
enum class draft : std::uint8_t { draft7, draft2019_09, draft2020_12 };

// Vocabularies (2020-12): a metaschema's `$vocabulary` can leave some out.
inline constexpr unsigned vocab_applicator = 1, vocab_validation = 2, vocab_unevaluated = 4, vocab_format_assertion = 8,
                          vocab_all = vocab_applicator | vocab_validation | vocab_unevaluated;

inline constexpr std::uint32_t none = 0xFFFFFFFFu;

enum class op : std::uint8_t {
  fail,  // the schema `false`
  type,  // a: bit set of type_bit
  const_,
  enum_,  // a: first constant, b: count
  multiple_of,
  maximum,
  exclusive_maximum,
  minimum,
  exclusive_minimum,  // a: number
  max_length,
  min_length,  // u
  pattern,     // a: regex
  format,      // a: format_kind (asserted: the option or the vocabulary)
  max_items,
  min_items,
  unique_items,
  contains,  // a: node, u: min, u2: max (none: no max)
  max_properties,
  min_properties,
  required,            // a: first name, b: count
  dependent_required,  // a: first dependency, b: count
  properties,          // a: object table
  property_names,      // a: node
  dependent_schemas,   // a: first dependency, b: count
  items,               // a: first prefix node, b: prefix count, c: rest node (none)
  all_of,
  any_of,
  one_of,  // a: first list entry, b: count
  not_,    // a: node
  if_then_else,  // a: if, b: then (none), c: else (none)
  ref,           // a: node
  dynamic_ref,   // a: static target, b: anchor name (none: a plain reference)
  unevaluated_properties,
  unevaluated_items,  // a: node
};

enum type_bit : unsigned { t_null = 1, t_boolean = 2, t_object = 4, t_array = 8, t_number = 16, t_string = 32, t_integer = 64 };

struct keyword {
  op code = op::fail;
  std::uint32_t a = 0, b = 0, c = 0;
  std::uint64_t u = 0, u2 = 0;
  std::string_view name = {};  // the keyword's own location piece: "/properties", "/$ref"
  double d = 0;        // a numeric limit as a double, when exact (below)
  bool exact = false;
};

struct schema_node {
  std::uint32_t first = 0, count = 0;
  std::uint32_t resource = 0;
  std::uint32_t forward = none;  // a node that is only a $ref: the node its chain of $refs ends at
  bool marks = false;    // has unevaluatedProperties or unevaluatedItems: evaluates with its own annotations
  std::string location;  // absolute location: resource URI '#' JSON Pointer
};

// A key's hash for the tables below: its length and up to eight of its bytes (first four, last
// four), mixed; cheap, and distinct enough for the names of one object.
inline std::uint64_t key_hash(std::string_view k) noexcept {
  std::uint64_t h = k.size() * 0x9E3779B97F4A7C15ULL;
  std::uint32_t a = 0, b = 0;
  if (k.size() >= 4) {
    std::memcpy(&a, k.data(), 4);
    std::memcpy(&b, k.data() + k.size() - 4, 4);
  } else {
    for (std::size_t i = 0; i < k.size(); ++i) a |= static_cast<std::uint32_t>(static_cast<unsigned char>(k[i])) << (8 * i);
  }
  h ^= (static_cast<std::uint64_t>(a) << 32 | b) * 0xC2B2AE3D27D4EB4FULL;
  return h ^ (h >> 29);
}

// properties, patternProperties and additionalProperties of one schema object (one pass over an
// instance's members), and its `required` names when they are all among the properties (counted
// in that pass instead of looked up one by one).
struct object_table {
  struct named {
    std::string key;
    std::uint32_t node;
    std::int32_t required = -1;  // its place among the required names, or -1
  };
  std::vector<named> names;
  std::vector<std::int32_t> slots;  // open addressing over names (power of two, at least twice as many)
  std::vector<std::pair<std::uint32_t, std::uint32_t>> patterns;  // (regex, node)
  std::vector<std::string> pattern_texts;
  std::uint32_t additional = none;  // additionalProperties
  std::uint32_t required_first = 0, required_count = 0;  // the names (program::strings) checked here
  bool has_properties = false, has_patterns = false;

  void index() {
    std::size_t n = 4;
    while (n < names.size() * 2) n *= 2;
    slots.assign(n, -1);
    for (std::size_t i = 0; i < names.size(); ++i) {
      std::size_t j = key_hash(names[i].key) & (n - 1);
      while (slots[j] >= 0) j = (j + 1) & (n - 1);
      slots[j] = static_cast<std::int32_t>(i);
    }
  }
  const named* find(std::string_view key) const noexcept {
    if (names.size() <= 4) {
      for (const named& n : names)
        if (n.key == key) return &n;
      return nullptr;
    }
    const std::size_t mask = slots.size() - 1;
    for (std::size_t j = key_hash(key) & mask;; j = (j + 1) & mask) {
      const std::int32_t i = slots[j];
      if (i < 0) return nullptr;
      if (names[static_cast<std::size_t>(i)].key == key) return &names[static_cast<std::size_t>(i)];
    }
  }
};

struct dependency {
  std::string property;
  std::uint32_t first = 0, count = 0;  // dependentRequired: names; dependentSchemas: count 0, first = node
};

struct resource {
  std::string uri;
  std::vector<std::pair<std::string, std::uint32_t>> dynamic_anchors;  // name -> node
};

/// A compiled schema: shared by every copy of the json_schema that holds it (immutable).
struct program {
  std::vector<schema_node> nodes;
  std::vector<keyword> keywords;
  std::vector<std::uint32_t> lists;
  std::vector<number> numbers;
  std::vector<std::string> strings;  // required names, dynamic anchor names
  std::vector<object_table> tables;
  std::vector<dependency> dependencies;
  std::vector<regex> regexes;
  std::deque<metajson::value> constants;  // const and enum values (their own copies)
  std::vector<const metajson::value*> constant_list;
  std::vector<resource> resources;
  std::deque<std::string> texts;  // keyword location pieces built at compile time ("/properties/a~1b")
  bool format_assertion = false;
  bool any_marks = false;
  bool any_dynamic = false;  // a $dynamicRef: evaluation keeps the dynamic scope
  std::uint32_t root = 0;
};

/// Why a schema cannot be compiled: thrown inside the compiler, turned into a metajson::error
/// with code invalid_schema by the public API.
struct schema_fault {
  std::string where;  // the schema location
  std::string why;
};

struct compile_settings {
  draft default_draft = draft::draft2020_12;
  bool format_assertion = false;
};

class compiler {
 public:
  compiler(program& p, const compile_settings& s) : p_(p), s_(s) {}

  // A document the schema can refer to by its URI (its `$id`, else `uri`).
  void add_document(const metajson::value* doc, std::string uri) { documents_.push_back({doc, std::move(uri)}); }

  void run(const metajson::value* root, std::string uri) {
    documents_.push_back({root, std::move(uri)});
    // Every document's own URI and `$id` first: a `$schema` may name a registered metaschema.
    for (auto& d : documents_) {
      const std::string u(split_fragment(resolve_uri("", d.uri)).first);
      resources_.emplace(u, d.value);
      if (const metajson::value* id = member(*d.value, "$id"); id && id->is_string())
        resources_.emplace(std::string(split_fragment(resolve_uri(u, id->as_string())).first), d.value);
    }
    // The root now; a registered document when a reference first needs it (one that cannot be
    // indexed, say of an unknown dialect, is an error only if something refers to it).
    index_document(root, documents_.back().uri);
    documents_.back().indexed = true;
    p_.root = node_for(root);
    drain();
    check_in_place_cycles();
    // A node that is only a $ref forwards to where its chain ends (no loop: checked above).
    for (schema_node& n : p_.nodes) {
      std::uint32_t at = none;
      for (const schema_node* m = &n; m->count == 1 && p_.keywords[m->first].code == op::ref;) {
        at = p_.keywords[m->first].a;
        m = &p_.nodes[at];
      }
      n.forward = at;
    }
  }

 private:
  struct position {
    std::string base;      // base URI (no fragment)
    std::string pointer;   // JSON Pointer from the resource root
    draft dr;
    unsigned vocab;
    std::uint32_t resource;
  };
  struct document_entry {
    const metajson::value* value;
    std::string uri;
    bool indexed = false;
  };

  // Indexes the registered documents not indexed yet: all of them (a URI defined inside one of
  // them is sought), or the one whose root is `only`.
  void index_pending(const metajson::value* only) {
    for (auto& d : documents_) {
      if (d.indexed || (only && d.value != only)) continue;
      d.indexed = true;
      if (only) index_document(d.value, d.uri);
      else try {
          index_document(d.value, d.uri);
        } catch (const schema_fault&) {  // reported if a reference needs it
        }
    }
  }

  program& p_;
  compile_settings s_;
  std::vector<document_entry> documents_;
  std::unordered_map<const metajson::value*, position> positions_;
  std::unordered_map<std::string, const metajson::value*> resources_;  // URI -> resource root
  std::unordered_map<std::string, const metajson::value*> anchors_;    // URI#name -> schema
  std::unordered_map<std::string, std::uint32_t> resource_index_;      // URI -> p_.resources index
  std::unordered_map<const metajson::value*, std::uint32_t> compiled_;
  std::vector<std::pair<const metajson::value*, std::uint32_t>> work_;
  std::vector<std::pair<std::uint32_t, const metajson::value*>> dynamic_anchor_work_;  // resource, schema
  std::unordered_map<std::string, std::uint32_t> regex_ids_;
  std::size_t dfa_budget_ = std::size_t{1} << 21;

  [[noreturn]] static void fault(std::string where, std::string why) { throw schema_fault{std::move(where), std::move(why)}; }

  static const metajson::value* member(const metajson::value& o, std::string_view k) { return o.is_object() ? o.find(k) : nullptr; }

  std::uint32_t resource_for(const std::string& uri) {
    auto it = resource_index_.find(uri);
    if (it != resource_index_.end()) return it->second;
    auto i = static_cast<std::uint32_t>(p_.resources.size());
    p_.resources.push_back({uri, {}});
    resource_index_.emplace(uri, i);
    return i;
  }

  // The draft and vocabularies a `$schema` names.
  std::pair<draft, unsigned> dialect(std::string_view uri, const std::string& where, int depth = 0) {
    std::string u(split_fragment(uri).first);
    while (!u.empty() && u.back() == '/') u.pop_back();  // "...schema/" is not a different dialect
    if (u == "http://json-schema.org/draft-07/schema" || u == "https://json-schema.org/draft-07/schema" ||
        u == "http://json-schema.org/draft-06/schema" || u == "http://json-schema.org/draft-04/schema")
      return {draft::draft7, vocab_all};
    if (u == "https://json-schema.org/draft/2020-12/schema") return {draft::draft2020_12, vocab_all};
    if (u == "https://json-schema.org/draft/2019-09/schema") return {draft::draft2019_09, vocab_all};
    // A metaschema the user registered: its own dialect, and its `$vocabulary` when it has one.
    auto it = resources_.find(u);
    if (it == resources_.end() || depth > 16)
      fault(where, "$schema \"" + std::string(uri) + "\" is no draft this validator knows (draft-07, 2020-12) and no schema registered under that URI: register the metaschema, or remove $schema");
    const metajson::value& meta = *it->second;
    std::pair<draft, unsigned> r{s_.default_draft, vocab_all};
    if (const metajson::value* ms = member(meta, "$schema"); ms && ms->is_string() && ms->as_string() != uri)
      r = dialect(ms->as_string(), where, depth + 1);
    if (const metajson::value* voc = member(meta, "$vocabulary"); voc && voc->is_object()) {
      unsigned v = 0;
      for (const auto& m : voc->as_object()) {
        std::string_view k = m.key().view();
        const bool required = m.value().is_bool() && m.value().as_bool();
        if (k.ends_with("/vocab/applicator")) v |= vocab_applicator;
        else if (k.ends_with("/vocab/validation")) v |= vocab_validation;
        else if (k.ends_with("/vocab/unevaluated")) v |= vocab_unevaluated;
        else if (k.ends_with("/vocab/format-assertion")) v |= vocab_format_assertion;
        else if (k.ends_with("/vocab/core") || k.ends_with("/vocab/meta-data") || k.ends_with("/vocab/content") ||
                 k.ends_with("/vocab/format-annotation") || k.ends_with("/vocab/format")) {
        } else if (required)
          fault(where, "the metaschema requires the vocabulary \"" + std::string(k) + "\", which this validator does not know");
      }
      r.second = v;
    }
    return r;
  }

  // Step 1: walk a document through its subschemas, recording positions, resources and anchors.
  void index_document(const metajson::value* doc, const std::string& uri) {
    struct item {
      const metajson::value* v;
      std::string base, pointer;
      draft dr;
      unsigned vocab;
      std::uint32_t resource;
    };
    std::vector<item> stack;
    const std::string base = resolve_uri("", uri);
    stack.push_back({doc, std::string(split_fragment(base).first), "", s_.default_draft, vocab_all, none});
    while (!stack.empty()) {
      item it = std::move(stack.back());
      stack.pop_back();
      const metajson::value& v = *it.v;
      if (positions_.count(it.v)) continue;
      if (v.is_object()) {
        const bool document_root = it.resource == none;
        if (const metajson::value* sc = member(v, "$schema"); sc && sc->is_string()) {
          auto [d, voc] = dialect(sc->as_string(), it.base + "#" + it.pointer);
          it.dr = d;
          it.vocab = voc;
        }
        if (document_root) {
          it.resource = resource_for(it.base);
          resources_.emplace(it.base, it.v);
        }
        const metajson::value* id = member(v, "$id");
        if (it.dr == draft::draft7 && member(v, "$ref")) id = nullptr;  // draft-07: $ref's siblings are ignored
        if (id && id->is_string()) {
          std::string resolved = resolve_uri(it.base, id->as_string());
          auto [res, frag] = split_fragment(resolved);
          if (!frag.empty() && it.dr == draft::draft7 && res == split_fragment(resolve_uri(it.base, "")).first) {
            anchors_.emplace(std::string(res) + "#" + std::string(frag), it.v);  // draft-07: "$id": "#name"
          } else if (!frag.empty() && it.dr == draft::draft7) {
            it.base = std::string(res);
            it.pointer.clear();
            it.resource = resource_for(it.base);
            resources_.emplace(it.base, it.v);
            anchors_.emplace(std::string(res) + "#" + std::string(frag), it.v);
          } else {
            it.base = std::string(res);
            it.pointer.clear();
            it.resource = resource_for(it.base);
            resources_.emplace(it.base, it.v);
          }
        }
        if (it.dr != draft::draft7)
          if (const metajson::value* a = member(v, "$anchor"); a && a->is_string())
            anchors_.emplace(it.base + "#" + std::string(a->as_string()), it.v);
        if (it.dr == draft::draft2020_12) {
          if (const metajson::value* a = member(v, "$dynamicAnchor"); a && a->is_string()) {
            anchors_.emplace(it.base + "#" + std::string(a->as_string()), it.v);
            dynamic_anchor_work_.push_back({it.resource, it.v});
          }
        }
      } else if (it.resource == none) {
        it.resource = resource_for(it.base);
        resources_.emplace(it.base, it.v);
      }
      positions_.emplace(it.v, position{it.base, it.pointer, it.dr, it.vocab, it.resource});
      if (!v.is_object()) continue;
      auto push = [&](const metajson::value* c, const std::string& piece) {
        if (c->is_object() || c->is_bool()) {
          item n{c, it.base, it.pointer + piece, it.dr, it.vocab, it.resource};
          stack.push_back(std::move(n));
        }
      };
      for (const auto& m : v.as_object()) {
        std::string_view k = m.key().view();
        const metajson::value& c = m.value();
        std::string piece;
        append_pointer_token(piece, k);
        static constexpr std::string_view single[] = {"additionalProperties", "additionalItems", "contains", "propertyNames", "not",
                                                      "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "items"};
        static constexpr std::string_view lists[] = {"allOf", "anyOf", "oneOf", "prefixItems", "items"};
        static constexpr std::string_view maps[] = {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"};
        if (std::find(std::begin(single), std::end(single), k) != std::end(single)) push(&c, piece);
        if (c.is_array() && std::find(std::begin(lists), std::end(lists), k) != std::end(lists)) {
          std::size_t i = 0;
          for (const metajson::value& e : c.as_array()) push(&e, piece + "/" + std::to_string(i++));
        }
        if (c.is_object() && std::find(std::begin(maps), std::end(maps), k) != std::end(maps))
          for (const auto& e : c.as_object()) {
            std::string sub = piece;
            append_pointer_token(sub, e.key().view());
            push(&e.value(), sub);
          }
      }
    }
  }

  // The position of a schema reached by a JSON Pointer into a place step 1 did not walk (an
  // unknown keyword): its enclosing resource's.
  const position& position_of(const metajson::value* v, const position* fallback, const std::string& pointer) {
    auto it = positions_.find(v);
    if (it != positions_.end()) return it->second;
    if (!fallback) fault(pointer, "internal: a schema with no position");
    return positions_.emplace(v, position{fallback->base, pointer, fallback->dr, fallback->vocab, fallback->resource}).first->second;
  }

  std::uint32_t node_for(const metajson::value* v) {
    auto it = compiled_.find(v);
    if (it != compiled_.end()) return it->second;
    auto id = static_cast<std::uint32_t>(p_.nodes.size());
    p_.nodes.emplace_back();
    compiled_.emplace(v, id);
    work_.push_back({v, id});
    return id;
  }

  void drain() {
    for (;;) {
      while (!work_.empty()) {
        auto [v, id] = work_.back();
        work_.pop_back();
        compile_node(v, id);
      }
      // The dynamic anchors of every resource a compiled node belongs to.
      bool more = false;
      std::vector<char> used(p_.resources.size(), 0);
      for (const schema_node& n : p_.nodes) used[n.resource] = 1;
      for (auto& [res, v] : dynamic_anchor_work_) {
        if (v == nullptr || res >= used.size() || !used[res]) continue;
        const metajson::value* a = member(*v, "$dynamicAnchor");
        p_.resources[res].dynamic_anchors.push_back({std::string(a->as_string()), node_for(v)});
        v = nullptr;
        more = true;
      }
      if (!more && work_.empty()) return;
    }
  }

  // A reference resolved to its target schema.
  const metajson::value* resolve(const position& pos, std::string_view ref, const std::string& where, std::string* fragment_out = nullptr) {
    const std::string uri = resolve_uri(pos.base, ref);
    auto [res, frag] = split_fragment(uri);
    if (fragment_out) *fragment_out = std::string(frag);
    auto r = resources_.find(std::string(res));
    if (r == resources_.end()) {
      index_pending(nullptr);
      r = resources_.find(std::string(res));
    }
    if (r != resources_.end() && !positions_.count(r->second)) index_pending(r->second);
    if (r == resources_.end())
      fault(where, "the reference \"" + std::string(ref) + "\" (" + std::string(res) +
                       ") names no schema this one holds or was given: register it (metajson::schema_registry::add), as remote references are never fetched");
    if (frag.empty()) return r->second;
    if (frag[0] != '/') {
      auto a = anchors_.find(std::string(res) + "#" + std::string(frag));
      if (a == anchors_.end()) fault(where, "the reference \"" + std::string(ref) + "\" names no anchor \"" + std::string(frag) + "\" in " + std::string(res));
      return a->second;
    }
    // A JSON Pointer, percent-decoded, then ~1 and ~0.
    const std::string pointer = percent_decode(frag);
    const metajson::value* at = r->second;
    const position* base_pos = &positions_.at(at);
    std::string walked = base_pos->pointer;
    std::size_t i = 1;
    while (i <= pointer.size()) {
      std::size_t j = pointer.find('/', i);
      if (j == std::string::npos) j = pointer.size();
      std::string token;
      for (std::size_t k = i; k < j; ++k) {
        if (pointer[k] == '~' && k + 1 < j && (pointer[k + 1] == '0' || pointer[k + 1] == '1')) token += pointer[++k] == '0' ? '~' : '/';
        else token += pointer[k];
      }
      if (at->is_object()) at = at->find(token);
      else if (at->is_array()) {
        std::size_t n = 0;
        bool ok = !token.empty() && token.size() < 10 && std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (ok) n = std::stoul(token);
        at = ok && n < at->size() ? &at->as_array()[n] : nullptr;
      } else at = nullptr;
      if (!at) fault(where, "the reference \"" + std::string(ref) + "\" does not resolve: nothing at \"" + pointer.substr(0, j) + "\"");
      append_pointer_token(walked, token);
      if (auto p = positions_.find(at); p != positions_.end()) base_pos = &p->second;
      i = j + 1;
    }
    position_of(at, base_pos, walked);
    return at;
  }

  std::uint32_t add_text(std::string s) {
    p_.texts.push_back(std::move(s));
    return static_cast<std::uint32_t>(p_.texts.size() - 1);
  }
  std::string_view text(std::string s) { return p_.texts[add_text(std::move(s))]; }

  static bool non_negative_integer(const metajson::value& v, std::uint64_t& out) {
    if (v.is_uint64()) return out = v.as_uint64(), true;
    if (v.is_int64()) return v.as_int64() >= 0 ? (out = static_cast<std::uint64_t>(v.as_int64()), true) : false;
    if (v.is_double()) {
      double d = v.as_double();
      if (d >= 0 && d == std::trunc(d) && d < 1.8e19) return out = static_cast<std::uint64_t>(d), true;
    }
    return false;
  }

  number number_of(const metajson::value& v) { return value_view{&v}.num(); }

  void compile_node(const metajson::value* v, std::uint32_t id) {
    const position& pos = positions_.at(v);
    const std::string here = pos.base + "#" + pos.pointer;
    schema_node node;
    node.resource = pos.resource;
    node.location = here;
    std::vector<keyword> kws;
    auto sub = [&](const metajson::value& c, const std::string& piece) -> std::uint32_t {
      if (!c.is_object() && !c.is_bool()) fault(here + piece, "a schema must be an object or a boolean");
      position_of(&c, &pos, pos.pointer + piece);
      return node_for(&c);
    };
    auto where = [&](std::string_view k) { return here + "/" + std::string(k); };
    if (v->is_bool()) {
      if (!v->as_bool()) kws.push_back({op::fail});
      finish(id, std::move(node), std::move(kws));
      return;
    }
    if (!v->is_object()) fault(here, "a schema must be an object or a boolean");
    const bool d7 = pos.dr == draft::draft7, tuple_items = pos.dr != draft::draft2020_12;
    const bool applicator = pos.vocab & vocab_applicator, validation = pos.vocab & vocab_validation,
               unevaluated = (pos.vocab & vocab_unevaluated) && !d7;
    const metajson::value& o = *v;

    if (const metajson::value* r = member(o, "$ref")) {
      if (!r->is_string()) fault(where("$ref"), "$ref must be a string");
      keyword k{op::ref};
      k.a = node_for(resolve(pos, r->as_string(), where("$ref")));
      k.name = "/$ref";
      kws.push_back(k);
      if (d7) {  // draft-07: every sibling of $ref is ignored
        finish(id, std::move(node), std::move(kws));
        return;
      }
    }
    if (pos.dr == draft::draft2019_09 && member(o, "$recursiveRef"))
      fault(where("$recursiveRef"), "draft 2019-09's $recursiveRef is not supported: use draft 2020-12's $dynamicRef");
    if (pos.dr == draft::draft2020_12)
      if (const metajson::value* r = member(o, "$dynamicRef")) {
        if (!r->is_string()) fault(where("$dynamicRef"), "$dynamicRef must be a string");
        std::string frag;
        const metajson::value* target = resolve(pos, r->as_string(), where("$dynamicRef"), &frag);
        keyword k{op::dynamic_ref};
        k.a = node_for(target);
        k.b = none;
        if (!frag.empty() && frag[0] != '/')
          if (const metajson::value* da = member(*target, "$dynamicAnchor"); da && da->is_string() && da->as_string() == frag) {
            p_.strings.push_back(frag);
            k.b = static_cast<std::uint32_t>(p_.strings.size() - 1);
          }
        k.name = "/$dynamicRef";
        if (k.b != none) p_.any_dynamic = true;
        kws.push_back(k);
      }

    if (validation) {
      if (const metajson::value* t = member(o, "type")) {
        auto bit = [&](const metajson::value& n) -> unsigned {
          if (!n.is_string()) fault(where("type"), "type must be a string or an array of strings");
          std::string_view s = n.as_string();
          if (s == "null") return t_null;
          if (s == "boolean") return t_boolean;
          if (s == "object") return t_object;
          if (s == "array") return t_array;
          if (s == "number") return t_number;
          if (s == "string") return t_string;
          if (s == "integer") return t_integer;
          fault(where("type"), "unknown type \"" + std::string(s) + "\" (null, boolean, object, array, number, string, integer)");
        };
        keyword k{op::type};
        if (t->is_array())
          for (const metajson::value& e : t->as_array()) k.a |= bit(e);
        else k.a = bit(*t);
        k.name = "/type";
        kws.insert(kws.begin(), k);  // first: the cheapest and most often failing check
      }
      if (const metajson::value* c = member(o, "const")) {
        p_.constants.push_back(*c);
        p_.constant_list.push_back(&p_.constants.back());
        keyword k{op::const_};
        k.a = static_cast<std::uint32_t>(p_.constant_list.size() - 1);
        k.name = "/const";
        kws.push_back(k);
      }
      if (const metajson::value* e = member(o, "enum")) {
        if (!e->is_array()) fault(where("enum"), "enum must be an array");
        keyword k{op::enum_};
        k.a = static_cast<std::uint32_t>(p_.constant_list.size());
        for (const metajson::value& x : e->as_array()) {
          p_.constants.push_back(x);
          p_.constant_list.push_back(&p_.constants.back());
        }
        k.b = static_cast<std::uint32_t>(e->size());
        k.name = "/enum";
        kws.push_back(k);
      }
      auto numeric = [&](std::string_view name, op code, bool positive) {
        const metajson::value* n = member(o, name);
        if (!n) return;
        if (!n->is_number()) fault(where(name), std::string(name) + " must be a number");
        number x = number_of(*n);
        if (positive && compare(x, number{}) <= 0) fault(where(name), std::string(name) + " must be greater than 0");
        p_.numbers.push_back(x);
        keyword k{code};
        k.a = static_cast<std::uint32_t>(p_.numbers.size() - 1);
        // The limit as a double, when it is one exactly: a double instance is then compared at once.
        if (x.k == metajson::kind::float64) k.d = x.d, k.exact = true;
        else if (x.k == metajson::kind::int64 && x.i >= -(std::int64_t{1} << 53) && x.i <= (std::int64_t{1} << 53))
          k.d = static_cast<double>(x.i), k.exact = true;
        else if (x.k == metajson::kind::uint64 && x.u <= (std::uint64_t{1} << 53)) k.d = static_cast<double>(x.u), k.exact = true;
        k.name = text("/" + std::string(name));
        kws.push_back(k);
      };
      numeric("multipleOf", op::multiple_of, true);
      numeric("maximum", op::maximum, false);
      numeric("exclusiveMaximum", op::exclusive_maximum, false);
      numeric("minimum", op::minimum, false);
      numeric("exclusiveMinimum", op::exclusive_minimum, false);
      auto count = [&](std::string_view name, op code) {
        const metajson::value* n = member(o, name);
        if (!n) return;
        keyword k{code};
        if (!non_negative_integer(*n, k.u)) fault(where(name), std::string(name) + " must be a non-negative integer");
        k.name = text("/" + std::string(name));
        kws.push_back(k);
      };
      count("maxLength", op::max_length);
      count("minLength", op::min_length);
      count("maxItems", op::max_items);
      count("minItems", op::min_items);
      count("maxProperties", op::max_properties);
      count("minProperties", op::min_properties);
      if (const metajson::value* pat = member(o, "pattern")) {
        if (!pat->is_string()) fault(where("pattern"), "pattern must be a string");
        keyword k{op::pattern};
        k.a = add_regex(pat->as_string(), where("pattern"));
        k.name = "/pattern";
        kws.push_back(k);
      }
      if (const metajson::value* u = member(o, "uniqueItems")) {
        if (!u->is_bool()) fault(where("uniqueItems"), "uniqueItems must be a boolean");
        if (u->as_bool()) kws.push_back({op::unique_items, 0, 0, 0, 0, 0, "/uniqueItems"});
      }
      if (const metajson::value* r = member(o, "required")) {
        if (!r->is_array()) fault(where("required"), "required must be an array of strings");
        keyword k{op::required};
        k.a = static_cast<std::uint32_t>(p_.strings.size());
        for (const metajson::value& n : r->as_array()) {
          if (!n.is_string()) fault(where("required"), "required must be an array of strings");
          p_.strings.push_back(std::string(n.as_string()));
        }
        k.b = static_cast<std::uint32_t>(r->size());
        k.name = "/required";
        if (k.b) kws.push_back(k);
      }
      auto dep_required = [&](const metajson::value& deps, std::string_view name, keyword& k) {
        dependency d;
        d.first = static_cast<std::uint32_t>(p_.strings.size());
        for (const metajson::value& n : deps.as_array()) {
          if (!n.is_string()) fault(where(name), std::string(name) + ": each dependency must be an array of strings");
          p_.strings.push_back(std::string(n.as_string()));
        }
        d.count = static_cast<std::uint32_t>(deps.size());
        (void)k;
        return d;
      };
      if (const metajson::value* dr = d7 ? nullptr : member(o, "dependentRequired")) {
        if (!dr->is_object()) fault(where("dependentRequired"), "dependentRequired must be an object");
        keyword k{op::dependent_required};
        k.a = static_cast<std::uint32_t>(p_.dependencies.size());
        for (const auto& m : dr->as_object()) {
          if (!m.value().is_array()) fault(where("dependentRequired"), "dependentRequired: each dependency must be an array of strings");
          dependency d = dep_required(m.value(), "dependentRequired", k);
          d.property = std::string(m.key().view());
          p_.dependencies.push_back(std::move(d));
        }
        k.b = static_cast<std::uint32_t>(p_.dependencies.size()) - k.a;
        k.name = "/dependentRequired";
        kws.push_back(k);
      }
      // draft-07's dependencies; in later drafts too, as most validators keep it (the suite's
      // optional dependencies-compatibility), unless the schema uses the keywords that replaced it.
      if (d7 || (!member(o, "dependentRequired") && !member(o, "dependentSchemas")))
        if (const metajson::value* dr = member(o, "dependencies"); dr && dr->is_object()) {
          keyword kr{op::dependent_required}, ks{op::dependent_schemas};
          std::vector<dependency> req, sch;
          for (const auto& m : dr->as_object()) {
            std::string piece = "/dependencies";
            append_pointer_token(piece, m.key().view());
            if (m.value().is_array()) {
              dependency d = dep_required(m.value(), "dependencies", kr);
              d.property = std::string(m.key().view());
              req.push_back(std::move(d));
            } else {
              dependency d;
              d.property = std::string(m.key().view());
              d.first = sub(m.value(), piece);
              sch.push_back(std::move(d));
            }
          }
          kr.a = static_cast<std::uint32_t>(p_.dependencies.size());
          kr.b = static_cast<std::uint32_t>(req.size());
          for (auto& d : req) p_.dependencies.push_back(std::move(d));
          ks.a = static_cast<std::uint32_t>(p_.dependencies.size());
          ks.b = static_cast<std::uint32_t>(sch.size());
          for (auto& d : sch) p_.dependencies.push_back(std::move(d));
          kr.name = ks.name = "/dependencies";
          if (kr.b) kws.push_back(kr);
          if (ks.b) kws.push_back(ks);
        }
    }

    // format: its own vocabularies (annotation, or assertion by the option or a metaschema's
    // format-assertion vocabulary), whatever the validation vocabulary says.
    if (const metajson::value* f = member(o, "format"); f && f->is_string()) {
      keyword k{op::format};
      k.a = static_cast<std::uint32_t>(format_of(f->as_string()));
      p_.strings.push_back(std::string(f->as_string()));
      k.b = static_cast<std::uint32_t>(p_.strings.size() - 1);
      k.name = "/format";
      if (d7 && (k.a == static_cast<std::uint32_t>(format_kind::duration) || k.a == static_cast<std::uint32_t>(format_kind::uuid)))
        k.a = static_cast<std::uint32_t>(format_kind::unknown);  // formats draft-07 does not define
      const bool assert_format = s_.format_assertion || (pos.vocab & vocab_format_assertion);
      if (assert_format && k.a != static_cast<std::uint32_t>(format_kind::unknown)) kws.push_back(k);
    }
    if (applicator) {
      auto list = [&](std::string_view name, op code) {
        const metajson::value* l = member(o, name);
        if (!l) return;
        if (!l->is_array() || l->empty()) fault(where(name), std::string(name) + " must be a non-empty array of schemas");
        keyword k{code};
        std::vector<std::uint32_t> ids;
        std::size_t i = 0;
        for (const metajson::value& e : l->as_array()) ids.push_back(sub(e, "/" + std::string(name) + "/" + std::to_string(i++)));
        k.a = static_cast<std::uint32_t>(p_.lists.size());
        k.b = static_cast<std::uint32_t>(ids.size());
        p_.lists.insert(p_.lists.end(), ids.begin(), ids.end());
        k.name = text("/" + std::string(name));
        kws.push_back(k);
      };
      list("allOf", op::all_of);
      list("anyOf", op::any_of);
      list("oneOf", op::one_of);
      if (const metajson::value* n = member(o, "not")) kws.push_back({op::not_, sub(*n, "/not"), 0, 0, 0, 0, "/not"});
      if (const metajson::value* i = member(o, "if")) {
        keyword k{op::if_then_else, sub(*i, "/if"), none, none};
        if (const metajson::value* t = member(o, "then")) k.b = sub(*t, "/then");
        if (const metajson::value* e = member(o, "else")) k.c = sub(*e, "/else");
        k.name = "/if";
        kws.push_back(k);  // even alone: a passing `if` evaluates members for unevaluated*
      }
      // properties, patternProperties, additionalProperties: one pass over the members.
      const metajson::value* props = member(o, "properties");
      const metajson::value* pats = member(o, "patternProperties");
      const metajson::value* addl = member(o, "additionalProperties");
      if (props || pats || addl) {
        object_table t;
        if (props) {
          if (!props->is_object()) fault(where("properties"), "properties must be an object of schemas");
          t.has_properties = true;
          for (const auto& m : props->as_object()) {
            std::string piece = "/properties";
            append_pointer_token(piece, m.key().view());
            t.names.push_back({std::string(m.key().view()), sub(m.value(), piece)});
          }
          t.index();
        }
        if (pats) {
          if (!pats->is_object()) fault(where("patternProperties"), "patternProperties must be an object of schemas");
          t.has_patterns = true;
          for (const auto& m : pats->as_object()) {
            std::string piece = "/patternProperties";
            append_pointer_token(piece, m.key().view());
            t.patterns.push_back({add_regex(m.key().view(), here + piece), sub(m.value(), piece)});
            t.pattern_texts.push_back(piece);
          }
        }
        if (addl) t.additional = sub(*addl, "/additionalProperties");
        // required, when every name is a property: counted in this pass instead of looked up.
        for (std::size_t r = 0; r < kws.size(); ++r) {
          if (kws[r].code != op::required || kws[r].b > 64 || !props) continue;
          bool covered = true;
          for (std::uint32_t i = 0; i < kws[r].b && covered; ++i) {
            const object_table::named* n = t.find(p_.strings[kws[r].a + i]);
            covered = n != nullptr && n->required < 0;  // (a name given twice: looked up as usual)
            if (covered) const_cast<object_table::named*>(n)->required = static_cast<std::int32_t>(i);
          }
          if (!covered) {
            for (auto& n : t.names) n.required = -1;
            continue;
          }
          t.required_first = kws[r].a;
          t.required_count = kws[r].b;
          kws.erase(kws.begin() + static_cast<std::ptrdiff_t>(r));
          break;
        }
        p_.tables.push_back(std::move(t));
        keyword k{op::properties};
        k.a = static_cast<std::uint32_t>(p_.tables.size() - 1);
        k.name = props ? "/properties" : pats ? "/patternProperties" : "/additionalProperties";
        kws.push_back(k);
      }
      if (const metajson::value* pn = member(o, "propertyNames")) kws.push_back({op::property_names, sub(*pn, "/propertyNames"), 0, 0, 0, 0, "/propertyNames"});
      if (const metajson::value* ds = d7 ? nullptr : member(o, "dependentSchemas")) {
        if (!ds->is_object()) fault(where("dependentSchemas"), "dependentSchemas must be an object of schemas");
        keyword k{op::dependent_schemas};
        k.a = static_cast<std::uint32_t>(p_.dependencies.size());
        std::vector<dependency> sch;
        for (const auto& m : ds->as_object()) {
          std::string piece = "/dependentSchemas";
          append_pointer_token(piece, m.key().view());
          dependency d;
          d.property = std::string(m.key().view());
          d.first = sub(m.value(), piece);
          sch.push_back(std::move(d));
        }
        k.a = static_cast<std::uint32_t>(p_.dependencies.size());
        for (auto& d : sch) p_.dependencies.push_back(std::move(d));
        k.b = static_cast<std::uint32_t>(sch.size());
        k.name = "/dependentSchemas";
        kws.push_back(k);
      }
      // Arrays: prefixItems + items (2020-12), items as an array + additionalItems (draft-07).
      {
        keyword k{op::items, 0, 0, none};
        bool any = false;
        std::vector<std::uint32_t> prefix;
        const metajson::value* items = member(o, "items");
        if (tuple_items) {
          if (items && items->is_array()) {
            std::size_t i = 0;
            for (const metajson::value& e : items->as_array()) prefix.push_back(sub(e, "/items/" + std::to_string(i++)));
            any = true;
            if (const metajson::value* ai = member(o, "additionalItems")) k.c = sub(*ai, "/additionalItems");
            k.name = "/items";
          } else if (items) {
            k.c = sub(*items, "/items");
            any = true;
            k.name = "/items";
          }
        } else {
          if (const metajson::value* pi = member(o, "prefixItems")) {
            if (!pi->is_array()) fault(where("prefixItems"), "prefixItems must be an array of schemas");
            std::size_t i = 0;
            for (const metajson::value& e : pi->as_array()) prefix.push_back(sub(e, "/prefixItems/" + std::to_string(i++)));
            any = true;
            k.name = "/prefixItems";
          }
          if (items) {
            if (items->is_array()) fault(where("items"), "in draft 2020-12 items is one schema (an array of schemas is prefixItems)");
            k.c = sub(*items, "/items");
            any = true;
            if (k.name.empty()) k.name = "/items";
          }
        }
        if (any) {
          k.a = static_cast<std::uint32_t>(p_.lists.size());
          k.b = static_cast<std::uint32_t>(prefix.size());
          p_.lists.insert(p_.lists.end(), prefix.begin(), prefix.end());
          kws.push_back(k);
        }
      }
      if (const metajson::value* c = member(o, "contains")) {
        keyword k{op::contains, sub(*c, "/contains")};
        k.u = 1;
        k.u2 = ~std::uint64_t{0};
        if (!d7 && validation) {
          if (const metajson::value* mn = member(o, "minContains"))
            if (!non_negative_integer(*mn, k.u)) fault(where("minContains"), "minContains must be a non-negative integer");
          if (const metajson::value* mx = member(o, "maxContains"))
            if (!non_negative_integer(*mx, k.u2)) fault(where("maxContains"), "maxContains must be a non-negative integer");
        }
        k.name = "/contains";
        kws.push_back(k);
      }
    }
    if (unevaluated) {
      if (const metajson::value* u = member(o, "unevaluatedProperties")) {
        kws.push_back({op::unevaluated_properties, sub(*u, "/unevaluatedProperties"), 0, 0, 0, 0, "/unevaluatedProperties"});
        node.marks = true;
      }
      if (const metajson::value* u = member(o, "unevaluatedItems")) {
        kws.push_back({op::unevaluated_items, sub(*u, "/unevaluatedItems"), 0, 0, 0, 0, "/unevaluatedItems"});
        node.marks = true;
      }
    }
    finish(id, std::move(node), std::move(kws));
  }

  // Each pattern compiled once per schema; all of them share one budget of DFA construction
  // (past it a pattern is searched by the simulation: still linear, slower), so that a schema of
  // many patterns with large counted repetitions compiles in bounded time.
  std::uint32_t add_regex(std::string_view pattern, const std::string& where) {
    if (auto it = regex_ids_.find(std::string(pattern)); it != regex_ids_.end()) return it->second;
    regex r;
    std::string why;
    if (!r.compile(pattern, &why, &dfa_budget_)) fault(where, "the regular expression \"" + std::string(pattern) + "\" cannot be used: " + why);
    p_.regexes.push_back(std::move(r));
    const auto id = static_cast<std::uint32_t>(p_.regexes.size() - 1);
    regex_ids_.emplace(std::string(pattern), id);
    return id;
  }

  void finish(std::uint32_t id, schema_node node, std::vector<keyword> kws) {
    node.first = static_cast<std::uint32_t>(p_.keywords.size());
    node.count = static_cast<std::uint32_t>(kws.size());
    p_.keywords.insert(p_.keywords.end(), kws.begin(), kws.end());
    if (node.marks) p_.any_marks = true;
    p_.nodes[id] = std::move(node);
  }

  // Step 3: a cycle of in-place applications ($ref, allOf, anyOf, oneOf, not, if/then/else,
  // dependentSchemas, a dynamic reference's static target) never reaches the instance's
  // children, so evaluating it would not end.
  void check_in_place_cycles() {
    const std::size_t n = p_.nodes.size();
    std::vector<std::uint8_t> state(n, 0);  // 0 new, 1 on the stack, 2 done
    std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> stack;
    auto edges = [&](std::uint32_t id) {
      std::vector<std::uint32_t> out;
      const schema_node& s = p_.nodes[id];
      for (std::uint32_t i = 0; i < s.count; ++i) {
        const keyword& k = p_.keywords[s.first + i];
        switch (k.code) {
          case op::ref:
          case op::dynamic_ref:
          case op::not_: out.push_back(k.a); break;
          case op::all_of:
          case op::any_of:
          case op::one_of:
            for (std::uint32_t j = 0; j < k.b; ++j) out.push_back(p_.lists[k.a + j]);
            break;
          case op::if_then_else:
            out.push_back(k.a);
            if (k.b != none) out.push_back(k.b);
            if (k.c != none) out.push_back(k.c);
            break;
          case op::dependent_schemas:
            for (std::uint32_t j = 0; j < k.b; ++j) out.push_back(p_.dependencies[k.a + j].first);
            break;
          default: break;
        }
      }
      return out;
    };
    for (std::uint32_t start = 0; start < n; ++start) {
      if (state[start]) continue;
      stack.push_back({start, edges(start)});
      state[start] = 1;
      while (!stack.empty()) {
        auto& [id, out] = stack.back();
        if (out.empty()) {
          state[id] = 2;
          stack.pop_back();
          continue;
        }
        std::uint32_t next = out.back();
        out.pop_back();
        if (state[next] == 1)
          fault(p_.nodes[next].location, "the schema applies itself to the same value without end (a loop of $ref or in-place keywords that never descends into the instance)");
        if (state[next] == 0) {
          state[next] = 1;
          stack.push_back({next, edges(next)});
        }
      }
    }
  }
};

}  // namespace metajson::detail::validate

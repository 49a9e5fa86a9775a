// The evaluator: a compiled schema (compile.hpp) applied to an instance seen through a view
// (instance.hpp). One template for both DOMs and both modes:
//   - Collect = false: is the instance valid? Stops at the first failing keyword; no string is
//     built, no location is kept.
//   - Collect = true: every error, each with its instance location, keyword location (the path
//     through the schema, `$ref`s included) and absolute keyword location, as the specification's
//     "basic" output lists them. Subschemas whose failure is not an error of the instance (a
//     passing anyOf's other branches, `not`, `if`) are evaluated in the first mode.
// Annotations are kept only where unevaluatedProperties / unevaluatedItems need them: a node
// holding one evaluates its keywords with a set of marks (which members or elements some keyword
// evaluated) and in-place subschemas add to it; nothing is marked anywhere else.
// Bounded: the nesting of evaluations (max_depth) and their number (max_steps); beyond either,
// validation stops with an error that says so (a schema whose branches multiply, such as nested
// anyOf over the same definitions, cannot run for hours).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "compile.hpp"
#include "../to_json.hpp"
#include "../dynamic/write.hpp"

namespace metajson::detail::validate {

struct error_record {
  std::string instance_location;
  std::string keyword_location;
  std::string absolute_keyword_location;
  std::string message;
  std::size_t offset = 0;  // the instance's first byte in the text (documents), else 0
};

// A location piece: pre-escaped text ("/properties"), a key (escaped when joined), an index.
struct piece {
  std::string_view text;
  std::size_t index;
  std::uint8_t type;  // 0 raw, 1 key, 2 index
};

struct run_state {
  const program* p;
  std::vector<error_record>* errors = nullptr;
  std::size_t max_errors = 100;
  std::size_t more = 0;
  std::size_t depth = 0, max_depth = 4096;
  std::uint64_t steps = 0, max_steps = 0;
  bool stopped = false;
  error_record stop;  // why validation stopped (then the one error reported)
  std::vector<piece> kpath, ipath;
  std::vector<std::uint32_t> scope;  // dynamic scope: the resources entered
};

struct marks {
  std::vector<std::uint64_t> bits;
  bool all = false;
  void init(std::size_t n) { bits.assign((n + 63) / 64, 0); }
  void set(std::size_t i) { bits[i / 64] |= std::uint64_t{1} << (i % 64); }
  bool test(std::size_t i) const { return all || (bits[i / 64] >> (i % 64) & 1); }
  void merge(const marks& o) {
    if (o.all) all = true;
    for (std::size_t i = 0; i < bits.size() && i < o.bits.size(); ++i) bits[i] |= o.bits[i];
  }
};

inline std::string join_pieces(const std::vector<piece>& ps, std::string_view tail = {}) {
  std::string s;
  for (const piece& x : ps) {
    if (x.type == 0) s.append(x.text);
    else if (x.type == 1) append_pointer_token(s, x.text);
    else s.append("/").append(std::to_string(x.index));
  }
  s.append(tail);
  return s;
}

inline std::string_view kind_name(metajson::kind k) {
  switch (k) {
    case metajson::kind::null: return "null";
    case metajson::kind::boolean: return "boolean";
    case metajson::kind::int64:
    case metajson::kind::uint64: return "integer";
    case metajson::kind::float64:
    case metajson::kind::big_number: return "number";
    case metajson::kind::string: return "string";
    case metajson::kind::array: return "array";
    default: return "object";
  }
}

inline std::string type_names(unsigned bits) {
  static constexpr std::pair<unsigned, std::string_view> names[] = {{t_null, "null"},     {t_boolean, "boolean"}, {t_object, "object"},
                                                                    {t_array, "array"},   {t_number, "number"},   {t_string, "string"},
                                                                    {t_integer, "integer"}};
  std::string s;
  for (auto [b, n] : names)
    if (bits & b) s.append(s.empty() ? "" : " or ").append(n);
  return s;
}

inline std::string quote_text(std::string_view s, std::size_t limit = 60) {
  std::string q = "\"";
  if (s.size() > limit) q.append(s.substr(0, limit)).append("...");
  else q.append(s);
  return q + "\"";
}

template <class V, bool Collect>
class evaluator {
 public:
  explicit evaluator(run_state& st) : st_(st), p_(*st.p) {}

  bool node(std::uint32_t id, const V& inst, marks* m) {
    if (++st_.steps > st_.max_steps || st_.depth >= st_.max_depth || st_.stopped) return stop(inst);
    const schema_node* sp = &p_.nodes[id];
    // Where only the verdict counts and no dynamic scope is kept, a node that is only a $ref is
    // its target (its keyword location, "/$ref", is never reported).
    if constexpr (!Collect)
      if (sp->forward != none && !p_.any_dynamic) sp = &p_.nodes[sp->forward];
    const schema_node& s = *sp;
    bool entered = false;
    if (p_.any_dynamic) {
      entered = st_.scope.empty() || st_.scope.back() != s.resource;
      if (entered) st_.scope.push_back(s.resource);
    }
    ++st_.depth;
    bool ok = true;
    if (s.marks) {
      marks local;
      const metajson::kind k = inst.kind();
      if (k == metajson::kind::object || k == metajson::kind::array) local.init(inst.size());
      ok = keywords(s, inst, &local);
      if (ok && m) m->merge(local);
    } else ok = keywords(s, inst, m);
    --st_.depth;
    if (entered) st_.scope.pop_back();
    return ok;
  }

 private:
  run_state& st_;
  const program& p_;

  METAJSON_NOINLINE bool stop(const V& inst) {
    if (!st_.stopped) {
      st_.stopped = true;
      error_record& r = st_.stop;
      r.instance_location = join_pieces(st_.ipath);
      r.keyword_location = join_pieces(st_.kpath);
      r.offset = inst.offset();
      r.message = st_.depth >= st_.max_depth
                      ? "validation stopped: subschemas nested deeper than max_depth (" + std::to_string(st_.max_depth) + ")"
                      : "validation stopped: more than max_steps (" + std::to_string(st_.max_steps) + ") subschema evaluations";
    }
    return false;
  }

  bool keywords(const schema_node& s, const V& inst, marks* m) {
    bool ok = true;
    const keyword* k = p_.keywords.data() + s.first;
    for (std::uint32_t i = 0; i < s.count; ++i, ++k) {
      if (!apply(*k, s, inst, m)) {
        ok = false;
        if constexpr (!Collect) return false;
        if (st_.stopped) return false;
      }
    }
    return ok;
  }

  // An error at keyword k of node s (Collect only).
  template <class Message>
  void error(const keyword& k, const schema_node& s, const V& inst, Message&& message, std::string_view tail = {}) {
    if constexpr (Collect) {
      if (st_.errors->size() >= st_.max_errors) {
        ++st_.more;
        return;
      }
      error_record r;
      r.instance_location = join_pieces(st_.ipath);
      r.keyword_location = join_pieces(st_.kpath, k.name);
      r.keyword_location.append(tail);
      r.absolute_keyword_location = s.location;
      r.absolute_keyword_location.append(k.name).append(tail);
      r.offset = inst.offset();
      r.message = message();
      st_.errors->push_back(std::move(r));
    }
  }

  struct saved {
    std::size_t size, more;
  };
  saved save() const { return Collect ? saved{st_.errors->size(), st_.more} : saved{0, 0}; }
  void restore(saved s) {
    if constexpr (Collect) {
      st_.errors->resize(s.size);
      st_.more = s.more;
    }
  }

  // Subschema `id` on the same instance, its location under keyword k (and a tail piece).
  bool in_place(std::uint32_t id, const keyword& k, const V& inst, marks* m, const piece* tail = nullptr) {
    if constexpr (Collect) {
      st_.kpath.push_back({k.name, 0, 0});
      if (tail) st_.kpath.push_back(*tail);
      const bool ok = node(id, inst, m);
      if (tail) st_.kpath.pop_back();
      st_.kpath.pop_back();
      return ok;
    } else return node(id, inst, m);
  }
  // The same, where only the verdict matters (`not`, `if`, the other branches of anyOf).
  bool silent(std::uint32_t id, const V& inst, marks* m) {
    if constexpr (Collect) {
      evaluator<V, false> quiet(st_);
      return quiet.node(id, inst, m);
    } else return node(id, inst, m);
  }
  // Subschema `id` on a member or an element of inst.
  bool child(std::uint32_t id, std::string_view kpiece_raw, piece kpiece, piece ipiece, const V& c) {
    if constexpr (Collect) {
      st_.kpath.push_back({kpiece_raw, 0, 0});
      if (kpiece.type != 3) st_.kpath.push_back(kpiece);
      st_.ipath.push_back(ipiece);
      const bool ok = node(id, c, nullptr);
      st_.ipath.pop_back();
      if (kpiece.type != 3) st_.kpath.pop_back();
      st_.kpath.pop_back();
      return ok;
    } else return node(id, c, nullptr);
  }
  bool is_false(std::uint32_t id) const {
    const schema_node& n = p_.nodes[id];
    return n.count == 1 && p_.keywords[n.first].code == op::fail;
  }

  static bool is_number(metajson::kind k) { return k >= metajson::kind::int64 && k <= metajson::kind::big_number; }

  bool apply(const keyword& k, const schema_node& s, const V& inst, marks* m) {
    using metajson::kind;
    const kind ik = inst.kind();
    switch (k.code) {
      case op::fail:
        error(k, s, inst, [] { return std::string("no value is allowed here (the schema is false)"); });
        return false;
      case op::type: {
        unsigned bit;
        switch (ik) {
          case kind::null: bit = t_null; break;
          case kind::boolean: bit = t_boolean; break;
          case kind::object: bit = t_object; break;
          case kind::array: bit = t_array; break;
          case kind::string: bit = t_string; break;
          case kind::int64:
          case kind::uint64: bit = t_number | t_integer; break;
          default:  // whether a double is integral matters only to "integer" without "number"
            bit = (k.a & t_number) || is_integer(inst.num()) ? t_number | t_integer : t_number;
            break;
        }
        if (k.a & bit) return true;
        error(k, s, inst, [&] { return "expected " + type_names(k.a) + ", found " + std::string(kind_name(ik)); });
        return false;
      }
      case op::const_:
        if (json_equal(inst, value_view{p_.constant_list[k.a]})) return true;
        error(k, s, inst, [&] { return "the value is not the constant " + abbreviated(*p_.constant_list[k.a]); });
        return false;
      case op::enum_:
        for (std::uint32_t i = 0; i < k.b; ++i)
          if (json_equal(inst, value_view{p_.constant_list[k.a + i]})) return true;
        error(k, s, inst, [&] { return "the value is none of the " + std::to_string(k.b) + " values of enum"; });
        return false;
      case op::multiple_of:
      case op::maximum:
      case op::exclusive_maximum:
      case op::minimum:
      case op::exclusive_minimum: {
        if (!is_number(ik)) return true;
        const number x = inst.num(), &lim = p_.numbers[k.a];
        if (k.exact && k.code != op::multiple_of) {  // both doubles exactly: compared as such
          double v;
          bool as_double = true;
          if (x.k == kind::float64) v = x.d;
          else if (x.k == kind::int64 && x.i >= -(std::int64_t{1} << 53) && x.i <= (std::int64_t{1} << 53)) v = static_cast<double>(x.i);
          else as_double = false;
          if (as_double) {
            const bool fine = k.code == op::maximum ? v <= k.d : k.code == op::exclusive_maximum ? v < k.d : k.code == op::minimum ? v >= k.d : v > k.d;
            if (fine) return true;
          }
        }
        bool good;
        const char* what;
        switch (k.code) {
          case op::multiple_of: good = multiple_of(x, lim), what = " is not a multiple of "; break;
          case op::maximum: good = compare(x, lim) <= 0, what = " is above the maximum "; break;
          case op::exclusive_maximum: good = compare(x, lim) < 0, what = " is not below the exclusive maximum "; break;
          case op::minimum: good = compare(x, lim) >= 0, what = " is below the minimum "; break;
          default: good = compare(x, lim) > 0, what = " is not above the exclusive minimum "; break;
        }
        if (good) return true;
        error(k, s, inst, [&] { return number_text(x) + what + number_text(lim); });
        return false;
      }
      case op::max_length:
      case op::min_length: {
        if (ik != kind::string) return true;
        const std::string_view str = inst.str();
        // Bytes bound code points from above, and from below by a quarter.
        if (k.code == op::max_length ? str.size() <= k.u : str.size() / 4 >= k.u) return true;
        const std::size_t n = code_points(str);
        if (k.code == op::max_length ? n <= k.u : n >= k.u) return true;
        error(k, s, inst, [&] {
          return "a string of " + std::to_string(n) + " characters is " + (k.code == op::max_length ? "longer than maxLength " : "shorter than minLength ") +
                 std::to_string(k.u);
        });
        return false;
      }
      case op::pattern: {
        if (ik != kind::string) return true;
        if (p_.regexes[k.a].search(inst.str())) return true;
        error(k, s, inst, [&] { return quote_text(inst.str()) + " does not match the pattern " + quote_text(p_.regexes[k.a].source(), 200); });
        return false;
      }
      case op::format: {
        if (ik != kind::string) return true;
        const auto f = static_cast<format_kind>(k.a);
        bool good;
        if (f == format_kind::regex) {
          regex r;
          std::string why;
          good = r.compile(inst.str(), &why);
        } else good = format_valid(f, inst.str());
        if (good) return true;
        error(k, s, inst, [&] { return quote_text(inst.str()) + " is not a valid " + p_.strings[k.b]; });
        return false;
      }
      case op::max_items:
      case op::min_items:
      case op::max_properties:
      case op::min_properties: {
        const bool items = k.code == op::max_items || k.code == op::min_items;
        if (ik != (items ? kind::array : kind::object)) return true;
        std::size_t n = inst.size();
        const bool max = k.code == op::max_items || k.code == op::max_properties;
        if (!items && (max ? n > k.u : n >= k.u && k.u > 1))  // a name given twice is one member
          n = distinct_names(inst, max ? k.u + 1 : k.u);  // (counted until it decides)
        if (max ? n <= k.u : n >= k.u) return true;
        error(k, s, inst, [&] {
          if (!items) n = distinct_names(inst, inst.size());  // (all of them, for the message)
          return std::string(items ? "an array of " : "an object of ") + std::to_string(n) + (items ? " element" : " member") + (n == 1 ? "" : "s") +
                 (max ? " has more than " : " has fewer than ") + std::to_string(k.u);
        });
        return false;
      }
      case op::unique_items: return ik != kind::array || unique(k, s, inst);
      case op::contains: return ik != kind::array || contains(k, s, inst, m);
      case op::required: {
        if (ik != kind::object) return true;
        bool good = true;
        for (std::uint32_t i = 0; i < k.b; ++i) {
          V found{};
          if (inst.find(p_.strings[k.a + i], found)) continue;
          good = false;
          if constexpr (!Collect) return false;
          error(k, s, inst, [&] { return "missing required member " + quote_text(p_.strings[k.a + i]); });
        }
        return good;
      }
      case op::dependent_required: {
        if (ik != kind::object) return true;
        bool good = true;
        for (std::uint32_t d = 0; d < k.b; ++d) {
          const dependency& dep = p_.dependencies[k.a + d];
          V found{};
          if (!inst.find(dep.property, found)) continue;
          for (std::uint32_t i = 0; i < dep.count; ++i) {
            if (inst.find(p_.strings[dep.first + i], found)) continue;
            good = false;
            if constexpr (!Collect) return false;
            error(k, s, inst, [&] { return "member " + quote_text(dep.property) + " requires member " + quote_text(p_.strings[dep.first + i]); });
          }
        }
        return good;
      }
      case op::dependent_schemas: {
        if (ik != kind::object) return true;
        bool good = true;
        for (std::uint32_t d = 0; d < k.b; ++d) {
          const dependency& dep = p_.dependencies[k.a + d];
          V found{};
          if (!inst.find(dep.property, found)) continue;
          const piece tail{dep.property, 0, 1};
          if (!in_place(dep.first, k, inst, m, &tail)) {
            good = false;
            if constexpr (!Collect) return false;
          }
        }
        return good;
      }
      case op::properties: return ik != kind::object || properties(k, s, inst, m);
      case op::property_names: {
        if (ik != kind::object) return true;
        bool good = true;
        inst.for_each_member([&](std::size_t, std::string_view key, const V&) {
          const metajson::value name(key);
          run_state& st = st_;
          evaluator<value_view, Collect> names(st);
          if constexpr (Collect) {
            st_.kpath.push_back({k.name, 0, 0});
            st_.ipath.push_back({key, 0, 1});
          }
          const std::size_t before = Collect ? st_.errors->size() : 0;
          const bool ok = names.node(k.a, value_view{&name}, nullptr);
          if constexpr (Collect) {
            st_.ipath.pop_back();
            st_.kpath.pop_back();
            for (std::size_t e = before; e < st_.errors->size(); ++e) (*st_.errors)[e].offset = inst.offset();
          }
          if (!ok) good = false;
          return ok || Collect;
        });
        return good;
      }
      case op::items: return ik != kind::array || items(k, inst, m);
      case op::all_of: {
        bool good = true;
        for (std::uint32_t i = 0; i < k.b; ++i) {
          const piece tail{{}, i, 2};
          if (!in_place(p_.lists[k.a + i], k, inst, m, &tail)) {
            good = false;
            if constexpr (!Collect) return false;
          }
        }
        return good;
      }
      case op::any_of: {
        const saved before = save();
        bool any = false;
        for (std::uint32_t i = 0; i < k.b; ++i) {
          marks branch;
          marks* bm = m ? &branch : nullptr;
          if (bm) branch.init(m->bits.size() * 64);
          const piece tail{{}, i, 2};
          const bool ok = any ? silent(p_.lists[k.a + i], inst, bm) : in_place(p_.lists[k.a + i], k, inst, bm, &tail);
          if (ok) {
            if (!any) restore(before);
            any = true;
            if (m) m->merge(branch);
            else return true;
          }
          if (st_.stopped) return false;
        }
        if (any) return true;
        error(k, s, inst, [&] { return std::string("the value matches none of the anyOf schemas"); });
        return false;
      }
      case op::one_of: {
        const saved before = save();
        std::uint32_t first = none, count = 0;
        marks chosen;
        for (std::uint32_t i = 0; i < k.b; ++i) {
          marks branch;
          marks* bm = m ? &branch : nullptr;
          if (bm) branch.init(m->bits.size() * 64);
          const piece tail{{}, i, 2};
          const bool ok = count ? silent(p_.lists[k.a + i], inst, bm) : in_place(p_.lists[k.a + i], k, inst, bm, &tail);
          if (st_.stopped) return false;
          if (!ok) continue;
          if (count++ == 0) {
            restore(before);
            first = i;
            if (m) chosen = std::move(branch);
          } else {
            error(k, s, inst, [&] { return "the value matches oneOf schemas " + std::to_string(first) + " and " + std::to_string(i) + ", not exactly one"; });
            return false;
          }
        }
        if (count == 1) {
          if (m) m->merge(chosen);
          return true;
        }
        error(k, s, inst, [&] { return std::string("the value matches none of the oneOf schemas"); });
        return false;
      }
      case op::not_: {
        if (!silent(k.a, inst, nullptr)) return !st_.stopped;
        error(k, s, inst, [&] { return std::string("the value matches the schema of not"); });
        return false;
      }
      case op::if_then_else: {
        marks branch;
        marks* bm = m ? &branch : nullptr;
        if (bm) branch.init(m->bits.size() * 64);
        const bool cond = silent(k.a, inst, bm);
        if (st_.stopped) return false;
        if (cond && m) m->merge(branch);
        const std::uint32_t next = cond ? k.b : k.c;
        if (next == none) return true;
        keyword named = k;
        named.name = cond ? "/then" : "/else";
        return in_place(next, named, inst, m);
      }
      case op::ref: return in_place(k.a, k, inst, m);
      case op::dynamic_ref: {
        std::uint32_t target = k.a;
        if (k.b != none) {
          const std::string& name = p_.strings[k.b];
          bool found = false;
          for (std::uint32_t r : st_.scope) {
            for (const auto& [n, id] : p_.resources[r].dynamic_anchors)
              if (n == name) {
                target = id;
                found = true;
                break;
              }
            if (found) break;
          }
        }
        return in_place(target, k, inst, m);
      }
      case op::unevaluated_properties:
      case op::unevaluated_items: return unevaluated(k, s, inst, m);
    }
    return true;
  }

  static std::string abbreviated(const metajson::value& v) {
    std::string s = metajson::to_json(v);
    if (s.size() > 80) s = s.substr(0, 77) + "...";
    return s;
  }

  bool unique(const keyword& k, const schema_node& s, const V& inst) {
    std::vector<V> elems;
    elems.reserve(inst.size());
    inst.for_each_element([&](std::size_t, const V& e) {
      elems.push_back(e);
      return true;
    });
    const std::size_t n = elems.size();
    auto report = [&](std::size_t a, std::size_t b) {
      error(k, s, inst, [&] { return "elements " + std::to_string(a) + " and " + std::to_string(b) + " are equal (uniqueItems)"; });
      return false;
    };
    if (n <= 16) {
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
          if (json_equal(elems[i], elems[j])) return report(i, j);
      return true;
    }
    std::vector<std::pair<std::uint64_t, std::size_t>> h(n);
    for (std::size_t i = 0; i < n; ++i) h[i] = {json_hash(elems[i]), i};
    std::sort(h.begin(), h.end());
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n && h[j].first == h[i].first; ++j)
        if (json_equal(elems[h[i].second], elems[h[j].second]))
          return report(std::min(h[i].second, h[j].second), std::max(h[i].second, h[j].second));
    return true;
  }

  bool contains(const keyword& k, const schema_node& s, const V& inst, marks* m) {
    std::uint64_t matched = 0;
    const bool need_all = m != nullptr || k.u2 != ~std::uint64_t{0};
    inst.for_each_element([&](std::size_t i, const V& e) {
      if (silent(k.a, e, nullptr)) {
        ++matched;
        if (m) m->set(i);
      }
      if (st_.stopped) return false;
      return need_all || matched < k.u;
    });
    if (st_.stopped) return false;
    if (matched >= k.u && matched <= k.u2) return true;
    error(k, s, inst, [&] {
      if (matched < k.u)
        return matched == 0 ? std::string("no element matches contains") : std::to_string(matched) + " elements match contains, minContains is " + std::to_string(k.u);
      return std::to_string(matched) + " elements match contains, maxContains is " + std::to_string(k.u2);
    });
    return false;
  }

  bool properties(const keyword& k, const schema_node& s, const V& inst, marks* m) {
    const object_table& t = p_.tables[k.a];
    bool good = true;
    std::uint64_t required = 0;  // the required names seen (object_table::required_count of them)
    inst.for_each_member([&](std::size_t i, std::string_view key, const V& c) {
      bool matched = false;
      if (t.has_properties)
        if (const object_table::named* n = t.find(key)) {
          matched = true;
          if (n->required >= 0) required |= std::uint64_t{1} << n->required;
          if (!child(n->node, "/properties", piece{n->key, 0, 1}, piece{key, 0, 1}, c)) {
            good = false;
            if constexpr (!Collect) return false;
          }
        }
      for (std::size_t j = 0; j < t.patterns.size(); ++j) {
        if (!p_.regexes[t.patterns[j].first].search(key)) continue;
        matched = true;
        if (!child(t.patterns[j].second, t.pattern_texts[j], piece{{}, 0, 3}, piece{key, 0, 1}, c)) {
          good = false;
          if constexpr (!Collect) return false;
        }
      }
      if (!matched && t.additional != none) {
        matched = true;
        if (is_false(t.additional)) {
          good = false;
          if constexpr (!Collect) return false;
          keyword named = k;
          named.name = "/additionalProperties";
          error(named, s, inst, [&] { return "member " + quote_text(key) + " is not allowed (additionalProperties)"; });
        } else if (!child(t.additional, "/additionalProperties", piece{{}, 0, 3}, piece{key, 0, 1}, c)) {
          good = false;
          if constexpr (!Collect) return false;
        }
      }
      if (matched && m) m->set(i);
      return !st_.stopped;
    });
    if (st_.stopped) return false;
    if (t.required_count != 0 && required != (t.required_count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << t.required_count) - 1)) {
      if constexpr (!Collect) return false;
      keyword named = k;
      named.name = "/required";
      for (std::uint32_t r = 0; r < t.required_count; ++r)
        if (!(required >> r & 1)) error(named, s, inst, [&] { return "missing required member " + quote_text(p_.strings[t.required_first + r]); });
      good = false;
    }
    return good;
  }

  bool items(const keyword& k, const V& inst, marks* m) {
    bool good = true;
    inst.for_each_element([&](std::size_t i, const V& e) {
      std::uint32_t id;
      std::string_view where;
      piece kp{{}, i, 2};
      if (i < k.b) {
        id = p_.lists[k.a + i];
        where = k.name;  // "/prefixItems" or draft-07's "/items"
      } else if (k.c != none) {
        id = k.c;
        where = k.b ? (k.name == "/items" ? std::string_view("/additionalItems") : std::string_view("/items")) : k.name;
        kp.type = 3;
      } else return true;
      if (m) m->set(i);
      if (!child(id, where, kp, piece{{}, i, 2}, e)) {
        good = false;
        if constexpr (!Collect) return false;
      }
      return !st_.stopped;
    });
    return good && !st_.stopped;
  }

  bool unevaluated(const keyword& k, const schema_node& s, const V& inst, marks* m) {
    const bool objects = k.code == op::unevaluated_properties;
    if (inst.kind() != (objects ? metajson::kind::object : metajson::kind::array) || !m) return true;
    bool good = true;
    auto one = [&](std::size_t i, std::string_view key, const V& c) {
      if (m->test(i)) return true;
      bool ok;
      if (is_false(k.a)) {
        ok = false;
        error(k, s, inst, [&] {
          return objects ? "member " + quote_text(key) + " is not evaluated by any keyword and unevaluatedProperties does not allow it"
                         : "element " + std::to_string(i) + " is not evaluated by any keyword and unevaluatedItems does not allow it";
        });
      } else ok = child(k.a, k.name, piece{{}, 0, 3}, objects ? piece{key, 0, 1} : piece{{}, i, 2}, c);
      if (!ok) {
        good = false;
        if constexpr (!Collect) return false;
      }
      return !st_.stopped;
    };
    if (objects) inst.for_each_member(one);
    else inst.for_each_element([&](std::size_t i, const V& c) { return one(i, {}, c); });
    if (good) m->all = true;
    return good && !st_.stopped;
  }
};

}  // namespace metajson::detail::validate

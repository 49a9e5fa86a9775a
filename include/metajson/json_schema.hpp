// JSON Schema validation (draft 2020-12 and draft-07) of any JSON: a schema compiled once, then
// applied to a metajson::value, a metajson::document (or one of its nodes), or JSON text, with
// every error, each with its instance location and keyword location (the specification's
// "basic" output), and line and column when the instance was text.
//
//     #include <metajson/json_schema.hpp>
//
//     metajson::json_schema schema = metajson::json_schema::compile(schema_text);   // throws metajson::error
//     metajson::validation_result r = schema.validate_json(request_body);
//     if (!r) for (const metajson::schema_error& e : r.errors()) std::cerr << e.to_string() << '\n';
//     bool ok = schema.is_valid(doc);                      // the first failing keyword ends it
//
// Remote references are never fetched: a `$ref` to another document resolves to a schema
// registered with metajson::schema_registry, else compiling fails and says so. `format` is an
// annotation unless schema_options::format_assertion is set. `pattern` uses metajson's own
// regular-expression engine (validate/regex.hpp: ECMA-262 without backreferences and
// lookbehind, linear in the subject, never backtracking). docs/validation.md has the rest.
// Not included by metajson.hpp: a program that does not validate does not compile this.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "document.hpp"
#include "value.hpp"
#include "validate/compile.hpp"
#include "validate/evaluate.hpp"

#if !METAJSON_HAS_EXCEPTIONS
#error "<metajson/json_schema.hpp> needs exceptions (a schema that cannot be compiled throws metajson::error): build without -fno-exceptions"
#endif

namespace metajson {
inline namespace v0 {

/// The draft a schema is read as when it has no `$schema`.
enum class schema_draft : std::uint8_t { draft7, draft2020_12 };

/// How a schema is compiled.
struct schema_options {
  /// The draft of a schema (and of registered schemas) without `$schema`.
  schema_draft draft = schema_draft::draft2020_12;
  /// Check `format` ("date-time", "email", "ipv4"...) instead of treating it as an annotation.
  bool format_assertion = false;
  /// The schema's own URI, against which relative `$id`s and `$ref`s resolve (none: "").
  std::string base_uri = {};
};

/// Limits of one validation.
struct validate_options {
  /// Errors listed; the others are counted (validation_result::more()).
  std::size_t max_errors = 100;
  /// Subschemas evaluated inside one another (each instance level takes one or more).
  std::size_t max_depth = 4096;
  /// Subschema evaluations in all: a bound on schemas whose branches multiply.
  std::uint64_t max_steps = 100'000'000;
};

/// Schemas that `$ref` may name by URI (remote references are never fetched).
class schema_registry {
 public:
  /// Registers the schema in `schema_json` under `uri` (and under its own `$id`, if it has
  /// one). Throws metajson::error when the text is not JSON.
  void add(std::string_view uri, std::string_view schema_json) { docs_.push_back({std::string(uri), metajson::from<value>(schema_json)}); }
  void add(std::string_view uri, const char* schema_json) { add(uri, std::string_view(schema_json)); }
  void add(std::string_view uri, const std::string& schema_json) { add(uri, std::string_view(schema_json)); }
  void add(std::string_view uri, value schema) { docs_.push_back({std::string(uri), std::move(schema)}); }
  std::size_t size() const noexcept { return docs_.size(); }

 private:
  friend class json_schema;
  std::vector<std::pair<std::string, value>> docs_;
};

/// One error: where in the instance (a JSON Pointer), where in the schema (the keyword's path
/// from the root, through `$ref`s; and its absolute URI), what is wrong; line and column when
/// the instance was JSON text (else 0).
struct schema_error {
  std::string instance_location;
  std::string keyword_location;
  std::string absolute_keyword_location;
  std::string message;
  std::size_t line = 0, column = 0;

  /// "/servers/2/port: expected integer, found string (at /properties/servers/items/properties/port/type, line 7, column 15)"
  std::string to_string() const {
    std::string s = (instance_location.empty() ? std::string("(root)") : instance_location) + ": " + message + " (at " +
                    (keyword_location.empty() ? std::string("the root schema") : keyword_location);
    if (line) s += ", line " + std::to_string(line) + ", column " + std::to_string(column);
    return s + ")";
  }
};

/// The outcome of a validation: valid, or its errors (the first max_errors of them).
class validation_result {
 public:
  bool valid() const noexcept { return errors_.empty(); }
  explicit operator bool() const noexcept { return valid(); }
  const std::vector<schema_error>& errors() const noexcept { return errors_; }
  /// Errors found beyond validate_options::max_errors (not listed).
  std::size_t more() const noexcept { return more_; }
  /// One line per error, then "and N more errors".
  std::string to_string() const {
    std::string s;
    for (const schema_error& e : errors_) s += e.to_string() + "\n";
    if (more_) s += "and " + std::to_string(more_) + " more error" + (more_ == 1 ? "" : "s") + "\n";
    return s;
  }
  /// The specification's "basic" output format: {"valid": false, "errors": [{"keywordLocation",
  /// "absoluteKeywordLocation", "instanceLocation", "error"}...]}.
  std::string to_json() const {
    value out = value::object{};
    out["valid"] = valid();
    if (!valid()) {
      value list = value::array{};
      for (const schema_error& e : errors_) {
        value x = value::object{};
        x["keywordLocation"] = e.keyword_location;
        x["absoluteKeywordLocation"] = e.absolute_keyword_location;
        x["instanceLocation"] = e.instance_location;
        x["error"] = e.message;
        list.push_back(std::move(x));
      }
      out["errors"] = std::move(list);
    }
    return metajson::to_json(out);
  }

 private:
  friend class json_schema;
  std::vector<schema_error> errors_;
  std::size_t more_ = 0;
};

/// A compiled JSON Schema: immutable, cheap to copy (copies share the program), safe to use
/// from many threads at once.
class json_schema {
 public:
  /// No schema: every validation fails, saying so (assign a compiled one).
  json_schema() = default;
  /// Whether a schema was compiled into this object.
  bool compiled() const noexcept { return h_ != nullptr; }

  /// Compiles a schema; throws metajson::error (error_code::invalid_schema, with the schema
  /// location and the reason; syntax errors as from<value> gives them).
  static json_schema compile(std::string_view schema_json, const schema_options& o = {}, const schema_registry* registry = nullptr) {
    return compile(metajson::from<value>(schema_json), o, registry);
  }
  static json_schema compile(const char* schema_json, const schema_options& o = {}, const schema_registry* registry = nullptr) {
    return compile(std::string_view(schema_json), o, registry);
  }
  static json_schema compile(const std::string& schema_json, const schema_options& o = {}, const schema_registry* registry = nullptr) {
    return compile(std::string_view(schema_json), o, registry);
  }
  /// Compiles a schema already parsed into a value (the value is copied).
  static json_schema compile(const value& schema, const schema_options& o = {}, const schema_registry* registry = nullptr) {
    auto holder = std::make_shared<holder_t>();
    holder->root = schema;
    if (registry)
      for (const auto& [uri, doc] : registry->docs_) holder->registered.push_back({uri, doc});
    detail::validate::compile_settings s;
    s.default_draft = o.draft == schema_draft::draft7 ? detail::validate::draft::draft7 : detail::validate::draft::draft2020_12;
    s.format_assertion = o.format_assertion;
    try {
      detail::validate::compiler c(holder->program, s);
      for (const auto& [uri, doc] : holder->registered) c.add_document(&doc, uri);
      c.run(&holder->root, o.base_uri);
    } catch (const detail::validate::schema_fault& f) {
      throw error(error_code::invalid_schema, f.where, f.why);
    }
    json_schema js;
    js.h_ = std::move(holder);
    return js;
  }

  /// Every error of `instance` (a value: no line or column).
  validation_result validate(const value& instance, const validate_options& vo = {}) const {
    return run<true>(detail::validate::value_view{&instance}, vo, nullptr);
  }
  /// Every error of a document's root, with lines and columns.
  validation_result validate(const document& doc, const validate_options& vo = {}) const { return validate(doc.root(), vo); }
  validation_result validate(const node& n, const validate_options& vo = {}) const {
    if (!n) return absent();
    const detail::dom::header* h = detail::dom::access::h(n);
    return run<true>(detail::validate::node_view{h, detail::dom::access::n(n)}, vo, h);
  }
#if defined(__cpp_deleted_function) && __cpp_deleted_function >= 202403L
#define METAJSON_SCHEMA_TEXT_REFUSED = delete("JSON text is validated with validate_json(text) / is_valid_json(text): validate(text) would validate one JSON string")
#else
#define METAJSON_SCHEMA_TEXT_REFUSED = delete  // (JSON text: validate_json / is_valid_json)
#endif
  validation_result validate(const char*, const validate_options& = {}) const METAJSON_SCHEMA_TEXT_REFUSED;
  validation_result validate(std::string_view, const validate_options& = {}) const METAJSON_SCHEMA_TEXT_REFUSED;
  validation_result validate(const std::string&, const validate_options& = {}) const METAJSON_SCHEMA_TEXT_REFUSED;
  bool is_valid(const char*, const validate_options& = {}) const METAJSON_SCHEMA_TEXT_REFUSED;
  bool is_valid(std::string_view, const validate_options& = {}) const METAJSON_SCHEMA_TEXT_REFUSED;
  bool is_valid(const std::string&, const validate_options& = {}) const METAJSON_SCHEMA_TEXT_REFUSED;
#undef METAJSON_SCHEMA_TEXT_REFUSED

  /// Every error of the JSON text `json` (a syntax error is the one error, with its place).
  validation_result validate_json(std::string_view json, const validate_options& vo = {}) const {
    thread_local document doc;
    if (error e = document::parse_into(doc, json)) return syntax(e);
    return validate(doc.root(), vo);
  }

  /// Whether the instance is valid: stops at the first failing keyword. (A validation stopped
  /// by max_depth or max_steps is not valid.)
  bool is_valid(const value& instance, const validate_options& vo = {}) const {
    return run<false>(detail::validate::value_view{&instance}, vo, nullptr).valid();
  }
  bool is_valid(const document& doc, const validate_options& vo = {}) const { return is_valid(doc.root(), vo); }
  bool is_valid(const node& n, const validate_options& vo = {}) const {
    if (!n) return false;
    return run<false>(detail::validate::node_view{detail::dom::access::h(n), detail::dom::access::n(n)}, vo, nullptr).valid();
  }
  bool is_valid_json(std::string_view json, const validate_options& vo = {}) const {
    thread_local document doc;
    if (document::parse_into(doc, json)) return false;
    return is_valid(doc.root(), vo);
  }

 private:
  struct holder_t {
    value root;
    std::vector<std::pair<std::string, value>> registered;
    detail::validate::program program;
  };
  std::shared_ptr<const holder_t> h_;

  template <bool Collect, class V>
  validation_result run(const V& view, const validate_options& vo, const detail::dom::header* h) const {
    validation_result out;
    if (!h_) {
      out.errors_.push_back({"", "", "", "no schema: this json_schema was default-constructed, not compiled", 0, 0});
      return out;
    }
    if constexpr (Collect) {
      // Most instances are valid: the first-failure evaluation (no locations kept, no message
      // built) says so; only an invalid one is evaluated again for its errors.
      detail::validate::run_state quick;
      quick.p = &h_->program;
      quick.max_depth = vo.max_depth;
      quick.max_steps = vo.max_steps;
      if (detail::validate::evaluator<V, false>(quick).node(h_->program.root, view, nullptr)) return out;
    }
    detail::validate::run_state st;
    st.p = &h_->program;
    st.max_errors = vo.max_errors;
    st.max_depth = vo.max_depth;
    st.max_steps = vo.max_steps;
    std::vector<detail::validate::error_record> records;
    st.errors = &records;
    detail::validate::evaluator<V, Collect> ev(st);
    const bool ok = ev.node(h_->program.root, view, nullptr);
    if (st.stopped) {  // the one error: the others found so far may be a branch's, not the instance's
      records.clear();
      records.push_back(std::move(st.stop));
      st.more = 0;
    }
    if (!ok && records.empty()) {  // is_valid: the verdict only
      out.errors_.push_back({"", "", "", "the instance is not valid", 0, 0});
      return out;
    }
    out.more_ = st.more;
    out.errors_.reserve(records.size());
    for (auto& r : records) {
      schema_error e{std::move(r.instance_location), std::move(r.keyword_location), std::move(r.absolute_keyword_location), std::move(r.message), 0, 0};
      if (h) {
        auto [line, column] = detail::dom::line_column(*h, r.offset);
        e.line = line, e.column = column;
      }
      out.errors_.push_back(std::move(e));
    }
    return out;
  }
  static validation_result syntax(const error& e) {
    validation_result out;
    out.errors_.push_back({"", "", "", e.message(), e.line(), e.column()});
    return out;
  }
  static validation_result absent() {
    validation_result out;
    out.errors_.push_back({"", "", "", "no instance (an absent node)", 0, 0});
    return out;
  }
};

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

// JSON Pointer reads (RFC 6901): the value at a pointer read into a T, the rest of the document
// skipped and checked.
//
//     auto id = metajson::from_pointer<std::uint64_t>(text, "/statuses/0/user/id");
//
// The walk runs on the reader's index (read/cursor.hpp): containers on the pointer's path are
// entered, every other value is skipped by read/skip.hpp (fully validated, entry by entry), the
// value at the pointer is read by the ordinary reader of T. The document must be JSON as a
// whole, exactly as for from<T>: a syntax error anywhere is the error, even after the value.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <cstddef>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "text/json_pointer.hpp"
#include "from_json.hpp"

namespace metajson::detail {

// A parsed pointer (text/json_pointer.hpp) and, per token, whether the walk used it as an
// array index.
struct pointer_walk : pointer_tokens {
  std::vector<bool> was_index;
  // The first failure of the pointer itself (not resolved, or a duplicate key on its path):
  // kept until the rest of the document is checked, so that a document that is not JSON
  // reports that instead, as every other reading entry point does.
  error_code code = error_code::ok;
  const char* where = nullptr;
  std::size_t depth = 0;  // tokens resolved when it failed
  std::string detail;

  bool failed() const noexcept { return code != error_code::ok; }

  METAJSON_NOINLINE void fail(error_code e, const char* at, std::size_t i, std::string why) {
    if (failed()) return;
    code = e;
    where = at;
    depth = i;
    detail = std::move(why);
  }

  // Token i does not resolve in the value at `at`, which is `what`.
  METAJSON_NOINLINE void miss(const char* at, std::size_t i, std::string what) {
    if (failed()) return;
    fail(error_code::pointer_not_found, at, i,
         "\"" + std::string(text) + "\" resolves as far as " + prefix(i) + (i == 0 ? " (the whole document)" : "") + ", " +
             std::move(what));
  }

  // The error, once the document is known to be JSON: its path is the pointer's resolved part.
  error report(read_context& c) {
    c.clear_error();
    c.fail(code, where, std::move(detail));
    for (std::size_t i = depth; i-- > 0;) {
      if (was_index[i]) c.path.push_back(index_segment(std::stoull(tokens[i])));
      else c.path.push_back(key_segment(tokens[i]));
    }
    return make_read_error(c);
  }
};

// Splits and unescapes an RFC 6901 pointer; a falsy error when it is one.
inline error parse_pointer(std::string_view text, pointer_walk& w) {
  if (error e = parse_pointer_tokens(text, w)) return e;
  w.was_index.assign(w.tokens.size(), false);
  return {};
}

template <options O, class T>
inline const char* resolve_pointer(read_context& c, pointer_walk& w, const char* k, std::size_t i, T& out);

// The object at entry k holds token i's key: the walk goes on in its value; every other member is
// skipped. A key on the path that appears twice follows options::duplicate_keys, as a struct
// member does: an error (default), or the last one is the one read (its value is found again
// through a pin, read/cursor.hpp). Keys are compared with their escapes decoded.
template <options O, class T>
inline const char* resolve_in_object(read_context& c, pointer_walk& w, const char* k, std::size_t i, T& out) {
  const char* const open = at(c, k);
  if (!enter_at<O>(c, k)) return nullptr;
  k = ensure(c, k + 1);
  if (METAJSON_UNLIKELY(!k)) return nullptr;
  const std::string& token = w.tokens[i];
  bool found = false;
  std::optional<index_pin> pin;   // last_wins: keeps the matching values' entries
  std::size_t last_match = 0;     // last_wins: the entry number of the last matching value
  if (*k != '}') {
    for (;;) {
      if (METAJSON_UNLIKELY(*k != '"')) return expected_at(c, k, "a string key");
      if (METAJSON_UNLIKELY(k[1] != ':')) return expected_at(c, k + 1, "':'");
      if (METAJSON_UNLIKELY(!string_fits<O>(c, k))) return nullptr;
      // After the match, keys are still compared when the walk failed inside its value: a
      // duplicate of a key on the path is the error, whatever its first value held.
      bool match = false;
      if (!w.failed() || found) {
        const std::string_view raw = string_text(c, k);
        std::string_view key = raw;
        if (METAJSON_UNLIKELY(has_backslash(raw)) && !decoded_key<O>(c, k, raw, key)) return nullptr;
        match = key == token;
      }
      const char* const key_at = k;
      k += 2;
      if (!match) {
        k = skip_value<O>(c, k);
      } else if constexpr (O.duplicate_keys == duplicate_key_policy::error) {
        if (found) {
          w.code = error_code::ok;  // it replaces a failure inside the first value
          w.fail(error_code::duplicate_key, at(c, key_at), i,
                 "\"" + token.substr(0, 64) + "\" twice on the path of JSON Pointer \"" + std::string(w.text) + "\"");
          k = skip_value<O>(c, k);
        } else {
          found = true;
          k = resolve_pointer<O>(c, w, k, i + 1, out);
          if (METAJSON_UNLIKELY(!k)) return push_read_key(c, token);
        }
      } else {  // last_wins: note it, read the last one after the object
        if (!pin) pin.emplace(c, k);
        last_match = entry_number(c, k);
        found = true;
        k = skip_value<O>(c, k);
      }
      if (METAJSON_UNLIKELY(!k)) return nullptr;
      if (METAJSON_LIKELY(*k == ',')) {
        k = ensure(c, k + 1);
        if (METAJSON_UNLIKELY(!k)) return nullptr;
        continue;
      }
      if (METAJSON_LIKELY(*k == '}')) break;
      return expected_at(c, k, "',' or '}'");
    }
  }
  if (!found) {
    --c.depth;
    w.miss(open, i, "an object without the key \"" + token.substr(0, 64) + "\"");
    return ensure(c, k + 1);
  }
  if constexpr (O.duplicate_keys != duplicate_key_policy::error) {
    if (pin && !w.failed()) {  // read the last match, then come back to the '}'
      const std::size_t close = entry_number(c, k);
      const char* v = ensure(c, c.kinds + (last_match - c.first_entry));
      if (METAJSON_UNLIKELY(!v)) return nullptr;
      if (METAJSON_UNLIKELY(!resolve_pointer<O>(c, w, v, i + 1, out))) return push_read_key(c, token);
      k = c.kinds + (close - c.first_entry);
    }
  }
  (void)last_match;
  --c.depth;
  return ensure(c, k + 1);  // a container leaves the window full
}

// The array at entry k holds element number token i: the walk goes on there; every other element
// is skipped.
template <options O, class T>
inline const char* resolve_in_array(read_context& c, pointer_walk& w, const char* k, std::size_t i, T& out) {
  const char* const open = at(c, k);
  if (!enter_at<O>(c, k)) return nullptr;
  k = ensure(c, k + 1);
  if (METAJSON_UNLIKELY(!k)) return nullptr;
  std::string why;
  const std::optional<std::size_t> wanted = w.failed() ? std::nullopt : array_index(w.tokens[i], why);
  std::size_t n = 0;
  bool found = false;
  if (*k != ']') {
    for (;; ++n) {
      if (wanted && n == *wanted && !w.failed()) {
        found = true;
        w.was_index[i] = true;
        k = resolve_pointer<O>(c, w, k, i + 1, out);
        if (METAJSON_UNLIKELY(!k)) return push_read_index(c, n);
      } else {
        k = skip_value<O>(c, k);
        if (METAJSON_UNLIKELY(!k)) return nullptr;
      }
      if (METAJSON_LIKELY(*k == ',')) {
        k = ensure(c, k + 1);
        if (METAJSON_UNLIKELY(!k)) return nullptr;
        continue;
      }
      if (METAJSON_LIKELY(*k == ']')) {
        ++n;
        break;
      }
      return expected_at(c, k, "',' or ']'");
    }
  }
  --c.depth;
  if (!found) {
    if (wanted) why = "an array of " + std::to_string(n) + (n == 1 ? " element" : " elements");
    w.miss(open, i, std::move(why));
  }
  return ensure(c, k + 1);  // a container leaves the window full
}

// The value at entry k is where tokens [0, i) led: resolves the rest of the pointer in it, or
// reads it into out when no token is left. After a failure of the pointer, only skips.
template <options O, class T>
inline const char* resolve_pointer(read_context& c, pointer_walk& w, const char* k, std::size_t i, T& out) {
  if (w.failed()) return skip_value<O>(c, k);
  if (i == w.tokens.size()) return read_value<O>(c, k, out);
  if (*k == '{') return resolve_in_object<O>(c, w, k, i, out);
  if (*k == '[') return resolve_in_array<O>(c, w, k, i, out);
  const char* r = skip_value<O>(c, k);  // a scalar, or a syntax error
  if (r) {
    const char* const p = at(c, k);
    const std::string kind = describe_found(c, p);
    w.miss(p, i, (kind == "null" ? kind : "a " + kind) + ", which holds no \"" + w.tokens[i].substr(0, 64) + "\"");
  }
  return r;
}

// from_pointer / try_from_pointer: the read driver (read/driver.hpp) with the pointer's walk.
template <options O, class T>
error read_pointer(std::string_view json, std::string_view pointer, T& out) {
  return on_text<O>(json, [&](std::string_view text) {
    pointer_walk w;
    if (auto e = parse_pointer(pointer, w)) return e;
    read_context c;
    error e = drive<O>(c, text, [&](read_context& c, const char* k) { return resolve_pointer<O>(c, w, k, 0, out); });
    if (METAJSON_LIKELY(!e) && METAJSON_UNLIKELY(w.failed())) return w.report(c);
    return e;
  });
}

template <options O, class T>
error read_pointer_noexcept(std::string_view json, std::string_view pointer, T& out) noexcept {
  return out_of_memory_as_error([&] { return read_pointer<O>(json, pointer, out); });
}

}  // namespace metajson::detail

namespace metajson {
inline namespace v0 {

/// Reads the value at the RFC 6901 JSON Pointer `pointer` of `json` into a T, or returns the
/// error: the document's (it must be JSON as a whole), the pointer's (error_code::invalid_pointer,
/// error_code::pointer_not_found saying how far it resolved, error_code::duplicate_key for a key
/// on its path that appears twice), or T's. "" is the whole document; "/a~1b/0" is element 0 of
/// the member "a/b".
///
///     auto name = metajson::try_from_pointer<std::string>(text, "/statuses/0/user/screen_name");
template <class T, options O = options{}>
std::expected<T, error> try_from_pointer(std::string_view json, std::string_view pointer) noexcept {
  T out{};
  if (auto e = detail::read_pointer_noexcept<O>(json, pointer, out)) return std::unexpected(std::move(e));
  return out;
}

#if METAJSON_HAS_EXCEPTIONS
/// Reads the value at the JSON Pointer `pointer` of `json` into a T. Throws metajson::error, e.g.
/// `JSON Pointer does not resolve ("/statuses/200/id" resolves as far as "/statuses", an array
/// of 100 elements) at $.statuses (line 1, column 15)`.
///
///     auto id = metajson::from_pointer<std::uint64_t>(text, "/statuses/0/user/id");
template <class T, options O = options{}>
T from_pointer(std::string_view json, std::string_view pointer) {
  T out{};
  if (auto e = detail::read_pointer<O>(json, pointer, out)) throw e;
  return out;
}
#endif

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

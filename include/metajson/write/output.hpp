// The writer's state and its output buffer.
//
// The hot path keeps the write position in a register: every writer takes `char* p` and
// returns the new position (nullptr after an error), so the position is never stored to
// memory between values. The buffer end lives in the context and is only re-read by ensure().
// Writers reserve the worst case of a value once (ensure) and then write without checks.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>
#include <string>
#include <vector>

#include "../detail/macros.hpp"
#include "../detail/path.hpp"
#include "../error.hpp"

namespace metajson::detail {

// What an error leaves for its message: allocated by the first fail() (or path segment), so
// that a successful write constructs and destroys one null pointer instead of a string and a
// vector.
struct write_failure {
  error_code code = error_code::ok;
  std::string detail;
  std::vector<std::string> path;  // path segments, innermost first
};

struct write_context {
  std::string* out = nullptr;  // the string being written; its size is its usable capacity
  char* base = nullptr;        // out->data()
  char* limit = nullptr;       // base + out->size()
  unsigned depth = 0;          // nesting level (pretty printing)
  std::size_t demand = 0;      // the largest size grow() was asked for (the next fresh output's size)
  std::unique_ptr<write_failure> failure;  // set on error only

  // Makes room for n more bytes after p; returns p in the (possibly moved) buffer.
  METAJSON_NOINLINE char* grow(char* p, std::size_t n) {
    const std::size_t pos = static_cast<std::size_t>(p - base);
    const std::size_t cap = out->size();
    if (pos + n > demand) demand = pos + n;
#if defined(METAJSON_ABLATION_LINEAR_GROWTH)
    std::size_t want = pos + n + 1024;
#else
    std::size_t want = cap * 2;
    if (want < pos + n) want = pos + n;
#endif
    // Grows without zero-filling: every byte up to pos is kept, the rest is overwritten later.
    out->resize_and_overwrite(want, [](char*, std::size_t m) { return m; });
    base = out->data();
    limit = base + out->size();
    return base + pos;
  }

  write_failure& failed() {
    if (!failure) failure = std::make_unique<write_failure>();
    return *failure;
  }

  // Sets the error (the first one wins) and returns nullptr, for `return c.fail(...)`.
  METAJSON_NOINLINE char* fail(error_code e, std::string why = {}) {
    write_failure& f = failed();
    if (f.code == error_code::ok) {
      f.code = e;
      f.detail = std::move(why);
    }
    return nullptr;
  }
};

// Guarantees n writable bytes at p. One compare in the common case.
METAJSON_ALWAYS_INLINE char* ensure(write_context& c, char* p, std::size_t n) {
  if (METAJSON_LIKELY(static_cast<std::size_t>(c.limit - p) >= n)) return p;
  return c.grow(p, n);
}

// Appends a path segment while an error unwinds (never on success).
METAJSON_NOINLINE inline std::nullptr_t push_index(write_context& c, std::size_t i) {
  c.failed().path.push_back(index_segment(i));
  return nullptr;
}
METAJSON_NOINLINE inline std::nullptr_t push_key(write_context& c, std::string_view k) {
  c.failed().path.push_back(key_segment(k));
  return nullptr;
}

// Writes a newline and the indentation of the current depth (pretty printing).
template <unsigned Indent>
METAJSON_ALWAYS_INLINE char* newline_indent(write_context& c, char* p, unsigned depth) {
  const std::size_t n = 1 + std::size_t{Indent} * depth;
  p = ensure(c, p, n);
  *p = '\n';
  std::memset(p + 1, ' ', n - 1);
  return p + n;
}

}  // namespace metajson::detail

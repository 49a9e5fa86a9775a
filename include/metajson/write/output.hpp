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

#include "../detail/ablation.hpp"
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

  // Streaming output (to_json into a std::ostream, to_file): when the buffer is full, the bytes
  // written so far go to `sink` and the buffer is reused, instead of growing it. Bytes from the
  // output offset `hold` on stay in the buffer (a writer comes back to patch them: see
  // hold_from()); offsets into the output count `flushed`, the bytes already handed over. A
  // failed sink is remembered; the rest of the output is then discarded.
  bool (*sink)(void* arg, const char* data, std::size_t n) = nullptr;
  void* sink_arg = nullptr;
  std::size_t flushed = 0;
  std::size_t hold = ~std::size_t{0};
  bool sink_failed = false;

  // Hands the bytes before `pos` (and before the hold) to the sink; returns the new pos.
  std::size_t drain(std::size_t pos) {
    std::size_t keep_from = pos;
    if (hold != ~std::size_t{0} && hold - flushed < keep_from) keep_from = hold - flushed;
    if (keep_from == 0) return pos;
    if (!sink_failed && !sink(sink_arg, base, keep_from)) sink_failed = true;
    std::memmove(base, base + keep_from, pos - keep_from);
    flushed += keep_from;
    return pos - keep_from;
  }

  // Makes room for n more bytes after p; returns p in the (possibly moved) buffer.
  METAJSON_NOINLINE char* grow(char* p, std::size_t n) {
    std::size_t pos = static_cast<std::size_t>(p - base);
    const std::size_t cap = out->size();
    if (sink != nullptr) {
      pos = drain(pos);
      if (pos + n <= cap) return base + pos;
    }
    if (pos + n > demand) demand = pos + n;
    std::size_t want;
    if constexpr (ablation::linear_growth) {
      want = pos + n + 1024;
    } else {
      want = cap * 2;
      if (want < pos + n) want = pos + n;
    }
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

// The error of a failed write, with its path; out is left empty. Cold: nothing of it is on the
// success path.
[[gnu::cold]] METAJSON_NOINLINE inline error failed_write(write_context& c, std::string& out) {
  out.clear();
  std::string path = "$";
  if (!c.failure) return error(error_code::ok, std::move(path));  // never: writers fail() first
  for (auto it = c.failure->path.rbegin(); it != c.failure->path.rend(); ++it) path += *it;
  return error(c.failure->code, std::move(path), std::move(c.failure->detail));
}

// The output offset of p, which stays valid when a streaming output hands the buffer over.
METAJSON_ALWAYS_INLINE std::size_t output_offset(const write_context& c, const char* p) noexcept {
  return c.flushed + static_cast<std::size_t>(p - c.base);
}
METAJSON_ALWAYS_INLINE char* at_output_offset(const write_context& c, std::size_t offset) noexcept {
  return c.base + (offset - c.flushed);
}

// Keeps the output from offset `from` in the buffer while it lives (a writer that patches a
// byte it wrote earlier): a streaming output does not hand it over before.
class output_hold {
 public:
  output_hold(write_context& c, std::size_t from) noexcept : c_(c), saved_(c.hold) {
    if (from < c.hold) c.hold = from;
  }
  ~output_hold() { c_.hold = saved_; }
  output_hold(const output_hold&) = delete;
  output_hold& operator=(const output_hold&) = delete;

 private:
  write_context& c_;
  std::size_t saved_;
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

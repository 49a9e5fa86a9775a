// Reading documents one part at a time: the lines of NDJSON and the elements of a top-level
// array, from a string or from a std::istream through a buffer that holds the part being read
// (read_ndjson, read_array in metajson/stream.hpp).
//
// Each part (a line, an element) is read by the same driver as a whole document (drive in
// read/driver.hpp), over its own bytes; what lies between the parts (line ends, the array's '[',
// ',' and ']', whitespace) is checked here. Errors are moved to the part's place in the whole
// input: offset, line and column count from the input's start, the path of an array element
// starts with its index.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <expected>
#include <istream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "../error.hpp"
#include "../from_json.hpp"
#include "../options.hpp"

namespace metajson::detail {

// The bytes of the input that are in memory: [data, data + size) are the input's bytes from
// offset `base` on. For a string it is the whole string; for a stream, a buffer that more()
// refills, dropping the bytes before a given offset. Positions are offsets from the input's
// start, so they stay valid across refills.
class input_window {
 public:
  static constexpr std::size_t first_capacity = std::size_t{64} << 10;

  explicit input_window(std::string_view text) noexcept : data_(text.data()), size_(text.size()) {}
  explicit input_window(std::istream& is) : is_(&is) {}

  const char* data() const noexcept { return data_; }
  // Offset of data()[0] and one past the last byte in memory.
  std::size_t base() const noexcept { return base_; }
  std::size_t end() const noexcept { return base_ + size_; }
  const char* at(std::size_t offset) const noexcept { return data_ + (offset - base_); }
  // The failure of the stream (an io_error), once more() has met it.
  const error& failure() const noexcept { return failure_; }

  // Reads more of the input, keeping the bytes from offset `keep` (<= end()) on. False when
  // nothing more comes (the end of the input, or a failure).
  bool more(std::size_t keep) {
    if (is_ == nullptr || at_end_) return false;
    const std::size_t drop = keep - base_;
    const std::size_t kept = size_ - drop;
    if (drop != 0) {
      std::memmove(buffer_.get(), buffer_.get() + drop, kept);
      base_ = keep;
      size_ = kept;
    }
    if (size_ == capacity_) {  // the part being read fills the buffer: double it
      const std::size_t cap = capacity_ == 0 ? first_capacity : 2 * capacity_;
      auto bigger = std::make_unique_for_overwrite<char[]>(cap);
      if (size_ != 0) std::memcpy(bigger.get(), buffer_.get(), size_);
      buffer_ = std::move(bigger);
      capacity_ = cap;
    }
    data_ = buffer_.get();
    const std::size_t n = read_some(buffer_.get() + size_, capacity_ - size_);
    if (n == 0) {
      at_end_ = true;
      return false;
    }
    size_ += n;
    return true;
  }

  // What the stream has now (one underflow's worth, or what in_avail() promises), at most
  // `room` bytes; waits only when it has nothing. 0 at the end of the stream, or when it fails
  // (failure() then says how). For a window over a stream only; more() calls it.
  std::size_t read_some(char* dst, std::size_t room) {
    using traits = std::istream::traits_type;
    std::streambuf* sb = is_->rdbuf();
    if (sb == nullptr || !is_->good()) {
      if (sb == nullptr || is_->fail())
        failure_ = error(error_code::io_error, {}, is_->bad() ? "the stream is bad (badbit set)" : "the stream is in a failed state (failbit set) before reading");
      return 0;
    }
#if METAJSON_HAS_EXCEPTIONS
    try {
#endif
      std::streamsize avail = sb->in_avail();
      if (avail == 0) {
        if (traits::eq_int_type(sb->sgetc(), traits::eof())) avail = -1;
        else if ((avail = sb->in_avail()) <= 0) avail = 1;
      }
      if (avail < 0) {
        set_state(std::ios_base::eofbit);
        return 0;
      }
      const auto want = static_cast<std::streamsize>(std::min<std::size_t>(static_cast<std::size_t>(avail), room));
      const std::streamsize got = sb->sgetn(dst, want);
      if (got <= 0) {
        set_state(std::ios_base::eofbit);
        return 0;
      }
      return static_cast<std::size_t>(got);
#if METAJSON_HAS_EXCEPTIONS
    } catch (...) {
      failure_ = error(error_code::io_error, {}, "reading the stream failed (its buffer threw an exception)");
      set_state(std::ios_base::badbit);
      return 0;
    }
#endif
  }
 private:
  // Sets the stream's state as its own reads would, without letting its exception mask throw.
  void set_state(std::ios_base::iostate s) noexcept {
#if METAJSON_HAS_EXCEPTIONS
    try {
      is_->setstate(s);
    } catch (...) {
    }
#else
    is_->setstate(s);
#endif
  }

  const char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t base_ = 0;
  std::istream* is_ = nullptr;
  std::unique_ptr<char[]> buffer_;
  std::size_t capacity_ = 0;
  bool at_end_ = false;
  error failure_;
};

// Reads one part: the read driver (read/driver.hpp) with the nesting depth the part starts at.
template <options O>
consteval void strict_parts() {
  static_assert(!reads_prepared_copy<O>,
                "read_ndjson and read_array read strict JSON parts: options::allow_comments and "
                "allow_trailing_commas are for whole documents (from, from_json, validate, from_pointer, from_file)");
}
template <options O, class T>
error read_part(std::string_view text, T& out, std::uint32_t depth) {
  strict_parts<O>();
  read_context c;
  c.depth = depth;
  return drive<O, text_is::part>(c, text, [&](read_context& c, const char* k) { return read_value<O>(c, k, out); });
}

template <options O, class T>
error read_part_noexcept(std::string_view text, T& out, std::uint32_t depth) noexcept {
  return out_of_memory_as_error([&] { return read_part<O>(text, out, depth); });
}

// validate() of one part.
template <options O>
error validate_part(std::string_view text, std::uint32_t depth) noexcept {
  strict_parts<O>();
  return out_of_memory_as_error([&] {
    read_context c;
    c.depth = depth;
    return drive<O, text_is::part>(c, text, [](read_context& c, const char* k) { return skip_value<O>(c, k); });
  });
}

// A place in the whole input: offset, and its 1-based line and column.
struct input_place {
  std::size_t offset = 0;
  std::size_t line = 1;
  std::size_t line_start = 0;  // offset of the line's first byte
  std::size_t column() const noexcept { return offset - line_start + 1; }
};

// Moves an error found in a part that starts at `start` to its place in the whole input; the
// path gets `prefix` after its '$' ("[3]" for an array's element 3).
inline error relocate(error e, const input_place& start, std::string_view prefix = {}) {
  if (e.line() == 0) {  // no place (out of memory): the part's start
    e.at_place(start.offset, start.line, start.column());
  } else {
    const std::size_t column = e.line() == 1 ? start.column() - 1 + e.column() : e.column();
    e.at_place(start.offset + e.offset(), start.line + e.line() - 1, column);
  }
  if (!prefix.empty()) {
    std::string path = "$";
    path += prefix;
    if (!e.path().empty()) path.append(e.path(), 1);
    e.with_path(std::move(path));
  }
  return e;
}

// An error at a place of the whole input.
inline error error_at(error_code code, const input_place& p, std::string detail, std::string path = "$") {
  return error(code, std::move(path), std::move(detail), p.offset, p.line, p.column());
}

// What a byte is, in the words of the reader's errors ("number", "'x'", "end of input").
inline std::string describe_byte(const char* p, const char* end) {
  read_context c;
  c.begin = p;
  c.end = end;
  return describe_found(c, p);
}

METAJSON_ALWAYS_INLINE bool is_blank_line(std::string_view line) noexcept {
  for (char ch : line)
    if (ch != ' ' && ch != '\t' && ch != '\r') return false;
  return true;
}

// The engine of read_ndjson: one result per line that is not blank.
template <class T, options O>
class ndjson_engine {
 public:
  using result = std::expected<T, error>;

  explicit ndjson_engine(input_window in) : in_(std::move(in)) {}

  // The lines taken so far, blank ones included (after the last result: the input's lines).
  std::size_t lines() const noexcept { return line_; }

  // Reads the next result; false at the end.
  bool next(std::optional<result>& out) {
    for (;;) {
      const std::size_t end = in_.end();
      const char* nl = scan_ < end ? static_cast<const char*>(std::memchr(in_.at(scan_), '\n', end - scan_)) : nullptr;
      std::size_t line_end;
      std::size_t next;  // where the line after it starts
      if (nl == nullptr) {
        scan_ = end;
        if (skipping_) pos_ = end;  // the rest of a line too long to keep
        if (!skipping_ && end - pos_ > O.max_document_size) {
          out.emplace(std::unexpect, too_long(pos_, line_ + 1));
          skipping_ = true;
          pos_ = end;
          return true;
        }
        if (in_.more(pos_)) continue;
        if (in_.failure()) {
          if (failed_) return false;
          failed_ = true;
          out.emplace(std::unexpect, error(in_.failure()).at_place(end, line_ + 1, end - pos_ + 1));
          return true;
        }
        if (pos_ == end) return false;
        line_end = next = end;  // the last line has no '\n'
      } else {
        line_end = in_.base() + static_cast<std::size_t>(nl - in_.data());
        next = line_end + 1;
      }
      const std::size_t start = pos_;
      ++line_;
      pos_ = scan_ = next;
      if (skipping_) {
        skipping_ = false;
        continue;
      }
      const std::string_view text(in_.at(start), line_end - start);
      // Longer than the limit is an error before anything else (a stream cannot know that the
      // line is blank without reading all of it).
      if (text.size() > O.max_document_size) {
        out.emplace(std::unexpect, too_long(start, line_));
        return true;
      }
      if (is_blank_line(text)) continue;
      const input_place place{start, line_, start};
      out.emplace();
      if (error e = read_part_noexcept<O>(text, **out, 0)) *out = std::unexpected<error>(relocate(std::move(e), place));
      return true;
    }
  }

  // The error of a line longer than options.max_document_size that starts at `offset`.
  static error too_long(std::size_t offset, std::size_t line) {
    return error_at(error_code::document_too_large, input_place{offset, line, offset},
                    "a line longer than " + std::to_string(O.max_document_size) + " bytes");
  }

 private:
  input_window in_;
  std::size_t pos_ = 0;         // the offset of the next line
  std::size_t scan_ = 0;        // where the search for its '\n' goes on
  std::size_t line_ = 0;        // lines before pos_
  bool skipping_ = false;       // in a line too long to read, reported already
  bool failed_ = false;
};

// The engine of read_array: one result per element of the top-level array, then, if the
// document does not end properly, the error that says why.
template <class T, options O>
class array_engine {
 public:
  using result = std::expected<T, error>;

  explicit array_engine(input_window in) : in_(std::move(in)) {}

  bool next(std::optional<result>& out) {
    if (pending_) {
      out.emplace(std::unexpect, std::move(*pending_));
      pending_.reset();
      state_ = state::done;
      return true;
    }
    switch (state_) {
      case state::start: {
        const int ch = skip_ws();
        if (ch < 0) {
          if (io_failure(out)) return true;
          return stop(out, error_at(error_code::unexpected_end, here_, "expected array"));
        }
        if (ch != '[') return stop(out, error_at(type_or_syntax(), here_, "expected array, found " + found()));
        if (O.max_depth == 0)
          return stop(out, error_at(error_code::depth_exceeded, here_, "more than " + std::to_string(O.max_depth) + " levels"));
        advance(1);
        const int first = skip_ws();
        if (first == ']') {
          advance(1);
          return end_of_document(out);
        }
        return element(out);
      }
      case state::between: {
        const int ch = skip_ws();
        if (ch == ',') {
          advance(1);
          skip_ws();
          return element(out, true);
        }
        if (ch == ']') {
          advance(1);
          return end_of_document(out);
        }
        if (ch < 0) {
          if (io_failure(out)) return true;
          return stop(out, error_at(error_code::unexpected_end, here_, "expected ',' or ']'"));
        }
        return stop(out, error_at(error_code::syntax_error, here_, "expected ',' or ']', found " + found()));
      }
      case state::done: return false;
    }
    return false;
  }

 private:
  enum class state : unsigned char { start, between, done };

  bool stop(std::optional<result>& out, error e) {
    out.emplace(std::unexpect, std::move(e));
    state_ = state::done;
    return true;
  }

  // After the closing ']': whitespace to the end, else the error is the last result.
  bool end_of_document(std::optional<result>& out) {
    state_ = state::done;
    const int ch = skip_ws();
    if (ch < 0) return io_failure(out);
    return stop(out, error_at(error_code::trailing_content, here_, "found " + found()));
  }

  bool io_failure(std::optional<result>& out) {
    if (!in_.failure()) return false;
    return stop(out, error(in_.failure()).at_place(here_.offset, here_.line, here_.column()));
  }

  error_code type_or_syntax() {
    const std::string f = found();
    return f[0] != '\'' && f.rfind("byte", 0) != 0 ? error_code::type_mismatch : error_code::syntax_error;
  }
  std::string found() {
    want(found_max_bytes);
    if (here_.offset >= in_.end()) return "end of input";
    return describe_byte(in_.at(here_.offset), in_.data() + (in_.end() - in_.base()));
  }
  std::string path() const { return "$[" + std::to_string(index_) + "]"; }

  // At least n bytes from here in memory, or all there are (so that found() sees what it would
  // see in a string: the whole of "-Infinity", say, not the part one read handed out).
  void want(std::size_t n) {
    while (in_.end() - here_.offset < n && in_.more(here_.offset)) {
    }
  }

  // The next byte (the stream read as needed), or -1 at the end.
  int peek() {
    if (here_.offset == in_.end() && !in_.more(here_.offset)) return -1;
    return static_cast<unsigned char>(*in_.at(here_.offset));
  }
  void advance(std::size_t n) noexcept { here_.offset += n; }

  // Skips JSON whitespace, counting lines; returns the next byte or -1.
  int skip_ws() {
    for (;;) {
      const int ch = peek();
      if (ch == ' ' || ch == '\t' || ch == '\r') {
        ++here_.offset;
      } else if (ch == '\n') {
        ++here_.offset;
        ++here_.line;
        here_.line_start = here_.offset;
      } else {
        return ch;
      }
    }
  }

  // Where the value starting at `start` ends (one past its last byte), reading the stream as
  // needed: a string at its closing quote, an array or object where the brackets opened in it
  // are closed (of either kind: the reader checks that they match), anything else before the
  // next byte that cannot continue it: , ] } [ { " (so that "tru e" and "1 2" are read, and
  // worded, as the whole document's reader words them). At the end of the input: the end.
  // Sets too_long_ when the value outgrows max_document_size.
  std::size_t value_end(std::size_t start) {
    std::size_t depth = 0;
    bool in_string = false;
    bool escaped = false;  // a '\\' ended the bytes in memory: the next byte is escaped
    const unsigned char first = static_cast<unsigned char>(*in_.at(start));
    const bool scalar = first != '"' && first != '[' && first != '{';
    std::size_t i = start;
    for (;;) {
      const char* const b = in_.at(i);
      const char* const e = in_.at(in_.end());
      const char* p = b;
      if (escaped && p < e) {
        escaped = false;
        ++p;
      }
      if (scalar) {
        for (; p < e; ++p) {
          const char ch = *p;
          if (ch == ',' || ch == ']' || ch == '}' || ch == '[' || ch == '{' || ch == '"') return i + static_cast<std::size_t>(p - b);
        }
      } else {
        while (p < e) {
          if (in_string) {  // to the next quote or backslash, a SIMD block at a time
            p = find_special<false>(p, e);
            if (p == e) break;
            if (*p == '"') {
              in_string = false;
              ++p;
              if (depth == 0) return i + static_cast<std::size_t>(p - b);
            } else if (*p == '\\') {
              if (p + 1 == e) {
                escaped = true;
                p = e;
                break;
              }
              p += 2;
            } else {
              ++p;  // a control byte: the reader reports it
            }
          } else {
            const char ch = *p++;
            if (ch == '"') {
              in_string = true;
            } else if (ch == '[' || ch == '{') {
              ++depth;
            } else if (ch == ']' || ch == '}') {
              if (--depth == 0) return i + static_cast<std::size_t>(p - b);
            }
          }
        }
      }
      i = in_.end();
      if (i - start > O.max_document_size) {
        too_long_ = true;
        return i;
      }
      if (!in_.more(start)) return i;
    }
  }

  bool element(std::optional<result>& out, bool after_comma = false) {
    if (here_.offset == in_.end() && !in_.more(here_.offset)) {
      if (io_failure(out)) return true;
      return stop(out, error_at(error_code::unexpected_end, here_, "expected value", path()));
    }
    const std::size_t start = here_.offset;
    const char first = *in_.at(start);
    if (first == ',' || first == ']' || first == '}')
      return stop(out, error_at(error_code::syntax_error, here_,
                                "expected value, found " + found() + (after_comma && first != ',' ? std::string(trailing_comma_hint) : ""),
                                path()));
    const std::size_t end = value_end(start);
    const input_place place = here_;
    if (too_long_ || end - start > O.max_document_size) {
      return stop(out, error_at(error_code::document_too_large, place,
                                "an element longer than " + std::to_string(O.max_document_size) + " bytes", path()));
    }
    if (end == in_.end() && in_.failure()) return io_failure(out);
    const std::string_view text(in_.at(start), end - start);
    // Lines and the offset move past the element.
    for (std::size_t k = 0; k < text.size(); ++k) {
      const char* nl = static_cast<const char*>(std::memchr(text.data() + k, '\n', text.size() - k));
      if (nl == nullptr) break;
      k = static_cast<std::size_t>(nl - text.data());
      ++here_.line;
      here_.line_start = start + k + 1;
    }
    here_.offset = end;
    const std::string prefix = "[" + std::to_string(index_) + "]";
    ++index_;
    state_ = state::between;
    out.emplace();
    error e = read_part_noexcept<O>(text, **out, 1);
    if (!e) return true;
    // Is the document still JSON here? If not, the range ends with that error (after this
    // one, when it is another: a type error before a syntax error in the same element).
    // A scalar followed by more than whitespace ("1 2") is the array's error, as in a whole
    // document: a separator is missing.
    error broken = validate_part<O>(text, 1);
    const bool e_trails = e.code() == error_code::trailing_content;
    const bool broken_trails = broken.code() == error_code::trailing_content;
    if (e_trails) e = trailing_in_element(text, e);
    if (broken_trails) broken = trailing_in_element(text, broken);
    if (broken) {
      state_ = state::done;
      if (broken.code() != e.code() || broken.offset() != e.offset())
        pending_ = relocate(std::move(broken), place, broken_trails ? std::string_view{} : std::string_view(prefix));
    }
    if (e_trails) {
      *out = std::unexpected<error>(relocate(std::move(e), place));
      return true;
    }
    *out = std::unexpected<error>(relocate(std::move(e), place, prefix));
    return true;
  }

  // A scalar element followed by more than whitespace ("1 2"): in a whole document that is
  // the array's separator missing.
  static error trailing_in_element(std::string_view text, const error& e) {
    const char* p = text.data() + e.offset();
    return error(error_code::syntax_error, "$", "expected ',' or ']', found " + describe_byte(p, text.data() + text.size()),
                 e.offset(), e.line(), e.column());
  }

  input_window in_;
  input_place here_;
  std::size_t index_ = 0;
  state state_ = state::start;
  bool too_long_ = false;
  std::optional<error> pending_;
};

// The range read_ndjson and read_array return: an input range of std::expected<T, error>,
// read as it is iterated (begin() reads the first result). It refers to the stream it reads,
// which must outlive it; moving it after begin() leaves the iterators dangling, as with
// std::ranges::istream_view.
template <class Engine>
class result_range : public std::ranges::view_base {
 public:
  using result = typename Engine::result;

  explicit result_range(Engine e) : engine_(std::move(e)) {}
  result_range(result_range&&) = default;
  result_range& operator=(result_range&&) = default;

  class iterator {
   public:
    using iterator_concept = std::input_iterator_tag;
    using value_type = result;
    using difference_type = std::ptrdiff_t;

    iterator() = default;
    result& operator*() const noexcept { return *r_->current_; }
    result* operator->() const noexcept { return &*r_->current_; }
    iterator& operator++() {
      r_->advance();
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const iterator& i, std::default_sentinel_t) noexcept { return i.r_->done_; }

   private:
    friend class result_range;
    explicit iterator(result_range* r) noexcept : r_(r) {}
    result_range* r_ = nullptr;
  };

  iterator begin() {
    if (!started_) {
      started_ = true;
      advance();
    }
    return iterator(this);
  }
  std::default_sentinel_t end() const noexcept { return {}; }

 private:
  void advance() {
    if (done_) return;
    if (!engine_.next(current_)) done_ = true;
  }

  Engine engine_;
  std::optional<result> current_;
  bool started_ = false;
  bool done_ = false;
};

}  // namespace metajson::detail

// Writing through a bounded buffer into a sink (a std::ostream, a file descriptor): the
// driver behind to_json(value, std::ostream&), to_ndjson(range, std::ostream&) and to_file.
// The writers are the same as for a string; write_context::grow hands the buffer to the sink
// when it is full instead of growing it (write/output.hpp), so the memory used is the buffer
// plus the worst case of the largest single string or number run, not the document.
#pragma once

#include <cstddef>
#include <new>
#include <string>

#include "../error.hpp"
#include "../options.hpp"
#include "../to_json.hpp"
#include "../write/output.hpp"

namespace metajson::detail {

// The size of a streaming output's buffer: what is handed to the sink at a time.
inline constexpr std::size_t stream_buffer_size = std::size_t{64} << 10;

using sink_fn = bool (*)(void* arg, const char* data, std::size_t n);

// A write in progress into a sink. Each value is written by write<O>(); finish() hands over the
// rest. What was handed over stays where it went when a later value fails.
class sink_writer {
 public:
  sink_writer(sink_fn sink, void* arg) {
    buffer_.resize_and_overwrite(stream_buffer_size, [](char*, std::size_t n) { return n; });
    c_.out = &buffer_;
    c_.base = buffer_.data();
    c_.limit = c_.base + buffer_.size();
    c_.sink = sink;
    c_.sink_arg = arg;
    p_ = c_.base;
  }

  // Writes v, then `after` bytes of `suffix` (NDJSON's '\n'). A failed value's error has its path.
  // With a suffix (a line of NDJSON), the value's bytes stay in the buffer until it is written
  // whole, so that a value that fails leaves the stream with the lines before it and nothing of
  // its own; without, a failed value's bytes already handed over stay in the stream. Either way
  // the next write or finish() goes on from where the failed value started (its bytes still in
  // the buffer are dropped), in the buffer as it is after the value's growth or hand-overs.
  template <options O, class T>
  error write(const T& v, const char* suffix = nullptr, std::size_t after = 0) {
    const std::size_t start = output_offset(c_, p_);
    output_hold line(c_, after != 0 ? start : ~std::size_t{0});
    char* p = write_value<O>(c_, p_, v);
    if (p == nullptr) {
      p_ = start >= c_.flushed ? at_output_offset(c_, start) : c_.base;
      return failed();
    }
    if (after != 0) {
      p = ensure(c_, p, after);
      std::memcpy(p, suffix, after);
      p += after;
    }
    p_ = p;
    return {};
  }

  // Hands over what is left in the buffer; an io_error if the sink failed at any point.
  error finish() {
    const std::size_t pos = static_cast<std::size_t>(p_ - c_.base);
    c_.hold = ~std::size_t{0};
    c_.drain(pos);
    p_ = c_.base;
    if (c_.sink_failed) return error(error_code::io_error, {}, "writing failed");
    return {};
  }

  bool sink_failed() const noexcept { return c_.sink_failed; }
  // Bytes handed to the sink so far.
  std::size_t written() const noexcept { return c_.flushed; }

 private:
  error failed() {
    std::string path = "$";
    if (!c_.failure) return error(error_code::ok, std::move(path));
    for (auto it = c_.failure->path.rbegin(); it != c_.failure->path.rend(); ++it) path += *it;
    return error(c_.failure->code, std::move(path), std::move(c_.failure->detail));
  }

  std::string buffer_;
  write_context c_;
  char* p_ = nullptr;
};

}  // namespace metajson::detail

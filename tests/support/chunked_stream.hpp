// A std::istream over a string whose buffer hands out at most `chunk` bytes per refill, as a
// pipe or a socket does: readers of streams see every chunk boundary the tests ask for.
// Optionally it fails (its underflow throws) after `fail_after` bytes.
#pragma once

#include <cstddef>
#include <istream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>

namespace test_support {

class chunked_buf : public std::streambuf {
 public:
  chunked_buf(std::string_view text, std::size_t chunk, std::size_t fail_after = std::string_view::npos)
      : text_(text), chunk_(chunk == 0 ? 1 : chunk), fail_after_(fail_after) {}

 protected:
  int_type underflow() override {
    if (gptr() != nullptr && gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (pos_ >= fail_after_) throw std::runtime_error("chunked_buf: failing as asked");
    if (pos_ >= text_.size()) return traits_type::eof();
    std::size_t n = text_.size() - pos_;
    if (n > chunk_) n = chunk_;
    if (fail_after_ != std::string_view::npos && pos_ + n > fail_after_) n = fail_after_ - pos_;
    buf_.assign(text_.data() + pos_, n);
    pos_ += n;
    setg(buf_.data(), buf_.data(), buf_.data() + buf_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::string_view text_;
  std::size_t chunk_;
  std::size_t fail_after_;
  std::size_t pos_ = 0;
  std::string buf_;
};

class chunked_istream : public std::istream {
 public:
  chunked_istream(std::string_view text, std::size_t chunk, std::size_t fail_after = std::string_view::npos)
      : std::istream(nullptr), buf_(text, chunk, fail_after) {
    rdbuf(&buf_);
  }

 private:
  chunked_buf buf_;
};

}  // namespace test_support

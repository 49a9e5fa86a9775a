// read_ndjson on several threads (metajson/parallel.hpp): the input (a text in memory, or a
// std::istream) is cut into batches of whole lines, `threads - 1` workers and the thread that
// iterates read the batches with the serial reader (ndjson_engine, read_stream.hpp), and the
// range hands the results out in input order, on the thread that iterates it (which reads a
// batch itself when the next one is not done). The pool is ordered_jobs (ordered_jobs.hpp).
//
// Each batch is read as if it were the whole input; its errors (offset, line, column) are then
// moved by the batch's place in the text (relocate), which gives the serial reader's errors word
// for word: a line is read by the same code over the same bytes either way. At most
// `batches_ahead` batches past the one being handed out are read or being read, so the memory
// held is a few batches (a stream's: their bytes and results) whatever the input's size.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <exception>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "../error.hpp"
#include "../options.hpp"
#include "ordered_jobs.hpp"
#include "read_stream.hpp"

namespace metajson {
inline namespace v0 {

/// How read_ndjson(text, parallel_options) spreads its work (metajson/parallel.hpp).
struct parallel_options {
  /// Threads that read: 0 for std::thread::hardware_concurrency(), 1 for the serial reader on
  /// the calling thread (no thread is started).
  unsigned threads = 0;
  /// Reading: lines are read in batches of about this many bytes (whole lines: a text's batch
  /// ends at the first line end from there on, a stream's at the last line end in what it has
  /// read). 0: a quarter of the text's share per thread, between 64 KiB and 1 MiB; 1 MiB from a
  /// stream. Smaller batches spread a short text better; each costs a hand-off.
  /// Writing: records are written in batches of about this many bytes of output (0: 256 KiB).
  std::size_t batch_bytes = 0;
  /// Batches made ahead of the one being handed out, at most (0: four per thread). The memory
  /// held is about this many batches: their results (from a stream, their bytes too; written,
  /// their output).
  std::size_t batches_ahead = 0;
};

}  // namespace v0
}  // namespace metajson

namespace metajson::detail {

// How many threads parallel_options asks for (0: one per core).
inline unsigned parallel_threads(const parallel_options& p) noexcept {
  unsigned threads = p.threads != 0 ? p.threads : std::thread::hardware_concurrency();
  return threads == 0 ? 1 : threads;
}

inline std::size_t parallel_ahead(const parallel_options& p, unsigned threads) noexcept {
  return p.batches_ahead != 0 ? p.batches_ahead : std::size_t{4} * threads;
}

// The batches of NDJSON read on several threads, from a text or a stream (ordered_jobs' Work).
template <class T, options O>
struct ndjson_batches {
  using result = std::expected<T, error>;

  struct job {
    std::size_t begin = 0;       // the input offset of its first byte, at a line's start
    std::string_view text;       // its lines (into the text, or into `bytes`)
    std::string bytes;           // from a stream: its bytes, and the next line's start after them
    bool too_long = false;       // from a stream: a line longer than max_document_size, not kept
    std::optional<error> failed; // from a stream: the stream failed after the batch's lines,
    std::size_t tail = 0;        //   and this many bytes of a line that has no end (too_long: all it skipped)
    std::vector<result> results;
    std::size_t lines = 0;       // lines in the batch, blank ones included
#if METAJSON_HAS_EXCEPTIONS
    std::exception_ptr failure;  // what making or reading it threw (std::bad_alloc, T's constructor ...)
#endif
  };

  static constexpr std::size_t max_read = std::size_t{1} << 20;
  std::size_t batch = 0;
  // A text: where the next batch starts.
  std::string_view text;
  std::size_t at = 0;
  // A stream: the bytes read past the last batch (a line's start), and their input offset.
  std::optional<input_window> stream;
  std::string carry;
  std::size_t offset = 0;
  bool ended = false;

  bool prepare(job& j) noexcept {
    j.too_long = false;
    j.failed.reset();
    j.tail = 0;
#if METAJSON_HAS_EXCEPTIONS
    j.failure = nullptr;
#endif
    if (!stream) {
      if (at == text.size()) return false;
      // The batch ends just after the first '\n' at or past `batch` bytes from its start (a
      // line longer than that makes a longer batch), the last at the text's end.
      std::size_t end = text.size();
      if (text.size() - at > batch) {
        const void* nl = std::memchr(text.data() + at + batch - 1, '\n', text.size() - (at + batch - 1));
        if (nl != nullptr) end = static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1;
      }
      j.begin = at;
      j.text = text.substr(at, end - at);
      at = end;
      return true;
    }
    if (ended) return false;
#if METAJSON_HAS_EXCEPTIONS
    try {
#endif
      return fill(j);
#if METAJSON_HAS_EXCEPTIONS
    } catch (...) {  // std::bad_alloc: thrown by the iteration at this batch's place
      ended = true;
      j.begin = offset;
      j.text = {};
      j.failure = std::current_exception();
      return true;
    }
#endif
  }

  // A stream's next batch: `batch` bytes or more, cut after the last '\n' in them.
  bool fill(job& j) {
    j.begin = offset;
    j.bytes.assign(carry);
    carry.clear();
    std::size_t searched = 0;  // bytes searched for '\n' (the carry has some after a line too long)
    std::size_t cut = 0;       // one past the last '\n' seen
    for (;;) {
      const char* data = j.bytes.data();
      for (std::size_t i = j.bytes.size(); i > searched; --i)
        if (data[i - 1] == '\n') {
          cut = i;
          break;
        }
      searched = j.bytes.size();
      if (j.bytes.size() - cut > O.max_document_size) {  // a line too long, as the serial reader sees it
        if (cut == 0) return too_long(j);
        break;  // the lines before it first
      }
      if (j.bytes.size() >= batch && cut != 0) break;
      // Up to `batch` bytes; past that (a line with no end yet) the bytes held again; at most
      // 1 MiB a read (the string grows by doubling; a huge batch_bytes allocates as it fills).
      const std::size_t want = j.bytes.size() < batch ? batch - j.bytes.size() : j.bytes.size();
      const std::size_t got = read(j.bytes, std::min(want, max_read));
      if (got == 0) {
        ended = true;
        if (stream->failure()) {  // the lines read, then the failure after the line that has no end
          j.failed = stream->failure();
          j.tail = j.bytes.size() - cut;
          j.bytes.resize(cut);
        } else {
          cut = j.bytes.size();  // the last line needs no '\n'
        }
        break;
      }
    }
    if (j.bytes.size() == 0 && !j.failed) return false;
    carry.assign(j.bytes, cut, std::string::npos);
    j.bytes.resize(cut);
    offset += cut;
    j.text = j.bytes;
    return true;
  }

  // Appends what the stream has now, at most `room` bytes (at least 1); 0 at its end.
  std::size_t read(std::string& s, std::size_t room) {
    if (room == 0) room = 1;
    const std::size_t old = s.size();
    std::size_t got = 0;
    s.resize_and_overwrite(old + room, [&](char* p, std::size_t) {
      got = stream->read_some(p + old, room);
      return old + got;
    });
    return got;
  }

  // A line longer than max_document_size: its error alone, the rest of it read and dropped.
  bool too_long(job& j) {
    j.too_long = true;
    j.text = {};
    std::size_t skipped = j.bytes.size();
    for (;;) {
      j.bytes.clear();
      const std::size_t got = read(j.bytes, std::min(batch, max_read));
      if (got == 0) {  // the input ends in the line; a failure is the last result, as the serial reader gives it
        ended = true;
        if (stream->failure()) {
          j.failed = stream->failure();
          j.tail = skipped + j.bytes.size();
        }
        break;
      }
      const void* nl = std::memchr(j.bytes.data(), '\n', got);
      if (nl != nullptr) {
        const std::size_t line = static_cast<std::size_t>(static_cast<const char*>(nl) - j.bytes.data()) + 1;
        skipped += line;
        carry.assign(j.bytes, line, std::string::npos);
        break;
      }
      skipped += got;
    }
    offset += skipped;
    j.bytes.clear();
    return true;
  }

  void run(job& j) noexcept {
    j.results.clear();  // the records handed out of its last use (moved from)
    j.lines = 0;
#if METAJSON_HAS_EXCEPTIONS
    if (j.failure) return;
    try {
#endif
      if (j.too_long) {
        j.results.emplace_back(std::unexpect, ndjson_engine<T, O>::too_long(0, 1));
        j.lines = 1;
        if (j.failed) j.results.emplace_back(std::unexpect, error(*j.failed).at_place(j.tail, 1, 1));
        return;
      }
      ndjson_engine<T, O> e{input_window(j.text)};
      std::optional<result> r;
      while (e.next(r)) j.results.push_back(std::move(*r));
      j.lines = e.lines();
      if (j.failed)
        j.results.emplace_back(std::unexpect, error(*j.failed).at_place(j.text.size() + j.tail, j.lines + 1, j.tail + 1));
#if METAJSON_HAS_EXCEPTIONS
    } catch (...) {
      j.failure = std::current_exception();
    }
#endif
  }
};

template <class T, options O>
class parallel_ndjson_engine {
 public:
  using result = std::expected<T, error>;

  parallel_ndjson_engine(std::string_view text, parallel_options p) {
    const unsigned threads = parallel_threads(p);
    constexpr std::size_t smallest = std::size_t{64} << 10, largest = std::size_t{1} << 20;
    const std::size_t batch = p.batch_bytes != 0 ? p.batch_bytes : std::clamp(text.size() / (std::size_t{4} * threads), smallest, largest);
    if (threads == 1 || text.size() <= batch) {  // one batch: the serial reader, here
      serial_.emplace(input_window(text));
      return;
    }
    batches w;
    w.batch = batch;
    w.text = text;
    size_ = text.size();
    jobs_ = std::make_unique<ordered_jobs<batches>>(std::move(w), threads, parallel_ahead(p, threads));
  }

  parallel_ndjson_engine(std::istream& is, parallel_options p) {
    const unsigned threads = parallel_threads(p);
    if (threads == 1) {
      serial_.emplace(input_window(is));
      return;
    }
    batches w;
    w.batch = p.batch_bytes != 0 ? p.batch_bytes : std::size_t{1} << 20;
    w.stream.emplace(is);
    jobs_ = std::make_unique<ordered_jobs<batches>>(std::move(w), threads, parallel_ahead(p, threads));
  }

  // Moving stops nothing; assigning over a running engine stops its threads first (jobs_'s
  // destructor joins them before their state goes).
  parallel_ndjson_engine(parallel_ndjson_engine&&) noexcept = default;
  parallel_ndjson_engine& operator=(parallel_ndjson_engine&&) noexcept = default;

  // After the first result of a text: about how many results it holds (the first batch's count
  // scaled to the text's size), for a caller that keeps them all to reserve once; 0 when not
  // known.
  std::size_t results_estimate() const noexcept {
    if (!jobs_ || cur_ == nullptr || lines_before_ != 0 || size_ == 0 || cur_->text.empty()) return 0;
    return cur_->results.size() * (size_ / cur_->text.size() + 1);
  }

  // The next result in input order; false at the end.
  bool next(std::optional<result>& out) {
    if (serial_) return serial_->next(out);
    if (!jobs_) return false;
    for (;;) {
      if (cur_ == nullptr) {
        cur_ = jobs_->next();
        taken_ = 0;
        if (cur_ == nullptr) return false;
      }
      job& b = *cur_;
      if (taken_ < b.results.size()) {
        out.emplace(std::move(b.results[taken_++]));
        if (!*out) {
          const input_place place{b.begin, lines_before_ + 1, b.begin};
          *out = std::unexpected<error>(relocate(std::move(out->error()), place));
        }
        return true;
      }
#if METAJSON_HAS_EXCEPTIONS
      if (b.failure) {  // after the lines before it, as the serial reader would have thrown it
        std::exception_ptr e = std::move(b.failure);
        jobs_.reset();  // stops the threads
        cur_ = nullptr;
        std::rethrow_exception(e);
      }
#endif
      lines_before_ += b.lines;
      cur_ = nullptr;
    }
  }

 private:
  using batches = ndjson_batches<T, O>;
  using job = typename batches::job;

  std::optional<ndjson_engine<T, O>> serial_;
  std::unique_ptr<ordered_jobs<batches>> jobs_;
  job* cur_ = nullptr;            // the batch being handed out (jobs_'s)
  std::size_t taken_ = 0;         // its results handed out
  std::size_t lines_before_ = 0;  // lines in the batches before it
  std::size_t size_ = 0;          // the text's size (0 for a stream)
};

}  // namespace metajson::detail

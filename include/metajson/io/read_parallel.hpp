// read_ndjson on several threads (metajson/parallel.hpp): the text is cut into batches of whole
// lines, `threads - 1` workers and the thread that iterates read the batches with the serial
// reader (ndjson_engine, read_stream.hpp), and the range hands the results out in input order,
// on the thread that iterates it (which reads a batch itself when the next one is not done).
//
// Each batch is read as if it were the whole input; its errors (offset, line, column) are then
// moved by the batch's place in the text (relocate), which gives the serial reader's errors word
// for word: a line is read by the same code over the same bytes either way. At most
// `batches_ahead` batches past the one being handed out are read or being read, so the memory
// held is a few batches' results whatever the text's size.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "../error.hpp"
#include "../options.hpp"
#include "read_stream.hpp"

namespace metajson {
inline namespace v0 {

/// How read_ndjson(text, parallel_options) spreads its work (metajson/parallel.hpp).
struct parallel_options {
  /// Threads that read: 0 for std::thread::hardware_concurrency(), 1 for the serial reader on
  /// the calling thread (no thread is started).
  unsigned threads = 0;
  /// Lines are read in batches of about this many bytes (whole lines: a batch ends at the first
  /// line end from there on). 0: a quarter of the text's share per thread, between 64 KiB and
  /// 1 MiB. Smaller batches spread a short text better; each costs a hand-off.
  std::size_t batch_bytes = 0;
  /// Batches read ahead of the one being handed out, at most (0: four per thread). The memory
  /// held is about this many batches' results (and 64 bytes per batch of the text for their
  /// places: keep batch_bytes in the kilobytes for a large text).
  std::size_t batches_ahead = 0;
};

}  // namespace v0
}  // namespace metajson

namespace metajson::detail {

template <class T, options O>
class parallel_ndjson_engine {
 public:
  using result = std::expected<T, error>;

  parallel_ndjson_engine(std::string_view text, parallel_options p) {
    unsigned threads = p.threads != 0 ? p.threads : std::thread::hardware_concurrency();
    if (threads == 0) threads = 1;
    constexpr std::size_t smallest = std::size_t{64} << 10, largest = std::size_t{1} << 20;
    const std::size_t batch = p.batch_bytes != 0 ? p.batch_bytes : std::clamp(text.size() / (std::size_t{4} * threads), smallest, largest);
    if (threads == 1 || text.size() <= batch) {  // one batch: the serial reader, here
      serial_.emplace(input_window(text));
      return;
    }
    s_ = std::make_unique<shared>();
    s_->text = text;
    // Batch boundaries: each batch ends just after the first '\n' at or past `batch` bytes
    // from its start (a line longer than that makes a longer batch), the last at the end.
    for (std::size_t at = 0; at < text.size();) {
      std::size_t end = text.size();
      if (text.size() - at > batch) {
        const void* nl = std::memchr(text.data() + at + batch - 1, '\n', text.size() - (at + batch - 1));
        if (nl != nullptr) end = static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1;
      }
      s_->batches.emplace_back();
      s_->batches.back().begin = at;
      s_->batches.back().end = end;
      at = end;
    }
    s_->ahead = p.batches_ahead != 0 ? p.batches_ahead : std::size_t{4} * threads;
    // The iterating thread reads too (next()): threads - 1 more.
    const std::size_t workers = std::min<std::size_t>(threads - 1, s_->batches.size());
    s_->workers.reserve(workers);
    for (std::size_t i = 0; i < workers; ++i) {
#if METAJSON_HAS_EXCEPTIONS
      try {
        s_->workers.emplace_back([s = s_.get()] { s->work(); });
      } catch (const std::system_error&) {  // no more threads: those started (or none) and this one read
        break;
      } catch (...) {  // std::bad_alloc: the threads started are stopped before s_ goes
        s_->stop_and_join();
        throw;
      }
#else
      s_->workers.emplace_back([s = s_.get()] { s->work(); });
#endif
    }
  }

  parallel_ndjson_engine(parallel_ndjson_engine&&) noexcept = default;
  parallel_ndjson_engine& operator=(parallel_ndjson_engine&& other) noexcept {
    if (this != &other) {
      if (s_) s_->stop_and_join();  // the threads read through s_: stopped before it goes
      serial_ = std::move(other.serial_);
      s_ = std::move(other.s_);
      current_ = other.current_;
      taken_ = other.taken_;
      lines_before_ = other.lines_before_;
      ready_ = other.ready_;
    }
    return *this;
  }
  ~parallel_ndjson_engine() {
    if (s_) s_->stop_and_join();
  }

  // After the first result: about how many results the text holds (the first batch's count
  // times the batches), for a caller that keeps them all to reserve once; 0 when not known.
  std::size_t results_estimate() const noexcept {
    if (!s_ || !ready_ || current_ != 0) return 0;
    return s_->batches[0].results.size() * s_->batches.size();
  }

  // The next result in input order; false at the end.
  bool next(std::optional<result>& out) {
    if (serial_) return serial_->next(out);
    shared& s = *s_;
    while (current_ < s.batches.size()) {
      batch& b = s.batches[current_];
      if (!ready_) {
        std::unique_lock lock(s.m);
        // Until the batch is done, the iterating thread reads the next unclaimed one itself
        // (it is one of the `threads`): waiting would leave its core idle.
        while (!b.done) {
          if (s.claimable()) {
            batch& other = s.claim();
            lock.unlock();
            s.read(other);
            lock.lock();
            other.done = true;
            continue;
          }
          s.done_cv.wait(lock);
        }
        ready_ = true;
      }
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
        s.stop_and_join();
        current_ = s.batches.size();
        std::rethrow_exception(e);
      }
#endif
      lines_before_ += b.lines;
      b.results.clear();  // moved from: kept, with its capacity, for a batch to come
      {
        std::lock_guard lock(s.m);
        s.spare.push_back(std::move(b.results));
        ++s.consumed;
      }
      s.work_cv.notify_all();
      ++current_;
      taken_ = 0;
      ready_ = false;
    }
    return false;
  }

 private:
  struct batch {
    std::size_t begin = 0, end = 0;  // offsets in the text
    std::vector<result> results;
    std::size_t lines = 0;  // lines in the batch
#if METAJSON_HAS_EXCEPTIONS
    std::exception_ptr failure;  // what reading it threw (T's constructor: std::bad_alloc ...)
#endif
    bool done = false;  // guarded by shared::m; the rest is the worker's until then
  };

  struct shared {
    std::string_view text;
    std::vector<batch> batches;
    std::size_t ahead = 1;
    std::mutex m;
    std::condition_variable work_cv;  // a batch may be claimed, or stop
    std::condition_variable done_cv;  // a batch is done
    std::size_t claimed = 0;          // batches handed to workers
    std::size_t consumed = 0;         // batches the range has handed out whole
    bool stop = false;
    std::vector<std::thread> workers;
    // Result vectors of batches handed out, emptied, their capacity kept (under m): a batch
    // takes one, so that a long read stops allocating (and faulting in) a vector per batch.
    std::vector<std::vector<result>> spare;

    // Takes batch `claimed` (under m), with a spare vector if there is one.
    batch& claim() {
      batch& b = batches[claimed++];
      if (!spare.empty()) {
        b.results = std::move(spare.back());
        spare.pop_back();
      }
      return b;
    }

    // Whether a batch may be claimed (under m): there is one, and it is the batch being handed
    // out or one of the `ahead` after it (claimed >= consumed: no overflow for any `ahead`).
    bool claimable() const noexcept { return claimed < batches.size() && claimed - consumed <= ahead; }

    void work() {
      for (;;) {
        batch* b;
        {
          std::unique_lock lock(m);
          work_cv.wait(lock, [&] { return stop || claimed >= batches.size() || claimable(); });
          if (stop || claimed >= batches.size()) return;
          b = &claim();
        }
        read(*b);
        {
          std::lock_guard lock(m);
          b->done = true;
        }
        done_cv.notify_all();
      }
    }

    void read(batch& b) {
#if METAJSON_HAS_EXCEPTIONS
      try {
#endif
        ndjson_engine<T, O> e(input_window(text.substr(b.begin, b.end - b.begin)));
        std::optional<result> r;
        while (e.next(r)) b.results.push_back(std::move(*r));
        b.lines = e.lines();
#if METAJSON_HAS_EXCEPTIONS
      } catch (...) {
        b.failure = std::current_exception();
      }
#endif
    }

    void stop_and_join() {
      {
        std::lock_guard lock(m);
        stop = true;
      }
      work_cv.notify_all();
      for (std::thread& t : workers)
        if (t.joinable()) t.join();
    }
  };

  std::optional<ndjson_engine<T, O>> serial_;
  std::unique_ptr<shared> s_;
  std::size_t current_ = 0;       // the batch being handed out
  std::size_t taken_ = 0;         // its results handed out
  std::size_t lines_before_ = 0;  // lines in the batches before it
  bool ready_ = false;            // it is done (seen under the lock)
};

}  // namespace metajson::detail

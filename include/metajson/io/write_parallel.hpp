// to_ndjson on several threads (metajson/parallel.hpp): the records of a random-access range are
// cut into batches of consecutive records, each batch is written into its own buffer by the
// serial writer's loop (write_ndjson.hpp, write_lines) on any of the threads, and the buffers
// are put in order: to a stream, handed over in order by the calling thread (ordered_jobs.hpp);
// into a string, placed (placed_ndjson_write below: the thread that completes the order gives the
// done batches their offsets and copies them there). The output is the serial writer's, byte for
// byte; a record that cannot be written is the serial writer's error ("$[i]...": its index in the
// whole range), with what the serial writer leaves: a string emptied, a stream given the lines
// before it.
//
// The batches are sized by the first records: the calling thread writes 16 of them first
// (straight to the output), and their bytes per record (and, into a string, those of 16 more
// spread over a range of objects) set how many records make batch_bytes.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>
#include <iterator>
#include <ostream>
#include <ranges>
#include <string>
#include <utility>

#include "../error.hpp"
#include "../options.hpp"
#include "../to_json.hpp"
#include "ordered_jobs.hpp"
#include "read_parallel.hpp"  // parallel_options
#include "write_ndjson.hpp"

namespace metajson::detail {

// Consecutive records of a range written as NDJSON lines into a buffer, on several threads.
template <options O, class R>
struct ndjson_write_batches {
  using iterator = std::ranges::iterator_t<R>;

  struct job {
    std::size_t first = 0, count = 0;  // the records [first, first + count)
    std::string out;                   // their lines (on error: the lines before the bad record)
    error e;                           // the first record that could not be written
#if METAJSON_HAS_EXCEPTIONS
    std::exception_ptr failure;  // what writing threw (std::bad_alloc)
#endif
  };

  iterator begin;  // taken once, on the calling thread
  std::size_t size = 0;
  std::size_t next = 0;  // the first record of the next batch
  std::size_t per = 1;   // records per batch

  bool prepare(job& j) noexcept {
    if (next == size) return false;
    j.first = next;
    j.count = std::min(per, size - next);
    next += j.count;
    return true;
  }

  void run(job& j) noexcept {
    j.e = error{};
#if METAJSON_HAS_EXCEPTIONS
    j.failure = nullptr;
    try {
#endif
      write_lines(j);
#if METAJSON_HAS_EXCEPTIONS
    } catch (...) {
      j.failure = std::current_exception();
    }
#endif
  }

  // The serial writer's loop (write_ndjson.hpp, write_lines) over the batch's records; on a
  // record that cannot be written, j.e and the lines before it.
  void write_lines(job& j) {
    write_context c;
    c.out = &j.out;
    const std::size_t cap = std::max(j.out.capacity(), min_output_room);
    j.out.resize_and_overwrite(cap, [](char*, std::size_t n) { return n; });
    c.base = j.out.data();
    c.limit = c.base + j.out.size();
    const iterator first = begin + static_cast<std::iter_difference_t<iterator>>(j.first);
    const char* p = detail::write_lines<O, true>(c, c.base, std::ranges::subrange(first, first + static_cast<std::iter_difference_t<iterator>>(j.count)),
                                                 j.first, j.e);
    j.out.resize(static_cast<std::size_t>(p - c.base));
  }
};

// Writes the range as NDJSON on several threads, handing each batch's lines, in order, to
// `emit(const std::string&)` (false: the output failed, stop). Returns the first record's error
// (in order), after emitting the lines before it; or `output_failed()` when emit fails. The range
// is random-access and sized (checked by the callers' static_assert).
template <options O, class R, class Emit, class Failed>
error write_ndjson_parallel(R& range, parallel_options p, Emit&& emit, Failed&& output_failed) {
  static_assert(ndjson_options_ok<O>, "metajson: NDJSON is one value per line; options.pretty writes newlines inside values");
  using batches = ndjson_write_batches<O, R>;
  using job = typename batches::job;
  batches w;
  w.begin = std::ranges::begin(range);
  w.size = static_cast<std::size_t>(std::ranges::size(range));
  // The first records, here: their size per record sets the batches' record count.
  job first;
  w.per = std::min<std::size_t>(w.size, 16);
  w.prepare(first);
  w.write_lines(first);
  if (!emit(first.out)) return output_failed();
  if (first.e) return std::move(first.e);
  if (w.next == w.size) return {};
  const std::size_t per_record = std::max<std::size_t>(first.out.size() / first.count, 1);
  const std::size_t batch = p.batch_bytes != 0 ? p.batch_bytes : std::size_t{256} << 10;
  w.per = std::max<std::size_t>(batch / per_record, 1);
  const unsigned threads = parallel_threads(p);
  ordered_jobs<batches> jobs(std::move(w), threads, parallel_ahead(p, threads));
  while (job* j = jobs.next()) {
#if METAJSON_HAS_EXCEPTIONS
    if (j->failure) {
      std::exception_ptr e = std::move(j->failure);
      jobs.stop();
      std::rethrow_exception(e);
    }
#endif
    if (!emit(j->out)) return output_failed();
    if (j->e) return std::move(j->e);
  }
  return {};
}

// Into a string, the batches are placed rather than handed out: a thread that finishes the
// batch every batch before which is placed gives it (and the batches done after it) their
// offsets in the output, in order, under the lock, then copies them there without it. The
// copies, and the page faults of an output that is new, are spread over the threads too; the
// calling thread appending every batch was measured to cost the speed-up of a new string
// (docs/performance.md, "NDJSON on several threads").
template <options O, class R>
class placed_ndjson_write {
 public:
  using batches = ndjson_write_batches<O, R>;
  using job = typename batches::job;

  placed_ndjson_write(batches w, std::size_t ahead) : w_(std::move(w)), ahead_(ahead < 1 ? 1 : ahead) {}

  // Writes the batches into [base + at, base + capacity) on `threads` threads (this one too),
  // until they are all placed, one fails, or the next does not fit (full()). Returns the end of
  // the output placed in [base, base + capacity). Never throws: a failure is failure().
  std::size_t run(char* base, std::size_t at, std::size_t capacity, unsigned threads) noexcept {
    base_ = base;
    offset_ = at;
    capacity_ = capacity;
    full_ = false;
    std::vector<std::thread> workers;
#if METAJSON_HAS_EXCEPTIONS
    try {
#endif
      workers.reserve(threads > 0 ? threads - 1 : 0);
      for (unsigned i = 1; i < threads; ++i) workers.emplace_back([this] { guarded_work(); });
#if METAJSON_HAS_EXCEPTIONS
    } catch (const std::system_error&) {  // no more threads: those started and this one write
    } catch (...) {
      std::lock_guard lock(m_);
      if (!failure_) failure_ = std::current_exception();
      stop_ = true;
    }
#endif
    guarded_work();
    for (std::thread& t : workers) t.join();
    return offset_;
  }

  // The first record's error, in order (its batch's lines before it are placed).
  error& first_error() noexcept { return e_; }
#if METAJSON_HAS_EXCEPTIONS
  std::exception_ptr& failure() noexcept { return failure_; }
#endif
  // Whether run() returned because the next batch does not fit; run() again (with more room)
  // goes on from there.
  bool full() const noexcept { return full_; }
  // The records placed, and the records in all.
  std::size_t records() const noexcept { return records_; }

 private:
  struct slot {
    job j;
    bool done = false;
  };
  struct placed {
    job j;
    std::size_t at;
  };

  // work(), a failure to allocate stopping the write (a job's own failures are in the job).
  void guarded_work() noexcept {
#if METAJSON_HAS_EXCEPTIONS
    try {
#endif
      work();
#if METAJSON_HAS_EXCEPTIONS
    } catch (...) {
      std::lock_guard lock(m_);
      if (!failure_) failure_ = std::current_exception();
      stop_ = true;
      cv_.notify_all();
    }
#endif
  }

  void work() {
    std::unique_lock lock(m_);
    std::vector<placed> mine;
    mine.reserve(std::min<std::size_t>(ahead_, 64) + 2);  // what is placed at once, mostly
    for (;;) {
      place(lock, mine);
      if (stop_ || full_ || (exhausted_ && slots_.empty())) break;
      if (exhausted_ || slots_.size() > ahead_) {  // nothing to write: wait for the placing
        cv_.wait(lock);
        continue;
      }
      if (spare_.empty()) slots_.emplace_back();
      else {
        slots_.push_back(slot{std::move(spare_.back()), false});
        spare_.pop_back();
      }
      slot& s = slots_.back();  // deque: stays where it is while others are added and removed
      if (!w_.prepare(s.j)) {  // nothing here may throw: the slot goes, and its buffers with it
        slots_.pop_back();
        exhausted_ = true;
        cv_.notify_all();
        continue;
      }
      lock.unlock();
      w_.run(s.j);
      lock.lock();
      s.done = true;
    }
    cv_.notify_all();
  }

  // Places the batches done from the first unplaced on (their offsets, in order, under the
  // lock), then copies them to their places without it.
  void place(std::unique_lock<std::mutex>& lock, std::vector<placed>& mine) {
    while (!slots_.empty() && slots_.front().done && !stop_ && !full_) {
      job& f = slots_.front().j;
#if METAJSON_HAS_EXCEPTIONS
      if (f.failure) {
        failure_ = std::move(f.failure);
        stop_ = true;
        break;
      }
#endif
      const std::size_t n = f.out.size();
      if (n > capacity_ - offset_) {  // the output is full: run() returns, is called again with more room
        full_ = true;
        break;
      }
      const bool last = static_cast<bool>(f.e);  // its lines before the bad record are placed, then the error
      if (last) e_ = std::move(f.e);
      records_ += f.count;
      mine.push_back(placed{std::move(f), offset_});
      offset_ += n;
      slots_.pop_front();
      if (last) stop_ = true;
    }
    if (mine.empty()) return;
    lock.unlock();
    for (placed& x : mine) std::memcpy(base_ + x.at, x.j.out.data(), x.j.out.size());
    lock.lock();
    for (placed& x : mine) spare_.push_back(std::move(x.j));
    mine.clear();
    cv_.notify_all();
  }

  batches w_;
  std::size_t ahead_;
  std::mutex m_;
  std::condition_variable cv_;  // a batch placed, no more to write, or stop
  std::deque<slot> slots_;      // written or being written, in order, from the first unplaced
  std::vector<job> spare_;      // placed batches, their buffers kept
  char* base_ = nullptr;
  std::size_t offset_ = 0, capacity_ = 0;
  bool exhausted_ = false, stop_ = false, full_ = false;
  std::size_t records_ = 0;  // records placed
  error e_;
#if METAJSON_HAS_EXCEPTIONS
  std::exception_ptr failure_;
#endif
};

// What to_ndjson(range, parallel_options) takes: a range it can cut by index.
template <class R>
consteval void parallel_write_range() {
  using V = std::remove_reference_t<R>;
  static_assert(std::ranges::random_access_range<V> && std::ranges::sized_range<V>,
                "metajson: to_ndjson on several threads cuts the range by index: it needs a random-access sized "
                "range (a std::vector, std::span, std::deque); write others with to_ndjson(range) on one thread");
}

// to_ndjson(range, buffer, parallel_options): the buffer's content replaced, its capacity kept
// (`fresh`: a new string, sized by the serial writer's hint when it writes on one thread).
template <options O, class R>
error write_ndjson_parallel_string(R& range, std::string& out, parallel_options p, bool fresh = false) {
  static_assert(ndjson_options_ok<O>, "metajson: NDJSON is one value per line; options.pretty writes newlines inside values");
  const unsigned threads = parallel_threads(p);
  if (threads == 1 || std::ranges::size(range) <= 16) return fresh ? write_ndjson_fresh<O>(range, out) : write_ndjson<O>(range, out);
  using batches = ndjson_write_batches<O, R>;
  batches w;
  w.begin = std::ranges::begin(range);
  w.size = static_cast<std::size_t>(std::ranges::size(range));
  // The first records, straight into the output: their size per record sets the batches'
  // record count and the output's size.
  w.per = 16;
  typename batches::job first;
  first.out = std::move(out);
  w.prepare(first);
  w.write_lines(first);
  out = std::move(first.out);
  if (first.e) {
    out.clear();
    return std::move(first.e);
  }
  // And 16 records spread over the rest, into a scratch buffer: the first records of a range
  // are not always its average (twitter's first 16 statuses are 86 % of it). Only a range of
  // objects (a vector, a span, a deque): a view that makes its records (a transform) would have
  // its function called twice on them, out of order. Whatever goes wrong here is found again,
  // in order, by the write.
  std::size_t per_record = std::max<std::size_t>(out.size() / first.count, 1);
  if constexpr (std::is_lvalue_reference_v<std::ranges::range_reference_t<R>>) {
#if METAJSON_HAS_EXCEPTIONS
    try {
#endif
    typename batches::job sample;
    sample.count = 1;
    const std::size_t step = (w.size - 16) / 16;
    std::size_t bytes = 0, records = 0;
    for (std::size_t k = 0; step != 0 && k < 16; ++k) {
      sample.first = 16 + k * step;
      w.write_lines(sample);
      if (sample.e) break;  // found again, in order, by the write
      bytes += sample.out.size();
      ++records;
    }
    if (records != 0) per_record = std::max(per_record, bytes / records + 1);
#if METAJSON_HAS_EXCEPTIONS
    } catch (...) {
    }
#endif
  }
  const std::size_t batch = p.batch_bytes != 0 ? p.batch_bytes : std::size_t{256} << 10;
  w.per = std::max<std::size_t>(batch / per_record, 1);
  // Room for the rest at that size and a half more (address space: the pages that are not
  // written are never touched); when it is full, twice the room, keeping what is placed, as the
  // serial writer grows.
  const std::size_t total = w.size;
  std::size_t done = w.next;
  std::size_t rest_per = per_record + per_record / 2 + 1;
  placed_ndjson_write<O, R> placing(std::move(w), parallel_ahead(p, threads));
  std::size_t at_least = 0;  // after a round that filled it: twice its capacity
  for (;;) {
    const std::size_t at = out.size();
    const std::size_t rest = total - done;
    const std::size_t most = (out.max_size() - at) / 2;
    const std::size_t room = rest > most / rest_per ? most : rest * rest_per + min_output_room;
    out.resize_and_overwrite(std::max({out.capacity(), at + room, at_least}),
                             [&](char* base, std::size_t n) { return placing.run(base, at, n, threads); });
    if (!placing.full()) break;
    done = 16 + placing.records();
    const std::size_t per = out.size() / done + 1;
    rest_per = std::max(per + per / 4, rest_per + rest_per / 2);
    at_least = out.capacity() < most ? 2 * out.capacity() : out.capacity();
  }
#if METAJSON_HAS_EXCEPTIONS
  if (placing.failure()) {
    out.clear();
    std::rethrow_exception(placing.failure());
  }
#endif
  if (placing.first_error()) {
    out.clear();  // as the serial writer leaves it
    return std::move(placing.first_error());
  }
  return {};
}

template <options O, class R>
error write_ndjson_parallel_ostream(R& range, std::ostream& os, parallel_options p) noexcept {
  if (parallel_threads(p) == 1 || std::ranges::size(range) <= 16) return write_ndjson_to_ostream<O>(range, os);
  if (!os.good()) return stream_not_writable(os);
  return out_of_memory_as_error([&]() -> error {
    return write_ndjson_parallel<O>(
        range, p, [&](const std::string& lines) { return lines.empty() || ostream_sink(&os, lines.data(), lines.size()); },
        [&] { return os.good() ? error(error_code::io_error, {}, "writing failed") : stream_not_writable(os); });
  });
}

}  // namespace metajson::detail

// The small thread pool behind metajson/parallel.hpp: a sequence of jobs made one after another
// in order, run on any thread, and handed out in order on the thread that iterates.
//
// A Work type gives the jobs:
//   using job = ...;              // movable; a job handed back is reused (its buffers kept)
//   bool prepare(job&) noexcept;  // makes the next job, in order, on one thread at a time
//                                 // (a text's next batch, a stream's next bytes, a range's next
//                                 // records); false when there are no more
//   void run(job&) noexcept;      // does it, on any thread, several at once (the exceptions it
//                                 // meets are kept in the job, for the iteration to throw)
//
// `threads - 1` workers and the thread that calls next() prepare and run jobs; at most `ahead`
// jobs past the one being handed out are made, so the memory held is a few jobs' worth whatever
// the input's size. The thread that iterates runs jobs itself while the next one in order is
// not done: waiting would leave its core idle.
#pragma once

#include <cstddef>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "../detail/macros.hpp"

namespace metajson::detail {

template <class Work>
class ordered_jobs {
 public:
  using job = typename Work::job;

  // Starts the workers (as many as can be started, up to threads - 1). Not movable: they
  // hold its address.
  ordered_jobs(Work work, unsigned threads, std::size_t ahead) : work_(std::move(work)), ahead_(ahead < 1 ? 1 : ahead) {
    workers_.reserve(threads > 0 ? threads - 1 : 0);
    for (unsigned i = 1; i < threads; ++i) {
#if METAJSON_HAS_EXCEPTIONS
      try {
        workers_.emplace_back([this] { serve(); });
      } catch (const std::system_error&) {  // no more threads: those started (or none) and this one run
        break;
      } catch (...) {  // std::bad_alloc: the threads started are stopped before this goes
        stop();
        throw;
      }
#else
      workers_.emplace_back([this] { serve(); });
#endif
    }
  }
  ordered_jobs(const ordered_jobs&) = delete;
  ordered_jobs& operator=(const ordered_jobs&) = delete;
  ~ordered_jobs() { stop(); }

  Work& work() noexcept { return work_; }

  // The next job in order, run; nullptr when there are no more. The job stays the caller's
  // until the next call (or release()).
  job* next() {
    std::unique_lock lock(m_);
    if (holding_) release_front();
    for (;;) {
      if (!slots_.empty() && slots_.front().done) {
        holding_ = true;
        return &slots_.front().j;
      }
      if (slots_.empty() && exhausted_) return nullptr;
      if (claimable()) {
        run_one(lock);
        continue;
      }
      done_cv_.wait(lock);
    }
  }

  // Stops the workers (each finishes the job it is running) and joins them; next() then hands
  // out what is done and no more. Idempotent.
  void stop() noexcept {
    {
      std::lock_guard lock(m_);
      stop_ = true;
      exhausted_ = true;  // nothing more is made
    }
    work_cv_.notify_all();
    for (std::thread& t : workers_)
      if (t.joinable()) t.join();
  }

 private:
  struct slot {
    job j;
    bool done = false;
  };

  // Whether the next job may be made (under m_): nobody is making one, there may be more, and
  // it is the one being handed out or one of the `ahead_` after it (ahead_ >= 1).
  bool claimable() const noexcept { return !making_ && !exhausted_ && slots_.size() <= ahead_; }

  // Makes the next job and runs it (called under m_ with `lock`, returns with it held).
  void run_one(std::unique_lock<std::mutex>& lock) {
    if (spare_.empty()) slots_.emplace_back();  // may throw std::bad_alloc: nothing changed then
    else {
      slots_.push_back(slot{std::move(spare_.back()), false});
      spare_.pop_back();
    }
    making_ = true;
    slot& s = slots_.back();  // deque: stays where it is while others are added and removed
    lock.unlock();
    const bool made = work_.prepare(s.j);
    lock.lock();
    making_ = false;
    if (!made) {  // nothing here may throw: the slot goes, and its buffers with it
      slots_.pop_back();
      exhausted_ = true;
      work_cv_.notify_all();
      done_cv_.notify_all();
      return;
    }
    lock.unlock();
    work_cv_.notify_one();  // the next job may be made by another thread
    work_.run(s.j);
    lock.lock();
    s.done = true;
    lock.unlock();
    done_cv_.notify_all();
    lock.lock();
  }

  // The job handed out goes back to the spares (under m_).
  void release_front() {
    spare_.push_back(std::move(slots_.front().j));
    slots_.pop_front();
    holding_ = false;
    work_cv_.notify_all();  // one more job may be made ahead
  }

  void serve() noexcept {
#if METAJSON_HAS_EXCEPTIONS
    try {
#endif
      std::unique_lock lock(m_);
      for (;;) {
        work_cv_.wait(lock, [&] { return stop_ || exhausted_ || claimable(); });
        if (stop_ || exhausted_) return;
        run_one(lock);
      }
#if METAJSON_HAS_EXCEPTIONS
    } catch (...) {  // std::bad_alloc making room for a job: the other threads go on without this one
    }
#endif
  }

  Work work_;
  std::size_t ahead_;
  std::mutex m_;
  std::condition_variable work_cv_;  // a job may be made, or stop
  std::condition_variable done_cv_;  // a job is done, or there are no more
  std::deque<slot> slots_;           // made or being made, in order, from the one handed out
  std::vector<job> spare_;           // jobs handed back, their buffers kept
  bool holding_ = false;             // slots_.front() is the caller's (returned by next())
  bool making_ = false;              // a thread is in prepare()
  bool exhausted_ = false;           // prepare() said there are no more (or stop)
  bool stop_ = false;
  std::vector<std::thread> workers_;  // last: started once the rest is in place
};

}  // namespace metajson::detail

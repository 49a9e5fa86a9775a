// NDJSON on several threads: the lines of a text or a stream read into T by a pool of threads,
// handed out in input order on the thread that iterates, with the serial reader's results and
// errors, word for word; the records of a range written as NDJSON by a pool of threads, the
// serial writer's bytes.
//
//     #include <metajson/parallel.hpp>
//     for (auto& e : metajson::read_ndjson<Event>(text, metajson::parallel_options{}))
//       if (e) use(*e); else log(e.error().message());          // "... (line 7, column 12)"
//     std::vector<Event> events = metajson::from_ndjson<Event>(file_stream);
//     std::string lines = metajson::to_ndjson(events, metajson::parallel_options{});
//
// Not included by metajson.hpp or stream.hpp: <thread>, <mutex> and <condition_variable> cost
// compile time that a program which reads on one thread should not pay.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <algorithm>
#include <expected>
#include <optional>
#include <istream>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "io/read_parallel.hpp"
#include "io/write_parallel.hpp"
#include "stream.hpp"

namespace metajson::detail {

// Every line's T in order, or the first bad line's error (may throw what reading throws).
// `input` is a text or a std::istream.
template <class T, options O, class Input>
std::expected<std::vector<T>, error> collect_ndjson(Input& input, parallel_options p) {
  strict_parts<O>();
  parallel_ndjson_engine<T, O> engine(input, p);
  std::optional<std::expected<T, error>> r;
  std::vector<T> out;
  while (engine.next(r)) {
    if (!*r) return std::unexpected(std::move(r->error()));
    if constexpr (std::is_same_v<Input, std::string_view>) {
      if (out.empty()) {  // room for the records the first batch's density predicts, within 4x the text's bytes
        const std::size_t estimate = engine.results_estimate() + engine.results_estimate() / 8;
        out.reserve(std::min(estimate, std::size_t{4} * input.size() / sizeof(T) + 1));
      }
    }
    out.push_back(std::move(**r));
  }
  return out;
}

}  // namespace metajson::detail

namespace metajson {
inline namespace v0 {

/// The range returned by read_ndjson(text, parallel_options): an input range (a view) of
/// std::expected<T, metajson::error>, in input order. Destroying it before its end stops the
/// threads (each finishes the batch it is reading).
template <class T, options O = options{}>
using parallel_ndjson_range = detail::result_range<detail::parallel_ndjson_engine<T, O>>;

/// read_ndjson(text) on several threads (parallel_options: how many, the batch size, how far
/// ahead they read). The results are the serial reader's, in the same order, errors word for
/// word: one result per line that is not blank, a bad line's error at its place in the whole
/// text, the lines after it read. The threads start here and read up to `batches_ahead`
/// batches ahead of the iteration; `text` must outlive the range (T may hold std::string_view
/// members: they point into it). A text of one batch, or threads = 1, is read by the serial
/// reader on the iterating thread. std::bad_alloc while a record is made (T's constructor)
/// is thrown by the iteration where the serial reader would throw it, after the lines before.
///
///     for (auto& r : metajson::read_ndjson<Event>(text, {.threads = 4}))
///       if (r) handle(*r); else log(r.error().message());
template <class T, options O = options{}>
parallel_ndjson_range<T, O> read_ndjson(std::string_view text, parallel_options p) {
  detail::strict_parts<O>();
  return parallel_ndjson_range<T, O>(detail::parallel_ndjson_engine<T, O>(text, p));
}

/// read_ndjson(text, parallel_options) from a stream, which must outlive the range: a file too
/// large for memory read on several threads. The threads take the stream's next batch of
/// parallel_options::batch_bytes (1 MiB) in turn and read it while the next is taken; at most
/// `batches_ahead` batches past the one being handed out are held (their bytes and results),
/// whatever the stream's size: with the defaults on 2 threads, about 10 MiB of bytes plus the
/// records of 10 MiB of lines. A line longer than options::max_document_size is that line's
/// error, skipped without being kept. A stream that fails is the last result (an io_error at
/// its place), as from read_ndjson(std::istream&). T may not hold std::string_view.
template <class T, options O = options{}>
parallel_ndjson_range<T, O> read_ndjson(std::istream& is, parallel_options p) {
  detail::strict_parts<O>();
  static_assert(detail::owns_its_data<T>,
                "metajson: a std::string_view read from a stream would point into a buffer that is reused; use std::string");
  return parallel_ndjson_range<T, O>(detail::parallel_ndjson_engine<T, O>(is, p));
}

/// Every line of NDJSON text read into a vector of T, on several threads (parallel_options:
/// by default one per core), in input order: the records the serial reader gives, or the
/// error of the first line that is not a T (the serial reader's error, word for word). Blank
/// lines are skipped, as read_ndjson does. T may hold std::string_view members: they point into
/// `text`.
///
///     auto events = metajson::try_from_ndjson<Event>(text);          // std::expected<std::vector<Event>, error>
///     auto events = metajson::try_from_ndjson<Event>(text, {.threads = 1});   // on this thread
///
/// Running out of memory is error_code::out_of_memory.
///
/// Keeping the records is also what lets the threads pay: with glibc's malloc, records with
/// heap members that are destroyed while other threads still read (a loop over read_ndjson(text,
/// parallel_options) that drops each record) are freed into those threads' arenas under their
/// locks, and the read can be slower than on one thread (docs/getting-started.md).
template <class T, options O = options{}>
std::expected<std::vector<T>, error> try_from_ndjson(std::string_view text, parallel_options p = {}) {
  return detail::out_of_memory_as_error([&] { return detail::collect_ndjson<T, O>(text, p); });
}

/// try_from_ndjson from a stream (a file too large to read whole first): the stream is read in
/// batches of parallel_options::batch_bytes (1 MiB) by the threads in turn, and read on while
/// the batches before are parsed. A stream that fails is an io_error at its place, after the
/// lines before it. T may not hold std::string_view.
template <class T, options O = options{}>
std::expected<std::vector<T>, error> try_from_ndjson(std::istream& is, parallel_options p = {}) {
  static_assert(detail::owns_its_data<T>,
                "metajson: a std::string_view read from a stream would point into a buffer that is reused; use std::string");
  return detail::out_of_memory_as_error([&] { return detail::collect_ndjson<T, O>(is, p); });
}

#if METAJSON_HAS_EXCEPTIONS
/// try_from_ndjson, throwing the first bad line's metajson::error (std::bad_alloc when memory
/// runs out).
template <class T, options O = options{}>
std::vector<T> from_ndjson(std::string_view text, parallel_options p = {}) {
  auto r = detail::collect_ndjson<T, O>(text, p);
  if (!r) throw std::move(r.error());
  return std::move(*r);
}

/// try_from_ndjson(std::istream&), throwing.
template <class T, options O = options{}>
std::vector<T> from_ndjson(std::istream& is, parallel_options p = {}) {
  static_assert(detail::owns_its_data<T>,
                "metajson: a std::string_view read from a stream would point into a buffer that is reused; use std::string");
  auto r = detail::collect_ndjson<T, O>(is, p);
  if (!r) throw std::move(r.error());
  return std::move(*r);
}
#endif

// --- writing NDJSON on several threads -----------------------------------------------------------

/// try_to_ndjson(range, buffer) on several threads (parallel_options: by default one per core):
/// the same bytes, in the same order, as the serial writer (which it is for threads = 1 or 16
/// records or fewer). The records are written in batches of about parallel_options::batch_bytes
/// of output (256 KiB), each into its own buffer, then copied into place in order. Never throws; on error
/// `buffer` is empty and the error is the serial writer's (the first bad record's, "$[i]...").
/// The range is random-access and sized (a vector, an array, a span, a deque); its records are
/// read from several threads at once (a transform_view's function is called on them).
template <options O = options{}, class R>
error try_to_ndjson(R&& range, std::string& buffer, parallel_options p) noexcept {
  detail::parallel_write_range<R>();
  return detail::out_of_memory_as_error([&] { return detail::write_ndjson_parallel_string<O>(range, buffer, p); },
                                        [&] { buffer.clear(); });
}

/// try_to_ndjson(range, buffer, parallel_options) to a stream: the batches are written to `os` in
/// order as they are done; at most parallel_options::batches_ahead batches wait (their output is
/// the memory held, whatever the range's size). On error the lines before the bad record have
/// been written, as the serial writer leaves them; a stream that fails is an io_error.
template <options O = options{}, class R>
error try_to_ndjson(R&& range, std::ostream& os, parallel_options p) noexcept {
  detail::parallel_write_range<R>();
  return detail::write_ndjson_parallel_ostream<O>(range, os, p);
}

#if METAJSON_HAS_EXCEPTIONS
/// to_ndjson(range) on several threads: the serial writer's bytes, in a new string. Throws
/// metajson::error.
///
///     std::string lines = metajson::to_ndjson(events, {.threads = 4});
template <options O = options{}, class R>
std::string to_ndjson(R&& range, parallel_options p) {
  detail::parallel_write_range<R>();
  std::string out;
  if (error e = detail::write_ndjson_parallel_string<O>(range, out, p, true)) throw e;
  return out;
}

/// to_ndjson(range, parallel_options) into `buffer` (content replaced, capacity kept).
template <options O = options{}, class R>
void to_ndjson(R&& range, std::string& buffer, parallel_options p) {
  detail::parallel_write_range<R>();
  if (error e = detail::write_ndjson_parallel_string<O>(range, buffer, p)) throw e;
}

/// to_ndjson(range, parallel_options) to a stream (see try_to_ndjson). Throws metajson::error.
template <options O = options{}, class R>
void to_ndjson(R&& range, std::ostream& os, parallel_options p) {
  if (error e = try_to_ndjson<O>(range, os, p)) throw e;
}
#endif

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

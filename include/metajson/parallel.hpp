// NDJSON read on several threads: the lines of a text in memory read into T by a pool of
// threads, handed out in input order on the thread that iterates, with the serial reader's
// results and errors, word for word.
//
//     #include <metajson/parallel.hpp>
//     for (auto& e : metajson::read_ndjson<Event>(text, metajson::parallel_options{}))
//       if (e) use(*e); else log(e.error().message());          // "... (line 7, column 12)"
//
// Not included by metajson.hpp or stream.hpp: <thread>, <mutex> and <condition_variable> cost
// compile time that a program which reads on one thread should not pay.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <algorithm>
#include <expected>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "io/read_parallel.hpp"
#include "stream.hpp"

namespace metajson::detail {

// Every line's T in order, or the first bad line's error (may throw what reading throws).
template <class T, options O>
std::expected<std::vector<T>, error> collect_ndjson(std::string_view text, parallel_options p) {
  strict_parts<O>();
  parallel_ndjson_engine<T, O> engine(text, p);
  std::optional<std::expected<T, error>> r;
  std::vector<T> out;
  while (engine.next(r)) {
    if (!*r) return std::unexpected(std::move(r->error()));
    if (out.empty()) {  // room for the records the first batch's density predicts, within 4x the text's bytes
      const std::size_t estimate = engine.results_estimate() + engine.results_estimate() / 8;
      out.reserve(std::min(estimate, std::size_t{4} * text.size() / sizeof(T) + 1));
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

#if METAJSON_HAS_EXCEPTIONS
/// try_from_ndjson, throwing the first bad line's metajson::error (std::bad_alloc when memory
/// runs out).
template <class T, options O = options{}>
std::vector<T> from_ndjson(std::string_view text, parallel_options p = {}) {
  auto r = detail::collect_ndjson<T, O>(text, p);
  if (!r) throw std::move(r.error());
  return std::move(*r);
}
#endif

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

// The serial writers behind stream.hpp: JSON to a std::ostream, NDJSON into a string or a
// std::ostream (to_json(value, os), to_ndjson), and the pieces the parallel NDJSON writer
// (write_parallel.hpp) shares with them: an element's error, the stream's sink and its errors.
#pragma once

#include <cstddef>
#include <new>
#include <ostream>
#include <ranges>
#include <string>

#include "../detail/ablation.hpp"
#include "../error.hpp"
#include "../options.hpp"
#include "../to_json.hpp"
#include "write_stream.hpp"

namespace metajson::detail {

inline bool ostream_sink(void* arg, const char* data, std::size_t n) {
  auto& os = *static_cast<std::ostream*>(arg);
#if METAJSON_HAS_EXCEPTIONS
  try {
    os.write(data, static_cast<std::streamsize>(n));
  } catch (...) {
    return false;
  }
#else
  os.write(data, static_cast<std::streamsize>(n));
#endif
  return !os.fail();
}

inline error stream_not_writable(const std::ostream& os) {
  return error(error_code::io_error, {}, os.bad() ? "the stream is bad (badbit set)" : "the stream is in a failed state (failbit set)");
}

template <options O, class T>
error write_to_ostream(const T& v, std::ostream& os) noexcept {
  if (!os.good()) return stream_not_writable(os);
  return out_of_memory_as_error([&]() -> error {
    sink_writer w(ostream_sink, &os);
    error e = w.template write<O>(v);
    error f = w.finish();
    if (e) return e;
    if (f) return os.good() ? f : stream_not_writable(os);
    return {};
  });
}

// NDJSON has one value per line: pretty output, which has newlines, cannot be NDJSON.
template <options O>
inline constexpr bool ndjson_options_ok = !O.pretty;

// The error of element i of a range written as NDJSON: its path starts with "[i]".
inline error element_error(error e, std::size_t i) {
  std::string path = "$[" + std::to_string(i) + "]";
  if (!e.path().empty()) path.append(e.path(), 1);
  return e.with_path(std::move(path));
}

// Writes each element of `range` from p as one line (its JSON, then '\n'); returns the end.
// An element that cannot be written sets `e` to its error, its path starting with its index
// counted from `first_index` ("$[7].name"), and returns nullptr; with KeepLines, it returns
// instead the start of that element's line (the lines before it are whole), for a caller that
// keeps them (the parallel writer's batches).
template <options O, bool KeepLines, class R>
char* write_lines(write_context& c, char* p, R&& range, std::size_t first_index, error& e) {
  std::size_t i = first_index;
  for (const auto& v : range) {
    [[maybe_unused]] std::size_t line = 0;
    if constexpr (KeepLines) line = static_cast<std::size_t>(p - c.base);
    p = write_value<O>(c, p, v);
    if (METAJSON_UNLIKELY(p == nullptr)) {
      std::string unused;
      e = element_error(failed_write(c, unused), i);
      if constexpr (KeepLines) return c.base + line;  // the buffer's start is kept when it grows
      else return nullptr;
    }
    p = ensure(c, p, 1);
    *p++ = '\n';
    ++i;
  }
  return p;
}

// Writes the range's lines into out (content replaced, capacity kept, at least `room` bytes
// given first); `demand`, when given, receives the largest size the output had to grow to.
template <options O, class R>
error write_ndjson(R& range, std::string& out, std::size_t room = min_output_room, std::size_t* demand = nullptr) {
  static_assert(ndjson_options_ok<O>, "metajson: NDJSON is one value per line; options.pretty writes newlines inside values");
  write_context c;
  c.out = &out;
  std::size_t cap = out.capacity();
  if (cap < room) cap = room;
  out.resize_and_overwrite(cap, [](char*, std::size_t n) { return n; });
  c.base = out.data();
  c.limit = c.base + out.size();
  error e;
  char* p = write_lines<O, false>(c, c.base, range, 0, e);
  if (METAJSON_UNLIKELY(p == nullptr)) {
    out.clear();
    return e;
  }
  out.resize(static_cast<std::size_t>(p - c.base));
  if (demand != nullptr) *demand = c.demand;
  return {};
}

// The key of the fresh-output size hint of NDJSON lines of E (to_json.hpp, fresh_output_room).
template <class E>
struct ndjson_lines_of {};

// The most room a hint gives a fresh NDJSON output: the hint is per line and multiplied by the
// count, so a few long lines followed by many short ones must not reserve gigabytes (which
// could fail where the output itself fits). A larger output grows from there.
inline constexpr std::size_t max_hinted_ndjson_room = std::size_t{256} << 20;

// write_ndjson into a new string. A range that knows its size starts with room for as many
// lines as the previous fresh output of the same element type had per line (as to_json does
// per type), at most max_hinted_ndjson_room: a 17 MB output is allocated once instead of
// doubling its way up, copying as it goes.
template <options O, class R>
error write_ndjson_fresh(R& range, std::string& out) {
  if constexpr (ablation::no_size_hint) {
    return write_ndjson<O>(range, out);
  } else {
    if constexpr (std::ranges::sized_range<R>) {
      const auto n = static_cast<std::size_t>(std::ranges::size(range));
      std::size_t& per_line = fresh_output_room<O, ndjson_lines_of<std::ranges::range_value_t<R>>>();
      const std::size_t room =
          n != 0 && per_line > max_hinted_ndjson_room / n ? max_hinted_ndjson_room : per_line * n;
      std::size_t demand = 0;
      error e = write_ndjson<O>(range, out, room < min_output_room ? min_output_room : room, &demand);
      if (!e && n != 0) per_line = (next_fresh_room(room, out.size(), demand) + n - 1) / n;
      return e;
    } else {
      return write_ndjson<O>(range, out);
    }
  }
}

template <options O, class R>
error write_ndjson_noexcept(R& range, std::string& out) noexcept {
  return out_of_memory_as_error([&] { return write_ndjson<O>(range, out); }, [&] { out.clear(); });
}

template <options O, class R>
error write_ndjson_to_ostream(R& range, std::ostream& os) noexcept {
  static_assert(ndjson_options_ok<O>, "metajson: NDJSON is one value per line; options.pretty writes newlines inside values");
  if (!os.good()) return stream_not_writable(os);
  return out_of_memory_as_error([&]() -> error {
    sink_writer w(ostream_sink, &os);
    std::size_t i = 0;
    for (const auto& v : range) {
      if (error e = w.template write<O>(v, "\n", 1)) {
        (void)w.finish();  // the lines before it
        return element_error(std::move(e), i);
      }
      if (w.sink_failed()) break;
      ++i;
    }
    if (error f = w.finish()) return os.good() ? f : stream_not_writable(os);
    return {};
  });
}

}  // namespace metajson::detail

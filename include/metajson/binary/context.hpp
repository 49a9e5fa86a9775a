// The binary readers' state: the input, the depth, and the first error with its byte offset
// and path. Shared by the traversal (binary/read.hpp) and the formats' primitives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../detail/macros.hpp"
#include "../detail/path.hpp"
#include "../error.hpp"
#include "../text/utf8.hpp"
#include "format.hpp"
#include "text.hpp"

namespace metajson::detail::bin {

using in = const unsigned char*;

struct read_context {
  in begin = nullptr;
  in end = nullptr;
  std::uint32_t depth = 0;
  // The first error (code ok until then), where it is, and its path segments (innermost first).
  error_code code = error_code::ok;
  std::size_t offset = 0;
  std::string detail;
  std::vector<std::string> path;
  // A CBOR string sent in chunks, joined (its text points here until the next one).
  std::string joined;
#if defined(__SIZEOF_INT128__)
  unsigned __int128 wide = 0;  // a bignum's magnitude (integer_item::big)
#endif

  [[gnu::cold]] METAJSON_NOINLINE std::nullptr_t fail(error_code e, in at, std::string why = {}) {
    if (code == error_code::ok) {
      code = e;
      offset = static_cast<std::size_t>(at - begin);
      detail = std::move(why);
    }
    return nullptr;
  }
  void clear_error() noexcept {
    code = error_code::ok;
    detail.clear();
    path.clear();
  }
};

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t push_read_key(read_context& c, std::string_view key) {
  c.path.push_back(key_segment(key));
  return nullptr;
}
[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t push_read_index(read_context& c, std::size_t i) {
  c.path.push_back(index_segment(i));
  return nullptr;
}

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t truncated(read_context& c, in at, std::size_t need) {
  return c.fail(error_code::unexpected_end, at,
                "the item needs " + std::to_string(need) + " bytes, the input has " + std::to_string(c.end - at));
}

// Whether n bytes follow p.
METAJSON_ALWAYS_INLINE bool has(const read_context& c, in p, std::size_t n) noexcept {
  return static_cast<std::size_t>(c.end - p) >= n;
}

template <config C>
METAJSON_ALWAYS_INLINE bool enter(read_context& c, in at) {
  if (METAJSON_UNLIKELY(++c.depth > C.o.max_depth)) {
    c.fail(error_code::depth_exceeded, at, "deeper than options.max_depth (" + std::to_string(C.o.max_depth) + ")");
    return false;
  }
  return true;
}

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t bad_utf8(read_context& c, in text, std::size_t at) {
  constexpr char hex[] = "0123456789ABCDEF";
  return c.fail(error_code::invalid_utf8, text + at, std::string("byte 0x") + hex[text[at] >> 4] + hex[text[at] & 15]);
}

[[gnu::cold]] METAJSON_NOINLINE inline std::nullptr_t string_too_long(read_context& c, in at, std::size_t n, std::size_t max) {
  return c.fail(error_code::string_too_long, at, std::to_string(n) + " bytes; options.max_string_length is " + std::to_string(max));
}

// A text string's n bytes at `text` (its item at `at`): its length within the options, its
// UTF-8 checked (validate) or found invalid (`valid` false under replace; not looked at under
// unchecked). False after an error.
template <config C>
METAJSON_ALWAYS_INLINE bool check_text(read_context& c, in at, in text, std::size_t n, bool& valid) {
  if (METAJSON_UNLIKELY(n > C.o.max_string_length)) return string_too_long(c, at, n, C.o.max_string_length), false;
  valid = true;
  if constexpr (C.o.utf8 != utf8_policy::unchecked) {
    if (METAJSON_UNLIKELY(!utf8_ok(reinterpret_cast<const char*>(text), n))) {
      if constexpr (C.o.utf8 == utf8_policy::validate)
        return bad_utf8(c, text, utf8_first_invalid(reinterpret_cast<const char*>(text), n)), false;
      valid = false;
    }
  }
  return true;
}

}  // namespace metajson::detail::bin

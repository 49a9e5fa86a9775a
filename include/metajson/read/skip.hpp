// Skipping a value nobody asked for (an unknown key's value), over the index, validating it
// completely: stage 1 checked its strings; here its nesting and the places of ':' and ',' are
// checked entry by entry (each entry is one byte in the index: the input is not touched), its
// numbers and literals once each.
#pragma once

#include <cstring>
#include <memory>

#include "number.hpp"
#include "string.hpp"

namespace metajson::detail {

// The string at entry k is within options.max_string_length: its text ends before the next
// entry, so their distance bounds it; only a string that may be too long is measured.
template <options O>
METAJSON_ALWAYS_INLINE bool string_fits(read_context& c, const char* k) {
  const std::uint32_t* const pp = c.pos + (k - c.kinds);
  const std::uint32_t distance = pp[1] - pp[0];  // the quotes, the text, whitespace
  if (METAJSON_LIKELY(distance <= 2 || distance - 2 <= O.max_string_length)) return true;
  const char* const p = at(c, k);
  discard_output none;
  return read_string_rest<O, true>(c, p + 1, p + 1, p + 1, none) != nullptr;
}

// A number, literal or string at entry k.
template <options O>
METAJSON_ALWAYS_INLINE const char* skip_scalar(read_context& c, const char* k) {
  if constexpr (O.allow_nonfinite) {
    if (METAJSON_UNLIKELY(nonfinite_kind(c, k))) return read_nonfinite_at(c, k, "a value").next;
  }
  switch (*k) {
    case '"': return string_fits<O>(c, k) ? k + 1 : nullptr;
    case 't': return literal_at(c, k, "true", "a value");
    case 'f': return literal_at(c, k, "false", "a value");
    case 'n': return literal_at(c, k, "null", "a value");
    default: {
      if (METAJSON_UNLIKELY(!number_kind(*k))) return expected_at(c, k, "a value");
      const char* q = number_end_fast(at(c, k), c.end);
      if (METAJSON_UNLIKELY(!q)) q = scan_number(c, at(c, k)).end;
      if (METAJSON_UNLIKELY(!q)) return nullptr;
      return scalar_end(c, k, q);
    }
  }
}

// A value nobody asked for, skipped and validated in one loop over its entries (no call per
// value or per container): what may come next is the loop's state (a value, a key, or what
// follows a value), the open containers a stack of bits (1 for an object), the depth counted
// against max_depth as the typed readers count it. Scalars are checked by skip_scalar, each
// string's length by string_fits; the first entry that may not stand where it is words the
// error as the recursive readers do (expected_at), so the messages and places are theirs.
template <options O>
METAJSON_NOINLINE inline const char* skip_container(read_context& c, const char* k) {
  // Levels past the first 64 are kept in the array (max_depth is at most 2^32 - 1: the array
  // covers what a document can open before the limit stops it, up to 64 * 64 levels; deeper
  // limits spill to the heap).
  constexpr std::size_t inline_words = O.max_depth / 64 + 1 <= 64 ? O.max_depth / 64 + 1 : 64;
  std::uint64_t words[inline_words];
  std::unique_ptr<std::uint64_t[]> more;
  std::uint64_t* stack = words;
  std::size_t capacity = inline_words * 64;
  std::uint64_t top = 0;  // the innermost 64 levels' bits (level `level` at bit 0)
  std::size_t level = 0;  // containers open in this value
  auto push = [&](bool object) -> bool {
    if (METAJSON_UNLIKELY(++c.depth > O.max_depth)) return depth_exceeded(c, at(c, k), O.max_depth), false;
    if (level != 0 && level % 64 == 0) {
      if (METAJSON_UNLIKELY(level / 64 > capacity / 64 - 1)) {  // spill the stack to the heap
        const std::size_t cap = 2 * capacity;
        auto bigger = std::make_unique<std::uint64_t[]>(cap / 64);
        std::memcpy(bigger.get(), stack, capacity / 8);
        more = std::move(bigger);
        stack = more.get();
        capacity = cap;
      }
      stack[level / 64 - 1] = top;
      top = 0;
    }
    top = (top << 1) | static_cast<std::uint64_t>(object);
    ++level;
    return true;
  };
  auto pop = [&] {
    --level;
    --c.depth;
    top >>= 1;
    if (level != 0 && level % 64 == 0) top = stack[level / 64 - 1];
  };
  auto in_object = [&] { return (top & 1) != 0; };

value:  // k is a value's first entry
  if (*k == '{') {
    if (!push(true)) return nullptr;
    k = ensure(c, k + 1);
    if (METAJSON_UNLIKELY(!k)) return nullptr;
    if (*k == '}') goto close;
    goto key;
  }
  if (*k == '[') {
    if (!push(false)) return nullptr;
    k = ensure(c, k + 1);
    if (METAJSON_UNLIKELY(!k)) return nullptr;
    if (*k == ']') goto close;
    goto value;
  }
  k = skip_scalar<O>(c, k);
  if (METAJSON_UNLIKELY(!k)) return nullptr;
  goto after;

key:  // k is where a member's key must be
  if (METAJSON_UNLIKELY(*k != '"')) return expected_at(c, k, "a string key");
  if (METAJSON_UNLIKELY(k[1] != ':')) return expected_at(c, k + 1, "':'");
  if (METAJSON_UNLIKELY(!string_fits<O>(c, k))) return nullptr;
  k += 2;
  goto value;

close:  // k is the closing bracket of the innermost container
  pop();
  k = ensure(c, k + 1);  // a container leaves the window full
  if (METAJSON_UNLIKELY(!k)) return nullptr;
  // fall through

after:  // after a value
  if (level == 0) return k;
  if (METAJSON_LIKELY(*k == ',')) {
    k = ensure(c, k + 1);
    if (METAJSON_UNLIKELY(!k)) return nullptr;
    if (in_object()) goto key;
    goto value;
  }
  if (in_object()) {
    if (METAJSON_LIKELY(*k == '}')) goto close;
    return expected_at(c, k, "',' or '}'");
  }
  if (METAJSON_LIKELY(*k == ']')) goto close;
  return expected_at(c, k, "',' or ']'");
}

template <options O>
inline const char* skip_value(read_context& c, const char* k) {
  if (*k == '{' || *k == '[') return skip_container<O>(c, k);
  return skip_scalar<O>(c, k);
}

// Where the value that ends before entry `after` ends in the input: the next entry's place,
// whitespace before it aside (raw_json keeps a value's exact text).
METAJSON_ALWAYS_INLINE const char* value_end(const read_context& c, const char* after) noexcept {
  const char* q = *after == index::kind_end ? c.end : at(c, after);
  while (is_ws(q[-1])) --q;
  return q;
}

}  // namespace metajson::detail

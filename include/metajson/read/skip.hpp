// Skipping a value nobody asked for (an unknown key's value), over the index, validating it
// completely: stage 1 checked its strings; here its nesting and the places of ':' and ',' are
// checked entry by entry (each entry is one byte in the index: the input is not touched), its
// numbers and literals once each.
#pragma once

#include "number.hpp"
#include "string.hpp"

namespace metajson::detail {

template <options O>
inline const char* skip_value(read_context& c, const char* k);

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
      const char* q = scan_number(c, at(c, k)).end;
      if (METAJSON_UNLIKELY(!q)) return nullptr;
      return scalar_end(c, k, q);
    }
  }
}

template <options O>
inline const char* skip_array(read_context& c, const char* k) {
  if (!enter_at<O>(c, k)) return nullptr;
  k = ensure(c, k + 1);
  if (METAJSON_UNLIKELY(!k)) return nullptr;
  if (*k == ']') {
    --c.depth;
    return ensure(c, k + 1);  // a container leaves the window full
  }
  for (;;) {
    k = skip_value<O>(c, k);
    if (METAJSON_UNLIKELY(!k)) return nullptr;
    if (METAJSON_LIKELY(*k == ',')) {
      k = ensure(c, k + 1);
      if (METAJSON_UNLIKELY(!k)) return nullptr;
      continue;
    }
    if (METAJSON_LIKELY(*k == ']')) {
      --c.depth;
      return ensure(c, k + 1);  // a container leaves the window full
    }
    return expected_at(c, k, "',' or ']'");
  }
}

template <options O>
inline const char* skip_object(read_context& c, const char* k) {
  if (!enter_at<O>(c, k)) return nullptr;
  k = ensure(c, k + 1);
  if (METAJSON_UNLIKELY(!k)) return nullptr;
  if (*k == '}') {
    --c.depth;
    return ensure(c, k + 1);  // a container leaves the window full
  }
  for (;;) {
    if (METAJSON_UNLIKELY(*k != '"')) return expected_at(c, k, "a string key");
    if (METAJSON_UNLIKELY(k[1] != ':')) return expected_at(c, k + 1, "':'");
    if (METAJSON_UNLIKELY(!string_fits<O>(c, k))) return nullptr;
    k = skip_value<O>(c, k + 2);
    if (METAJSON_UNLIKELY(!k)) return nullptr;
    if (METAJSON_LIKELY(*k == ',')) {
      k = ensure(c, k + 1);
      if (METAJSON_UNLIKELY(!k)) return nullptr;
      continue;
    }
    if (METAJSON_LIKELY(*k == '}')) {
      --c.depth;
      return ensure(c, k + 1);  // a container leaves the window full
    }
    return expected_at(c, k, "',' or '}'");
  }
}

template <options O>
inline const char* skip_value(read_context& c, const char* k) {
  if (*k == '{') return skip_object<O>(c, k);
  if (*k == '[') return skip_array<O>(c, k);
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

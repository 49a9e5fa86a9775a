// The walk behind the dynamic readers (metajson::document, metajson::value): one iterative,
// validating pass over the index (read/cursor.hpp) that hands every value to a sink, which
// builds what it builds (the document's nodes, a value's tree). It checks what read/skip.hpp
// checks, in the same places and with the same words (nesting and depth, the places of ':' and
// ',', numbers while converting them, literals, string lengths; stage 1 checked the strings),
// so a document or a value accepts exactly what validate() accepts, and fails with the error
// from<metajson::value> gave before (path, line and column included).
//
// A sink has:
//   using mark = ...;                          what it keeps for an open container
//   mark begin_array(const char* src);         src: the '[' in the input
//   mark begin_object(const char* src);
//   void end_array(mark, std::size_t count);   after the last element (count of elements)
//   void end_object(mark, std::size_t count);  (count of members)
//   void null(const char* src);  void boolean(bool, const char* src);
//   void int64(std::int64_t, const char* src);  void uint64(std::uint64_t, const char* src);
//   void float64(double, const char* src);  void big_number(std::string_view text, const char* src);
//   void string(std::string_view text, string_form, const char* src);  (src: the opening quote)
//   void key(std::string_view text, string_form, const char* src);
// and may have
//   void indexed(const char* k, const char* limit);  the entries in the index from the walk's one
//                                              on (each gives a value at most), at the start and
//                                              after every refill
// Each may throw std::bad_alloc (the entry points catch it).
//
// No recursion: the open containers are a stack of frames (32 inline, the rest on the heap up to
// options::max_depth), so a document nested to the limit costs no stack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "dispatch.hpp"
#include "number.hpp"
#include "skip.hpp"
#include "string.hpp"

namespace metajson::detail {

// What a sink is handed for a string or key: its text between the quotes, and what that text is.
enum class string_form : std::uint8_t {
  plain,    // the raw text, which has no backslash: the string itself, and written back as it is
            // (stage 1 checked it holds no control byte and valid UTF-8; it holds no quote)
  escaped,  // the raw text, with escapes that stage 1 checked: decode_checked_into decodes it
  decoded,  // the string itself, decoded and checked by the general loop (utf8_policy::replace)
};

// Whether a number's digits (before any exponent) are all zero: a double of 0 read from other
// digits underflowed (1e-400), and the number is kept as its text.
inline bool zero_digits(std::string_view number) noexcept {
  for (char ch : number) {
    if (ch == 'e' || ch == 'E') break;
    if (ch >= '1' && ch <= '9') return false;
  }
  return true;
}

// The open containers of a walk.
template <class Mark>
struct walk_frame {
  Mark mark;
  std::size_t count;   // elements or members finished
  const char* key_at;  // objects: the opening quote of the current member's key (error paths)
  bool object;
};

template <class Mark>
class walk_stack {
 public:
  static constexpr std::size_t inline_frames = 32;
  walk_frame<Mark>* push() {
    if (METAJSON_UNLIKELY(size_ == cap_)) grow();
    return &data_[size_++];
  }
  // Returns the new innermost frame, nullptr when none is left.
  walk_frame<Mark>* pop() noexcept {
    --size_;
    return size_ != 0 ? &data_[size_ - 1] : nullptr;
  }
  walk_frame<Mark>& top() noexcept { return data_[size_ - 1]; }
  walk_frame<Mark>& operator[](std::size_t i) noexcept { return data_[i]; }
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }

 private:
  METAJSON_NOINLINE void grow() {
    auto bigger = std::make_unique_for_overwrite<walk_frame<Mark>[]>(cap_ * 2);
    std::memcpy(static_cast<void*>(bigger.get()), data_, size_ * sizeof(walk_frame<Mark>));
    heap_ = std::move(bigger);
    data_ = heap_.get();
    cap_ *= 2;
  }
  walk_frame<Mark> inline_[inline_frames];
  walk_frame<Mark>* data_ = inline_;
  std::size_t size_ = 0, cap_ = inline_frames;
  std::unique_ptr<walk_frame<Mark>[]> heap_;
};

// The path of the value where a walk failed: every open container but the innermost names the
// child being read; the innermost does when `in_child` (it failed inside an element or a
// member's value, not at a key or a separator of its own). As the recursive readers give it.
template <options O, class Mark>
METAJSON_NOINLINE std::nullptr_t walk_error_path(read_context& c, walk_stack<Mark>& stack, bool in_child) {
  for (std::size_t i = stack.size(); i-- > 0;) {
    if (i + 1 == stack.size() && !in_child) continue;
    const walk_frame<Mark>& f = stack[i];
    if (!f.object) {
      c.path.push_back(index_segment(f.count));
    } else {
      read_context sub;  // the key is valid JSON text: decoded by the general loop
      sub.begin = c.begin;
      sub.end = c.end;
      std::string key;
      if (read_string_into<O>(sub, f.key_at, key)) c.path.push_back(key_segment(key));
    }
  }
  return nullptr;
}

// A number out of the fast path: an integer of up to 15 digits in one step (read_short_integer),
// else the ladder of read_dynamic_number (dynamic/read.hpp): int64 when it fits, else uint64, else
// a double when one holds it, else its text.
template <options O, class Sink>
METAJSON_NOINLINE const char* walk_number_rest(read_context& c, const char* k, const char* p, Sink& s) {
  std::int64_t i = 0;
  if (const char* q = read_short_integer(c, p, i)) {
    s.int64(i, p);
    return scalar_end(c, k, q);
  }
  const number_span n = scan_number(c, p);
  if (!n.end) return nullptr;
  if (n.is_integer) {
    read_context sub;
    sub.begin = p;
    sub.end = n.end;
    if (read_integer(sub, p, i) == n.end) {
      s.int64(i, p);
      return scalar_end(c, k, n.end);
    }
    std::uint64_t u = 0;
    sub.clear_error();
    if (*p != '-' && read_integer(sub, p, u) == n.end) {
      s.uint64(u, p);
      return scalar_end(c, k, n.end);
    }
  } else {
    double d = 0;
    const char* q = read_float(c, p, d);
    if (q == n.end && (d != 0 || zero_digits(std::string_view(p, static_cast<std::size_t>(n.end - p))))) {
      s.float64(d, p);
      return scalar_end(c, k, q);
    }
    if (!q) {  // the grammar was checked: only the range can fail, and then the text is kept
      if (c.code != error_code::number_out_of_range) return nullptr;
      c.clear_error();
    }
  }
  s.big_number(std::string_view(p, static_cast<std::size_t>(n.end - p)), p);
  return scalar_end(c, k, n.end);
}

// A number at entry k. Inline, for the shapes most numbers have, when 24 bytes can be read after
// its sign: an integer of 1 to 7 digits (one 8-byte load), of 8 to 15 (read_short_integer's two
// loads), and a decimal "d.ddd" of 1 to 7 integer digits and at most 19 in all (read_decimal_fast's three loads, then one IEEE division
// (Clinger) below 15 digits, Eisel-Lemire above). Anything else (longer integers, exponents,
// errors) takes walk_number_rest, which gives the same values.
template <options O, class Sink>
METAJSON_ALWAYS_INLINE const char* walk_number(read_context& c, const char* k, Sink& s) {
  const char* const p = at(c, k);
  const bool neg = *p == '-';
  const char* const d = p + neg;
  if (METAJSON_LIKELY(c.end - d >= 24)) {
    const std::uint64_t w = load8(d);
    const std::uint64_t nd = non_digit_bits8(w);
    const int n = std::countr_zero(nd) >> 3;  // integer digits (8: eight or more)
    if (METAJSON_LIKELY(nd != 0 && n != 0) && (static_cast<char>(w) != '0' || n == 1)) {
      const char after = static_cast<char>(w >> (8 * n));
      if (after == '.') {
        std::uint64_t m;
        std::ptrdiff_t e10;
        if (const char* end = read_decimal_fast(d, m, e10)) {
          double v;
          if (m < 1000000000000000u && e10 >= -22) {
            v = static_cast<double>(m) / exact_powers_of_ten[-e10];
            if (neg) v = -v;
          } else if (m == 0 || !decimal_to_double(m, e10, neg, v)) {
            return walk_number_rest<O>(c, k, p, s);
          }
          s.float64(v, p);
          return scalar_end(c, k, end);
        }
      } else if ((after | 0x20) != 'e') {
        const auto m = static_cast<std::int64_t>(digits_below(w, n));
        s.int64(neg ? -m : m, p);
        return scalar_end(c, k, d + n);
      }
    } else if (nd == 0) {  // 8 digits or more: ids, timestamps (up to 15 digits in two loads)
      std::int64_t i;
      if (const char* q = read_short_integer(c, p, i)) {
        s.int64(i, p);
        return scalar_end(c, k, q);
      }
    }
  }
  return walk_number_rest<O>(c, k, p, s);
}

// The text of the string at entry k, as string_text (read/string.hpp) finds it, from its opening
// quote: the closing one is the last quote before the next entry (only whitespace follows it).
METAJSON_ALWAYS_INLINE std::string_view quoted_text(const read_context& c, const char* k, const char* src) noexcept {
  const char* q = at(c, k + 1);
  while (METAJSON_UNLIKELY(q[-1] != '"')) --q;
  return {src + 1, static_cast<std::size_t>(q - 2 - src)};
}

// The string at entry k to the sink, as a key or a value; src is its opening quote.
template <options O, bool Key, class Sink>
METAJSON_ALWAYS_INLINE bool walk_string(read_context& c, const char* k, const char* src, Sink& s, std::string& scratch) {
  if constexpr (text_from_index<O>) {
    if (METAJSON_LIKELY(k[1] != index::kind_error)) {
      const std::string_view text = quoted_text(c, k, src);
      if (METAJSON_UNLIKELY(!string_length_ok<O>(c, text.data(), text.data() + text.size()))) return false;
      const string_form form = text_has_backslash(c, text) ? string_form::escaped : string_form::plain;
      if constexpr (Key) s.key(text, form, src);
      else s.string(text, form, src);
      return true;
    }
  }
  if (!read_string_into<O, true>(c, src, scratch)) return false;
  if constexpr (Key) s.key(scratch, string_form::decoded, src);
  else s.string(scratch, string_form::decoded, src);
  return true;
}

// A sink that sizes what it writes by the entries indexed (see the top of this file).
template <class Sink>
concept sizes_by_index = requires(Sink& s, const char* k) { s.indexed(k, k); };

// ensure() (read/cursor.hpp) for the walk: after a refill, the sink hears how many entries are
// ahead of the walk.
template <class Sink>
METAJSON_ALWAYS_INLINE const char* walk_ensure(read_context& c, const char* k, Sink& s) {
  if (METAJSON_LIKELY(c.limit - k >= static_cast<std::ptrdiff_t>(index_window))) return k;
  k = refill(c, k);
  if constexpr (sizes_by_index<Sink>) {
    if (METAJSON_LIKELY(k != nullptr)) s.indexed(k, c.limit);
  }
  return k;
}

// Walks the value at entry k into the sink; returns the entry after it, or nullptr after
// c.fail() with the path of the failure in c.path.
template <options O, class Sink>
const char* walk_value(read_context& c, const char* k, Sink& s) {
  using mark = typename Sink::mark;
  walk_stack<mark> stack;
  walk_frame<mark>* f = nullptr;  // the innermost open container (nullptr: none)
  std::string scratch;
  bool in_child = true;  // on failure: the innermost container failed inside its current child
  const auto fail = [&]() -> const char* {
    if (stack.empty()) return nullptr;
    return walk_error_path<O>(c, stack, in_child);
  };
  if constexpr (sizes_by_index<Sink>) s.indexed(k, c.limit);

value:
  in_child = true;
  switch (*k) {
    case '{':
      if (METAJSON_UNLIKELY(!enter_at<O>(c, k))) return fail();
      f = stack.push();
      f->mark = s.begin_object(at(c, k));
      f->count = 0;
      f->object = true;
      k = walk_ensure(c, k + 1, s);
      if (METAJSON_UNLIKELY(!k)) return fail();
      if (*k == '}') goto close;
      goto member;
    case '[':
      if (METAJSON_UNLIKELY(!enter_at<O>(c, k))) return fail();
      f = stack.push();
      f->mark = s.begin_array(at(c, k));
      f->count = 0;
      f->object = false;
      k = walk_ensure(c, k + 1, s);
      if (METAJSON_UNLIKELY(!k)) return fail();
      if (*k == ']') goto close;
      goto value;
    case '"':
      if (METAJSON_UNLIKELY(!string_is_clean<O>(c, k))) return fail();
      if (METAJSON_UNLIKELY((!walk_string<O, false>(c, k, at(c, k), s, scratch)))) return fail();
      ++k;
      goto after;
    case 't':
      k = literal_at(c, k, "true", "a value");
      if (METAJSON_UNLIKELY(!k)) return fail();
      s.boolean(true, at(c, k - 1));
      goto after;
    case 'f':
      k = literal_at(c, k, "false", "a value");
      if (METAJSON_UNLIKELY(!k)) return fail();
      s.boolean(false, at(c, k - 1));
      goto after;
    case 'n':
      k = literal_at(c, k, "null", "a value");
      if (METAJSON_UNLIKELY(!k)) return fail();
      s.null(at(c, k - 1));
      goto after;
    default:
      if constexpr (O.allow_nonfinite) {
        if (METAJSON_UNLIKELY(nonfinite_kind(c, k))) {
          const char* const src = at(c, k);
          const nonfinite_read r = read_nonfinite_at(c, k, "a value");
          if (!r.next) return fail();
          s.float64(r.value, src);
          k = r.next;
          goto after;
        }
      }
      if (METAJSON_UNLIKELY(!number_kind(*k))) {
        expected_at(c, k, "a value");
        return fail();
      }
      k = walk_number<O>(c, k, s);
      if (METAJSON_UNLIKELY(!k)) return fail();
      goto after;
  }

member:  // at a member's key
  in_child = false;
  if (METAJSON_UNLIKELY(*k != '"')) {
    expected_at(c, k, "a string key");
    return fail();
  }
  if (METAJSON_UNLIKELY(k[1] != ':')) {
    expected_at(c, k + 1, "':'");
    return fail();
  }
  {
    const char* const src = at(c, k);
    if (METAJSON_UNLIKELY((!walk_string<O, true>(c, k, src, s, scratch)))) return fail();
    f->key_at = src;
  }
  k += 2;
  goto value;

after:  // after a value: the end of the document, or a separator of the container around it
  if (METAJSON_UNLIKELY(f == nullptr)) return k;
  in_child = false;
  ++f->count;
  if (METAJSON_LIKELY(*k == ',')) {
    k = walk_ensure(c, k + 1, s);
    if (METAJSON_UNLIKELY(!k)) return fail();
    if (f->object) goto member;
    goto value;
  }
  if (METAJSON_LIKELY(*k == (f->object ? '}' : ']'))) goto close;
  expected_at(c, k, f->object ? "',' or '}'" : "',' or ']'");
  return fail();

close:  // at the '}' or ']' of the innermost container
  --c.depth;
  if (f->object) s.end_object(f->mark, f->count);
  else s.end_array(f->mark, f->count);
  f = stack.pop();
  k = walk_ensure(c, k + 1, s);  // a container leaves the window full
  if (METAJSON_UNLIKELY(!k)) return fail();
  goto after;
}

}  // namespace metajson::detail

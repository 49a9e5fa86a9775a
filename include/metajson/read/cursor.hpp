// The second stage's view of the index: a cursor over the entries that stage 1 (index/)
// writes into a small buffer, refilled as the reader advances.
//
// Readers take `const char* k`, a pointer to the kind of the entry where their value starts
// (`*k` is '{', '[', '"', a digit, '-', 't', 'f', 'n', or anything else that stands outside a
// string), and return the entry after the value, or nullptr after c.fail(...). `at(c, k)` is
// where the entry is in the input. Nothing reads at or past the document's end: the input
// needs no padding.
//
// The buffer holds `index_capacity` entries on the reader's stack (no allocation for any
// document, but the dynamic readers' backslash record of one over 57 KB); each refill moves the
// entries still needed to its front and lets stage 1 index the next part of the document. Readers may look `index_window` entries ahead of any entry
// they were handed, and call ensure() at the start of every container and of every member or
// element: that keeps at least `index_window` entries ahead of the cursor, or the document's
// terminating entries (kind_end, or kind_error where stage 1 found an error).
//
// A reader that must come back to an entry (an untagged variant trying its alternatives, a
// tagged one looking for its tag first) pins it: entries from the oldest pin on are kept in
// the buffer (which then grows on the heap, for that document only).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "../index/kernels.hpp"
#include "input.hpp"

namespace metajson::detail {

// Entries in the stack buffer. METAJSON_INDEX_CAPACITY changes it (the tests build a variant
// with the smallest, fill_room + lookahead = 280, so that every document refills at every position).
#if defined(METAJSON_INDEX_CAPACITY)
inline constexpr std::size_t index_capacity = METAJSON_INDEX_CAPACITY;
#else
inline constexpr std::size_t index_capacity = 2048;
#endif
static_assert(index_capacity >= index::fill_room + index::lookahead, "the index buffer must hold what one fill writes and a window");
inline constexpr std::size_t index_window = index::lookahead;
inline constexpr std::size_t no_pin = ~std::size_t{0};
// Entries are 32-bit offsets from a base that moves with the buffer; the bytes one fill may
// cover from there are bounded accordingly.
inline constexpr std::size_t index_max_span = (std::size_t{1} << 32) - 256;

// The stack part of the index: kinds and offsets of index_capacity entries. Declare it
// `[[indeterminate]]`: stage 1 writes every entry before a reader reads it, and without the
// attribute GCC's C++26 mode clears the 10 KB on every call (erroneous behaviour), which was
// most of the cost of reading a small document (docs/performance.md).
// The backslash record (index::backslash_record) of a document of up to
// (backslash_record_bytes - 16) * 512 bytes lives here too; a larger document's is on the heap
// (read_context::heap_backslash): one bit per 64 bytes.
inline constexpr std::size_t backslash_record_bytes = 128;
struct index_buffer {
  alignas(64) char8_t kinds[index_capacity];
  alignas(64) std::uint32_t pos[index_capacity];
  unsigned char backslash_blocks[backslash_record_bytes];
};

// Where entry k is in the input.
METAJSON_ALWAYS_INLINE const char* at(const read_context& c, const char* k) noexcept {
  return c.base + c.pos[k - c.kinds];
}

// Entry k's number in the document, and back: the place of an entry that a refill may have
// moved (for an error reported after the reader has moved on; nullptr when it has left the
// buffer).
METAJSON_ALWAYS_INLINE std::size_t entry_number(const read_context& c, const char* k) noexcept {
  return c.first_entry + static_cast<std::size_t>(k - c.kinds);
}
inline const char* place_of_entry(const read_context& c, std::size_t number) noexcept {
  if (number < c.first_entry) return nullptr;
  return at(c, c.kinds + (number - c.first_entry));
}

// Refills the buffer (see the top of this file). Returns k's new address, or nullptr after
// c.fail() when a single stretch of the document longer than 4 GiB leaves no room to index it.
METAJSON_NOINLINE inline const char* refill(read_context& c, const char* k) {
  if (c.stage1.done) return k;
  const auto filled = static_cast<std::size_t>(c.limit - c.kinds);
  std::size_t from = static_cast<std::size_t>(k - c.kinds);
  if (c.pinned != no_pin) from = std::min(from, c.pinned - c.first_entry);
  const std::size_t kept = filled - from;
  const char* const new_base = kept != 0 ? c.base + c.pos[from] : c.stage1.next;
  const auto delta = static_cast<std::uint32_t>(new_base - c.base);
  char8_t* kinds = const_cast<char8_t*>(reinterpret_cast<const char8_t*>(c.kinds));
  std::uint32_t* pos = const_cast<std::uint32_t*>(c.pos);
  if (kept + index::fill_room > c.capacity) {  // pinned entries fill the buffer: grow it
    const std::size_t cap = std::max(2 * c.capacity, kept + index_capacity);
    auto more_kinds = std::make_unique_for_overwrite<char8_t[]>(cap);
    auto more_pos = std::make_unique_for_overwrite<std::uint32_t[]>(cap);
    std::memcpy(more_kinds.get(), kinds + from, kept);
    for (std::size_t i = 0; i < kept; ++i) more_pos[i] = pos[from + i] - delta;
    c.heap_kinds = std::move(more_kinds);
    c.heap_pos = std::move(more_pos);
    kinds = c.heap_kinds.get();
    pos = c.heap_pos.get();
    c.capacity = cap;
  } else if (from != 0) {
    std::memmove(kinds, kinds + from, kept);
    for (std::size_t i = 0; i < kept; ++i) pos[i] = pos[from + i] - delta;
  }
  const char* const old_kinds = c.kinds;
  c.kinds = reinterpret_cast<const char*>(kinds);
  c.pos = pos;
  c.first_entry += from;
  c.base = new_base;
  c.stage1.base = new_base;
  const std::size_t n = c.fill(c.stage1, pos + kept, kinds + kept, c.capacity - kept);
  c.limit = c.kinds + kept + n;
  if (n == 0 && !c.stage1.done)
    return c.fail(error_code::document_too_large, new_base, "a single value or run of whitespace spans more than 4 GiB");
  return c.kinds + ((k - old_kinds) - static_cast<std::ptrdiff_t>(from));
}

// At least index_window entries readable from k (or the terminating ones). nullptr on error.
METAJSON_ALWAYS_INLINE const char* ensure(read_context& c, const char* k) {
  if (METAJSON_LIKELY(c.limit - k >= static_cast<std::ptrdiff_t>(index_window))) return k;
  return refill(c, k);
}

// Keeps entry k (and every later one) in the buffer while it lives, so that the reader can
// come back to it: entry(c) is k's address at any time.
class index_pin {
 public:
  index_pin(read_context& c, const char* k) noexcept
      : c_(c), saved_(c.pinned), entry_(c.first_entry + static_cast<std::size_t>(k - c.kinds)) {
    c.pinned = std::min(saved_, entry_);
  }
  ~index_pin() { c_.pinned = saved_; }
  index_pin(const index_pin&) = delete;
  index_pin& operator=(const index_pin&) = delete;
  const char* entry() const noexcept { return c_.kinds + (entry_ - c_.first_entry); }

 private:
  read_context& c_;
  std::size_t saved_;
  std::size_t entry_;
};

// Starts reading the document [c.begin, c.end) with the buffer b: chooses stage 1's kernel,
// indexes the first chunk and returns the first entry (nullptr on error). With Backslashes,
// stage 1 also records the blocks that hold a backslash (index::backslash_record: what the
// dynamic readers ask of every string; the typed readers look at the few strings they keep).
template <bool CheckUtf8, bool Backslashes = false>
inline const char* start_index(read_context& c, index_buffer& b) {
  c.kinds = reinterpret_cast<const char*>(b.kinds);
  c.pos = b.pos;
  c.capacity = index_capacity;
  c.base = c.begin;
  c.first_entry = 0;
  c.pinned = no_pin;
  c.stage1 = index::stage1_state{};
  c.stage1.begin = c.begin;
  c.stage1.end = c.end;
  c.stage1.next = c.begin;
  c.stage1.base = c.begin;
  c.fill = index::selected_fill<CheckUtf8, Backslashes>();
  c.limit = c.kinds;
  if constexpr (Backslashes) {
    // A bit for every block of the document (the last one padded: finish_document, at most
    // size / 64 + 1) and at least 8 zero bytes after them (text_has_backslash loads 8 bytes from
    // any block's), zeroed.
    const std::size_t bytes = (static_cast<std::size_t>(c.end - c.begin) >> 9) + 16;
    unsigned char* record = b.backslash_blocks;
    if (METAJSON_UNLIKELY(bytes > backslash_record_bytes)) {
      if (c.heap_backslash_bytes < bytes) {
        c.heap_backslash = std::make_unique_for_overwrite<unsigned char[]>(bytes);
        c.heap_backslash_bytes = bytes;
      }
      record = c.heap_backslash.get();
    }
    std::memset(record, 0, bytes);
    c.backslashes = index::backslash_record{c.begin, record};
    c.stage1.backslashes = &c.backslashes;
  } else {
    c.backslashes = index::backslash_record{c.begin, nullptr};  // none: text_has_backslash looks at the text
  }
  return refill(c, c.kinds);
}

// What a reader says when entry k is not what it expected: the end of the document, an error
// stage 1 found (whose wording the per-token checker gives: read/check.hpp), or the byte there.
METAJSON_NOINLINE inline std::nullptr_t expected_at(read_context& c, const char* k, std::string_view what) {
  if (*k == index::kind_end) return c.fail(error_code::unexpected_end, c.end, "expected " + std::string(what));
  if (*k == index::kind_error) return c.fail_checked(at(c, k));
  const bool first = c.code == error_code::ok;
  expected(c, at(c, k), what);
  if (first && (*k == ']' || *k == '}') && k > c.kinds && k[-1] == ',') c.detail += trailing_comma_hint;
  return nullptr;
}

// A syntax error at p whose wording the per-token checker gives (it finds the same first error
// in the document): numbers, literals, stray bytes, stage 1's findings.
METAJSON_NOINLINE inline std::nullptr_t syntax_error_at(read_context& c, const char* p) { return c.fail_checked(p); }

}  // namespace metajson::detail

// The reader's first stage: one pass over the document, 64 bytes at a time, that validates the
// strings and writes the structural index the second stage (the typed reader, read/) walks.
//
// Checked here, on bitmasks: UTF-8 (the whole document), control bytes (outside whitespace), escape
// validity (`\` followed by one of "\/bfnrtu; `\u` by four hex digits, surrogates paired),
// strings closed. Checked by the second stage, once per structural, whether it reads the value
// or skips it: numbers' grammar (by the conversion, which reads their digits once), literals'
// spelling (one 4-byte compare), what may start a value, nesting with the places of ':' and
// ',', and string length (from the distance to the next entry). (Numbers and literals were checked on bitmasks here
// at first; that cost more than the whole rest of the pass: docs/performance.md.)
//
// The index: for each structural, its byte offset (relative to a base the reader chooses) and
// its first byte, its "kind": one of {}[]:, for operators, '"' for a string (the opening
// quote), and the first byte of anything else outside strings that is not whitespace (a
// number, a literal, or a stray byte the second stage rejects). Closing quotes are not
// indexed: a string ends before the next structural, whitespace aside.
//
// The index is produced in chunks into a small buffer that the reader refills as it goes
// (read/cursor.hpp), so its memory does not grow with the document. After the last entry of
// the document come `lookahead` entries of kind `kind_end`; when an error is found, the
// entries stop before the 64-byte block that holds it and `lookahead` entries of kind
// `kind_error` follow. The reader then asks the per-token validator (read/check.hpp) for the
// exact message, so every error has one wording whichever stage sees it first.
//
// The pass is written once (stage1.inc) over a small block interface (kernels block_swar.inc,
// block_sse2.inc, block_avx2.inc, block_avx512.inc, block_neon.inc) and compiled
// once per instruction set; the kernel is chosen at run time (kernels.hpp).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "../detail/ablation.hpp"
#include "../detail/bytes.hpp"
#include "../detail/macros.hpp"
#include "../text/hex.hpp"
#include "../text/utf8.hpp"

#if (defined(__x86_64__) || defined(_M_X64)) && defined(__GNUC__) && !defined(METAJSON_SIMD_OFF)
#define METAJSON_INDEX_X86 1
#include "../simd/x86.hpp"
#endif
#if defined(__aarch64__) && defined(__ARM_NEON) && defined(__GNUC__) && !defined(METAJSON_SIMD_OFF)
#define METAJSON_INDEX_NEON 1
#include <arm_neon.h>
#endif

namespace metajson::detail::index {

inline constexpr char kind_end = '\0';    // the document ended before this entry
inline constexpr char kind_error = '\1';  // stage 1 found an error in the block at this entry
inline constexpr std::size_t lookahead = 8;  // entries of kind_end (or kind_error) at the end
// A block writes at most 64 entries (the scalar entry loop up to 7 more slots past the last one,
// the compressing writers 64 kinds and offsets whatever the count). The fast path writes a
// block's entries two blocks late (stage1.inc), so one step may write three blocks' worth; the
// end of the document (its last small_document bytes at most: all of a small document, in one
// call) writes up to four blocks' and the terminating entries: fill_room.
inline constexpr std::size_t small_document = 256;
inline constexpr std::size_t fill_room = small_document + 2 * lookahead;

// The backslash record of a document: bit b % 8 of byte b / 8 is set when the document's block
// b (its bytes [64 b, 64 b + 64) from its first byte) holds a backslash, so that the readers
// need not look for one in a string that no such block touches (read/string.hpp,
// text_has_backslash). Bytes, so that it reads the same on every byte order. `blocks` holds a bit
// for every block of the document and 8 zero bytes after them, all zero before the pass. Apart
// from the pass's state, which points to it: written only on the rare path of a block with a
// backslash, it takes no register in the pass's loop.
struct backslash_record {
  const char* begin = nullptr;  // the document's first byte
  unsigned char* blocks = nullptr;
};

// What the pass carries from one block to the next (and from one chunk to the next).
struct stage1_state {
  const char* begin = nullptr;  // the document
  const char* end = nullptr;
  const char* next = nullptr;   // first byte not indexed yet
  const char* base = nullptr;   // entries are written as offsets from here (set by the reader)
  const char* paired_u = nullptr;     // the 'u' of a low surrogate already checked with its pair
  const char* utf8_checked = nullptr; // portable kernels: bytes before this are valid UTF-8
  std::uint64_t in_string = 0;    // ~0 when the previous block ended inside a string
  std::uint64_t escaped = 0;      // 1 when the first byte of the next block is escaped
  std::uint64_t prev_scalar = 0;  // 1 when the previous block ended inside a number or literal
  backslash_record* backslashes = nullptr;  // where blocks with a backslash are recorded (nullptr: nowhere)
  bool done = false;    // the terminating entries are written
  bool failed = false;  // ... and they are kind_error
};

// Fills pos/kinds with up to `room` entries (room >= fill_room); returns how many it wrote,
// terminating entries included once the document is done.
// Entries' kinds are written as char8_t, a type that (unlike char) cannot alias the state, so
// the pass keeps its state in registers; readers read them as char.
using fill_fn = std::size_t (*)(stage1_state& st, std::uint32_t* pos, char8_t* kinds, std::size_t room);

// --- helpers shared by every kernel (no SIMD) ---------------------------------------------------

// u is the 'u' of an escape in a document that ends at end: four hex digits must follow; a
// high surrogate must be followed by an escaped low one, and a low one must not stand alone.
// paired_u is the 'u' of the low surrogate last checked with its high one (let through).
// Returns the new paired_u, or nullptr when the escape is invalid.
struct u_escape_check {
  bool ok;
  const char* paired_u;
};
inline u_escape_check valid_u_escape(const char* u, const char* end, const char* paired_u) noexcept {
  if (u == paired_u) return {true, paired_u};
  if (end - u < 5) return {false, paired_u};
  const int v = hex4_value(u + 1);
  if (v < 0 || (v >= 0xDC00 && v <= 0xDFFF)) return {false, paired_u};
  if (v >= 0xD800 && v <= 0xDBFF) {
    if (end - u < 11 || u[5] != '\\' || u[6] != 'u') return {false, paired_u};
    const int lo = hex4_value(u + 7);
    if (lo < 0xDC00 || lo > 0xDFFF) return {false, paired_u};
    return {true, u + 6};
  }
  return {true, paired_u};
}

// Whether ch may continue a number or literal (anything but whitespace, an operator or a
// quote): one table load.
inline constexpr auto scalar_bytes = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c) t[static_cast<std::size_t>(c)] = true;
  for (unsigned char c : {' ', '\t', '\n', '\r', '{', '}', '[', ']', ':', ',', '"'}) t[c] = false;
  return t;
}();
METAJSON_ALWAYS_INLINE bool is_scalar_byte(char ch) noexcept { return scalar_bytes[static_cast<unsigned char>(ch)]; }

// The UTF-8 check of the kernels without a vector lookup (portable, SSE2): sequence by
// sequence, from the first byte >= 0x80 of the block at p (or from `checked`, where the last
// sequence ended when it crossed into this block). `non_ascii` has bit i set for p[i] >= 0x80;
// bytes past the document's end are never read. Returns the new `checked`, or nullptr when
// the block holds invalid UTF-8.
inline const char* portable_utf8_step(std::uint64_t non_ascii, const char* p, const char* end, const char* checked) noexcept {
  const auto* q = reinterpret_cast<const unsigned char*>(p);
  const auto* e = reinterpret_cast<const unsigned char*>(end);
  std::size_t i = 0;
  if (checked > p) {
    i = static_cast<std::size_t>(checked - p);
    if (i >= 64) return checked;
    non_ascii &= ~std::uint64_t{0} << i;
  }
  while (non_ascii != 0) {
    i = static_cast<std::size_t>(std::countr_zero(non_ascii));
    const utf8_step s = utf8_check_sequence(q + i, e);
    if (s.length == 0) return nullptr;
    i += static_cast<std::size_t>(s.length);
    if (i >= 64) return p + i;
    non_ascii &= ~std::uint64_t{0} << i;
  }
  return checked > p ? checked : p;
}

// The UTF-8 check of those kernels (kernel::utf8), written once: Kernel::non_ascii(block) gives
// the mask portable_utf8_step starts from.
template <class Kernel>
struct portable_utf8 {
  explicit portable_utf8(const stage1_state&) noexcept {}
  bool step(const typename Kernel::block& b, const char* p, stage1_state& st) noexcept {
    const std::uint64_t na = Kernel::non_ascii(b);
    if (na == 0) return true;
    const char* c = portable_utf8_step(na, p, st.end, st.utf8_checked);
    if (c == nullptr) return false;
    st.utf8_checked = c;
    return true;
  }
};

// Bit i: the xor of bits 0..i of x (inside a string or not), by shifts: the kernels without a
// carry-less multiply (portable, SSE2, NEON).
METAJSON_ALWAYS_INLINE constexpr std::uint64_t prefix_xor_by_shifts(std::uint64_t x) noexcept {
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  x ^= x << 16;
  x ^= x << 32;
  return x;
}

// Where the UTF-8 error of the block at p is, as a bit (the block's first byte when it lies in a
// sequence that started before): the error path of the kernels whose check says only "somewhere
// in this block". The document before p is valid but for a sequence its last 1-3 bytes may have
// begun: the scan starts at that sequence's first byte (a lead byte among the 3 before p, with
// only continuation bytes after it), so an unfinished sequence is found whatever follows it.
inline std::uint64_t utf8_error_bit(const char* p, const char* begin, const char* end) noexcept {
  const char* s = p;
  for (int i = 1; i <= 3 && p - i >= begin; ++i) {
    const auto ch = static_cast<unsigned char>(p[-i]);
    if (ch < 0x80) break;  // ASCII: the sequences before p are finished
    if (ch >= 0xC0) {      // a lead byte: its sequence may run into the block
      s = p - i;
      break;
    }
  }
  const char* stop = end - p > 67 ? p + 67 : end;
  const std::size_t bad = utf8_first_invalid(s, static_cast<std::size_t>(stop - s));
  const char* q = s + bad;
  if (q <= p) return 1;
  return std::uint64_t{1} << (q - p >= 64 ? 63 : q - p);
}

}  // namespace metajson::detail::index

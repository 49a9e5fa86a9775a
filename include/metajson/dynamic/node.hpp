// The layout of metajson::document (document.hpp): every value and every key of the JSON text is
// one 16-byte node, in document order, in one array; a member is its key's node followed by its
// value's nodes. A container's node holds the count of nodes of its subtree, so the value after
// it is one addition away and a subtree is skipped in O(1); strings point into the document's
// copy of the text (no escapes) or into its arena (decoded).
//
//   tag (64 bits)                               payload (64 bits)
//   kind:4 flags:4 | a:56                       b
//   null, boolean   a = source offset           0, or 0/1
//   int64, uint64   a = source offset           the integer's bits
//   float64         a = source offset           the double's bits
//   big_number      a = length of its text      offset of its text in the text (= source offset)
//   string (key)    a = length in bytes         data offset:32 | source offset:32 (flag_arena:
//                                               data in the arena, else in the text)
//   array, object   a = elements / members      nodes of the subtree, this one included:32 |
//                                               source offset:32
//
// flag_plain: the string's raw text has no escape, no control byte, valid UTF-8 (stage 1 checked
// it), so it is written back as it is. The source offset is the value's first byte in the text:
// node::get<T>() reads a T from there with the typed reader, and errors give its line and column.
// So a document holds at most 2^32 - 1 bytes of text (and so at most that many nodes).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "../detail/macros.hpp"
#include "value.hpp"

namespace metajson::detail::dom {

struct raw {
  std::uint64_t tag;
  std::uint64_t payload;
};
static_assert(sizeof(raw) == 16);

inline constexpr std::uint64_t kind_mask = 0xF;
inline constexpr std::uint64_t flag_plain = 0x10;  // a string written back without escaping
inline constexpr std::uint64_t flag_arena = 0x20;  // a string whose bytes are in the arena
inline constexpr std::size_t max_text = (std::size_t{1} << 32) - 1;

constexpr std::uint64_t code(metajson::kind k) noexcept { return static_cast<std::uint64_t>(k); }

// What every node of a document can reach: the nodes' array starts with this header (two nodes'
// room), so a node view is two pointers whatever the document does with its buffers later.
struct header {
  const char* text;   // the document's copy of the JSON text
  const char* arena;  // decoded strings
  std::size_t text_size;
  std::size_t count;  // nodes after the header
};
inline constexpr std::size_t header_nodes = 2;
static_assert(sizeof(header) <= header_nodes * sizeof(raw));

METAJSON_ALWAYS_INLINE metajson::kind kind_of(const raw& n) noexcept { return static_cast<metajson::kind>(n.tag & kind_mask); }
METAJSON_ALWAYS_INLINE bool is_container(const raw& n) noexcept { return (n.tag & kind_mask) >= code(metajson::kind::array); }
METAJSON_ALWAYS_INLINE std::uint64_t count_of(const raw& n) noexcept { return n.tag >> 8; }
METAJSON_ALWAYS_INLINE std::uint32_t span_of(const raw& n) noexcept { return static_cast<std::uint32_t>(n.payload); }
// The node after n's subtree.
METAJSON_ALWAYS_INLINE const raw* after(const raw* n) noexcept { return n + (is_container(*n) ? span_of(*n) : 1); }

// Where the value of node n starts in the text.
inline std::size_t source_of(const raw& n) noexcept {
  switch (kind_of(n)) {
    case metajson::kind::big_number: return static_cast<std::size_t>(n.payload);
    case metajson::kind::string:
    case metajson::kind::array:
    case metajson::kind::object: return static_cast<std::size_t>(n.payload >> 32);
    default: return static_cast<std::size_t>(n.tag >> 8);
  }
}

METAJSON_ALWAYS_INLINE std::string_view string_of(const header& h, const raw& n) noexcept {
  const char* base = (n.tag & flag_arena) ? h.arena : h.text;
  return {base + static_cast<std::uint32_t>(n.payload), static_cast<std::size_t>(n.tag >> 8)};
}
METAJSON_ALWAYS_INLINE std::string_view big_number_of(const header& h, const raw& n) noexcept {
  return {h.text + n.payload, static_cast<std::size_t>(n.tag >> 8)};
}

}  // namespace metajson::detail::dom

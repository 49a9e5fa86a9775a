// A document of exactly 1 GiB (the default max_document_size) is read, and one byte more is
// refused before a byte of it is touched. Reading needs the input plus what the result owns:
// the peak resident size is checked against a small multiple of the input, and the reader's
// index, whose buffer is on the stack, against nothing at all. Label `slow`.
#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include "counting_new.hpp"  // every operator new of this program, counted (support/counting_new.cpp)

#include <sys/mman.h>
#include <sys/resource.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

constexpr std::size_t gib = std::size_t{1} << 30;

std::size_t peak_rss_bytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<std::size_t>(u.ru_maxrss) * 1024;  // Linux: kilobytes
}

// ["xxx...","xxx...",...] of exactly `size` bytes: strings of 1 MiB, the last one shorter.
std::string big_document(std::size_t size) {
  constexpr std::size_t piece = std::size_t{1} << 20;
  std::string doc;
  doc.reserve(size);
  doc += '[';
  while (size - doc.size() - 1 > piece + 3) {  // room for "<piece>", plus the final ]
    if (doc.size() > 1) doc += ',';
    doc += '"';
    doc.append(piece, 'x');
    doc += '"';
  }
  const std::size_t rest = size - doc.size() - 1 - 3;  // , " " around the last string
  doc += ",\"";
  doc.append(rest, 'y');
  doc += "\"]";
  return doc;
}

TEST(LargeDocument, OneGibibyteIsReadInASmallMultipleOfItsSize) {
  const std::size_t before = peak_rss_bytes();
  std::vector<std::string> out;
  {
    const std::string doc = big_document(gib);
    ASSERT_EQ(doc.size(), gib);
    EXPECT_FALSE(metajson::validate(doc));
    const auto e = metajson::from_json(doc, out);
    ASSERT_FALSE(e) << e.message();
  }
  EXPECT_EQ(out.size(), 1024u);
  std::size_t total = 0;
  for (const auto& s : out) total += s.size();
  EXPECT_GT(total, gib - 4096);
  const std::size_t peak = peak_rss_bytes();
  const double ratio = static_cast<double>(peak) / static_cast<double>(gib);
  std::printf("peak resident size %.2f GiB for a 1 GiB document (%.2f GiB before)\n", ratio,
              static_cast<double>(before) / static_cast<double>(gib));
#if !defined(__SANITIZE_ADDRESS__)
  // The input (1 GiB) plus the strings read (1 GiB), plus the test's own few MiB.
  EXPECT_LT(ratio, 2.2);
#endif
}

// The index needs no memory of its own whatever the document: 1 GiB of "[0,0,...,0]", a
// structural at every byte (2^30 entries, which a whole-document index would hold in 4-5 GiB),
// is validated without one heap allocation and without the resident size growing.
TEST(LargeDocument, TheIndexNeedsNoMemoryOfItsOwn) {
  std::string doc;
  doc.reserve(gib);
  doc += '[';
  while (doc.size() + 4 <= gib) doc += "0,";
  doc += '0';
  doc.append(gib - doc.size() - 1, ' ');
  doc += ']';
  ASSERT_EQ(doc.size(), gib);
  const std::size_t rss = peak_rss_bytes();
  const std::size_t before = test_support::allocation_count();
  EXPECT_FALSE(metajson::validate(doc));
  EXPECT_EQ(test_support::allocation_count() - before, 0u) << "validate allocated";
  const std::size_t grown = peak_rss_bytes() - rss;
  std::printf("validating 1 GiB of [0,0,...]: %zu allocations, peak resident size grew by %.1f MiB\n",
              test_support::allocation_count() - before, static_cast<double>(grown) / (1 << 20));
  EXPECT_LT(grown, std::size_t{16} << 20);
}

TEST(LargeDocument, OneByteMoreIsRefusedWithoutReadingIt) {
  // 1 GiB + 1 byte of address space that is never touched: the size check comes first.
  const std::size_t size = gib + 1;
  void* mem = mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  ASSERT_NE(mem, MAP_FAILED);
  const std::string_view doc(static_cast<const char*>(mem), size);
  const std::size_t before = peak_rss_bytes();
  EXPECT_EQ(metajson::validate(doc).code(), metajson::error_code::document_too_large);
  std::vector<std::string> out;
  const auto e = metajson::from_json(doc, out);
  EXPECT_EQ(e.code(), metajson::error_code::document_too_large);
  EXPECT_EQ(e.message(),
            "document larger than max_document_size (1073741825 bytes, the limit is 1073741824) at $ (line 1, column 1)");
  EXPECT_EQ(metajson::try_from<metajson::value>(doc).error().code(), metajson::error_code::document_too_large);
  // Raising the limit reads it (it is all zero bytes: a syntax error at the first byte).
  constexpr metajson::options big{.max_document_size = std::size_t{2} << 30};
  EXPECT_EQ(metajson::validate<big>(doc).code(), metajson::error_code::syntax_error);
  EXPECT_LT(peak_rss_bytes() - before, std::size_t{64} << 20);
  munmap(mem, size);
}

}  // namespace

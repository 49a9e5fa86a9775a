// skip_ws (the reader's inline whitespace skip: two byte tests, then runs of spaces eight bytes
// at a time, then the SIMD scan) against a byte loop, on runs shaped like indentation and on
// every byte that may follow them, at every distance from the end of the input.
#include <metajson/metajson.hpp>

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace {

const char* reference(const char* p, const char* end) {
  while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
  return p;
}

TEST(SkipWhitespace, AgainstByteLoop) {
  std::mt19937_64 rng(42);
  const char ws[] = {' ', ' ', ' ', ' ', '\n', '\r', '\t'};
  // Bytes that end a run: JSON tokens, and bytes close to whitespace that must not be skipped
  // ('!' and 0x1f..0x21 around the space, vertical tab and form feed between '\r' and '\n').
  const char stops[] = {'"', '{', '[', ']', '}', ',', ':', '1', '-', 't', '!', '\x00', '\x0b', '\x0c', '\x1f', '\x21', '\x7f', '\x80', '\xff'};
  for (int trial = 0; trial < 200000; ++trial) {
    std::string s;
    const int shape = static_cast<int>(rng() % 3);
    if (shape == 0) {  // newline + indentation
      s += '\n';
      s.append(rng() % 40, ' ');
    } else if (shape == 1) {  // any whitespace
      for (int k = static_cast<int>(rng() % 40); k > 0; --k) s += ws[rng() % sizeof ws];
    } else {  // spaces with one other whitespace byte somewhere
      s.append(rng() % 30, ' ');
      s.insert(s.begin() + static_cast<long>(rng() % (s.size() + 1)), ws[4 + rng() % 3]);
      s.append(rng() % 10, ' ');
    }
    const bool at_end = rng() % 4 == 0;
    if (!at_end) {
      s += stops[rng() % sizeof stops];
      s.append(rng() % 20, 'x');  // sometimes fewer than eight bytes after the run
    }
    const char* b = s.data();
    const char* e = b + s.size();
    ASSERT_EQ(metajson::detail::skip_ws(b, e) - b, reference(b, e) - b) << "trial " << trial;
  }
}

// Through the public API: a document whose indentation hides a byte that is not whitespace.
TEST(SkipWhitespace, InvalidBytesInIndentationAreErrors) {
  for (const char bad : {'\x0b', '\x0c', '\x00', '!', '\x1f'}) {
    for (int spaces = 0; spaces < 20; ++spaces) {
      std::string doc = "[1,\n" + std::string(spaces, ' ') + bad + std::string(17, ' ') + "2]";
      auto r = metajson::try_from<std::vector<int>>(doc);
      ASSERT_FALSE(r.has_value()) << "spaces " << spaces << " byte " << int(bad);
      EXPECT_EQ(r.error().offset(), 4u + static_cast<unsigned>(spaces)) << r.error().what();
    }
  }
}

}  // namespace

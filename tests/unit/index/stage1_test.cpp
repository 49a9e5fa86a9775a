// Stage 1 (include/metajson/index/): every kernel this CPU runs against a byte-by-byte reference
// indexer, on the datasets, on random documents and with buffers of every size from the
// smallest; and its string checks (UTF-8, control bytes, escapes, closing quotes, length)
// against the per-token checker, which every error it reports must also be an error for.
#include <metajson/metajson.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "data.hpp"

namespace {

using namespace metajson::detail::index;

struct indexed {
  std::vector<std::uint32_t> pos;
  std::string kinds;
  bool failed = false;
  std::uint32_t error_at = 0;  // where the kind_error entries point
};

// Runs a kernel over the document with a buffer of `room` entries, refilling from empty: its
// fast path (fill), or its exact path alone (what the fast path gives a chunk with an error).
indexed run(const kernel_entry& k, std::string_view doc, std::size_t room, bool exact = false) {
  stage1_state st;
  st.begin = doc.data();
  st.end = doc.data() + doc.size();
  st.next = st.begin;
  st.base = st.begin;
  std::vector<std::uint32_t> pos(room);
  std::vector<char8_t> kinds(room);
  indexed r;
  while (!st.done) {
    const std::size_t n = (exact ? k.exact_checked : k.checked)(st, pos.data(), kinds.data(), room);
    for (std::size_t i = 0; i < n; ++i) {
      r.pos.push_back(pos[i]);
      r.kinds.push_back(static_cast<char>(kinds[i]));
    }
  }
  r.failed = st.failed;
  // The terminating entries: exactly `lookahead` of them, all alike.
  EXPECT_GE(r.kinds.size(), lookahead);
  const char last = r.kinds.back();
  for (std::size_t i = 0; i < lookahead; ++i) {
    EXPECT_EQ(r.kinds.back(), last);
    r.error_at = r.pos.back();
    r.kinds.pop_back();
    r.pos.pop_back();
  }
  EXPECT_EQ(last, st.failed ? kind_error : kind_end);
  if (!st.failed) {
    EXPECT_EQ(r.error_at, doc.size());
  }
  return r;
}

// The reference: the structurals of a document found one byte at a time (valid JSON only: it
// does not model what stage 1 does with stray backslashes outside strings).
indexed reference(std::string_view d) {
  indexed r;
  bool in = false, esc = false, prev_scalar = false;
  for (std::size_t i = 0; i < d.size(); ++i) {
    const char c = d[i];
    if (in) {
      if (esc) esc = false;
      else if (c == '\\') esc = true;
      else if (c == '"') in = false;
      prev_scalar = false;
      continue;
    }
    if (c == '"') {
      in = true;
      r.pos.push_back(static_cast<std::uint32_t>(i));
      r.kinds.push_back(c);
      prev_scalar = false;
      continue;
    }
    const bool ws = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    const bool op = c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',';
    const bool scalar = !ws && !op;
    if (op || (scalar && !prev_scalar)) {
      r.pos.push_back(static_cast<std::uint32_t>(i));
      r.kinds.push_back(c);
    }
    prev_scalar = scalar;
  }
  return r;
}

bool checker_accepts(std::string_view d) {
  metajson::detail::read_context c;
  c.begin = d.data();
  c.end = d.data() + d.size();
  return metajson::detail::check_document<metajson::options{}>(c);
}

void expect_same_index(std::string_view doc, const char* what) {
  const indexed ref = reference(doc);
  for (const kernel_entry& k : available_kernels()) {
    for (std::size_t room : {std::size_t{4096}, fill_room, fill_room + 1, fill_room + 57}) {
      const indexed r = run(k, doc, room);
      ASSERT_FALSE(r.failed) << what << ": kernel " << k.name << ", room " << room;
      ASSERT_EQ(r.kinds, ref.kinds) << what << ": kernel " << k.name << ", room " << room;
      ASSERT_EQ(r.pos, ref.pos) << what << ": kernel " << k.name << ", room " << room;
      const indexed e = run(k, doc, room, true);
      ASSERT_FALSE(e.failed) << what << ": kernel " << k.name << " (exact), room " << room;
      ASSERT_EQ(e.kinds, ref.kinds) << what << ": kernel " << k.name << " (exact), room " << room;
      ASSERT_EQ(e.pos, ref.pos) << what << ": kernel " << k.name << " (exact), room " << room;
    }
  }
}

// The fast path and the exact path of a kernel on a document: the same entries, verdict and
// place of the error.
void expect_fast_is_exact(const kernel_entry& k, std::string_view doc, std::size_t room) {
  const indexed fast = run(k, doc, room), exact = run(k, doc, room, true);
  EXPECT_EQ(fast.failed, exact.failed) << k.name << ", room " << room << ": " << doc;
  EXPECT_EQ(fast.error_at, exact.error_at) << k.name << ", room " << room << ": " << doc;
  EXPECT_EQ(fast.kinds, exact.kinds) << k.name << ", room " << room << ": " << doc;
  EXPECT_EQ(fast.pos, exact.pos) << k.name << ", room " << room << ": " << doc;
}

TEST(Stage1, KernelsAreReported) {
  const auto kernels = available_kernels();
  ASSERT_FALSE(kernels.empty());
  // Which kernels this run holds to the reference, and which this build has but the CPU cannot
  // run (they are not tested here: say so, rather than pass quietly). `make test` prints it.
#if defined(METAJSON_NO_SIMD)
  const std::vector<std::string_view> built = {"portable"};
#elif defined(__x86_64__)
  const std::vector<std::string_view> built = {"avx512", "avx2", "sse2", "portable"};
#elif defined(__aarch64__)
  const std::vector<std::string_view> built = {"neon", "portable"};
#else
  const std::vector<std::string_view> built = {"portable"};
#endif
  std::string ran, lacking;
  for (std::string_view b : built) {
    bool runs = false;
    for (const kernel_entry& k : kernels) runs = runs || k.name == b;
    (runs ? ran : lacking) += (runs ? ran : lacking).empty() ? std::string(b) : ", " + std::string(b);
  }
  std::printf("stage 1 kernels tested: %s; not on this CPU: %s\n", ran.c_str(), lacking.empty() ? "none" : lacking.c_str());
  EXPECT_EQ(kernels.back().name, "portable");  // always there, always last
  EXPECT_EQ(metajson::active_simd_backend(), kernels.front().name);
  // The reader's choice (which compiles only the kernel it can pick) is the list's first.
  EXPECT_EQ(selected_fill<true>(), kernels.front().checked);
  EXPECT_EQ(selected_fill<false>(), kernels.front().unchecked);
#if defined(METAJSON_NO_SIMD)
  EXPECT_EQ(kernels.size(), 1u);
#elif defined(__aarch64__)
  ASSERT_EQ(kernels.size(), 2u);  // NEON is part of AArch64: it is always chosen there
  EXPECT_EQ(kernels.front().name, "neon");
#endif
}

// The backslash record (index::backslash_record, kept for the dynamic readers): every kernel's
// recording fast path and its exact path set exactly the bits of the blocks (64 bytes from the
// document's first byte) that hold a backslash, over buffers of every size from the smallest;
// the bytes past the last block stay zero. Against the bytes themselves.
std::vector<unsigned char> reference_record(std::string_view doc, std::size_t bytes) {
  std::vector<unsigned char> r(bytes, 0);
  for (std::size_t i = 0; i < doc.size(); ++i)
    if (doc[i] == '\\') r[i / 512] |= static_cast<unsigned char>(1u << ((i / 64) % 8));
  return r;
}
std::size_t record_bytes(std::string_view doc) { return doc.size() / 512 + 16; }  // as read/cursor.hpp sizes it
std::vector<unsigned char> run_record(fill_fn fill, std::string_view doc, std::size_t room) {
  std::vector<unsigned char> record(record_bytes(doc), 0);
  backslash_record rec{doc.data(), record.data()};
  stage1_state st;
  st.begin = doc.data();
  st.end = doc.data() + doc.size();
  st.next = st.begin;
  st.base = st.begin;
  st.backslashes = &rec;
  std::vector<std::uint32_t> pos(room);
  std::vector<char8_t> kinds(room);
  while (!st.done) fill(st, pos.data(), kinds.data(), room);
  EXPECT_FALSE(st.failed);
  return record;
}
void expect_record(std::string_view doc, const char* what) {
  const auto ref = reference_record(doc, record_bytes(doc));
  for (const kernel_entry& k : available_kernels()) {
    for (std::size_t room : {std::size_t{4096}, fill_room, fill_room + 1, fill_room + 57}) {
      ASSERT_EQ(run_record(k.recording, doc, room), ref) << what << ": kernel " << k.name << ", room " << room;
      ASSERT_EQ(run_record(k.exact_checked, doc, room), ref) << what << ": kernel " << k.name << " (exact), room " << room;
    }
  }
}

// The datasets' entries, and their backslash records.
TEST(Stage1, DatasetsMatchTheReference) {
  for (const char* name : {"twitter.json", "citm_catalog.json", "canada.json"}) {
    const auto doc = load_data(name);
    if (!doc) continue;  // load_data has already failed the test
    expect_same_index(*doc, name);
    expect_record(*doc, name);
  }
}

TEST(Stage1, SmallDocumentsAtEveryLength) {
  // Every length around the block size, so the last block is full, partial and empty.
  for (std::size_t n = 0; n < 200; ++n) {
    std::string doc = "[";
    while (doc.size() + 8 < n) doc += "\"ab\\\"\", ";
    doc += "1]";
    expect_same_index(doc, doc.c_str());
  }
}

// Random valid documents: the entries agree with the reference; random bytes: the kernels agree
// with each other, and a document they reject the checker rejects too.
TEST(Stage1, RandomDocuments) {
  std::mt19937_64 rng(7);
  const std::string pieces[] = {"{", "}", "[", "]", ":", ",", "\"", "\\", " ", "\n", "\t", "1", "-0.5e+3", "true", "null",
                                "\"k\"", "\"a\\\"b\"", "\"\\\\\"", "\"\\u00e9\"", "\"\\ud83d\\ude00\"", "\xc3\xa9", "\xe2\x82\xac",
                                "\xf0\x9f\x98\x80", "\xff", "\x01", "\xc3", "x"};
  const auto kernels = available_kernels();
  // A random valid value: every kind, strings with escapes and non-ASCII, whitespace anywhere.
  auto ws = [&] { return std::string(rng() % 3, " \n\t"[rng() % 3]); };
  std::function<std::string(int)> value = [&](int depth) -> std::string {
    switch (depth > 3 ? rng() % 5 : rng() % 7) {
      case 0: return "-12.5e+3";
      case 1: return rng() % 2 ? "true" : "null";
      case 2: return "\"a\\\"b\\u00e9\xc3\xa9\\\\\"";
      case 3: return std::to_string(rng() % 100000);
      case 4: return "\"" + std::string(rng() % 70, 'x') + "\"";
      case 5: {
        std::string a = "[" + ws();
        for (int i = 0, n = static_cast<int>(rng() % 4); i < n; ++i) a += (i ? "," : "") + ws() + value(depth + 1) + ws();
        return a + "]";
      }
      default: {
        std::string o = "{" + ws();
        for (int i = 0, n = static_cast<int>(rng() % 4); i < n; ++i)
          o += std::string(i ? "," : "") + ws() + "\"k" + std::to_string(i) + "\"" + ws() + ":" + ws() + value(depth + 1) + ws();
        return o + "}";
      }
    }
  };
  long valid = 0;
  for (int trial = 0; trial < 30000; ++trial) {
    std::string doc;
    if (trial % 2 == 0) {
      doc = ws() + value(0) + ws();
    } else {
      const int parts = static_cast<int>(rng() % 40);
      for (int i = 0; i < parts; ++i) doc += pieces[rng() % std::size(pieces)];
    }
    const bool ok = checker_accepts(doc);
    valid += ok;
    const indexed first = run(kernels[0], doc, fill_room + rng() % 64);
    if (first.failed) {
      EXPECT_FALSE(ok) << "stage 1 rejects a document the checker accepts: " << doc;
    }
    if (ok) {
      const indexed ref = reference(doc);
      EXPECT_EQ(first.kinds, ref.kinds) << doc;
      EXPECT_EQ(first.pos, ref.pos) << doc;
    }
    if (trial % 4 < 2) {
      for (const kernel_entry& k : kernels) expect_fast_is_exact(k, doc, fill_room + rng() % 64);
    }
    for (std::size_t i = 1; i < kernels.size(); ++i) {
      const indexed r = run(kernels[i], doc, fill_room + rng() % 64);
      EXPECT_EQ(r.failed, first.failed) << kernels[i].name << ": " << doc;
      if (!r.failed && !first.failed) {
        EXPECT_EQ(r.kinds, first.kinds) << kernels[i].name << ": " << doc;
        EXPECT_EQ(r.pos, first.pos) << kernels[i].name << ": " << doc;
      }
    }
  }
  EXPECT_GT(valid, 15000);  // half the trials are valid documents, whose entries are compared
}

// Each string error, at every offset around a block boundary, fails stage 1 in every kernel,
// with the error entries within the offending text or at the byte after it, and no entry
// after them. (A sequence cut short by the block's last byte was once reported at the end of
// the document, after the entries of what followed the string: found by fuzz_validate.)
TEST(Stage1, StringErrors) {
  const std::pair<const char*, const char*> cases[] = {
      {"\x01", "control byte"},        {"\x1f", "control byte"},          {"\t", "tab"},
      {"\\x", "unknown escape"},       {"\\u12g4", "bad \\u"},            {"\\u12", "short \\u"},
      {"\\ud800", "lone high"},        {"\\udc00", "lone low"},           {"\\ud800\\u0041", "high + non-low"},
      {"\xc3", "truncated 2-byte"},    {"\xe2\x82", "truncated 3-byte"},  {"\xc0\x80", "overlong"},
      {"\xed\xa0\x80", "surrogate"},   {"\xf4\x90\x80\x80", "too large"}, {"\xff", "invalid byte"},
      {"\x80", "lone continuation"},
  };
  for (const auto& [bad, what] : cases) {
    for (std::size_t pad = 50; pad < 140; ++pad) {
      // At the document's end, and followed by more blocks (a sequence cut short at a block's
      // last byte is noticed in the next block, which must not give its entries first).
      for (const std::string& tail : {std::string("\"]"), "\", " + std::string(150, ' ') + "1]"}) {
        const std::string doc = "[\"" + std::string(pad, 'a') + bad + tail;
        ASSERT_FALSE(checker_accepts(doc)) << what;
        const std::size_t bad_at = 2 + pad;
        for (const kernel_entry& k : available_kernels()) {
          const indexed r = run(k, doc, fill_room + pad % 7);
          ASSERT_TRUE(r.failed) << what << " at " << bad_at << ", kernel " << k.name;
          // Within the bad text or at the byte after it (where an unfinished sequence breaks).
          EXPECT_LE(r.error_at, bad_at + std::strlen(bad)) << what << " at " << bad_at << ", kernel " << k.name;
          for (std::uint32_t p : r.pos) EXPECT_LT(p, r.error_at) << what << ", kernel " << k.name;
          expect_fast_is_exact(k, doc, fill_room + pad % 7);
        }
      }
    }
  }
  // Unclosed strings, and a backslash escaping the closing quote.
  for (const std::string& doc : {std::string("[\"abc"), std::string("\"") + std::string(100, 'x'), std::string("[\"a\\\"]")}) {
    for (const kernel_entry& k : available_kernels()) EXPECT_TRUE(run(k, doc, 4096).failed) << doc << ", kernel " << k.name;
  }
}

// The four hex digits of a \u escape, each of the 256 byte values in each place: the value
// when all four are hex digits, else -1 (against a spelled-out oracle); and every kernel's
// verdict on the escape in a document (ASCII bytes; the others are refused as UTF-8 anyway)
// equal to the per-token checker's.
TEST(Stage1, HexDigitsOfUEscapes) {
  auto digit = [](int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (int place = 0; place < 4; ++place) {
    for (int c = 0; c < 256; ++c) {
      char h[4] = {'0', 'B', 'e', '9'};
      h[place] = static_cast<char>(c);
      int want = 0;
      for (char x : h) want = (want < 0 || digit(static_cast<unsigned char>(x)) < 0) ? -1 : want * 16 + digit(static_cast<unsigned char>(x));
      ASSERT_EQ(metajson::detail::hex4_value(h), want) << "byte " << c << " in place " << place;
      if (c < 0x20 || c >= 0x80) continue;
      // The escape's 'u' at every place from the 53rd byte of a block to the 5th of the next:
      // its digits on the block's masks, or (a 'u' in the block's last four bytes) one by one.
      for (std::size_t pad : {std::size_t{0}, std::size_t{1}, std::size_t{50}, std::size_t{54}, std::size_t{55}, std::size_t{56},
                              std::size_t{57}, std::size_t{58}, std::size_t{59}, std::size_t{60}, std::size_t{61}, std::size_t{62},
                              std::size_t{63}, std::size_t{64}, std::size_t{66}}) {
        const std::string doc = "[\"" + std::string(pad, 'a') + "\\u" + std::string(h, 4) + "\"]";
        const bool ok = checker_accepts(doc);
        ASSERT_EQ(ok, want >= 0 && (want < 0xD800 || want > 0xDFFF)) << doc;
        for (const kernel_entry& k : available_kernels()) {
          const indexed r = run(k, doc, 4096);
          EXPECT_EQ(!r.failed, ok) << doc << ", kernel " << k.name;
          if (r.failed) {
            EXPECT_EQ(r.error_at, pad + 3) << doc << ", kernel " << k.name;  // at the 'u'
          }
        }
      }
    }
  }
}

// Surrogates and the other escapes whose first digit is 'd' or 'D' (checked one by one), at
// every place around a block boundary and split by it, among escapes checked on the masks:
// every kernel's verdict equals the checker's, and a refused escape is reported at its 'u'.
TEST(Stage1, SurrogateEscapesAroundBlockBoundaries) {
  struct sample {
    const char* text;  // what follows the opening quote's padding
    long bad_u;        // offset in text of the 'u' reported, or -1 when valid
  };
  const sample samples[] = {
      {"\\ud83d\\ude00", -1},        {"\\uD83D\\uDE00", -1},       {"\\udbff\\udfff", -1},
      {"\\ud7ff\\u00e9", -1},        {"\\uD000\\ue000", -1},       {"\\u0041\\ud83d\\ude00\\u20ac", -1},
      {"\\ud83d", 1},                 {"\\ude00", 1},                {"\\ud83d\\u0041", 1},
      {"\\ud83d\\ud83d", 1},         {"\\u00e9\\ude00", 7},        {"\\ud83d\\ude00\\ude00", 13},
      {"\\u00e9\\u00g9", 7},         {"\\ud83d\\udeX0", 1},        {"\\u00e9\\\\u00e9\\udc00", 14},
  };
  for (const sample& s : samples) {
    for (std::size_t pad = 40; pad < 80; ++pad) {
      const std::string doc = "[\"" + std::string(pad, 'a') + s.text + "\"]";
      const bool ok = checker_accepts(doc);
      ASSERT_EQ(ok, s.bad_u < 0) << doc;
      for (const kernel_entry& k : available_kernels()) {
        for (std::size_t room : {std::size_t{4096}, fill_room}) {
          const indexed r = run(k, doc, room);
          EXPECT_EQ(!r.failed, ok) << doc << ", kernel " << k.name;
          if (r.failed) {
            EXPECT_EQ(r.error_at, 2 + pad + static_cast<std::size_t>(s.bad_u)) << doc << ", kernel " << k.name;
          }
        }
      }
    }
  }
}

}  // namespace

TEST(Stage1, BackslashRecordOfRandomStrings) {
  std::mt19937_64 rng(11);
  const std::string escapes[] = {"\\\"", "\\\\", "\\/", "\\n", "\\u00e9", "\\ud83d\\ude00", "\\t"};
  for (int trial = 0; trial < 300; ++trial) {
    // An array of strings, some with escapes, of lengths that cross blocks and the record's bytes;
    // up to about 100 KB (past what the reader's own buffer records).
    std::string doc = "[";
    const std::size_t target = trial % 10 == 0 ? 100000 : rng() % 9000;
    while (doc.size() < target) {
      if (doc.size() > 1) doc += rng() % 3 ? "," : " , ";
      doc += '"';
      const std::size_t n = rng() % 4 == 0 ? rng() % 5000 : rng() % 40;
      for (std::size_t i = 0; i < n; ++i) {
        if (rng() % 97 == 0) doc += escapes[rng() % std::size(escapes)];
        else doc += static_cast<char>('a' + rng() % 26);
      }
      doc += '"';
    }
    doc += "]";
    expect_record(doc, ("random document " + std::to_string(trial)).c_str());
  }
}

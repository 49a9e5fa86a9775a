// read_ndjson(text or stream, parallel_options): the serial reader's results, in its order,
// errors word for word (message, code, offset, line, column, path), for every thread count,
// batch size and read-ahead, on texts that hold every kind of line (good, bad, blank, "\r\n",
// too long, the last without '\n'), from streams that hand out a few bytes at a time and that
// fail; string_view members into the text; a range dropped before its end. to_ndjson(range,
// parallel_options): the serial writer's bytes and errors, into a string and a stream.
// ThreadSanitizer runs this test (make test-tsan).
#include <metajson/parallel.hpp>
#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <deque>
#include <expected>
#include <optional>
#include <random>
#include <span>
#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct Record {
  std::int64_t id = 0;
  std::string name;
  std::vector<int> tags;
  std::optional<double> score;
  bool operator==(const Record&) const = default;
};
struct Viewed {
  std::string_view name;
  int n = 0;
};

// A record whose move throws when it holds 13: the parallel reader moves each record into its
// batch's results on the worker, so a worker throws there (the serial reader moves nothing).
struct Touchy {
  int x = 0;
  Touchy() = default;
  Touchy(const Touchy&) = default;
  Touchy(Touchy&& o) : x(o.x) {
    if (x == 13) throw std::runtime_error("moved 13");
  }
  Touchy& operator=(const Touchy&) = default;
  Touchy& operator=(Touchy&&) = default;
};

// Each result as one line of text: the value's JSON, or every field of the error.
template <class Range>
std::vector<std::string> results(Range&& r) {
  std::vector<std::string> out;
  for (auto& e : r) {
    if (e) {
      out.push_back(metajson::to_json(*e));
    } else {
      const metajson::error& x = e.error();
      out.push_back("error " + std::to_string(static_cast<int>(x.code())) + " @" + std::to_string(x.offset()) + " " +
                    std::to_string(x.line()) + ":" + std::to_string(x.column()) + " " + x.path() + " | " + x.message());
    }
  }
  return out;
}

template <class T, metajson::options O = metajson::options{}>
void same_as_serial(std::string_view text) {
  const std::vector<std::string> expected = results(metajson::read_ndjson<T, O>(text));
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    for (std::size_t batch : {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{1000}, std::size_t{1} << 20}) {
      for (std::size_t ahead : {std::size_t{0}, std::size_t{1}, std::size_t{3}}) {
        const metajson::parallel_options p{.threads = threads, .batch_bytes = batch, .batches_ahead = ahead};
        ASSERT_EQ(results(metajson::read_ndjson<T, O>(text, p)), expected)
            << "threads " << threads << ", batch " << batch << ", ahead " << ahead << ", text of " << text.size() << " bytes";
      }
    }
  }
}

// Lines of every kind, drawn by a seeded generator (the same text on every machine).
std::string mixed_lines(std::uint32_t seed, std::size_t count) {
  std::mt19937 rng(seed);
  auto pick = [&](std::uint32_t n) { return static_cast<std::uint32_t>(rng() % n); };
  std::string text;
  for (std::size_t i = 0; i < count; ++i) {
    switch (pick(12)) {
      case 0: text += ""; break;                    // blank
      case 1: text += "  \t\r"; break;              // blank, with '\r'
      case 2: text += "{\"id\":\"x\"}"; break;      // a type error
      case 3: text += "{\"id\":1,"; break;          // a syntax error
      case 4: text += "[1,2]"; break;               // not an object
      case 5: text += "{\"id\":2} 3"; break;        // content after the value
      case 6: text += "\"\xff\""; break;            // invalid UTF-8
      default: {
        text += "{\"id\":" + std::to_string(pick(1000000)) + ",\"name\":\"n" + std::string(pick(40), 'a' + static_cast<char>(pick(26))) +
                "\",\"tags\":[";
        for (std::uint32_t t = pick(5); t != 0; --t) text += std::to_string(pick(100)) + (t > 1 ? "," : "");
        text += "]";
        if (pick(2) != 0) text += ",\"score\":" + std::to_string(pick(1000)) + ".5";
        text += "}";
      }
    }
    if (i + 1 < count || pick(2) != 0) text += pick(4) == 0 ? "\r\n" : "\n";
  }
  return text;
}

TEST(ReadNdjsonParallel, TheSerialReadersResultsForEveryKindOfLine) {
  same_as_serial<Record>(mixed_lines(1, 300));
  same_as_serial<Record>(mixed_lines(2, 57));
  same_as_serial<metajson::value>(mixed_lines(3, 200));
}

TEST(ReadNdjsonParallel, EdgesOfTheText) {
  same_as_serial<int>("");
  same_as_serial<int>("\n\n\n");
  same_as_serial<int>("7");
  same_as_serial<int>("1\n2\n3");        // the last line without '\n'
  same_as_serial<int>("1\r\n2\r\n3\r\n");
  same_as_serial<int>("x\n1\n2\n");     // an error in the first line
  same_as_serial<int>("1\n2\n{");       // and in the last
  same_as_serial<std::string>("\"a\"\n\"\xc3\x28\"\n\"b\"\n");
}

TEST(ReadNdjsonParallel, LongLinesAndTheLineLimit) {
  std::string text;
  for (int i = 0; i < 40; ++i) {
    text += "\"" + std::string(static_cast<std::size_t>(i * 37 % 300), 'z') + "\"\n";
  }
  same_as_serial<std::string>(text);
  same_as_serial<std::string, metajson::options{.max_document_size = 100}>(text);
}

TEST(ReadNdjsonParallel, ViewsPointIntoTheText) {
  std::string text;
  for (int i = 0; i < 500; ++i) text += "{\"name\":\"k" + std::to_string(i) + "\",\"n\":" + std::to_string(i) + "}\n";
  int i = 0;
  for (auto& r : metajson::read_ndjson<Viewed>(text, {.threads = 4, .batch_bytes = 100})) {
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->name, "k" + std::to_string(i));
    EXPECT_GE(r->name.data(), text.data());
    EXPECT_LT(r->name.data(), text.data() + text.size());
    EXPECT_EQ(r->n, i);
    ++i;
  }
  EXPECT_EQ(i, 500);
}

TEST(ReadNdjsonParallel, ARangeDroppedEarlyStopsItsThreads) {
  const std::string text = mixed_lines(4, 2000);
  for (int taken : {0, 1, 5, 100}) {
    auto range = metajson::read_ndjson<Record>(text, {.threads = 3, .batch_bytes = 64, .batches_ahead = 2});
    int n = 0;
    for (auto& r : range) {
      (void)r;
      if (++n >= taken) break;
    }
  }
  // Never iterated at all.
  { auto range = metajson::read_ndjson<Record>(text, {.threads = 2, .batch_bytes = 64}); }
  SUCCEED();
}

TEST(ReadNdjsonParallel, ARangeMovesWithItsThreads) {
  const std::string text = mixed_lines(5, 500);
  const std::vector<std::string> expected = results(metajson::read_ndjson<Record>(text));
  auto first = metajson::read_ndjson<Record>(text, {.threads = 2, .batch_bytes = 128});
  auto moved = std::move(first);
  EXPECT_EQ(results(moved), expected);
}

TEST(ReadNdjsonParallel, ARangeAssignedOverAnotherStopsTheOldThreads) {
  const std::string a = mixed_lines(9, 800), b = mixed_lines(10, 300);
  const std::vector<std::string> expected = results(metajson::read_ndjson<Record>(b));
  auto range = metajson::read_ndjson<Record>(a, {.threads = 3, .batch_bytes = 64});
  int n = 0;
  for (auto& r : range) {
    (void)r;
    if (++n == 10) break;
  }
  range = metajson::read_ndjson<Record>(b, {.threads = 2, .batch_bytes = 100});  // a's threads still reading
  EXPECT_EQ(results(range), expected);
  range = metajson::read_ndjson<Record>(b, {.threads = 2, .batch_bytes = 100});   // over one at its end
  EXPECT_EQ(results(range), expected);
}

TEST(ReadNdjsonParallel, AnyReadAhead) {
  const std::string text = mixed_lines(11, 300);
  const std::vector<std::string> expected = results(metajson::read_ndjson<Record>(text));
  for (std::size_t ahead : {std::size_t{1}, std::size_t{2}, std::size_t{1000}, ~std::size_t{0}, ~std::size_t{0} - 1})
    EXPECT_EQ(results(metajson::read_ndjson<Record>(text, {.threads = 2, .batch_bytes = 32, .batches_ahead = ahead})), expected)
        << "ahead " << ahead;
}

TEST(ReadNdjsonParallel, AWorkersExceptionComesAfterTheLinesBeforeIt) {
  std::string text;
  for (int i = 1; i <= 40; ++i) text += "{\"x\":" + std::to_string(i) + "}\n";
  for (std::size_t batch : {std::size_t{1}, std::size_t{20}, std::size_t{64}, std::size_t{1000}}) {
    std::vector<int> seen;
    bool thrown = false;
    try {
      for (auto& r : metajson::read_ndjson<Touchy>(text, {.threads = 3, .batch_bytes = batch})) {
        ASSERT_TRUE(r.has_value());
        seen.push_back(r->x);
      }
    } catch (const std::runtime_error& e) {
      thrown = std::string_view(e.what()) == "moved 13";
    }
    std::vector<int> before(12);
    for (int i = 0; i < 12; ++i) before[static_cast<std::size_t>(i)] = i + 1;
    if (batch >= 1000) {  // one batch: the serial reader, which moves nothing
      EXPECT_FALSE(thrown);
      EXPECT_EQ(seen.size(), 40u);
    } else {
      EXPECT_TRUE(thrown) << "batch " << batch;
      EXPECT_EQ(seen, before) << "batch " << batch;
    }
  }
}

TEST(FromNdjson, TheRecordsOrTheFirstErrorOfTheSerialReader) {
  for (std::uint32_t seed : {6u, 7u, 8u}) {
    const std::string text = mixed_lines(seed, 400);
    // What the serial reader gives: every record, or the first error.
    std::vector<std::string> records;
    std::optional<std::string> first_error;
    for (auto& r : metajson::read_ndjson<Record>(text)) {
      if (!r) {
        first_error = results(std::vector{std::expected<Record, metajson::error>(std::unexpect, r.error())})[0];
        break;
      }
      records.push_back(metajson::to_json(*r));
    }
    for (unsigned threads : {1u, 2u, 4u}) {
      for (std::size_t batch : {std::size_t{16}, std::size_t{500}, std::size_t{1} << 20}) {
        auto got = metajson::try_from_ndjson<Record>(text, {.threads = threads, .batch_bytes = batch});
        if (first_error) {
          ASSERT_FALSE(got.has_value());
          EXPECT_EQ(results(std::vector{std::expected<Record, metajson::error>(std::unexpect, got.error())})[0], *first_error);
        } else {
          ASSERT_TRUE(got.has_value()) << got.error().message();
          std::vector<std::string> json;
          for (const Record& r : *got) json.push_back(metajson::to_json(r));
          EXPECT_EQ(json, records);
        }
      }
    }
  }
}

TEST(FromNdjson, GoodLinesAndThrowingForm) {
  std::string text;
  for (int i = 0; i < 3000; ++i) text += "{\"id\":" + std::to_string(i) + ",\"name\":\"" + std::string(static_cast<std::size_t>(i % 50), 'q') + "\"}\n\n";
  const std::vector<Record> v = metajson::from_ndjson<Record>(text, {.threads = 3, .batch_bytes = 4096});
  ASSERT_EQ(v.size(), 3000u);
  for (int i = 0; i < 3000; ++i) {
    EXPECT_EQ(v[static_cast<std::size_t>(i)].id, i);
    EXPECT_EQ(v[static_cast<std::size_t>(i)].name.size(), static_cast<std::size_t>(i % 50));
  }
  EXPECT_EQ(metajson::from_ndjson<Record>(""), std::vector<Record>{});
  text += "{\"id\":true}\n";
  try {
    (void)metajson::from_ndjson<Record>(text, {.threads = 2, .batch_bytes = 100});
    FAIL() << "no error";
  } catch (const metajson::error& e) {
    EXPECT_EQ(e.line(), 6001u);
    EXPECT_EQ(e.path(), "$.id");
  }
}

// A stream of `text` handed out `chunk` bytes per underflow, whose buffer throws once `fail_at`
// bytes have been read (never when fail_at is npos).
class trickle_buf : public std::streambuf {
 public:
  trickle_buf(std::string_view text, std::size_t chunk, std::size_t fail_at = std::string_view::npos)
      : text_(text), chunk_(chunk), fail_at_(fail_at) {}

 protected:
  int_type underflow() override {
    if (pos_ >= fail_at_) throw std::runtime_error("the disk went away");
    if (pos_ >= text_.size()) return traits_type::eof();
    std::size_t n = std::min(chunk_, text_.size() - pos_);
    if (fail_at_ != std::string_view::npos) n = std::min(n, fail_at_ - pos_);
    char* p = const_cast<char*>(text_.data() + pos_);
    setg(p, p, p + n);
    pos_ += n;
    return traits_type::to_int_type(*p);
  }

 private:
  std::string_view text_;
  std::size_t chunk_, fail_at_, pos_ = 0;
};

template <class T, metajson::options O = metajson::options{}>
void stream_same_as_serial(std::string_view text, std::size_t fail_at = std::string_view::npos) {
  for (std::size_t chunk : {std::size_t{1}, std::size_t{5}, std::size_t{4096}}) {
    trickle_buf serial_buf(text, chunk, fail_at);
    std::istream serial_in(&serial_buf);
    const std::vector<std::string> expected = results(metajson::read_ndjson<T, O>(serial_in));
    for (unsigned threads : {2u, 3u}) {
      for (std::size_t batch : {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{1000}, std::size_t{1} << 20}) {
        for (std::size_t ahead : {std::size_t{0}, std::size_t{1}}) {
          if (chunk == 1 && batch > 64) continue;  // slow, and nothing more to see
          trickle_buf buf(text, chunk, fail_at);
          std::istream in(&buf);
          const metajson::parallel_options p{.threads = threads, .batch_bytes = batch, .batches_ahead = ahead};
          ASSERT_EQ(results(metajson::read_ndjson<T, O>(in, p)), expected)
              << "chunk " << chunk << ", threads " << threads << ", batch " << batch << ", ahead " << ahead << ", fail at "
              << fail_at << ", text of " << text.size() << " bytes";
        }
      }
    }
  }
}

TEST(ReadNdjsonParallelStream, TheSerialReadersResultsForEveryKindOfLine) {
  stream_same_as_serial<Record>(mixed_lines(21, 300));
  stream_same_as_serial<metajson::value>(mixed_lines(22, 120));
}

TEST(ReadNdjsonParallelStream, EdgesOfTheStream) {
  for (std::string_view text : {"", "\n\n\n", "7", "1\n2\n3", "1\r\n2\r\n3\r\n", "x\n1\n2\n", "1\n2\n{", "  \n\n5\n   "})
    stream_same_as_serial<int>(text);
}

TEST(ReadNdjsonParallelStream, LongLinesAndTheLineLimit) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "\"" + std::string(static_cast<std::size_t>(i * 37 % 300), 'z') + "\"\n";
  text += "\"" + std::string(250, 'y') + "\"";  // a long last line with no '\n'
  stream_same_as_serial<std::string>(text);
  stream_same_as_serial<std::string, metajson::options{.max_document_size = 100}>(text);
  stream_same_as_serial<std::string, metajson::options{.max_document_size = 100}>(std::string(1000, ' ') + "\n\"a\"\n");
}

// Lines from 0 bytes to 1 MB, with "\r\n" and an error after the long line, in one text: from a
// text and from streams, every batch size cuts somewhere else.
TEST(ReadNdjsonParallelStream, LinesFromNothingToOneMegabyte) {
  std::string text = "\n\"a\"\r\n\n\"" + std::string(std::size_t{1} << 20, 'm') + "\"\n\"b\"\r\n" + std::string(1000, ' ') + "\n7\n\"" +
                     std::string(70000, 'n') + "\"";
  same_as_serial<std::string>(text);
  stream_same_as_serial<std::string>(text);
  stream_same_as_serial<std::string, metajson::options{.max_document_size = 100000}>(text);
}

TEST(ReadNdjsonParallelStream, AStreamThatFailsIsTheLastResultAtItsPlace) {
  const std::string text = mixed_lines(23, 200);
  for (std::size_t at : {std::size_t{0}, std::size_t{1}, std::size_t{17}, text.size() / 2, text.size() - 1, text.size()})
    stream_same_as_serial<Record>(text, at);
  // In a line too long to keep.
  std::string longer = "1\n\"" + std::string(300, 'q') + "\"\n2\n";
  for (std::size_t at : {std::size_t{50}, std::size_t{200}, longer.size() - 3})
    stream_same_as_serial<std::string, metajson::options{.max_document_size = 100}>(longer, at);
}

TEST(FromNdjsonStream, TheRecordsOrTheFirstError) {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "{\"id\":" + std::to_string(i) + ",\"name\":\"" + std::string(static_cast<std::size_t>(i % 30), 'w') + "\"}\n";
  std::istringstream in(text);
  const std::vector<Record> v = metajson::from_ndjson<Record>(in, {.threads = 2, .batch_bytes = 512});
  ASSERT_EQ(v.size(), 2000u);
  for (int i = 0; i < 2000; ++i) EXPECT_EQ(v[static_cast<std::size_t>(i)].id, i);
  text += "{\"id\":\"no\"}\n{\"id\":1}\n";
  std::istringstream bad(text);
  auto r = metajson::try_from_ndjson<Record>(bad, {.threads = 3, .batch_bytes = 100});
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().line(), 2001u);
  EXPECT_EQ(r.error().path(), "$.id");
}

// --- writing ------------------------------------------------------------------------------------

struct Out {
  std::string name;
  double x = 0;
};

std::vector<Out> out_records(std::size_t n) {
  std::vector<Out> v;
  for (std::size_t i = 0; i < n; ++i) v.push_back({"r" + std::to_string(i) + std::string(i % 97, 'k'), static_cast<double>(i) / 3});
  return v;
}

std::string error_text(const metajson::error& e) {
  return std::to_string(static_cast<int>(e.code())) + " " + e.path() + " | " + e.message();
}

template <class R>
void writes_as_serial(R&& range) {
  std::string expected;
  const metajson::error expected_error = metajson::try_to_ndjson(range, expected);
  std::ostringstream serial_os;
  const metajson::error serial_error = metajson::try_to_ndjson(range, serial_os);
  std::string serial_buffer = "old";
  const metajson::error serial_buffer_error = metajson::try_to_ndjson(range, serial_buffer);
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    for (std::size_t batch : {std::size_t{1}, std::size_t{100}, std::size_t{5000}, std::size_t{0}}) {
      for (std::size_t ahead : {std::size_t{0}, std::size_t{1}}) {
        const metajson::parallel_options p{.threads = threads, .batch_bytes = batch, .batches_ahead = ahead};
        const auto where = ::testing::Message() << "threads " << threads << ", batch " << batch << ", ahead " << ahead;
        std::string buffer = "old";
        const metajson::error e = metajson::try_to_ndjson(range, buffer, p);
        EXPECT_EQ(error_text(e), error_text(serial_buffer_error)) << where;
        EXPECT_EQ(buffer, serial_buffer) << where;
        std::ostringstream os;
        const metajson::error f = metajson::try_to_ndjson(range, os, p);
        EXPECT_EQ(error_text(f), error_text(serial_error)) << where;
        EXPECT_EQ(os.str(), serial_os.str()) << where;
        if (!expected_error) {
          EXPECT_EQ(metajson::to_ndjson(range, p), expected) << where;
        } else {
          EXPECT_THROW((void)metajson::to_ndjson(range, p), metajson::error) << where;
        }
      }
    }
  }
}

TEST(ToNdjsonParallel, TheSerialWritersBytes) {
  for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 40u, 1000u}) writes_as_serial(out_records(n));
  std::deque<int> ints;
  for (int i = 0; i < 3000; ++i) ints.push_back(i * 7919 % 100003 - 50000);
  writes_as_serial(ints);
  const std::vector<Out> v = out_records(500);
  writes_as_serial(std::span<const Out>(v).subspan(3, 400));
  writes_as_serial(v | std::views::transform([](const Out& o) { return o.name; }));
  std::vector<metajson::value> values;
  for (const char* t : {"1", "[1,2]", "{\"a\":null}", "\"x\"", "true"})
    for (int i = 0; i < 20; ++i) values.push_back(metajson::from<metajson::value>(t));
  writes_as_serial(values);
}

TEST(ToNdjsonParallel, TheFirstBadRecordsErrorAsTheSerialWriterGivesIt) {
  for (std::size_t bad : {0u, 5u, 16u, 17u, 300u, 999u}) {
    std::vector<Out> v = out_records(1000);
    v[bad].name = "\xff";                                      // invalid UTF-8
    if (bad + 7 < v.size()) v[bad + 7].x = std::nan("");       // a later one: not the error given
    writes_as_serial(v);
  }
}

// A bad record whose bytes cross the stream writer's 64 KiB buffer (it is drained or grown while
// the record is written): the stream gets the lines before it and nothing of it, serial and
// parallel (the serial writer once handed over the record's start and stale bytes).
TEST(ToNdjsonParallel, ABadRecordLargerThanTheStreamBuffer) {
  for (std::size_t bad : {0u, 20u, 150u}) {
    std::vector<Out> v = out_records(200);
    v[bad].name = std::string(100000, 'k') + "\xff";
    writes_as_serial(v);
    std::ostringstream os;
    EXPECT_EQ(metajson::try_to_ndjson(v, os).path(), "$[" + std::to_string(bad) + "].name");
    EXPECT_EQ(os.str(), metajson::to_ndjson(std::span<const Out>(v).first(bad)));
  }
}

TEST(ToNdjsonParallel, AStreamThatFails) {
  const std::vector<Out> v = out_records(2000);
  std::ostringstream os;
  os.setstate(std::ios::failbit);
  EXPECT_EQ(metajson::try_to_ndjson(v, os, {.threads = 2}).code(), metajson::error_code::io_error);
  struct full_buf : std::streambuf {  // takes 10,000 bytes, then fails
    std::size_t taken = 0;
    std::streamsize xsputn(const char*, std::streamsize n) override {
      const auto k = std::min<std::streamsize>(n, static_cast<std::streamsize>(10000 - std::min<std::size_t>(taken, 10000)));
      taken += static_cast<std::size_t>(k);
      return k;
    }
    int_type overflow(int_type) override { return traits_type::eof(); }
  } full;
  std::ostream out(&full);
  const metajson::error e = metajson::try_to_ndjson(v, out, {.threads = 2, .batch_bytes = 1000});
  EXPECT_EQ(e.code(), metajson::error_code::io_error);
  EXPECT_EQ(full.taken, 10000u);
}

}  // namespace

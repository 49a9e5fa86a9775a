// to_json(value, std::ostream&) and NDJSON writing: the same bytes as to_json(value), through a
// bounded buffer, whatever the document's size; errors of values and of streams.
#include <metajson/metajson.hpp>
#include <metajson/stream.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <list>
#include <map>
#include <optional>
#include <ranges>
#include <sstream>
#include <streambuf>
#include <string>
#include <variant>
#include <vector>

namespace {

struct Circle {
  double r;
  std::string label;
};
struct Empty {};
struct Shape {
  std::variant<Circle, Empty, int> shape;
};
}  // namespace
template <>
struct metajson::meta<Shape> {
  static constexpr auto members = metajson::member<"shape">(metajson::tag("type"));
};
namespace {
struct Event {
  std::uint64_t id;
  std::string name;
  std::vector<double> values;
  std::optional<std::string> note;
  std::map<std::string, int> counts;
};

Event event(std::uint64_t i) {
  return {i, "event \"" + std::to_string(i) + "\"\n", {i * 0.5, -1.25, 1e300}, i % 2 ? std::optional<std::string>("odd") : std::nullopt,
          {{"a", int(i)}, {"b\u00e9", 2}}};
}

template <metajson::options O = metajson::options{}, class T>
std::string through_stream(const T& v) {
  std::ostringstream os;
  metajson::to_json<O>(v, os);
  return os.str();
}

TEST(StreamWrite, SameBytesAsToJson) {
  EXPECT_EQ(through_stream(42), "42");
  EXPECT_EQ(through_stream(std::string("a\"b")), R"("a\"b")");
  EXPECT_EQ(through_stream(event(3)), metajson::to_json(event(3)));
  EXPECT_EQ(through_stream<{.pretty = true}>(event(3)), metajson::to_json<{.pretty = true}>(event(3)));
  EXPECT_EQ(through_stream<{.sort_keys = true}>(event(4)), metajson::to_json<{.sort_keys = true}>(event(4)));
  EXPECT_EQ(through_stream(std::vector<int>{}), "[]");
}

// Documents many times the buffer: the buffer is handed over many times, at every kind of
// place (inside runs of numbers, strings, objects).
TEST(StreamWrite, LargeDocumentsSameBytes) {
  std::vector<Event> events;
  for (std::uint64_t i = 0; i < 5000; ++i) events.push_back(event(i));
  EXPECT_EQ(through_stream(events), metajson::to_json(events));
  EXPECT_EQ(through_stream<{.pretty = true}>(events), metajson::to_json<{.pretty = true}>(events));

  std::vector<double> doubles;
  for (int i = 0; i < 200000; ++i) doubles.push_back(std::sqrt(double(i)) * (i % 3 ? 1 : -1e-7));
  const std::string expected = metajson::to_json(doubles);
  ASSERT_GT(expected.size(), 1'000'000u);
  EXPECT_EQ(through_stream(doubles), expected);
  std::vector<std::vector<int>> nested(3000, std::vector<int>(100, 7));
  EXPECT_EQ(through_stream(nested), metajson::to_json(nested));

  std::string big(300000, 'x');
  big[1000] = '"';
  EXPECT_EQ(through_stream(big), metajson::to_json(big));
}

// A tagged variant's struct alternative is patched after it is written ('{' becomes ','): the
// streaming output keeps it until then, however large the alternative.
TEST(StreamWrite, TaggedVariantsPatchedAcrossBuffers) {
  std::vector<Shape> shapes;
  for (int i = 0; i < 3000; ++i) shapes.push_back({Circle{double(i), std::string(50, char('a' + i % 26))}});
  shapes.push_back({Empty{}});
  shapes.push_back({7});
  EXPECT_EQ(through_stream(shapes), metajson::to_json(shapes));
  Shape huge{Circle{1.5, std::string(200000, 'q')}};
  EXPECT_EQ(through_stream(huge), metajson::to_json(huge));
  EXPECT_EQ(through_stream<{.pretty = true}>(shapes), metajson::to_json<{.pretty = true}>(shapes));
  EXPECT_EQ(through_stream<{.sort_keys = true}>(shapes), metajson::to_json<{.sort_keys = true}>(shapes));
}

// The buffer is bounded: a stream buffer that records the largest single write sees pieces of
// the buffer's size, never the document.
class counting_buf : public std::streambuf {
 public:
  std::size_t total = 0, largest = 0, writes = 0;

 protected:
  std::streamsize xsputn(const char*, std::streamsize n) override {
    total += std::size_t(n);
    largest = std::max(largest, std::size_t(n));
    ++writes;
    return n;
  }
  int_type overflow(int_type c) override {
    ++total;
    return c;
  }
};

TEST(StreamWrite, BoundedBuffer) {
  std::vector<Event> events;
  for (std::uint64_t i = 0; i < 20000; ++i) events.push_back(event(i));
  counting_buf buf;
  std::ostream os(&buf);
  metajson::to_json(events, os);
  EXPECT_EQ(buf.total, metajson::to_json(events).size());
  EXPECT_GT(buf.writes, 10u);
  EXPECT_LE(buf.largest, std::size_t{64} << 10);
}

// A stream that refuses bytes.
class failing_buf : public std::streambuf {
 protected:
  std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
  int_type overflow(int_type) override { return traits_type::eof(); }
};

TEST(StreamWrite, StreamErrors) {
  failing_buf buf;
  std::ostream os(&buf);
  const metajson::error e = metajson::try_to_json(std::vector<int>(10, 1), os);
  EXPECT_EQ(e.code(), metajson::error_code::io_error);
  EXPECT_EQ(e.message(), "I/O error (the stream is bad (badbit set))");
  // A stream already failed is not written to.
  std::ostringstream failed;
  failed.setstate(std::ios::failbit);
  EXPECT_EQ(metajson::try_to_json(1, failed).message(), "I/O error (the stream is in a failed state (failbit set))");
  // A stream whose exception mask is set does not throw its own exception type.
  failing_buf buf2;
  std::ostream throwing(&buf2);
  throwing.exceptions(std::ios::badbit | std::ios::failbit);
  EXPECT_EQ(metajson::try_to_json(std::string(100000, 'a'), throwing).code(), metajson::error_code::io_error);
  EXPECT_THROW(metajson::to_json(1, throwing), metajson::error);
}

TEST(StreamWrite, ValueErrors) {
  std::ostringstream os;
  const metajson::error e = metajson::try_to_json(std::vector<double>{1.0, NAN}, os);
  EXPECT_EQ(e.code(), metajson::error_code::non_finite_number);
  EXPECT_EQ(e.path(), "$[1]");
  EXPECT_THROW(metajson::to_json(std::string("\xff"), os), metajson::error);
}

TEST(NdjsonWrite, OneValuePerLine) {
  std::vector<Event> events{event(1), event(2)};
  EXPECT_EQ(metajson::to_ndjson(events), metajson::to_json(events[0]) + "\n" + metajson::to_json(events[1]) + "\n");
  EXPECT_EQ(metajson::to_ndjson(std::vector<int>{}), "");
  EXPECT_EQ(metajson::to_ndjson(std::list<std::string>{"a", "b\nc"}), "\"a\"\n\"b\\nc\"\n");
  std::string buffer = "old content";
  metajson::to_ndjson(std::vector<int>{1, 2, 3}, buffer);
  EXPECT_EQ(buffer, "1\n2\n3\n");
  // Any input range: a view.
  EXPECT_EQ(metajson::to_ndjson(std::views::iota(0, 3)), "0\n1\n2\n");
  // A view that can be iterated only when not const (filter caches its begin).
  auto even = std::views::iota(0, 7) | std::views::filter([](int i) { return i % 2 == 0; });
  EXPECT_EQ(metajson::to_ndjson(even), "0\n2\n4\n6\n");
  metajson::to_ndjson(even, buffer);
  EXPECT_EQ(buffer, "0\n2\n4\n6\n");
  std::ostringstream filtered;
  EXPECT_FALSE(metajson::try_to_ndjson(even, filtered));
  EXPECT_EQ(filtered.str(), "0\n2\n4\n6\n");
  std::ostringstream os;
  metajson::to_ndjson(events, os);
  EXPECT_EQ(os.str(), metajson::to_ndjson(events));
}

TEST(NdjsonWrite, LargeThroughStream) {
  std::vector<Event> events;
  for (std::uint64_t i = 0; i < 10000; ++i) events.push_back(event(i));
  std::ostringstream os;
  metajson::to_ndjson(events, os);
  EXPECT_EQ(os.str(), metajson::to_ndjson(events));
}

TEST(NdjsonWrite, ErrorsNameTheElement) {
  std::string buffer = "x";
  const metajson::error e = metajson::try_to_ndjson(std::vector<double>{1.0, 2.0, INFINITY}, buffer);
  EXPECT_EQ(e.code(), metajson::error_code::non_finite_number);
  EXPECT_EQ(e.message(), "NaN or infinity cannot be written as JSON (+Inf) at $[2]");
  EXPECT_TRUE(buffer.empty());
  std::vector<Event> events{event(1), event(2)};
  events[1].name = "\xc3";
  EXPECT_EQ(metajson::try_to_ndjson(events, buffer).path(), "$[1].name");
  std::ostringstream os;
  EXPECT_EQ(metajson::try_to_ndjson(events, os).path(), "$[1].name");
  EXPECT_EQ(os.str(), metajson::to_json(events[0]) + "\n");  // the lines before it
  EXPECT_THROW(metajson::to_ndjson(events), metajson::error);
}

}  // namespace

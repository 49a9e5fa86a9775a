// read_ndjson and read_array, from strings and from streams that hand out 1, 2, 7, 64 or 4096
// bytes at a time: the same results either way, each error at its place in the whole input.
#include <metajson/value.hpp>
#include <metajson/stream.hpp>

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "chunked_stream.hpp"

namespace {

struct Point {
  int x = 0;
  int y = 0;
};
struct Named {
  std::string name;
  std::vector<int> v;
};
struct Viewed {
  std::string_view name;
};

// Each result as text: the value's JSON or "error: <message>".
template <class Range>
std::vector<std::string> results(Range&& r) {
  std::vector<std::string> out;
  for (auto& e : r) out.push_back(e ? metajson::to_json(*e) : "error: " + e.error().message());
  return out;
}

template <class T, metajson::options O = metajson::options{}>
std::vector<std::string> ndjson(std::string_view text) {
  const std::vector<std::string> expected = results(metajson::read_ndjson<T, O>(text));
  for (std::size_t chunk : {1, 2, 7, 64, 4096}) {
    test_support::chunked_istream is(text, chunk);
    EXPECT_EQ(results(metajson::read_ndjson<T, O>(is)), expected) << "chunk " << chunk << " of " << text;
  }
  std::istringstream ss{std::string(text)};
  EXPECT_EQ(results(metajson::read_ndjson<T, O>(ss)), expected);
  return expected;
}

template <class T, metajson::options O = metajson::options{}>
std::vector<std::string> array(std::string_view text) {
  const std::vector<std::string> expected = results(metajson::read_array<T, O>(text));
  for (std::size_t chunk : {1, 2, 7, 64, 4096}) {
    test_support::chunked_istream is(text, chunk);
    EXPECT_EQ(results(metajson::read_array<T, O>(is)), expected) << "chunk " << chunk << " of " << text;
  }
  return expected;
}

using V = std::vector<std::string>;

TEST(ReadNdjson, Lines) {
  EXPECT_EQ(ndjson<Point>("{\"x\":1,\"y\":2}\n{\"x\":3,\"y\":4}\n"), (V{R"({"x":1,"y":2})", R"({"x":3,"y":4})"}));
  // No '\n' after the last line; blank lines (spaces, tabs, "\r") skipped; "\r\n" line ends.
  EXPECT_EQ(ndjson<int>("1\n\n  \t\n2\r\n\r\n3"), (V{"1", "2", "3"}));
  EXPECT_EQ(ndjson<int>(""), V{});
  EXPECT_EQ(ndjson<int>("\n\n"), V{});
  EXPECT_EQ(ndjson<int>("  7  "), V{"7"});
  EXPECT_EQ(ndjson<Named>(R"({"name":"a\"b\\","v":[1,2]})"), V{R"({"name":"a\"b\\","v":[1,2]})"});
}

TEST(ReadNdjson, ErrorsNameTheirLineAndDoNotStopTheRest) {
  EXPECT_EQ(ndjson<Point>("{\"x\":1}\n\n{\"x\":\"a\"}\n{\"x\":3}\n"),
            (V{R"({"x":1,"y":0})", "error: expected integer, found string at $.x (line 3, column 6)", R"({"x":3,"y":0})"}));
  EXPECT_EQ(ndjson<int>("1\n[\n2\n"), (V{"1", "error: expected integer, found array at $ (line 2, column 1)", "2"}));
  const V r = ndjson<int>("1\n{\"a\":\n2 3\n\xff\n4");
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(r[0], "1");
  EXPECT_EQ(r[1], "error: expected integer, found object at $ (line 2, column 1)");
  EXPECT_EQ(r[2], "error: unexpected content after the JSON value (found number) at $ (line 3, column 3)");
  EXPECT_EQ(r[3].substr(0, 7), "error: ");
  EXPECT_NE(r[3].find("(line 4, column 1)"), std::string::npos) << r[3];
  EXPECT_EQ(r[4], "4");
}

TEST(ReadNdjson, ErrorOffsetsCountTheWholeInput) {
  const std::string text = "1\n22\n\"x\"\n";
  auto range = metajson::read_ndjson<int>(text);
  std::vector<std::size_t> offsets;
  for (auto& r : range)
    if (!r) offsets.push_back(r.error().offset());
  EXPECT_EQ(offsets, std::vector<std::size_t>{5});
}

TEST(ReadNdjson, LinesLongerThanTheLimit) {
  constexpr metajson::options small{.max_document_size = 8};
  EXPECT_EQ((ndjson<std::string, small>("\"short\"\n\"much too long\"\n\"ok\"\n\"too long again\"")),
            (V{"\"short\"", "error: document larger than max_document_size (a line longer than 8 bytes) at $ (line 2, column 1)", "\"ok\"",
               "error: document larger than max_document_size (a line longer than 8 bytes) at $ (line 4, column 1)"}));
  // The limit comes first, also for a blank line: a stream cannot know that a line is blank
  // without keeping all of it (found by the ndjson fuzz target).
  EXPECT_EQ((ndjson<int, small>("1\n" + std::string(9, ' ') + "\n2")),
            (V{"1", "error: document larger than max_document_size (a line longer than 8 bytes) at $ (line 2, column 1)", "2"}));
  EXPECT_EQ((ndjson<int, small>("1\n" + std::string(8, ' ') + "\n2")), (V{"1", "2"}));
}

TEST(ReadNdjson, StringViewsPointIntoTheText) {
  const std::string text = "{\"name\":\"a\"}\n{\"name\":\"bc\"}\n";
  std::vector<std::string_view> names;
  for (auto& r : metajson::read_ndjson<Viewed>(text)) names.push_back(r->name);
  EXPECT_EQ(names, (std::vector<std::string_view>{"a", "bc"}));
  static_assert(!metajson::detail::owns_its_data<Viewed>);
  static_assert(!metajson::detail::owns_its_data<std::vector<std::map<std::string, std::string_view>>>);
  static_assert(!metajson::detail::owns_its_data<std::optional<std::variant<int, std::u8string_view>>>);
  static_assert(metajson::detail::owns_its_data<Named>);
  static_assert(metajson::detail::owns_its_data<metajson::value>);
}

TEST(ReadNdjson, IsAnInputRangeAndAView) {
  using R = decltype(metajson::read_ndjson<int>(std::string_view{}));
  static_assert(std::ranges::input_range<R>);
  static_assert(std::ranges::view<R>);
  int sum = 0;
  for (int v : metajson::read_ndjson<int>("1\nx\n2\n") | std::views::filter([](auto& r) { return r.has_value(); }) |
                   std::views::transform([](auto& r) { return *r; }))
    sum += v;
  EXPECT_EQ(sum, 3);
}

TEST(ReadNdjson, FailingStreams) {
  // Fails after 9 bytes: the lines read before, then the stream's error.
  test_support::chunked_istream is("1\n2\n3\n4\n5\n6\n", 3, 9);
  const V r = results(metajson::read_ndjson<int>(is));
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(r[3], "4");
  EXPECT_EQ(r[4], "error: I/O error (reading the stream failed (its buffer threw an exception)) (line 5, column 2)");
  EXPECT_TRUE(is.bad());
  std::istringstream failed("1\n");
  failed.setstate(std::ios::failbit);
  EXPECT_EQ(results(metajson::read_ndjson<int>(failed)),
            V{"error: I/O error (the stream is in a failed state (failbit set) before reading) (line 1, column 1)"});
  std::istringstream fine("1\n2");
  EXPECT_EQ(results(metajson::read_ndjson<int>(fine)), (V{"1", "2"}));
  EXPECT_TRUE(fine.eof());
}

TEST(ReadArray, Elements) {
  EXPECT_EQ(array<Point>(R"([{"x":1,"y":2}, {"x":3,"y":4}])"), (V{R"({"x":1,"y":2})", R"({"x":3,"y":4})"}));
  EXPECT_EQ(array<int>(" [ ] "), V{});
  EXPECT_EQ(array<int>("[1]"), V{"1"});
  EXPECT_EQ(array<std::string>(R"(["a]", "b\"]", "\\", "{"])"), (V{R"("a]")", R"("b\"]")", R"("\\")", R"("{")"}));
  EXPECT_EQ(array<std::vector<int>>("[[1,[2]],[],[3]]"), (V{"error: expected integer, found array at $[0][1] (line 1, column 5)", "[]", "[3]"}));
}

TEST(ReadArray, ElementsOfEveryKind) {
  EXPECT_EQ(array<metajson::value>(R"([1, -2.5e3, "s", true, false, null, {"a":[{}]}, [[]]])"),
            (V{"1", "-2500.0", R"("s")", "true", "false", "null", R"({"a":[{}]})", "[[]]"}));
  EXPECT_EQ(array<Named>("[\n  {\"name\": \"a\", \"v\": [1, 2]},\n  {\"name\": \"b\", \"v\": []}\n]\n"),
            (V{R"({"name":"a","v":[1,2]})", R"({"name":"b","v":[]})"}));
}

TEST(ReadArray, TypeErrorsDoNotStopTheRest) {
  EXPECT_EQ(array<int>(R"([1, "a", 3, {"b":[1]}, 5])"),
            (V{"1", "error: expected integer, found string at $[1] (line 1, column 5)", "3",
               "error: expected integer, found object at $[3] (line 1, column 13)", "5"}));
  EXPECT_EQ(array<Point>("[{\"x\":1},\n {\"x\":true}]"),
            (V{R"({"x":1,"y":0})", "error: expected integer, found boolean at $[1].x (line 2, column 7)"}));
}

TEST(ReadArray, SyntaxErrorsEndTheRange) {
  EXPECT_EQ(array<int>("[1, 2"), (V{"1", "2", "error: unexpected end of input (expected ',' or ']') at $ (line 1, column 6)"}));
  EXPECT_EQ(array<int>("[1, 2] x"), (V{"1", "2", "error: unexpected content after the JSON value (found 'x') at $ (line 1, column 8)"}));
  EXPECT_EQ(array<int>("[1, 2]\n\n"), (V{"1", "2"}));
  EXPECT_EQ(array<int>("[1 2]"), (V{"error: expected ',' or ']', found number at $ (line 1, column 4)"}));
  EXPECT_EQ(array<int>("[1,]"), (V{"1", "error: expected value, found ']' (a trailing comma: options::allow_trailing_commas reads them) at $[1] (line 1, column 4)"}));
  EXPECT_EQ(array<int>("[,1]"), (V{"error: expected value, found ',' at $[0] (line 1, column 2)"}));
  EXPECT_EQ(array<int>("[1}"), (V{"1", "error: expected ',' or ']', found '}' at $ (line 1, column 3)"}));
  EXPECT_EQ(array<int>(""), (V{"error: unexpected end of input (expected array) at $ (line 1, column 1)"}));
  EXPECT_EQ(array<int>("{}"), (V{"error: expected array, found object at $ (line 1, column 1)"}));
  EXPECT_EQ(array<int>("x"), (V{"error: expected array, found 'x' at $ (line 1, column 1)"}));
  // What is found is worded from the whole literal, also when the stream hands it over a byte
  // at a time (found by the read_array fuzz target).
  EXPECT_EQ(array<int>("null"), (V{"error: expected array, found null at $ (line 1, column 1)"}));
  EXPECT_EQ(array<int>("[1] true"), (V{"1", "error: unexpected content after the JSON value (found boolean) at $ (line 1, column 5)"}));
  // The longest word an error names, "-Infinity" (9 bytes), after an element: a stream handing
  // out one byte per read had only 8 of them in memory and said "found number" (found by the
  // read_array fuzz target on a faster machine: fuzz/regressions/read_array/).
  const std::string minus_infinity = "[" + std::string(18, '\n') + "\"leaf\"-Infinity]";
  EXPECT_EQ(array<metajson::value>(minus_infinity),
            (V{"\"leaf\"", "error: expected ',' or ']', found '-Infinity' (not JSON: floating-point members read it with "
                           "options::allow_nonfinite) at $ (line 19, column 7)"}));
  EXPECT_EQ((array<metajson::value, {.max_depth = 3, .max_document_size = 40}>(minus_infinity)).size(), 2u);
  EXPECT_EQ(array<int>("[1 Infinity]"), (V{"error: expected ',' or ']', found 'Infinity' (not JSON: floating-point members read "
                                           "it with options::allow_nonfinite) at $ (line 1, column 4)"}));
  EXPECT_EQ(array<int>("[1 NaN]"), (V{"error: expected ',' or ']', found 'NaN' (not JSON: floating-point members read it with "
                                      "options::allow_nonfinite) at $ (line 1, column 4)"}));
  EXPECT_EQ(array<int>("-Infinity"), (V{"error: expected array, found '-Infinity' (not JSON: floating-point members read it "
                                        "with options::allow_nonfinite) at $ (line 1, column 1)"}));
  EXPECT_EQ(array<int>("[1] false"), (V{"1", "error: unexpected content after the JSON value (found boolean) at $ (line 1, column 5)"}));
  // A type error, then a syntax error later in the same element: both, then the end.
  EXPECT_EQ(array<int>("[1, [2,,], 3]"), (V{"1", "error: expected integer, found array at $[1] (line 1, column 5)",
                                             "error: expected a value, found ',' at $[1] (line 1, column 8)"}));
  // A string that never ends, an object with a bad member.
  const V r = array<Point>(R"([{"x":1}, {"x":1,,}, {"x":2}])");
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0], R"({"x":1,"y":0})");
  EXPECT_NE(r[1].find("(line 1, column 18)"), std::string::npos) << r[1];
  EXPECT_EQ(array<std::string>(R"(["abc)").back().substr(0, 33), "error: unexpected end of input (i");
  // Bytes that are not UTF-8 inside an element; a raw control byte.
  EXPECT_NE(array<std::string>("[\"a\", \"\xc3\"]").back().find("$[1]"), std::string::npos);
  EXPECT_EQ(array<std::string>("[\"a\x01\"]").size(), 1u);
}

TEST(ReadArray, LimitsApplyPerElementAndDepthCountsTheArray) {
  constexpr metajson::options small{.max_document_size = 10};
  EXPECT_EQ((array<std::string, small>(R"(["1234", "12345678901", "x"])")),
            (V{"\"1234\"", "error: document larger than max_document_size (an element longer than 10 bytes) at $[1] (line 1, column 10)"}));
  constexpr metajson::options shallow{.max_depth = 2};
  EXPECT_EQ((array<metajson::value, shallow>("[[1], [[2]]]")),
            (V{"[1]", "error: nesting too deep (more than 2 levels) at $[1][0] (line 1, column 8)"}));
  // The whole document's reader agrees.
  EXPECT_EQ((metajson::try_from<std::vector<metajson::value>, shallow>("[[1], [[2]]]").error().message()),
            "nesting too deep (more than 2 levels) at $[1][0] (line 1, column 8)");
}

TEST(ReadArray, BigElementsAcrossBuffers) {
  std::string text = "[";
  std::vector<std::string> expected;
  for (int i = 0; i < 50; ++i) {
    std::string s(1000 * i + 1, char('a' + i % 26));
    s[s.size() / 2] = '"';
    if (i) text += ",\n";
    text += metajson::to_json(s);
    expected.push_back(metajson::to_json(s));
  }
  text += "]";
  EXPECT_EQ(array<std::string>(text), expected);
}

}  // namespace

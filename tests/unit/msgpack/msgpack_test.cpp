// metajson/msgpack.hpp: exact bytes for every family (the spec's forms, checked byte by byte),
// round trips, the annotations and options, and every error the strict reader gives.
#include <metajson/msgpack.hpp>

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

#include "counting_new.hpp"

namespace {

std::string bytes(std::initializer_list<int> b) {
  std::string s;
  for (int x : b) s += static_cast<char>(x);
  return s;
}

template <class T>
std::string mp(const T& v) {
  return metajson::to_msgpack(v);
}

template <class T>
metajson::error read_error(const std::string& b) {
  T v{};
  return metajson::from_msgpack(b, v);
}

enum class Color { red, green, blue };

struct Point {
  int x = 0;
  int y = 0;
  bool operator==(const Point&) const = default;
};

struct Everything {
  std::int8_t i8 = -5;
  std::uint64_t u64 = 1ull << 40;
  double d = 0.1;
  float f = 1.5f;
  bool b = true;
  std::string s = "héllo";
  Color c = Color::blue;
  std::optional<int> none;
  std::optional<int> some = 7;
  std::vector<Point> points{{1, 2}, {3, 4}};
  std::map<std::string, int> by_name{{"a", 1}, {"b", 2}};
  std::map<int, std::string> by_id{{-1, "neg"}, {300, "big"}};
  std::vector<std::byte> raw{std::byte{0}, std::byte{255}};
  std::array<std::byte, 3> fixed{std::byte{1}, std::byte{2}, std::byte{3}};
  std::tuple<int, std::string> pair{1, "one"};
  std::variant<int, std::string, std::vector<int>> var = std::vector<int>{1, 2};
  std::chrono::sys_time<std::chrono::nanoseconds> when{std::chrono::nanoseconds(1'700'000'000'123'456'789LL)};
  std::chrono::milliseconds timeout{2500};
  std::set<int> tags{3, 1, 2};
  std::list<std::string> words{"x", "y"};
  std::deque<double> queue{0.5, -2.0};
  std::unique_ptr<Point> ptr = std::make_unique<Point>(Point{5, 6});
  std::nullptr_t nothing = nullptr;
  char letter = 'q';
  bool operator==(const Everything& o) const {
    return i8 == o.i8 && u64 == o.u64 && d == o.d && f == o.f && b == o.b && s == o.s && c == o.c && none == o.none &&
           some == o.some && points == o.points && by_name == o.by_name && by_id == o.by_id && raw == o.raw &&
           fixed == o.fixed && pair == o.pair && var == o.var && when == o.when && timeout == o.timeout && tags == o.tags &&
           words == o.words && queue == o.queue && (ptr && o.ptr ? *ptr == *o.ptr : ptr == o.ptr) && letter == o.letter;
  }
};

// --- exact bytes -----------------------------------------------------------------------------------

TEST(MsgpackWrite, IntegersTakeTheirShortestForm) {
  EXPECT_EQ(mp(0), bytes({0x00}));
  EXPECT_EQ(mp(127), bytes({0x7f}));
  EXPECT_EQ(mp(128), bytes({0xcc, 0x80}));
  EXPECT_EQ(mp(255), bytes({0xcc, 0xff}));
  EXPECT_EQ(mp(256), bytes({0xcd, 0x01, 0x00}));
  EXPECT_EQ(mp(65536), bytes({0xce, 0x00, 0x01, 0x00, 0x00}));
  EXPECT_EQ(mp(std::uint64_t{1} << 32), bytes({0xcf, 0, 0, 0, 1, 0, 0, 0, 0}));
  EXPECT_EQ(mp(-1), bytes({0xff}));
  EXPECT_EQ(mp(-32), bytes({0xe0}));
  EXPECT_EQ(mp(-33), bytes({0xd0, 0xdf}));
  EXPECT_EQ(mp(-129), bytes({0xd1, 0xff, 0x7f}));
  EXPECT_EQ(mp(-32769), bytes({0xd2, 0xff, 0xff, 0x7f, 0xff}));
  EXPECT_EQ(mp(std::numeric_limits<std::int64_t>::min()), bytes({0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(mp(std::numeric_limits<std::uint64_t>::max()), bytes({0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}));
  EXPECT_EQ(mp(static_cast<__int128>(-5)), bytes({0xfb}));
  auto big = metajson::try_to_msgpack(static_cast<unsigned __int128>(1) << 64);
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().code(), metajson::error_code::number_out_of_range);
}

TEST(MsgpackWrite, FloatsAreFloat32WhenExact) {
  EXPECT_EQ(mp(1.5), bytes({0xca, 0x3f, 0xc0, 0x00, 0x00}));
  EXPECT_EQ(mp(1.5f), bytes({0xca, 0x3f, 0xc0, 0x00, 0x00}));
  EXPECT_EQ(mp(0.1), bytes({0xcb, 0x3f, 0xb9, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9a}));
  EXPECT_EQ((metajson::to_msgpack<metajson::options{}, metajson::binary_options{.shortest_floats = false}>(1.5)),
            bytes({0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(mp(std::numeric_limits<double>::infinity()), bytes({0xca, 0x7f, 0x80, 0x00, 0x00}));
  const std::string nan = mp(std::numeric_limits<double>::quiet_NaN());
  ASSERT_EQ(nan.size(), 9u);  // NaN keeps its 64-bit payload
  EXPECT_TRUE(std::isnan(metajson::from_msgpack<double>(nan)));
  EXPECT_EQ(mp(1.0L), bytes({0xca, 0x3f, 0x80, 0x00, 0x00}));
  auto ld = metajson::try_to_msgpack(1.0L / 3.0L);
  ASSERT_FALSE(ld);
  EXPECT_EQ(ld.error().code(), metajson::error_code::number_out_of_range);
}

TEST(MsgpackWrite, StringsBinariesAndContainers) {
  EXPECT_EQ(mp(std::string("")), bytes({0xa0}));
  EXPECT_EQ(mp(std::string("abc")), bytes({0xa3, 'a', 'b', 'c'}));
  EXPECT_EQ(mp(std::string(31, 'x')).substr(0, 1), bytes({0xbf}));
  EXPECT_EQ(mp(std::string(32, 'x')).substr(0, 2), bytes({0xd9, 32}));
  EXPECT_EQ(mp(std::string(256, 'x')).substr(0, 3), bytes({0xda, 0x01, 0x00}));
  EXPECT_EQ(mp(std::string(65536, 'x')).substr(0, 5), bytes({0xdb, 0x00, 0x01, 0x00, 0x00}));
  EXPECT_EQ(mp(std::vector<std::byte>{std::byte{7}}), bytes({0xc4, 0x01, 0x07}));
  EXPECT_EQ(mp(std::vector<int>{1, 2}), bytes({0x92, 0x01, 0x02}));
  EXPECT_EQ(mp(std::vector<int>(16, 0)).substr(0, 3), bytes({0xdc, 0x00, 0x10}));
  EXPECT_EQ(mp(std::map<int, bool>{{1, true}}), bytes({0x81, 0x01, 0xc3}));
  EXPECT_EQ(mp(std::optional<int>{}), bytes({0xc0}));
  EXPECT_EQ(mp(Color::green), bytes({0xa5, 'g', 'r', 'e', 'e', 'n'}));
  EXPECT_EQ(mp(Point{1, -1}), bytes({0x82, 0xa1, 'x', 0x01, 0xa1, 'y', 0xff}));
  EXPECT_EQ(mp(std::tuple<bool, std::nullptr_t>{false, nullptr}), bytes({0x92, 0xc2, 0xc0}));
}

TEST(MsgpackWrite, StringsOfEveryShortLengthAndByteAreCopiedAndChecked) {
  // The short-string copy works in words: every length up to past its limit, a non-ASCII
  // character or an invalid byte at every place.
  for (std::size_t n = 0; n <= 80; ++n) {
    const std::string ascii(n, 'a');
    std::string b = mp(ascii);
    ASSERT_EQ(b.substr(b.size() - n), ascii) << n;
    for (std::size_t at = 0; at + 2 <= n; ++at) {
      std::string t = ascii;
      t.replace(at, 2, "\xC3\xA9");  // é
      b = mp(t);
      ASSERT_EQ(b.substr(b.size() - n), t) << n << " " << at;
      ASSERT_EQ(metajson::from_msgpack<std::string>(b), t);
      t[at + 1] = 'x';  // a lead byte without its continuation
      auto bad = metajson::try_to_msgpack(t);
      ASSERT_FALSE(bad) << n << " " << at;
      EXPECT_EQ(bad.error().detail(), "byte 0xC3 at offset " + std::to_string(at));
      const std::string fixed = metajson::to_msgpack<metajson::options{.utf8 = metajson::utf8_policy::replace}>(std::vector<std::string>{t});
      EXPECT_EQ(metajson::from_msgpack<std::vector<std::string>>(fixed)[0], t.substr(0, at) + "\xEF\xBF\xBD" + t.substr(at + 1));
    }
  }
}

TEST(MsgpackWrite, TimestampsTakeTheSpecsThreeForms) {
  using namespace std::chrono;
  EXPECT_EQ(mp(sys_seconds(seconds(1))), bytes({0xd6, 0xff, 0, 0, 0, 1}));
  EXPECT_EQ(mp(sys_time<nanoseconds>(nanoseconds(1'000'000'001))), bytes({0xd7, 0xff, 0, 0, 0, 4, 0, 0, 0, 1}));
  EXPECT_EQ(mp(sys_seconds(seconds(-1))), bytes({0xc7, 12, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}));
  EXPECT_EQ(metajson::from_msgpack<sys_time<nanoseconds>>(mp(sys_time<nanoseconds>(nanoseconds(-1)))), sys_time<nanoseconds>(nanoseconds(-1)));
}

TEST(MsgpackWrite, InvalidUtf8AndUnnamedEnumsAreErrors) {
  auto e = metajson::try_to_msgpack(std::vector<std::string>{"ok", "\xc3\x28"});
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().code(), metajson::error_code::invalid_utf8);
  EXPECT_EQ(e.error().path(), "$[1]");
  auto replaced = metajson::to_msgpack<metajson::options{.utf8 = metajson::utf8_policy::replace}>(std::string("a\xff"));
  EXPECT_EQ(replaced, bytes({0xa4, 'a', 0xef, 0xbf, 0xbd}));
  auto u = metajson::try_to_msgpack(static_cast<Color>(9));
  ASSERT_FALSE(u);
  EXPECT_EQ(u.error().code(), metajson::error_code::unnamed_enum_value);
}

struct WithOptional {
  int a = 1;
  std::optional<int> b;
  std::optional<std::optional<int>> c;
};

TEST(MsgpackWrite, OptionsOmitAndSortKeys) {
  EXPECT_EQ(mp(WithOptional{}), bytes({0x82, 0xa1, 'a', 0x01, 0xa1, 'b', 0xc0}));  // c: a missing key
  EXPECT_EQ(metajson::to_msgpack<metajson::options{.empty = metajson::empty_members::omit}>(WithOptional{}), bytes({0x81, 0xa1, 'a', 0x01}));
  WithOptional w;
  w.c.emplace();  // engaged, holding an empty optional: nil
  EXPECT_EQ(mp(w), bytes({0x83, 0xa1, 'a', 0x01, 0xa1, 'b', 0xc0, 0xa1, 'c', 0xc0}));
  struct Unsorted {
    int z = 1, a = 2;
  };
  EXPECT_EQ(metajson::to_msgpack<metajson::options{.sort_keys = true}>(Unsorted{}), bytes({0x82, 0xa1, 'a', 0x02, 0xa1, 'z', 0x01}));
}

// --- round trips -----------------------------------------------------------------------------------

TEST(MsgpackRoundTrip, EveryFamily) {
  Everything v;
  const std::string b = metajson::to_msgpack(v);
  Everything back;
  back.ptr.reset();
  back.some.reset();
  back.points.clear();
  ASSERT_FALSE(metajson::from_msgpack(b, back)) << metajson::from_msgpack(b, back).message();
  EXPECT_TRUE(back == v);
  // From any contiguous bytes.
  std::vector<std::byte> owned(b.size());
  std::memcpy(owned.data(), b.data(), b.size());
  auto r = metajson::try_from_msgpack<Everything>(owned);
  ASSERT_TRUE(r);
  EXPECT_TRUE(*r == v);
  auto r2 = metajson::try_from_msgpack<Everything>(std::span<const std::byte>(owned));
  ASSERT_TRUE(r2);
}

TEST(MsgpackRoundTrip, ViewsPointIntoTheInput) {
  struct Views {
    std::string_view name;
    std::span<const std::byte> blob;
  };
  const std::string b = bytes({0x82, 0xa4, 'n', 'a', 'm', 'e', 0xa2, 'h', 'i', 0xa4, 'b', 'l', 'o', 'b', 0xc4, 0x02, 9, 8});
  Views v;
  ASSERT_FALSE(metajson::from_msgpack(b, v));
  EXPECT_EQ(v.name, "hi");
  EXPECT_EQ(v.name.data(), b.data() + 7);
  ASSERT_EQ(v.blob.size(), 2u);
  EXPECT_EQ(v.blob[0], std::byte{9});
}

TEST(MsgpackRead, AcceptsEveryIntegerWidthAndFloatsForDoubles) {
  EXPECT_EQ(metajson::from_msgpack<int>(bytes({0xcf, 0, 0, 0, 0, 0, 0, 0, 5})), 5);  // not the shortest: still read
  EXPECT_EQ(metajson::from_msgpack<std::int8_t>(bytes({0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x80})), -128);
  EXPECT_EQ(metajson::from_msgpack<double>(bytes({0x05})), 5.0);
  EXPECT_EQ(metajson::from_msgpack<double>(bytes({0xca, 0x3f, 0xc0, 0, 0})), 1.5);
  EXPECT_EQ(metajson::from_msgpack<std::chrono::seconds>(bytes({0x2a})), std::chrono::seconds(42));
}

TEST(MsgpackRoundTrip, VectorOfBoolAnd128BitIntegers) {
  const std::vector<bool> bits{true, false, true};
  EXPECT_EQ(mp(bits), bytes({0x93, 0xc3, 0xc2, 0xc3}));
  EXPECT_EQ(metajson::from_msgpack<std::vector<bool>>(mp(bits)), bits);
  EXPECT_EQ(metajson::from_msgpack<__int128>(mp(std::numeric_limits<std::int64_t>::min())), static_cast<__int128>(std::numeric_limits<std::int64_t>::min()));
  EXPECT_EQ(metajson::from_msgpack<unsigned __int128>(mp(std::numeric_limits<std::uint64_t>::max())), static_cast<unsigned __int128>(std::numeric_limits<std::uint64_t>::max()));
  EXPECT_EQ(read_error<unsigned __int128>(bytes({0xff})).code(), metajson::error_code::number_out_of_range);
}

TEST(MsgpackRead, UntaggedVariantsByKind) {
  using V = std::variant<std::monostate, bool, std::int64_t, double, std::string, std::vector<int>, Point>;
  EXPECT_EQ(metajson::from_msgpack<V>(bytes({0xc0})).index(), 0u);
  EXPECT_EQ(metajson::from_msgpack<V>(bytes({0xc3})).index(), 1u);
  EXPECT_EQ(metajson::from_msgpack<V>(bytes({0x07})).index(), 2u);
  EXPECT_EQ(metajson::from_msgpack<V>(bytes({0xca, 0x3f, 0xc0, 0, 0})).index(), 3u);
  EXPECT_EQ(metajson::from_msgpack<V>(bytes({0xa1, 'x'})).index(), 4u);
  EXPECT_EQ(metajson::from_msgpack<V>(bytes({0x91, 0x01})).index(), 5u);
  EXPECT_EQ(metajson::from_msgpack<V>(mp(Point{1, 2})).index(), 6u);
  auto none = metajson::try_from_msgpack<std::variant<int, std::string>>(bytes({0x90}));
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code(), metajson::error_code::no_matching_alternative);
  auto bad = metajson::try_from_msgpack<std::variant<int, std::string>>(bytes({0x92, 0x01}));  // malformed: says so
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code(), metajson::error_code::unexpected_end);
}

// --- errors ------------------------------------------------------------------------------------------


TEST(MsgpackErrors, WrongTypesNameThePathAndTheByte) {
  const metajson::error e = read_error<std::vector<Point>>(bytes({0x92, 0x82, 0xa1, 'x', 1, 0xa1, 'y', 2, 0x81, 0xa1, 'y', 0xa1, 's'}));
  EXPECT_EQ(e.code(), metajson::error_code::type_mismatch);
  EXPECT_EQ(e.path(), "$[1].y");
  EXPECT_EQ(e.offset(), 11u);
  EXPECT_TRUE(e.binary());
  EXPECT_EQ(e.message(), "expected integer, found string at $[1].y (byte 11)");
  EXPECT_EQ(read_error<int>(bytes({0xca, 0, 0, 0, 0})).code(), metajson::error_code::type_mismatch);
  EXPECT_EQ(read_error<std::uint8_t>(bytes({0xcd, 0x01, 0x00})).code(), metajson::error_code::number_out_of_range);
  EXPECT_EQ(read_error<unsigned>(bytes({0xff})).code(), metajson::error_code::number_out_of_range);
  EXPECT_EQ(read_error<float>(bytes({0xcb, 0x7f, 0xef, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})).code(), metajson::error_code::number_out_of_range);
  EXPECT_EQ(read_error<Color>(bytes({0xa4, 'p', 'i', 'n', 'k'})).code(), metajson::error_code::unknown_enum_name);
  EXPECT_EQ(read_error<char>(bytes({0xa2, 'a', 'b'})).code(), metajson::error_code::type_mismatch);
  EXPECT_EQ((read_error<std::array<int, 2>>(bytes({0x91, 0x01}))).code(), metajson::error_code::wrong_length);
  EXPECT_EQ((read_error<std::array<std::byte, 2>>(bytes({0xc4, 0x01, 0x01}))).code(), metajson::error_code::wrong_length);
  EXPECT_EQ((read_error<std::tuple<int, int>>(bytes({0x93, 1, 2, 3}))).code(), metajson::error_code::wrong_length);
}

TEST(MsgpackErrors, MapEntriesNameTheirKey) {
  const metajson::error e = read_error<std::map<int, int>>(bytes({0x82, 0x01, 0x01, 0xff, 0xa1, 'x'}));
  EXPECT_EQ(e.code(), metajson::error_code::type_mismatch);
  EXPECT_EQ(e.path(), "$[\"-1\"]");  // as JSON's path names the same entry
  EXPECT_EQ((read_error<std::map<Color, int>>(bytes({0x81, 0xa3, 'r', 'e', 'd', 0xc0})).path()), "$.red");
  EXPECT_EQ((read_error<std::map<bool, int>>(bytes({0x81, 0xc3, 0xc0})).path()), "$.true");
  auto w = metajson::try_to_msgpack(std::map<int, std::string>{{-7, "\xff"}});
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().path(), "$[\"-7\"]");
  // A key given twice: the last value wins, whole (not merged into the first).
  auto m = metajson::from_msgpack<std::map<std::string, Point>>(bytes({0x82, 0xa1, 'k', 0x81, 0xa1, 'x', 0x01, 0xa1, 'k', 0x81, 0xa1, 'y', 0x02}));
  EXPECT_EQ(m.at("k"), (Point{0, 2}));
  auto mm = metajson::from_msgpack<std::multimap<std::string, int>>(bytes({0x82, 0xa1, 'k', 0x01, 0xa1, 'k', 0x02}));
  EXPECT_EQ(mm.size(), 2u);
}

struct Flat {
  int id = 0;
};
struct WithFlatten {
  [[= metajson::flatten]] Flat base;
  [[= metajson::alias("colour")]] std::string color;
};

TEST(MsgpackRoundTrip, FlattenAndAliases) {
  WithFlatten w;
  w.base.id = 4;
  w.color = "red";
  const std::string b = mp(w);
  EXPECT_EQ(b, bytes({0x82, 0xa2, 'i', 'd', 0x04, 0xa5, 'c', 'o', 'l', 'o', 'r', 0xa3, 'r', 'e', 'd'}));
  WithFlatten back;
  ASSERT_FALSE(metajson::from_msgpack(bytes({0x82, 0xa6, 'c', 'o', 'l', 'o', 'u', 'r', 0xa1, 'b', 0xa2, 'i', 'd', 0x09}), back));
  EXPECT_EQ(back.base.id, 9);
  EXPECT_EQ(back.color, "b");
}

TEST(MsgpackRead, NonShortestKeyHeadersStillMatch) {
  // "x" as str8 (0xd9 0x01): not the bytes the in-order path compares, found by lookup.
  EXPECT_EQ(metajson::from_msgpack<Point>(bytes({0x82, 0xd9, 0x01, 'x', 0x05, 0xa1, 'y', 0x06})), (Point{5, 6}));
  EXPECT_EQ(metajson::from_msgpack<Point>(bytes({0x82, 0xa1, 'y', 0x06, 0xa1, 'x', 0x05})), (Point{5, 6}));
}

TEST(MsgpackErrors, MalformedInput) {
  EXPECT_EQ(read_error<int>(bytes({})).code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(read_error<int>(bytes({0xcd, 0x01})).code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(read_error<std::string>(bytes({0xa5, 'a'})).code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(read_error<int>(bytes({0x01, 0x02})).code(), metajson::error_code::trailing_content);
  EXPECT_EQ(read_error<Point>(bytes({0x81, 0xa1, 'q', 0xc1})).code(), metajson::error_code::syntax_error);  // skipped: still checked
  EXPECT_EQ(read_error<std::string>(bytes({0xa2, 0xc3, 0x28})).code(), metajson::error_code::invalid_utf8);
  EXPECT_EQ(read_error<Point>(bytes({0x81, 0xa1, 'q', 0xa1, 0xff})).code(), metajson::error_code::invalid_utf8);  // in a skipped value
  EXPECT_EQ(read_error<Point>(bytes({0x81, 0xa1, 'q', 0xc7, 0x05, 0x01})).code(), metajson::error_code::unexpected_end);
  std::string s;
  EXPECT_FALSE((metajson::from_msgpack<metajson::options{.utf8 = metajson::utf8_policy::replace}>(bytes({0xa2, 'a', 0xff}), s)));
  EXPECT_EQ(s, "a\xEF\xBF\xBD");
  metajson::error too_long = metajson::from_msgpack<metajson::options{.max_string_length = 2}>(bytes({0xa3, 'a', 'b', 'c'}), s);
  EXPECT_EQ(too_long.code(), metajson::error_code::string_too_long);
}

TEST(MsgpackErrors, LengthsAreCheckedBeforeAnyAllocation) {
  // A 5-byte array header claiming 2^32 - 1 items, and a bin of 4 GiB, in a few bytes.
  const std::size_t before = test_support::allocation_count();
  test_support::largest_allocation(true);
  EXPECT_EQ(read_error<std::vector<std::uint64_t>>(bytes({0xdd, 0xff, 0xff, 0xff, 0xff, 0x01})).code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(read_error<std::vector<std::byte>>(bytes({0xc6, 0xff, 0xff, 0xff, 0xff, 0x01})).code(), metajson::error_code::unexpected_end);
  EXPECT_EQ((read_error<std::map<int, int>>(bytes({0xdf, 0x7f, 0xff, 0xff, 0xff, 0x01, 0x01}))).code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(read_error<std::string>(bytes({0xdb, 0xff, 0xff, 0xff, 0xff, 'a'})).code(), metajson::error_code::unexpected_end);
  // (each error allocates its message: a handful of small blocks, never the claimed size)
  EXPECT_LT(test_support::allocation_count() - before, 40u);
  EXPECT_LT(test_support::largest_allocation(), 4096u);
}

TEST(MsgpackErrors, DepthIsBounded) {
  std::string deep(100000, static_cast<char>(0x91));
  deep += static_cast<char>(0x01);
  using Nested = std::variant<int, std::vector<int>>;
  EXPECT_EQ(read_error<Nested>(deep).code(), metajson::error_code::depth_exceeded);  // skipped first: iterative bound
  struct Loose {
    int a = 0;
  };
  std::string skipped = bytes({0x81, 0xa1, 'z'}) + deep;
  EXPECT_EQ(read_error<Loose>(skipped).code(), metajson::error_code::depth_exceeded);
  EXPECT_EQ((metajson::from_msgpack<metajson::options{.max_depth = 2}>(bytes({0x91, 0x91, 0x91, 0x01}), *std::make_unique<std::vector<std::vector<std::vector<int>>>>())).code(),
            metajson::error_code::depth_exceeded);
}

struct [[= metajson::deny_unknown_keys]] Strict {
  int a = 0;
};
struct Required {
  [[= metajson::required]] int id = 0;
  [[= metajson::range(0, 10)]] int level = 0;
  [[= metajson::name("display name")]] std::string name;
  [[= metajson::skip]] int cache = 42;
};

TEST(MsgpackErrors, AnnotationsAndKeyPolicies) {
  EXPECT_EQ(read_error<Strict>(bytes({0x81, 0xa1, 'b', 0x01})).code(), metajson::error_code::unknown_key);
  EXPECT_EQ(read_error<Point>(bytes({0x82, 0xa1, 'x', 0x01, 0xa1, 'x', 0x02})).code(), metajson::error_code::duplicate_key);
  Point p;
  EXPECT_FALSE((metajson::from_msgpack<metajson::options{.duplicate_keys = metajson::duplicate_key_policy::last_wins}>(
      bytes({0x82, 0xa1, 'x', 0x01, 0xa1, 'x', 0x02}), p)));
  EXPECT_EQ(p.x, 2);
  EXPECT_EQ(read_error<Point>(bytes({0x81, 0x01, 0x02})).code(), metajson::error_code::ok);  // a non-string key: unknown, skipped
  const metajson::error missing = read_error<Required>(bytes({0x80}));
  EXPECT_EQ(missing.code(), metajson::error_code::missing_key);
  const metajson::error range = read_error<Required>(bytes({0x82, 0xa2, 'i', 'd', 0x01, 0xa5, 'l', 'e', 'v', 'e', 'l', 0x0b}));
  EXPECT_EQ(range.code(), metajson::error_code::constraint_violated);
  EXPECT_EQ(range.path(), "$.level");
  Required r;
  r.id = 3;
  r.name = "Ana";
  const std::string b = mp(r);
  EXPECT_EQ(b.find("cache"), std::string::npos);
  EXPECT_NE(b.find("display name"), std::string::npos);
  Required back;
  back.cache = 7;
  ASSERT_FALSE(metajson::from_msgpack(b, back));
  EXPECT_EQ(back.id, 3);
  EXPECT_EQ(back.name, "Ana");
  EXPECT_EQ(back.cache, 7);
  EXPECT_EQ((metajson::from_msgpack<metajson::options{.unknown_keys = metajson::unknown_key_policy::error}>(
                 bytes({0x81, 0xa1, 'q', 0x01}), p))
                .code(),
            metajson::error_code::unknown_key);
}

TEST(MsgpackErrors, TimestampsOutOfRangeOrFinerThanTheUnit) {
  using namespace std::chrono;
  // 1.5 s into a time_point counted in seconds: not exact.
  EXPECT_EQ(read_error<sys_seconds>(bytes({0xd7, 0xff, 0x77, 0x35, 0x94, 0x00, 0, 0, 0, 1})).code(), metajson::error_code::invalid_time);
  // 2^40 s does not fit int64 nanoseconds.
  EXPECT_EQ(read_error<sys_time<nanoseconds>>(bytes({0xc7, 12, 0xff, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0})).code(), metajson::error_code::invalid_time);
  EXPECT_EQ(read_error<sys_seconds>(bytes({0xd6, 0x05, 0, 0, 0, 1})).code(), metajson::error_code::type_mismatch);  // another extension
  // A time_point counted in an unsigned type: the epoch reads, a time before it does not.
  using unsigned_seconds = time_point<system_clock, duration<std::uint64_t>>;
  EXPECT_EQ(metajson::from_msgpack<unsigned_seconds>(mp(unsigned_seconds{})), unsigned_seconds{});
  EXPECT_EQ(read_error<unsigned_seconds>(mp(sys_seconds(seconds(-1)))).code(), metajson::error_code::invalid_time);
}

}  // namespace

// metajson/cbor.hpp: RFC 8949 Appendix A's examples (every one a typed C++ value can hold,
// written byte for byte and read back; the indefinite-length and non-preferred forms read),
// every float16, the deterministic encoding (§4.2.1), tags, every family round-tripped, and the
// strict reader's errors (well-formedness §5.3, lengths before allocation, depth, UTF-8).
#include <metajson/cbor.hpp>
#include <metajson/msgpack.hpp>  // (a few checks of what the formats share)

#include <gtest/gtest.h>

#include <array>
#include <bit>
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
#include <variant>
#include <vector>

#include "counting_new.hpp"

namespace {

// "1a000f4240" -> the bytes.
std::string hex(std::string_view h) {
  std::string s;
  for (std::size_t i = 0; i + 1 < h.size(); i += 2) s += static_cast<char>(std::stoi(std::string(h.substr(i, 2)), nullptr, 16));
  return s;
}
std::string to_hex(std::string_view b) {
  constexpr char digits[] = "0123456789abcdef";
  std::string s;
  for (unsigned char c : b) {
    s += digits[c >> 4];
    s += digits[c & 15];
  }
  return s;
}

template <class T>
std::string cb(const T& v) {
  return to_hex(metajson::to_cbor(v));
}

template <class T>
metajson::error read_error(std::string_view h) {
  T v{};
  return metajson::from_cbor(hex(h), v);
}

template <class T>
T read(std::string_view h) {
  return metajson::from_cbor<T>(hex(h));
}

constexpr metajson::binary_options deterministic{.deterministic = true};
constexpr metajson::binary_options skip_tags{.unknown_tags = metajson::unknown_tag_policy::skip};

enum class Color { red, green, blue };

struct Point {
  int x = 0;
  int y = 0;
  bool operator==(const Point&) const = default;
};

struct AB {
  int a = 0;
  std::vector<int> b;
};

struct FunAmt {
  bool Fun = false;
  int Amt = 0;
};

// --- RFC 8949 Appendix A ---------------------------------------------------------------------------

TEST(CborAppendixA, Integers) {
  EXPECT_EQ(cb(0), "00");
  EXPECT_EQ(cb(1), "01");
  EXPECT_EQ(cb(10), "0a");
  EXPECT_EQ(cb(23), "17");
  EXPECT_EQ(cb(24), "1818");
  EXPECT_EQ(cb(25), "1819");
  EXPECT_EQ(cb(100), "1864");
  EXPECT_EQ(cb(1000), "1903e8");
  EXPECT_EQ(cb(1000000), "1a000f4240");
  EXPECT_EQ(cb(std::int64_t{1000000000000}), "1b000000e8d4a51000");
  EXPECT_EQ(cb(std::numeric_limits<std::uint64_t>::max()), "1bffffffffffffffff");
  EXPECT_EQ(cb(static_cast<unsigned __int128>(1) << 64), "c249010000000000000000");
  EXPECT_EQ(cb(-(static_cast<__int128>(1) << 64)), "3bffffffffffffffff");
  EXPECT_EQ(cb(-(static_cast<__int128>(1) << 64) - 1), "c349010000000000000000");
  EXPECT_EQ(cb(-1), "20");
  EXPECT_EQ(cb(-10), "29");
  EXPECT_EQ(cb(-100), "3863");
  EXPECT_EQ(cb(-1000), "3903e7");
  // and back, into the narrowest type that holds each
  EXPECT_EQ(read<std::uint64_t>("1bffffffffffffffff"), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(read<unsigned __int128>("c249010000000000000000"), static_cast<unsigned __int128>(1) << 64);
  EXPECT_EQ(read<__int128>("3bffffffffffffffff"), -(static_cast<__int128>(1) << 64));
  EXPECT_EQ(read<__int128>("c349010000000000000000"), -(static_cast<__int128>(1) << 64) - 1);
  EXPECT_EQ(read<std::int16_t>("3903e7"), -1000);
  EXPECT_EQ(read<std::int64_t>("c2420100"), 256);  // a bignum that fits: read (§3.4.3 allows it)
  EXPECT_EQ(read_error<std::int64_t>("3bffffffffffffffff").code(), metajson::error_code::number_out_of_range);
  EXPECT_EQ(read_error<std::uint8_t>("190100").code(), metajson::error_code::number_out_of_range);
  EXPECT_EQ(read_error<std::uint32_t>("20").code(), metajson::error_code::number_out_of_range);
  EXPECT_EQ(read_error<std::int64_t>("c249010000000000000000").message(),
            "number out of range (18446744073709551616 does not fit int64) at $ (byte 0)");
  EXPECT_EQ(read_error<std::int8_t>("3880").message(), "number out of range (-129 does not fit int8) at $ (byte 0)");
}

TEST(CborAppendixA, FloatsInTheirShortestForm) {
  EXPECT_EQ(cb(0.0), "f90000");
  EXPECT_EQ(cb(-0.0), "f98000");
  EXPECT_EQ(cb(1.0), "f93c00");
  EXPECT_EQ(cb(1.1), "fb3ff199999999999a");
  EXPECT_EQ(cb(1.5), "f93e00");
  EXPECT_EQ(cb(65504.0), "f97bff");
  EXPECT_EQ(cb(100000.0), "fa47c35000");
  EXPECT_EQ(cb(3.4028234663852886e+38), "fa7f7fffff");
  EXPECT_EQ(cb(1.0e+300), "fb7e37e43c8800759c");
  EXPECT_EQ(cb(5.960464477539063e-8), "f90001");
  EXPECT_EQ(cb(0.00006103515625), "f90400");
  EXPECT_EQ(cb(-4.0), "f9c400");
  EXPECT_EQ(cb(-4.1), "fbc010666666666666");
  EXPECT_EQ(cb(std::numeric_limits<double>::infinity()), "f97c00");
  EXPECT_EQ(cb(std::numeric_limits<double>::quiet_NaN()), "f97e00");
  EXPECT_EQ(cb(-std::numeric_limits<double>::infinity()), "f9fc00");
  EXPECT_EQ(cb(1.5f), "f93e00");
  EXPECT_EQ(cb(100000.0f), "fa47c35000");
  // every width read, and the non-preferred forms of the Appendix
  EXPECT_EQ(read<double>("f97bff"), 65504.0);
  EXPECT_EQ(read<double>("fa47c35000"), 100000.0);
  EXPECT_EQ(read<double>("fb7e37e43c8800759c"), 1.0e+300);
  EXPECT_EQ(read<double>("f90001"), 5.960464477539063e-8);
  EXPECT_EQ(read<double>("fa7f800000"), std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(read<double>("fa7fc00000")));
  EXPECT_EQ(read<double>("fbfff0000000000000"), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(read<double>("fb7ff8000000000000")));
  EXPECT_EQ(read<float>("f9c400"), -4.0f);
  EXPECT_EQ(read<double>("1903e8"), 1000.0);  // an integer into a double
  EXPECT_EQ(read<double>("3903e7"), -1000.0);
  EXPECT_EQ(read_error<int>("f93c00").message(), "expected integer, found float at $ (byte 0)");
  // always 64 bits when asked
  EXPECT_EQ(to_hex(metajson::to_cbor<metajson::options{}, metajson::binary_options{.shortest_floats = false}>(1.5)),
            "fb3ff8000000000000");
}

TEST(CborAppendixA, SimpleValuesAndStrings) {
  EXPECT_EQ(cb(false), "f4");
  EXPECT_EQ(cb(true), "f5");
  EXPECT_EQ(cb(nullptr), "f6");
  EXPECT_EQ(cb(std::optional<int>{}), "f6");
  EXPECT_EQ(read<bool>("f5"), true);
  EXPECT_EQ(read<std::optional<int>>("f6"), std::nullopt);
  EXPECT_EQ(read_error<std::optional<int>>("f7").message(), "expected integer, found undefined at $ (byte 0)");
  EXPECT_EQ(read_error<bool>("f0").code(), metajson::error_code::type_mismatch);    // simple(16)
  EXPECT_EQ(read_error<bool>("f8ff").code(), metajson::error_code::type_mismatch);  // simple(255)
  EXPECT_EQ(to_hex(metajson::to_cbor(std::vector<std::byte>{})), "40");
  EXPECT_EQ(to_hex(metajson::to_cbor(std::vector<std::byte>{std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4}})), "4401020304");
  EXPECT_EQ(cb(std::string("")), "60");
  EXPECT_EQ(cb(std::string("a")), "6161");
  EXPECT_EQ(cb(std::string("IETF")), "6449455446");
  EXPECT_EQ(cb(std::string("\"\\")), "62225c");
  EXPECT_EQ(cb(std::string("\u00fc")), "62c3bc");
  EXPECT_EQ(cb(std::string("\u6c34")), "63e6b0b4");
  EXPECT_EQ(cb(std::string("\U00010151")), "64f0908591");
  EXPECT_EQ(read<std::string>("64f0908591"), "\U00010151");
  EXPECT_EQ(cb(std::string(24, 'x')).substr(0, 4), "7818");
  EXPECT_EQ(cb(std::string(256, 'x')).substr(0, 6), "790100");
  EXPECT_EQ(cb(std::string(65536, 'x')).substr(0, 10), "7a00010000");
}

TEST(CborAppendixA, ArraysAndMaps) {
  EXPECT_EQ(cb(std::vector<int>{}), "80");
  EXPECT_EQ(cb(std::vector<int>{1, 2, 3}), "83010203");
  using Mixed = std::tuple<int, std::array<int, 2>, std::vector<int>>;
  EXPECT_EQ(cb(Mixed{1, {2, 3}, {4, 5}}), "8301820203820405");
  std::vector<int> to25;
  for (int i = 1; i <= 25; ++i) to25.push_back(i);
  EXPECT_EQ(cb(to25), "98190102030405060708090a0b0c0d0e0f101112131415161718181819");
  EXPECT_EQ(cb(std::map<int, int>{}), "a0");
  EXPECT_EQ(cb(std::map<int, int>{{1, 2}, {3, 4}}), "a201020304");
  EXPECT_EQ(cb(AB{1, {2, 3}}), "a26161016162820203");
  using Nested = std::tuple<std::string, std::map<std::string, std::string>>;
  EXPECT_EQ(cb(Nested{"a", {{"b", "c"}}}), "826161a161626163");
  EXPECT_EQ(cb(std::map<std::string, std::string>{{"a", "A"}, {"b", "B"}, {"c", "C"}, {"d", "D"}, {"e", "E"}}),
            "a56161614161626142616361436164614461656145");
  EXPECT_EQ(read<Mixed>("8301820203820405"), (Mixed{1, {2, 3}, {4, 5}}));
  EXPECT_EQ(read<std::vector<int>>("98190102030405060708090a0b0c0d0e0f101112131415161718181819"), to25);
}

TEST(CborAppendixA, IndefiniteLengthsAreRead) {
  std::vector<std::byte> b = read<std::vector<std::byte>>("5f42010243030405ff");
  ASSERT_EQ(b.size(), 5u);
  EXPECT_EQ(b[4], std::byte{5});
  EXPECT_EQ(read<std::string>("7f657374726561646d696e67ff"), "streaming");
  EXPECT_EQ(read<std::vector<int>>("9fff"), std::vector<int>{});
  using Mixed = std::tuple<int, std::array<int, 2>, std::vector<int>>;
  for (const char* h : {"9f018202039f0405ffff", "9f01820203820405ff", "83018202039f0405ff", "83019f0203ff820405"})
    EXPECT_EQ(read<Mixed>(h), (Mixed{1, {2, 3}, {4, 5}})) << h;
  std::vector<int> to25;
  for (int i = 1; i <= 25; ++i) to25.push_back(i);
  EXPECT_EQ(read<std::vector<int>>("9f0102030405060708090a0b0c0d0e0f101112131415161718181819ff"), to25);
  const AB ab = read<AB>("bf61610161629f0203ffff");
  EXPECT_EQ(ab.a, 1);
  EXPECT_EQ(ab.b, (std::vector<int>{2, 3}));
  using Nested = std::tuple<std::string, std::map<std::string, std::string>>;
  EXPECT_EQ(read<Nested>("826161bf61626163ff"), (Nested{"a", {{"b", "c"}}}));
  const FunAmt fa = read<FunAmt>("bf6346756ef563416d7421ff");
  EXPECT_TRUE(fa.Fun);
  EXPECT_EQ(fa.Amt, -2);
  // a key sent in chunks names its member
  EXPECT_EQ(read<Point>("a27f6178ff01617902"), (Point{1, 2}));
  EXPECT_EQ(read<Point>("a261790261780b"), (Point{11, 2}));  // out of order: looked up
}

TEST(CborAppendixA, Tags) {
  using namespace std::chrono;
  EXPECT_EQ(read<sys_seconds>("c11a514b67b0"), sys_seconds(seconds(1363896240)));
  EXPECT_EQ(read<sys_time<milliseconds>>("c1fb41d452d9ec200000"), sys_time<milliseconds>(milliseconds(1363896240500)));
  EXPECT_EQ(cb(sys_seconds(seconds(1363896240))), "c11a514b67b0");
  // tags the reader does not know: an error, or dropped on request
  EXPECT_EQ(read_error<std::vector<std::byte>>("d74401020304").message(),
            "tag 23 is not known to metajson: set binary_options::unknown_tags = skip to read its item at $ (byte 0)");
  std::string url;
  EXPECT_FALSE((metajson::from_cbor<metajson::options{}, skip_tags>(hex("d82076687474703a2f2f7777772e6578616d706c652e636f6d"), url)));
  EXPECT_EQ(url, "http://www.example.com");
  std::vector<std::byte> embedded;
  EXPECT_FALSE((metajson::from_cbor<metajson::options{}, skip_tags>(hex("d818456449455446"), embedded)));
  EXPECT_EQ(embedded.size(), 5u);
  EXPECT_EQ(read<int>("d9d9f701"), 1);  // self-described CBOR (55799): always dropped
  EXPECT_EQ(read<sys_seconds>("c074323031332d30332d32315432303a30343a30305a"), sys_seconds(seconds(1363896240)));
  EXPECT_EQ(read<sys_time<milliseconds>>("c0781d323031332d30332d32315432313a30343a30302e3530302b30313a3030"),
            sys_time<milliseconds>(milliseconds(1363896240500)));  // "2013-03-21T21:04:00.500+01:00"
  EXPECT_EQ(read_error<sys_seconds>("c0781d323031332d30332d32315432313a30343a30302e3530302b30313a3030").code(),
            metajson::error_code::invalid_time);  // finer than seconds
  EXPECT_EQ(read_error<sys_seconds>("c064323031").code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(read_error<sys_seconds>("c06432303133").code(), metajson::error_code::invalid_time);
  // a tagged item skipped as an unknown member is checked, its tag dropped
  EXPECT_EQ(read<Point>("a26178016171d74401020304").x, 1);
}

// --- RFC 8746 typed arrays ---------------------------------------------------------------------------

TEST(CborTypedArrays, ReadIntoNumbersWrittenWhenAsked) {
  // uint16 big-endian [1, 2], little-endian [1, 2], sint8 [-1, 5], float32 LE [1.5], float64 BE [0.1], float16 BE [1.0]
  EXPECT_EQ(read<std::vector<int>>("d84144" "00010002"), (std::vector<int>{1, 2}));
  EXPECT_EQ(read<std::vector<std::uint16_t>>("d84544" "01000200"), (std::vector<std::uint16_t>{1, 2}));
  EXPECT_EQ(read<std::vector<std::int64_t>>("d84842" "ff05"), (std::vector<std::int64_t>{-1, 5}));
  EXPECT_EQ(read<std::vector<double>>("d85544" "0000c03f"), (std::vector<double>{1.5}));
  EXPECT_EQ(read<std::vector<double>>("d85248" "3fb999999999999a"), (std::vector<double>{0.1}));
  EXPECT_EQ(read<std::vector<float>>("d85042" "3c00"), (std::vector<float>{1.0f}));
  EXPECT_EQ((read<std::array<std::uint8_t, 3>>("d84043" "010203")), (std::array<std::uint8_t, 3>{1, 2, 3}));
  EXPECT_EQ(read<std::list<int>>("d84844" "01020304"), (std::list<int>{1, 2, 3, 4}));
  EXPECT_EQ(read<std::set<double>>("d84542" "0700"), (std::set<double>{7.0}));
  // each item checked as a number of its own would be
  EXPECT_EQ(read_error<std::vector<std::uint8_t>>("d84542" "0001").code(), metajson::error_code::number_out_of_range);
  EXPECT_EQ(read_error<std::vector<std::uint8_t>>("d84542" "0001").path(), "$[0]");
  EXPECT_EQ(read_error<std::vector<unsigned>>("d84842" "01ff").path(), "$[1]");  // -1
  EXPECT_EQ(read_error<std::vector<int>>("d85544" "0000c03f").code(), metajson::error_code::type_mismatch);  // floats into ints
  EXPECT_EQ(read_error<std::vector<int>>("d84543" "010203").code(), metajson::error_code::syntax_error);  // 3 bytes of uint16
  EXPECT_EQ(read_error<std::vector<double>>("d85740" "").code(), metajson::error_code::number_out_of_range);  // float128
  EXPECT_EQ(read_error<std::vector<int>>("d84c41" "01").code(), metajson::error_code::type_mismatch);  // 76: reserved, unknown
  EXPECT_EQ((read_error<std::array<int, 2>>("d84843" "010203")).code(), metajson::error_code::wrong_length);
  EXPECT_EQ(read_error<std::string>("d84843" "010203").message(), "expected string, found array at $ (byte 0)");
  // written when asked, in this machine's order; read back by the default reader
  constexpr metajson::binary_options typed{.typed_arrays = true};
  const std::vector<double> xs{0.1, -2.5, 1e300};
  const std::string b = metajson::to_cbor<metajson::options{}, typed>(xs);
  EXPECT_EQ(to_hex(b.substr(0, 3)), std::endian::native == std::endian::little ? "d85658" : "d85258");
  EXPECT_EQ(b.size(), 3u + 1u + 24u);
  EXPECT_EQ(metajson::from_cbor<std::vector<double>>(b), xs);
  struct Mixed {
    std::vector<std::int16_t> shorts{-1, 300};
    std::array<std::uint64_t, 2> longs{1, 2};
    std::vector<bool> flags{true};  // no typed array: an array of booleans
    std::vector<std::string> words{"a"};
  };
  const std::string m = metajson::to_cbor<metajson::options{}, typed>(Mixed{});
  const Mixed back = metajson::from_cbor<Mixed>(m);
  EXPECT_EQ(back.shorts, (std::vector<std::int16_t>{-1, 300}));
  EXPECT_EQ(back.longs[1], 2u);
  EXPECT_EQ(back.flags, std::vector<bool>{true});
}

// --- every float16 -----------------------------------------------------------------------------------

TEST(CborWrite, EveryFloat16ValueIsWrittenInTwoBytesAndReadBack) {
  for (unsigned h = 0; h < 0x10000; ++h) {
    std::string in = hex("f9");
    in += static_cast<char>(h >> 8);
    in += static_cast<char>(h & 0xff);
    const double d = metajson::from_cbor<double>(in);
    const std::string out = metajson::to_cbor(d);
    if (std::isnan(d)) {
      // NaNs keep their payload: two bytes when it fits, and the same bits back
      EXPECT_EQ(out, in) << h;
      continue;
    }
    ASSERT_EQ(out, in) << h;
    const float f = metajson::from_cbor<float>(in);
    EXPECT_EQ(metajson::to_cbor(f), in) << h;
  }
  // the neighbours of float16's values are not
  EXPECT_EQ(cb(65536.0), "fa47800000");
  EXPECT_EQ(cb(std::nextafter(1.0, 2.0)).substr(0, 2), "fb");
  EXPECT_EQ(cb(5.960464477539063e-8 / 2), "fa33000000");
}

// --- deterministic encoding (§4.2.1) -------------------------------------------------------------------

struct Unordered {
  int ccc = 3;
  int bb = 2;
  int a = 1;
  int b = 4;
};

TEST(CborDeterministic, KeysInTheBytewiseOrderOfTheirEncoding) {
  EXPECT_EQ(to_hex(metajson::to_cbor<metajson::options{}, deterministic>(Unordered{})), "a4" "616101" "616204" "62626202" "6363636303");
  EXPECT_EQ(cb(Unordered{}), "a4" "6363636303" "62626202" "616101" "616204");  // declaration order by default
  const std::map<std::string, int> m{{"b", 1}, {"aa", 2}, {"a", 3}};
  EXPECT_EQ(to_hex(metajson::to_cbor<metajson::options{}, deterministic>(m)), "a3" "616103" "616201" "62616102");
  const std::map<int, int> ints{{-1, 0}, {0, 0}, {10, 0}, {300, 0}};
  EXPECT_EQ(to_hex(metajson::to_cbor<metajson::options{}, deterministic>(ints)), "a4" "0000" "0a00" "19012c00" "2000");
  // equal values, equal bytes, whatever order a hash map holds them in
  std::unordered_map<std::string, std::vector<int>> u1, u2;
  for (int i = 0; i < 100; ++i) u1["k" + std::to_string(i)] = {i};
  for (int i = 99; i >= 0; --i) u2["k" + std::to_string(i)] = {i};
  u2.rehash(1000);
  EXPECT_EQ((metajson::to_cbor<metajson::options{}, deterministic>(u1)), (metajson::to_cbor<metajson::options{}, deterministic>(u2)));
  // and they read back
  auto back = metajson::from_cbor<std::unordered_map<std::string, std::vector<int>>>(metajson::to_cbor<metajson::options{}, deterministic>(u1));
  EXPECT_EQ(back, u1);
}

// --- every family ----------------------------------------------------------------------------------

struct Everything {
  std::int8_t i8 = -5;
  std::uint64_t u64 = 1ull << 40;
  double d = 0.1;
  float f = 1.25f;
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
  std::chrono::sys_seconds whole{std::chrono::seconds(-86400)};
  std::chrono::milliseconds timeout{2500};
  std::set<int> tags{3, 1, 2};
  std::list<std::string> words{"x", "y"};
  std::deque<double> queue{0.5, -2.0};
  std::unique_ptr<Point> ptr = std::make_unique<Point>(Point{5, 6});
  std::nullptr_t nothing = nullptr;
  char letter = 'q';
  __int128 huge = -(static_cast<__int128>(1) << 100);
  bool operator==(const Everything& o) const {
    return i8 == o.i8 && u64 == o.u64 && d == o.d && f == o.f && b == o.b && s == o.s && c == o.c && none == o.none &&
           some == o.some && points == o.points && by_name == o.by_name && by_id == o.by_id && raw == o.raw &&
           fixed == o.fixed && pair == o.pair && var == o.var && when == o.when && whole == o.whole && timeout == o.timeout &&
           tags == o.tags && words == o.words && queue == o.queue && (ptr && o.ptr ? *ptr == *o.ptr : ptr == o.ptr) &&
           letter == o.letter && huge == o.huge;
  }
};

TEST(CborRoundTrip, EveryFamily) {
  const Everything e;
  const std::string b = metajson::to_cbor(e);
  Everything back;
  back.i8 = 0;
  back.points.clear();
  back.ptr.reset();
  back.huge = 0;
  ASSERT_FALSE(metajson::from_cbor(b, back)) << metajson::from_cbor(b, back).message();
  EXPECT_TRUE(back == e);
  auto again = metajson::try_from_cbor<Everything>(metajson::to_cbor<metajson::options{}, deterministic>(e));
  ASSERT_TRUE(again.has_value());
  EXPECT_TRUE(*again == e);
}

TEST(CborWrite, TimesAsTag1OrTag1001) {
  using namespace std::chrono;
  EXPECT_EQ(cb(sys_seconds(seconds(0))), "c100");
  EXPECT_EQ(cb(sys_seconds(seconds(-1))), "c120");
  // 1.5 s: tag 1001, {1: 1, -9: 500000000}
  EXPECT_EQ(cb(sys_time<milliseconds>(milliseconds(1500))), "d903e9a20101281a1dcd6500");
  EXPECT_EQ(read<sys_time<milliseconds>>("d903e9a20101281a1dcd6500"), sys_time<milliseconds>(milliseconds(1500)));
  EXPECT_EQ(read<sys_time<milliseconds>>("d903e9a20101221901f4"), sys_time<milliseconds>(milliseconds(1500)));  // -3: 500 ms
  EXPECT_EQ(read_error<sys_seconds>("d903e9a20101281a1dcd6500").code(), metajson::error_code::invalid_time);  // finer than the unit
  EXPECT_EQ(read_error<sys_seconds>("d903e9a1281a1dcd6500").code(), metajson::error_code::invalid_time);      // no seconds
  EXPECT_EQ(read_error<sys_seconds>("d903e9a2010103f5").code(), metajson::error_code::type_mismatch);       // another key
  EXPECT_EQ(read_error<sys_seconds>("c1f97e00").code(), metajson::error_code::invalid_time);                // NaN seconds
  EXPECT_EQ(read_error<sys_seconds>("1a514b67b0").message(),
            "expected time (tag 0, 1 or 1001), found integer at $ (byte 0)");
}

TEST(CborRoundTrip, ViewsPointIntoTheInput) {
  struct Views {
    std::string_view name;
    std::span<const std::byte> payload;
  };
  const std::string b = hex("a2646e616d6563616263677061796c6f61644301020" "3");
  const Views v = metajson::from_cbor<Views>(b);
  EXPECT_EQ(v.name, "abc");
  EXPECT_EQ(v.name.data(), b.data() + 7);
  ASSERT_EQ(v.payload.size(), 3u);
  // a string in chunks has no one place in the input
  Views w;
  EXPECT_EQ(metajson::from_cbor(hex("a2646e616d657f61616162ff677061796c6f616440"), w).code(), metajson::error_code::escaped_string_view);
}

TEST(CborRead, UntaggedVariantsByKind) {
  using V = std::variant<std::monostate, bool, std::int64_t, double, std::string, std::vector<int>, Point, std::chrono::sys_seconds>;
  EXPECT_EQ(read<V>("f6").index(), 0u);
  EXPECT_EQ(read<V>("f5").index(), 1u);
  EXPECT_EQ(read<V>("3903e7").index(), 2u);
  EXPECT_EQ(read<V>("c2420100").index(), 2u);
  EXPECT_EQ(read<V>("f93e00").index(), 3u);
  EXPECT_EQ(read<V>("6161").index(), 4u);
  EXPECT_EQ(read<V>("7f6161ff").index(), 4u);
  EXPECT_EQ(read<V>("9f01ff").index(), 5u);
  EXPECT_EQ(read<V>("a161780a").index(), 6u);
  EXPECT_EQ(read<V>("c100").index(), 7u);
  EXPECT_EQ(read<V>("d9d9f7c100").index(), 7u);
  EXPECT_EQ(read_error<V>("40").code(), metajson::error_code::no_matching_alternative);
}

// --- from reading the code again ------------------------------------------------------------------

TEST(CborRead, TagsInAnyHeadForm) {
  using namespace std::chrono;
  EXPECT_EQ(read<int>("d8024101"), 1);                                        // tag 2, one-byte head
  EXPECT_EQ(read<sys_seconds>("d80100"), sys_seconds(seconds(0)));             // tag 1
  EXPECT_EQ(read<std::vector<std::uint8_t>>("d900404107"), std::vector<std::uint8_t>{7});  // tag 64
  EXPECT_EQ(read<sys_seconds>("da000003e9a10100"), sys_seconds(seconds(0)));   // tag 1001, four-byte head
  EXPECT_EQ(read_error<int>("c1").code(), metajson::error_code::unexpected_end);  // a tag and no item
}

TEST(CborRead, NegativeIntegersIntoFloatsRoundOnce) {
  EXPECT_EQ(read<double>("3b0020000000000001"), -9007199254740994.0);
  EXPECT_EQ(read<float>("3a01000001"), -16777218.0f);
  EXPECT_EQ(read<double>("3bffffffffffffffff"), -0x1p64);
  EXPECT_EQ(metajson::from_msgpack<double>(std::string("\xd3\xff\xdf\xff\xff\xff\xff\xff\xfe", 9)), -9007199254740994.0);
}

TEST(CborTimes, EveryUnitExactAndInRange) {
  using namespace std::chrono;
  using days_t = time_point<system_clock, duration<int, std::ratio<86400>>>;
  EXPECT_EQ(read_error<days_t>("c120").code(), metajson::error_code::invalid_time);   // -1 s is no whole day
  EXPECT_EQ(read<days_t>("c13a0001517f").time_since_epoch().count(), -1);  // -86400 s
  using hours_t = time_point<system_clock, hours>;
  EXPECT_EQ(read_error<hours_t>("c1183c").code(), metajson::error_code::invalid_time);  // 60 s
  // the extremes of a nanosecond and a second clock round-trip
  using ns_t = sys_time<nanoseconds>;
  for (ns_t t : {ns_t::max(), ns_t::min(), ns_t{}}) EXPECT_EQ(metajson::from_cbor<ns_t>(metajson::to_cbor(t)), t);
  for (ns_t t : {ns_t::max(), ns_t::min()}) EXPECT_EQ(metajson::from_msgpack<ns_t>(metajson::to_msgpack(t)), t);
  EXPECT_EQ(read<sys_seconds>("c11b7fffffffffffffff"), sys_seconds(seconds(std::numeric_limits<std::int64_t>::max())));
  // a unit no whole number of nanoseconds could be written in does not compile (checked by hand:
  // time_point<system_clock, duration<long, std::ratio<1, 3>>>)
}

TEST(CborErrors, ManyLargeItemsReserveLittle) {
  // 2^20 items claimed, each 4 KiB in memory, in a few bytes more than that many.
  std::string in = hex("9a00100000");
  in.append(std::size_t{1} << 20, '\x80');
  test_support::largest_allocation(true);
  using Big = std::vector<std::array<double, 512>>;
  EXPECT_EQ(read_error<Big>(to_hex(in)).message(), "array has the wrong length (expected 512 elements, found 0) at $[0] (byte 5)");
  EXPECT_LT(test_support::largest_allocation(), std::size_t{64} << 20);
}

// --- errors ------------------------------------------------------------------------------------------

TEST(CborErrors, NotWellFormed) {
  EXPECT_EQ(read_error<int>("").code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(read_error<int>("1903").code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(read_error<int>("0102").code(), metajson::error_code::trailing_content);
  EXPECT_EQ(read_error<int>("1c").message(), "the additional information 28 (0x1c) is reserved in CBOR at $ (byte 0)");
  EXPECT_EQ(read_error<int>("1f").code(), metajson::error_code::syntax_error);     // an integer of indefinite length
  EXPECT_EQ(read_error<int>("ff").code(), metajson::error_code::syntax_error);     // a break alone
  EXPECT_EQ(read_error<std::string>("7f4161ff").code(), metajson::error_code::syntax_error);  // a byte chunk in a text
  EXPECT_EQ(read_error<std::string>("7f7f6161ffff").code(), metajson::error_code::syntax_error);  // nested indefinite
  EXPECT_EQ(read_error<std::string>("7f6161").code(), metajson::error_code::unexpected_end);     // no break
  EXPECT_EQ(read_error<std::vector<int>>("9f0102").code(), metajson::error_code::unexpected_end);
  // skipped values are checked as thoroughly (an unknown member of a Point)
  for (const char* bad : {"1c", "f81f", "ff", "5f4161", "7f4161ff", "bf01ff", "9f", "62c328", "7f61c361bcff", "dc", "d9d9f7", "fc"})
    EXPECT_NE(read_error<Point>(std::string("a16171") + bad).code(), metajson::error_code::ok) << bad;
  for (const char* good : {"f0", "f8ff", "f7", "d74401020304", "bf0102ff", "c249010000000000000000", "fa47c35000"})
    EXPECT_EQ(read_error<Point>(std::string("a16171") + good).code(), metajson::error_code::ok) << good;
}

TEST(CborErrors, TextIsUtf8EvenInChunks) {
  EXPECT_EQ(read_error<std::string>("62c328").code(), metajson::error_code::invalid_utf8);
  // ü (c3 bc) split across two chunks: each chunk must be UTF-8 of its own (§3.2.3)
  EXPECT_EQ(read_error<std::string>("7f61c361bcff").code(), metajson::error_code::invalid_utf8);
  EXPECT_EQ(read<std::string>("7f62c3bc6161ff"), "\u00fca");
  std::string s;
  EXPECT_FALSE((metajson::from_cbor<metajson::options{.utf8 = metajson::utf8_policy::replace}>(hex("626aff"), s)));
  EXPECT_EQ(s, "j\xEF\xBF\xBD");
  EXPECT_EQ(metajson::try_to_cbor(std::string("\xff")).error().code(), metajson::error_code::invalid_utf8);
}

TEST(CborErrors, LengthsAreCheckedBeforeAnyAllocation) {
  const std::size_t before = test_support::allocation_count();
  test_support::largest_allocation(true);
  EXPECT_EQ(read_error<std::vector<std::uint64_t>>("9b000000010000000001").code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(read_error<std::vector<std::byte>>("5b00000001000000000001").code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(read_error<std::string>("7bffffffffffffffff61").code(), metajson::error_code::unexpected_end);
  EXPECT_EQ((read_error<std::map<int, int>>("bb7fffffffffffffff0101")).code(), metajson::error_code::unexpected_end);
  EXPECT_LT(test_support::allocation_count() - before, 40u);
  EXPECT_LT(test_support::largest_allocation(), 4096u);
  // indefinite lengths grow with what is there: an array of n items allocates for about n
  std::string many = hex("9f");
  for (int i = 0; i < 1000; ++i) many += '\x01';
  many += '\xff';
  test_support::largest_allocation(true);
  EXPECT_EQ(metajson::from_cbor<std::vector<std::uint8_t>>(many).size(), 1000u);
  EXPECT_LT(test_support::largest_allocation(), 4096u);
}

TEST(CborErrors, DepthIsBounded) {
  std::string deep(100000, static_cast<char>(0x81));
  deep += static_cast<char>(0x01);
  using Nested = std::variant<int, std::vector<int>>;
  EXPECT_EQ(metajson::from_cbor(deep, *std::make_unique<Nested>()).code(), metajson::error_code::depth_exceeded);
  std::string indefinite(100000, static_cast<char>(0x9f));
  EXPECT_EQ(metajson::from_cbor(hex("a16171") + indefinite, *std::make_unique<Point>()).code(), metajson::error_code::depth_exceeded);
  std::string tags;  // tags nest without depth, and are bounded by the input
  for (int i = 0; i < 100000; ++i) tags += hex("d9d9f7");
  EXPECT_EQ(metajson::from_cbor<int>(tags + hex("07")), 7);
}

TEST(CborErrors, PathsAndBytes) {
  const metajson::error e = read_error<std::vector<Point>>("82a2617801617902a261780161796161");
  EXPECT_EQ(e.message(), "expected integer, found string at $[1].y (byte 14)");
  struct [[= metajson::deny_unknown_keys]] Strict {
    int a = 0;
  };
  EXPECT_EQ(read_error<Strict>("a1616201").code(), metajson::error_code::unknown_key);
  EXPECT_EQ(read_error<Point>("a2617801617802").code(), metajson::error_code::duplicate_key);
  using Pair = std::array<int, 2>;
  EXPECT_EQ(read_error<Pair>("83010203").code(), metajson::error_code::wrong_length);
  EXPECT_EQ(read_error<Pair>("9f010203ff").message(), "array has the wrong length (expected 2 elements, found more) at $ (byte 0)");
  EXPECT_EQ(read_error<Pair>("9f01ff").message(), "array has the wrong length (expected 2 elements, found 1) at $ (byte 0)");
}

}  // namespace

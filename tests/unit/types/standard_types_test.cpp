// The standard library's class templates that users hold in structs, each pinned to its JSON
// (written, then read back to the same JSON) or to its compile-time refusal, so that a new
// compiler or standard library cannot silently change either (issue "nothing silently lost").
// A refused type is checked here through the trait behind the static_assert
// (reflect::hidden_state); tests/compile_fail/refused_types.cpp checks the error itself.
#include <metajson/metajson.hpp>
#include <metajson/schema.hpp>

#include <gtest/gtest.h>

#include <any>
#include <atomic>
#include <bitset>
#include <chrono>
#include <complex>
#include <cstddef>
#include <cstdlib>
#include <deque>
#include <expected>
#include <filesystem>
#include <forward_list>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <memory_resource>
#include <mutex>
#include <optional>
#include <queue>
#include <random>
#include <set>
#include <source_location>
#include <span>
#include <stack>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <tuple>
#include <typeindex>
#include <unordered_map>
#include <unordered_set>
#include <valarray>
#include <variant>
#include <vector>
#if __has_include(<flat_map>)
#include <flat_map>
#include <flat_set>
#endif

namespace {

using namespace std::chrono_literals;
using metajson::detail::family;
using metajson::detail::family_of;

template <class T> constexpr bool is_span = false;
template <class T, std::size_t N> constexpr bool is_span<std::span<T, N>> = true;

// Written as `json`; read back (when the type can be read), written again: the same JSON.
template <class T>
void pin(const T& v, std::string_view json) {
  ASSERT_EQ(metajson::to_json(v), json);
  if constexpr (std::is_default_constructible_v<T> && !std::is_same_v<T, std::string_view> &&
                !is_span<T>) {
    T back{};
    ASSERT_FALSE(metajson::from_json(json, back)) << json;
    EXPECT_EQ(metajson::to_json(back), json);
  }
}

// A standard class whose state is private, refused at compile time with the standard-type message.
// (Checked at run time: string_view's compare is not a constant expression under
// -fsanitize=undefined, and this test runs under the sanitizers too.)
template <class T>
bool refused() {
  constexpr std::string_view why = metajson::detail::reflect::hidden_state<T>();
  return family_of<T>() == family::object && why.starts_with("metajson has no JSON mapping for '");
}

TEST(StandardTypes, Strings) {
  pin(std::string("a\"b"), R"("a\"b")");
  pin(std::string_view("sv"), R"("sv")");
  pin(std::u8string(u8"\u00e9"), "\"\u00e9\"");
  pin(std::u16string(u"h\u00e9\U0001F600"), "\"h\u00e9\U0001F600\"");
  pin(std::u32string(U"x\U0001F600"), "\"x\U0001F600\"");
  pin(std::wstring(L"w\u00e9"), "\"w\u00e9\"");
  pin(std::pmr::string("pmr"), R"("pmr")");
}

TEST(StandardTypes, Sequences) {
  pin(std::vector<int>{1, 2}, "[1,2]");
  pin(std::deque<int>{1, 2}, "[1,2]");
  pin(std::list<int>{1, 2}, "[1,2]");
  pin(std::forward_list<int>{1, 2}, "[1,2]");
  pin(std::array<int, 2>{1, 2}, "[1,2]");
  pin(std::set<int>{2, 1}, "[1,2]");
  pin(std::multiset<int>{1, 1}, "[1,1]");
  pin(std::unordered_set<int>{3}, "[3]");
  pin(std::unordered_multiset<int>{3, 3}, "[3,3]");
  pin(std::pmr::vector<int>{4}, "[4]");
  const int xs[] = {5, 6};
  pin(std::span<const int>(xs), "[5,6]");
#if __has_include(<flat_map>)
  pin(std::flat_set<int>{2, 1}, "[1,2]");
#endif
}

TEST(StandardTypes, Maps) {
  pin(std::map<std::string, int>{{"a", 1}}, R"({"a":1})");
  pin(std::multimap<std::string, int>{{"a", 1}, {"a", 2}}, R"({"a":1,"a":2})");
  pin(std::unordered_map<std::string, int>{{"a", 1}}, R"({"a":1})");
  pin(std::unordered_multimap<std::string, int>{{"a", 1}}, R"({"a":1})");
  pin(std::map<int, bool>{{7, true}}, R"({"7":true})");
#if __has_include(<flat_map>)
  pin(std::flat_map<std::string, int>{{"b", 2}, {"a", 1}}, R"({"a":1,"b":2})");
#endif
}

TEST(StandardTypes, SumAndProductTypes) {
  pin(std::optional<int>(3), "3");
  pin(std::optional<int>(), "null");
  pin(std::variant<int, std::string>("v"), R"("v")");
  pin(std::monostate{}, "null");
  pin(std::pair<int, std::string>(1, "p"), R"([1,"p"])");
  pin(std::tuple<int, bool>(1, true), "[1,true]");
  pin(std::make_unique<int>(8), "8");
  pin(std::make_shared<int>(9), "9");
  pin(nullptr, "null");
  pin(std::div_t{7, 1}, R"({"quot":7,"rem":1})");
#if defined(__cpp_lib_tuple_like) && __cpp_lib_tuple_like >= 202311L
  pin(std::complex<double>(1.5, -2), "[1.5,-2.0]");  // C++26 gives complex the tuple protocol
#else
  EXPECT_TRUE(refused<std::complex<double>>());  // C++23's has none: its state is private
#endif
  pin(std::valarray<int>{1, 2}, "[1,2]");
}

TEST(StandardTypes, TimeAndOthers) {
  pin(std::chrono::seconds(90), "90");
  pin(std::chrono::milliseconds(5), "5");
  pin(std::chrono::sys_seconds(1715000000s), R"("2024-05-06T12:53:20Z")");
  pin(std::chrono::year_month_day{std::chrono::year(2024), std::chrono::May, std::chrono::day(6)}, R"("2024-05-06")");
  pin(std::bitset<4>(5), R"("0101")");
  pin(std::bitset<70>().set(69), "\"1" + std::string(69, '0') + "\"");
  pin(std::byte{255}, "255");
  pin(std::filesystem::path("dir/file.txt"), R"("dir/file.txt")");
  pin(std::filesystem::path("/abs/\u00e9"), "\"/abs/\u00e9\"");
}

TEST(StandardTypes, Atomics) {
  // Not copyable: pinned by hand.
  const std::atomic<int> a{3};
  EXPECT_EQ(metajson::to_json(a), "3");
  std::atomic<int> b{0};
  ASSERT_FALSE(metajson::from_json("42", b));
  EXPECT_EQ(b.load(), 42);
  const std::atomic<bool> f{true};
  EXPECT_EQ(metajson::to_json(f), "true");
}

// The families: a new standard library must not move a type to another family unnoticed.
static_assert(family_of<std::byte>() == family::standard);
static_assert(family_of<std::bitset<8>>() == family::standard);
static_assert(family_of<std::atomic<long>>() == family::standard);
static_assert(family_of<std::atomic_ref<long>>() == family::standard);
static_assert(family_of<std::filesystem::path>() == family::standard);
static_assert(family_of<std::chrono::year_month_day>() == family::standard);
static_assert(family_of<std::u16string>() == family::standard);
static_assert(family_of<std::u16string_view>() == family::standard);
static_assert(family_of<std::string>() == family::string);
static_assert(family_of<std::div_t>() == family::object);

// The calendar arithmetic of detail/chrono.hpp (the core headers do not include <chrono>'s
// calendar) against std::chrono's: every day of the years -1000..10999 both ways, the ends of
// std::chrono::year's range, and every validity verdict of a year's month and day numbers 0-13 and 0-32.
TEST(StandardTypes, CivilCalendarMatchesStdChrono) {
  using namespace std::chrono;
  const long long first = sys_days{year{-1000} / January / 1}.time_since_epoch().count();
  const long long last = sys_days{year{10999} / December / 31}.time_since_epoch().count();
  auto same = [](long long n) {
    const year_month_day ymd{sys_days{days{n}}};
    const metajson::detail::civil_date c = metajson::detail::civil_from_days(n);
    return c.year == static_cast<int>(ymd.year()) && c.month == static_cast<unsigned>(ymd.month()) &&
           c.day == static_cast<unsigned>(ymd.day()) && metajson::detail::days_from_civil(c.year, c.month, c.day) == n;
  };
  long long wrong = 0;
  for (long long n = first; n <= last; ++n) wrong += same(n) ? 0 : 1;
  EXPECT_EQ(wrong, 0);
  // The ends of std::chrono::year's range (-32767..32767) and a few days inside them.
  const long long lowest = sys_days{year{-32767} / January / 1}.time_since_epoch().count();
  const long long highest = sys_days{year{32767} / December / 31}.time_since_epoch().count();
  for (long long n : {lowest, lowest + 59, lowest + 366, highest - 366, highest - 306, highest, -1LL, 0LL, 59LL, 60LL})
    EXPECT_TRUE(same(n)) << n;
  for (int y : {-400, -100, -4, -1, 0, 1, 4, 100, 200, 400, 1900, 2000, 2023, 2024, 2100, 9999})
    for (unsigned m = 0; m <= 13; ++m)
      for (unsigned d = 0; d <= 32; ++d)
        EXPECT_EQ(metajson::detail::is_valid_date(y, m, d), year_month_day(year{y}, month{m}, day{d}).ok()) << y << '-' << m << '-' << d;
}

// The umbrella header recognises the one calendar type it maps by what the type offers; the
// others stay objects nobody maps (and are refused), and a class of one's own with the same
// accessors is a class of one's own.
struct LooksLikeADate {
  int y = 2024;
  int year() const { return y; }
  unsigned month() const { return 1; }
  unsigned day() const { return 1; }
  bool ok() const { return true; }
};
static_assert(metajson::detail::calendar_date_like<std::chrono::year_month_day>);
static_assert(!metajson::detail::calendar_date_like<std::chrono::year_month_day_last>);
static_assert(!metajson::detail::calendar_date_like<std::chrono::year_month_weekday>);
static_assert(!metajson::detail::calendar_date_like<LooksLikeADate>);
static_assert(family_of<LooksLikeADate>() == family::object);

// Refused at compile time: no single JSON form, or state that is not data.

TEST(StandardTypes, RefusedAtCompileTime) {
  EXPECT_TRUE((refused<std::function<int()>>())) << "std::function<int()>";
  EXPECT_TRUE((refused<std::move_only_function<int()>>())) << "std::move_only_function<int()>";
  EXPECT_TRUE((refused<std::expected<int, std::string>>())) << "std::expected<int, std::string>";
  EXPECT_TRUE((refused<std::any>())) << "std::any";
  EXPECT_TRUE((refused<std::stack<int>>())) << "std::stack<int>";
  EXPECT_TRUE((refused<std::queue<int>>())) << "std::queue<int>";
  EXPECT_TRUE((refused<std::priority_queue<int>>())) << "std::priority_queue<int>";
  EXPECT_TRUE((refused<std::weak_ptr<int>>())) << "std::weak_ptr<int>";
  EXPECT_TRUE((refused<std::reference_wrapper<int>>())) << "std::reference_wrapper<int>";
  EXPECT_TRUE((refused<std::chrono::year>())) << "std::chrono::year";
  EXPECT_TRUE((refused<std::chrono::month>())) << "std::chrono::month";
  EXPECT_TRUE((refused<std::chrono::day>())) << "std::chrono::day";
  EXPECT_TRUE((refused<std::chrono::weekday>())) << "std::chrono::weekday";
  EXPECT_TRUE((refused<std::chrono::hh_mm_ss<std::chrono::seconds>>())) << "std::chrono::hh_mm_ss<std::chrono::seconds>";
  EXPECT_TRUE((refused<std::thread::id>())) << "std::thread::id";
  EXPECT_TRUE((refused<std::type_index>())) << "std::type_index";
  EXPECT_TRUE((refused<std::error_code>())) << "std::error_code";
  EXPECT_TRUE((refused<std::mutex>())) << "std::mutex";
  EXPECT_TRUE((refused<std::mt19937>())) << "std::mt19937";
  EXPECT_TRUE((refused<std::source_location>())) << "std::source_location";
}

// Classes of the user's: refused with the user-type message, or accepted.
#if METAJSON_BACKEND_P2996  // (what reflection sees of private members and bases; C++23 refuses such classes outright)
class Money {
  long cents_ = 0;
};
struct Interface {
  virtual ~Interface() = default;
};
struct Base {
  int x = 0;
};
struct HiddenBase : private Base {
  int y = 0;
};
struct Anonymous {
  union {
    int i;
    float f;
  };
};
#endif
struct Empty {};
struct WithSkip {
  int a = 0;

 private:
  friend struct metajson::access;  // (C++23: decomposed there, every member listed)
  int cache_ = 0;
};
}  // namespace
template <>
struct metajson::meta<WithSkip> {
  static constexpr auto members = metajson::with(metajson::member<&WithSkip::a>(), metajson::member<"cache_">(metajson::skip));
};
namespace {
#if METAJSON_BACKEND_P2996
struct Shared : std::enable_shared_from_this<Shared> {  // identity, not value: not state
  Shared() = default;
  int x = 0;
};
struct WithComparator {
  int x = 0;

 private:
  std::less<> order_;  // an empty type holds nothing
};
#endif
#if METAJSON_BACKEND_P2996
struct Failure : std::runtime_error {  // the base's message is private to the standard library
  Failure() : std::runtime_error("x") {}
  int code = 0;
};
#endif
using metajson::detail::reflect::hidden_state;

#if METAJSON_BACKEND_P2996
TEST(StandardTypes, HiddenState) {
  EXPECT_TRUE(hidden_state<Shared>().empty());
  EXPECT_TRUE(hidden_state<WithComparator>().empty());
  EXPECT_TRUE(hidden_state<Money>().contains("its data member 'cents_' is private"));
  EXPECT_TRUE(hidden_state<Interface>().contains("no data members but is not empty"));
  EXPECT_TRUE(hidden_state<HiddenBase>().contains("Base' is not public, and it holds data"));
  EXPECT_TRUE(hidden_state<Anonymous>().contains("unnamed data member"));
  EXPECT_TRUE(hidden_state<Empty>().empty());
  EXPECT_TRUE(hidden_state<WithSkip>().empty());
  EXPECT_TRUE(hidden_state<Failure>().contains("its base class 'std::runtime_error' is a standard class whose state is private; "
                                               "instead, specialize metajson::adapter<"));
}
#endif

TEST(StandardTypes, Refusals) {
  EXPECT_EQ(metajson::to_json(Empty{}), "{}");
  EXPECT_EQ(metajson::to_json(WithSkip{}), R"({"a":0})");
#if METAJSON_BACKEND_P2996  // (a private member of an empty type, a standard base: reflection sees they hold nothing)
  EXPECT_EQ(metajson::to_json(WithComparator{}), R"({"x":0})");
  const Shared shared;
  EXPECT_EQ(metajson::to_json(shared), R"({"x":0})");
#endif
}

TEST(StandardTypes, InvalidValues) {
  const auto message = [](auto&& target, std::string_view json) {
    const metajson::error e = metajson::from_json(json, target);
    EXPECT_EQ(e.code(), metajson::error_code::invalid_value) << json;
    return e.message();
  };
  std::bitset<4> bits;
  EXPECT_EQ(message(bits, R"("101")"),
            "invalid value for its type (a std::bitset needs a string of exactly as many '0' and '1' characters as it has "
            "bits) at $ (line 1, column 1)");
  EXPECT_EQ(message(bits, R"("1021")"),
            "invalid value for its type (a std::bitset needs a string of '0' and '1' characters only) at $ (line 1, column 1)");
  std::chrono::year_month_day d;
  for (const char* bad : {R"("2023-02-29")", R"("2024-5-06")", R"("2024-05-06T00:00:00Z")", R"("2024-13-01")", R"("2024-00-10")",
                          R"("-024-01-01")", R"("2024/01/01")"})
    EXPECT_EQ(message(d, bad),
              "invalid value for its type (a std::chrono::year_month_day needs a date \"YYYY-MM-DD\" that exists) at $ "
              "(line 1, column 1)");
  ASSERT_FALSE(metajson::from_json(R"("2024-02-29")", d));
  EXPECT_EQ(d, std::chrono::year_month_day(std::chrono::year(2024), std::chrono::February, std::chrono::day(29)));
  std::byte b{};
  EXPECT_EQ(metajson::from_json("256", b).code(), metajson::error_code::number_out_of_range);
  EXPECT_EQ(metajson::from_json("-1", b).code(), metajson::error_code::number_out_of_range);

  // Writing: what has no faithful JSON is an error, never a replacement.
  const auto write_error = [](const auto& v) {
    std::string out;
    const metajson::error e = metajson::try_to_json(v, out);
    EXPECT_EQ(e.code(), metajson::error_code::invalid_value);
    return e.message();
  };
  EXPECT_EQ(write_error(std::u16string(1, char16_t(0xD800))),
            "invalid value for its type (invalid UTF-16: a high surrogate without its low surrogate) at $");
  EXPECT_EQ(write_error(std::u16string(1, char16_t(0xDC00))),
            "invalid value for its type (invalid UTF-16: a low surrogate without its high surrogate) at $");
  EXPECT_EQ(write_error(std::u32string(1, char32_t(0x110000))),
            "invalid value for its type (invalid UTF-32: a code unit above U+10FFFF) at $");
  EXPECT_EQ(write_error(std::u32string(1, char32_t(0xD800))), "invalid value for its type (invalid UTF-32: a surrogate code point) at $");
  EXPECT_EQ(write_error(std::chrono::year_month_day(std::chrono::year(2023), std::chrono::February, std::chrono::day(29))),
            "invalid value for its type (a std::chrono::year_month_day that is not a date (ok() is false)) at $");
  EXPECT_EQ(write_error(std::chrono::year_month_day(std::chrono::year(10000), std::chrono::January, std::chrono::day(1))),
            "invalid value for its type (a std::chrono::year_month_day outside the years 0000-9999) at $");
  // A path whose bytes are not UTF-8: the string writer refuses it (utf8_policy::validate).
  std::string out;
  EXPECT_EQ(metajson::try_to_json(std::filesystem::path("a\xff"), out).code(), metajson::error_code::invalid_utf8);
}

// UTF-16/UTF-32 transcoding against a slow oracle: every code point through each width, and
// random strings of code points (surrogate pairs included), written and read back.
TEST(StandardTypes, WideStringsRoundTrip) {
  std::mt19937 rng(15);
  for (int trial = 0; trial < 2000; ++trial) {
    std::u32string s32;
    const int n = static_cast<int>(rng() % 12);
    for (int i = 0; i < n; ++i) {
      char32_t cp;
      do cp = static_cast<char32_t>(rng() % 4 == 0 ? rng() % 0x80 : rng() % 0x110000);
      while (cp >= 0xD800 && cp <= 0xDFFF);
      s32 += cp;
    }
    // The oracle: UTF-16 by the definition, UTF-8 by the definition.
    std::u16string s16;
    std::string utf8;
    for (char32_t cp : s32) {
      if (cp >= 0x10000) {
        s16 += static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
        s16 += static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
      } else {
        s16 += static_cast<char16_t>(cp);
      }
      if (cp < 0x80) utf8 += static_cast<char>(cp);
      else if (cp < 0x800) utf8 += {static_cast<char>(0xC0 | (cp >> 6)), static_cast<char>(0x80 | (cp & 0x3F))};
      else if (cp < 0x10000)
        utf8 += {static_cast<char>(0xE0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
      else
        utf8 += {static_cast<char>(0xF0 | (cp >> 18)), static_cast<char>(0x80 | ((cp >> 12) & 0x3F)),
                 static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
    }
    const std::string expected = metajson::to_json(utf8);
    ASSERT_EQ(metajson::to_json(s32), expected);
    ASSERT_EQ(metajson::to_json(s16), expected);
    std::u16string r16;
    std::u32string r32;
    ASSERT_FALSE(metajson::from_json(expected, r16));
    ASSERT_FALSE(metajson::from_json(expected, r32));
    ASSERT_EQ(r16, s16);
    ASSERT_EQ(r32, s32);
  }
}

}  // namespace

// metajson::schema<T, O>() against metajson::from<T, O>: the schema generated from a type,
// compiled with metajson::json_schema, must accept exactly the documents the reader accepts
// (issue 53). For each type and both reading options (the defaults, and unknown_keys = error),
// every document of a corpus is read into a T and validated against the schema, and the two
// verdicts are compared.
//
// The types: the benchmark models (models/: twitter, citm, canada, player, order) and a handful of
// test types (enums with a renamed enumerator, optionals, tagged and untagged variants, maps with
// integer, enum and bool keys, time points of several precisions and a year_month_day,
// constraints [[=metajson::range]], length, non_empty, required members, renamed members, aliases,
// flatten, extra_keys).
//
// The corpus, per type: the datasets ($METAJSON_DATA_DIR: twitter.json, citm_catalog.json,
// canada.json, read where they are, never copied) for their models, as they are and as metajson
// writes them; a sample of each type written by metajson (the models' sample(), a part of each
// dataset, hand-made values of the test types); 2,000 deterministic mutations of the samples at
// the value level (parsed into metajson::value, one or two nodes changed: another kind, a number
// beyond the type's range, a float for an integer, a negative for an unsigned, 1.0 for 1, a member
// removed, an unknown key, a key renamed or repeated, an enum name that is none, a time or a date
// that is not one, strings longer or shorter, arrays longer or shorter, a node swapped for another);
// and the fuzzers' seed corpus (fuzz/seeds.hpp: JSONTestSuite's files, dataset slices, the
// built-in seeds) for every type.
//
// A disagreement is either a bug, listed as a failure with the document, both verdicts and both
// reasons, or one of the limits of JSON Schema that docs/schema.md lists. Each limit is excluded
// explicitly, by category, and counted (classify() below): only when the reader rejects what the
// schema accepts, only when the reader's error is that limit's at the place it reports, and only
// when the document without it (the place rewritten) gets the same verdict from both.
//
// Needs METAJSON_DATA_DIR (label dataset): without it the dataset tests fail, saying so, as
// dataset_test does; the rest runs.
#include <metajson/json_schema.hpp>
#include <metajson/schema.hpp>
#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

#include "../../fuzz/seeds.hpp"
#include "canada.hpp"
#include "citm.hpp"
#include "data.hpp"
#include "order.hpp"
#include "player.hpp"
#include "twitter.hpp"

// --- the test types -------------------------------------------------------------------------

namespace consistency {

enum class Color { red, green, blue };
enum class Level : std::uint8_t { low = 1, high = 2 };

}  // namespace consistency
template <>
struct metajson::meta<consistency::Color> {
  static constexpr auto enumerators = metajson::enumerator<consistency::Color::green>(metajson::name("GREEN"));
};

namespace consistency {

struct Circle {
  double r = 0;
};
struct Square {
  double side = 0;
};
struct [[=metajson::name("Rect")]] Rectangle {
  double w = 0;
  double h = 0;
};

struct Shapes {
  std::variant<Circle, Square> untagged;
  [[=metajson::tag("type")]] std::variant<Circle, Rectangle, int, std::string> tagged;
  [[=metajson::tag("kind")]] std::optional<std::variant<Circle, Square>> maybe_tagged;
  std::variant<std::int64_t, double, std::string, bool> scalar;
  std::optional<std::variant<std::uint8_t, std::string>> maybe;
  std::variant<float, Color> float_or_enum;
  std::vector<std::variant<Circle, std::vector<int>, std::nullptr_t>> many;
};

struct Keys {
  std::map<std::int16_t, Color> by_i16;
  std::map<std::uint8_t, int> by_u8;
  std::map<std::uint64_t, bool> by_u64;
  std::map<std::int64_t, std::string> by_i64;
  std::map<Color, int> by_color;
  std::map<bool, int> by_bool;
  std::unordered_map<std::int32_t, std::optional<Level>> hashed;
  std::map<std::string, std::vector<std::uint16_t>> named;
};

struct Times {
  std::chrono::sys_time<std::chrono::microseconds> us{};
  std::chrono::system_clock::time_point ns{};
  std::chrono::sys_seconds s{};
  std::chrono::sys_time<std::chrono::milliseconds> ms{};
  std::chrono::milliseconds dur{};
  std::chrono::duration<double> secs{};
  std::optional<std::chrono::sys_seconds> maybe;
  std::chrono::year_month_day day{};
  std::chrono::steady_clock::time_point steady{};
};

struct Constrained {
  [[=metajson::range(1, 65535)]] int port = 80;
  [[=metajson::range(0, 1.5)]] double load = 0;
  [[=metajson::range(0, 0.1)]] float ratio = 0;
  [[=metajson::length(1, 8)]] std::string name = "a";
  [[=metajson::non_empty]] std::vector<int> ids{1};
  [[=metajson::length(2)]] std::optional<std::vector<int>> pair;
  [[=metajson::range(-10, 10)]] std::optional<long long> offset;
  [[=metajson::range(-1e30, 1e30)]] __int128 wide = 0;
  [[=metajson::length(1, 2)]] std::map<std::string, int> few;
  [[=metajson::range(0.5, 10.5)]] std::uint8_t level = 1;
};

struct Geo {
  double lat = 0, lon = 0;
};
struct [[=metajson::rename_all(metajson::case_style::camel)]] Account {
  [[=metajson::required, =metajson::alias("login")]] std::string user_name;
  [[=metajson::name("ID")]] std::uint32_t id = 0;
  [[=metajson::skip]] int cache = 0;
  [[=metajson::alias("nick")]] std::optional<std::string> nick_name;
  Level level = Level::low;
  std::vector<Color> colors;
  std::array<std::uint8_t, 3> rgb{};
  std::tuple<int, std::string> pair;
  std::int8_t small = 0;
  float f = 0;
  std::unique_ptr<Account> next;
  [[=metajson::flatten]] Geo geo;
};
struct [[=metajson::deny_unknown_keys]] Strict {
  int a = 0;
  std::optional<Color> color;
};
struct Rest {
  std::uint16_t id = 0;
  Strict strict;
  [[=metajson::extra_keys]] std::map<std::string, metajson::value> rest;
};

// Hand-made values, written by metajson: the samples the mutations start from.
std::vector<Shapes> shapes_samples() {
  std::vector<Shapes> v(4);
  v[0].untagged = Circle{1.5};
  v[0].tagged = Circle{2};
  v[0].scalar = std::int64_t{7};
  v[0].maybe = std::uint8_t{200};
  v[0].float_or_enum = 1.5f;
  v[0].many = {Circle{1}, std::vector<int>{1, 2}, nullptr};
  v[1].untagged = Square{3};
  v[1].tagged = Rectangle{1, 2};
  v[1].maybe_tagged = Square{2};
  v[1].scalar = std::string("x");
  v[1].maybe = std::string("s");
  v[1].float_or_enum = Color::green;
  v[2].tagged = 42;
  v[2].maybe_tagged = Circle{0.5};
  v[2].scalar = 2.5;
  v[2].float_or_enum = Color::blue;
  v[3].tagged = std::string("hello");
  v[3].scalar = true;
  v[3].many = {std::vector<int>{}, Circle{-1}};
  return v;
}
std::vector<Keys> keys_samples() {
  std::vector<Keys> v(3);
  v[0].by_i16 = {{-32768, Color::red}, {7, Color::green}, {32767, Color::blue}};
  v[0].by_u8 = {{0, 1}, {255, 2}};
  v[0].by_u64 = {{18446744073709551615ull, true}, {0, false}};
  v[0].by_i64 = {{-9223372036854775807 - 1, "min"}, {42, "x"}};
  v[0].by_color = {{Color::red, 1}, {Color::green, 2}};
  v[0].by_bool = {{true, 1}, {false, 0}};
  v[0].hashed = {{1, Level::low}};
  v[0].named = {{"a", {1, 65535}}};
  v[1].by_u8 = {{10, -1}};
  v[1].hashed = {{-5, std::nullopt}};
  v[1].by_color = {{Color::blue, 3}};
  v[2].by_i16 = {{0, Color::green}};
  v[2].named = {{"", {}}, {"\xc3\xa9", {0}}};
  return v;
}
std::vector<Times> times_samples() {
  using namespace std::chrono;
  std::vector<Times> v(3);
  v[0].us = sys_days{2024y / 5 / 6} + 7h + 8min + 9s + 123456us;
  v[0].ns = system_clock::time_point{sys_days{2001y / 2 / 3} + 4h + 5min + 6s + 789ns};
  v[0].s = sys_days{1999y / 12 / 31} + 23h + 59min + 59s;
  v[0].ms = sys_days{2024y / 2 / 29} + 12h + 1ms;
  v[0].dur = 1500ms;
  v[0].secs = duration<double>(1.5);
  v[0].day = 2024y / 2 / 29;
  v[0].steady = steady_clock::time_point{steady_clock::duration{123456789}};
  v[1].maybe = sys_days{2000y / 1 / 1} + 0s;
  v[1].us = sys_days{9999y / 12 / 31} + 23h + 59min + 59s + 999999us;
  v[1].ns = system_clock::time_point{sys_days{2262y / 4 / 11} + 23h};
  v[1].day = 1y / 1 / 1;
  v[2].ns = system_clock::time_point{sys_days{1677y / 9 / 22}};
  v[2].s = sys_days{0y / 1 / 1} + 0s;
  v[2].day = 9999y / 12 / 31;
  return v;
}
std::vector<Constrained> constrained_samples() {
  std::vector<Constrained> v(3);
  v[0].port = 443;
  v[0].load = 1.25;
  v[0].ratio = 0.05f;
  v[0].name = "\xc3\xa9\xc3\xa9";
  v[0].ids = {1, 2};
  v[0].pair = std::vector<int>{1, 2};
  v[0].offset = -10;
  v[0].wide = 123;
  v[0].few = {{"a", 1}};
  v[0].level = 10;
  v[1].port = 65535;
  v[1].load = 1.5;
  v[1].ratio = 0.1f;
  v[1].name = "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9";  // 8 code points
  v[1].wide = static_cast<__int128>(1e30);
  v[1].few = {{"a", 1}, {"b", 2}};
  v[2].port = 1;
  v[2].offset = 10;
  v[2].wide = -static_cast<__int128>(1e30);
  v[2].level = 1;
  return v;
}
std::vector<Account> account_samples() {
  std::vector<Account> v(2);
  v[0].user_name = "alice";
  v[0].id = 7;
  v[0].nick_name = "al";
  v[0].level = Level::high;
  v[0].colors = {Color::red, Color::green};
  v[0].rgb = {1, 2, 255};
  v[0].pair = {1, "x"};
  v[0].small = -128;
  v[0].f = 0.5f;
  v[0].geo = {1.5, -2};
  v[0].next = std::make_unique<Account>();
  v[0].next->user_name = "bob";
  v[1].user_name = "";
  v[1].id = 4294967295u;
  v[1].small = 127;
  return v;
}
std::vector<Rest> rest_samples() {
  std::vector<Rest> v(2);
  v[0].id = 9;
  v[0].strict.color = Color::green;
  v[0].rest = {{"x", metajson::value(1)}, {"y", metajson::value::array{1, "a"}}};
  v[1].strict.a = -3;
  return v;
}

}  // namespace consistency

namespace {

using metajson::value;
constexpr metajson::options lenient{};
constexpr metajson::options strict{.unknown_keys = metajson::unknown_key_policy::error};

// --- mutations at the value level -----------------------------------------------------------

// Values a mutation puts in place of another: every kind, the edges of the integer types and of
// the constraints above, floats for integers, numbers beyond float and double, enumerator and
// tag names and names that are none, times and dates valid and not, strings of 8 and 9 code
// points, the shapes of the variants' alternatives.
std::vector<value> replacement_pool() {
  std::vector<value> p;
  for (std::int64_t i : {0LL, 1LL, -1LL, 2LL, 7LL, 80LL, 127LL, 128LL, -128LL, -129LL, 255LL, 256LL, 32767LL, 32768LL, -32768LL, -32769LL,
                         65535LL, 65536LL, 2147483647LL, 2147483648LL, -2147483648LL, -2147483649LL, 4294967295LL, 4294967296LL,
                         9223372036854775807LL, -9223372036854775807LL - 1})
    p.emplace_back(i);
  p.emplace_back(std::uint64_t{9223372036854775808ull});
  p.emplace_back(std::uint64_t{18446744073709551615ull});
  for (const char* big : {"18446744073709551616", "-9223372036854775809", "1000000000000000000000000000001", "1000000000000000019884624838656",
                          "1000000000000000019884624838657", "-1000000000000000000000000000001", "170141183460469231731687303715884105728",
                          "1e400"})
    p.emplace_back(value::big_number{big});
  for (double d : {1.5, -0.25, 0.5, 1.0, -0.0, 100.0, 0.1, 0.1000000001, 0.10000000149011612, 1.5000000000000002, 10.5, 0.49, 10.51,
                   3.4028234663852886e38, 3.5e38, 1e308, 1.7976931348623157e308, -1e-300, 65535.0, 1e30})
    p.emplace_back(d);
  for (const char* s : {"", "a", "red", "GREEN", "green", "blue", "purple", "low", "high", "Circle", "Square", "Rect", "Rectangle", "int",
                        "string", "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9",
                        "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e",
                        "\xf0\x9f\x98\x80", "true", "2024-05-06T07:08:09Z", "2024-05-06T07:08:09.123Z", "2024-05-06T07:08:09.123456Z",
                        "2024-05-06T07:08:09.1234567Z", "2024-05-06T07:08:09.123456789Z", "2024-05-06t07:08:09z", "2024-02-29T00:00:00Z",
                        "2023-02-29T12:00:00+01:00", "2024-05-06T07:08:09+23:59", "2024-05-06 07:08:09Z", "1600-01-01T00:00:00Z",
                        "1677-09-01T00:00:00Z", "2262-12-01T00:00:00Z", "2300-01-01T00:00:00Z", "0000-01-01T00:00:00Z",
                        "9999-12-31T23:59:59Z", "not a date", "2024-05-06", "2023-02-29", "2024-02-29", "2024-13-01", "0000-02-29"})
    p.emplace_back(s);
  p.emplace_back(nullptr);
  p.emplace_back(true);
  p.emplace_back(false);
  for (const char* j : {"[]", "[1]", "[1,2]", "[1,2,3]", "[\"a\",1]", "[1.5,2]", "{}", "{\"r\":1}", "{\"side\":2}", "{\"w\":1,\"h\":2}",
                        "{\"r\":1,\"side\":2}", "{\"type\":\"Circle\",\"r\":1}", "{\"type\":\"Rect\",\"w\":1,\"h\":2}",
                        "{\"type\":\"int\",\"value\":7}", "{\"type\":\"string\",\"value\":\"x\"}", "{\"kind\":\"Square\",\"side\":2}",
                        "{\"type\":\"int\",\"value\":7,\"zz\":1}", "{\"1\":\"red\"}", "{\"a\":1}", "{\"a\":1,\"b\":2,\"c\":3}",
                        "{\"userName\":\"x\"}", "{\"lat\":1,\"lon\":2}"})
    p.push_back(metajson::from<value>(j));
  return p;
}

const char* const key_pool[] = {"zz_unknown", "256", "-1", "01", "-0", "1.5", "65536", "32768", "-32769", "18446744073709551616", "red",
                                "purple", "GREEN", "true", "True", "", "\xc3\xa9", "r", "side", "type", "value", "kind", "userName",
                                "user_name", "ID", "id", "nick", "nickName", "cache", "lat", "x"};

struct mutator {
  std::mt19937_64 rng;
  std::vector<value> pool = replacement_pool();
  std::vector<value> numbers = of_kind(true), strings = of_kind(false);

  // The pool's numbers, or its strings: a number is replaced by another number more often than
  // not (a bound, a float for an integer), a string by another string (a name, a time, a date).
  std::vector<value> of_kind(bool numeric) const {
    std::vector<value> out;
    for (const value& v : pool)
      if (numeric ? v.is_number() : v.is_string()) out.push_back(v);
    return out;
  }

  std::size_t below(std::size_t n) { return n ? static_cast<std::size_t>(rng() % n) : 0; }

  static void nodes(value& v, std::vector<value*>& out) {
    out.push_back(&v);
    if (v.is_array())
      for (value& e : v.as_array()) nodes(e, out);
    else if (v.is_object())
      for (auto& [k, e] : v.as_object()) nodes(e, out);
  }

  // One change somewhere in the document.
  void mutate(value& root) {
    std::vector<value*> all;
    nodes(root, all);
    value& n = *all[below(all.size())];
    const unsigned roll = static_cast<unsigned>(rng() % 100);
    if (roll < 30) {  // another value from the pool: of the same kind, or any
      if (n.is_number() && roll < 20) n = numbers[below(numbers.size())];
      else if (n.is_string() && roll < 20) n = strings[below(strings.size())];
      else n = pool[below(pool.size())];
      return;
    }
    if (roll < 38) {  // a copy of another node of the document
      value copy = *all[below(all.size())];
      n = std::move(copy);
      return;
    }
    switch (n.kind()) {  // NOLINT: null and booleans take the default
      case metajson::kind::int64:
      case metajson::kind::uint64: {
        const bool neg = n.is_int64() && n.as_int64() < 0;
        const std::uint64_t mag = neg ? 0 - static_cast<std::uint64_t>(n.as_int64()) : n.is_int64() ? static_cast<std::uint64_t>(n.as_int64()) : n.as_uint64();
        // -m as an int64 for m <= 2^63 (two's complement), else a big number.
        auto negative = [](std::uint64_t m) {
          return m <= 9223372036854775808ull ? value(static_cast<std::int64_t>(0 - m)) : value(value::big_number{"-" + std::to_string(m)});
        };
        switch (below(6)) {
          case 0:  // one more (past a maximum)
            if (neg) n = negative(mag - 1);
            else if (mag == 18446744073709551615ull) n = value(value::big_number{"18446744073709551616"});
            else n = value(mag + 1);
            break;
          case 1:  // one less (past a minimum), negative for an unsigned
            if (neg || mag == 0) n = negative(mag + 1);
            else n = value(mag - 1);
            break;
          case 2: n = value((neg ? -1.0 : 1.0) * static_cast<double>(mag) + 0.5); break;  // a float for an integer
          case 3:                                                                         // 1.0 for 1
            if (mag < (1ull << 53)) n = value((neg ? -1.0 : 1.0) * static_cast<double>(mag));
            break;
          case 4: n = neg ? value(mag) : negative(mag); break;  // the sign flipped
          default: n = value(value::big_number{std::string(neg ? "-" : "") + std::to_string(mag ? mag : 1) + "000000000000000000000"});
        }
        return;
      }
      case metajson::kind::float64:
        switch (below(4)) {
          case 0: {  // beyond float, or beyond double
            const double d = n.as_double() * 1e300;
            n = std::isfinite(d) ? value(d) : value(value::big_number{"1e400"});
            break;
          }
          case 1: n = value(-n.as_double()); break;
          case 2: n = value(n.as_double() + 0.5); break;
          default: n = value(static_cast<std::int64_t>(n.as_double()));
        }
        return;
      case metajson::kind::string: {
        std::string s(n.as_string());
        switch (below(4)) {
          case 0: s += "\xc3\xa9"; break;  // one code point more
          case 1: {                        // one code point less
            while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();
            if (!s.empty()) s.pop_back();
            break;
          }
          case 2:  // the first code point another: another name, another date...
            if (!s.empty()) {
              std::size_t len = 1;
              while (len < s.size() && (static_cast<unsigned char>(s[len]) & 0xC0) == 0x80) ++len;
              s.replace(0, len, s[0] == 'Z' ? "Y" : "Z");
            }
            break;
          default: s += "x";
        }
        n = value(s);
        return;
      }
      case metajson::kind::array: {
        auto& a = n.as_array();
        switch (below(4)) {
          case 0:
            if (!a.empty()) n.push_back(value(a.back()));
            else n.push_back(pool[below(pool.size())]);
            break;
          case 1:
            if (!a.empty()) a.pop_back();
            break;
          case 2: a.clear(); break;
          default: n.push_back(pool[below(pool.size())]);
        }
        return;
      }
      case metajson::kind::object: {
        auto& o = n.as_object();
        switch (below(5)) {
          case 0:  // a member removed (a required one, a tag...)
            if (!o.empty()) o.erase(o.begin() + static_cast<std::ptrdiff_t>(below(o.size())));
            break;
          case 1: {  // an unknown key, or a key a map's key type refuses
            const char* k = key_pool[below(std::size(key_pool))];
            if (!n.contains(k)) n.emplace(k, pool[below(pool.size())]);
            break;
          }
          case 2:  // a key renamed
            if (!o.empty()) {
              const char* k = key_pool[below(std::size(key_pool))];
              if (!n.contains(k)) o[below(o.size())].first = std::string_view(k);
            }
            break;
          case 3:  // a key twice (the second with another value)
            if (!o.empty()) {
              const std::string k(std::string_view(o[below(o.size())].first));
              n.emplace(k, pool[below(pool.size())]);
            }
            break;
          default: {  // members in another order
            value r = value::object{};
            for (std::size_t i = o.size(); i > 0; --i) r.emplace(std::string_view(o[i - 1].first), o[i - 1].second);
            n = std::move(r);
          }
        }
        return;
      }
      default: n = pool[below(pool.size())];  // null, true, false
    }
  }
};

// --- the documented limits ------------------------------------------------------------------

// The token at `off` in the text: a number's or a string's (quotes included).
std::string_view token_at(std::string_view text, std::size_t off) {
  if (off >= text.size()) return {};
  std::size_t e = off;
  if (text[off] == '"') {
    for (++e; e < text.size() && text[e] != '"'; ++e)
      if (text[e] == '\\') ++e;
    return text.substr(off, e + 1 - off);
  }
  while (e < text.size() && std::string_view("-+0123456789.eE").find(text[e]) != std::string_view::npos) ++e;
  return text.substr(off, e - off);
}

// A number written with a fraction or an exponent whose value is an integer ("1.0", "1e2",
// "-0.0", "2.50e1"): the same integer written without them, else "".
std::string integral_spelling(std::string_view t) {
  if (t.empty() || t.find_first_of(".eE") == std::string_view::npos) return {};
  bool neg = t[0] == '-';
  std::size_t i = neg ? 1 : 0;
  std::string digits;
  long long point = -1, exp = 0;
  for (; i < t.size() && t[i] != 'e' && t[i] != 'E'; ++i) {
    if (t[i] == '.') point = static_cast<long long>(digits.size());
    else if (t[i] >= '0' && t[i] <= '9') digits += t[i];
    else return {};
  }
  if (point < 0) point = static_cast<long long>(digits.size());
  if (i < t.size()) exp = std::stoll(std::string(t.substr(i + 1)));
  point += exp;  // the integer part is digits[0, point)
  if (point < 0) point = 0;
  for (std::size_t k = static_cast<std::size_t>(point); k < digits.size(); ++k)
    if (digits[k] != '0') return {};  // a fraction
  std::string integer = digits.substr(0, std::min<std::size_t>(static_cast<std::size_t>(point), digits.size()));
  while (static_cast<long long>(integer.size()) < point) integer += '0';
  const std::size_t nz = integer.find_first_not_of('0');
  integer = nz == std::string::npos ? "0" : integer.substr(nz);
  return (neg && integer != "0" ? "-" : "") + integer;
}

// Where the JSON value that starts at `off` ends (the text is JSON).
std::size_t value_end(std::string_view text, std::size_t off) {
  int depth = 0;
  std::size_t i = off;
  do {
    const char ch = text[i];
    if (ch == '"') {
      i += token_at(text, i).size();
      continue;
    }
    if (ch == '[' || ch == '{') ++depth;
    else if (ch == ']' || ch == '}') --depth;
    else if (depth == 0 && (ch == ',' || ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r')) break;
    ++i;
  } while (i < text.size() && depth > 0);
  if (depth == 0 && off < text.size() && text[off] != '[' && text[off] != '{') return off + token_at(text, off).size();
  return i;
}

// The value with every number written with a fraction or exponent that is an integer (as a
// double: 1.0, 100.0) turned into that integer; `changed` says whether there was one.
value integers_without_fractions(const value& v, bool& changed) {
  if (v.is_double() && std::trunc(v.as_double()) == v.as_double() && std::fabs(v.as_double()) < 9e18) {
    changed = true;
    return value(static_cast<std::int64_t>(v.as_double()));
  }
  if (v.is_array()) {
    value a = value::array{};
    for (const value& e : v.as_array()) a.push_back(integers_without_fractions(e, changed));
    return a;
  }
  if (!v.is_object()) return v;
  value o = value::object{};
  for (const auto& [k, e] : v.as_object()) o.emplace(std::string_view(k), integers_without_fractions(e, changed));
  return o;
}

// Every object's members without the repeats of a key (the first kept).
value without_duplicate_keys(const value& v) {
  if (v.is_array()) {
    value a = value::array{};
    for (const value& e : v.as_array()) a.push_back(without_duplicate_keys(e));
    return a;
  }
  if (!v.is_object()) return v;
  value o = value::object{};
  for (const auto& [k, e] : v.as_object())
    if (!o.contains(std::string_view(k))) o.emplace(std::string_view(k), without_duplicate_keys(e));
  return o;
}

bool has_duplicate_keys(const value& v) {
  if (v.is_array()) {
    for (const value& e : v.as_array())
      if (has_duplicate_keys(e)) return true;
  } else if (v.is_object()) {
    for (const auto& [k, e] : v.as_object())
      if (v.count(std::string_view(k)) > 1 || has_duplicate_keys(e)) return true;
  }
  return false;
}

// The categories of docs/schema.md a disagreement may fall in, each excluded and counted (the
// reader refuses, the schema accepts, never the other way):
// - "What a schema cannot say": an integer written 1.0 or 1e2 (an integer in JSON Schema's data
//   model, not for the reader); duplicate keys (the validator checks each value, the reader
//   refuses the repeat: duplicate_keys = error); escapes where the reader needs the text as
//   written (a time point); the limits of a time point's type in its first and last years
//   (nanoseconds: 1677-09-21 to 2262-04-11, the schema's years 1677 to 2262); text that is not
//   JSON (a lone surrogate escape, invalid UTF-8: the reader's UTF-8 check).
const char* const integer_spelling = "an integer written with a fraction or an exponent (1.0, 1e2): an integer in JSON Schema's data model";
const char* const duplicate_keys = "duplicate keys: the validator checks each value, the reader refuses the repeat";
const char* const escaped_time = "an escape in a time string: the reader takes times as written";
const char* const time_limits = "a time point beyond its type's range in the first or last year it holds (nanoseconds: 1677, 2262)";
const char* const not_json = "text that is not JSON (a lone surrogate escape, invalid UTF-8): the reader refuses it";

const char* const categories[] = {integer_spelling, duplicate_keys, escaped_time, time_limits, not_json};
const char* const short_names[] = {"1.0 for an integer", "duplicate keys", "escaped time", "time point's range", "not JSON"};

// The counts over every type and option, printed when the tests end.
struct tally {
  std::size_t checked = 0, both_accept = 0, both_reject = 0, failures = 0;
  std::map<std::string, std::size_t> excluded;
  void add(std::size_t c, std::size_t a, std::size_t r, const std::map<std::string, std::size_t>& e, std::size_t f) {
    checked += c, both_accept += a, both_reject += r, failures += f;
    for (auto& [k, n] : e) excluded[k] += n;
  }
};
tally& totals() {
  static tally t;
  return t;
}
struct print_totals : ::testing::Environment {
  void TearDown() override {
    const tally& t = totals();
    std::size_t ex = 0;
    for (auto& [k, n] : t.excluded) ex += n;
    std::printf("\nschema_consistency_test, every type and option: %zu documents, %zu agreements (%zu accepted and %zu refused by both),"
                " %zu excluded as documented limits, %zu failures (above)\n",
                t.checked, t.both_accept + t.both_reject, t.both_accept, t.both_reject, ex, t.failures);
    for (const char* c : categories) {
      const auto it = t.excluded.find(c);
      std::printf("  excluded, %zu: %s\n", it == t.excluded.end() ? 0 : it->second, c);
    }
    for (auto& [k, n] : t.excluded)
      if (k.find(" + ") != std::string::npos) std::printf("  excluded, %zu: %s\n", n, k.c_str());
  }
};
[[maybe_unused]] ::testing::Environment* const totals_printer = ::testing::AddGlobalTestEnvironment(new print_totals);

struct verdict {
  bool reader, schema;
  metajson::error why;
};

template <class T, metajson::options O>
struct consistency_check {
  std::string name;
  metajson::json_schema schema;
  std::size_t checked = 0, both_accept = 0, both_reject = 0;
  std::map<std::string, std::size_t> excluded;
  // Failures grouped by what they look like: the first documents of each group.
  std::map<std::string, std::pair<std::size_t, std::vector<std::string>>> failures;
  std::size_t failure_count = 0;

  explicit consistency_check(std::string type_name)
      : name(type_name + (O.unknown_keys == metajson::unknown_key_policy::error ? " (unknown_keys=error)" : "")),
        schema(metajson::json_schema::compile(metajson::schema<T, O>())) {}

  verdict judge(std::string_view text) const {
    T target{};
    metajson::error e = metajson::from_json<O>(text, target);
    return {!e, schema.is_valid_json(text), std::move(e)};
  }

  // The text with the token at `off` replaced.
  static std::string replaced(std::string_view text, std::size_t off, std::size_t len, std::string_view by) {
    std::string s(text.substr(0, off));
    s += by;
    s += text.substr(off + len);
    return s;
  }

  // The documented limits a disagreement falls in ("" if none): the reader rejects what the
  // schema accepts, its error is a limit's, at the token it reports; and rewriting that token
  // (then the next one the reader stops at, up to a few) makes both accept. The label names each
  // limit the rewriting went through (one, nearly always).
  std::string classify(std::string text, verdict v) const {
    std::set<std::string> used;
    auto label = [&] {
      std::string l;
      for (const std::string& c : used) l += (l.empty() ? "" : " + ") + c;
      return l;
    };
    for (int step = 0; step < 16; ++step) {
      if (v.reader == v.schema) return v.reader ? label() : std::string();
      if (v.reader || !v.schema) return {};  // the reader accepts what the schema refuses: never a limit
      const metajson::error_code code = v.why.code();
      const std::size_t off = v.why.offset();
      const std::string_view tok = token_at(text, off);
      const bool number = !tok.empty() && std::string_view("-0123456789").find(tok[0]) != std::string_view::npos;
      // An untagged variant reports the variant's value, not the place in it that no alternative took.
      const bool variant = code == metajson::error_code::no_matching_alternative;
      const char* found = nullptr;
      std::string fixed;
      if (variant && off < text.size() && (text[off] == '[' || text[off] == '{')) {
        const std::size_t end = value_end(text, off);
        const value sub = metajson::from<value>(text.substr(off, end - off));
        bool changed = false;
        if (has_duplicate_keys(sub)) {
          found = duplicate_keys, fixed = replaced(text, off, end - off, metajson::to_json(without_duplicate_keys(sub)));
        } else if (const value ints = integers_without_fractions(sub, changed); changed) {
          found = integer_spelling, fixed = replaced(text, off, end - off, metajson::to_json(ints));
        }
      } else if ((code == metajson::error_code::type_mismatch || variant) && number) {
        if (std::string i = integral_spelling(tok); !i.empty()) found = integer_spelling, fixed = replaced(text, off, tok.size(), i);
      } else if (code == metajson::error_code::duplicate_key) {
        const value doc = metajson::from<value>(text);
        if (has_duplicate_keys(doc)) found = duplicate_keys, fixed = metajson::to_json(without_duplicate_keys(doc));
      } else if (code == metajson::error_code::invalid_time && tok.size() > 2 && tok[0] == '"' && tok.find('\\') != std::string_view::npos) {
        found = escaped_time, fixed = replaced(text, off, tok.size(), metajson::to_json(metajson::from<std::string>(tok)));
      } else if ((code == metajson::error_code::invalid_time || code == metajson::error_code::number_out_of_range) &&
                 (tok.starts_with("\"1677-") || tok.starts_with("\"2262-"))) {
        found = time_limits, fixed = replaced(text, off, tok.size(), "\"2000-01-01T00:00:00Z\"");
      } else if (code == metajson::error_code::invalid_escape || code == metajson::error_code::invalid_utf8) {
        used.insert(not_json);  // nothing to rewrite: the text itself is what the reader refuses
        return label();
      }
      if (!found) return {};
      used.insert(found);
      text = std::move(fixed);
      v = judge(text);
    }
    return {};
  }

  void check(std::string_view text, std::string_view origin) {
    ++checked;
    const verdict v = judge(text);
    if (origin == "pinned")  // each edge written by hand, and where each side puts it
      std::printf("  %s: pinned %.*s: reader %s, schema %s\n", name.c_str(), static_cast<int>(text.size()), text.data(),
                  v.reader ? "accepts" : ("refuses (" + v.why.message() + ")").c_str(), v.schema ? "accepts" : "refuses");
    if (v.reader == v.schema) {
      ++(v.reader ? both_accept : both_reject);
      return;
    }
    if (std::string c = classify(std::string(text), v); !c.empty()) {
      ++excluded[c];
      return;
    }
    ++failure_count;
    // Grouped by the reader's error code, or the schema's first failing keyword.
    std::string group, detail;
    if (v.reader) {
      const metajson::validation_result r = schema.validate_json(text);
      std::string kw = r.errors().empty() ? "?" : r.errors()[0].keyword_location;
      group = "the reader accepts, the schema refuses at " + kw;
      detail = "schema:";
      for (std::size_t i = 0; i < r.errors().size() && i < 3; ++i) detail += (i ? " | " : " ") + r.errors()[i].to_string();
      if (r.errors().size() > 3) detail += " | ...";
      detail += "\n";
    } else {
      group = "the reader refuses (" + std::string(metajson::describe(v.why.code())) + "), the schema accepts";
      detail = "reader: " + v.why.message() + "\n";
    }
    auto& [count, examples] = failures[group];
    ++count;
    if (examples.size() < 3) {
      std::string t(text.substr(0, 1500));
      if (text.size() > 1500) t += "... (" + std::to_string(text.size()) + " bytes)";
      examples.push_back(std::string(origin) + ": " + t + "\n      " + detail);
    }
  }

  void report() const {
    std::size_t excluded_count = 0;
    for (auto& [c, k] : excluded) excluded_count += k;
    std::printf("%s: %zu documents: %zu agreements (%zu accepted and %zu refused by both), %zu disagreements: %zu excluded as documented"
                " limits, %zu failures\n",
                name.c_str(), checked, both_accept + both_reject, both_accept, both_reject, failure_count + excluded_count, excluded_count,
                failure_count);
    std::string line = "  excluded by documented limit:";
    for (std::size_t i = 0; i < std::size(categories); ++i) {
      const auto it = excluded.find(categories[i]);
      line += (i ? ", " : " ") + std::to_string(it == excluded.end() ? 0 : it->second) + " " + short_names[i];
    }
    std::printf("%s\n", line.c_str());
    for (auto& [c, k] : excluded)
      if (c.find(" + ") != std::string::npos) std::printf("  excluded, documented limits together: %zu: %s\n", k, c.c_str());
    for (auto& [group, entry] : failures) {
      ADD_FAILURE() << name << ": " << entry.first << " document(s): " << group;
      for (const std::string& e : entry.second) std::printf("  FAIL %s: %s\n    %s\n", name.c_str(), group.c_str(), e.c_str());
    }
    EXPECT_GT(both_accept, 0u) << name << ": no document accepted by both";
    EXPECT_GT(both_reject, 0u) << name << ": no document refused by both";
    totals().add(checked, both_accept, both_reject, excluded, failure_count);
  }
};

// The seed corpus of the fuzzers (once: JSONTestSuite's files and the datasets' slices).
const std::vector<std::string>& seed_corpus() {
  static const std::vector<std::string> corpus = [] {
    std::vector<std::string> c;
    if (data_dir()) metajson_fuzz::load_seeds(c, 53);
    return c;
  }();
  return corpus;
}

// Checks type T under both reading options: `documents` as they are, then `mutations`
// mutations of `samples` (one or two changes each), then the seed corpus.
template <class T>
void check_type(const std::string& name, const std::vector<std::pair<std::string, std::string>>& documents,
                const std::vector<std::string>& samples, int mutations, std::uint64_t seed) {
  consistency_check<T, lenient> a(name);
  consistency_check<T, strict> b(name);
  for (const auto& [origin, text] : documents) {
    a.check(text, origin);
    b.check(text, origin);
  }
  for (std::size_t i = 0; i < samples.size(); ++i) {
    a.check(samples[i], "sample " + std::to_string(i));
    b.check(samples[i], "sample " + std::to_string(i));
  }
  if (!samples.empty()) {
    mutator m{std::mt19937_64(seed)};
    std::vector<value> parsed;
    for (const std::string& s : samples) parsed.push_back(metajson::from<value>(s));
    for (int i = 0; i < mutations; ++i) {
      value v = parsed[static_cast<std::size_t>(i) % parsed.size()];
      m.mutate(v);
      if (m.rng() % 3 == 0) m.mutate(v);
      const std::string text = metajson::to_json(v);
      const std::string origin = "mutation " + std::to_string(i) + " of sample " + std::to_string(static_cast<std::size_t>(i) % parsed.size());
      a.check(text, origin);
      b.check(text, origin);
    }
  }
  const auto& seeds = seed_corpus();
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    a.check(seeds[i], "seed " + std::to_string(i));
    b.check(seeds[i], "seed " + std::to_string(i));
  }
  a.report();
  b.report();
}

template <class T>
std::vector<std::string> written(const std::vector<T>& values) {
  std::vector<std::string> out;
  for (const T& v : values) out.push_back(metajson::to_json(v));
  return out;
}

// Documents written by hand, each at one edge of what a type accepts (the same on both sides
// of it where it has two).
std::vector<std::pair<std::string, std::string>> pinned(std::initializer_list<const char*> texts) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const char* t : texts) out.emplace_back("pinned", t);
  return out;
}

constexpr int mutations_per_type = 2000;

// A model read from its dataset: the file as it is and as metajson writes it, and a part of it
// (a few records, so that 2,000 mutations stay quick) written by metajson as the sample.
template <class T, class Shrink>
void check_dataset(const std::string& name, const char* file, Shrink shrink, std::uint64_t seed) {
  const auto text = load_data(file);  // fails the test, saying why, without METAJSON_DATA_DIR
  if (!text) return;
  T full{};
  ASSERT_FALSE(metajson::from_json(*text, full)) << file;
  T part = full;
  shrink(part);
  check_type<T>(name, {{std::string(file), *text}, {std::string(file) + " written by metajson", metajson::to_json(full)}},
                {metajson::to_json(part)}, mutations_per_type, seed);
}

TEST(SchemaConsistency, Twitter) {
  check_dataset<twitter::TwitterData>("twitter::TwitterData", "twitter.json", [](twitter::TwitterData& d) { d.statuses.resize(4); }, 1);
}

TEST(SchemaConsistency, Citm) {
  check_dataset<citm::CitmCatalog>("citm::CitmCatalog", "citm_catalog.json",
                                   [](citm::CitmCatalog& d) {
                                     while (d.events.size() > 4) d.events.erase(std::prev(d.events.end()));
                                     d.performances.resize(3);
                                   },
                                   2);
}

TEST(SchemaConsistency, Canada) {
  check_dataset<canada::FeatureCollection>("canada::FeatureCollection", "canada.json",
                                           [](canada::FeatureCollection& d) {
                                             d.features.resize(1);
                                             auto& rings = d.features[0].geometry.coordinates;
                                             rings.resize(2);
                                             rings[0].resize(10);
                                             rings[1].resize(4);
                                           },
                                           3);
}

TEST(SchemaConsistency, Player) {
  check_type<player::Player>("player::Player",
                             pinned({R"({"username":"\ud800"})", R"({"username":"a\udc00b"})", R"({"username":"\ud83d\ude00"})",
                                     R"({"level":2147483648})", R"({"level":-2147483648})", R"({"health":1e400})", R"({"health":-0})",
                                     R"({"equipped":{"x":{"damage":1.5}}})", R"({"guild_name":null,"inventory":[null]})"}),
                             {metajson::to_json(player::sample())}, mutations_per_type, 4);
}

TEST(SchemaConsistency, Order) { check_type<order::Order>("order::Order", {}, {metajson::to_json(order::sample())}, mutations_per_type, 5); }

TEST(SchemaConsistency, Variants) {
  check_type<consistency::Shapes>("Shapes (variants)",
                                  pinned({R"({"tagged":{"type":"Circle","r":1}})", R"({"tagged":{"type":"Circle","r":1,"type":"Rect"}})",
                                          R"({"tagged":{"type":"int","value":1.0}})", R"({"tagged":{"type":"int","value":1}})",
                                          R"({"tagged":{"type":"Rectangle","w":1}})", R"({"untagged":{"r":1,"side":2}})",
                                          R"({"untagged":{"side":2}})", R"({"maybe":255})", R"({"maybe":256})", R"({"maybe":255.0})",
                                          R"({"maybe_tagged":{"kind":"Square","side":1}})", R"({"maybe_tagged":{"kind":"Circle","r":1,"kind":"Square"}})",
                                          R"({"scalar":9223372036854775808})", R"({"scalar":1e400})", R"({"float_or_enum":3.5e38})",
                                          R"({"float_or_enum":"green"})", R"({"many":[null,[1],{"r":1}]})", R"({"many":[{"r":1,"x":2}]})"}),
                                  written(consistency::shapes_samples()), mutations_per_type, 6);
}

TEST(SchemaConsistency, MapKeys) {
  check_type<consistency::Keys>("Keys (maps)",
                                pinned({R"({"by_u8":{"-0":1}})", R"({"by_u8":{"256":1}})", R"({"by_u8":{"01":1}})", R"({"by_i16":{"-32768":"red"}})",
                                        R"({"by_i16":{"-32769":"red"}})", R"({"by_u64":{"18446744073709551615":true}})",
                                        R"({"by_u64":{"18446744073709551616":true}})", R"({"by_i64":{"-9223372036854775808":""}})",
                                        R"({"by_i64":{"-9223372036854775809":""}})", R"({"by_color":{"GREEN":1}})", R"({"by_color":{"green":1}})",
                                        R"({"by_bool":{"true":1,"false":2}})", R"({"by_bool":{"True":1}})", R"({"hashed":{"1":"low","2":null}})"}),
                                written(consistency::keys_samples()), mutations_per_type, 7);
}

TEST(SchemaConsistency, Times) {
  check_type<consistency::Times>("Times (time points, durations, year_month_day)",
                                 pinned({R"({"ns":"2001-02-03T04:05:06.000000789Z"})", R"({"ns":"1600-01-01T00:00:00Z"})",
                                         R"({"ns":"2300-01-01T00:00:00Z"})", R"({"ns":"2262-04-11T23:47:16.854775807Z"})",
                                         R"({"ns":"1677-09-21T00:12:43.145224192Z"})", R"({"us":"2024-05-06T07:08:09.1234567Z"})",
                                         R"({"us":"2024-05-06T07:08:09.1234560000Z"})", R"({"s":"2024-05-06T07:08:09.5Z"})",
                                         R"({"s":"2024-05-06T07:08:09\u005a"})", R"({"day":"2024-02-29"})", R"({"day":"2023-02-29"})",
                                         R"({"day":"2024-13-01"})", R"({"steady":1.0})", R"({"dur":1.5})", R"({"secs":1})"}),
                                 written(consistency::times_samples()), mutations_per_type, 8);
}

TEST(SchemaConsistency, Constraints) {
  check_type<consistency::Constrained>(
      "Constrained (range, length, non_empty)",
      pinned({R"({"ratio":0.1})", R"({"ratio":0.1000000001})", R"({"ratio":0.10000000149011612})", R"({"ratio":0.1000001})",
              R"({"wide":999999999999999999999999999999})", R"({"wide":1000000000000000000000000000001})",
              R"({"wide":1000000000000000019884624838656})", R"({"wide":1000000000000000019884624838657})",
              R"({"wide":-1000000000000000019884624838656})", R"({"load":1.5})", R"({"load":1.5000000000000002})", R"({"load":-0.0})",
              R"({"level":0})", R"({"level":1})", R"({"level":10})", R"({"level":11})", R"({"port":0})", R"({"port":65535})",
              "{\"name\":\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\"}",
              "{\"name\":\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\"}", R"({"name":""})",
              R"({"ids":[]})", R"({"pair":[1]})", R"({"pair":null})", R"({"offset":-11})", R"({"few":{}})", R"({"few":{"a":1,"b":2,"c":3}})"}),
      written(consistency::constrained_samples()), mutations_per_type, 9);
}

TEST(SchemaConsistency, Annotations) {
  check_type<consistency::Account>(
      "Account (required, name, rename_all, alias, skip, flatten, enums, array, tuple)",
      pinned({R"({"userName":"a"})", R"({"login":"a"})", R"({"userName":"a","login":"b"})", R"({"ID":1})", R"({"userName":"a","nick":"x"})", R"({"userName":"a","nick":"x","nickName":"y"})",
              R"({"userName":"a","cache":1})", R"({"userName":"a","user_name":"b"})", R"({"userName":"a","lat":1,"lon":2})",
              R"({"userName":"a","geo":{"lat":1}})", R"({"userName":"a","rgb":[1,2]})", R"({"userName":"a","pair":[1,"x",2]})",
              R"({"userName":"a","colors":["GREEN","green"]})", R"({"userName":"a","next":{"ID":2}})"}),
      written(consistency::account_samples()), mutations_per_type, 10);
  check_type<consistency::Rest>("Rest (extra_keys, deny_unknown_keys)",
                                pinned({R"({"id":1,"anything":[1,{"x":null}]})", R"({"id":1,"strict":{"a":1,"zz":2}})",
                                        R"({"id":65536})", R"({"strict":{"color":"purple"}})"}),
                                written(consistency::rest_samples()), mutations_per_type, 11);
}

}  // namespace

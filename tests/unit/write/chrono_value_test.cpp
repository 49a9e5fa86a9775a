// std::chrono, metajson::value, metajson::raw_json, adapters.
#include <metajson/value.hpp>
#include "write_check.hpp"

#include <chrono>
#include <cstdint>
#include <expected>
#include <limits>
#include <string>

namespace {

using namespace std::chrono;

TEST(WriteChrono, TimePointsAreIso8601Utc) {
  expect_json(sys_seconds{seconds{0}}, R"("1970-01-01T00:00:00Z")");
  expect_json(sys_time<milliseconds>{milliseconds{1700000000123}}, R"("2023-11-14T22:13:20.123Z")");
  expect_json(sys_time<microseconds>{microseconds{-1}}, R"("1969-12-31T23:59:59.999999Z")");
  expect_json(sys_time<nanoseconds>{nanoseconds{951782400000000005}}, R"("2000-02-29T00:00:00.000000005Z")");
  expect_json(sys_days{year{9999} / 12 / 31}, R"("9999-12-31T00:00:00Z")");
  expect_json(sys_days{year{0} / 1 / 1}, R"("0000-01-01T00:00:00Z")");
  expect_write_error(sys_days{year{10000} / 1 / 1}, metajson::error_code::time_out_of_range,
                     "time_point outside the years 0000-9999 (year 10000) at $");
  expect_json(steady_clock::time_point{steady_clock::duration{42}}, "42");
  // Counts whose days do not fit the count's own type: computed in 128 bits (the earliest
  // nanosecond instant used to overflow on the way, undefined behaviour that wrapped to the right text).
  expect_json(sys_time<nanoseconds>{nanoseconds{std::numeric_limits<std::int64_t>::min()}}, R"("1677-09-21T00:12:43.145224192Z")");
  expect_json(sys_time<nanoseconds>{nanoseconds{std::numeric_limits<std::int64_t>::max()}}, R"("2262-04-11T23:47:16.854775807Z")");
  expect_write_error(sys_time<duration<std::int64_t, std::ratio<86400 * 366>>>{duration<std::int64_t, std::ratio<86400 * 366>>{std::numeric_limits<std::int64_t>::max()}},
                     metajson::error_code::time_out_of_range, "time_point outside the years 0000-9999 (a year after 9999) at $");
  expect_write_error(sys_time<duration<std::int64_t, std::ratio<86400 * 366>>>{duration<std::int64_t, std::ratio<86400 * 366>>{-6000}},
                     metajson::error_code::time_out_of_range, "time_point outside the years 0000-9999 (year -4043) at $");
  // A period that is not a power of ten of a second: nine fraction digits, when the instant is a
  // whole number of nanoseconds (it used to write .1 for half a second); else an error.
  using halves = duration<std::int64_t, std::ratio<1, 2>>;
  expect_json(sys_time<halves>{halves{3}}, R"("1970-01-01T00:00:01.500000000Z")");
  expect_json(sys_time<halves>{halves{-1}}, R"("1969-12-31T23:59:59.500000000Z")");
  using ticks = duration<std::int64_t, std::ratio<1, 1024>>;
  expect_json(sys_time<ticks>{ticks{2048}}, R"("1970-01-01T00:00:02.000000000Z")");
  expect_write_error(sys_time<ticks>{ticks{1}}, metajson::error_code::invalid_value,
                     "invalid value for its type (a time_point whose period is not a power of ten of a second, at an instant that is not a "
                     "whole number of nanoseconds: ISO 8601 text with 9 fraction digits cannot hold it) at $");
  using tenths3 = duration<std::int64_t, std::ratio<3, 10>>;  // 0.3 s
  expect_json(sys_time<tenths3>{tenths3{7}}, R"("1970-01-01T00:00:02.1Z")");
}

TEST(WriteChrono, DurationsAreCounts) {
  expect_json(seconds{90}, "90");
  expect_json(milliseconds{-5}, "-5");
  expect_json(duration<double>{1.5}, "1.5");
}

TEST(WriteValue, Dynamic) {
  using metajson::value;
  expect_json(value{}, "null");
  expect_json(value(true), "true");
  expect_json(value(-3), "-3");
  expect_json(value(18446744073709551615ull), "18446744073709551615");
  expect_json(value(1.0), "1.0");
  expect_json(value(0.5), "0.5");
  expect_json(value(1e300), "1e+300");
  expect_json(value("s"), R"("s")");
  expect_json(value(value::array{1, "a", nullptr}), R"([1,"a",null])");
  expect_json(value(value::object{{"b", 1}, {"a", 2}, {"b", 3}}), R"({"b":1,"a":2,"b":3})");
  expect_json(value(value::object{}), "{}");
  expect_json<metajson::options{.pretty = true}>(value(value::object{{"k", value::array{1}}}), "{\n  \"k\": [\n    1\n  ]\n}");
  expect_write_error(value(value::object{{"x", value::array{"\xff"}}}), metajson::error_code::invalid_utf8,
                     "invalid UTF-8 in string (byte 0xff at offset 0 of the string) at $.x[0]");
}

struct Doc {
  int id;
  metajson::raw_json payload;
};

TEST(WriteRaw, Verbatim) {
  expect_json(Doc{1, {R"({"x": [1, 2]})"}}, R"({"id":1,"payload":{"x": [1, 2]}})");
  expect_write_error(Doc{1, {}}, metajson::error_code::invalid_raw_json, "raw_json is empty at $.payload");
}

}  // namespace

struct Money {
  long long cents;
};
template <>
struct metajson::adapter<Money> {
  static long long to_json(const Money& m) { return m.cents; }
  static void from_json(Money& m, long long c) { m.cents = c; }
};
struct Celsius {
  double degrees;
};
template <>
struct metajson::adapter<Celsius> {
  static std::string to_json(const Celsius& c) { return std::to_string(static_cast<int>(c.degrees)) + " C"; }
  static void from_json(Celsius&, const std::string&) {}
};
struct Invoice {
  Money total;
  std::vector<Celsius> temps;
};

TEST(WriteAdapter, ReplacesTheBuiltInMapping) {
  expect_json(Money{1234}, "1234");
  expect_json(Invoice{{5}, {{20.0}, {-3.0}}}, R"({"total":5,"temps":["20 C","-3 C"]})");
}

// An adapter that can refuse: to_json returns std::expected, from_json an error
// (docs/annotations.md's Port example).
class Port {
 public:
  Port() = default;
  explicit Port(long long n) : n_(n) {}
  long long number() const { return n_; }

 private:
  long long n_ = 1;
};
template <>
struct metajson::adapter<Port> {
  static std::expected<long long, metajson::error> to_json(const Port& p) {
    if (p.number() == 0) return std::unexpected(metajson::error(metajson::error_code::invalid_value, "$.inner", "port 0 is unset"));
    return p.number();
  }
  static metajson::error from_json(Port& p, long long n) {
    if (n < 1 || n > 65535) return metajson::error(metajson::error_code::invalid_value, "$", "not a port: " + std::to_string(n));
    p = Port(n);
    return {};
  }
};
struct Config {
  std::string host;
  Port port;
};

TEST(WriteAdapter, CanRefuseAValueBothWays) {
  expect_json(Config{"h", Port(80)}, R"({"host":"h","port":80})");
  const auto read = metajson::from<Config>(R"({"host":"h","port":443})");
  EXPECT_EQ(read.port.number(), 443);
  auto bad = metajson::try_from<Config>(R"({"port":0})");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message(), "invalid value for its type (not a port: 0) at $.port (line 1, column 9)");
  auto written = metajson::try_to_json(Config{"h", Port(0)});
  ASSERT_FALSE(written);
  EXPECT_EQ(written.error().code(), metajson::error_code::invalid_value);
  EXPECT_EQ(written.error().path(), "$.port");
  EXPECT_NE(written.error().message().find("port 0 is unset (in the adapter's JSON at $.inner)"), std::string::npos)
      << written.error().message();
}

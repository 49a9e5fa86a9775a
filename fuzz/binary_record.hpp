// The record the binary fuzz targets (targets/msgpack.cpp, targets/cbor.cpp) read any bytes
// into: a member of every family (integers of each width and 128 bits, doubles, floats,
// strings, enums, optionals, vectors, maps with string and integer keys, bytes, nested structs,
// an untagged and a tagged variant, a time point, a tuple, a metajson::value), and a filled one
// for the seeds.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include <metajson/value.hpp>

namespace binary_fuzz {

enum class Kind { alpha, beta, gamma_ray };
struct Sub {
  std::int64_t id = 0;
  std::string name;
  std::vector<double> xs;
};
struct Record {
  std::int8_t i8 = 0;
  std::uint16_t u16 = 0;
  std::int32_t i32 = 0;
  std::uint64_t u64 = 0;
  __int128 wide = 0;
  double d = 0;
  float f = 0;
  bool b = false;
  std::string s;
  Kind kind = Kind::alpha;
  std::optional<std::int32_t> opt;
  std::vector<std::int64_t> ints;
  std::map<std::string, double> dict;
  std::map<std::int32_t, std::string> by_id;
  std::vector<std::byte> raw;
  std::vector<Sub> subs;
  std::variant<std::monostate, std::int64_t, std::string, std::vector<std::int64_t>, Sub> var;
  std::chrono::sys_time<std::chrono::nanoseconds> when{};
  std::tuple<std::int32_t, std::string> pair;
  metajson::value any;
  [[=metajson::tag("type")]] std::variant<Sub, std::string> shape;
};
struct Wrapper {  // a record under an unknown key is skipped, checked as thoroughly
  int known = 0;
};

inline Record filled() {
  Record r;
  r.i8 = -100;
  r.u16 = 40000;
  r.i32 = -70000;
  r.u64 = 1ull << 63;
  r.wide = -(static_cast<__int128>(1) << 62);
  r.d = 0.1;
  r.f = 2.5f;
  r.b = true;
  r.s = "h\xC3\xA9llo, \xF0\x9D\x84\x9E";
  r.kind = Kind::gamma_ray;
  r.opt = 5;
  r.ints = {1, -1, 1ll << 40};
  r.dict = {{"a", 1.5}, {"b", -2.0}};
  r.by_id = {{-3, "x"}, {70000, "y"}};
  r.raw = {std::byte{0}, std::byte{0xc1}};
  r.subs = {{7, "seven", {1.0, 2.0}}};
  r.var = Sub{1, "one", {}};
  r.when = std::chrono::sys_time<std::chrono::nanoseconds>(std::chrono::nanoseconds(-1'500'000'001));
  r.pair = {9, "nine"};
  r.shape = Sub{2, "two", {0.5}};
  r.any = metajson::from<metajson::value>(R"({"z":[1,-2,2.5,"s",null,true,{}],"a":18446744073709551615,"n":-9223372036854775808})");
  return r;
}

}  // namespace binary_fuzz

// The MessagePack reader on any bytes, into a record of every family (integers of each width,
// doubles, strings, enums, optionals, vectors, maps with string and integer keys, bytes, nested
// structs, an untagged variant, a timestamp, a tuple). Then:
//   - reading never crashes, never reads out of bounds (ASan), never allocates beyond the input's
//     claims (lengths are checked against what remains first);
//   - a record that reads is written; the bytes written read back into a record that writes the
//     same bytes (a fixed point after one round), and skipping them as an unknown member works;
//   - an input that does not read gives an error whose offset lies within the input.
// Seeds: records written by metajson, and hand-made items of every first byte.
#include <metajson/msgpack.hpp>

#include "../fuzz.hpp"

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

namespace {

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
};
struct Wrapper {  // a record under an unknown key is skipped, checked as thoroughly
  int known = 0;
};

}  // namespace

extern "C" void metajson_fuzz_seeds(std::vector<std::string>& out) {
  Record r;
  out.push_back(metajson::to_msgpack(r));
  r.i8 = -100;
  r.u16 = 40000;
  r.i32 = -70000;
  r.u64 = 1ull << 63;
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
  out.push_back(metajson::to_msgpack(r));
  r.var = std::vector<std::int64_t>{1, 2, 3};
  r.s.assign(300, 'z');
  out.push_back(metajson::to_msgpack(r));
  const char items[] = "\x91\xc0\x92\xc2\xc3\x81\xa1k\xcb\x3f\xf0\0\0\0\0\0\0\xc7\x01\x05\x00\xd4\x01\x02\xdc\x00\x01\x05";
  out.emplace_back(items, sizeof items - 1);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  Record r;
  const metajson::error e = metajson::from_msgpack(in, r);
  if (e) {
    METAJSON_FUZZ_CHECK(e.offset() <= in.size());
    METAJSON_FUZZ_CHECK(e.binary());
  } else {
    std::string once, twice;
    const metajson::error w = metajson::try_to_msgpack(r, once);
    // A record read from bytes writes (its strings are UTF-8: checked when read).
    METAJSON_FUZZ_CHECK(!w);
    Record back;
    METAJSON_FUZZ_CHECK(!metajson::from_msgpack(once, back));
    METAJSON_FUZZ_CHECK(!metajson::try_to_msgpack(back, twice));
    METAJSON_FUZZ_CHECK(once == twice);
  }
  // The same bytes as the value of an unknown key: skipped when they are one well-formed item.
  if (size < (1u << 20)) {
    std::string wrapped = "\x82\xa5known\x01\xa3zzz";
    wrapped.append(in);
    Wrapper w;
    const metajson::error s = metajson::from_msgpack(wrapped, w);
    if (!e) METAJSON_FUZZ_CHECK(!s && w.known == 1);  // it read as a record: it is one item
  }
  return 0;
}

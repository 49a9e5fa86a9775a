// The C++ side of binary_oracle_test (check.py is the other): metajson's MessagePack and CBOR
// against Python's msgpack and cbor2.
//
//   binary_cases FORMAT write COUNT SEED  COUNT random records, one line each: the record in
//                                         FORMAT (msgpack or cbor) in hex, a tab, how it was
//                                         written (default, float64: every double as a float64,
//                                         deterministic), a tab, its JSON (metajson::to_json).
//                                         check.py decodes the bytes and requires the JSON's value.
//   binary_cases FORMAT read              one hex record per line on stdin (check.py packs them
//                                         with msgpack.packb or cbor2.dumps, and corrupts some);
//                                         prints "ok<TAB>json" or "error<TAB>code<TAB>message".
//   binary_cases msgpack suite            "TYPE<TAB>hex" per line on stdin (suite.py: the public
//                                         msgpack-test-suite's encodings), each read into the C++
//                                         type TYPE names; prints "ok<TAB>json<TAB>hex written
//                                         back" or "error<TAB>code<TAB>message".
//   binary_cases FORMAT value-write       one JSON text per line on stdin, each read into a
//                                         metajson::value and written in FORMAT (deterministic
//                                         CBOR on odd lines); prints "ok<TAB>hex" or
//                                         "error<TAB>code<TAB>message".
//   binary_cases FORMAT value-read        one hex item per line on stdin, each read into a
//                                         metajson::value; prints "ok<TAB>its JSON" or
//                                         "error<TAB>code<TAB>message".
//   binary_cases FORMAT dataset FILE      FILE (JSON) read into a metajson::value, written in
//                                         FORMAT, read back: the value must be equal (else exit
//                                         status 1); prints the bytes in hex.
#include <metajson/metajson.hpp>
#include <metajson/value.hpp>
#include <metajson/cbor.hpp>
#include <metajson/msgpack.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

namespace oracle {

enum class Kind { alpha, beta, gamma_ray };

struct Sub {
  std::int64_t id = 0;
  std::string name;
  std::vector<double> xs;
};

struct Record {
  std::int8_t i8 = 0;
  std::uint8_t u8 = 0;
  std::int16_t i16 = 0;
  std::uint16_t u16 = 0;
  std::int32_t i32 = 0;
  std::uint32_t u32 = 0;
  std::int64_t i64 = 0;
  std::uint64_t u64 = 0;
  double d = 0;
  bool b = false;
  std::string s;
  Kind kind = Kind::alpha;
  std::optional<std::int32_t> opt;
  std::vector<std::int64_t> ints;
  std::map<std::string, double> dict;
  std::map<std::int32_t, std::string> by_id;
  std::vector<std::byte> raw;
  std::vector<Sub> subs;
  std::variant<std::int64_t, std::string, std::vector<std::int64_t>> var;
  std::chrono::sys_time<std::chrono::nanoseconds> when{};
  std::tuple<std::int32_t, std::string> pair;
  [[=metajson::tag("type")]] std::variant<Sub, std::string> shape;
};

struct gen {
  std::mt19937_64 rng;

  std::uint64_t u() { return rng(); }
  std::uint64_t below(std::uint64_t n) { return rng() % n; }
  // Integers near the edges of every MessagePack form (fixint, 8, 16, 32, 64 bits) and anywhere.
  template <class T>
  T integer() {
    static constexpr std::int64_t edges[] = {0, 1, 127, 128, 255, 256, 65535, 65536, 4294967295LL, 4294967296LL, -1, -31, -32, -33, -128, -129, -32768, -32769, -2147483648LL, -2147483649LL};
    std::int64_t x;
    switch (below(4)) {
      case 0: x = edges[below(std::size(edges))] + static_cast<std::int64_t>(below(3)) - 1; break;
      case 1: x = static_cast<std::int64_t>(below(300)) - 150; break;
      default: x = static_cast<std::int64_t>(u()); break;
    }
    if constexpr (sizeof(T) == 8) return static_cast<T>(below(2) ? static_cast<T>(x) : static_cast<T>(u()));
    else return static_cast<T>(x);  // wraps into T's range
  }
  double dbl() {
    switch (below(5)) {
      case 0: return static_cast<double>(static_cast<float>(static_cast<std::int64_t>(below(2000)) - 1000) / 8.0f);  // exact in a float32
      case 1: return std::ldexp(static_cast<double>(u() >> 11), static_cast<int>(below(200)) - 100);
      case 2: return -std::ldexp(static_cast<double>(u() >> 11), -static_cast<int>(below(60)));
      case 3: return static_cast<double>(static_cast<std::int64_t>(u() >> 12));
      default: return static_cast<double>(static_cast<float>(std::ldexp(static_cast<double>(u() >> 40), static_cast<int>(below(80)) - 40)));
    }
  }
  std::string text() {
    static const char* pieces[] = {"a", "Z", " ", "\"", "\\", "\n", "\x01", "\x7f", "é", "€", "𝄞", "日本", "key", "0"};
    std::string s;
    const std::size_t n = below(8) == 0 ? 20 + below(300) : below(12);  // past 31 bytes: str8, past 255: str16
    while (s.size() < n) s += pieces[below(std::size(pieces))];
    return s;
  }
  void fill(Sub& v) {
    v.id = integer<std::int64_t>();
    v.name = text();
    v.xs.resize(below(4));
    for (double& x : v.xs) x = dbl();
  }
  void fill(Record& r) {
    r.i8 = integer<std::int8_t>();
    r.u8 = integer<std::uint8_t>();
    r.i16 = integer<std::int16_t>();
    r.u16 = integer<std::uint16_t>();
    r.i32 = integer<std::int32_t>();
    r.u32 = integer<std::uint32_t>();
    r.i64 = integer<std::int64_t>();
    r.u64 = integer<std::uint64_t>();
    r.d = dbl();
    r.b = below(2) != 0;
    r.s = text();
    r.kind = static_cast<Kind>(below(3));
    if (below(2)) r.opt = integer<std::int32_t>();
    r.ints.resize(below(8) == 0 ? 16 + below(40) : below(5));  // past 15: array16
    for (auto& x : r.ints) x = integer<std::int64_t>();
    for (std::size_t i = below(5); i > 0; --i) r.dict[text()] = dbl();
    for (std::size_t i = below(8) == 0 ? 17 + below(10) : below(4); i > 0; --i) r.by_id[integer<std::int32_t>()] = text();  // past 15: map16
    r.raw.resize(below(6) == 0 ? 200 + below(400) : below(6));
    for (auto& b : r.raw) b = static_cast<std::byte>(u());
    r.subs.resize(below(3));
    for (auto& s : r.subs) fill(s);
    switch (below(3)) {
      case 0: r.var = integer<std::int64_t>(); break;
      case 1: r.var = text(); break;
      default: r.var = std::vector<std::int64_t>{integer<std::int64_t>(), integer<std::int64_t>()};
    }
    // Seconds within int64 nanoseconds' range (1678-2262), around every timestamp form's edges.
    const std::int64_t secs[] = {0, 1, 4294967295LL, 4294967296LL, 17179869183LL - 8'000'000'000LL, -1, -86400, static_cast<std::int64_t>(below(9'000'000'000ULL)) - 4'500'000'000LL};
    const std::int64_t sec = secs[below(std::size(secs))];
    const std::int64_t ns = below(3) == 0 ? 0 : static_cast<std::int64_t>(below(1'000'000'000));
    r.when = std::chrono::sys_time<std::chrono::nanoseconds>(std::chrono::nanoseconds(sec * 1'000'000'000LL + ns));
    r.pair = {integer<std::int32_t>(), text()};
    if (below(2)) r.shape = Sub{integer<std::int64_t>(), text(), {}};
    else r.shape = text();
  }
};

std::string hex(std::string_view b) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string h;
  h.reserve(2 * b.size());
  for (unsigned char ch : b) {
    h += digits[ch >> 4];
    h += digits[ch & 15];
  }
  return h;
}

bool unhex(std::string_view h, std::string& out) {
  if (h.size() % 2) return false;
  out.clear();
  auto v = [](char ch) { return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1; };
  for (std::size_t i = 0; i < h.size(); i += 2) {
    const int hi = v(h[i]), lo = v(h[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out += static_cast<char>(hi * 16 + lo);
  }
  return true;
}

}  // namespace oracle

namespace oracle {

constexpr metajson::binary_options float64{.shortest_floats = false};
constexpr metajson::binary_options deterministic{.deterministic = true};

template <metajson::binary_options B>
metajson::error write(bool cbor, const Record& r, std::string& out) {
  return cbor ? metajson::try_to_cbor<metajson::options{}, B>(r, out) : metajson::try_to_msgpack<metajson::options{}, B>(r, out);
}

}  // namespace oracle

namespace oracle {

struct Unknown {  // an item under a key no member has: skipped, checked as thoroughly
  int known = 0;
};

template <class T>
void suite_case(const std::string& bytes) {
  T v{};
  if (const metajson::error e = metajson::from_msgpack(bytes, v)) {
    std::cout << "error\t" << static_cast<int>(e.code()) << '\t' << e.message() << '\n';
    return;
  }
  std::cout << "ok\t" << metajson::to_json(v) << '\t' << hex(metajson::to_msgpack(v)) << '\n';
}

// The C++ type each of the suite's values is read into (suite.py picks it from the value and
// the encoding's first byte: an integer written as a float is read into a double).
int suite(std::istream& in) {
  using ns_time = std::chrono::sys_time<std::chrono::nanoseconds>;
  std::string line, bytes;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    const std::string type = line.substr(0, tab);
    if (tab == std::string::npos || !unhex(line.substr(tab + 1), bytes)) {
      std::cerr << "bad line: " << line.substr(0, 40) << "\n";
      return 1;
    }
    if (type == "nil") suite_case<std::nullptr_t>(bytes);
    else if (type == "bool") suite_case<bool>(bytes);
    else if (type == "binary") suite_case<std::vector<std::byte>>(bytes);
    else if (type == "int") suite_case<std::int64_t>(bytes);
    else if (type == "uint") suite_case<std::uint64_t>(bytes);
    else if (type == "double") suite_case<double>(bytes);
    else if (type == "string") suite_case<std::string>(bytes);
    else if (type == "ints") suite_case<std::vector<std::int64_t>>(bytes);
    else if (type == "strings") suite_case<std::vector<std::string>>(bytes);
    else if (type == "arrays") suite_case<std::vector<std::vector<std::int64_t>>>(bytes);
    else if (type == "maps") suite_case<std::vector<std::map<std::string, std::int64_t>>>(bytes);
    else if (type == "map_int") suite_case<std::map<std::string, std::int64_t>>(bytes);
    else if (type == "map_string") suite_case<std::map<std::string, std::string>>(bytes);
    else if (type == "map_map") suite_case<std::map<std::string, std::map<std::string, std::int64_t>>>(bytes);
    else if (type == "map_array") suite_case<std::map<std::string, std::vector<std::int64_t>>>(bytes);
    else if (type == "timestamp") suite_case<ns_time>(bytes);
    else if (type == "timestamp_s") suite_case<std::chrono::sys_seconds>(bytes);
    else if (type == "unknown") suite_case<Unknown>(std::string("\x82\xa5known\x01\xa3zzz", 12) + bytes);
    else {
      std::cerr << "unknown type " << type << "\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace oracle

int main(int argc, char** argv) {
  using namespace oracle;
  const std::string format = argc > 1 ? argv[1] : "";
  const std::string mode = argc > 2 ? argv[2] : "";
  const bool cbor = format == "cbor";
  if ((format == "msgpack" || cbor) && mode == "write" && argc == 5) {
    gen g{std::mt19937_64(std::stoull(argv[4]))};
    const long count = std::stol(argv[3]);
    std::string bytes, json;
    for (long i = 0; i < count; ++i) {
      Record r;
      g.fill(r);
      // Records in turn: the defaults, every double as a float64, deterministic encoding.
      const char* how = i % 3 == 0 ? "default" : i % 3 == 1 ? "float64" : "deterministic";
      const metajson::error e = i % 3 == 0 ? write<metajson::binary_options{}>(cbor, r, bytes)
                                : i % 3 == 1 ? write<float64>(cbor, r, bytes)
                                             : write<deterministic>(cbor, r, bytes);
      if (e) {
        std::cerr << "record " << i << ": " << e.message() << "\n";
        return 1;
      }
      metajson::to_json(r, json);
      std::cout << hex(bytes) << '\t' << how << '\t' << json << '\n';
    }
    return 0;
  }
  if (format == "msgpack" && mode == "suite") return suite(std::cin);
  if ((format == "msgpack" || cbor) && mode == "read") {
    std::string line, bytes, json;
    while (std::getline(std::cin, line)) {
      if (!unhex(line, bytes)) {
        std::cerr << "not hex: " << line.substr(0, 40) << "\n";
        return 1;
      }
      Record r;
      if (const metajson::error e = cbor ? metajson::from_cbor(bytes, r) : metajson::from_msgpack(bytes, r)) {
        std::cout << "error\t" << static_cast<int>(e.code()) << '\t' << e.message() << '\n';
      } else {
        metajson::to_json(r, json);
        std::cout << "ok\t" << json << '\n';
      }
    }
    return 0;
  }
  if ((format == "msgpack" || cbor) && mode == "value-write") {
    std::string line, bytes;
    for (long i = 0; std::getline(std::cin, line); ++i) {
      metajson::value v;
      metajson::error e = metajson::from_json(line, v);
      if (!e) {
        e = cbor ? (i % 2 ? metajson::try_to_cbor<metajson::options{}, deterministic>(v, bytes) : metajson::try_to_cbor(v, bytes))
                 : metajson::try_to_msgpack(v, bytes);
      }
      if (e) std::cout << "error\t" << static_cast<int>(e.code()) << '\t' << e.message() << '\n';
      else std::cout << "ok\t" << hex(bytes) << '\n';
    }
    return 0;
  }
  if ((format == "msgpack" || cbor) && mode == "value-read") {
    std::string line, bytes, json;
    while (std::getline(std::cin, line)) {
      if (!unhex(line, bytes)) {
        std::cerr << "not hex: " << line.substr(0, 40) << "\n";
        return 1;
      }
      metajson::value v;
      if (const metajson::error e = cbor ? metajson::from_cbor(bytes, v) : metajson::from_msgpack(bytes, v)) {
        std::cout << "error\t" << static_cast<int>(e.code()) << '\t' << e.message() << '\n';
      } else {
        metajson::to_json(v, json);
        std::cout << "ok\t" << json << '\n';
      }
    }
    return 0;
  }
  if ((format == "msgpack" || cbor) && mode == "dataset" && argc == 4) {
    std::ifstream file(argv[3], std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (!file) {
      std::cerr << argv[3] << ": cannot be read\n";
      return 1;
    }
    const auto v = metajson::from<metajson::value>(text);
    const std::string bytes = cbor ? metajson::to_cbor(v) : metajson::to_msgpack(v);
    const auto back = cbor ? metajson::from_cbor<metajson::value>(bytes) : metajson::from_msgpack<metajson::value>(bytes);
    if (!(back == v) || metajson::to_json(back) != metajson::to_json(v)) {
      std::cerr << argv[3] << ": the value read back from " << format << " differs\n";
      return 1;
    }
    std::cout << hex(bytes) << '\n';
    return 0;
  }
  std::cerr << "usage: binary_cases msgpack|cbor write COUNT SEED | binary_cases msgpack|cbor read < hex-lines"
               " | binary_cases msgpack suite < type-hex-lines | binary_cases msgpack|cbor value-write < json-lines"
               " | binary_cases msgpack|cbor value-read < hex-lines | binary_cases msgpack|cbor dataset FILE\n";
  return 2;
}

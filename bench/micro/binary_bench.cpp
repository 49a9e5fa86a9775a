// MessagePack and CBOR (issue 52): metajson's writers and readers (metajson/msgpack.hpp,
// metajson/cbor.hpp) beside glaze's (glz::write_msgpack / read_msgpack, glz::write_cbor /
// read_cbor, glaze 9), on the suite's models: twitter, CITM and canada (the datasets read into
// their structs once, as the JSON rows do) and the small player and order messages (their
// sample()). A program of its own, pinned to the core it starts on; run.py runs it once after
// the suite's rounds: `make bench` into bench/build/binary.json (a section of summary.md), the
// full study into results/binary.json.
//
//   METAJSON_DATA_DIR=... bench/build/binary_bench [--rounds N] [--seconds S] [--json FILE]
//                                                  [--format msgpack|cbor|both]
//
// Rows, per model: write (into one reused std::string: both libraries' buffer reuse) and read
// (into one reused object: both keep containers' capacity where they can). Output checked
// before timing: each library's bytes are read back by the other library into a value equal to
// the original (the models' operator==), and the sizes are reported (bytes per document).
//
// What differs (the report says it): metajson checks that every string is UTF-8, on writing and
// reading, and every length against the input before allocating; glaze checks neither; metajson
// writes a double in the smallest float that holds it exactly (binary_options::shortest_floats:
// float32 in MessagePack, float16 or float32 in CBOR), glaze MessagePack's always as a float 64.
//
// DOM rows (marked so; not what issue 52's target compares): a metajson::value (the datasets read
// into one) written and read as MessagePack and CBOR beside nlohmann/json's json::to_cbor /
// from_cbor / to_msgpack / from_msgpack and jsoncons' encode_cbor / decode_cbor / encode_msgpack /
// decode_msgpack on their own DOMs (built from the same file), when their headers are there.
// Checked first: each peer's bytes read by metajson into a value equal to ours, and ours read by
// each peer into a DOM equal to its own.
//
// Method: --rounds (default 7) alternate the rows; in each round a row runs for --seconds
// (default 0.05) of the thread's CPU time (CLOCK_THREAD_CPUTIME_ID) and its figure is the time
// per call; a row's result is the median of its rounds, and the ratio glaze / metajson is the
// median of the rounds' ratios (the same round of both rows).
#include <metajson/metajson.hpp>
#include <metajson/cbor.hpp>
#include <metajson/msgpack.hpp>

#include <glaze/glaze.hpp>
#include <glaze/cbor.hpp>
#include <glaze/msgpack.hpp>

#if __has_include(<nlohmann/json.hpp>)
#include <nlohmann/json.hpp>
#define METAJSON_BENCH_NLOHMANN 1
#endif
#if __has_include(<jsoncons_ext/cbor/cbor.hpp>) && __has_include(<jsoncons_ext/msgpack/msgpack.hpp>)
#include <jsoncons/json.hpp>
#include <jsoncons_ext/cbor/cbor.hpp>
#include <jsoncons_ext/msgpack/msgpack.hpp>
#define METAJSON_BENCH_JSONCONS 1
#endif
#include <metajson/value.hpp>

#include <sched.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "canada.hpp"
#include "citm.hpp"
#include "order.hpp"
#include "player.hpp"
#include "twitter.hpp"

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot open " + path + " (set METAJSON_DATA_DIR)");
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::string json_string(const std::string& s) {
  std::string o = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') o += '\\';
    o += ch;
  }
  return o + "\"";
}

std::string cpu_name() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "?";
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

struct row {
  std::string format, model, op;         // op: write or read
  std::string peer = "glaze";            // glaze; for the DOM rows nlohmann or jsoncons
  std::function<void()> ours, theirs;    // one call each
  std::vector<double> ours_s, theirs_s, ratios;  // per round: seconds per call, glaze / metajson
};

// Seconds per call of f, for about `budget` seconds of CPU time.
double time_row(const std::function<void()>& f, double budget) {
  f();  // warm
  long calls = 0;
  const double start = cpu_seconds();
  double now = start;
  long batch = 1;
  while (now - start < budget) {
    for (long i = 0; i < batch; ++i) f();
    calls += batch;
    now = cpu_seconds();
    if (batch < (1 << 16)) batch *= 2;
  }
  return (now - start) / static_cast<double>(calls);
}

struct model_result {
  std::string format, model;
  std::size_t ours_bytes = 0, theirs_bytes = 0;
};

// One format's four calls: ours and glaze's, writing and reading.
struct msgpack_calls {
  static constexpr const char* name = "msgpack";
  template <class T>
  static metajson::error ours_write(const T& v, std::string& out) { return metajson::try_to_msgpack(v, out); }
  template <class T>
  static metajson::error ours_read(const std::string& in, T& v) { return metajson::from_msgpack(in, v); }
  template <class T>
  static auto theirs_write(const T& v, std::string& out) { return glz::write_msgpack(v, out); }
  template <class T>
  static auto theirs_read(const std::string& in, T& v) { return glz::read_msgpack(v, in); }
};
struct cbor_calls {
  static constexpr const char* name = "cbor";
  template <class T>
  static metajson::error ours_write(const T& v, std::string& out) { return metajson::try_to_cbor(v, out); }
  template <class T>
  static metajson::error ours_read(const std::string& in, T& v) { return metajson::from_cbor(in, v); }
  template <class T>
  static auto theirs_write(const T& v, std::string& out) { return glz::write_cbor(v, out); }
  template <class T>
  static auto theirs_read(const std::string& in, T& v) { return glz::read_cbor(v, in); }
};

template <class F, class T>
model_result add_model(std::vector<row>& rows, const std::string& name, const T& value) {
  // The outputs, each read back by the other library.
  const std::string where = std::string(F::name) + " " + name;
  std::string ours, theirs;
  if (auto e = F::ours_write(value, ours)) throw std::runtime_error(where + ": metajson: " + e.message());
  if (auto e = F::theirs_write(value, theirs)) throw std::runtime_error(where + ": glaze could not write");
  T a{}, b{};
  if (auto e = F::ours_read(theirs, a)) throw std::runtime_error(where + ": metajson cannot read glaze's bytes: " + e.message());
  if (auto e = F::theirs_read(ours, b)) throw std::runtime_error(where + ": glaze cannot read metajson's bytes: " + glz::format_error(e, ours));
  if (!(a == value)) throw std::runtime_error(where + ": glaze's bytes read by metajson differ from the value");
  if (!(b == value)) throw std::runtime_error(where + ": metajson's bytes read by glaze differ from the value");

  auto out1 = std::make_shared<std::string>(), out2 = std::make_shared<std::string>();
  rows.push_back({F::name, name, "write", "glaze",
                  [&value, out1] {
                    if (F::ours_write(value, *out1)) std::abort();
                  },
                  [&value, out2] {
                    if (F::theirs_write(value, *out2)) std::abort();
                  },
                  {}, {}, {}});
  auto in1 = std::make_shared<std::string>(ours), in2 = std::make_shared<std::string>(theirs);
  auto t1 = std::make_shared<T>(), t2 = std::make_shared<T>();
  rows.push_back({F::name, name, "read", "glaze",
                  [in1, t1] {
                    if (F::ours_read(*in1, *t1)) std::abort();
                  },
                  [in2, t2] {
                    if (F::theirs_read(*in2, *t2)) std::abort();
                  },
                  {}, {}, {}});
  return {F::name, name, ours.size(), theirs.size()};
}

template <class F>
void add_models(std::vector<row>& rows, std::vector<model_result>& sizes, const twitter::TwitterData& tw,
                const citm::CitmCatalog& ci, const canada::FeatureCollection& ca, const player::Player& pl,
                const order::Order& od) {
  sizes.push_back(add_model<F>(rows, "twitter", tw));
  sizes.push_back(add_model<F>(rows, "citm_catalog", ci));
  sizes.push_back(add_model<F>(rows, "canada", ca));
  sizes.push_back(add_model<F>(rows, "player", pl));
  sizes.push_back(add_model<F>(rows, "order", od));
}

// --- DOM rows --------------------------------------------------------------------------------------

// A peer's DOM: parse, write a format, read it, equality.
#if METAJSON_BENCH_NLOHMANN
struct nlohmann_dom {
  static constexpr const char* name = "nlohmann";
  using dom = nlohmann::json;
  static dom parse(const std::string& text) { return nlohmann::json::parse(text); }
  static void write(bool cbor, const dom& j, std::vector<std::uint8_t>& out) {
    out.clear();
    if (cbor) nlohmann::json::to_cbor(j, out);
    else nlohmann::json::to_msgpack(j, out);
  }
  static void read(bool cbor, const std::vector<std::uint8_t>& in, dom& j) {
    j = cbor ? nlohmann::json::from_cbor(in) : nlohmann::json::from_msgpack(in);
  }
  static bool same(const dom& a, const dom& b) { return a == b; }
};
#endif
#if METAJSON_BENCH_JSONCONS
struct jsoncons_dom {
  static constexpr const char* name = "jsoncons";
  using dom = jsoncons::json;
  static dom parse(const std::string& text) { return jsoncons::json::parse(text); }
  static void write(bool cbor, const dom& j, std::vector<std::uint8_t>& out) {
    out.clear();
    if (cbor) jsoncons::cbor::encode_cbor(j, out);
    else jsoncons::msgpack::encode_msgpack(j, out);
  }
  static void read(bool cbor, const std::vector<std::uint8_t>& in, dom& j) {
    j = cbor ? jsoncons::cbor::decode_cbor<jsoncons::json>(in) : jsoncons::msgpack::decode_msgpack<jsoncons::json>(in);
  }
  // (jsoncons keeps a float16 as a half, which == does not equate with the double it holds:
  // their JSON texts are compared)
  static bool same(const dom& a, const dom& b) { return a.to_string() == b.to_string(); }
};
#endif

template <class P>
model_result add_dom_model(std::vector<row>& rows, bool cbor, const std::string& name, const std::string& text) {
  const std::string fmt = cbor ? "cbor" : "msgpack";
  const std::string where = fmt + " " + name + " (DOM, " + P::name + ")";
  const auto ours_value = std::make_shared<metajson::value>(metajson::from<metajson::value>(text));
  const auto their_dom = std::make_shared<typename P::dom>(P::parse(text));
  std::string ours;
  if (auto e = cbor ? metajson::try_to_cbor(*ours_value, ours) : metajson::try_to_msgpack(*ours_value, ours))
    throw std::runtime_error(where + ": metajson: " + e.message());
  std::vector<std::uint8_t> theirs;
  P::write(cbor, *their_dom, theirs);
  metajson::value a;
  const std::string theirs_s(theirs.begin(), theirs.end());
  if (auto e = cbor ? metajson::from_cbor(theirs_s, a) : metajson::from_msgpack(theirs_s, a))
    throw std::runtime_error(where + ": metajson cannot read the peer's bytes: " + e.message());
  if (!(a == *ours_value)) throw std::runtime_error(where + ": the peer's bytes read by metajson differ from the value");
  typename P::dom b;
  P::read(cbor, std::vector<std::uint8_t>(ours.begin(), ours.end()), b);
  if (!P::same(b, *their_dom)) throw std::runtime_error(where + ": metajson's bytes read by the peer differ from its DOM");

  auto out1 = std::make_shared<std::string>();
  auto out2 = std::make_shared<std::vector<std::uint8_t>>();
  rows.push_back({fmt, name + " (DOM)", "write", P::name,
                  [ours_value, out1, cbor] {
                    if (cbor ? metajson::try_to_cbor(*ours_value, *out1) : metajson::try_to_msgpack(*ours_value, *out1)) std::abort();
                  },
                  [their_dom, out2, cbor] { P::write(cbor, *their_dom, *out2); },
                  {}, {}, {}});
  auto in1 = std::make_shared<std::string>(ours);
  auto in2 = std::make_shared<std::vector<std::uint8_t>>(theirs);
  auto v1 = std::make_shared<metajson::value>();
  auto v2 = std::make_shared<typename P::dom>();
  rows.push_back({fmt, name + " (DOM)", "read", P::name,
                  [in1, v1, cbor] {
                    if (cbor ? metajson::from_cbor(*in1, *v1) : metajson::from_msgpack(*in1, *v1)) std::abort();
                  },
                  [in2, v2, cbor] { P::read(cbor, *in2, *v2); },
                  {}, {}, {}});
  return {fmt, name + " (DOM, " + P::name + ")", ours.size(), theirs.size()};
}

void add_dom_models(std::vector<row>& rows, std::vector<model_result>& sizes, bool cbor, const std::vector<std::pair<std::string, std::string>>& texts) {
  for (const auto& [name, text] : texts) {
#if METAJSON_BENCH_NLOHMANN
    sizes.push_back(add_dom_model<nlohmann_dom>(rows, cbor, name, text));
#endif
#if METAJSON_BENCH_JSONCONS
    sizes.push_back(add_dom_model<jsoncons_dom>(rows, cbor, name, text));
#endif
    (void)rows, (void)sizes, (void)cbor, (void)name, (void)text;
  }
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 7;
  double seconds = 0.05;
  std::string json_file, format = "both";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--rounds" && i + 1 < argc) rounds = std::atoi(argv[++i]);
    else if (a == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
    else if (a == "--json" && i + 1 < argc) json_file = argv[++i];
    else if (a == "--format" && i + 1 < argc) format = argv[++i];
    else {
      std::fprintf(stderr, "usage: binary_bench [--rounds N] [--seconds S] [--json FILE] [--format msgpack|cbor|both]\n");
      return 2;
    }
  }
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (!dir) {
    std::fprintf(stderr, "binary_bench: set METAJSON_DATA_DIR to the datasets' folder\n");
    return 2;
  }
  // Pinned to the core it starts on.
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(sched_getcpu(), &set);
  sched_setaffinity(0, sizeof set, &set);

  try {
    const std::string d = dir;
    static const auto tw = metajson::from<twitter::TwitterData>(slurp(d + "/twitter.json"));
    static const auto ci = metajson::from<citm::CitmCatalog>(slurp(d + "/citm_catalog.json"));
    static const auto ca = metajson::from<canada::FeatureCollection>(slurp(d + "/canada.json"));
    static const auto pl = player::sample();
    static const auto od = order::sample();
    std::vector<row> rows;
    std::vector<model_result> sizes;
    if (format != "cbor") add_models<msgpack_calls>(rows, sizes, tw, ci, ca, pl, od);
    if (format != "msgpack") add_models<cbor_calls>(rows, sizes, tw, ci, ca, pl, od);
    const std::vector<std::pair<std::string, std::string>> texts = {
        {"twitter", slurp(d + "/twitter.json")}, {"citm_catalog", slurp(d + "/citm_catalog.json")}, {"canada", slurp(d + "/canada.json")}};
    if (format != "cbor") add_dom_models(rows, sizes, false, texts);
    if (format != "msgpack") add_dom_models(rows, sizes, true, texts);

    for (int r = 0; r < rounds; ++r) {
      for (auto& x : rows) {
        // Alternate which library goes first from round to round.
        double a, b;
        if (r % 2 == 0) {
          a = time_row(x.ours, seconds);
          b = time_row(x.theirs, seconds);
        } else {
          b = time_row(x.theirs, seconds);
          a = time_row(x.ours, seconds);
        }
        x.ours_s.push_back(a);
        x.theirs_s.push_back(b);
        x.ratios.push_back(b / a);
      }
    }

    std::printf("%-8s %-19s %-5s %-9s %14s %14s %8s %8s %8s\n", "format", "model", "op", "peer", "metajson ns", "peer ns", "ratio", "min", "max");
    for (auto& x : rows)
      std::printf("%-8s %-19s %-5s %-9s %14.0f %14.0f %8.2f %8.2f %8.2f\n", x.format.c_str(), x.model.c_str(), x.op.c_str(), x.peer.c_str(),
                  median(x.ours_s) * 1e9, median(x.theirs_s) * 1e9, median(x.ratios), *std::min_element(x.ratios.begin(), x.ratios.end()),
                  *std::max_element(x.ratios.begin(), x.ratios.end()));
    for (auto& s : sizes)
      std::printf("%-8s %-31s bytes: metajson %zu, peer %zu\n", s.format.c_str(), s.model.c_str(), s.ours_bytes, s.theirs_bytes);

    if (!json_file.empty()) {
      char date[32];
      const std::time_t now = std::time(nullptr);
      std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
      std::string o = "{\"program\": \"binary_bench\", \"formats\": " + json_string(format) + ", \"date\": " + json_string(date) +
                      ", \"cpu\": " + json_string(cpu_name()) + ", \"rounds\": " + std::to_string(rounds) +
                      ", \"seconds\": " + std::to_string(seconds) + ", \"glaze\": \"" + std::to_string(glz::version.major) + "." +
                      std::to_string(glz::version.minor) + "." + std::to_string(glz::version.patch) + "\", \"rows\": [";
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& x = rows[i];
        o += std::string(i ? ", " : "") + "{\"format\": " + json_string(x.format) + ", \"model\": " + json_string(x.model) + ", \"op\": " + json_string(x.op) +
             ", \"peer\": " + json_string(x.peer) + ", \"metajson_ns\": " + std::to_string(median(x.ours_s) * 1e9) + ", \"peer_ns\": " +
             std::to_string(median(x.theirs_s) * 1e9) + ", \"ratio\": " + std::to_string(median(x.ratios)) +
             ", \"min\": " + std::to_string(*std::min_element(x.ratios.begin(), x.ratios.end())) +
             ", \"max\": " + std::to_string(*std::max_element(x.ratios.begin(), x.ratios.end())) + "}";
      }
      o += "], \"sizes\": [";
      for (std::size_t i = 0; i < sizes.size(); ++i)
        o += std::string(i ? ", " : "") + "{\"format\": " + json_string(sizes[i].format) + ", \"model\": " + json_string(sizes[i].model) + ", \"metajson\": " +
             std::to_string(sizes[i].ours_bytes) + ", \"peer\": " + std::to_string(sizes[i].theirs_bytes) + "}";
      o += "]}\n";
      std::ofstream(json_file) << o;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "binary_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}

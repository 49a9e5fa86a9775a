// bench::main: arguments, datasets, the verify / time / callgrind modes (bench/PROTOCOL.md).
#include "harness.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_HAVE_CALLGRIND 1
#else
#define BENCH_HAVE_CALLGRIND 0
#endif

namespace bench {
namespace {

struct args {
  std::string data, mode, dump, only_case;
  std::vector<std::string> datasets{"twitter", "citm", "canada", "player", "order", "ndjson"};
  int run = 1;
  std::size_t ndjson_mb = 100;  // the NDJSON workload's size (--smoke runs pass a small one)
  bool smoke = false;
  std::size_t iters = 20;  // callgrind mode
};

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "error: %s\nusage: PROGRAM --data DIR --mode verify|time|callgrind [--dump DIR] [--run K] [--smoke]\n"
               "               [--datasets twitter,citm,canada,player,order,ndjson] [--case LIB|VARIANT|DATASET|DIRECTION]\n"
               "               [--iters N] [--ndjson-mb N]\n",
               why);
  std::exit(2);
}

args parse_args(int argc, char** argv) {
  args a;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(("missing value after " + k).c_str());
      return argv[++i];
    };
    if (k == "--data") a.data = value();
    else if (k == "--mode") a.mode = value();
    else if (k == "--dump") a.dump = value();
    else if (k == "--run") a.run = std::atoi(value().c_str());
    else if (k == "--smoke") a.smoke = true;
    else if (k == "--case") a.only_case = value();
    else if (k == "--iters") a.iters = std::strtoull(value().c_str(), nullptr, 10);
    else if (k == "--ndjson-mb") a.ndjson_mb = std::strtoull(value().c_str(), nullptr, 10);
    else if (k == "--datasets") {
      a.datasets.clear();
      std::stringstream ss(value());
      for (std::string s; std::getline(ss, s, ',');) a.datasets.push_back(s);
    } else usage(("unknown argument " + k).c_str());
  }
  if (a.data.empty()) usage("--data DIR is required (the folder with twitter.json, citm_catalog.json, canada.json)");
  if (a.mode != "verify" && a.mode != "time" && a.mode != "callgrind") usage("--mode must be verify, time or callgrind");
  if (a.mode == "verify" && a.dump.empty()) usage("--mode verify needs --dump DIR");
  return a;
}

std::optional<std::string> slurp(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return std::nullopt;
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string json_escape(std::string_view s) {
  std::string o;
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      o += b;
    } else {
      o += c;
    }
  }
  return o;
}

std::string head(const case_def& c) {
  return "{\"library\":\"" + json_escape(c.library) + "\",\"variant\":\"" + json_escape(c.variant) +
         "\",\"dataset\":\"" + c.dataset + "\",\"direction\":\"" + c.direction + "\"";
}

void emit(const std::string& line) {
  std::fputs(line.c_str(), stdout);
  std::fputs("}\n", stdout);
  std::fflush(stdout);
}

std::string dump_name(const case_def& c) {
  std::string n = c.library + "__" + c.variant + "__" + c.dataset + "__" + c.direction;
  for (char& ch : n)
    if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '_' || ch == '-')) ch = '_';
  return n + ".json";
}

std::string fmt_double(double v) {
  char b[64];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

void verify_case(case_def& c, const args& a) {
  std::string line = head(c);
  if (c.direction == "write") {
    const std::string out = c.output();
    c.bytes = out.size();
    const auto path = std::filesystem::path(a.dump) / dump_name(c);
    std::ofstream(path, std::ios::binary).write(out.data(), static_cast<std::streamsize>(out.size()));
    line += ",\"dump\":\"" + json_escape(std::filesystem::absolute(path).string()) + "\"";
  } else {
    line += std::string(",\"verified\":") + (c.verify() ? "true" : "false");
  }
  c.call();  // warm-up, then count allocations over 10 calls
  const auto before = allocation_count();
  for (int i = 0; i < 10; ++i) c.call();
  const double allocs = static_cast<double>(allocation_count() - before) / 10.0;
  line += ",\"bytes\":" + std::to_string(c.bytes) + ",\"allocs_per_call\":" + fmt_double(allocs);
  if (!c.note.empty()) line += ",\"note\":\"" + json_escape(c.note) + "\"";
  emit(line);
  std::fprintf(stderr, "  verified %-28s %-8s %-5s %-28s %9zu bytes  %6.1f allocs/call\n", c.library.c_str(),
               c.dataset.c_str(), c.direction.c_str(), c.variant.c_str(), c.bytes, allocs);
}

// The study's loop: n = 10, n *= 10 until a batch takes >= 1 s or n >= 100,000. A small
// message (a few hundred ns per call) stops at the cap after ~20-200 ms, so its last batch
// size is then timed again, batch after batch, until the repeats have taken >= 0.5 s (at least
// 5 batches), and the median batch is reported: one short batch is at the mercy of whatever
// else the machine does in those milliseconds.
void time_case(case_def& c, const args& a) {
  using clock = std::chrono::steady_clock;
  const std::size_t first = c.call();  // also sizes write cases
  if (c.direction == "write") c.bytes = first;
  auto batch = [&](std::size_t n) {
    const auto t0 = clock::now();
    for (std::size_t i = 0; i < n; ++i) c.call();
    return std::chrono::duration<double>(clock::now() - t0).count();
  };
  std::size_t n = a.smoke ? 3 : 10;
  double seconds = 0;
  for (;;) {
    seconds = batch(n);
    if (a.smoke || seconds >= 1.0 || n >= 100000) break;
    n *= 10;
  }
  std::size_t batches = 1;
  if (c.small && !a.smoke && seconds < 0.5) {
    std::vector<double> times;
    double total = 0;
    while (times.size() < 5 || total < 0.5) {
      times.push_back(batch(n));
      total += times.back();
    }
    std::sort(times.begin(), times.end());
    const std::size_t k = times.size();
    seconds = k % 2 ? times[k / 2] : (times[k / 2 - 1] + times[k / 2]) / 2;
    batches = k;
  }
  const double mbps = static_cast<double>(c.bytes) * static_cast<double>(n) / seconds / 1e6;
  const double ns = seconds * 1e9 / static_cast<double>(n);
  emit(head(c) + ",\"bytes\":" + std::to_string(c.bytes) + ",\"run\":" + std::to_string(a.run) +
       ",\"iterations\":" + std::to_string(n) + ",\"seconds\":" + fmt_double(seconds) +
       ",\"batches\":" + std::to_string(batches) + ",\"ns_per_call\":" + fmt_double(ns) +
       ",\"mb_per_s\":" + fmt_double(mbps) + (a.smoke ? ",\"smoke\":true" : ""));
  std::fprintf(stderr, "  %-28s %-8s %-5s %-28s %9.0f MB/s %9.0f ns  (%zu calls x %zu, %.3f s)\n", c.library.c_str(),
               c.dataset.c_str(), c.direction.c_str(), c.variant.c_str(), mbps, ns, n, batches, seconds);
}

void callgrind_case(case_def& c, const args& a) {
  const std::size_t first = c.call();
  if (c.direction == "write") c.bytes = first;
#if BENCH_HAVE_CALLGRIND
  CALLGRIND_ZERO_STATS;
  CALLGRIND_START_INSTRUMENTATION;
#endif
  for (std::size_t i = 0; i < a.iters; ++i) c.call();
#if BENCH_HAVE_CALLGRIND
  CALLGRIND_STOP_INSTRUMENTATION;
#endif
  emit(head(c) + ",\"bytes\":" + std::to_string(c.bytes) + ",\"iterations\":" + std::to_string(a.iters) +
       ",\"callgrind\":" + (BENCH_HAVE_CALLGRIND ? "true" : "false"));
}

template <class T>
void add_dataset(registry& r, const args& a, std::vector<std::shared_ptr<void>>& keep_alive, const char* name,
                 const char* file, const T& (*reference)(const std::string&),
                 const std::function<void(registry&, const dataset<T>&)>& reg) {
  if (std::find(a.datasets.begin(), a.datasets.end(), name) == a.datasets.end() || !reg) return;
  auto input = slurp(std::filesystem::path(a.data) / file);
  if (!input) {
    r.unavailable("*", "*", name, "*", "cannot read " + (std::filesystem::path(a.data) / file).string());
    return;
  }
  try {
    const T& ref = reference(*input);
    auto d = std::make_shared<dataset<T>>(dataset<T>{name, std::move(*input), ref});
    keep_alive.push_back(d);
    reg(r, *d);
  } catch (const std::exception& e) {
    r.unavailable("*", "*", name, "*", std::string("reference read failed: ") + e.what());
  }
}

// A small message generated in code (small_messages.cpp). In verify mode its text is also
// dumped as <dump>/input__<name>.json, which the driver compares with metajson's output.
template <class T>
void add_generated(registry& r, const args& a, std::vector<std::shared_ptr<void>>& keep_alive, const char* name,
                   const T& value, std::string (*text)(const T&),
                   const std::function<void(registry&, const dataset<T>&)>& reg) {
  if (std::find(a.datasets.begin(), a.datasets.end(), name) == a.datasets.end() || !reg) return;
  auto d = std::make_shared<dataset<T>>(dataset<T>{name, text(value), value, true});
  keep_alive.push_back(d);
  if (a.mode == "verify") {
    const auto path = std::filesystem::path(a.dump) / (std::string("input__") + name + ".json");
    std::ofstream(path, std::ios::binary).write(d->input.data(), static_cast<std::streamsize>(d->input.size()));
  }
  reg(r, *d);
}

// The NDJSON workload: twitter.json's statuses one per line, repeated to --ndjson-mb MB
// (reference.cpp). Not small: timed like the files.
void add_ndjson(registry& r, const args& a, std::vector<std::shared_ptr<void>>& keep_alive,
                const std::function<void(registry&, const dataset<ndjson_records>&)>& reg) {
  if (std::find(a.datasets.begin(), a.datasets.end(), "ndjson") == a.datasets.end() || !reg) return;
  const auto file = std::filesystem::path(a.data) / "twitter.json";
  auto input = slurp(file);
  if (!input) {
    r.unavailable("*", "*", "ndjson", "*", "cannot read " + file.string());
    return;
  }
  try {
    auto value = std::make_shared<ndjson_records>();
    std::string text = ndjson_lines(*input, a.ndjson_mb * 1000000, *value);
    auto d = std::make_shared<dataset<ndjson_records>>(dataset<ndjson_records>{"ndjson", std::move(text), *value});
    keep_alive.push_back(value);
    keep_alive.push_back(d);
    reg(r, *d);
  } catch (const std::exception& e) {
    r.unavailable("*", "*", "ndjson", "*", std::string("reference read failed: ") + e.what());
  }
}

}  // namespace

int main(int argc, char** argv, const registrar& reg) {
  const args a = parse_args(argc, argv);
  if (!a.dump.empty()) std::filesystem::create_directories(a.dump);
  registry r;
  std::vector<std::shared_ptr<void>> keep_alive;
  add_dataset(r, a, keep_alive, "twitter", "twitter.json", &twitter_reference, reg.twitter);
  add_dataset(r, a, keep_alive, "citm", "citm_catalog.json", &citm_reference, reg.citm);
  add_dataset(r, a, keep_alive, "canada", "canada.json", &canada_reference, reg.canada);
  add_generated(r, a, keep_alive, "player", player_reference(), &player_json, reg.player);
  add_generated(r, a, keep_alive, "order", order_reference(), &order_json, reg.order);
  add_ndjson(r, a, keep_alive, reg.ndjson);

  for (const auto& e : r.errors()) {
    emit("{\"library\":\"" + json_escape(e.library) + "\",\"variant\":\"" + json_escape(e.variant) +
         "\",\"dataset\":\"" + e.dataset + "\",\"direction\":\"" + e.direction + "\",\"error\":\"" +
         json_escape(e.why) + "\"");
    std::fprintf(stderr, "  ERROR %s %s: %s\n", e.library.c_str(), e.dataset.c_str(), e.why.c_str());
  }
  for (auto& c : r.cases()) {
    if (!a.only_case.empty() && a.only_case != c.library + "|" + c.variant + "|" + c.dataset + "|" + c.direction)
      continue;
    try {
      if (a.mode == "verify") verify_case(c, a);
      else if (a.mode == "time") time_case(c, a);
      else callgrind_case(c, a);
    } catch (const std::exception& e) {
      emit(head(c) + ",\"error\":\"" + json_escape(e.what()) + "\"");
      std::fprintf(stderr, "  ERROR %s %s %s %s: %s\n", c.library.c_str(), c.dataset.c_str(), c.direction.c_str(),
                   c.variant.c_str(), e.what());
    }
  }
  return 0;
}

}  // namespace bench

// bench::main: arguments, datasets, the verify / time / callgrind modes (bench/PROTOCOL.md).
#include "harness.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
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
  double budget = 0;       // time mode: seconds of timed batches per case; 0: the study's loop
  double warmup = 0.1;     // time mode: seconds of untimed calls before timing (at least one call)
};

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "error: %s\nusage: PROGRAM --data DIR --mode verify|time|serve|callgrind|strictness [--dump DIR] [--run K] [--smoke]\n"
               "               [--datasets twitter,citm,canada,player,order,ndjson] [--case LIB|VARIANT|DATASET|DIRECTION]\n"
               "               [--iters N] [--ndjson-mb N] [--budget SECONDS] [--warmup SECONDS]\n",
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
    else if (k == "--budget") a.budget = std::strtod(value().c_str(), nullptr);
    else if (k == "--warmup") a.warmup = std::strtod(value().c_str(), nullptr);
    else if (k == "--datasets") {
      a.datasets.clear();
      std::stringstream ss(value());
      for (std::string s; std::getline(ss, s, ',');) a.datasets.push_back(s);
    } else usage(("unknown argument " + k).c_str());
  }
  if (a.data.empty()) usage("--data DIR is required (the folder with twitter.json, citm_catalog.json, canada.json)");
  if (a.mode != "verify" && a.mode != "time" && a.mode != "serve" && a.mode != "callgrind" && a.mode != "strictness")
    usage("--mode must be verify, time, serve, callgrind or strictness");
  if (!(a.budget >= 0) || !(a.warmup >= 0)) usage("--budget and --warmup take seconds >= 0");
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

// The process's CPU time (all its threads): what the time mode measures. A program pinned to one
// core (the driver runs it under taskset) uses that core alone when the machine is otherwise
// idle, and then CPU time equals wall time; on a shared machine it leaves out the time the
// program waited for its core, which wall time does not (PROTOCOL.md, "Method").
double cpu_now() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

struct batch_time {
  double cpu = 0, wall = 0;
};

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t k = v.size();
  return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

// One case's timing (PROTOCOL.md, "--mode time"):
//  1. warm-up: untimed calls for --warmup seconds (at least one, which also sizes write cases);
//  2. with --budget S > 0: batches of n calls, n chosen from the warm-up so that a batch takes
//     about S/10 (at least one call), until the batches have taken S seconds and there are at
//     least 5 of them; the median batch is reported;
//     without it, the study's loop: n = 10; time n calls; until that took >= 1 s or n >= 100,000,
//     n *= 10 and time again. A small message reaches the cap after 20-200 ms: when its last
//     batch took under 0.5 s, that batch size is timed again until the repeats have taken
//     >= 0.5 s (at least 5 batches), and the median batch is reported.
// Every batch is timed on both clocks; `seconds` is the reported batch's CPU time, `wall_seconds`
// its wall time, `min_seconds` the fastest batch's CPU time.
void time_case(case_def& c, const args& a) {
  using clock = std::chrono::steady_clock;
  auto since = [](clock::time_point t0) { return std::chrono::duration<double>(clock::now() - t0).count(); };
  const auto w0 = clock::now();
  const double c0 = cpu_now();
  const std::size_t first = c.call();
  std::size_t warm = 1;
  if (!a.smoke)
    while (since(w0) < a.warmup) {
      c.call();
      ++warm;
    }
  const double per_call = std::max(cpu_now() - c0, 1e-9) / static_cast<double>(warm);
  if (c.direction == "write") c.bytes = first;
  auto batch = [&](std::size_t n) {
    const auto t0 = clock::now();
    const double cpu0 = cpu_now();
    for (std::size_t i = 0; i < n; ++i) c.call();
    return batch_time{cpu_now() - cpu0, since(t0)};
  };
  std::size_t n = a.smoke ? 3 : 10;
  std::vector<batch_time> kept;  // the batches the reported figure is the median of
  const char* method = "study";
  if (a.smoke) {
    kept.push_back(batch(n));
    method = "smoke";
  } else if (a.budget > 0) {
    method = "budget";
    n = static_cast<std::size_t>(std::clamp(a.budget / 10 / per_call, 1.0, 100000.0));
    double total = 0;
    while (kept.size() < 5 || total < a.budget) {
      kept.push_back(batch(n));
      total += kept.back().wall;
    }
  } else {
    batch_time t;
    for (;;) {
      t = batch(n);
      if (t.cpu >= 1.0 || n >= 100000) break;
      n *= 10;
    }
    kept.push_back(t);
    if (c.small && t.cpu < 0.5) {
      kept.clear();
      double total = 0;
      while (kept.size() < 5 || total < 0.5) {
        kept.push_back(batch(n));
        total += kept.back().cpu;
      }
    }
  }
  std::vector<double> cpu, wall;
  for (const auto& b : kept) cpu.push_back(b.cpu), wall.push_back(b.wall);
  const double seconds = median_of(cpu);
  const double fastest = *std::min_element(cpu.begin(), cpu.end());
  const double mbps = static_cast<double>(c.bytes) * static_cast<double>(n) / seconds / 1e6;
  const double ns = seconds * 1e9 / static_cast<double>(n);
  emit(head(c) + ",\"bytes\":" + std::to_string(c.bytes) + ",\"run\":" + std::to_string(a.run) +
       ",\"iterations\":" + std::to_string(n) + ",\"seconds\":" + fmt_double(seconds) +
       ",\"wall_seconds\":" + fmt_double(median_of(wall)) + ",\"min_seconds\":" + fmt_double(fastest) +
       ",\"batches\":" + std::to_string(kept.size()) + ",\"warmup_calls\":" + std::to_string(warm) +
       ",\"method\":\"" + method + "\",\"clock\":\"cpu\",\"ns_per_call\":" + fmt_double(ns) +
       ",\"mb_per_s\":" + fmt_double(mbps) + (a.smoke ? ",\"smoke\":true" : ""));
  std::fprintf(stderr, "  %-28s %-8s %-5s %-28s %9.0f MB/s %9.0f ns  (%zu calls x %zu, cpu %.3f s, wall %.3f s)\n",
               c.library.c_str(), c.dataset.c_str(), c.direction.c_str(), c.variant.c_str(), mbps, ns, n, kept.size(),
               seconds, median_of(wall));
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

// --mode serve (PROTOCOL.md): the cases are listed, then timed on the driver's command, one batch
// at a time, so that the driver can alternate the batches of several programs running side by
// side on the same core. Commands on stdin, one reply line each:
//   warm I S   untimed calls of case I for S seconds of wall time (at least one)
//   time I N [U]  U untimed calls of case I (default 1: after another program ran, its caches
//              are cold), then N timed calls
//   quit
// Replies: {"id":I,"calls"|"n":..,"cpu":seconds,"wall":seconds,"bytes":..} or {"id":I,"error":..}.
int serve(registry& r) {
  using clock = std::chrono::steady_clock;
  auto& cs = r.cases();
  for (std::size_t i = 0; i < cs.size(); ++i)
    emit(head(cs[i]) + ",\"kind\":\"case\",\"id\":" + std::to_string(i) + ",\"bytes\":" + std::to_string(cs[i].bytes));
  emit("{\"kind\":\"ready\"");
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string cmd;
    std::size_t id = 0;
    in >> cmd;
    if (cmd == "quit") break;
    in >> id;
    if (!in || id >= cs.size() || (cmd != "warm" && cmd != "time")) {
      emit("{\"error\":\"bad command: " + json_escape(line) + "\"");
      continue;
    }
    case_def& c = cs[id];
    const std::string reply = "{\"id\":" + std::to_string(id);
    try {
      if (cmd == "warm") {
        double seconds = 0;
        in >> seconds;
        const auto w0 = clock::now();
        const double c0 = cpu_now();
        std::size_t calls = 0;
        do {
          const std::size_t size = c.call();
          if (c.direction == "write") c.bytes = size;
          ++calls;
        } while (std::chrono::duration<double>(clock::now() - w0).count() < seconds);
        emit(reply + ",\"calls\":" + std::to_string(calls) + ",\"cpu\":" + fmt_double(cpu_now() - c0) +
             ",\"wall\":" + fmt_double(std::chrono::duration<double>(clock::now() - w0).count()) +
             ",\"bytes\":" + std::to_string(c.bytes));
      } else {
        std::size_t n = 1, untimed = 1;
        in >> n;
        if (!(in >> untimed)) untimed = 1;
        for (std::size_t i = 0; i < untimed; ++i) {
          const std::size_t size = c.call();
          if (c.direction == "write") c.bytes = size;
        }
        const auto t0 = clock::now();
        const double c0 = cpu_now();
        for (std::size_t i = 0; i < n; ++i) c.call();
        const double cpu = cpu_now() - c0;
        const double wall = std::chrono::duration<double>(clock::now() - t0).count();
        emit(reply + ",\"n\":" + std::to_string(n) + ",\"cpu\":" + fmt_double(cpu) + ",\"wall\":" + fmt_double(wall) +
             ",\"bytes\":" + std::to_string(c.bytes));
      }
    } catch (const std::exception& e) {
      emit(reply + ",\"error\":\"" + json_escape(e.what()) + "\"");
    }
  }
  return 0;
}

// The CPUs this process may run on (Cpus_allowed_list of /proc/self/status, "0-1", "1"): shows
// the driver's pinning. Empty where there is no such file.
std::string allowed_cpus() {
  std::ifstream f("/proc/self/status");
  for (std::string line; std::getline(f, line);) {
    if (line.rfind("Cpus_allowed_list:", 0) == 0) {
      const auto at = line.find_first_not_of(" \t", 18);
      return at == std::string::npos ? std::string() : line.substr(at);
    }
  }
  return {};
}

// The program's first line in every mode (PROTOCOL.md): its name, the SIMD code its library runs
// (as the program says: registrar::simd) and the CPUs it may run on.
void program_line(const registrar& reg, const char* argv0) {
  const std::string name = std::filesystem::path(argv0).filename().string();
  emit("{\"kind\":\"program\",\"program\":\"" + json_escape(name) + "\",\"simd\":{\"read\":\"" +
       json_escape(reg.simd.read) + "\",\"write\":\"" + json_escape(reg.simd.write) + "\"},\"cpus\":\"" +
       json_escape(allowed_cpus()) + "\"");
  std::fprintf(stderr, "  %s: simd read: %s; write: %s; cpus %s\n", name.c_str(), reg.simd.read.c_str(),
               reg.simd.write.c_str(), allowed_cpus().c_str());
}

// What a reader accepts (--mode strictness, PROTOCOL.md): the player message altered in one way
// at a time, each read by every read case of the program. The text starts with '{' and its first
// member is "username":"Alice".
struct probe {
  const char* id;
  std::string input;
};

std::vector<probe> strictness_probes(const std::string& text) {
  auto member = [&](const std::string& m) { return "{" + m + "," + text.substr(1); };
  auto username = [&](const std::string& v) {
    const auto at = text.find("\"Alice\"");
    if (at == std::string::npos) throw std::runtime_error("the player text has no \"Alice\"");
    return text.substr(0, at) + "\"" + v + "\"" + text.substr(at + 7);
  };
  return {
      {"unknown_key", member(R"("extra":{"a":[1,2.5,"x",true,null],"b":{}})")},
      {"skipped_missing_comma", member(R"("extra":[1 2])")},
      {"skipped_bad_literal", member(R"("extra":tru)")},
      {"skipped_mismatched_bracket", member(R"("extra":[1,2})")},
      {"skipped_invalid_utf8", member("\"extra\":\"a\xff" "b\"")},
      {"read_invalid_utf8", username("Al\xff" "ce")},
      {"read_control_character", username("Al\x01" "ce")},
      {"trailing_garbage", text + " x"},
      {"trailing_value", text + " {}"},
      {"duplicate_key", member(R"("level":7)")},
  };
}

// A message for a JSON line: ASCII only (a library's error may quote the invalid input).
std::string ascii(std::string_view s) {
  std::string o;
  for (const char c : s.substr(0, 200)) o += static_cast<unsigned char>(c) < 0x80 ? c : '?';
  return json_escape(o);
}

void strictness(const registrar& reg) {
  if (!reg.player) return;
  const player::Player& ref = player_reference();
  for (const auto& p : strictness_probes(player_json(ref))) {
    const dataset<player::Player> d{"player", p.input, ref, true};
    registry r;
    reg.player(r, d);
    for (auto& c : r.cases()) {
      if (c.direction != "read" || !c.verify) continue;
      std::string outcome, message;
      try {
        outcome = c.verify() ? "accepted" : "accepted, value differs";
      } catch (const std::exception& e) {
        outcome = "rejected";
        message = e.what();
      }
      emit(head(c) + ",\"probe\":\"" + p.id + "\",\"outcome\":\"" + outcome + "\"" +
           (message.empty() ? std::string() : ",\"message\":\"" + ascii(message) + "\""));
      std::fprintf(stderr, "  %-28s %-28s %-28s %s\n", c.library.c_str(), c.variant.c_str(), p.id, outcome.c_str());
    }
  }
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
  program_line(reg, argv[0]);
  if (a.mode == "strictness") {
    strictness(reg);
    return 0;
  }
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
  if (a.mode == "serve") return serve(r);
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

// Dynamic JSON (issue 41): reading a document whose shape is not known at compile time, and
// writing it back, with metajson's read-only document and its mutable metajson::value, beside
// yyjson's document (yyjson_read / yyjson_write), simdjson's DOM (dom::parser::parse) and
// nlohmann::json (for scale). A program of its own, outside the suite's rounds; the full study
// (`make bench FULL=1`: run.py) runs it once, after them, into results/dynamic.json, the report's
// "Dynamic JSON" section.
//
//   METAJSON_DATA_DIR=... bench/build/dynamic_bench [--rounds N] [--seconds S] [--json FILE] [--only A,B] [DOCUMENT...]
//   (--only: the rows whose name contains A or B; while developing)
//
// Rows, per document (twitter.json, citm_catalog.json, canada.json):
//   read   metajson document::parse      a fresh document per call (its text copied in, nodes, strings)
//          metajson document parse_into  one document reused (its buffers keep their capacity)
//          metajson validate()           for scale: the same checks, nothing built (stage 1 and the skip walk)
//          metajson from<value>          a fresh metajson::value per call, freed
//          yyjson_read (malloc)          + yyjson_doc_free, glibc's malloc (the default)
//          yyjson_read (pool)            + yyjson_doc_free, yyjson's pool allocator over one buffer
//                                        of yyjson_read_max_memory_usage bytes made once
//          simdjson dom parse            dom::parser::parse of a padded_string, the parser reused
//          nlohmann::json::parse         freed
//   write  metajson to_json(document)    a fresh std::string per call
//          metajson to_json(value)       a fresh std::string per call
//          yyjson_write                  of the read document, its output freed
//          nlohmann dump                 a fresh std::string per call
//
// Method: rounds (--rounds, default 7) alternate the rows: in each round every row runs for
// --seconds (default 0.1) of CPU time and its figure is the median of its calls' times in that
// round; a row's result is the median of its round figures, and each ratio is the median of the
// rounds' ratios (the same round of both rows). Times are the thread's CPU time
// (CLOCK_THREAD_CPUTIME_ID: on a shared machine a niced benchmark is preempted for whole time
// slices, which wall-clock time counts); the wall-clock medians are printed beside them. The program pins itself to the core it starts on (choose
// it with taskset -c N). Before timing, every output is checked by content: each library's
// reading is written back and read into a metajson::value that must equal (JSON equality) the
// one from<value> reads; the document's to_json must be byte for byte metajson's to_json of
// from<value> (the canonical write); the value's write must read back identical.
//
// --json FILE writes the results (format in write_json_report below).
#include <metajson/metajson.hpp>
#if __has_include(<metajson/document.hpp>)
#include <metajson/document.hpp>
#define DYNAMIC_BENCH_DOCUMENT 1
#endif

#include <nlohmann/json.hpp>
#include <simdjson.h>
#include <yyjson.h>

#include <sched.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#if defined(DYNAMIC_BENCH_BASELINE)
// The metajson::value of another checkout (a separate translation unit compiled against its
// headers, its namespace renamed: dynamic_bench_baseline.cpp): "before" rows in the same process.
namespace baseline {
void* read(std::string_view text);  // a heap-allocated value; nullptr on error
void free(void* v);
std::string write(const void* v);
const char* what();
}  // namespace baseline
#endif

namespace {

double row_seconds = 0.1;
int rounds = 7;
std::vector<std::string> only;  // --only: rows whose library contains one of these

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "dynamic_bench: %s\n", why.c_str());
  std::exit(1);
}

std::string load(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) die("cannot read " + path + " (set METAJSON_DATA_DIR to the folder of twitter.json, citm_catalog.json, canada.json)");
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

struct row {
  std::string op;       // read, write
  std::string library;  // what is timed
  std::function<void()> call;
  std::vector<double> us;      // per round: the median of the round's calls, thread CPU time
  std::vector<double> wall_us; // the same in wall-clock time
};

// This thread's CPU time in microseconds: what a call costs whatever else runs on the machine
// (a shared machine preempts a niced benchmark for whole time slices, which wall-clock time
// would count).
double cpu_us() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  if (v.empty()) return 0;
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// A value read back from a library's output, compared with the reference: both written with
// their keys sorted (nlohmann::json sorts them; the others keep their order).
void check_same(const metajson::value& reference, const std::string& text, const std::string& who) {
  auto v = metajson::try_from<metajson::value>(text);
  if (!v) die(who + ": its output does not read back: " + v.error().message());
  constexpr metajson::options sorted{.sort_keys = true};
  if (metajson::to_json<sorted>(*v) != metajson::to_json<sorted>(reference))
    die(who + ": its output reads back to another value than metajson's reading");
}

struct ratio {
  std::string row, to;
  double median, min, max;
};

struct document_result {
  std::string name;
  std::size_t bytes;
  std::vector<row> rows;
  std::vector<ratio> ratios;
};

ratio ratio_of(const row& a, const row& b) {
  // b's time over a's: > 1 when a is faster.
  std::vector<double> r;
  for (std::size_t i = 0; i < a.us.size() && i < b.us.size(); ++i) r.push_back(b.us[i] / a.us[i]);
  std::sort(r.begin(), r.end());
  return {a.library, b.library, median(r), r.empty() ? 0 : r.front(), r.empty() ? 0 : r.back()};
}

document_result bench_document(const std::string& dir, const std::string& name) {
  const std::string text = load(dir + "/" + name);
  document_result res{name, text.size(), {}, {}};
  const metajson::value reference = metajson::from<metajson::value>(text);
  const std::string canonical = metajson::to_json(reference);
  {  // the value's write reads back identical
    const auto back = metajson::from<metajson::value>(canonical);
    if (!identical(back, reference)) die("to_json(value) does not read back identical");
  }

  // yyjson
  yyjson_read_err err{};
  yyjson_doc* ydoc = yyjson_read_opts(const_cast<char*>(text.data()), text.size(), 0, nullptr, &err);
  if (!ydoc) die("yyjson_read failed on " + name + ": " + err.msg);
  {
    std::size_t n = 0;
    char* out = yyjson_write(ydoc, 0, &n);
    check_same(reference, std::string(out, n), "yyjson_write");
    std::free(out);
  }
  const std::size_t pool_size = yyjson_read_max_memory_usage(text.size(), 0);
  std::vector<char> pool_buffer(pool_size);
  yyjson_alc pool{};
  if (!yyjson_alc_pool_init(&pool, pool_buffer.data(), pool_buffer.size())) die("yyjson_alc_pool_init failed");
  {
    yyjson_doc* d = yyjson_read_opts(const_cast<char*>(text.data()), text.size(), 0, &pool, &err);
    if (!d) die("yyjson_read (pool) failed");
    std::size_t n = 0;
    char* out = yyjson_write(d, 0, &n);
    check_same(reference, std::string(out, n), "yyjson_read (pool)");
    std::free(out);
    yyjson_doc_free(d);
  }

  // simdjson
  const simdjson::padded_string padded(text);
  simdjson::dom::parser sparser;
  {
    simdjson::dom::element e;
    if (sparser.parse(padded).get(e)) die("simdjson parse failed on " + name);
    check_same(reference, simdjson::minify(e), "simdjson dom");
  }

  // nlohmann
  const nlohmann::json njson = nlohmann::json::parse(text);
  check_same(reference, njson.dump(), "nlohmann");

#if defined(DYNAMIC_BENCH_DOCUMENT)
  metajson::document reused;
  {
    const metajson::document d = metajson::document::parse(text);
    const std::string w = metajson::to_json(d);
    if (w != canonical) die("to_json(document) differs from to_json(from<value>) on " + name);
    metajson::document::parse_into(reused, text);
    if (metajson::to_json(reused) != canonical) die("parse_into: to_json differs on " + name);
    if (!identical(metajson::to_value(d.root()), reference)) die("to_value(document) differs from from<value> on " + name);
  }
  const metajson::document written = metajson::document::parse(text);
#endif
#if defined(DYNAMIC_BENCH_BASELINE)
  void* base_value = baseline::read(text);
  if (!base_value) die("the baseline value does not read " + name);
  if (baseline::write(base_value) != canonical) die("the baseline value writes another text than this one on " + name);
#endif

  volatile std::size_t sink = 0;
  auto& rows = res.rows;
#if defined(DYNAMIC_BENCH_DOCUMENT)
  rows.push_back({"read", "metajson document::parse", [&] {
                    const metajson::document d = metajson::document::parse(text);
                    sink = sink + d.root().size();
                  }, {}});
  rows.push_back({"read", "metajson document parse_into", [&] {
                    metajson::document::parse_into(reused, text);
                    sink = sink + reused.root().size();
                  }, {}});
#endif
  rows.push_back({"read", "metajson validate() (for scale)", [&] {
                    if (metajson::validate(text)) std::abort();
                  }, {}});
  rows.push_back({"read", "metajson from<value>", [&] {
                    const auto v = metajson::from<metajson::value>(text);
                    sink = sink + v.is_object();
                  }, {}});
#if defined(DYNAMIC_BENCH_DOCUMENT)
  rows.push_back({"read", "metajson to_value(document::parse)", [&] {
                    const metajson::value v = metajson::to_value(metajson::document::parse(text));
                    sink = sink + v.is_object();
                  }, {}});
#endif
#if defined(DYNAMIC_BENCH_BASELINE)
  rows.push_back({"read", std::string("metajson from<value> (") + baseline::what() + ")", [&] {
                    void* v = baseline::read(text);
                    sink = sink + (v != nullptr);
                    baseline::free(v);
                  }, {}});
#endif
  rows.push_back({"read", "yyjson_read (malloc)", [&] {
                    yyjson_doc* d = yyjson_read(text.data(), text.size(), 0);
                    sink = sink + yyjson_doc_get_val_count(d);
                    yyjson_doc_free(d);
                  }, {}});
  rows.push_back({"read", "yyjson_read (pool)", [&] {
                    yyjson_doc* d = yyjson_read_opts(const_cast<char*>(text.data()), text.size(), 0, &pool, nullptr);
                    sink = sink + yyjson_doc_get_val_count(d);
                    yyjson_doc_free(d);
                  }, {}});
  rows.push_back({"read", "simdjson dom parse", [&] {
                    simdjson::dom::element e;
                    if (sparser.parse(padded).get(e)) std::abort();
                    sink = sink + e.is_object();
                  }, {}});
  rows.push_back({"read", "nlohmann::json::parse", [&] {
                    const nlohmann::json j = nlohmann::json::parse(text);
                    sink = sink + j.size();
                  }, {}});
#if defined(DYNAMIC_BENCH_DOCUMENT)
  rows.push_back({"write", "metajson to_json(document)", [&] {
                    const std::string s = metajson::to_json(written);
                    sink = sink + s.size();
                  }, {}});
#endif
  rows.push_back({"write", "metajson to_json(value)", [&] {
                    const std::string s = metajson::to_json(reference);
                    sink = sink + s.size();
                  }, {}});
#if defined(DYNAMIC_BENCH_BASELINE)
  rows.push_back({"write", std::string("metajson to_json(value) (") + baseline::what() + ")", [&] {
                    const std::string s = baseline::write(base_value);
                    sink = sink + s.size();
                  }, {}});
#endif
  rows.push_back({"write", "yyjson_write", [&] {
                    std::size_t n = 0;
                    char* out = yyjson_write(ydoc, 0, &n);
                    sink = sink + n;
                    std::free(out);
                  }, {}});
  rows.push_back({"write", "nlohmann dump", [&] {
                    const std::string s = njson.dump();
                    sink = sink + s.size();
                  }, {}});

  if (!only.empty())
    std::erase_if(rows, [](const row& rw) {
      return std::none_of(only.begin(), only.end(), [&](const std::string& o) { return rw.library.find(o) != std::string::npos; });
    });
  std::vector<double> calls, walls;
  for (int r = 0; r < rounds; ++r) {
    for (auto& rw : rows) {
      rw.call();  // warm
      calls.clear();
      walls.clear();
      const double start = cpu_us();
      for (;;) {
        const auto w0 = std::chrono::steady_clock::now();
        const double t0 = cpu_us();
        rw.call();
        const double t1 = cpu_us();
        const auto w1 = std::chrono::steady_clock::now();
        calls.push_back(t1 - t0);
        walls.push_back(std::chrono::duration<double, std::micro>(w1 - w0).count());
        if (t1 - start >= row_seconds * 1e6 && calls.size() >= 5) break;
      }
      rw.us.push_back(median(calls));
      rw.wall_us.push_back(median(walls));
    }
  }
#if defined(DYNAMIC_BENCH_BASELINE)
  baseline::free(base_value);
#endif
  yyjson_doc_free(ydoc);

  auto find = [&](const std::string& lib) -> const row* {
    for (const auto& rw : rows)
      if (rw.library == lib) return &rw;
    return nullptr;
  };
  const char* references[] = {"yyjson_read (malloc)", "yyjson_read (pool)", "simdjson dom parse", "nlohmann::json::parse"};
  for (const auto& rw : rows) {
    if (rw.library.rfind("metajson", 0) != 0 || rw.library.find("(for scale)") != std::string::npos) continue;
    if (rw.op == "read") {
      for (const char* ref : references)
        if (const row* b = find(ref)) res.ratios.push_back(ratio_of(rw, *b));
#if defined(DYNAMIC_BENCH_BASELINE)
      if (rw.library == "metajson from<value>")
        if (const row* b = find(std::string("metajson from<value> (") + baseline::what() + ")")) res.ratios.push_back(ratio_of(rw, *b));
#endif
    } else {
      if (const row* b = find("yyjson_write")) res.ratios.push_back(ratio_of(rw, *b));
      if (const row* b = find("nlohmann dump")) res.ratios.push_back(ratio_of(rw, *b));
#if defined(DYNAMIC_BENCH_BASELINE)
      if (rw.library == "metajson to_json(value)")
        if (const row* b = find(std::string("metajson to_json(value) (") + baseline::what() + ")")) res.ratios.push_back(ratio_of(rw, *b));
#endif
    }
  }
  return res;
}

void print(const document_result& d) {
  std::printf("\n%s (%zu bytes): %d alternated rounds of %.2f s of CPU time per row; us per call (thread CPU time), median of the rounds' medians\n\n", d.name.c_str(),
              d.bytes, rounds, row_seconds);
  std::printf("| %-5s | %-44s | %10s | %10s | %10s | %8s | %10s |\n", "op", "library", "us", "min us", "max us", "MB/s", "wall us");
  std::printf("|-------|%s|------------|------------|------------|----------|------------|\n", std::string(46, '-').c_str());
  for (const auto& rw : d.rows) {
    const double m = median(rw.us);
    std::printf("| %-5s | %-44s | %10.1f | %10.1f | %10.1f | %8.0f | %10.1f |\n", rw.op.c_str(), rw.library.c_str(), m,
                *std::min_element(rw.us.begin(), rw.us.end()), *std::max_element(rw.us.begin(), rw.us.end()),
                static_cast<double>(d.bytes) / m, median(rw.wall_us));
  }
  std::printf("\nspeed ratios (the other's time / metajson's, per round: > 1 when metajson is faster), median (range):\n\n");
  for (const auto& r : d.ratios)
    std::printf("  %-34s vs %-44s %5.2fx (%.2f-%.2f)\n", r.row.c_str(), r.to.c_str(), r.median, r.min, r.max);
}

std::string json_string(const std::string& s) {
  std::string o = "\"";
  for (char ch : s) {
    if (static_cast<unsigned char>(ch) < 0x20) {  // a control character (in a command's arguments)
      char buf[16];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(ch)));
      o += buf;
      continue;
    }
    if (ch == '"' || ch == '\\') o += '\\';
    o += ch;
  }
  return o + "\"";
}

// The --json report:
//   {"program": "dynamic_bench", "rounds": R, "row_seconds": S, "cpu": "...", "index_kernel": "avx512",
//    "date": "2026-11-27T19:40:00Z" (UTC, when the report was written), "core": N,
//    "command": "bench/build/dynamic_bench --json ...", "compiler": "gcc 16.2.0",
//    "simdjson": "4.6.0 (icelake)", "yyjson": "0.12.0", "nlohmann": "3.12.0",
//    "documents": [{"name": "twitter.json", "bytes": N,
//                   "rows": [{"op": "read"|"write", "library": "...", "us_median": x, "us_min": x,
//                             "us_max": x, "mb_per_s": x, "wall_us_median": x, "us_rounds": [x, ...]}, ...],
//                   "ratios": [{"row": "<metajson row>", "to": "<other row>", "median": x, "min": x,
//                               "max": x}, ...]}, ...]}
// Times are microseconds of the thread's CPU time per call (wall_us_median: wall-clock time); a
// ratio is the other row's time over the metajson row's (> 1: metajson faster), the median and
// range of the per-round ratios.
void write_json_report(const std::string& file, const std::vector<document_result>& docs, const std::string& cpu, const std::string& command) {
  const std::string nlohmann_version = std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
                                       std::to_string(NLOHMANN_JSON_VERSION_PATCH);
#if defined(__clang__)
  const std::string compiler = "clang " __clang_version__;
#elif defined(__GNUC__)
  const std::string compiler = "gcc " __VERSION__;
#else
  const std::string compiler = __VERSION__;
#endif
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &utc);
  std::string o = "{\"program\": \"dynamic_bench\", \"rounds\": " + std::to_string(rounds) + ", \"row_seconds\": " + std::to_string(row_seconds) +
                  ", \"cpu\": " + json_string(cpu) + ", \"index_kernel\": " + json_string(std::string(metajson::active_simd_backend())) +
                  ", \"date\": " + json_string(date) + ", \"core\": " + std::to_string(sched_getcpu()) + ", \"command\": " + json_string(command) +
                  ", \"compiler\": " + json_string(compiler) + ", \"simdjson\": " +
                  json_string(std::string(SIMDJSON_VERSION) + " (" + simdjson::get_active_implementation()->name() + ")") +
                  ", \"yyjson\": " + json_string(YYJSON_VERSION_STRING) + ", \"nlohmann\": " + json_string(nlohmann_version) +
                  ", \"documents\": [";
  for (std::size_t i = 0; i < docs.size(); ++i) {
    const auto& d = docs[i];
    if (i) o += ", ";
    o += "{\"name\": " + json_string(d.name) + ", \"bytes\": " + std::to_string(d.bytes) + ", \"rows\": [";
    for (std::size_t j = 0; j < d.rows.size(); ++j) {
      const auto& rw = d.rows[j];
      if (j) o += ", ";
      const double m = median(rw.us);
      char buf[256];
      std::snprintf(buf, sizeof buf, "\"us_median\": %.3f, \"us_min\": %.3f, \"us_max\": %.3f, \"mb_per_s\": %.1f, \"wall_us_median\": %.3f", m,
                    *std::min_element(rw.us.begin(), rw.us.end()), *std::max_element(rw.us.begin(), rw.us.end()),
                    static_cast<double>(d.bytes) / m, median(rw.wall_us));
      o += "{\"op\": " + json_string(rw.op) + ", \"library\": " + json_string(rw.library) + ", " + buf + ", \"us_rounds\": [";
      for (std::size_t k = 0; k < rw.us.size(); ++k) {
        std::snprintf(buf, sizeof buf, "%s%.3f", k ? ", " : "", rw.us[k]);
        o += buf;
      }
      o += "]}";
    }
    o += "], \"ratios\": [";
    for (std::size_t j = 0; j < d.ratios.size(); ++j) {
      const auto& r = d.ratios[j];
      char buf[128];
      std::snprintf(buf, sizeof buf, "\"median\": %.3f, \"min\": %.3f, \"max\": %.3f", r.median, r.min, r.max);
      o += std::string(j ? ", " : "") + "{\"row\": " + json_string(r.row) + ", \"to\": " + json_string(r.to) + ", " + buf + "}";
    }
    o += "]}";
  }
  o += "]}\n";
  std::ofstream f(file, std::ios::binary);
  f << o;
  if (!f) die("cannot write " + file);
}

std::string cpu_name() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

}  // namespace

int main(int argc, char** argv) {
  std::string json_file;
  std::vector<std::string> names;
  std::string command = argv[0];
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--rounds" && i + 1 < argc) rounds = std::max(1, std::atoi(argv[++i]));
    else if (a == "--seconds" && i + 1 < argc) row_seconds = std::atof(argv[++i]);
    else if (a == "--json" && i + 1 < argc) json_file = argv[++i];
    else if (a == "--only" && i + 1 < argc) {
      std::stringstream list(argv[++i]);
      for (std::string item; std::getline(list, item, ',');) only.push_back(item);
    } else if (a.starts_with("--")) die("unknown option " + std::string(a) + " (--rounds N, --seconds S, --json FILE, --only A,B)");
    else names.emplace_back(a);
  }
  if (names.empty()) names = {"twitter.json", "citm_catalog.json", "canada.json"};
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (!dir) die("set METAJSON_DATA_DIR to the folder of twitter.json, citm_catalog.json, canada.json");
  {  // pinned to the core it starts on
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(sched_getcpu(), &set);
    sched_setaffinity(0, sizeof set, &set);
  }
  const std::string cpu = cpu_name();
  std::printf("dynamic_bench: %s, core %d, metajson index kernel %.*s, simdjson %s (%s), yyjson %s, nlohmann %d.%d.%d\n", cpu.c_str(),
              sched_getcpu(), static_cast<int>(metajson::active_simd_backend().size()), metajson::active_simd_backend().data(),
              SIMDJSON_VERSION, simdjson::get_active_implementation()->name().c_str(), YYJSON_VERSION_STRING, NLOHMANN_JSON_VERSION_MAJOR,
              NLOHMANN_JSON_VERSION_MINOR, NLOHMANN_JSON_VERSION_PATCH);
  std::vector<document_result> results;
  for (const auto& n : names) {
    results.push_back(bench_document(dir, n));
    print(results.back());
    std::fflush(stdout);
  }
  if (!json_file.empty()) write_json_report(json_file, results, cpu, command);
}

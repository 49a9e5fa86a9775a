// NDJSON on several threads (issue 54): metajson's parallel reader and writer (metajson/parallel.hpp)
// on the suite's NDJSON workload (twitter.json's statuses one per line, repeated to --mb MB), beside
// its serial reader and writer, simdjson's iterate_many with and without its thread, and two serial
// runs at once (what the machine gives two threads that share nothing). A program of its own, not
// pinned: it uses every core it may run on. run.py runs it once after the suite's pinned rounds:
// `make bench` into bench/build/parallel.json (a section of summary.md), the full study into
// results/parallel.json (the report's "NDJSON on several threads").
//
//   METAJSON_DATA_DIR=... bench/build/parallel_bench [--rounds N] [--mb M] [--rss-mb G] [--json FILE]
//
// Rows (each call is the whole workload; wall-clock time):
//   read   from_ndjson, N threads      the text in memory into a std::vector<Status> (1 thread: the
//                                      serial reader behind the same call)
//          from_ndjson(istream), N     the same bytes through a std::istream (a std::ispanstream
//                                      over the text: a stream as a file gives it, with no copy)
//          iterate_many, one thread    simdjson On-Demand iterate_many + simdjson::from of each
//                                      record into the vector (parser.threaded = false)
//          iterate_many, its thread    the same with its stage-1 thread (parser.threaded = true)
//          two serial reads at once    two threads, each from_ndjson(1 thread) of the whole text:
//                                      the machine's ceiling for two threads (bytes of both)
//   write  to_ndjson, N threads        into a reused std::string
//          to_ndjson fresh, N threads  a new std::string per call
//          to_ndjson(ostream), N       to a std::ostream that drops the bytes (nothing assembled)
//          two serial writes at once   the writer's ceiling, as above
//
// Method: --rounds (default 7) alternate the rows, one call each per round after one untimed
// call; a row's time is the median of its rounds; a ratio is the median (and range) of the
// rounds' ratios. Every output is checked before timing: each reader's records written back are
// the workload's bytes, each writer's output is the serial writer's.
//
// Then the scaling model's measurements (docs/performance.md, "NDJSON on several threads"):
// the serial work per record (the iterating thread moves each record out of its batch), the
// cost of a batch's hand-off (ordered_jobs with empty jobs), and one core's read bandwidth; and
// the stream form's peak resident size (this program run again with --rss-child: --rss-mb MB of
// generated lines read through read_ndjson(std::istream&, parallel_options), records dropped).
#include <metajson/parallel.hpp>

#include <simdjson.h>

#include "harness.hpp"

#include <fcntl.h>
#include <sched.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <spanstream>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace {

int rounds = 7;
std::size_t workload_mb = 100;
std::size_t rss_mb = 1000;

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "parallel_bench: %s\n", why.c_str());
  std::exit(1);
}

std::string load(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) die("cannot read " + path + " (set METAJSON_DATA_DIR to the folder of twitter.json)");
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t k = v.size();
  return k == 0 ? 0 : k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

std::string json_string(const std::string& s) {
  std::string o = "\"";
  for (char ch : s) {
    if (static_cast<unsigned char>(ch) < 0x20) continue;
    if (ch == '"' || ch == '\\') o += '\\';
    o += ch;
  }
  return o + "\"";
}

struct row {
  std::string op, name;
  double bytes_per_call;          // bytes each call reads or writes (two at once: both)
  std::function<void()> call;
  std::vector<double> seconds;    // per round, per call
  int calls = 1;                  // per round: enough for 0.1 s (a write of the workload takes ms)
};

struct ratio {
  std::string row, to, what;
  std::vector<double> r;
};

// A line generator for the stream form's memory: `block` repeated until `total` bytes, handed out
// 64 KiB at a time, never held whole.
class repeating_buf : public std::streambuf {
 public:
  repeating_buf(const std::string& block, std::size_t total) : block_(block), left_(total) {}

 protected:
  int_type underflow() override {
    if (left_ == 0) return traits_type::eof();
    const std::size_t n = std::min(block_.size() - at_, left_);
    char* p = const_cast<char*>(block_.data() + at_);
    setg(p, p, p + n);
    at_ = (at_ + n) % block_.size();
    left_ -= n;
    return traits_type::to_int_type(*p);
  }

 private:
  const std::string& block_;
  std::size_t at_ = 0, left_;
};

// --rss-child THREADS: reads rss_mb MB of generated lines and prints "records maxrss_kib".
int rss_child(unsigned threads, const std::string& twitter) {
  bench::ndjson_records statuses;
  std::string block = bench::ndjson_lines(twitter, 1, statuses);  // one copy of the statuses
  statuses.clear();
  statuses.shrink_to_fit();
  while (block.size() < (std::size_t{1} << 20)) block += std::string(block);  // whole lines, ~1 MB
  repeating_buf buf(block, rss_mb * 1000000 / block.size() * block.size());
  std::istream in(&buf);
  std::size_t records = 0, bad = 0;
  if (threads == 1) {
    for (auto& r : metajson::read_ndjson<twitter::Status>(in)) (r ? records : bad)++;
  } else {
    for (auto& r : metajson::read_ndjson<twitter::Status>(in, metajson::parallel_options{.threads = threads})) (r ? records : bad)++;
  }
  // VmHWM: this process's peak resident size since its exec (ru_maxrss would keep the parent's
  // peak: posix_spawn's child shares the parent's memory until it execs).
  std::ifstream status("/proc/self/status");
  std::string line;
  long hwm = 0;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) hwm = std::atol(line.c_str() + 6);
  std::printf("%zu %zu %ld\n", records, bad, hwm);
  return bad == 0 && hwm != 0 ? 0 : 1;
}

// This program again with --rss-child: {records, peak resident KiB}, or {0, 0} when it failed.
std::pair<std::size_t, long> measure_rss(const char* self, unsigned threads) {
  std::string out_file = "/tmp/parallel_bench_rss_" + std::to_string(getpid());
  const std::string t = std::to_string(threads), mb = std::to_string(rss_mb);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<char*> argv{const_cast<char*>(self), const_cast<char*>("--rss-child"), const_cast<char*>(t.c_str()),
                          const_cast<char*>("--rss-mb"), const_cast<char*>(mb.c_str()), nullptr};
  pid_t pid = 0;
  if (posix_spawn(&pid, self, &fa, nullptr, argv.data(), environ) != 0) return {0, 0};
  posix_spawn_file_actions_destroy(&fa);
  int status = 0;
  waitpid(pid, &status, 0);
  std::ifstream f(out_file);
  std::size_t records = 0, bad = 0;
  long rss = 0;
  f >> records >> bad >> rss;
  std::remove(out_file.c_str());
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return {0, 0};
  return {records, rss};
}

std::string cpu_name() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "?";
}

}  // namespace

int main(int argc, char** argv) {
  std::string json_file;
  unsigned child_threads = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) die(a + " needs a value");
      return argv[++i];
    };
    if (a == "--rounds") rounds = std::max(1, std::atoi(value().c_str()));
    else if (a == "--mb") workload_mb = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--rss-mb") rss_mb = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--json") json_file = value();
    else if (a == "--rss-child") child_threads = static_cast<unsigned>(std::atoi(value().c_str()));
    else die("unknown argument " + a);
  }
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  const std::string twitter = load(std::string(dir ? dir : "data") + "/twitter.json");
  if (child_threads != 0) return rss_child(child_threads, twitter);

  cpu_set_t allowed;
  sched_getaffinity(0, sizeof allowed, &allowed);
  const unsigned cores = static_cast<unsigned>(CPU_COUNT(&allowed));
  std::vector<unsigned> counts{1, 2};
  if (cores > 2) counts.push_back(cores);

  bench::ndjson_records statuses;
  const std::string text = bench::ndjson_lines(twitter, workload_mb * 1000000, statuses);
  const double bytes = static_cast<double>(text.size());
  std::printf("parallel_bench: %.1f MB of NDJSON (%zu records), %u cores allowed, %d rounds\n", bytes / 1e6, statuses.size(), cores, rounds);

  // --- checks: every reader's records are the workload's, every writer's bytes the serial writer's
  const std::string expected = metajson::to_ndjson(statuses);
  const double written = static_cast<double>(expected.size());  // the model's fields only: smaller than the text
  auto check_records = [&](const std::vector<twitter::Status>& v, const char* who) {
    if (v.size() != statuses.size() || metajson::to_ndjson(v) != expected) die(std::string(who) + ": the records read are not the workload's");
  };
  simdjson::padded_string padded(text);
  simdjson::ondemand::parser sj_parser;
  auto simdjson_read = [&](bool threaded) {
    std::vector<twitter::Status> out;
#if defined(SIMDJSON_THREADS_ENABLED)
    sj_parser.threaded = threaded;
#else
    if (threaded) die("simdjson was built without threads (SIMDJSON_THREADS_ENABLED)");
#endif
    simdjson::ondemand::document_stream stream;
    if (auto e = sj_parser.iterate_many(padded).get(stream)) die(simdjson::error_message(e));
    for (auto doc : stream) {
      twitter::Status s;
      if (auto e = doc.get(s)) die(simdjson::error_message(e));
      out.push_back(std::move(s));
    }
    if (stream.truncated_bytes() != 0) die("iterate_many: truncated input");
    return out;
  };
  for (unsigned t : counts) {
    check_records(metajson::from_ndjson<twitter::Status>(text, {.threads = t}), "from_ndjson");
    std::ispanstream in(std::span<const char>(text.data(), text.size()));
    check_records(metajson::from_ndjson<twitter::Status>(in, {.threads = t}), "from_ndjson(istream)");
    if (metajson::to_ndjson(statuses, {.threads = t}) != expected) die("to_ndjson on threads: not the serial writer's bytes");
  }
  check_records(simdjson_read(false), "iterate_many");
#if defined(SIMDJSON_THREADS_ENABLED)
  check_records(simdjson_read(true), "iterate_many (threaded)");
  const bool sj_threads = true;
#else
  const bool sj_threads = false;
#endif

  // --- the rows
  std::vector<row> rows;
  auto label = [](const char* what, unsigned t) { return std::string(what) + ", " + std::to_string(t) + (t == 1 ? " thread" : " threads"); };
  for (unsigned t : counts)
    rows.push_back({"read", label("from_ndjson", t), bytes, [&, t] {
                      auto v = metajson::from_ndjson<twitter::Status>(text, {.threads = t});
                      if (v.size() != statuses.size()) std::abort();
                    }, {}});
  for (unsigned t : counts)
    rows.push_back({"read", label("from_ndjson(istream)", t), bytes, [&, t] {
                      std::ispanstream in(std::span<const char>(text.data(), text.size()));
                      auto v = metajson::from_ndjson<twitter::Status>(in, {.threads = t});
                      if (v.size() != statuses.size()) std::abort();
                    }, {}});
  rows.push_back({"read", "iterate_many, one thread", bytes, [&] { (void)simdjson_read(false); }, {}});
  if (sj_threads) rows.push_back({"read", "iterate_many, its thread", bytes, [&] { (void)simdjson_read(true); }, {}});
  rows.push_back({"read", "two serial reads at once", 2 * bytes, [&] {
                    std::thread other([&] { (void)metajson::from_ndjson<twitter::Status>(text, {.threads = 1}); });
                    (void)metajson::from_ndjson<twitter::Status>(text, {.threads = 1});
                    other.join();
                  }, {}});
  std::vector<std::string> buffers(counts.size() + 2);
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const unsigned t = counts[i];
    rows.push_back({"write", label("to_ndjson", t), written, [&, t, i] { metajson::to_ndjson(statuses, buffers[i], {.threads = t}); }, {}});
  }
  for (unsigned t : counts)
    rows.push_back({"write", label("to_ndjson fresh", t), written, [&, t] {
                      if (metajson::to_ndjson(statuses, {.threads = t}).size() != expected.size()) std::abort();
                    }, {}});
  // To a stream that drops its bytes: the writer without the string's assembly (each batch is
  // handed to the stream in order by the calling thread; nothing is copied into place).
  static struct : std::streambuf {
    std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
    int_type overflow(int_type c) override { return c; }
  } null_buf;
  static std::ostream null_out(&null_buf);
  for (unsigned t : counts)
    rows.push_back({"write", label("to_ndjson(ostream)", t), written, [&, t] { metajson::to_ndjson(statuses, null_out, {.threads = t}); }, {}});
  rows.push_back({"write", "two serial writes at once", 2 * written, [&] {
                    std::string& a = buffers[counts.size()];
                    std::string& b = buffers[counts.size() + 1];
                    std::thread other([&] { metajson::to_ndjson(statuses, b); });
                    metajson::to_ndjson(statuses, a);
                    other.join();
                  }, {}});
  for (row& r : rows) {  // untimed: caches, buffers, the allocator's arenas; and the calls per round
    r.call();
    const double t0 = now();
    r.call();
    r.calls = static_cast<int>(std::clamp(0.1 / std::max(now() - t0, 1e-6), 1.0, 1000.0));
  }
  for (int k = 0; k < rounds; ++k) {
    for (row& r : rows) {
      const double t0 = now();
      for (int c = 0; c < r.calls; ++c) r.call();
      r.seconds.push_back((now() - t0) / r.calls);
    }
    std::fprintf(stderr, "  round %d of %d\n", k + 1, rounds);
  }
  auto find = [&](const std::string& name) -> row* {
    for (row& r : rows)
      if (r.name == name) return &r;
    return nullptr;
  };
  std::vector<ratio> ratios;
  // Speed of `a` over speed of `b` (bytes per second), per round.
  auto add_ratio = [&](const std::string& a, const std::string& b, const std::string& what) {
    row* x = find(a);
    row* y = find(b);
    if (x == nullptr || y == nullptr) return;
    ratio q{a, b, what, {}};
    for (int k = 0; k < rounds; ++k)
      q.r.push_back((x->bytes_per_call / x->seconds[static_cast<std::size_t>(k)]) / (y->bytes_per_call / y->seconds[static_cast<std::size_t>(k)]));
    ratios.push_back(std::move(q));
  };
  const std::string r1 = label("from_ndjson", 1), r2 = label("from_ndjson", 2);
  add_ratio(r2, r1, "the speed-up over serial (target >= 1.8)");
  if (cores > 2) add_ratio(label("from_ndjson", cores), r1, "the speed-up over serial, every core");
  add_ratio(r2, "iterate_many, its thread", "over simdjson with its thread (target >= 1.6)");
  add_ratio(r2, "iterate_many, one thread", "over simdjson on one thread");
  add_ratio(r1, "iterate_many, one thread", "serial over simdjson on one thread");
  add_ratio(label("from_ndjson(istream)", 2), label("from_ndjson(istream)", 1), "the stream form's speed-up");
  add_ratio("two serial reads at once", r1, "the machine's ceiling for reading");
  add_ratio(label("to_ndjson", 2), label("to_ndjson", 1), "the writer's speed-up, reused string (target >= 1.8)");
  add_ratio(label("to_ndjson fresh", 2), label("to_ndjson fresh", 1), "the writer's speed-up, new string (target >= 1.8)");
  add_ratio(label("to_ndjson(ostream)", 2), label("to_ndjson(ostream)", 1), "the writer's speed-up to a stream (nothing assembled)");
  if (cores > 2) add_ratio(label("to_ndjson", cores), label("to_ndjson", 1), "the writer's speed-up, every core");
  add_ratio("two serial writes at once", label("to_ndjson", 1), "the machine's ceiling for writing");

  // --- the scaling model's measurements
  // (1) The iterating thread's work per record: moving it out of its batch into the vector.
  std::vector<std::expected<twitter::Status, metajson::error>> batch_results;
  for (std::size_t i = 0; i < statuses.size() && i < 20000; ++i) batch_results.emplace_back(statuses[i]);
  std::vector<double> move_ns;
  for (int k = 0; k < 5; ++k) {
    std::vector<std::expected<twitter::Status, metajson::error>> from = batch_results;
    std::vector<twitter::Status> into;
    into.reserve(from.size());
    const double t0 = now();
    for (auto& r : from) into.push_back(std::move(*r));
    move_ns.push_back((now() - t0) * 1e9 / static_cast<double>(from.size()));
  }
  batch_results = {};
  // (2) A batch's hand-off: ordered_jobs with jobs that do nothing, on 2 threads.
  struct empty_work {
    struct job {
      int x = 0;
    };
    std::size_t left = 200000;
    bool prepare(job&) noexcept { return left-- != 0; }
    void run(job& j) noexcept { j.x = 1; }
  };
  std::vector<double> handoff_ns;
  for (int k = 0; k < 5; ++k) {
    const double t0 = now();
    metajson::detail::ordered_jobs<empty_work> jobs(empty_work{}, 2, 8);
    std::size_t n = 0;
    while (jobs.next() != nullptr) ++n;
    handoff_ns.push_back((now() - t0) * 1e9 / static_cast<double>(n));
  }
  // (3) One core's read bandwidth: the text (larger than the caches) summed 8 bytes at a time.
  std::vector<double> read_gbs;
  for (int k = 0; k < 5; ++k) {
    const double t0 = now();
    std::uint64_t sum = 0;
    const char* p = text.data();
    for (std::size_t i = 0; i + 8 <= text.size(); i += 8) {
      std::uint64_t w;
      std::memcpy(&w, p + i, 8);
      sum += w;
    }
    const double s = now() - t0;
    if (sum == 42) std::printf(" ");
    read_gbs.push_back(bytes / s / 1e9);
  }
  const double serial_s = median(find(r1)->seconds);
  const double records = static_cast<double>(statuses.size());
  const double batches = bytes / (std::clamp(bytes / 8, 65536.0, 1048576.0));  // 2 threads' default batch size
  const double serial_part = (records * median(move_ns) + batches * median(handoff_ns)) * 1e-9;
  const double fraction = serial_part / serial_s;

  // --- the stream form's memory
  const auto rss1 = measure_rss(argv[0], 1);
  const auto rss2 = measure_rss(argv[0], std::max(2u, cores));

  // --- print and write
  std::printf("| op | row | MB/s (median) | seconds (median) | rounds' range s |\n|---|---|--:|--:|--:|\n");
  for (const row& r : rows) {
    const double m = median(r.seconds);
    std::printf("| %s | %s | %.0f | %.4f | %.4f-%.4f |\n", r.op.c_str(), r.name.c_str(), r.bytes_per_call / m / 1e6, m,
                *std::min_element(r.seconds.begin(), r.seconds.end()), *std::max_element(r.seconds.begin(), r.seconds.end()));
  }
  std::printf("\n| ratio | of | to | median | range |\n|---|---|---|--:|--:|\n");
  for (const ratio& q : ratios)
    std::printf("| %s | %s | %s | %.2f | %.2f-%.2f |\n", q.what.c_str(), q.row.c_str(), q.to.c_str(), median(q.r),
                *std::min_element(q.r.begin(), q.r.end()), *std::max_element(q.r.begin(), q.r.end()));
  std::printf("\nmodel: %.1f ns per record moved, %.0f ns per batch hand-off, %.2f GB/s one core's read bandwidth; serial fraction %.4f\n",
              median(move_ns), median(handoff_ns), median(read_gbs), fraction);
  std::printf("stream form, %zu MB generated: 1 thread %ld KiB peak (%zu records), %u threads %ld KiB peak (%zu records)\n", rss_mb, rss1.second,
              rss1.first, std::max(2u, cores), rss2.second, rss2.first);

  if (!json_file.empty()) {
    char date[32];
    const std::time_t t = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&t, &utc);
    std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &utc);
    std::string command = "bench/build/parallel_bench";
    for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
    std::string o = "{\"program\": \"parallel_bench\", \"date\": " + json_string(date) + ", \"cpu\": " + json_string(cpu_name()) +
                    ", \"cores\": " + std::to_string(cores) + ", \"rounds\": " + std::to_string(rounds) + ", \"bytes\": " +
                    std::to_string(text.size()) + ", \"records\": " + std::to_string(statuses.size()) + ", \"command\": " + json_string(command) +
                    ", \"simdjson\": " + json_string(std::string(SIMDJSON_VERSION) + " (" + simdjson::get_active_implementation()->name() + ")") +
                    ", \"rows\": [";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const row& r = rows[i];
      const double m = median(r.seconds);
      char buf[256];
      std::snprintf(buf, sizeof buf, "\"seconds\": %.6f, \"min\": %.6f, \"max\": %.6f, \"mb_per_s\": %.1f", m,
                    *std::min_element(r.seconds.begin(), r.seconds.end()), *std::max_element(r.seconds.begin(), r.seconds.end()),
                    r.bytes_per_call / m / 1e6);
      o += std::string(i ? ", " : "") + "{\"op\": " + json_string(r.op) + ", \"name\": " + json_string(r.name) + ", " + buf + "}";
    }
    o += "], \"ratios\": [";
    for (std::size_t i = 0; i < ratios.size(); ++i) {
      const ratio& q = ratios[i];
      char buf[128];
      std::snprintf(buf, sizeof buf, "\"median\": %.3f, \"min\": %.3f, \"max\": %.3f", median(q.r), *std::min_element(q.r.begin(), q.r.end()),
                    *std::max_element(q.r.begin(), q.r.end()));
      o += std::string(i ? ", " : "") + "{\"row\": " + json_string(q.row) + ", \"to\": " + json_string(q.to) + ", \"what\": " + json_string(q.what) +
           ", " + buf + "}";
    }
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "], \"model\": {\"move_ns_per_record\": %.2f, \"handoff_ns_per_batch\": %.1f, \"read_gb_per_s_one_core\": %.3f, "
                  "\"serial_seconds_one_thread\": %.6f, \"batches\": %.0f, \"serial_fraction\": %.5f}, "
                  "\"stream_rss\": {\"mb\": %zu, \"one_thread_kib\": %ld, \"threads\": %u, \"threads_kib\": %ld, \"records\": %zu}}\n",
                  median(move_ns), median(handoff_ns), median(read_gbs), serial_s, batches, fraction, rss_mb, rss1.second,
                  std::max(2u, cores), rss2.second, rss2.first);
    o += buf;
    std::ofstream(json_file) << o;
  }
  return 0;
}

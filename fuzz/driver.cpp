// The standalone fuzzing driver. GCC has no libFuzzer, so every target (fuzz/targets/*.cpp,
// entry point LLVMFuzzerTestOneInput) is linked with this file instead: it replays files, then
// mutates a seed corpus a fixed number of times, or for a bounded time, with a fixed seed.
//
// Coverage guidance: the targets are compiled with GCC's -fsanitize-coverage=trace-pc, which
// calls __sanitizer_cov_trace_pc() at every basic block; it is defined here (this file is not
// instrumented) and records edges AFL-style in a 64 KiB map. In a time-bounded campaign an
// input that lights a new edge, or a new hit-count bucket of one, joins the corpus. Without the
// flag the driver still works, as a plain mutation fuzzer.
//
//   fuzz_<target> [options] [FILE|DIR]...
//     FILE / DIR       replayed first (every file of a DIR); with neither --runs nor --seconds
//                      that is all
//     --runs N         then run exactly N mutated inputs (environment METAJSON_FUZZ_RUNS
//                      overrides): the tests' mode, see "Two modes" below
//     --seconds N      or mutate for N seconds, coverage-guided (environment METAJSON_FUZZ_SECONDS
//                      overrides, and wins over --runs): the campaigns' mode (`make fuzz`)
//     --seed S         random seed (default 1): the same seed gives the same inputs
//                      (environment METAJSON_FUZZ_SEED overrides)
//     --corpus DIR     more seed files (repeatable)
//     --crashes DIR    where a crashing or hanging input is written (default: .)
//     --max-len N      mutated inputs grow to at most N bytes (default 4096)
//
// Two modes. A fixed count (--runs, what ctest runs in `make test` and CI) gives the same inputs
// on every machine, whatever its speed or its CPU: the seeds and the regression inputs, then N
// mutations of them, each drawn from the seed alone. Coverage does not steer it, because
// coverage depends on the machine (which SIMD kernel runs, where the program is loaded). It
// prints the count and a digest of every input it ran, so two machines can compare. A time
// budget (--seconds, `make fuzz`) is a coverage-guided campaign: it keeps every input that
// reaches new code and mutates those more, and finds more per second; a failure it finds
// becomes a file in fuzz/regressions/ (replayed by both modes) and a fix.
//
// Seeds: the built-in documents below, the --corpus files, and, when METAJSON_DATA_DIR is set,
// every JSONTestSuite file and 300 random slices of each dataset (the schema targets add small
// documents of their schema made from the datasets). A missing data folder or file is said on
// stderr; when the environment variable CI is set it fails the run (exit status 1). Inputs
// are copied into heap blocks of exactly their size, so ASan sees any read past the end.
// A failed check aborts; the input that did it is written to the crashes folder first, as
// `crash-<target>-<hash>` (or `timeout-...` after 20 seconds without finishing).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "mutator.hpp"
#include "seeds.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
// Optional hooks: libFuzzer's initializer, and a target's own seeds (documents of its schema).
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) __attribute__((weak));
extern "C" void metajson_fuzz_seeds(std::vector<std::string>& out) __attribute__((weak));
extern "C" void __sanitizer_set_death_callback(void (*)(void)) __attribute__((weak));

namespace {

// --- coverage -----------------------------------------------------------------------------------

constexpr std::size_t map_size = std::size_t{1} << 16;
alignas(64) std::uint8_t edges[map_size];
std::uintptr_t previous_block = 0;

}  // namespace

extern "C" __attribute__((no_sanitize("address", "undefined"))) void __sanitizer_cov_trace_pc() {
  const auto pc = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
  const std::uintptr_t block = (pc ^ (pc >> 15)) * 0x9E3779B1u;
  const std::uintptr_t here = (block >> 7) & (map_size - 1);
  ++edges[here ^ previous_block];
  previous_block = here >> 1;
}

namespace {

std::uint8_t bucket(std::uint8_t n) {
  if (n <= 3) return n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : 4;
  if (n <= 7) return 8;
  if (n <= 15) return 16;
  if (n <= 31) return 32;
  if (n <= 127) return 64;
  return 128;
}

// Folds this run's edges into `seen`; true when something was new.
bool new_coverage(std::vector<std::uint8_t>& seen, std::size_t& bits) {
  bool fresh = false;
  const auto* words = reinterpret_cast<const std::uint64_t*>(edges);
  for (std::size_t w = 0; w < map_size / 8; ++w) {
    if (words[w] == 0) continue;
    for (std::size_t i = w * 8; i < w * 8 + 8; ++i) {
      const std::uint8_t b = bucket(edges[i]);
      if ((seen[i] | b) != seen[i]) {
        if (seen[i] == 0) ++bits;
        seen[i] |= b;
        fresh = true;
      }
    }
  }
  std::memset(edges, 0, sizeof edges);
  previous_block = 0;
  return fresh;
}

// --- crash reporting ----------------------------------------------------------------------------

std::string target_name = "target";
std::string crash_dir = ".";
const std::string* current = nullptr;
std::atomic<std::uint64_t> finished{0};
char crash_path[4096];

std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char ch : s) h = (h ^ ch) * 1099511628211ull;
  return h;
}

// Writes the current input (async-signal-safe: open/write/close only).
void save_current(const char* kind) {
  if (!current) return;
  char name[64];
  std::snprintf(name, sizeof name, "/%s-%s-%016llx", kind, target_name.c_str(),
                static_cast<unsigned long long>(fnv1a(*current)));
  std::snprintf(crash_path, sizeof crash_path, "%s%s", crash_dir.c_str(), name);
  const int fd = ::open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  [[maybe_unused]] const auto n = ::write(fd, current->data(), current->size());
  ::close(fd);
  const char msg[] = "\nfuzz: the input is saved as ";
  [[maybe_unused]] auto a = ::write(2, msg, sizeof msg - 1);
  [[maybe_unused]] auto b = ::write(2, crash_path, std::strlen(crash_path));
  [[maybe_unused]] auto c = ::write(2, "\n", 1);
}

void on_death() { save_current("crash"); }

void on_signal(int sig) {
  save_current("crash");
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

// --- inputs -------------------------------------------------------------------------------------

// Every input run, in order, hashed: the same digest on two machines means the same inputs.
std::uint64_t inputs_digest = 1469598103934665603ull;
// METAJSON_FUZZ_SLOWDOWN_US: a pause after each input, as on a slower machine (the test that
// a fixed count runs the same inputs whatever the speed: fuzz/fixed_count_test.cmake).
unsigned slowdown_us = 0;

// Runs one input from an exactly-sized heap block.
void run_one(const std::string& input) {
  inputs_digest = (inputs_digest ^ fnv1a(input)) * 1099511628211ull;
  current = &input;
  std::unique_ptr<std::uint8_t[]> block(new std::uint8_t[input.empty() ? 1 : input.size()]);
  std::memcpy(block.get(), input.data(), input.size());
  LLVMFuzzerTestOneInput(block.get(), input.size());
  finished.fetch_add(1, std::memory_order_relaxed);
  if (slowdown_us != 0) std::this_thread::sleep_for(std::chrono::microseconds(slowdown_us));
}

}  // namespace

int main(int argc, char** argv) {
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  target_name = std::filesystem::path(argv[0]).filename().string();
  if (target_name.rfind("fuzz_", 0) == 0) target_name = target_name.substr(5);
  double seconds = 0;
  std::uint64_t runs_wanted = 0;
  std::uint64_t seed = 1;
  std::size_t max_len = 4096;
  std::vector<std::string> replay, corpus;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "fuzz: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--seconds") seconds = std::stod(value());
    else if (a == "--runs") runs_wanted = std::stoull(value());
    else if (a == "--seed") seed = std::stoull(value());
    else if (a == "--corpus") metajson_fuzz::add_path(value(), corpus);
    else if (a == "--crashes") crash_dir = value();
    else if (a == "--max-len") max_len = std::stoull(value());
    else if (a.rfind("--", 0) == 0) {
      std::fprintf(stderr, "fuzz: unknown option %s\n", a.c_str());
      return 2;
    } else metajson_fuzz::add_path(a, replay);
  }
  if (const char* env = std::getenv("METAJSON_FUZZ_RUNS"); env && *env) runs_wanted = std::stoull(env);
  if (const char* env = std::getenv("METAJSON_FUZZ_SECONDS"); env && *env) seconds = std::stod(env);
  if (const char* env = std::getenv("METAJSON_FUZZ_SEED"); env && *env) seed = std::stoull(env);
  if (const char* env = std::getenv("METAJSON_FUZZ_SLOWDOWN_US"); env && *env) slowdown_us = static_cast<unsigned>(std::stoul(env));
  const bool timed = seconds > 0;  // a campaign: the time budget wins over a count
  std::filesystem::create_directories(crash_dir);

  if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(on_death);
  for (int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL}) std::signal(sig, on_signal);

  // A watchdog: an input that runs for 20 seconds is a hang.
  std::thread([] {
    std::uint64_t last = finished.load();
    int still = 0;
    for (;;) {
      std::this_thread::sleep_for(std::chrono::seconds(1));
      const std::uint64_t now = finished.load();
      still = now == last && current ? still + 1 : 0;
      last = now;
      if (still >= 20) {
        save_current("timeout");
        std::fprintf(stderr, "fuzz: an input ran for 20 seconds\n");
        std::abort();
      }
    }
  }).detach();

  std::vector<std::uint8_t> seen(map_size, 0);
  std::size_t bits = 0;
  // Replay: regression inputs and files named on the command line.
  for (const auto& r : replay) {
    run_one(r);
    new_coverage(seen, bits);
  }
  std::printf("fuzz %s: replayed %zu inputs\n", target_name.c_str(), replay.size());
  if (!timed && runs_wanted == 0) return 0;

  // Seeds.
  // Without METAJSON_DATA_DIR only the built-in seeds: said, and a failure when CI is set.
  metajson_fuzz::load_seeds(corpus, seed);
  if (metajson_fuzz_seeds) metajson_fuzz_seeds(corpus);
  const std::size_t seeds = corpus.size();
  for (const auto& s : corpus) {
    run_one(s);
    new_coverage(seen, bits);
  }

  metajson_fuzz::mutator mut(seed);
  const auto start = std::chrono::steady_clock::now();
  std::string input;
  if (!timed) {
    // A fixed count: each input a mutation of a seed or regression input, whatever happened
    // before, so the inputs depend on the seed only (see "Two modes" at the top).
    corpus.insert(corpus.end(), replay.begin(), replay.end());
    for (std::uint64_t i = 0; i < runs_wanted; ++i) {
      input = corpus[mut.below(corpus.size())];
      mut.mutate(input, corpus, max_len);
      run_one(input);
    }
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("fuzz %s: %llu runs (a fixed count), seed %llu, %zu seeds and %zu replayed, inputs digest %016llx, "
                "%.1f s, 0 crashes\n",
                target_name.c_str(), static_cast<unsigned long long>(runs_wanted), static_cast<unsigned long long>(seed),
                seeds, replay.size(), static_cast<unsigned long long>(inputs_digest), took);
    current = nullptr;
    return 0;
  }
  const auto deadline = start + std::chrono::duration<double>(seconds);
  std::uint64_t runs = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    for (int batch = 0; batch < 16; ++batch) {
      // Newer corpus entries (the ones that found something) are picked more often.
      const std::size_t pick = mut.below(2) == 0 && corpus.size() > seeds ? seeds + mut.below(corpus.size() - seeds)
                                                                           : mut.below(corpus.size());
      input = corpus[pick];
      mut.mutate(input, corpus, max_len);
      run_one(input);
      ++runs;
      if (new_coverage(seen, bits) && corpus.size() < 50000) corpus.push_back(input);
    }
  }
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("fuzz %s: %llu runs in %.0f s (%.0f/s), seed %llu, corpus %zu (%zu seeds), %zu edges, 0 crashes\n",
              target_name.c_str(), static_cast<unsigned long long>(runs), took, static_cast<double>(runs) / took,
              static_cast<unsigned long long>(seed), corpus.size(), seeds, bits);
  current = nullptr;
  return 0;
}

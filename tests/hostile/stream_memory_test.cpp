// Bounded memory when reading streams: 2,000,000 generated records (~400 MB) written as NDJSON
// and as one top-level array to a temporary folder, each read back through std::ifstream with
// read_ndjson / read_array by a child process (this program run again), whose peak resident
// size (wait4's ru_maxrss) must stay under 64 MiB: a fixed buffer and the largest record, not
// the file. The files are generated, checked and deleted; nothing is kept. Label `slow`.
#include <metajson/metajson.hpp>
#include <metajson/stream.hpp>

#include <gtest/gtest.h>

#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

extern char** environ;

namespace fs = std::filesystem;

namespace {

struct Record {
  std::uint64_t id = 0;
  std::string name;
  double score = 0;
  bool active = false;
  std::vector<std::int32_t> tags;
  std::string comment;
  friend bool operator==(const Record&, const Record&) = default;
};

constexpr std::size_t record_count = 2'000'000;

Record record(std::uint64_t i) {
  Record r;
  r.id = i;
  r.name = "user-" + std::to_string(i * 2654435761u % 1000003);
  r.score = static_cast<double>(i % 10007) / 7.0;
  r.active = i % 3 == 0;
  for (std::uint64_t k = 0; k < 4 + i % 5; ++k) r.tags.push_back(static_cast<std::int32_t>((i + k * 7919) % 100000));
  r.comment = "record number " + std::to_string(i) + " of the bounded-memory test, with \"quotes\" and a tab\t" +
              std::string(i % 20, 'x');
  return r;
}

// What the child prints: how many records, and whether every one was the expected one.
int read_back(const char* kind, const char* file) {
  std::ifstream in(file, std::ios::binary);
  std::size_t n = 0, bad = 0;
  auto check = [&](auto& range) {
    for (auto& r : range) {
      if (!r || !(*r == record(n))) {
        if (bad++ < 3) std::fprintf(stderr, "record %zu: %s\n", n, r ? "differs" : r.error().message().c_str());
      }
      ++n;
    }
  };
  if (std::strcmp(kind, "ndjson") == 0) {
    auto range = metajson::read_ndjson<Record>(in);
    check(range);
  } else {
    auto range = metajson::read_array<Record>(in);
    check(range);
  }
  std::printf("%zu %zu\n", n, bad);
  return bad == 0 && n == record_count ? 0 : 1;
}

// Runs this program with `args` and returns the child's exit status and peak RSS in KiB.
std::pair<int, long> run_child(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  std::string self = fs::read_symlink("/proc/self/exe").string();
  argv.push_back(self.data());
  std::vector<std::string> copy = args;
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid;
  if (posix_spawn(&pid, self.c_str(), nullptr, nullptr, argv.data(), environ) != 0) return {-1, 0};
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) return {-1, 0};
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, usage.ru_maxrss};
}

class StreamMemory : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("metajson_stream_memory_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(StreamMemory, NdjsonAndArrayFromIfstreamUnder64MiB) {
  const fs::path ndjson = dir_ / "records.ndjson", array = dir_ / "records.json";
  {
    std::ofstream nd(ndjson, std::ios::binary), ar(array, std::ios::binary);
    std::vector<Record> batch;
    ar << "[\n";
    for (std::size_t i = 0; i < record_count; i += 10000) {
      batch.clear();
      for (std::size_t k = i; k < i + 10000; ++k) batch.push_back(record(k));
      metajson::to_ndjson(batch, nd);
      for (std::size_t k = 0; k < batch.size(); ++k) {
        if (i + k != 0) ar << ",\n";
        metajson::to_json(batch[k], ar);
      }
    }
    ar << "\n]\n";
    ASSERT_TRUE(nd.good() && ar.good());
  }
  const auto size = fs::file_size(ndjson);
  std::printf("NDJSON file: %ju bytes; array file: %ju bytes\n", std::uintmax_t(size), std::uintmax_t(fs::file_size(array)));
  EXPECT_GT(size, 350'000'000u);

  for (const auto& [kind, file] : {std::pair{"ndjson", ndjson}, std::pair{"array", array}}) {
    const auto [status, peak_kib] = run_child({"--read", kind, file.string()});
    std::printf("%s: exit %d, peak RSS %ld KiB\n", kind, status, peak_kib);
    EXPECT_EQ(status, 0) << kind;
    EXPECT_LT(peak_kib, 64 * 1024) << kind;
    EXPECT_GT(peak_kib, 0) << kind;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::strcmp(argv[1], "--read") == 0) return read_back(argv[2], argv[3]);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}

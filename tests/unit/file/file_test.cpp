// from_file / to_file: round trips, errors that name the file and give the OS's reason, the
// size limit checked before reading, and writes that replace a file whole or not at all.
#include <metajson/file.hpp>
#include <metajson/metajson.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <csignal>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

struct Config {
  std::string name;
  int port = 0;
  std::vector<double> weights;
  std::map<std::string, bool> flags;
  friend bool operator==(const Config&, const Config&) = default;
};

// A fresh folder under the system's temporary folder, removed at the end.
class FileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("metajson_file_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::permissions(dir_, fs::perms::owner_all, ec);
    fs::remove_all(dir_, ec);
  }
  fs::path path(const std::string& name) const { return dir_ / name; }
  static void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }
  static std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  // The folder's entries: no temporary file may be left behind.
  std::vector<std::string> entries() const {
    std::vector<std::string> out;
    for (auto& e : fs::directory_iterator(dir_)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
  }
  fs::path dir_;
};

const Config sample{"server \"one\"", 8080, {0.5, 1e-300}, {{"fast", true}, {"safe", false}}};

TEST_F(FileTest, RoundTrip) {
  const fs::path p = path("config.json");
  metajson::to_file(sample, p);
  EXPECT_EQ(read(p), metajson::to_json(sample));
  EXPECT_EQ(metajson::from_file<Config>(p), sample);
  auto r = metajson::try_from_file<Config>(p);
  ASSERT_TRUE(r.has_value()) << r.error().message();
  EXPECT_EQ(*r, sample);
  Config existing;
  EXPECT_FALSE(metajson::from_file(p, existing));
  EXPECT_EQ(existing, sample);
  metajson::to_file<{.pretty = true}>(sample, p);
  EXPECT_EQ(read(p), metajson::to_json<{.pretty = true}>(sample));
  EXPECT_EQ(entries(), std::vector<std::string>{"config.json"});
}

TEST_F(FileTest, LargeFiles) {
  std::vector<Config> many(20000, sample);
  for (std::size_t i = 0; i < many.size(); ++i) many[i].port = int(i);
  const fs::path p = path("many.json");
  EXPECT_FALSE(metajson::try_to_file(many, p));
  EXPECT_EQ(read(p), metajson::to_json(many));
  EXPECT_EQ(metajson::from_file<std::vector<Config>>(p), many);
}

TEST_F(FileTest, ReadErrorsNameTheFile) {
  const fs::path p = path("bad.json");
  write(p, "{\"name\": \"x\",\n \"port\": \"80\"}");
  auto r = metajson::try_from_file<Config>(p);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code(), metajson::error_code::type_mismatch);
  EXPECT_EQ(r.error().file(), p.string());
  EXPECT_EQ(r.error().message(), "expected integer, found string at $.port in '" + p.string() + "' (line 2, column 10)");
  EXPECT_EQ(r.error().line(), 2u);
  EXPECT_THROW(metajson::from_file<Config>(p), metajson::error);
  write(p, "[1, 2");
  EXPECT_EQ(metajson::try_from_file<std::vector<int>>(p).error().code(), metajson::error_code::unexpected_end);
  write(p, "");
  EXPECT_EQ(metajson::try_from_file<int>(p).error().code(), metajson::error_code::unexpected_end);
}

TEST_F(FileTest, IoErrorsCarryTheReason) {
  const fs::path missing = path("missing.json");
  auto r = metajson::try_from_file<Config>(missing);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code(), metajson::error_code::io_error);
  EXPECT_EQ(r.error().message(), "I/O error (cannot open for reading: No such file or directory) in '" + missing.string() + "'");
  try {
    (void)metajson::from_file<Config>(missing);
    ADD_FAILURE() << "no exception";
  } catch (const metajson::error& e) {
    EXPECT_EQ(e.code(), metajson::error_code::io_error);
  }
  // A folder is not a file.
  EXPECT_EQ(metajson::try_from_file<Config>(dir_).error().message(),
            "I/O error (cannot read: Is a directory) in '" + dir_.string() + "'");
  EXPECT_EQ(metajson::try_to_file(sample, dir_).message(), "I/O error (cannot write: Is a directory) in '" + dir_.string() + "'");
  // A folder that does not exist.
  const fs::path nowhere = path("no/such/dir/x.json");
  EXPECT_EQ(metajson::try_to_file(sample, nowhere).message(),
            "I/O error (cannot create a temporary file in its directory: No such file or directory) in '" + nowhere.string() + "'");
  EXPECT_THROW(metajson::to_file(sample, nowhere), metajson::error);
  if (::geteuid() != 0) {  // root reads and writes everything
    const fs::path locked = path("locked.json");
    write(locked, "1");
    fs::permissions(locked, fs::perms::none);
    EXPECT_EQ(metajson::try_from_file<int>(locked).error().message(),
              "I/O error (cannot open for reading: Permission denied) in '" + locked.string() + "'");
    fs::permissions(dir_, fs::perms::owner_read | fs::perms::owner_exec);
    const metajson::error e = metajson::try_to_file(1, path("new.json"));
    EXPECT_EQ(e.message(), "I/O error (cannot create a temporary file in its directory: Permission denied) in '" +
                               path("new.json").string() + "'");
    fs::permissions(dir_, fs::perms::owner_all);
  }
}

// A file that cannot hold the document: the write fails (here at the size limit of the process,
// which fails write() as a full disk does), the error says why, the old file stays.
TEST_F(FileTest, WriteFailuresKeepTheOldFile) {
  const fs::path p = path("full.json");
  metajson::to_file(sample, p);
  std::vector<Config> many(20000, sample);
  struct rlimit old {};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  auto previous = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = old;
  small.rlim_cur = 100000;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const metajson::error e = metajson::try_to_file(many, p);
  ::setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, previous);
  EXPECT_EQ(e.message(), "I/O error (cannot write: File too large) in '" + p.string() + "'");
  EXPECT_EQ(read(p), metajson::to_json(sample));
  EXPECT_EQ(entries(), std::vector<std::string>{"full.json"});
}

// Files without a size (devices, pipes) are read to their end, within the limit.
TEST_F(FileTest, FilesWithoutASize) {
  if (!fs::exists("/dev/zero")) GTEST_SKIP() << "no /dev/zero";
  constexpr metajson::options tiny{.max_document_size = 100000};
  const auto r = metajson::try_from_file<int, tiny>("/dev/zero");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code(), metajson::error_code::document_too_large);
}

TEST_F(FileTest, TooLargeBeforeReading) {
  const fs::path p = path("big.json");
  write(p, "[" + std::string(100, ' ') + "]");
  constexpr metajson::options small{.max_document_size = 50};
  const auto r = metajson::try_from_file<std::vector<int>, small>(p);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message(), "document larger than max_document_size (102 bytes, the limit is 50) at $ in '" + p.string() + "'");
  // A file the reader cannot open is not "too large": the size check needs no read access, but
  // opening comes first.
  EXPECT_TRUE((metajson::try_from_file<std::vector<int>, {.max_document_size = 102}>(p).has_value()));
}

TEST_F(FileTest, FailedWritesKeepTheOldFile) {
  const fs::path p = path("keep.json");
  metajson::to_file(sample, p);
  Config bad = sample;
  bad.weights.push_back(NAN);
  const metajson::error e = metajson::try_to_file(bad, p);
  EXPECT_EQ(e.code(), metajson::error_code::non_finite_number);
  EXPECT_EQ(e.message(), "NaN or infinity cannot be written as JSON (NaN) at $.weights[2] in '" + p.string() + "'");
  EXPECT_EQ(read(p), metajson::to_json(sample));
  EXPECT_EQ(entries(), std::vector<std::string>{"keep.json"});
  // The same when the failure comes after many buffers were written to the temporary file.
  std::vector<Config> many(5000, sample);
  many.back() = bad;
  EXPECT_TRUE(metajson::try_to_file(many, p));
  EXPECT_EQ(read(p), metajson::to_json(sample));
  EXPECT_EQ(entries(), std::vector<std::string>{"keep.json"});
}

TEST_F(FileTest, PermissionsAndLinks) {
  const fs::path p = path("mode.json");
  write(p, "{}");
  fs::permissions(p, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  metajson::to_file(sample, p);
  EXPECT_EQ(fs::status(p).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  // A new file: 0666 less the umask.
  const mode_t mask = ::umask(022);
  ::umask(mask);
  const fs::path fresh = path("fresh.json");
  metajson::to_file(1, fresh);
  EXPECT_EQ(static_cast<mode_t>(fs::status(fresh).permissions() & fs::perms::all), 0666 & ~mask);
  // A symbolic link stays a link; the file it points to gets the new content.
  const fs::path link = path("link.json");
  fs::create_symlink(p, link);
  metajson::to_file(2, link);
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(read(p), "2");
}

}  // namespace

// Files: read a T from a file, write one to a file without ever leaving half a file.
//
//     #include <metajson/file.hpp>
//     Config c = metajson::from_file<Config>("config.json");        // throws metajson::error
//     auto r = metajson::try_from_file<Config>("config.json");      // std::expected<Config, error>
//     metajson::to_file(c, "config.json");                          // throws metajson::error
//     if (auto e = metajson::try_to_file(c, "config.json")) log(e.message());
//
// Errors name the file: "expected integer, found string at $.port in 'config.json' (line 3,
// column 11)", "I/O error (cannot open for reading: No such file or directory) in 'x.json'".
// Every failure is a metajson::error, never another exception.
//
// Reading: the file's size is checked against options.max_document_size before anything is
// read, then the file is read with one read() into a buffer of its size (more reads only if it
// grows meanwhile, or for pipes and other files without a size) and read as from_json does.
// Writing: the JSON goes through a 64 KiB buffer into a new file beside the target (same
// directory, so the same file system), which is flushed to the disk (fsync) and renamed over
// the target, and the directory is synced: a crash leaves the old file or the new one, never a
// mix. The new file gets the target's permissions when it exists, else 0666 less the umask.
//
// Not included by metajson.hpp: <filesystem> and the POSIX headers cost compile time that a
// program without files should not pay. POSIX systems only (Linux, macOS, the BSDs).
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <expected>
#include <filesystem>
#include <new>
#include <string>
#include <string_view>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.hpp"
#include "from_json.hpp"
#include "options.hpp"
#include "reflect/borrows.hpp"
#include "to_json.hpp"
#include "io/write_stream.hpp"

namespace metajson::detail {

// An io_error naming what failed and the OS's reason: "cannot open for reading: No such file
// or directory".
inline error os_error(std::string_view what, int err) {
  std::string d(what);
  d += ": ";
  d += std::strerror(err);
  return error(error_code::io_error, {}, std::move(d));
}

// A file descriptor closed when it goes out of scope.
class file_descriptor {
 public:
  explicit file_descriptor(int fd = -1) noexcept : fd_(fd) {}
  ~file_descriptor() { close(); }
  file_descriptor(const file_descriptor&) = delete;
  file_descriptor& operator=(const file_descriptor&) = delete;
  int get() const noexcept { return fd_; }
  // Closes it; the error of close() (0 or errno).
  int close() noexcept {
    if (fd_ < 0) return 0;
    const int r = ::close(fd_);
    fd_ = -1;
    return r == 0 ? 0 : errno;
  }

 private:
  int fd_;
};

inline int open_retrying(const char* path, int flags, mode_t mode = 0) noexcept {
  int fd;
  do fd = ::open(path, flags | O_CLOEXEC, mode);
  while (fd < 0 && errno == EINTR);
  return fd;
}

// Reads the whole file into `out` (content replaced). The size is checked before reading.
template <options O>
error read_whole_file(const std::filesystem::path& path, std::string& out) {
  file_descriptor fd(open_retrying(path.c_str(), O_RDONLY));
  if (fd.get() < 0) return os_error("cannot open for reading", errno);
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) return os_error("cannot read its size", errno);
  if (S_ISDIR(st.st_mode)) return os_error("cannot read", EISDIR);
  std::size_t size = S_ISREG(st.st_mode) ? static_cast<std::size_t>(st.st_size) : 0;
  if (size > O.max_document_size)
    return error(error_code::document_too_large, "$", std::to_string(size) + " bytes, the limit is " + std::to_string(O.max_document_size));
  // One read of the whole size, and one more that finds the end (or a file that grew).
  std::size_t room = size + 1 > 4096 ? size + 1 : 4096;
  std::size_t filled = 0;
  out.clear();
  for (;;) {
    if (filled == room) {
      if (filled > O.max_document_size)
        return error(error_code::document_too_large, "$", "more than " + std::to_string(O.max_document_size) + " bytes (the limit)");
      room *= 2;
    }
    // Grows without zero-filling: the bytes read so far are kept, the rest is read into.
    if (out.size() < room) out.resize_and_overwrite(room, [](char*, std::size_t n) { return n; });
    const ssize_t n = ::read(fd.get(), out.data() + filled, room - filled);
    if (n < 0) {
      if (errno == EINTR) continue;
      return os_error("cannot read", errno);
    }
    if (n == 0) break;
    filled += static_cast<std::size_t>(n);
  }
  out.resize(filled);
  if (filled > O.max_document_size)
    return error(error_code::document_too_large, "$", std::to_string(filled) + " bytes, the limit is " + std::to_string(O.max_document_size));
  return {};
}

template <options O, class T>
error read_file_into(const std::filesystem::path& path, T& out) noexcept {
#if METAJSON_HAS_EXCEPTIONS
  try {
#endif
    std::string text;
    error e = read_whole_file<O>(path, text);
    if (!e) e = read_json<O>(text, out);
    if (e) e.in_file(path.string());
    return e;
#if METAJSON_HAS_EXCEPTIONS
  } catch (const std::bad_alloc&) {
    error e(error_code::out_of_memory);
    try {
      e.in_file(path.string());
    } catch (...) {
    }
    return e;
  }
#endif
}

inline bool fd_sink(void* arg, const char* data, std::size_t n) {
  auto& st = *static_cast<std::pair<int, int>*>(arg);  // fd, errno of the first failure
  while (n != 0) {
    const ssize_t w = ::write(st.first, data, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      st.second = errno;
      return false;
    }
    data += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

// A name for the temporary file beside `target`: ".<name>.tmp-<pid>-<n>".
inline std::filesystem::path temporary_beside(const std::filesystem::path& target) {
  static std::atomic<unsigned long> counter{0};
  std::filesystem::path tmp = target;
  tmp.replace_filename("." + target.filename().string() + ".tmp-" + std::to_string(::getpid()) + "-" +
                       std::to_string(counter.fetch_add(1, std::memory_order_relaxed)));
  return tmp;
}

// Syncs the directory that holds `file`, so that the rename is on the disk too.
inline int sync_directory_of(const std::filesystem::path& file) noexcept {
  std::filesystem::path dir = file.parent_path();
  if (dir.empty()) dir = ".";
  file_descriptor fd(open_retrying(dir.c_str(), O_RDONLY | O_DIRECTORY));
  if (fd.get() < 0) return errno;
  if (::fsync(fd.get()) != 0 && errno != EINVAL) return errno;  // some file systems cannot sync a directory
  return 0;
}

template <options O, class T>
error write_file(const T& v, const std::filesystem::path& given) {
  // A symbolic link stays one: the file it points to is replaced.
  std::filesystem::path target = given;
  std::error_code ec;
  if (std::filesystem::is_symlink(given, ec)) {
    std::filesystem::path resolved = std::filesystem::weakly_canonical(given, ec);
    if (!ec) target = resolved;
  }
  struct stat st;
  const bool exists = ::stat(target.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) return os_error("cannot write", EISDIR);
  std::filesystem::path tmp;
  int fd_raw = -1;
  for (int attempt = 0; attempt < 100 && fd_raw < 0; ++attempt) {
    tmp = temporary_beside(target);
    fd_raw = open_retrying(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd_raw < 0 && errno != EEXIST) return os_error("cannot create a temporary file in its directory", errno);
  }
  if (fd_raw < 0) return os_error("cannot create a temporary file in its directory", EEXIST);
  file_descriptor fd(fd_raw);
  auto discard = [&](error e) {
    fd.close();
    ::unlink(tmp.c_str());
    return e;
  };
  if (exists && ::fchmod(fd.get(), st.st_mode & 07777) != 0) return discard(os_error("cannot set the permissions of the new file", errno));
  std::pair<int, int> state{fd.get(), 0};
  {
    sink_writer w(fd_sink, &state);
    error e = w.template write<O>(v);
    if (e) return discard(std::move(e));
    if (w.finish()) return discard(os_error("cannot write", state.second));
  }
  if (::fsync(fd.get()) != 0) return discard(os_error("cannot flush to the disk (fsync)", errno));
  if (const int err = fd.close()) return discard(os_error("cannot close", err));
  if (::rename(tmp.c_str(), target.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return os_error("cannot rename the new file over it", err);
  }
  if (const int err = sync_directory_of(target)) return os_error("written, but its directory cannot be synced", err);
  return {};
}

template <options O, class T>
error write_file_noexcept(const T& v, const std::filesystem::path& path) noexcept {
#if METAJSON_HAS_EXCEPTIONS
  try {
    error e = write_file<O>(v, path);
    if (e) e.in_file(path.string());
    return e;
  } catch (const std::bad_alloc&) {
    return error(error_code::out_of_memory);
  } catch (const std::exception& x) {  // std::filesystem's own errors, never seen so far
    try {
      return error(error_code::io_error, {}, x.what()).in_file(path.string());
    } catch (...) {
      return error(error_code::io_error);
    }
  }
#else
  error e = write_file<O>(v, path);
  if (e) e.in_file(path.string());
  return e;
#endif
}

}  // namespace metajson::detail

namespace metajson {
inline namespace v0 {

/// Reads `path` into `existing`, as from_json(text, existing) does. Never throws: returns a
/// falsy error on success; errors name the file.
template <options O = options{}, class T>
error from_file(const std::filesystem::path& path, T& existing) noexcept {
  static_assert(detail::owns_its_data<T>,
                "metajson: a std::string_view read from a file would point into a buffer that is freed; use std::string");
  return detail::read_file_into<O>(path, existing);
}

/// Reads a T from the file `path`, or returns the error (with the file's name, and the path,
/// line and column in it; or the OS's reason when the file cannot be read).
///
///     if (auto c = metajson::try_from_file<Config>("config.json")) use(*c);
///     else std::cerr << c.error().message() << '\n';
template <class T, options O = options{}>
std::expected<T, error> try_from_file(const std::filesystem::path& path) noexcept {
  static_assert(detail::owns_its_data<T>,
                "metajson: a std::string_view read from a file would point into a buffer that is freed; use std::string");
  return detail::out_of_memory_as_error([&]() -> std::expected<T, error> {
    T out{};
    if (error e = detail::read_file_into<O>(path, out)) return std::unexpected(std::move(e));
    return out;
  });
}

/// Writes `value` as JSON to the file `path`, replacing it whole or not at all (a temporary
/// file beside it, fsync, rename). Never throws: returns a falsy error on success.
template <options O = options{}, class T>
error try_to_file(const T& value, const std::filesystem::path& path) noexcept {
  return detail::write_file_noexcept<O>(value, path);
}

#if METAJSON_HAS_EXCEPTIONS
/// Reads a T from the file `path`. Throws metajson::error.
///
///     Config c = metajson::from_file<Config>("config.json");
template <class T, options O = options{}>
T from_file(const std::filesystem::path& path) {
  static_assert(detail::owns_its_data<T>,
                "metajson: a std::string_view read from a file would point into a buffer that is freed; use std::string");
  T out{};
  if (error e = detail::read_file_into<O>(path, out)) throw e;
  return out;
}

/// Writes `value` as JSON to the file `path` (see try_to_file). Throws metajson::error.
///
///     metajson::to_file<{.pretty = true}>(config, "config.json");
template <options O = options{}, class T>
void to_file(const T& value, const std::filesystem::path& path) {
  if (error e = detail::write_file_noexcept<O>(value, path)) throw e;
}
#endif

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET

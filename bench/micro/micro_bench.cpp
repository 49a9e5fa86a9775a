// Micro-benchmark of the primitives: what each one costs per call and per byte, next to
// std::to_chars / std::from_chars and to plain loops. A program, not a test: it prints a table.
// Writing: escaping, integers, doubles (canada.json's too, with METAJSON_DATA_DIR), floats,
// next to std::to_chars and glaze's glz::to_chars when glaze is installed. Reading: integers, doubles, string unescaping,
// key lookup. With METAJSON_DATA_DIR set, whole documents too (a preview of the suite), and the
// reader's stages apart ("stages": the index pass alone, validate(), a read; simdjson's stage 1
// beside them when the suite found simdjson).
//
//   bench/build/micro_bench [--quick]
//
// Each row: the median of 5 runs; a run repeats the operation over a batch of inputs until it
// has taken at least 0.2 s (0.02 s with --quick). MB/s counts output bytes when writing and
// input bytes when reading.
#include <metajson/file.hpp>
#include <metajson/metajson.hpp>
#include <metajson/stream.hpp>
#include <metajson/parallel.hpp>
#include <metajson/number/dtoa.hpp>
#include <metajson/number/itoa.hpp>
#include <metajson/text/escape.hpp>
#include <metajson/text/escape_scalar.hpp>
#if defined(METAJSON_MICRO_GLAZE)
#include <glaze/util/zmij.hpp>  // glaze's shortest double writer, glz::to_chars (zmij)
#endif
#if defined(METAJSON_MICRO_SIMDJSON)
#include <simdjson.h>  // its On-Demand parser's iterate(): its stage 1 alone
#endif

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <memory>

#include "canada.hpp"
#include "citm.hpp"
#include "twitter.hpp"
#include <bit>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

double min_seconds = 0.2;
cpu_set_t allowed_cpus;  // the cores the process may use, before main pins it to one
volatile std::size_t sink;

struct result {
  double ns_per_call;
  double mb_per_s;
};

// Runs op(i) for i over the batch, many times; returns the median of 5 runs.
template <class Op>
result measure(std::size_t batch, Op&& op) {
  std::vector<result> runs;
  for (int r = 0; r < 5; ++r) {
    std::size_t calls = 0, bytes = 0;
    const auto t0 = std::chrono::steady_clock::now();
    double elapsed = 0;
    do {
      for (std::size_t i = 0; i < batch; ++i) bytes += op(i);
      calls += batch;
      elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    } while (elapsed < min_seconds);
    sink = bytes;
    runs.push_back({elapsed * 1e9 / static_cast<double>(calls), static_cast<double>(bytes) / elapsed / 1e6});
  }
  std::sort(runs.begin(), runs.end(), [](auto& a, auto& b) { return a.ns_per_call < b.ns_per_call; });
  return runs[2];
}

void row(const char* group, const char* impl, result r) {
  std::printf("| %-34s | %-24s | %9.2f | %9.0f |\n", group, impl, r.ns_per_call, r.mb_per_s);
}

// --- strings ---------------------------------------------------------------------------------------

std::vector<std::string> make_strings(std::size_t count, std::size_t len, double special_rate, bool non_ascii) {
  std::mt19937 rng(1);
  std::vector<std::string> v;
  const char* specials = "\"\\\n\t";
  for (std::size_t i = 0; i < count; ++i) {
    std::string s;
    while (s.size() < len) {
      const double u = std::uniform_real_distribution<double>(0, 1)(rng);
      if (u < special_rate) s += specials[rng() % 4];
      else if (non_ascii && rng() % 3 == 0) s += "\xe6\x97\xa5";  // U+65E5, 3 bytes
      else s += static_cast<char>('a' + rng() % 26);
    }
    v.push_back(s);
  }
  return v;
}

// A plain byte loop: what a writer without a fast path does (no UTF-8 check).
char* plain_escape(char* out, const char* s, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\' || c < 0x20) out = metajson::detail::write_escape(out, c);
    else *out++ = static_cast<char>(c);
  }
  return out;
}

void bench_strings() {
  using metajson::detail::utf8_mode;
  struct shape {
    const char* name;
    std::size_t len;
    double special;
    bool non_ascii;
  };
  const shape shapes[] = {{"escape 16 B, ASCII, no specials", 16, 0, false},
                          {"escape 128 B, ASCII, no specials", 128, 0, false},
                          {"escape 1 KiB, ASCII, no specials", 1024, 0, false},
                          {"escape 128 B, 5% specials", 128, 0.05, false},
                          {"escape 128 B, 1/3 CJK (UTF-8)", 128, 0, true}};
  std::vector<char> out(6 * 2048 + 64);
  for (const auto& sh : shapes) {
    const auto strs = make_strings(256, sh.len, sh.special, sh.non_ascii);
    std::size_t bad = 0;
    row(sh.name, "metajson (validate)", measure(strs.size(), [&](std::size_t i) {
          return static_cast<std::size_t>(metajson::detail::escape<utf8_mode::validate>(out.data(), strs[i].data(), strs[i].size(), &bad) - out.data());
        }));
    row(sh.name, "metajson (unchecked)", measure(strs.size(), [&](std::size_t i) {
          return static_cast<std::size_t>(metajson::detail::escape<utf8_mode::unchecked>(out.data(), strs[i].data(), strs[i].size(), &bad) - out.data());
        }));
    row(sh.name, "scalar oracle (validate)", measure(strs.size(), [&](std::size_t i) {
          return static_cast<std::size_t>(metajson::detail::escape_scalar(out.data(), strs[i].data(), strs[i].size(), utf8_mode::validate, &bad) - out.data());
        }));
    row(sh.name, "plain byte loop", measure(strs.size(), [&](std::size_t i) {
          return static_cast<std::size_t>(plain_escape(out.data(), strs[i].data(), strs[i].size()) - out.data());
        }));
  }
}

// --- integers --------------------------------------------------------------------------------------

char* plain_itoa(char* p, std::uint64_t v) {
  char tmp[20];
  int n = 0;
  do {
    tmp[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  while (n > 0) *p++ = tmp[--n];
  return p;
}

void bench_integers() {
  std::mt19937_64 rng(2);
  struct shape {
    const char* name;
    std::vector<std::uint64_t> values;
  };
  std::vector<shape> shapes(3);
  shapes[0].name = "uint64, random 1-20 digits";
  shapes[1].name = "uint64, small (0-9999)";
  shapes[2].name = "uint64, ids (18 digits)";
  for (int i = 0; i < 4096; ++i) {
    shapes[0].values.push_back(rng() >> (rng() % 64));
    shapes[1].values.push_back(rng() % 10000);
    shapes[2].values.push_back(100000000000000000ull + rng() % 900000000000000000ull);
  }
  char buf[64];
  for (const auto& sh : shapes) {
    const auto& v = sh.values;
    row(sh.name, "metajson", measure(v.size(), [&](std::size_t i) {
          return static_cast<std::size_t>(metajson::detail::write_u64(buf, v[i]) - buf);
        }));
    row(sh.name, "std::to_chars", measure(v.size(), [&](std::size_t i) {
          return static_cast<std::size_t>(std::to_chars(buf, buf + 64, v[i]).ptr - buf);
        }));
    row(sh.name, "plain digit loop", measure(v.size(), [&](std::size_t i) {
          return static_cast<std::size_t>(plain_itoa(buf, v[i]) - buf);
        }));
  }
}

// --- floating point --------------------------------------------------------------------------------

template <class F>
void bench_floats(const char* name, const std::vector<F>& v) {
  char buf[64];
  using metajson::number_format;
  row(name, "metajson (json)", measure(v.size(), [&](std::size_t i) {
        return static_cast<std::size_t>(metajson::detail::write_float<number_format::json>(buf, v[i]) - buf);
      }));
  row(name, "metajson (shortest)", measure(v.size(), [&](std::size_t i) {
        return static_cast<std::size_t>(metajson::detail::write_float<number_format::shortest>(buf, v[i]) - buf);
      }));
  row(name, "std::to_chars (shortest)", measure(v.size(), [&](std::size_t i) {
        return static_cast<std::size_t>(std::to_chars(buf, buf + 64, v[i]).ptr - buf);
      }));
#if defined(METAJSON_MICRO_GLAZE)
  row(name, "glaze (glz::to_chars)", measure(v.size(), [&](std::size_t i) {
        return static_cast<std::size_t>(glz::to_chars(buf, v[i]) - buf);
      }));
#endif
}

// The numbers of canada.json (111,126 doubles), in document order.
std::vector<double> canada_doubles() {
  std::vector<double> v;
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (dir == nullptr) return v;
  std::ifstream f(std::string(dir) + "/canada.json", std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  const std::string text = ss.str();
  for (const char* p = text.data(); p < text.data() + text.size();) {
    if (*p == '-' || (*p >= '0' && *p <= '9')) {
      double d = 0;
      p = std::from_chars(p, text.data() + text.size(), d).ptr;
      v.push_back(d);
    } else {
      ++p;
    }
  }
  return v;
}

void bench_all_floats() {
  std::mt19937_64 rng(3);
  std::vector<double> random_bits, coords, small;
  std::vector<float> floats;
  while (random_bits.size() < 4096) {
    const double d = std::bit_cast<double>(rng());
    if (std::isfinite(d)) random_bits.push_back(d);
  }
  for (int i = 0; i < 4096; ++i) {
    coords.push_back(std::uniform_real_distribution<double>(-180, 180)(rng));           // like canada.json
    small.push_back(static_cast<double>(rng() % 100000) / 100.0);                        // prices
    floats.push_back(static_cast<float>(std::uniform_real_distribution<double>(-1000, 1000)(rng)));
  }
  const std::vector<double> canada = canada_doubles();
  if (!canada.empty()) bench_floats("double, canada.json's 111,126", canada);
  bench_floats("double, random bit patterns", random_bits);
  bench_floats("double, coordinates (-180..180)", coords);
  bench_floats("double, 2-decimal prices", small);
  bench_floats("float, -1000..1000", floats);
}

// --- reading primitives ----------------------------------------------------------------------------

// Key lookup: a struct with 12 members, keys given in order (the fast path), shuffled (the
// perfect hash), and a plain loop of string compares (what a reader without a table does).
struct Wide {
  int alpha, bravo, charlie, delta, echo, foxtrot, golf, hotel, india, juliett, kilo, lima;
};

void bench_reading() {
  std::mt19937_64 rng(9);
  // Integers and doubles from text.
  std::vector<std::string> ints, dbls;
  for (int i = 0; i < 4096; ++i) {
    ints.push_back(std::to_string(rng() >> (rng() % 64)));
    char buf[64];
    dbls.push_back(std::string(buf, metajson::detail::write_float<metajson::number_format::json>(buf, std::uniform_real_distribution<double>(-180, 180)(rng))));
  }
  metajson::detail::read_context c;
  row("parse uint64 (1-20 digits)", "metajson", measure(ints.size(), [&](std::size_t i) {
        std::uint64_t v = 0;
        c.end = ints[i].data() + ints[i].size();
        metajson::detail::read_integer(c, ints[i].data(), v);
        return ints[i].size() + (v & 1);
      }));
  row("parse uint64 (1-20 digits)", "std::from_chars", measure(ints.size(), [&](std::size_t i) {
        std::uint64_t v = 0;
        std::from_chars(ints[i].data(), ints[i].data() + ints[i].size(), v);
        return ints[i].size() + (v & 1);
      }));
  row("parse double (coordinates)", "metajson", measure(dbls.size(), [&](std::size_t i) {
        double v = 0;
        c.end = dbls[i].data() + dbls[i].size();
        metajson::detail::read_float(c, dbls[i].data(), v);
        return dbls[i].size() + (v > 1e300);
      }));
  row("parse double (coordinates)", "std::from_chars", measure(dbls.size(), [&](std::size_t i) {
        double v = 0;
        std::from_chars(dbls[i].data(), dbls[i].data() + dbls[i].size(), v);
        return dbls[i].size() + (v > 1e300);
      }));
  // Strings: plain and with escapes, read into a reused std::string.
  const auto plain = make_strings(256, 128, 0, false);
  const auto escaped = make_strings(256, 128, 0.05, false);
  const auto cjk = make_strings(256, 128, 0, true);
  std::vector<std::string> jp, je, jc;
  for (std::size_t i = 0; i < plain.size(); ++i) {
    jp.push_back(metajson::to_json(plain[i]));
    je.push_back(metajson::to_json(escaped[i]));
    jc.push_back(metajson::to_json(cjk[i]));
  }
  std::string out;
  auto read_str = [&](const std::vector<std::string>& v) {
    return measure(v.size(), [&](std::size_t i) {
      c.end = v[i].data() + v[i].size();
      metajson::detail::read_string_into<metajson::options{}>(c, v[i].data(), out);
      return out.size();
    });
  };
  row("unescape 128 B, ASCII, no escapes", "metajson", read_str(jp));
  row("unescape 128 B, 5% escapes", "metajson", read_str(je));
  row("unescape 128 B, 1/3 CJK (validate)", "metajson", read_str(jc));
  // Keys.
  constexpr const char* names[] = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett", "kilo", "lima"};
  std::vector<std::string_view> keys;
  for (int i = 0; i < 4096; ++i) keys.push_back(names[rng() % 12]);
  row("key lookup, 12 members, random", "perfect hash", measure(keys.size(), [&](std::size_t i) {
        return static_cast<std::size_t>(metajson::detail::reflect::find_member<Wide>(keys[i]) + 1);
      }));
  row("key lookup, 12 members, random", "linear compares", measure(keys.size(), [&](std::size_t i) {
        for (std::size_t k = 0; k < 12; ++k)
          if (keys[i] == names[k]) return k + 1;
        return std::size_t{0};
      }));
  Wide w{};
  const std::string in_order = metajson::to_json(w);
  std::string shuffled = R"({"lima":0,"kilo":0,"juliett":0,"india":0,"hotel":0,"golf":0,"foxtrot":0,"echo":0,"delta":0,"charlie":0,"bravo":0,"alpha":0})";
  row("read 12-member struct, keys in order", "metajson", measure(1, [&](std::size_t) {
        (void)metajson::from_json(in_order, w);
        return in_order.size();
      }));
  row("read 12-member struct, keys reversed", "metajson", measure(1, [&](std::size_t) {
        (void)metajson::from_json(shuffled, w);
        return shuffled.size();
      }));
}

// --- whole documents (a preview; the benchmark suite compares libraries) -------------------------

template <class T>
void bench_dataset(const char* dir, const char* file) {
  std::ifstream f(std::string(dir) + "/" + file, std::ios::binary);
  if (!f) {
    std::printf("| %-34s | %-24s | %9s | %9s |\n", file, "(missing)", "-", "-");
    return;
  }
  std::ostringstream ss;
  ss << f.rdbuf();
  const std::string text = ss.str();
  T data{};
  if (auto e = metajson::from_json(text, data)) {
    std::printf("%s: %s\n", file, e.message().c_str());
    return;
  }
  const std::string out = metajson::to_json(data);
  std::string label = std::string(file) + " (read)";
  T target{};
  auto r = measure(1, [&](std::size_t) {
    (void)metajson::from_json(text, target);
    return text.size();
  });
  row(label.c_str(), "from_json, reused T", r);
  label = std::string(file) + " (write)";
  row(label.c_str(), "to_json, fresh string", measure(1, [&](std::size_t) { return metajson::to_json(data).size(); }));
  std::string buf;
  row(label.c_str(), "to_json, reused buffer", measure(1, [&](std::size_t) {
        metajson::to_json(data, buf);
        return buf.size();
      }));
  row(label.c_str(), "reused, utf8 unchecked", measure(1, [&](std::size_t) {
        metajson::to_json<{.utf8 = metajson::utf8_policy::unchecked}>(data, buf);
        return buf.size();
      }));
}

// --- NDJSON, streams and files (issue 16; metajson only: the suite's peers are to come) --------

// A stream buffer that drops what it is given: the writer's cost alone.
class null_buf : public std::streambuf {
 protected:
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
  int_type overflow(int_type c) override { return c; }
};

// twitter's 100 statuses written one per line, repeated to about `target` bytes (generated).
void bench_ndjson(const char* dir, std::size_t target) {
  std::ifstream f(std::string(dir) + "/twitter.json", std::ios::binary);
  if (!f) {
    std::printf("| %-34s | %-24s | %9s | %9s |\n", "twitter.json", "(missing)", "-", "-");
    return;
  }
  std::ostringstream ss;
  ss << f.rdbuf();
  const std::string doc = ss.str();
  twitter::TwitterData data{};
  if (auto e = metajson::from_json(doc, data)) {
    std::printf("twitter.json: %s\n", e.message().c_str());
    return;
  }
  std::vector<twitter::Status> statuses;
  const std::string block = metajson::to_ndjson(data.statuses);
  while (statuses.size() * block.size() / data.statuses.size() < target)
    statuses.insert(statuses.end(), data.statuses.begin(), data.statuses.end());
  const std::string lines = metajson::to_ndjson(statuses);
  const std::string array = metajson::to_json(statuses);
  char label[64];
  std::snprintf(label, sizeof label, "twitter NDJSON %.0f MB (read)", static_cast<double>(lines.size()) / 1e6);
  auto count_ok = [](auto&& range) {
    std::size_t ok = 0;
    for (auto& r : range) ok += r.has_value();
    return ok;
  };
  row(label, "read_ndjson, string", measure(1, [&](std::size_t) {
        if (count_ok(metajson::read_ndjson<twitter::Status>(lines)) != statuses.size()) std::abort();
        return lines.size();
      }));
  row(label, "read_ndjson, istream", measure(1, [&](std::size_t) {
        std::istringstream in(lines);
        if (count_ok(metajson::read_ndjson<twitter::Status>(in)) != statuses.size()) std::abort();
        return lines.size();
      }));
  // The same text on several threads (metajson/parallel.hpp), wall-clock time, on the cores the
  // program was allowed at its start (taskset), not only the one it pins itself to: from_ndjson
  // keeps the records (a vector, freed after the timing, as a program would free it after use);
  // read_ndjson(text, parallel_options) hands each out and drops it while the threads read
  // (glibc's malloc then frees into their arenas under their locks: docs/getting-started.md).
  // 1 thread is the serial reader behind the same call.
  cpu_set_t pinned;
  sched_getaffinity(0, sizeof pinned, &pinned);
  sched_setaffinity(0, sizeof allowed_cpus, &allowed_cpus);  // threads started now may use them all
  const auto cores = static_cast<unsigned>(CPU_COUNT(&allowed_cpus));
  std::vector<unsigned> thread_counts{1, 2};
  if (cores > 2) thread_counts.push_back(cores);
  for (unsigned t : thread_counts) {
    char impl[64];
    std::snprintf(impl, sizeof impl, "from_ndjson, %u thread%s", t, t == 1 ? "" : "s");
    std::vector<double> ns;  // the median of 5 calls at least, and of min_seconds' worth
    double spent = 0;
    while (ns.size() < 5 || spent < min_seconds) {
      const auto t0 = std::chrono::steady_clock::now();
      std::vector<twitter::Status> v = metajson::from_ndjson<twitter::Status>(lines, {.threads = t});
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (v.size() != statuses.size()) std::abort();
      ns.push_back(s * 1e9);
      spent += s;
    }  // v is freed here, untimed
    std::sort(ns.begin(), ns.end());
    const double median = ns[ns.size() / 2];
    row(label, impl, result{median, static_cast<double>(lines.size()) / median * 1e3});
  }
  for (unsigned t : thread_counts) {
    char impl[64];
    std::snprintf(impl, sizeof impl, "read_ndjson, %u thread%s", t, t == 1 ? "" : "s");
    row(label, impl, measure(1, [&](std::size_t) {
          if (count_ok(metajson::read_ndjson<twitter::Status>(lines, {.threads = t})) != statuses.size()) std::abort();
          return lines.size();
        }));
  }
  sched_setaffinity(0, sizeof pinned, &pinned);
  row(label, "read_array, string", measure(1, [&](std::size_t) {
        if (count_ok(metajson::read_array<twitter::Status>(array)) != statuses.size()) std::abort();
        return array.size();
      }));
  row(label, "from_json, one vector", measure(1, [&](std::size_t) {
        std::vector<twitter::Status> v;
        if (metajson::from_json(array, v)) std::abort();
        return array.size();
      }));
  std::snprintf(label, sizeof label, "twitter NDJSON %.0f MB (write)", static_cast<double>(lines.size()) / 1e6);
  row(label, "to_ndjson, fresh string", measure(1, [&](std::size_t) { return metajson::to_ndjson(statuses).size(); }));
  std::string buf;
  row(label, "to_ndjson, reused buffer", measure(1, [&](std::size_t) {
        metajson::to_ndjson(statuses, buf);
        return buf.size();
      }));
  null_buf nb;
  std::ostream null_out(&nb);
  row(label, "to_ndjson, ostream", measure(1, [&](std::size_t) {
        metajson::to_ndjson(statuses, null_out);
        return lines.size();
      }));
}

// from_file against the same bytes read by hand, with one read() or a memory map, then
// from_json of them: issue 16's "within 10 % of a plain read() plus the read in memory", and
// the measurement behind from_file's choice of read() over mmap (docs/performance.md). The file
// is in the page cache after the first call, as it is for a program that reads its inputs often.
template <class T>
void bench_file(const char* dir, const char* name) {
  const std::filesystem::path path = std::filesystem::path(dir) / name;
  std::error_code ec;
  const std::size_t size = std::filesystem::file_size(path, ec);
  if (ec) {
    std::printf("| %-34s | %-24s | %9s | %9s |\n", name, "(missing)", "-", "-");
    return;
  }
  const std::string label = std::string(name) + " (file, read)";
  row(label.c_str(), "from_file", measure(1, [&](std::size_t) {
        T t = metajson::from_file<T>(path);
        sink = sizeof t;
        return size;
      }));
  row(label.c_str(), "read() + from_json", measure(1, [&](std::size_t) {
        std::string bytes;
        bytes.resize_and_overwrite(size, [&](char* p, std::size_t n) {
          const int fd = ::open(path.c_str(), O_RDONLY);
          const ssize_t got = ::read(fd, p, n);
          ::close(fd);
          return got < 0 ? 0 : static_cast<std::size_t>(got);
        });
        T t{};
        if (metajson::from_json(bytes, t)) std::abort();
        return size;
      }));
  row(label.c_str(), "mmap + from_json", measure(1, [&](std::size_t) {
        const int fd = ::open(path.c_str(), O_RDONLY);
        void* m = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        ::close(fd);
        if (m == MAP_FAILED) std::abort();
        T t{};
        if (metajson::from_json(std::string_view(static_cast<const char*>(m), size), t)) std::abort();
        ::munmap(m, size);
        return size;
      }));
  std::string bytes(size, '\0');
  {
    std::ifstream f(path, std::ios::binary);
    f.read(bytes.data(), static_cast<std::streamsize>(size));
  }
  row(label.c_str(), "from_json (in memory)", measure(1, [&](std::size_t) {
        T t{};
        if (metajson::from_json(bytes, t)) std::abort();
        return size;
      }));
}

// The reader's two stages apart, and simdjson's stage 1 beside them, in alternated rounds: each
// round times every row once (for `stage_seconds`), in turn, so a disturbance of the machine
// falls on all rows alike; a row's figure is the median of its rounds, and each ratio to
// simdjson's iterate() the median of the rounds' ratios (the same round of both). Rows: the index
// pass alone with every kernel this CPU runs (stage 1: every byte checked, the entries written
// into the reader's 2,048-entry buffer, refilled from the start); validate() (stage 1, then the
// structure, numbers and literals checked over the entries: the skip path); a read into the
// schema (from_json). simdjson's parser.iterate() is its On-Demand stage 1 (structural positions
// and UTF-8; what it checks later, or never, it leaves), once per implementation this CPU runs,
// each in a parser allocated while that implementation was active (a parser keeps the kernel it
// was made with).
double stage_seconds = 0.1;
int stage_rounds = 7;

template <class T>
void bench_stages(const char* dir, const char* name) {
  std::string bytes;
  {
    std::ifstream f(std::filesystem::path(dir) / name, std::ios::binary);
    if (!f) {
      std::printf("| %-34s | %-24s | %9s | %9s |\n", name, "(missing)", "-", "-");
      return;
    }
    std::stringstream ss;
    ss << f.rdbuf();
    bytes = ss.str();
  }
  namespace ix = metajson::detail::index;
  static std::uint32_t pos[2048];
  static char8_t kinds[2048];
  struct stage_row {
    std::string what;
    std::function<void()> op;
    std::vector<double> us;  // per round
    bool simdjson = false;
    std::string isa = {};  // the instruction set of the kernel: avx512, avx2, sse2
  };
  std::vector<stage_row> rows;
  for (const ix::kernel_entry& k : ix::available_kernels()) {
    if (k.name == "portable" || k.name == "sse2") continue;
    const ix::fill_fn fill = k.checked;
    rows.push_back({"index pass, " + std::string(k.name), [&bytes, fill] {
                      ix::stage1_state st{};
                      st.begin = st.next = st.base = bytes.data();
                      st.end = bytes.data() + bytes.size();
                      std::size_t entries = 0;
                      while (!st.done) {
                        entries += fill(st, pos, kinds, 2048);
                        st.base = st.next;
                      }
                      if (st.failed || entries == 0) std::abort();
                    }, {}, false, std::string(k.name)});
  }
  rows.push_back({"validate() (" + std::string(metajson::active_simd_backend()) + ")", [&bytes] {
                    if (metajson::validate(bytes)) std::abort();
                  }, {}});
  rows.push_back({"from_json (" + std::string(metajson::active_simd_backend()) + ")", [&bytes] {
                    T t{};
                    if (metajson::from_json(bytes, t)) std::abort();
                  }, {}});
#if defined(METAJSON_MICRO_SIMDJSON)
  const simdjson::padded_string padded(bytes);
  std::vector<std::unique_ptr<simdjson::ondemand::parser>> parsers;
  const simdjson::implementation* active = simdjson::get_active_implementation();
  for (const auto* impl : simdjson::get_available_implementations()) {
    if (!impl->supported_by_runtime_system() || impl->name() == "fallback") continue;
    simdjson::get_active_implementation() = impl;
    parsers.push_back(std::make_unique<simdjson::ondemand::parser>());
    if (parsers.back()->allocate(padded.size())) std::abort();
    simdjson::ondemand::parser* parser = parsers.back().get();
    const std::string isa = impl->name() == "icelake" ? "avx512" : impl->name() == "haswell" ? "avx2" : impl->name() == "westmere" ? "sse2" : impl->name();
    rows.push_back({"simdjson iterate(), " + impl->name(), [&padded, parser] {
                      auto doc = parser->iterate(padded);
                      if (doc.error()) std::abort();
                    }, {}, true, isa});
  }
  simdjson::get_active_implementation() = active;
#endif
  for (int r = 0; r < stage_rounds; ++r) {
    for (auto& row : rows) {
      row.op();  // warm
      std::size_t calls = 0;
      const auto t0 = std::chrono::steady_clock::now();
      double elapsed = 0;
      do {
        row.op();
        ++calls;
        elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      } while (elapsed < stage_seconds);
      row.us.push_back(elapsed * 1e6 / static_cast<double>(calls));
    }
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  };
  const stage_row* best_simdjson = nullptr;
  for (const auto& row : rows)
    if (row.simdjson && (!best_simdjson || median(row.us) < median(best_simdjson->us))) best_simdjson = &row;
  std::printf("\n%s (%zu bytes), %d alternated rounds of %.2f s per row, medians:\n\n", name, bytes.size(), stage_rounds, stage_seconds);
  std::printf("| %-36s | %9s | %9s | %9s | %-24s | %-24s |\n", "stage", "us", "min us", "MB/s", "/ fastest simdjson", "/ simdjson, same ISA");
  std::printf("|%s|%s|%s|%s|%s|%s|\n", std::string(38, '-').c_str(), std::string(11, '-').c_str(), std::string(11, '-').c_str(),
              std::string(11, '-').c_str(), std::string(26, '-').c_str(), std::string(26, '-').c_str());
  // The median of the rounds' ratios (the same round of both rows), with their range.
  auto ratio_text = [&](const stage_row& a, const stage_row* b) {
    char out[64] = "";
    if (!b) return std::string();
    std::vector<double> per_round;
    for (std::size_t i = 0; i < a.us.size(); ++i) per_round.push_back(a.us[i] / b->us[i]);
    std::sort(per_round.begin(), per_round.end());
    std::snprintf(out, sizeof out, "%.2fx (%.2f-%.2f)", median(per_round), per_round.front(), per_round.back());
    return std::string(out);
  };
  for (const auto& row : rows) {
    const double m = median(row.us);
    const stage_row* same_isa = nullptr;
    if (!row.simdjson && !row.isa.empty())
      for (const auto& other : rows)
        if (other.simdjson && other.isa == row.isa) same_isa = &other;
    std::printf("| %-36s | %9.1f | %9.1f | %9.0f | %-24s | %-24s |\n", row.what.c_str(), m, *std::min_element(row.us.begin(), row.us.end()),
                static_cast<double>(bytes.size()) / m, ratio_text(row, best_simdjson).c_str(), ratio_text(row, same_isa).c_str());
  }
}

}  // namespace

// micro_bench [--quick] [--rounds N] [SECTION...]: every section, or only those named (strings,
// integers, doubles, reading, datasets, stages, ndjson, files); --quick times each row for 20 ms
// instead of 0.2 s (stages: 5 rounds of 20 ms instead of 7 of 0.1 s); --rounds sets the stages'
// rounds. The program pins itself to the core it starts on (choose it with taskset -c N).
int main(int argc, char** argv) {
  std::vector<std::string_view> only;
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--quick") {
      min_seconds = 0.02;
      stage_seconds = 0.02;
      stage_rounds = 5;
    } else if (std::string_view(argv[i]) == "--rounds" && i + 1 < argc) {
      stage_rounds = std::max(1, std::atoi(argv[++i]));
    } else {
      only.push_back(argv[i]);
    }
  }
  // Pinned to the core it starts on (taskset chooses it): every row runs on the same core, but
  // the parallel NDJSON rows, which use the cores it was allowed at the start.
  sched_getaffinity(0, sizeof allowed_cpus, &allowed_cpus);
  {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(sched_getcpu(), &set);
    sched_setaffinity(0, sizeof set, &set);
  }
  auto wanted = [&](std::string_view section) { return only.empty() || std::ranges::find(only, section) != only.end(); };
  std::printf("metajson micro-benchmark (string kernel: %.*s, index kernel: %.*s)\n\n",
              static_cast<int>(metajson::compiled_simd_backend.size()), metajson::compiled_simd_backend.data(),
              static_cast<int>(metajson::active_simd_backend().size()), metajson::active_simd_backend().data());
  std::printf("| %-34s | %-24s | %9s | %9s |\n", "operation", "implementation", "ns/call", "MB/s");
  std::printf("|%s|%s|%s|%s|\n", std::string(36, '-').c_str(), std::string(26, '-').c_str(), std::string(11, '-').c_str(),
              std::string(11, '-').c_str());
  if (wanted("strings")) bench_strings();
  if (wanted("integers")) bench_integers();
  if (wanted("doubles")) bench_all_floats();
  if (wanted("reading")) bench_reading();
  if (const char* dir = std::getenv("METAJSON_DATA_DIR")) {
    if (wanted("datasets")) {
      bench_dataset<twitter::TwitterData>(dir, "twitter.json");
      bench_dataset<citm::CitmCatalog>(dir, "citm_catalog.json");
      bench_dataset<canada::FeatureCollection>(dir, "canada.json");
    }
    if (wanted("stages")) {
      bench_stages<twitter::TwitterData>(dir, "twitter.json");
      bench_stages<citm::CitmCatalog>(dir, "citm_catalog.json");
      bench_stages<canada::FeatureCollection>(dir, "canada.json");
    }
    if (wanted("ndjson")) bench_ndjson(dir, min_seconds < 0.1 ? std::size_t{1} << 20 : std::size_t{100} << 20);
    if (wanted("files")) {
      bench_file<twitter::TwitterData>(dir, "twitter.json");
      bench_file<citm::CitmCatalog>(dir, "citm_catalog.json");
      bench_file<canada::FeatureCollection>(dir, "canada.json");
    }
  } else {
    std::printf("\n(set METAJSON_DATA_DIR for the whole-document rows)\n");
  }
}

// serde_json through the study's FFI route: the Rust library parses the dataset into its own
// structs once (outside the timed calls); each timed call asks Rust for the JSON as a C string
// (serde_json::to_string + CString::into_raw) and frees it through the C ABI, as study 000
// did. The natively timed Rust rows come from bench/serde (serde_bench); the report puts the
// three side by side to split the overhead.
#include "serde_bench.h"

#include <cstring>
#include <memory>
#include <stdexcept>

#include "harness.hpp"

namespace {

template <class T>
int code_of(const bench::dataset<T>& d) {
  return d.name == "twitter" ? 0 : d.name == "citm" ? 1 : d.name == "canada" ? 2 : d.name == "player" ? 3 : 4;
}

struct rust_string {
  char* p;
  std::size_t n;
  rust_string(char* s, std::size_t n) : p(s), n(n) {
    if (p == nullptr) throw std::runtime_error("serde_bench_to_cstring failed");
  }
  rust_string(const rust_string&) = delete;
  ~rust_string() { serde_bench_free_string(p); }
  const char* data() const { return p; }
  std::size_t size() const { return n; }
};

template <class T>
void cases(bench::registry& r, const bench::dataset<T>& d) {
  const int code = code_of(d);
  void* parsed = serde_bench_parse(code, d.input.data(), d.input.size());
  if (parsed == nullptr) {
    r.unavailable("serde_json (Rust) via FFI", "CString + FFI call", d.name, "write", "serde_bench_parse failed");
    return;
  }
  auto data = std::shared_ptr<void>(parsed, [code](void* p) { serde_bench_free(code, p); });
  // The length is taken once here: the timed calls, like the study's, only call and free.
  std::size_t len;
  {
    char* s = serde_bench_to_cstring(code, parsed);
    len = s ? std::strlen(s) : 0;
    serde_bench_free_string(s);
  }
  r.write("serde_json (Rust) via FFI", "CString + FFI call", d, [code, data, len] {
    return rust_string(serde_bench_to_cstring(code, data.get()), len);
  });
}

}  // namespace

int main(int argc, char** argv) {
  auto reg = BENCH_ALL_DATASETS(cases);
  reg.simd = {"—", "none (serde_json has no SIMD code)"};
  return bench::main(argc, argv, reg);
}

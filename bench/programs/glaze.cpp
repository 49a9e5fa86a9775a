// glaze 9 (member names through P2996 reflection under -freflection): write into a fresh string
// per call and into one reused string; read into the struct. On the NDJSON workload its NDJSON
// format (glz::opts::format = glz::NDJSON) both ways, into and from a std::vector of the records.
//
// Same work as every other row: nulls written (skip_null_members = false), control characters
// escaped (escape_control_characters: glaze's default writes those that have no two-character
// escape, such as 0x01, as they are, which is not JSON), unknown keys skipped on reading (the
// schemas are subsets of the files; glaze errors on them by default). What it cannot do the
// same: its writer does not check that strings are UTF-8 (no option for it; metajson's does by
// default), which its rows say.
#include <glaze/glaze.hpp>
#if __has_include(<glaze/simd/backends.hpp>)
#include <glaze/simd/backends.hpp>
#endif

#include "glaze_options.hpp"
#include "harness.hpp"

namespace {

using glaze_rows::read_opts;
using glaze_rows::write_opts;
using glaze_rows::write_opts_t;
constexpr const char* no_utf8_check = "does not check UTF-8 when writing (glaze has no option for it)";
constexpr write_opts_t ndjson_write_opts = [] {
  write_opts_t o = write_opts;
  o.format = glz::NDJSON;
  return o;
}();
constexpr glz::opts ndjson_read_opts{.format = glz::NDJSON, .error_on_unknown_keys = false};

// The same three rows for every dataset, with the options of its format (JSON, or NDJSON for
// the ndjson workload, whose read keeps every line in the vector).
template <auto WriteOpts, auto ReadOpts, class T>
void rows(bench::registry& r, const bench::dataset<T>& d, std::string read_note = {}) {
  r.write("glaze", "fresh", d, [&d] {
    std::string s;
    if (auto e = glz::write<WriteOpts>(d.value, s)) throw std::runtime_error(glz::format_error(e, s));
    return s;
  }, no_utf8_check);
  r.write("glaze", "reused", d, [&d, s = std::string()]() mutable -> const std::string& {
    if (auto e = glz::write<WriteOpts>(d.value, s)) throw std::runtime_error(glz::format_error(e, s));
    return s;
  }, no_utf8_check);
  r.read("glaze", "read", d, [&d](T& out) {
    if (auto e = glz::read<ReadOpts>(out, d.input)) throw std::runtime_error(glz::format_error(e, d.input));
    return true;
  }, std::move(read_note));
}

template <class T>
void cases(bench::registry& r, const bench::dataset<T>& d) {
  rows<write_opts, read_opts>(r, d);
}

void ndjson_cases(bench::registry& r, const bench::dataset<bench::ndjson_records>& d) {
  rows<ndjson_write_opts, ndjson_read_opts>(r, d, "the whole text into the vector; it stops at the first bad line");
}

}  // namespace

int main(int argc, char** argv) {
  auto reg = BENCH_ALL_DATASETS(cases);
  reg.ndjson = ndjson_cases;
  // glaze chooses its SIMD code at compile time only (glz::simd_info names it per subsystem).
#if __has_include(<glaze/simd/backends.hpp>)
  const auto& k = glz::simd_info;
  reg.simd = {"skip " + std::string(k.structural_skip) + ", utf-8 " + std::string(k.utf8_validation) + " (compile time)",
              "escape " + std::string(k.string_escape) + ", floats " + std::string(k.float_write) + " (compile time)"};
#else
  reg.simd = {"compile time (this glaze has no glz::simd_info)", "compile time (this glaze has no glz::simd_info)"};
#endif
  return bench::main(argc, argv, reg);
}

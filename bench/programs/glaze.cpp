// glaze 9 (member names through P2996 reflection under -freflection): write into a fresh string
// per call and into one reused string; read into the struct.
//
// Same work as every other row: nulls written (skip_null_members = false), unknown keys skipped
// on reading (the schemas are subsets of the files; glaze errors on them by default).
#include <glaze/glaze.hpp>

#include "harness.hpp"

namespace {

constexpr glz::opts write_opts{.skip_null_members = false};
constexpr glz::opts read_opts{.error_on_unknown_keys = false};

template <class T>
void cases(bench::registry& r, const bench::dataset<T>& d) {
  r.write("glaze", "fresh", d, [&d] {
    std::string s;
    if (auto e = glz::write<write_opts>(d.value, s)) throw std::runtime_error(glz::format_error(e, s));
    return s;
  });
  r.write("glaze", "reused", d, [&d, s = std::string()]() mutable -> const std::string& {
    if (auto e = glz::write<write_opts>(d.value, s)) throw std::runtime_error(glz::format_error(e, s));
    return s;
  });
  r.read("glaze", "read", d, [&d](T& out) {
    if (auto e = glz::read<read_opts>(out, d.input)) throw std::runtime_error(glz::format_error(e, d.input));
    return true;
  });
}

}  // namespace

int main(int argc, char** argv) { return bench::main(argc, argv, BENCH_ALL_DATASETS(cases)); }

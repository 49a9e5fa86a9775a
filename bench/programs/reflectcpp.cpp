// reflect-cpp 0.21: rfl::json::write<rfl::NoOptionals> (so empty optionals are written as null,
// like every other row) and rfl::json::read<T>. Its JSON layer is built on yyjson (the system's
// libyyjson, which libreflectcpp.so links).
#include <rfl.hpp>
#include <rfl/json.hpp>

#include <stdexcept>

#include "harness.hpp"

namespace {

template <class T>
void cases(bench::registry& r, const bench::dataset<T>& d) {
  r.write("reflect-cpp", "write<NoOptionals>", d, [&d] { return rfl::json::write<rfl::NoOptionals>(d.value); });
  r.read("reflect-cpp", "read", d, [&d](T& out) {
    auto res = rfl::json::read<T>(d.input);
    if (!res) throw std::runtime_error("rfl::json::read: " + res.error().what());
    out = std::move(*res);
    return true;
  });
}

}  // namespace

int main(int argc, char** argv) {
  auto reg = BENCH_ALL_DATASETS(cases);
  reg.simd = {"none (yyjson underneath)", "none (yyjson underneath)"};
  return bench::main(argc, argv, reg);
}

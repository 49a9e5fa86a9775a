// metajson: to_json into a fresh string per call, to_json into one reused buffer, from<T>.
#include <metajson/metajson.hpp>

#include "harness.hpp"

namespace {

template <class T>
void cases(bench::registry& r, const bench::dataset<T>& d) {
  r.write("metajson", "fresh", d, [&d] { return metajson::to_json(d.value); });
  r.write("metajson", "reused", d, [&d, buf = std::string()]() mutable -> const std::string& {
    metajson::to_json(d.value, buf);
    return buf;
  });
  r.read("metajson", "from", d, [&d](T& out) {
    out = metajson::from<T>(d.input);
    return true;
  });
}

}  // namespace

int main(int argc, char** argv) { return bench::main(argc, argv, BENCH_ALL_DATASETS(cases)); }

// metajson: to_json into a fresh string per call, to_json into one reused buffer, from<T>.
#include <metajson/metajson.hpp>

#include "harness.hpp"

namespace {

// The defaults. METAJSON_ABLATION_UTF8_UNCHECKED (an ablation variant of this program only: the
// library is unchanged) turns UTF-8 validation off in both directions, to show what it costs.
#if defined(METAJSON_ABLATION_UTF8_UNCHECKED)
constexpr metajson::options opts{.utf8 = metajson::utf8_policy::unchecked};
#else
constexpr metajson::options opts{};
#endif

template <class T>
void cases(bench::registry& r, const bench::dataset<T>& d) {
  r.write("metajson", "fresh", d, [&d] { return metajson::to_json<opts>(d.value); });
  r.write("metajson", "reused", d, [&d, buf = std::string()]() mutable -> const std::string& {
    metajson::to_json<opts>(d.value, buf);
    return buf;
  });
  r.read("metajson", "from", d, [&d](T& out) {
    out = metajson::from<T, opts>(d.input);
    return true;
  });
}

}  // namespace

int main(int argc, char** argv) { return bench::main(argc, argv, BENCH_ALL_DATASETS(cases)); }

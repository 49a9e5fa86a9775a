// metajson: to_json into a fresh string per call, to_json into one reused buffer, from<T>; on
// twitter also one field by JSON Pointer (from_pointer).
#include <metajson/metajson.hpp>

#include "harness.hpp"

#include <string>
#include <type_traits>

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
  if constexpr (std::is_same_v<T, twitter::TwitterData>) {
    // One field out of twitter.json: the last status's user's screen_name. The whole document
    // is still validated (strict, as from<T>); simdjson's row (at_pointer) is beside it.
    const std::string pointer = "/statuses/" + std::to_string(d.value.statuses.size() - 1) + "/user/screen_name";
    r.read_one("metajson", "one field: from_pointer", d, [&d, pointer] { return metajson::from_pointer<std::string, opts>(d.input, pointer); },
               d.value.statuses.back().user.screen_name, "reads " + pointer + "; the rest of the document is skipped but validated");
  }
}

}  // namespace

int main(int argc, char** argv) { return bench::main(argc, argv, BENCH_ALL_DATASETS(cases)); }

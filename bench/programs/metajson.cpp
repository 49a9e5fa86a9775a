// metajson: to_json into a fresh string per call, to_json into one reused buffer, from<T>; on
// twitter also one field by JSON Pointer (from_pointer); on the NDJSON workload read_ndjson (over
// the text, and over an std::istream of it) and to_ndjson (fresh, reused).
#include <metajson/metajson.hpp>
#include <metajson/stream.hpp>

#include "harness.hpp"

#include <span>
#include <spanstream>
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

// Every line's result into the vector; a line that failed (none does) is an error of the row.
template <class Range>
bool collect(Range&& lines, bench::ndjson_records& out) {
  for (auto& r : lines) {
    if (!r) throw std::runtime_error(r.error().message());
    out.push_back(std::move(*r));
  }
  return true;
}

void ndjson_cases(bench::registry& r, const bench::dataset<bench::ndjson_records>& d) {
  r.write("metajson", "fresh", d, [&d] { return metajson::to_ndjson<opts>(d.value); });
  r.write("metajson", "reused", d, [&d, buf = std::string()]() mutable -> const std::string& {
    metajson::to_ndjson<opts>(d.value, buf);
    return buf;
  });
  r.read("metajson", "read_ndjson, string", d, [&d](bench::ndjson_records& out) {
    return collect(metajson::read_ndjson<twitter::Status, opts>(d.input), out);
  });
  r.read("metajson", "read_ndjson, istream", d, [&d](bench::ndjson_records& out) {
    std::ispanstream in(std::span<const char>(d.input.data(), d.input.size()));
    return collect(metajson::read_ndjson<twitter::Status, opts>(in), out);
  }, "std::ispanstream over the text (no copy): the stream reader's 64 KiB buffer");
}

}  // namespace

int main(int argc, char** argv) {
  auto reg = BENCH_ALL_DATASETS(cases);
  reg.ndjson = ndjson_cases;
  // The reader's index pass picks its kernel at run time for this CPU; the string code of both
  // directions (scans, escaping, UTF-8) is the kernel this build compiled (-march).
  const std::string strings(metajson::compiled_simd_backend);
  reg.simd = {std::string(metajson::active_simd_backend()) + " index (run time), " + strings + " strings (compile time)",
              strings + " (compile time)"};
  return bench::main(argc, argv, reg);
}

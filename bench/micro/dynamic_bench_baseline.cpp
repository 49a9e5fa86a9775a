// dynamic_bench's "before" rows: metajson::value as another checkout has it, compiled in this
// translation unit against that checkout's headers with its namespace renamed
// (-Dmetajson=metajson_baseline, bench/CMakeLists.txt: DYNAMIC_BENCH_BASELINE), so that the
// same process times both. Only when the benchmark is configured with
// -DDYNAMIC_BENCH_BASELINE=<folder holding that checkout's include/>.
#include <metajson/value.hpp>

#include <string>
#include <string_view>

#ifndef DYNAMIC_BENCH_BASELINE_NAME
#define DYNAMIC_BENCH_BASELINE_NAME "baseline"
#endif

namespace baseline {
void* read(std::string_view text) {
  auto* v = new metajson::value;
  if (metajson::from_json(text, *v)) {
    delete v;
    return nullptr;
  }
  return v;
}
void free(void* v) { delete static_cast<metajson::value*>(v); }
std::string write(const void* v) { return metajson::to_json(*static_cast<const metajson::value*>(v)); }
const char* what() { return DYNAMIC_BENCH_BASELINE_NAME; }
}  // namespace baseline

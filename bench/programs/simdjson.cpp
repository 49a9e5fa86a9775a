// simdjson 4.6 with static reflection: the builder (string_builder fresh per call, as the study's
// fair variant, and one reused builder), simdjson::to_json, and simdjson::from into the struct
// with one reused On-Demand parser (simdjson's documented usage); on twitter also one field by
// JSON Pointer (at_pointer). On the NDJSON workload: iterate_many (its documented way to read
// NDJSON) with simdjson::from's deserialization of each document into the record.
//
// Built against a copy of simdjson.h patched in the build folder (bench/CMakeLists.txt):
// 4.6.11's container concept also matches std::optional, which is a range in C++26, so its
// builder is ambiguous for structs holding optionals (CITM); upstream issue 2827.
#include <simdjson.h>

#include "harness.hpp"

#include <string>
#include <string_view>
#include <type_traits>

// simdjson's reflection reads std::array as a struct holding a C array, which it cannot read
// (canada's [x, y] pairs): the customization point its documentation gives for such types.
namespace simdjson {
template <typename simdjson_value>
error_code tag_invoke(deserialize_tag, simdjson_value& val, std::array<double, 2>& out) noexcept {
  ondemand::array arr;
  if (auto e = val.get_array().get(arr)) return e;
  std::size_t i = 0;
  for (auto element : arr) {
    double x;
    if (auto e = element.get_double().get(x)) return e;
    if (i == 2) return INCORRECT_TYPE;
    out[i++] = x;
  }
  return i == 2 ? SUCCESS : INCORRECT_TYPE;
}
}  // namespace simdjson

namespace {

// iterate_many can parse the next 1 MB batch's structure on a second thread (parser.threaded,
// with SIMDJSON_THREADS_ENABLED, which the library's package asks for). The suite pins every
// program to one core and counts the process's CPU time, where a second thread can only add
// its hand-offs: the row reads on one thread, as metajson's serial reader does. Both, on every
// core, are timed by bench/micro/parallel_bench.cpp (the report's "NDJSON on several threads").
#define SIMDJSON_THREADS_NOTE "input padded once, one parser reused, default 1 MB batches; one thread (parser.threaded = false: the suite is pinned to one core)"

// Its builder documents "There is no UTF-8 validation" (metajson's writer checks by default).
constexpr const char* no_utf8_check = "does not check UTF-8 when writing (the builder has no option for it)";

template <class T>
void cases(bench::registry& r, const bench::dataset<T>& d) {
  r.write("simdjson", "string_builder fresh", d, [&d](bench::view_sink& out) {
    simdjson::builder::string_builder sb;
    simdjson::builder::append(sb, d.value);
    std::string_view v;
    if (sb.view().get(v)) throw std::runtime_error("string_builder error");
    out(v);
  }, no_utf8_check);
  r.write("simdjson", "string_builder reused", d, [&d, sb = std::make_shared<simdjson::builder::string_builder>()](bench::view_sink& out) {
    sb->clear();
    simdjson::builder::append(*sb, d.value);
    std::string_view v;
    if (sb->view().get(v)) throw std::runtime_error("string_builder error");
    out(v);
  }, no_utf8_check);
  r.write("simdjson", "to_json", d, [&d] {
    std::string s;
    if (simdjson::to_json(d.value).get(s)) throw std::runtime_error("to_json error");
    return s;
  }, no_utf8_check);
  auto padded = std::make_shared<simdjson::padded_string>(d.input);
  auto parser = std::make_shared<simdjson::ondemand::parser>();
  r.read("simdjson", "from", d, [padded, parser](T& out) {
    if (auto e = simdjson::from(*parser, *padded).get(out)) throw std::runtime_error(simdjson::error_message(e));
    return true;
  }, "input padded once outside the loop; one parser reused");
  if constexpr (std::is_same_v<T, twitter::TwitterData>) {
    // One field out of twitter.json by JSON Pointer, as simdjson documents it: On-Demand's
    // at_pointer on a reused parser. It stops at the value: what follows is not validated.
    const std::string pointer = "/statuses/" + std::to_string(d.value.statuses.size() - 1) + "/user/screen_name";
    r.read_one("simdjson", "one field: at_pointer", d, [padded, parser, pointer] {
      auto doc = parser->iterate(*padded);
      std::string_view v;
      if (auto e = doc.at_pointer(pointer).get_string().get(v)) throw std::runtime_error(simdjson::error_message(e));
      return std::string(v);
    }, d.value.statuses.back().user.screen_name, "On-Demand at_pointer, input padded once, one parser reused; validates only up to the value");
  }
}

void ndjson_cases(bench::registry& r, const bench::dataset<bench::ndjson_records>& d) {
  auto padded = std::make_shared<simdjson::padded_string>(d.input);
  auto parser = std::make_shared<simdjson::ondemand::parser>();
#if defined(SIMDJSON_THREADS_ENABLED)
  parser->threaded = false;
#endif
  r.read("simdjson", "iterate_many", d, [padded, parser](bench::ndjson_records& out) {
    simdjson::ondemand::document_stream stream;
    if (auto e = parser->iterate_many(*padded).get(stream)) throw std::runtime_error(simdjson::error_message(e));
    for (auto doc : stream) {
      twitter::Status s;
      if (auto e = doc.get(s)) throw std::runtime_error(simdjson::error_message(e));
      out.push_back(std::move(s));
    }
    if (stream.truncated_bytes() != 0) throw std::runtime_error("iterate_many: truncated input");
    return true;
  }, SIMDJSON_THREADS_NOTE);
}

}  // namespace

int main(int argc, char** argv) {
  auto reg = BENCH_ALL_DATASETS(cases);
  reg.ndjson = ndjson_cases;
  // Its parser picks an implementation at run time ("icelake": AVX-512, "haswell": AVX2,
  // "westmere": SSE4.2); its builder's escape check is chosen at compile time.
  const simdjson::implementation* impl = simdjson::get_active_implementation();
#if SIMDJSON_EXPERIMENTAL_HAS_SSE2
  const char* builder = "sse2 escape check (compile time)";
#elif SIMDJSON_EXPERIMENTAL_HAS_NEON
  const char* builder = "neon escape check (compile time)";
#else
  const char* builder = "scalar";
#endif
  reg.simd = {std::string(impl->name()) + " (" + std::string(impl->description()) + ", run time)", builder};
  return bench::main(argc, argv, reg);
}

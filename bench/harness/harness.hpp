// The harness every benchmark program shares (bench/PROTOCOL.md is the contract it implements).
//
// A program registers its cases for each dataset (the files twitter, citm, canada; the small
// messages player and order, generated in code; ndjson, twitter's statuses one per line, generated
// from the file) and hands over to bench::main:
//
//   void cases(bench::registry& r, const bench::dataset<twitter::TwitterData>& d) {
//     r.write("glaze", "fresh", d, [&] { std::string s; glz::write<opts>(d.value, s); return s; });
//     r.read("glaze", "read", d, [&](twitter::TwitterData& out) { return !glz::read<opts>(out, d.input); });
//   }
//   int main(int argc, char** argv) { return bench::main(argc, argv, BENCH_ALL_DATASETS(cases)); }
//
// A write case returns its output (a std::string, or a view of a reused buffer); a read case
// parses the dataset's input into a default-constructed struct and returns whether it succeeded.
// The harness verifies (dumps write outputs, compares read results with ==), counts allocations,
// times with the study's loop, and prints one JSON line per case.
//
// Lambdas may capture the dataset by reference (it lives as long as the program runs) but must
// own any other state by value (`[&d, buf = std::string()]() mutable { ... }`): they are copied.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <stdexcept>
#include <type_traits>
#include <string>
#include <string_view>
#include <vector>

#include "canada.hpp"
#include "citm.hpp"
#include "order.hpp"
#include "player.hpp"
#include "twitter.hpp"

namespace bench {

// Heap allocations (malloc, calloc, realloc, aligned forms, hence operator new) made by this
// process so far; counted by alloc_count.cpp, which every program links.
std::uint64_t allocation_count() noexcept;

// Keeps the optimizer from discarding a result.
inline void keep(const void* p) { asm volatile("" : : "r"(p) : "memory"); }

// A dataset: the input text and the reference value, which write cases serialize and read
// cases must reproduce. For the files (twitter, citm, canada) the reference is read from the
// input by metajson (reference.cpp); the small messages (player, order) are generated in code
// (small_messages.cpp): the value built by the model's sample(), the text written from it.
template <class T>
struct dataset {
  std::string name;   // twitter | citm | canada | player | order | ndjson
  std::string input;  // the file's bytes, or the generated text
  const T& value;     // the reference struct
  bool small = false; // a small message: timed in repeated batches (PROTOCOL.md)
};

// Receives a write case's output while it is alive (see registry::write).
struct view_sink {
  std::string* copy = nullptr;
  std::size_t size = 0;
  void operator()(std::string_view v) {
    keep(v.data());
    size = v.size();
    if (copy != nullptr) copy->assign(v);
  }
};

struct case_def {
  std::string library, variant, dataset, direction;  // direction: write | read
  std::size_t bytes = 0;                             // read: input size; write: set by the first call
  bool small = false;                                // a small message (dataset::small)
  std::string note;
  std::function<std::size_t()> call;                 // one timed call; returns output size (write)
  std::function<std::string()> output;               // write: the output, for the dump
  std::function<bool()> verify;                      // read: parse once, compare with ==
};

class registry {
 public:
  // Either out() -> std::string (or anything with data()/size()), or out(view_sink&) for a
  // writer whose output lives in an object that dies with the call (it hands over a view).
  template <class T, class F>
  void write(std::string library, std::string variant, const dataset<T>& d, F out, std::string note = {}) {
    case_def c{std::move(library), std::move(variant), d.name, "write", 0, d.small, std::move(note), {}, {}, {}};
    if constexpr (std::is_invocable_v<F&, view_sink&>) {
      c.call = [out]() mutable {
        view_sink s;
        out(s);
        return s.size;
      };
      c.output = [out]() mutable {
        std::string copy;
        view_sink s{&copy};
        out(s);
        return copy;
      };
    } else {
      c.call = [out]() mutable {
        auto&& r = out();
        keep(r.data());
        return static_cast<std::size_t>(r.size());
      };
      c.output = [out]() mutable {
        auto&& r = out();
        return std::string(r.data(), r.size());
      };
    }
    cases_.push_back(std::move(c));
  }

  // parse(T& out) -> bool: reads d.input into out (default-constructed each call).
  template <class T, class F>
  void read(std::string library, std::string variant, const dataset<T>& d, F parse, std::string note = {}) {
    case_def c{std::move(library), std::move(variant), d.name, "read", d.input.size(), d.small, std::move(note), {}, {}, {}};
    c.call = [parse]() mutable {
      T out{};
      if (!parse(out)) throw std::runtime_error("parse failed");
      keep(&out);
      return std::size_t{0};
    };
    const T* ref = &d.value;
    c.verify = [parse, ref]() mutable {
      T out{};
      if (!parse(out)) throw std::runtime_error("parse failed");
      return out == *ref;
    };
    cases_.push_back(std::move(c));
  }

  // get() -> std::string: one value taken out of d.input (a JSON Pointer read: the twitter
  // dataset's "one field" rows), a read row of the whole input's size; verified against
  // `expected`, which the program takes from the reference value.
  template <class T, class F>
  void read_one(std::string library, std::string variant, const dataset<T>& d, F get, std::string expected, std::string note = {}) {
    case_def c{std::move(library), std::move(variant), d.name, "read", d.input.size(), d.small, std::move(note), {}, {}, {}};
    c.call = [get]() mutable {
      const std::string v = get();
      keep(v.data());
      return std::size_t{0};
    };
    c.verify = [get, expected = std::move(expected)]() mutable { return get() == expected; };
    cases_.push_back(std::move(c));
  }

  // A case that could not be set up (reported as an error line, like a failing case).
  void unavailable(std::string library, std::string variant, std::string dataset, std::string direction,
                   std::string why) {
    errors_.push_back({std::move(library), std::move(variant), std::move(dataset), std::move(direction), std::move(why)});
  }

  std::vector<case_def>& cases() { return cases_; }
  struct error_line {
    std::string library, variant, dataset, direction, why;
  };
  std::vector<error_line>& errors() { return errors_; }

 private:
  std::vector<case_def> cases_;
  std::vector<error_line> errors_;
};

// The reference values, read once by metajson (reference.cpp) from $data/<file>.
const twitter::TwitterData& twitter_reference(const std::string& input);
const citm::CitmCatalog& citm_reference(const std::string& input);
const canada::FeatureCollection& canada_reference(const std::string& input);

// The small messages (small_messages.cpp): the reference values, and their JSON text written
// by a hand-written emitter (no library).
const player::Player& player_reference();
const order::Order& order_reference();
std::string player_json(const player::Player& p);
std::string order_json(const order::Order& o);

// The NDJSON workload (reference.cpp): twitter.json's statuses as they are in the file (every
// field, the schema's and the others, which readers skip), each on one line with the whitespace
// between tokens removed, the 100 lines repeated until the text reaches `target_bytes`. `value`
// gets the reference: the schema's statuses repeated the same number of times.
using ndjson_records = std::vector<twitter::Status>;
std::string ndjson_lines(const std::string& twitter_json, std::size_t target_bytes, ndjson_records& value);

// What a program registers for each dataset; one overload per schema.
struct registrar {
  std::function<void(registry&, const dataset<twitter::TwitterData>&)> twitter;
  std::function<void(registry&, const dataset<citm::CitmCatalog>&)> citm;
  std::function<void(registry&, const dataset<canada::FeatureCollection>&)> canada;
  std::function<void(registry&, const dataset<player::Player>&)> player;
  std::function<void(registry&, const dataset<order::Order>&)> order;
  // Not part of BENCH_ALL_DATASETS (a program's generic `cases` reads one document per input):
  // a program that reads and writes NDJSON sets it after, `reg.ndjson = ndjson_cases;`.
  std::function<void(registry&, const dataset<ndjson_records>&)> ndjson;
  // Which SIMD code the library runs in this program, per direction, in its own words
  // (`reg.simd = {.read = ..., .write = ...};`): printed on the program's first line
  // (PROTOCOL.md), shown in the report beside the CPU.
  struct kernels {
    std::string read, write;
  } simd;
};

int main(int argc, char** argv, const registrar& reg);

}  // namespace bench

// Registers one generic lambda/function template `cases(registry&, const dataset<T>&)` for
// every dataset.
#define BENCH_ALL_DATASETS(fn)                                                             \
  ::bench::registrar {                                                                     \
    [](::bench::registry& r, const auto& d) { fn(r, d); },                                 \
        [](::bench::registry& r, const auto& d) { fn(r, d); },                             \
        [](::bench::registry& r, const auto& d) { fn(r, d); },                             \
        [](::bench::registry& r, const auto& d) { fn(r, d); },                             \
        [](::bench::registry& r, const auto& d) { fn(r, d); },                             \
  }

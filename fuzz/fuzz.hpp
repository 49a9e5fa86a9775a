// What the fuzz targets share: a check that aborts (so libFuzzer and the standalone driver
// both see a failure and keep the input) and the input as a string_view.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#define METAJSON_FUZZ_CHECK(cond, ...)                                                        \
  do {                                                                                        \
    if (!(cond)) {                                                                            \
      std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__);     \
      std::abort();                                                                           \
    }                                                                                         \
  } while (0)

namespace metajson_fuzz {
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}
}  // namespace metajson_fuzz

// The options of every glaze row (bench/programs/glaze.cpp) and of glaze's compile-time probe
// (bench/compile_time/library_glaze.cpp): the same work as every other library's rows. Nulls
// are written (skip_null_members = false), control characters escaped (glaze's default writes
// those that have no two-character escape, such as 0x01, as they are, which is not JSON), and
// unknown keys skipped on reading (the schemas are subsets of the files; glaze errors on them
// by default).
#pragma once

#include <glaze/glaze.hpp>

namespace glaze_rows {

// escape_control_characters is not a member of glz::opts: glaze reads it from an options struct
// that declares it.
struct write_opts_t : glz::opts {
  bool escape_control_characters = true;
};
inline constexpr write_opts_t write_opts = [] {
  write_opts_t o{};
  o.skip_null_members = false;
  return o;
}();
inline constexpr glz::opts read_opts{.error_on_unknown_keys = false};

}  // namespace glaze_rows

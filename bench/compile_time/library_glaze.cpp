// The library alone, with glaze: the same work as library_metajson.cpp (read and write of the
// twitter and CITM schemas), with the options of bench/programs/glaze.cpp (nulls written, control
// characters escaped, unknown keys skipped).
#include <glaze/glaze.hpp>

#include "../models/citm.hpp"
#include "../models/twitter.hpp"

namespace {
struct write_opts_t : glz::opts {
  bool escape_control_characters = true;
};
constexpr write_opts_t write_opts = [] {
  write_opts_t o{};
  o.skip_null_members = false;
  return o;
}();
constexpr glz::opts read_opts{.error_on_unknown_keys = false};
}  // namespace

std::string write_twitter(const twitter::TwitterData& v) {
  std::string s;
  if (glz::write<write_opts>(v, s)) s.clear();
  return s;
}
bool read_twitter(std::string_view json, twitter::TwitterData& v) { return !glz::read<read_opts>(v, json); }
std::string write_citm(const citm::CitmCatalog& v) {
  std::string s;
  if (glz::write<write_opts>(v, s)) s.clear();
  return s;
}
bool read_citm(std::string_view json, citm::CitmCatalog& v) { return !glz::read<read_opts>(v, json); }

// The library alone, with glaze: the same work as library_metajson.cpp (read and write of the
// twitter and CITM schemas), with the options of glaze's benchmark rows (glaze_options.hpp).
#include "../../models/citm.hpp"
#include "../../models/twitter.hpp"
#include "../programs/glaze_options.hpp"

using glaze_rows::read_opts;
using glaze_rows::write_opts;

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

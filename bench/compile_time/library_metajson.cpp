// The library alone (issue 18's measure): read and write the study's twitter and CITM schemas,
// nothing else in the translation unit (no benchmark harness). library_glaze.cpp does the same
// work with glaze, with the options bench/programs/glaze.cpp uses. bench/scripts/compile_cost.py
// compiles both with their benchmark programs' command lines.
#include <metajson/metajson.hpp>

#include "../../models/citm.hpp"
#include "../../models/twitter.hpp"

std::string write_twitter(const twitter::TwitterData& v) { return metajson::to_json(v); }
metajson::error read_twitter(std::string_view json, twitter::TwitterData& v) { return metajson::from_json(json, v); }
std::string write_citm(const citm::CitmCatalog& v) { return metajson::to_json(v); }
metajson::error read_citm(std::string_view json, citm::CitmCatalog& v) { return metajson::from_json(json, v); }

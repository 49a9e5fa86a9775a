// Compile-time probe: from_json of the study's citm schema.
#include <metajson/metajson.hpp>

#include "../../models/citm.hpp"

metajson::error read_citm(std::string_view json, citm::CitmCatalog& out) { return metajson::from_json(json, out); }
int main() { return 0; }

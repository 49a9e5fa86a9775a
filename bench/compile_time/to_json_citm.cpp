// Compile-time probe: to_json of the study's CITM schema (compact + reused buffer).
#include <metajson/metajson.hpp>

#include "../../models/citm.hpp"

std::string write_citm(const citm::CitmCatalog& d) { return metajson::to_json(d); }
void write_citm(const citm::CitmCatalog& d, std::string& out) { metajson::to_json(d, out); }
int main() { return 0; }

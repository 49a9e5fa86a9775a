// from<T> for the CITM schema (models/citm.hpp): maps with integer keys, nested vectors,
// optionals.
#include "citm.hpp"

#include "schema.hpp"

extern "C" void metajson_fuzz_seeds(std::vector<std::string>& out) {
  metajson_fuzz::schema_seed<citm::CitmCatalog>("citm_catalog.json", out, [](citm::CitmCatalog& c) {
    c.performances.resize(std::min<std::size_t>(c.performances.size(), 2));
    while (c.events.size() > 2) c.events.erase(std::prev(c.events.end()));
  });
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  metajson_fuzz::schema_round_trip<citm::CitmCatalog>(data, size);
  return 0;
}

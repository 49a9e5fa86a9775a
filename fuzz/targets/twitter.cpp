// from<T> for the twitter schema (models/twitter.hpp).
#include "twitter.hpp"

#include "schema.hpp"

extern "C" void metajson_fuzz_seeds(std::vector<std::string>& out) {
  metajson_fuzz::schema_seed<twitter::TwitterData>("twitter.json", out, [](twitter::TwitterData& t) {
    t.statuses.resize(std::min<std::size_t>(t.statuses.size(), 2));
  });
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  metajson_fuzz::schema_round_trip<twitter::TwitterData>(data, size);
  return 0;
}

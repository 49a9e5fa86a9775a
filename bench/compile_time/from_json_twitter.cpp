// Compile-time probe: from_json of the study's twitter schema.
#include <metajson/metajson.hpp>

#include "../../models/twitter.hpp"

metajson::error read_twitter(std::string_view json, twitter::TwitterData& out) { return metajson::from_json(json, out); }
int main() { return 0; }

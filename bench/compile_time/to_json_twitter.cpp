// Compile-time probe: to_json of the study's twitter schema (compact + reused buffer).
#include <metajson/metajson.hpp>

#include "../../models/twitter.hpp"

std::string write_twitter(const twitter::TwitterData& d) { return metajson::to_json(d); }
void write_twitter(const twitter::TwitterData& d, std::string& out) { metajson::to_json(d, out); }
int main() { return 0; }

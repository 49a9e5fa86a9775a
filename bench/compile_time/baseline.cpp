// Compile-time baseline: the header and the schemas, no serializer instantiated.
#include <metajson/metajson.hpp>

#include "../../models/citm.hpp"
#include "../../models/twitter.hpp"

int main() { return 0; }

// Must not compile: a const char* has no storage to read into (README: written only).
#include <metajson/metajson.hpp>

int main() { return metajson::from<const char*>("\"text\"") != nullptr; }

// Must not compile: a span has no storage of its own to read into (README: written only).
#include <metajson/metajson.hpp>

#include <span>

int main() { return metajson::from<std::span<int>>("[1]").size() == 1; }

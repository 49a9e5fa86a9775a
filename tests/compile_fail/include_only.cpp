// Compiled by tests/compile_fail/run.cmake with compilers or flags that lack C++26 static
// reflection: the only error must be metajson's #error.
#include <metajson/metajson.hpp>

int main() { return 0; }

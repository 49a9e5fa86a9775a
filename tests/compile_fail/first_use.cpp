// The two lines a new user writes first (issue 22), compiled by tests/compile_fail/run.cmake
// without C++26 static reflection: the first error must be metajson's #error, and no error may
// come from inside metajson's headers (this file's own use of metajson:: then fails too).
#include <metajson/metajson.hpp>

struct Point { int x; int y; };

int main() { return metajson::to_json(Point{1, 2}).empty() ? 1 : 0; }

// Must not compile: a pointer other than a string's would become the bool `p != nullptr`, so
// metajson::value refuses it, with a message saying what to write instead (where the compiler
// has C++26's = delete("reason"); the plain deleted constructor's name otherwise).
#include <metajson/value.hpp>

int main() {
  int n = 1;
  metajson::value v = &n;
  return v.is_null();
}

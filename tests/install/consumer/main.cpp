// Built against the installed package: checks that find_package(metajson) gives a usable target.
#include <metajson/metajson.hpp>

#include <cstdio>
#include <string>

struct Point { int x; int y; };

int main() {
  const std::string json = metajson::to_json(Point{1, 2});
  if (json != R"({"x":1,"y":2})") {
    std::printf("unexpected output: %s\n", json.c_str());
    return 1;
  }
  std::printf("consumer ok: %s\n", json.c_str());
  return 0;
}

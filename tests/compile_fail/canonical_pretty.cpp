// Must not compile: options::rfc8785 with pretty output is not RFC 8785 (use metajson::canonical).
#include <metajson/metajson.hpp>

int main() {
  constexpr metajson::options o = [] {
    metajson::options x = metajson::canonical;
    x.pretty = true;
    return x;
  }();
  return metajson::to_json<o>(1).size() == 1;
}

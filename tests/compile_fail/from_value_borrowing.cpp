// Must not compile: from_value<T> reads T from a text it makes and drops before returning, so a
// std::string_view inside T would point into freed memory. It is refused with a message that
// says what to read instead (a std::string, or the view from a metajson::document's node).
#include <metajson/value.hpp>

#include <string_view>

struct Tag {
  std::string_view name;
  int weight = 0;
};

int main() {
  metajson::value v = metajson::from<metajson::value>(R"({"name":"x","weight":1})");
  Tag t = metajson::from_value<Tag>(v);
  return t.weight;
}

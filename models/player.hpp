// The CppCon talk's Player (study 003; tests/support/talk.hpp) as a small-message workload:
// username, level, health, a vector of 3 strings, a map of 2 Equipment structs and an optional
// guild name, 236 bytes of JSON. The talk's `achievements` (a vector of structs holding a
// std::chrono time point) is left out: the libraries write time points in different ways
// (metajson an ISO 8601 string, glaze and simdjson a count, nlohmann and the DOM libraries not
// at all), so it cannot be the same work for everyone.
//
// The document is generated in code (bench/harness/small_messages.cpp), not read from a file:
// sample() is the reference value, and the input text is written from it by a hand-written
// emitter that uses no library.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace player {

struct Equipment {
  std::string name;
  int damage;
  int durability;
  bool operator==(const Equipment&) const = default;
};

struct Player {
  std::string username;
  int level;
  double health;
  std::vector<std::string> inventory;
  std::map<std::string, Equipment> equipped;
  std::optional<std::string> guild_name;
  bool operator==(const Player&) const = default;
};

inline Player sample() {
  return Player{"Alice",
                42,
                99.5,
                {"sword", "shield", "bow"},
                {{"main_hand", {"Excalibur", 100, 50}}, {"off_hand", {"Aegis", 20, 80}}},
                "Knights"};
}

}  // namespace player

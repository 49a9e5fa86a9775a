// The CppCon talk's Player (study 003), shared by the writer and reader tests. (The examples
// keep their own copies: each example is a self-contained program.)
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace talk {

struct Equipment {
  std::string name;
  int damage;
  int durability;
  bool operator==(const Equipment&) const = default;
};

struct Achievement {
  std::string title;
  std::string description;
  bool unlocked;
  std::chrono::system_clock::time_point unlock_time;
  bool operator==(const Achievement&) const = default;
};

struct Player {
  std::string username;
  int level;
  double health;
  std::vector<std::string> inventory;
  std::map<std::string, Equipment> equipped;
  std::vector<Achievement> achievements;
  std::optional<std::string> guild_name;
  bool operator==(const Player&) const = default;
};

inline Player sample_player() {
  return Player{"Alice", 42, 99.5, {"sword", "shield"}, {{"main_hand", {"Excalibur", 100, 50}}},
                {{"First Blood", "Defeat one enemy", true, std::chrono::system_clock::time_point{std::chrono::seconds{1700000000}}}},
                std::nullopt};
}

}  // namespace talk

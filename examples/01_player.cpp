// The talk's game server example: a Player with nested containers, serialized with no
// annotations and no registration.
#include <metajson/metajson.hpp>

#include <chrono>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

struct Equipment {
  std::string name;
  int damage;
  int durability;
};

struct Achievement {
  std::string title;
  std::string description;
  bool unlocked;
  std::chrono::system_clock::time_point unlock_time;
};

struct Player {
  std::string username;
  int level;
  double health;
  std::vector<std::string> inventory;
  std::map<std::string, Equipment> equipped;
  std::vector<Achievement> achievements;
  std::optional<std::string> guild_name;
};

int main() {
  Player player{
      .username = "Alice",
      .level = 42,
      .health = 99.5,
      .inventory = {"sword", "shield", "potion"},
      .equipped = {{"main_hand", {"Excalibur", 100, 50}}},
      .achievements = {{"First Blood", "Defeat your first enemy", true,
                        std::chrono::system_clock::time_point{std::chrono::seconds{1700000000}}}},
      .guild_name = std::nullopt,
  };
  std::string json = metajson::to_json(player);
  std::puts(json.c_str());
}

// Output (checked by ctest):
// {"username":"Alice","level":42,"health":99.5,"inventory":["sword","shield","potion"],"equipped":{"main_hand":{"name":"Excalibur","damage":100,"durability":50}},"achievements":[{"title":"First Blood","description":"Defeat your first enemy","unlocked":true,"unlock_time":"2023-11-14T22:13:20.000000000Z"}],"guild_name":null}

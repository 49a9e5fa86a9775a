// Reading the talk's Player, Meeting and TodoList back from JSON, and what an error says.
#include <metajson/metajson.hpp>

#include <cassert>
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

struct Meeting {
  std::string title;
  std::chrono::system_clock::time_point start_time;
  std::vector<std::string> attendees;
  std::optional<std::string> location;
  bool is_recurring;
  bool operator==(const Meeting&) const = default;
};

struct TodoItem {
  std::string task;
  bool completed;
  std::optional<std::string> due_date;
  bool operator==(const TodoItem&) const = default;
};
struct TodoList {
  std::string owner;
  std::vector<TodoItem> items;
  std::map<std::string, int> tags;
  bool operator==(const TodoList&) const = default;
};

int main() {
  using namespace std::chrono;
  const Player player{"Alice", 42, 99.5, {"sword", "shield"}, {{"main_hand", {"Excalibur", 100, 50}}},
                      {{"First Blood", "Defeat your first enemy", true, system_clock::time_point{seconds{1700000000}}}},
                      std::nullopt};
  const Player p = metajson::from<Player>(metajson::to_json(player));
  if (!(p == player)) return 1;

  const Meeting meeting{"CppCon Planning", sys_days{2025y / September / 14} + 9h + 30min, {"Alice", "Bob"}, "Denver", true};
  const Meeting m = metajson::from<Meeting>(metajson::to_json(meeting));
  if (!(m == meeting)) return 1;

  const TodoList todos = metajson::from<TodoList>(R"({
    "owner": "Daniel",
    "items": [{"task": "Write slides", "completed": true, "due_date": null},
              {"task": "Rehearse talk", "completed": false, "due_date": "2025-09-10"}],
    "tags": {"cppcon": 2, "urgent": 1}
  })");
  std::printf("%s has %zu items; first: %s\n", todos.owner.c_str(), todos.items.size(), todos.items[0].task.c_str());
  if (!(metajson::from<TodoList>(metajson::to_json(todos)) == todos)) return 1;

  // A mistake in the input: the error names what, where, and the path.
  auto bad = metajson::try_from<TodoList>(R"({"owner": "D", "items": [{"task": "x", "completed": "yes"}]})");
  if (bad) return 1;  // the mistake must not go unnoticed
  if (bad.error().code() != metajson::error_code::type_mismatch) return 1;
  std::printf("error: %s\n", bad.error().message().c_str());
}

// Output (checked by ctest):
// Daniel has 2 items; first: Write slides
// error: expected boolean, found string at $.items[0].completed (line 1, column 53)

// The talk's TodoList: nested structs, optionals and a std::map<std::string, int>.
#include <metajson/metajson.hpp>

#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

struct TodoItem {
  std::string task;
  bool completed;
  std::optional<std::string> due_date;
};

struct TodoList {
  std::string owner;
  std::vector<TodoItem> items;
  std::map<std::string, int> tags;  // tag -> count
};

int main() {
  TodoList todos{
      .owner = "Daniel",
      .items = {{"Write slides", true, std::nullopt}, {"Rehearse talk", false, "2025-09-10"}},
      .tags = {{"cppcon", 2}, {"urgent", 1}},
  };
  std::puts(metajson::to_json(todos).c_str());
  // Leave empty optionals out instead of writing null.
  std::puts(metajson::to_json<{.empty = metajson::empty_members::omit}>(todos).c_str());
}

// Output (checked by ctest):
// {"owner":"Daniel","items":[{"task":"Write slides","completed":true,"due_date":null},{"task":"Rehearse talk","completed":false,"due_date":"2025-09-10"}],"tags":{"cppcon":2,"urgent":1}}
// {"owner":"Daniel","items":[{"task":"Write slides","completed":true},{"task":"Rehearse talk","completed":false,"due_date":"2025-09-10"}],"tags":{"cppcon":2,"urgent":1}}

// The talk's Meeting: a std::chrono::system_clock::time_point is written as ISO 8601 UTC.
#include <metajson/metajson.hpp>

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

struct Meeting {
  std::string title;
  std::chrono::system_clock::time_point start_time;
  std::vector<std::string> attendees;
  std::optional<std::string> location;
  bool is_recurring;
};

int main() {
  using namespace std::chrono;
  Meeting m{
      .title = "CppCon Planning",
      .start_time = sys_days{2025y / September / 14} + 9h + 30min,
      .attendees = {"Alice", "Bob", "Charlie"},
      .location = "Denver",
      .is_recurring = true,
  };
  std::puts(metajson::to_json(m).c_str());
  // Pretty output: one member per line, two-space indent.
  std::puts(metajson::to_json<{.pretty = true}>(m).c_str());
}

// Output (checked by ctest):
// {"title":"CppCon Planning","start_time":"2025-09-14T09:30:00.000000000Z","attendees":["Alice","Bob","Charlie"],"location":"Denver","is_recurring":true}
// {
//   "title": "CppCon Planning",
//   "start_time": "2025-09-14T09:30:00.000000000Z",
//   "attendees": [
//     "Alice",
//     "Bob",
//     "Charlie"
//   ],
//   "location": "Denver",
//   "is_recurring": true
// }

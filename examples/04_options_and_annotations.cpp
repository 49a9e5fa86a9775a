// Annotations rename, skip and opt private members in; errors carry the JSON path.
#include <metajson/metajson.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

enum class Role { admin, regular_user };

struct User {
  std::string display_name;
  unsigned long long user_id;
  Role role;
  std::string password_hash;  // never written
  std::vector<double> scores;
};
// The annotations, given next to the type: they work with every compiler metajson supports. (With
// C++26 reflection the same can be written on the declarations: `struct
// [[=metajson::rename_all(metajson::case_style::camel)]] User`, `[[=metajson::name("id")]]`...)
template <>
struct metajson::meta<User> {
  static constexpr auto type = metajson::rename_all(metajson::case_style::camel);
  static constexpr auto members = metajson::with(metajson::member<&User::user_id>(metajson::name("id")),
                                                 metajson::member<&User::password_hash>(metajson::skip));
};

int main() {
  User u{"Ada", 42, Role::admin, "xyz", {1.5, 2.25}};
  std::puts(metajson::to_json(u).c_str());  // {"displayName":"Ada","id":42,"role":"admin","scores":[1.5,2.25]}

  u.scores.push_back(std::nan(""));
  auto r = metajson::try_to_json(u);  // NaN is not JSON: an error, with where it is
  if (!r) std::printf("error: %s\n", r.error().message().c_str());

  std::string buffer;  // reused: its capacity is kept across calls
  for (int i = 0; i < 3; ++i) {
    User v{"User " + std::to_string(i), static_cast<unsigned long long>(i), Role::regular_user, "", {}};
    if (auto e = metajson::try_to_json(v, buffer)) return 1;
    std::puts(buffer.c_str());
  }
}

// Output (checked by ctest):
// {"displayName":"Ada","id":42,"role":"admin","scores":[1.5,2.25]}
// error: NaN or infinity cannot be written as JSON (NaN) at $.scores[2]
// {"displayName":"User 0","id":0,"role":"regular_user","scores":[]}
// {"displayName":"User 1","id":1,"role":"regular_user","scores":[]}
// {"displayName":"User 2","id":2,"role":"regular_user","scores":[]}

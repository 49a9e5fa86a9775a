// Must not compile (C++26 reflection): metajson::meta<T> that names no data member, one member
// twice, an annotation in the wrong place, and a member annotated both with [[=...]] and in
// meta<T> (tests/compile_fail/expect_messages.cmake checks each message).
#include <metajson/metajson.hpp>

struct Typo {
  std::string name;
};
template <>
struct metajson::meta<Typo> {
  static constexpr auto members = metajson::member<"nmae">(metajson::name("n"));
};
struct Both {
  [[=metajson::name("ID")]] int id = 0;
};
template <>
struct metajson::meta<Both> {
  static constexpr auto members = metajson::member<&Both::id>(metajson::required);
};
struct Misplaced {
  int a = 0;
};
template <>
struct metajson::meta<Misplaced> {
  static constexpr auto members = metajson::member<&Misplaced::a>(metajson::deny_unknown_keys);
};
struct Twice {
  int a = 0;
};
template <>
struct metajson::meta<Twice> {
  static constexpr auto members = metajson::with(metajson::member<&Twice::a>(metajson::required),
                                                 metajson::member<"a">(metajson::name("x")));
};

int main() {
  (void)metajson::to_json(Typo{});
  (void)metajson::to_json(Both{});
  (void)metajson::to_json(Misplaced{});
  (void)metajson::to_json(Twice{});
}

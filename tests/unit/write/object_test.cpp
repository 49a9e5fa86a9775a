// Reflected structs: declaration order, nesting, bases, private members, annotations.
#include "talk.hpp"
#include "write_check.hpp"

#include <optional>
#include <variant>
#include <vector>

namespace {

struct Empty {};
struct Point {
  int x;
  int y;
};
struct Line {
  Point from, to;
  std::string label;
};

TEST(WriteObject, PlainStructs) {
  expect_json(Empty{}, "{}");
  expect_json(Point{1, -2}, R"({"x":1,"y":-2})");
  expect_json(Line{{0, 0}, {3, 4}, "diag"}, R"({"from":{"x":0,"y":0},"to":{"x":3,"y":4},"label":"diag"})");
  expect_json(std::vector<Point>{{1, 2}, {3, 4}}, R"([{"x":1,"y":2},{"x":3,"y":4}])");
  expect_json(std::vector<Empty>(2), "[{},{}]");
}

#if METAJSON_BACKEND_P2996  // (base classes with data, a private base: C++26 reflection only)
struct Base {
  int a = 1;
};
struct Derived : Base {
  int b = 2;
};
struct VB : virtual Base {
  int v = 3;
};
struct VC : virtual Base {
  int w = 4;
};
struct Diamond : VB, VC {
  int d = 5;
};
struct EmptyPolicy {
  static constexpr int limit = 3;  // no data: a private base without state hides nothing
};
struct PrivateBase : private EmptyPolicy {
  int p = 6;
};

TEST(WriteObject, BaseClassesFirstEachOnce) {
  expect_json(Derived{}, R"({"a":1,"b":2})");
  expect_json(Diamond{}, R"({"a":1,"v":3,"w":4,"d":5})");
  expect_json(PrivateBase{}, R"({"p":6})");
}
#endif

class Account {
 public:
  Account() = default;
  Account(int id, int secret, int pin) : id(id), secret_(secret), pin_(pin) {}
  int id = 0;

 private:
  friend struct metajson::access;  // (what C++23 decomposes it in; every member then listed below)
  int secret_ = 0;
  int pin_ = 0;  // private and skipped: never written (unannotated, it would not compile)
  int r_ = 9;
};
}  // namespace
template <>
struct metajson::meta<Account> {
  static constexpr auto members = metajson::with(
      metajson::member<&Account::id>(),
      metajson::member<"secret_">(metajson::include),
      metajson::member<"pin_">(metajson::skip),
      metajson::member<"r_">(metajson::name("renamed_private")));
};
namespace {

TEST(WriteObject, PrivateMembersOnlyWhenAnnotated) {
  expect_json(Account{7, 8, 1234}, R"({"id":7,"secret_":8,"renamed_private":9})");
}

struct Annotated {
  int id = 1;
  int cache = 2;
  int q = 3;
  int must = 4;
  int ete = 5;
};
}  // namespace
template <>
struct metajson::meta<Annotated> {
  static constexpr auto members = metajson::with(
      metajson::member<"id">(metajson::name("ID")),
      metajson::member<"cache">(metajson::skip),
      metajson::member<"q">(metajson::name("with \"quote\"")),
      metajson::member<"must">(metajson::required),
      metajson::member<"ete">(metajson::name("\xc3\xa9t\xc3\xa9")));
};
namespace {

TEST(WriteObject, NameAndSkip) {
  expect_json(Annotated{}, "{\"ID\":1,\"with \\\"quote\\\"\":3,\"must\":4,\"\xc3\xa9t\xc3\xa9\":5}");
}

struct Camel {
  int user_name = 1;
  int http_server_url = 2;
  int keep = 3;
};
}  // namespace
template <>
struct metajson::meta<Camel> {
  static constexpr auto type = metajson::rename_all(metajson::case_style::camel);
  static constexpr auto members = metajson::member<"keep">(metajson::name("keep_me"));
};
namespace {
struct Pascal {
  int user_name = 1;
};
}  // namespace
template <>
struct metajson::meta<Pascal> {
  static constexpr auto type = metajson::rename_all(metajson::case_style::pascal);
};
namespace {
struct Kebab {
  int userName = 1;
  int HTTPServer = 2;
};
}  // namespace
template <>
struct metajson::meta<Kebab> {
  static constexpr auto type = metajson::rename_all(metajson::case_style::kebab);
};
namespace {
struct Screaming {
  int userName = 1;
  int x2y = 2;
};
}  // namespace
template <>
struct metajson::meta<Screaming> {
  static constexpr auto type = metajson::rename_all(metajson::case_style::screaming_snake);
};
namespace {
struct Snake {
  int userID = 1;
  int already_snake = 2;
};
}  // namespace
template <>
struct metajson::meta<Snake> {
  static constexpr auto type = metajson::rename_all(metajson::case_style::snake);
};
namespace {
struct Strict {
  int a = 1;
};
}  // namespace
template <>
struct metajson::meta<Strict> {
  static constexpr auto type = metajson::deny_unknown_keys;
};
namespace {

TEST(WriteObject, RenameAll) {
  expect_json(Camel{}, R"({"userName":1,"httpServerUrl":2,"keep_me":3})");
  expect_json(Pascal{}, R"({"UserName":1})");
  expect_json(Kebab{}, R"({"user-name":1,"http-server":2})");
  expect_json(Screaming{}, R"({"USER_NAME":1,"X2Y":2})");
  expect_json(Snake{}, R"({"user_id":1,"already_snake":2})");
  expect_json(Strict{}, R"({"a":1})");
}

struct Circle {
  double r;
};
struct Square {
  double side;
};
struct Nothing {};
struct Drawing {
  std::variant<Circle, Square, Nothing, int> shape;
  std::optional<std::variant<Circle, std::string>> maybe;
  std::variant<Circle, int> untagged;
};
}  // namespace
template <>
struct metajson::meta<Drawing> {
  static constexpr auto members = metajson::with(
      metajson::member<"shape">(metajson::tag("type")),
      metajson::member<"maybe">(metajson::tag("kind")));
};
namespace {

TEST(WriteObject, TaggedVariants) {
  expect_json(Drawing{Circle{1.5}, std::nullopt, Circle{2}},
              R"({"shape":{"type":"Circle","r":1.5},"maybe":null,"untagged":{"r":2.0}})");
  expect_json(Drawing{Nothing{}, std::variant<Circle, std::string>{"s"}, 3},
              R"({"shape":{"type":"Nothing"},"maybe":{"kind":"string","value":"s"},"untagged":3})");
  expect_json(Drawing{7, std::variant<Circle, std::string>{Circle{0}}, 3},
              R"({"shape":{"type":"int","value":7},"maybe":{"kind":"Circle","r":0.0},"untagged":3})");
}

struct Inner {
  std::vector<std::string> names;
};
struct Outer {
  std::vector<Inner> items;
};

TEST(WriteObject, ErrorPath) {
  Outer o{{{{"a"}}, {{"b", "c\xc0\xaf"}}}};
  expect_write_error(o, metajson::error_code::invalid_utf8,
                     "invalid UTF-8 in string (byte 0xc0 at offset 1 of the string) at $.items[1].names[1]");
}

// The talk's examples serialize with zero annotations.

TEST(WriteObject, TalkPlayer) {
  expect_json(talk::sample_player(),
              R"({"username":"Alice","level":42,"health":99.5,"inventory":["sword","shield"],)"
              R"("equipped":{"main_hand":{"name":"Excalibur","damage":100,"durability":50}},)"
              R"("achievements":[{"title":"First Blood","description":"Defeat one enemy","unlocked":true,)"
              R"("unlock_time":"2023-11-14T22:13:20.000000000Z"}],"guild_name":null})");
}

}  // namespace

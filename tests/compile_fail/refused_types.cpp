// Must not compile, with one message per refusal (tests/compile_fail/expect_messages.cmake checks
// each): a class whose state metajson cannot see is refused when written, when read and when
// described by schema<T>; a standard type with private state is refused with its own message; a
// view of UTF-16 code units cannot be read into; an alias cannot be another member's key, nor
// can two members (a flattened one's included) write one key; only a struct can be flattened;
// extra keys go to one member of a type that holds any JSON, and not with deny_unknown_keys.
#include <metajson/value.hpp>
#include <metajson/schema.hpp>

#include <expected>
#include <functional>
#include <map>
#include <string>

class Money {  // written: 'cents_' would be lost
 public:
  long cents() const { return cents_; }

 private:
  long cents_ = 0;
};
struct Account {  // read: 'pin_' would be lost
  int id = 0;

 protected:
  int pin_ = 0;
};
struct Base {
  int x = 0;
};
struct Hidden : private Base {  // schema: the private base's data would be lost
  int y = 0;
};
struct Shape {  // no data, but not empty: which shape?
  virtual ~Shape() = default;
};
struct Task {
  std::function<void()> run;
};
struct Reply {
  std::expected<int, std::string> result;
};
struct Clash {  // an alias that is another member's key
  [[=metajson::alias("b")]] int a = 0;
  int b = 0;
};

struct Inner {
  int id = 0;
};
struct FlatClash {  // a flattened member's key is also a member's
  int id = 0;
  [[=metajson::flatten]] Inner inner;
};
struct FlatMap {  // only a struct written as its members can be flattened
  [[=metajson::flatten]] std::map<std::string, int> m;
};
struct SameName {  // two members, one key
  [[=metajson::name("k")]] int a = 0;
  int k = 0;
};

struct TwoExtras {  // the keys that name no member go to one place
  [[=metajson::extra_keys]] std::map<std::string, metajson::value> a;
  [[=metajson::extra_keys]] std::map<std::string, metajson::value> b;
};
struct ExtraInts {  // extra keys hold any JSON
  [[=metajson::extra_keys]] std::map<std::string, int> rest;
};
struct [[=metajson::deny_unknown_keys]] DenyAndKeep {
  [[=metajson::extra_keys]] metajson::value rest;
};

int main() {
  (void)metajson::to_json(Money{});
  (void)metajson::from<Account>("{}");
  (void)metajson::schema<Hidden>();
  (void)metajson::to_json(Shape{});
  (void)metajson::to_json(Task{});
  (void)metajson::from<Reply>("{}");
  (void)metajson::from<std::u16string_view>("\"x\"");
  (void)metajson::from<Clash>("{}");
  (void)metajson::to_json(FlatClash{});
  (void)metajson::from<FlatMap>("{}");
  (void)metajson::to_json(SameName{});
  (void)metajson::from<TwoExtras>("{}");
  (void)metajson::to_json(ExtraInts{});
  (void)metajson::from<DenyAndKeep>("{}");
}

// Must not compile with the C++23 backend (no reflection: clang, g++-13, g++-16
// -DMETAJSON_BACKEND_AGGREGATE), each refusal with a message that names the type and says what
// to write (tests/CMakeLists.txt lists them; expect_messages.cmake requires every one).
#include <metajson/value.hpp>

#include <functional>
#include <map>
#include <string>

namespace {

class Money {  // private members, no metajson::meta<Money>: nothing of it can be seen
 public:
  explicit Money(long c) : cents_(c) {}
  long cents() const { return cents_; }

 private:
  long cents_ = 0;
};
struct Task {  // a standard type with private state
  std::function<void()> run;
};
struct Typo {
  std::string name;
};
class Unlisted {  // not an aggregate: meta<T> must list every member
 public:
  Unlisted() = default;
  int a = 0;

 private:
  friend struct metajson::access;
  int b = 0;
};
struct FlatMap {
  std::map<std::string, int> m;
};
struct TwoExtras {
  std::map<std::string, metajson::value> a, b;
};
struct Misplaced {
  int a = 0;
};
struct SameKey {
  int a = 0;
  int k = 0;
};
enum class Huge { a = 1000, b = 2000 };  // outside [-128, 127]: no name found

}  // namespace

template <>
struct metajson::meta<Typo> {
  static constexpr auto members = metajson::member<"nmae">(metajson::name("n"));
};
template <>
struct metajson::meta<Unlisted> {
  static constexpr auto members = metajson::member<&Unlisted::a>();
};
template <>
struct metajson::meta<FlatMap> {
  static constexpr auto members = metajson::member<&FlatMap::m>(metajson::flatten);
};
template <>
struct metajson::meta<TwoExtras> {
  static constexpr auto members =
      metajson::with(metajson::member<&TwoExtras::a>(metajson::extra_keys), metajson::member<&TwoExtras::b>(metajson::extra_keys));
};
template <>
struct metajson::meta<Misplaced> {
  static constexpr auto members = metajson::member<&Misplaced::a>(metajson::deny_unknown_keys);
};
template <>
struct metajson::meta<SameKey> {
  static constexpr auto members = metajson::member<&SameKey::a>(metajson::name("k"));
};

#if !METAJSON_BINDING_PACKS
#define M8(p) int p##0, p##1, p##2, p##3, p##4, p##5, p##6, p##7;
struct Wide129 {  // one more member than the bindings without packs take
  M8(a) M8(b) M8(c) M8(d) M8(e) M8(f) M8(g) M8(h) M8(i) M8(j) M8(k) M8(l) M8(m) M8(n) M8(o) M8(p) int last;
};
#undef M8
#endif

int main() {
  (void)metajson::to_json(Money(5));
  (void)metajson::to_json(Task{});
  (void)metajson::to_json(Typo{});
  (void)metajson::from<Unlisted>("{}");
  (void)metajson::to_json(FlatMap{});
  (void)metajson::to_json(TwoExtras{});
  (void)metajson::to_json(Misplaced{});
  (void)metajson::to_json(SameKey{});
  (void)metajson::to_json(Huge::a);
#if !METAJSON_BINDING_PACKS
  (void)metajson::to_json(Wide129{});
#endif
}

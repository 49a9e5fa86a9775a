// metajson::meta<T>, the annotations without [[=...]], and the shapes of class and enum each
// backend sees, with the same expectations on both (C++26 reflection: g++-16 -freflection; C++23:
// clang, g++-13, g++-16 -DMETAJSON_BACKEND_AGGREGATE). What only one backend can do is marked so.
#include <metajson/value.hpp>
#include <metajson/schema.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

// --- every annotation of docs/annotations.md through meta<T> ---------------------------------------

struct Address {
  std::string street, city;
};
struct Account {
  std::uint64_t user_id = 0;
  std::string display_name;
  std::string password_hash;
  int port = 80;
  std::string nick = "n";
  std::vector<int> ids{1};
  std::string old_style;
  Address address;
  std::map<std::string, metajson::value> rest;
};
template <>
struct metajson::meta<Account> {
  static constexpr auto type = metajson::rename_all(metajson::case_style::camel);
  static constexpr auto members = metajson::with(
      metajson::member<&Account::user_id>(metajson::name("id"), metajson::alias("uid"), metajson::alias("key"), metajson::required),
      metajson::member<&Account::password_hash>(metajson::skip), metajson::member<&Account::port>(metajson::range(1, 65535)),
      metajson::member<"nick">(metajson::length(1, 4)), metajson::member<&Account::ids>(metajson::non_empty),
      metajson::member<&Account::address>(metajson::flatten), metajson::member<&Account::rest>(metajson::extra_keys));
};

TEST(Meta, EveryMemberAnnotation) {
  Account a;
  a.user_id = 7, a.display_name = "Ann", a.password_hash = "secret", a.old_style = "o", a.address = {"Main St", "Oslo"};
  a.rest["z"] = metajson::from<metajson::value>("[1]");
  const std::string json = metajson::to_json(a);
  EXPECT_EQ(json, R"({"id":7,"displayName":"Ann","port":80,"nick":"n","ids":[1],"oldStyle":"o","street":"Main St","city":"Oslo","z":[1]})");
  const Account b = metajson::from<Account>(json);
  EXPECT_EQ(metajson::to_json(b), json);
  EXPECT_EQ(b.password_hash, "");  // skipped both ways
  EXPECT_EQ(metajson::from<Account>(R"({"uid":9})").user_id, 9u);  // an alias
  EXPECT_EQ(metajson::from<Account>(R"({"key":9})").user_id, 9u);
  EXPECT_EQ(metajson::try_from<Account>(R"({"displayName":"x"})").error().code(), metajson::error_code::missing_key);
  EXPECT_EQ(metajson::try_from<Account>(R"({"id":1,"port":0})").error().message(),
            "value outside its constraint (not in the range [1, 65535]) at $.port (line 1, column 16)");
  EXPECT_EQ(metajson::try_from<Account>(R"({"id":1,"nick":"toolong"})").error().code(), metajson::error_code::constraint_violated);
  EXPECT_EQ(metajson::try_from<Account>(R"({"id":1,"ids":[]})").error().code(), metajson::error_code::constraint_violated);
  EXPECT_EQ(metajson::to_json(metajson::from<Account>(R"({"id":1,"x":true,"street":"s"})")),
            R"({"id":1,"displayName":"","port":80,"nick":"n","ids":[1],"oldStyle":"","street":"s","city":"","x":true})");
  const std::string schema = metajson::schema<Account>();
  EXPECT_NE(schema.find(R"("required":["id"])"), std::string::npos) << schema;
  EXPECT_NE(schema.find(R"("uid":)"), std::string::npos) << schema;
  EXPECT_EQ(schema.find("passwordHash"), std::string::npos) << schema;
}

struct Strict {
  int a = 0;
  int b = 0;
};
template <>
struct metajson::meta<Strict> {
  static constexpr auto type = metajson::with(metajson::deny_unknown_keys, metajson::required);
};

TEST(Meta, ClassAnnotations) {
  EXPECT_EQ(metajson::from<Strict>(R"({"a":1,"b":2})").b, 2);
  EXPECT_EQ(metajson::try_from<Strict>(R"({"a":1,"b":2,"c":3})").error().code(), metajson::error_code::unknown_key);
  EXPECT_EQ(metajson::try_from<Strict>(R"({"a":1})").error().code(), metajson::error_code::missing_key);
  EXPECT_NE(metajson::schema<Strict>().find(R"("additionalProperties":false)"), std::string::npos);
}

struct Circle {
  double r = 0;
};
struct Square {
  double side = 0;
};
template <>
struct metajson::meta<Square> {
  static constexpr auto type = metajson::name("square");
};
struct Drawing {
  std::variant<Circle, Square, int> shape;
  std::optional<std::variant<Circle, Square, int>> maybe;
};
template <>
struct metajson::meta<Drawing> {
  static constexpr auto members = metajson::with(metajson::member<&Drawing::shape>(metajson::tag("type")),
                                                 metajson::member<&Drawing::maybe>(metajson::tag("kind")));
};

TEST(Meta, TaggedVariants) {
  Drawing d{Square{2}, 5};
  const std::string json = metajson::to_json(d);
  EXPECT_EQ(json, R"({"shape":{"type":"square","side":2.0},"maybe":{"kind":"int","value":5}})");
  const Drawing e = metajson::from<Drawing>(R"({"shape":{"r":1.5,"type":"Circle"},"maybe":null})");
  ASSERT_EQ(e.shape.index(), 0u);
  EXPECT_EQ(std::get<0>(e.shape).r, 1.5);
  EXPECT_FALSE(e.maybe.has_value());
  EXPECT_EQ(metajson::to_json<{.sort_keys = true}>(d), R"({"maybe":{"kind":"int","value":5},"shape":{"side":2.0,"type":"square"}})");
}

// --- enums -----------------------------------------------------------------------------------------

enum class Color { red, green = 5, blue = -3 };
enum class Mode : std::uint8_t { fast, slow_and_steady };
template <>
struct metajson::meta<Mode> {
  static constexpr auto type = metajson::rename_all(metajson::case_style::kebab);
  static constexpr auto enumerators = metajson::enumerator<Mode::fast>(metajson::name("FAST"));
};
enum class Big { small = 1, large = 1000 };
enum class Wide { low = -500, high = 2000 };
template <>
struct metajson::meta<Wide> {
  static constexpr long long min = -600, max = 2100;
};
enum class Listed { a = 0, far = 100000 };
template <>
struct metajson::meta<Listed> {
  static constexpr auto enumerators = metajson::enumerator<Listed::far>();
};
enum Plain { plain_a, plain_b = 3 };  // unscoped, no fixed type

TEST(Meta, Enums) {
  EXPECT_EQ(metajson::to_json(std::vector<Color>{Color::red, Color::green, Color::blue}), R"(["red","green","blue"])");
  EXPECT_EQ(metajson::from<Color>(R"("blue")"), Color::blue);
  EXPECT_EQ(metajson::to_json(std::vector<Mode>{Mode::fast, Mode::slow_and_steady}), R"(["FAST","slow-and-steady"])");
  EXPECT_EQ(metajson::from<Mode>(R"("slow-and-steady")"), Mode::slow_and_steady);
  EXPECT_EQ(metajson::to_json(Wide::high), R"("high")");
  EXPECT_EQ(metajson::from<Wide>(R"("low")"), Wide::low);
  EXPECT_EQ(metajson::to_json(Listed::far), R"("far")");
  EXPECT_EQ(metajson::to_json(std::vector<Plain>{plain_a, plain_b}), R"(["plain_a","plain_b"])");
  EXPECT_EQ(metajson::to_json(std::map<Color, int>{{Color::green, 1}}), R"({"green":1})");
  EXPECT_EQ(metajson::to_json<{.sort_keys = true}>(std::map<Color, int>{{Color::green, 1}, {Color::blue, 2}}), R"({"blue":2,"green":1})");
  // A value that names no enumerator is an error both ways, never a number.
  std::string out;
  EXPECT_EQ(metajson::try_to_json(static_cast<Color>(7), out).code(), metajson::error_code::unnamed_enum_value);
  EXPECT_EQ(metajson::try_from<Color>(R"("purple")").error().code(), metajson::error_code::unknown_enum_name);
  EXPECT_EQ(metajson::to_json(Big::small), R"("small")");
#if METAJSON_BACKEND_P2996
  EXPECT_EQ(metajson::to_json(Big::large), R"("large")");  // reflection sees every enumerator
  EXPECT_NE(metajson::schema<Color>().find(R"(["red","green","blue"])"), std::string::npos);  // declaration order
#else
  // Outside [-128, 127] (and not in meta<E>), C++23 finds no name: refused when written and read.
  EXPECT_EQ(metajson::try_to_json(Big::large, out).code(), metajson::error_code::unnamed_enum_value);
  EXPECT_EQ(metajson::try_from<Big>(R"("large")").error().code(), metajson::error_code::unknown_enum_name);
  EXPECT_NE(metajson::schema<Color>().find(R"(["blue","red","green"])"), std::string::npos);  // value order
#endif
}

// --- shapes ------------------------------------------------------------------------------------------

struct Empty {};
struct NoDefault {
  explicit NoDefault(int v) : v(v) {}
  int v;
};
template <>
struct metajson::adapter<NoDefault> {
  static int to_json(const NoDefault& n) { return n.v; }
  static void from_json(NoDefault& n, int v) { n.v = v; }
};
struct HoldsNoDefault {
  double a = 1;
  NoDefault b{2};  // a member no `{}` constructs: counted all the same, never written as {}
};
struct NeedsB {
  double a;
  NoDefault b;  // no default member initializer: NeedsB{} does not compile, NeedsB{1, NoDefault(2)} does
};
struct HoldsCString {
  const char* s = "x";
  int n = 3;
};
struct EmptyBase {};
struct OnEmptyBase : EmptyBase {
  int y = 4;
};
struct DataBase {
  int x = 5;
  std::string s = "b";
};
struct OnDataBase : DataBase {};  // the data only in the base

TEST(Meta, Shapes) {
  EXPECT_EQ(metajson::to_json(Empty{}), "{}");
  EXPECT_EQ(metajson::to_json(HoldsNoDefault{}), R"({"a":1.0,"b":2})");
  HoldsNoDefault h;
  ASSERT_FALSE(metajson::from_json(R"({"a":2,"b":9})", h));
  EXPECT_EQ(h.b.v, 9);
  EXPECT_EQ(metajson::to_json(NeedsB{1.5, NoDefault(2)}), R"({"a":1.5,"b":2})");
  NeedsB n{0, NoDefault(0)};
  ASSERT_FALSE(metajson::from_json(R"({"b":4})", n));
  EXPECT_EQ(n.b.v, 4);
  EXPECT_EQ(metajson::to_json(HoldsCString{}), R"({"s":"x","n":3})");
  EXPECT_EQ(metajson::to_json(OnEmptyBase{}), R"({"y":4})");
  EXPECT_EQ(metajson::from<OnEmptyBase>(R"({"y":6})").y, 6);
#if METAJSON_BACKEND_P2996 || METAJSON_BINDING_PACKS
  EXPECT_EQ(metajson::to_json(OnDataBase{}), R"({"x":5,"s":"b"})");
#endif
}

#if METAJSON_BACKEND_P2996 || METAJSON_BINDING_PACKS
struct WithArray {  // C++23 without binding packs counts a C array once per element: refused there
  int a[3] = {1, 2, 3};
  int b = 4;
};
TEST(Meta, CArrayMember) {
  EXPECT_EQ(metajson::to_json(WithArray{}), R"({"a":[1,2,3],"b":4})");
  EXPECT_EQ(metajson::from<WithArray>(R"({"a":[7,8,9],"b":1})").a[2], 9);
}
#endif

// A class with private members: listed in meta<T> (every member, each private one include or
// skip), decomposed inside metajson::access, which it befriends.
class Money {
 public:
  Money() = default;
  Money(long cents, std::string currency) : cents_(cents), currency_(std::move(currency)) {}
  long cents() const { return cents_; }
  const std::string& currency() const { return currency_; }

 private:
  friend struct metajson::access;
  long cents_ = 0;
  std::string currency_;
  int cache_ = 0;
};
template <>
struct metajson::meta<Money> {
  static constexpr auto members = metajson::with(metajson::member<"cents_">(metajson::include, metajson::name("cents")),
                                                 metajson::member<"currency_">(metajson::include, metajson::name("currency")),
                                                 metajson::member<"cache_">(metajson::skip));
};

TEST(Meta, PrivateMembersThroughAccess) {
  EXPECT_EQ(metajson::to_json(Money(1250, "EUR")), R"({"cents":1250,"currency":"EUR"})");
  const Money m = metajson::from<Money>(R"({"currency":"NOK","cents":7})");
  EXPECT_EQ(m.cents(), 7);
  EXPECT_EQ(m.currency(), "NOK");
}

// Many members: 64 and 128 (the most the bindings without packs take).
#define M8(p) int p##0 = 0, p##1 = 1, p##2 = 2, p##3 = 3, p##4 = 4, p##5 = 5, p##6 = 6, p##7 = 7;
struct Wide64 {
  M8(a) M8(b) M8(c) M8(d) M8(e) M8(f) M8(g) M8(h)
};
struct Wide128 {
  M8(a) M8(b) M8(c) M8(d) M8(e) M8(f) M8(g) M8(h) M8(i) M8(j) M8(k) M8(l) M8(m) M8(n) M8(o) M8(p)
};
#undef M8

TEST(Meta, ManyMembers) {
  const std::string j64 = metajson::to_json(Wide64{});
  EXPECT_EQ(j64.substr(0, 24), R"({"a0":0,"a1":1,"a2":2,"a)");
  EXPECT_NE(j64.find(R"("h7":7})"), std::string::npos);
  const std::string j128 = metajson::to_json(Wide128{});
  EXPECT_NE(j128.find(R"("p7":7})"), std::string::npos);
  Wide128 w;
  ASSERT_FALSE(metajson::from_json(R"({"p7":70,"a0":1})", w));
  EXPECT_EQ(w.p7, 70);
  EXPECT_EQ(w.a0, 1);
}

// The data-model features of issue "nothing silently lost": std::optional<std::optional<T>>
// (missing is not null), reading constraints (range, length, non_empty), key aliases and
// flattened members and extra keys, each both ways and with its errors. Annotations are given by
// metajson::meta<T>, which both backends read (tests/unit/types/annotations_test.cpp holds them
// to the same [[=...]] annotations under C++26 reflection); a class with a base holding data is
// seen by C++26 reflection only.
#include <metajson/value.hpp>
#include <metajson/schema.hpp>

#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

// --- std::optional<std::optional<T>>: a missing key is not null (the "PATCH" case) ------------

namespace {

struct Patch {
  std::optional<std::optional<int>> age;
  std::optional<std::optional<std::string>> name;
};

TEST(OptionalOptional, MissingNullOrValue) {
  const Patch p = metajson::from<Patch>(R"({"age":null,"name":"x"})");
  ASSERT_TRUE(p.age.has_value());  // present...
  EXPECT_FALSE(p.age->has_value());  // ...and null
  ASSERT_TRUE(p.name.has_value() && p.name->has_value());
  EXPECT_EQ(**p.name, "x");
  const Patch q = metajson::from<Patch>("{}");
  EXPECT_FALSE(q.age.has_value());  // missing
  EXPECT_FALSE(q.name.has_value());
  // Writing keeps the three states apart: an empty outer optional is a missing key whatever
  // options.empty says (null would read back as the other state).
  for (const std::string& json : {metajson::to_json(p), metajson::to_json<{.empty = metajson::empty_members::omit}>(p)})
    EXPECT_EQ(json, R"({"age":null,"name":"x"})");
  EXPECT_EQ(metajson::to_json(q), "{}");
  EXPECT_EQ(metajson::to_json<{.empty = metajson::empty_members::omit}>(q), "{}");
  EXPECT_EQ(metajson::to_json<{.pretty = true}>(Patch{std::optional<int>(3), {}}), "{\n  \"age\": 3\n}");
  EXPECT_EQ(metajson::to_json(Patch{std::optional<int>(3), {}}), R"({"age":3})");
  // Outside an object it has no JSON: an error, not a null that reads back otherwise.
  std::string out;
  EXPECT_EQ(metajson::try_to_json(std::optional<std::optional<int>>(), out).message(),
            "invalid value for its type (an empty std::optional<std::optional<T>> is a missing key: it has no JSON "
            "outside an object) at $");
  EXPECT_EQ(metajson::to_json(std::optional<std::optional<int>>(std::optional<int>())), "null");
  // null into a set value clears the inner one only.
  Patch r{std::optional<int>(3), {}};
  ASSERT_FALSE(metajson::from_json(R"({"age":null})", r));
  EXPECT_TRUE(r.age.has_value() && !r.age->has_value());
  // At the top level too.
  const auto top = metajson::from<std::optional<std::optional<int>>>("null");
  EXPECT_TRUE(top.has_value() && !top->has_value());
}

// --- constraints: range, length, non_empty, checked when reading ---------------------------------

struct Server {
  int port = 80;
  double load = 0;
  std::string name = "a";
  std::vector<int> ids = {1};
  std::optional<std::vector<int>> pair;
  std::optional<long long> offset;
};

}  // namespace
template <>
struct metajson::meta<Server> {
  static constexpr auto members = metajson::with(
      metajson::member<&Server::port>(metajson::range(1, 65535)), metajson::member<&Server::load>(metajson::range(0, 1.5)),
      metajson::member<&Server::name>(metajson::length(1, 8)), metajson::member<&Server::ids>(metajson::non_empty),
      metajson::member<&Server::pair>(metajson::length(2)), metajson::member<&Server::offset>(metajson::range(-10, 10)));
};
namespace {

TEST(Constraints, Reading) {
  const auto fails = [](std::string_view json) {
    Server s;
    const metajson::error e = metajson::from_json(json, s);
    EXPECT_EQ(e.code(), metajson::error_code::constraint_violated) << json;
    return e.message();
  };
  EXPECT_EQ(fails(R"({"port":0})"), "value outside its constraint (not in the range [1, 65535]) at $.port (line 1, column 9)");
  EXPECT_EQ(fails(R"({"port":65536})"), "value outside its constraint (not in the range [1, 65535]) at $.port (line 1, column 9)");
  EXPECT_EQ(fails(R"({"load":1.5000001})"), "value outside its constraint (not in the range [0, 1.5]) at $.load (line 1, column 9)");
  EXPECT_EQ(fails(R"({"name":""})"), "value outside its constraint (0 code points, outside the length [1, 8]) at $.name (line 1, column 9)");
  // Code points, not bytes: eight 2-byte characters fit, nine do not.
  EXPECT_EQ(fails("{\"name\":\"" + std::string(18, 'x').replace(0, 18, std::string("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9")) + "\"}"),
            "value outside its constraint (9 code points, outside the length [1, 8]) at $.name (line 1, column 9)");
  EXPECT_EQ(fails(R"({"ids":[]})"), "value outside its constraint (empty, and marked metajson::non_empty) at $.ids (line 1, column 8)");
  EXPECT_EQ(fails(R"({"pair":[1]})"), "value outside its constraint (1 elements, outside the length at least 2) at $.pair (line 1, column 9)");
  EXPECT_EQ(fails(R"({"offset":-11})"), "value outside its constraint (not in the range [-10, 10]) at $.offset (line 1, column 11)");

  Server ok;
  ASSERT_FALSE(metajson::from_json("{\"port\":65535,\"load\":1.5,\"name\":\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\","
                                   "\"ids\":[2],\"pair\":null,\"offset\":null}", ok));
  EXPECT_EQ(ok.port, 65535);
  ASSERT_FALSE(metajson::from_json(R"({"pair":[1,2,3],"offset":-10})", ok));
  // In a container, the path says which element.
  std::vector<Server> many;
  EXPECT_EQ(metajson::from_json(R"([{"port":1},{"port":-1}])", many).message(),
            "value outside its constraint (not in the range [1, 65535]) at $[1].port (line 1, column 21)");
  // The schema says the same (beside each member's own schema; each keyword constrains its kind).
  const std::string schema = metajson::schema<Server>();
  EXPECT_NE(schema.find(R"("port":{"allOf":[{"type":"integer","minimum":-2147483648,"maximum":2147483647},{"minimum":1,"maximum":65535}]})"),
            std::string::npos)
      << schema;
  EXPECT_NE(schema.find(R"({"minimum":0,"maximum":1.5})"), std::string::npos) << schema;
  EXPECT_NE(schema.find(R"({"maxLength":8,"minLength":1})"), std::string::npos) << schema;
  EXPECT_NE(schema.find(R"({"minItems":1})"), std::string::npos) << schema;
  EXPECT_NE(schema.find(R"({"minItems":2})"), std::string::npos) << schema;
  // Writing does not check: the written value reads back, or fails with the same message.
  Server bad;
  bad.port = 0;
  EXPECT_EQ(metajson::to_json(bad).substr(0, 9), R"({"port":0)");
}

// (A C array member: C++23 without structured-binding packs, g++-13, cannot bind it.)
#define EDGES_CODE (METAJSON_BACKEND_P2996 || METAJSON_BINDING_PACKS)
struct Edges {
  float f = 0;  // the bound rounded as the value is: 0.1f is in
  __int128 wide = 0;
  double non_negative = 0;
  std::map<std::string, int> few;
  std::u16string short_text;
  std::optional<std::string> nick;
#if EDGES_CODE
  char code[8] = {};  // the text before the NUL, in code points
#endif
};

}  // namespace
template <>
struct metajson::meta<Edges> {
  static constexpr auto members = metajson::with(
      metajson::member<&Edges::f>(metajson::range(0, 0.1)), metajson::member<&Edges::wide>(metajson::range(-1e30, 1e30)),
      metajson::member<&Edges::non_negative>(metajson::range(0, std::numeric_limits<double>::infinity())),
      metajson::member<&Edges::few>(metajson::length(1, 2)), metajson::member<&Edges::short_text>(metajson::length(0, 2)),
      metajson::member<&Edges::nick>(metajson::non_empty)
#if EDGES_CODE
          ,
      metajson::member<&Edges::code>(metajson::length(0, 3))
#endif
  );
};
namespace {

struct FloatEdges {
  float widest = 0;   // range(-FLT_MAX, FLT_MAX): the float's own edges
  float beyond = 0;   // range(-1e39, 1e39): past the float's range, no bound
  float negative = 0; // range(-2.5, -0.5): exact floats, even significands
};

}  // namespace
template <>
struct metajson::meta<FloatEdges> {
  static constexpr auto members = metajson::with(
      metajson::member<&FloatEdges::widest>(metajson::range(-std::numeric_limits<float>::max(), std::numeric_limits<float>::max())),
      metajson::member<&FloatEdges::beyond>(metajson::range(-1e39, 1e39)), metajson::member<&FloatEdges::negative>(metajson::range(-2.5, -0.5)));
};
namespace {

TEST(Constraints, FloatBoundsInTheSchema) {
  const std::string schema = metajson::schema<FloatEdges>();
  EXPECT_EQ(schema.find("inf"), std::string::npos) << schema;
  EXPECT_EQ(schema.find("nan"), std::string::npos) << schema;
  // FLT_MAX's significand is odd (all ones): exclusive, halfway to 2^128 on both sides.
  EXPECT_NE(schema.find(R"({"exclusiveMinimum":-3.40282356779733661637539395458142568448e+38,"exclusiveMaximum":3.40282356779733661637539395458142568448e+38})"),
            std::string::npos)
      << schema;
  EXPECT_NE(schema.find(R"("beyond":{"allOf":[{"type":"number","exclusiveMinimum":-3.4028235677973366e38,"exclusiveMaximum":3.4028235677973366e38},{}]})"),
            std::string::npos)
      << schema;
  // -2.5f and -0.5f: even significands, inclusive; halfway to -2.5000002f and -0.49999997f.
  EXPECT_NE(schema.find(R"({"minimum":-2.50000011920928955078125e+00,"maximum":-4.9999998509883880615234375e-01})"), std::string::npos) << schema;
}

TEST(Constraints, Edges) {
  Edges e;
  ASSERT_FALSE(metajson::from_json(R"({"f":0.1,"wide":-170141183460469231731687303715884105728,"few":{"a":1}})", e).code() ==
               metajson::error_code::ok);  // -2^127 < -1e30
  EXPECT_EQ(metajson::from_json(R"({"f":0.1,"few":{"a":1}})", e).code(), metajson::error_code::ok);
  EXPECT_EQ(e.f, 0.1f);
  EXPECT_EQ(metajson::from_json(R"({"f":0.10001,"few":{"a":1}})", e).code(), metajson::error_code::constraint_violated);
  EXPECT_EQ(metajson::from_json(R"({"wide":999999999999999999999999999999,"few":{"a":1}})", e).code(), metajson::error_code::ok);
  // (The bound is the double nearest 1e30, 1000000000000000019884624838656: compared exactly.)
  EXPECT_EQ(metajson::from_json(R"({"wide":1000000000000000019884624838656,"few":{"a":1}})", e).code(), metajson::error_code::ok);
  EXPECT_EQ(metajson::from_json(R"({"wide":1000000000000000019884624838657,"few":{"a":1}})", e).code(),
            metajson::error_code::constraint_violated);
  EXPECT_EQ(metajson::from_json(R"({"non_negative":1e300,"few":{"a":1}})", e).code(), metajson::error_code::ok);
  EXPECT_EQ(metajson::from_json(R"({"non_negative":-0.5,"few":{"a":1}})", e).message(),
            "value outside its constraint (not in the range [0, inf]) at $.non_negative (line 1, column 17)");
  EXPECT_EQ(metajson::from_json(R"({"few":{}})", e).message(),
            "value outside its constraint (0 members, outside the length [1, 2]) at $.few (line 1, column 8)");
  // Code points of the text, not UTF-16 code units: one astral character is one.
  EXPECT_EQ(metajson::from_json("{\"few\":{\"a\":1},\"short_text\":\"\xf0\x9f\x98\x80\xf0\x9f\x98\x80\"}", e).code(), metajson::error_code::ok);
  EXPECT_EQ(e.short_text.size(), 4u);
  EXPECT_EQ(metajson::from_json(R"({"few":{"a":1},"short_text":"abc"})", e).code(), metajson::error_code::constraint_violated);
  EXPECT_EQ(metajson::from_json(R"({"few":{"a":1},"nick":""})", e).code(), metajson::error_code::constraint_violated);
  EXPECT_EQ(metajson::from_json(R"({"few":{"a":1},"nick":null})", e).code(), metajson::error_code::ok);
#if EDGES_CODE
  EXPECT_EQ(metajson::from_json("{\"few\":{\"a\":1},\"code\":\"\xc3\xa9\xc3\xa9\xc3\xa9\"}", e).code(), metajson::error_code::ok);
  EXPECT_EQ(metajson::from_json(R"({"few":{"a":1},"code":"abcd"})", e).message(),
            "value outside its constraint (4 code points, outside the length [0, 3]) at $.code (line 1, column 23)");
#endif
  // The schema: minProperties for a map, minLength for a UTF-16 string, no bound for infinity.
  const std::string schema = metajson::schema<Edges>();
  EXPECT_NE(schema.find(R"({"maxProperties":2,"minProperties":1})"), std::string::npos) << schema;
  EXPECT_NE(schema.find(R"("short_text":{"allOf":[{"type":"string"},{"maxLength":2}]})"), std::string::npos) << schema;
  EXPECT_NE(schema.find(R"({"minimum":0})"), std::string::npos) << schema;
  EXPECT_EQ(schema.find("inf"), std::string::npos) << schema;
  // A float's bounds: the reader takes what rounds to a float within [0.0f, 0.1f], so the schema's
  // bounds are the halfway points to the next floats out, every digit written (0.1f's significand
  // is odd, so a tie rounds away from it: exclusive; 0.0f's is even: inclusive).
  EXPECT_NE(schema.find(R"("f":{"allOf":[{"type":"number","exclusiveMinimum":-3.4028235677973366e38,"exclusiveMaximum":3.4028235677973366e38},)"
                        R"({"minimum":-7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625e-46,)"
                        R"("exclusiveMaximum":1.000000052154064178466796875e-01}]})"),
            std::string::npos)
      << schema;
  EXPECT_EQ(metajson::from_json(R"({"f":0.1000000052,"few":{"a":1}})", e).code(), metajson::error_code::ok);
  EXPECT_EQ(metajson::from_json(R"({"f":0.1000000053,"few":{"a":1}})", e).code(), metajson::error_code::constraint_violated);
  EXPECT_EQ(metajson::from_json(R"({"f":-1e-46,"few":{"a":1}})", e).code(), metajson::error_code::ok);  // -0.0f
  EXPECT_EQ(metajson::from_json(R"({"f":-1e-45,"few":{"a":1}})", e).code(), metajson::error_code::constraint_violated);
}

}  // namespace

// --- aliases: old keys still read, the member's own key written -----------------------------------

namespace {

struct Renamed {
  std::string user;
  int key = 0;
  int other = 0;
};

}  // namespace
template <>
struct metajson::meta<Renamed> {
  static constexpr auto members =
      metajson::with(metajson::member<&Renamed::user>(metajson::alias("userName"), metajson::alias("login")),
                     metajson::member<&Renamed::key>(metajson::name("id"), metajson::alias("ID")));
};
namespace {

TEST(Alias, ReadsEveryKeyWritesItsOwn) {
  EXPECT_EQ(metajson::from<Renamed>(R"({"userName":"a","ID":3})").user, "a");
  EXPECT_EQ(metajson::from<Renamed>(R"({"login":"b"})").user, "b");
  EXPECT_EQ(metajson::from<Renamed>(R"({"user":"c","id":4})").user, "c");
  EXPECT_EQ(metajson::from<Renamed>(R"({"ID":5})").key, 5);
  EXPECT_EQ(metajson::to_json(metajson::from<Renamed>(R"({"login":"d","ID":6,"other":1})")), R"({"user":"d","id":6,"other":1})");
  // An alias and the own key in one object: the same member twice.
  Renamed r;
  EXPECT_EQ(metajson::from_json(R"({"user":"a","login":"b"})", r).message(), R"(duplicate key ("user") at $ (line 1, column 13))");
  // A key that only differs from an alias is unknown (deny it to see).
  EXPECT_EQ(metajson::from<Renamed>(R"({"Login":"x"})").user, "");
  // The schema lists the aliases as properties of the member's schema (never required).
  const std::string schema = metajson::schema<Renamed>();
  EXPECT_NE(schema.find(R"("user":{"type":"string"},"userName":{"type":"string"},"login":{"type":"string"})"), std::string::npos) << schema;
  // ... and, as the reader refuses a member given twice, no two of a member's names at once.
  EXPECT_NE(schema.find(R"("allOf":[{"not":{"required":["user","userName"]}},{"not":{"required":["user","login"]}},)"
                        R"({"not":{"required":["userName","login"]}},{"not":{"required":["id","ID"]}}])"),
            std::string::npos)
      << schema;
  // A required member may be given by any of its names.
  constexpr metajson::options all_needed{.missing_keys = metajson::missing_key_policy::error};
  const std::string needed = metajson::schema<Renamed, all_needed>();
  EXPECT_NE(needed.find(R"("required":["other"],"allOf":[{"anyOf":[{"required":["user"]},{"required":["userName"]},{"required":["login"]}]},)"),
            std::string::npos)
      << needed;
  EXPECT_NE(needed.find(R"({"anyOf":[{"required":["id"]},{"required":["ID"]}]},{"not":{"required":["id","ID"]}}])"), std::string::npos) << needed;
  EXPECT_EQ((metajson::from_json<all_needed>(R"({"login":"x","ID":1,"other":2})", r).code()), metajson::error_code::ok);
  // With last_wins two names of a member are no error, and the schema says nothing of them.
  constexpr metajson::options last{.duplicate_keys = metajson::duplicate_key_policy::last_wins};
  EXPECT_EQ((metajson::schema<Renamed, last>().find("allOf")), std::string::npos);
  EXPECT_EQ((metajson::from_json<last>(R"({"user":"a","login":"b"})", r).code()), metajson::error_code::ok);
  EXPECT_EQ(r.user, "b");
}

// --- [[=metajson::flatten]]: a member's members written and read inline ----------------------

struct Geo {
  double lat = 0;
  double lon = 0;
  bool operator==(const Geo&) const = default;
};
struct Address {
  std::string street;
  std::string city;
  Geo geo;  // flattened inside a flattened member
  bool operator==(const Address&) const = default;
};
struct Audit {
  std::string by;
  bool operator==(const Audit&) const = default;
};
// A base's members come first, as always. (C++23 cannot bind a class whose base holds data beside
// its own members: there `by` is the class's first member, with the same JSON.)
#if METAJSON_BACKEND_P2996
struct Customer : Audit {
#else
struct Customer {
  std::string by;
#endif
  int id = 0;
  Address address;
  std::string name;
  std::optional<int> vip;
  bool operator==(const Customer&) const = default;
};

}  // namespace
template <>
struct metajson::meta<Address> {
  static constexpr auto members =
      metajson::with(metajson::member<&Address::city>(metajson::required), metajson::member<&Address::geo>(metajson::flatten));
};
template <>
struct metajson::meta<Customer> {
  static constexpr auto members = metajson::with(metajson::member<&Customer::address>(metajson::flatten),
                                                 metajson::member<&Customer::name>(metajson::alias("nick"), metajson::length(0, 8)));
};
namespace {

#if METAJSON_BACKEND_P2996
const Customer sample_customer{{"ops"}, 7, {"Main St", "Oslo", {59.9, 10.7}}, "ann", std::nullopt};
#else
const Customer sample_customer{"ops", 7, {"Main St", "Oslo", {59.9, 10.7}}, "ann", std::nullopt};
#endif

TEST(Flatten, WrittenInline) {
  EXPECT_EQ(metajson::to_json(sample_customer),
            R"({"by":"ops","id":7,"street":"Main St","city":"Oslo","lat":59.9,"lon":10.7,"name":"ann","vip":null})");
  EXPECT_EQ(metajson::to_json<{.empty = metajson::empty_members::omit}>(sample_customer),
            R"({"by":"ops","id":7,"street":"Main St","city":"Oslo","lat":59.9,"lon":10.7,"name":"ann"})");
  EXPECT_EQ(metajson::to_json<{.sort_keys = true}>(sample_customer),
            R"({"by":"ops","city":"Oslo","id":7,"lat":59.9,"lon":10.7,"name":"ann","street":"Main St","vip":null})");
  EXPECT_EQ(metajson::to_json<{.pretty = true}>(Address{"s", "c", {1, 2}}),
            "{\n  \"street\": \"s\",\n  \"city\": \"c\",\n  \"lat\": 1.0,\n  \"lon\": 2.0\n}");
}

TEST(Flatten, ReadInAnyOrderWithTheMembersRules) {
  for (const auto& json : {metajson::to_json(sample_customer), metajson::to_json<{.pretty = true, .sort_keys = true}>(sample_customer)})
    EXPECT_EQ(metajson::from<Customer>(json), sample_customer) << json;
  const auto c = metajson::from<Customer>(R"({"lon":2,"nick":"bo","city":"X","id":1})");
  EXPECT_EQ(c.address.geo.lon, 2);
  EXPECT_EQ(c.address.city, "X");
  EXPECT_EQ(c.name, "bo");
  // The flattened members' annotations hold: required, constraints; duplicates and unknown
  // keys as for any member; the path names the key where it stands.
  EXPECT_EQ(metajson::try_from<Customer>(R"({"id":1})").error().message(), R"(missing key ("city") at $ (line 1, column 1))");
  EXPECT_EQ(metajson::try_from<Customer>(R"({"city":"a","lat":1,"lat":2})").error().code(), metajson::error_code::duplicate_key);
  EXPECT_EQ(metajson::try_from<Customer>(R"({"city":"a","lat":"x"})").error().message(),
            R"(expected number, found string at $.lat (line 1, column 19))");
  constexpr metajson::options deny{.unknown_keys = metajson::unknown_key_policy::error};
  EXPECT_EQ((metajson::try_from<Customer, deny>(R"({"city":"a","address":{}})").error().code()),
            metajson::error_code::unknown_key);  // the flattened member's own name is no key
  // Reading into an existing object keeps what the document does not mention.
  Customer existing = sample_customer;
  ASSERT_FALSE(metajson::from_json(R"({"city":"Bergen"})", existing));
  EXPECT_EQ(existing.address.street, "Main St");
  EXPECT_EQ(existing.address.city, "Bergen");
}

TEST(Flatten, SchemaHasTheKeysInPlace) {
  const std::string schema = metajson::schema<Customer>();
  EXPECT_NE(schema.find(R"("properties":{"by":{"type":"string"},"id":)"), std::string::npos) << schema;
  EXPECT_NE(schema.find(R"("street":{"type":"string"},"city":{"type":"string"},"lat":)"), std::string::npos) << schema;
  EXPECT_NE(schema.find(R"("required":["city"])"), std::string::npos) << schema;
  EXPECT_EQ(schema.find("address"), std::string::npos) << schema;
}

// --- [[=metajson::extra_keys]]: the keys that name no member, kept ---------------------------

struct Event {
  int id = 0;
  std::string kind;
  std::map<std::string, metajson::value> rest;
  bool operator==(const Event&) const = default;
};
struct LooseEvent {  // metajson::value keeps the input's order and repeated keys
  metajson::value more;
  int id = 0;
};

}  // namespace
template <>
struct metajson::meta<Event> {
  static constexpr auto members = metajson::member<&Event::rest>(metajson::extra_keys);
};
template <>
struct metajson::meta<LooseEvent> {
  static constexpr auto members = metajson::member<&LooseEvent::more>(metajson::extra_keys);
};
namespace {

TEST(ExtraKeys, EveryKeyReadAndWrittenBack) {
  const std::string text = R"({"zeta":[1,{"q":null}],"id":3,"alpha":"a","kind":"click","\u00e9":true})";
  const Event e = metajson::from<Event>(text);
  EXPECT_EQ(e.id, 3);
  ASSERT_EQ(e.rest.size(), 3u);
  EXPECT_EQ(metajson::to_json(e.rest.at("zeta")), R"([1,{"q":null}])");
  EXPECT_TRUE(e.rest.at("\xc3\xa9").as_bool());
  // Written after the members (map order); with sort_keys among them.
  EXPECT_EQ(metajson::to_json(e), R"({"id":3,"kind":"click","alpha":"a","zeta":[1,{"q":null}],"é":true})");
  EXPECT_EQ(metajson::to_json<{.sort_keys = true}>(e), R"({"alpha":"a","id":3,"kind":"click","zeta":[1,{"q":null}],"é":true})");
  EXPECT_EQ(metajson::to_json<{.pretty = true}>(Event{1, "k", {{"x", 2}}}), "{\n  \"id\": 1,\n  \"kind\": \"k\",\n  \"x\": 2\n}");
  EXPECT_EQ(metajson::from<Event>(metajson::to_json<{.pretty = true, .sort_keys = true}>(e)), e);
  EXPECT_EQ(metajson::to_json(Event{}), R"({"id":0,"kind":""})");
  // The value form keeps order and repeats; empty, it writes nothing.
  const LooseEvent l = metajson::from<LooseEvent>(R"({"x":1,"id":2,"x":3})");
  EXPECT_EQ(metajson::to_json(l), R"({"id":2,"x":1,"x":3})");
  EXPECT_EQ(metajson::to_json(LooseEvent{}), R"({"id":0})");
  // Reading into an existing object replaces the extra keys.
  Event again = e;
  ASSERT_FALSE(metajson::from_json(R"({"id":4,"new":null})", again));
  EXPECT_EQ(again.rest.size(), 1u);
  EXPECT_TRUE(again.rest.at("new").is_null());
  // No key is unknown (unknown_keys = error concerns the other structs); the schema allows any.
  constexpr metajson::options deny{.unknown_keys = metajson::unknown_key_policy::error};
  EXPECT_EQ((metajson::from<Event, deny>(R"({"other":1})").rest.size()), 1u);
  EXPECT_EQ((metajson::schema<Event, deny>().find("additionalProperties")), std::string::npos);
}

#if METAJSON_BACKEND_P2996  // (bases holding data: C++26 reflection only)
// In a virtual base reached twice: one member, found once.
struct KeepsRest {
  std::map<std::string, metajson::value> rest;
};
struct LeftRest : virtual KeepsRest {};
struct RightRest : virtual KeepsRest {};
struct BothRest : LeftRest, RightRest {
  int id = 0;
};

}  // namespace
template <>
struct metajson::meta<KeepsRest> {
  static constexpr auto members = metajson::member<&KeepsRest::rest>(metajson::extra_keys);
};
namespace {

TEST(ExtraKeys, InAVirtualBase) {
  const BothRest b = metajson::from<BothRest>(R"({"id":1,"x":2})");
  EXPECT_EQ(b.rest.size(), 1u);
  EXPECT_EQ(metajson::to_json(b), R"({"id":1,"x":2})");
}
#endif

TEST(ExtraKeys, Errors) {
  // A repeated extra key is a duplicate, as for members (the value form keeps both).
  EXPECT_EQ(metajson::try_from<Event>(R"({"x":1,"x":2})").error().message(), R"(duplicate key ("x") at $ (line 1, column 8))");
  EXPECT_EQ((metajson::from<Event, {.duplicate_keys = metajson::duplicate_key_policy::last_wins}>(R"({"x":1,"x":2})").rest.at("x").as_int64()), 2);
  // An extra value's errors have its path.
  EXPECT_EQ(metajson::try_from<Event>(R"({"x":[1,tru]})").error().path(), "$.x[1]");
  // An entry that a member would read back is refused when written.
  Event e{1, "k", {{"kind", 5}}};
  const auto r = metajson::try_to_json(e);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), metajson::error_code::invalid_value);
  LooseEvent l;
  l.more = metajson::value(std::int64_t{3});
  EXPECT_EQ(metajson::try_to_json(l).error().code(), metajson::error_code::invalid_value);  // not an object
}

}  // namespace

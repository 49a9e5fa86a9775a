// Every annotation of docs/annotations.md written both ways under C++26 reflection: as [[=...]] on
// the declarations and as metajson::meta<T> next to the type. The two twins must write the same
// JSON, read the same documents to equal values, fail on the same ones with the same errors, and
// describe the same schema (tests/unit/types/meta_test.cpp holds meta<T> to the same expectations
// on the C++23 backend; tests/compile_fail/meta_refused.cpp refuses a member annotated both ways).
#include <metajson/value.hpp>
#include <metajson/schema.hpp>

#include <gtest/gtest.h>

#if METAJSON_BACKEND_P2996

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace {

struct Geo {
  double lat = 0, lon = 0;
};
struct Circle {
  double r = 1;
};
struct [[=metajson::name("sq")]] Square {
  double side = 2;
};
struct SquareM {
  double side = 2;
};

struct [[=metajson::rename_all(metajson::case_style::kebab), =metajson::deny_unknown_keys]] Annotated {
  [[=metajson::name("ID"), =metajson::alias("key"), =metajson::alias("uid")]] int user_id = 1;
  [[=metajson::skip]] int cache = 2;
  [[=metajson::required]] std::string display_name = "d";
  [[=metajson::range(1, 65535)]] int port = 80;
  [[=metajson::length(1, 4)]] std::string nick = "n";
  [[=metajson::non_empty]] std::vector<int> ids{1};
  [[=metajson::tag("type")]] std::variant<Circle, Square> shape;
  [[=metajson::flatten]] Geo geo;
};
struct WithMeta {
  int user_id = 1;
  int cache = 2;
  std::string display_name = "d";
  int port = 80;
  std::string nick = "n";
  std::vector<int> ids{1};
  std::variant<Circle, SquareM> shape;
  Geo geo;
};
struct [[=metajson::required]] AllRequired {
  int a = 0;
};
struct AllRequiredM {
  int a = 0;
};
struct Rest {
  int id = 0;
  [[=metajson::extra_keys]] std::map<std::string, metajson::value> rest;
};
struct RestM {
  int id = 0;
  std::map<std::string, metajson::value> rest;
};
class Private {
 public:
  int id = 0;

 private:
  [[=metajson::include]] int kept_ = 3;
  [[=metajson::skip]] int dropped_ = 4;
};
class PrivateM {
 public:
  int id = 0;

 private:
  int kept_ = 3;
  int dropped_ = 4;
};
enum class Mode { fast [[=metajson::name("FAST")]], slow_path };
enum class [[=metajson::rename_all(metajson::case_style::screaming_snake)]] Level { low_level, high };
enum class ModeM { fast, slow_path };
enum class LevelM { low_level, high };

}  // namespace

template <>
struct metajson::meta<SquareM> {
  static constexpr auto type = metajson::name("sq");
};
template <>
struct metajson::meta<WithMeta> {
  static constexpr auto type = metajson::with(metajson::rename_all(metajson::case_style::kebab), metajson::deny_unknown_keys);
  static constexpr auto members = metajson::with(
      metajson::member<&WithMeta::user_id>(metajson::name("ID"), metajson::alias("key"), metajson::alias("uid")),
      metajson::member<&WithMeta::cache>(metajson::skip), metajson::member<&WithMeta::display_name>(metajson::required),
      metajson::member<&WithMeta::port>(metajson::range(1, 65535)), metajson::member<&WithMeta::nick>(metajson::length(1, 4)),
      metajson::member<&WithMeta::ids>(metajson::non_empty), metajson::member<&WithMeta::shape>(metajson::tag("type")),
      metajson::member<&WithMeta::geo>(metajson::flatten));
};
template <>
struct metajson::meta<AllRequiredM> {
  static constexpr auto type = metajson::required;
};
template <>
struct metajson::meta<RestM> {
  static constexpr auto members = metajson::member<&RestM::rest>(metajson::extra_keys);
};
template <>
struct metajson::meta<PrivateM> {
  static constexpr auto members =
      metajson::with(metajson::member<"kept_">(metajson::include), metajson::member<"dropped_">(metajson::skip));
};
template <>
struct metajson::meta<ModeM> {
  static constexpr auto enumerators = metajson::enumerator<ModeM::fast>(metajson::name("FAST"));
};
template <>
struct metajson::meta<LevelM> {
  static constexpr auto type = metajson::rename_all(metajson::case_style::screaming_snake);
};

namespace {

// The same text written, the same verdict (and error) reading each document.
template <class A, class M>
void twins(const A& a, const M& m, std::initializer_list<const char*> documents) {
  EXPECT_EQ(metajson::to_json(a), metajson::to_json(m));
  constexpr metajson::options pretty_sorted{.pretty = true, .sort_keys = true};
  EXPECT_EQ(metajson::to_json<pretty_sorted>(a), metajson::to_json<pretty_sorted>(m));
  for (const char* doc : documents) {
    const auto ra = metajson::try_from<A>(doc);
    const auto rm = metajson::try_from<M>(doc);
    ASSERT_EQ(ra.has_value(), rm.has_value()) << doc;
    if (ra) EXPECT_EQ(metajson::to_json(*ra), metajson::to_json(*rm)) << doc;
    else EXPECT_EQ(ra.error().message(), rm.error().message()) << doc;
  }
  std::string sa = metajson::schema<A>(), sm = metajson::schema<M>();
  // (The titles and definition names are the types' names: the twins' end in M.)
  sa.erase(0, sa.find("\"type\""));
  sm.erase(0, sm.find("\"type\""));
  for (std::size_t at = sm.find("SquareM"); at != std::string::npos; at = sm.find("SquareM")) sm.erase(at + 6, 1);
  EXPECT_EQ(sa, sm);
}

TEST(Annotations, MembersAndClass) {
  twins(Annotated{}, WithMeta{},
        {R"({"ID":1,"display-name":"x"})", R"({"key":5,"display-name":"x","shape":{"type":"sq","side":3}})",
         R"({"uid":5,"display-name":"x","lat":1,"lon":2})", R"({"display-name":"x","cache":1})", R"({"ID":1})",
         R"({"display-name":"x","port":0})", R"({"display-name":"x","nick":""})", R"({"display-name":"x","ids":[]})",
         R"({"display-name":"x","shape":{"type":"Circle","r":4}})", R"({"display-name":"x","ID":1,"key":2})"});
  twins(AllRequired{}, AllRequiredM{}, {"{}", R"({"a":1})"});
  twins(Rest{}, RestM{}, {R"({"id":1,"x":[1,2],"y":null})", R"({"x":1,"x":2})"});
  twins(Private{}, PrivateM{}, {R"({"id":1,"kept_":9,"dropped_":9})"});
}

TEST(Annotations, Enumerators) {
  EXPECT_EQ(metajson::to_json(std::vector<Mode>{Mode::fast, Mode::slow_path}),
            metajson::to_json(std::vector<ModeM>{ModeM::fast, ModeM::slow_path}));
  EXPECT_EQ(metajson::to_json(std::vector<Level>{Level::low_level, Level::high}),
            metajson::to_json(std::vector<LevelM>{LevelM::low_level, LevelM::high}));
  EXPECT_EQ(metajson::to_json(LevelM::low_level), R"("LOW_LEVEL")");
  EXPECT_EQ(metajson::from<ModeM>(R"("FAST")"), ModeM::fast);
}

}  // namespace

#endif

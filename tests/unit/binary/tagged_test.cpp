// Tagged variants ([[=metajson::tag]]) in MessagePack and CBOR: the map JSON writes, the tag's
// entry first (or where sorted keys put it), read with the tag anywhere; the errors of a missing,
// unknown or malformed tag; an optional holding a tagged variant.
#include <metajson/cbor.hpp>
#include <metajson/msgpack.hpp>
#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace tagged {

struct Circle {
  double r = 0;
  bool operator==(const Circle&) const = default;
};
struct Rect {
  double w = 0;
  double height = 0;
  std::optional<std::string> label;
  bool operator==(const Rect&) const = default;
};
struct Shape {
  std::string id;
  [[=metajson::tag("type")]] std::variant<Circle, Rect, int, std::string> shape;
  [[=metajson::tag("kind")]] std::optional<std::variant<Circle, int>> maybe;
  bool operator==(const Shape&) const = default;
};

}  // namespace tagged

namespace {

using metajson::value;
using tagged::Circle;
using tagged::Rect;
using tagged::Shape;

std::string hex(std::string_view h) {
  std::string s;
  for (std::size_t i = 0; i + 1 < h.size(); i += 2) s += static_cast<char>(std::stoi(std::string(h.substr(i, 2)), nullptr, 16));
  return s;
}

const Shape samples[] = {
    {"c", Circle{1.5}, std::nullopt},
    {"r", Rect{2, 3, "box"}, Circle{0.25}},
    {"e", Rect{}, 7},
    {"i", -40, std::nullopt},
    {"s", std::string("text"), std::nullopt},
};

TEST(BinaryTagged, TheMapJsonWritesInBothFormats) {
  for (const Shape& s : samples) {
    // The same map as the JSON object, key for key and in order (read back as a value).
    EXPECT_EQ(metajson::to_json(metajson::from_cbor<value>(metajson::to_cbor(s))), metajson::to_json(s));
    EXPECT_EQ(metajson::to_json(metajson::from_msgpack<value>(metajson::to_msgpack(s))), metajson::to_json(s));
    EXPECT_EQ(metajson::from_cbor<Shape>(metajson::to_cbor(s)), s);
    EXPECT_EQ(metajson::from_msgpack<Shape>(metajson::to_msgpack(s)), s);
    // Sorted keys: JSON's order, the tag's entry among the members.
    constexpr metajson::options sorted{.sort_keys = true};
    EXPECT_EQ(metajson::to_json<sorted>(metajson::from_cbor<value>(metajson::to_cbor<sorted>(s))), metajson::to_json<sorted>(s));
    EXPECT_EQ(metajson::from_cbor<Shape>(metajson::to_cbor<sorted>(s)), s);
    // Deterministic: every map, the tag's included, in the bytewise order of its encoded keys
    // (what a value holding the same map writes).
    constexpr metajson::binary_options det{.deterministic = true};
    const std::string d = metajson::to_cbor<metajson::options{}, det>(s);
    EXPECT_EQ((metajson::to_cbor<metajson::options{}, det>(metajson::from_cbor<value>(d))), d);
    EXPECT_EQ(metajson::from_cbor<Shape>(d), s);
    const std::string m = metajson::to_msgpack<metajson::options{}, det>(s);
    EXPECT_EQ((metajson::to_msgpack<metajson::options{}, det>(metajson::from_msgpack<value>(m))), m);
  }
  // The bytes (as cbor2 and msgpack-python write the same maps, but the shortest float of 1.5):
  // {"id": "c", "shape": {"type": "Circle", "r": 1.5}, "maybe": null} and {"id": "i", "shape":
  // {"type": "int", "value": -40}, "maybe": null}.
  EXPECT_EQ(metajson::to_cbor(samples[0]), hex("a36269646163657368617065a2647479706566436972636c656172f93e00656d61796265f6"));
  EXPECT_EQ(metajson::to_msgpack(samples[0]), hex("83a26964a163a5736861706582a474797065a6436972636c65a172ca3fc00000a56d61796265c0"));
  EXPECT_EQ(metajson::to_cbor(samples[3]), hex("a36269646169657368617065a2647479706563696e746576616c75653827656d61796265f6"));
  EXPECT_EQ(metajson::to_msgpack(samples[3]), hex("83a26964a169a5736861706582a474797065a3696e74a576616c7565d0d8a56d61796265c0"));
}

TEST(BinaryTagged, TheTagIsReadAnywhere) {
  const auto read = [](std::string_view json) {
    return metajson::from_cbor<Shape>(metajson::to_cbor(metajson::from<value>(json)));
  };
  EXPECT_EQ(read(R"({"shape":{"r":2,"type":"Circle"},"id":"x"})"), (Shape{"x", Circle{2}, std::nullopt}));
  EXPECT_EQ(read(R"({"shape":{"value":7,"type":"int"},"id":"x","maybe":{"kind":"Circle","r":1}})").maybe, (std::variant<Circle, int>(Circle{1})));
  EXPECT_EQ(read(R"({"shape":{"label":"l","type":"Rect","w":1}})").shape, (std::variant<Circle, Rect, int, std::string>(Rect{1, 0, "l"})));
  // (what glaze-like writers give: the tag, then the members)
  EXPECT_EQ(metajson::from_msgpack<Shape>(metajson::to_msgpack(metajson::from<value>(R"({"id":"m","shape":{"type":"string","value":"v"}})"))).shape,
            (std::variant<Circle, Rect, int, std::string>(std::string("v"))));
}

TEST(BinaryTagged, Errors) {
  const auto error = [](std::string_view json) {
    Shape s;
    return metajson::from_cbor(metajson::to_cbor(metajson::from<value>(json)), s);
  };
  metajson::error e = error(R"({"shape":{"r":2}})");
  EXPECT_EQ(e.code(), metajson::error_code::missing_key);
  EXPECT_EQ(e.path(), "$.shape");
  EXPECT_EQ(error(R"({"shape":{"type":"Hexagon"}})").code(), metajson::error_code::no_matching_alternative);
  EXPECT_EQ(error(R"({"shape":{"type":3}})").code(), metajson::error_code::type_mismatch);
  EXPECT_EQ(error(R"({"shape":{"type":"int"}})").code(), metajson::error_code::missing_key);        // no "value"
  EXPECT_EQ(error(R"({"shape":{"type":"int","value":"x"}})").path(), "$.shape.value");
  EXPECT_EQ(error(R"({"shape":{"type":"Circle","r":"x"}})").path(), "$.shape.r");
  EXPECT_EQ(error(R"({"shape":[1]})").code(), metajson::error_code::type_mismatch);
  // The tag given twice is a duplicate key (a value keeps both entries, so it writes both);
  // with last_wins, the last one names the alternative.
  for (const char* json : {R"({"shape":{"type":"Circle","r":1,"type":"Rect"}})", R"({"shape":{"r":1,"type":"Circle","type":"Circle"}})",
                           R"({"shape":{"type":"int","value":1,"type":"string"}})"}) {
    e = error(json);
    EXPECT_EQ(e.code(), metajson::error_code::duplicate_key) << json;
    EXPECT_EQ(e.path(), "$.shape") << json;
    Shape m;
    EXPECT_EQ(metajson::from_msgpack(metajson::to_msgpack(metajson::from<value>(json)), m).code(), metajson::error_code::duplicate_key) << json;
  }
  constexpr metajson::options last{.duplicate_keys = metajson::duplicate_key_policy::last_wins};
  EXPECT_EQ((metajson::from_cbor<Shape, last>(metajson::to_cbor(metajson::from<value>(R"({"shape":{"type":"Circle","r":1,"type":"Rect","w":2}})")))).shape,
            (std::variant<Circle, Rect, int, std::string>(Rect{2, 0, std::nullopt})));
  EXPECT_EQ((metajson::from_msgpack<Shape, last>(metajson::to_msgpack(metajson::from<value>(R"({"shape":{"type":"string","type":"int","value":4}})")))).shape,
            (std::variant<Circle, Rect, int, std::string>(4)));
  // Unknown keys in either alternative's map follow options::unknown_keys, the tag's excepted.
  Shape s;
  constexpr metajson::options strict{.unknown_keys = metajson::unknown_key_policy::error};
  const std::string extra = metajson::to_cbor(metajson::from<value>(R"({"shape":{"type":"int","value":1,"x":0}})"));
  EXPECT_FALSE(metajson::from_cbor(extra, s));
  EXPECT_EQ((metajson::from_cbor<strict>(extra, s).code()), metajson::error_code::unknown_key);
  EXPECT_FALSE((metajson::from_cbor<strict>(metajson::to_cbor(Shape{"c", Circle{1}, std::nullopt}), s)));
}

}  // namespace

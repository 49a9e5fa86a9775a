// metajson::json_schema (issue 53): every error with its locations and message, the basic output
// format, max_errors and "and N more", lines and columns from text, the registry (remote
// references never fetched), the schemas that cannot be compiled and why, the bounds on hostile
// schemas (loops of $ref refused, nesting and step budgets), and the three ways in (value,
// document, text) agreeing. The official suite is json_schema_suite_test; the engines under it
// have regex_test and format_test.
#include <metajson/json_schema.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using metajson::json_schema;
using metajson::validation_result;

namespace {

// The errors as "instance|keyword|message" lines, for compact expectations.
std::vector<std::string> lines(const validation_result& r) {
  std::vector<std::string> out;
  for (const auto& e : r.errors()) out.push_back(e.instance_location + "|" + e.keyword_location + "|" + e.message);
  return out;
}

const char* const servers_schema = R"({
  "$defs": {
    "server": {
      "type": "object",
      "required": ["host", "port"],
      "properties": {
        "host": {"type": "string", "minLength": 1},
        "port": {"type": "integer", "minimum": 1, "maximum": 65535}
      },
      "additionalProperties": false
    }
  },
  "type": "object",
  "properties": {
    "servers": {"type": "array", "items": {"$ref": "#/$defs/server"}},
    "timeout": {"type": "number", "minimum": 1}
  },
  "required": ["servers"]
})";

}  // namespace

TEST(JsonSchema, EveryErrorWithItsLocations) {
  const json_schema s = json_schema::compile(servers_schema);
  const std::string doc = R"({
  "servers": [
    {"host": "a", "port": 80},
    {"host": "b", "port": 443},
    {"host": "c", "port": "8080"},
    {"host": "d", "port": 22},
    {"port": 21, "extra": true}
  ],
  "timeout": 0
})";
  const validation_result r = s.validate_json(doc);
  EXPECT_FALSE(r.valid());
  EXPECT_FALSE(static_cast<bool>(r));
  const std::vector<std::string> expected = {
      "/servers/2/port|/properties/servers/items/$ref/properties/port/type|expected integer, found string",
      "/servers/4|/properties/servers/items/$ref/additionalProperties|member \"extra\" is not allowed (additionalProperties)",
      "/servers/4|/properties/servers/items/$ref/required|missing required member \"host\"",
      "/timeout|/properties/timeout/minimum|0 is below the minimum 1",
  };
  EXPECT_EQ(lines(r), expected);
  // Lines and columns: the value at fault in the text.
  ASSERT_EQ(r.errors().size(), 4u);
  EXPECT_EQ(r.errors()[0].line, 5u);
  EXPECT_EQ(r.errors()[0].column, 27u);
  EXPECT_EQ(r.errors()[3].line, 9u);
  EXPECT_EQ(r.errors()[3].column, 14u);
  EXPECT_EQ(r.errors()[0].absolute_keyword_location, "#/$defs/server/properties/port/type");
  EXPECT_EQ(r.errors()[0].to_string(),
            "/servers/2/port: expected integer, found string (at /properties/servers/items/$ref/properties/port/type, line 5, column 27)");
  // The same errors from a value (no lines) and from a document.
  const metajson::value v = metajson::from<metajson::value>(doc);
  EXPECT_EQ(lines(s.validate(v)), expected);
  EXPECT_EQ(s.validate(v).errors()[0].line, 0u);
  const metajson::document d = metajson::document::parse(doc);
  EXPECT_EQ(lines(s.validate(d)), expected);
  EXPECT_FALSE(s.is_valid(v));
  EXPECT_FALSE(s.is_valid(d));
  EXPECT_FALSE(s.is_valid_json(doc));
  EXPECT_TRUE(s.is_valid_json(R"({"servers": [{"host": "a", "port": 1}], "timeout": 2.5})"));
  EXPECT_TRUE(s.validate_json(R"({"servers": []})").valid());
}

TEST(JsonSchema, BasicOutputFormat) {
  const json_schema s = json_schema::compile(R"({"$id": "https://example.com/p", "type": "object", "properties": {"a/b": {"const": 1}}})");
  EXPECT_EQ(s.validate_json("{}").to_json(), R"({"valid":true})");
  EXPECT_EQ(s.validate_json(R"({"a/b": 2})").to_json(),
            R"({"valid":false,"errors":[{"keywordLocation":"/properties/a~1b/const","absoluteKeywordLocation":"https://example.com/p#/properties/a~1b/const","instanceLocation":"/a~1b","error":"the value is not the constant 1"}]})");
}

TEST(JsonSchema, MaxErrorsThenMore) {
  const json_schema s = json_schema::compile(R"({"items": {"type": "string"}})");
  std::string doc = "[";
  for (int i = 0; i < 250; ++i) doc += (i ? ",1" : "1");
  doc += "]";
  const validation_result r = s.validate_json(doc);
  EXPECT_EQ(r.errors().size(), 100u);
  EXPECT_EQ(r.more(), 150u);
  EXPECT_NE(r.to_string().find("and 150 more errors\n"), std::string::npos);
  const validation_result r5 = s.validate_json(doc, {.max_errors = 5});
  EXPECT_EQ(r5.errors().size(), 5u);
  EXPECT_EQ(r5.more(), 245u);
  EXPECT_EQ(r5.errors()[4].instance_location, "/4");
}

TEST(JsonSchema, SyntaxErrorIsTheOneError) {
  const json_schema s = json_schema::compile(R"({"type": "object"})");
  const validation_result r = s.validate_json("{\"a\": [1, 2,]}");
  ASSERT_EQ(r.errors().size(), 1u);
  EXPECT_EQ(r.errors()[0].line, 1u);
  EXPECT_EQ(r.errors()[0].column, 13u);
  EXPECT_FALSE(s.is_valid_json("{"));
}

TEST(JsonSchema, ApplicatorsReportTheirBranches) {
  const json_schema s = json_schema::compile(R"({"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 10}]})");
  EXPECT_TRUE(s.validate_json("\"x\"").valid());
  EXPECT_TRUE(s.validate_json("12").valid());
  const std::vector<std::string> expected = {"|/anyOf/0/type|expected string, found integer", "|/anyOf/1/minimum|3 is below the minimum 10",
                                             "|/anyOf|the value matches none of the anyOf schemas"};
  EXPECT_EQ(lines(s.validate_json("3")), expected);
  const json_schema one = json_schema::compile(R"({"oneOf": [{"minimum": 0}, {"maximum": 10}]})");
  EXPECT_EQ(lines(one.validate_json("5")), std::vector<std::string>{"|/oneOf|the value matches oneOf schemas 0 and 1, not exactly one"});
  EXPECT_TRUE(one.is_valid_json("11"));
  const json_schema n = json_schema::compile(R"({"not": {"type": "null"}})");
  EXPECT_EQ(lines(n.validate_json("null")), std::vector<std::string>{"|/not|the value matches the schema of not"});
  const json_schema c = json_schema::compile(R"({"if": {"minimum": 0}, "then": {"multipleOf": 2}, "else": {"const": -1}})");
  EXPECT_EQ(lines(c.validate_json("3")), std::vector<std::string>{"|/then/multipleOf|3 is not a multiple of 2"});
  EXPECT_EQ(lines(c.validate_json("-3")), std::vector<std::string>{"|/else/const|the value is not the constant -1"});
}

TEST(JsonSchema, UnevaluatedAndDynamicReferences) {
  const json_schema s = json_schema::compile(R"({
    "allOf": [{"properties": {"a": true}}],
    "properties": {"b": true},
    "unevaluatedProperties": false})");
  EXPECT_TRUE(s.is_valid_json(R"({"a": 1, "b": 2})"));
  EXPECT_EQ(lines(s.validate_json(R"({"a": 1, "c": 2})")),
            std::vector<std::string>{"|/unevaluatedProperties|member \"c\" is not evaluated by any keyword and unevaluatedProperties does not allow it"});
  // A generic list whose items the outer schema decides ($dynamicRef).
  const json_schema list = json_schema::compile(R"({
    "$id": "https://example.com/strings",
    "$ref": "list",
    "$defs": {
      "items": {"$dynamicAnchor": "item", "type": "string"},
      "list": {"$id": "list", "type": "array", "items": {"$dynamicRef": "#item"},
               "$defs": {"default": {"$dynamicAnchor": "item"}}}
    }})");
  EXPECT_TRUE(list.is_valid_json(R"(["a", "b"])"));
  EXPECT_EQ(lines(list.validate_json(R"(["a", 1])")), std::vector<std::string>{"/1|/$ref/items/$dynamicRef/type|expected string, found integer"});
}

// A name given twice is one member for minProperties and maxProperties (JSON Schema's data model
// has unique names; Python's jsonschema, after json.loads keeps the last, agrees), though both
// DOMs keep both members and every other keyword checks both values.
TEST(JsonSchema, RepeatedNamesCountOnce) {
  const json_schema at_most_two = json_schema::compile(R"({"maxProperties": 2})");
  const json_schema at_least_two = json_schema::compile(R"({"minProperties": 2})");
  const std::string many_repeats = [] {
    std::string t = "{";
    for (int i = 0; i < 40; ++i) t += std::string(i ? "," : "") + "\"" + (i % 2 ? "a" : "b") + "\":" + std::to_string(i);
    return t + "}";
  }();
  for (const std::string& text : {std::string(R"({"a":1,"a":2})"), std::string(R"({"a":1,"b":2,"a":3,"b":4})"), many_repeats}) {
    const metajson::value v = metajson::from<metajson::value>(text);
    const metajson::document d = metajson::document::parse(text);
    EXPECT_TRUE(at_most_two.is_valid_json(text)) << text;
    EXPECT_TRUE(at_most_two.is_valid(v)) << text;
    EXPECT_TRUE(at_most_two.is_valid(d.root())) << text;
    EXPECT_TRUE(at_most_two.validate_json(text).valid()) << text;
  }
  EXPECT_EQ(lines(at_least_two.validate_json(R"({"a":1,"a":2})")), std::vector<std::string>{"|/minProperties|an object of 1 member has fewer than 2"});
  EXPECT_FALSE(at_least_two.is_valid(metajson::from<metajson::value>(R"({"a":1,"a":2})")));
  EXPECT_FALSE(at_least_two.is_valid(metajson::document::parse(R"({"a":1,"a":2})").root()));
  EXPECT_TRUE(at_least_two.is_valid_json(many_repeats));
  EXPECT_TRUE(at_least_two.is_valid_json(R"({"a":1,"a":2,"b":3})"));
  EXPECT_EQ(lines(at_most_two.validate_json(R"({"a":1,"b":2,"c":3,"a":4})")), std::vector<std::string>{"|/maxProperties|an object of 3 members has more than 2"});
  EXPECT_EQ(lines(at_most_two.validate_json(R"({"a":1,"b":2,"c":3})")), std::vector<std::string>{"|/maxProperties|an object of 3 members has more than 2"});
  std::string wide = "{";  // 40 distinct names: the path that sorts them
  for (int i = 0; i < 40; ++i) wide += std::string(i ? "," : "") + "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",\"k" + std::to_string(i) + "\":0";
  wide += "}";
  EXPECT_FALSE(json_schema::compile(R"({"maxProperties": 39})").is_valid_json(wide));
  EXPECT_TRUE(json_schema::compile(R"({"maxProperties": 40})").is_valid_json(wide));
  EXPECT_TRUE(json_schema::compile(R"({"minProperties": 40})").is_valid_json(wide));
  EXPECT_FALSE(json_schema::compile(R"({"minProperties": 41})").is_valid_json(wide));
  // The count stops once it decides; the message still has them all.
  EXPECT_EQ(lines(at_most_two.validate_json(wide)), std::vector<std::string>{"|/maxProperties|an object of 40 members has more than 2"});
  EXPECT_EQ(lines(json_schema::compile(R"({"maxProperties": 35})").validate_json(wide)),
            std::vector<std::string>{"|/maxProperties|an object of 40 members has more than 35"});
  EXPECT_EQ(lines(json_schema::compile(R"({"minProperties": 33})").validate_json(R"({"a":1,"a":2,"b":3})")),
            std::vector<std::string>{"|/minProperties|an object of 2 members has fewer than 33"});
  // Every other keyword sees both values.
  EXPECT_FALSE(json_schema::compile(R"({"additionalProperties": {"type": "integer"}})").is_valid_json(R"({"a":1,"a":"x"})"));
}

TEST(JsonSchema, NumbersByValue) {
  EXPECT_TRUE(json_schema::compile(R"({"multipleOf": 0.0001})").is_valid_json("0.0075"));
  EXPECT_FALSE(json_schema::compile(R"({"multipleOf": 0.0001})").is_valid_json("0.00751"));
  EXPECT_TRUE(json_schema::compile(R"({"type": "integer"})").is_valid_json("1.0"));
  EXPECT_TRUE(json_schema::compile(R"({"type": "integer"})").is_valid_json("123456789012345678901234567890"));
  EXPECT_FALSE(json_schema::compile(R"({"maximum": 18446744073709551600})").is_valid_json("18446744073709551615"));
  EXPECT_TRUE(json_schema::compile(R"({"const": 1})").is_valid_json("1.0"));
  EXPECT_TRUE(json_schema::compile(R"({"enum": [[1, {"a": 2.0}]]})").is_valid_json(R"([1.0, {"a": 2}])"));
  EXPECT_FALSE(json_schema::compile(R"({"uniqueItems": true})").is_valid_json("[1, 2, 1.0]"));
  EXPECT_TRUE(json_schema::compile(R"({"maxLength": 2})").is_valid_json("\"\xC3\xA9\xC3\xA9\""));  // two code points
  // A double of 2^53 or more is the integer it is, not its shortest digits (2^64 is not
  // 18446744073709552000): Python's jsonschema agrees on each (found by json_schema_oracle_test).
  EXPECT_FALSE(json_schema::compile(R"({"uniqueItems": true})").is_valid_json("[18446744073709551616, 18446744073709551616.0]"));
  EXPECT_TRUE(json_schema::compile(R"({"const": -9223372036854775808})").is_valid_json("-9223372036854775808.0"));
  EXPECT_TRUE(json_schema::compile(R"({"const": 18446744073709551616})").is_valid_json("1.8446744073709551616e19"));
  EXPECT_TRUE(json_schema::compile(R"({"maximum": 9223372036854775808})").is_valid_json("9223372036854775808.0"));
  EXPECT_FALSE(json_schema::compile(R"({"multipleOf": 1000})").is_valid_json("18446744073709551616.0"));
  EXPECT_FALSE(json_schema::compile(R"({"multipleOf": 1000})").is_valid(metajson::value(18446744073709551616.0)));
}

TEST(JsonSchema, RemoteReferencesComeFromTheRegistry) {
  metajson::schema_registry reg;
  reg.add("https://example.com/port.json", R"({"type": "integer", "minimum": 1})");
  const json_schema s = json_schema::compile(R"({"properties": {"p": {"$ref": "https://example.com/port.json"}}})", {}, &reg);
  EXPECT_TRUE(s.is_valid_json(R"({"p": 8})"));
  EXPECT_EQ(lines(s.validate_json(R"({"p": 0})")), std::vector<std::string>{"/p|/properties/p/$ref/minimum|0 is below the minimum 1"});
  EXPECT_EQ(s.validate_json(R"({"p": 0})").errors()[0].absolute_keyword_location, "https://example.com/port.json#/minimum");
  try {
    (void)json_schema::compile(R"({"$ref": "https://example.com/other.json"})", {}, &reg);
    FAIL() << "an unknown remote reference compiled";
  } catch (const metajson::error& e) {
    EXPECT_EQ(e.code(), metajson::error_code::invalid_schema);
    EXPECT_NE(e.message().find("register it (metajson::schema_registry::add), as remote references are never fetched"), std::string::npos)
        << e.message();
  }
}

TEST(JsonSchema, SchemasThatCannotBeCompiled) {
  auto why = [](const char* schema) {
    try {
      (void)json_schema::compile(schema);
    } catch (const metajson::error& e) {
      EXPECT_EQ(e.code(), metajson::error_code::invalid_schema) << e.message();
      return e.message();
    }
    return std::string("compiled");
  };
  EXPECT_NE(why(R"({"type": "integr"})").find("unknown type \"integr\""), std::string::npos);
  EXPECT_NE(why(R"({"minimum": "1"})").find("minimum must be a number"), std::string::npos);
  EXPECT_NE(why(R"({"multipleOf": 0})").find("multipleOf must be greater than 0"), std::string::npos);
  EXPECT_NE(why(R"({"$ref": "#/$defs/nothing"})").find("does not resolve"), std::string::npos);
  EXPECT_NE(why(R"({"$ref": "#nothing"})").find("names no anchor"), std::string::npos);
  EXPECT_NE(why(R"({"allOf": []})").find("non-empty array"), std::string::npos);
  EXPECT_NE(why(R"({"pattern": "(a"})").find("the regular expression \"(a\" cannot be used"), std::string::npos);
  EXPECT_NE(why(R"({"pattern": "(a)\\1"})").find("cannot be used"), std::string::npos);  // backreferences
  EXPECT_NE(why(R"({"$schema": "https://example.com/mine"})").find("register the metaschema"), std::string::npos);
  EXPECT_NE(why(R"({"properties": {"a": 1}})").find("a schema must be an object or a boolean"), std::string::npos);
  // Loops that never descend into the instance would never end: refused.
  EXPECT_NE(why(R"({"$ref": "#"})").find("without end"), std::string::npos);
  EXPECT_NE(why(R"({"$defs": {"a": {"allOf": [{"$ref": "#/$defs/b"}]}, "b": {"anyOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"})").find("without end"),
            std::string::npos);
  // A loop through the instance's children is fine: a tree of any depth.
  const json_schema tree = json_schema::compile(R"({"type": "array", "items": {"$ref": "#"}})");
  EXPECT_TRUE(tree.is_valid_json("[[], [[[]]]]"));
  EXPECT_FALSE(tree.is_valid_json("[[], [[[1]]]]"));
}

TEST(JsonSchema, BoundsOnHostileSchemasAndInstances) {
  // Nesting deeper than max_depth stops validation, with an error that says so.
  const json_schema tree = json_schema::compile(R"({"items": {"$ref": "#"}})");
  std::string deep(900, '[');
  deep += std::string(900, ']');
  EXPECT_TRUE(tree.is_valid_json(deep));
  const validation_result r = tree.validate_json(deep, {.max_depth = 100});
  ASSERT_EQ(r.errors().size(), 1u);
  EXPECT_NE(r.errors()[0].message.find("deeper than max_depth (100)"), std::string::npos);
  EXPECT_FALSE(tree.is_valid_json(deep, {.max_depth = 100}));
  // Branches that multiply: 2^40 evaluations without the step budget.
  std::string defs = R"({"$defs": {"d0": {"type": "integer"})";
  for (int i = 1; i <= 40; ++i)
    defs += ",\"d" + std::to_string(i) + "\": {\"anyOf\": [{\"$ref\": \"#/$defs/d" + std::to_string(i - 1) + "\"}, {\"$ref\": \"#/$defs/d" +
            std::to_string(i - 1) + "\"}]}";
  defs += R"(}, "$ref": "#/$defs/d40"})";
  const json_schema blowup = json_schema::compile(defs);
  const validation_result b = blowup.validate_json("\"not an integer\"", {.max_steps = 100000});
  ASSERT_EQ(b.errors().size(), 1u);
  EXPECT_NE(b.errors()[0].message.find("more than max_steps (100000)"), std::string::npos);
  // Catastrophic backtracking patterns run in linear time.
  const json_schema evil = json_schema::compile(R"({"pattern": "^(a+)+$"})");
  EXPECT_FALSE(evil.is_valid_json("\"" + std::string(5000, 'a') + "b\""));
  EXPECT_TRUE(evil.is_valid_json("\"" + std::string(5000, 'a') + "\""));
}

TEST(JsonSchema, FormatIsAnAnnotationUnlessAsserted) {
  const char* schema = R"({"format": "date"})";
  EXPECT_TRUE(json_schema::compile(schema).is_valid_json("\"2026-02-30\""));
  const json_schema strict = json_schema::compile(schema, {.format_assertion = true});
  EXPECT_FALSE(strict.is_valid_json("\"2026-02-30\""));
  EXPECT_TRUE(strict.is_valid_json("\"2024-02-29\""));
  EXPECT_EQ(lines(strict.validate_json("\"2026-02-30\"")), std::vector<std::string>{"|/format|\"2026-02-30\" is not a valid date"});
  EXPECT_TRUE(strict.is_valid_json("12"));  // formats apply to strings only
}

TEST(JsonSchema, Draft7) {
  const json_schema s = json_schema::compile(R"({"$schema": "http://json-schema.org/draft-07/schema#",
    "definitions": {"n": {"type": "number"}},
    "items": [{"$ref": "#/definitions/n", "type": "string"}], "additionalItems": false,
    "dependencies": {"a": ["b"], "c": {"required": ["d"]}}})");
  EXPECT_TRUE(s.is_valid_json("[1]"));  // draft-07: $ref's siblings are ignored
  EXPECT_EQ(lines(s.validate_json(R"([1, 2])")), std::vector<std::string>{"/1|/additionalItems|no value is allowed here (the schema is false)"});
  EXPECT_FALSE(s.is_valid_json(R"({"a": 1})"));
  EXPECT_FALSE(s.is_valid_json(R"({"c": 1})"));
  EXPECT_TRUE(s.is_valid_json(R"({"a": 1, "b": 2, "c": 3, "d": 4})"));
  // The draft of a schema without $schema is the option's.
  const json_schema d7 = json_schema::compile(R"({"items": [{"type": "string"}]})", {.draft = metajson::schema_draft::draft7});
  EXPECT_FALSE(d7.is_valid_json("[1]"));
}

TEST(JsonSchema, CopiesShareTheProgram) {
  json_schema a = json_schema::compile(R"({"type": "string"})");
  json_schema b = a;
  a = json_schema::compile(R"({"type": "integer"})");
  EXPECT_TRUE(b.is_valid_json("\"x\""));
  EXPECT_TRUE(a.is_valid_json("1"));
}

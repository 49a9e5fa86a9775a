// metajson::json_schema on hostile schemas and instances (issue 53). The input's bytes drive a
// generator of schemas (references between definitions, loops of $ref, applicators nested and
// multiplied, $dynamicRef, unevaluated*, patterns known for catastrophic backtracking, counted
// repetition, every keyword with odd operands) and of instances (deep, wide, strings that those
// patterns backtrack on); or, for a third of the inputs that start with "{", the input itself is
// "schema\ninstance".
// Checked: compiling either succeeds or throws invalid_schema with a reason (never anything
// else); validation ends within the step budget; the four ways of validating (value, document;
// every error, first failure) agree; a valid result has no error, an invalid one at least one,
// never more than max_errors listed.
#include <metajson/json_schema.hpp>

#include <string>

#include "../fuzz.hpp"

namespace {

struct stream {
  const std::uint8_t* p;
  std::size_t n, i = 0;
  unsigned next() { return i < n ? p[i++] : 0u; }
  unsigned pick(unsigned k) { return k ? next() % k : 0; }
};

const char* const patterns[] = {"^(a+)+$", "(a|a)*b", "(a*)*$", "^(a|aa)+$", ".*.*.*=.*", "^[a-z]{1,40}$", "a{0,200}b",
                                "(x+x+)+y", "^\\d+$", "\\p{L}", "(?!b)a", "^(?=a)a+$", "[^\\s]+", "\\bfoo\\b", "(((((a)))))*",
                                "\xC3\xA9+", "\xF0\x9F\x90\xB2*", "^$", "(", "a{2,1}", "\\1", "[z-a]", "(?<=a)b", ""};
// s as a JSON string's contents (the patterns hold backslashes).
std::string quoted(std::string_view s) {
  std::string o;
  for (char ch : s) {
    if (ch == '\\' || ch == '"') o += '\\';
    o += ch;
  }
  return o;
}

const char* const keys[] = {"a", "b", "aaaa", "x", "", "a/b", "~"};
const char* const types[] = {"null", "boolean", "object", "array", "number", "string", "integer"};

std::string number(stream& s) {
  static const char* const n[] = {"0", "1", "-1", "0.5", "1e308", "-1e-300", "3", "10", "0.0001", "18446744073709551616", "1.5", "2"};
  return n[s.pick(sizeof n / sizeof *n)];
}

std::string schema(stream& s, int depth) {
  if (depth > 6 || s.i >= s.n) return s.pick(2) ? "true" : "{}";
  auto sub = [&] { return schema(s, depth + 1); };
  std::string o = "{";
  const unsigned count = 1 + s.pick(3);
  for (unsigned k = 0; k < count; ++k) {
    if (k) o += ",";
    switch (s.pick(30)) {
      case 0: o += "\"type\":\"" + std::string(types[s.pick(7)]) + "\""; break;
      case 1: o += "\"$ref\":\"#/$defs/d" + std::to_string(s.pick(4)) + "\""; break;
      case 2: o += "\"allOf\":[" + sub() + "," + sub() + "]"; break;
      case 3: o += "\"anyOf\":[" + sub() + ",{\"$ref\":\"#/$defs/d" + std::to_string(s.pick(4)) + "\"}]"; break;
      case 4: o += "\"oneOf\":[" + sub() + "," + sub() + "]"; break;
      case 5: o += "\"not\":" + sub(); break;
      case 6: o += "\"if\":" + sub() + ",\"then\":" + sub() + ",\"else\":" + sub(); break;
      case 7: o += "\"properties\":{\"" + std::string(keys[s.pick(7)]) + "\":" + sub() + "}"; break;
      case 8: o += "\"patternProperties\":{\"" + quoted(patterns[s.pick(24)]) + "\":" + sub() + "}"; break;
      case 9: o += "\"additionalProperties\":" + sub(); break;
      case 10: o += "\"items\":" + sub(); break;
      case 11: o += "\"prefixItems\":[" + sub() + "]"; break;
      case 12: o += "\"contains\":" + sub() + ",\"minContains\":" + std::to_string(s.pick(3)) + ",\"maxContains\":" + std::to_string(s.pick(4)); break;
      case 13: o += "\"unevaluatedProperties\":" + sub(); break;
      case 14: o += "\"unevaluatedItems\":" + sub(); break;
      case 15: o += "\"$dynamicRef\":\"#meta\""; break;
      case 16: o += "\"$dynamicAnchor\":\"meta\""; break;
      case 17: o += "\"enum\":[" + number(s) + ",\"a\",null,[1,{\"a\":2}]]"; break;
      case 18: o += "\"const\":" + number(s); break;
      case 19: o += "\"minimum\":" + number(s) + ",\"exclusiveMaximum\":" + number(s); break;
      case 20: o += "\"multipleOf\":" + number(s); break;
      case 21: o += "\"uniqueItems\":true"; break;
      case 22: o += "\"required\":[\"" + std::string(keys[s.pick(7)]) + "\"]"; break;
      case 23: o += "\"dependentSchemas\":{\"a\":" + sub() + "}"; break;
      case 24: o += "\"propertyNames\":" + sub(); break;
      case 25: o += "\"pattern\":\"" + quoted(patterns[s.pick(24)]) + "\""; break;
      case 26: o += "\"maxLength\":" + std::to_string(s.pick(8)) + ",\"minItems\":" + std::to_string(s.pick(3)); break;
      case 27: o += "\"format\":\"" + std::string(s.pick(2) ? "date-time" : "regex") + "\""; break;
      case 28: o += "\"dependentRequired\":{\"a\":[\"b\"]},\"maxProperties\":" + std::to_string(s.pick(4)); break;
      default: o += "\"$defs\":{\"e\":" + sub() + "}"; break;
    }
  }
  return o + "}";
}

std::string instance(stream& s, int depth) {
  const unsigned what = depth > 40 ? s.pick(4) : s.pick(7);
  switch (what) {
    case 0: return number(s);
    case 1: return s.pick(2) ? "null" : "true";
    case 2: return "\"" + std::string(s.pick(40), 'a') + (s.pick(2) ? "b" : "") + "\"";
    case 3: return s.pick(2) ? "\"2026-02-30T10:00:00Z\"" : "\"(a\"";
    case 4:
    case 5: {
      std::string a = "[";
      const unsigned n = s.pick(5);
      for (unsigned i = 0; i < n; ++i) a += (i ? "," : "") + instance(s, depth + 1);
      return a + "]";
    }
    default: {
      std::string o = "{";
      const unsigned n = s.pick(4);
      for (unsigned i = 0; i < n; ++i) o += std::string(i ? "," : "") + "\"" + keys[(s.pick(7) + i) % 7] + std::to_string(i ? i : 0).substr(i ? 0 : 1) + "\":" + instance(s, depth + 1);
      return o + "}";
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string schema_text, instance_text;
  if (size > 0 && data[0] == '{' && size % 3 == 0) {  // a third of the objects: the text itself
    const std::string_view in = metajson_fuzz::as_text(data + 1, size - 1);
    const std::size_t nl = in.find('\n');
    schema_text = std::string(in.substr(0, nl));
    instance_text = nl == std::string_view::npos ? "null" : std::string(in.substr(nl + 1));
  } else {
    stream s{data, size};
    schema_text = "{\"$defs\":{";
    for (int d = 0; d < 4; ++d) schema_text += (d ? ",\"d" : "\"d") + std::to_string(d) + "\":" + schema(s, 1);
    schema_text += "}," + schema(s, 0).substr(1);
    instance_text = instance(s, 0);
  }
  const auto parsed = metajson::try_from<metajson::value>(schema_text);
  if (!parsed) return 0;  // not JSON: the reader's business (other targets)
  metajson::json_schema js;
  try {
    js = metajson::json_schema::compile(*parsed, {.format_assertion = (size & 2) != 0});
  } catch (const metajson::error& e) {
    METAJSON_FUZZ_CHECK(e.code() == metajson::error_code::invalid_schema);
    METAJSON_FUZZ_CHECK(!e.message().empty());
    return 0;
  }
  const auto v = metajson::try_from<metajson::value>(instance_text);
  if (!v) return 0;
  const metajson::document d = metajson::document::parse(instance_text);
  const metajson::validate_options o{.max_errors = 20, .max_depth = 512, .max_steps = 20000};
  const metajson::validation_result rv = js.validate(*v, o), rd = js.validate(d, o);
  const bool stopped = (!rv.valid() && rv.errors()[0].message.starts_with("validation stopped")) ||
                       (!rd.valid() && rd.errors()[0].message.starts_with("validation stopped"));
  METAJSON_FUZZ_CHECK(rv.errors().size() <= 20 && rd.errors().size() <= 20);
  if (!stopped) {
    METAJSON_FUZZ_CHECK(rv.valid() == rd.valid());
    METAJSON_FUZZ_CHECK(rv.errors().size() == rd.errors().size() && rv.more() == rd.more());
    for (std::size_t i = 0; i < rv.errors().size(); ++i) {
      METAJSON_FUZZ_CHECK(rv.errors()[i].instance_location == rd.errors()[i].instance_location);
      METAJSON_FUZZ_CHECK(rv.errors()[i].keyword_location == rd.errors()[i].keyword_location);
      METAJSON_FUZZ_CHECK(!rv.errors()[i].message.empty());
    }
    // The first-failure mode stops sooner: it may stop where the full one did not, never the reverse.
    const bool iv = js.is_valid(*v, o), id = js.is_valid(d, o);
    METAJSON_FUZZ_CHECK(iv == id);
    METAJSON_FUZZ_CHECK(iv == rv.valid());
  }
  return 0;
}

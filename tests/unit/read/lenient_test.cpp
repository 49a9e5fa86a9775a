// Lenient input, opt-in (docs/lenient.md): comments, trailing commas, NaN and Infinity; the
// places of errors in a text with comments; what does not compile with them (compile_fail);
// and a property test: random values written with random comments, whitespace and trailing
// commas by this file's own writer read back equal to the same values read strictly, with the
// independent reference validator's verdict on every text.
#include "round_trip.hpp"

#include <metajson/file.hpp>
#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "reference_validator.hpp"

namespace {

using metajson::error_code;
using metajson::value;

constexpr metajson::options comments{.allow_comments = true};
constexpr metajson::options commas{.allow_trailing_commas = true};
constexpr metajson::options nonfinite{.allow_nonfinite = true};
constexpr metajson::options lenient{.allow_comments = true, .allow_trailing_commas = true, .allow_nonfinite = true};

struct Config {
  std::string name;
  int port = 0;
  std::vector<std::string> hosts;
  std::map<std::string, double> weights;
  std::optional<bool> debug;
  bool operator==(const Config&) const = default;
};

const Config expected_config{"api", 8080, {"a", "b"}, {{"x", 0.5}}, true};

// --- comments ---------------------------------------------------------------------------------

TEST(Lenient, CommentsWhereverWhitespaceMayStand) {
  const std::string text = R"(// a configuration file
{
  /* the service */ "name" /* key */ : /* value */ "api", // trailing line comment
  "port": 8080/* right after a number */,
  "hosts": [ "a" // first
           , /* second: */ "b" ],
  "weights": {"x": 0.5},
  "debug": true /* multi
  line */
} // the end, without a newline)";
  EXPECT_EQ((metajson::from<Config, comments>(text)), expected_config);
  EXPECT_FALSE(metajson::validate<comments>(text));
  EXPECT_TRUE(metajson::validate(text));  // strict by default
  EXPECT_EQ(metajson::validate(text).code(), error_code::syntax_error);
  const value v = metajson::from<value, comments>(text);
  EXPECT_EQ(metajson::to_json(v), R"({"name":"api","port":8080,"hosts":["a","b"],"weights":{"x":0.5},"debug":true})");
  EXPECT_EQ((metajson::from_pointer<std::string, comments>(text, "/hosts/1")), "b");
}

TEST(Lenient, CommentMarksInsideStringsAreText) {
  EXPECT_EQ((metajson::from<std::string, comments>(R"("a // b /* c */")")), "a // b /* c */");
  EXPECT_EQ((metajson::from<std::string, comments>(R"("q\"//" // c)")), "q\"//");
  EXPECT_EQ((metajson::from<std::string, comments>(R"("b\\" // c)")), "b\\");
  EXPECT_EQ((metajson::from<std::vector<std::string>, comments>(R"(["\\\"/*", /* c */ "*/"])")),
            (std::vector<std::string>{"\\\"/*", "*/"}));
  EXPECT_EQ((metajson::from<int, comments>("/**/1/***/")), 1);
  EXPECT_EQ((metajson::from<int, comments>("/*/ still a comment */ 2")), 2);
  EXPECT_EQ((metajson::from<int, comments>("3 // a\r// b\n// c")), 3);
}

TEST(Lenient, BrokenComments) {
  const auto e1 = metajson::validate<comments>("[1, /* never closed ]");
  EXPECT_EQ(e1.code(), error_code::unexpected_end);
  EXPECT_EQ(e1.offset(), 21u);
  EXPECT_EQ(e1.message(), "unexpected end of input (in a /* comment: no */ closes it) at $ (line 1, column 22)");
  const auto e2 = metajson::validate<comments>("[1, / 2]");
  EXPECT_EQ(e2.code(), error_code::syntax_error);
  EXPECT_EQ(e2.offset(), 4u);
  EXPECT_NE(e2.message().find("expected // or /*"), std::string::npos) << e2.message();
  const auto e3 = metajson::validate<comments>("1 /* \xff */");
  EXPECT_EQ(e3.code(), error_code::syntax_error);
  EXPECT_EQ(e3.message(), "invalid UTF-8 in a comment at $ (line 1, column 6)");
  EXPECT_EQ(e3.offset(), 5u);
  EXPECT_FALSE((metajson::validate<{.utf8 = metajson::utf8_policy::unchecked, .allow_comments = true}>("1 /* \xff */")));
  EXPECT_EQ(metajson::validate<comments>("1/").code(), error_code::syntax_error);
  EXPECT_EQ(metajson::validate<comments>("// only a comment").code(), error_code::unexpected_end);
  EXPECT_EQ(metajson::validate<comments>("tru/**/e").code(), error_code::syntax_error);
}

TEST(Lenient, ErrorsKeepTheirPlaceInTheText) {
  const std::string text = "/* line 1\n line 2 */ {\"name\": \"api\",\n // line 3\n \"port\": \"x\"}";
  const auto r = metajson::try_from<Config, comments>(text);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), error_code::type_mismatch);
  EXPECT_EQ(r.error().path(), "$.port");
  EXPECT_EQ(r.error().offset(), text.find("\"x\""));
  EXPECT_EQ(r.error().line(), 4u);
  EXPECT_EQ(r.error().column(), 10u);
}

// --- trailing commas --------------------------------------------------------------------------

TEST(Lenient, TrailingCommas) {
  EXPECT_EQ((metajson::from<std::vector<int>, commas>("[1, 2,]")), (std::vector<int>{1, 2}));
  EXPECT_EQ((metajson::from<std::vector<int>, commas>("[1,\n]")), (std::vector<int>{1}));
  const std::string text = R"({"name": "api", "port": 8080, "hosts": ["a", "b",], "weights": {"x": 0.5,}, "debug": true,})";
  EXPECT_EQ((metajson::from<Config, commas>(text)), expected_config);
  EXPECT_TRUE(metajson::validate(text));
  EXPECT_TRUE(metajson::validate<comments>(text));  // each option allows only its own
  EXPECT_EQ((metajson::from<Config, lenient>(R"({"name": "api", /* c */ "port": 8080, "hosts": ["a", "b", // c
  ], "weights": {"x": 0.5 , /* c */ }, "debug": true,})")), expected_config);
  EXPECT_EQ(metajson::to_json(metajson::from<value, commas>(R"([{},[],"s",1,true,null,{"a":[1,],},])")),
            R"([{},[],"s",1,true,null,{"a":[1]}])");
}

TEST(Lenient, OnlyOneCommaAfterAValue) {
  for (const char* bad : {"[,]", "[1,,]", "{,}", R"({"a":,})", R"({"a":1,,})", "1,", "[1],", "[1,]]", R"({"a":1,])"}) {
    const auto e = metajson::validate<commas>(bad);
    EXPECT_TRUE(e) << bad;
    EXPECT_FALSE(reference::accepts(bad, {.trailing_commas = true})) << bad;
  }
  EXPECT_EQ(metajson::validate<commas>("[1,,]").offset(), 3u);
  EXPECT_EQ(metajson::validate<commas>("[,]").offset(), 1u);
}

// --- NaN and infinities -----------------------------------------------------------------------

struct Sample {
  double d = 0;
  float f = 0;
  std::vector<double> many;
  bool operator==(const Sample&) const = default;
};

TEST(Lenient, NonFiniteRead) {
  const auto s = metajson::from<Sample, nonfinite>(R"({"d": NaN, "f": -Infinity, "many": [Infinity, -Infinity, 1.5, -2]})");
  EXPECT_TRUE(std::isnan(s.d));
  EXPECT_EQ(s.f, -std::numeric_limits<float>::infinity());
  EXPECT_EQ(s.many, (std::vector<double>{INFINITY, -INFINITY, 1.5, -2}));
  const value v = metajson::from<value, nonfinite>("[NaN, Infinity, -Infinity, -0, 1]");
  ASSERT_TRUE(v.is_array());
  EXPECT_TRUE(std::isnan(v.as_array()[0].as_double()));
  EXPECT_EQ(v.as_array()[1].as_double(), INFINITY);
  EXPECT_EQ(v.as_array()[2].as_double(), -INFINITY);
  using V = std::variant<std::int64_t, double, std::string>;
  EXPECT_EQ((metajson::from<V, nonfinite>("Infinity")), V(INFINITY));
  EXPECT_EQ((metajson::from<V, nonfinite>("-7")), V(std::int64_t{-7}));
  EXPECT_EQ((metajson::from<std::optional<double>, nonfinite>("-Infinity")), std::optional<double>(-INFINITY));
  // Skipped values are still checked.
  struct Small {
    int a = 0;
  };
  EXPECT_EQ((metajson::from<Small, nonfinite>(R"({"x": [NaN, {"y": -Infinity}], "a": 3})").a), 3);
  EXPECT_FALSE(metajson::validate<nonfinite>("[NaN,Infinity,-Infinity]"));
  EXPECT_TRUE(metajson::validate("[NaN]"));  // strict by default
}

TEST(Lenient, NonFiniteMisspelledOrMisplaced) {
  for (const char* bad : {"Nan", "NaNa", "nan", "Infinit", "Inf", "-Inf", "-Infinityx", "- Infinity", "+Infinity", "infinity", "-NaN"}) {
    EXPECT_TRUE(metajson::validate<nonfinite>(bad)) << bad;
    EXPECT_FALSE((metajson::try_from<double, nonfinite>(bad))) << bad;
    EXPECT_FALSE((metajson::try_from<value, nonfinite>(bad))) << bad;
    EXPECT_FALSE(reference::accepts(bad, {.nonfinite = true})) << bad;
  }
  const auto r = metajson::try_from<int, nonfinite>("NaN");  // not for integers
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), error_code::syntax_error);
  EXPECT_FALSE((metajson::try_from<std::string, nonfinite>("Infinity")));
}

TEST(Lenient, NonFiniteWritten) {
  EXPECT_EQ(metajson::to_json<nonfinite>(std::vector<double>{NAN, INFINITY, -INFINITY, 1.0}), "[NaN,Infinity,-Infinity,1.0]");
  EXPECT_EQ(metajson::to_json<nonfinite>(std::vector<float>{-NAN, INFINITY}), "[NaN,Infinity]");
  EXPECT_EQ(metajson::to_json<nonfinite>(std::vector<long double>{-INFINITY}), "[-Infinity]");
  EXPECT_EQ((metajson::to_json<{.pretty = true, .allow_nonfinite = true}>(Sample{INFINITY, NAN, {}})),
            "{\n  \"d\": Infinity,\n  \"f\": NaN,\n  \"many\": []\n}");
  EXPECT_EQ(metajson::to_json<nonfinite>(metajson::from<value, nonfinite>("[NaN,-Infinity]")), "[NaN,-Infinity]");
  // Read back equal.
  const Sample s{-INFINITY, INFINITY, {1e308, -INFINITY}};
  EXPECT_EQ((metajson::from<Sample, nonfinite>(metajson::to_json<nonfinite>(s))), s);
  const auto strict = metajson::try_to_json(Sample{NAN, 0, {}});
  EXPECT_FALSE(strict);
  EXPECT_EQ(strict.error().code(), error_code::non_finite_number);
}

// --- from_file --------------------------------------------------------------------------------

TEST(Lenient, FromFile) {
  const auto path = std::filesystem::temp_directory_path() / "metajson_lenient_test.jsonc";
  {
    std::ofstream f(path, std::ios::binary);
    f << "// settings\n{\"name\": \"api\", \"port\": 8080, \"hosts\": [\"a\", \"b\",],\n"
         "\"weights\": {\"x\": 0.5}, \"debug\": true, /* done */}\n";
  }
  EXPECT_EQ((metajson::from_file<Config, lenient>(path)), expected_config);
  const auto strict = metajson::try_from_file<Config>(path);
  ASSERT_FALSE(strict);
  EXPECT_EQ(strict.error().line(), 1u);
  std::filesystem::remove(path);
}

// --- property test: random values in random lenient dress --------------------------------------

// This file's own writer of a metajson::value as lenient text: comments and whitespace between
// any two tokens, a trailing comma after some last elements and members, non-finite doubles
// spelled as JavaScript does. Numbers through to_json (their text is not what is tested here).
class dresser {
 public:
  explicit dresser(std::mt19937_64& rng) : rng_(rng) {}

  std::string dress(const value& v) {
    out_.clear();
    gap();
    write(v);
    gap();
    return out_;
  }

 private:
  std::mt19937_64& rng_;
  std::string out_;

  bool chance(int in) { return rng_() % static_cast<unsigned>(in) == 0; }

  void gap() {
    static const char* const pieces[] = {" ", "\n", "\t", "\r\n", "/**/", "/* a */", "/* \"quoted\" [,] */",
                                         "// line\n", "//\n", "/* multi\nline */", "/* caf\xc3\xa9 */", "/*/ */"};
    while (chance(2)) out_ += pieces[rng_() % std::size(pieces)];
  }

  void write(const value& v) {
    if (v.is_array()) {
      out_ += '[';
      const auto& a = v.as_array();
      for (std::size_t i = 0; i < a.size(); ++i) {
        gap();
        write(a[i]);
        gap();
        if (i + 1 < a.size() || chance(2)) out_ += ',';
      }
      gap();
      out_ += ']';
    } else if (v.is_object()) {
      out_ += '{';
      const auto& o = v.as_object();
      for (std::size_t i = 0; i < o.size(); ++i) {
        gap();
        out_ += metajson::to_json(o[i].first);
        gap();
        out_ += ':';
        gap();
        write(o[i].second);
        gap();
        if (i + 1 < o.size() || chance(2)) out_ += ',';
      }
      gap();
      out_ += '}';
    } else if (v.is_double() && !std::isfinite(v.as_double())) {
      const double d = v.as_double();
      out_ += std::isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
    } else {
      out_ += metajson::to_json(v);
    }
  }
};

value random_value(std::mt19937_64& rng, int depth) {
  const unsigned pick = static_cast<unsigned>(rng() % (depth > 3 ? 6 : 9));
  switch (pick) {
    case 0: return value(nullptr);
    case 1: return value(rng() % 2 == 0);
    case 2: return value(static_cast<std::int64_t>(rng() % 2000) - 1000);
    case 3: {
      const double special[] = {0.25, -1e300, NAN, INFINITY, -INFINITY};
      return value(special[rng() % std::size(special)]);
    }
    case 4: {
      const char* const texts[] = {"", "a", "// not a comment", "/* nor this */", "tab\tquote\"slash\\", "caf\xc3\xa9"};
      return value(std::string(texts[rng() % std::size(texts)]));
    }
    case 5: return value(std::string(rng() % 5, ','));
    case 6:
    case 7: {
      value::array a;
      for (int i = static_cast<int>(rng() % 4); i > 0; --i) a.push_back(random_value(rng, depth + 1));
      return value(std::move(a));
    }
    default: {
      value::object o;
      for (int i = static_cast<int>(rng() % 4); i > 0; --i)
        o.emplace_back(std::string(1, static_cast<char>('a' + rng() % 26)), random_value(rng, depth + 1));
      return value(std::move(o));
    }
  }
}

TEST(Lenient, RandomValuesInLenientDressReadBackEqual) {
  std::mt19937_64 rng(2026);
  dresser d(rng);
  for (int trial = 0; trial < 20000; ++trial) {
    const value v = random_value(rng, 0);
    const std::string plain = metajson::to_json<nonfinite>(v);
    const std::string text = d.dress(v);
    ASSERT_FALSE(metajson::validate<lenient>(text)) << text;
    ASSERT_TRUE(reference::accepts(text, {.comments = true, .trailing_commas = true, .nonfinite = true})) << text;
    const auto back = metajson::try_from<value, lenient>(text);
    ASSERT_TRUE(back) << text << "\n" << back.error().message();
    EXPECT_EQ(metajson::to_json<nonfinite>(*back), plain) << text;
    // A text with no comment, trailing comma or non-finite number is plain JSON, and the strict
    // reader's verdict agrees with the lenient one on every text.
    EXPECT_EQ(!metajson::validate(text), reference::accepts(text)) << text;
    // Cut anywhere, the text is refused exactly when the reference refuses it.
    const std::size_t cut = rng() % (text.size() + 1);
    const std::string_view part(text.data(), cut);
    EXPECT_EQ(!metajson::validate<lenient>(part),
              reference::accepts(part, {.comments = true, .trailing_commas = true, .nonfinite = true}))
        << part;
  }
}

}  // namespace

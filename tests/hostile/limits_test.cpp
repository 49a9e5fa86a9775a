// The reader's limits and the inputs a server must survive: a million nested arrays, numbers
// with a million digits, absurd exponents, an object with a million members, a 10 MB key, and
// the options that bound depth, string length and document size. Every case must end in a
// value or a precise error, in time linear in the input, with a short message.
#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace {

using metajson::error_code;

struct Small {
  int a = 0;
  std::string b;
};

// A recursive type: each level of JSON is a level of C++ recursion in the reader.
struct Tree {
  int v = 0;
  std::map<std::string, Tree> named;
  std::vector<Tree> kids;
};

template <class T, metajson::options O = metajson::options{}>
error_code code_of(std::string_view json) {
  T out{};
  return metajson::from_json<O>(json, out).code();
}

template <metajson::options O = metajson::options{}>
error_code validate_code(std::string_view json) {
  return metajson::validate<O>(json).code();
}

// --- depth ------------------------------------------------------------------------------------

TEST(Limits, MillionNestedArraysIsADepthError) {
  const std::string open(1'000'000, '[');
  const std::string doc = open + std::string(1'000'000, ']');
  for (const std::string* d : {&open, &doc}) {
    EXPECT_EQ(validate_code(*d), error_code::depth_exceeded);
    EXPECT_EQ(code_of<metajson::value>(*d), error_code::depth_exceeded);
    EXPECT_EQ(code_of<std::vector<metajson::value>>(*d), error_code::depth_exceeded);
    EXPECT_EQ(code_of<Small>(*d), error_code::type_mismatch);  // a struct wants an object
    EXPECT_EQ(code_of<metajson::raw_json>(*d), error_code::depth_exceeded);
  }
  const auto e = metajson::validate(doc);
  EXPECT_EQ(e.offset(), 1024u);  // the first bracket past the limit
  EXPECT_LT(e.message().size(), 200u);
}

TEST(Limits, MillionNestedObjectsIsADepthError) {
  std::string doc;
  for (int i = 0; i < 1'000'000; ++i) doc += "{\"z\":";
  EXPECT_EQ(validate_code(doc), error_code::depth_exceeded);
  EXPECT_EQ(code_of<metajson::value>(doc), error_code::depth_exceeded);
  EXPECT_EQ((code_of<std::map<std::string, metajson::value>>(doc)), error_code::depth_exceeded);
  // A struct skips the unknown key "z" and its value: the skipper counts depth too.
  EXPECT_EQ(code_of<Small>(doc), error_code::depth_exceeded);
}

TEST(Limits, MaxDepthOption) {
  constexpr metajson::options O{.max_depth = 10};
  const std::string ten = std::string(10, '[') + std::string(10, ']');
  const std::string eleven = std::string(11, '[') + std::string(11, ']');
  EXPECT_EQ(validate_code<O>(ten), error_code::ok);
  EXPECT_EQ(validate_code<O>(eleven), error_code::depth_exceeded);
  EXPECT_EQ((code_of<metajson::value, O>(ten)), error_code::ok);
  EXPECT_EQ((code_of<metajson::value, O>(eleven)), error_code::depth_exceeded);
  using V3 = std::vector<std::vector<std::vector<int>>>;
  constexpr metajson::options O2{.max_depth = 2};
  EXPECT_EQ((code_of<V3, O2>("[[[1]]]")), error_code::depth_exceeded);
  EXPECT_EQ((code_of<V3>("[[[1]]]")), error_code::ok);
}

// The skipper keeps the open containers as bits, 64 levels to a word, in a stack that grows past
// 4,096 levels (read/skip.hpp): arrays and objects alternating at every level, so that a word
// restored at the wrong place would mistake a ']' for a '}', closed at every depth around the
// word boundaries and past the growth, and the limit at its exact level.
TEST(Limits, SkipperStackAtDepth) {
  struct Small {
    int a = 0;
  };
  auto nested = [](int levels, bool close) {
    std::string open, end;
    for (int i = 0; i < levels; ++i) {
      open += i % 2 ? "[" : "{\"z\":";
      end.insert(0, i % 2 ? "]" : "}");
    }
    return "{\"skip\":" + open + "1" + (close ? end + ",\"a\":7}" : "");  // unclosed: the input ends there
  };
  constexpr metajson::options deep{.max_depth = 10'000};
  for (int levels : {1, 2, 63, 64, 65, 127, 128, 129, 4095, 4096, 4097, 5000, 9998}) {
    const std::string doc = nested(levels, true);
    Small s;
    ASSERT_FALSE((metajson::from_json<deep>(doc, s))) << levels;
    EXPECT_EQ(s.a, 7) << levels;
    EXPECT_EQ(validate_code<deep>(doc), error_code::ok) << levels;
    // One bracket of the wrong kind at the innermost level: refused there.
    std::string bad = doc;
    const std::size_t inner = bad.find('1') + 1;
    bad[inner] = bad[inner] == ']' ? '}' : ']';
    EXPECT_EQ(code_of<Small>(bad), levels + 1 > 1024 ? error_code::depth_exceeded : error_code::syntax_error) << levels;
    EXPECT_EQ(((code_of<Small, deep>(bad))), error_code::syntax_error) << levels;
    EXPECT_EQ(code_of<Small>(nested(levels, false)), levels + 1 > 1024 ? error_code::depth_exceeded : error_code::unexpected_end)
        << levels;
  }
  EXPECT_EQ((code_of<Small, deep>(nested(9999, true))), error_code::ok);  // with the outer object: 10,000 levels
  EXPECT_EQ((code_of<Small, deep>(nested(10000, true))), error_code::depth_exceeded);
}

TEST(Limits, RecursiveStructAtTheDepthLimit) {
  // {"kids":[{"kids":[ ... ]}]}: two levels (object, array) per Tree.
  auto nested = [](int trees) {
    std::string doc;
    for (int i = 0; i < trees; ++i) doc += R"({"v":1,"kids":[)";
    for (int i = 0; i < trees; ++i) doc += "]}";
    return doc;
  };
  Tree t;
  ASSERT_FALSE(metajson::from_json(nested(512), t));  // 1,024 levels: the default limit
  int depth = 0;
  for (const Tree* p = &t; !p->kids.empty(); p = &p->kids[0]) ++depth;
  EXPECT_EQ(depth, 511);
  EXPECT_EQ(metajson::from_json(nested(513), t).code(), error_code::depth_exceeded);
  EXPECT_EQ(metajson::from_json(nested(100'000), t).code(), error_code::depth_exceeded);
  // Through the map too.
  std::string doc;
  for (int i = 0; i < 600; ++i) doc += R"({"named":{"x":)";
  EXPECT_EQ(metajson::from_json(doc, t).code(), error_code::depth_exceeded);
}

// --- numbers ------------------------------------------------------------------------------------

TEST(Limits, NumberWithAMillionDigits) {
  const std::string ones(1'000'000, '1');
  for (auto code : {code_of<std::int64_t>(ones), code_of<std::uint64_t>(ones), code_of<__int128>(ones),
                    code_of<double>(ones), code_of<float>(ones)})
    EXPECT_EQ(code, error_code::number_out_of_range);
  EXPECT_EQ(validate_code(ones), error_code::ok);  // the grammar allows it
  EXPECT_EQ(metajson::from<metajson::value>(ones).big_number_text(), ones);  // and a value keeps it
  const auto e = metajson::try_from<std::int64_t>(ones).error();
  EXPECT_LT(e.message().size(), 200u) << e.message().substr(0, 300);
  EXPECT_NE(e.message().find("1000000 characters"), std::string::npos) << e.message();

  // A fraction of a million digits is an ordinary double.
  const std::string frac = "0." + ones;
  EXPECT_DOUBLE_EQ(metajson::from<double>(frac), 0.1111111111111111);
  EXPECT_EQ(code_of<int>(frac), error_code::type_mismatch);
  EXPECT_LT(metajson::try_from<int>(frac).error().message().size(), 200u);
  // A million zeros then a one: the digit count does not decide alone.
  EXPECT_DOUBLE_EQ(metajson::from<double>("0." + std::string(999'999, '0') + "1"), 0.0);
  EXPECT_DOUBLE_EQ(metajson::from<double>("1" + std::string(999'999, '0') + "e-999999"), 1.0);
  EXPECT_EQ(metajson::from<std::vector<double>>("[" + frac + "," + frac + "]").size(), 2u);
}

TEST(Limits, HugeExponents) {
  for (const char* big : {"1e999999999", "1E+999999999", "-1e999999999", "1e99999999999999999999999999",
                          "123.456e2147483648", "1e400"}) {
    EXPECT_EQ(code_of<double>(big), error_code::number_out_of_range) << big;
    EXPECT_EQ(code_of<float>(big), error_code::number_out_of_range) << big;
    EXPECT_EQ(metajson::from<metajson::value>(big).big_number_text(), big);  // kept as its text
    EXPECT_EQ(code_of<int>(big), error_code::type_mismatch) << big;
    EXPECT_EQ(validate_code(big), error_code::ok) << big;
  }
  for (const char* tiny : {"1e-999999999", "1e-99999999999999999999999999", "0e999999999", "0.0e99999999999",
                           "123.456e-2147483649"}) {
    const double d = metajson::from<double>(tiny);
    EXPECT_EQ(d, 0.0) << tiny;
    EXPECT_FALSE(std::signbit(d)) << tiny;
  }
  EXPECT_TRUE(std::signbit(metajson::from<double>("-1e-999999999")));
  EXPECT_EQ(metajson::from<double>("1e308"), 1e308);
  EXPECT_EQ(metajson::from<double>("1e-324"), 0.0);
  EXPECT_EQ(metajson::from<double>("5e-324"), 5e-324);
}

// --- wide objects and long strings --------------------------------------------------------------

std::string million_members() {
  std::string doc = "{";
  for (int i = 0; i < 1'000'000; ++i) {
    if (i) doc += ',';
    doc += "\"k" + std::to_string(i) + "\":" + std::to_string(i);
  }
  return doc + "}";
}

TEST(Limits, ObjectWithAMillionMembers) {
  const std::string doc = million_members();
  EXPECT_EQ(validate_code(doc), error_code::ok);
  Small s = metajson::from<Small>(doc);  // every key unknown: skipped
  EXPECT_EQ(s.a, 0);
  const auto m = metajson::from<std::map<std::string, int>>(doc);
  EXPECT_EQ(m.size(), 1'000'000u);
  EXPECT_EQ(m.at("k999999"), 999999);
  const auto v = metajson::from<metajson::value>(doc);
  EXPECT_EQ(v.as_object().size(), 1'000'000u);
  constexpr metajson::options deny{.unknown_keys = metajson::unknown_key_policy::error};
  EXPECT_EQ((code_of<Small, deny>(doc)), error_code::unknown_key);
}

TEST(Limits, TenMegabyteKey) {
  const std::string key(10'000'000, 'k');
  const std::string doc = "{\"" + key + "\":1,\"a\":2}";
  EXPECT_EQ(validate_code(doc), error_code::ok);
  EXPECT_EQ(metajson::from<Small>(doc).a, 2);  // the long key matches nothing and is skipped
  const auto m = metajson::from<std::map<std::string, int>>(doc);
  EXPECT_EQ(m.at(key), 1);
  EXPECT_EQ(metajson::from<metajson::value>(doc).as_object()[0].first.size(), key.size());

  constexpr metajson::options O{.max_string_length = 1 << 20};
  EXPECT_EQ(validate_code<O>(doc), error_code::string_too_long);
  EXPECT_EQ((code_of<Small, O>(doc)), error_code::string_too_long);
  EXPECT_EQ((code_of<std::map<std::string, int>, O>(doc)), error_code::string_too_long);
  EXPECT_EQ((code_of<metajson::value, O>(doc)), error_code::string_too_long);
  const auto e = metajson::try_from<Small, O>(doc).error();
  EXPECT_EQ(e.offset(), 1u);  // the opening quote of the key
  EXPECT_NE(e.message().find("10000000 bytes, the limit is 1048576"), std::string::npos) << e.message();
}

TEST(Limits, MaxStringLengthEverywhere) {
  constexpr metajson::options O{.max_string_length = 4};
  // At the limit: accepted, as a value, a key, escaped or not, skipped or kept.
  EXPECT_EQ((code_of<std::string, O>(R"("abcd")")), error_code::ok);
  EXPECT_EQ((code_of<std::string, O>(R"("a\nb")")), error_code::ok);  // 4 bytes as written
  EXPECT_EQ((code_of<std::string_view, O>(R"("abcd")")), error_code::ok);
  EXPECT_EQ((code_of<Small, O>(R"({"abcd":1,"b":"wxyz"})")), error_code::ok);
  // One byte over: an error wherever the string is.
  EXPECT_EQ((code_of<std::string, O>(R"("abcde")")), error_code::string_too_long);
  EXPECT_EQ((code_of<std::string, O>(R"("a\n\tb")")), error_code::string_too_long);  // escaped: 6 bytes
  EXPECT_EQ((code_of<std::string, O>("\"\xC3\xA9\xC3\xA9\xC3\xA9\"")), error_code::string_too_long);
  EXPECT_EQ((code_of<std::string_view, O>(R"("abcde")")), error_code::string_too_long);
  EXPECT_EQ((code_of<Small, O>(R"({"abcde":1})")), error_code::string_too_long);       // unknown key
  EXPECT_EQ((code_of<Small, O>(R"({"a":1,"b":"vwxyz"})")), error_code::string_too_long);  // member
  EXPECT_EQ((code_of<Small, O>(R"({"c":["vwxyz"]})")), error_code::string_too_long);  // skipped value
  EXPECT_EQ((code_of<std::vector<std::string>, O>(R"(["abc","abcdefgh"])")), error_code::string_too_long);
  EXPECT_EQ((code_of<std::map<std::string, int>, O>(R"({"abcde":1})")), error_code::string_too_long);
  EXPECT_EQ((code_of<std::map<int, int>, O>(R"({"123456":1})")), error_code::string_too_long);
  EXPECT_EQ((code_of<metajson::raw_json, O>(R"(["abcde"])")), error_code::string_too_long);
  EXPECT_EQ((code_of<metajson::value, O>(R"({"k":"abcde"})")), error_code::string_too_long);
  EXPECT_EQ(validate_code<O>(R"([1,"abcde"])"), error_code::string_too_long);
  // The path says where.
  const auto e = metajson::try_from<std::vector<std::string>, O>(R"(["abc","abcdefgh"])").error();
  EXPECT_EQ(e.path(), "$[1]");
  EXPECT_EQ(e.column(), 8u);
}

// --- document size ------------------------------------------------------------------------------

TEST(Limits, MaxDocumentSizeOption) {
  constexpr metajson::options O{.max_document_size = 8};
  EXPECT_EQ(validate_code<O>("[1,2,3] "), error_code::ok);        // 8 bytes
  EXPECT_EQ(validate_code<O>("[1,2,3]  "), error_code::document_too_large);  // 9, whitespace counts
  EXPECT_EQ((code_of<std::vector<int>, O>("[1,2,3] ")), error_code::ok);
  EXPECT_EQ((code_of<std::vector<int>, O>("[1,2,3,4]")), error_code::document_too_large);
  const auto e = metajson::try_from<std::vector<int>, O>("[1,2,3,4]").error();
  EXPECT_EQ(e.offset(), 0u);
  EXPECT_EQ(e.message(), "document larger than max_document_size (9 bytes, the limit is 8) at $ (line 1, column 1)");
  // The default is 1 GiB.
  static_assert(metajson::options{}.max_document_size == std::size_t{1} << 30);
  static_assert(metajson::options{}.max_string_length == std::size_t{1} << 26);
  static_assert(metajson::options{}.max_depth == 1024);
}

}  // namespace

// Reading strings: escapes, surrogates, UTF-8, control bytes, string_view, char.
#include <metajson/value.hpp>
#include "round_trip.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <random>
#include <vector>
#include <string>
#include <string_view>

namespace {

using metajson::error_code;

TEST(ReadString, Escapes) {
  expect_read<std::string>(R"("a\"b\\c\/d\b\f\n\r\t")", "a\"b\\c/d\b\f\n\r\t");
  expect_read<std::string>(R"("\u0041\u00e9\u65e5")", "A\xc3\xa9\xe6\x97\xa5");
  expect_read<std::string>(R"("\uD83D\uDE00")", "\xf0\x9f\x98\x80");  // surrogate pair
  expect_read<std::string>(R"("\u0000")", std::string(1, '\0'));
  expect_read<std::string>(R"("")", "");
  expect_read_error<std::string>(R"("\uD83D")", error_code::invalid_escape, "invalid escape in string (lone high surrogate) at $ (line 1, column 2)");
  expect_read_error<std::string>(R"("\uDE00x")", error_code::invalid_escape, "invalid escape in string (lone low surrogate) at $ (line 1, column 2)");
  expect_read_fails<std::string>(R"("\uD83D\u0041")", error_code::invalid_escape);
  expect_read_error<std::string>(R"("\x")", error_code::invalid_escape, "invalid escape in string (\\x is not a JSON escape) at $ (line 1, column 2)");
  expect_read_fails<std::string>(R"("\u12G4")", error_code::invalid_escape);
  // A \u escape cut short by the closing quote is an invalid escape, not an early end (only
  // running out of input is).
  expect_read_error<std::string>(R"("\u12")", error_code::invalid_escape,
                                 "invalid escape in string (\\u must be followed by 4 hex digits) at $ (line 1, column 2)");
  expect_read_error<std::vector<std::string>>("[\"\\u\xe5\"]", error_code::invalid_escape,  // JSONTestSuite n_string_invalid-utf-8-in-escape
                                              "invalid escape in string (\\u must be followed by 4 hex digits) at $[0] (line 1, column 3)");
  expect_read_error<std::string>(R"("\u12)", error_code::unexpected_end, "unexpected end of input (in a \\u escape) at $ (line 1, column 6)");
  expect_read_error<std::string>("\"a\nb\"", error_code::invalid_string,
                                 "control character in string (must be escaped) (byte 0x0a) at $ (line 1, column 3)");
  expect_read_error<std::string>(R"("abc)", error_code::unexpected_end, "unexpected end of input (in a string) at $ (line 1, column 5)");
}

// Code point cp as UTF-8, spelled out here: the oracle of the decoding tests below.
std::string utf8_of(std::uint32_t cp) {
  std::string s;
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else if (cp < 0x800) {
    s += static_cast<char>(0xC0 | (cp >> 6));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    s += static_cast<char>(0xE0 | (cp >> 12));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (cp >> 18));
    s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return s;
}

// Every \u escape of the Basic Multilingual Plane in lower- and upper-case hex, and the
// surrogate pairs at both ends of each half's range and between, decoded against utf8_of.
TEST(ReadString, EveryUEscapeDecodes) {
  char json[32];
  for (std::uint32_t cp = 0; cp < 0x10000; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    for (const char* format : {"\"\\u%04x\"", "\"\\u%04X\""}) {
      std::snprintf(json, sizeof json, format, static_cast<unsigned>(cp));
      std::string out;
      ASSERT_FALSE(metajson::from_json(std::string_view(json), out)) << json;
      ASSERT_EQ(out, utf8_of(cp)) << json;
    }
  }
  for (std::uint32_t hi : {0xD800u, 0xD801u, 0xD83Du, 0xDA00u, 0xDBFEu, 0xDBFFu}) {
    for (std::uint32_t lo : {0xDC00u, 0xDC01u, 0xDE00u, 0xDFFEu, 0xDFFFu}) {
      std::snprintf(json, sizeof json, "\"\\u%04X\\u%04x\"", static_cast<unsigned>(hi), static_cast<unsigned>(lo));
      std::string out;
      ASSERT_FALSE(metajson::from_json(std::string_view(json), out)) << json;
      EXPECT_EQ(out, utf8_of(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))) << json;
    }
  }
}

// Strings with escapes read on the index are decoded without checks (decode_checked_string:
// stage 1 has checked them); the general loop, which checks as it decodes, is its oracle. Random
// strings of plain ASCII runs, raw UTF-8, simple escapes, \u escapes of 1-3 UTF-8 bytes and
// surrogate pairs, 0 to 300 bytes of text, and each also read whole (std::string and in an
// object) and compared with the decoded text the generator built beside it.
TEST(ReadString, CheckedEscapesDecodeLikeTheGeneralLoop) {
  std::mt19937 rng(20261124);
  auto pick = [&](std::uint32_t n) { return static_cast<std::uint32_t>(rng() % n); };
  const char* const letters = "\"\\/bfnrt";
  const char decoded_letters[] = {'"', '\\', '/', '\b', '\f', '\n', '\r', '\t'};
  const char* const raw[] = {"\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\xdf\xbf"};
  char hex[16];
  for (int round = 0; round < 20000; ++round) {
    std::string text, want;
    const std::uint32_t target = pick(300);
    while (text.size() < target) {
      switch (pick(6)) {
        case 0: {
          const std::uint32_t n = 1 + pick(40);
          for (std::uint32_t i = 0; i < n; ++i) text += static_cast<char>('a' + pick(26));
          want.append(text, text.size() - n, n);
          break;
        }
        case 1: {
          const char* r = raw[pick(4)];
          text += r;
          want += r;
          break;
        }
        case 2: {
          const std::uint32_t i = pick(8);
          text += '\\';
          text += letters[i];
          want += decoded_letters[i];
          break;
        }
        case 3:
        case 4: {  // one \u escape, of a code point drawn from each UTF-8 length
          static const std::uint32_t lows[] = {0, 0x80, 0x800, 0xE000};
          static const std::uint32_t spans[] = {0x80, 0x780, 0xD000, 0x2000};
          const std::uint32_t band = pick(4);
          const std::uint32_t cp = lows[band] + pick(spans[band]);
          std::snprintf(hex, sizeof hex, pick(2) ? "\\u%04x" : "\\u%04X", static_cast<unsigned>(cp));
          text += hex;
          want += utf8_of(cp);
          break;
        }
        default: {  // a surrogate pair
          const std::uint32_t cp = 0x10000 + pick(0x100000);
          std::snprintf(hex, sizeof hex, "\\u%04x\\u%04X", static_cast<unsigned>(0xD800 + ((cp - 0x10000) >> 10)),
                        static_cast<unsigned>(0xDC00 + ((cp - 0x10000) & 0x3FF)));
          text += hex;
          want += utf8_of(cp);
          break;
        }
      }
    }
    std::string fast = "left over from before";
    metajson::detail::decode_checked_string(text, fast);
    const std::string json = "\"" + text + "\"";
    metajson::detail::read_context c;
    c.begin = json.data();
    c.end = json.data() + json.size();
    std::string slow;
    ASSERT_NE((metajson::detail::read_string_into<metajson::options{}, false>(c, json.data(), slow)), nullptr) << json;
    ASSERT_EQ(slow, want) << json;
    ASSERT_EQ(fast, want) << json;
    ASSERT_EQ(metajson::from<std::string>(json), want) << json;
    const auto in_map = metajson::from<std::map<std::string, std::string>>("{\"k\": " + json + " }");
    ASSERT_EQ(in_map.at("k"), want) << json;
    const auto keyed = metajson::from<std::map<std::string, int>>("{" + json + ": 1}");  // a map's key
    ASSERT_EQ(keyed.begin()->first, want) << json;
    const auto any = metajson::from<metajson::value>("{" + json + ": " + json + "}");  // metajson::value's key and string
    ASSERT_EQ(any.as_object().at(0).first, want) << json;
    ASSERT_EQ(any.as_object().at(0).second.as_string(), want) << json;
  }
}

TEST(ReadString, EveryEscapeRoundTrips) {
  std::string all;
  for (int c = 0; c < 0x80; ++c) all += static_cast<char>(c);
  all += "\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80";
  const std::string json = metajson::to_json(all);
  EXPECT_EQ(metajson::from<std::string>(json), all);
}

TEST(ReadString, Utf8) {
  expect_read<std::string>("\"\xe6\x97\xa5\xe6\x9c\xac\"", "\xe6\x97\xa5\xe6\x9c\xac");
  expect_read_error<std::string>("\"ab\xff\"", error_code::invalid_utf8, "invalid UTF-8 in string at $ (line 1, column 4)");
  expect_read_fails<std::string>("\"\xed\xa0\x80\"", error_code::invalid_utf8);  // surrogate
  expect_read_fails<std::string>("\"\xc0\xaf\"", error_code::invalid_utf8);      // overlong
  expect_read_fails<std::string>("\"\xf4\x90\x80\x80\"", error_code::invalid_utf8);
  expect_read<std::string, metajson::options{.utf8 = metajson::utf8_policy::replace}>("\"a\xffz\"", "a\xef\xbf\xbdz");
  expect_read<std::string, metajson::options{.utf8 = metajson::utf8_policy::unchecked}>("\"a\xffz\"", "a\xffz");
  // A document that ends inside a string: invalid UTF-8 before the end is the first error, and
  // the one reported, as validate() reports it (it was "unexpected end of input" past it;
  // found by fuzz/targets/pointer.cpp, fuzz/regressions/pointer/).
  expect_read_error<std::string>("\"\xf4]", error_code::invalid_utf8, "invalid UTF-8 in string at $ (line 1, column 2)");
  expect_read_error<std::vector<std::string>>("[\"D\xf4]1.", error_code::invalid_utf8, "invalid UTF-8 in string at $[0] (line 1, column 4)");
  expect_read_error<metajson::value>("{\"a\":\"\xf4", error_code::invalid_utf8, "invalid UTF-8 in string at $.a (line 1, column 7)");
  expect_read_error<std::string>("\"ab", error_code::unexpected_end, "unexpected end of input (in a string) at $ (line 1, column 4)");
  // The same for a control byte or a bad escape after the invalid sequence, however far.
  expect_read_error<std::string>("\"\xd0}1.797\n\n\"", error_code::invalid_utf8, "invalid UTF-8 in string at $ (line 1, column 2)");
  expect_read_error<metajson::value>("[\"\xd0 \\x\"]", error_code::invalid_utf8, "invalid UTF-8 in string at $[0] (line 1, column 3)");
  expect_read_error<std::map<std::string, int>>("{\"\xd0\\u12", error_code::invalid_utf8, "invalid UTF-8 in string at $ (line 1, column 3)");
  // A sequence cut short where a 64-byte block ends (E6 97, then a space opening the next
  // block) is the first error wherever it falls, not the later syntax error (stage 1 used to
  // miss it when its last byte was a block's last byte).
  for (std::size_t n = 56; n < 132; ++n) {
    const std::string doc = "[\"" + std::string(n, 'k') + "\xe6\x97 \" 1]";
    const metajson::error v = metajson::validate(doc);
    EXPECT_EQ(v.code(), error_code::invalid_utf8) << n << ": " << v.message();
    EXPECT_EQ(v.offset(), n + 2) << n;
    const auto r = metajson::try_from<metajson::value>(doc);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().code(), error_code::invalid_utf8) << n << ": " << r.error().message();
    EXPECT_EQ(r.error().offset(), n + 2) << n;
  }
}

// Strings without escapes are taken whole from the index (their end is the entry after them:
// read/string.hpp, string_text), the others are scanned: values and map keys of every length
// around the 8- and 16-byte backslash checks, with and without escapes, followed by every kind
// of whitespace, at the end of the document too, against the decoded text.
TEST(ReadString, TakenFromTheIndexOrScanned) {
  static constexpr const char* ws[] = {"", " ", "\n", "\t\r\n ", "      "};
  for (int len = 0; len <= 40; ++len) {
    for (int esc = -1; esc < len; esc += (len > 10 ? 7 : 1)) {  // esc: where a \n escape goes (-1: none)
      std::string text, json_text;
      for (int i = 0; i < len; ++i) {
        if (i == esc) {
          text += '\n';
          json_text += "\\n";
        } else {
          const char ch = static_cast<char>('a' + i % 26);
          text += ch;
          json_text += ch;
        }
      }
      for (const char* w : ws) {
        const std::string q = "\"" + json_text + "\"" + w;
        EXPECT_EQ(metajson::from<std::string>(q), text) << q;
        EXPECT_EQ(metajson::from<std::vector<std::string>>("[" + q + "," + q + "]"), (std::vector<std::string>{text, text})) << q;
        const auto m = metajson::from<std::map<std::string, std::string>>("{" + q + ":" + q + "}");
        ASSERT_EQ(m.size(), 1u) << q;
        EXPECT_EQ(m.begin()->first, text) << q;
        EXPECT_EQ(m.begin()->second, text) << q;
      }
    }
  }
  // The length limit holds on both paths, for values and map keys.
  constexpr metajson::options small{.max_string_length = 4};
  EXPECT_EQ((metajson::from<std::string, small>("\"abcd\" ")), "abcd");
  EXPECT_EQ((metajson::try_from<std::string, small>("\"abcde\" ").error().code()), error_code::string_too_long);
  EXPECT_EQ((metajson::try_from<std::string, small>("\"ab\\ncde\" ").error().code()), error_code::string_too_long);
  EXPECT_EQ((metajson::try_from<std::map<std::string, int>, small>("{\"abcde\":1}").error().code()), error_code::string_too_long);
  // A std::string_view key longer than the limit is too long before it is escaped (as struct
  // keys are); one within the limit with an escape cannot point into the input.
  EXPECT_EQ((metajson::try_from<std::map<std::string_view, int>, small>("{\"abcd\\n\":1}").error().code()), error_code::string_too_long);
  EXPECT_EQ((metajson::try_from<std::map<std::string_view, int>, small>("{\"ab\\n\":1}").error().code()), error_code::escaped_string_view);
  // Non-ASCII text, and the blanked copy the lenient options read (a comment and a trailing
  // comma after the string, both turned into spaces).
  EXPECT_EQ(metajson::from<std::vector<std::string>>("[\"h\xC3\xA9llo \xE2\x82\xAC\" ]"), std::vector<std::string>{"h\xC3\xA9llo \xE2\x82\xAC"});
  constexpr metajson::options lenient{.allow_comments = true, .allow_trailing_commas = true};
  EXPECT_EQ((metajson::from<std::map<std::string, std::string>, lenient>("{\"k\" /* c */ : \"v\" // c\n , }")),
            (std::map<std::string, std::string>{{"k", "v"}}));
  // An unfinished string after a clean one: the error is at the end, the first string reads.
  EXPECT_EQ(metajson::try_from<std::vector<std::string>>("[\"ab\", \"cd").error().code(), error_code::unexpected_end);
}

// has_backslash judges a string's text by its own bytes, however many it loads: a text of every
// length 0-24 at every distance 0-10 from the input's end, with a backslash at every place in
// it or after it. The input is a heap array of its exact size, so that a load past its end is
// an error under AddressSanitizer.
TEST(ReadString, BackslashCheckSeesTheTextOnly) {
  for (std::size_t len = 0; len <= 24; ++len) {
    for (std::size_t after = 0; after <= 10; ++after) {
      const std::size_t size = len + after;
      for (int bs = -1; bs < static_cast<int>(size); ++bs) {
        const std::unique_ptr<char[]> input(new char[size == 0 ? 1 : size]);
        std::memset(input.get(), 'a', size);
        if (bs >= 0) input[static_cast<std::size_t>(bs)] = '\\';
        const std::string_view text(input.get(), len);
        EXPECT_EQ(metajson::detail::has_backslash(text, input.get() + size), bs >= 0 && bs < static_cast<int>(len))
            << len << " " << after << " " << bs;
      }
    }
  }
}

TEST(ReadString, StringViewPointsIntoTheInput) {
  const std::string json = R"(["plain","with\nescape"])";
  auto first = metajson::from<std::string_view>(R"("plain")");
  EXPECT_EQ(first, "plain");
  std::string_view sv;
  const std::string doc = R"("inside")";
  EXPECT_FALSE(metajson::from_json(doc, sv));
  EXPECT_EQ(sv, "inside");
  EXPECT_EQ(sv.data(), doc.data() + 1);
  expect_read_error<std::string_view>(R"("a\nb")", error_code::escaped_string_view,
                                      "a std::string_view cannot hold a string with escapes at $ (line 1, column 3)");
}

TEST(ReadString, CharAndArrays) {
  expect_round_trip('x', R"("x")");
  expect_round_trip('\n', R"("\n")");
  expect_read_error<char>(R"("xy")", error_code::type_mismatch, "expected one-character string, found string of 2 bytes at $ (line 1, column 1)");
  char buf[8] = {};
  EXPECT_FALSE(metajson::from_json(R"("hello")", buf));
  EXPECT_STREQ(buf, "hello");
  char small[3] = {};
  EXPECT_EQ(metajson::from_json(R"("hello")", small).code(), error_code::number_out_of_range);
  expect_read<std::u8string>("\"\xc3\xa9\"", u8"\u00e9");
}

TEST(ReadString, ReusesCapacity) {
  std::string s(1000, 'x');
  const auto* data = s.data();
  EXPECT_FALSE(metajson::from_json(R"("short")", s));
  EXPECT_EQ(s, "short");
  EXPECT_EQ(s.data(), data);
}

}  // namespace

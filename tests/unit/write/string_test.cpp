// Strings of every kind, characters, escapes, UTF-8 policies.
#include "write_check.hpp"

#include <string>
#include <string_view>

namespace {

TEST(WriteString, Kinds) {
  expect_json(std::string("abc"), R"("abc")");
  expect_json(std::string_view("abc"), R"("abc")");
  const char* p = "ptr";
  expect_json(p, R"("ptr")");
  const char* np = nullptr;
  expect_json(np, "null");
  char arr[8] = "arr";
  expect_json(arr, R"("arr")");
  expect_json(std::u8string(u8"\u00e9t\u00e9"), "\"\xc3\xa9t\xc3\xa9\"");
  expect_json(std::string(), R"("")");
  expect_json(std::string("a\0b", 3), R"("a\u0000b")");
}

TEST(WriteString, Escapes) {
  expect_json(std::string("\"\\/\b\f\n\r\t\x01\x1f"), R"("\"\\/\b\f\n\r\t\u0001\u001f")");
  expect_json(std::string(1000, '"').substr(0, 3), R"("\"\"\"")");
}

TEST(WriteString, Characters) {
  expect_json('a', R"("a")");
  expect_json('"', R"("\"")");
  expect_json('\n', R"("\n")");
  expect_json(std::vector<char>{'x', 'y'}, R"(["x","y"])");
  metajson::error_code code = metajson::error_code::invalid_utf8;
  expect_write_error('\xe9', code, "invalid UTF-8 in string (byte 0xe9 at offset 0 of the string) at $");
  expect_json<metajson::options{.utf8 = metajson::utf8_policy::replace}>('\xe9', "\"\xef\xbf\xbd\"");
}

TEST(WriteString, Utf8Policies) {
  const std::string bad = "ok\xc3(";
  expect_write_error(bad, metajson::error_code::invalid_utf8,
                     "invalid UTF-8 in string (byte 0xc3 at offset 2 of the string) at $");
  expect_json<metajson::options{.utf8 = metajson::utf8_policy::replace}>(bad, "\"ok\xef\xbf\xbd(\"");
  expect_json<metajson::options{.utf8 = metajson::utf8_policy::unchecked}>(bad, "\"ok\xc3(\"");
  expect_json(std::string("\xf0\x9f\x98\x80 \xe6\x97\xa5\xe6\x9c\xac"), "\"\xf0\x9f\x98\x80 \xe6\x97\xa5\xe6\x9c\xac\"");
}

// Text like a tweet: CJK, escapes, several 32-byte blocks; the offset of an invalid byte that
// follows escapes and non-ASCII text (the fused escaper-validator reports it exactly).
TEST(WriteString, NonAsciiTextWithEscapes) {
  std::string in, expected;
  for (int i = 0; i < 30; ++i) {
    in += "\xe6\x97\xa5\xe6\x9c\xac";
    expected += "\xe6\x97\xa5\xe6\x9c\xac";
    if (i % 7 == 3) {
      in += "\"q\"\n";
      expected += "\\\"q\\\"\\n";
    }
  }
  expect_json(in, "\"" + expected + "\"");
  const std::string bad = in + "\xe6\x97\\" + in;
  expect_write_error(bad, metajson::error_code::invalid_utf8,
                     "invalid UTF-8 in string (byte 0xe6 at offset " + std::to_string(in.size()) + " of the string) at $");
  const std::string truncated = in + "\xf0\x9f\x98";
  expect_write_error(truncated, metajson::error_code::invalid_utf8,
                     "invalid UTF-8 in string (byte 0xf0 at offset " + std::to_string(in.size()) + " of the string) at $");
  const std::string surrogate = "\"" + in.substr(0, 34) + "\xed\xa0\x80";
  expect_write_error(surrogate, metajson::error_code::invalid_utf8,
                     "invalid UTF-8 in string (byte 0xed at offset 35 of the string) at $");
}

TEST(WriteString, LongStringsGrowTheBuffer) {
  std::string s(100000, 'x');
  s[50000] = '\n';
  const std::string out = metajson::to_json(s);
  EXPECT_EQ(out.size(), 100000u + 2 + 1);
  EXPECT_EQ(out.substr(50000, 4), "x\\nx");
}

}  // namespace

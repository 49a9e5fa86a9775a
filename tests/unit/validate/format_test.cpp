// The "format" checks (validate/format.hpp): hand-written cases for every format, valid and
// invalid, at the edges of each rule, and the pieces under idn-hostname (the Unicode table, the
// contextual rules, Punycode). The JSON-Schema-Test-Suite's optional/format files are measured
// apart from this test; none of their cases is copied here.
//
//   g++-16 -std=c++26 -O1 -I include tests/unit/validate/format_test.cpp && ./a.out
#include <metajson/validate/format.hpp>

#include <cstdio>
#include <initializer_list>
#include <source_location>
#include <string>
#include <string_view>

namespace {

using namespace std::string_view_literals;
using metajson::detail::validate::format_kind;
using metajson::detail::validate::format_of;
using metajson::detail::validate::format_valid;
namespace idna = metajson::detail::validate::format_impl::idna;

int passed = 0, failed = 0;

void check(bool ok, std::string_view what, std::source_location where) {
  if (ok) {
    ++passed;
    return;
  }
  ++failed;
  std::printf("format_test.cpp:%u: %.*s\n", static_cast<unsigned>(where.line()), static_cast<int>(what.size()),
              what.data());
}

void cases(format_kind k, bool want, std::initializer_list<std::string_view> inputs,
           std::source_location where = std::source_location::current()) {
  for (const std::string_view s : inputs)
    check(format_valid(k, s) == want,
          std::string(want ? "should be valid: \"" : "should be invalid: \"").append(s) + '"', where);
}

void valid(format_kind k, std::initializer_list<std::string_view> inputs,
           std::source_location where = std::source_location::current()) {
  cases(k, true, inputs, where);
}

void invalid(format_kind k, std::initializer_list<std::string_view> inputs,
             std::source_location where = std::source_location::current()) {
  cases(k, false, inputs, where);
}

void expect(bool ok, std::string_view what, std::source_location where = std::source_location::current()) {
  check(ok, what, where);
}

void names() {
  expect(format_of("date-time") == format_kind::date_time, "date-time");
  expect(format_of("idn-hostname") == format_kind::idn_hostname, "idn-hostname");
  expect(format_of("relative-json-pointer") == format_kind::relative_json_pointer, "relative-json-pointer");
  expect(format_of("regex") == format_kind::regex, "regex");
  expect(format_of("uri-template") == format_kind::uri_template, "uri-template");
  // Names are matched exactly: "Date-Time" is no format, and so asserts nothing.
  expect(format_of("Date-Time") == format_kind::unknown, "Date-Time");
  expect(format_of("") == format_kind::unknown, "empty name");
  expect(format_of("int32") == format_kind::unknown, "int32 (OpenAPI's, not JSON Schema's)");
  valid(format_kind::unknown, {"", "anything at all"});
  valid(format_kind::regex, {"(", "[z-a]"});  // the caller's engine decides
}

void dates_and_times() {
  valid(format_kind::date, {"2000-02-29", "0400-02-29", "0000-02-29", "2023-02-28", "1900-02-28", "9999-12-31",
                            "2023-01-31", "2023-04-30", "2023-11-30", "0001-01-01"});
  invalid(format_kind::date, {"1900-02-29", "2023-02-29", "2023-04-31", "2023-06-31", "2023-09-31", "2023-00-10",
                              "2023-13-10", "2023-10-00", "2023-10-32", "2023-1-10", "2023-01-1", "23-01-10",
                              "02023-01-10", "2023/01/10", "2023-01-10T", "2023-01-10 ", " 2023-01-10", "",
                              "\xEF\xBC\x92" "023-01-10", "2023-01-1a", "2023-01-10Z", "+2023-01-10"});
  valid(format_kind::time, {"00:00:00Z", "23:59:59.999999999+23:59", "08:15:00z", "12:00:00-00:00", "12:00:00.5+05:30",
                            "23:59:60Z", "00:59:60+01:00", "18:59:60-05:00", "23:44:60-00:15"});
  invalid(format_kind::time, {"24:00:00Z", "12:60:00Z", "12:00:61Z",
                              // a leap second that is not at 23:59 UTC
                              "12:00:60Z", "23:59:60+00:01", "23:59:60-01:00", "00:00:60Z",
                              "12:00:00", "12:00:00.25", "12:00:00+24:00", "12:00:00+01:60", "12:00:00+1:00",
                              "12:00:00+0100", "12:00:00+01", "12:00Z", "12:00:00.Z", "1:00:00Z", "12:00:00 Z",
                              "12:00:00ZZ", "12:00:00Z+01:00", "12:00:00,5Z", "T12:00:00Z", ""});
  valid(format_kind::date_time, {"2024-02-29T12:00:00Z", "2023-12-31t23:59:60z", "2017-01-01T00:59:60+01:00",
                                 "2024-06-30T19:29:60-04:30", "1985-04-12T23:20:50.52Z", "1969-07-20T20:17:40-00:00"});
  invalid(format_kind::date_time, {"2024-02-29 12:00:00Z", "2023-02-29T12:00:00Z", "2024-01-01T12:00:00",
                                   "2024-01-01T12:00:00.Z", "2024-01-01T23:59:60+01:00", "2024-01-01T12:00Z",
                                   "2024-01-01", "2024-01-01T", "2024-01-01X12:00:00Z", "2024-01-01T12:00:00Z\n",
                                   "2024-01-01TT12:00:00Z", "20240101T120000Z"});
}

void durations() {
  // Each part's units in order and without a gap; the week alone; letters in either case (ABNF).
  valid(format_kind::duration, {"P1Y", "P1Y2M", "P1Y2M3D", "P2M3D", "P3D", "PT4H", "PT4H5M", "PT4H5M6S", "PT5M6S",
                                "PT6S", "P1DT1S", "P1Y2M3DT4H5M6S", "P1W", "P52W", "P0D", "PT0S", "P0010Y",
                                "p1dt2h", "P12345678901234567890Y"});
  invalid(format_kind::duration, {"", "P", "PT", "P1", "PT1", "P1Y2D", "P1D1Y", "PT1H2S", "P1W1D", "P1D1W", "P1WT1H",
                                  "PW", "P1.5D", "PT0.5S", "P1DT", "1D", "P-1D", "-P1D", "PT1D", "P1H", "P1M1Y",
                                  "P1Y1Y", "PT1H1H", "P1DT1H1H", "PT1HT1M", "P1D ", "P 1D", "P1S"});
}

void ip_addresses() {
  valid(format_kind::ipv4, {"0.0.0.0", "255.255.255.255", "10.0.0.1", "192.0.2.235", "100.64.9.10"});
  invalid(format_kind::ipv4, {"", "256.0.0.0", "1.2.3.256", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.04", "00.0.0.0",
                              "1..3.4", "1.2.3.", ".1.2.3", "1.2.3.4 ", "1.2.3.-4", "0x1.2.3.4", "1.2.3.4/8",
                              "1234.1.1.1", "1.2.3.4:80", "::1", "\xD9\xA1.2.3.4"});
  valid(format_kind::ipv6, {"::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "1::8",
                            "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210", "fEdC::0", "::ffff:192.0.2.1", "::192.0.2.1",
                            "1:2:3:4:5:6:192.0.2.1", "1::5:6:192.0.2.1", "0000:0000::0001"});
  invalid(format_kind::ipv6, {"", ":", ":::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "1::2::3", "1:::2", ":1::2",
                              "1::2:", "12345::", "g::", "1:2:3:4:5:6:7:192.0.2.1", "1:2:3:4:5:6:7:8::",
                              "::192.0.2.1:1", "::1.2.3", "::01.2.3.4", "::1.2.3.256", "fe80::1%eth0", "[::1]",
                              "::1/128", " ::1", "1.2.3.4", "::ffff:1.2.3.4.5"});
}

void host_names() {
  const std::string label63(63, 'a');
  const std::string label64(64, 'a');
  // 253 octets: three labels of 63 and one of 61 between dots; one more is too long.
  const std::string name253 = label63 + '.' + label63 + '.' + label63 + '.' + std::string(61, 'b');
  const std::string name254 = name253 + 'b';
  valid(format_kind::hostname, {"a", "example.com", "EXAMPLE.com", "a-b.c-d", "1.2.3.4", "a--b", "ab--cd", "0x0",
                                "xn--mller-kva.de", "XN--MLLER-KVA.de", "xn--mller-kvaa", "xn--fsqu00a.xn--4rr70v",
                                label63, name253});
  invalid(format_kind::hostname,
          {"", ".", "a.", ".a", "a..b", "-a", "a-", "a_b", "a b", "a\n", "exämple.com", "a\xE3\x80\x82" "b", label64,
           name254, label63 + "a.com",
           "xn--",              // no Punycode at all
           "xn--a",             // decodes to U+0080, DISALLOWED
           "xn--ls8h",          // an emoji, DISALLOWED
           "xn--example-",      // only ASCII: no A-label
           "xn--mller-kva-",    // only ASCII once decoded
           "xn--mller-kv",      // a truncated Punycode digit run
           "xn--mller-kv\xC3\xA4"});  // not ASCII, so not hostname's
  const std::string u57 = [] {  // 57 'ü' encode to 59 Punycode characters: an A-label of 63
    std::string s;
    for (int i = 0; i < 57; ++i) s += "\xC3\xBC";
    return s;
  }();
  valid(format_kind::idn_hostname,
        {"m\xC3\xBCller.de", "\xE4\xBE\x8B\xE5\xAD\x90.\xE5\xB9\xBF\xE5\x91\x8A", "xn--mller-kva.de", "example.com",
         "a\xE3\x80\x82" "b", "a\xEF\xBC\x8E" "b", "a\xEF\xBD\xA1" "b",             // the IDNA full stops
         "l\xC2\xB7l.cat",                                                       // Catalan's l·l
         "\xCE\xBF\xCD\xB5\xCE\xBD",                                             // ο͵ν: KERAIA then Greek
         "\xD7\xA6\xD7\xB3\xD7\x99\xD7\xA4\xD7\xA1",                             // צ׳יפס: GERESH after Hebrew
         "\xE3\x82\xAB\xE3\x83\xBB\xE3\x83\x8A",                                 // カ・ナ
         "\xE0\xA4\x95\xE0\xA5\x8D\xE2\x80\x8D\xE0\xA4\xB7",                     // क्‍ष: ZWJ after a virama
         "\xD9\x85\xDB\x8C\xE2\x80\x8C\xD8\xAE\xD9\x88\xD8\xA7\xD9\x87\xD9\x85",  // می‌خواهم: ZWNJ between joiners
         "\xD8\xA8\xD9\xA3",                                                     // ب٣: Arabic letter, its digit
         "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D.co",                                  // שלום.co: Bidi, LTR label fine
         "\xD8\xA8" "1.a",                                                       // ب1: an RTL label may end in EN
         "\xC3\x9F\xCF\x82",                                                     // ß, ς: PVALID by exception
         u57});
  invalid(format_kind::idn_hostname,
          {"", "a.", "a\xE3\x80\x82", "\xE3\x80\x82", "a..b",
           "M\xC3\xBCller.de",                          // 'M' in a U-label is DISALLOWED: no mapping here
           "\xC3\xBC-.de", "-\xC3\xBC.de",              // hyphen at an end
           "ab--\xC3\xBC", "ab--cd",                    // "--" third and fourth
           "\xCC\x81" "a",                              // a combining mark first
           "\xE2\x98\x83.com", "xn--n3h.com",           // ☃, DISALLOWED
           "\xD9\x80\xD8\xA8",                          // TATWEEL, DISALLOWED by exception
           "a\xE2\x80\x8D" "b", "\xE2\x80\x8D" "a",     // ZWJ without a virama
           "a\xE2\x80\x8C" "b",                         // ZWNJ with neither virama nor joining context
           "\xE0\xA4\x95\xE0\xA5\x8D\xE2\x80\x8C\xE0\xA4\xB7" "a\xE2\x80\x8C" "b",  // ZWNJ: every one must pass
           "l\xC2\xB7", "\xC2\xB7l", "a\xC2\xB7l",      // MIDDLE DOT not between l and l
           "\xCE\xBF\xCD\xB5", "\xCE\xBF\xCD\xB5z",     // KERAIA not before Greek
           "a\xD7\xB3", "\xD7\xB4\xD7\x90",             // GERESH, GERSHAYIM not after Hebrew
           "\xE3\x83\xBB", "a\xE3\x83\xBB" "b",         // KATAKANA MIDDLE DOT without kana or Han
           "\xD8\xA8\xD9\xA3\xDB\xB3",                  // both kinds of Arabic-Indic digits
           "1a.\xD8\xA8",                               // Bidi: an LTR label must start with L
           "\xD8\xA8" "a", "a\xD8\xA8",                 // Bidi: L and AL mixed
           "\xD7\xA9" "1\xD9\xA3",                      // Bidi: EN and AN in one RTL label
           "\xD9\xA3\xD9\xA4",                          // Bidi: an RTL label starting with AN
           u57 + "\xC3\xBC",                            // its A-label is 64 octets
           "xn--mller-kva-.de"});
}

void mail() {
  const std::string local64(64, 'x');
  valid(format_kind::email, {"a@b.c", "first.last@example.org", "!#$%&'*+-/=?^_`{|}~@example.org", "\"\"@example.org",
                             "\"a\\\"b\"@example.org", "\"a b\"@example.org", "\"a@b\"@example.org",
                             "\"a..b\"@example.org", "x@[192.0.2.1]", "x@[IPv6:2001:db8::1]", "x@[ipv6:::1]",
                             "x@localhost", "x@xn--mller-kva.de", local64 + "@example.org"});
  invalid(format_kind::email, {"", "@example.org", "x@", "x", "x@@example.org", "x@y@example.org", ".x@example.org",
                               "x.@example.org", "x..y@example.org", "x y@example.org", "\"x@example.org",
                               "\"a\"b@example.org", "\"a\\\x7f\"@example.org", "x@example..org", "x@-example.org",
                               "x@example.org.", "x@[192.0.2.256]", "x@[IPv6:1::2::3]", "x@[2001:db8::1]",
                               "x@[tag:stuff]", "x@[192.0.2.1", "(comment)x@example.org", "x@example.org (c)",
                               "<x@example.org>", local64 + "x@example.org", "\xC3\xBC@example.org",
                               "x@ex\xC3\xA4mple.org", "x@ex_ample.org"});
  valid(format_kind::idn_email,
        {"x@example.org", "\xC3\xBC@example.org", "\"\xC3\xBC x\"@example.org", "x@b\xC3\xBC" "cher.de",
         "\xE7\x94\xA8\xE6\x88\xB7@\xE4\xBE\x8B\xE5\xAD\x90.\xE5\xB9\xBF\xE5\x91\x8A", "x@[IPv6:::1]"});
  invalid(format_kind::idn_email,
          {"\xC3\xBC", "x@ex ample.org", "x\xEF\xBC\xA0" "example.org",  // a fullwidth '@' is no '@'
           "x@a\xE3\x80\x82" "b",                                          // RFC 6531's domains split at '.' only
           "x@B\xC3\xBC" "cher.de", "x@\xE2\x98\x83.com", ".\xC3\xBC@example.org"});
}

void uris() {
  valid(format_kind::uri, {"http://example.com", "https://user:pass@example.com:8080/p/a/t/h?query=1#frag",
                           "mailto:x@example.com", "urn:isbn:0451450523", "file:///etc/passwd", "a:", "a+b-c.d:x",
                           "http://[::1]:80/", "http://[v7.fe:80]/", "http://[V1A.x]", "http://example.com:/",
                           "foo://%41@x/", "x:/a//b", "x:?q", "x:#f", "x:a:b", "http://999.999.999.999/",
                           "http://a/b?c=/d?e#f/g?h", "s://u:p:q@h"});
  invalid(format_kind::uri, {"", "//example.com", "/a", "a", "1a:b", "-a:b", ":b", "http://exa mple.com",
                             "http://example.com/a b", "http://example.com/\xC3\xA4", "http://[::1",
                             "http://[1.2.3.4]/", "http://[v.x]/", "http://[vz.x]/", "http://[v1.]/",
                             "http://example.com:8a/", "http://a@b@c/", "http://example.com/%4",
                             "http://example.com/%GG",
                             "http://example.com/#a#b", "http://example.com/^", "http://example.com/{x}",
                             "http://example.com/\\", "http://[::1]x/",
                             "http://[fe80::1%25eth0]/", "http://ex%ample.com"});
  valid(format_kind::uri_reference, {"", "a", "./a:b", "../x", "?q", "#f", "//host", "/", "a/b:c", "%20", "//", "?",
                                     "#", "http://x"});
  invalid(format_kind::uri_reference,
          {"a b", ":a", "1:b", "a;b:c", "#a#", "\xC3\xA4", "/a\\b", "//[::1", "%zz", "/a\"b"});
  valid(format_kind::iri, {"http://b\xC3\xBC" "cher.de/stra\xC3\x9F" "e?q=\xC3\xBC#\xC3\xA4", "urn:ex:\xC3\xBC",
                           "http://example.com/?q=\xF3\xB0\x80\x80",  // U+F0000, private use: only in a query
                           "http://\xE4\xBE\x8B\xE5\xAD\x90.\xE6\xB5\x8B\xE8\xAF\x95/", "http://x/\xC2\xA0",
                           "http://x/\xF0\x9F\x98\x80"});
  invalid(format_kind::iri, {"http://example.com/\xF3\xB0\x80\x80", "http://x/\xEF\xBF\xBE",  // U+FFFE: no ucschar
                             "\xC3\xBC", "/\xC3\xA4", "http://exa mple.com", "http://x/\xC2\x85",  // U+0085
                             "http://[\xC3\xBC]/"});
  valid(format_kind::iri_reference, {"\xC3\xBC", "/\xC3\xA4", "#\xC3\xA4", "?\xC3\xBC=\xF3\xB0\x80\x81", "", "a"});
  invalid(format_kind::iri_reference, {"#\xF3\xB0\x80\x80", "\xC3\xA4 b", "\xC2\x85", "\xC3\xA4:x"});
}

void the_rest() {
  valid(format_kind::uuid, {"00000000-0000-0000-0000-000000000000", "FFFFFFFF-ffff-FFFF-ffff-FFFFFFFFFFFF",
                            "123e4567-e89b-12d3-a456-426614174000"});
  invalid(format_kind::uuid, {"", "{123e4567-e89b-12d3-a456-426614174000}", "123e4567e89b12d3a456426614174000",
                              "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000",
                              "123e4567-e89b-12d3-a456_426614174000", "g23e4567-e89b-12d3-a456-426614174000",
                              "123e4567-e89b-12d3a-456-426614174000", "123e4567-e89b-12d3-a456-42661417400 "});

  valid(format_kind::uri_template, {"", "http://example.com/{id}", "{+path}/x", "{#frag}", "{.a,b}", "{/a*}",
                                    "{;x,y:3}", "{?q,r}", "{&s}", "{=reserved}", "{,a}", "{x:9999}", "{a.b.c}",
                                    "{%2Fa}", "{a_b}", "{A1}", "caf\xC3\xA9/{x}", "a'b", "%20{x}%41",
                                    "x\xF3\xB0\x80\x80"});
  invalid(format_kind::uri_template, {"{", "}", "{}", "{+}", "{a b}", "{a:0}", "{a:12345}", "{a:}", "{a:01}", "{a*:3}",
                                      "{a,}", "{a.}", "{.a.}", "{a..b}", "{.a", "{-a}", "{a{b}}", "{a}{b", "a b",
                                      "a\"b", "a<b", "a>b", "a\\b", "a^b", "a`b", "a|b", "a%", "a%4", "{%4}",
                                      "x\xC2\x85", "{\xC3\xBC}"});

  valid(format_kind::json_pointer, {"", "/", "//", "/a~0b~1c", "/~01", "/%", "/\xC3\xBC", "/a b", "/-", "/a\0b"sv});
  invalid(format_kind::json_pointer, {"a", "#/a", "/~", "/~2", "/a~", "~0", " /a", "#"});

  valid(format_kind::relative_json_pointer, {"0", "0#", "10/a", "3/", "2+1/x", "0-1#", "1/~1", "0/", "7-10"});
  invalid(format_kind::relative_json_pointer, {"", "-1", "01", "00#", "0+", "0+01/a", "0##", "0#/a", "/a", "0a",
                                               "1 /a", "0/~", "+0", "#", "0 ", "1--1"});
}

// The pieces under idn-hostname.
void idna_pieces() {
  const auto& table = idna::table();
  expect(table.count == idna::run_count, "the run text holds run_count runs");
  bool ascending = true;
  for (std::size_t i = 1; i < table.count; ++i)
    ascending = ascending && (table.runs[i] >> 5) > (table.runs[i - 1] >> 5);
  expect(ascending && (table.runs[0] >> 5) == 0, "the runs start at 0 and ascend");

  expect(idna::of(U'a').allowed && idna::of(U'0').allowed && idna::of(U'-').allowed, "LDH is PVALID");
  expect(!idna::of(U'A').allowed && !idna::of(U'_').allowed && !idna::of(U'.').allowed, "the rest of ASCII is not");
  expect(idna::of(0x00DF).allowed && idna::of(0x03C2).allowed, "ß and ς are PVALID by exception");
  expect(!idna::of(0x0640).allowed && !idna::of(0x302E).allowed, "TATWEEL, HANGUL SINGLE DOT TONE MARK are not");
  expect(!idna::of(0x00C0).allowed && !idna::of(0x2126).allowed, "what case folding or NFKC changes is not");
  expect(!idna::of(0x1100).allowed, "old Hangul jamo is not");
  expect(!idna::of(0x20D0).allowed && !idna::of(0x1D165).allowed, "the ignorable blocks are not");
  expect(!idna::of(0x0378).allowed && !idna::of(0x10FFFF).allowed && !idna::of(0x110000).allowed,
         "unassigned code points are not");
  expect(!idna::of(0xD800).allowed, "a surrogate is not");
  expect(idna::of(0x094D).virama && idna::of(0x094D).mark, "DEVANAGARI SIGN VIRAMA");
  expect(idna::of(0x0301).mark && idna::of(0x0301).b == idna::bidi::nsm && idna::of(0x0301).j == idna::join::t,
         "COMBINING ACUTE ACCENT");
  expect(idna::of(0x0628).j == idna::join::d && idna::of(0x0628).b == idna::bidi::al, "ARABIC LETTER BEH");
  expect(idna::of(0x0627).j == idna::join::r, "ARABIC LETTER ALEF joins on the right");
  expect(idna::of(0x05D0).b == idna::bidi::r && idna::of(0x05D0).sc == idna::script::hebrew, "HEBREW LETTER ALEF");
  expect(idna::of(0x0663).b == idna::bidi::an && idna::of(0x06F3).b == idna::bidi::en, "the two Arabic-Indic digits");
  expect(idna::of(0x03B1).sc == idna::script::greek && idna::of(0x4E00).sc == idna::script::kana_han &&
             idna::of(0x3042).sc == idna::script::kana_han && idna::of(0x30AB).sc == idna::script::kana_han,
         "scripts");
  expect(idna::of(0x20000).allowed && idna::of(0x20000).sc == idna::script::kana_han, "a supplementary Han ideograph");

  // Punycode both ways (RFC 3492 with IDNA's parameters).
  const auto decoded = [](std::string_view puny) {
    char32_t out[64];
    std::size_t n = 0;
    return idna::decode(puny, out, 63, n) ? std::u32string(out, n) : std::u32string(U"<invalid>");
  };
  const auto encoded = [](std::u32string_view label) {
    char out[64];
    std::size_t m = 0;
    return idna::encode(label.data(), label.size(), out, 63, m) ? std::string(out, m) : std::string("<too long>");
  };
  expect(decoded("mller-kva") == U"m\u00FCller" && encoded(U"m\u00FCller") == "mller-kva", "müller");
  expect(decoded("fsqu00a") == U"\u4F8B\u5B50" && encoded(U"\u4F8B\u5B50") == "fsqu00a", "例子");
  expect(decoded("MLLER-KVA") == U"m\u00FCller", "Punycode is read in either case");
  expect(decoded("-kva") == U"<invalid>", "a '-' with nothing before it is a digit, and not one");
  expect(decoded("mller-kv") == U"<invalid>", "a truncated delta");
  expect(decoded("99999999999999") == U"<invalid>", "a delta that overflows");
  expect(decoded("a") == U"\u0080", "the smallest delta");
  // 61 ü encode to 63 characters, 62 to 64.
  expect(encoded(std::u32string(62, U'\u00FC')) == "<too long>", "the encoder stops at its capacity");
}

}  // namespace

int main() {
  names();
  dates_and_times();
  durations();
  ip_addresses();
  host_names();
  mail();
  uris();
  the_rest();
  idna_pieces();
  std::printf("format_test: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}

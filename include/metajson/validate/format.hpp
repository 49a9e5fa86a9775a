// JSON Schema's "format" keyword as an assertion (draft 2020-12 and draft-07): one check per
// format, each following the grammar the specification cites. The validator calls format_valid
// only when the user turns format assertion on; otherwise "format" is an annotation.
//
// The input is UTF-8 the reader has already validated, so decoding here does not check it again.
// Nothing allocates and nothing throws: a host name's labels and their Punycode go through
// buffers sized by the DNS's own limit of 63 octets a label.
//
// What is not checked, and why:
// - NFC (RFC 5891 5.4): it needs Unicode's composition data, and the test suite takes a
//   decomposed "café" as a valid idn-email domain, so the labels are taken as they are written.
// - "regex": the caller checks it with its own engine (format_valid says yes).
// - Unicode is 15.1: a code point assigned later is UNASSIGNED to IDNA, so invalid in labels.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace metajson::detail::validate {

enum class format_kind : unsigned char {
  unknown,
  date_time,
  date,
  time,
  duration,
  email,
  idn_email,
  hostname,
  idn_hostname,
  ipv4,
  ipv6,
  uri,
  uri_reference,
  iri,
  iri_reference,
  uuid,
  uri_template,
  json_pointer,
  relative_json_pointer,
  regex
};

namespace format_impl {

constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
constexpr bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_hex(char c) noexcept { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
constexpr char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c; }

// For ABNF's quoted strings, which match in either case (RFC 5234 2.3), and for "xn--", which the
// DNS matches so.
constexpr bool starts_with_nocase(std::string_view s, std::string_view prefix) noexcept {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (lower(s[i]) != lower(prefix[i])) return false;
  return true;
}

// The n ASCII digits at s[i] as a number, or -1.
constexpr int digits(std::string_view s, std::size_t i, std::size_t n) noexcept {
  if (i + n > s.size()) return -1;
  int v = 0;
  for (std::size_t k = i; k < i + n; ++k) {
    if (!is_digit(s[k])) return -1;
    v = v * 10 + (s[k] - '0');
  }
  return v;
}

// The code point at s[i], moving i past it. s is valid UTF-8; the bound on i only keeps a
// truncated sequence from reading past the end.
constexpr char32_t next_code_point(std::string_view s, std::size_t& i) noexcept {
  const auto b = static_cast<unsigned char>(s[i++]);
  if (b < 0x80) return b;
  const int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : 1;
  auto c = static_cast<char32_t>(b & (0x3F >> extra));
  for (int k = 0; k < extra && i < s.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(s[i++]) & 0x3Fu);
  return c;
}

// ---------------------------------------------------------------------------------------------
// Dates and times: RFC 3339 section 5.6 and Appendix A.

constexpr bool leap_year(int y) noexcept { return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0); }

// full-date = date-fullyear "-" date-month "-" date-mday, the day within its month.
constexpr bool full_date(std::string_view s) noexcept {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const int y = digits(s, 0, 4), m = digits(s, 5, 2), d = digits(s, 8, 2);
  if (y < 0 || m < 1 || m > 12 || d < 1) return false;
  return d <= (m == 2 && leap_year(y) ? 29 : days[m - 1]);
}

// full-time = partial-time time-offset. A leap second (second 60) is only valid where it can
// happen: at 23:59 UTC, once the offset is taken off (RFC 3339 5.7, e.g. 15:59:60-08:00).
constexpr bool full_time(std::string_view s) noexcept {
  if (s.size() < 9 || s[2] != ':' || s[5] != ':') return false;
  const int h = digits(s, 0, 2), m = digits(s, 3, 2), sec = digits(s, 6, 2);
  if (h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60) return false;
  std::size_t i = 8;
  if (s[i] == '.') {
    const std::size_t first = ++i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == first) return false;
  }
  if (i == s.size()) return false;  // time-offset is not optional
  int east = 0;                     // the offset in minutes; "-00:00" (offset unknown) is UTC too
  if (lower(s[i]) == 'z') {
    if (i + 1 != s.size()) return false;
  } else {
    if ((s[i] != '+' && s[i] != '-') || s.size() - i != 6 || s[i + 3] != ':') return false;
    const int oh = digits(s, i + 1, 2), om = digits(s, i + 4, 2);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return false;
    east = (s[i] == '+' ? 1 : -1) * (oh * 60 + om);
  }
  return sec != 60 || ((h * 60 + m - east) % 1440 + 1440) % 1440 == 23 * 60 + 59;
}

// date-time = full-date "T" full-time, "T" in either case (RFC 3339 5.6's note); a space is
// only the note's suggestion for readers, not the grammar.
constexpr bool date_time(std::string_view s) noexcept {
  return s.size() > 11 && lower(s[10]) == 't' && full_date(s.substr(0, 10)) && full_time(s.substr(11));
}

// RFC 3339 Appendix A:
//   duration = "P" (dur-date / dur-time / dur-week)
//   dur-date = (dur-day / dur-month / dur-year) [dur-time]      dur-time = "T" (dur-hour / dur-minute / dur-second)
//   dur-year = 1*DIGIT "Y" [dur-month], dur-month = 1*DIGIT "M" [dur-day], dur-day = 1*DIGIT "D"
//   dur-hour = 1*DIGIT "H" [dur-minute], dur-minute = 1*DIGIT "M" [dur-second], dur-second = 1*DIGIT "S"
//   dur-week = 1*DIGIT "W"
// So the units of each part come in order and without a gap (P1Y2D is not one: dur-year's optional
// part is a month), the week stands alone, and "T" needs a unit after it. The letters match in
// either case, as ABNF strings do (the RFC's date-time note leans on the same rule for "T").
constexpr bool duration(std::string_view s) noexcept {
  if (s.size() < 3 || lower(s[0]) != 'p') return false;
  if (lower(s.back()) == 'w') {  // dur-week
    for (std::size_t k = 1; k + 1 < s.size(); ++k)
      if (!is_digit(s[k])) return false;
    return true;
  }
  std::size_t i = 1;
  // The items of one part up to a 'T' or the end, each 1*DIGIT and the unit after its
  // predecessor's in `units`: how many, or -1.
  const auto part = [&](std::string_view units) noexcept -> int {
    int count = 0;
    std::size_t last = 0;
    while (i < s.size() && lower(s[i]) != 't') {
      const std::size_t first = i;
      while (i < s.size() && is_digit(s[i])) ++i;
      if (i == first || i == s.size()) return -1;
      const std::size_t k = units.find(lower(s[i++]));
      if (k == std::string_view::npos || (count > 0 && k != last + 1)) return -1;
      last = k;
      ++count;
    }
    return count;
  };
  const int date_units = part("ymd");
  if (date_units < 0) return false;
  if (i == s.size()) return date_units > 0;
  ++i;  // 'T'
  return part("hms") > 0 && i == s.size();
}

// ---------------------------------------------------------------------------------------------
// IP addresses.

// dotted-quad (RFC 2673 3.2) with RFC 3986's dec-octet: 0-255, no leading zero (an octal look).
constexpr bool ipv4(std::string_view s) noexcept {
  std::size_t i = 0;
  for (int part = 0;; ++part) {
    const std::size_t first = i;
    int v = 0;
    while (i < s.size() && is_digit(s[i]) && i - first < 3) v = v * 10 + (s[i++] - '0');
    if (i == first || v > 255 || (i - first > 1 && s[first] == '0')) return false;
    if (part == 3) return i == s.size();
    if (i == s.size() || s[i] != '.') return false;
    ++i;
  }
}

// RFC 4291 2.2's text forms (RFC 3986's IPv6address): eight groups of 1-4 hex digits, or fewer
// around one "::", the last two may be an IPv4 address. No zone (RFC 6874 is a URI's business).
constexpr bool ipv6(std::string_view s) noexcept {
  std::size_t i = 0;
  int groups = 0;
  bool compressed = false;
  if (s.starts_with("::")) {
    compressed = true;
    i = 2;
    if (i == s.size()) return true;
  }
  for (;;) {
    const std::size_t first = i;
    while (i < s.size() && is_hex(s[i]) && i - first < 5) ++i;
    if (i < s.size() && s[i] == '.') {  // ls32 as an IPv4 address, only at the end
      if (!ipv4(s.substr(first))) return false;
      groups += 2;
      break;
    }
    if (i == first || i - first > 4) return false;
    ++groups;
    if (i == s.size()) break;
    if (s[i++] != ':' || i == s.size()) return false;
    if (s[i] == ':') {
      if (compressed) return false;
      compressed = true;
      if (++i == s.size()) break;
    }
  }
  // "::" stands for at least one group (RFC 4291: "one or more groups of 16 bits of zeros").
  return compressed ? groups <= 7 : groups == 8;
}

// ---------------------------------------------------------------------------------------------
// IDNA2008 (RFC 5890-5893): what a U-label may hold.
namespace idna {

enum class bidi : unsigned char { l, r, al, an, en, nsm, neutral };  // neutral: ES CS ET ON BN
enum class join : unsigned char { u, l, r, d, t };                   // Joining_Type (C never is PVALID)
enum class script : unsigned char { other, greek, hebrew, kana_han };  // kana_han: Hiragana, Katakana, Han

// What the rules ask of a code point. `allowed` is PVALID, CONTEXTJ or CONTEXTO (RFC 5892's
// derived property); the contextual ones are then checked by code point in context_ok.
struct props {
  bool allowed = false;
  bidi b = bidi::l;
  join j = join::u;
  script sc = script::other;
  bool mark = false;    // General_Category M: may not start a label
  bool virama = false;  // Canonical_Combining_Class 9: lets a ZWJ or ZWNJ follow
};

constexpr props cls(bidi b, join j, script sc, bool mark, bool virama) noexcept {
  return {true, b, j, sc, mark, virama};
}

// The classes the run table below names, in the order of its class characters (']' is 0).
inline constexpr props classes[] = {
    props{},
    cls(bidi::l, join::u, script::other, false, false),
    cls(bidi::nsm, join::t, script::other, true, false),
    cls(bidi::l, join::u, script::other, true, false),
    cls(bidi::nsm, join::t, script::other, true, true),
    cls(bidi::r, join::u, script::other, false, false),
    cls(bidi::al, join::d, script::other, false, false),
    cls(bidi::l, join::u, script::greek, false, false),
    cls(bidi::al, join::r, script::other, false, false),
    cls(bidi::l, join::u, script::kana_han, false, false),
    cls(bidi::r, join::d, script::other, false, false),
    cls(bidi::r, join::r, script::other, false, false),
    cls(bidi::al, join::u, script::other, false, false),
    cls(bidi::l, join::u, script::other, true, true),
    cls(bidi::neutral, join::u, script::other, false, false),
    cls(bidi::nsm, join::t, script::hebrew, true, false),
    cls(bidi::l, join::d, script::other, false, false),
    cls(bidi::l, join::t, script::other, true, false),
    cls(bidi::en, join::u, script::other, false, false),
    cls(bidi::r, join::u, script::hebrew, false, false),
    cls(bidi::an, join::u, script::other, false, false),
    cls(bidi::r, join::l, script::other, false, false),
    cls(bidi::l, join::l, script::other, false, false),
    cls(bidi::al, join::l, script::other, false, false),
    cls(bidi::nsm, join::u, script::other, true, false),
    cls(bidi::l, join::t, script::other, true, true),
    cls(bidi::l, join::u, script::kana_han, true, false),
    cls(bidi::r, join::t, script::other, false, false)};

// Every code point's class, as runs: run k covers the code points from its start to the next run's
// start. Each run is written as the distance from the previous run's start in base 56 (the digits
// are '#' to '[' without '?', so that no "??" reads as a trigraph) followed by its class character
// (']' onwards); '"' and '\' are in neither set, so the text needs no escapes.
//
// Derived from Unicode 15.1 (Python 3.13's unicodedata, with Joining_Type, Script,
// Default_Ignorable_Code_Point, White_Space, Noncharacter_Code_Point and Hangul_Syllable_Type from
// the regex package's Unicode tables for the code points 15.1 assigns) by RFC 5892 section 3's
// order of rules: the exceptions (F), unassigned (J), LDH (K), join controls (H), the unstable
// (B: toNFKC(toCaseFold(toNFKC(cp))) != cp), the ignorable properties and blocks (C, D), old Hangul
// jamo (I), then letters, digits and marks (A: Ll Lu Lo Nd Lm Mn Mc) are PVALID and the rest is
// DISALLOWED. It agrees with the idna package's tables (Unicode 17) on every code point 15.1
// assigns. The Bidi classes are RFC 5893's with ES, CS, ET, ON and BN as one (the rule treats
// them alike).
inline constexpr std::size_t run_count = 3038;
inline constexpr std::string_view run_text =
    "]Qk$]%o-]K^=]$'k$]K^;]$^+]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^"
    "$]$^$]$^$]$^$]&^$]$^%]$^$]$^$]$^$]&^$]$^$]$^$]$^$]%^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^"
    "$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]%^$]$^$]$^$]$^$]%^$]$^$]%^$]&^%]'^$]%^$]&^&]%^$]%^$]$^$]$^$]%^$]$^%]$^$]%^$]&^$]$^"
    "$]%^&]$^*]-^$]$^$]$^$]$^$]$^$]$^$]$^$]$^%]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^%]'^$]&^$]$^$]$^$]$^$]$^$]$^$]$^$]$^"
    "$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^*]%^$]%^%]$^$]'^$]$^$]$^"
    "$]$^$]$^$M],k%^*]'k-^%]=k$]$^$]4_$+]%_$]&_,]$_D]$d$]$d$]$k$]$d$]&d&]5d$]>dG]+d$]$d$]$d$]$d$]$d$]$d$]$^$]$^$]$^$]"
    "$^$]$^$]$^$]$^$]&d$]'d$]%d%]W^T]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$_(]&^$]$^$]"
    "$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]%^$]$^$]$^$]"
    "$^$]$^$]$^$]$^%]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]"
    "$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]M^$])^K]$^$]+lQ]"
    "$l$]$l%]$l%]$l$]+p>]'p)]>_.](c$i$e'c$e$c$e$c(e'c0]$c*e$c%_8q-]'c%_$e&i$]'c2e5cJe$c%e,c$e$c$e$c%e%]$e$_*]%_)i%_%]"
    "$_'e%o-c&i%c$]3e$_$c&e(c'e$c,e$c$e$c$e$c%e$_>]%e$c.e&c2e%c'e$c$e%c&e%c)iJ_.i$]1b-gE_,b%]*_$]%b9_'b$_,b$_&b$_(]5h"
    "$g(h%g$h$g-h$g$h&_&]'c$i$c'i$e$c$e%](e6i&c$i$]$c(e$],_+c-e&i$e$c%e%c)e$c2i$_;]$_D`$^Z_$`$_$^$`&_+`'a$`%^$_*]+^%_"
    "%]%^-]$^3_$`%]$^+]%^%]%^9]$^*]$^$]&^']%_$^$`&_']%`%]%`%a$^$]+`$]+^%_%]%^/]-^$]$_$]%_%`$]$^)]'^%]%^9]$^*]$^$]%^$]"
    "%^%]%_$]$`&_%]'_%]%_%a$]&_$]-^$],^-_%^&_$]._%`$]$^,]$^&]$^9]$^*]$^%]$^(]%_$^$`&_(]$_%`$]$`%a$]%^$]2^%_%]%^-],^$_"
    ")]$_$`%]$^+]%^%]%^9]$^*]$^%]$^(]%_$^$`$_$`$_']%`%]%`%a$]*_%`$]*^&_%]%^-]$^$]3_$^$]$^)]&^&]$^']&^%]$^$]$^%]&^%]&^"
    "&]&^/]'`%_$`%]&`&]$`&a$]%^$])`$]1^-]3_$`&_$^+]$^&]$^:]$^3]%_$^$_&`']$_&]$_&a$]*_%]$^&]%^$]%^%_%]%^-]3^$_$`%]$^+]"
    "$^&]$^:]$^-]$^(]%_$^$`$n$`(]$n$`%]$`%_$a$]*`%])^%]$^%_%]%^-]$^%`$]/_%`%^,]$^&]$^Ma%^$`&_']$`&]$`&a$^$](^&`$]*^&_"
    "%]%^-]-^)]$_$`%]$^5]&^;]$^,]$^$]%^*]&a$]'`&_&]$_$]$`+])^-]%`%]0^T_$^$]$_)a$](^*_+]$^-]K^%]$^$]$^(]$^;]$^$]$^-_$^"
    "$]$_)a$_%^$]%^(]$^$]$_*]$^-]'^%]D^$]-^$]/_%])^-]._$]$_$]$_$]'`%^&]$^']$^']$^']$^']$^']$^/]$^&]'_%]$_$](_(`$_$]$_"
    "%a$]$_%^(_)]$_']$_']$_']$_']$_']$_/]$_&],_$]$$^O`%_'`$_)`$a%`%_%^.])^)`%_%^'_&^$`&^%`*^&_'^0_$`%_%`)_$^$`$^-`&_$"
    "]V^O]%^&]'D^$4]$^']%^*]$^$]$^']%^M]$^']%^E]$^']%^*]$^$]$^']%^2]$^$$]$^']%^$.]%_&]D^3]3^$B].^.']%^4]$^=](^$6])^+]"
    "*^5_%a$j$],^6_%j$].^5_%]/^0]$^&]$_%]/^X]%`$_*`+_$`%_,a$_$]&^$]'^$_$]%^-]J^-])m$E]*^(_%mF_$m$](^$1]-^C]$_&`'_%`&]"
    "'`%_$`)_&]-^L]%^(].^P]'^=])^-]J^:_%`%_$]'^Y`$_$`$_*]$a$`$_$`%_+`)_-]%_$^-])^-]0^$]+_1]$_3]U_'`$^S_$`$_(`$_$`(_$`"
    "$j$^+]&^-]4_,]/_%`$^B`$_'`%_%j$a$_%^$#_$`$_%`&_$`$_&j%]/^H`+_+`%_%]+^-]&^U]$=_&]$_0`$_*^'_$^)_$^%`$_%^$](^Jd(^$]"
    "&^$].^$]5^$]@^0]$^F]I_$+]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$"
    "]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$"
    "]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^(]%^%]$^$]$^$"
    "]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$"
    "]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$d+]+d)]-d+]+d+]+d)]-d+]+d+]+d$]$d$]$"
    "d$]$d$]$d$]$d$]$d$]Wd%]'d$]2d$],d&]&d%]+d&]$d']1d$]8k%](L^$]Y^$]TO^T]$^$]&^%]$^$]$^$]$^$]'^$]$^%]$^)](^$]$^$]$^$"
    "]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$"
    "]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^%]*^$]$^$_&]$^$]/^J]$^$](^$]%^$#]:a$^"
    ":],^*]$^*]$^*]$^*]$^*]$^*]$^*]$^*]$_D]Sk$]+8f$^$f$]F_']1^$]'f$B]%_%]%f%]%f$Fk$^$f%])^O]%#^D]Tf3],+f%(L]$+f)JT^7Q"
    "]$.^R]%^'Q]&^@]8^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^%_$]'_-"
    "]$k$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]%_%^$1]-_%]Ik,]&^$]$^$]$^$]$^$]$^$]$^$]$^&]$^$]$^$]"
    "$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]"
    "$^$]$^+]$^$]$^$]%^$]$^$]$^$]$^$]$^$k$]&^$]$^%]$^$]$^&]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$]$^$](^$](^$]$^$]$^$]$^"
    "$]$^$]$^$]$^$]$^$]'^$]$^$])^$]$^$]$^$]$^$]$^$]@^%]%^+_$^&a$^'_$^:`%_%`$]'a$]6mVs$^$]/`%^V`3a$_$]-^-])_5^)]&^$]$^"
    "%_$^J_+]%^:_.`$j$]P_&`$^S_$`%_'`%_%`%j$]1^.])^(_$^<]$^M_)`%_%`%_%],^&_$^+_$`$]%^-])^:]&^$`$_$`$^V_$^$_&^%_%^(_%^"
    "$_$^$];^&]%^.`$_%`%]%^&`$a$]-^)]%^)]%^)],^*]$^*]$^O](^(d$^&]$C^G`%_$`%_$`%]$`$a$]%^-])^&C@]%Q5f%]$f$]$f%]-f$]$f$"
    "]$f%]%f&]'7l$]0M_3]$.i$]*'^/]$^=]$^6]$^%]$^2]%^1]F^%.]'F_$]%5^A]&^U]2_$]C^D]0^7]$^+])^J_(](^B]%^H]'^+]$D^%)]%^-]"
    "R^H]'^L]+^X]W^.]$^2]$^*]$^%]$.^(C],^9]-^+];^$]%2b)]%b$]$bP]$b%]&b$]%b:]-b:],bC]$,b6]$b%]-b9]-b=]$1b$#])b%]$+b$_&"
    "]$_%](_'b']$b&]$bA]%_&]'a$]DbA]&bA]Gg(h$b$h$]$h%b%r$h(g'r$g(h$g&h$b%h$_%]<bZ]-b9]-b6]0g$h$g$h&g&h$g%h$g$h%g$h$]$"
    "Zb$4]%*bW]0t$cEe$c$_']+q-](RbN]$_%]&b%]$6_&bA]-b$]+c&e$c4i$_.]Cg'h%g/_']Ng$b$g%h&b$g$h%g%h$g%b$g$h%g$]>b:],`$_$`"
    "$^Y_1a$]C^-a$^%_%^$],a$_%`$^Q`&_'`%a$_$]*_$]0^<]*^-])_&^H_(`$_)a%]$^-]'^$`%^$]+^G_$]%^$],_%`$^T`&_,`$j$^']'_']$`"
    "$_$^.]$^$]G^5]$^<`&_&`%_$j$_%])_$^%_$]$)^*]$^$]$^']$^2]$^-]*^S_$`&_*a$](^-])_%`%]$^+]%^%]%^9]$^*]$^%]$^(]$_%^$`%"
    "_$`']%`%]%`%j$]%^$])`$](^(`%]%_*]&_(]%>^Y`&_+`%a$_%`$_$^'](^-]'_$^&]B^T`&_)`$_$`'_%`$a$_$^%]$^$]+^-]%Z^S`&_']%`'"
    "_%`$a$_$]:^'_%]F^T`&_+`%_$`$a$_$]&^$].^-]J^O_$`$_$`%_)j$_$^$]*^-]Z^>]%_$u$_$`%_'`$_'a$]'^-])^*]&4^P`&_,`$a$_$]%8"
    "^N]8^+]%^$]%^+]$^%]$^;`)]$`%]%_%j$a$^$`$^$`$_$]/^-]$1^+]%^K`&_']%_%`'a$^$]$^$`$]>^$_)n%_%^L_$a$_'`$^$_']+a$]+^$_"
    ")`%_&^R_0`$_$a$]&^$]5^$4]'K^,]$^I`$_*]$_)`$v$^$]2^-];^B]%_9]$`$_*`$_%`$_%]$4^*]$^%]$^J_)]&_$]$_%]$_(a%^$_$]+^-])"
    "^)]$^%]$^D`(]$_%]$`%_$`$a$^$]*^-](B^6_%`%],_%^$`$^0]$^F`%_(]&`%_$j$a$]0^-]$B^$]$:^3=]')^&@]S'^$M]2^6+]3_$^)_2]$2"
    "F^-:]%N,^-,]*^C]$^-])^$:]$^-])^B]%_(].^T_*],^']/^-],^8](^6]/T^D]%3^$6]'_$^$`[]*_'^0]$+^%]$f$_$].w%]1^$YD]+^9)]N^"
    ",]%SCf']$f*]$f%]$f(.]2f$]Af&]%f$]1f']+^*']M/^$W](^0]&^,]*^-]&_%]$@$_R]%_:]U$_[]'_V]+_$]1_$]9_(]$_2]6L^C])^)]&Q_*"
    "]$_4]%_*]$_%]$_(]$P_$]%#^Q]&_*^*]%^-]'^$](M^B_$]4^P_'^-]+9^@_'^-]01^*]$^']$^%]$^2]$b&A]._*]$6gF_*x$]'b-]$SBf0FT]"
    "Df$5-])f&Z]%f$RV]1f%8<]2f.)]$;Ff$D.](f$5T]";

struct run_table {
  std::array<std::uint32_t, run_count> runs{};  // start << 5 | class
  std::size_t count = 0;
};

// Not constexpr on purpose: decoding at compile time cost every file including this header about
// 0.07 s of constant evaluation (g++ 16); at run time it takes microseconds, once.
inline run_table decode_runs() noexcept {
  run_table t;
  std::uint32_t start = 0, delta = 0;
  for (const char c : run_text) {
    if (c >= ']') {
      start += delta;
      delta = 0;
      if (t.count == run_count) break;  // more runs than run_count says; the unit test compares
      t.runs[t.count++] = start << 5 | static_cast<std::uint32_t>(c - ']');
    } else {
      delta = delta * 56 + static_cast<std::uint32_t>(c - '#' - (c > '?' ? 1 : 0));
    }
  }
  return t;
}

inline const run_table& table() noexcept {
  static const run_table t = decode_runs();
  return t;
}

inline props of(char32_t c) noexcept {
  if (c > 0x10FFFF) return {};
  const run_table& t = table();
  std::size_t lo = 0, hi = t.count;  // the last run whose start is <= c
  while (hi - lo > 1) {
    const std::size_t mid = (lo + hi) / 2;
    if ((t.runs[mid] >> 5) <= c) lo = mid;
    else hi = mid;
  }
  return t.count == 0 ? props{} : classes[t.runs[lo] & 31];
}

// RFC 5892 Appendix A: whether the CONTEXTJ or CONTEXTO code point at label[i] may stand there
// (every other code point may).
inline bool context_ok(const char32_t* label, std::size_t n, std::size_t i) noexcept {
  const char32_t c = label[i];
  const auto before_is = [&](auto&& pred) { return i > 0 && pred(label[i - 1]); };
  const auto after_is = [&](auto&& pred) { return i + 1 < n && pred(label[i + 1]); };
  const auto after_virama = [&] { return before_is([](char32_t p) { return of(p).virama; }); };
  const auto any_in = [&](char32_t lo, char32_t hi) {
    for (std::size_t k = 0; k < n; ++k)
      if (label[k] >= lo && label[k] <= hi) return true;
    return false;
  };
  switch (c) {
    case 0x200C: {  // ZERO WIDTH NON-JOINER: after a virama, or inside (L|D) T* ZWNJ T* (R|D)
      if (after_virama()) return true;
      std::size_t k = i;
      while (k > 0 && of(label[k - 1]).j == join::t) --k;
      if (k == 0 || (of(label[k - 1]).j != join::l && of(label[k - 1]).j != join::d)) return false;
      k = i + 1;
      while (k < n && of(label[k]).j == join::t) ++k;
      return k < n && (of(label[k]).j == join::r || of(label[k]).j == join::d);
    }
    case 0x200D: return after_virama();  // ZERO WIDTH JOINER
    case 0x00B7:                         // MIDDLE DOT, only in Catalan's "l·l"
      return before_is([](char32_t p) { return p == U'l'; }) && after_is([](char32_t p) { return p == U'l'; });
    case 0x0375: return after_is([](char32_t p) { return of(p).sc == script::greek; });  // KERAIA
    case 0x05F3:                                                                          // GERESH
    case 0x05F4: return before_is([](char32_t p) { return of(p).sc == script::hebrew; });  // GERSHAYIM
    case 0x30FB:  // KATAKANA MIDDLE DOT: the label has Hiragana, Katakana or Han
      for (std::size_t k = 0; k < n; ++k)
        if (of(label[k]).sc == script::kana_han) return true;
      return false;
    default:
      if (c >= 0x0660 && c <= 0x0669) return !any_in(0x06F0, 0x06F9);  // ARABIC-INDIC DIGITS
      if (c >= 0x06F0 && c <= 0x06F9) return !any_in(0x0660, 0x0669);  // EXTENDED ARABIC-INDIC
      return true;
  }
}

// RFC 5891 5.4 on a U-label's code points (NFC aside, see the top of the file).
inline bool u_label_ok(const char32_t* label, std::size_t n) noexcept {
  if (n == 0 || label[0] == U'-' || label[n - 1] == U'-') return false;
  if (n >= 4 && label[2] == U'-' && label[3] == U'-') return false;  // reserved for "xn--" and the like
  if (of(label[0]).mark) return false;
  for (std::size_t i = 0; i < n; ++i)
    if (!of(label[i]).allowed || !context_ok(label, n, i)) return false;
  return true;
}

// RFC 5893 section 2's six conditions, which every label of a name that has a right-to-left
// label must meet.
inline bool bidi_ok(const char32_t* label, std::size_t n) noexcept {
  if (n == 0) return false;
  const bidi first = of(label[0]).b;
  const bool rtl = first == bidi::r || first == bidi::al;
  if (!rtl && first != bidi::l) return false;  // 1
  bool en = false, an = false;
  for (std::size_t i = 0; i < n; ++i) {
    const bidi b = of(label[i]).b;
    if (rtl ? b == bidi::l : (b == bidi::r || b == bidi::al || b == bidi::an)) return false;  // 2, 5
    en = en || b == bidi::en;
    an = an || b == bidi::an;
  }
  if (rtl && en && an) return false;  // 4
  std::size_t last = n - 1;
  while (last > 0 && of(label[last]).b == bidi::nsm) --last;
  const bidi b = of(label[last]).b;  // 3, 6
  return rtl ? (b == bidi::r || b == bidi::al || b == bidi::en || b == bidi::an) : (b == bidi::l || b == bidi::en);
}

inline bool has_rtl(const char32_t* label, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    const bidi b = of(label[i]).b;
    if (b == bidi::r || b == bidi::al || b == bidi::an) return true;
  }
  return false;
}

// Punycode (RFC 3492) with IDNA's parameters.
inline constexpr std::uint32_t base = 36, tmin = 1, tmax = 26, skew = 38, damp = 700;
inline constexpr std::uint32_t max_u32 = 0xFFFFFFFF;

constexpr std::uint32_t adapt(std::uint32_t delta, std::uint32_t points, bool first) noexcept {
  delta = first ? delta / damp : delta / 2;
  delta += delta / points;
  std::uint32_t k = 0;
  while (delta > ((base - tmin) * tmax) / 2) {
    delta /= base - tmin;
    k += base;
  }
  return k + (base - tmin + 1) * delta / (delta + skew);
}

constexpr std::uint32_t threshold(std::uint32_t k, std::uint32_t bias) noexcept {
  return k <= bias ? tmin : k >= bias + tmax ? tmax : k - bias;
}

// Decodes the Punycode after "xn--" into at most cap code points; false when it is not Punycode.
constexpr bool decode(std::string_view in, char32_t* out, std::size_t cap, std::size_t& n) noexcept {
  n = 0;
  std::size_t pos = 0;
  // The basic code points before the last '-'; a '-' with none before it is a digit (and so wrong).
  // They are lowered: an A-label matches in either case, as the DNS matches it.
  if (const std::size_t dash = in.rfind('-'); dash != std::string_view::npos && dash > 0) {
    if (dash > cap) return false;
    for (; n < dash; ++n) {
      if (static_cast<unsigned char>(in[n]) >= 0x80) return false;
      out[n] = static_cast<unsigned char>(lower(in[n]));
    }
    pos = dash + 1;
  }
  std::uint32_t code = 0x80, i = 0, bias = 72;
  while (pos < in.size()) {
    const std::uint32_t old_i = i;
    std::uint32_t w = 1;
    for (std::uint32_t k = base;; k += base) {
      if (pos == in.size()) return false;
      const char ch = lower(in[pos++]);
      const std::uint32_t digit = ch >= 'a' && ch <= 'z'   ? static_cast<std::uint32_t>(ch - 'a')
                                  : ch >= '0' && ch <= '9' ? static_cast<std::uint32_t>(ch - '0' + 26)
                                                           : base;
      if (digit >= base || digit > (max_u32 - i) / w) return false;
      i += digit * w;
      const std::uint32_t t = threshold(k, bias);
      if (digit < t) break;
      if (w > max_u32 / (base - t)) return false;
      w *= base - t;
    }
    const auto len = static_cast<std::uint32_t>(n + 1);
    bias = adapt(i - old_i, len, old_i == 0);
    if (i / len > 0x10FFFF - code) return false;
    code += i / len;
    i %= len;
    // A delta that lands on a basic code point is not how an encoder writes one (RFC 3492 6.2).
    if (code < 0x80 || n == cap) return false;
    for (std::size_t k = n; k > i; --k) out[k] = out[k - 1];
    out[i++] = code;
    ++n;
  }
  return true;
}

// Encodes a label into at most cap characters of Punycode (without "xn--"); false when it takes more.
constexpr bool encode(const char32_t* in, std::size_t len, char* out, std::size_t cap, std::size_t& m) noexcept {
  m = 0;
  for (std::size_t k = 0; k < len; ++k) {
    if (in[k] >= 0x80) continue;
    if (m == cap) return false;
    out[m++] = static_cast<char>(in[k]);
  }
  const std::size_t basic = m;
  if (basic > 0) {
    if (m == cap) return false;
    out[m++] = '-';
  }
  std::uint32_t code = 0x80, delta = 0, bias = 72;
  for (std::size_t h = basic; h < len;) {
    std::uint32_t next = max_u32;
    for (std::size_t k = 0; k < len; ++k)
      if (in[k] >= code && in[k] < next) next = in[k];
    if (next - code > (max_u32 - delta) / (h + 1)) return false;
    delta += (next - code) * static_cast<std::uint32_t>(h + 1);
    code = next;
    for (std::size_t k = 0; k < len; ++k) {
      if (in[k] < code && ++delta == 0) return false;
      if (in[k] != code) continue;
      std::uint32_t q = delta;
      for (std::uint32_t kk = base;; kk += base) {
        const std::uint32_t t = threshold(kk, bias);
        const std::uint32_t d = q < t ? q : t + (q - t) % (base - t);
        if (m == cap) return false;
        out[m++] = static_cast<char>(d < 26 ? 'a' + d : '0' + (d - 26));
        if (q < t) break;
        q = (q - t) / (base - t);
      }
      bias = adapt(delta, static_cast<std::uint32_t>(h + 1), h == basic);
      delta = 0;
      ++h;
    }
    ++delta;
    ++code;
  }
  return true;
}

// One label as code points: an A-label's Punycode decoded, else its own characters.
struct label {
  char32_t cp[64];
  std::size_t n = 0;
  bool a_label = false;
};

constexpr bool is_a_label(std::string_view s) noexcept { return starts_with_nocase(s, "xn--"); }

constexpr bool read_label(std::string_view s, label& out) noexcept {
  out.n = 0;
  out.a_label = is_a_label(s);
  if (out.a_label) return decode(s.substr(4), out.cp, 63, out.n);
  for (std::size_t i = 0; i < s.size();) {
    if (out.n == 63) return false;
    out.cp[out.n++] = next_code_point(s, i);
  }
  return true;
}

}  // namespace idna

// ---------------------------------------------------------------------------------------------
// Host names.

// Calls f(label) for each label of a name, split at '.' and, when `ideographic`, also at the
// full stops RFC 3490 3.1 lets IDNA treat as dots (U+3002, U+FF0E, U+FF61); false at once when
// f says no.
template <class F>
constexpr bool for_each_label(std::string_view s, bool ideographic, F&& f) noexcept {
  std::size_t first = 0;
  for (std::size_t i = 0;;) {
    std::size_t dot = 0;  // the separator's length in bytes, 0 when s[i] is none
    if (i == s.size() || s[i] == '.') dot = 1;
    else if (ideographic && s.substr(i, 3) == "\xE3\x80\x82") dot = 3;
    else if (ideographic && s.substr(i, 3) == "\xEF\xBC\x8E") dot = 3;
    else if (ideographic && s.substr(i, 3) == "\xEF\xBD\xA1") dot = 3;
    if (dot == 0) {
      ++i;
      continue;
    }
    if (!f(s.substr(first, i - first))) return false;
    if (i == s.size()) return true;
    i += dot;
    first = i;
  }
}

// A name in the DNS's text form, without the root's trailing dot: labels of 1-63 octets, 253 in
// all. With `unicode` (idn-hostname, idn-email's domain) labels may be U-labels and the lengths
// are those of their A-labels; without (hostname, RFC 1123 2.1), labels are letters, digits and
// '-'. Either way an A-label ("xn--") must be one: its Punycode decodes to a valid U-label that
// encodes back to it, and a name with a right-to-left label meets the Bidi rule.
inline bool host_name(std::string_view s, bool unicode, bool ideographic_dots) noexcept {
  std::size_t total = 0;
  bool rtl = false, first = true;
  const bool labels_ok = for_each_label(s, ideographic_dots, [&](std::string_view text) noexcept {
    total += first ? 0 : 1;
    first = false;
    if (text.empty()) return false;
    bool ascii = true;
    for (const char c : text) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
    if (ascii && !idna::is_a_label(text)) {
      // An LDH label. IDNA reserves "--" in the third and fourth places (RFC 5891 4.2.3.1), which
      // RFC 1123 does not know of.
      if (text.size() > 63 || text.front() == '-' || text.back() == '-') return false;
      if (unicode && text.size() >= 4 && text[2] == '-' && text[3] == '-') return false;
      for (const char c : text)
        if (!is_alpha(c) && !is_digit(c) && c != '-') return false;
      total += text.size();
      return true;
    }
    if (!ascii && !unicode) return false;
    idna::label l;
    if (!idna::read_label(text, l) || !idna::u_label_ok(l.cp, l.n)) return false;
    char encoded[64];
    std::size_t m = 0;
    if (!idna::encode(l.cp, l.n, encoded, 59, m)) return false;  // "xn--" and 59: 63
    if (l.a_label) {
      // Only non-ASCII needs an A-label, and only the canonical encoding is one.
      bool non_ascii = false;
      for (std::size_t i = 0; i < l.n; ++i) non_ascii = non_ascii || l.cp[i] >= 0x80;
      if (!non_ascii || !starts_with_nocase(text.substr(4), std::string_view(encoded, m)) || text.size() != m + 4)
        return false;
    }
    rtl = rtl || idna::has_rtl(l.cp, l.n);
    total += m + 4;
    return true;
  });
  if (!labels_ok || total > 253) return false;
  if (!rtl) return true;
  // A Bidi domain name: every label, LDH ones too, meets RFC 5893's rule.
  return for_each_label(s, ideographic_dots, [](std::string_view text) noexcept {
    idna::label l;
    return idna::read_label(text, l) && idna::bidi_ok(l.cp, l.n);
  });
}

// ---------------------------------------------------------------------------------------------
// E-mail addresses: RFC 5321 4.1.2's Mailbox, and with `unicode` RFC 6531 3.3's, where
// UTF8-non-ascii is atext and qtextSMTP too and the domain's labels may be U-labels.

constexpr bool atext(char c) noexcept {
  return is_alpha(c) || is_digit(c) || std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string_view::npos;
}

inline bool mailbox(std::string_view s, bool unicode) noexcept {
  std::size_t i = 0;
  if (s.starts_with('"')) {  // Quoted-string = DQUOTE *(qtextSMTP / quoted-pairSMTP) DQUOTE
    for (i = 1;; ++i) {
      if (i == s.size()) return false;
      const auto c = static_cast<unsigned char>(s[i]);
      if (c == '"') break;
      if (c == '\\') {  // quoted-pairSMTP = %d92 %d32-126
        if (++i == s.size() || s[i] < 32 || s[i] > 126) return false;
      } else if ((c < 32 || c > 126) && !(unicode && c >= 0x80)) {
        return false;
      }
    }
    ++i;
  } else {  // Dot-string = Atom *("." Atom)
    bool atom_expected = true;
    for (; i < s.size() && s[i] != '@'; ++i) {
      if (s[i] == '.') {
        if (atom_expected) return false;
        atom_expected = true;
      } else if (atext(s[i]) || (unicode && static_cast<unsigned char>(s[i]) >= 0x80)) {
        atom_expected = false;
      } else {
        return false;
      }
    }
    if (atom_expected) return false;
  }
  // RFC 5321 4.5.3.1.1: a local part has at most 64 octets.
  if (i > 64 || i == s.size() || s[i] != '@') return false;
  const std::string_view domain = s.substr(i + 1);
  if (domain.starts_with('[')) {
    // address-literal. Of General-address-literal's tags only "IPv6" is registered, and it has
    // its own form; the others cannot be checked, so they are refused.
    if (!domain.ends_with(']')) return false;
    const std::string_view literal = domain.substr(1, domain.size() - 2);
    return starts_with_nocase(literal, "IPv6:") ? ipv6(literal.substr(5)) : ipv4(literal);
  }
  return host_name(domain, unicode, false);
}

// ---------------------------------------------------------------------------------------------
// URIs (RFC 3986) and IRIs (RFC 3987).

constexpr bool ucschar(char32_t c) noexcept {
  if (c >= 0xA0 && c <= 0xD7FF) return true;
  if ((c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFEF)) return true;
  if (c >= 0x10000 && c < 0xE0000) return (c & 0xFFFF) <= 0xFFFD;
  return c >= 0xE1000 && c <= 0xEFFFD;
}

constexpr bool iprivate(char32_t c) noexcept {
  return (c >= 0xE000 && c <= 0xF8FF) || (c >= 0xF0000 && c <= 0x10FFFF && (c & 0xFFFF) <= 0xFFFD);
}

// Whether s is made of unreserved, pct-encoded and sub-delims, plus the ASCII in `extra`; with
// `iri` also ucschar (RFC 3987's iunreserved), with `priv` also iprivate (only iquery has it).
constexpr bool uri_chars(std::string_view s, std::string_view extra, bool iri, bool priv) noexcept {
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '%') {
      if (s.size() - i < 3 || !is_hex(s[i + 1]) || !is_hex(s[i + 2])) return false;
      i += 3;
    } else if (static_cast<unsigned char>(c) < 0x80) {
      if (!is_alpha(c) && !is_digit(c) && std::string_view("-._~!$&'()*+,;=").find(c) == std::string_view::npos &&
          extra.find(c) == std::string_view::npos)
        return false;
      ++i;
    } else {
      const char32_t cp = next_code_point(s, i);
      if (!iri || !(ucschar(cp) || (priv && iprivate(cp)))) return false;
    }
  }
  return true;
}

// authority = [ userinfo "@" ] host [ ":" port ], host = IP-literal / IPv4address / reg-name.
// An IPv4address is also a reg-name, so "999.999.999.999" is a valid (if unresolvable) host.
constexpr bool authority(std::string_view a, bool iri) noexcept {
  if (const std::size_t at = a.find('@'); at != std::string_view::npos) {
    if (!uri_chars(a.substr(0, at), ":", iri, false)) return false;
    a = a.substr(at + 1);
  }
  std::string_view port;
  if (a.starts_with('[')) {  // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
    const std::size_t close = a.find(']');
    if (close == std::string_view::npos) return false;
    const std::string_view ip = a.substr(1, close - 1);
    // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    if (ip.starts_with('v') || ip.starts_with('V')) {
      std::size_t i = 1;
      while (i < ip.size() && is_hex(ip[i])) ++i;
      if (i == 1 || i + 1 >= ip.size() || ip[i] != '.' || !uri_chars(ip.substr(i + 1), ":", false, false) ||
          ip.find('%') != std::string_view::npos)
        return false;
    } else if (!ipv6(ip)) {
      return false;
    }
    a = a.substr(close + 1);
    if (!a.empty()) {
      if (a[0] != ':') return false;
      port = a.substr(1);
    }
  } else {
    const std::size_t colon = a.find(':');
    if (colon != std::string_view::npos) port = a.substr(colon + 1);
    if (!uri_chars(a.substr(0, colon), "", iri, false)) return false;
  }
  for (const char c : port)
    if (!is_digit(c)) return false;
  return true;
}

// URI-reference (RFC 3986 4.1), or with `iri` IRI-reference (RFC 3987 2.2); `absolute` wants the
// URI (IRI) rule: a scheme.
constexpr bool uri(std::string_view s, bool iri, bool absolute) noexcept {
  std::size_t i = 0;
  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ':'. A ':' before any '/', '?' or
  // '#' must end a scheme: a relative reference's first segment cannot hold one (path-noscheme).
  if (const std::size_t colon = s.find_first_of(":/?#"); colon != std::string_view::npos && s[colon] == ':') {
    if (colon == 0 || !is_alpha(s[0])) return false;
    for (std::size_t k = 1; k < colon; ++k)
      if (!is_alpha(s[k]) && !is_digit(s[k]) && s[k] != '+' && s[k] != '-' && s[k] != '.') return false;
    i = colon + 1;
  } else if (absolute) {
    return false;
  }
  if (const std::size_t hash = s.find('#', i); hash != std::string_view::npos) {
    if (!uri_chars(s.substr(hash + 1), ":@/?", iri, false)) return false;  // fragment
    s = s.substr(0, hash);
  }
  if (const std::size_t q = s.find('?', i); q != std::string_view::npos) {
    if (!uri_chars(s.substr(q + 1), ":@/?", iri, true)) return false;  // query
    s = s.substr(0, q);
  }
  std::string_view path = s.substr(i);
  if (path.starts_with("//")) {
    const std::size_t end = path.find('/', 2);
    if (!authority(path.substr(2, end == std::string_view::npos ? std::string_view::npos : end - 2), iri)) return false;
    path = end == std::string_view::npos ? std::string_view() : path.substr(end);
  }
  // What is left is path-abempty, path-absolute (not "//", taken above), path-rootless or
  // -noscheme, or empty: segments of pchar between '/'s either way.
  return uri_chars(path, ":@/", iri, false);
}

// ---------------------------------------------------------------------------------------------
// The rest.

// RFC 6570 2.1's literals with erratum 6937 (verified), which puts "'" back: %x21 / %x23-24 /
// %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E, and ucschar, iprivate, pct-encoded.
constexpr bool template_literal(char c) noexcept {
  return c == 0x21 || c == 0x23 || c == 0x24 || (c >= 0x26 && c <= 0x3B) || c == 0x3D || (c >= 0x3F && c <= 0x5B) ||
         c == 0x5D || c == 0x5F || (c >= 0x61 && c <= 0x7A) || c == 0x7E;
}

// expression's inside: [ operator ] varspec *( "," varspec ), varspec = varname [ ":" max-length / "*" ],
// varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded,
// max-length = %x31-39 0*3DIGIT.
constexpr bool template_expression(std::string_view e) noexcept {
  std::size_t i = 0;
  if (!e.empty() && std::string_view("+#./;?&=,!@|").find(e[0]) != std::string_view::npos) ++i;
  for (;;) {
    bool varchar_expected = true;  // at the start and after a '.'
    while (i < e.size()) {
      if (e[i] == '%') {
        if (e.size() - i < 3 || !is_hex(e[i + 1]) || !is_hex(e[i + 2])) return false;
        i += 3;
      } else if (is_alpha(e[i]) || is_digit(e[i]) || e[i] == '_') {
        ++i;
      } else if (e[i] == '.' && !varchar_expected) {
        ++i;
        varchar_expected = true;
        continue;
      } else {
        break;
      }
      varchar_expected = false;
    }
    if (varchar_expected) return false;
    if (i < e.size() && e[i] == ':') {
      const std::size_t first = ++i;
      if (i == e.size() || e[i] < '1' || e[i] > '9') return false;
      while (i < e.size() && is_digit(e[i]) && i - first < 4) ++i;
    } else if (i < e.size() && e[i] == '*') {
      ++i;
    }
    if (i == e.size()) return true;
    if (e[i++] != ',') return false;
  }
}

constexpr bool uri_template(std::string_view s) noexcept {
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '{') {
      const std::size_t close = s.find('}', i + 1);
      if (close == std::string_view::npos || !template_expression(s.substr(i + 1, close - i - 1))) return false;
      i = close + 1;
    } else if (c == '%') {
      if (s.size() - i < 3 || !is_hex(s[i + 1]) || !is_hex(s[i + 2])) return false;
      i += 3;
    } else if (static_cast<unsigned char>(c) >= 0x80) {
      const char32_t cp = next_code_point(s, i);
      if (!ucschar(cp) && !iprivate(cp)) return false;
    } else if (template_literal(c)) {
      ++i;
    } else {
      return false;
    }
  }
  return true;
}

// RFC 6901: empty, or '/'-led reference tokens where '~' is only "~0" or "~1".
constexpr bool json_pointer(std::string_view s) noexcept {
  if (s.empty()) return true;
  if (s[0] != '/') return false;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] == '~' && (i + 1 == s.size() || (s[i + 1] != '0' && s[i + 1] != '1'))) return false;
  return true;
}

// non-negative-integer = "0" / %x31-39 *DIGIT; the length read, 0 when there is none.
constexpr std::size_t non_negative_integer(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size() && is_digit(s[i])) ++i;
  return i > 1 && s[0] == '0' ? 0 : i;
}

// Relative JSON Pointer (draft-bhutton-relative-json-pointer-00, which 2020-12 cites):
// non-negative-integer [ index-manipulation ] ( json-pointer / "#" ), index-manipulation =
// ("+" / "-") non-negative-integer. Draft-07's draft (handrews-01) had no index manipulation;
// accepting it there too only lets through what the later draft made valid.
constexpr bool relative_json_pointer(std::string_view s) noexcept {
  std::size_t i = non_negative_integer(s);
  if (i == 0) return false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    const std::size_t n = non_negative_integer(s.substr(i + 1));
    if (n == 0) return false;
    i += 1 + n;
  }
  const std::string_view rest = s.substr(i);
  return rest == "#" || json_pointer(rest);
}

// RFC 4122 3: 8-4-4-4-12 hex digits, either case; any version and variant.
constexpr bool uuid(std::string_view s) noexcept {
  if (s.size() != 36) return false;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (i == 8 || i == 13 || i == 18 || i == 23 ? s[i] != '-' : !is_hex(s[i])) return false;
  return true;
}

}  // namespace format_impl

// The format a "format" keyword's value names; unknown for a name no draft defines.
constexpr format_kind format_of(std::string_view name) noexcept {
  struct entry {
    std::string_view name;
    format_kind kind;
  };
  constexpr entry names[] = {{"date-time", format_kind::date_time},
                             {"date", format_kind::date},
                             {"time", format_kind::time},
                             {"duration", format_kind::duration},
                             {"email", format_kind::email},
                             {"idn-email", format_kind::idn_email},
                             {"hostname", format_kind::hostname},
                             {"idn-hostname", format_kind::idn_hostname},
                             {"ipv4", format_kind::ipv4},
                             {"ipv6", format_kind::ipv6},
                             {"uri", format_kind::uri},
                             {"uri-reference", format_kind::uri_reference},
                             {"iri", format_kind::iri},
                             {"iri-reference", format_kind::iri_reference},
                             {"uuid", format_kind::uuid},
                             {"uri-template", format_kind::uri_template},
                             {"json-pointer", format_kind::json_pointer},
                             {"relative-json-pointer", format_kind::relative_json_pointer},
                             {"regex", format_kind::regex}};
  for (const entry& e : names)
    if (e.name == name) return e.kind;
  return format_kind::unknown;
}

// Whether s (valid UTF-8) is a valid instance of the format. "regex" is the caller's (its own
// engine checks it) and an unknown format asserts nothing, so both say yes.
inline bool format_valid(format_kind k, std::string_view s) noexcept {
  using namespace format_impl;
  switch (k) {
    case format_kind::date_time: return date_time(s);
    case format_kind::date: return full_date(s);
    case format_kind::time: return full_time(s);
    case format_kind::duration: return duration(s);
    case format_kind::email: return mailbox(s, false);
    case format_kind::idn_email: return mailbox(s, true);
    case format_kind::hostname: return host_name(s, false, false);
    case format_kind::idn_hostname: return host_name(s, true, true);
    case format_kind::ipv4: return ipv4(s);
    case format_kind::ipv6: return ipv6(s);
    case format_kind::uri: return uri(s, false, true);
    case format_kind::uri_reference: return uri(s, false, false);
    case format_kind::iri: return uri(s, true, true);
    case format_kind::iri_reference: return uri(s, true, false);
    case format_kind::uuid: return uuid(s);
    case format_kind::uri_template: return uri_template(s);
    case format_kind::json_pointer: return json_pointer(s);
    case format_kind::relative_json_pointer: return relative_json_pointer(s);
    case format_kind::regex:
    case format_kind::unknown: return true;
  }
  return true;
}

}  // namespace metajson::detail::validate

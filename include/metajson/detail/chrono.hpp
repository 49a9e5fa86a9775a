// std::chrono as the library needs it, and the civil calendar computed here.
//
// What the reader and writer use of std::chrono is the clock-independent core: duration,
// time_point, system_clock, floor and duration_cast. libstdc++'s <chrono> adds the calendar,
// time zones and formatting, and with them <format>, <sstream> and the locale headers (alone,
// -O3: 2.0 s and 192 MB of compiler memory against 26 MB for an empty file; docs/performance.md).
// libstdc++ keeps the core in <bits/chrono.h>, which is included instead when it is there (any
// other standard library gets <chrono>). The calendar (year_month_day) is then not declared, so
// the date arithmetic below replaces it, and family/standard.hpp recognises a year_month_day by
// what it offers.
#pragma once

#include <cstddef>
#include <limits>
#include <string_view>
#include <type_traits>
#include <version>  // __GLIBCXX__

#if defined(__GLIBCXX__) && __has_include(<bits/chrono.h>)
#include <bits/chrono.h>
#else
#include <chrono>
#endif

namespace metajson::detail {

// A date of the proleptic Gregorian calendar (the one std::chrono::year_month_day counts in).
// Whether a duration's count is an integer (128-bit ones too, which strict -std=c++26 does not
// count as integral): a system_clock time_point of such a count is text, computed exactly.
template <class Rep>
inline constexpr bool integer_count = std::numeric_limits<Rep>::is_integer || std::is_same_v<Rep, __int128> ||
                                      std::is_same_v<Rep, unsigned __int128>;

struct civil_date {
  long long year;
  unsigned month;  // 1-12
  unsigned day;    // 1-31
};

constexpr bool is_leap_year(long long y) noexcept { return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0); }

constexpr unsigned days_in_month(long long y, unsigned m) noexcept {
  if (m == 2) return is_leap_year(y) ? 29 : 28;
  return m == 4 || m == 6 || m == 9 || m == 11 ? 30 : 31;
}

// Whether y-m-d names a day that exists.
constexpr bool is_valid_date(long long y, unsigned m, unsigned d) noexcept {
  return m >= 1 && m <= 12 && d >= 1 && d <= days_in_month(y, m);
}

// Days from 1970-01-01 to y-m-d (negative before it). The year is counted from March, so that
// the leap day ends it, in eras of 400 years (146,097 days, the calendar's whole cycle): the day
// of the era is then a closed formula. (The method of H. Hinnant's "chrono-Compatible Low-Level
// Date Algorithms".)
constexpr long long days_from_civil(long long y, unsigned m, unsigned d) noexcept {
  const long long march_year = m <= 2 ? y - 1 : y;
  const long long era = (march_year >= 0 ? march_year : march_year - 399) / 400;
  const auto year_of_era = static_cast<unsigned>(march_year - era * 400);            // 0-399
  const unsigned month_from_march = m > 2 ? m - 3 : m + 9;                           // 0-11
  const unsigned day_of_year = (153 * month_from_march + 2) / 5 + d - 1;             // 0-365
  const unsigned day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;  // 0-146096
  return era * 146097 + static_cast<long long>(day_of_era) - 719468;  // 719,468: 0000-03-01 to 1970-01-01
}

// The date `days` days after 1970-01-01: the inverse of days_from_civil.
constexpr civil_date civil_from_days(long long days) noexcept {
  const long long z = days + 719468;
  const long long era = (z >= 0 ? z : z - 146096) / 146097;
  const auto day_of_era = static_cast<unsigned>(z - era * 146097);                                  // 0-146096
  const unsigned year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;  // 0-399
  const unsigned day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);  // 0-365
  const unsigned month_from_march = (5 * day_of_year + 2) / 153;                                    // 0-11
  const unsigned d = day_of_year - (153 * month_from_march + 2) / 5 + 1;
  const unsigned m = month_from_march < 10 ? month_from_march + 3 : month_from_march - 9;
  return {static_cast<long long>(year_of_era) + era * 400 + (m <= 2 ? 1 : 0), m, d};
}

// An RFC 3339 / ISO 8601 UTC time "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)": whole
// seconds since 1970-01-01T00:00:00Z, the fraction in nanoseconds, and whether digits beyond
// the ninth were not zero (`lossy`). Returns nullptr, or what is wrong. (JSON's time strings,
// CBOR's tag 0.)
struct parsed_time {
  long long seconds = 0;
  long long frac_ns = 0;
  bool lossy = false;
};

constexpr const char* parse_rfc3339(std::string_view s, parsed_time& t) noexcept {
  const auto digit = [](char ch) { return ch >= '0' && ch <= '9'; };
  const auto num = [&](std::size_t at, std::size_t n, int& out) {
    if (at + n > s.size()) return false;
    out = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (!digit(s[i])) return false;
      out = out * 10 + (s[i] - '0');
    }
    return true;
  };
  int Y, M, Dd, h, mi, sec;
  if (!num(0, 4, Y) || s.size() < 20 || s[4] != '-' || !num(5, 2, M) || s[7] != '-' || !num(8, 2, Dd) ||
      (s[10] != 'T' && s[10] != 't') || !num(11, 2, h) || s[13] != ':' || !num(14, 2, mi) || s[16] != ':' || !num(17, 2, sec))
    return "expected YYYY-MM-DDTHH:MM:SS";
  if (!is_valid_date(Y, static_cast<unsigned>(M), static_cast<unsigned>(Dd)) || h > 23 || mi > 59 || sec > 59)
    return "date or time out of range";
  std::size_t i = 19;
  int frac_digits = 0;
  t.frac_ns = 0;
  t.lossy = false;
  if (i < s.size() && s[i] == '.') {
    ++i;
    const std::size_t start = i;
    while (i < s.size() && digit(s[i])) {
      if (frac_digits < 9) {
        t.frac_ns = t.frac_ns * 10 + (s[i] - '0');
        ++frac_digits;
      } else if (s[i] != '0') {
        t.lossy = true;
      }
      ++i;
    }
    if (i == start) return "expected digits after '.'";
    for (int k = frac_digits; k < 9; ++k) t.frac_ns *= 10;
  }
  int offset_min = 0;
  if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) {
    ++i;
  } else if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    int oh, om;
    if (!num(i + 1, 2, oh) || i + 3 >= s.size() || s[i + 3] != ':' || !num(i + 4, 2, om) || oh > 23 || om > 59)
      return "expected a UTC offset +HH:MM";
    offset_min = (s[i] == '-' ? -1 : 1) * (oh * 60 + om);
    i += 6;
  } else {
    return "expected 'Z' or a UTC offset";
  }
  if (i != s.size()) return "unexpected characters after the time";
  t.seconds = days_from_civil(Y, static_cast<unsigned>(M), static_cast<unsigned>(Dd)) * 86400 + h * 3600LL + mi * 60LL + sec -
              offset_min * 60LL;
  return nullptr;
}

}  // namespace metajson::detail

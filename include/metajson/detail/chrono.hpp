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

#include <version>  // __GLIBCXX__

#if defined(__GLIBCXX__) && __has_include(<bits/chrono.h>)
#include <bits/chrono.h>
#else
#include <chrono>
#endif

namespace metajson::detail {

// A date of the proleptic Gregorian calendar (the one std::chrono::year_month_day counts in).
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

}  // namespace metajson::detail

// Regular expressions for JSON Schema's `pattern`, built at compile time: the exact text the
// reader accepts for an integer map key of a given type, and for a time_point.
//
// They use the subset of ECMA-262 that every JSON Schema validator understands (classes,
// groups, alternation, counted repetition, one negative lookahead). Every pattern ends with
// `$(?!\n)`: in ECMA-262 `$` is the end of the string, but Python's `re` (used by the
// `jsonschema` package) also lets `$` match before a final newline, which the lookahead
// forbids, so the patterns mean the same thing in both.
#pragma once

#include <string>
#include <string_view>

namespace metajson::detail::schema {

inline constexpr std::string_view end_anchor = "$(?!\\n)";

constexpr std::string decimal(unsigned __int128 v) {
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  } while (v != 0);
  return s;
}

// "?" for {0,1}, "" for {1}, "{n}", "{0,n}".
constexpr std::string repeat(std::size_t n) { return n == 1 ? "" : "{" + decimal(n) + "}"; }
constexpr std::string up_to(std::size_t n) { return n == 0 ? "" : n == 1 ? "?" : "{0," + decimal(n) + "}"; }

constexpr std::string digit_class(char lo, char hi) {
  if (lo == hi) return std::string(1, lo);
  if (lo == '0' && hi == '9') return "[0-9]";
  if (hi == lo + 1) return std::string("[") + lo + hi + "]";
  return std::string("[") + lo + "-" + hi + "]";
}

// Wraps s in a non-capturing group when it has an alternation at its top level.
constexpr std::string group(const std::string& s) {
  int depth = 0;
  for (char ch : s) {
    if (ch == '(' || ch == '[') ++depth;
    else if (ch == ')' || ch == ']') --depth;
    else if (ch == '|' && depth == 0) return "(?:" + s + ")";
  }
  return s;
}

// The decimal strings of exactly lo.size() digits from lo to hi (same length, lo <= hi,
// leading zeros allowed): the classic split into a lower edge, a middle and an upper edge.
constexpr std::string same_length_range(std::string_view lo, std::string_view hi) {
  const std::size_t n = lo.size();
  if (n == 1) return digit_class(lo[0], hi[0]);
  if (lo[0] == hi[0]) return lo[0] + group(same_length_range(lo.substr(1), hi.substr(1)));
  const bool lo_rest_zeros = lo.substr(1).find_first_not_of('0') == std::string_view::npos;
  const bool hi_rest_nines = hi.substr(1).find_first_not_of('9') == std::string_view::npos;
  std::string out;
  auto alt = [&](const std::string& a) { out += (out.empty() ? "" : "|") + a; };
  if (!lo_rest_zeros) alt(lo[0] + group(same_length_range(lo.substr(1), std::string(n - 1, '9'))));
  const char mid_lo = static_cast<char>(lo[0] + (lo_rest_zeros ? 0 : 1));
  const char mid_hi = static_cast<char>(hi[0] - (hi_rest_nines ? 0 : 1));
  if (mid_lo <= mid_hi) alt(digit_class(mid_lo, mid_hi) + "[0-9]" + repeat(n - 1));
  if (!hi_rest_nines) alt(hi[0] + group(same_length_range(std::string(n - 1, '0'), hi.substr(1))));
  return out;
}

// The integers 1..max written without leading zeros (max >= 1).
constexpr std::string positive_up_to(unsigned __int128 max) {
  const std::string m = decimal(max);
  const std::size_t n = m.size();
  const std::string full = same_length_range("1" + std::string(n - 1, '0'), m);
  if (n == 1) return full;
  return "[1-9][0-9]" + up_to(n - 2) + "|" + full;  // fewer digits | as many digits
}

// What the reader accepts as an integer map key in [min, max] (min <= 0 <= max): JSON's
// integer grammar without fraction or exponent (-?(0|[1-9][0-9]*)), "-0" included, in range.
constexpr std::string integer_key_pattern(bool has_negatives, unsigned __int128 neg_magnitude, unsigned __int128 max) {
  std::string p = "^(?:-?0|" + positive_up_to(max);
  if (has_negatives) p += "|-" + group(positive_up_to(neg_magnitude));
  return p + ")" + std::string(end_anchor);
}

// A date that exists, YYYY-MM-DD, years 0000 to 9999: months of 30 and 31 days, and 29 February
// in leap years only (divisible by 4, not by 100 unless by 400, 0000 included), as the reader's
// is_valid_date has it.
constexpr std::string calendar_date() {
  const std::string leap = "(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)";
  return "(?:[0-9]{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|"
         "(?:0[13578]|1[02])-31)|" + leap + "-02-29)";
}

// std::chrono::year_month_day's pattern: a date that exists.
constexpr std::string date_pattern() { return "^" + calendar_date() + std::string(end_anchor); }

// What the reader accepts for a system_clock time_point: "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|
// -HH:MM)", `t` and `z` in either case, a real calendar date (leap years included), hours up to
// 23, minutes and seconds up to 59 (no leap second), offsets up to 23:59. `fraction` is the
// fraction pattern (the time_point's precision); years, when the time_point cannot hold 0000 to
// 9999, are limited to [year_min, year_max].
constexpr std::string date_time_pattern(std::string_view fraction, int year_min, int year_max) {
  const std::string date = calendar_date();
  std::string years;
  if (year_min > 0 || year_max < 9999) {
    auto four = [](int y) {
      std::string s = decimal(static_cast<unsigned __int128>(y));
      return std::string(4 - s.size(), '0') + s;
    };
    years = "(?=" + group(same_length_range(four(year_min), four(year_max))) + "-)";
  }
  return "^" + years + date + "[Tt](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]" + std::string(fraction) +
         "(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])" + std::string(end_anchor);
}

// The optional fraction of seconds a time_point of precision 10^-digits accepts: any digits
// after the first `digits` must be zeros (finer digits would be lost); at most 9 digits count
// (the reader reads nanoseconds, then requires zeros).
constexpr std::string fraction_pattern(int digits) {
  if (digits <= 0) return "(?:\\.0+)?";
  if (digits > 9) digits = 9;
  return "(?:\\.[0-9]{1," + decimal(static_cast<unsigned __int128>(digits)) + "}0*)?";
}

}  // namespace metajson::detail::schema

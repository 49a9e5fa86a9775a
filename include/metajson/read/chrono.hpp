// std::chrono: the mirror of write/chrono.hpp. A system_clock time_point reads ISO 8601
// "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)"; a fraction finer than the time_point's
// duration is an error (it would be lost). Other clocks and durations read counts.
#pragma once

#include <string>

#include "../detail/chrono.hpp"
#include "number.hpp"
#include "string.hpp"

namespace metajson::detail {

template <>
struct reader<family::time_point> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& tp) {
    using namespace std::chrono;
    using D = typename T::duration;
    if constexpr (!std::is_same_v<typename T::clock, system_clock>) {
      typename D::rep count{};
      k = read_value<O>(c, k, count);
      if (k) tp = T(D(count));
      return k;
    } else {
      if (METAJSON_UNLIKELY(*k != '"')) return expected_at(c, k, "ISO 8601 time string");
      if (METAJSON_UNLIKELY(!string_is_clean<O>(c, k))) return nullptr;
      const char* const p = at(c, k);
      std::string_view s;
      bool escaped = false;
      const char* q = read_plain_string<O, true>(c, p, s, escaped);
      if (!q) return nullptr;
      auto bad = [&](const char* why) { return c.fail(error_code::invalid_time, p, why); };
      if (escaped) return bad("escapes are not allowed in a time");
      auto num = [&](std::size_t at, std::size_t n, int& out) {
        if (at + n > s.size()) return false;
        out = 0;
        for (std::size_t i = at; i < at + n; ++i) {
          if (!is_digit(s[i])) return false;
          out = out * 10 + (s[i] - '0');
        }
        return true;
      };
      int Y, M, Dd, h, mi, sec;
      if (!num(0, 4, Y) || s.size() < 20 || s[4] != '-' || !num(5, 2, M) || s[7] != '-' || !num(8, 2, Dd) ||
          (s[10] != 'T' && s[10] != 't') || !num(11, 2, h) || s[13] != ':' || !num(14, 2, mi) || s[16] != ':' ||
          !num(17, 2, sec))
        return bad("expected YYYY-MM-DDTHH:MM:SS");
      if (!is_valid_date(Y, static_cast<unsigned>(M), static_cast<unsigned>(Dd)) || h > 23 || mi > 59 || sec > 59)
        return bad("date or time out of range");
      std::size_t i = 19;
      long long frac_ns = 0;
      int frac_digits = 0;
      bool lossy = false;
      if (i < s.size() && s[i] == '.') {
        ++i;
        const std::size_t start = i;
        while (i < s.size() && is_digit(s[i])) {
          if (frac_digits < 9) {
            frac_ns = frac_ns * 10 + (s[i] - '0');
            ++frac_digits;
          } else if (s[i] != '0') {
            lossy = true;
          }
          ++i;
        }
        if (i == start) return bad("expected digits after '.'");
        for (int k = frac_digits; k < 9; ++k) frac_ns *= 10;
      }
      int offset_min = 0;
      if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) {
        ++i;
      } else if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
        int oh, om;
        if (!num(i + 1, 2, oh) || i + 3 >= s.size() || s[i + 3] != ':' || !num(i + 4, 2, om) || oh > 23 || om > 59)
          return bad("expected a UTC offset +HH:MM");
        offset_min = (s[i] == '-' ? -1 : 1) * (oh * 60 + om);
        i += 6;
      } else {
        return bad("expected 'Z' or a UTC offset");
      }
      if (i != s.size()) return bad("unexpected characters after the time");
      // Whole seconds and the fraction are converted apart, so no nanosecond count can
      // overflow (years up to 9999 do not fit in int64 nanoseconds).
      const seconds secs = days{days_from_civil(Y, static_cast<unsigned>(M), static_cast<unsigned>(Dd))} + hours{h} + minutes{mi} +
                           seconds{sec} - minutes{offset_min};
      const D whole = duration_cast<D>(secs);
      const D part = duration_cast<D>(nanoseconds{frac_ns});
      if (lossy || duration_cast<seconds>(whole) != secs || duration_cast<nanoseconds>(part) != nanoseconds{frac_ns})
        return bad("more precision than the time_point holds");
      const D d = whole + part;
      tp = T(d);
      return k + 1;
    }
  }
};

template <>
struct reader<family::duration> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& d) {
    typename T::rep count{};
    k = read_value<O>(c, k, count);
    if (k) d = T(count);
    return k;
  }
};

}  // namespace metajson::detail

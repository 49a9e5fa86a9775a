// std::chrono. A system_clock time_point is an ISO 8601 UTC string with as many fraction
// digits as its duration has ("2024-05-06T07:08:09Z", "...09.123Z" for milliseconds); a
// time_point of another clock (no calendar meaning) is its count since the clock's epoch. A
// duration is its count (a number), in its own unit.
#pragma once

#include <cstring>
#include <limits>
#include <string>

#include "../detail/chrono.hpp"
#include "../number/itoa.hpp"
#include "dispatch.hpp"
#include "scalar.hpp"

namespace metajson::detail {

// The fraction digits of a system_clock time_point's text: as many as a period of a power of ten
// of a second has (3 for milliseconds, 0 for seconds or coarser); 9 (nanoseconds) for any other
// period (1/1024 s, 1/3 s), whose instants are written when they are whole nanoseconds.
template <class Period>
consteval int fraction_digits() {
  if constexpr (Period::den == 1) {
    return 0;
  } else {
    int d = 0;
    std::intmax_t den = Period::den;
    for (; den % 10 == 0; den /= 10) ++d;
    return den == 1 ? d : 9;
  }
}
template <class Period>
inline constexpr bool decimal_period = Period::den == 1 || fraction_digits<Period>() != 9 || Period::den == 1000000000;

template <>
struct writer<family::time_point> {
  template <class T>
  static constexpr bool is_calendar = std::is_same_v<typename T::clock, std::chrono::system_clock>;
  template <class T>
  static constexpr int digits = fraction_digits<typename T::duration::period>();

  template <options O, class T>
  static constexpr std::size_t max_size = is_calendar<T> ? 2 + 20 + 1 + digits<T> + 1 : 20;
  template <options O, class T> static std::size_t reserve(const T&) { return max_size<O, T>; }

  template <options O, class T>
  static char* write_reserved(write_context& c, char* p, const T& tp) {
    using namespace std::chrono;
    if constexpr (!is_calendar<T>) {
      using R = typename T::rep;
      return writer<family::integer>::write_reserved<O, R>(c, p, tp.time_since_epoch().count());
    } else {
      using D = typename T::duration;
      using P = typename D::period;
      static_assert(integer_count<typename D::rep>,
                    "metajson writes a system_clock time_point as ISO 8601 text from an integer count; a floating-point "
                    "count would lose what its text cannot hold: use an integer duration (std::chrono::sys_time<std::chrono::nanoseconds>, "
                    "sys_seconds...), or a duration member (written as its count)");
      // The instant as whole seconds since 1970 (floored) and the rest of the second in 1/den s,
      // in 128 bits: no count of any period overflows (a nanosecond count before 1677-09-22 has
      // no whole day in the count's own type).
      using wide = __int128;
      const wide scaled = static_cast<wide>(tp.time_since_epoch().count()) * P::num;
      wide secs = scaled / P::den, rest = scaled % P::den;
      if (rest < 0) rest += P::den, --secs;
      wide day = secs / 86400, s = secs % 86400;
      if (s < 0) s += 86400, --day;
      constexpr wide first_day = -719528, last_day = 2932896;  // 0000-01-01, 9999-12-31
      if (METAJSON_UNLIKELY(day < first_day || day > last_day)) {
        constexpr wide far = wide{1} << 50;  // (beyond it, no year is worth computing: its sign says enough)
        const long long y = day < -far ? -(1ll << 40) : day > far ? (1ll << 40) : civil_from_days(static_cast<long long>(day)).year;
        return c.fail(error_code::time_out_of_range, day < -far || day > far ? (day < 0 ? "a year before 0000" : "a year after 9999")
                                                                             : "year " + std::to_string(y));
      }
      std::uint64_t frac = 0;  // the fraction in units of 10^-digits s
      if constexpr (digits<T> > 0) {
        if constexpr (decimal_period<P>) {
          frac = static_cast<std::uint64_t>(rest);  // den is 10^digits
        } else {
          const wide ns = rest * 1000000000;
          if (METAJSON_UNLIKELY(ns % P::den != 0))
            return c.fail(error_code::invalid_value, "a time_point whose period is not a power of ten of a second, at an instant that is not a whole "
                                                     "number of nanoseconds: ISO 8601 text with 9 fraction digits cannot hold it");
          frac = static_cast<std::uint64_t>(ns / P::den);
        }
      }
      const civil_date date = civil_from_days(static_cast<long long>(day));
      const long long y = date.year;
      const auto sod = static_cast<unsigned>(s);
      auto two = [&](unsigned v) {
        std::memcpy(p, digit_pairs + 2 * v, 2);
        p += 2;
      };
      *p++ = '"';
      two(static_cast<unsigned>(y / 100));
      two(static_cast<unsigned>(y % 100));
      *p++ = '-';
      two(date.month);
      *p++ = '-';
      two(date.day);
      *p++ = 'T';
      two(sod / 3600);
      *p++ = ':';
      two(sod / 60 % 60);
      *p++ = ':';
      two(sod % 60);
      if constexpr (digits<T> > 0) {
        *p++ = '.';
        char* end = p + digits<T>;
        std::memset(p, '0', digits<T>);
        if (frac != 0) write_digits_backwards(end, frac);
        p = end;
      }
      *p++ = 'Z';
      *p++ = '"';
      return p;
    }
  }
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) { return write_checked<writer, O>(c, p, v); }
};

template <>
struct writer<family::duration> {
  template <options O, class T>
  static char* write(write_context& c, char* p, const T& d) { return write_value<O>(c, p, d.count()); }
};

}  // namespace metajson::detail

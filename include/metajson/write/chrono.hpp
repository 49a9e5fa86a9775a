// std::chrono. A system_clock time_point is an ISO 8601 UTC string with as many fraction
// digits as its duration has ("2024-05-06T07:08:09Z", "...09.123Z" for milliseconds); a
// time_point of another clock (no calendar meaning) is its count since the clock's epoch. A
// duration is its count (a number), in its own unit.
#pragma once

#include <cstring>

#include "../detail/chrono.hpp"
#include "../number/itoa.hpp"
#include "dispatch.hpp"
#include "scalar.hpp"

namespace metajson::detail {

// Number of fraction digits for a duration period: 0 for seconds or coarser, 3 for ms, ...
template <class Period>
consteval int fraction_digits() {
  if constexpr (Period::num != 1 || Period::den == 1) return 0;
  else {
    int d = 0;
    for (std::intmax_t den = Period::den; den > 1; den /= 10) ++d;
    return d;
  }
}

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
      const auto day = floor<days>(tp);
      const civil_date date = civil_from_days(day.time_since_epoch().count());
      const long long y = date.year;
      if (METAJSON_UNLIKELY(y < 0 || y > 9999)) return c.fail(error_code::time_out_of_range, "year " + std::to_string(y));
      const auto since_midnight = tp - day;  // in D (or finer)
      const auto secs = floor<seconds>(since_midnight);
      const long long s = secs.count();
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
      two(static_cast<unsigned>(s / 3600));
      *p++ = ':';
      two(static_cast<unsigned>(s / 60 % 60));
      *p++ = ':';
      two(static_cast<unsigned>(s % 60));
      if constexpr (digits<T> > 0) {
        const auto frac = duration_cast<D>(since_midnight - secs).count();  // 0 <= frac < 10^digits
        *p++ = '.';
        char* end = p + digits<T>;
        std::memset(p, '0', digits<T>);
        if (frac != 0) write_digits_backwards(end, static_cast<std::uint64_t>(frac));
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

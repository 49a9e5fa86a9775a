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
      parsed_time t;
      if (const char* why = parse_rfc3339(s, t)) return bad(why);
      // Whole seconds and the fraction are converted apart, each count checked against the
      // duration's range: years up to 9999 do not fit in int64 nanoseconds (a nanosecond
      // time_point holds 1677-09-21T00:12:43.145224192Z to 2262-04-11T23:47:16.854775807Z).
      // Before 1970 a fraction is taken from the next second up (-1.25 s is -1 s - 0.25 s, not
      // -2 s + 0.75 s), so that the earliest instants a duration holds have a whole part in it.
      long long whole_s = t.seconds, frac_ns = t.frac_ns;
      if (whole_s < 0 && frac_ns > 0) ++whole_s, frac_ns -= 1000000000;
      constexpr const char* out_of_range = "outside the range of the time_point's duration";
      if constexpr (std::is_integral_v<typename D::rep>) {
        using per_second = std::ratio_divide<std::ratio<1>, typename D::period>;  // D's units in a second
        typename D::rep units;
        if (std::is_unsigned_v<typename D::rep> && t.seconds < 0) return bad(out_of_range);
        if (__builtin_mul_overflow(whole_s / per_second::den, per_second::num, &units)) return bad(out_of_range);
      }
      const seconds secs{whole_s};
      const D whole = duration_cast<D>(secs);
      const D part = duration_cast<D>(nanoseconds{frac_ns});
      if (t.lossy || duration_cast<seconds>(whole) != secs || duration_cast<nanoseconds>(part) != nanoseconds{frac_ns})
        return bad("more precision than the time_point holds");
      if constexpr (std::is_integral_v<typename D::rep>) {
        typename D::rep sum;
        if (__builtin_add_overflow(whole.count(), part.count(), &sum)) return bad(out_of_range);
      }
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

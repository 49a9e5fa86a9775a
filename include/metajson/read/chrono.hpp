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
      if constexpr (integer_count<typename D::rep>) {
        // The ticks of D since the epoch, computed exactly in 128 bits from nanoseconds, then
        // checked against D's range (a nanosecond time_point holds 1677-09-21T00:12:43.145224192Z
        // to 2262-04-11T23:47:16.854775807Z).
        if (t.lossy) return bad("more precision than the time_point holds");
        using wide = __int128;
        using per_ns = std::ratio_divide<std::nano, typename D::period>;  // ticks in a nanosecond
        const wide ns = static_cast<wide>(t.seconds) * 1000000000 + t.frac_ns;
        wide scaled;
        if (__builtin_mul_overflow(ns, static_cast<wide>(per_ns::num), &scaled)) return bad("outside the range of the time_point's duration");
        if (scaled % per_ns::den != 0) return bad("more precision than the time_point holds");
        const wide ticks = scaled / per_ns::den;
        if (ticks < static_cast<wide>(D::min().count()) || ticks > static_cast<wide>(D::max().count()))
          return bad("outside the range of the time_point's duration");
        tp = T(D(static_cast<typename D::rep>(ticks)));
        return k + 1;
      } else {  // a floating-point count: whole seconds and the fraction converted apart
        const seconds secs{t.seconds};
        const D whole = duration_cast<D>(secs);
        const D part = duration_cast<D>(nanoseconds{t.frac_ns});
        if (t.lossy || duration_cast<seconds>(whole) != secs || duration_cast<nanoseconds>(part) != nanoseconds{t.frac_ns})
          return bad("more precision than the time_point holds");
        tp = T(whole + part);
        return k + 1;
      }
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

// The core headers parse only what they use (issue 18): <metajson/metajson.hpp> includes no
// formatting, stream, locale, regex, calendar, <cmath>, <ranges> or <filesystem> header of the
// standard library, and no x86 intrinsics header (each of these costs every translation unit
// tenths of a second to over a second and tens to hundreds of MB of compiler memory:
// docs/performance.md). A header that brings one in fails this file's build, with the name of
// the header. Checked through libstdc++'s and GCC's include guards, so only with them.
#include <metajson/metajson.hpp>

#if defined(__GLIBCXX__)
#if defined(_GLIBCXX_FORMAT)
#error "<metajson/metajson.hpp> includes <format>"
#endif
// (libstdc++ 13's <memory> includes <ostream> itself, for unique_ptr's operator<< (its
// bits/unique_ptr.h; libstdc++ 16's includes only <bits/ostream.h>): there <ostream> comes with
// the standard library, not with metajson.)
#if defined(_GLIBCXX_SSTREAM) || defined(_GLIBCXX_ISTREAM) || defined(_GLIBCXX_IOSTREAM) || \
    (defined(_GLIBCXX_OSTREAM) && !(defined(_GLIBCXX_RELEASE) && _GLIBCXX_RELEASE <= 13))
#error "<metajson/metajson.hpp> includes a stream header (<sstream>, <istream>, <ostream> or <iostream>)"
#endif
#if defined(_GLIBCXX_LOCALE)
#error "<metajson/metajson.hpp> includes <locale>"
#endif
#if defined(_GLIBCXX_REGEX)
#error "<metajson/metajson.hpp> includes <regex>"
#endif
#if defined(_GLIBCXX_CHRONO)
#error "<metajson/metajson.hpp> includes <chrono> (the core needs only <bits/chrono.h>: detail/chrono.hpp)"
#endif
#if defined(_GLIBCXX_CMATH)
#error "<metajson/metajson.hpp> includes <cmath>"
#endif
#if defined(_GLIBCXX_RANGES)
#error "<metajson/metajson.hpp> includes <ranges> (detail/ranges.hpp has what the core uses)"
#endif
#if defined(_GLIBCXX_FILESYSTEM)
#error "<metajson/metajson.hpp> includes <filesystem>"
#endif
#endif
#if defined(_IMMINTRIN_H_INCLUDED) || defined(_EMMINTRIN_H_INCLUDED)
#error "<metajson/metajson.hpp> includes an x86 intrinsics header (simd/x86.hpp has the operations the library uses)"
#endif

// And what it offers still works: a struct with a time point and a date, both ways.
#include <cstdio>
#include <string>

struct Event {
  std::string name;
  std::chrono::sys_seconds at;
};

int main() {
  const Event e{"launch", std::chrono::sys_seconds{std::chrono::seconds{1700000000}}};
  const std::string json = metajson::to_json(e);
  Event back{};
  const bool ok = json == R"({"name":"launch","at":"2023-11-14T22:13:20Z"})" && !metajson::from_json(json, back) &&
                  back.name == e.name && back.at == e.at;
  if (!ok) std::fprintf(stderr, "lean_core_test: wrote %s\n", json.c_str());
  return ok ? 0 : 1;
}

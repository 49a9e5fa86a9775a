// Structure-aware byte mutations of JSON documents, shared by the standalone fuzzing driver
// and the differential test. Deterministic for a given seed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace metajson_fuzz {

// Pieces of JSON (and of broken JSON) that random bytes rarely produce.
inline constexpr std::string_view tokens[] = {
    "{", "}", "[", "]", "\"", ":", ",", "\\", " ", "\n", "\t", "\r", "null", "true", "false", "nul",
    "tru", "-", "0", "1", "-0", "0.0", "1e5", "1E-5", "1.5e+308", "-", ".", "e", "E", "+",
    "\\u", "\\u0000", "\\ud83d\\ude00", "\\ud800", "\\udc00", "\\u00e9", "\\n", "\\\"", "\\/", "\\x",
    "\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80", "\xff",
    "\x80", "\xc3", "\x00", "\x1f", "\x7f", "{}", "[]", "\"\"", "{\"\":0}", "[[[[[[[[", "]]]]]]]]",
    "{\"a\":", "\"id\":", "\"statuses\":", "\"user\":", "\"type\":", "\"children\":", "\"by_int\":", "\"1\":",
    "\"-1\":", "\"red\"", "\"blue\"", "\"Leaf\"", "\"leaf\"",
};

// Numbers at the edges of every type a reader converts to.
inline constexpr std::string_view numbers[] = {
    "0", "-0", "1", "-1", "127", "128", "-129", "255", "256", "32767", "65536", "2147483647", "2147483648",
    "-2147483649", "4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-9223372036854775809", "18446744073709551615", "18446744073709551616", "1e308", "1.8e308", "4.9e-324",
    "2.4e-324", "1e-400", "1e400", "3.4028235e38", "3.5e38", "1.17549435e-38", "0.1", "9007199254740993",
    "1e999999999", "-1e-999999999", "123456789012345678901234567890", "1.7976931348623157e308",
    "2.2250738585072014e-308", "0.30000000000000004", "1e22", "1e23", "-0.0", "00", "01", "1.", ".1", "1e",
    "1e+", "--1", "+1", "0x10", "1.0e-7", "5e-1", "-5E+2",
};

class mutator {
 public:
  explicit mutator(std::uint64_t seed) : rng_(seed) {}

  std::uint64_t next() { return rng_(); }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(rng_() % n); }

  // Applies one to a few mutations to s; `others` supplies material to splice in. Inputs
  // grow to at most max_len bytes (longer seeds keep their length).
  void mutate(std::string& s, const std::vector<std::string>& others, std::size_t max_len) {
    const std::size_t limit = std::max(max_len, s.size() + 64);
    const std::size_t count = 1 + (below(4) == 0 ? below(16) : below(3));
    for (std::size_t i = 0; i < count; ++i) {
      mutate_once(s, others);
      if (s.size() > limit) s.resize(limit);
    }
  }

 private:
  std::size_t pos(const std::string& s) { return below(s.size() + 1); }
  std::size_t span(const std::string& s) {
    const std::size_t n = below(4) == 0 ? below(s.size() / 4 + 1) + 1 : below(16) + 1;
    return n;
  }

  void mutate_once(std::string& s, const std::vector<std::string>& others) {
    switch (below(12)) {
      case 0:  // flip one bit
        if (!s.empty()) s[below(s.size())] ^= static_cast<char>(1u << below(8));
        break;
      case 1:  // one random byte
        if (!s.empty()) s[below(s.size())] = static_cast<char>(next());
        break;
      case 2: {  // replace a byte with a token
        const auto t = tokens[below(std::size(tokens))];
        if (!s.empty()) s.replace(below(s.size()), 1, t);
        else s.assign(t);
        break;
      }
      case 3: {  // insert a token
        const auto t = tokens[below(std::size(tokens))];
        s.insert(pos(s), t);
        break;
      }
      case 4: {  // erase a range
        if (s.empty()) break;
        const std::size_t at = below(s.size());
        s.erase(at, span(s));
        break;
      }
      case 5: {  // duplicate a range somewhere else
        if (s.empty()) break;
        const std::size_t at = below(s.size());
        const std::string piece = s.substr(at, span(s));
        s.insert(pos(s), piece);
        break;
      }
      case 6: {  // splice in a range of another input
        if (others.empty()) break;
        const std::string& o = others[below(others.size())];
        if (o.empty()) break;
        const std::size_t at = below(o.size());
        const std::string piece = o.substr(at, span(o));
        if (below(2)) s.insert(pos(s), piece);
        else s = s.substr(0, pos(s)) + piece;
        break;
      }
      case 7: {  // replace a run of digits with an edge number
        const auto n = numbers[below(std::size(numbers))];
        const std::size_t from = below(s.size() + 1);
        std::size_t a = s.find_first_of("0123456789", from);
        if (a == std::string::npos) {
          s.insert(pos(s), n);
          break;
        }
        std::size_t b = a;
        while (b < s.size() && ((s[b] >= '0' && s[b] <= '9') || s[b] == '.' || s[b] == 'e' || s[b] == 'E' ||
                                s[b] == '-' || s[b] == '+'))
          ++b;
        s.replace(a, b - a, n);
        break;
      }
      case 8:  // truncate
        s.resize(pos(s));
        break;
      case 9: {  // repeat a token many times (depth, long strings, long numbers)
        const auto t = below(3) == 0 ? numbers[below(std::size(numbers))].substr(0, 1) : tokens[below(std::size(tokens))];
        std::string run;
        const std::size_t times = 1 + below(below(8) == 0 ? 2000 : 40);
        for (std::size_t k = 0; k < times; ++k) run += t;
        s.insert(pos(s), run);
        break;
      }
      case 10: {  // swap two ranges of equal length
        if (s.size() < 2) break;
        const std::size_t n = 1 + below(std::min<std::size_t>(16, s.size() / 2));
        const std::size_t a = below(s.size() - n + 1), b = below(s.size() - n + 1);
        for (std::size_t k = 0; k < n; ++k) std::swap(s[a + k], s[b + k]);
        break;
      }
      default: {  // change the case or kind of a structural character
        if (s.empty()) break;
        const std::size_t at = below(s.size());
        static constexpr char swaps[] = "{}[]\":, ";
        s[at] = swaps[below(sizeof swaps - 1)];
        break;
      }
    }
  }

  std::mt19937_64 rng_;
};

}  // namespace metajson_fuzz

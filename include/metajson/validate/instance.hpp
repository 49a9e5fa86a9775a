// What the validator reads an instance through: one small view type per DOM (a metajson::value,
// a metajson::document's node), so that one evaluator (evaluate.hpp) compiles for both, and the
// exact arithmetic JSON Schema asks for (numbers compared by value whatever their kind: 1 equals
// 1.0, 18446744073709551615 is above 18446744073709551600, 0.0075 is a multiple of 0.0001).
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <functional>
#include <string_view>
#include <vector>

#include "../dynamic/document.hpp"
#include "../dynamic/value.hpp"

namespace metajson::detail::validate {

// ---------------------------------------------------------------------------------------------
// Numbers.

/// A JSON number as the DOMs hold it: one of the four kinds, or the text of a big number.
struct number {
  metajson::kind k = metajson::kind::int64;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;
  std::string_view text;  // big_number
};

/// A number's exact decimal value: digits (no leading or trailing zeros; empty for zero) times
/// ten to the power exp.
struct decimal {
  bool negative = false;
  std::string digits;
  long long exp = 0;
};

inline decimal decimal_of_text(std::string_view t) {
  decimal r;
  std::size_t i = 0;
  if (i < t.size() && (t[i] == '-' || t[i] == '+')) r.negative = t[i++] == '-';
  long long frac = 0;
  bool in_frac = false;
  for (; i < t.size(); ++i) {
    char c = t[i];
    if (c == '.') in_frac = true;
    else if (c >= '0' && c <= '9') {
      if (!(r.digits.empty() && c == '0')) r.digits.push_back(c);
      if (in_frac) ++frac;
    } else break;
  }
  long long e = 0;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    bool neg = false;
    if (i < t.size() && (t[i] == '-' || t[i] == '+')) neg = t[i++] == '-';
    for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i)
      if (e < 1'000'000'000'000LL) e = e * 10 + (t[i] - '0');
    if (neg) e = -e;
  }
  r.exp = e - frac;
  while (!r.digits.empty() && r.digits.back() == '0') r.digits.pop_back(), ++r.exp;
  if (r.digits.empty()) r.negative = false, r.exp = 0;
  return r;
}

inline decimal decimal_of(const number& n) {
  char buf[40];
  // A double of 2^53 or more in magnitude is an integer, and its shortest digits are not its
  // value (18446744073709551616.0 is 2^64, whose shortest form is 18446744073709552000): its
  // exact digits, so that it equals, orders and divides as the integer it is. Below 2^53 the
  // shortest digits are the decimal the text most likely held (0.0075, not 0.00749999...).
  if (n.k == metajson::kind::float64 && std::isfinite(n.d) && std::fabs(n.d) >= 9007199254740992.0) {
    char big[400];
    auto [p, ec] = std::to_chars(big, big + sizeof big, n.d, std::chars_format::fixed, 0);
    return decimal_of_text({big, static_cast<std::size_t>(p - big)});
  }
  switch (n.k) {
    case metajson::kind::int64: {
      auto [p, ec] = std::to_chars(buf, buf + sizeof buf, n.i);
      return decimal_of_text({buf, static_cast<std::size_t>(p - buf)});
    }
    case metajson::kind::uint64: {
      auto [p, ec] = std::to_chars(buf, buf + sizeof buf, n.u);
      return decimal_of_text({buf, static_cast<std::size_t>(p - buf)});
    }
    case metajson::kind::float64: {
      auto [p, ec] = std::to_chars(buf, buf + sizeof buf, n.d, std::chars_format::scientific);
      return decimal_of_text({buf, static_cast<std::size_t>(p - buf)});
    }
    default: return decimal_of_text(n.text);
  }
}

// -1, 0, 1 for |a| against |b| (digits and exponents as decimal holds them).
inline int compare_magnitude(const decimal& a, const decimal& b) {
  if (a.digits.empty() || b.digits.empty()) return a.digits.empty() ? (b.digits.empty() ? 0 : -1) : 1;
  const long long ma = static_cast<long long>(a.digits.size()) + a.exp, mb = static_cast<long long>(b.digits.size()) + b.exp;
  if (ma != mb) return ma < mb ? -1 : 1;
  const std::size_t n = a.digits.size() > b.digits.size() ? a.digits.size() : b.digits.size();
  for (std::size_t i = 0; i < n; ++i) {
    char x = i < a.digits.size() ? a.digits[i] : '0', y = i < b.digits.size() ? b.digits[i] : '0';
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

inline int compare_decimal(const decimal& a, const decimal& b) {
  const int sa = a.digits.empty() ? 0 : a.negative ? -1 : 1, sb = b.digits.empty() ? 0 : b.negative ? -1 : 1;
  if (sa != sb) return sa < sb ? -1 : 1;
  const int m = compare_magnitude(a, b);
  return sa < 0 ? -m : m;
}

inline bool is_integer(const number& n) {
  switch (n.k) {
    case metajson::kind::int64:
    case metajson::kind::uint64: return true;
    case metajson::kind::float64: return std::isfinite(n.d) && std::trunc(n.d) == n.d;
    default: return decimal_of(n).exp >= 0;
  }
}

/// -1, 0 or 1: a against b, exactly.
inline int compare(const number& a, const number& b) {
  using metajson::kind;
  auto cmp = [](auto x, auto y) { return x < y ? -1 : y < x ? 1 : 0; };
  if (a.k == kind::int64 && b.k == kind::int64) return cmp(a.i, b.i);
  if (a.k == kind::float64 && b.k == kind::float64) return cmp(a.d, b.d);
  if (a.k != kind::big_number && b.k != kind::big_number) {
    // Integers of up to 2^53 in magnitude are doubles exactly.
    auto small = [](const number& n) {
      return n.k == kind::float64 || (n.k == kind::int64 && n.i >= -(std::int64_t{1} << 53) && n.i <= (std::int64_t{1} << 53)) ||
             (n.k == kind::uint64 && n.u <= (std::uint64_t{1} << 53));
    };
    auto as_double = [](const number& n) {
      return n.k == kind::float64 ? n.d : n.k == kind::int64 ? static_cast<double>(n.i) : static_cast<double>(n.u);
    };
    if (small(a) && small(b)) return cmp(as_double(a), as_double(b));
    if (a.k != kind::float64 && b.k != kind::float64) {  // int64 and uint64
      if (a.k == kind::int64 && a.i < 0) return -1;
      if (b.k == kind::int64 && b.i < 0) return 1;
      return cmp(a.k == kind::int64 ? static_cast<std::uint64_t>(a.i) : a.u, b.k == kind::int64 ? static_cast<std::uint64_t>(b.i) : b.u);
    }
  }
  return compare_decimal(decimal_of(a), decimal_of(b));
}

inline bool equal(const number& a, const number& b) { return compare(a, b) == 0; }

/// Whether x is an integer multiple of m (m > 0), exactly in decimal; when the exact check
/// would take too long (exponents thousands apart), by the quotient in double precision.
inline bool multiple_of(const number& x, const number& m) {
  using metajson::kind;
  if ((x.k == kind::int64 || x.k == kind::uint64) && (m.k == kind::int64 || m.k == kind::uint64)) {
    const unsigned __int128 mu = m.k == kind::int64 ? static_cast<std::uint64_t>(m.i) : m.u;
    const unsigned __int128 xu = x.k == kind::int64 ? (x.i < 0 ? static_cast<unsigned __int128>(-static_cast<__int128>(x.i)) : static_cast<unsigned __int128>(x.i)) : x.u;
    return mu != 0 && xu % mu == 0;
  }
  const decimal a = decimal_of(x), b = decimal_of(m);
  if (a.digits.empty()) return true;
  if (b.digits.empty()) return false;
  const long long e = a.exp < b.exp ? a.exp : b.exp;
  const long long scale_a = a.exp - e, scale_b = b.exp - e;
  // M = b.digits * 10^scale_b must fit 36 digits; X is streamed digit by digit modulo M.
  if (static_cast<long long>(b.digits.size()) + scale_b <= 36 && scale_a <= 10'000) {
    unsigned __int128 mm = 0;
    for (char c : b.digits) mm = mm * 10 + static_cast<unsigned>(c - '0');
    for (long long k = 0; k < scale_b; ++k) mm *= 10;
    unsigned __int128 r = 0;
    for (char c : a.digits) r = (r * 10 + static_cast<unsigned>(c - '0')) % mm;
    for (long long k = 0; k < scale_a && r != 0; ++k) r = (r * 10) % mm;
    return r == 0;
  }
  if (scale_b > 0 && static_cast<long long>(b.digits.size()) + scale_b > static_cast<long long>(a.digits.size()) + 1)
    return false;  // |x| < m and x != 0
  auto as_double = [](const number& n) {
    switch (n.k) {
      case kind::int64: return static_cast<double>(n.i);
      case kind::uint64: return static_cast<double>(n.u);
      case kind::float64: return n.d;
      default: {
        double d = 0;
        std::from_chars(n.text.data(), n.text.data() + n.text.size(), d);
        return d;
      }
    }
  };
  const double q = as_double(x) / as_double(m);
  return std::isfinite(q) && std::trunc(q) == q;
}

/// A double for messages.
inline std::string number_text(const number& n) {
  using metajson::kind;
  char buf[40];
  std::to_chars_result r;
  switch (n.k) {
    case kind::int64: r = std::to_chars(buf, buf + sizeof buf, n.i); break;
    case kind::uint64: r = std::to_chars(buf, buf + sizeof buf, n.u); break;
    case kind::float64: r = std::to_chars(buf, buf + sizeof buf, n.d); break;
    default: return std::string(n.text);
  }
  return std::string(buf, r.ptr);
}

// Code points in a UTF-8 string (JSON Schema's string length).
inline std::size_t code_points(std::string_view s) noexcept {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Views. Each has: kind(), boolean(), num(), str(), size(), and for containers
// for_each_element(f(index, view)) / for_each_member(f(index, key, view)) / find(key).

struct value_view {
  const metajson::value* v;

  metajson::kind kind() const noexcept { return v->kind(); }
  bool boolean() const { return v->as_bool(); }
  number num() const {
    number n;
    n.k = v->kind();
    switch (n.k) {
      case metajson::kind::int64: n.i = v->as_int64(); break;
      case metajson::kind::uint64: n.u = v->as_uint64(); break;
      case metajson::kind::float64: n.d = v->as_double(); break;
      default: n.text = v->big_number_text(); break;
    }
    return n;
  }
  std::string_view str() const { return v->as_string(); }
  std::size_t size() const noexcept { return v->size(); }
  template <class F>
  bool for_each_element(F&& f) const {
    std::size_t i = 0;
    for (const metajson::value& e : v->as_array())
      if (!f(i++, value_view{&e})) return false;
    return true;
  }
  template <class F>
  bool for_each_member(F&& f) const {
    std::size_t i = 0;
    for (const auto& m : v->as_object())
      if (!f(i++, m.key().view(), value_view{&m.value()})) return false;
    return true;
  }
  bool find(std::string_view key, value_view& out) const {
    const metajson::value* p = v->find(key);
    if (!p) return false;
    out.v = p;
    return true;
  }
  std::size_t offset() const noexcept { return 0; }
};

struct node_view {
  const dom::header* h;
  const dom::raw* n;

  metajson::kind kind() const noexcept { return dom::kind_of(*n); }
  bool boolean() const noexcept { return n->payload != 0; }
  number num() const noexcept {
    number r;
    r.k = dom::kind_of(*n);
    switch (r.k) {
      case metajson::kind::int64: r.i = static_cast<std::int64_t>(n->payload); break;
      case metajson::kind::uint64: r.u = n->payload; break;
      case metajson::kind::float64: std::memcpy(&r.d, &n->payload, 8); break;
      default: r.text = dom::big_number_of(*h, *n); break;
    }
    return r;
  }
  std::string_view str() const noexcept { return dom::string_of(*h, *n); }
  std::size_t size() const noexcept { return static_cast<std::size_t>(dom::count_of(*n)); }
  template <class F>
  bool for_each_element(F&& f) const {
    const std::size_t count = size();
    const dom::raw* e = n + 1;
    for (std::size_t i = 0; i < count; ++i, e = dom::after(e))
      if (!f(i, node_view{h, e})) return false;
    return true;
  }
  template <class F>
  bool for_each_member(F&& f) const {
    const std::size_t count = size();
    const dom::raw* k = n + 1;
    for (std::size_t i = 0; i < count; ++i, k = dom::after(k + 1))
      if (!f(i, dom::string_of(*h, *k), node_view{h, k + 1})) return false;
    return true;
  }
  bool find(std::string_view key, node_view& out) const {
    const std::size_t count = size();
    const dom::raw* k = n + 1;
    for (std::size_t i = 0; i < count; ++i, k = dom::after(k + 1))
      if (dom::string_of(*h, *k) == key) {
        out = {h, k + 1};
        return true;
      }
    return false;
  }
  std::size_t offset() const noexcept { return dom::source_of(*n); }
};

/// The number of distinct names of object `o`, counted until it reaches `enough`. A name given
/// twice counts once: in JSON Schema's data model an object's names are unique, and a parser
/// that keeps one of the two (Python's, JavaScript's, metajson's map reader) sees one member.
/// (Both DOMs keep both members, so a count of members may be more.)
template <class V>
std::size_t distinct_names(const V& o, std::size_t enough) {
  if (enough <= 32) {  // each name against the distinct ones so far (fewer than `enough`): no allocation
    std::string_view seen[32];
    std::size_t distinct = 0;
    o.for_each_member([&](std::size_t, std::string_view key, const V&) {
      for (std::size_t j = 0; j < distinct; ++j)
        if (seen[j] == key) return true;
      seen[distinct++] = key;
      return distinct < enough;
    });
    return distinct;
  }
  std::vector<std::string_view> names;
  names.reserve(o.size());
  o.for_each_member([&](std::size_t, std::string_view key, const V&) {
    names.push_back(key);
    return true;
  });
  std::sort(names.begin(), names.end());
  return static_cast<std::size_t>(std::unique(names.begin(), names.end()) - names.begin());
}

/// JSON equality (numbers by value, objects whatever their members' order) of two views, of
/// the same DOM or not.
template <class A, class B>
bool json_equal(const A& a, const B& b) {
  using metajson::kind;
  const kind ka = a.kind(), kb = b.kind();
  const bool na = ka >= kind::int64 && ka <= kind::big_number, nb = kb >= kind::int64 && kb <= kind::big_number;
  if (na || nb) return na && nb && equal(a.num(), b.num());
  if (ka != kb) return false;
  switch (ka) {
    case kind::null: return true;
    case kind::boolean: return a.boolean() == b.boolean();
    case kind::string: return a.str() == b.str();
    case kind::array: {
      if (a.size() != b.size()) return false;
      // Walk both in step: b's elements by index would be quadratic on a document.
      bool same = true;
      std::size_t count = a.size();
      if (count == 0) return true;
      // Collect b's element views once.
      std::vector<B> bs;
      bs.reserve(count);
      b.for_each_element([&](std::size_t, const B& e) {
        bs.push_back(e);
        return true;
      });
      a.for_each_element([&](std::size_t i, const A& e) { return same = json_equal(e, bs[i]); });
      return same;
    }
    case kind::object: {
      if (a.size() != b.size()) return false;
      bool same = true;
      a.for_each_member([&](std::size_t, std::string_view key, const A& e) {
        B other{};
        return same = b.find(key, other) && json_equal(e, other);
      });
      return same;
    }
    default: return false;
  }
}

/// A hash consistent with json_equal (equal values hash alike): numbers by their double value.
template <class A>
std::uint64_t json_hash(const A& a) {
  using metajson::kind;
  auto mix = [](std::uint64_t h, std::uint64_t x) {
    h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
  };
  const kind k = a.kind();
  switch (k) {
    case kind::null: return 1;
    case kind::boolean: return a.boolean() ? 2 : 3;
    case kind::int64:
    case kind::uint64:
    case kind::float64:
    case kind::big_number: {
      const number n = a.num();
      double d = n.k == kind::int64 ? static_cast<double>(n.i) : n.k == kind::uint64 ? static_cast<double>(n.u) : n.d;
      if (n.k == kind::big_number) std::from_chars(n.text.data(), n.text.data() + n.text.size(), d);
      if (d == 0) d = 0;  // -0.0
      std::uint64_t bits;
      std::memcpy(&bits, &d, 8);
      return mix(5, bits);
    }
    case kind::string: return mix(7, std::hash<std::string_view>{}(a.str()));
    case kind::array: {
      std::uint64_t h = 11;
      a.for_each_element([&](std::size_t, const A& e) {
        h = mix(h, json_hash(e));
        return true;
      });
      return h;
    }
    default: {  // object: order-independent
      std::uint64_t h = 13;
      a.for_each_member([&](std::size_t, std::string_view key, const A& e) {
        h += mix(std::hash<std::string_view>{}(key), json_hash(e));
        return true;
      });
      return h;
    }
  }
}

// A JSON Pointer token: '~' as "~0", '/' as "~1".
inline void append_pointer_token(std::string& out, std::string_view key) {
  out.push_back('/');
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out.push_back(c);
  }
}

}  // namespace metajson::detail::validate

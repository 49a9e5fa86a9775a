// Round-trip properties over a generated family of types: nested structs, optionals, variants,
// maps with integer and enum keys, enums, tuples, arrays, sets, pointers, time points,
// metajson::value, and strings with every escape and random UTF-8. For random values:
// write, read, compare equal, write again, same bytes; in compact, pretty and omit-empty modes,
// with the escaping options and with sorted keys.
// (Tests may use std::meta to generate values; the library keeps it in reflect/.)
#include <metajson/metajson.hpp>

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <map>
#include <memory>
#include <meta>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

namespace {

enum class Kind { alpha, beta, gamma_ray };

struct Leaf {
  std::string s;
  std::int64_t i = 0;
  std::uint8_t u8 = 0;
  double d = 0;
  float f = 0;
  bool b = false;
  Kind k = Kind::alpha;
  std::optional<std::uint32_t> o;
  char ch = 'a';
  bool operator==(const Leaf&) const = default;
};

template <class T>
struct Node {
  std::vector<T> items;
  std::map<int, T> by_id;
  std::map<Kind, std::string> by_kind;
  std::optional<T> maybe;
  std::variant<std::int64_t, double, std::string, T> alt;
  std::array<std::int16_t, 3> fixed{};
  std::tuple<T, std::string> pair;
  bool operator==(const Node&) const = default;
};

struct Root {
  Node<Node<Leaf>> tree;
  std::map<std::string, std::vector<Leaf>> named;  // (unordered maps re-read in another order)
  std::set<std::string> tags;
  std::chrono::sys_time<std::chrono::microseconds> when{};
  metajson::value dyn;
  bool operator==(const Root& o) const {
    return tree == o.tree && named == o.named && tags == o.tags && when == o.when && dyn == o.dyn && ((!ptr && !o.ptr) || (ptr && o.ptr && *ptr == *o.ptr));
  }
  std::unique_ptr<Leaf> ptr;
};

struct gen {
  std::mt19937_64 rng;
  int depth = 0;

  std::size_t small(std::size_t n) { return static_cast<std::size_t>(rng() % (n + 1)); }

  std::string text() {
    static const char* pieces[] = {"a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\b", "\f", "\r", "\x01", "\x1f", "\x7f",
                                   "\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\xef\xbf\xbf", "\xf4\x8f\xbf\xbf", "key"};
    std::string s;
    const std::size_t n = small(12);
    for (std::size_t i = 0; i < n; ++i) s += pieces[rng() % std::size(pieces)];
    if (rng() % 8 == 0) s += std::string(small(100), 'x');
    return s;
  }
  double dbl() {
    switch (rng() % 4) {
      case 0: return std::bit_cast<double>(rng() & 0x7fefffffffffffffull) * (rng() % 2 ? 1 : -1);
      case 1: return static_cast<double>(static_cast<std::int64_t>(rng() % 2000000) - 1000000);
      case 2: return static_cast<double>(rng() % 100000) / 1000.0;
      default: return 0.0;
    }
  }

  void fill(std::string& v) { v = text(); }
  void fill(bool& v) { v = rng() % 2; }
  void fill(char& v) { v = static_cast<char>(rng() % 0x80); }
  void fill(double& v) { v = dbl(); }
  void fill(float& v) {
    float f;
    do f = std::bit_cast<float>(static_cast<std::uint32_t>(rng())); while (!std::isfinite(f));
    v = f;
  }
  template <class I>
    requires std::is_integral_v<I>
  void fill(I& v) {
    v = static_cast<I>(rng());
  }
  void fill(Kind& v) { v = static_cast<Kind>(rng() % 3); }
  template <class T>
  void fill(std::optional<T>& v) {
    if (rng() % 3 == 0) v.reset();
    else fill(v.emplace());
  }
  template <class T>
  void fill(std::vector<T>& v) {
    v.clear();
    if (depth > 3) return;
    v.resize(small(3));
    for (auto& e : v) fill(e);
  }
  template <class K, class V, class... R>
  void fill(std::map<K, V, R...>& m) {
    m.clear();
    if (depth > 3) return;
    for (std::size_t i = small(3); i > 0; --i) {
      K k{};
      fill(k);
      fill(m[k]);
    }
  }
  void fill(std::set<std::string>& s) {
    s.clear();
    for (std::size_t i = small(4); i > 0; --i) s.insert(text());
  }
  template <class T, std::size_t N>
  void fill(std::array<T, N>& a) {
    for (auto& e : a) fill(e);
  }
  template <class... T>
  void fill(std::tuple<T...>& t) {
    std::apply([&](auto&... e) { (fill(e), ...); }, t);
  }
  template <class... T>
  void fill(std::variant<T...>& v) {
    const std::size_t i = rng() % sizeof...(T);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((i == I ? (fill(v.template emplace<I>()), 0) : 0), ...);
    }(std::index_sequence_for<T...>{});
  }
  void fill(std::unique_ptr<Leaf>& p) {
    if (rng() % 2) p.reset();
    else fill(*(p = std::make_unique<Leaf>()));
  }
  void fill(std::chrono::sys_time<std::chrono::microseconds>& t) {
    t = std::chrono::sys_time<std::chrono::microseconds>{std::chrono::microseconds{static_cast<std::int64_t>(rng() % 253402300799000000ull)}};
  }
  void fill(metajson::value& v) {
    switch (depth > 3 ? rng() % 6 : rng() % 8) {
      case 0: v = nullptr; break;
      case 1: v = static_cast<bool>(rng() % 2); break;
      case 2: v = static_cast<std::int64_t>(rng()); break;
      case 3: v = static_cast<std::uint64_t>(rng() | (1ull << 63)); break;
      case 4: v = dbl(); break;
      case 5: v = text(); break;
      case 6: {
        metajson::value::array a(small(3));
        ++depth;
        for (auto& e : a) fill(e);
        --depth;
        v = std::move(a);
        break;
      }
      default: {
        metajson::value::object o;
        ++depth;
        for (std::size_t i = small(3); i > 0; --i) {
          o.emplace_back(text(), metajson::value{});
          fill(o.back().second);
        }
        --depth;
        v = std::move(o);
      }
    }
  }
  template <class T>
    requires std::is_class_v<T>
  void fill(T& v) {
    ++depth;
    template for (constexpr auto m : std::define_static_array(std::meta::nonstatic_data_members_of(^^T, std::meta::access_context::current()))) {
      fill(v.[:m:]);
    }
    --depth;
  }
};

template <metajson::options O>
void round_trip_many(int count, std::uint64_t seed) {
  gen g{std::mt19937_64(seed)};
  for (int i = 0; i < count; ++i) {
    Root r;
    g.fill(r);
    const std::string json = metajson::to_json<O>(r);
    Root back;
    const auto e = metajson::from_json<O>(json, back);
    ASSERT_FALSE(e) << e.message() << "\n" << json.substr(0, 3000);
    const std::string again = metajson::to_json<O>(back);
    if (again != json) {
      std::size_t at = 0;
      while (at < json.size() && at < again.size() && json[at] == again[at]) ++at;
      FAIL() << "case " << i << ": output differs at byte " << at << ":\n  first:  " << json.substr(at > 200 ? at - 200 : 0, 400)
             << "\n  second: " << again.substr(at > 200 ? at - 200 : 0, 400);
    }
    // (Sorted keys reorder metajson::value objects, which compare in order: then only the
    // bytes are compared, above.)
    if constexpr (!O.sort_keys) ASSERT_TRUE(back == r) << "case " << i;
    // Reading into the same (now full) object again gives the same value: no appending.
    ASSERT_FALSE(metajson::from_json<O>(json, back));
    if constexpr (!O.sort_keys) ASSERT_TRUE(back == r);
  }
}

TEST(PropertyRoundTrip, Compact) { round_trip_many<metajson::options{}>(3000, 1); }
TEST(PropertyRoundTrip, Pretty) { round_trip_many<metajson::options{.pretty = true}>(1500, 2); }
TEST(PropertyRoundTrip, OmitEmpty) { round_trip_many<metajson::options{.empty = metajson::empty_members::omit}>(1500, 3); }
TEST(PropertyRoundTrip, EscapedAsciiHtml) { round_trip_many<metajson::options{.escape_non_ascii = true, .escape_html = true}>(1000, 4); }
TEST(PropertyRoundTrip, SortedKeys) { round_trip_many<metajson::options{.pretty = true, .sort_keys = true}>(1000, 5); }

}  // namespace

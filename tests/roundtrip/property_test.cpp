// Round-trip properties over a generated family of types: nested structs, optionals, untagged
// and tagged variants, maps with string, integer and enum keys, enums, tuples, pairs, arrays,
// vector, deque, list, forward_list, set, multiset, unordered_set, map, multimap,
// unordered_map, C arrays, unique_ptr, shared_ptr, 8- to 128-bit integers, time points,
// durations, metajson::value, raw_json, base classes, private members (one opted in with
// `include`, one not), flattened structs (one inside the other), extra keys, char[N], string_view (strings without escapes, the only ones it reads),
// and strings with every escape and random UTF-8. For random values: write, read,
// compare equal, write again, same bytes; in compact, pretty and omit-empty modes,
// with the escaping options and with sorted keys. (The
// unordered containers may iterate in another order once re-read: for them equality is
// checked, and the byte comparison is made with them emptied.)
// (Values are generated member by member through metajson's own view of a class, reflect/, which
// both backends give: every member it writes, the extra-keys one too: support/random_values.hpp.)
#include <metajson/value.hpp>

#include "random_values.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <chrono>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <forward_list>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

static_assert(sizeof(wchar_t) == 4, "the generator fills std::wstring with UTF-32");

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

template <class P>
bool same_pointee(const P& a, const P& b) {
  return (!a && !b) || (a && b && *a == *b);
}

struct Circle {
  double r = 0;
  bool operator==(const Circle&) const = default;
};
struct Square {
  std::int64_t side = 0;
  bool operator==(const Square&) const = default;
};

struct Named {
  std::string base_name;
  std::int32_t base_id = 0;
  bool operator==(const Named&) const = default;
};
struct Listed {
  std::vector<std::uint16_t> base_list;
  bool operator==(const Listed&) const = default;
};

// Private state: `balance_` is opted in and round-trips; `cache_` is not, so it is neither
// written (checked on the output) nor compared.
class Account {
 public:
  std::string owner;
  void randomize(std::mt19937_64& rng) {
    balance_ = static_cast<std::int64_t>(rng());
    cache_ = static_cast<int>(rng() % 1000);
  }
  bool operator==(const Account& o) const { return owner == o.owner && balance_ == o.balance_; }

 private:
  friend struct metajson::access;  // (C++23: decomposed there, every member listed)
  std::int64_t balance_ = 0;
  int cache_ = 7;
};
}  // namespace
template <>
struct metajson::meta<Account> {
  static constexpr auto members = metajson::with(
      metajson::member<&Account::owner>(),
      metajson::member<"balance_">(metajson::include),
      metajson::member<"cache_">(metajson::skip));
};
namespace {

// Written inline in Extras' object ([[=metajson::flatten]]), one level inside the other.
struct InlineDeep {
  std::vector<std::int32_t> deep_list;
  std::optional<std::string> deep_opt;
  bool operator==(const InlineDeep&) const = default;
};
struct Inline {
  std::string inline_text;
  InlineDeep deep;
  Kind inline_kind = Kind::alpha;
  bool operator==(const Inline&) const = default;
};
}  // namespace
template <>
struct metajson::meta<Inline> {
  static constexpr auto members = metajson::member<"deep">(metajson::flatten);
};
namespace {

// The families Node<T> leaves out, each once, in a class with two bases (written first).
// Bases holding data, C arrays: C++23 binds no base beside the class's own members (the same keys
// come from flattened members there), nor a C array without structured-binding packs (g++-13:
// std::array and std::string stand in).
#define EXTRAS_BASES METAJSON_BACKEND_P2996
#define EXTRAS_C_ARRAYS (METAJSON_BACKEND_P2996 || METAJSON_BINDING_PACKS)
#if EXTRAS_BASES
struct Extras : Named, Listed {
#else
struct Extras {
  Named named;
  Listed listed;
#endif
  std::deque<Leaf> deq;
  std::list<std::string> lst;
  std::forward_list<std::int64_t> fwd;
  std::multiset<std::string> bag;
  std::unordered_set<std::string> uset;
  std::unordered_map<std::string, Leaf> umap;
  std::unordered_map<std::int64_t, std::string> umap_int;
  std::multimap<std::string, std::int32_t> mmap;
  std::multimap<Kind, std::string> mmap_enum;
  std::shared_ptr<Leaf> shared;
  __int128 i128 = 0;
  unsigned __int128 u128 = 0;
  std::variant<Circle, Square, std::int64_t, std::string> shape;
  std::pair<std::string, double> pr;
  std::chrono::milliseconds millis{};
  std::chrono::duration<double> seconds{};
  std::chrono::nanoseconds nanos{};
  metajson::raw_json raw;
  Account account;
#if EXTRAS_C_ARRAYS
  std::int32_t c_array[3] = {};
  char c_string[8] = {};
#else
  std::array<std::int32_t, 3> c_array{};
  std::string c_string;
#endif
  std::string_view view;  // no escapes: see fill(std::string_view&)
  // The standard types with a fixed mapping (family/standard.hpp).
  std::byte byte{};
  std::bitset<10> bits;
  std::chrono::year_month_day date{std::chrono::year(2000), std::chrono::January, std::chrono::day(1)};
  std::filesystem::path path;
  std::u16string u16;
  std::u32string u32;
  std::wstring wide;
  // The data-model annotations: missing vs null, an alias (read back from the alias too, in
  // round_trip_many), a range that every int16 satisfies (the check runs on every value).
  std::optional<std::optional<std::int32_t>> patch;
  std::string note;
  std::int16_t bounded = 0;
  Inline inl;
  // The keys that name no member, kept (their keys start with "x-": no member's key does).
  std::map<std::string, metajson::value> unknown;

  bool operator==(const Extras& o) const {
#if EXTRAS_BASES
    const bool bases = static_cast<const Named&>(*this) == o && static_cast<const Listed&>(*this) == o;
#else
    const bool bases = named == o.named && listed == o.listed;
#endif
    return bases && deq == o.deq &&
           lst == o.lst && fwd == o.fwd && bag == o.bag && uset == o.uset && umap == o.umap && umap_int == o.umap_int &&
           mmap == o.mmap && mmap_enum == o.mmap_enum && same_pointee(shared, o.shared) && i128 == o.i128 &&
           u128 == o.u128 && shape == o.shape && pr == o.pr && millis == o.millis && seconds == o.seconds &&
           nanos == o.nanos && raw == o.raw && account == o.account && std::ranges::equal(c_array, o.c_array) &&
           std::string_view(&c_string[0]) == std::string_view(&o.c_string[0]) && view == o.view && byte == o.byte &&
           bits == o.bits && date == o.date && path == o.path && u16 == o.u16 && u32 == o.u32 && wide == o.wide &&
           patch == o.patch && note == o.note && bounded == o.bounded && inl == o.inl && unknown == o.unknown;
  }
  void clear_unordered() {
    uset.clear();
    umap.clear();
    umap_int.clear();
  }
};
}  // namespace
template <>
struct metajson::meta<Extras> {
  static constexpr auto members = metajson::with(
      metajson::member<"shape">(metajson::tag("type")),
      metajson::member<"note">(metajson::alias("legacy_note")),
      metajson::member<"bounded">(metajson::range(-32768, 32767)),
      metajson::member<"inl">(metajson::flatten),
#if !EXTRAS_BASES
      metajson::member<&Extras::named>(metajson::flatten), metajson::member<&Extras::listed>(metajson::flatten),
#endif
      metajson::member<"unknown">(metajson::extra_keys));
};
namespace {

struct Root {
  Node<Node<Leaf>> tree;
  std::map<std::string, std::vector<Leaf>> named;
  std::set<std::string> tags;
  std::chrono::sys_time<std::chrono::microseconds> when{};
  metajson::value dyn;
  Extras extras;
  bool operator==(const Root& o) const {
    return tree == o.tree && named == o.named && tags == o.tags && when == o.when && dyn == o.dyn &&
           extras == o.extras && same_pointee(ptr, o.ptr);
  }
  std::unique_ptr<Leaf> ptr;
};

// The random values (support/random_values.hpp, and here: strings with every escape and random
// UTF-8, doubles, the family's own types).
struct gen : test_support::random_values<gen> {
  using random_values::random_values;
  using random_values::fill;

  static constexpr int value_depth = 3;
  std::string value_key(std::size_t) { return text(); }

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

  void fill(bool& v) { v = rng() % 2; }
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
  template <class K, class V>
  void fill(std::unordered_map<K, V>& m) {
    m.clear();
    for (std::size_t i = small(4); i > 0; --i) {
      K k{};
      fill(k);
      fill(m[k]);
    }
  }
  template <class K, class V>
  void fill(std::multimap<K, V>& m) {  // repeated keys on purpose
    m.clear();
    K k{};
    for (std::size_t i = small(4); i > 0; --i) {
      if (rng() % 2 == 0) fill(k);
      fill(m.emplace(k, V{})->second);
    }
  }
  template <class Set>
  void fill_set(Set& s) {
    s.clear();
    for (std::size_t i = small(4); i > 0; --i) s.insert(rng() % 4 == 0 && !s.empty() ? *s.begin() : text());
  }
  void fill(std::set<std::string>& s) { fill_set(s); }
  void fill(std::multiset<std::string>& s) { fill_set(s); }
  void fill(std::unordered_set<std::string>& s) { fill_set(s); }
  template <class T>
  void fill(std::deque<T>& v) {
    v.resize(small(3));
    for (auto& e : v) fill(e);
  }
  template <class T>
  void fill(std::list<T>& v) {
    v.resize(small(3));
    for (auto& e : v) fill(e);
  }
  template <class T>
  void fill(std::forward_list<T>& v) {
    v.resize(small(3));
    for (auto& e : v) fill(e);
  }
  void fill(std::shared_ptr<Leaf>& p) {
    if (rng() % 2) p.reset();
    else fill(*(p = std::make_shared<Leaf>()));
  }
  // A string_view reads only strings without escapes (README): these, non-ASCII included.
  void fill(std::string_view& v) {
    static constexpr std::string_view pool[] = {"", "plain", "with space", "\xc3\xa9t\xc3\xa9", "\xe6\x97\xa5\xe6\x9c\xac",
                                                "\xf0\x9f\x98\x80", "/slash/"};
    v = pool[rng() % std::size(pool)];
  }
  void fill(std::byte& b) { b = static_cast<std::byte>(rng()); }
  template <std::size_t N>
  void fill(std::bitset<N>& b) {
    b = std::bitset<N>(rng());
  }
  void fill(std::chrono::year_month_day& d) {
    // Every day that exists in 0000-9999 (leap days included).
    const std::chrono::sys_days first = std::chrono::year(0) / 1 / 1, last = std::chrono::year(9999) / 12 / 31;
    d = std::chrono::year_month_day{first + std::chrono::days{static_cast<int>(rng() % (last - first).count())}};
  }
  void fill(std::filesystem::path& p) {
    p = std::filesystem::path(text()) / std::filesystem::path(text());
  }
  char32_t code_point() {
    char32_t cp;
    do cp = static_cast<char32_t>(rng() % 3 == 0 ? rng() % 0x80 : rng() % 0x110000);
    while (cp >= 0xD800 && cp <= 0xDFFF);
    return cp;
  }
  void fill(std::u32string& s) {
    s.clear();
    for (std::size_t i = small(6); i > 0; --i) s += code_point();
  }
  void fill(std::wstring& s) {
    std::u32string u;
    fill(u);
    s.assign(u.begin(), u.end());  // wchar_t is UTF-32 here (static_assert at the top)
  }
  void fill(std::u16string& s) {
    s.clear();
    for (std::size_t i = small(6); i > 0; --i) {
      const char32_t cp = code_point();
      if (cp >= 0x10000) {
        s += static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
        s += static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
      } else {
        s += static_cast<char16_t>(cp);
      }
    }
  }
  void fill(Account& a) {
    fill(a.owner);
    a.randomize(rng);
  }
  void fill(std::unique_ptr<Leaf>& p) {
    if (rng() % 2) p.reset();
    else fill(*(p = std::make_unique<Leaf>()));
  }
  void fill(std::chrono::sys_time<std::chrono::microseconds>& t) {
    t = std::chrono::sys_time<std::chrono::microseconds>{std::chrono::microseconds{static_cast<std::int64_t>(rng() % 253402300799000000ull)}};
  }
  void fill(std::map<std::string, metajson::value>& m) {  // Extras' extra keys
    m.clear();
    for (std::size_t n = small(3); n > 0; --n) fill(m["x-" + text()]);
  }
  template <class T>
    requires std::is_class_v<T>
  void fill(T& v) {
    fill_members(v);
  }
};

template <metajson::options O>
void round_trip_many(int count, std::uint64_t seed) {
  gen g{std::mt19937_64(seed)};
  for (int i = 0; i < count; ++i) {
    Root r;
    g.fill(r);
    // escape_non_ascii writes the string_view's non-ASCII text as \u escapes, which a
    // string_view cannot read back (it points into the input): there it holds ASCII only.
    if constexpr (O.escape_non_ascii || O.escape_html)
      if (!std::ranges::all_of(r.extras.view, [](char ch) { return ch >= 0x20 && ch != '<' && ch != '>' && ch != '&'; }))
        r.extras.view = "plain";
    const std::string json = metajson::to_json<O>(r);
    Root back;
    const auto e = metajson::from_json<O>(json, back);
    ASSERT_FALSE(e) << e.message() << "\n" << json.substr(0, 3000);
    ASSERT_NE(json.find("\"balance_\""), std::string::npos);  // the private member opted in
    ASSERT_EQ(json.find("\"cache_\""), std::string::npos);    // and the one that is not
    ASSERT_EQ(json.find("\"inl\""), std::string::npos);       // flattened: its members are Extras' keys
    ASSERT_NE(json.find("\"deep_list\""), std::string::npos);
    // (Sorted keys reorder the members of metajson::value objects, which == ignores, but also
    // those of the multimaps: then only the bytes are compared, below.)
    if constexpr (!O.sort_keys) {
      ASSERT_TRUE(back == r) << "case " << i << "\n" << json.substr(0, 3000);
    }
    // The alias reads the same member (the key is unique in the document: "note" is only Extras').
    {
      std::string aliased = json;
      const std::size_t at = aliased.find("\"note\":");
      ASSERT_NE(at, std::string::npos);
      aliased.replace(at, 6, "\"legacy_note\"");
      Root via_alias;
      ASSERT_FALSE(metajson::from_json<O>(aliased, via_alias));
      ASSERT_EQ(via_alias.extras.note, r.extras.note);
    }
    // Reading into the same (now full) object again gives the same value: no appending.
    ASSERT_FALSE(metajson::from_json<O>(json, back));
    if constexpr (!O.sort_keys) {
      ASSERT_TRUE(back == r);
    }
    // Written again, the same bytes (the unordered containers emptied first, see the top).
    r.extras.clear_unordered();
    back.extras.clear_unordered();
    const std::string first = metajson::to_json<O>(r);
    const std::string again = metajson::to_json<O>(back);
    if (again != first) {
      std::size_t at = 0;
      while (at < first.size() && at < again.size() && first[at] == again[at]) ++at;
      FAIL() << "case " << i << ": output differs at byte " << at << ":\n  first:  " << first.substr(at > 200 ? at - 200 : 0, 400)
             << "\n  second: " << again.substr(at > 200 ? at - 200 : 0, 400);
    }
  }
}

// The generator reaches what the families are there for (a member left at its default would
// round-trip without testing anything): counted over the Compact run's values.
TEST(PropertyRoundTrip, GeneratorCoverage) {
  gen g{std::mt19937_64(1)};
  int repeated_multimap_key = 0, unordered_pairs = 0, shared = 0, wide_u128 = 0, negative_i128 = 0, c_strings = 0,
      views = 0, structured_raw = 0, base_lists = 0, balances = 0, astral_u16 = 0, patch_missing = 0, patch_null = 0,
      patch_value = 0, flattened = 0, extra_keys = 0;
  std::set<std::size_t> shapes;
  for (int i = 0; i < 300; ++i) {
    Root r;
    g.fill(r);
    const Extras& x = r.extras;
    for (auto it = x.mmap.begin(); it != x.mmap.end(); ++it)
      if (x.mmap.count(it->first) > 1) ++repeated_multimap_key;
    unordered_pairs += x.umap.size() >= 2 && x.uset.size() >= 2;
    shared += x.shared != nullptr;
    wide_u128 += x.u128 > std::numeric_limits<std::uint64_t>::max();
    negative_i128 += x.i128 < std::numeric_limits<std::int64_t>::min();
    c_strings += x.c_string[0] != '\0';
    views += !x.view.empty();
    structured_raw += !x.raw.text.empty() && (x.raw.text[0] == '[' || x.raw.text[0] == '{');
#if EXTRAS_BASES
    base_lists += !x.base_list.empty();
#else
    base_lists += !x.listed.base_list.empty();
#endif
    shapes.insert(x.shape.index());
    metajson::value account = metajson::from<metajson::value>(metajson::to_json(x.account));
    balances += account.as_object().size() == 2;  // owner and balance_
    astral_u16 += std::ranges::any_of(x.u16, [](char16_t u) { return u >= 0xD800 && u <= 0xDBFF; });
    patch_missing += !x.patch.has_value();
    patch_null += x.patch.has_value() && !x.patch->has_value();
    patch_value += x.patch.has_value() && x.patch->has_value();
    flattened += x.inl.deep.deep_opt.has_value() && !x.inl.inline_text.empty();
    extra_keys += x.unknown.size() >= 2;
  }
  for (int n : {repeated_multimap_key, unordered_pairs, shared, wide_u128, negative_i128, c_strings, views, structured_raw,
                base_lists, balances, astral_u16, patch_missing, patch_null, patch_value, flattened, extra_keys})
    EXPECT_GT(n, 10);
  EXPECT_EQ(shapes.size(), 4u);
}

// to_value(t) is from<value>(to_json(t)), and from_value<T>(to_value(t)) == t over the family
// (every member of Root and of Extras but the string_view, which from_value refuses: it would
// point into a text gone when from_value returns).
template <class T>
void through_value(const T& t, int i, const char* what) {
  const metajson::value v = metajson::to_value(t);
  ASSERT_TRUE(identical(v, metajson::from<metajson::value>(metajson::to_json(t)))) << "case " << i << ": " << what;
  const auto back = metajson::try_from_value<T>(v);
  ASSERT_TRUE(back.has_value()) << "case " << i << ": " << what << ": " << back.error().message();
  if constexpr (requires { *t; }) ASSERT_TRUE(same_pointee(*back, t)) << "case " << i << ": " << what;
  else ASSERT_TRUE(*back == t) << "case " << i << ": " << what << "\n" << metajson::to_json(t).substr(0, 2000);
}
TEST(PropertyRoundTrip, ThroughValue) {
  gen g{std::mt19937_64(6)};
  for (int i = 0; i < 500; ++i) {
    Root r;
    g.fill(r);
    const Extras& x = r.extras;
#define METAJSON_THROUGH_VALUE(m) through_value(m, i, #m)
    METAJSON_THROUGH_VALUE(r.tree);
    METAJSON_THROUGH_VALUE(r.named);
    METAJSON_THROUGH_VALUE(r.tags);
    METAJSON_THROUGH_VALUE(r.when);
    METAJSON_THROUGH_VALUE(r.dyn);
    METAJSON_THROUGH_VALUE(r.ptr);
#if EXTRAS_BASES
    METAJSON_THROUGH_VALUE(static_cast<const Named&>(x));
    METAJSON_THROUGH_VALUE(static_cast<const Listed&>(x));
#else
    METAJSON_THROUGH_VALUE(x.named);
    METAJSON_THROUGH_VALUE(x.listed);
#endif
    METAJSON_THROUGH_VALUE(x.deq);
    METAJSON_THROUGH_VALUE(x.lst);
    METAJSON_THROUGH_VALUE(x.fwd);
    METAJSON_THROUGH_VALUE(x.bag);
    METAJSON_THROUGH_VALUE(x.uset);
    METAJSON_THROUGH_VALUE(x.umap);
    METAJSON_THROUGH_VALUE(x.umap_int);
    METAJSON_THROUGH_VALUE(x.mmap);
    METAJSON_THROUGH_VALUE(x.mmap_enum);
    METAJSON_THROUGH_VALUE(x.shared);
    METAJSON_THROUGH_VALUE(x.i128);
    METAJSON_THROUGH_VALUE(x.u128);
    METAJSON_THROUGH_VALUE(x.pr);
    METAJSON_THROUGH_VALUE(x.millis);
    METAJSON_THROUGH_VALUE(x.seconds);
    METAJSON_THROUGH_VALUE(x.nanos);
    METAJSON_THROUGH_VALUE(x.raw);
    METAJSON_THROUGH_VALUE(x.account);
    METAJSON_THROUGH_VALUE(x.byte);
    METAJSON_THROUGH_VALUE(x.bits);
    METAJSON_THROUGH_VALUE(x.date);
    METAJSON_THROUGH_VALUE(x.path);
    METAJSON_THROUGH_VALUE(x.u16);
    METAJSON_THROUGH_VALUE(x.u32);
    METAJSON_THROUGH_VALUE(x.wide);
    if (x.patch) METAJSON_THROUGH_VALUE(x.patch);  // (an empty outer optional is a missing key: no JSON outside an object)
    METAJSON_THROUGH_VALUE(x.note);
    METAJSON_THROUGH_VALUE(x.inl);
    METAJSON_THROUGH_VALUE(x.unknown);
#undef METAJSON_THROUGH_VALUE
  }
}

TEST(PropertyRoundTrip, Compact) { round_trip_many<metajson::options{}>(3000, 1); }
TEST(PropertyRoundTrip, Pretty) { round_trip_many<metajson::options{.pretty = true}>(1500, 2); }
TEST(PropertyRoundTrip, OmitEmpty) { round_trip_many<metajson::options{.empty = metajson::empty_members::omit}>(1500, 3); }
TEST(PropertyRoundTrip, EscapedAsciiHtml) { round_trip_many<metajson::options{.escape_non_ascii = true, .escape_html = true}>(1000, 4); }
TEST(PropertyRoundTrip, SortedKeys) { round_trip_many<metajson::options{.pretty = true, .sort_keys = true}>(1000, 5); }

}  // namespace

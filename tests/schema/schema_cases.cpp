// The cases of the schema validator test (tests/schema/run.sh): for a family of types and
// reading options, writes to stdout one JSON line per schema (metajson::schema<T, O>) and one
// per input, with the reader's verdict on it (metajson::from_json<O> into a T). validate.py
// validates every input against its schema with Python's jsonschema and requires the same
// verdict.
//
// The inputs: metajson's own outputs for random values of the types (compact, pretty, with
// empties omitted: what users feed back), thousands of mutations of them (a value replaced by
// another kind or an out-of-range one, a key removed, renamed or added, an array shortened or
// lengthened), and hand-written edge cases per type. Every input is valid JSON
// (metajson::validate) without duplicate keys: what is not JSON is not a schema's business.
// Known differences between what a schema can say and what the reader does are marked with
// their reason, and validate.py checks that they still differ (docs/schema.md lists them).
//
// (Values are filled member by member through metajson's own view of a class, reflect/, which both
// backends give: tests/support/random_values.hpp, shared with the property test.)
#include <metajson/value.hpp>
#include <metajson/schema.hpp>

#include "random_values.hpp"

#include <array>
#include <chrono>
#include <cstdio>
#include <deque>
#include <forward_list>
#include <list>
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

namespace zoo {
enum class Color { red, green, blue };
}  // namespace zoo
template <>
struct metajson::meta<zoo::Color> {
  static constexpr auto enumerators = metajson::enumerator<zoo::Color::green>(metajson::name("GREEN"));
};
namespace zoo {

enum Plain : std::uint8_t { one = 1, two = 2 };

struct Scalars {
  bool b = false;
  char ch = 'a';
  std::int8_t i8 = 0;
  std::uint8_t u8 = 0;
  std::int16_t i16 = 0;
  std::uint16_t u16 = 0;
  std::int32_t i32 = 0;
  std::uint32_t u32 = 0;
  std::int64_t i64 = 0;
  std::uint64_t u64 = 0;
  __int128 i128 = 0;
  unsigned __int128 u128 = 0;
  float f = 0;
  double d = 0;
  std::string s;
  Color color = Color::red;
  Plain plain = one;
  std::optional<int> opt;
  std::unique_ptr<std::string> ptr;
  std::shared_ptr<double> shared;
  std::nullptr_t nothing = nullptr;
  std::monostate mono;
};

struct Containers {
  std::vector<int> v;
  std::array<std::uint8_t, 3> arr{};
  std::uint16_t carr[2]{};
  std::set<std::string> set;
  std::multiset<std::int8_t> mset;
  std::list<bool> list;
  std::deque<double> deque;
  std::forward_list<std::int16_t> flist;
  std::vector<bool> bits;
  std::map<std::string, int> m;
  std::map<std::int8_t, bool> by_i8;
  std::map<std::uint64_t, std::int8_t> by_u64;
  std::map<__int128, int> by_i128;
  std::map<Color, std::string> by_color;
  std::map<bool, int> by_bool;
  std::map<char, int> by_char;
  std::unordered_map<std::string, double> hashed;
  std::multimap<std::string, int> multi;
  std::tuple<int, std::string, bool> tup;
  std::pair<double, Color> pr;
  std::tuple<> none;
  std::vector<std::optional<int>> holes;
  char name[8]{};
  std::array<std::array<int, 2>, 2> grid{};
};

struct Times {
  std::chrono::sys_time<std::chrono::microseconds> us{};
  std::chrono::system_clock::time_point ns{};
  std::chrono::sys_seconds s{};
  std::chrono::sys_time<std::chrono::milliseconds> ms{};
  std::chrono::milliseconds dur{};
  std::chrono::duration<double> secs{};
  std::chrono::steady_clock::time_point steady{};
};

struct Circle {
  double r = 0;
};
struct Square {
  double side = 0;
};
struct Rectangle {
  double w = 0;
  double h = 0;
};

struct Variants {
  std::variant<std::int64_t, double, std::string, bool> scalar;
  std::variant<Circle, Square> shape;
  std::variant<std::monostate, std::vector<int>, std::map<std::string, int>> container;
  std::variant<Circle, Rectangle, int, std::string> tagged;
  std::optional<std::variant<Circle, Square>> maybe_tagged;
  std::optional<std::variant<std::uint8_t, std::string>> maybe;
  std::variant<float, Color> float_or_enum;
};

struct Annotated {
  std::string user_name;
  std::uint32_t id = 0;
  int cache = 0;
  std::optional<std::string> nick_name;
};

struct AllRequired {
  int a = 0;
  std::optional<int> b;
};

struct Tree {
  std::string label;
  std::vector<Tree> children;
  std::unique_ptr<Tree> next;
};

struct Dynamic {
  metajson::value any;
  metajson::raw_json raw;
};

struct Money {
  long long cents = 0;
};

struct Base {
  int base_id = 0;
};
struct Derived : Base {
  std::string extra;
};

struct Everything {
  Scalars scalars;
  Containers containers;
  Times times;
  Variants variants;
  Annotated annotated;
  AllRequired all_required;
  Tree tree;
  Dynamic dynamic;
  Money money;
  Derived derived;
};

}  // namespace zoo

template <>
struct metajson::meta<zoo::Rectangle> {
  static constexpr auto type = metajson::name("Rect");
};
template <>
struct metajson::meta<zoo::Variants> {
  static constexpr auto members = metajson::with(
      metajson::member<"tagged">(metajson::tag("type")),
      metajson::member<"maybe_tagged">(metajson::tag("kind")));
};
template <>
struct metajson::meta<zoo::Annotated> {
  static constexpr auto type = metajson::with(metajson::rename_all(metajson::case_style::camel), metajson::deny_unknown_keys);
  static constexpr auto members = metajson::with(
      metajson::member<"user_name">(metajson::required),
      metajson::member<"id">(metajson::name("ID")),
      metajson::member<"cache">(metajson::skip));
};
template <>
struct metajson::meta<zoo::AllRequired> {
  static constexpr auto type = metajson::required;
};

template <>
struct metajson::adapter<zoo::Money> {
  static std::int64_t to_json(const zoo::Money& m) { return m.cents; }
  static void from_json(zoo::Money& m, std::int64_t cents) { m.cents = cents; }
};

namespace {

using namespace zoo;

// --- random values ----------------------------------------------------------------------------

// (support/random_values.hpp, and here: the extremes of each type, the zoo's own types.)
struct gen : test_support::random_values<gen> {
  using random_values::random_values;
  using random_values::fill;

  static constexpr int value_depth = 4;
  std::string value_key(std::size_t i) { return "k" + std::to_string(i); }

  bool coin() { return rng() % 2 == 0; }

  std::string text() {
    static const char* pieces[] = {"a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\x01", "\x7f", "<", "&",
                                   "\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\xef\xbf\xbf", "key", "red"};
    std::string s;
    for (std::size_t i = small(6); i > 0; --i) s += pieces[rng() % std::size(pieces)];
    return s;
  }
  double dbl() {
    switch (rng() % 5) {
      case 0: return std::bit_cast<double>(rng() & 0x7fefffffffffffffull) * (coin() ? 1 : -1);
      case 1: return static_cast<double>(static_cast<std::int64_t>(rng() % 2000000) - 1000000);
      case 2: return static_cast<double>(rng() % 100000) / 1000.0;
      case 3: return std::numeric_limits<double>::max() * (coin() ? 1 : -1);
      default: return 0.0;
    }
  }

  void fill(bool& v) { v = coin(); }
  void fill(float& v) {
    float f;
    do f = std::bit_cast<float>(static_cast<std::uint32_t>(rng())); while (!std::isfinite(f));
    v = rng() % 8 == 0 ? std::numeric_limits<float>::max() : f;
  }
  template <class I>
    requires(std::is_integral_v<I> && !std::is_same_v<I, bool> && !std::is_same_v<I, char>)
  void fill(I& v) {
    switch (rng() % 4) {
      case 0: v = std::numeric_limits<I>::min(); break;
      case 1: v = std::numeric_limits<I>::max(); break;
      default: v = static_cast<I>(rng());
    }
  }
  void fill(Color& v) { v = static_cast<Color>(rng() % 3); }
  void fill(Plain& v) { v = coin() ? one : two; }
  void fill(std::nullptr_t&) {}
  void fill(std::monostate&) {}
  void fill(Money& m) { fill(m.cents); }
  template <class T>
  void fill(std::unique_ptr<T>& p) {
    if (depth > 2 || coin()) p.reset();
    else fill(*(p = std::make_unique<T>()));
  }
  template <class T>
  void fill(std::shared_ptr<T>& p) {
    if (coin()) p.reset();
    else fill(*(p = std::make_shared<T>()));
  }
  template <class C>
    requires requires(C& c) { c.emplace_back(); c.clear(); }
  void fill(C& c) {
    c.clear();
    if (depth > 3) return;
    for (std::size_t i = small(3); i > 0; --i) {
      typename C::value_type e{};
      fill(e);
      c.push_back(std::move(e));
    }
  }
  void fill(std::vector<bool>& c) {
    c.clear();
    for (std::size_t i = small(4); i > 0; --i) c.push_back(coin());
  }
  template <class T>
  void fill(std::forward_list<T>& c) {
    c.clear();
    for (std::size_t i = small(3); i > 0; --i) {
      T e{};
      fill(e);
      c.push_front(e);
    }
  }
  template <class C>
    requires requires(C& c, typename C::value_type v) { c.insert(v); c.clear(); }
  void fill(C& c) {  // sets and maps
    c.clear();
    if (depth > 3) return;
    for (std::size_t i = small(3); i > 0; --i) {
      if constexpr (requires { typename C::mapped_type; }) {
        typename C::key_type k{};
        typename C::mapped_type v{};
        fill(k);
        fill(v);
        c.emplace(std::move(k), std::move(v));
      } else {
        typename C::value_type e{};
        fill(e);
        c.insert(std::move(e));
      }
    }
  }
  template <class C, class D>
  void fill(std::chrono::time_point<C, D>& t) {
    using namespace std::chrono;
    if constexpr (std::is_same_v<C, system_clock>) {
      // 1970..9999, or the range the type holds (nanoseconds: 1677..2262).
      const std::int64_t span = std::is_same_v<D, nanoseconds> ? 9000000000 : 253402300799 - 1000;
      const auto s = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(span)) * (std::is_same_v<D, nanoseconds> && coin() ? -1 : 1);
      t = time_point<C, D>(duration_cast<D>(seconds{s}) + D{static_cast<typename D::rep>(rng() % 1000)});
    } else {
      t = time_point<C, D>(D{static_cast<typename D::rep>(rng())});
    }
  }
  template <class T>
    requires(std::is_class_v<T> && std::is_aggregate_v<T>)
  void fill(T& v) {
    fill_members(v);
  }
};

// --- a JSON tree that keeps every token's text (numbers stay exact), to mutate documents ---------

struct jnode {
  enum kind { scalar, array, object } k = scalar;
  std::string text;                                   // scalar: its JSON text
  std::vector<std::pair<std::string, jnode>> members;  // object: (quoted key text, value)
  std::vector<jnode> items;                           // array
};

struct jparser {
  std::string_view s;
  std::size_t i = 0;
  void ws() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) ++i;
  }
  std::string string_token() {
    const std::size_t start = i++;
    while (s[i] != '"') i += s[i] == '\\' ? 2 : 1;
    ++i;
    return std::string(s.substr(start, i - start));
  }
  jnode value() {
    ws();
    jnode n;
    if (s[i] == '{') {
      n.k = jnode::object;
      ++i;
      ws();
      if (s[i] == '}') return ++i, n;
      for (;;) {
        ws();
        std::string key = string_token();
        ws();
        ++i;  // ':'
        n.members.emplace_back(std::move(key), value());
        ws();
        if (s[i++] == '}') return n;
      }
    }
    if (s[i] == '[') {
      n.k = jnode::array;
      ++i;
      ws();
      if (s[i] == ']') return ++i, n;
      for (;;) {
        n.items.push_back(value());
        ws();
        if (s[i++] == ']') return n;
      }
    }
    if (s[i] == '"') {
      n.text = string_token();
      return n;
    }
    const std::size_t start = i;
    while (i < s.size() && std::string_view(",]} \n\r\t").find(s[i]) == std::string_view::npos) ++i;
    n.text = std::string(s.substr(start, i - start));
    return n;
  }
};

void print(const jnode& n, std::string& out) {
  if (n.k == jnode::scalar) {
    out += n.text;
  } else if (n.k == jnode::array) {
    out += '[';
    for (std::size_t i = 0; i < n.items.size(); ++i) {
      if (i) out += ',';
      print(n.items[i], out);
    }
    out += ']';
  } else {
    out += '{';
    for (std::size_t i = 0; i < n.members.size(); ++i) {
      if (i) out += ',';
      out += n.members[i].first + ':';
      print(n.members[i].second, out);
    }
    out += '}';
  }
}

// Every node of the tree, to pick one at random.
void collect(jnode& n, std::vector<jnode*>& all) {
  all.push_back(&n);
  for (auto& [k, v] : n.members) collect(v, all);
  for (auto& e : n.items) collect(e, all);
}

// Values a mutation puts in place of another: every JSON kind, the edges of the integer types,
// numbers beyond float, enumerator names, tags, dates valid and not. (No number beyond double:
// metajson::value rejects those until issue 15, and the hand-written cases test them per type.
// No date outside 1678-2261: the reader's nanosecond time_point overflows there, see
// docs/schema.md.)
const char* const pool[] = {
    "null", "true", "false", "0", "-0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32769",
    "65535", "65536", "2147483647", "2147483648", "-2147483649", "4294967295", "4294967296", "9223372036854775807",
    "9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
    "170141183460469231731687303715884105728", "340282366920938463463374607431768211456", "1.5", "-0.25", "3.5e38",
    "1.5e-300", "\"\"", "\"x\"", "\"ab\"", "\"\\u00e9\"", "\"red\"", "\"GREEN\"", "\"green\"",
    "\"Circle\"", "\"Rect\"", "\"Square\"", "\"int\"", "\"string\"", "\"2024-05-06T07:08:09Z\"",
    "\"2024-05-06T07:08:09.123456789Z\"", "\"2024-02-30T00:00:00Z\"", "\"2023-02-29T12:00:00+01:00\"", "[]", "[1]",
    "[1,2,3]", "[\"a\",true]", "{}", "{\"r\":1}", "{\"side\":2}", "{\"x\":1}", "{\"type\":\"Circle\",\"r\":1}",
    "{\"type\":\"int\",\"value\":\"x\"}"};
const char* const pool_keys[] = {"\"zz\"", "\"256\"", "\"-129\"", "\"-0\"", "\"01\"", "\"1.5\"", "\"\"", "\"red\"",
                                 "\"GREEN\"", "\"true\"", "\"True\"", "\"\\u00e9\"", "\"ab\"", "\"a\"", "\"r\"",
                                 "\"side\"", "\"type\"", "\"value\"", "\"18446744073709551616\"", "\"-1\"", "\"7\""};

bool has_key(const jnode& obj, const std::string& k) {
  for (auto& [key, v] : obj.members)
    if (key == k) return true;
  return false;
}

// One random change to the document.
std::string mutate(std::string_view json, std::mt19937_64& rng) {
  jparser p{json};
  jnode root = p.value();
  std::vector<jnode*> all;
  collect(root, all);
  jnode& n = *all[rng() % all.size()];
  switch (rng() % 6) {
    case 0:
    case 1: {  // replace a value
      jparser q{pool[rng() % std::size(pool)]};
      n = q.value();
      break;
    }
    case 2:  // remove a member or an element
      if (n.k == jnode::object && !n.members.empty()) n.members.erase(n.members.begin() + static_cast<std::ptrdiff_t>(rng() % n.members.size()));
      else if (n.k == jnode::array && !n.items.empty()) n.items.pop_back();
      else n = jparser{"[]"}.value();
      break;
    case 3: {  // rename a member, or add one
      const std::string k = pool_keys[rng() % std::size(pool_keys)];
      if (n.k != jnode::object || has_key(n, k)) break;
      if (!n.members.empty() && rng() % 2) n.members[rng() % n.members.size()].first = k;
      else n.members.emplace_back(k, jparser{pool[rng() % std::size(pool)]}.value());
      break;
    }
    case 4:  // lengthen an array
      if (n.k == jnode::array) n.items.push_back(n.items.empty() ? jparser{"0"}.value() : n.items.back());
      else n = jparser{"[1]"}.value();
      break;
    default: {  // swap a value with another one of the document
      jnode copy = *all[rng() % all.size()];
      n = std::move(copy);
    }
  }
  std::string out;
  print(root, out);
  return out;
}

// --- the output ---------------------------------------------------------------------------------

struct writer {
  int schemas = 0, inputs = 0;

  template <class T, metajson::options O>
  int schema(std::string_view name) {
    const int id = schemas++;
    std::printf("{\"schema\":%d,\"name\":%s,\"text\":%s}\n", id, metajson::to_json(name).c_str(), metajson::schema<T, O>().c_str());
    return id;
  }

  // One input: the reader's verdict, and the reason when the schema is known to differ.
  template <class T, metajson::options O>
  void input(int id, std::string_view text, std::string_view differs = {}) {
    if (metajson::validate(text)) {
      std::fprintf(stderr, "schema_cases: not JSON, not an input: %.*s\n", static_cast<int>(text.size()), text.data());
      std::exit(1);
    }
    T target{};
    const metajson::error e = metajson::from_json<O>(text, target);
    ++inputs;
    std::printf("{\"of\":%d,\"input\":%s,\"reader\":%s,\"why\":%s%s%s}\n", id, metajson::to_json(text).c_str(), e ? "false" : "true",
                metajson::to_json(e ? e.message() : std::string()).c_str(), differs.empty() ? "" : ",\"differs\":",
                differs.empty() ? "" : metajson::to_json(differs).c_str());
  }
};

// The random outputs of T (compact; with Layouts, also pretty, with empties omitted, escaped and
// sorted) and their mutations, against schema<T, O>. (Each set of options instantiates the
// reader or the writer again: the larger types get few of them, to keep the build short.)
template <class T, metajson::options O, bool Layouts = false>
void generated(writer& w, std::string_view name, int values, int mutations_each, std::uint64_t seed) {
  const int id = w.schema<T, O>(name);
  gen g{std::mt19937_64(seed)};
  std::mt19937_64 rng(seed * 7 + 1);
  for (int i = 0; i < values; ++i) {
    T v{};
    g.fill(v);
    const std::string compact = metajson::to_json(v);
    // What metajson writes, it reads (when the options require no key an output may omit).
    T back{};
    if (const auto e = metajson::from_json<O>(compact, back)) {
      std::fprintf(stderr, "schema_cases: %.*s: metajson does not read its own output: %s\n", static_cast<int>(name.size()), name.data(),
                   e.message().c_str());
      std::exit(1);
    }
    w.input<T, O>(id, compact);
    if constexpr (Layouts) {
      if (i % 4 == 0) w.input<T, O>(id, metajson::to_json<{.pretty = true}>(v));
      if (i % 4 == 1) w.input<T, O>(id, metajson::to_json<{.empty = metajson::empty_members::omit}>(v));
      if (i % 4 == 2) w.input<T, O>(id, metajson::to_json<{.escape_non_ascii = true, .sort_keys = true}>(v));
    }
    for (int k = 0; k < mutations_each; ++k) {
      std::string m = mutate(compact, rng);
      if (rng() % 3 == 0) m = mutate(m, rng);  // two changes
      w.input<T, O>(id, m);
    }
  }
}

// Hand-written inputs for one type.
template <class T, metajson::options O = metajson::options{}>
void handwritten(writer& w, std::string_view name, std::initializer_list<std::string_view> inputs) {
  const int id = w.schema<T, O>(name);
  for (auto in : inputs) w.input<T, O>(id, in);
}

// Inputs on which the schema is known to accept what the reader rejects, with the reason.
template <class T, metajson::options O = metajson::options{}>
void known_difference(writer& w, std::string_view name, std::string_view input, std::string_view why) {
  const int id = w.schema<T, O>(name);
  w.input<T, O>(id, input, why);
}

// Smaller families for the other reading options.
struct Annotations {
  Annotated annotated;
  AllRequired all_required;
  Tree tree;
  std::optional<Circle> circle;
  std::map<std::string, Derived> derived;
};
struct Floats {
  float f = 0;
  double d = 0;
  std::optional<double> maybe;
  std::vector<double> many;
  std::variant<float, Color> float_or_enum;
  std::variant<double, std::string> double_or_string;
  std::chrono::duration<double> secs{};
};

struct WithView {
  std::string_view sv;
};
struct Shapes {
  std::variant<Circle, Square> shape;
};

}  // namespace

int main() {
  writer w;
  constexpr metajson::options none{};
  constexpr metajson::options deny{.unknown_keys = metajson::unknown_key_policy::error};
  constexpr metajson::options require{.missing_keys = metajson::missing_key_policy::error};
  constexpr metajson::options nulls{.nonfinite = metajson::nonfinite_policy::null};

  generated<Everything, none, true>(w, "Everything", 150, 12, 1);
  generated<Everything, deny>(w, "Everything unknown_keys=error", 80, 12, 2);
  generated<Annotations, require>(w, "Annotations missing_keys=error", 150, 8, 3);
  generated<Floats, nulls>(w, "Floats nonfinite=null", 150, 8, 4);
  generated<Variants, none>(w, "Variants", 200, 8, 5);
  generated<Containers, none>(w, "Containers", 200, 8, 6);
  generated<Scalars, none>(w, "Scalars", 200, 8, 7);
  generated<std::vector<Tree>, none>(w, "vector<Tree>", 100, 6, 8);
  generated<std::map<std::int16_t, Color>, none>(w, "map<int16_t, Color>", 100, 6, 9);
  generated<std::optional<std::tuple<float, Money>>, none>(w, "optional<tuple<float, Money>>", 100, 6, 10);

  handwritten<std::int8_t>(w, "int8_t", {"-128", "127", "128", "-129", "0", "-0", "1.5", "-0.5", "\"1\"", "null", "true", "[]", "1e2", "-1.0"});
  handwritten<std::uint64_t>(w, "uint64_t", {"18446744073709551615", "18446744073709551616", "-1", "-0", "0"});
  handwritten<__int128>(w, "__int128", {"170141183460469231731687303715884105727", "170141183460469231731687303715884105728",
                                        "-170141183460469231731687303715884105728", "-170141183460469231731687303715884105729"});
  handwritten<unsigned __int128>(w, "unsigned __int128", {"340282366920938463463374607431768211455", "340282366920938463463374607431768211456", "-1"});
  handwritten<float>(w, "float", {"3.4028234e38", "3.40282356e38", "3.4028236e38", "-3.5e38", "1e-50", "1e400", "0.1", "-0", "1", "null", "\"1\""});
  handwritten<double>(w, "double", {"1.7976931348623157e308", "-1.7976931348623157e308", "1.8e308", "-1e400", "1e-400", "0.1", "-0", "null"});
  handwritten<double, nulls>(w, "double nonfinite=null", {"null", "1", "\"NaN\""});
  handwritten<std::variant<double, std::string>, nulls>(w, "variant<double, string> nonfinite=null", {"null", "1", "\"x\""});
  handwritten<std::optional<double>, nulls>(w, "optional<double> nonfinite=null", {"null", "1.5"});
  handwritten<char>(w, "char", {"\"a\"", "\"\\u0000\"", "\"\\u007f\"", "\"\\u0080\"", "\"\xc3\xa9\"", "\"ab\"", "\"\"", "\"\\n\"", "97"});
  handwritten<char[4]>(w, "char[4]", {"\"abc\"", "\"abcd\"", "\"\"", "\"\xc3\xa9\""});
  handwritten<Color>(w, "Color", {"\"red\"", "\"GREEN\"", "\"green\"", "\"\\u0072ed\"", "0", "null"});
  handwritten<Plain>(w, "Plain", {"\"one\"", "\"two\"", "1"});
  handwritten<std::map<bool, int>>(w, "map<bool, int>", {"{\"true\":1}", "{\"false\":1,\"true\":2}", "{\"1\":1}", "{\"True\":1}", "{}"});
  handwritten<std::map<std::uint8_t, int>>(w, "map<uint8_t, int>", {"{\"255\":1}", "{\"256\":1}", "{\"-0\":1}", "{\"-1\":1}", "{\"01\":1}", "{\"1.0\":1}",
                                                                  "{\" 1\":1}", "{\"1\\n\":1}", "{\"1e2\":1}", "{\"\\u0031\":1}", "{\"\":1}"});
  handwritten<std::map<std::int8_t, int>>(w, "map<int8_t, int>", {"{\"-128\":1}", "{\"-129\":1}", "{\"127\":1}", "{\"128\":1}", "{\"-0\":1}", "{\"--1\":1}"});
  handwritten<std::map<__int128, int>>(w, "map<__int128, int>", {"{\"-170141183460469231731687303715884105728\":1}", "{\"-170141183460469231731687303715884105729\":1}",
                                                                "{\"170141183460469231731687303715884105727\":1}", "{\"170141183460469231731687303715884105728\":1}"});
  handwritten<std::map<unsigned __int128, int>>(w, "map<unsigned __int128, int>", {"{\"340282366920938463463374607431768211455\":1}", "{\"340282366920938463463374607431768211456\":1}",
                                                                                  "{\"99999999999999999999999999999999999999\":1}", "{\"999999999999999999999999999999999999999\":1}"});
  handwritten<std::map<char, int>>(w, "map<char, int>", {"{\"a\":1}", "{\"ab\":1}", "{\"\xc3\xa9\":1}", "{\"\\u007f\":1}"});
  handwritten<std::map<Color, int>>(w, "map<Color, int>", {"{\"red\":1}", "{\"GREEN\":2}", "{\"purple\":1}"});
  handwritten<std::map<std::string, int>>(w, "map<string, int>", {"{\"a\":1,\"b\":2}", "{\"a\":\"1\"}", "[]"});
  handwritten<std::chrono::sys_time<std::chrono::microseconds>>(
      w, "sys_time<microseconds>",
      {"\"2024-05-06T07:08:09Z\"", "\"2024-05-06t07:08:09z\"", "\"2024-05-06T07:08:09.123456Z\"", "\"2024-05-06T07:08:09.1234567Z\"",
       "\"2024-05-06T07:08:09.1234560000Z\"", "\"2024-05-06T07:08:09.Z\"", "\"2024-05-06T07:08:09+23:59\"", "\"2024-05-06T07:08:09+24:00\"",
       "\"2024-05-06T07:08:09-00:60\"", "\"2024-02-29T00:00:00Z\"", "\"2023-02-29T00:00:00Z\"", "\"1900-02-29T00:00:00Z\"",
       "\"2000-02-29T00:00:00Z\"", "\"2024-04-31T00:00:00Z\"", "\"2024-04-30T00:00:00Z\"", "\"2024-12-31T23:59:60Z\"",
       "\"2024-12-31T24:00:00Z\"", "\"0000-01-01T00:00:00+01:00\"", "\"9999-12-31T23:59:59-23:59\"", "\"2024-05-06T07:08:09\"",
       "\"2024-05-06 07:08:09Z\"", "\"2024-5-06T07:08:09Z\"", "\"+2024-05-06T07:08:09Z\"", "\"2024-05-06T07:08:09Z \"", "1714979289",
       "\"2024-00-10T00:00:00Z\"", "\"2024-13-10T00:00:00Z\"", "\"2024-01-00T00:00:00Z\""});
  handwritten<std::chrono::sys_seconds>(w, "sys_seconds", {"\"2024-05-06T07:08:09Z\"", "\"2024-05-06T07:08:09.0Z\"", "\"2024-05-06T07:08:09.5Z\"", "\"2024-05-06T07:08:09.000000000000Z\""});
  handwritten<std::chrono::steady_clock::time_point>(w, "steady_clock::time_point", {"0", "-5", "1.5", "\"2024-05-06T07:08:09Z\""});
  handwritten<std::chrono::duration<double>>(w, "duration<double>", {"1.5", "1", "null", "\"1s\""});
  handwritten<std::tuple<int, std::string>>(w, "tuple<int, string>", {"[1,\"a\"]", "[1]", "[1,\"a\",2]", "[\"a\",1]", "[]", "{}"});
  handwritten<std::tuple<>>(w, "tuple<>", {"[]", "[1]"});
  handwritten<std::array<int, 2>>(w, "array<int, 2>", {"[1,2]", "[1]", "[1,2,3]", "[1,\"2\"]"});
  handwritten<std::set<int>>(w, "set<int>", {"[1,1,2]", "[]", "[1.5]"});
  handwritten<Shapes>(w, "Shapes (untagged)", {"{\"shape\":{\"r\":1}}", "{\"shape\":{\"side\":1}}", "{\"shape\":{\"r\":1,\"side\":1}}", "{\"shape\":{}}",
                                                "{\"shape\":{\"x\":1}}", "{\"shape\":[]}", "{\"shape\":null}"});
  handwritten<Variants>(w, "Variants (tagged)",
                        {"{\"tagged\":{\"type\":\"Circle\",\"r\":1}}", "{\"tagged\":{\"r\":1,\"type\":\"Circle\"}}", "{\"tagged\":{\"type\":\"Rect\",\"w\":1,\"zz\":2}}",
                         "{\"tagged\":{\"type\":\"Rectangle\",\"w\":1}}", "{\"tagged\":{\"type\":\"int\",\"value\":1}}", "{\"tagged\":{\"type\":\"int\"}}",
                         "{\"tagged\":{\"type\":\"int\",\"value\":1,\"zz\":0}}", "{\"tagged\":{\"type\":\"string\",\"value\":1}}", "{\"tagged\":{\"type\":1}}",
                         "{\"tagged\":{\"r\":1}}", "{\"tagged\":{}}", "{\"maybe_tagged\":null}", "{\"maybe_tagged\":{\"kind\":\"Square\",\"side\":2}}",
                         "{\"float_or_enum\":null}", "{\"float_or_enum\":\"blue\"}", "{\"float_or_enum\":1e39}", "{\"maybe\":256}", "{\"maybe\":255}",
                         "{\"scalar\":1.5}", "{\"scalar\":9223372036854775808}", "{\"scalar\":1e400}", "{\"container\":null}"});
  handwritten<Variants, deny>(w, "Variants (tagged) unknown_keys=error",
                              {"{\"tagged\":{\"type\":\"int\",\"value\":1,\"zz\":0}}", "{\"tagged\":{\"type\":\"Rect\",\"w\":1,\"zz\":2}}", "{\"tagged\":{\"type\":\"int\",\"value\":1}}"});
  handwritten<Annotated>(w, "Annotated", {"{\"userName\":\"a\"}", "{\"userName\":\"a\",\"ID\":1,\"nickName\":null}", "{\"ID\":1}", "{\"userName\":\"a\",\"cache\":1}",
                                          "{\"userName\":\"a\",\"user_name\":\"b\"}", "{\"userName\":null}"});
  handwritten<AllRequired>(w, "AllRequired", {"{\"a\":1,\"b\":null}", "{\"a\":1}", "{\"b\":2}"});
  handwritten<Tree>(w, "Tree", {"{\"label\":\"a\",\"children\":[{\"label\":\"b\",\"children\":[],\"next\":{\"label\":\"c\"}}]}",
                                "{\"children\":[{\"children\":[{\"label\":1}]}]}", "{\"next\":{\"next\":{\"next\":null}}}"});
  handwritten<Derived>(w, "Derived", {"{\"base_id\":1,\"extra\":\"x\"}", "{\"base_id\":\"1\"}"});
  handwritten<Money>(w, "Money (adapter)", {"12", "\"12\"", "1.5"});
  handwritten<metajson::raw_json>(w, "raw_json", {"1", "[1,{\"a\":null}]", "1e400"});
  handwritten<metajson::value>(w, "value", {"1", "[1,{\"a\":null}]", "18446744073709551616", "1e400"});

  // What a schema cannot express: it describes values, not how they are spelled, nor the keys
  // of a JSON text before a parser keeps one of two that are equal.
  known_difference<std::int32_t>(w, "int32_t", "1.0", "an integer written with a fraction: equal to 1 in JSON Schema's data model");
  known_difference<Circle>(w, "Circle", "{\"r\":1,\"r\":2}", "duplicate keys: parsers keep one, the reader rejects them");
  known_difference<WithView>(w, "WithView", "{\"sv\":\"a\\\"b\"}", "a string_view cannot hold a string with escapes");
  known_difference<char[4]>(w, "char[4]", "\"\xc3\xa9\xc3\xa9\"", "char[N] counts bytes, maxLength counts code points");
  known_difference<std::chrono::sys_seconds>(w, "sys_seconds", "\"2024-05-06T07:08:09\\u005a\"", "a time with an escape in it");

  std::fprintf(stderr, "schema_cases: %d schemas, %d inputs\n", w.schemas, w.inputs);
}

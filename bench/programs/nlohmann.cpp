// nlohmann/json with ordered_json (so keys keep declaration order, as every other row writes
// them). Writing: an ordered_json built from the struct member by member, then dump(). Reading:
// ordered_json::parse, then mapped member by member into the struct (find by key).
#include <nlohmann/json.hpp>

#include <limits>
#include <stdexcept>

#include "fields.hpp"
#include "harness.hpp"

namespace {

using namespace bench::fields;
using json = nlohmann::ordered_json;

template <class T>
json to_dom(const T& v) {
  if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::uint64_t> || std::is_same_v<T, int> ||
                std::is_same_v<T, double> || std::is_same_v<T, std::string>) {
    return json(v);
  } else if constexpr (is_optional<T>) {
    return v ? to_dom(*v) : json(nullptr);
  } else if constexpr (is_vector<T> || is_array<T>) {
    json a = json::array();
    a.get_ref<json::array_t&>().reserve(v.size());
    for (const auto& e : v) a.push_back(to_dom(e));
    return a;
  } else if constexpr (is_map<T>) {
    json o = json::object();
    for (const auto& [k, e] : v) o.emplace(k, to_dom(e));
    return o;
  } else {
    json o = json::object();
    template for (constexpr auto m : of<T>()) { o.emplace(name<m>, to_dom(v.[:m:])); }
    return o;
  }
}

[[noreturn]] void bad(const char* what) { throw std::runtime_error(std::string("nlohmann mapping: ") + what); }

template <class T>
void from_dom(const json& j, T& out) {
  if constexpr (std::is_same_v<T, bool>) {
    if (!j.is_boolean()) bad("expected a bool");
    out = j.get<bool>();
  } else if constexpr (std::is_same_v<T, std::uint64_t>) {
    if (!j.is_number_unsigned()) bad("expected an unsigned integer");
    out = j.get<std::uint64_t>();
  } else if constexpr (std::is_same_v<T, int>) {
    if (!j.is_number_integer()) bad("expected an integer");
    const auto x = j.get<std::int64_t>();
    if (x < std::numeric_limits<int>::min() || x > std::numeric_limits<int>::max()) bad("integer out of range");
    out = static_cast<int>(x);
  } else if constexpr (std::is_same_v<T, double>) {
    if (!j.is_number()) bad("expected a number");
    out = j.get<double>();
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!j.is_string()) bad("expected a string");
    out = j.get_ref<const std::string&>();
  } else if constexpr (is_optional<T>) {
    if (j.is_null()) out.reset();
    else from_dom(j, out.emplace());
  } else if constexpr (is_vector<T>) {
    if (!j.is_array()) bad("expected an array");
    out.resize(j.size());
    for (std::size_t i = 0; i < j.size(); ++i) from_dom(j[i], out[i]);
  } else if constexpr (is_array<T>) {
    if (!j.is_array() || j.size() != out.size()) bad("expected a fixed-size array");
    for (std::size_t i = 0; i < j.size(); ++i) from_dom(j[i], out[i]);
  } else if constexpr (is_map<T>) {
    if (!j.is_object()) bad("expected an object");
    for (const auto& [k, e] : j.items()) from_dom(e, out[k]);
  } else {
    if (!j.is_object()) bad("expected an object");
    template for (constexpr auto m : of<T>()) {
      const auto it = j.find(name<m>);
      if (it != j.end()) from_dom(*it, out.[:m:]);
      else if constexpr (!is_optional<typename [:std::meta::type_of(m):]>) bad("missing member");
    }
  }
}

template <class T>
void cases(bench::registry& r, const bench::dataset<T>& d) {
  r.write("nlohmann", "ordered_json", d, [&d] { return to_dom(d.value).dump(); });
  r.read("nlohmann", "ordered_json + mapping", d, [&d](T& out) {
    from_dom(json::parse(d.input), out);
    return true;
  });
}

}  // namespace

int main(int argc, char** argv) {
  auto reg = BENCH_ALL_DATASETS(cases);
  reg.simd = {"none", "none"};
  return bench::main(argc, argv, reg);
}

// Random values of metajson's types, filled member by member: the part of the generators of the
// property test (tests/roundtrip/property_test.cpp) and of the schema validator's cases
// (tests/schema/schema_cases.cpp) that draws the same way in both. Each derives its generator
// from random_values<Derived> (the calls here go through Derived, so its own overloads are found
// at every level) and adds what it draws its own way:
//   std::string text(), double dbl()     the strings and doubles it draws
//   void fill(bool&)                     its booleans (metajson::value's too)
//   value_depth, value_key(i)            metajson::value: arrays and objects only while depth <=
//                                        value_depth; the key of an object's member (i counts down
//                                        from the object's size)
//   a fill(T&) for its classes           that calls fill_members(v), with its own constraint
//   the other types (integers, floats, enums, pointers, containers...), and
//   `using random_values::fill;` beside them.
// A value depends only on the seed: every function draws from rng in a fixed order (a test's
// values are the same on every machine, and change only when its generator changes).
#pragma once

#include <metajson/value.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <variant>

namespace test_support {

template <class Derived>
struct random_values {
  std::mt19937_64 rng;
  int depth = 0;  // of the class being filled (fill_members), or of the metajson::value

  explicit random_values(std::mt19937_64 r) : rng(r) {}

  Derived& self() { return static_cast<Derived&>(*this); }

  std::size_t small(std::size_t n) { return static_cast<std::size_t>(rng() % (n + 1)); }

  void fill(std::string& v) { v = self().text(); }
  void fill(char& v) { v = static_cast<char>(rng() % 0x80); }
  void fill(double& v) { v = self().dbl(); }
  void fill(unsigned __int128& v) { v = (static_cast<unsigned __int128>(rng()) << 64) | rng(); }
  void fill(__int128& v) {
    unsigned __int128 u;
    fill(u);
    v = static_cast<__int128>(u);
  }
  template <class T>
  void fill(std::optional<T>& v) {
    if (rng() % 3 == 0) v.reset();
    else self().fill(v.emplace());
  }
  template <class A, class B>
  void fill(std::pair<A, B>& p) {
    self().fill(p.first);
    self().fill(p.second);
  }
  template <class T, std::size_t N>
  void fill(std::array<T, N>& a) {
    for (auto& e : a) self().fill(e);
  }
  template <class T, std::size_t N>
  void fill(T (&a)[N]) {
    for (auto& e : a) self().fill(e);
  }
  template <std::size_t N>
  void fill(char (&a)[N]) {  // a string of up to N - 1 characters, then NULs
    std::fill(a, a + N, '\0');
    for (std::size_t i = 0, n = small(N - 1); i < n; ++i) a[i] = static_cast<char>('a' + rng() % 26);
  }
  template <class... T>
  void fill(std::tuple<T...>& t) {
    std::apply([&](auto&... e) { (self().fill(e), ...); }, t);
  }
  template <class... T>
  void fill(std::variant<T...>& v) {
    const std::size_t i = rng() % sizeof...(T);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((i == I ? (self().fill(v.template emplace<I>()), 0) : 0), ...);
    }(std::index_sequence_for<T...>{});
  }
  template <class Rep, class Period>
  void fill(std::chrono::duration<Rep, Period>& d) {
    Rep r{};
    self().fill(r);
    d = std::chrono::duration<Rep, Period>{r};
  }
  void fill(metajson::value& v) {
    switch (depth > Derived::value_depth ? rng() % 6 : rng() % 8) {
      case 0: v = nullptr; break;
      case 1: {
        bool b = false;
        self().fill(b);
        v = b;
        break;
      }
      case 2: v = static_cast<std::int64_t>(rng()); break;
      case 3: v = static_cast<std::uint64_t>(rng() | (1ull << 63)); break;
      case 4: v = self().dbl(); break;
      case 5: v = self().text(); break;
      case 6: {
        metajson::value::array a(small(3));
        ++depth;
        for (auto& e : a) self().fill(e);
        --depth;
        v = std::move(a);
        break;
      }
      default: {
        metajson::value::object o;
        ++depth;
        for (std::size_t i = small(3); i > 0; --i) {
          o.emplace_back(self().value_key(i), metajson::value{});
          self().fill(o.back().second);
        }
        --depth;
        v = std::move(o);
      }
    }
  }
  // Any JSON text: a generated value, written compact.
  void fill(metajson::raw_json& r) {
    metajson::value v;
    self().fill(v);
    r.text = metajson::to_json(v);
  }
  // A class, member by member, through metajson's own view of it (reflect/, which both backends
  // give): every member it writes, the extra-keys one too.
  template <class T>
  void fill_members(T& v) {
    namespace reflect = metajson::detail::reflect;
    ++depth;
    METAJSON_FOR_EACH(m, reflect::members_of<T>()) { self().fill(reflect::field<T, m>(v)); };
    if constexpr (reflect::has_extra_keys<T>()) self().fill(reflect::field<T, reflect::extra_keys_member<T>()>(v));
    --depth;
  }
};

}  // namespace test_support

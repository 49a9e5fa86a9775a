// Compile-time loops that both reflection backends serve (detail/requirements.hpp picks one): a
// body repeated once per index or per element of a constant sequence, each repetition with its
// own constant. With C++26 reflection they are expansion statements (`template for`), exactly
// what the library wrote before there were two backends, so GCC 16's code and compile time do
// not change; elsewhere (C++23) the body is a lambda templated on the constant, called once per
// value by a fold, always inlined.
//
//   METAJSON_FOR(i, n) { ... i is a constant ... };              // i = 0 .. n - 1
//   METAJSON_FOR_EACH(m, reflect::members_of<T>()) { ... };       // m = each element, a constant
//
// The body is a statement block followed by `;`. It may not `return`, `break` or `continue`
// (in a lambda, `return` would only end one repetition): a loop that leaves early is written
// with an exit slot,
//
//   METAJSON_EXIT_SLOT(char*);                                    // the function's return type
//   METAJSON_FOR_EXITING(i, n) { ... if (!p) METAJSON_EXIT(nullptr); ... };
//   METAJSON_EXITED();                                            // returns what EXIT gave, if any
//
// where METAJSON_EXIT(v) returns v from the enclosing function (C++26) or stores it, ends the
// loop and has METAJSON_EXITED() return it (C++23); METAJSON_BREAK ends the loop only. (A
// `return value;`, `break` or `continue` left in a body compiles only with C++26 reflection: in
// the C++23 build it is an error in a lambda returning void, so the clang and g++-13 builds find
// them; a bare `return;`, which both would take, has no place in the library's loops.)
#pragma once

#include <array>
#include <cstddef>
#include <utility>

#include "macros.hpp"
#include "requirements.hpp"

namespace metajson::detail {

// 0, 1, ..., N - 1: what `template for (constexpr std::size_t i : indices<N>)` walks.
template <std::size_t N>
inline constexpr std::array<std::size_t, N> indices = [] {
  std::array<std::size_t, N> a{};
  for (std::size_t i = 0; i < N; ++i) a[i] = i;
  return a;
}();

}  // namespace metajson::detail

#if METAJSON_BACKEND_P2996

#define METAJSON_FOR(i, n) template for (constexpr std::size_t i : ::metajson::detail::indices<(n)>)
#define METAJSON_FOR_EACH(x, ...) template for (constexpr auto x : __VA_ARGS__)
#define METAJSON_EXIT_SLOT(...) static_assert(true)
#define METAJSON_FOR_EXITING(i, n) METAJSON_FOR(i, n)
#define METAJSON_FOR_EACH_EXITING(x, ...) METAJSON_FOR_EACH(x, __VA_ARGS__)
#define METAJSON_EXIT(...) return __VA_ARGS__
#define METAJSON_BREAK break
#define METAJSON_EXITED() static_assert(true)

#else

namespace metajson::detail {

// The value METAJSON_EXIT gave, and whether it was given.
template <class R>
struct exit_slot {
  R value{};
  bool done = false;
};

// `expand<N>{} ->* f` calls f.template operator()<0>() ... <N - 1>(); `expand<N, Slot>{s} ->* f`
// stops after the call that set s.done.
struct no_slot {};
template <std::size_t N, class Slot = no_slot>
struct expand {
  Slot* slot = nullptr;
  template <class F>
  METAJSON_ALWAYS_INLINE friend constexpr void operator->*(expand e, F&& f) {
    e.call(f, std::make_index_sequence<N>{});
  }
  template <class F, std::size_t... I>
  METAJSON_ALWAYS_INLINE constexpr void call(F& f, std::index_sequence<I...>) const {
    if constexpr (std::is_same_v<Slot, no_slot>) (f.template operator()<I>(), ...);
    else (void)((f.template operator()<I>(), slot->done) || ...);
  }
};

// `expand_each<S>{} ->* f` calls f.template operator()<S{}()[0]>() ... for each element of the
// constant sequence S{}() returns (S: a captureless lambda).
template <class S, class Slot = no_slot>
struct expand_each {
  Slot* slot = nullptr;
  template <class F>
  METAJSON_ALWAYS_INLINE friend constexpr void operator->*(expand_each e, F&& f) {
    e.call(f, std::make_index_sequence<S{}().size()>{});
  }
  template <class F, std::size_t... I>
  METAJSON_ALWAYS_INLINE constexpr void call(F& f, std::index_sequence<I...>) const {
    if constexpr (std::is_same_v<Slot, no_slot>) (f.template operator()<S{}()[I]>(), ...);
    else (void)((f.template operator()<S{}()[I]>(), slot->done) || ...);
  }
};
template <class Slot, class S>
constexpr expand_each<S, Slot> each_with(Slot* slot, S) { return {slot}; }

}  // namespace metajson::detail

#if defined(__GNUC__)
#define METAJSON_LAMBDA_INLINE __attribute__((always_inline))
#else
#define METAJSON_LAMBDA_INLINE
#endif

#define METAJSON_FOR(i, n) ::metajson::detail::expand<(n)>{} ->* [&]<std::size_t i>() METAJSON_LAMBDA_INLINE
#define METAJSON_FOR_EACH(x, ...) \
  ::metajson::detail::expand_each<decltype([] { return __VA_ARGS__; })>{} ->* [&]<auto x>() METAJSON_LAMBDA_INLINE
#define METAJSON_EXIT_SLOT(...) ::metajson::detail::exit_slot<__VA_ARGS__> metajson_exit_ {}
#define METAJSON_FOR_EXITING(i, n) \
  ::metajson::detail::expand<(n), decltype(metajson_exit_)>{&metajson_exit_} ->* [&]<std::size_t i>() METAJSON_LAMBDA_INLINE
#define METAJSON_FOR_EACH_EXITING(x, ...) \
  ::metajson::detail::each_with(&metajson_exit_, [] { return __VA_ARGS__; }) ->* [&]<auto x>() METAJSON_LAMBDA_INLINE
#define METAJSON_EXIT(...)                \
  do {                                    \
    metajson_exit_.value = (__VA_ARGS__); \
    metajson_exit_.done = true;           \
    return;                               \
  } while (false)
#define METAJSON_BREAK          \
  do {                          \
    metajson_exit_.done = true; \
    return;                     \
  } while (false)
#define METAJSON_EXITED() \
  if (metajson_exit_.done) return metajson_exit_.value

#endif

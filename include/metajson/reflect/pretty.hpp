// Names from the compiler's own spelling of a function template's signature
// (__PRETTY_FUNCTION__ on GCC and Clang, __FUNCSIG__ on MSVC): the name of a data member from a
// pointer to it (or to a member of a never-defined object), an enumerator's name from its value,
// a type's name. What C++23 has instead of reflection; the C++23 backend (reflect/aggregate/)
// names members and enumerators with it, and both backends name the members metajson::meta<T>
// designates by pointer. Only constant evaluation; no reflection.
//
// The spellings, for `template <auto P> f()` with P = &Point::label (or &fake.value.label) and
// `template <class T> g()` with T = ns::Box<int>:
//   GCC    ... f() [with auto P = &Point::label; std::string_view = ...]   (& fake<...>::value.Point::label)
//   Clang  ... f() [P = &Point::label]                                      &value.label
//   MSVC   ... f<&Point::label>(void)                                       &fake<...>::value->label
//   GCC    ... g() [with T = ns::Box<int>; ...]   Clang ... g() [T = ns::Box<int>]   MSVC ... g<struct ns::Box<int>>(void)
// A calibration below checks these on a known struct and enum when the header is compiled, so
// a compiler that spells them differently fails the build here, not with wrong names.
#pragma once

#include <cstddef>
#include <string_view>

namespace metajson::detail::reflect {

template <auto P>
consteval std::string_view pretty_value() {
#if defined(_MSC_VER) && !defined(__clang__)
  return __FUNCSIG__;
#else
  return __PRETTY_FUNCTION__;
#endif
}

template <class T>
consteval std::string_view pretty_type() {
#if defined(_MSC_VER) && !defined(__clang__)
  return __FUNCSIG__;
#else
  return __PRETTY_FUNCTION__;
#endif
}

// The template argument's spelling in a signature of pretty_value or pretty_type (which names
// its parameter `P` or `T`).
consteval std::string_view argument_text(std::string_view sig, char param) {
#if defined(_MSC_VER) && !defined(__clang__)
  (void)param;
  const std::size_t open = sig.find('<', sig.find(param == 'P' ? "pretty_value" : "pretty_type"));
  const std::size_t close = sig.rfind(">(void)");
  if (open == std::string_view::npos || close == std::string_view::npos || close <= open) return {};
  std::string_view s = sig.substr(open + 1, close - open - 1);
  for (std::string_view kw : {std::string_view("struct "), std::string_view("class "), std::string_view("enum ")})
    if (s.starts_with(kw)) s.remove_prefix(kw.size());
  return s;
#else
  const char key[] = {param, ' ', '=', ' ', '\0'};
  std::size_t at = sig.find(key);
  if (at == std::string_view::npos) return {};
  at += 4;
  // GCC ends the argument at "; " (the aliases it explains follow) or at the final ']'.
  std::size_t end = sig.size();
  int depth = 0;
  for (std::size_t i = at; i < sig.size(); ++i) {
    const char c = sig[i];
    if (c == '<' || c == '(' || c == '{' || c == '[') ++depth;
    else if (c == '>' || c == ')' || c == '}') --depth;
    else if (c == ']') {
      if (depth == 0) { end = i; break; }
      --depth;
    } else if (c == ';' && depth == 0) { end = i; break; }
  }
  return sig.substr(at, end - at);
#endif
}

// The last identifier of a member's spelling: "label" from "&Point::label", "(& fake<P>::value.Point::label)",
// "&value.label" or "&fake<P>::value->label".
consteval std::string_view last_identifier(std::string_view s) {
  while (!s.empty() && (s.back() == ')' || s.back() == ' ' || s.back() == '}')) s.remove_suffix(1);
  std::size_t start = s.size();
  while (start > 0) {
    const char c = s[start - 1];
    const bool ident = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                       static_cast<unsigned char>(c) >= 0x80;
    if (!ident) break;
    --start;
  }
  return s.substr(start);
}

// The identifier of the data member P points to (a pointer to member, or the address of a
// member of an object).
template <auto P>
consteval std::string_view member_identifier() {
  return last_identifier(argument_text(pretty_value<P>(), 'P'));
}

// The spelling of a constant: an enumerator's qualified name ("Color::red", "ns::red"), or a
// cast when the value names none ("(Color)7", "(ns::E)-1"; MSVC "0x7").
template <auto V>
consteval std::string_view value_text() {
  return argument_text(pretty_value<V>(), 'P');
}

// Whether a constant's spelling is a number (possibly cast: "(Color)7", "((anonymous
// namespace)::E)-1", MSVC "0x7"), not an enumerator ("Color::red", "(anonymous namespace)::red").
consteval bool spelled_as_number(std::string_view s) {
  if (!s.empty() && s[0] == '(') {  // skip the cast's parenthesis, which may hold parentheses itself
    int depth = 0;
    std::size_t i = 0;
    for (; i < s.size(); ++i) {
      if (s[i] == '(') ++depth;
      else if (s[i] == ')' && --depth == 0) break;
    }
    s.remove_prefix(i < s.size() ? i + 1 : s.size());
  }
  if (!s.empty() && s[0] == '-') s.remove_prefix(1);
  return !s.empty() && s[0] >= '0' && s[0] <= '9';
}

// The enumerator's identifier, or "" when V names no enumerator.
template <auto V>
consteval std::string_view enumerator_identifier() {
  const std::string_view s = value_text<V>();
  if (s.empty() || spelled_as_number(s)) return {};
  return last_identifier(s);
}

// A type's spelling, as the compiler writes it.
template <class T>
consteval std::string_view type_text() {
  return argument_text(pretty_type<T>(), 'T');
}

namespace calibration {
struct probe_struct {
  int first_member;
  double second_member;
};
enum class probe_enum { zero, seven = 7 };
inline constexpr probe_struct probe_object{};
static_assert(member_identifier<&probe_struct::second_member>() == "second_member",
              "metajson: this compiler spells a member pointer in __PRETTY_FUNCTION__ in a way metajson cannot read "
              "(reflect/pretty.hpp); please report it");
static_assert(member_identifier<&probe_object.first_member>() == "first_member",
              "metajson: this compiler spells a member's address in __PRETTY_FUNCTION__ in a way metajson cannot read "
              "(reflect/pretty.hpp); please report it");
static_assert(enumerator_identifier<probe_enum::seven>() == "seven" && enumerator_identifier<static_cast<probe_enum>(3)>().empty(),
              "metajson: this compiler spells enumerators in __PRETTY_FUNCTION__ in a way metajson cannot read "
              "(reflect/pretty.hpp); please report it");
static_assert(type_text<probe_struct>().ends_with("probe_struct"),
              "metajson: this compiler spells types in __PRETTY_FUNCTION__ in a way metajson cannot read "
              "(reflect/pretty.hpp); please report it");
}  // namespace calibration

}  // namespace metajson::detail::reflect

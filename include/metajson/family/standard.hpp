// The standard types whose JSON is fixed by metajson rather than by reflection (family
// `standard`, family/classify.hpp): each maps onto a JSON type metajson already reads and
// writes, and may refuse a value in either direction with a reason.
//
//   std::byte                      a number 0-255
//   std::bitset<N>                 a string of N '0'/'1' characters, as bitset::to_string()
//   std::chrono::year_month_day    "2024-05-06" (a date that exists, years 0000-9999)
//   std::atomic<T>, atomic_ref<T>  the value (load() when writing, store() when reading)
//   std::filesystem::path          its text as UTF-8 with '/' separators ("dir/file.txt"; the
//                                  generic form, which on POSIX is the path's exact text)
//   std::u16string, u32string,     transcoded to and from UTF-8; an unpaired surrogate or a code
//   wstring (and their views,      point beyond U+10FFFF is an error
//   written only)
//
// Every other standard class with private state is refused at compile time (reflect/members.hpp).
// The types are recognised by what they offer, so <bitset>, <atomic> and <filesystem> are not
// included here (they cost compile time to every user who has none of them).
//
// A mapping M<T> has:
//   using json_type = U;                                   what is written and read
//   static std::string_view write(const T&, U& out);      "" or why T cannot be written
//   static std::string_view read(T&, U&& in);             "" or why the JSON is refused
//                                                          (absent: T cannot be read, e.g. a view)
//   static std::string schema_pattern(), schema_format()  optional JSON Schema keywords
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "../text/transcode.hpp"
#include "../detail/chrono.hpp"

namespace metajson::detail {

template <class T>
struct std_mapping {};  // none

template <class T>
concept has_std_mapping = requires { typename std_mapping<T>::json_type; };

template <class T>
concept readable_std_mapping = requires(T& v, typename std_mapping<T>::json_type&& in) {
  { std_mapping<T>::read(v, std::move(in)) } -> std::convertible_to<std::string_view>;
};

// --- std::byte --------------------------------------------------------------------------------

template <>
struct std_mapping<std::byte> {
  using json_type = std::uint8_t;
  static std::string_view write(std::byte b, json_type& out) {
    out = static_cast<json_type>(b);
    return {};
  }
  static std::string_view read(std::byte& b, json_type in) {
    b = static_cast<std::byte>(in);
    return {};
  }
};

// --- std::bitset<N> ---------------------------------------------------------------------------

template <class T>
concept bitset_like = std::is_class_v<T> && requires(const T& t) {
  typename T::reference;
  { t.to_string() } -> std::same_as<std::string>;
  t.to_ullong();
  t.count();
  t.none();
  std::integral_constant<std::size_t, T().size()>{};
};

template <bitset_like T>
struct std_mapping<T> {
  static constexpr std::size_t bits = T().size();
  using json_type = std::string;
  static std::string_view write(const T& v, json_type& out) {
    out = v.to_string();
    return {};
  }
  static std::string_view read(T& v, json_type&& in) {
    if (in.size() != bits) return "a std::bitset needs a string of exactly as many '0' and '1' characters as it has bits";
    for (char ch : in)
      if (ch != '0' && ch != '1') return "a std::bitset needs a string of '0' and '1' characters only";
    v = T(in);
    return {};
  }
  static std::string schema_pattern() { return "^[01]{" + std::to_string(bits) + "}$(?!\\n)"; }
};

// --- std::chrono::year_month_day --------------------------------------------------------------

// Recognised by what it offers (detail/chrono.hpp does not declare the calendar): a class that
// converts to and from std::chrono::sys_days and has year(), month(), day() and ok(). Of the
// standard calendar types only year_month_day does (year_month_day_last is not made from a
// sys_days, year_month_weekday has no day()).
template <class T>
concept calendar_date_like = std::is_class_v<T> && std::is_constructible_v<T, std::chrono::sys_days> &&
                             std::is_convertible_v<const T&, std::chrono::sys_days> && requires(const T& t) {
                               { t.ok() } -> std::same_as<bool>;
                               static_cast<int>(t.year());
                               static_cast<unsigned>(t.month());
                               static_cast<unsigned>(t.day());
                             };

template <calendar_date_like T>
struct std_mapping<T> {
  using json_type = std::string;
  static std::string_view write(const T& v, json_type& out) {
    if (!v.ok()) return "a std::chrono::year_month_day that is not a date (ok() is false)";
    const int y = static_cast<int>(v.year());
    if (y < 0 || y > 9999) return "a std::chrono::year_month_day outside the years 0000-9999";
    const unsigned m = static_cast<unsigned>(v.month()), d = static_cast<unsigned>(v.day());
    out.resize(10);
    out[0] = static_cast<char>('0' + y / 1000);
    out[1] = static_cast<char>('0' + y / 100 % 10);
    out[2] = static_cast<char>('0' + y / 10 % 10);
    out[3] = static_cast<char>('0' + y % 10);
    out[4] = '-';
    out[5] = static_cast<char>('0' + m / 10);
    out[6] = static_cast<char>('0' + m % 10);
    out[7] = '-';
    out[8] = static_cast<char>('0' + d / 10);
    out[9] = static_cast<char>('0' + d % 10);
    return {};
  }
  static std::string_view read(T& v, json_type&& in) {
    constexpr std::string_view why = "a std::chrono::year_month_day needs a date \"YYYY-MM-DD\" that exists";
    if (in.size() != 10 || in[4] != '-' || in[7] != '-') return why;
    int n[3] = {0, 0, 0};
    for (std::size_t i = 0, f = 0; i < 10; ++i) {
      if (i == 4 || i == 7) {
        ++f;
        continue;
      }
      if (in[i] < '0' || in[i] > '9') return why;
      n[f] = n[f] * 10 + (in[i] - '0');
    }
    const auto m = static_cast<unsigned>(n[1]), d = static_cast<unsigned>(n[2]);
    if (!is_valid_date(n[0], m, d)) return why;
    v = T(std::chrono::sys_days(std::chrono::days(days_from_civil(n[0], m, d))));
    return {};
  }
  static std::string schema_format() { return "date"; }  // (its pattern, a date that exists: schema/patterns.hpp)
};

// --- std::atomic<T>, std::atomic_ref<T> -------------------------------------------------------

template <class T>
concept atomic_like = std::is_class_v<T> && requires(const T& t, T& m) {
  typename T::value_type;
  { t.load() } -> std::same_as<typename T::value_type>;
  m.store(t.load());
  { T::is_always_lock_free } -> std::convertible_to<bool>;
};

template <atomic_like T>
struct std_mapping<T> {
  using json_type = typename T::value_type;
  static std::string_view write(const T& v, json_type& out) {
    out = v.load();
    return {};
  }
  static std::string_view read(T& v, json_type&& in) {
    v.store(std::move(in));
    return {};
  }
};

// --- std::filesystem::path --------------------------------------------------------------------

template <class T>
concept path_like = std::is_class_v<T> && requires(const T& t) {
  typename T::string_type;
  { t.generic_u8string() } -> std::same_as<std::u8string>;
  t.root_name();
  t.relative_path();
  t.has_filename();
  T(std::u8string());
  { T::preferred_separator } -> std::convertible_to<typename T::value_type>;
  t.u8string();
};

template <path_like T>
struct std_mapping<T> {
  using json_type = std::string;
  static std::string_view write(const T& v, json_type& out) {
    // With '/' as the separator (POSIX) the native text is already the generic form, and exact:
    // generic_u8string() would also merge repeated separators ("a//b" -> "a/b").
    const std::u8string s = T::preferred_separator == '/' ? v.u8string() : v.generic_u8string();
    out.assign(reinterpret_cast<const char*>(s.data()), s.size());
    return {};  // bytes that are not UTF-8 are refused by the string writer (utf8_policy)
  }
  static std::string_view read(T& v, json_type&& in) {
    v = T(std::u8string(reinterpret_cast<const char8_t*>(in.data()), in.size()));
    return {};
  }
};

// --- UTF-16 and UTF-32 strings ----------------------------------------------------------------

template <class C>
concept wide_char = std::is_same_v<C, char16_t> || std::is_same_v<C, char32_t> ||
                    (std::is_same_v<C, wchar_t> && (sizeof(wchar_t) == 2 || sizeof(wchar_t) == 4));

template <wide_char C, class Traits, class Alloc>
struct std_mapping<std::basic_string<C, Traits, Alloc>> {
  using json_type = std::string;
  static std::string_view write(const std::basic_string<C, Traits, Alloc>& v, json_type& out) {
    return to_utf8(std::basic_string_view<C>(v.data(), v.size()), out);
  }
  static std::string_view read(std::basic_string<C, Traits, Alloc>& v, json_type&& in) {
    std::basic_string<C> tmp;
    if (auto why = from_utf8(in, tmp); !why.empty()) return why;
    v.assign(tmp.data(), tmp.size());
    return {};
  }
};

template <wide_char C, class Traits>
struct std_mapping<std::basic_string_view<C, Traits>> {
  using json_type = std::string;
  static std::string_view write(std::basic_string_view<C, Traits> v, json_type& out) {
    return to_utf8(std::basic_string_view<C>(v.data(), v.size()), out);
  }
};

}  // namespace metajson::detail

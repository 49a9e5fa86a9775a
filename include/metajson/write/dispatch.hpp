// How a value is handed to the writer of its family. Each family header (scalar.hpp,
// string.hpp, ...) specializes `writer<family::X>` with:
//
//   template <options O, class T> static char* write(write_context&, char* p, const T&);
//       writes the value at p, reserving what it needs; returns the end or nullptr on error.
//
// and, when the size of the output can be bounded before writing:
//
//   template <options O, class T> static constexpr std::size_t max_size = N;   // compile time
//   template <options O, class T> static std::size_t reserve(const T&);        // run time
//   template <options O, class T> static char* write_reserved(write_context&, char*, const T&);
//       writes assuming reserve(v) bytes are available at p: no capacity check at all.
//
// Containers and objects use max_size/reserve to do one capacity check for a whole struct of
// numbers, or for a key together with the string that follows it.
#pragma once

#include <cstddef>

#include "../detail/ablation.hpp"
#include "../family/classify.hpp"
#include "../options.hpp"
#include "../reflect/names.hpp"
#include "output.hpp"

namespace metajson::detail {

template <family F>
struct writer {
  template <options O, class T>
  static char* write(write_context&, char*, const T&) {
    static_assert(F != family::unsupported,
                  "metajson cannot write this type: it is not a number, string, container, "
                  "optional, variant, enum or class. Specialize metajson::adapter<T> for it.");
    return nullptr;
  }
};

template <class T>
using writer_of = writer<family_of<T>()>;

// The extra escaping (options::escape_non_ascii, escape_html) of names prepared at compile time.
template <options O>
inline constexpr reflect::name_escapes name_escapes_of = static_cast<reflect::name_escapes>(
    (O.escape_non_ascii ? unsigned(reflect::name_escapes::non_ascii) : 0u) | (O.escape_html ? unsigned(reflect::name_escapes::html) : 0u));

// METAJSON_ABLATION_CHECK_PER_APPEND (ablation::check_per_append) turns both off: nothing is
// reserved ahead for another value, so every key, value and separator makes its own capacity check.
template <options O, class T>
concept reservable = !ablation::check_per_append && requires(write_context& c, char* p, const T& v) {
  { writer_of<T>::template reserve<O, T>(v) } -> std::convertible_to<std::size_t>;
  writer_of<T>::template write_reserved<O, T>(c, p, v);
};

// Compile-time bound of T's output, 0 when unbounded.
template <options O, class T>
consteval std::size_t max_size_of() {
  if constexpr (ablation::check_per_append) return 0;
  else if constexpr (requires { writer_of<T>::template max_size<O, T>; }) return writer_of<T>::template max_size<O, T>;
  else return 0;
}

template <options O, class T>
METAJSON_ALWAYS_INLINE char* write_value(write_context& c, char* p, const T& v) {
  return writer_of<T>::template write<O, T>(c, p, v);
}

// Writes `prefix` (a compile-time key with its punctuation) then the value, with a single
// capacity check when the value's size can be bounded.
template <options O, class T>
METAJSON_ALWAYS_INLINE char* write_prefixed(write_context& c, char* p, std::string_view prefix, const T& v) {
  if constexpr (reservable<O, T>) {
    p = ensure(c, p, prefix.size() + writer_of<T>::template reserve<O, T>(v));
    std::memcpy(p, prefix.data(), prefix.size());
    return writer_of<T>::template write_reserved<O, T>(c, p + prefix.size(), v);
  } else {
    p = ensure(c, p, prefix.size());
    std::memcpy(p, prefix.data(), prefix.size());
    return write_value<O>(c, p + prefix.size(), v);
  }
}

// Bounded families implement write() through this: one check, then the unchecked writer.
template <class W, options O, class T>
METAJSON_ALWAYS_INLINE char* write_checked(write_context& c, char* p, const T& v) {
  p = ensure(c, p, W::template reserve<O, T>(v));
  return W::template write_reserved<O, T>(c, p, v);
}

}  // namespace metajson::detail

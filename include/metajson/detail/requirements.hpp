// What metajson needs from the compiler, checked before anything else can fail, and which of the
// two backends of reflect/ it gets. Every public header includes this first and keeps its content
// inside `#if METAJSON_REQUIREMENTS_MET`, so a compiler metajson cannot work with gives exactly one
// error, and that error says what to do (tests/compile_fail/). Only the preprocessor is used here:
// no declaration, no std header but <version>, which every C++20 library has and which defines
// the library feature macros.
//
// The backends (README "Compilers"):
//   METAJSON_BACKEND_P2996      C++26 static reflection (std::meta, `template for`, [[=...]]
//                               annotations): GCC 16 with -std=c++26 -freflection. The reference,
//                               chosen wherever the compiler has it, from these macros:
//                                 __cpp_impl_reflection >= 202506L   (GCC 16: only with -freflection)
//                                 __cpp_lib_reflection >= 202506L    (the standard library has <meta>)
//                                 __cpp_expansion_statements          (`template for`)
//   METAJSON_BACKEND_AGGREGATE  C++23 without reflection (reflect/aggregate/): an aggregate's members
//                               through structured bindings, names from the compiler's spelling of
//                               them, annotations and everything else through metajson::meta<T>:
//                               Clang >= 17 (tested: 22), GCC >= 13 (tested: 13 and 16), MSVC
//                               (untested). Defining METAJSON_BACKEND_AGGREGATE picks it on a
//                               compiler that has reflection too (the tests run both on GCC 16).
// GCC 16 and newer without -freflection stop here: they have reflection, off unless asked for,
// and they ignore [[=...]] annotations without it, silently: a program written for the reflection
// backend would lose its annotations. METAJSON_BACKEND_AGGREGATE says that is meant.
// Exceptions may be off (-fno-exceptions): then only the non-throwing entry points exist.
#pragma once

#if defined(__has_include)
#if __has_include(<version>)
#include <version>
#endif
#endif

#if defined(_MSVC_LANG) && _MSVC_LANG > __cplusplus
#define METAJSON_CPLUSPLUS _MSVC_LANG
#else
#define METAJSON_CPLUSPLUS __cplusplus
#endif

#if !defined(METAJSON_BACKEND_AGGREGATE) && defined(__cpp_impl_reflection) && __cpp_impl_reflection >= 202506L && \
    defined(__cpp_lib_reflection) && __cpp_lib_reflection >= 202506L && defined(__cpp_expansion_statements) &&     \
    __cpp_expansion_statements >= 202506L
#define METAJSON_REQUIREMENTS_MET 1
#define METAJSON_BACKEND_P2996 1
#define METAJSON_BACKEND_AGGREGATE 0
#elif defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 16 && !defined(__cpp_impl_reflection) && \
    !defined(METAJSON_BACKEND_AGGREGATE)
#define METAJSON_REQUIREMENTS_MET 0
#if __cplusplus <= 202302L
#error metajson needs C++26 static reflection: this g++ has it in C++26 mode, compile with -std=c++26 -freflection (or define METAJSON_BACKEND_AGGREGATE for the C++23 backend, which ignores [[=...]] annotations); see README "Set up"
#else
#error metajson needs C++26 static reflection: this g++ has it but it is off, add -freflection (or define METAJSON_BACKEND_AGGREGATE for the C++23 backend, which ignores [[=...]] annotations); see README "Set up"
#endif
#elif METAJSON_CPLUSPLUS >= 202100L && defined(__cpp_concepts) && defined(__cpp_consteval) &&                     \
    defined(__cpp_lib_constexpr_string) && __cpp_lib_constexpr_string >= 201907L &&                              \
    defined(__cpp_lib_constexpr_vector) && defined(__cpp_lib_expected) &&                                         \
    defined(__cpp_lib_string_resize_and_overwrite)
#define METAJSON_REQUIREMENTS_MET 1
#define METAJSON_BACKEND_P2996 0
#undef METAJSON_BACKEND_AGGREGATE
#define METAJSON_BACKEND_AGGREGATE 1
#else
#define METAJSON_REQUIREMENTS_MET 0
#if METAJSON_CPLUSPLUS < 202100L
#error metajson needs C++23 (or C++26 with static reflection): compile with -std=c++23, or g++-16 -std=c++26 -freflection; see README "Set up"
#else
#error metajson needs a C++23 standard library with std::expected, constexpr std::string and std::vector and string::resize_and_overwrite (libstdc++ 13 or newer, libc++ 17 or newer); see README "Set up"
#endif
#endif

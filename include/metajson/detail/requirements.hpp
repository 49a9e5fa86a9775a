// What metajson needs from the compiler, checked before anything else can fail. Every public
// header includes this first and keeps its content inside `#if METAJSON_REQUIREMENTS_MET`, so a
// compiler without C++26 static reflection gives exactly one error, and that error says what to
// do (tests/compile_fail/). Only the preprocessor is used here: no declaration, no std header but
// <version>, which every C++20 library has and which defines the library feature macros.
//
// What is checked, from the predefined macros (GCC 16: `g++-16 -std=c++26 -freflection -dM -E`):
//   __cpp_impl_reflection >= 202506L    the compiler reflects (GCC 16 defines it only with
//                                        -freflection, which it accepts only with -std=c++26)
//   __cpp_lib_reflection >= 202506L     the standard library has <meta>
//   __cpp_expansion_statements          `template for`
// Exceptions may be off (-fno-exceptions): then only the non-throwing entry points exist.
#pragma once

#if defined(__has_include)
#if __has_include(<version>)
#include <version>
#endif
#endif

#if defined(__cpp_impl_reflection) && __cpp_impl_reflection >= 202506L && \
    defined(__cpp_lib_reflection) && __cpp_lib_reflection >= 202506L && \
    defined(__cpp_expansion_statements) && __cpp_expansion_statements >= 202506L
#define METAJSON_REQUIREMENTS_MET 1
#define METAJSON_BACKEND_P2996 1
#else
#define METAJSON_REQUIREMENTS_MET 0
// GCC 16 and newer have reflection, off unless asked for: say which flag is missing.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 16 && !defined(__cpp_impl_reflection)
#if __cplusplus <= 202302L
#error metajson needs C++26 static reflection: this g++ has it in C++26 mode, compile with -std=c++26 -freflection; see README "Set up"
#else
#error metajson needs C++26 static reflection: this g++ has it but it is off, add -freflection; see README "Set up"
#endif
#elif !defined(__cpp_impl_reflection) || __cpp_impl_reflection < 202506L
#error metajson needs C++26 static reflection: compile with g++-16 (or newer) -std=c++26 -freflection; see README "Set up"
#elif !defined(__cpp_lib_reflection) || __cpp_lib_reflection < 202506L
#error metajson needs C++26 static reflection: this compiler has it but its standard library has no <meta>; compile with g++-16 (or newer) and its libstdc++; see README "Set up"
#else
#error metajson needs C++26 static reflection and expansion statements (template for): compile with g++-16 (or newer) -std=c++26 -freflection; see README "Set up"
#endif
#endif

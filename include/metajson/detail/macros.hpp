// Internal macros. The only macros of the library; all are METAJSON_UPPER_CASE.
#pragma once

#include "ablation.hpp"

#if defined(__GNUC__)
#define METAJSON_ALWAYS_INLINE inline __attribute__((always_inline))
#define METAJSON_NOINLINE __attribute__((noinline))
#define METAJSON_INLINE_LAMBDA __attribute__((always_inline))  // after a lambda's parameters
#else
#define METAJSON_ALWAYS_INLINE inline
#define METAJSON_NOINLINE
#define METAJSON_INLINE_LAMBDA
#endif

// Branch hints. METAJSON_ABLATION_NO_BRANCH_HINTS (METAJSON_BRANCH_HINTS_OFF, detail/ablation.hpp)
// turns them off so the ablation study can measure what they buy; output never depends on them.
#if defined(METAJSON_BRANCH_HINTS_OFF) || !defined(__GNUC__)
#define METAJSON_LIKELY(x) (x)
#define METAJSON_UNLIKELY(x) (x)
#else
#define METAJSON_LIKELY(x) __builtin_expect(!!(x), 1)
#define METAJSON_UNLIKELY(x) __builtin_expect(!!(x), 0)
#endif

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#define METAJSON_HAS_EXCEPTIONS 1
#else
#define METAJSON_HAS_EXCEPTIONS 0
#endif

// A static_assert whose message is computed at compile time (a std::string_view: P2741, C++26),
// which names the type and says what to do. GCC >= 14 and Clang >= 17 take it in C++23 mode too
// (the warning that it is a C++26 extension is silenced here); older compilers (GCC 13) show
// `fixed` instead, and their "required from here" notes name the type.
#if (defined(__cpp_static_assert) && __cpp_static_assert >= 202306L) || (defined(__clang__) && __clang_major__ >= 17) || \
    (defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 14)
#define METAJSON_STATIC_ASSERT(cond, message, fixed)            \
  _Pragma("GCC diagnostic push")                                \
  _Pragma("GCC diagnostic ignored \"-Wpragmas\"")               \
  _Pragma("GCC diagnostic ignored \"-Wc++26-extensions\"")      \
  static_assert(cond, message);                                 \
  _Pragma("GCC diagnostic pop") static_assert(true)
#else
#define METAJSON_STATIC_ASSERT(cond, message, fixed) static_assert(cond, fixed)
#endif

// C++26's [[indeterminate]] (P2795) where the compiler has it: a buffer left uninitialized on
// purpose (the index buffer, which stage 1 fills before a reader reads it: read/cursor.hpp).
#if defined(__has_cpp_attribute)
#if __has_cpp_attribute(indeterminate)
#define METAJSON_INDETERMINATE [[indeterminate]]
#endif
#endif
#ifndef METAJSON_INDETERMINATE
#define METAJSON_INDETERMINATE
#endif

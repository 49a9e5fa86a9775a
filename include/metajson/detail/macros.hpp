// Internal macros. The only macros of the library; all are METAJSON_UPPER_CASE.
#pragma once

#if defined(__GNUC__)
#define METAJSON_ALWAYS_INLINE inline __attribute__((always_inline))
#define METAJSON_NOINLINE __attribute__((noinline))
#else
#define METAJSON_ALWAYS_INLINE inline
#define METAJSON_NOINLINE
#endif

// Branch hints. METAJSON_ABLATION_NO_BRANCH_HINTS turns them off so the ablation study can
// measure what they buy; output never depends on them.
#if defined(METAJSON_ABLATION_NO_BRANCH_HINTS)
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

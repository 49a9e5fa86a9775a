// Chooses the SIMD kernel of the string scans and the escaper for this translation unit at
// compile time. It describes how the translation unit was compiled, not the CPU it runs on:
// these kernels are small and must inline into their callers (a call through a pointer would
// cost more than the scan of a short string). The reader's whole-document index pass, which is
// one call per chunk of the document, is chosen at run time instead (index/kernels.hpp).
//
// METAJSON_NO_SIMD forces the portable SWAR kernel (the "SIMD off" build of the tests), and so
// does the ablation study's METAJSON_ABLATION_NO_SIMD: either defines METAJSON_SIMD_OFF
// (detail/ablation.hpp). Adding a kernel means: a new file here with the same members as sse2.hpp,
// a branch below, and a row in tests/unit/text/escape_test.cpp's backend check.
#pragma once

#include <string_view>

#include "../detail/ablation.hpp"
#include "swar.hpp"

#if !defined(METAJSON_SIMD_OFF) && defined(__AVX512BW__)
#include "avx512.hpp"
namespace metajson::detail::simd { using native = avx512; }
#define METAJSON_SIMD_BACKEND "avx512"
#define METAJSON_SIMD_BACKEND_IS_AVX512 1
#elif !defined(METAJSON_SIMD_OFF) && defined(__AVX2__)
#include "avx2.hpp"
namespace metajson::detail::simd { using native = avx2; }
#define METAJSON_SIMD_BACKEND "avx2"
#elif !defined(METAJSON_SIMD_OFF) && (defined(__SSE2__) || defined(_M_X64))
#include "sse2.hpp"
namespace metajson::detail::simd { using native = sse2; }
#define METAJSON_SIMD_BACKEND "sse2"
#elif !defined(METAJSON_SIMD_OFF) && defined(__aarch64__) && defined(__ARM_NEON)
#include "neon.hpp"
namespace metajson::detail::simd { using native = neon; }
#define METAJSON_SIMD_BACKEND "neon"
#else
namespace metajson::detail::simd { using native = swar; }
#define METAJSON_SIMD_BACKEND "swar"
#endif

// The reader's scans (the end of a string, the end of a whitespace run) use blocks of at most
// 32 bytes: strings and whitespace runs in JSON are short, and with the 64-byte kernel a
// -march=native build read twitter 15-20 % slower (docs/performance.md).
#if defined(METAJSON_SIMD_BACKEND_IS_AVX512)
#include "avx2.hpp"
namespace metajson::detail::simd { using scan = avx2; }
#else
namespace metajson::detail::simd { using scan = native; }
#endif

namespace metajson {
inline namespace v0 {
/// The kernel compiled into this translation unit for scanning and escaping strings: "avx512",
/// "avx2", "sse2", "neon" (ARM64) or "swar" (a compile-time choice: it follows -march). The reader's index pass
/// chooses its own kernel at run time: active_simd_backend() (index/kernels.hpp).
inline constexpr std::string_view compiled_simd_backend = METAJSON_SIMD_BACKEND;
}  // namespace v0
}  // namespace metajson

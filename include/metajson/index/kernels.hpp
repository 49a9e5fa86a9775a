// The first stage compiled once per instruction set, and the choice among them, made at run
// time: the default build (no -march) runs the AVX-512 kernel on CPUs with AVX-512 F, BW, VL and
// VBMI2 (Ice Lake, Zen 4 and later), the AVX2 kernel on the others that have AVX2, SSE2
// elsewhere. (The first AVX-512 CPUs, Skylake-X to Cascade Lake, lack VBMI2's byte compress, the
// kernel's entry writer, and may lower their clock for 512-bit code: they run the AVX2 kernel.)
// On AArch64 the NEON kernel is always there (Advanced SIMD is part of the architecture).
// METAJSON_NO_SIMD keeps only the portable kernel. A new kernel is a block_<isa>.inc, a
// namespace below that includes it and stage1.inc, a row in available_kernels() and a case in
// selected_fill() and selected_kernel_name().
#pragma once

#include <array>
#include <span>
#include <string_view>

#include "stage1.hpp"
#if defined(METAJSON_INDEX_X86)
#include "../text/utf8_avx2.hpp"
#endif
#if defined(METAJSON_INDEX_NEON)
#include "../text/utf8_neon.hpp"
#endif

namespace metajson::detail::index {

namespace portable {
#include "block_swar.inc"
#include "stage1.inc"
}  // namespace portable

#if defined(METAJSON_INDEX_X86)
#if defined(__clang__)  // (Clang has no `#pragma GCC target`: the same target on every function of the region)
#pragma clang attribute push(__attribute__((target("sse2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("sse2")
#endif
namespace sse2 {
#include "block_sse2.inc"
#include "stage1.inc"
}  // namespace sse2
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#if defined(__clang__)  // (Clang has no `#pragma GCC target`: the same target on every function of the region)
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,lzcnt,popcnt,pclmul"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,lzcnt,popcnt,pclmul")
// (GCC 13 warns that a lambda of block_avx2.inc, as a function pointer, would return a vector
// with another ABI; no pointer to it is taken.)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
namespace avx2 {
#include "block_avx2.inc"
#include "stage1.inc"
}  // namespace avx2
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC diagnostic pop
#pragma GCC pop_options
#endif

#if defined(__clang__)  // (Clang has no `#pragma GCC target`: the same target on every function of the region)
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi2,avx2,bmi,bmi2,lzcnt,popcnt,pclmul"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512vl,avx512vbmi2,avx2,bmi,bmi2,lzcnt,popcnt,pclmul")
#endif
namespace avx512 {
#include "block_avx512.inc"
#define METAJSON_STAGE1_EXACT_FROM ::metajson::detail::index::avx2  // (stage1.inc: compile cost)
#include "stage1.inc"
#undef METAJSON_STAGE1_EXACT_FROM
}  // namespace avx512
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif

#if defined(METAJSON_INDEX_NEON)
namespace neon {
#include "block_neon.inc"
#include "stage1.inc"
}  // namespace neon
#endif

// A kernel: its name and its fill function with and without the UTF-8 check, and its exact path
// alone (for the tests, which hold the fast path to it: the same entries, verdicts and places).
struct kernel_entry {
  std::string_view name;
  fill_fn checked;
  fill_fn unchecked;
  fill_fn exact_checked;
  fill_fn exact_unchecked;
  fill_fn recording;  // checked, keeping the backslash record (selected_fill<true, true>)
};


// What the CPU offers the index pass (x86: asked once).
#if defined(METAJSON_INDEX_X86)
inline bool cpu_runs_avx512_kernel() noexcept {
  static const bool yes = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("bmi2");
  }();
  return yes;
}
inline bool cpu_runs_avx2_kernel() noexcept {
  static const bool yes = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("bmi2");
  }();
  return yes;
}
#endif

// The kernel the reader uses: the fastest this CPU runs. Only the variant the reader's options
// ask for (with or without the UTF-8 check) is referenced, and on x86-64 and AArch64 never the
// portable kernel (SSE2 and NEON are part of those architectures): every kernel compiled here is
// compiled in every translation unit that reads, so the ones that cannot be chosen are left out
// (they were a fifth of a reading program's object code: docs/performance.md). Backslashes: the
// variant that keeps the backslash record (stage1_state::backslashes) on its fast path.
template <bool CheckUtf8, bool Backslashes = false>
inline fill_fn selected_fill() noexcept {
#if defined(METAJSON_INDEX_X86)
  if (cpu_runs_avx512_kernel()) return &avx512::fill<CheckUtf8, Backslashes>;
  if (cpu_runs_avx2_kernel()) return &avx2::fill<CheckUtf8, Backslashes>;
  return &sse2::fill<CheckUtf8, Backslashes>;
#elif defined(METAJSON_INDEX_NEON)
  return &neon::fill<CheckUtf8, Backslashes>;
#else
  return &portable::fill<CheckUtf8, Backslashes>;
#endif
}

// The name of the kernel selected_fill chooses.
inline std::string_view selected_kernel_name() noexcept {
#if defined(METAJSON_INDEX_X86)
  if (cpu_runs_avx512_kernel()) return "avx512";
  if (cpu_runs_avx2_kernel()) return "avx2";
  return "sse2";
#elif defined(METAJSON_INDEX_NEON)
  return "neon";
#else
  return "portable";
#endif
}

// Every kernel this CPU can run, fastest first, the portable one last (it runs everywhere):
// for the tests and fuzz targets, which hold each to the reference. Calling this compiles all
// of them (both variants); the reader calls selected_fill only.
inline std::span<const kernel_entry> available_kernels() noexcept {
  static const auto list = [] {
    std::array<kernel_entry, 4> all{};
    std::size_t n = 0;
#if defined(METAJSON_INDEX_X86)
    if (cpu_runs_avx512_kernel()) all[n++] = {"avx512", &avx512::fill<true>, &avx512::fill<false>, &avx512::fill_exact<true>, &avx512::fill_exact<false>, &avx512::fill<true, true>};
    if (cpu_runs_avx2_kernel()) all[n++] = {"avx2", &avx2::fill<true>, &avx2::fill<false>, &avx2::fill_exact<true>, &avx2::fill_exact<false>, &avx2::fill<true, true>};
    all[n++] = {"sse2", &sse2::fill<true>, &sse2::fill<false>, &sse2::fill_exact<true>, &sse2::fill_exact<false>, &sse2::fill<true, true>};
#endif
#if defined(METAJSON_INDEX_NEON)
    all[n++] = {"neon", &neon::fill<true>, &neon::fill<false>, &neon::fill_exact<true>, &neon::fill_exact<false>, &neon::fill<true, true>};  // every AArch64 CPU has NEON
#endif
    all[n++] = {"portable", &portable::fill<true>, &portable::fill<false>, &portable::fill_exact<true>, &portable::fill_exact<false>, &portable::fill<true, true>};
    return std::pair{all, n};
  }();
  return {list.first.data(), list.second};
}

}  // namespace metajson::detail::index

namespace metajson {
inline namespace v0 {
/// The SIMD kernel of the reader's index pass, chosen at run time for this CPU: "avx512",
/// "avx2", "sse2", "neon" (ARM64) or "portable" ("portable" only, with METAJSON_NO_SIMD).
inline std::string_view active_simd_backend() noexcept { return detail::index::selected_kernel_name(); }
}  // namespace v0
}  // namespace metajson

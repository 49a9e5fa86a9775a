// The ablation study's switches (bench/ABLATION.md, bench/ablation/): each -DMETAJSON_ABLATION_<NAME>
// replaces one optimisation with its plain alternative, with the same output, so that the study
// can measure what the optimisation buys (bench/ablation/run builds, tests and measures each).
// They are read here once, into one constexpr bool each (the file that acts on it in brackets);
// the code acts on them with `if constexpr (ablation::<name>)` where the optimisation is.
//
// Five are read by the preprocessor as well or instead, through the macros defined at the end
// of this file, because what they select does not compile everywhere (x86 or NEON intrinsics and
// the headers that declare them), is a macro itself, or is an #include:
//   NO_SIMD           METAJSON_SIMD_OFF, because it selects the x86 / NEON kernels:
//                     simd/config.hpp:18,23,27,31; index/stage1.hpp:43,47 (the index pass);
//                     number/itoa.hpp:19,88,99 (digits_16's SSE2 path); text/escape_short.hpp:26
//   NO_SIMD_UTF8      METAJSON_SIMD_UTF8_OFF, because it selects the AVX2 / NEON whole-string
//                     validators: text/utf8_avx2.hpp:23, text/utf8_neon.hpp:16 (the index
//                     kernels keep their SIMD block check: they follow NO_SIMD)
//   NO_SHORT_STRINGS  METAJSON_SHORT_STRINGS_OFF, because it selects the SSE2 short-string copy:
//                     text/escape_short.hpp:26
//   NO_BRANCH_HINTS   METAJSON_BRANCH_HINTS_OFF, because METAJSON_LIKELY / METAJSON_UNLIKELY are
//                     macros: detail/macros.hpp:16
//   OLD_DTOA          METAJSON_DTOA_SCHUBFACH, because number/schubfach.hpp (and its table of
//                     10^k, which costs compile time) is included only for it: number/dtoa.hpp:49
//                     (the #include), 426 (the call into it); write_float reads old_dtoa (:491)
// NO_FUSED_ESCAPE is read with if constexpr, inside the `#if defined(METAJSON_HAS_UTF8_AVX2)` /
// `METAJSON_HAS_UTF8_NEON` branches of text/escape.hpp that select the instruction set.
#pragma once

namespace metajson::detail::ablation {

// --- writer ---
// writer: keys quoted and escaped at run time, not precomputed with their punctuation [write/object.hpp]
#if defined(METAJSON_ABLATION_NO_CONSTEVAL_KEYS)
inline constexpr bool no_consteval_keys = true;
#else
inline constexpr bool no_consteval_keys = false;
#endif

// writer: a capacity check for every key, value and separator, none merged for a struct, key + value, vector [write/dispatch.hpp]
#if defined(METAJSON_ABLATION_CHECK_PER_APPEND)
inline constexpr bool check_per_append = true;
#else
inline constexpr bool check_per_append = false;
#endif

// writer: the buffer grows by 1 KiB, not doubling [write/output.hpp]
#if defined(METAJSON_ABLATION_LINEAR_GROWTH)
inline constexpr bool linear_growth = true;
#else
inline constexpr bool linear_growth = false;
#endif

// writer: a fresh output starts empty, not at the size of the previous output of its type [to_json.hpp, stream.hpp]
#if defined(METAJSON_ABLATION_NO_SIZE_HINT)
inline constexpr bool no_size_hint = true;
#else
inline constexpr bool no_size_hint = false;
#endif

// writer: strings escaped byte by byte (the scalar oracle), no bulk copy [text/escape.hpp]
#if defined(METAJSON_ABLATION_NO_ESCAPE_FAST_PATH)
inline constexpr bool no_escape_fast_path = true;
#else
inline constexpr bool no_escape_fast_path = false;
#endif

// writer: validated strings scanned, checked in bulk and scanned again, not in one fused AVX2 / NEON pass [text/escape.hpp]
#if defined(METAJSON_ABLATION_NO_FUSED_ESCAPE)
inline constexpr bool no_fused_escape = true;
#else
inline constexpr bool no_fused_escape = false;
#endif

// writer: strings of at most 32 bytes through the block escapers too, not copied inline when plain ASCII [preprocessor, above]
#if defined(METAJSON_ABLATION_NO_SHORT_STRINGS)
inline constexpr bool no_short_strings = true;
#else
inline constexpr bool no_short_strings = false;
#endif

// writer: integers by std::to_chars, not by a table digit count and eight digits at a time [number/itoa.hpp]
#if defined(METAJSON_ABLATION_NO_FAST_ITOA)
inline constexpr bool no_fast_itoa = true;
#else
inline constexpr bool no_fast_itoa = false;
#endif

// writer: doubles' digits by std::to_chars (shortest), same layout [number/dtoa.hpp]
#if defined(METAJSON_ABLATION_NO_FAST_DTOA)
inline constexpr bool no_fast_dtoa = true;
#else
inline constexpr bool no_fast_dtoa = false;
#endif

// writer: doubles' digits by the previous algorithm (number/schubfach.hpp), same layout [number/dtoa.hpp; preprocessor, above]
#if defined(METAJSON_ABLATION_OLD_DTOA)
inline constexpr bool old_dtoa = true;
#else
inline constexpr bool old_dtoa = false;
#endif

// --- reader ---
// reader: no guess that keys come in declaration order [read/object.hpp]
#if defined(METAJSON_ABLATION_NO_KEY_PREDICTION)
inline constexpr bool no_key_prediction = true;
#else
inline constexpr bool no_key_prediction = false;
#endif

// reader: keys compared with each member name in turn, no perfect hash [reflect/tables.hpp]
#if defined(METAJSON_ABLATION_LINEAR_KEY_LOOKUP)
inline constexpr bool linear_key_lookup = true;
#else
inline constexpr bool linear_key_lookup = false;
#endif

// reader: strings and whitespace scanned byte by byte [text/scan.hpp, read/input.hpp]
#if defined(METAJSON_ABLATION_NO_SIMD_READ)
inline constexpr bool no_simd_read = true;
#else
inline constexpr bool no_simd_read = false;
#endif

// reader: runs of spaces after a newline scanned by the out-of-line SIMD scan, not counted inline [read/input.hpp]
#if defined(METAJSON_ABLATION_NO_INLINE_INDENT)
inline constexpr bool no_inline_indent = true;
#else
inline constexpr bool no_inline_indent = false;
#endif

// reader: doubles by std::from_chars only, no one-pass Clinger / Eisel-Lemire fast path [read/number.hpp]
#if defined(METAJSON_ABLATION_NO_FAST_FLOAT_READ)
inline constexpr bool no_fast_float_read = true;
#else
inline constexpr bool no_fast_float_read = false;
#endif

// reader: decimals "d.ddd" by the general digit loop, not read in one step with three 8-byte loads [read/number.hpp]
#if defined(METAJSON_ABLATION_NO_FAST_DECIMAL)
inline constexpr bool no_fast_decimal = true;
#else
inline constexpr bool no_fast_decimal = false;
#endif

// reader: doubles Clinger cannot take (17 digits, large powers) by std::from_chars, no Eisel-Lemire [read/number.hpp]
#if defined(METAJSON_ABLATION_NO_EISEL_LEMIRE)
inline constexpr bool no_eisel_lemire = true;
#else
inline constexpr bool no_eisel_lemire = false;
#endif

// reader: the last 1-7 digits of a run one at a time, not in one eight-byte step [read/number.hpp]
#if defined(METAJSON_ABLATION_NO_SWAR_DIGIT_TAIL)
inline constexpr bool no_swar_digit_tail = true;
#else
inline constexpr bool no_swar_digit_tail = false;
#endif

// reader: vectors of trivially copyable elements grown by doubling, not buffered and allocated once [read/sequence.hpp]
#if defined(METAJSON_ABLATION_NO_ELEMENT_BUFFER)
inline constexpr bool no_element_buffer = true;
#else
inline constexpr bool no_element_buffer = false;
#endif

// --- both directions ---
// both: SWAR (8 bytes in a general register) instead of SSE2 / AVX2 / NEON for every scan [preprocessor, above]
#if defined(METAJSON_ABLATION_NO_SIMD)
inline constexpr bool no_simd = true;
#else
inline constexpr bool no_simd = false;
#endif

// both: UTF-8 strings validated sequence by sequence, no AVX2 / NEON bulk check [preprocessor, above]
#if defined(METAJSON_ABLATION_NO_SIMD_UTF8)
inline constexpr bool no_simd_utf8 = true;
#else
inline constexpr bool no_simd_utf8 = false;
#endif

// both: no [[likely]] / __builtin_expect anywhere (METAJSON_LIKELY, METAJSON_UNLIKELY) [preprocessor, above]
#if defined(METAJSON_ABLATION_NO_BRANCH_HINTS)
inline constexpr bool no_branch_hints = true;
#else
inline constexpr bool no_branch_hints = false;
#endif

}  // namespace metajson::detail::ablation

// The macros the preprocessor reads (see the list above), one per condition. METAJSON_NO_SIMD
// (not an ablation switch: the portable kernel only, everywhere) turns the SIMD ones off too.
#if defined(METAJSON_NO_SIMD) || defined(METAJSON_ABLATION_NO_SIMD)
#define METAJSON_SIMD_OFF 1  // no x86 or NEON kernel: SWAR scans, no SSE2 digits
#endif
#if defined(METAJSON_NO_SIMD) || defined(METAJSON_ABLATION_NO_SIMD_UTF8)
#define METAJSON_SIMD_UTF8_OFF 1  // no AVX2 or NEON UTF-8 validator
#endif
#if defined(METAJSON_SIMD_OFF) || defined(METAJSON_ABLATION_NO_SHORT_STRINGS)
#define METAJSON_SHORT_STRINGS_OFF 1  // no SSE2 short-string copy
#endif
#if defined(METAJSON_ABLATION_NO_BRANCH_HINTS)
#define METAJSON_BRANCH_HINTS_OFF 1  // METAJSON_LIKELY(x) is (x)
#endif
#if defined(METAJSON_ABLATION_OLD_DTOA)
#define METAJSON_DTOA_SCHUBFACH 1  // number/schubfach.hpp included, its digits used
#endif

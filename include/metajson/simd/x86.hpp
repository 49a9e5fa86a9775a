// The x86 vector operations metajson uses, written over GCC's vector extensions and x86
// builtins: the same operations as the Intel intrinsics of the same names without the leading
// underscore (mm256_cmpeq_epi8 is _mm256_cmpeq_epi8), and the same instructions.
//
// Why not <immintrin.h>: it declares every x86 intrinsic there is (AVX-512 in all its
// variants, AMX, AVX10...), which costs each translation unit that includes it about 0.6 s and
// 130 MB of compiler memory (docs/performance.md), more than the rest of the library's own
// code; metajson uses some seventy. Each operation carries the target of its instruction set,
// so it inlines into the kernels compiled for that set (the target attributes and pragmas of
// index/kernels.hpp, text/escape_avx2.hpp, text/utf8_avx2.hpp) and nowhere else. Operations
// that take an immediate take it as a template argument, so that it is one at -O0 too.
//
// The names differ from the intrinsics' on purpose: a translation unit may include
// <immintrin.h> as well, and at -O0 GCC defines some intrinsics as macros.
//
// Clang has the vector extensions but not all of GCC's x86 builtins (its own have other names
// and forms): compiled by Clang, the operations below that GCC writes with a builtin call the
// intrinsic of the same name from <immintrin.h> instead (METAJSON_X86_CLANG), which compiles
// to the same instruction. Only Clang pays for the header.
#pragma once

#if defined(__x86_64__) || defined(__i386__)

#if defined(__clang__)
#define METAJSON_X86_CLANG 1
#include <immintrin.h>
#else
#define METAJSON_X86_CLANG 0
#endif

namespace metajson::detail {

// Whole registers (aliasing anything, as the intrinsics' types do) and their unaligned forms.
// Unaligned loads and stores take the unaligned form as their parameter type, as the intrinsics
// do: a cast to it inside the function would not stop GCC from assuming the alignment of the
// pointer it was given.
typedef long long m128i __attribute__((__vector_size__(16), __may_alias__));
typedef long long m256i __attribute__((__vector_size__(32), __may_alias__));
typedef long long m512i __attribute__((__vector_size__(64), __may_alias__));
typedef long long m128i_u __attribute__((__vector_size__(16), __may_alias__, __aligned__(1)));
typedef long long m256i_u __attribute__((__vector_size__(32), __may_alias__, __aligned__(1)));
typedef long long m512i_u __attribute__((__vector_size__(64), __may_alias__, __aligned__(1)));
typedef unsigned long long mmask64;

// Lane views.
namespace x86v {
typedef char v16qi __attribute__((__vector_size__(16)));
typedef signed char v16qs __attribute__((__vector_size__(16)));
typedef unsigned char v16qu __attribute__((__vector_size__(16)));
typedef short v8hi __attribute__((__vector_size__(16)));
typedef unsigned short v8hu __attribute__((__vector_size__(16)));
typedef int v4si __attribute__((__vector_size__(16)));
typedef unsigned v4su __attribute__((__vector_size__(16)));
typedef long long v2di __attribute__((__vector_size__(16)));
typedef unsigned long long v2du __attribute__((__vector_size__(16)));
typedef char v32qi __attribute__((__vector_size__(32)));
typedef signed char v32qs __attribute__((__vector_size__(32)));
typedef unsigned char v32qu __attribute__((__vector_size__(32)));
typedef short v16hi __attribute__((__vector_size__(32)));
typedef short v32hi __attribute__((__vector_size__(64)));
typedef int v8si __attribute__((__vector_size__(32)));
typedef long long v4di __attribute__((__vector_size__(32)));
typedef unsigned long long v4du __attribute__((__vector_size__(32)));
typedef char v64qi __attribute__((__vector_size__(64)));
typedef unsigned char v64qu __attribute__((__vector_size__(64)));
typedef int v16si __attribute__((__vector_size__(64)));
typedef unsigned v16su __attribute__((__vector_size__(64)));
typedef long long v8di __attribute__((__vector_size__(64)));
}  // namespace x86v

#define METAJSON_X86_OP inline __attribute__((__always_inline__, __artificial__))
#define METAJSON_X86_OP_FOR(isa) inline __attribute__((__always_inline__, __artificial__, __target__(isa)))

// --- SSE2 (every x86-64 CPU) ---------------------------------------------------------------------

METAJSON_X86_OP m128i mm_setzero_si128() noexcept { return m128i{0, 0}; }
METAJSON_X86_OP m128i mm_set1_epi8(char c) noexcept { return (m128i)(x86v::v16qi{} + c); }
METAJSON_X86_OP m128i mm_set1_epi32(int v) noexcept { return (m128i)(x86v::v4si{v, v, v, v}); }
METAJSON_X86_OP m128i mm_set1_epi64x(long long v) noexcept { return m128i{v, v}; }
METAJSON_X86_OP m128i mm_set_epi64x(long long hi, long long lo) noexcept { return m128i{lo, hi}; }
METAJSON_X86_OP m128i mm_cvtsi64_si128(long long v) noexcept { return m128i{v, 0}; }
METAJSON_X86_OP m128i mm_cvtsi32_si128(int v) noexcept { return (m128i)(x86v::v4si{v, 0, 0, 0}); }
METAJSON_X86_OP long long mm_cvtsi128_si64(m128i a) noexcept { return ((x86v::v2di)a)[0]; }
METAJSON_X86_OP int mm_cvtsi128_si32(m128i a) noexcept { return ((x86v::v4si)a)[0]; }

METAJSON_X86_OP m128i mm_load_si128(const m128i* p) noexcept { return *p; }
METAJSON_X86_OP m128i mm_loadu_si128(const m128i_u* p) noexcept { return *p; }
METAJSON_X86_OP void mm_storeu_si128(m128i_u* p, m128i v) noexcept { *p = v; }

METAJSON_X86_OP m128i mm_or_si128(m128i a, m128i b) noexcept { return (m128i)((x86v::v2du)a | (x86v::v2du)b); }
METAJSON_X86_OP m128i mm_and_si128(m128i a, m128i b) noexcept { return (m128i)((x86v::v2du)a & (x86v::v2du)b); }
METAJSON_X86_OP m128i mm_andnot_si128(m128i a, m128i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm_andnot_si128(a, b);
#else
  return (m128i)__builtin_ia32_pandn128((x86v::v2di)a, (x86v::v2di)b);
#endif
}
METAJSON_X86_OP m128i mm_cmpeq_epi8(m128i a, m128i b) noexcept { return (m128i)((x86v::v16qi)a == (x86v::v16qi)b); }
METAJSON_X86_OP m128i mm_cmplt_epi8(m128i a, m128i b) noexcept { return (m128i)((x86v::v16qs)a < (x86v::v16qs)b); }
METAJSON_X86_OP int mm_movemask_epi8(m128i a) noexcept {
#if METAJSON_X86_CLANG
  return _mm_movemask_epi8(a);
#else
  return __builtin_ia32_pmovmskb128((x86v::v16qi)a);
#endif
}
METAJSON_X86_OP m128i mm_subs_epu8(m128i a, m128i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm_subs_epu8(a, b);
#else
  return (m128i)__builtin_ia32_psubusb128((x86v::v16qi)a, (x86v::v16qi)b);
#endif
}
METAJSON_X86_OP m128i mm_min_epu8(m128i a, m128i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm_min_epu8(a, b);
#else
  return (m128i)__builtin_ia32_pminub128((x86v::v16qi)a, (x86v::v16qi)b);
#endif
}
METAJSON_X86_OP m128i mm_add_epi8(m128i a, m128i b) noexcept { return (m128i)((x86v::v16qu)a + (x86v::v16qu)b); }
METAJSON_X86_OP m128i mm_sub_epi16(m128i a, m128i b) noexcept { return (m128i)((x86v::v8hu)a - (x86v::v8hu)b); }
METAJSON_X86_OP m128i mm_sub_epi32(m128i a, m128i b) noexcept { return (m128i)((x86v::v4su)a - (x86v::v4su)b); }
METAJSON_X86_OP m128i mm_mullo_epi16(m128i a, m128i b) noexcept { return (m128i)((x86v::v8hu)a * (x86v::v8hu)b); }
METAJSON_X86_OP m128i mm_mulhi_epu16(m128i a, m128i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm_mulhi_epu16(a, b);
#else
  return (m128i)__builtin_ia32_pmulhuw128((x86v::v8hi)a, (x86v::v8hi)b);
#endif
}
METAJSON_X86_OP m128i mm_mul_epu32(m128i a, m128i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm_mul_epu32(a, b);
#else
  return (m128i)__builtin_ia32_pmuludq128((x86v::v4si)a, (x86v::v4si)b);
#endif
}
METAJSON_X86_OP m128i mm_slli_epi16(m128i a, int n) noexcept {
#if METAJSON_X86_CLANG
  return _mm_slli_epi16(a, n);
#else
  return (m128i)__builtin_ia32_psllwi128((x86v::v8hi)a, n);
#endif
}
METAJSON_X86_OP m128i mm_slli_epi32(m128i a, int n) noexcept {
#if METAJSON_X86_CLANG
  return _mm_slli_epi32(a, n);
#else
  return (m128i)__builtin_ia32_pslldi128((x86v::v4si)a, n);
#endif
}
METAJSON_X86_OP m128i mm_slli_epi64(m128i a, int n) noexcept {
#if METAJSON_X86_CLANG
  return _mm_slli_epi64(a, n);
#else
  return (m128i)__builtin_ia32_psllqi128((x86v::v2di)a, n);
#endif
}
METAJSON_X86_OP m128i mm_srli_epi16(m128i a, int n) noexcept {
#if METAJSON_X86_CLANG
  return _mm_srli_epi16(a, n);
#else
  return (m128i)__builtin_ia32_psrlwi128((x86v::v8hi)a, n);
#endif
}
METAJSON_X86_OP m128i mm_srli_epi64(m128i a, int n) noexcept {
#if METAJSON_X86_CLANG
  return _mm_srli_epi64(a, n);
#else
  return (m128i)__builtin_ia32_psrlqi128((x86v::v2di)a, n);
#endif
}
template <int Bytes>
METAJSON_X86_OP m128i mm_slli_si128(m128i a) noexcept {
#if METAJSON_X86_CLANG
  return _mm_slli_si128(a, Bytes);
#else
  return (m128i)__builtin_ia32_pslldqi128((x86v::v2di)a, Bytes * 8);
#endif
}
METAJSON_X86_OP m128i mm_unpackhi_epi64(m128i a, m128i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm_unpackhi_epi64(a, b);
#else
  return (m128i)__builtin_ia32_punpckhqdq128((x86v::v2di)a, (x86v::v2di)b);
#endif
}

// --- SSSE3, PCLMUL ---------------------------------------------------------------------------------

METAJSON_X86_OP_FOR("ssse3") m128i mm_shuffle_epi8(m128i a, m128i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm_shuffle_epi8(a, b);
#else
  return (m128i)__builtin_ia32_pshufb128((x86v::v16qi)a, (x86v::v16qi)b);
#endif
}
template <int Imm>
METAJSON_X86_OP_FOR("pclmul") m128i mm_clmulepi64_si128(m128i a, m128i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm_clmulepi64_si128(a, b, Imm);
#else
  return (m128i)__builtin_ia32_pclmulqdq128((x86v::v2di)a, (x86v::v2di)b, Imm);
#endif
}

// --- AVX2 --------------------------------------------------------------------------------------------

METAJSON_X86_OP_FOR("avx2") m256i mm256_setzero_si256() noexcept { return m256i{0, 0, 0, 0}; }
METAJSON_X86_OP_FOR("avx2") m256i mm256_set1_epi8(char c) noexcept { return (m256i)(x86v::v32qi{} + c); }
template <class... C>
METAJSON_X86_OP_FOR("avx2") m256i mm256_setr_epi8(C... c) noexcept {
  static_assert(sizeof...(C) == 32);
  return (m256i)(x86v::v32qi{static_cast<char>(c)...});
}
METAJSON_X86_OP_FOR("avx2") m256i mm256_set_m128i(m128i hi, m128i lo) noexcept {
#if METAJSON_X86_CLANG
  return _mm256_set_m128i(hi, lo);
#else
  return (m256i)__builtin_ia32_vinsertf128_si256(__builtin_ia32_si256_si((x86v::v4si)lo), (x86v::v4si)hi, 1);
#endif
}
METAJSON_X86_OP_FOR("avx2") m256i mm256_broadcastsi128_si256(m128i a) noexcept {
#if METAJSON_X86_CLANG
  return _mm256_broadcastsi128_si256(a);
#else
  return (m256i)__builtin_ia32_vbroadcastsi256((x86v::v2di)a);
#endif
}
METAJSON_X86_OP_FOR("avx2") m256i mm256_load_si256(const m256i* p) noexcept { return *p; }
METAJSON_X86_OP_FOR("avx2") m256i mm256_loadu_si256(const m256i_u* p) noexcept { return *p; }
METAJSON_X86_OP_FOR("avx2") void mm256_storeu_si256(m256i_u* p, m256i v) noexcept { *p = v; }

METAJSON_X86_OP_FOR("avx2") m256i mm256_add_epi8(m256i a, m256i b) noexcept { return (m256i)((x86v::v32qu)a + (x86v::v32qu)b); }
METAJSON_X86_OP_FOR("avx2") m256i mm256_or_si256(m256i a, m256i b) noexcept { return (m256i)((x86v::v4du)a | (x86v::v4du)b); }
METAJSON_X86_OP_FOR("avx2") m256i mm256_and_si256(m256i a, m256i b) noexcept { return (m256i)((x86v::v4du)a & (x86v::v4du)b); }
METAJSON_X86_OP_FOR("avx2") m256i mm256_xor_si256(m256i a, m256i b) noexcept { return (m256i)((x86v::v4du)a ^ (x86v::v4du)b); }
METAJSON_X86_OP_FOR("avx2") m256i mm256_cmpeq_epi8(m256i a, m256i b) noexcept {
  return (m256i)((x86v::v32qi)a == (x86v::v32qi)b);
}
METAJSON_X86_OP_FOR("avx2") m256i mm256_cmpgt_epi8(m256i a, m256i b) noexcept {
  return (m256i)((x86v::v32qs)a > (x86v::v32qs)b);
}
METAJSON_X86_OP_FOR("avx2") int mm256_movemask_epi8(m256i a) noexcept {
#if METAJSON_X86_CLANG
  return _mm256_movemask_epi8(a);
#else
  return __builtin_ia32_pmovmskb256((x86v::v32qi)a);
#endif
}
METAJSON_X86_OP_FOR("avx2") int mm256_testz_si256(m256i a, m256i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm256_testz_si256(a, b);
#else
  return __builtin_ia32_ptestz256((x86v::v4di)a, (x86v::v4di)b);
#endif
}
METAJSON_X86_OP_FOR("avx2") m256i mm256_shuffle_epi8(m256i a, m256i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm256_shuffle_epi8(a, b);
#else
  return (m256i)__builtin_ia32_pshufb256((x86v::v32qi)a, (x86v::v32qi)b);
#endif
}
METAJSON_X86_OP_FOR("avx2") m256i mm256_subs_epu8(m256i a, m256i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm256_subs_epu8(a, b);
#else
  return (m256i)__builtin_ia32_psubusb256((x86v::v32qi)a, (x86v::v32qi)b);
#endif
}
METAJSON_X86_OP_FOR("avx2") m256i mm256_adds_epu8(m256i a, m256i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm256_adds_epu8(a, b);
#else
  return (m256i)__builtin_ia32_paddusb256((x86v::v32qi)a, (x86v::v32qi)b);
#endif
}
METAJSON_X86_OP_FOR("avx2") m256i mm256_min_epu8(m256i a, m256i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm256_min_epu8(a, b);
#else
  return (m256i)__builtin_ia32_pminub256((x86v::v32qi)a, (x86v::v32qi)b);
#endif
}
METAJSON_X86_OP_FOR("avx2") m256i mm256_srli_epi16(m256i a, int n) noexcept {
#if METAJSON_X86_CLANG
  return _mm256_srli_epi16(a, n);
#else
  return (m256i)__builtin_ia32_psrlwi256((x86v::v16hi)a, n);
#endif
}
template <int Bytes>
METAJSON_X86_OP_FOR("avx2") m256i mm256_alignr_epi8(m256i a, m256i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm256_alignr_epi8(a, b, Bytes);
#else
  return (m256i)__builtin_ia32_palignr256((x86v::v4di)a, (x86v::v4di)b, Bytes * 8);
#endif
}
template <int Imm>
METAJSON_X86_OP_FOR("avx2") m256i mm256_permute2x128_si256(m256i a, m256i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm256_permute2x128_si256(a, b, Imm);
#else
  return (m256i)__builtin_ia32_permti256((x86v::v4di)a, (x86v::v4di)b, Imm);
#endif
}

// --- AVX-512 (F and BW) -----------------------------------------------------------------------------

#define METAJSON_X86_AVX512 METAJSON_X86_OP_FOR("avx512f,avx512bw")
METAJSON_X86_AVX512 m512i mm512_set1_epi8(char c) noexcept { return (m512i)(x86v::v64qi{} + c); }
METAJSON_X86_AVX512 m512i mm512_loadu_si512(const void* p) noexcept { return *static_cast<const m512i_u*>(p); }
METAJSON_X86_AVX512 void mm512_storeu_si512(void* p, m512i v) noexcept { *static_cast<m512i_u*>(p) = v; }
METAJSON_X86_AVX512 m512i mm512_add_epi8(m512i a, m512i b) noexcept { return (m512i)((x86v::v64qu)a + (x86v::v64qu)b); }
METAJSON_X86_AVX512 m512i mm512_or_si512(m512i a, m512i b) noexcept { return (m512i)((x86v::v16su)a | (x86v::v16su)b); }
METAJSON_X86_AVX512 mmask64 mm512_cmpeq_epi8_mask(m512i a, m512i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_cmpeq_epi8_mask(a, b);
#else
  return __builtin_ia32_pcmpeqb512_mask((x86v::v64qi)a, (x86v::v64qi)b, ~mmask64{0});
#endif
}
METAJSON_X86_AVX512 mmask64 mm512_cmplt_epi8_mask(m512i a, m512i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_cmplt_epi8_mask(a, b);
#else
  return __builtin_ia32_cmpb512_mask((x86v::v64qi)a, (x86v::v64qi)b, 1, ~mmask64{0});
#endif
}
METAJSON_X86_AVX512 mmask64 mm512_cmplt_epu8_mask(m512i a, m512i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_cmplt_epu8_mask(a, b);
#else
  return __builtin_ia32_ucmpb512_mask((x86v::v64qi)a, (x86v::v64qi)b, 1, ~mmask64{0});
#endif
}
METAJSON_X86_AVX512 mmask64 mm512_movepi8_mask(m512i a) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_movepi8_mask(a);
#else
  return __builtin_ia32_cvtb2mask512((x86v::v64qi)a);
#endif
}
METAJSON_X86_AVX512 m512i mm512_shuffle_epi8(m512i a, m512i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_shuffle_epi8(a, b);
#else
  return (m512i)__builtin_ia32_pshufb512_mask((x86v::v64qi)a, (x86v::v64qi)b, x86v::v64qi{}, ~mmask64{0});
#endif
}
METAJSON_X86_AVX512 m512i mm512_broadcast_i32x4(m128i a) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_broadcast_i32x4(a);
#else
  return (m512i)__builtin_ia32_broadcasti32x4_512((x86v::v4si)a, x86v::v16si{}, static_cast<unsigned short>(0xFFFF));
#endif
}
template <int Half>
METAJSON_X86_AVX512 m256i mm512_extracti64x4_epi64(m512i a) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_extracti64x4_epi64(a, Half);
#else
  return (m256i)__builtin_ia32_extracti64x4_mask((x86v::v8di)a, Half, x86v::v4di{}, static_cast<unsigned char>(0xFF));
#endif
}
METAJSON_X86_AVX512 m256i mm512_castsi512_si256(m512i a) noexcept {
  return (m256i)__builtin_shufflevector((x86v::v8di)a, (x86v::v8di)a, 0, 1, 2, 3);
}
METAJSON_X86_AVX512 m128i mm512_castsi512_si128(m512i a) noexcept {
  return (m128i)__builtin_shufflevector((x86v::v8di)a, (x86v::v8di)a, 0, 1);
}
METAJSON_X86_AVX512 m512i mm512_setzero_si512() noexcept { return m512i{0, 0, 0, 0, 0, 0, 0, 0}; }
METAJSON_X86_AVX512 m512i mm512_set1_epi32(int v) noexcept { return (m512i)(x86v::v16si{} + v); }
template <class... C>
METAJSON_X86_AVX512 m512i mm512_setr_epi8(C... c) noexcept {
  static_assert(sizeof...(C) == 64);
  return (m512i)(x86v::v64qi{static_cast<char>(c)...});
}
METAJSON_X86_AVX512 m512i mm512_and_si512(m512i a, m512i b) noexcept { return (m512i)((x86v::v16su)a & (x86v::v16su)b); }
METAJSON_X86_AVX512 m512i mm512_xor_si512(m512i a, m512i b) noexcept { return (m512i)((x86v::v16su)a ^ (x86v::v16su)b); }
METAJSON_X86_AVX512 m512i mm512_add_epi32(m512i a, m512i b) noexcept { return (m512i)((x86v::v16su)a + (x86v::v16su)b); }
METAJSON_X86_AVX512 m512i mm512_subs_epu8(m512i a, m512i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_subs_epu8(a, b);
#else
  return (m512i)__builtin_ia32_psubusb512_mask((x86v::v64qi)a, (x86v::v64qi)b, x86v::v64qi{}, ~mmask64{0});
#endif
}
template <int N>
METAJSON_X86_AVX512 m512i mm512_srli_epi16(m512i a) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_srli_epi16(a, N);
#else
  return (m512i)__builtin_ia32_psrlwi512_mask((x86v::v32hi)a, N, x86v::v32hi{}, ~0u);
#endif
}
// Per 128-bit lane: the 32 bytes (a's lane, b's lane) shifted right by Bytes.
template <int Bytes>
METAJSON_X86_AVX512 m512i mm512_alignr_epi8(m512i a, m512i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_alignr_epi8(a, b, Bytes);
#else
  return (m512i)__builtin_ia32_palignr512((x86v::v8di)a, (x86v::v8di)b, Bytes * 8);
#endif
}
// Quadwords of a (indices 0-7) and b (8-15) chosen by idx.
METAJSON_X86_AVX512 m512i mm512_permutex2var_epi64(m512i a, m512i idx, m512i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_permutex2var_epi64(a, idx, b);
#else
  return (m512i)__builtin_ia32_vpermt2varq512_mask((x86v::v8di)idx, (x86v::v8di)a, (x86v::v8di)b, static_cast<unsigned char>(0xFF));
#endif
}
METAJSON_X86_AVX512 mmask64 mm512_test_epi8_mask(m512i a, m512i b) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_test_epi8_mask(a, b);
#else
  return __builtin_ia32_ptestmb512((x86v::v64qi)a, (x86v::v64qi)b, ~mmask64{0});
#endif
}
// The 16 bytes of a at 128-bit lane Lane, each widened to 32 bits with zeros.
template <int Lane>
METAJSON_X86_AVX512 m512i mm512_cvtepu8_epi32_lane(m512i a) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(a, Lane));
#else
  const auto lane = (m128i)__builtin_ia32_extracti32x4_mask((x86v::v16si)a, Lane, x86v::v4si{}, static_cast<unsigned char>(0xFF));
  return (m512i)__builtin_ia32_pmovzxbd512_mask((x86v::v16qi)lane, x86v::v16si{}, static_cast<unsigned short>(0xFFFF));
#endif
}
// AVX-512 VBMI2: the bytes of a at the set bits of k, packed from the start, zeros after them.
METAJSON_X86_OP_FOR("avx512f,avx512bw,avx512vbmi2") m512i mm512_maskz_compress_epi8(mmask64 k, m512i a) noexcept {
#if METAJSON_X86_CLANG
  return _mm512_maskz_compress_epi8(k, a);
#else
  return (m512i)__builtin_ia32_compressqi512_mask((x86v::v64qi)a, x86v::v64qi{}, k);
#endif
}
#undef METAJSON_X86_AVX512
#undef METAJSON_X86_OP_FOR
#undef METAJSON_X86_OP
#undef METAJSON_X86_CLANG

}  // namespace metajson::detail

#endif

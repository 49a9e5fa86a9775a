// The lookup tables of the whole-string UTF-8 check, after Keiser and Lemire, "Validating UTF-8
// in less than one instruction per byte" (Software: Practice and Experience, 2021): three
// 16-entry tables indexed by a nibble (the high nibble of the previous byte, its low nibble, the
// high nibble of this byte); the AND of the three entries flags every invalid two-byte pattern.
// Shared by the AVX2 (utf8_avx2.hpp, escape_avx2.hpp, index/block_avx2.inc) and NEON
// (utf8_neon.hpp, index/block_neon.inc) checkers: one table, one meaning.
#pragma once

namespace metajson::detail {

// Bits of the error tables (one per kind of invalid two-byte pattern).
inline constexpr unsigned char u8_too_short = 1 << 0;   // lead byte followed by a non-continuation
inline constexpr unsigned char u8_too_long = 1 << 1;    // ASCII followed by a continuation
inline constexpr unsigned char u8_overlong_3 = 1 << 2;  // E0 80..9F
inline constexpr unsigned char u8_too_large = 1 << 3;   // F4 90..BF, F5..FF
inline constexpr unsigned char u8_surrogate = 1 << 4;   // ED A0..BF
inline constexpr unsigned char u8_overlong_2 = 1 << 5;  // C0, C1
inline constexpr unsigned char u8_too_large_1000 = 1 << 6;
inline constexpr unsigned char u8_overlong_4 = 1 << 6;  // F0 80..8F
inline constexpr unsigned char u8_two_conts = 1 << 7;   // continuation after continuation, alone
inline constexpr unsigned char u8_carry = u8_too_short | u8_too_long | u8_two_conts;

// The three lookup tables, by nibble (AVX2 loads each into both of its 16-byte lanes).
inline constexpr unsigned char u8_large = u8_carry | u8_too_large | u8_too_large_1000;
inline constexpr unsigned char u8_cont = u8_too_long | u8_overlong_2 | u8_two_conts;
alignas(16) inline constexpr unsigned char u8_t1_high[16] = {
    u8_too_long, u8_too_long, u8_too_long, u8_too_long, u8_too_long, u8_too_long, u8_too_long, u8_too_long,
    u8_two_conts, u8_two_conts, u8_two_conts, u8_two_conts, u8_too_short | u8_overlong_2, u8_too_short,
    u8_too_short | u8_overlong_3 | u8_surrogate, u8_too_short | u8_too_large | u8_too_large_1000 | u8_overlong_4};
alignas(16) inline constexpr unsigned char u8_t1_low[16] = {
    u8_carry | u8_overlong_3 | u8_overlong_2 | u8_overlong_4, u8_carry | u8_overlong_2, u8_carry, u8_carry,
    u8_carry | u8_too_large, u8_large, u8_large, u8_large, u8_large, u8_large, u8_large, u8_large, u8_large,
    u8_large | u8_surrogate, u8_large, u8_large};
alignas(16) inline constexpr unsigned char u8_t2_high[16] = {
    u8_too_short, u8_too_short, u8_too_short, u8_too_short, u8_too_short, u8_too_short, u8_too_short, u8_too_short,
    u8_cont | u8_overlong_3 | u8_too_large_1000 | u8_overlong_4, u8_cont | u8_overlong_3 | u8_too_large,
    u8_cont | u8_surrogate | u8_too_large, u8_cont | u8_surrogate | u8_too_large, u8_too_short, u8_too_short, u8_too_short,
    u8_too_short};

}  // namespace metajson::detail

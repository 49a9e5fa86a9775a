#!/usr/bin/env python3
"""Proves that the shortest-double algorithm of include/metajson/number/dtoa.hpp gives the
correctly rounded shortest decimal for every positive double, and writes the doubles it had to
check one by one as a C++ test table.

    python3 tools/verify_dtoa.py                      # the proof (about 10 s of CPU)
    python3 tools/verify_dtoa.py --write-cases FILE   # ... and the table (tests/unit/number/dtoa_hard_cases.inc)

The algorithm (regular case, c * 2^q with c != 2^52 or the smallest binade): k = floor(q log10 2),
e = -(k+1), r = -(q + floor(e log2 10)), G = G(e) (128-bit, truncated, read from the C++ tables),
s = X + 1 - r. The 128 bits above the low 64 of G * (c << s) give the integer part I and the
64-bit fraction f = floor(G c 2^s / 2^(64+X)) mod 2^64 of y' = G c 2^(q + floor(e log2 10) -
127), which is y = c 2^q 10^e minus less than 2^-10 units of 2^-64. With h = G_hi >> r and
even = 1 - c mod 2:
    down  = f < h + even            (I is in the rounding interval: the answer is I)
    up    = f + h + even >= 2^64    (I + 1 is in it: the answer is I + 1)
    digit = (10 f + 2^63 + 10) >> 64, or 2 when f == 2^62   (otherwise the answer is 10 I + digit)
The exact decisions are the same comparisons on the exact fraction and half-width, and the
computed values are below the exact ones by less than 1.001 units. So a decision can differ
only when the computed fraction lies within 3 units of a boundary: h, 2^64 - h, the ten digit
boundaries (d 2^64 - 2^63 - 10) / 10, and the two ends (0 and 2^64 - 1, where the integer part may
borrow). For each binary exponent and each of those windows, this script counts the
significands whose f falls into it (f = floor(A c / 2^T) mod 2^64 is linear in c modulo
2^(T+64): the count is a floor sum, O(log) steps), and
  - when few (<= CLUSTER): lists them and checks each against exact rational arithmetic;
  - when many (powers of ten with a small exact denominator make whole residue classes land on
    a boundary): the exact fraction of y depends only on rho = c * num mod den (y = c num / den
    exactly), and within one residue class and parity the computed f can only decrease with c,
    by less than one unit over the class, so the class's smallest and largest members show
    every outcome the class has: those two are checked, for every rho the window admits.
The irregular doubles (c = 2^52, 2045 of them) are checked one by one. The decimal exponents
k = floor(q log10 2) and floor(log10(3/4 2^q)), computed by multiply-shift in C++, are checked
exactly for every q, and r in [1, 4] (the shift c << (X + 1 - r) stays below 2^64).
"""
from __future__ import annotations

import argparse
import math
import re
import sys
from fractions import Fraction
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
X = 8            # dtoa_extra_shift
W = 3            # window half-width, in units of 2^-64 (the errors are < 1.001 each)
CLUSTER = 64     # above this many significands in a window, check by residue class if it can
M64 = (1 << 64) - 1
HALF = (1 << 63) + 10  # the rounding constant of the last digit (dtoa_digit_round)


# --- the tables the C++ code uses ------------------------------------------------------------------

def load_tables():
    g = {}
    for name, pattern in (("pow5_table.hpp", r"// 5\^(-?\d+)"), ("dtoa_table.hpp", r"// 1e(-?\d+)")):
        text = (REPO / "include/metajson/number" / name).read_text()
        for hi, lo, e in re.findall(r"\{0x([0-9a-f]{16}), 0x([0-9a-f]{16})\},\s+" + pattern, text):
            g[int(e)] = int(hi, 16) << 64 | int(lo, 16)
    return g


G = load_tables()


def flog10_pow2(q):
    return (q * 661971961083) >> 41


def flog10_34_pow2(q):
    return (q * 661971961083 - 274743187321) >> 41


def flog2_pow10(e):
    return (e * 913124641741) >> 38


def exact_flog2_pow10(e):
    return (10**e).bit_length() - 1 if e >= 0 else -(10**-e).bit_length()


# --- a port of the C++ code ------------------------------------------------------------------------

def scale(c, g, r):
    cs = c << (X + 1 - r)
    assert cs < 1 << 64
    top = (g >> 64) * cs + (((g & M64) * cs) >> 64)
    hi, lo = top >> 64, top & M64
    return hi >> X, ((hi << (64 - X)) | (lo >> X)) & M64


def regular(c, q):
    """shortest_regular: (n, k, digit, has_digit)."""
    k = flog10_pow2(q)
    e = -k - 1
    r = -(q + flog2_pow10(e))
    g = G[e]
    integral, f = scale(c, g, r)
    half = (g >> 64 >> r) + (1 - (c & 1))
    down = f < half
    up = f > (M64 ^ half)
    digit = (f * 10 + HALF) >> 64
    if f == 1 << 62:
        digit = 2
    return integral + up, k, digit, not (up or down)


def irregular(c, q):
    """shortest_irregular."""
    k = flog10_34_pow2(q)
    e = -k - 1
    r = -(q + flog2_pow10(e))
    g = G[e]
    integral, f = scale(c, g, r)
    upper = (g >> 64 >> r) + 1
    lower = (g >> 64 >> (r + 1)) + 1
    down = f < lower
    up = f > (M64 ^ upper)
    nearest = (f * 10 + (1 << 63)) >> 64
    if f == 1 << 62:
        nearest = 2
    lowest = (((f - (g >> 64 >> (r + 1))) & M64) * 10 + M64) >> 64
    return integral + up, k, max(nearest, lowest), not (up or down)


def as_decimal(parts):
    n, k, digit, has = parts
    m, E = (n * 10 + digit, k) if has else (n, k + 1)
    while m % 10 == 0:
        m //= 10
        E += 1
    return m, E


# --- the exact answer ------------------------------------------------------------------------------

def shortest_exact(c, q, irregular_interval=False):
    """The shortest decimal m * 10^E in the rounding interval of c * 2^q, closest to it, ties to
    even m; trailing zeros removed. Exact integer arithmetic, no knowledge of the algorithm."""
    # everything times 2^(2 - q) (or 1 when q >= 2) to make the bounds integers: v4 = 4 c 2^q ...
    sh = max(0, 2 - q)
    v = c << (q + sh) if q + sh >= 0 else None
    lo = (4 * c - (1 if irregular_interval else 2)) << (q + sh - 2)
    hi = (4 * c + 2) << (q + sh - 2)
    closed = c % 2 == 0
    # values are scaled by 2^sh; a candidate m 10^E becomes m 10^E 2^sh
    E = flog10_pow2(q) + 18  # above the value: no candidate there
    while True:
        if E >= 0:
            unit = 10**E << sh
            num, den = unit, 1
        else:
            num, den = 1 << sh, 10**-E
        # m in [lo, hi] / (num/den): m >= lo*den/num, m <= hi*den/num
        m_lo = -((-lo * den) // num)
        if not closed and m_lo * num == lo * den:
            m_lo += 1
        m_hi = (hi * den) // num
        if not closed and m_hi * num == hi * den:
            m_hi -= 1
        if m_lo <= m_hi:
            best = None
            for m in range(m_lo, m_hi + 1):  # at most 10 candidates
                dist = abs(m * num - v * den)
                key = (dist, m % 2)
                if best is None or key < best[0]:
                    best = (key, m)
            m = best[1]
            while m % 10 == 0:
                m //= 10
                E += 1
            return m, E
        E -= 1


# --- floor sums ------------------------------------------------------------------------------------

def floor_sum(n, m, a, b):
    """sum_{i=0}^{n-1} floor((a i + b) / m), m >= 1, any a, b."""
    total = 0
    if a < 0 or a >= m:
        total += (n * (n - 1) // 2) * (a // m)
        a %= m
    if b < 0 or b >= m:
        total += n * (b // m)
        b %= m
    while True:
        if a >= m:
            total += (n * (n - 1) // 2) * (a // m)
            a %= m
        if b >= m:
            total += n * (b // m)
            b %= m
        y_max = a * n + b
        if y_max < m:
            return total
        n, b = divmod(y_max, m)
        m, a = a, m


def count_in(A, M, c0, c1, lo, hi):
    """#{c in [c0, c1] : (A c mod M) in [lo, hi]}, 0 <= lo <= hi < M."""
    if c0 > c1:
        return 0
    n = c1 - c0 + 1
    return floor_sum(n, M, A, A * c0 - lo) - floor_sum(n, M, A, A * c0 - hi - 1)


def enumerate_in(A, M, c0, c1, lo, hi, total):
    """The c of count_in, in order (binary search on the prefix count)."""
    out = []
    start = c0
    for _ in range(total):
        a, b = start, c1
        while a < b:
            mid = (a + b) // 2
            if count_in(A, M, start, mid, lo, hi) >= 1:
                b = mid
            else:
                a = mid + 1
        out.append(a)
        start = a + 1
    return out


# --- the proof -------------------------------------------------------------------------------------

def double_bits(c, q):
    if q == -1074 and c < 1 << 52:
        return c
    return ((q + 1075) << 52) | (c & ((1 << 52) - 1))


class Stats:
    def __init__(self):
        self.windows = self.enumerated = self.clusters = self.class_checks = 0
        self.checked = set()
        self.failures = []


def check(c, q, st):
    st.checked.add(double_bits(c, q))
    got = as_decimal(regular(c, q))
    want = shortest_exact(c, q)
    if got != want:
        st.failures.append((c, q, got, want))


def exact_ratio(q, e):
    """y = c num / den exactly, reduced."""
    num, den = 1, 1
    if q >= 0:
        num <<= q
    else:
        den <<= -q
    if e >= 0:
        num *= 10**e
    else:
        den *= 10**-e
    g = math.gcd(num, den)
    return num // g, den // g


def check_cluster(q, c0, c1, a, b, st):
    """Every residue class (rho, parity) whose members can have f in [a, b]: check the smallest
    and largest member of each. False (nothing checked) when the window spans too many residues."""
    k = flog10_pow2(q)
    e = -k - 1
    num, den = exact_ratio(q, e)
    # f_exact = 2^64 rho / den lies in [a, b + 1.001): rho in [a den / 2^64, (b + 2) den / 2^64]
    rho_lo = (a * den) >> 64
    rho_hi = -((-(b + 2) * den) >> 64)
    g = math.gcd(num, den)
    js = range(-(-rho_lo // g), rho_hi // g + 1)
    if len(js) > 64:
        return False
    period = den // g
    inv = pow(num // g, -1, period) if period > 1 else 0
    for j in sorted({j % period for j in js}) if period > 1 else [0]:
        rho = j * g
        base = (j * inv) % period if period > 1 else 0  # c = base (mod period)
        for parity in (0, 1):
            if period % 2 == 1:
                step = 2 * period
                base2 = base if base % 2 == parity else base + period
            else:
                if base % 2 != parity:
                    continue
                step, base2 = period, base
            first = c0 + ((base2 - c0) % step)
            if first > c1:
                continue
            last = first + ((c1 - first) // step) * step
            for c in {first, last}:
                assert (c * num) % den == rho
                check(c, q, st)
                st.class_checks += 1
    return True


def check_k(q):
    """k = floor(q log10 2) and k' = floor(log10(3/4 2^q)) as the C++ computes them, exactly."""
    v = Fraction(2)**q
    k = flog10_pow2(q)
    assert Fraction(10)**k <= v < Fraction(10)**(k + 1), q
    k3 = flog10_34_pow2(q)
    assert Fraction(10)**k3 <= Fraction(3, 4) * v < Fraction(10)**(k3 + 1), q


def verify_exponent(q, c0, c1, st):
    check_k(q)
    k = flog10_pow2(q)
    e = -k - 1
    r = -(q + flog2_pow10(e))
    assert flog2_pow10(e) == exact_flog2_pow10(e)
    assert 1 <= r <= 4, (q, r)
    s = X + 1 - r
    g = G[e]
    fl = exact_flog2_pow10(e)
    exact_g = (10**e << (127 - fl) if 127 - fl >= 0 else 10**e >> (fl - 127)) if e >= 0 else (1 << (127 - fl)) // 10**-e
    assert g == exact_g  # the C++ table is floor(10^e 2^(127 - floor(e log2 10)))
    A = g << s
    T = 64 + X
    M = 1 << (T + 64)
    h = g >> 64 >> r
    targets = [h, (1 << 64) - h, 0, M64]
    targets += [((d << 64) - HALF) // 10 for d in range(1, 11)]
    for t in targets:
        a, b = max(t - W, 0), min(t + W, M64)
        lo, hi = a << T, ((b + 1) << T) - 1
        n = count_in(A, M, c0, c1, lo, hi)
        st.windows += 1
        if n == 0:
            continue
        if n > CLUSTER and check_cluster(q, c0, c1, a, b, st):
            st.clusters += 1
            continue
        for c in enumerate_in(A, M, c0, c1, lo, hi, n):
            check(c, q, st)
        st.enumerated += n


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write-cases", metavar="FILE", help="write the checked doubles as a C++ table")
    ap.add_argument("--exponents", metavar="LO:HI", help="only q in [LO, HI] (debugging)")
    ap.add_argument("--half-bias", type=int, default=None, help="try another rounding constant 2^63 + B (debugging)")
    args = ap.parse_args()
    global HALF
    if args.half_bias is not None:
        HALF = (1 << 63) + args.half_bias
    st = Stats()
    lo_q, hi_q = -1074, 971
    if args.exponents:
        lo_q, hi_q = map(int, args.exponents.split(":"))
    # The irregular doubles, one by one.
    irregular_count = 0
    for q in range(max(lo_q, -1073), hi_q + 1):
        c = 1 << 52
        got = as_decimal(irregular(c, q))
        want = shortest_exact(c, q, irregular_interval=True)
        irregular_count += 1
        if got != want:
            st.failures.append((c, q, got, want))
    # The regular ones, by windows.
    for q in range(lo_q, hi_q + 1):
        if q == -1074:
            verify_exponent(q, 1, (1 << 53) - 1, st)  # subnormals and the smallest binade
        else:
            verify_exponent(q, (1 << 52) + 1, (1 << 53) - 1, st)
        if q % 100 == 0:
            print(f"  q = {q}: {st.enumerated} enumerated, {st.clusters} clusters, {len(st.failures)} failures",
                  file=sys.stderr, flush=True)
    print(f"exponents {lo_q}..{hi_q}: {st.windows} windows; {st.enumerated} significands enumerated and checked; "
          f"{st.clusters} residue-class clusters ({st.class_checks} class members checked); "
          f"{irregular_count} irregular doubles checked; {len(st.checked)} distinct doubles checked")
    if args.write_cases:
        with open(args.write_cases, "w") as out:
            out.write("// GENERATED by tools/verify_dtoa.py --write-cases: the doubles whose computed fraction lies\n")
            out.write("// within a few units of 2^-64 of a decision boundary of number/dtoa.hpp (bit patterns).\n")
            for i, bits in enumerate(sorted(st.checked)):
                out.write(f"0x{bits:016x}ull,{chr(10) if i % 4 == 3 else ' '}")
            out.write("\n")
    if st.failures:
        for c, q, got, want in st.failures[:50]:
            print(f"FAIL c={c} q={q} bits=0x{double_bits(c, q):016x} got={got} want={want}")
        print(f"{len(st.failures)} failures")
        return 1
    print("no failures: every positive double gets the correctly rounded shortest decimal")
    return 0


if __name__ == "__main__":
    sys.exit(main())

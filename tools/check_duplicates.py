#!/usr/bin/env python3
"""Finds code written twice under include/metajson/: runs of WINDOW or more significant lines
that are the same, to the letter once comments and white space are set aside.

    python3 tools/check_duplicates.py              # exit 1 when a run is found that is not allowed
    python3 tools/check_duplicates.py --all        # every run, the allowed ones included
    python3 tools/check_duplicates.py --self-test  # a copy of a function added to a copy of include/ is found

Significant lines: what is left of a line without its comment and its white space, when that is
more than punctuation, and not an #include, a #pragma or an #endif. A run that is allowed is
listed in ALLOWED below with the reason it stays: each entry names the two files and the
run's first line, so that a new run between the same files is still reported.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = os.environ.get("METAJSON_DUPLICATES_INCLUDE") or os.path.join(ROOT, "include", "metajson")
WINDOW = 8

# (file, file, the run's first significant line, why it stays)
ALLOWED = [
    ("dynamic/document.hpp", "dynamic/document.hpp", "return *this;",
     "node::iterator and member_range::iterator: two forward iterators' increments (prefix, postfix, ==), "
     "each over its own step; a base class for three one-line members would hide more than it saves"),
    ("index/block_avx2.inc", "index/block_avx512.inc", "static std::uint64_t whitespace(const classes& c) noexcept { return c.ws; }",
     "each kernel is compiled for its instruction set (its own target): the accessors of its classes and its "
     "carry-less-multiply prefix_xor must be compiled inside it, where the intrinsics are allowed"),
    ("number/schubfach.hpp", "number/schubfach.hpp", "const std::uint64_t cbr = cb + 2;",
     "the previous double writer, kept as it was for the ablation study (METAJSON_ABLATION_OLD_DTOA) and compiled only there"),
    ("validate/regex.hpp", "validate/regex.hpp", "break;",
     "two epsilon closures over the same instructions: the DFA builder's (positions are sets, ^ and $ known per "
     "step, no lookahead) and the simulation's (one position, lookaheads and word boundaries evaluated there); "
     "one function for both would take each one's state as callbacks in the innermost loop"),
]

COMMENT_RE = re.compile(r"//.*$")
SKIP_RE = re.compile(r"^#\s*(include|pragma|endif|else)\b")
PUNCT_RE = re.compile(r"^[\s{}();,:\[\]]*$")


def significant_lines(path):
    out = []
    in_block = False
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            text = line
            if in_block:
                end = text.find("*/")
                if end < 0:
                    continue
                text = text[end + 2:]
                in_block = False
            start = text.find("/*")
            if start >= 0 and '"' not in text[:start]:
                end = text.find("*/", start + 2)
                if end < 0:
                    in_block = True
                    text = text[:start]
                else:
                    text = text[:start] + text[end + 2:]
            text = COMMENT_RE.sub("", text) if '"' not in text else text
            norm = " ".join(text.split())
            if not norm or PUNCT_RE.match(norm) or SKIP_RE.match(norm):
                continue
            out.append((norm, n))
    return out


def runs():
    """Every pair of places that share WINDOW or more consecutive significant lines:
    (file a, first line a, file b, first line b, length, the first line's text)."""
    files = {}
    for folder, _, names in os.walk(INCLUDE):
        for name in sorted(names):
            if name.endswith((".hpp", ".inc")):
                path = os.path.join(folder, name)
                files[os.path.relpath(path, INCLUDE).replace(os.sep, "/")] = significant_lines(path)
    where = {}
    for rel, lines in sorted(files.items()):
        for i in range(len(lines) - WINDOW + 1):
            key = tuple(l for l, _ in lines[i:i + WINDOW])
            where.setdefault(key, []).append((rel, i))
    pairs = {}
    for key, places in where.items():
        if len(places) < 2:
            continue
        for x in range(len(places)):
            for y in range(x + 1, len(places)):
                (fa, ia), (fb, ib) = places[x], places[y]
                if fa == fb and abs(ia - ib) < WINDOW:
                    continue  # a run overlapping itself (a repeated line): not code written twice
                pairs.setdefault((fa, fb, ia - ib), []).append((ia, ib))
    found = []
    for (fa, fb, _), starts in pairs.items():
        starts.sort()
        run_start, prev = starts[0], starts[0]
        for s in starts[1:] + [None]:
            if s is not None and s[0] == prev[0] + 1:
                prev = s
                continue
            ia, ib = run_start
            length = prev[0] - ia + WINDOW
            found.append((fa, files[fa][ia][1], fb, files[fb][ib][1], length, files[fa][ia][0]))
            if s is not None:
                run_start, prev = s, s
    return sorted(found)


def allowed(run):
    fa, _, fb, _, _, first = run
    for a, b, line, _ in ALLOWED:
        if {fa, fb} == {a, b} and first == line:
            return True
    return False


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "metajson")
        shutil.copytree(INCLUDE, copy)
        with open(os.path.join(INCLUDE, "read", "driver.hpp"), encoding="utf-8") as f:
            text = f.read()
        start = text.index("inline error make_read_error(read_context& c) {")
        body = text[start:text.index("\n}\n", start) + 3].replace("make_read_error", "make_read_error_again")
        with open(os.path.join(copy, "detail", "macros.hpp"), "a", encoding="utf-8") as f:
            f.write("\n" + body)
        r = subprocess.run([sys.executable, os.path.abspath(__file__)], capture_output=True, text=True,
                           env=dict(os.environ, METAJSON_DUPLICATES_INCLUDE=copy))
        if r.returncode == 0 or "detail/macros.hpp" not in r.stdout:
            print(f"self-test: a copy of make_read_error in detail/macros.hpp was not reported:\n{r.stdout}{r.stderr}")
            return 1
    print("check_duplicates self-test: a function copied into another header is reported")
    return 0


def main():
    if "--self-test" in sys.argv:
        return self_test()
    show_all = "--all" in sys.argv
    bad = 0
    found = runs()
    for a, b, line, _ in ALLOWED:  # an allowance that no run uses any more is taken out
        if not any({fa, fb} == {a, b} and first == line for fa, _, fb, _, _, first in found):
            print(f"{a} ~ {b}: allowed in tools/check_duplicates.py, but no longer written twice: remove the entry")
            bad += 1
    for run in found:
        ok = allowed(run)
        bad += not ok
        if show_all or not ok:
            fa, la, fb, lb, n, first = run
            print(f"{'allowed ' if ok else ''}{fa}:{la} ~ {fb}:{lb}: {n} significant lines the same, from `{first[:80]}`")
    if bad:
        print(f"check_duplicates: {bad} runs of {WINDOW}+ lines written twice under include/metajson/ "
              "(make one serve both, or allow it in tools/check_duplicates.py with the reason)", file=sys.stderr)
        return 1
    print(f"check_duplicates: no run of {WINDOW}+ significant lines written twice under include/metajson/ "
          f"({len(ALLOWED)} allowed, with their reasons, in tools/check_duplicates.py)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

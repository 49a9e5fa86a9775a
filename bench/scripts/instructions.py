#!/usr/bin/env python3
"""Instructions per call, under valgrind's callgrind, for metajson and the fastest competitors
(glaze, simdjson) on every dataset x direction x variant: a deterministic companion to the
timings of bench/REPORT.md (the same programs, the harness's --mode callgrind, which counts
only the calls themselves).

    METAJSON_DATA_DIR=... bench/scripts/instructions.py [--build bench/build] [--iters 3]

Prints a markdown table. Needs a build without -march=native (valgrind has no AVX-512).
"""
import argparse
import os
import re
import subprocess
import sys

CASES = [
    # (dataset, direction, kind, {library: variant})
    ("twitter", "write", "fresh", {"metajson": "fresh", "glaze": "fresh", "simdjson": "string_builder fresh"}),
    ("twitter", "write", "reused", {"metajson": "reused", "glaze": "reused", "simdjson": "string_builder reused"}),
    ("twitter", "read", "fresh", {"metajson": "from", "glaze": "read", "simdjson": "from"}),
    ("citm", "write", "fresh", {"metajson": "fresh", "glaze": "fresh", "simdjson": "string_builder fresh"}),
    ("citm", "write", "reused", {"metajson": "reused", "glaze": "reused", "simdjson": "string_builder reused"}),
    ("citm", "read", "fresh", {"metajson": "from", "glaze": "read", "simdjson": "from"}),
    ("canada", "write", "fresh", {"metajson": "fresh", "glaze": "fresh", "simdjson": "string_builder fresh"}),
    ("canada", "write", "reused", {"metajson": "reused", "glaze": "reused", "simdjson": "string_builder reused"}),
    ("canada", "read", "fresh", {"metajson": "from", "glaze": "read", "simdjson": "from"}),
]


def count(build, data, library, variant, dataset, direction, iters):
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--instr-atstart=no",
           os.path.join(build, "bench_" + library), "--data", data, "--mode", "callgrind", "--iters", str(iters),
           "--datasets", dataset, "--case", f"{library}|{variant}|{dataset}|{direction}"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"Collected : (\d+)", out.stderr)
    if not m:
        sys.exit(f"no count from: {' '.join(cmd)}\n{out.stderr[-2000:]}")
    return int(m.group(1)) / iters


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="bench/build")
    ap.add_argument("--iters", type=int, default=3)
    a = ap.parse_args()
    data = os.environ.get("METAJSON_DATA_DIR")
    if not data:
        sys.exit("METAJSON_DATA_DIR is not set")
    print("| dataset | direction | kind | metajson | glaze | simdjson | metajson / fewest other |")
    print("|---|---|---|--:|--:|--:|--:|")
    for dataset, direction, kind, variants in CASES:
        n = {lib: count(a.build, data, lib, v, dataset, direction, a.iters) for lib, v in variants.items()}
        best = min(n["glaze"], n["simdjson"])
        print(f"| {dataset} | {direction} | {kind} | {n['metajson'] / 1e6:.2f}M | {n['glaze'] / 1e6:.2f}M | "
              f"{n['simdjson'] / 1e6:.2f}M | {n['metajson'] / best:.2f} |", flush=True)


if __name__ == "__main__":
    main()

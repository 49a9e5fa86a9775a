#!/usr/bin/env python3
"""Instructions per call, under valgrind's callgrind, for metajson and the fastest competitors
(glaze, simdjson) on every dataset x direction x variant: a deterministic companion to the
timings of bench/REPORT.md (the same programs, the harness's --mode callgrind, which counts
only the calls themselves).

    METAJSON_DATA_DIR=... bench/scripts/instructions.py [--build bench/build] [--iters 3]
        [--datasets player,order] [--only metajson,glaze]

The small messages (player, order) are counted over max(--iters, 2000) calls and printed in
thousands (k) of instructions per call; the datasets in millions (M).

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
    ("player", "write", "fresh", {"metajson": "fresh", "glaze": "fresh", "simdjson": "string_builder fresh"}),
    ("player", "write", "reused", {"metajson": "reused", "glaze": "reused", "simdjson": "string_builder reused"}),
    ("player", "read", "fresh", {"metajson": "from", "glaze": "read", "simdjson": "from"}),
    ("order", "write", "fresh", {"metajson": "fresh", "glaze": "fresh", "simdjson": "string_builder fresh"}),
    ("order", "write", "reused", {"metajson": "reused", "glaze": "reused", "simdjson": "string_builder reused"}),
    ("order", "read", "fresh", {"metajson": "from", "glaze": "read", "simdjson": "from"}),
]
SMALL = {"player", "order"}  # a few hundred instructions per call: counted over more calls


def count(build, data, library, variant, dataset, direction, iters):
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--instr-atstart=no",
           os.path.join(build, "bench_" + library), "--data", data, "--mode", "callgrind", "--iters", str(iters),
           "--datasets", dataset, "--case", f"{library}|{variant}|{dataset}|{direction}"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"Collected : (\d+)", out.stderr)
    if not m:
        sys.exit(f"no count from: {' '.join(cmd)}\n{out.stderr[-2000:]}")
    return int(m.group(1)) / iters


def fmt(n, dataset):
    if n is None:
        return "—"
    return f"{n / 1e3:.2f}k" if dataset in SMALL else f"{n / 1e6:.2f}M"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="bench/build")
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--datasets", type=lambda s: s.split(","), help="only these datasets")
    ap.add_argument("--only", type=lambda s: s.split(","), help="only these libraries")
    a = ap.parse_args()
    data = os.environ.get("METAJSON_DATA_DIR")
    if not data:
        sys.exit("METAJSON_DATA_DIR is not set")
    print("| dataset | direction | kind | metajson | glaze | simdjson | metajson / fewest other |")
    print("|---|---|---|--:|--:|--:|--:|")
    for dataset, direction, kind, variants in CASES:
        if a.datasets and dataset not in a.datasets:
            continue
        iters = max(a.iters, 2000) if dataset in SMALL else a.iters
        n = {lib: count(a.build, data, lib, v, dataset, direction, iters) if not a.only or lib in a.only else None
             for lib, v in variants.items()}
        others = [x for x in (n["glaze"], n["simdjson"]) if x is not None]
        ratio = f"{n['metajson'] / min(others):.2f}" if others and n["metajson"] is not None else "—"
        print(f"| {dataset} | {direction} | {kind} | {fmt(n['metajson'], dataset)} | {fmt(n['glaze'], dataset)} | "
              f"{fmt(n['simdjson'], dataset)} | {ratio} |", flush=True)


if __name__ == "__main__":
    main()

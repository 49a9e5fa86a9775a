#!/usr/bin/env python3
"""Instructions per call under valgrind's callgrind: a deterministic companion to the timings,
which a disturbed round cannot move (the same programs, the harness's --mode callgrind, which
counts only the calls themselves, after one warm-up call).

run.py's full study (`make bench FULL=1`) calls count() for the read and write rows of
metajson, simdjson and glaze and puts the figures beside the times in bench/REPORT.md. Alone,
this script prints a markdown table for metajson, glaze and simdjson on every dataset:

    METAJSON_DATA_DIR=... bench/scripts/instructions.py [--build bench/build] [--iters 5]
        [--datasets player,order] [--only metajson,glaze]

The small messages (player, order) are counted over max(--iters, 2000) calls and printed in
thousands (k) of instructions per call; the datasets in millions (M); NDJSON on a 10 MB copy of
the workload (one call).

Needs a build without -march=native: valgrind does not run AVX-512 instructions. Its CPUID
reports no AVX-512 either, so the kernels chosen at run time (metajson's index pass, simdjson's
implementation) take their AVX2 paths under valgrind: the counts are of those paths, which each
program's first line says (its "simd" field).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

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
NDJSON_MB = 10  # the NDJSON workload's size under callgrind (one call)


def iterations(dataset: str, iters: int) -> int:
    """Calls counted for a row: more for a small message, one for the NDJSON workload."""
    if dataset in SMALL:
        return max(iters, 2000)
    return 1 if dataset == "ndjson" else iters


def read_callgrind_ir(path: Path) -> int | None:
    """The Ir total of a callgrind output file ('events:' names the columns; 'totals:' or
    'summary:' holds the sums)."""
    if not path.is_file():
        return None
    events, totals = ["Ir"], None
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith(("totals:", "summary:")) and (totals is None or line[0] == "t"):
            totals = line.split()[1:]
    if not totals or "Ir" not in events:
        return None
    return int(totals[events.index("Ir")])


def count(exe: str, data, key: tuple, iters: int, ndjson_mb: int | None = None,
          prefix: list[str] | None = None, timeout: float = 3600) -> dict:
    """Runs one case (key = library, variant, dataset, direction) under callgrind.
    Returns {"ir", "iterations", "bytes", "line", "info", "failure"}: the instructions counted
    between the program's start and stop requests, the calls, the bytes of one call, the
    program's result line and first line, and why it failed (None if it did not)."""
    library, variant, dataset, direction = key
    out: dict = {"ir": None, "iterations": iters, "bytes": None, "line": None, "info": None, "failure": None}
    with tempfile.TemporaryDirectory(prefix="metajson-callgrind-") as tmp:
        cg = Path(tmp) / "callgrind.out"
        cmd = [*(prefix or []), "valgrind", "-q", "--tool=callgrind", "--instr-atstart=no",
               f"--callgrind-out-file={cg}", exe, "--data", str(data), "--mode", "callgrind",
               "--iters", str(iters), "--datasets", dataset, "--case", "|".join(key)]
        if ndjson_mb and dataset == "ndjson":
            cmd += ["--ndjson-mb", str(ndjson_mb)]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=timeout,
                                  stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            out["failure"] = "timed out"
            return out
        except OSError as e:
            out["failure"] = f"cannot start: {e}"
            return out
        for text in proc.stdout.splitlines():
            try:
                obj = json.loads(text)
            except ValueError:
                continue
            if not isinstance(obj, dict):
                continue
            if obj.get("kind") == "program":
                out["info"] = obj
            elif (obj.get("library"), obj.get("variant"), obj.get("dataset"), obj.get("direction")) == key:
                out["line"] = obj
        line = out["line"] or {}
        out["ir"] = read_callgrind_ir(cg)
        out["bytes"] = line.get("bytes")
        out["iterations"] = line.get("iterations") or iters
        if proc.returncode != 0:
            out["failure"] = f"exit code {proc.returncode}: {proc.stderr.strip()[-300:]}"
        elif "error" in line:
            out["failure"] = line["error"]
        elif not line:
            out["failure"] = "the program printed no line for it"
        elif line.get("callgrind") is False:
            out["failure"] = "program built without valgrind/callgrind.h"
        elif not out["ir"]:
            out["failure"] = "no instructions counted (instrumentation never started?)"
    return out


def fmt(n, dataset):
    if n is None:
        return "—"
    return f"{n / 1e3:.2f}k" if dataset in SMALL else f"{n / 1e6:.2f}M"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="bench/build")
    ap.add_argument("--iters", type=int, default=5)
    ap.add_argument("--datasets", type=lambda s: s.split(","), help="only these datasets")
    ap.add_argument("--only", type=lambda s: s.split(","), help="only these libraries")
    a = ap.parse_args()
    data = os.environ.get("METAJSON_DATA_DIR")
    if not data:
        sys.exit("METAJSON_DATA_DIR is not set")
    kernels = {}
    print("| dataset | direction | kind | metajson | glaze | simdjson | metajson / fewest other |")
    print("|---|---|---|--:|--:|--:|--:|")
    for dataset, direction, kind, variants in CASES:
        if a.datasets and dataset not in a.datasets:
            continue
        n = {}
        for lib, variant in variants.items():
            n[lib] = None
            if a.only and lib not in a.only:
                continue
            got = count(os.path.join(a.build, "bench_" + lib), data, (lib, variant, dataset, direction),
                        iterations(dataset, a.iters))
            if got["failure"]:
                sys.exit(f"{lib} {variant} {dataset} {direction}: {got['failure']}")
            n[lib] = got["ir"] / got["iterations"]
            if got["info"]:
                kernels[lib] = got["info"].get("simd")
        others = [x for x in (n["glaze"], n["simdjson"]) if x is not None]
        ratio = f"{n['metajson'] / min(others):.2f}" if others and n["metajson"] is not None else "—"
        print(f"| {dataset} | {direction} | {kind} | {fmt(n['metajson'], dataset)} | {fmt(n['glaze'], dataset)} | "
              f"{fmt(n['simdjson'], dataset)} | {ratio} |", flush=True)
    for lib, simd in kernels.items():
        print(f"\n{lib} under valgrind: read {simd.get('read')}; write {simd.get('write')}", end="")
    print()


if __name__ == "__main__":
    main()

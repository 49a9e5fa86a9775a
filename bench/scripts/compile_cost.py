#!/usr/bin/env python3
"""What each library's benchmark program costs to compile: one translation unit per library
(bench/programs/<library>.cpp), each reading and writing the same structs (twitter, CITM,
canada, player, order: models/), compiled with its build's command line and again with
-O0 -g (what developers compile most of the day).

For every program and both flag sets: wall seconds (median of the rounds), peak memory of the
compiler (max RSS, /usr/bin/time) and the object's code and data size (size(1): text + data).
Beside each program, for the libraries that have one, the library alone:
bench/compile_time/library_<library>.cpp (read and write of the twitter and CITM schemas, no
harness: issue 18's measure), compiled with that library's program's command line.
Rounds are interleaved (every program once, then again) so that a slow moment of a shared
machine falls on all of them. The command lines come from the build's compile_commands.json;
nothing is compiled into the build folder itself.

run.py calls measure() during `make bench` (results/compile.json, a section of the report);
alone:

    bench/scripts/compile_cost.py --build bench/build --runs 3 --out bench/results/compile.json
"""

from __future__ import annotations

import argparse
import json
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1]
# Programs whose translation unit is not a C++ JSON library's (the Rust FFI caller).
NOT_A_LIBRARY = {"serde", "serde_ffi"}
FLAG_SETS = [("release", None), ("debug", ["-O0", "-g"])]
OPT_FLAGS = {"-O0", "-O1", "-O2", "-O3", "-Os", "-Og", "-Ofast"}


def _say(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def program_commands(build: Path) -> dict[str, dict]:
    """{library: {"directory", "args"}} for every C++ program of the build."""
    listed = json.loads((build / "benchmarks.json").read_text())
    names = [p["name"] for p in listed["programs"] if p.get("exe") and p["name"] not in NOT_A_LIBRARY]
    commands = json.loads((build / "compile_commands.json").read_text())
    out = {}
    for name in names:
        for entry in commands:
            if Path(entry["file"]).as_posix().endswith(f"programs/{name}.cpp"):
                args = entry.get("arguments") or shlex.split(entry["command"])
                # The compiler itself, never the compiler cache the build may go through
                # (cmake/ccache.cmake): a cached compile would measure nothing.
                while args and Path(args[0]).name == "ccache":
                    args = args[1:]
                out[name] = {"directory": entry["directory"], "args": args}
                break
    return out


def _with_flags(args: list[str], flags: list[str] | None, obj: Path, source: Path | None = None) -> list[str]:
    """The command line with the object written to obj (and the optimization flags replaced, and
    the source file replaced by `source` when given)."""
    result, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if flags is not None and a in OPT_FLAGS:
            continue
        if source is not None and a.endswith(".cpp"):
            a = str(source)
        result.append(a)
    if flags is not None:
        result[1:1] = flags
    return result + ["-o", str(obj)]


def _compile(cmd: list[str], directory: str, scratch: Path) -> tuple[float, int]:
    """Wall seconds and peak RSS in KB of one compilation."""
    timing = scratch / "time.txt"
    t0 = time.monotonic()
    proc = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", str(timing)] + cmd, cwd=directory,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - t0
    if proc.returncode != 0:
        raise RuntimeError(f"compilation failed: {shlex.join(cmd)}\n{proc.stderr[-2000:]}")
    fields = timing.read_text().split()
    return wall, int(fields[-1])


def _code_size(obj: Path) -> int | None:
    proc = subprocess.run(["size", str(obj)], capture_output=True, text=True)
    if proc.returncode != 0:
        return None
    lines = proc.stdout.strip().splitlines()
    text, data = lines[-1].split()[:2]
    return int(text) + int(data)


def measure(build: Path, runs: int = 3, only: list[str] | None = None) -> dict:
    build = build.resolve()
    programs = program_commands(build)
    if only:
        programs = {k: v for k, v in programs.items() if k in only}
    listed = json.loads((build / "benchmarks.json").read_text())
    # (library, translation unit): the program, and the library alone where it has a probe.
    units = [(lib, "program", None) for lib in programs]
    units += [(lib, "library", BENCH / "compile_time" / f"library_{lib}.cpp") for lib in programs
              if (BENCH / "compile_time" / f"library_{lib}.cpp").is_file()]
    rows = {(lib, tu, fs): {"library": lib, "tu": tu, "flags": fs, "seconds": [], "peak_kb": 0, "code_bytes": None}
            for lib, tu, _ in units for fs, _ in FLAG_SETS}
    with tempfile.TemporaryDirectory(prefix="metajson-compile-") as tmp:
        scratch = Path(tmp)
        for rnd in range(1, runs + 1):
            for fs, flags in FLAG_SETS:
                for lib, tu, source in units:
                    p = programs[lib]
                    obj = scratch / f"{lib}-{tu}-{fs}.o"
                    cmd = _with_flags(p["args"], flags, obj, source)
                    wall, kb = _compile(cmd, p["directory"], scratch)
                    row = rows[(lib, tu, fs)]
                    row["seconds"].append(round(wall, 2))
                    row["peak_kb"] = max(row["peak_kb"], kb)
                    row["code_bytes"] = _code_size(obj)
                    row["command"] = shlex.join(cmd[:-2])
                    _say(f"  compile round {rnd}/{runs} {fs:7} {lib:10} {tu:7} {wall:6.1f} s {kb / 1024:7.0f} MB")
    for row in rows.values():
        row["median_s"] = statistics.median(row["seconds"]) if row["seconds"] else None
        row["peak_mb"] = round(row["peak_kb"] / 1024, 1)
    return {"kind": "compile_cost", "compiler": listed.get("compiler"), "build_flags": listed.get("flags"),
            "runs": runs, "flag_sets": {fs: (" ".join(f) if f else listed.get("flags")) for fs, f in FLAG_SETS},
            "rows": list(rows.values())}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, default=BENCH / "build")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", type=lambda s: [x for x in s.split(",") if x])
    ap.add_argument("--out", type=Path, default=BENCH / "results" / "compile.json")
    args = ap.parse_args(argv)
    result = measure(args.build, args.runs, args.only)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    _say(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

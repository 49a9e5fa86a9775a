#!/usr/bin/env python3
"""A competitor that is not installed, or older than the benchmark programs are written for:
bench/CMakeLists.txt lists it with "not installed (package X >= version)", run.py runs the
others and gives its rows that text, the report shows it, and --smoke (CI) fails on it.

    tests/setup/bench_missing_test.py CXX [CMAKE]    (ctest: bench_missing_test, label setup)

CMake configures bench/ with fake headers of an old glaze (8.0) and an old simdjson (3.0.1);
run.py and report.py are driven on a benchmarks.json like the one CMake writes. Nothing is built.
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench/scripts"))
import compile_cost  # noqa: E402
import report  # noqa: E402
import run  # noqa: E402

GLAZE = "not installed (package libglaze-dev >= 9.0)"
SIMDJSON = "not installed (package libsimdjson-dev >= 4.6)"
failures = []


def check(what: str, ok: bool, detail: str = "") -> None:
    print(f"{'ok  ' if ok else 'FAIL'} {what}" + ("" if ok else f"\n     {detail}"))
    if not ok:
        failures.append(what)


def cmake_part(tmp: Path, cxx: str, cmake: str) -> None:
    inc = tmp / "old"
    (inc / "glaze").mkdir(parents=True)
    (inc / "glaze/glaze.hpp").write_text("")
    (inc / "glaze/version.hpp").write_text(
        "struct version_t {\n   uint8_t major = 8;\n   uint8_t minor = 0;\n};\n")
    (inc / "simdjson.h").write_text('#define SIMDJSON_VERSION "3.0.1"\n')
    build = tmp / "bench-build"
    cmd = [cmake, "-S", str(REPO / "bench"), "-B", str(build), f"-DCMAKE_CXX_COMPILER={cxx}",
           f"-DGLAZE_INCLUDE={inc}", f"-DSIMDJSON_INCLUDE={inc}"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    check("bench/ configures with an old glaze and an old simdjson", out.returncode == 0,
          out.stdout[-2000:] + out.stderr[-2000:])
    if out.returncode:
        return
    programs = {p["name"]: p for p in json.loads((build / "benchmarks.json").read_text())["programs"]}
    check("glaze 8.0 is listed as " + GLAZE, programs["glaze"].get("why") == GLAZE,
          str(programs["glaze"]))
    check("simdjson 3.0.1 is listed as " + SIMDJSON, programs["simdjson"].get("why") == SIMDJSON,
          str(programs["simdjson"]))
    check("metajson is still built", bool(programs["metajson"].get("exe")), str(programs["metajson"]))


def driver_part(tmp: Path) -> None:
    build = tmp / "results-build"
    build.mkdir()
    exe = build / "bench_metajson"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    (build / "benchmarks.json").write_text(json.dumps({
        "build": "default", "flags": "-O3", "compiler": "g++-16",
        "programs": [{"name": "metajson", "exe": str(exe)},
                     {"name": "glaze", "exe": None, "why": GLAZE}]}))
    for smoke in (False, True):
        args = argparse.Namespace(only=None, smoke=smoke, datasets=None, data=tmp, timeout=60,
                                  runs=1)
        b = run.Build(build, args)
        runnable = [p["name"] for p in b.runnable()]
        mode = "--smoke" if smoke else "make bench"
        check(f"{mode}: metajson runs, glaze does not", runnable == ["metajson"], str(runnable))
        if smoke:
            check("--smoke fails on the competitor not installed",
                  any("glaze" in f and GLAZE in f for f in b.failures), str(b.failures))
            continue
        check("make bench: a missing competitor is no failure", b.failures == [], str(b.failures))
        result = b.result({"date": "today"})
        rows = [r for r in result["rows"] if r["library"] == "glaze"]
        datasets = {r["dataset"] for r in result["rows"]}
        check(f"its {3 * len(datasets)} rows (fresh, reused, read; every dataset) say " + GLAZE,
              len(rows) == 3 * len(datasets) and len(datasets) >= 5 and all(r["verification"] == GLAZE for r in rows),
              str([(r["dataset"], r["direction"], r["verification"]) for r in rows]))
        text = "\n".join(report.build_section(result, {}, tmp))
        check("the report's tables and its 'Not measured' list say so",
              f"| glaze | read | — | {report.cell(GLAZE)} |" in text and f"- `glaze`: {GLAZE}" in text,
              text[-1500:])


def compile_cost_part(tmp: Path) -> None:
    # The compile-time table recompiles each program from compile_commands.json: the object goes
    # to the scratch folder, -O0 -g replaces the optimization flags and nothing else changes.
    args = ["/usr/bin/g++-16", "-Iinc", "-O3", "-DNDEBUG", "-std=c++26", "-freflection", "-o",
            "CMakeFiles/x.o", "-c", "programs/glaze.cpp"]
    debug = compile_cost._with_flags(args, ["-O0", "-g"], tmp / "g.o")
    check("compile_cost: -O0 -g in place of -O3, the object in the scratch folder",
          debug == ["/usr/bin/g++-16", "-O0", "-g", "-Iinc", "-DNDEBUG", "-std=c++26", "-freflection",
                    "-c", "programs/glaze.cpp", "-o", str(tmp / "g.o")], str(debug))
    release = compile_cost._with_flags(args, None, tmp / "g.o")
    check("compile_cost: the build's own flags kept as they are",
          release == [a for a in args if a not in ("-o", "CMakeFiles/x.o")] + ["-o", str(tmp / "g.o")],
          str(release))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("cxx")
    ap.add_argument("cmake", nargs="?", default="cmake")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="metajson-bench-missing-") as tmp:
        cmake_part(Path(tmp), a.cxx, a.cmake)
        driver_part(Path(tmp))
        compile_cost_part(Path(tmp))
    if failures:
        print(f"bench_missing_test: {len(failures)} check(s) failed")
        return 1
    print("bench_missing_test: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

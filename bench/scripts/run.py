#!/usr/bin/env python3
"""Benchmark driver: runs every benchmark program, verifies, times, writes results and the report.

The contract with the programs is bench/PROTOCOL.md. For each build folder (bench/build,
bench/build-native, each with the benchmarks.json CMake writes) this script

  1. runs every program once with `--mode verify --dump <build>/dumps`;
  2. checks every output by content against metajson's fresh output of the same dataset
     (numbers by value, object keys in any order, strings exactly) and records the first
     difference, unless bench/known_differences.json explains it;
  3. runs every program `--runs` times with `--mode time`, interleaved (run 1 of every program,
     then run 2 of every program, ...), showing their progress;
  4. aggregates each row (median, min, max, spread, ratios to simdjson and to metajson) and
     writes bench/results/<build>.json and .csv; then report.py writes charts and REPORT.md.

`--smoke` checks that everything works in a short pass (verify + one `--smoke` timing pass)
and writes nothing but the dumps; it exits 1 on any failure. `--callgrind` also counts
instructions per byte under valgrind for the default build.

Standard library only, so it runs where matplotlib is not installed (charts are then skipped).
"""

from __future__ import annotations

import argparse
import csv
import datetime
import gzip
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import report  # noqa: E402  (the report generator beside this file; imports matplotlib lazily)

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "bench"
DATASET_FILES = {"twitter": "twitter.json", "citm": "citm_catalog.json", "canada": "canada.json"}

# The rows that give the reference output and the two ratio columns, per direction.
REFERENCE = {"write": ("metajson", "fresh"), "read": ("metajson", "from")}
SIMDJSON = {"write": ("simdjson", "string_builder fresh"), "read": ("simdjson", "from")}

# The rows each program prints (PROTOCOL.md), used only to list the rows of a program that
# is missing or crashed before printing them. Keys are program names reduced by _program_key.
EXPECTED_ROWS = {
    "metajson": ("metajson", ["fresh", "reused"], ["from"]),
    "simdjson": ("simdjson", ["string_builder fresh", "string_builder reused", "to_json"], ["from"]),
    "glaze": ("glaze", ["fresh", "reused"], ["read"]),
    "yyjson": ("yyjson", ["mut_doc fresh", "mut_doc reused"], ["doc + mapping"]),
    "rapidjson": ("RapidJSON", ["Writer fresh", "Writer reused"], ["Document + mapping"]),
    "nlohmann": ("nlohmann", ["ordered_json"], ["ordered_json + mapping"]),
    "reflectcpp": ("reflect-cpp", ["write<NoOptionals>"], ["read"]),
    "boostjson": ("Boost.JSON", ["value_from + serialize"], ["parse + value_to"]),
    "serde": ("serde_json (Rust)",
              ["to_string (fresh)", "to_writer (reused)", "to_string + CString"], ["from_str"]),
    "serdeffi": ("serde_json (Rust) via FFI", ["CString + FFI call"], []),
}


def _program_key(name: str) -> str:
    """'bench_serde_ffi' -> 'serdeffi', 'serde_bench' -> 'serde', 'reflect-cpp' -> 'reflectcpp'."""
    key = re.sub(r"[^a-z0-9]", "", name.lower())
    key = re.sub(r"^bench|bench$", "", key)
    return {"serdejson": "serde", "boost": "boostjson"}.get(key, key)


def row_key(line: dict) -> tuple:
    return (line.get("library"), line.get("variant"), line.get("dataset"), line.get("direction"))


def say(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Running one program


class Invocation:
    """What one run of one program gave: its result lines and how it ended."""

    def __init__(self, program: str, mode: str, run: int | None):
        self.program, self.mode, self.run = program, mode, run
        self.lines: list[dict] = []
        self.bad_lines: list[str] = []  # stdout lines that are not JSON objects
        self.returncode: int | None = None
        self.timed_out = False
        self.seconds = 0.0
        self.stderr_tail: deque[str] = deque(maxlen=20)

    @property
    def failure(self) -> str | None:
        """None if the program ended normally, else how it ended ('killed by SIGSEGV', ...)."""
        if self.timed_out:
            return "timed out"
        if self.returncode == 0:
            return None
        if self.returncode is not None and self.returncode < 0:
            try:
                return f"killed by {signal.Signals(-self.returncode).name}"
            except ValueError:
                return f"killed by signal {-self.returncode}"
        return f"exit code {self.returncode}"

    def record(self) -> dict:
        return {"program": self.program, "mode": self.mode, "run": self.run,
                "returncode": self.returncode, "failure": self.failure,
                "seconds": round(self.seconds, 3), "bad_lines": self.bad_lines[:5],
                "stderr_tail": list(self.stderr_tail)}


def run_program(cmd: list[str], inv: Invocation, prefix: str, timeout: float) -> Invocation:
    """Runs cmd, parsing stdout as JSON lines and echoing stderr prefixed, until it ends."""
    start = time.monotonic()
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                errors="replace", stdin=subprocess.DEVNULL)
    except OSError as e:
        inv.returncode, inv.bad_lines = 127, [f"cannot start: {e}"]
        return inv

    def echo_stderr():  # progress lines, shown as they come so a long run shows where it is
        for line in proc.stderr:
            line = line.rstrip("\r\n")
            inv.stderr_tail.append(line)
            print(f"{prefix} {line}", file=sys.stderr, flush=True)

    def kill():
        inv.timed_out = True
        proc.kill()

    reader = threading.Thread(target=echo_stderr, daemon=True)
    reader.start()
    timer = threading.Timer(timeout, kill)
    timer.start()
    try:
        for line in proc.stdout:
            line = line.strip()
            if not line:
                continue
            try:
                obj = json.loads(line)
            except ValueError:
                obj = None
            if isinstance(obj, dict):
                inv.lines.append(obj)
            else:
                inv.bad_lines.append(line[:200])
        inv.returncode = proc.wait()
    finally:
        timer.cancel()
        reader.join(timeout=5)
    inv.seconds = time.monotonic() - start
    ended = inv.failure or "ok"
    say(f"{prefix} finished in {inv.seconds:.1f} s ({ended}, {len(inv.lines)} result lines)")
    return inv


# ---------------------------------------------------------------------------------------------
# Comparing outputs by content


class JsonObject(list):
    """A JSON object as the list of its (key, value) pairs, so key order stays visible."""


def load_json(path: Path):
    return json.loads(path.read_bytes(), object_pairs_hook=JsonObject)


def _kind(v) -> str:
    if isinstance(v, JsonObject):
        return "object"
    if isinstance(v, list):
        return "array"
    if isinstance(v, bool):  # before numbers: True == 1 in Python
        return "bool"
    if isinstance(v, (int, float)):
        return "number"
    return "null" if v is None else "string"


def _show(v) -> str:
    kind = _kind(v)
    if kind == "object":
        return f"{{object of {len(v)} keys}}"
    if kind == "array":
        return f"[array of {len(v)}]"
    text = repr(v) if isinstance(v, float) else json.dumps(v, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _member(path: str, key: str) -> str:
    return f"{path}.{key}" if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key) else \
        f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def first_difference(a, b, path: str = "$", order_notes: list | None = None) -> str | None:
    """The first place where a and b differ as 'path: a-value vs b-value', or None if equal.

    Objects compare as maps (a key order that differs is appended to order_notes), arrays
    element by element, numbers by value (1 == 1.0), strings exactly."""
    ka, kb = _kind(a), _kind(b)
    if ka != kb:
        return f"{path}: {_show(a)} vs {_show(b)}"
    if ka == "object":
        ma, mb = dict(a), dict(b)
        for key, value in ma.items():
            if key not in mb:
                return f"{_member(path, key)}: {_show(value)} vs (missing)"
            diff = first_difference(value, mb[key], _member(path, key), order_notes)
            if diff:
                return diff
        for key, value in mb.items():
            if key not in ma:
                return f"{_member(path, key)}: (missing) vs {_show(value)}"
        if order_notes is not None and list(ma) != list(mb):
            order_notes.append(path)
        return None
    if ka == "array":
        if len(a) != len(b):
            return f"{path}: {len(a)} elements vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            diff = first_difference(x, y, f"{path}[{i}]", order_notes)
            if diff:
                return diff
        return None
    equal = a == b
    if ka == "number" and (isinstance(a, float) or isinstance(b, float)):
        try:  # one side written as a double: compare as doubles (1e19 == 10000000000000000000)
            equal = float(a) == float(b)
        except OverflowError:  # an integer beyond any double
            pass
    return None if equal else f"{path}: {_show(a)} vs {_show(b)}"


def load_known_differences(path: Path) -> list[tuple[str, list[re.Pattern], str]]:
    """bench/known_differences.json: {"library|variant|dataset|direction": "cause", ...},
    '*' matching anything within a field. Keys without four fields (comments) are ignored."""
    if not path.is_file():
        return []
    known = []
    for key, cause in json.loads(path.read_text()).items():
        fields = key.split("|")
        if len(fields) != 4:
            continue
        pats = [re.compile(".*".join(re.escape(p) for p in f.split("*")) + r"\Z") for f in fields]
        known.append((key, pats, str(cause)))
    return known


def known_entry(known, key: tuple) -> tuple[str, str] | None:
    """The (entry, cause) of known_differences.json that matches row key, if any."""
    for entry, pats, cause in known:
        if all(p.match(str(v)) for p, v in zip(pats, key)):
            return entry, cause
    return None


class NoReference(Exception):
    """metajson's output for the dataset is not there (metajson missing, crashed or failed)."""


class Verifier:
    """Compares dumps with metajson's fresh write output of the same dataset (parsed once)."""

    def __init__(self, reference_dumps: dict[str, Path]):
        self.reference_dumps = reference_dumps
        self.cache: dict[str, object] = {}

    def compare(self, dataset: str, dump: Path) -> tuple[str | None, bool, int | None]:
        """Returns (first difference or None, key order differs, dump size in bytes)."""
        if not dump.is_file():
            return f"dump file {dump} not found", False, None
        size = dump.stat().st_size
        ref_path = self.reference_dumps.get(dataset)
        if ref_path is None:
            raise NoReference(f"unverified: no metajson output for {dataset} to compare with")
        if dataset not in self.cache:
            self.cache[dataset] = load_json(ref_path)
        try:
            mine = load_json(dump)
        except (ValueError, UnicodeDecodeError) as e:
            return f"not valid JSON: {e}", False, size
        order: list[str] = []
        return first_difference(mine, self.cache[dataset], "$", order), bool(order), size


# ---------------------------------------------------------------------------------------------
# One build


def new_row(program: str, key: tuple) -> dict:
    library, variant, dataset, direction = key
    return {"program": program, "library": library, "variant": variant, "dataset": dataset,
            "direction": direction, "bytes": None, "allocs_per_call": None, "note": None,
            "verification": "unverified", "difference": None, "known_cause": None,
            "known_entry": None,
            "runs": [], "problems": [], "median": None, "min": None, "max": None,
            "spread_pct": None, "x_simdjson": None, "x_metajson": None,
            "instructions_per_byte": None}


def verify_row(row: dict, line: dict, verifier: Verifier, known) -> None:
    """Fills row's verification from its verify-mode line."""
    key = row_key(line)
    row["bytes"] = line.get("bytes")
    row["allocs_per_call"] = line.get("allocs_per_call")
    row["note"] = line.get("note")
    if "error" in line:
        row["verification"] = f"error: {line['error']}"
        return
    diff, order = None, False
    by_content = "dump" in line and (line.get("direction") == "write" or "verified" not in line
                                     or line.get("verify_by") == "content")
    if by_content:
        try:
            diff, order, size = verifier.compare(line["dataset"], Path(line["dump"]))
        except NoReference as e:
            row["verification"] = str(e)
            return
        if size is not None and line["direction"] == "write" and size != line.get("bytes"):
            row["problems"].append(f"reports {line.get('bytes')} bytes, its dump has {size}")
            diff = diff or f"reported size {line.get('bytes')} != dump size {size}"
    elif "verified" in line:
        if line["verified"] is not True:
            diff = "parsed struct != reference struct (verified=false)"
    else:
        diff = "line has neither 'dump' nor 'verified'"
    row["difference"] = diff
    if diff is None:
        row["verification"] = "ok (key order differs)" if order else "ok"
        if key[:2] == REFERENCE.get(key[3]):
            row["verification"] = "ok (reference)"
        return
    entry, cause = known_entry(known, key) or (None, None)
    row["known_entry"], row["known_cause"] = entry, cause
    row["verification"] = f"DIFFERS: {cause or diff}"


def aggregate(rows: list[dict]) -> None:
    """Median/min/max/spread per row, then the ratios to simdjson and metajson."""
    for row in rows:
        speeds = [r["mb_per_s"] for r in row["runs"] if r.get("mb_per_s") is not None]
        if speeds:
            med = statistics.median(speeds)
            row.update(median=med, min=min(speeds), max=max(speeds),
                       spread_pct=(max(speeds) - min(speeds)) / med * 100 if med else None)
    by_key = {(r["library"], r["variant"], r["dataset"], r["direction"]): r for r in rows}
    for row in rows:
        for field, ref in (("x_simdjson", SIMDJSON), ("x_metajson", REFERENCE)):
            base = by_key.get(ref.get(row["direction"], (None, None)) + (row["dataset"],
                                                                         row["direction"]))
            if base and base["median"] and row["median"] is not None:
                row[field] = row["median"] / base["median"]


def placeholder_rows(program: str, datasets: list[str], why: str) -> list[dict]:
    """The rows a program that did not run (or crashed) would have printed, saying why."""
    expected = EXPECTED_ROWS.get(_program_key(program))
    rows = []
    if expected:
        library, writes, reads = expected
        for dataset in datasets:
            for direction, variants in (("write", writes), ("read", reads)):
                for variant in variants:
                    row = new_row(program, (library, variant, dataset, direction))
                    row["verification"] = why
                    rows.append(row)
    return rows


class Build:
    """One build folder: its programs, their invocations and rows."""

    def __init__(self, folder: Path, args):
        self.folder = folder
        meta_path = folder / "benchmarks.json"
        if not meta_path.is_file():
            sys.exit(f"run.py: {meta_path} not found: configure and build {folder} first "
                     f"(make bench does)")
        self.meta = json.loads(meta_path.read_text())
        self.name = self.meta.get("build") or folder.name
        self.args = args
        self.programs = self.meta.get("programs", [])
        self.invocations: list[Invocation] = []
        self.missing: dict[str, str] = {}  # program -> why it did not run
        self.failures: list[str] = []  # what makes --smoke fail
        self.rows: dict[tuple, dict] = {}
        self.raw: dict[str, list] = {"verify": [], "time": [], "callgrind": []}

    def selected(self) -> list[dict]:
        only = self.args.only
        return [p for p in self.programs if not only or p["name"] in only]

    def cmd(self, program: dict, *extra: str) -> list[str]:
        cmd = [program["exe"], "--data", str(self.args.data), *extra]
        if self.args.datasets:
            cmd += ["--datasets", ",".join(self.args.datasets)]
        return cmd

    def note_failure(self, inv: Invocation, what: str) -> None:
        if inv.failure:
            self.failures.append(f"{self.name}: {inv.program} {what}: {inv.failure}")
        for bad in inv.bad_lines:
            self.failures.append(f"{self.name}: {inv.program} {what}: not a JSON line: {bad}")
        for line in inv.lines:
            if "error" in line:
                self.failures.append(f"{self.name}: {'|'.join(map(str, row_key(line)))} "
                                     f"{what}: error: {line['error']}")

    def runnable(self) -> list[dict]:
        """The selected programs that can run; the others go to self.missing with why (CMake's
        words: "not installed (package X >= version)"), and are failures of --smoke, since CI
        must prove every row."""
        out = []
        for p in self.selected():
            exe = p.get("exe")
            if not exe:
                why = p.get("why") or "not built"
                self.missing[p["name"]] = why if why.startswith("not installed") else f"missing: {why}"
            elif not os.access(exe, os.X_OK):
                self.missing[p["name"]] = f"missing: {exe} not built"
            else:
                out.append(p)
                continue
            if self.args.smoke:
                self.failures.append(f"{self.name}: {p['name']}: {self.missing[p['name']]}")
        return out

    # -- steps ----------------------------------------------------------------------------

    def verify(self, programs: list[dict]) -> None:
        dumps = self.folder / "dumps"
        dumps.mkdir(parents=True, exist_ok=True)
        for old in dumps.glob("*.json"):  # no stale dump can stand in for a missing one
            old.unlink()
        # metajson runs first: its output is the reference. With --only, it still runs here.
        reference = [p for p in self.programs if p["name"] == "metajson" and p.get("exe")]
        order = reference + [p for p in programs if p["name"] != "metajson"]
        results: dict[str, Invocation] = {}
        for p in order:
            inv = Invocation(p["name"], "verify", None)
            run_program(self.cmd(p, "--mode", "verify", "--dump", str(dumps)), inv,
                        f"[{self.name} verify {p['name']}]", self.args.timeout)
            results[p["name"]] = inv
            self.invocations.append(inv)
            self.note_failure(inv, "verify")
            self.raw["verify"] += [dict(line, program=p["name"]) for line in inv.lines]

        ref_inv = results.get("metajson")
        ref_dumps = {}
        for line in ref_inv.lines if ref_inv else []:
            if (line.get("variant"), line.get("direction")) == ("fresh", "write") \
                    and "dump" in line and "error" not in line:
                ref_dumps[line["dataset"]] = Path(line["dump"])
        verifier = Verifier(ref_dumps)
        known = load_known_differences(self.args.known)
        selected = {p["name"] for p in programs}
        for name, inv in results.items():
            if name not in selected:
                continue
            for line in inv.lines:
                row = self.rows.setdefault(row_key(line), new_row(name, row_key(line)))
                verify_row(row, line, verifier, known)
                v = row["verification"]
                if v.startswith("unverified") or v.startswith("DIFFERS") and not row["known_cause"]:
                    self.failures.append(f"{self.name}: {'|'.join(map(str, row_key(line)))}: {v}")
            if inv.failure:  # rows it never printed say so
                for row in placeholder_rows(name, self.args.datasets or list(DATASET_FILES),
                                            f"crashed: {inv.failure} (in verify)"):
                    self.rows.setdefault(row_key(row), row)
        used = {row["known_entry"] for row in self.rows.values()}
        for entry, _, _ in known:
            if entry not in used:
                say(f"note: known_differences.json entry {entry!r} explains no difference "
                    f"in the {self.name} build (stale, or its program did not run)")

    def time(self, programs: list[dict]) -> None:
        passes = 1 if self.args.smoke else self.args.runs
        for k in range(1, passes + 1):
            for p in programs:
                extra = ["--mode", "time", "--run", str(k)] + (["--smoke"] if self.args.smoke else [])
                inv = Invocation(p["name"], "time", k)
                run_program(self.cmd(p, *extra), inv, f"[{self.name} run {k}/{passes} {p['name']}]",
                            self.args.timeout)
                self.invocations.append(inv)
                self.note_failure(inv, f"time run {k}")
                self.raw["time"] += [dict(line, program=p["name"]) for line in inv.lines]
                seen = set()
                for line in inv.lines:
                    key = row_key(line)
                    seen.add(key)
                    row = self.rows.get(key)
                    if row is None:
                        row = self.rows[key] = new_row(p["name"], key)
                        row["verification"] = "unverified (not in verify output)"
                    if row["bytes"] is None:
                        row["bytes"] = line.get("bytes")
                    if "error" in line:
                        row["problems"].append(f"run {k}: error: {line['error']}")
                    elif not self.args.smoke:
                        row["runs"].append({f: line.get(f) for f in
                                            ("run", "iterations", "seconds", "mb_per_s")})
                if inv.failure:
                    for key, row in self.rows.items():
                        if row["program"] == p["name"] and key not in seen:
                            row["problems"].append(f"run {k}: no result ({inv.failure})")

    def callgrind(self, programs: list[dict]) -> None:
        """Instructions per byte under callgrind; the programs toggle instrumentation around
        their timed loop, so valgrind starts with instrumentation off."""
        valgrind = shutil.which("valgrind")
        if not valgrind:
            sys.exit("run.py: --callgrind needs valgrind (apt-get install valgrind)")
        iters = self.args.callgrind_iters
        cases = [r for r in self.rows.values()
                 if r["program"] in {p["name"] for p in programs}
                 and not r["verification"].startswith(("error", "missing", "not installed", "crashed"))]
        # The Rust program has no callgrind client requests to switch instrumentation on.
        for r in [r for r in cases if r["program"] == "serde"]:
            r["problems"].append("callgrind: not measured (the Rust program cannot toggle "
                                 "callgrind's instrumentation)")
        cases = [r for r in cases if r["program"] != "serde"]
        exe = {p["name"]: p["exe"] for p in programs}
        with tempfile.TemporaryDirectory(prefix="metajson-callgrind-") as tmp:
            for i, row in enumerate(cases, 1):
                key = (row["library"], row["variant"], row["dataset"], row["direction"])
                out = Path(tmp) / f"callgrind.{i}"
                cmd = [valgrind, "-q", "--tool=callgrind", "--instr-atstart=no",
                       f"--callgrind-out-file={out}", exe[row["program"]], "--data",
                       str(self.args.data), "--mode", "callgrind", "--iters", str(iters),
                       "--case", "|".join(key)]
                inv = Invocation(row["program"], "callgrind", None)
                run_program(cmd, inv, f"[{self.name} callgrind {i}/{len(cases)} {row['program']}]",
                            self.args.timeout)
                self.invocations.append(inv)
                self.raw["callgrind"] += [dict(line, program=row["program"]) for line in inv.lines]
                line = next((ln for ln in inv.lines if row_key(ln) == key), {})
                ir = read_callgrind_ir(out)
                nbytes = line.get("bytes") or row["bytes"]
                n = line.get("iterations") or iters
                if inv.failure or "error" in line or not line:
                    why = inv.failure or line.get("error") or "the program printed no line for it"
                    row["problems"].append(f"callgrind: {why}")
                elif line.get("callgrind") is False:
                    row["problems"].append("callgrind: program built without valgrind/callgrind.h")
                elif not ir:
                    row["problems"].append("callgrind: no instructions counted "
                                           "(instrumentation never started?)")
                elif nbytes:
                    row["instructions_per_byte"] = ir / (nbytes * n)
                    row["callgrind"] = {"ir": ir, "iterations": n, "bytes": nbytes}

    def result(self, env: dict) -> dict:
        rows = list(self.rows.values())
        for name, why in self.missing.items():
            rows += placeholder_rows(name, self.args.datasets or list(DATASET_FILES), why)
        aggregate(rows)
        return {"build": self.name, "folder": str(self.folder), "flags": self.meta.get("flags"),
                "compiler": self.meta.get("compiler"), "programs": self.programs,
                "only": self.args.only, "runs": self.args.runs, "date": env["date"],
                "environment": env, "missing": self.missing, "rows": rows, "raw": self.raw,
                "invocations": [inv.record() for inv in self.invocations]}


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


# ---------------------------------------------------------------------------------------------
# Environment and outputs


def _cmd_output(cmd: list[str], cwd: Path | None = None) -> str | None:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def collect_environment(builds: list[Path]) -> dict:
    """Machine, git commit and library versions, stored with the results."""
    cpu = None
    if Path("/proc/cpuinfo").is_file():
        m = re.search(r"^model name\s*:\s*(.+)$", Path("/proc/cpuinfo").read_text(), re.M)
        cpu = m and m.group(1).strip()
    mem = None
    if Path("/proc/meminfo").is_file():
        m = re.search(r"^MemTotal:\s*(\d+) kB", Path("/proc/meminfo").read_text(), re.M)
        mem = m and f"{int(m.group(1)) / 1024 ** 2:.1f} GiB"
    commit = _cmd_output(["git", "rev-parse", "--short", "HEAD"], REPO)
    if commit and _cmd_output(["git", "status", "--porcelain", "--untracked-files=no"], REPO):
        commit += "-dirty"

    versions = {}
    pkgs = ["libsimdjson-dev", "libglaze-dev", "libyyjson-dev", "rapidjson-dev",
            "nlohmann-json3-dev", "libboost-json-dev"]
    for pkg in pkgs:
        out = _cmd_output(["dpkg-query", "-W", "-f", "${Version}", pkg])
        versions[pkg] = out or "not installed"
    reflect = "0.21"  # the version bootstrap unpacks, when its changelog cannot be read
    for folder in [*builds, BENCH / "build"]:
        changelog = folder / "prefix/usr/share/doc/libreflectcpp-dev/changelog.Debian.gz"
        if changelog.is_file():
            with gzip.open(changelog, "rt", errors="replace") as f:
                m = re.match(r"\S+ \(([^)]+)\)", f.readline())
            if m:
                reflect = m.group(1)
                break
    versions["reflect-cpp"] = reflect
    lock = BENCH / "serde/Cargo.lock"
    if lock.is_file():
        for name, version in re.findall(r'name = "([^"]+)"\nversion = "([^"]+)"', lock.read_text()):
            if name in ("serde", "serde_json"):
                versions[name] = version
    versions["rustc"] = _cmd_output(["rustc", "--version"]) or "not found"
    return {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": commit or "unknown", "cpu": cpu, "cores": os.cpu_count(), "memory": mem,
            "kernel": platform.release(), "python": platform.python_version(),
            "versions": versions}


def write_csv(path: Path, result: dict) -> None:
    fields = ["build", "library", "variant", "dataset", "direction", "bytes", "run",
              "iterations", "seconds", "mb_per_s", "allocs_per_call", "verification"]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(fields)
        for row in result["rows"]:
            base = [result["build"], row["library"], row["variant"], row["dataset"],
                    row["direction"], row["bytes"]]
            tail = [row["allocs_per_call"], row["verification"]]
            for r in row["runs"] or [{}]:  # a row never timed still gets one line
                w.writerow(base + [r.get("run"), r.get("iterations"), r.get("seconds"),
                                   r.get("mb_per_s")] + tail)


def print_summary(build: Build) -> None:
    say(f"\n== {build.name}: verification ==")
    for row in sorted(build.rows.values(), key=lambda r: (r["dataset"], r["direction"],
                                                            r["library"], r["variant"])):
        say(f"  {row['dataset']:8} {row['direction']:5} {row['library']} | {row['variant']}: "
            f"{row['verification']}" + (f" [{'; '.join(row['problems'])}]" if row["problems"] else ""))
    for name, why in build.missing.items():
        say(f"  {name}: {why}")


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", action="append", type=Path, default=[],
                    help="build folder with benchmarks.json (repeatable; default: bench/build "
                         "and bench/build-native where they exist)")
    ap.add_argument("--data", type=Path, default=os.environ.get("METAJSON_DATA_DIR"),
                    help="dataset folder (default: $METAJSON_DATA_DIR)")
    ap.add_argument("--runs", type=int, default=3, help="timing runs per program (default 3)")
    ap.add_argument("--smoke", action="store_true",
                    help="verify + one short timing pass; write nothing; exit 1 on any failure")
    ap.add_argument("--only", type=lambda s: [x for x in s.split(",") if x],
                    help="comma-separated program names to run (development)")
    ap.add_argument("--datasets", type=lambda s: [x for x in s.split(",") if x],
                    help="comma-separated datasets passed to the programs (default: all)")
    ap.add_argument("--results", type=Path, default=BENCH / "results",
                    help="folder for <build>.json, <build>.csv, charts/ (default: bench/results)")
    ap.add_argument("--report", type=Path, default=BENCH / "REPORT.md",
                    help="the report to write (default: bench/REPORT.md)")
    ap.add_argument("--notes", type=Path, default=BENCH / "report_notes.md",
                    help="hand-written markdown included verbatim in the report")
    ap.add_argument("--known", type=Path, default=BENCH / "known_differences.json",
                    help="accepted differences, 'library|variant|dataset|direction' -> cause "
                         "(default: bench/known_differences.json)")
    ap.add_argument("--callgrind", action="store_true",
                    help="also count instructions per byte under callgrind (default build)")
    ap.add_argument("--callgrind-iters", type=int, default=20,
                    help="calls counted per case under callgrind (default 20)")
    ap.add_argument("--timeout", type=float, default=3600,
                    help="seconds before one program run is killed (default 3600)")
    args = ap.parse_args(argv)
    if not args.data:
        ap.error("no dataset folder: set METAJSON_DATA_DIR or pass --data DIR")
    if not args.data.is_dir():
        ap.error(f"dataset folder {args.data} does not exist")
    for ds in args.datasets or DATASET_FILES:
        if ds not in DATASET_FILES:
            ap.error(f"unknown dataset {ds} (known: {', '.join(DATASET_FILES)})")
        if not (args.data / DATASET_FILES[ds]).is_file():
            ap.error(f"{args.data / DATASET_FILES[ds]} not found (METAJSON_DATA_DIR should hold "
                     f"{', '.join(DATASET_FILES.values())})")
    if args.runs < 1:
        ap.error("--runs must be at least 1")
    if not args.build:
        args.build = [b for b in (BENCH / "build", BENCH / "build-native")
                      if (b / "benchmarks.json").is_file()]
        if not args.build:
            ap.error("no build folder with benchmarks.json: build bench/ first or pass --build")
    args.data = args.data.resolve()
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    builds = [Build(folder.resolve(), args) for folder in args.build]
    if args.only:
        known = {p["name"] for b in builds for p in b.programs}
        unknown = [n for n in args.only if n not in known]
        if unknown:
            sys.exit(f"run.py: --only: no program named {', '.join(unknown)} "
                     f"(programs: {', '.join(sorted(known))})")
    env = collect_environment([b.folder for b in builds]) if not args.smoke else {}
    callgrind_build = next((b for b in builds if b.name == "default"), builds[0])

    # Every build is verified first (cheap, and a failure shows before the long timing).
    programs = {}
    for build in builds:
        programs[build.name] = build.runnable()
        build.verify(programs[build.name])
    for build in builds:
        build.time(programs[build.name])
        if args.callgrind and not args.smoke and build is callgrind_build:
            build.callgrind(programs[build.name])
    for build in builds:
        print_summary(build)

    if args.smoke:
        failures = [f for b in builds for f in b.failures]
        for f in failures:
            say(f"FAIL {f}")
        say(f"smoke: {'FAILED, ' + str(len(failures)) + ' failure(s)' if failures else 'passed'}")
        return 1 if failures else 0

    args.results.mkdir(parents=True, exist_ok=True)
    for build in builds:
        result = build.result(env)
        (args.results / f"{build.name}.json").write_text(json.dumps(result, indent=1) + "\n")
        write_csv(args.results / f"{build.name}.csv", result)
        say(f"wrote {args.results / build.name}.json and .csv")
    report.generate(args.results, args.report, args.notes)
    say(f"wrote {args.report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

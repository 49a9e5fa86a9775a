#!/usr/bin/env python3
"""The benchmark's method (bench/PROTOCOL.md, "Method"): its statistics, its summary's verdicts,
and run.py's rounds from end to end, on fake programs (nothing is built; seconds).

    tests/setup/bench_method_test.py    (ctest: bench_method_test, label setup)

* bench/scripts/summary.py: the order-statistics interval of a median (and the range below 6
  rounds), the bootstrap over paired rounds (fixed seed: the same figures give the same
  interval), pairing (a disturbance common to a round cancels in the ratio), verdicts (an
  interval holding 1.0 or the target is unsettled; wider than ±10 % is marked), the targets;
* run.py --quick and the full study (without callgrind and the compile table) on two fake
  programs that speak the protocol: the rounds are interleaved and rotated, every row gets one
  figure per round, the summary is printed and written, bench/REPORT.md's sections are there,
  and tools/readme_table.py reads its summary;
* the full study's extra sections: a fake dynamic_bench run by run.py into results/dynamic.json
  ("Dynamic JSON": its rows, ratios and the issue's targets met or not), the quick run's
  summary.json standing in for `make bench-clang`'s ("On Clang (C++23 backend)"), and the
  sentences that say either was not run.
"""

import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench/scripts"))
sys.path.insert(0, str(REPO / "tools"))
import readme_table  # noqa: E402
import report  # noqa: E402
import run  # noqa: E402
import summary  # noqa: E402

failures = []


def check(what: str, ok: bool, detail: str = "") -> None:
    print(f"{'ok  ' if ok else 'FAIL'} {what}" + ("" if ok else f"\n     {detail}"))
    if not ok:
        failures.append(what)


def statistics_part() -> None:
    iv = summary.median_interval([5, 1, 3])
    check("3 rounds: the range, labelled, with its 75 % coverage",
          (iv["low"], iv["high"], iv["kind"], round(iv["coverage"], 3)) == (1, 5, "range", 0.75), str(iv))
    iv = summary.median_interval([6, 5, 4, 3, 2, 1])
    check("6 rounds: order statistics [x(1), x(6)], 96.9 %",
          (iv["low"], iv["high"], iv["kind"], round(iv["coverage"], 4)) == (1, 6, "order statistics", 0.9688), str(iv))
    iv = summary.median_interval(list(range(1, 10)))
    check("9 rounds: [x(2), x(8)], 96.1 %: one disturbed round on each side is left out",
          (iv["low"], iv["high"], round(iv["coverage"], 4)) == (2, 8, 0.9609), str(iv))
    iv = summary.median_interval(list(range(1, 13)))
    check("12 rounds: [x(3), x(10)]", (iv["low"], iv["high"]) == (3, 10), str(iv))

    # Paired rounds: metajson and the other program slowed down together in round 2 (a disturbed
    # round): the per-round ratios are all 2, so the interval is [2, 2].
    ours = {1: 200.0, 2: 100.0, 3: 210.0, 4: 190.0, 5: 205.0, 6: 195.0}
    theirs = {k: v / 2 for k, v in ours.items()}
    est = summary.ratio_estimate(ours, theirs)
    check("paired rounds: a disturbance common to a round cancels",
          abs(est["ratio"] - 2) < 1e-9 and abs(est["low"] - 2) < 1e-9 and abs(est["high"] - 2) < 1e-9, str(est))
    theirs2 = {1: 100.0, 2: 60.0, 3: 140.0, 4: 90.0, 5: 100.0, 6: 110.0}
    a, b = summary.ratio_estimate(ours, theirs2), summary.ratio_estimate(ours, theirs2)
    check("the bootstrap has a fixed seed: the same figures give the same interval", a == b, f"{a} {b}")
    check("the interval holds the ratio", a["low"] <= a["ratio"] <= a["high"], str(a))
    check("rounds are paired by number: a round only one program has is left out",
          summary.ratio_estimate({1: 10.0, 2: 10.0}, {2: 5.0, 3: 1.0})["n"] == 1)

    v = summary.verdict({"ratio": 1.05, "low": 0.97, "high": 1.12}, 1.2)
    check("an interval holding 1.0 is unsettled", not v["settled"] and "holds 1.0" in v["words"], str(v))
    v = summary.verdict({"ratio": 1.25, "low": 1.15, "high": 1.3}, 1.2)
    check("an interval holding the target is unsettled", not v["settled"] and "target 1.2" in v["words"], str(v))
    v = summary.verdict({"ratio": 1.5, "low": 1.45, "high": 1.55}, 1.2)
    check("a clear one is settled, the target met", v["settled"] and "met" in v["words"] and not v["wide"], str(v))
    v = summary.verdict({"ratio": 0.5, "low": 0.4, "high": 0.52}, 1.2)
    check("wider than ±10 %: marked WIDE even when settled", v["settled"] and v["wide"] and "WIDE" in v["words"], str(v))
    v = summary.verdict({"ratio": 2.0, "low": 2.0, "high": 2.0, "n": 1}, 1.2)
    check("one round: unsettled, however clear", not v["settled"] and "one round" in v["words"], str(v))
    check("targets: twitter read against simdjson at 1.0×",
          summary.target_for("twitter", "read", "fresh") == (1.0, "simdjson"))
    check("targets: every write row at 1.2×", summary.target_for("player", "write", "reused") == (1.2, None))
    check("strictness: a duplicate key read as the first value is 'first wins'",
          summary.strictness_cell("duplicate keys", ["accepted, value differs"]) == "accepted, first wins")
    check("strictness: two of three grammar probes let through",
          summary.strictness_cell("skipped values: grammar", ["accepted", "rejected", "accepted"]) == "1 of 3 rejected")


# A program that speaks bench/PROTOCOL.md without a JSON library: every output is "[1,2,3]"
# (so every dump matches metajson's), and its MB/s are made up so that the summary's verdicts
# are known: a disturbance common to a round (round 2 is slow for everyone), metajson 2x glaze
# on writes (settled), and on reads a ratio that swings across 1.0 from round to round.
FAKE = r'''#!/usr/bin/env python3
import json, os, sys
NAME = sys.argv[1]
LIB = NAME
ROWS = {"metajson": [("fresh", "write"), ("reused", "write"), ("from", "read")],
        "glaze": [("fresh", "write"), ("reused", "write"), ("read", "read")]}[NAME]
args = sys.argv[2:]
get = lambda k, d=None: args[args.index(k) + 1] if k in args else d
mode, run = get("--mode"), int(get("--run", "1"))
datasets = get("--datasets", "twitter,citm,canada,player,order,ndjson").split(",")
print(json.dumps({"kind": "program", "program": "bench_" + NAME, "simd": {"read": "fake", "write": "fake"},
                  "cpus": "0"}))
def mbps(direction, run):
    common = 0.5 if run == 2 else 1.0
    if direction == "write":
        return (200.0 if NAME == "metajson" else 100.0) * common
    return 100.0 * common * ((1.2 if run % 2 else 0.85) if NAME == "metajson" else 1.0)
if mode == "serve":
    ds = datasets[0]
    rows = [("read_ndjson, string", "read") if (ds == "ndjson" and v == "from") else (v, d) for v, d in ROWS]
    for i, (variant, direction) in enumerate(rows):
        print(json.dumps({"library": LIB, "variant": variant, "dataset": ds, "direction": direction,
                          "kind": "case", "id": i, "bytes": 7 if direction == "read" else 0}), flush=True)
    print(json.dumps({"kind": "ready"}), flush=True)
    for command in sys.stdin:
        words = command.split()
        if words[0] == "quit":
            break
        i = int(words[1])
        variant, direction = rows[i]
        n = 1 if words[0] == "warm" else int(words[2])
        cpu = 7 * n / mbps(direction, run) / 1e6
        reply = {"id": i, "cpu": cpu, "wall": cpu, "bytes": 7}
        reply["calls" if words[0] == "warm" else "n"] = n
        print(json.dumps(reply), flush=True)
    sys.exit(0)
if mode == "strictness":
    for probe in ("unknown_key", "skipped_missing_comma", "trailing_garbage", "duplicate_key"):
        out = "accepted" if (probe == "unknown_key" or NAME == "glaze") else "rejected"
        print(json.dumps({"library": LIB, "variant": ROWS[2][0], "dataset": "player", "direction": "read",
                          "probe": probe, "outcome": out}))
    sys.exit(0)
for ds in datasets:
    rows = [("read_ndjson, string", "read") if (ds == "ndjson" and v == "from") else (v, d) for v, d in ROWS]
    for variant, direction in rows:
        line = {"library": LIB, "variant": variant, "dataset": ds, "direction": direction, "bytes": 7}
        if mode == "verify":
            dump = get("--dump")
            path = os.path.join(dump, f"{LIB}__{variant}__{ds}__{direction}.json")
            open(path, "w").write("[1,2,3]")
            if ds in ("player", "order") and NAME == "metajson":
                open(os.path.join(dump, f"input__{ds}.json"), "w").write("[1,2,3]")
            line.update(allocs_per_call=1, **({"dump": path} if direction == "write" else {"verified": True}))
        print(json.dumps(line))
'''


# bench/build/dynamic_bench as run.py runs it: METAJSON_DATA_DIR set, --rounds, --seconds and
# --json FILE, which it writes in the program's format (write_json_report in
# bench/micro/dynamic_bench.cpp) with made-up figures: on twitter, document::parse 1.10x simdjson's
# DOM (target 1.0: met) and 1.10x yyjson_read (target 1.2: not met), to_json(value) 1.30x
# yyjson_write (met); canada without the document rows.
FAKE_DYNAMIC = r'''#!/usr/bin/env python3
import json, os, sys
args = sys.argv[1:]
get = lambda k: args[args.index(k) + 1]
assert os.environ["METAJSON_DATA_DIR"]
rounds = int(get("--rounds"))
def row(op, library, us):
    return {"op": op, "library": library, "us_median": us, "us_min": us * 0.9, "us_max": us * 1.1,
            "mb_per_s": 1000 / us, "wall_us_median": us, "us_rounds": [us] * rounds}
def ratio(a, b, x):
    return {"row": a, "to": b, "median": x, "min": x - 0.05, "max": x + 0.05}
twitter = {"name": "twitter.json", "bytes": 1000, "rows": [
    row("read", "metajson document::parse", 100.0), row("read", "metajson document parse_into", 90.0),
    row("read", "metajson validate() (for scale)", 50.0), row("read", "metajson from<value>", 200.0),
    row("read", "yyjson_read (malloc)", 110.0), row("read", "yyjson_read (pool)", 100.0),
    row("read", "simdjson dom parse", 110.0), row("read", "nlohmann::json::parse", 1000.0),
    row("write", "metajson to_json(document)", 40.0), row("write", "metajson to_json(value)", 50.0),
    row("write", "yyjson_write", 65.0), row("write", "nlohmann dump", 400.0)],
    "ratios": [ratio("metajson document::parse", "yyjson_read (malloc)", 1.10),
               ratio("metajson document::parse", "yyjson_read (pool)", 1.00),
               ratio("metajson document::parse", "simdjson dom parse", 1.10),
               ratio("metajson document::parse", "nlohmann::json::parse", 10.0),
               ratio("metajson document parse_into", "simdjson dom parse", 1.22),
               ratio("metajson from<value>", "yyjson_read (malloc)", 0.55),
               ratio("metajson to_json(document)", "yyjson_write", 1.62),
               ratio("metajson to_json(value)", "yyjson_write", 1.30),
               ratio("metajson to_json(value)", "nlohmann dump", 8.0)]}
canada = {"name": "canada.json", "bytes": 2000, "rows": [
    row("read", "metajson from<value>", 300.0), row("read", "yyjson_read (malloc)", 330.0),
    row("write", "metajson to_json(value)", 80.0), row("write", "yyjson_write", 80.0)],
    "ratios": [ratio("metajson from<value>", "yyjson_read (malloc)", 1.10),
               ratio("metajson to_json(value)", "yyjson_write", 1.00)]}
report = {"program": "dynamic_bench", "rounds": rounds, "row_seconds": float(get("--seconds")),
          "cpu": "Fake CPU @ 1 GHz", "index_kernel": "fake", "date": "2026-11-27T12:00:00Z", "core": 0,
          "command": " ".join(["bench/build/dynamic_bench"] + args), "compiler": "gcc 16.2.0 (fake)",
          "simdjson": "4.6.0 (fallback)", "yyjson": "0.12.0", "nlohmann": "3.11.3",
          "documents": [twitter, canada]}
open(get("--json"), "w").write(json.dumps(report))
print("fake dynamic_bench: done")
'''


def dynamic_and_clang_part(tmp: Path, text: str) -> None:
    """REPORT.md's sections from the fake dynamic_bench and the quick run's summary (as
    `make bench-clang`'s), then without them."""
    dyn = text[text.find("## Dynamic JSON"):text.find("## On Clang")]
    check("REPORT.md has the Dynamic JSON section before the Clang one", "## Dynamic JSON" in text and
          0 < text.find("## Dynamic JSON") < text.find("## On Clang (C++23 backend)"), text[-3000:])
    lines = dyn.splitlines()
    line = lambda start: next((x for x in lines if x.startswith(start)), "")
    for what, start, want in (
            ("run.py ran it with the study's rounds and seconds, the command shown", "| Command |",
             "--rounds 4 --seconds 0.01 --json"),
            ("the CPU and the core", "| CPU |", "Fake CPU @ 1 GHz, core 0"),
            ("the versions", "| simdjson |", "4.6.0 (fallback)"),
            ("target: document::parse 1.10× simdjson DOM, met", "| document::parse | simdjson dom parse | ≥ 1.0× |",
             "1.10× (1.05–1.15): met"),
            ("target: document::parse 1.10× yyjson_read (malloc), not met",
             "| document::parse | yyjson_read (malloc) | ≥ 1.2× |", "1.10× (1.05–1.15): **not met**"),
            ("target: to_json(value) 1.30× yyjson_write, met; 1.00× on canada, not met",
             "| to_json(value) | yyjson_write | ≥ 1.2× |", "1.30× (1.25–1.35): met | 1.00× (0.95–1.05): **not met**"),
            ("target: a row the program did not time is 'not measured'", "| document parse_into | yyjson_read (pool) |",
             "— (not measured) | — (not measured)"),
            ("a document's rows: µs per document, the malloc regime named",
             "| read | yyjson_read (malloc) | + `yyjson_doc_free`; glibc malloc", "| 110 | 99–121 |"),
            ("the write ratios as the program computed them, one column per peer",
             "| metajson to_json(value) |", "| 1.30× (1.25–1.35) | 8.00× (7.95–8.05) |")):
        check(f"Dynamic JSON: {what}", want in line(start), line(start) or dyn[:3000])
    check("Dynamic JSON: the documents by name, with their sizes",
          "**twitter** (`twitter.json`, 1,000 bytes)" in dyn and "**canada** (`canada.json`, 2,000 bytes)" in dyn, dyn[:3000])
    clang = text[text.find("## On Clang (C++23 backend)"):]
    check("On Clang: the date, the compiler and the metajson / glaze table from the bench-clang figures",
          "g++-16 (fake) 16.2.0" in clang and "- Measured 20" in clang and "metajson / glaze" in clang
          and any(x.startswith("| twitter | write | fresh |") and "glaze fresh" in x for x in clang.splitlines()),
          clang[:3000])

    results = tmp / "results"
    (results / "clang.json").unlink()
    (results / "dynamic.json").unlink()
    report.generate(results, tmp / "REPORT-none.md", None)
    none = (tmp / "REPORT-none.md").read_text()
    check("without dynamic.json: the Dynamic JSON section says it was not run",
          "## Dynamic JSON\n\nNot run in this study: no `dynamic.json` in the results" in none, none[-2000:])
    check("without clang.json: the Clang section says it was not run",
          "## On Clang (C++23 backend)\n\nNot run in this study: no `clang.json` in the results" in none, none[-2000:])
    (results / "dynamic.json").write_text(json.dumps({"program": "dynamic_bench", "not_run": "`x` was not built"}))
    report.generate(results, tmp / "REPORT-none.md", None)
    none = (tmp / "REPORT-none.md").read_text()
    check("a dynamic.json that says why it was not run: the report says why",
          "Not run in this study: `x` was not built." in none, none[-2000:])


def driver_part(tmp: Path) -> None:
    data = tmp / "data"
    data.mkdir()
    for name in run.DATASET_FILES.values():
        (data / name).write_text("{}")
    build = tmp / "build"
    build.mkdir()
    programs = []
    for name in ("metajson", "glaze"):
        exe = build / f"bench_{name}"
        exe.write_text(f"#!/bin/sh\nexec {sys.executable} {build / 'fake.py'} {name} \"$@\"\n")
        exe.chmod(0o755)
        programs.append({"name": name, "exe": str(exe)})
    (build / "fake.py").write_text(FAKE)
    (build / "fake_dynamic.py").write_text(FAKE_DYNAMIC)
    exe = build / "dynamic_bench"
    exe.write_text(f"#!/bin/sh\nexec {sys.executable} {build / 'fake_dynamic.py'} \"$@\"\n")
    exe.chmod(0o755)
    (build / "benchmarks.json").write_text(json.dumps({"build": "default", "flags": "-O3", "compiler": "g++-16 (fake) 16.2.0",
                                                       "programs": programs}))
    common = ["--build", str(build), "--data", str(data), "--no-pin", "--runs", "6"]
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = run.main(["--quick", "--only", "metajson,glaze", "--summary", str(tmp / "summary.md"), *common])
    check("run.py --quick on fake programs exits 0", code == 0, err.getvalue()[-3000:])
    if code != 0:
        return
    results = json.loads((tmp / "summary.json").read_text())
    rows = {(r["library"], r["variant"], r["dataset"], r["direction"]): r for r in results[0]["rows"]}
    row = rows[("metajson", "fresh", "twitter", "write")]
    check("every row has one figure per round (6)", sorted(r["run"] for r in row["runs"]) == [1, 2, 3, 4, 5, 6],
          str(row["runs"]))
    order = [(t["run"], t["dataset"], t["program"]) for t in results[0]["raw"]["time"]]
    check("rounds interleaved and rotated: round 1 starts with metajson, round 2 with glaze",
          order[:2] == [(1, "twitter", "metajson"), (1, "twitter", "glaze")]
          and order[12:14] == [(2, "twitter", "glaze"), (2, "twitter", "metajson")], str(order[:14]))
    check("a row's batches alternate with the others': at least 5 per row and round",
          all(r["batches"] >= 5 for r in row["runs"]), str(row["runs"][:2]))
    text = out.getvalue()
    check("the summary is printed with the machine, method and SIMD lines",
          "unpinned" in text and "SIMD, metajson: read fake" in text, text[:1500])
    written = (tmp / "summary.md").read_text()
    twitter_write = next((line for line in written.splitlines() if line.startswith("| twitter | write | fresh")), "")
    check("a write row: 2.00×, its paired interval [2.00, 2.00] despite the slow round 2, target met",
          "| 2.00× | 2.00–2.00 |" in twitter_write and "target 1.2× met" in twitter_write, twitter_write)
    twitter_read = next((line for line in written.splitlines() if line.startswith("| twitter | read | fresh")), "")
    check("a read row whose rounds swing across 1.0: in parentheses, UNSETTLED",
          ("| (1." in twitter_read or "| (0." in twitter_read) and "UNSETTLED" in twitter_read, twitter_read)
    check("the strictness table is in the summary",
          "| glaze · read | skipped | accepted |" in written and "| metajson · from | skipped | rejected |" in written,
          written[-1500:])

    # The full study (no native build, callgrind or compile table here): bench/REPORT.md.
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = run.main([*common, "--no-callgrind", "--compile-runs", "0", "--results", str(tmp / "results"),
                         "--report", str(tmp / "REPORT.md"), "--notes", str(tmp / "none.md"),
                         "--dynamic-rounds", "4", "--dynamic-seconds", "0.01",
                         "--clang-summary", str(tmp / "summary.json")])
    check("run.py (the full study) on fake programs exits 0", code == 0, err.getvalue()[-3000:])
    if code != 0:
        return
    text = (tmp / "REPORT.md").read_text()
    for section in ("## Summary: metajson / fastest other library", "## What each read checks",
                    "| CPU details |", "Which SIMD code each library ran", "- Rounds: 6. In each round",
                    "order statistics"):
        check(f"REPORT.md has {section!r}", section in text, text[:3000])
    try:
        # (a commit with uncommitted changes is "<hash>-dirty", which the README never quotes)
        meta, rows_, sizes = readme_table.parse(text.replace("-dirty`", "`"))
        table = readme_table.generate(meta, rows_, sizes)["table"]
        ok = any(line.startswith("| twitter,") and "**2.00×**" in line and "~" in line for line in table)
        detail = "\n".join(table)
    except SystemExit as e:
        ok, detail = False, str(e)
    check("tools/readme_table.py reads the new summary: settled 2.00× in bold, unsettled marked ~", ok, detail)
    dynamic_and_clang_part(tmp, text)


def main() -> int:
    statistics_part()
    with tempfile.TemporaryDirectory(prefix="metajson-bench-method-") as tmp:
        driver_part(Path(tmp))
    if failures:
        print(f"bench_method_test: {len(failures)} check(s) failed")
        return 1
    print("bench_method_test: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Writes bench/REPORT.md and its charts from the saved results (bench/results/<build>.json).

run.py calls generate() after a run; run alone, this script regenerates the report from the
saved results without running anything:

    bench/scripts/report.py --results bench/results --report bench/REPORT.md

Charts (one horizontal bar chart per build, dataset and direction) need matplotlib
(bench/requirements.txt); without it the report says they were skipped and why. Everything
else is standard library.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1]
DATASET_ORDER = ["twitter", "citm", "canada", "player", "order", "ndjson"]
# Small messages (generated in code, a few hundred bytes): their tables also give ns per call.
SMALL = {"player", "order"}
DIRECTION_TITLES = {"write": "write (struct → JSON)", "read": "read (JSON → struct)"}
# The study's FFI split (000, section 6.4.1), in order: each step adds one cost to the last.
FFI_STEPS = [("serde_json (Rust)", "to_string (fresh)", "pure `serde_json::to_string` (Rust)"),
             ("serde_json (Rust)", "to_string + CString", "+ `CString` (Rust)"),
             ("serde_json (Rust) via FFI", "CString + FFI call", "+ FFI call (timed from C++)")]


def load_results(results_dir: Path) -> list[dict]:
    """Every <build>.json in results_dir, the default build first."""
    results = []
    for path in sorted(results_dir.glob("*.json")):
        data = json.loads(path.read_text())
        if isinstance(data, dict) and "rows" in data and "build" in data:
            results.append(data)
    results.sort(key=lambda r: (r["build"] != "default", r["build"]))
    return results


def is_reused(row: dict) -> bool:
    return "reused" in row["variant"]


def _datasets(rows: list[dict]) -> list[str]:
    present = {r["dataset"] for r in rows}
    return [d for d in DATASET_ORDER if d in present] + sorted(present - set(DATASET_ORDER))


def _sorted(rows: list[dict]) -> list[dict]:
    """Fastest first; rows without a measurement last."""
    return sorted(rows, key=lambda r: (r["median"] is None, -(r["median"] or 0),
                                       r["library"], r["variant"]))


# ---------------------------------------------------------------------------------------------
# Charts


def draw_charts(results: list[dict], charts_dir: Path) -> tuple[dict, str | None]:
    """One PNG per build × dataset × direction. Returns ({(build, dataset, direction): path},
    None) or ({}, why the charts were skipped)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:  # ImportError, or a broken install
        return {}, f"matplotlib could not be imported ({e}); `pip install -r bench/requirements.txt`"
    charts_dir.mkdir(parents=True, exist_ok=True)
    paths = {}
    for result in results:
        rows = [r for r in result["rows"] if r["median"] is not None]
        for dataset in _datasets(rows):
            for direction in ("write", "read"):
                group = _sorted([r for r in rows if (r["dataset"], r["direction"]) ==
                                 (dataset, direction)])
                if not group:
                    continue
                group.reverse()  # barh draws bottom-up: fastest on top
                labels = [f"{r['library']} · {r['variant']}" +
                          (" (differs)" if r["verification"].startswith("DIFFERS") else "")
                          for r in group]
                med = [r["median"] for r in group]
                err = [[r["median"] - r["min"] for r in group], [r["max"] - r["median"] for r in group]]
                colors = ["#d1495b" if r["library"] == "metajson" else "#4c72b0" for r in group]
                fig, ax = plt.subplots(figsize=(9, 0.42 * len(group) + 1.3))
                bars = ax.barh(range(len(group)), med, xerr=err, color=colors, capsize=3,
                               error_kw={"elinewidth": 1, "ecolor": "#333333"})
                for bar, r in zip(bars, group):
                    if is_reused(r):
                        bar.set_alpha(0.55)
                        bar.set_hatch("//")
                    ax.text(r["max"], bar.get_y() + bar.get_height() / 2, f"  {r['median']:,.0f}",
                            va="center", fontsize=8)
                ax.set_yticks(range(len(group)), labels, fontsize=8)
                ax.set_xlabel("MB/s (median; bars: min–max of the runs; hatched: reused buffer)")
                ax.set_title(f"{dataset} {direction}, {result['build']} build "
                             f"({result.get('flags') or '?'})", fontsize=10)
                ax.set_xlim(0, max(r["max"] for r in group) * 1.15)
                ax.grid(axis="x", alpha=0.3)
                fig.tight_layout()
                path = charts_dir / f"{result['build']}-{dataset}-{direction}.png"
                fig.savefig(path, dpi=100)
                plt.close(fig)
                paths[(result["build"], dataset, direction)] = path
    return paths, None


# ---------------------------------------------------------------------------------------------
# Markdown


def cell(text) -> str:
    """A markdown table cell: '|' escaped, '<' '>' kept visible (variant names hold them)."""
    return str(text).replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def _num(x, fmt="{:,.0f}") -> str:
    return "—" if x is None else fmt.format(x)


def _allocs(x) -> str:
    if x is None:
        return "—"
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.1f}"


def _verified(row: dict) -> str:
    text = row["verification"]
    return text if len(text) <= 90 else text[:87] + "…"


def _ns(row: dict):
    """ns per call of the median run (bytes / median MB/s)."""
    if row.get("median") and row.get("bytes"):
        return row["bytes"] * 1e3 / row["median"]
    return None


def row_table(rows: list[dict], direction: str, small: bool = False) -> list[str]:
    size = "output bytes" if direction == "write" else "input bytes"
    ns_head, ns_rule = ("ns/message (median) | ", "--:|") if small else ("", "")
    out = [f"| library | variant | {size} | verified | {ns_head}MB/s (median) | spread "
           f"| × simdjson fresh | × metajson | allocs/call |",
           f"|---|---|--:|---|{ns_rule}--:|--:|--:|--:|--:|"]
    for r in _sorted(rows):
        lib = f"**{cell(r['library'])}**" if r["library"] == "metajson" else cell(r["library"])
        ns = [_num(_ns(r))] if small else []
        out.append("| " + " | ".join([
            lib, cell(r["variant"]), _num(r["bytes"]), cell(_verified(r))] + ns + [
            _num(r["median"]), _num(r["spread_pct"], "{:.1f} %"), _num(r["x_simdjson"], "{:.2f}×"),
            _num(r["x_metajson"], "{:.2f}×"), _allocs(r["allocs_per_call"])]) + " |")
    return out


def row_notes(rows: list[dict]) -> list[str]:
    """Per-row details that do not fit the table: notes, first differences, problems."""
    out = []
    for r in _sorted(rows):
        name = f"{r['library']} · {r['variant']}"
        if r.get("note"):
            out.append(f"- {cell(name)}: {r['note']}")
        if r.get("known_cause") and r.get("difference"):
            out.append(f"- {cell(name)}: found `{r['difference']}` (this row vs metajson)")
        elif r["verification"].startswith("DIFFERS") and len(r["verification"]) > 90:
            out.append(f"- {cell(name)}: {r['verification']}")
        for problem in r.get("problems", []):
            out.append(f"- {cell(name)}: {problem}")
    return out


def ffi_table(rows: list[dict], dataset: str) -> list[str]:
    by_key = {(r["library"], r["variant"]): r for r in rows
              if (r["dataset"], r["direction"]) == (dataset, "write")}
    steps = [(label, by_key.get((lib, var))) for lib, var, label in FFI_STEPS]
    if not any(r and r["median"] for _, r in steps):
        return []
    out = [f"**{dataset}**", "",
           "| step | ns per call | MB/s (median) | overhead vs previous step | overhead vs pure |",
           "|---|--:|--:|--:|--:|"]
    pure = prev = None
    for label, r in steps:
        ns = r["bytes"] * 1000 / r["median"] if r and r["median"] and r["bytes"] else None
        step = f"{(ns / prev - 1) * 100:+.1f} %" if ns and prev else "—"
        total = f"{(ns / pure - 1) * 100:+.1f} %" if ns and pure else ("baseline" if ns else "—")
        out.append(f"| {label} | {_num(ns)} | {_num(r and r['median'])} | {step} | {total} |")
        pure = pure or ns
        prev = ns
    return out + [""]


def build_section(result: dict, charts: dict, report_dir: Path) -> list[str]:
    rows = result["rows"]
    out = [f"## Results: {result['build']} build (`{result.get('flags') or '?'}`)", "",
           f"Measured {result.get('date', '?')}, {result.get('runs', '?')} runs per program."]
    if result.get("only"):
        out.append(f"Only these programs were run (`--only`): {', '.join(result['only'])}.")
    out.append("")
    for dataset in _datasets(rows):
        for direction in ("write", "read"):
            group = [r for r in rows if (r["dataset"], r["direction"]) == (dataset, direction)]
            if not group:
                continue
            out += [f"### {dataset}: {DIRECTION_TITLES[direction]}", ""]
            fresh = [r for r in group if not is_reused(r)]
            reused = [r for r in group if is_reused(r)]
            small = dataset in SMALL
            out += row_table(fresh, direction, small) + [""]
            if reused:
                out += ["Reused output buffer (not comparable with the fresh rows above):", ""]
                out += row_table(reused, direction, small) + [""]
            chart = charts.get((result["build"], dataset, direction))
            if chart:
                rel = os.path.relpath(chart, report_dir)
                out += [f"![{dataset} {direction}, {result['build']} build]({rel})", ""]
            notes = row_notes(group)
            if notes:
                out += notes + [""]
    ffi = [line for ds in _datasets(rows) for line in ffi_table(rows, ds)]
    if ffi:
        out += ["### Rust FFI overhead (write)", "",
                "The study's split (000, section 6.4.1): serde_json timed in Rust, then with the "
                "copy into a `CString`, then called from C++ through the C ABI (freeing the "
                "string each call). Time per call = output bytes / MB/s.", ""] + ffi
    missing = {name: [why] for name, why in result.get("missing", {}).items()}
    for inv in result.get("invocations", []):
        if inv.get("failure"):
            where = inv["mode"] + (f" run {inv['run']}" if inv.get("run") else "")
            missing.setdefault(inv["program"], []).append(f"{inv['failure']} in {where}")
    if missing:
        out += ["### Not measured or incomplete", ""]
        out += [f"- `{name}`: {'; '.join(whys)}" for name, whys in missing.items()] + [""]
    return out


def summary_section(results: list[dict]) -> list[str]:
    """metajson against the fastest other library, per build x dataset x direction: fresh rows
    against fresh rows, reused against reused (the comparison issue 7 sets targets on)."""
    out = ["## Summary: metajson / fastest other library", "",
           "Median MB/s; ratio > 1 means metajson is faster. Fresh output per call against the "
           "other libraries' fresh rows; reused buffer against their reused rows (reads have no "
           "reused rows); one field read by JSON Pointer against the others' pointer rows. "
           "Details and every row below.", ""]
    for result in results:
        rows = [r for r in result["rows"] if r.get("median")]
        out += [f"**{result['build']} build** (`{result.get('flags') or '?'}`)", "",
                "| dataset | direction | kind | metajson MB/s | fastest other | its MB/s | ratio |",
                "|---|---|---|--:|---|--:|--:|"]
        for dataset in _datasets(rows):
            for direction in ("write", "read"):
                for kind in ("fresh", "reused", "one field"):
                    # JSON Pointer rows (one field out of the document) against each other only.
                    group = [r for r in rows if (r["dataset"], r["direction"]) == (dataset, direction)
                             and str(r["variant"]).startswith("one field") == (kind == "one field")
                             and (kind == "one field" or is_reused(r) == (kind == "reused"))]
                    ours = [r for r in group if r["library"] == "metajson"]
                    others = [r for r in group if r["library"] != "metajson"]
                    if not ours or not others:
                        continue
                    best = max(others, key=lambda r: r["median"])
                    m = ours[0]["median"]
                    ours_text, best_text = _num(m), _num(best["median"])
                    if dataset in SMALL:  # and the time per message
                        ours_text += f" ({_num(_ns(ours[0]))} ns)"
                        best_text += f" ({_num(_ns(best))} ns)"
                    out.append(f"| {dataset} | {direction} | {kind} | {ours_text} | "
                               f"{cell(best['library'])} {cell(best['variant'])} | "
                               f"{best_text} | {m / best['median']:.2f} |")
        out.append("")
    return out


def callgrind_section(results: list[dict]) -> list[str]:
    out = []
    for result in results:
        rows = [r for r in result["rows"] if r.get("instructions_per_byte") is not None]
        if not rows:
            continue
        datasets = _datasets(rows)
        out += [f"## Instructions per byte (callgrind, {result['build']} build)", "",
                "Instructions retired in the timed loop (callgrind's `Ir`, instrumentation "
                "switched on by the program around the loop) divided by bytes × iterations.", ""]
        for direction in ("write", "read"):
            group = [r for r in rows if r["direction"] == direction]
            if not group:
                continue
            per = {}
            for r in group:
                per.setdefault((r["library"], r["variant"]), {})[r["dataset"]] = \
                    r["instructions_per_byte"]
            out += [f"**{DIRECTION_TITLES[direction]}**", "",
                    "| library | variant | " + " | ".join(datasets) + " |",
                    "|---|---|" + "--:|" * len(datasets)]
            first = datasets[0]
            for (lib, var), vals in sorted(per.items(), key=lambda kv: kv[1].get(first, 1e18)):
                out.append(f"| {cell(lib)} | {cell(var)} | " +
                           " | ".join(_num(vals.get(d), "{:.2f}") for d in datasets) + " |")
            out.append("")
    return out


def load_compile(results_dir: Path) -> dict | None:
    """results_dir/compile.json (bench/scripts/compile_cost.py), if there is one."""
    path = results_dir / "compile.json"
    if not path.is_file():
        return None
    data = json.loads(path.read_text())
    return data if data.get("kind") == "compile_cost" else None


def compile_section(cost: dict | None) -> list[str]:
    if not cost:
        return []
    rows = {(r["library"], r["flags"]): r for r in cost["rows"] if r.get("tu", "program") == "program"}
    alone = {(r["library"], r["flags"]): r for r in cost["rows"] if r.get("tu") == "library"}
    libs = sorted({r["library"] for r in cost["rows"] if r.get("tu", "program") == "program"},
                  key=lambda lib: (rows.get((lib, "release")) or {}).get("median_s") or 1e18)
    sets = cost.get("flag_sets", {})
    out = ["## Compile time", "",
           "One translation unit per library: its benchmark program (`bench/programs/<library>.cpp`: "
           "read and write of twitter, CITM, canada, player and order, the same structs for every "
           "library, the same harness header; metajson's and simdjson's also read one twitter field by JSON "
           "Pointer; metajson's, glaze's and simdjson's read the NDJSON workload, metajson's and glaze's "
           "write it), compiled with the default build's command line "
           f"(`{sets.get('release', '?')}`) and again with `{sets.get('debug', '-O0 -g')}` in place "
           "of the optimization flags. Seconds: wall time, median of "
           f"{cost.get('runs', '?')} interleaved rounds; MB: the compiler's peak memory (max RSS); "
           "code KB: the object's text + data (`size`). What a library ships compiled (the shared "
           "libraries of yyjson, simdjson, Boost.JSON and reflect-cpp, which the programs link) is not in "
           "these figures; metajson, glaze, nlohmann and RapidJSON are headers only. Command: `bench/scripts/compile_cost.py` (run by `make bench`).", "",
           "| library | -O3 s | -O3 MB | -O3 code KB | -O0 -g s | -O0 -g MB | -O0 -g code KB |",
           "|---|--:|--:|--:|--:|--:|--:|"]

    def cells(lib, fs, table=rows):
        r = table.get((lib, fs))
        if not r or r.get("median_s") is None:
            return ["—", "—", "—"]
        code = r.get("code_bytes")
        return [f"{r['median_s']:.1f}", f"{r['peak_mb']:,.0f}", f"{code / 1024:,.0f}" if code else "—"]

    def ratios(table):
        said = []
        for fs, label in (("release", "-O3"), ("debug", "-O0 -g")):
            m, g = table.get(("metajson", fs)), table.get(("glaze", fs))
            if m and g and m.get("median_s") and g.get("median_s"):
                said.append(f"{label}: {m['median_s'] / g['median_s']:.2f}× glaze's time, "
                            f"{m['peak_mb'] / g['peak_mb']:.2f}× its memory")
        return ["metajson / glaze: " + "; ".join(said) + ".", ""] if said else []

    for lib in libs:
        out.append(f"| {cell(lib)} | " + " | ".join(cells(lib, "release") + cells(lib, "debug")) + " |")
    out.append("")
    out += ratios(rows)
    if alone:
        out += ["The library alone (`bench/compile_time/library_<library>.cpp`: read and write of the "
                "twitter and CITM schemas and nothing else, no harness; the same command lines):", "",
                "| library | -O3 s | -O3 MB | -O3 code KB | -O0 -g s | -O0 -g MB | -O0 -g code KB |",
                "|---|--:|--:|--:|--:|--:|--:|"]
        for lib in sorted({lib for lib, _ in alone}, key=lambda lib: (alone.get((lib, "release")) or {}).get("median_s") or 1e18):
            out.append(f"| {cell(lib)} | " + " | ".join(cells(lib, "release", alone) + cells(lib, "debug", alone)) + " |")
        out.append("")
        out += ratios(alone)
    return out


def render(results: list[dict], charts: dict, skipped: str | None, notes: str | None,
           report_dir: Path, results_dir: Path) -> str:
    env = results[0].get("environment", {}) if results else {}
    versions = env.get("versions", {})
    raw = os.path.relpath(results_dir, report_dir)
    out = ["# metajson benchmarks", "",
           "Produced by `make bench` (`bench/scripts/run.py`; "
           "`bench/scripts/report.py` regenerates this file from the saved results). "
           "Do not edit by hand: hand-written notes go in `bench/report_notes.md`.", "",
           f"- Date: {env.get('date', '?')}",
           f"- Commit: `{env.get('commit', '?')}`",
           f"- Raw results: `{raw}/<build>.json` (every line and verdict) and `{raw}/<build>.csv`",
           "", "## Machine and software", "",
           "| | |", "|---|---|",
           f"| CPU | {env.get('cpu') or '?'} |",
           f"| Cores | {env.get('cores') or '?'} |",
           f"| Memory | {env.get('memory') or '?'} |",
           f"| Kernel | {env.get('kernel') or '?'} |"]
    for result in results:
        out.append(f"| Compiler ({result['build']}) | {cell(result.get('compiler') or '?')} |")
        out.append(f"| Flags ({result['build']}) | `{result.get('flags') or '?'}` |")
    out += ["", "| library | version |", "|---|---|"]
    out += [f"| {cell(k)} | {cell(v)} |" for k, v in versions.items()]
    runs = results[0].get("runs", 3) if results else 3
    out += ["", "## Method", "",
            "- One program per library, each compiled with its build's flags, all doing the same "
            "work on the same structs (`bench/models/`). Protocol: `bench/PROTOCOL.md`.",
            "- Timing (the study's loop): time n = 10 calls; while that took under 1 s and "
            "n < 100,000, multiply n by 10 and time again. MB/s = bytes × n / seconds of the last "
            "batch, on a steady clock. Bytes are the bytes written (write) or the input's size "
            "(read).",
            "- Small messages (`player`, 236 bytes, and `order`, 1.6 KB: `bench/models/player.hpp`, "
            "`order.hpp`; generated in code, not read from a file) stop at the 100,000-call cap "
            "after 20-200 ms, so that batch size is timed again until the repeats have taken "
            "≥ 0.5 s (at least 5 batches), and the median batch is kept. Their tables add ns per "
            "message (= bytes / MB/s of the median run). Each call includes what a caller pays: "
            "a fresh output or struct per call, destroyed after it.",
            "- NDJSON (`ndjson`, the libraries that read and write it: metajson, glaze, simdjson): "
            "twitter.json's 100 statuses as they are in the file (every field; readers skip those "
            "the schema lacks, as on twitter), one per line without whitespace between tokens, "
            "repeated to ~100 MB, generated at run time (`bench/harness/reference.cpp`). Read: every "
            "line into a `std::vector` of the schema's `Status` (metajson `read_ndjson` over the "
            "text and over an `std::ispanstream` of it, simdjson `iterate_many`, glaze's NDJSON "
            "format); MB/s of the input. Write: the vector as NDJSON (the schema's fields only, "
            "so far fewer bytes); MB/s of the output. × simdjson and × metajson on reads: "
            "simdjson `iterate_many` and metajson `read_ndjson, string`.",
            f"- The whole run is repeated {runs} times, interleaved (run 1 of every program, then "
            "run 2, ...). Tables give the median MB/s and the spread = (max − min) / median.",
            "- Before timing, every output is checked by content against metajson's output for "
            "the same dataset: both are parsed, objects compared as maps (a different key order "
            "is noted), arrays element by element, numbers by value, strings exactly. Reads "
            "compare the parsed struct with `==` against metajson's parse of the same file (Rust: "
            "the value is written back and compared by content). A row whose output differs says "
            "so (`DIFFERS`, with the cause, or the first difference as `path: this row's value vs "
            "metajson's`) and is never silently compared.",
            "- allocs/call: heap allocations per call (malloc/calloc/realloc/operator new; Rust: "
            "the global allocator), averaged over 10 calls after one warm-up call.",
            "- Fresh-output rows (a new output per call) are the fair comparison; rows that reuse "
            "an output buffer are in a separate table under each.",
            "- × simdjson fresh: median / simdjson's `string_builder fresh` (reads: simdjson "
            "`from`); × metajson: median / metajson `fresh` (reads: `from`).", ""]
    if skipped:
        out += [f"Charts were skipped: {skipped}.", ""]
    out += summary_section(results)
    for result in results:
        out += build_section(result, charts, report_dir)
    if notes:
        out += ["## Notes", "", notes.rstrip("\n"), ""]
    out += compile_section(load_compile(results_dir))
    out += callgrind_section(results)
    return "\n".join(out).rstrip("\n") + "\n"


def generate(results_dir: Path, report_path: Path, notes_path: Path | None = None) -> Path:
    results_dir = results_dir.resolve()
    results = load_results(results_dir)
    if not results:
        sys.exit(f"report.py: no results in {results_dir} (run bench/scripts/run.py first)")
    charts, skipped = draw_charts(results, results_dir / "charts")
    notes = notes_path.read_text() if notes_path and notes_path.is_file() else None
    report_path.parent.mkdir(parents=True, exist_ok=True)
    report_path.write_text(render(results, charts, skipped, notes,
                                  report_path.parent.resolve(), results_dir))
    return report_path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", type=Path, default=BENCH / "results")
    ap.add_argument("--report", type=Path, default=BENCH / "REPORT.md")
    ap.add_argument("--notes", type=Path, default=BENCH / "report_notes.md")
    args = ap.parse_args(argv)
    generate(args.results, args.report, args.notes)
    print(f"wrote {args.report}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

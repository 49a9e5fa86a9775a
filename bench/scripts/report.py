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
sys.path.insert(0, str(Path(__file__).resolve().parent))
import summary  # noqa: E402  (statistics, targets, the summary and strictness tables)
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
                iv = [r.get("interval") or {"low": r["min"], "high": r["max"]} for r in group]
                err = [[r["median"] - i["low"] for r, i in zip(group, iv)],
                       [i["high"] - r["median"] for r, i in zip(group, iv)]]
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
                ax.set_xlabel("MB/s (median of the rounds; bars: its interval, the table's; hatched: reused buffer)")
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


def _interval(row: dict) -> str:
    iv = row.get("interval")
    if not iv:
        return "—"
    return f"{iv['low']:,.0f}–{iv['high']:,.0f}"


def _instructions(row: dict) -> str:
    n = row.get("instructions_per_call")
    if n is None:
        return "—"
    return f"{n / 1e3:,.1f}k" if row["dataset"] in SMALL else f"{n / 1e6:,.2f}M"


def row_table(rows: list[dict], direction: str, small: bool = False, strictness: dict | None = None) -> list[str]:
    size = "output bytes" if direction == "write" else "input bytes"
    ns_head, ns_rule = ("ns/message (median) | ", "--:|") if small else ("", "")
    counted = any(r.get("instructions_per_call") is not None for r in rows)
    ir_head, ir_rule = ("instructions/call | ", "--:|") if counted else ("", "")
    checks = direction == "read" and bool(strictness)
    ck_head, ck_rule = (" invalid input it accepted |", "---|") if checks else ("", "")
    out = [f"| library | variant | {size} | verified | {ns_head}MB/s (median) | interval | fastest round "
           f"| × simdjson fresh | × metajson | allocs/call | {ir_head}".rstrip(" |") + " |" + ck_head,
           f"|---|---|--:|---|{ns_rule}--:|--:|--:|--:|--:|--:|{ir_rule}{ck_rule}"]
    for r in _sorted(rows):
        lib = f"**{cell(r['library'])}**" if r["library"] == "metajson" else cell(r["library"])
        ns = [_num(_ns(r))] if small else []
        ir = [_instructions(r)] if counted else []
        ck = [cell(summary.strictness_short(strictness, r["library"], r["variant"]))] if checks else []
        out.append("| " + " | ".join([
            lib, cell(r["variant"]), _num(r["bytes"]), cell(_verified(r))] + ns + [
            _num(r["median"]), _interval(r), _num(r["max"]), _num(r["x_simdjson"], "{:.2f}×"),
            _num(r["x_metajson"], "{:.2f}×"), _allocs(r["allocs_per_call"])] + ir + ck) + " |")
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
           f"Measured {result.get('date', '?')}, {result.get('runs', '?')} rounds per row. Interval: "
           f"{_interval_words(rows)}; fastest round: the round with the highest MB/s."]
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
            strict = result.get("strictness")
            out += row_table(fresh, direction, small, strict) + [""]
            if reused:
                out += ["Reused output buffer (not comparable with the fresh rows above):", ""]
                out += row_table(reused, direction, small, strict) + [""]
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


def _interval_words(rows: list[dict]) -> str:
    n = max((len(r.get("runs") or []) for r in rows), default=0)
    iv = summary.median_interval(list(range(n))) if n else None
    if not iv:
        return "—"
    if iv["kind"] == "order statistics":
        return (f"95 % interval of the median from order statistics (distribution-free: the "
                f"{iv['low'] + 1}th and {iv['high'] + 1}th of the {n} sorted rounds, coverage {iv['coverage'] * 100:.1f} %)")
    return (f"the range of the {n} rounds (no 95 % interval of the median exists below 6 rounds; this "
            f"one holds it with {iv['coverage'] * 100:.0f} % probability)")


def summary_section(results: list[dict]) -> list[str]:
    """metajson against the fastest other library, per build x dataset x direction: fresh rows
    against fresh rows, reused against reused, with paired-round intervals, targets and verdicts
    (bench/scripts/summary.py)."""
    out = ["## Summary: metajson / fastest other library", "",
           "Median MB/s of the rounds; ratio = metajson's median / the other row's, > 1 when metajson is "
           "faster. Fresh output per call against the other libraries' fresh rows; reused buffer against "
           "their reused rows (reads have no reused rows); one field read by JSON Pointer against the "
           "others' pointer rows. **A ratio in parentheses is unsettled**: its interval holds 1.0 or the "
           "row's target, so this run does not tell which side it is on. **WIDE**: the interval reaches "
           f"further than ±{summary.WIDE * 100:.0f} % of the ratio. Targets: `bench/scripts/summary.py` "
           "(`TARGETS`). Instructions: callgrind's count per call of the same two rows (default build; "
           "deterministic, so it moves only when the code does), metajson's ÷ the other's.", ""]
    for result in results:
        rows = [r for r in result["rows"] if r.get("median")]
        entries = summary.summary_rows(rows)
        out += [f"**{result['build']} build** (`{result.get('flags') or '?'}`)", ""]
        out += summary.markdown_table(entries)
        out += ["", summary.interval_note(entries), ""]
    return out


def kernels_section(results: list[dict]) -> list[str]:
    """Which SIMD code each library ran, as each program printed it (its first line)."""
    if not any(r.get("program_info") for r in results):
        return []
    out = ["| program | build | read | write | under valgrind (callgrind counts) |", "|---|---|---|---|---|"]
    for result in results:
        cg = result.get("callgrind_info") or {}
        for name, info in sorted((result.get("program_info") or {}).items()):
            simd = info.get("simd") or {}
            under = (cg.get(name) or {}).get("simd")
            under_text = f"read {under.get('read')}; write {under.get('write')}" if under else "—"
            out.append(f"| {cell(name)} | {result['build']} | {cell(simd.get('read') or '?')} | "
                       f"{cell(simd.get('write') or '?')} | {cell(under_text)} |")
    return out + [""]


def strictness_section(results: list[dict]) -> list[str]:
    strict = next((r.get("strictness") for r in results if r.get("strictness")), None)
    if not strict:
        return []
    out = ["## What each read checks", "",
           "Every read row in the tables is a read into the same struct, but the libraries do not check "
           "the same things while reading: a reader that skips the members the struct lacks without "
           "validating them, or stops at the end of the value without looking at what follows, does less "
           "work than one that does. Each program's readers were given the player message altered in one "
           "way at a time (`--mode strictness`, bench/PROTOCOL.md) and the table says what they did; a "
           "strict reader (RFC 8259) rejects every input below but the first. The read tables' last "
           "column lists, per row, what it let through.", ""]
    out += summary.strictness_table(strict) + [""]
    out += ["The inputs (the message is `models/player.hpp`'s, 236 bytes):", ""]
    for col, ids, _ in summary.STRICTNESS_COLUMNS:
        out.append(f"- {col}: " + "; ".join(summary.PROBE_TEXT[i] for i in ids))
    out.append("")
    return out


def callgrind_section(results: list[dict]) -> list[str]:
    out = []
    for result in results:
        rows = [r for r in result["rows"] if r.get("instructions_per_call") is not None]
        if not rows:
            continue
        datasets = _datasets(rows)
        cg = result.get("callgrind_info") or {}
        kernels = "; ".join(f"{name}: read {(i.get('simd') or {}).get('read')}, write {(i.get('simd') or {}).get('write')}"
                            for name, i in sorted(cg.items()))
        out += [f"## Instructions per call (callgrind, {result['build']} build)", "",
                "Instructions retired by the calls themselves (callgrind's `Ir`, instrumentation switched on "
                "by the program around its calls, after one warm-up call), per call: millions (M) for the "
                "files, thousands (k) for the small messages; the NDJSON rows on a 10 MB copy of the workload. "
                "Unlike the times, these do not move between rounds: a change in them is a change in the code "
                "or its inputs. valgrind's CPUID has no AVX-512, so the kernels chosen at run time take their "
                f"AVX2 paths here (the programs said: {kernels or '?'}); the timed rows ran the kernels in the "
                "SIMD table above.", ""]
        for direction in ("write", "read"):
            group = [r for r in rows if r["direction"] == direction]
            if not group:
                continue
            per = {}
            for r in group:
                per.setdefault((r["library"], r["variant"]), {})[r["dataset"]] = r
            out += [f"**{DIRECTION_TITLES[direction]}**", "",
                    "| library | variant | " + " | ".join(datasets) + " |",
                    "|---|---|" + "--:|" * len(datasets)]
            for (lib, var), vals in sorted(per.items(), key=lambda kv: (kv[0][0] != "metajson", kv[0])):
                cells = []
                for d in datasets:
                    r = vals.get(d)
                    cells.append(_instructions(r) + (f" ({r['instructions_per_byte']:.2f}/B)"
                                                     if r and r.get("instructions_per_byte") else "") if r else "—")
                out.append(f"| {cell(lib)} | {cell(var)} | " + " | ".join(cells) + " |")
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


# ---------------------------------------------------------------------------------------------
# Dynamic JSON (bench/micro/dynamic_bench.cpp: run.py writes its --json into results/dynamic.json)

DYNAMIC_DOCUMENTS = {"twitter.json": "twitter", "citm_catalog.json": "CITM", "canada.json": "canada"}
# What each of the program's rows times (its header comment), by the name it gives the row.
DYNAMIC_ROWS = {
    "metajson document::parse": "document parse, fresh: a new document per call (its text copied in, nodes, strings)",
    "metajson document parse_into": "document parse, reused: `parse_into` one document (its buffers keep their capacity)",
    "metajson validate() (for scale)": "the same checks, nothing built (for scale)",
    "metajson from<value>": "a fresh `metajson::value` per call, freed",
    "metajson to_value(document::parse)": "`to_value` of a fresh document",
    "yyjson_read (malloc)": "+ `yyjson_doc_free`; glibc malloc, a fresh document per call",
    "yyjson_read (pool)": "+ `yyjson_doc_free`; yyjson's pool allocator over one buffer of "
                          "`yyjson_read_max_memory_usage` bytes, made once",
    "simdjson dom parse": "`dom::parser::parse` of a `padded_string`, the parser reused",
    "nlohmann::json::parse": "freed (for scale)",
    "metajson to_json(document)": "a fresh `std::string` per call",
    "metajson to_json(value)": "a fresh `std::string` per call",
    "yyjson_write": "of the read document, its output freed",
    "nlohmann dump": "a fresh `std::string` per call (for scale)",
}
# The targets (issue 41, docs/dynamic.md): (metajson row, peer row, ratio it should reach). A ratio is the
# peer's time over metajson's, > 1 when metajson is faster.
DYNAMIC_TARGETS = [
    ("metajson document::parse", "simdjson dom parse", 1.0),
    ("metajson document parse_into", "simdjson dom parse", 1.0),
    ("metajson document::parse", "yyjson_read (malloc)", 1.2),
    ("metajson document parse_into", "yyjson_read (malloc)", 1.2),
    ("metajson document::parse", "yyjson_read (pool)", 1.2),
    ("metajson document parse_into", "yyjson_read (pool)", 1.2),
    ("metajson to_json(value)", "yyjson_write", 1.2),
]


def load_optional(path: Path):
    """A JSON file's content, or None when it is absent or unreadable."""
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def _us(x, like=None) -> str:
    """µs: whole above 100 (of `like` when given: a range's ends as precise as its median)."""
    if x is None:
        return "—"
    return f"{x:,.0f}" if (x if like is None else like) >= 100 else f"{x:,.1f}"


def _doc_title(doc: dict) -> str:
    return DYNAMIC_DOCUMENTS.get(doc["name"], doc["name"])


def _ratio_of(doc: dict, row: str, to: str) -> dict | None:
    return next((r for r in doc.get("ratios", []) if r["row"] == row and r["to"] == to), None)


def dynamic_section(dyn: dict | None) -> list[str]:
    """The "Dynamic JSON" section from results/dynamic.json (dynamic_bench --json), or the
    sentence that says it was not run."""
    out = ["## Dynamic JSON", ""]
    if not dyn or not dyn.get("documents"):
        why = (dyn or {}).get("not_run") or ("no `dynamic.json` in the results (run.py's full study writes it "
                                             "when `bench/build/dynamic_bench` was built)")
        return out + [f"Not run in this study: {why}. `bench/build/dynamic_bench` is built when simdjson "
                      "(4.6 or later), yyjson and nlohmann/json are installed (`bench/CMakeLists.txt`); "
                      "run alone: `METAJSON_DATA_DIR=... bench/build/dynamic_bench --json FILE`.", ""]
    docs = dyn["documents"]
    out += ["Reading a document whose shape is not known at compile time, and writing it back "
            "(`bench/micro/dynamic_bench.cpp`, a program of its own, run once after the rounds above, on "
            "the same pinned core): metajson's read-only `document` and "
            "its mutable `metajson::value`, beside yyjson's document (`yyjson_read` / `yyjson_write`), "
            "simdjson's DOM and nlohmann::json (for scale). Before timing, every output is checked by "
            "content: each library's reading is written back and read into a `metajson::value` that must "
            "equal the one `from<value>` reads; the document's `to_json` must be byte for byte `to_json` of "
            "`from<value>`; the value's write must read back identical.", "",
            "| | |", "|---|---|",
            f"| Measured | {cell(dyn.get('date') or '?')} |",
            f"| CPU | {cell(dyn.get('cpu') or '?')}" + (f", core {dyn['core']}" if dyn.get("core") is not None else "") + " |",
            f"| Compiler | {cell(dyn.get('compiler') or '?')} |",
            f"| metajson index kernel | {cell(dyn.get('index_kernel') or '?')} |",
            f"| simdjson | {cell(dyn.get('simdjson') or '?')} |",
            f"| yyjson | {cell(dyn.get('yyjson') or '?')} |",
            f"| nlohmann/json | {cell(dyn.get('nlohmann') or '?')} |",
            f"| Command | `{dyn.get('command') or '?'}` |", "",
            f"Method (the program's): {dyn.get('rounds', '?')} rounds alternate the rows; in each round every "
            f"row runs for {dyn.get('row_seconds', 0):g} s of CPU time and its figure is the median of its "
            "calls' times in that round; a row's time is the median of its round figures. Times are µs per "
            "document of the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`; the wall-clock median beside "
            "it), the program pinned to the core it started on. A ratio is the peer's time / metajson's "
            "in the same round (metajson's speed / the peer's), > 1 when metajson is faster: the median of "
            "the rounds' ratios, with their range (lowest–highest round).", ""]

    # The targets, each document a column.
    out += ["**Targets** (issue 41, docs/dynamic.md): document parse ≥ 1.0× simdjson DOM and ≥ 1.2× `yyjson_read`; "
            "`to_json(value)` ≥ 1.2× `yyjson_write`. Met when the median ratio reaches the target "
            "(its range of rounds in parentheses).", "",
            "| metajson | peer | target | " + " | ".join(_doc_title(d) for d in docs) + " |",
            "|---|---|--:|" + "---|" * len(docs)]
    for row, to, target in DYNAMIC_TARGETS:
        cells = []
        for d in docs:
            r = _ratio_of(d, row, to)
            if not r:
                cells.append("— (not measured)")
                continue
            met = "met" if r["median"] >= target else "**not met**"
            cells.append(f"{r['median']:.2f}× ({r['min']:.2f}–{r['max']:.2f}): {met}")
        out.append(f"| {cell(row.removeprefix('metajson '))} | {cell(to)} | ≥ {target:.1f}× | " + " | ".join(cells) + " |")
    out.append("")

    for d in docs:
        out += [f"**{_doc_title(d)}** (`{d['name']}`, {d['bytes']:,} bytes)", "",
                "| op | row | what is timed | µs per document (median) | rounds' range µs | MB/s | wall µs (median) |",
                "|---|---|---|--:|--:|--:|--:|"]
        for r in d["rows"]:
            name = f"**{cell(r['library'])}**" if r["library"].startswith("metajson") else cell(r["library"])
            out.append(f"| {r['op']} | {name} | {DYNAMIC_ROWS.get(r['library'], '')} | {_us(r.get('us_median'))} | "
                       f"{_us(r.get('us_min'), r.get('us_median') or 0)}–{_us(r.get('us_max'), r.get('us_median') or 0)} | {_num(r.get('mb_per_s'))} | "
                       f"{_us(r.get('wall_us_median'))} |")
        out.append("")
        # The ratios as the program computes them: per metajson row, one column per peer.
        for op in ("read", "write"):
            ops = {r["library"]: r["op"] for r in d["rows"]}
            ratios = [r for r in d.get("ratios", []) if ops.get(r["row"]) == op]
            if not ratios:
                continue
            peers = list(dict.fromkeys(r["to"] for r in ratios))
            mine = list(dict.fromkeys(r["row"] for r in ratios))
            out += [f"| {op}: peer's time / metajson's | " + " | ".join(cell(p) for p in peers) + " |",
                    "|---|" + "--:|" * len(peers)]
            for m in mine:
                cells = []
                for p in peers:
                    r = _ratio_of(d, m, p)
                    cells.append(f"{r['median']:.2f}× ({r['min']:.2f}–{r['max']:.2f})" if r else "—")
                out.append(f"| {cell(m)} | " + " | ".join(cells) + " |")
            out.append("")
    return out


# ---------------------------------------------------------------------------------------------
# On Clang (`make bench-clang`: run.py copies its bench/build-clang/summary.json into
# results/clang.json)


def clang_section(clang: list | None, commit: str | None = None) -> list[str]:
    out = ["## On Clang (C++23 backend)", ""]
    if not clang or not isinstance(clang, list) or not clang[0].get("rows"):
        return out + ["Not run in this study: no `clang.json` in the results (`make bench FULL=1` runs "
                      "`make bench-clang` first and copies its `bench/build-clang/summary.json`; it was not "
                      "run, or it failed, e.g. without clang++-22).", ""]
    result = clang[0]
    env = result.get("environment") or {}
    m = result.get("method") or {}
    cpu = m.get("pinned_cpu")
    out += ["`make bench-clang`: metajson compiled by Clang, which has no C++26 reflection, so metajson "
            "takes its C++23 backend (`-std=c++23`), against glaze compiled by the same Clang (its "
            "aggregate reflection); the quick comparison's method on those two programs "
            "(`run.py --quick --build bench/build-clang --only metajson,glaze`), `bench/build-clang`.", "",
            f"- Measured {env.get('date', '?')}, commit `{env.get('commit', '?')}`"
            + (f" (this report's: `{commit}`)" if commit and env.get("commit") and env.get("commit") != commit else "") + ".",
            f"- Compiler: {result.get('compiler') or '?'}; flags `{result.get('flags') or '?'}`.",
            f"- {m.get('rounds', '?')} rounds of {m.get('budget_s', 0):g} s of batches per row "
            f"({m.get('warmup_s', 0):g} s of warm-up), process CPU time, "
            + (f"pinned to CPU {cpu}." if cpu is not None else "unpinned."), ""]
    for r in clang:
        rows = [x for x in r["rows"] if x.get("median")]
        entries = summary.summary_rows(rows)
        out += [f"**Clang, {r['build']} build** (`{r.get('flags') or '?'}`): metajson / glaze", ""]
        out += summary.markdown_table(entries)
        out += ["", summary.interval_note(entries), ""]
    return out


def _cpu_details(env: dict) -> str:
    d = env.get("cpu_details") or {}
    if not d:
        return "?"
    parts = []
    ids = " ".join(f"{k} {d[k]}" for k in ("family", "model", "stepping") if k in d)
    if ids:
        parts.append(f"{d.get('vendor', '')} {ids}".strip())
    if d.get("hypervisor"):
        parts.append(f"{d.get('hypervisor_vendor', 'a hypervisor')} guest")
    caches = ", ".join(f"{k.upper().replace('_CACHE', '')} {d[k]}" for k in ("l1d_cache", "l2_cache", "l3_cache") if d.get(k))
    if caches:
        parts.append(caches)
    if d.get("simd_flags"):
        parts.append("SIMD flags: " + " ".join(d["simd_flags"]))
    if d.get("load_average"):
        parts.append(f"load average at the start {d['load_average']}")
    return "; ".join(parts)


def method_lines(results: list[dict]) -> list[str]:
    """The method, from what the run recorded (results from before it was recorded: the study's
    loop, 3 whole runs, a steady clock, unpinned)."""
    m = results[0].get("method") if results else None
    runs = results[0].get("runs", 3) if results else 3
    lines = ["- One program per library, each compiled with its build's flags, all doing the same "
             "work on the same structs (`models/`). Protocol and method: `bench/PROTOCOL.md`."]
    if not m:
        lines += ["- Timing (the study's loop): time n = 10 calls; while that took under 1 s and n < 100,000, "
                  "multiply n by 10 and time again; wall time of the last batch, steady clock, programs unpinned; "
                  f"the whole run repeated {runs} times, interleaved (these results predate the recorded method)."]
        return lines
    cpu = m.get("pinned_cpu")
    lines += [
        f"- Rounds: {m.get('rounds')}. In each round, dataset by dataset, every program is started on the "
        "dataset (one process each, side by side) and the rows take turns: one batch of each row, then the "
        "next of each, until every row has its budget; so two libraries' rows are timed through the same "
        "seconds, batch by batch, and a ratio pairs their figures of the same round. The programs' order "
        "is rotated by one place each round" + (", and both builds run in each round." if len(results) > 1 else "."),
        "- Every program " + (f"pinned to CPU {cpu} (`taskset -c {cpu}`), the same core for every library; "
                              "its first line records the CPUs it was allowed (`cpus`)."
                              if cpu is not None else "unpinned (no taskset)."),
        f"- Each row, each round: {m.get('warmup_s'):g} s of untimed warm-up calls (at least one), then batches "
        f"of n calls (n from the warm-up: about {m.get('batch_s', 0.02) * 1000:g} ms a batch, at most 100,000 "
        f"calls) until {m.get('budget_s'):g} s of batches and at least 5 of them; a batch of calls under 1 ms "
        "starts with one untimed call (the previous batch was another program's). The round's figure is the "
        "median batch, the row's the median of its rounds.",
        "- Clock: the process's CPU time (`CLOCK_PROCESS_CPUTIME_ID`, all threads). Pinned to one otherwise "
        "idle core, a program's CPU time is its wall time; on a shared machine CPU time leaves out the time "
        "it waited for the core, which wall time counts. Every batch's wall time is in the raw results "
        "(`wall_seconds`).",
        "- MB/s = bytes × n / seconds of the round's median batch. Bytes are the bytes written (write) or the "
        "input's size (read). Tables give the median of the rounds, its interval and the fastest round.",
    ]
    return lines


def render(results: list[dict], charts: dict, skipped: str | None, notes: str | None,
           report_dir: Path, results_dir: Path) -> str:
    env = results[0].get("environment", {}) if results else {}
    versions = env.get("versions", {})
    raw = os.path.relpath(results_dir, report_dir)
    out = ["# metajson benchmarks", "",
           "Produced by `make bench FULL=1` (`bench/scripts/run.py`; "
           "`bench/scripts/report.py` regenerates this file from the saved results). "
           "Do not edit by hand: hand-written notes go in `bench/report_notes.md`.", "",
           f"- Date: {env.get('date', '?')}",
           f"- Commit: `{env.get('commit', '?')}`",
           f"- Raw results: `{raw}/<build>.json` (every line and verdict) and `{raw}/<build>.csv`; "
           f"`{raw}/dynamic.json` (the dynamic-JSON program) and `{raw}/clang.json` (`make bench-clang`'s figures) "
           "when they were run",
           "", "## Machine and software", "",
           "| | |", "|---|---|",
           f"| CPU | {env.get('cpu') or '?'} |",
           f"| CPU details | {cell(_cpu_details(env))} |",
           f"| Cores | {env.get('cores') or '?'} |",
           f"| Memory | {env.get('memory') or '?'} |",
           f"| Kernel | {env.get('kernel') or '?'} |"]
    for result in results:
        out.append(f"| Compiler ({result['build']}) | {cell(result.get('compiler') or '?')} |")
        out.append(f"| Flags ({result['build']}) | `{result.get('flags') or '?'}` |")
    out += ["", "| library | version |", "|---|---|"]
    out += [f"| {cell(k)} | {cell(v)} |" for k, v in versions.items()]
    kernels = kernels_section(results)
    if kernels:
        out += ["", "Which SIMD code each library ran, as each program reports it (its first line: "
                "bench/PROTOCOL.md); \"run time\" kernels are chosen for the CPU when the program starts, "
                "\"compile time\" ones follow the build's flags:", ""] + kernels
    out += ["", "## Method", ""] + method_lines(results) + [
            "- Small messages (`player`, 236 bytes, and `order`, 1.6 KB: `models/player.hpp`, "
            "`order.hpp`; generated in code, not read from a file): their tables add ns per "
            "message (= bytes / MB/s of the median). Each call includes what a caller pays: "
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
            "- What each reader checks (skipped values, UTF-8, trailing content, duplicate keys) differs: "
            "\"What each read checks\" below, and the read tables' last column.",
            "- × simdjson fresh: median / simdjson's `string_builder fresh` (reads: simdjson "
            "`from`); × metajson: median / metajson `fresh` (reads: `from`).", ""]
    if skipped:
        out += [f"Charts were skipped: {skipped}.", ""]
    out += summary_section(results)
    out += strictness_section(results)
    for result in results:
        out += build_section(result, charts, report_dir)
    out += dynamic_section(load_optional(results_dir / "dynamic.json"))
    out += summary.parallel_section(load_optional(results_dir / "parallel.json"))
    out += summary.binary_section(load_optional(results_dir / "binary.json"))
    out += summary.validate_section(load_optional(results_dir / "validate.json"))
    out += clang_section(load_optional(results_dir / "clang.json"), env.get("commit"))
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

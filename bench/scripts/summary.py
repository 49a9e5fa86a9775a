#!/usr/bin/env python3
"""The statistics of the benchmark suite and its summary: metajson against the fastest other
library on every row, with intervals, targets and verdicts; the strictness table.

Used by run.py (the summary `make bench` prints and writes) and report.py (bench/REPORT.md).
The method is bench/PROTOCOL.md's "Statistics"; in short:

* a row's figure is the median of its rounds (one figure per round: the median batch of that
  round), with the distribution-free interval of the median from order statistics (exists from
  6 rounds: with fewer, the min-max range, labelled with its coverage);
* a summary ratio is metajson's median / the other row's median, with an interval that is the
  union of a percentile bootstrap over paired rounds (the same round of both programs resampled
  together) and the order-statistics interval of the per-round ratios' median (the range of the
  per-round ratios below 6 rounds);
* a ratio whose interval holds 1.0 or its target is *unsettled* and printed as such; an interval
  wider than ±10 % of the ratio is marked *wide*.

Standard library only.
"""

from __future__ import annotations

import math
import random
import statistics

# ---------------------------------------------------------------------------------------------
# Targets: what metajson aims for on each summary row, metajson / peer. The first entry that
# matches (dataset, direction, kind; "*" matches anything) applies. `peer` names the library the
# target is stated against; None: the fastest other library of the row. A row with no entry is
# judged against 1.0 only.

TARGETS = [
    # dataset   direction kind     target peer
    ("twitter", "read", "fresh", 1.0, "simdjson"),
    ("citm", "read", "fresh", 1.2, None),
    ("canada", "read", "fresh", 1.2, "glaze"),
    ("player", "read", "fresh", 1.2, None),
    ("order", "read", "fresh", 1.2, None),
    ("ndjson", "read", "fresh", 1.0, "simdjson"),
    ("*", "write", "*", 1.2, None),
]

LEVEL = 0.95          # the intervals' confidence level
WIDE = 0.10           # an interval reaching further than ±10 % of its ratio is marked "wide"
BOOTSTRAP_RESAMPLES = 10_000
BOOTSTRAP_SEED = 40   # fixed: the same results give the same intervals

DATASET_ORDER = ["twitter", "citm", "canada", "player", "order", "ndjson"]
SMALL = {"player", "order"}
# metajson's row that stands for it on each kind of row (reads: `from`; NDJSON: over the text).
OURS = {("read", "fresh"): ["from", "read_ndjson, string"], ("write", "fresh"): ["fresh"],
        ("write", "reused"): ["reused"], ("read", "one field"): ["one field: from_pointer"]}


def target_for(dataset: str, direction: str, kind: str) -> tuple[float | None, str | None]:
    for d, dr, k, target, peer in TARGETS:
        if d in ("*", dataset) and dr in ("*", direction) and k in ("*", kind):
            return target, peer
    return None, None


# ---------------------------------------------------------------------------------------------
# Statistics


def median_interval(xs: list[float], level: float = LEVEL) -> dict | None:
    """The distribution-free interval of the median: [x(k), x(n+1-k)] of the sorted values, with
    the largest k whose coverage 1 - 2 P(Binomial(n, 1/2) <= k - 1) is at least `level` (it
    exists from n = 6). With fewer values: the range [min, max], whose coverage 1 - 2^(1-n) is
    below `level` (75 % for 3 rounds, 94 % for 5), kind "range"."""
    s = sorted(x for x in xs if x is not None)
    n = len(s)
    if n == 0:
        return None
    best = None
    for k in range(1, n // 2 + 1):
        coverage = 1 - 2 * sum(math.comb(n, i) for i in range(k)) / 2 ** n
        if coverage < level:
            break
        best = (k, coverage)
    if best:
        k, coverage = best
        return {"low": s[k - 1], "high": s[n - k], "coverage": coverage, "kind": "order statistics", "n": n}
    return {"low": s[0], "high": s[-1], "coverage": max(0.0, 1 - 2 / 2 ** n), "kind": "range", "n": n}


def bootstrap_ratio(pairs: list[tuple[float, float]], level: float = LEVEL,
                    resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED) -> tuple[float, float]:
    """Percentile bootstrap of median(a) / median(b) over paired rounds: each resample draws n
    round indices with replacement and takes both programs' figures of those rounds."""
    rng = random.Random(seed)
    n = len(pairs)
    stats = []
    for _ in range(resamples):
        idx = [rng.randrange(n) for _ in range(n)]
        a = statistics.median(pairs[i][0] for i in idx)
        b = statistics.median(pairs[i][1] for i in idx)
        stats.append(a / b)
    stats.sort()
    lo = stats[int(math.floor((1 - level) / 2 * resamples))]
    hi = stats[int(math.ceil((1 + level) / 2 * resamples)) - 1]
    return lo, hi


def ratio_estimate(ours: dict[int, float], theirs: dict[int, float]) -> dict | None:
    """metajson / other from their rounds ({round: MB/s}), paired by round number."""
    rounds = sorted(set(ours) & set(theirs))
    pairs = [(ours[k], theirs[k]) for k in rounds if ours[k] and theirs[k]]
    if not pairs:
        return None
    ratio = statistics.median(a for a, _ in pairs) / statistics.median(b for _, b in pairs)
    per_round = [a / b for a, b in pairs]
    os_ = median_interval(per_round)
    lo, hi = os_["low"], os_["high"]
    if len(pairs) >= 2:
        blo, bhi = bootstrap_ratio(pairs)
        lo, hi = min(lo, blo), max(hi, bhi)
    lo, hi = min(lo, ratio), max(hi, ratio)
    return {"ratio": ratio, "low": lo, "high": hi, "n": len(pairs), "kind": os_["kind"],
            "coverage": os_["coverage"], "per_round": per_round}


def half_width(est: dict) -> float:
    """How far the interval reaches from the ratio, as a fraction of it (the larger side)."""
    return max(est["high"] / est["ratio"] - 1, 1 - est["low"] / est["ratio"])


def verdict(est: dict, target: float | None) -> dict:
    """settled or not, and the words for it."""
    lo, hi = est["low"], est["high"]
    if est.get("n", 2) < 2:
        return {"settled": False, "wide": False, "words": "UNSETTLED: one round, no interval"}
    holds_one = lo <= 1.0 <= hi
    holds_target = target is not None and lo <= target <= hi
    wide = half_width(est) > WIDE
    if holds_one:
        words = "UNSETTLED: interval holds 1.0"
    elif holds_target:
        words = f"UNSETTLED: interval holds the target {target:g}×"
    else:
        words = "faster" if lo > 1 else "slower"
        if target is not None:
            words += f", target {target:g}× met" if lo > target else f", below target {target:g}×"
    if wide:
        words += f"; WIDE (±{half_width(est) * 100:.0f} %)"
    return {"settled": not (holds_one or holds_target), "wide": wide, "words": words}


# ---------------------------------------------------------------------------------------------
# Rows


def is_reused(row: dict) -> bool:
    return "reused" in row["variant"]


def kind_of(row: dict) -> str:
    if str(row["variant"]).startswith("one field"):
        return "one field"
    return "reused" if is_reused(row) else "fresh"


def rounds_of(row: dict) -> dict[int, float]:
    return {r["run"]: r["mb_per_s"] for r in row.get("runs", []) if r.get("mb_per_s") and r.get("run") is not None}


def datasets_of(rows: list[dict]) -> list[str]:
    present = {r["dataset"] for r in rows}
    return [d for d in DATASET_ORDER if d in present] + sorted(present - set(DATASET_ORDER))


def summary_rows(rows: list[dict]) -> list[dict]:
    """One entry per dataset x direction x kind where metajson and another library have figures:
    metajson's row, the fastest other (by median), the ratio with its interval and verdict, the
    target and, when the target names another peer than the fastest, the verdict against it."""
    measured = [r for r in rows if r.get("median")]
    out = []
    for dataset in datasets_of(measured):
        for direction in ("write", "read"):
            for kind in ("fresh", "reused", "one field"):
                group = [r for r in measured if (r["dataset"], r["direction"]) == (dataset, direction)
                         and kind_of(r) == kind]
                ours = [r for r in group if r["library"] == "metajson"]
                others = [r for r in group if r["library"] != "metajson"]
                if not ours or not others:
                    continue
                preferred = OURS.get((direction, kind), [])
                ours.sort(key=lambda r: preferred.index(r["variant"]) if r["variant"] in preferred else 99)
                mine = ours[0]
                best = max(others, key=lambda r: r["median"])
                target, peer_name = target_for(dataset, direction, kind)
                entry = {"dataset": dataset, "direction": direction, "kind": kind, "ours": mine,
                         "best": best, "target": target, "target_peer": peer_name}
                est = ratio_estimate(rounds_of(mine), rounds_of(best))
                entry["estimate"] = est
                if est:
                    entry["verdict"] = verdict(est, target if peer_name in (None, best["library"]) else None)
                # The target's own peer, when it is not the fastest other row.
                if peer_name and peer_name != best["library"]:
                    named = [r for r in others if r["library"] == peer_name]
                    if named:
                        prow = max(named, key=lambda r: r["median"])
                        pest = ratio_estimate(rounds_of(mine), rounds_of(prow))
                        entry["target_row"] = prow
                        entry["target_estimate"] = pest
                        if pest:
                            entry["target_verdict"] = verdict(pest, target)
                ir_ours, ir_best = mine.get("instructions_per_call"), best.get("instructions_per_call")
                entry["instructions_ratio"] = ir_ours / ir_best if ir_ours and ir_best else None
                out.append(entry)
    return out


# ---------------------------------------------------------------------------------------------
# Formatting


def num(x, fmt="{:,.0f}") -> str:
    return "—" if x is None else fmt.format(x)


def allocs(x) -> str:
    """Allocations per call: whole numbers without decimals."""
    if x is None:
        return "—"
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.1f}"


def ns_text(row: dict) -> str:
    if row.get("median") and row.get("bytes"):
        return f" ({row['bytes'] * 1e3 / row['median']:,.0f} ns)"
    return ""


def ratio_text(entry: dict, which: str = "") -> tuple[str, str, str]:
    """(ratio, interval, verdict) as text; an unsettled ratio in parentheses."""
    est = entry.get(f"{which}estimate")
    if not est:
        return "—", "—", "no paired rounds"
    v = entry[f"{which}verdict"]
    r = f"{est['ratio']:.2f}×"
    if not v["settled"]:
        r = f"({r})"
    return r, f"{est['low']:.2f}–{est['high']:.2f}", v["words"]


def interval_note(entries: list[dict]) -> str:
    ns = sorted({e["estimate"]["n"] for e in entries if e.get("estimate")})
    if not ns:
        return ""
    n = ns[0]
    if n >= 6:
        return (f"Interval: 95 %, from the {n} paired rounds (the same round of both programs): the union "
                f"of a percentile bootstrap of the ratio ({BOOTSTRAP_RESAMPLES:,} resamples, seed "
                f"{BOOTSTRAP_SEED}) and the order-statistics interval of the per-round ratios' median.")
    cov = max(0.0, 1 - 2 / 2 ** n) * 100
    return (f"Interval: NOT a 95 % interval: with {n} round{'s' if n > 1 else ''} none exists. Shown: the "
            f"range of the {n} per-round ratios (paired: the same round of both programs) joined with a "
            f"bootstrap's interval; the range holds the median ratio with {cov:.0f} % probability. "
            "6 rounds or more (`--runs`) give a 95 % interval.")


def markdown_table(entries: list[dict]) -> list[str]:
    counted = any(e["instructions_ratio"] is not None for e in entries)
    out = ["| dataset | direction | kind | metajson MB/s | fastest other | its MB/s | ratio | interval "
           "| target | verdict |" + (" instructions, metajson ÷ other |" if counted else ""),
           "|---|---|---|--:|---|--:|--:|--:|--:|---|" + ("--:|" if counted else "")]
    for e in entries:
        ours, best = e["ours"], e["best"]
        small = e["dataset"] in SMALL
        r, iv, words = ratio_text(e)
        tgt = "—" if e["target"] is None else f"≥ {e['target']:g}×" + (f" {e['target_peer']}" if e["target_peer"] else "")
        if e.get("target_row"):
            tr, tiv, twords = ratio_text(e, "target_")
            words += f"; against {e['target_peer']} ({e['target_row']['variant']}): {tr} [{tiv}] {twords}"
        ir = "—" if e["instructions_ratio"] is None else f"{e['instructions_ratio']:.2f}"
        out.append(f"| {e['dataset']} | {e['direction']} | {e['kind']} | "
                   f"{num(ours['median'])}{ns_text(ours) if small else ''} | "
                   f"{cell(best['library'])} {cell(best['variant'])} | "
                   f"{num(best['median'])}{ns_text(best) if small else ''} | {r} | {iv} | {tgt} | {words} |"
                   + (f" {ir} |" if counted else ""))
    return out


def text_table(entries: list[dict]) -> list[str]:
    """The summary for a terminal: aligned columns, no markdown."""
    head = ["dataset", "dir", "kind", "metajson MB/s", "fastest other", "MB/s", "ratio", "interval", "verdict"]
    lines = []
    for e in entries:
        ours, best = e["ours"], e["best"]
        r, iv, words = ratio_text(e)
        if e.get("target_row"):
            tr, tiv, twords = ratio_text(e, "target_")
            words += f"; vs {e['target_peer']}: {tr} [{tiv}] {twords}"
        lines.append([e["dataset"], e["direction"], e["kind"], num(ours["median"]),
                      f"{best['library']} {best['variant']}", num(best["median"]), r, iv, words])
    widths = [max(len(str(x)) for x in col) for col in zip(head, *lines)] if lines else [len(h) for h in head]
    fmt = lambda row: "  ".join(str(x).rjust(w) if i in (3, 5, 6, 7) else str(x).ljust(w)
                                for i, (x, w) in enumerate(zip(row, widths))).rstrip()
    return [fmt(head), fmt(["-" * w for w in widths])] + [fmt(row) for row in lines]


def cell(text) -> str:
    """A markdown table cell: '|' escaped, '<' '>' kept visible (variant names hold them)."""
    return str(text).replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


# ---------------------------------------------------------------------------------------------
# Strictness: what each reader accepts (the programs' --mode strictness, bench/PROTOCOL.md)

# (column, probes, the words for "it accepted these"): each probe alters the player message in
# one way (PROBE_TEXT).
STRICTNESS_COLUMNS = [
    ("unknown keys", ["unknown_key"], "unknown keys"),
    ("skipped values: grammar", ["skipped_missing_comma", "skipped_bad_literal", "skipped_mismatched_bracket"],
     "malformed skipped values"),
    ("skipped values: UTF-8", ["skipped_invalid_utf8"], "invalid UTF-8 in skipped values"),
    ("strings read: UTF-8", ["read_invalid_utf8"], "invalid UTF-8 in strings"),
    ("strings read: raw control character", ["read_control_character"], "raw control characters"),
    ("trailing content", ["trailing_garbage", "trailing_value"], "trailing content"),
    ("duplicate keys", ["duplicate_key"], "duplicate keys"),
]
PROBE_TEXT = {
    "unknown_key": '`"extra":{"a":[1,2.5,"x",true,null],"b":{}}` added first (a member the struct lacks)',
    "skipped_missing_comma": '`"extra":[1 2]` added (a comma missing in a skipped array)',
    "skipped_bad_literal": '`"extra":tru` added (a skipped literal cut short)',
    "skipped_mismatched_bracket": '`"extra":[1,2}` added (a skipped array closed by `}`)',
    "skipped_invalid_utf8": '`"extra":"a\\xFFb"` added (a byte that is never UTF-8, in a skipped string)',
    "read_invalid_utf8": '`"username":"Al\\xFFce"` (the same byte in a string the struct reads)',
    "read_control_character": '`"username":"Al\\x01ce"` (a raw U+0001, which JSON strings must escape)',
    "trailing_garbage": "` x` after the document",
    "trailing_value": "` {}` after the document (a second value)",
    "duplicate_key": '`"level":7` added before the message\'s `"level":42`',
}


def strictness_cell(column: str, outcomes: list[str | None]) -> str:
    got = [o for o in outcomes if o is not None]
    if not got:
        return "—"
    if all(o == "n/a" for o in got):
        return "n/a"
    if column == "unknown keys":
        return "skipped" if got == ["accepted"] else ("rejected" if got == ["rejected"] else got[0])
    if column == "duplicate keys":
        return {"rejected": "rejected", "accepted": "accepted, last wins",
                "accepted, value differs": "accepted, first wins"}.get(got[0], got[0])
    rejected = sum(o == "rejected" for o in got)
    if rejected == len(got):
        return "rejected"
    if rejected == 0:
        return "accepted"
    return f"{rejected} of {len(got)} rejected"


def strictness_table(strictness: dict) -> list[str]:
    """strictness: {"library|variant": {probe: outcome}} -> a markdown table."""
    if not strictness:
        return []
    out = ["| read row | " + " | ".join(c for c, _, _ in STRICTNESS_COLUMNS) + " |",
           "|---|" + "---|" * len(STRICTNESS_COLUMNS)]
    for key in sorted(strictness, key=lambda k: (not k.startswith("metajson|"), k.lower())):
        lib, variant = key.split("|", 1)
        probes = strictness[key]
        cells = [strictness_cell(col, [probes.get(p) for p in ids]) for col, ids, _ in STRICTNESS_COLUMNS]
        out.append(f"| {cell(lib)} · {cell(variant)} | " + " | ".join(cells) + " |")
    return out


def strictness_short(strictness: dict, library: str, variant: str) -> str:
    """What a read row lets through, in a few words, for the read tables' column."""
    probes = strictness.get(f"{library}|{variant}") if strictness else None
    if not probes:
        return "—"
    let_through, not_applicable = [], []
    for col, ids, short in STRICTNESS_COLUMNS[1:]:
        text = strictness_cell(col, [probes.get(p) for p in ids])
        if text.startswith("accepted") or " of " in text:
            let_through.append(short + (f" ({text.split(', ')[1]})" if col == "duplicate keys" else ""))
        elif text == "n/a":
            not_applicable.append(short)
    words = "nothing" if not let_through else ", ".join(let_through)
    if not_applicable:
        words += f" (n/a: {', '.join(not_applicable)})"
    return words


# --- NDJSON on several threads (bench/micro/parallel_bench.cpp --json: results/parallel.json) ---

# The targets (issue 54): (row, to, ratio it should reach).
PARALLEL_TARGETS = [
    ("from_ndjson, 2 threads", "from_ndjson, 1 thread", 1.8),
    ("from_ndjson, 2 threads", "iterate_many, its thread", 1.6),
    ("to_ndjson, 2 threads", "to_ndjson, 1 thread", 1.8),
    ("to_ndjson fresh, 2 threads", "to_ndjson fresh, 1 thread", 1.8),
]


def parallel_section(data: dict | None, heading: str = "## NDJSON on several threads") -> list[str]:
    """The section of the NDJSON program run on every allowed core (parallel_bench --json), or the
    sentence that says it was not run."""
    out = [heading, ""]
    if not data or not data.get("rows"):
        why = (data or {}).get("not_run") or "no `parallel.json` (run.py writes it when `bench/build/parallel_bench` was built)"
        return out + [f"Not run: {why}. Alone: `METAJSON_DATA_DIR=... bench/build/parallel_bench --json FILE`.", ""]
    mb = data.get("bytes", 0) / 1e6
    out += [f"`bench/micro/parallel_bench.cpp`, not pinned: {data.get('cores', '?')} cores allowed "
            f"({data.get('cpu', '?')}), {data.get('date', '?')}; the suite's NDJSON workload ({mb:,.0f} MB, "
            f"{data.get('records', 0):,} twitter statuses). {data.get('rounds', '?')} rounds alternate the rows, "
            "one call each (the whole workload); wall-clock time, the median of the rounds. A ratio is the "
            "median (and range) of the rounds' ratios of speeds. \"Two serial ... at once\" is two threads "
            "that share nothing, each reading or writing the whole workload: what this machine gives two "
            f"threads. simdjson {data.get('simdjson', '?')}. Command: `{data.get('command', '?')}`.", "",
            "| target | ratio (median, range) | verdict |", "|---|--:|---|"]
    ratios = {(r["row"], r["to"]): r for r in data.get("ratios", [])}
    for row, to, target in PARALLEL_TARGETS:
        r = ratios.get((row, to))
        if not r:
            out.append(f"| {row} / {to} ≥ {target:.1f} | — | not measured |")
            continue
        verdict = "met" if r["median"] >= target else "**not met**"
        out.append(f"| {row} / {to} ≥ {target:.1f} | {r['median']:.2f}× ({r['min']:.2f}–{r['max']:.2f}) | {verdict} |")
    out += ["", "| other ratio | of / to | median | range |", "|---|---|--:|--:|"]
    targeted = {(a, b) for a, b, _ in PARALLEL_TARGETS}
    for r in data.get("ratios", []):
        if (r["row"], r["to"]) in targeted:
            continue
        out.append(f"| {r.get('what', '')} | {r['row']} / {r['to']} | {r['median']:.2f}× | {r['min']:.2f}–{r['max']:.2f} |")
    out += ["", "| op | row | MB/s | seconds (median) | rounds' range |", "|---|---|--:|--:|--:|"]
    for r in data["rows"]:
        out.append(f"| {r['op']} | {r['name']} | {r['mb_per_s']:,.0f} | {r['seconds']:.4f} | {r['min']:.4f}–{r['max']:.4f} |")
    m = data.get("model") or {}
    s = data.get("stream_rss") or {}
    out += ["", f"Scaling model's inputs: {m.get('move_ns_per_record', 0):.1f} ns per record handed out (moved "
            f"into the vector on the iterating thread), {m.get('handoff_ns_per_batch', 0):,.0f} ns per batch "
            f"hand-off, {m.get('batches', 0):,.0f} batches: serial fraction {m.get('serial_fraction', 0):.4f}; one "
            f"core's read bandwidth {m.get('read_gb_per_s_one_core', 0):.2f} GB/s (docs/performance.md, the "
            "model).",
            f"Stream form's peak resident size, {s.get('mb', 0):,} MB of generated lines read through "
            f"`read_ndjson(std::istream&, ...)`, records dropped: {s.get('one_thread_kib', 0) / 1024:.1f} MiB on one "
            f"thread, {s.get('threads_kib', 0) / 1024:.1f} MiB on {s.get('threads', '?')} threads (target ≤ 64 MB).", ""]
    return out


# --- MessagePack (bench/micro/binary_bench.cpp --json: results/binary.json) ----------------------

BINARY_TARGET = 1.2  # issue 52: every row at least 1.2x glaze's same format


def binary_section(data: dict | None, heading: str = "## MessagePack and CBOR") -> list[str]:
    """The section of the binary formats' program (binary_bench --json: metajson beside glaze's
    MessagePack and CBOR), or the sentence that says it was not run."""
    out = [heading, ""]
    if not data or not data.get("rows"):
        why = (data or {}).get("not_run") or "no `binary.json` (run.py writes it when `bench/build/binary_bench` was built)"
        return out + [f"Not run: {why}. Alone: `METAJSON_DATA_DIR=... bench/build/binary_bench --json FILE`.", ""]
    def peer_ns(r):  # (files before the DOM rows named the peer's time glaze_ns)
        return r.get("peer_ns", r.get("glaze_ns", 0))

    typed = [r for r in data["rows"] if r.get("peer", "glaze") == "glaze"]
    dom = [r for r in data["rows"] if r.get("peer", "glaze") != "glaze"]
    out += [f"`bench/micro/binary_bench.cpp`, pinned to one core ({data.get('cpu', '?')}), {data.get('date', '?')}; "
            f"glaze {data.get('glaze', '?')}'s `write_msgpack` / `read_msgpack` and `write_cbor` / `read_cbor`. "
            f"{data.get('rounds', '?')} rounds alternate the rows, each row runs for its seconds of thread CPU time per "
            "round; a row's time is the median of its rounds, the ratio (the peer's time / metajson's) the median of the "
            "rounds' ratios. Outputs checked first: each library's bytes read back by the other equal the value. "
            "metajson checks UTF-8 both ways and every length before allocating; glaze checks neither. glaze writes "
            "arrays of numbers in CBOR as RFC 8746 typed arrays (one copy), metajson as arrays of items in their "
            "shortest forms unless asked (`binary_options::typed_arrays`). Target: every row ≥ "
            f"{BINARY_TARGET:.1f}× glaze's same format.", "",
            "| format | model | op | metajson | glaze | ratio (median, range) | verdict |", "|---|---|---|--:|--:|--:|---|"]
    for r in typed:
        verdict = "met" if r["ratio"] >= BINARY_TARGET else "**not met**"
        out.append(f"| {r.get('format', 'msgpack')} | {r['model']} | {r['op']} | {r['metajson_ns'] / 1000:,.2f} µs | "
                   f"{peer_ns(r) / 1000:,.2f} µs | {r['ratio']:.2f}× ({r['min']:.2f}–{r['max']:.2f}) | {verdict} |")
    if dom:
        out += ["", "Through each library's DOM (marked so: no typed API compared): a `metajson::value` read from the "
                "dataset beside nlohmann/json's `json` (`to_cbor` / `from_cbor`, `to_msgpack` / `from_msgpack`) and "
                "jsoncons' `json` (`encode_cbor` / `decode_cbor`, `encode_msgpack` / `decode_msgpack`), each built from "
                "the same file; each library's bytes read back by the other first.", "",
                "| format | model | op | peer | metajson | peer | ratio (median, range) |", "|---|---|---|---|--:|--:|--:|"]
        for r in dom:
            out.append(f"| {r['format']} | {r['model']} | {r['op']} | {r['peer']} | {r['metajson_ns'] / 1000:,.2f} µs | "
                       f"{peer_ns(r) / 1000:,.2f} µs | {r['ratio']:.2f}× ({r['min']:.2f}–{r['max']:.2f}) |")
    out += ["", "| format | model | bytes: metajson | bytes: peer |", "|---|---|--:|--:|"]
    for sz in data.get("sizes", []):
        out.append(f"| {sz.get('format', 'msgpack')} | {sz['model']} | {sz['metajson']:,} | {sz.get('peer', sz.get('glaze', 0)):,} |")
    return out + [""]


# --- JSON Schema validation (bench/micro/validate_bench.cpp --json: results/validate.json) -------

VALIDATE_TARGET = 3.0  # issue 53: metajson (parse included) at least 3x the fastest of valijson and jsoncons, every row


def validate_section(data: dict | None, heading: str = "## JSON Schema validation") -> list[str]:
    """The section of the JSON Schema validation program (validate_bench --json: metajson::json_schema
    beside valijson and jsoncons' jsonschema), or the sentence that says it was not run."""
    out = [heading, ""]
    if not data or not data.get("rows"):
        why = (data or {}).get("not_run") or "no `validate.json` (run.py writes it when `bench/build/validate_bench` was built)"
        return out + [f"Not run: {why}. Alone: `METAJSON_DATA_DIR=... bench/build/validate_bench --json FILE`.", ""]
    v = data.get("versions", {})
    target = data.get("target", VALIDATE_TARGET)
    peers = [p["name"] for p in data["rows"][0].get("peers", [])]
    sizes = ", ".join(f"{name} {n / 1000:,.1f} kB" for name, n in data.get("bytes", {}).items())
    out += [f"`bench/micro/validate_bench.cpp`, pinned to one core ({data.get('cpu', '?')}), {data.get('date', '?')}; "
            f"`metajson::json_schema` beside valijson {v.get('valijson', '?')} (its RapidJSON {v.get('rapidjson', '?')} "
            f"adapter) and jsoncons {v.get('jsoncons', '?')}'s jsonschema, on draft 2020-12 schemas a user would write "
            f"(`bench/schemas/`: types, required members, closed objects, patterns, enums, bounds, `$defs` + `$ref`; "
            "valijson, a draft-07 validator, gets the same constraints spelled in draft-07) for the datasets and the "
            f"order message ({sizes}). \"parse + validate\": from the text to a verdict, each library parsing into its "
            "own DOM; \"validate only\": on a DOM parsed before timing (`metajson::document`). \"is_valid\" stops at the "
            "first failure; \"validate\" collects every error (metajson's `validation_result`, valijson's "
            "`ValidationResults`, a jsoncons reporter). `format` is an annotation. Checked first: every library says "
            "each document is valid and each mutated copy invalid. "
            f"{data.get('rounds', '?')} rounds alternate the rows, each library runs for its seconds of thread CPU time "
            "per round; a time is the median of the rounds, the ratio the median of the rounds' ratios of the fastest "
            f"peer's time to metajson's. Target: every row ≥ {target:.1f}× the fastest peer.", "",
            "| document | kind | mode | metajson | " + " | ".join(peers) + " | fastest peer | ratio (median, range) | verdict |",
            "|---|---|---|--:|" + "--:|" * len(peers) + "---|--:|---|"]
    for r in data["rows"]:
        by_name = {p["name"]: p for p in r.get("peers", [])}
        cells = [f"{by_name[n]['ns'] / 1000:,.1f} µs" if n in by_name else "—" for n in peers]
        verdict = "met" if r["ratio"] >= target else "**not met**"
        out.append(f"| {r['doc']} | {r['kind']} | {r['mode']} | {r['metajson_ns'] / 1000:,.1f} µs | " + " | ".join(cells) +
                   f" | {r['fastest_peer']} | {r['ratio']:.2f}× ({r['min']:.2f}–{r['max']:.2f}) | {verdict} |")
    checks = [c for c in data.get("checks", []) if any(c.get("errors", {}).values())]
    if checks:
        names = list(checks[0]["errors"])
        out += ["", "Errors each library's `validate` counts on the mutated copies (all three also say invalid with "
                "`is_valid`; the counts differ by design: valijson adds one per enclosing keyword):", "",
                "| document | mutation | " + " | ".join(names) + " |", "|---|---|" + "--:|" * len(names)]
        for c in checks:
            out.append(f"| {c['doc']} | {c['case']} | " + " | ".join(f"{c['errors'].get(n, 0):,}" for n in names) + " |")
    return out + [""]

#!/usr/bin/env python3
"""Writes the README's speed figures from the benchmark report, so they are never typed by hand.

    python3 tools/readme_table.py            # rewrite the two generated parts of README.md (make readme-table)
    python3 tools/readme_table.py --check    # fail when README.md's figures are not bench/REPORT.md's

README.md has two parts between markers, both made from bench/REPORT.md (written by `make bench FULL=1`):
    <!-- speed: begin ... --> ... <!-- speed: end -->   one sentence: the range of metajson's ratio
                                                      to the fastest other library, writing and reading
    <!-- table: begin ... --> ... <!-- table: end -->   per workload, metajson and the fastest other
                                                      library, write and read, fresh output, MB/s
Both come from the report's summary table of the default build (`-O3`, no -march), its date,
commit, CPU and compiler, and the input sizes of its read tables. After a new `make bench FULL=1`,
run this and commit README.md with the new report.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPORT = os.path.join(ROOT, "bench", "REPORT.md")
README = os.path.join(ROOT, "README.md")
ORDER = ["twitter", "citm", "canada", "player", "order", "ndjson"]


def fail(message):
    sys.exit(f"readme_table.py: error: {message}")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


# The report names the fastest other row "<library> <variant>": the README keeps the library.
LIBRARIES = ["serde_json (Rust) via FFI", "serde_json (Rust)", "simdjson", "glaze", "yyjson", "RapidJSON",
             "nlohmann", "reflect-cpp", "Boost.JSON"]


def library(row):
    return next((name for name in LIBRARIES if row == name or row.startswith(name + " ")), row)


def size(text):
    n = int(text.replace(",", ""))
    for unit, scale in (("MB", 1e6), ("KB", 1e3)):
        if n >= scale:
            v = n / scale
            return f"{v:.1f} {unit}" if v < 10 else f"{v:.0f} {unit}"
    return f"{n} B"


def parse(report):
    lines = report.split("\n")
    meta = {}
    for key, pattern in (("date", r"^- Date: (\S+)"), ("commit", r"^- Commit: `([0-9a-f]+)`"),
                         ("cpu", r"^\| CPU \| (.+?) \|"), ("cores", r"^\| Cores \| (\d+) \|"),
                         ("compiler", r"^\| Compiler \(default\) \| .*?(\d+\.\d+)\.\d+ \|"),
                         ("flags", r"^\| Flags \(default\) \| `(.+?)` \|")):
        m = next((re.match(pattern, l) for l in lines if re.match(pattern, l)), None)
        if not m:
            fail(f"bench/REPORT.md has no line matching {pattern}")
        meta[key] = m.group(1)
    # A report of the full study (`make bench FULL=1`, with rounds) or one from before it had a name.
    meta["command"] = "make bench FULL=1" if "`make bench FULL=1`" in report.split("\n", 3)[2] else "make bench"
    meta["rounds"] = "rounds" if meta["command"] == "make bench FULL=1" else "runs"
    # The summary table of the default build.
    try:
        start = next(i for i, l in enumerate(lines) if l.startswith("**default build**"))
    except StopIteration:
        fail("bench/REPORT.md has no '**default build**' summary")
    rows = {}
    i = start + 1
    while i < len(lines) and not lines[i].startswith("| dataset"):
        i += 1
    # The columns by name: the summary of `make bench FULL=1` has an interval, a target and a
    # verdict after the ratio (an unsettled ratio in parentheses, "(1.05×)").
    head = cells(lines[i]) if i < len(lines) else []
    want = ["dataset", "direction", "kind", "metajson MB/s", "fastest other", "its MB/s", "ratio"]
    if any(w not in head for w in want):
        fail(f"bench/REPORT.md's default summary lacks one of the columns {want}")
    at = [head.index(w) for w in want]
    for line in lines[i + 2:]:
        if not line.startswith("|"):
            break
        c = cells(line)
        dataset, direction, kind, ours, other, theirs, ratio = (c[k] for k in at)
        if kind == "fresh":
            rows[(dataset, direction)] = (ours, library(other), theirs, ratio)
    # Input sizes: the metajson row of each read table of the default build's results.
    sizes, section = {}, None
    results = next(i for i, l in enumerate(lines) if l.startswith("## Results: default build"))
    for line in lines[results:]:
        if line.startswith("## Results: native"):
            break
        m = re.match(r"^### (\w+): read", line)
        if m:
            section = m.group(1)
        elif section and line.startswith("| **metajson** |") and section not in sizes:
            sizes[section] = size(cells(line)[2])
    for d in ORDER:
        for direction in ("write", "read"):
            if (d, direction) not in rows:
                fail(f"bench/REPORT.md's default summary has no {d} {direction} fresh row")
        if d not in sizes:
            fail(f"bench/REPORT.md has no input size for {d}")
    return meta, rows, sizes


def value(text):
    """'1.29', '1.29×' or '(1.05×)' (unsettled) -> 1.29 / 1.05."""
    return float(text.strip("()").rstrip("×"))


def ratio(text):
    """The README's ratio: bold when metajson is faster; an unsettled one marked ~, unbolded."""
    v = f"{value(text):.2f}×"
    if text.startswith("("):
        return f"~{v}"
    return f"**{v}**" if value(text) >= 1 else v


def generate(meta, rows, sizes):
    ratios = {direction: [value(rows[(d, direction)][3]) for d in ORDER] for direction in ("write", "read")}
    speed = (f"In the last benchmark report ({meta['date']}, {meta['cores']}-core {meta['cpu']}, GCC {meta['compiler']}, "
             f"`-O3`) it writes {min(ratios['write']):.2f}–{max(ratios['write']):.2f}× as fast as the fastest "
             f"other library on each workload and reads at {min(ratios['read']):.2f}–{max(ratios['read']):.2f}× "
             "the fastest ([table](#how-fast)).")
    table = ["| data | write: metajson | fastest other | ratio | read: metajson | fastest other | ratio |",
             "|---|--:|--:|--:|--:|--:|--:|"]
    for d in ORDER:
        w, r = rows[(d, "write")], rows[(d, "read")]
        table.append(f"| {d}, {sizes[d]} | {w[0]} | {w[1]} {w[2]} | {ratio(w[3])} | "
                     f"{r[0]} | {r[1]} {r[2]} | {ratio(r[3])} |")
    table += ["", f"MB/s, median of the report's {meta['rounds']}, a new output or struct per call (in parentheses: the time per message; "
              "player and order are messages made in code, ndjson is twitter's statuses one per line); "
              f"ratio = metajson / the fastest other library, > 1 when metajson is faster"
              + ("; ~: unsettled, the ratio's interval holds 1.0 or the row's target (the report's verdict). "
                 if any(rows[(d, direction)][3].startswith("(") for d in ORDER for direction in ("write", "read"))
                 else ". ") +
              f"`{meta['command']}` at {meta['commit']} on {meta['date']}, {meta['cores']}-core {meta['cpu']}, "
              f"GCC {meta['compiler']} `{meta['flags']}`; every output verified by content first. "
              "The `-march=native` build, reused buffers, one field by JSON Pointer, allocations and every "
              "library's row: [bench/REPORT.md](bench/REPORT.md); what the figures do not say (disturbed rounds, "
              "what each library checks): [docs/performance.md](docs/performance.md)."]
    return {"speed": [speed], "table": table}


def replace(readme, parts):
    for name, lines in parts.items():
        pattern = re.compile(rf"(<!-- {name}: begin[^\n]*-->\n)(.*?)(<!-- {name}: end -->)", re.S)
        if not pattern.search(readme):
            fail(f"README.md has no <!-- {name}: begin ... --> ... <!-- {name}: end --> markers")
        readme = pattern.sub(lambda m: m.group(1) + "\n".join(lines) + "\n" + m.group(3), readme, count=1)
    return readme


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] and not check:
        sys.exit(__doc__)
    readme = open(README, encoding="utf-8").read()
    new = replace(readme, generate(*parse(open(REPORT, encoding="utf-8").read())))
    if check:
        if new != readme:
            print("README.md's speed figures are not those of bench/REPORT.md. Regenerate them and commit:\n"
                  "    make readme-table   (python3 tools/readme_table.py)")
            return 1
        print("README.md's speed figures are bench/REPORT.md's")
        return 0
    if new != readme:
        with open(README, "w", encoding="utf-8", newline="\n") as f:
            f.write(new)
    print("README.md: speed figures from bench/REPORT.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())

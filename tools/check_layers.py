#!/usr/bin/env python3
"""Checks that no header under include/metajson/ includes a header of a higher layer.

    python3 tools/check_layers.py            # exit 1 and one line per upward edge
    python3 tools/check_layers.py --graph    # the edges between folders, with their layers
    python3 tools/check_layers.py --self-test  # the check fails on a copy of include/ given an upward edge

The layers, lowest first (HACKING.md, "Layout", says what each holds). A header may include
headers of its own layer and of the layers below. A new folder or top-level header must be
given a layer here, or the check fails: where it sits is a decision, written down.
"""
import os
import re
import sys

import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = os.environ.get("METAJSON_LAYERS_INCLUDE") or os.path.join(ROOT, "include", "metajson")

# (layer, name, the folders and top-level headers in it)
LAYERS = [
    (0, "ground floor", ["detail/"]),
    (1, "vocabulary", ["error.hpp", "options.hpp", "customize.hpp", "raw_json.hpp", "fwd.hpp"]),
    (2, "instruction sets", ["simd/"]),
    (3, "text and numbers", ["text/", "number/"]),
    (4, "stage 1", ["index/"]),
    (5, "reflection", ["reflect/"]),
    (6, "type families", ["family/"]),
    (7, "readers and writers", ["read/", "write/", "binary/", "msgpack/", "cbor/"]),
    (8, "schemas", ["schema/"]),
    (9, "typed entry points", ["from_json.hpp", "to_json.hpp", "pointer.hpp"]),
    (10, "streams", ["io/"]),
    (11, "dynamic JSON", ["dynamic/"]),
    (12, "validation", ["validate/"]),
    (13, "public headers", ["metajson.hpp", "value.hpp", "value_convert.hpp", "document.hpp", "patch.hpp",
                            "schema.hpp", "stream.hpp", "parallel.hpp", "file.hpp", "msgpack.hpp", "cbor.hpp",
                            "json_schema.hpp"]),
]

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def layer_of(rel):
    for layer, _, members in LAYERS:
        for m in members:
            if (m.endswith("/") and rel.startswith(m)) or rel == m:
                return layer
    return None


def edges():
    """(from, to) for every #include "..." between headers under include/metajson/."""
    out = []
    for folder, _, files in os.walk(INCLUDE):
        for f in sorted(files):
            if not f.endswith((".hpp", ".inc")):
                continue
            path = os.path.join(folder, f)
            rel = os.path.relpath(path, INCLUDE).replace(os.sep, "/")
            with open(path, encoding="utf-8") as text:
                for line in text:
                    m = INCLUDE_RE.match(line)
                    if m:
                        target = os.path.normpath(os.path.join(os.path.dirname(path), m.group(1)))
                        out.append((rel, os.path.relpath(target, INCLUDE).replace(os.sep, "/")))
    return out


def self_test():
    """The check must fail on an upward edge and on a folder with no layer: a copy of include/
    with each fault added, one at a time."""
    faults = [("detail/macros.hpp", '#include "../dynamic/value.hpp"\n', "an upward edge"),
              ("newroom/x.hpp", '#include "../detail/macros.hpp"\n', "in no layer")]
    for path, line, expected in faults:
        with tempfile.TemporaryDirectory() as tmp:
            copy = os.path.join(tmp, "metajson")
            shutil.copytree(INCLUDE, copy)
            target = os.path.join(copy, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "a", encoding="utf-8") as f:
                f.write(line)
            r = subprocess.run([sys.executable, os.path.abspath(__file__)], capture_output=True, text=True,
                               env=dict(os.environ, METAJSON_LAYERS_INCLUDE=copy))
            if r.returncode == 0 or expected not in r.stdout:
                print(f"self-test: adding {line.strip()!r} to {path} was not reported as {expected!r}:\n{r.stdout}{r.stderr}")
                return 1
    print(f"check_layers self-test: {len(faults)} faults added, each reported")
    return 0


def main():
    if "--self-test" in sys.argv:
        return self_test()
    problems = []
    all_edges = edges()
    files = sorted({a for a, _ in all_edges} | {b for _, b in all_edges})
    for f in files:
        if layer_of(f) is None:
            problems.append(f"{f}: in no layer (give its folder a layer in tools/check_layers.py)")
    for a, b in all_edges:
        la, lb = layer_of(a), layer_of(b)
        if la is not None and lb is not None and lb > la:
            problems.append(f"{a} (layer {la}) includes {b} (layer {lb}): an upward edge")
    if "--graph" in sys.argv:
        pairs = sorted({(a.split("/")[0], b.split("/")[0]) for a, b in all_edges if a.split("/")[0] != b.split("/")[0]})
        for a, b in pairs:
            print(f"{a} ({layer_of(a if a.endswith('.hpp') else a + '/')}) -> {b} ({layer_of(b if b.endswith('.hpp') else b + '/')})")
    for p in problems:
        print(p)
    n = len({a for a, _ in all_edges})
    if problems:
        print(f"check_layers: {len(problems)} problems in {n} headers with includes", file=sys.stderr)
        return 1
    print(f"check_layers: {len(all_edges)} include edges between {len(files)} headers, none upward")
    return 0


if __name__ == "__main__":
    sys.exit(main())

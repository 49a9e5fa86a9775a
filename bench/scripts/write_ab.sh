#!/bin/bash
# Runs bench/micro/write_ab.cpp binaries in turn, ROUNDS times each (interleaved: 1 2 3 1 2 3 ...),
# and prints, per binary and case, the median over the processes of their median ns per call.
#   METAJSON_DATA_DIR=... bench/scripts/write_ab.sh small|player|order|twitter|citm ROUNDS BIN...
set -eu
what=$1 rounds=$2
shift 2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for _ in $(seq "$rounds"); do
  for bin in "$@"; do "$bin" "$what" 9 | sed "s|^|$(basename "$bin") |" >> "$out"; done
done
python3 - "$out" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    *key, ns = line.split()
    runs[" ".join(key)].append(float(ns))
for key, v in runs.items():
    print(f"{key:48s} {statistics.median(v):10.1f} ns  (min {min(v):.1f}, max {max(v):.1f}, {len(v)} processes)")
PY

#!/usr/bin/env bash
# ctest patch_oracle_test: metajson's JSON Patch and Merge Patch against Python's jsonpatch and
# json-merge-patch.
#
#   tests/patch/run.sh <patch_cases executable> <venv folder> [COUNT]
#
# 1. scripts/bootstrap-python-oracle installs the pinned oracles into the venv folder. If it
#    cannot, the test FAILS with the reason: it never skips.
# 2. patch_cases writes the cases (documents, patches, metajson's outcomes), COUNT of them.
# 3. check.py applies each with the oracles and requires the same outcome.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cases_exe=$1
venv=$2
count=${3:-12000}

if ! "$here/../../scripts/bootstrap-python-oracle" "$venv"; then
  echo "patch_oracle_test FAILED: the oracles (Python jsonpatch, jsonpointer, json-merge-patch, pinned in"
  echo "tests/patch/requirements.txt) could not be installed into $venv (see the error above)."
  echo "This test needs them and does not skip; fix the cause and run it again."
  exit 1
fi
cases=$(mktemp "$(dirname "$venv")/patch-cases.XXXXXX.jsonl")
trap 'rm -f "$cases"' EXIT
"$cases_exe" "$count" > "$cases"
"$venv/bin/python" "$here/check.py" "$cases"

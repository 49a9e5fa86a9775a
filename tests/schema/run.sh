#!/usr/bin/env bash
# ctest schema_validator_test: metajson::schema<T> against a real JSON Schema validator.
#
#   tests/schema/run.sh <schema_cases executable> <venv folder>
#
# 1. scripts/bootstrap-jsonschema installs the pinned validator (Python jsonschema) into the
#    venv folder. If it cannot, the test FAILS with the reason: it never skips.
# 2. schema_cases writes the schemas and the inputs with metajson's reader verdicts.
# 3. validate.py validates every input against its schema and requires the same verdicts.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cases_exe=$1
venv=$2

if ! "$here/../../scripts/bootstrap-jsonschema" "$venv"; then
  echo "schema_validator_test FAILED: the JSON Schema validator (Python jsonschema, pinned in"
  echo "tests/schema/requirements.txt) could not be installed into $venv (see the error above)."
  echo "This test needs it and does not skip; fix the cause and run it again."
  exit 1
fi
# A file of this run's own: two runs in one build folder must not read each other's cases.
cases=$(mktemp "$(dirname "$venv")/schema-cases.XXXXXX.jsonl")
trap 'rm -f "$cases"' EXIT
"$cases_exe" > "$cases"
"$venv/bin/python" "$here/validate.py" "$cases"

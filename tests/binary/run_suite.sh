#!/usr/bin/env bash
# ctest msgpack_suite_test: metajson's MessagePack against the public msgpack-test-suite.
#
#   tests/binary/run_suite.sh <binary_cases executable> <folder for the suite>
#
# scripts/bootstrap-msgpack-test-suite fetches the pinned suite from the npm registry into the
# folder. If it cannot, the test FAILS with the reason: it never skips.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if ! "$here/../../scripts/bootstrap-msgpack-test-suite" "$2"; then
  echo "msgpack_suite_test FAILED: the msgpack-test-suite (npm, pinned in scripts/bootstrap-msgpack-test-suite)"
  echo "could not be fetched into $2 (see the error above). This test needs it and does not skip."
  exit 1
fi
python3 "$here/suite.py" "$1" "$2/msgpack-test-suite.json"

#!/usr/bin/env bash
# ctest msgpack_oracle_test: metajson's MessagePack against Python's msgpack.
#
#   tests/binary/run.sh <msgpack_cases executable> <venv folder> [COUNT] [SEED]
#
# 1. scripts/bootstrap-python-oracle installs the pinned oracles (tests/binary/requirements.txt)
#    into the venv folder. If it cannot, the test FAILS with the reason: it never skips.
# 2. check.py has msgpack_cases write COUNT records, decodes them with msgpack.unpackb, packs
#    COUNT records of its own with msgpack.packb (and corrupts a quarter of them) for
#    msgpack_cases to read, and requires the same values and an error for every corrupted one.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cases_exe=$1
venv=$2
count=${3:-6000}
seed=${4:-20261128}

if ! "$here/../../scripts/bootstrap-python-oracle" "$venv" "$here/requirements.txt"; then
  echo "msgpack_oracle_test FAILED: the oracles (Python msgpack and cbor2, pinned in tests/binary/requirements.txt)"
  echo "could not be installed into $venv (see the error above)."
  echo "This test needs them and does not skip; fix the cause and run it again."
  exit 1
fi
"$venv/bin/python" "$here/check.py" "$cases_exe" "$count" "$seed"

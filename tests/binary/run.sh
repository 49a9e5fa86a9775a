#!/usr/bin/env bash
# ctest msgpack_oracle_test and cbor_oracle_test: metajson's MessagePack and CBOR against
# Python's msgpack and cbor2.
#
#   tests/binary/run.sh <binary_cases executable> <venv folder> msgpack|cbor [COUNT] [SEED]
#
# 1. scripts/bootstrap-python-oracle installs the pinned oracles (tests/binary/requirements.txt)
#    into the venv folder. If it cannot, the test FAILS with the reason: it never skips.
# 2. check.py has binary_cases write COUNT records, decodes them with msgpack.unpackb or
#    cbor2.loads, packs COUNT records of its own with msgpack.packb or cbor2.dumps (and corrupts
#    a quarter of them) for binary_cases to read, and requires the same values and an error for
#    every corrupted one.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cases_exe=$1
venv=$2
format=$3
count=${4:-6000}
seed=${5:-20261128}

if ! "$here/../../scripts/bootstrap-python-oracle" "$venv" "$here/requirements.txt"; then
  echo "${format}_oracle_test FAILED: the oracles (Python msgpack and cbor2, pinned in tests/binary/requirements.txt)"
  echo "could not be installed into $venv (see the error above)."
  echo "This test needs them and does not skip; fix the cause and run it again."
  exit 1
fi
"$venv/bin/python" "$here/check.py" "$format" "$cases_exe" "$count" "$seed"

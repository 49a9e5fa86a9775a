#!/usr/bin/env python3
"""binary_oracle_test: metajson's MessagePack and CBOR against Python's msgpack and cbor2
(tests/binary/binary_cases.cpp is the C++ side; run.sh runs both).

    check.py FORMAT CASES_EXE COUNT SEED        (FORMAT: msgpack or cbor)

1. Writing: CASES_EXE FORMAT write COUNT SEED prints COUNT records (hex) with their JSON, written
   in turn with the defaults, with every double as a float64, and deterministically;
   msgpack.unpackb or cbor2.loads must decode every one to the JSON's value (bin as its bytes,
   times as the JSON's ISO 8601 text, integer map keys as the JSON's key text). A deterministic
   record's maps must have their keys in the bytewise order of their encodings; a deterministic
   CBOR record must be byte for byte what RFC 8949 §4.2.1 gives (its items encoded by cbor2's
   canonical encoder, map entries sorted by their encoded keys here).
2. Reading: COUNT records drawn here (keys shuffled, some left out, unknown ones added, doubles
   as float32/float64 (msgpack) or in cbor2's canonical shortest forms, every integer width),
   packed by msgpack.packb or cbor2.dumps, read by CASES_EXE FORMAT read: each must read back as
   the record (left-out members keep their defaults). COUNT // 4 of them are then corrupted (cut
   short, a byte after the end, a member of the wrong type, a string of invalid UTF-8, an item
   length beyond the input): each must be an error.
3. metajson::value both ways: COUNT random JSON values (nested arrays and objects, every
   integer range the format holds, doubles, Unicode text; in CBOR also integers beyond 64 bits
   and decimal numbers beyond a double's range) as JSON text, read into a value by CASES_EXE
   FORMAT value-write and written in FORMAT: the oracle must decode each to the same value, kinds
   included (an int stays an int, a float a float). Then the same values packed by the oracle
   (canonical or not), read into a value by CASES_EXE FORMAT value-read and written as JSON:
   the same value again; and items a value cannot hold (byte strings, times, extensions, CBOR's
   undefined) must be errors.
4. The datasets (twitter, CITM, canada, when METAJSON_DATA_DIR is set; required under CI=1):
   CASES_EXE FORMAT dataset FILE reads the file into a value, writes it in FORMAT and checks it
   reads back equal; the oracle must decode the bytes to what Python's json module reads from
   the file.
Exit status 0 when every case agrees; otherwise the first disagreements are printed.
"""
import decimal
import os
import datetime
import importlib.metadata
import json
import random
import struct
import subprocess
import sys

import cbor2
import msgpack

EPOCH = datetime.datetime(1970, 1, 1)
EPOCH_UTC = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def iso(seconds, nanoseconds):
    t = EPOCH + datetime.timedelta(seconds=seconds)
    return t.strftime("%Y-%m-%dT%H:%M:%S") + ".%09dZ" % nanoseconds


def normalize(v):
    """A value decoded by msgpack, in the form metajson's JSON gives it."""
    if isinstance(v, msgpack.Timestamp):
        return iso(v.seconds, v.nanoseconds)
    if isinstance(v, datetime.datetime):  # CBOR tag 1
        return iso((v - EPOCH_UTC) // datetime.timedelta(seconds=1), v.microsecond * 1000)
    if isinstance(v, cbor2.CBORTag) and v.tag == 1001:  # CBOR tag 1001 (RFC 9581)
        return iso(v.value[1], v.value.get(-9, 0))
    if isinstance(v, (bytes, bytearray)):
        return list(v)
    if isinstance(v, dict):
        return {(str(k) if isinstance(k, int) else k): normalize(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [normalize(x) for x in v]
    return v


def decode(fmt, blob):
    if fmt == "msgpack":
        return msgpack.unpackb(blob, raw=False, strict_map_key=False, timestamp=0)
    return cbor2.loads(blob)


def encode_key(fmt, k):
    return msgpack.packb(k) if fmt == "msgpack" else cbor2.dumps(k, canonical=True)


def keys_sorted(fmt, v):
    """Whether every map in v has its keys in the bytewise order of their encodings."""
    if isinstance(v, dict):
        keys = [encode_key(fmt, k) for k in v]
        return keys == sorted(keys) and all(keys_sorted(fmt, x) for x in v.values())
    if isinstance(v, (list, tuple)):
        return all(keys_sorted(fmt, x) for x in v)
    return True


def cbor_head(major, n):
    if n < 24:
        return bytes([major << 5 | n])
    for ai, size in ((24, 1), (25, 2), (26, 4), (27, 8)):
        if n < 1 << (8 * size):
            return bytes([major << 5 | ai]) + n.to_bytes(size, "big")
    raise ValueError(n)


def deterministic_cbor(v):
    """RFC 8949 §4.2.1's encoding of a decoded value: cbor2's canonical encoding of every item
    (shortest heads and floats), map entries sorted by their encoded keys (cbor2 sorts by length
    first, RFC 7049's order, so maps are assembled here)."""
    if isinstance(v, dict):
        entries = sorted((deterministic_cbor(k), deterministic_cbor(x)) for k, x in v.items())
        return cbor_head(5, len(entries)) + b"".join(k + x for k, x in entries)
    if isinstance(v, (list, tuple)):
        return cbor_head(4, len(v)) + b"".join(deterministic_cbor(x) for x in v)
    if isinstance(v, cbor2.CBORTag):
        return cbor_head(6, v.tag) + deterministic_cbor(v.value)
    if isinstance(v, datetime.datetime):
        assert v.microsecond == 0
        return cbor_head(6, 1) + cbor2.dumps((v - EPOCH_UTC) // datetime.timedelta(seconds=1))
    return cbor2.dumps(v, canonical=True)


def check_write(fmt, exe, count, seed):
    out = subprocess.run([exe, fmt, "write", str(count), str(seed)], capture_output=True, text=True, check=True).stdout
    bad = []
    n = 0
    for line in out.splitlines():
        n += 1
        h, how, js = line.split("\t", 2)
        blob = bytes.fromhex(h)
        decoded = decode(fmt, blob)
        if normalize(decoded) != json.loads(js):
            bad.append("write case %d (%s): %s gives %r, metajson's JSON %s" % (n, how, fmt, normalize(decoded), js[:300]))
        if how == "deterministic":
            if not keys_sorted(fmt, decoded):
                bad.append("write case %d: deterministic, but map keys out of bytewise order: %s" % (n, h[:200]))
            if fmt == "cbor" and deterministic_cbor(decoded) != blob:
                bad.append("write case %d: deterministic CBOR %s, RFC 8949 4.2.1 gives %s" % (n, h[:200], deterministic_cbor(decoded).hex()[:200]))
    if n != count:
        bad.append("write: %d records for %d asked" % (n, count))
    return n, bad


# --- reading --------------------------------------------------------------------------------------

TEXT = ["a", "Z", " ", "\"", "\\", "\n", "\x01", "\x7f", "é", "€", "𝄞", "日本", "key", "0"]
KINDS = ["alpha", "beta", "gamma_ray"]
DEFAULT = {"i8": 0, "u8": 0, "i16": 0, "u16": 0, "i32": 0, "u32": 0, "i64": 0, "u64": 0, "d": 0.0, "b": False,
           "s": "", "kind": "alpha", "opt": None, "ints": [], "dict": {}, "by_id": {}, "raw": [], "subs": [],
           "var": 0, "when": "1970-01-01T00:00:00.000000000Z", "pair": [0, ""],
           "shape": {"type": "Sub", "id": 0, "name": "", "xs": []}}
RANGES = {"i8": (-2**7, 2**7 - 1), "u8": (0, 2**8 - 1), "i16": (-2**15, 2**15 - 1), "u16": (0, 2**16 - 1),
          "i32": (-2**31, 2**31 - 1), "u32": (0, 2**32 - 1), "i64": (-2**63, 2**63 - 1), "u64": (0, 2**64 - 1)}


def integer(r, lo, hi):
    edges = [lo, hi, 0, 1, -1, 127, 128, -32, -33, 255, 256, -128, -129, 65535, 65536, -32768, -32769,
             2**32 - 1, 2**32, -2**31, -2**31 - 1]
    if r.random() < 0.5:
        x = r.choice(edges) + r.randint(-1, 1)
    else:
        x = r.randint(lo, hi)
    return min(max(x, lo), hi)


def text(r):
    n = r.randint(20, 300) if r.random() < 0.1 else r.randint(0, 10)
    s = ""
    while len(s.encode()) < n:
        s += r.choice(TEXT)
    return s


def dbl(r):
    c = r.randint(0, 3)
    if c == 0:
        return r.randint(-1000, 1000) / 8
    if c == 1:
        return r.uniform(-1e300, 1e300)
    if c == 2:
        return r.random() * 10 ** r.randint(-300, 300)
    return float(r.randint(-2**53, 2**53))


def timestamp(r):
    sec = r.choice([0, 1, 2**32 - 1, 2**32, 2**33, -1, -86400, r.randint(-4_500_000_000, 4_500_000_000)])
    ns = 0 if r.random() < 0.3 else r.randint(0, 999_999_999)
    return sec, ns


def draw(fmt, r):
    """A record as msgpack or cbor2 packs it, and the JSON metajson must give for it."""
    packed, expect = {}, dict(DEFAULT)
    for k, (lo, hi) in RANGES.items():
        packed[k] = expect[k] = integer(r, lo, hi)
    packed["d"] = expect["d"] = dbl(r)
    packed["b"] = expect["b"] = r.random() < 0.5
    packed["s"] = expect["s"] = text(r)
    packed["kind"] = expect["kind"] = r.choice(KINDS)
    packed["opt"] = expect["opt"] = integer(r, -2**31, 2**31 - 1) if r.random() < 0.5 else None
    packed["ints"] = expect["ints"] = [integer(r, -2**63, 2**63 - 1) for _ in range(r.choice([0, 1, 3, 16, 40]))]
    packed["dict"] = {text(r): dbl(r) for _ in range(r.randint(0, 4))}
    expect["dict"] = dict(packed["dict"])
    by_id = {integer(r, -2**31, 2**31 - 1): text(r) for _ in range(r.choice([0, 2, 17]))}
    packed["by_id"] = by_id
    expect["by_id"] = {str(k): v for k, v in by_id.items()}
    raw = bytes(r.getrandbits(8) for _ in range(r.choice([0, 3, 300])))
    packed["raw"] = raw
    expect["raw"] = list(raw)
    subs = []
    for _ in range(r.randint(0, 2)):
        sub = {"id": integer(r, -2**63, 2**63 - 1), "name": text(r), "xs": [dbl(r) for _ in range(r.randint(0, 3))]}
        subs.append(sub)
    packed["subs"] = subs
    expect["subs"] = [dict(s) for s in subs]
    c = r.randint(0, 2)
    var = integer(r, -2**63, 2**63 - 1) if c == 0 else text(r) if c == 1 else [integer(r, -2**63, 2**63 - 1) for _ in range(2)]
    packed["var"] = expect["var"] = var
    sec, ns = timestamp(r)
    if fmt == "msgpack":
        packed["when"] = msgpack.Timestamp(sec, ns)
    else:
        packed["when"] = cbor2.CBORTag(1, sec) if ns == 0 else cbor2.CBORTag(1001, {1: sec, -9: ns})
    expect["when"] = iso(sec, ns)
    pair = [integer(r, -2**31, 2**31 - 1), text(r)]
    packed["pair"] = expect["pair"] = pair
    # Members left out keep their defaults; unknown keys are skipped; any order.
    for k in list(packed):
        if r.random() < 0.05:
            del packed[k]
            expect[k] = DEFAULT[k]
    if r.random() < 0.3:
        packed["unknown_%d" % r.randint(0, 9)] = r.choice([None, 1.5, "x", [1, {"a": b"z"}], {"k": [True]}])
    keys = list(packed)
    if r.random() < 0.5:
        r.shuffle(keys)
    return {k: packed[k] for k in keys}, expect


def as_float32(v):
    """A record's doubles as msgpack's use_single_float packs them."""
    f = lambda x: struct.unpack(">f", struct.pack(">f", x))[0]
    if isinstance(v, float):
        return f(v)
    if isinstance(v, dict):
        return {k: as_float32(x) for k, x in v.items()}
    if isinstance(v, list):
        return [as_float32(x) for x in v]
    return v


def fits_float32(v):
    try:
        struct.pack(">f", v)
        return True
    except OverflowError:
        return False


def all_floats(v):
    if isinstance(v, float):
        yield v
    elif isinstance(v, dict):
        for x in v.values():
            yield from all_floats(x)
    elif isinstance(v, list):
        for x in v:
            yield from all_floats(x)


def corrupt(fmt, r, packed, blob):
    """A corrupted record: its bytes, and what is wrong."""
    pack = (lambda v: msgpack.packb(v, use_bin_type=True)) if fmt == "msgpack" else cbor2.dumps
    c = r.randint(0, 4)
    if c == 0:
        return blob[:r.randint(0, len(blob) - 1)], "cut short"
    if c == 1:
        return blob + bytes([r.getrandbits(8)]), "a byte after the end"
    if c == 2:
        bad = dict(packed)
        k = r.choice(["i8", "u8", "s", "kind", "ints", "subs", "b", "when"])
        bad[k] = {"i8": "x", "u8": -1, "s": 5, "kind": "delta", "ints": {"a": 1}, "subs": [1], "b": 0, "when": 12}[k]
        return pack(bad), "member %s of the wrong type" % k
    if c == 3:
        bad = dict(packed)
        bad["s"] = b"\xc3\x28"  # not UTF-8: packed as a byte string, then made a text string
        blob = pack(bad)
        if fmt == "msgpack":
            return blob.replace(b"\xc4\x02\xc3\x28", b"\xa2\xc3\x28"), "a string of invalid UTF-8"
        return blob.replace(b"\x61s\x42\xc3\x28", b"\x61s\x62\xc3\x28"), "a string of invalid UTF-8"
    # an array claiming more items than the input holds
    if fmt == "msgpack":
        return b"\x81\xa4ints\xdd\x7f\xff\xff\xff\x01", "an array of 2^31 items in 1 byte"
    return b"\xa1\x64ints\x9b\x00\x00\x00\x01\x00\x00\x00\x00\x01", "an array of 2^32 items in 1 byte"


def check_read(fmt, exe, count, seed):
    r = random.Random(seed)
    lines, expects, kinds = [], [], []
    for _ in range(count):
        packed, expect = draw(fmt, r)
        if fmt == "msgpack":
            single = r.random() < 0.3 and all(fits_float32(x) for x in all_floats(packed))
            blob = msgpack.packb(packed, use_bin_type=True, use_single_float=single)
            if single:
                expect = as_float32(expect)
        else:  # canonical: shortest floats (float16 where exact) and sorted keys
            blob = cbor2.dumps(packed, canonical=r.random() < 0.5)
        lines.append(blob.hex())
        expects.append(expect)
        kinds.append("valid")
        if r.random() < 0.25:
            bad, why = corrupt(fmt, r, packed, blob)
            lines.append(bad.hex())
            expects.append(None)
            kinds.append(why)
    out = subprocess.run([exe, fmt, "read"], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout
    results = out.splitlines()
    bad = []
    if len(results) != len(lines):
        return 0, 0, ["read: %d results for %d inputs" % (len(results), len(lines))]
    errors = 0
    for i, (res, expect, kind) in enumerate(zip(results, expects, kinds)):
        status, rest = res.split("\t", 1)
        if expect is None:
            errors += 1
            if status != "error":
                bad.append("read case %d (%s): metajson read it: %s" % (i, kind, rest[:200]))
        elif status != "ok":
            bad.append("read case %d: metajson refused a valid record: %s (input %s...)" % (i, rest, lines[i][:80]))
        elif json.loads(rest) != expect:
            bad.append("read case %d: metajson gives %s, expected %s" % (i, rest[:300], json.dumps(expect)[:300]))
    return len(lines) - errors, errors, bad


# --- metajson::value -----------------------------------------------------------------------------

def same(a, b, json_side=False):
    """Whether a (decoded) is b (expected), kinds included. json_side: a was read by json.loads
    with parse_float=Decimal (a double's text, or a big number's)."""
    if b is None or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(b, int):
        return type(a) is int and a == b
    if isinstance(b, float):
        if json_side:
            return isinstance(a, decimal.Decimal) and float(a) == b
        return type(a) is float and a == b
    if isinstance(b, decimal.Decimal):
        return isinstance(a, (decimal.Decimal, int)) and decimal.Decimal(a) == b
    if isinstance(b, str):
        return type(a) is str and a == b
    if isinstance(b, list):
        return isinstance(a, (list, tuple)) and len(a) == len(b) and all(same(x, y, json_side) for x, y in zip(a, b))
    if isinstance(b, dict):
        return isinstance(a, dict) and a.keys() == b.keys() and all(same(a[k], b[k], json_side) for k in b)
    return False


def json_text(v):
    """JSON text of v, Decimals (big numbers) written as they are."""
    if isinstance(v, decimal.Decimal):
        return str(v)
    if isinstance(v, list):
        return "[" + ",".join(json_text(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k) + ":" + json_text(x) for k, x in v.items()) + "}"
    return json.dumps(v)


def random_double(r):
    c = r.random()
    if c < 0.3:
        h = r.getrandbits(16)
        if (h >> 10) & 31 == 31:  # (no infinity or NaN: JSON has none)
            h &= ~(1 << 14)
        return float(struct.unpack(">e", struct.pack(">H", h))[0])
    if c < 0.6:
        bits = r.getrandbits(32)
        if (bits >> 23) & 0xff == 0xff:
            bits &= ~(1 << 30)
        return float(struct.unpack(">f", struct.pack(">I", bits))[0])
    while True:
        d = struct.unpack(">d", struct.pack(">Q", r.getrandbits(64)))[0]
        if d == d and abs(d) != float("inf"):
            return d


def random_value(r, fmt, depth=0):
    c = r.random()
    if depth < 4 and c < 0.12:
        return [random_value(r, fmt, depth + 1) for _ in range(r.randrange(6))]
    if depth < 4 and c < 0.24:
        return {r.choice(TEXT) + str(r.randrange(50)): random_value(r, fmt, depth + 1) for _ in range(r.randrange(6))}
    c = r.random()
    if c < 0.05:
        return None
    if c < 0.1:
        return r.random() < 0.5
    if c < 0.45:
        lo, hi = (-2**64, 2**64 - 1) if fmt == "cbor" else (-2**63, 2**64 - 1)
        bits = r.choice([5, 8, 16, 32, 63, 64, 65])
        v = r.getrandbits(bits) * r.choice([1, -1])
        return max(lo, min(hi, v))
    if c < 0.7:
        return random_double(r)
    if fmt == "cbor" and c < 0.78:
        return r.getrandbits(r.choice([70, 128, 200, 1000])) * r.choice([1, -1])  # a bignum
    if fmt == "cbor" and c < 0.83:  # beyond a double's range: a decimal fraction
        return decimal.Decimal("%s%dE%d" % (r.choice(["", "-"]), r.getrandbits(r.choice([8, 80])) + 1, r.choice([1, -1]) * r.randrange(400, 2000)))
    return "".join(r.choice(TEXT) for _ in range(r.randrange(20)))


def refused(r, fmt):
    """An item metajson::value holds no kind for, somewhere in a value."""
    bad = r.choice([b"\x01\x02", "time", "ext"])
    if bad == "time":
        bad = cbor2.CBORTag(1, 1700000000) if fmt == "cbor" else msgpack.Timestamp(1700000000, 0)
    elif bad == "ext":
        bad = cbor2.undefined if fmt == "cbor" else msgpack.ExtType(5, b"x")
    return r.choice([bad, [1, bad], {"k": [bad]}])


def check_value(fmt, exe, count, seed):
    r = random.Random(seed)
    bad = []
    values = [random_value(r, fmt) for _ in range(count)]
    # 1. JSON text -> value -> FORMAT -> the oracle
    out = subprocess.run([exe, fmt, "value-write"], input="\n".join(json_text(v) for v in values) + "\n",
                         capture_output=True, text=True, check=True).stdout.splitlines()
    if len(out) != count:
        bad.append("value-write: %d answers for %d values" % (len(out), count))
    for i, (line, v) in enumerate(zip(out, values)):
        status, rest = line.split("\t", 1)
        if status != "ok":
            bad.append("value-write %d: %s refused: %s" % (i, json_text(v)[:200], rest[:200]))
            continue
        blob = bytes.fromhex(rest)
        decoded = decode(fmt, blob)
        if not same(decoded, v):
            bad.append("value-write %d: %s decodes to %r, expected %s" % (i, rest[:120], decoded, json_text(v)[:200]))
        if fmt == "cbor" and i % 2 == 1 and deterministic_cbor(decoded) != blob:
            bad.append("value-write %d: deterministic CBOR %s, RFC 8949 4.2.1 gives %s" % (i, rest[:200], deterministic_cbor(decoded).hex()[:200]))
    # 2. the oracle -> FORMAT -> value -> JSON text; then items a value cannot hold
    lines = []
    for i, v in enumerate(values):
        if fmt == "cbor":
            lines.append(cbor2.dumps(v, canonical=i % 2 == 0).hex())
        else:
            lines.append(msgpack.packb(v, use_bin_type=True).hex())
    n_refused = count // 4
    for _ in range(n_refused):
        x = refused(r, fmt)
        lines.append((cbor2.dumps(x) if fmt == "cbor" else msgpack.packb(x, use_bin_type=True, datetime=False)).hex())
    out = subprocess.run([exe, fmt, "value-read"], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout.splitlines()
    if len(out) != len(lines):
        bad.append("value-read: %d answers for %d items" % (len(out), len(lines)))
    for i, line in enumerate(out):
        status, rest = line.split("\t", 1)
        if i < count:
            if status != "ok":
                bad.append("value-read %d: %s refused: %s" % (i, lines[i][:120], rest[:200]))
            elif not same(json.loads(rest, parse_float=decimal.Decimal), values[i], json_side=True):
                bad.append("value-read %d: %s reads as %s, expected %s" % (i, lines[i][:120], rest[:200], json_text(values[i])[:200]))
        elif status != "error":
            bad.append("value-read %d: %s (an item a value cannot hold) read as %s" % (i, lines[i][:120], rest[:200]))
    return count, n_refused, bad


def check_datasets(fmt, exe):
    data = os.environ.get("METAJSON_DATA_DIR")
    if not data:
        if os.environ.get("CI"):
            return 0, ["datasets: METAJSON_DATA_DIR is not set (required under CI)"]
        print("datasets: METAJSON_DATA_DIR is not set: not checked")
        return 0, []
    bad = []
    n = 0
    for name in ["twitter.json", "citm_catalog.json", "canada.json"]:
        path = os.path.join(data, name)
        run = subprocess.run([exe, fmt, "dataset", path], capture_output=True, text=True)
        if run.returncode != 0:
            bad.append("dataset %s: %s" % (name, run.stderr.strip()[:300]))
            continue
        with open(path, encoding="utf-8") as f:
            expected = json.load(f)
        if not same(decode(fmt, bytes.fromhex(run.stdout.strip())), expected):
            bad.append("dataset %s: the %s decoded by the oracle differs from the JSON" % (name, fmt))
        n += 1
    return n, bad


def main():
    fmt, exe, count, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    n_written, bad_w = check_write(fmt, exe, count, seed)
    n_read, n_refused, bad_r = check_read(fmt, exe, count, seed + 1)
    n_values, n_values_refused, bad_v = check_value(fmt, exe, count // 3, seed + 2)
    n_datasets, bad_d = check_datasets(fmt, exe)
    bad = bad_w + bad_r + bad_v + bad_d
    version = importlib.metadata.version("msgpack" if fmt == "msgpack" else "cbor2")
    print("%s oracle (Python %s %s): %d records written and decoded, %d packed and read, "
          "%d corrupted and refused; metajson::value: %d written and decoded, %d packed and read, %d refused; "
          "%d datasets equal; %d disagreements" % (fmt, fmt if fmt == "msgpack" else "cbor2", version, n_written,
                                                   n_read, n_refused, n_values, n_values, n_values_refused, n_datasets, len(bad)))
    for b in bad[:20]:
        print("  " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

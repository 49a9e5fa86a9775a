#!/usr/bin/env python3
"""msgpack_suite_test: metajson's MessagePack reader and writer against the public MessagePack test
suite (npm msgpack-test-suite 1.0.0, fetched by scripts/bootstrap-msgpack-test-suite): for every
value the suite has, every encoding it lists.

    suite.py CASES_EXE SUITE_JSON

Each encoding is read by `CASES_EXE msgpack suite` into the C++ type a program would hold the
value in (nil: std::nullptr_t, numbers: std::int64_t, std::uint64_t or double (an integer the
suite writes as a float is read into a double: metajson's integers refuse floats), strings,
binaries, arrays and maps of those, timestamps: a nanosecond time_point (whole seconds beyond its
range: sys_seconds; a fraction beyond it: the reader must refuse it); an extension type no C++
type holds: skipped as the value of an unknown key, and checked). Required: every encoding reads
to the suite's value; what metajson writes back is one of the suite's encodings of that value,
and none of the same kind (integer or float) is shorter (or a float shorter than every one the
suite lists that holds the same value: metajson writes a float 32 where it is exact). Exit status 0 when every case agrees.
"""
import json
import re
import struct
import subprocess
import sys


def days_from_civil(y, m, d):
    """Days from 1970-01-01 (the proleptic Gregorian calendar, year 0 included)."""
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def parse_time(text):
    """metajson's JSON time text as (seconds, nanoseconds)."""
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?Z", text)
    if not m:
        return text
    y, mo, d, h, mi, s = (int(x) for x in m.groups()[:6])
    frac = (m.group(7) or "").ljust(9, "0")
    return days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s, int(frac)


def plan(case, encoding):
    """(C++ type, the JSON metajson must give) for one encoding of one case, or None to skip."""
    first = int(encoding.split("-")[0], 16)
    if "nil" in case:
        return "nil", None
    if "bool" in case:
        return "bool", case["bool"]
    if "binary" in case:
        return "binary", [int(b, 16) for b in case["binary"].split("-")] if case["binary"] else []
    if "number" in case or "bignum" in case:
        value = int(case["bignum"]) if "bignum" in case else case["number"]
        if first in (0xca, 0xcb):
            return "double", float(value)
        if isinstance(value, float):
            return "double", value
        return ("int" if value < 2**63 else "uint"), value
    if "string" in case:
        return "string", case["string"]
    if "array" in case:
        a = case["array"]
        if all(isinstance(x, int) for x in a):
            return "ints", a
        if all(isinstance(x, str) for x in a):
            return "strings", a
        if all(isinstance(x, list) for x in a):
            return "arrays", a
        if all(isinstance(x, dict) for x in a):
            return "maps", a
    if "map" in case:
        m = case["map"]
        kinds = {type(x) for x in m.values()}
        if kinds <= {int}:
            return "map_int", m
        if kinds == {str}:
            return "map_string", m
        if kinds == {dict}:
            return "map_map", m
        if kinds == {list}:
            return "map_array", m
    if "timestamp" in case:
        sec, ns = case["timestamp"]
        if -2**63 <= sec * 10**9 + ns < 2**63:
            return "timestamp", (sec, ns)
        if ns == 0:  # beyond int64 nanoseconds (1678-2262): whole seconds read into sys_seconds
            return "timestamp_s", (sec, ns)
        return "timestamp", "refused"  # no nanosecond time_point holds it: invalid_time, never a wrong time
    if "ext" in case:
        return "unknown", {"known": 1}
    raise ValueError("no C++ type for %r" % case)


def main():
    exe, suite_file = sys.argv[1], sys.argv[2]
    suite = json.load(open(suite_file, encoding="utf-8"))
    lines, checks = [], []
    for group, cases in sorted(suite.items()):
        for n, case in enumerate(cases):
            encodings = case["msgpack"]
            for e in encodings:
                cpp, expect = plan(case, e)
                lines.append(cpp + "\t" + e.replace("-", ""))
                checks.append((group, n, e, cpp, expect, [x.replace("-", "") for x in encodings]))
    out = subprocess.run([exe, "msgpack", "suite"], input="\n".join(lines) + "\n", capture_output=True, text=True,
                         check=True).stdout.splitlines()
    bad = []
    if len(out) != len(lines):
        bad.append("%d results for %d encodings" % (len(out), len(lines)))
    for (group, n, e, cpp, expect, encodings), res in zip(checks, out):
        parts = res.split("\t")
        where = "%s case %d, encoding %s into %s" % (group, n, e, cpp)
        if expect == "refused":
            if parts[0] != "error" or "outside this time_point's range" not in parts[-1]:
                bad.append("%s: expected invalid_time (outside the range), got %s" % (where, res))
            continue
        if parts[0] != "ok":
            bad.append("%s: refused: %s" % (where, parts[-1]))
            continue
        got, written = json.loads(parts[1]), parts[2]
        if cpp.startswith("timestamp"):
            got = parse_time(got)
        if cpp != "unknown" and got != expect:
            bad.append("%s: reads %r, the suite says %r" % (where, got, expect))
        # Written back: one of the suite's encodings, none of the same kind (integer or float) shorter.
        is_float = lambda h: h[:2] in ("ca", "cb")
        same_kind = [x for x in encodings if is_float(x) == is_float(written)]
        if cpp != "unknown" and written not in encodings and is_float(written) and len(written) < min(len(x) for x in same_kind):
            # a float in fewer bytes than the suite lists (a float 32 that holds the value): the same value?
            fmt = ">f" if written[:2] == "ca" else ">d"
            if struct.unpack(fmt, bytes.fromhex(written[2:]))[0] == expect:
                continue
        if cpp != "unknown" and (written not in encodings or len(written) > min(len(x) for x in same_kind)):
            bad.append("%s: written back as %s, not one of the suite's shortest encodings %s" % (where, written, encodings))
    print("msgpack-test-suite 1.0.0: %d values, %d encodings read, %d disagreements" %
          (sum(len(c) for c in suite.values()), len(lines), len(bad)))
    for b in bad[:30]:
        print("  " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

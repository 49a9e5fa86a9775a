#!/usr/bin/env python3
"""Applies the cases written by tests/patch/patch_cases.cpp again with Python's jsonpatch
(RFC 6902) and json-merge-patch (RFC 7396), and requires metajson's outcome: the same verdict,
and a result equal as JSON (numbers by value: the JSON is read with Decimal for its fractions, as
the json module would read 1e400 as infinity; booleans only equal booleans; objects in any
order).

    check.py CASES.jsonl

Exits 1 on any difference, on a line that does not parse (or holds a key twice: a dict would
keep one value silently), and when the cases do not exercise both verdicts of JSON Patch.
"""
import collections
import decimal
import importlib.metadata
import json
import sys

import json_merge_patch
import jsonpatch
import jsonpointer


def no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError("a key twice: %r" % keys)
    return dict(pairs)


def parse(text):
    return json.loads(text, parse_float=decimal.Decimal, object_pairs_hook=no_duplicates)


def equal(a, b):
    """JSON equality: RFC 6902 section 4.6's."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b))
    if isinstance(a, (int, decimal.Decimal)) and isinstance(b, (int, decimal.Decimal)):
        return decimal.Decimal(a) == decimal.Decimal(b)
    return type(a) is type(b) and a == b


def main():
    counts = collections.Counter()
    failures = []
    with open(sys.argv[1], encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            case = parse(line)
            if case["kind"] == "patch":
                try:
                    result = jsonpatch.apply_patch(case["doc"], case["patch"])
                    ok = True
                except (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException, TypeError, KeyError, IndexError):
                    ok = False
                counts["patch applies" if ok else "patch fails"] += 1
                if ok != case["ok"]:
                    failures.append("line %d: metajson %s, jsonpatch %s: %s" % (
                        number, "applies it" if case["ok"] else "refuses it", "applies it" if ok else "refuses it", line.strip()[:400]))
                elif ok and not equal(result, case["result"]):
                    failures.append("line %d: results differ: jsonpatch gives %s: %s" % (number, json.dumps(result, default=str)[:200], line.strip()[:400]))
            else:
                result = json_merge_patch.merge(case["target"], case["patch"])
                counts["merge patch"] += 1
                if not equal(result, case["result"]):
                    failures.append("line %d: merge results differ: json-merge-patch gives %s: %s" % (
                        number, json.dumps(result, default=str)[:200], line.strip()[:400]))
    versions = ", ".join("%s %s" % (p, importlib.metadata.version(p)) for p in ("jsonpatch", "jsonpointer", "json-merge-patch"))
    print("patch oracle (%s): %s" % (versions, ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    for f in failures[:30]:
        print(f)
    if failures:
        print("%d cases differ" % len(failures))
        return 1
    if counts["patch applies"] == 0 or counts["patch fails"] == 0 or counts["merge patch"] == 0:
        print("the cases do not exercise both verdicts and merge patches")
        return 1
    total = sum(counts.values())
    print("all %d cases agree" % total)
    return 0


if __name__ == "__main__":
    sys.exit(main())

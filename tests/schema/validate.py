#!/usr/bin/env python3
"""Validates the inputs written by tests/schema/schema_cases.cpp against their schemas with
Python's jsonschema (Draft 2020-12), and requires the verdict metajson's reader gave.

    validate.py CASES.jsonl

Each schema is first checked against the draft 2020-12 metaschema. Each input is validated
twice, with "format" as an annotation (the default) and as an assertion (format_checker): both
must agree with the reader. Two kinds of difference are expected and counted, never hidden:

- inputs marked "differs" (what a schema cannot express, listed in docs/schema.md): the
  validator must accept them while the reader rejects them, so the list stays true;
- an integer written with a fraction or an exponent (1.0, 1e2): JSON Schema's data model
  makes it an integer, metajson's reader does not. Such a difference is accepted only if the
  input is rejected by the same schema under a validator for which 1.0 is not an integer;
- duplicate keys (a multimap's output, mutated): a parser keeps one value per key, so the
  validator never sees the other, which the reader reads (and may reject). Accepted only for
  inputs that have duplicate keys, when the reader is the one that rejects;
- year 0000 with "format" as an assertion: the rfc3339-validator package rejects it ("Year 0
  is not a valid date"), RFC 3339 (4DIGIT) and the reader do not. Accepted only when the input
  holds a "0000-..." string and only the format assertion rejects it.

Exits 1 on any other difference, and when the cases do not exercise both verdicts.
"""
import collections
import importlib.metadata
import json
import sys

import jsonschema
from jsonschema import Draft202012Validator as Validator

# The same validator, for which only a number written without fraction or exponent (parsed by
# Python as an int) is an integer: what metajson's reader requires.
StrictIntegers = jsonschema.validators.extend(
    Validator,
    type_checker=Validator.TYPE_CHECKER.redefine("integer", lambda _, x: isinstance(x, int) and not isinstance(x, bool)),
)


def has_duplicate_keys(text):
    found = []

    def pairs(ps):
        keys = [k for k, _ in ps]
        if len(set(keys)) != len(keys):
            found.append(True)
        return dict(ps)

    json.loads(text, object_pairs_hook=pairs)
    return bool(found)


def has_year_zero(value):
    if isinstance(value, str):
        return value.startswith("0000-")
    if isinstance(value, list):
        return any(has_year_zero(v) for v in value)
    if isinstance(value, dict):
        return any(has_year_zero(v) for v in value.values())
    return False


def excerpt(s, n=300):
    return s if len(s) <= n else s[: n // 2] + " ... " + s[-n // 2 :]


def main():
    schemas = {}
    failures = []
    agree = collections.Counter()
    integral_fractions = 0
    duplicates = 0
    year_zero = 0
    documented = collections.Counter()
    inputs = 0
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if "schema" in rec:
                schema = rec["text"]
                try:
                    Validator.check_schema(schema)
                except jsonschema.SchemaError as e:
                    failures.append(f"schema {rec['name']!r} is not a valid draft 2020-12 schema: {e.message}")
                    continue
                schemas[rec["schema"]] = (
                    rec["name"],
                    Validator(schema),
                    Validator(schema, format_checker=Validator.FORMAT_CHECKER),
                    StrictIntegers(schema),
                )
                continue
            if rec["of"] not in schemas:
                continue
            inputs += 1
            name, plain, formats, strict = schemas[rec["of"]]
            instance = json.loads(rec["input"])
            verdict = plain.is_valid(instance)
            reader = rec["reader"]

            def describe(what):
                err = jsonschema.exceptions.best_match(plain.iter_errors(instance))
                return (f"{what}\n  schema: {name}\n  input:  {excerpt(rec['input'])}\n"
                        f"  reader: {'accepts' if reader else 'rejects: ' + rec['why']}\n"
                        f"  validator: {'accepts' if verdict else 'rejects: ' + excerpt(err.message if err else '?', 200)}")

            if formats.is_valid(instance) != verdict:
                if verdict and has_year_zero(instance):
                    year_zero += 1
                else:
                    failures.append(describe("\"format\" as an assertion changes the verdict"))
            if "differs" in rec:
                if verdict == reader:
                    failures.append(describe(f"documented difference no longer differs ({rec['differs']})"))
                else:
                    documented[rec["differs"]] += 1
            elif verdict == reader:
                agree[reader] += 1
            elif not reader and verdict and not strict.is_valid(instance):
                integral_fractions += 1
            elif not reader and verdict and has_duplicate_keys(rec["input"]):
                duplicates += 1
            else:
                failures.append(describe("verdicts differ"))

    print(f"jsonschema {importlib.metadata.version('jsonschema')}, rfc3339-validator {importlib.metadata.version('rfc3339-validator')}")
    print(f"{len(schemas)} schemas, {inputs} inputs: {agree[True]} accepted and {agree[False]} rejected by both")
    print(f"{integral_fractions} inputs with an integer written as 1.0 or 1e2: valid for the schema, rejected by the reader (expected)")
    print(f"{duplicates} inputs with duplicate keys: the reader reads a value the validator never sees (expected)")
    print(f"{year_zero} inputs with year 0000: rejected by rfc3339-validator's \"date-time\" only (expected)")
    for why, n in documented.items():
        print(f"documented difference, {n} input(s): {why}")
    if not failures and (agree[True] == 0 or agree[False] == 0):
        failures.append("the cases exercise only one verdict")
    for f in failures[:40]:
        print("FAIL:", f)
    if failures:
        print(f"{len(failures)} failure(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

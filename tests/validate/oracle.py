#!/usr/bin/env python3
"""Python's jsonschema as a second oracle for metajson::json_schema: validates every instance
written by tests/validate/json_schema_cases.cpp against its schema with
jsonschema.Draft202012Validator ("format" not asserted, as in metajson by default) and requires
metajson's verdict.

    oracle.py CASES.jsonl

Fails (exit 1), printing each one with the schema, the instance and both verdicts, on:
- a verdict that differs;
- an instance on which metajson's four ways in (validate and is_valid of a value, validate_json
  and is_valid_json of the text) disagree;
- a schema metajson refused to compile that jsonschema's metaschema check accepts (and a
  schema the generator wrote that is not a valid draft 2020-12 schema: a generator bug);
- cases that do not exercise both sides of every keyword: each keyword below must be in the
  schema of an instance both validators accept, and fail (be the keyword, or on the path of the
  keyword, jsonschema reports) for an instance both reject.
One kind of difference is a limit of the oracle, not of metajson, and is counted, never hidden:
- a multipleOf that is not an integer (0.5, 2.5...) applied to a number beyond 2^53: jsonschema
  divides in binary floating point (instance / dB), and a quotient that large is always
  integral, so 2^64 passes "multipleOf": 1.5 (2^65 / 3 is not an integer). Accepted only when
  the same schema under a validator whose multipleOf is exact (fractions) gives metajson's
  verdict.
Prints the counts: schemas, instances, verdicts, and per keyword how often each side was hit.
"""
import collections
import importlib.metadata
import json
import sys
from fractions import Fraction

import jsonschema
from jsonschema import Draft202012Validator as Validator


def exact_multiple_of(validator, dB, instance, schema):
    """multipleOf in exact arithmetic (a float is its binary value, exactly)."""
    if not validator.is_type(instance, "number"):
        return
    if (Fraction(instance) / Fraction(dB)).denominator != 1:
        yield jsonschema.ValidationError(f"{instance!r} is not a multiple of {dB}")


# The same validator with an exact multipleOf: only to tell a float-division difference.
ExactMultiples = jsonschema.validators.extend(Validator, validators={"multipleOf": exact_multiple_of})

# Keywords that must be seen failing (jsonschema's error.validator, or a keyword on the error's
# schema path: "properties", "items", "then" report through the subschema's keyword) and passing.
MUST_FAIL = [
    "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
    "minLength", "maxLength", "pattern", "properties", "patternProperties", "additionalProperties", "required",
    "dependentRequired", "dependentSchemas", "propertyNames", "minProperties", "maxProperties", "items",
    "prefixItems", "contains", "minItems", "maxItems", "uniqueItems", "allOf", "anyOf", "oneOf", "not", "then",
    "else", "unevaluatedProperties", "unevaluatedItems", "false schema",
]
# Keywords that never report an error of their own (jsonschema reports through $ref the target's
# keyword; `contains` reports minContains and maxContains): seen in schemas on both sides.
MUST_BE_PRESENT = ["$ref", "$defs", "$anchor", "if", "minContains", "maxContains", "format", "$schema"]
KEYWORDS = set(MUST_FAIL) | set(MUST_BE_PRESENT)


def keywords_of(schema, out):
    """Every keyword used anywhere in the schema (keys of every object in it that are keywords;
    the generated property names never are)."""
    if isinstance(schema, bool):
        if schema is False:
            out.add("false schema")
        return
    if isinstance(schema, dict):
        for k, v in schema.items():
            if k in KEYWORDS:
                out.add(k)
            if k in ("enum", "const"):
                continue
            if isinstance(v, (dict, list, bool)) and k not in ("required", "type"):
                keywords_of(v, out)
    elif isinstance(schema, list):
        for v in schema:
            keywords_of(v, out)


def failing_keywords(errors, out):
    for e in errors:
        out.add("false schema" if e.validator is None else e.validator)
        for p in e.absolute_schema_path:
            if isinstance(p, str) and p in KEYWORDS:
                out.add(p)
        if e.context:
            failing_keywords(e.context, out)


def excerpt(s, n=600):
    return s if len(s) <= n else s[: n // 2] + " ... " + s[-n // 2:]


def main():
    schemas = {}
    failures = []
    agree = collections.Counter()
    passing = collections.Counter()  # keyword -> instances both accept, in whose schema it is
    failing = collections.Counter()  # keyword -> instances both reject, on which it fails
    refused_by_both = 0
    float_division = 0
    instances = 0
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if "schema" in rec:
                text = json.dumps(rec["text"], ensure_ascii=False)
                try:
                    Validator.check_schema(rec["text"])
                except jsonschema.SchemaError as e:
                    if "compile_error" in rec:
                        refused_by_both += 1
                    else:
                        failures.append(f"schema {rec['schema']} is not a valid draft 2020-12 schema (a generator bug): {e.message}\n  schema: {excerpt(text)}")
                    continue
                if "compile_error" in rec:
                    failures.append(f"metajson refused to compile schema {rec['schema']}, a valid draft 2020-12 schema: {rec['compile_error']}\n  schema: {excerpt(text)}")
                    continue
                kws = set()
                keywords_of(rec["text"], kws)
                schemas[rec["schema"]] = (Validator(rec["text"]), text, kws)
                continue
            instances += 1
            validator, text, kws = schemas.get(rec["of"], (None, None, None))
            if validator is None:
                failures.append(f"an instance of schema {rec['of']}, which was not compiled: {rec['instance']}")
                continue
            mj = rec["valid"]
            try:
                instance = json.loads(rec["instance"])
                errors = list(validator.iter_errors(instance))
                py = not errors
            except Exception as e:  # a crash of the oracle (RecursionError...) is a failure too
                failures.append(f"jsonschema could not validate: {type(e).__name__}: {e}\n  schema:   {excerpt(text)}\n  instance: {rec['instance']}")
                continue

            def describe(what):
                best = jsonschema.exceptions.best_match(errors)
                where = "/".join(str(p) for p in best.absolute_schema_path) if best else ""
                return (f"{what}\n  schema:   {excerpt(text)}\n  instance: {excerpt(rec['instance'])}\n"
                        f"  metajson: {'valid' if mj else 'invalid'}\n"
                        f"  jsonschema: {'valid' if py else 'invalid: ' + excerpt(best.message, 200) + ' (at ' + where + ')'}")

            if "modes" in rec:
                failures.append(describe(f"metajson's ways in disagree: {rec['modes']}"))
            if py != mj:
                if "multipleOf" in kws and ExactMultiples(json.loads(text)).is_valid(instance) == mj:
                    float_division += 1
                else:
                    failures.append(describe("verdicts differ"))
                continue
            agree[py] += 1
            if py:
                for k in kws:
                    passing[k] += 1
            else:
                found = set()
                failing_keywords(errors, found)
                for k in found:
                    failing[k] += 1
                for k in kws & set(MUST_BE_PRESENT):
                    failing[k] += 1

    print(f"jsonschema {importlib.metadata.version('jsonschema')} (Draft202012Validator, format not asserted)")
    print(f"{len(schemas)} schemas ({refused_by_both} refused by both), {instances} instances: "
          f"{agree[True]} valid and {agree[False]} invalid for both, {len(failures)} failure(s)")
    print(f"{float_division} instances beyond 2^53 against a multipleOf that is not an integer: jsonschema's float"
          " division differs from exact arithmetic, which gives metajson's verdict (expected)")
    print("keyword: instances valid for both with it in their schema / invalid for both with it failing"
          " (for $ref, $defs, $anchor, if, minContains, maxContains, format, $schema: with it in the schema)")
    for k in MUST_FAIL + MUST_BE_PRESENT:
        print(f"  {k}: {passing[k]} / {failing[k]}")
    for k in MUST_FAIL + MUST_BE_PRESENT:
        if passing[k] == 0 or failing[k] == 0:
            failures.append(f"the cases do not exercise both sides of {k!r} ({passing[k]} valid / {failing[k]} invalid)")
    for f in failures:
        print("FAIL:", f)
    if failures:
        print(f"{len(failures)} failure(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

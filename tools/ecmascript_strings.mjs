#!/usr/bin/env node
// Prints String(x) for each double of a file of little-endian IEEE doubles, one per line:
// JavaScript's own Number::toString, the reference for metajson's number_format::ecmascript.
//   node tools/ecmascript_strings.mjs values.bin > strings.txt
// Used by tests/roundtrip/ecmascript_node_test.cpp and tools/gen_ecmascript_cases.mjs.
import { readFileSync, writeSync } from "node:fs";

const bytes = readFileSync(process.argv[2]);
const values = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.length / 8);
const lines = [];
for (const x of values) lines.push(String(x));
writeSync(1, lines.join("\n") + "\n");

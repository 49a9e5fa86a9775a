#!/usr/bin/env node
// RFC 8785 (JSON Canonicalization Scheme) in JavaScript, the language the RFC is defined in:
// JSON.parse, then every number, string and literal as JSON.stringify writes it, object keys
// sorted by Array.prototype.sort (UTF-16 code units), no whitespace. The independent
// implementation that tests/canonical/canonical_node_test.cpp compares metajson::canonical with.
//   node tests/canonical/jcs.mjs IN OUT [IN OUT]...
import { readFileSync, writeFileSync } from "node:fs";

function canonical(v) {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return "[" + v.map(canonical).join(",") + "]";
  return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canonical(v[k])).join(",") + "}";
}

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  console.error("usage: node jcs.mjs IN OUT [IN OUT]...");
  process.exit(2);
}
for (let i = 0; i < args.length; i += 2) {
  writeFileSync(args[i + 1], canonical(JSON.parse(readFileSync(args[i], "utf8"))));
}

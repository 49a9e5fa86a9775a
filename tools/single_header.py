#!/usr/bin/env python3
"""Generates the single headers in single_include/metajson/ from include/metajson/.

    python3 tools/single_header.py              # (re)write single_include/metajson/  (make single-header)
    python3 tools/single_header.py --check DIR  # generate into DIR, compare with single_include/metajson/
    python3 tools/single_header.py --fingerprint   # the sources' fingerprint named in the banners

Eleven files, each a drop-in for the header of the same name under include/ (so `-I single_include`
replaces `-I include` and no #include line changes):

    metajson.hpp   the umbrella header: the typed API of <metajson/metajson.hpp>
    value.hpp      metajson::value, to_value, from_value  (#includes "metajson.hpp", then what it adds)
    value_convert.hpp  the same (kept for code written before value.hpp held it)  (#includes "value.hpp")
    file.hpp       from_file, to_file         (#includes "metajson.hpp", then what it adds)
    stream.hpp     streams and NDJSON         (idem)
    parallel.hpp   NDJSON read on several threads  (#includes "stream.hpp", then what it adds)
    schema.hpp     JSON Schema from a type    (idem)
    document.hpp   the read-only document     (#includes "value.hpp", then what it adds)
    patch.hpp      JSON Patch, Merge Patch    (idem)
    msgpack.hpp    MessagePack                (#includes "metajson.hpp", then what it adds)
    cbor.hpp       CBOR                       (#includes "msgpack.hpp": the binary traversal is in one file)
    json_schema.hpp  JSON Schema validation   (#includes "document.hpp", then what it adds)

value.hpp, file.hpp, stream.hpp, schema.hpp, document.hpp and patch.hpp are separate, as under include/, because they cost compile
time that a program without them should not pay (the dynamic value, <filesystem> and the POSIX headers,
<istream>/<ostream>); they include the umbrella single header (or value.hpp's) rather than repeating it, so each
stays small and the library's text is in one file. pointer.hpp is in the umbrella.

How the text is put together (Python's standard library only; same input, same bytes):
- `#include "x"` (and `#include <metajson/x>`) of a library file is replaced by that file's text,
  found like the preprocessor does: beside the including file first, then under include/.
  Standard and system headers (`#include <...>`) are left as they are.
- A .hpp (every one is `#pragma once`) is inlined where it is first included. Its text is
  wrapped in an include guard named after its path, and its `#pragma once` dropped, so the
  result behaves as the tree does: a later #include of the same header adds nothing.
- Conditional includes stay inside their #if, in place. A .hpp included again at a place that
  the first copy's #if branches do not enclose (the first copy may have been skipped by the
  preprocessor) is inlined there again, inside its guard, so it is compiled exactly where the
  tree would compile it. The #if METAJSON_REQUIREMENTS_MET branch of the public headers does
  not count as a condition: when it is false, detail/requirements.hpp has already stopped the
  compilation with an #error.
- A .inc (index/stage1.inc, index/block_*.inc: compiled once per instruction set, inside
  different namespaces) is inlined every time it is included, and is never guarded.
- Each inlined file is marked `// ---- metajson/<path> ----` so that a compiler message in the
  single header can be traced to its source.

Banner: the version is project(VERSION) of CMakeLists.txt; the fingerprint is a SHA-256 over
every file under include/metajson (paths and bytes, sorted by path), which names the sources
exactly; the commit is the one checked out when the header was generated (`git rev-parse`),
with "+ uncommitted changes" when include/ differed from it. The commit is the one line the
staleness check (--check) does not compare: a header regenerated and committed with its
sources necessarily names the commit before its own, and the same sources give the same
header whatever the commit, so the fingerprint, not the commit, says whether it is stale.
"""
import argparse
import hashlib
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = os.path.join(ROOT, "include")
OUTPUTS = ["metajson.hpp", "value.hpp", "value_convert.hpp", "file.hpp", "stream.hpp", "parallel.hpp", "schema.hpp", "document.hpp",
           "patch.hpp", "msgpack.hpp", "cbor.hpp", "json_schema.hpp"]
# The single headers that include value.hpp's (beside them) rather than metajson.hpp's, as their
# sources under include/ include value.hpp: the dynamic value is in one single header. Likewise
# parallel.hpp includes stream.hpp's.
ON_VALUE = {"value_convert.hpp", "document.hpp", "patch.hpp"}
ON_STREAM = {"parallel.hpp"}
# cbor.hpp includes msgpack.hpp's: the binary traversal both share is in one single header.
ON_MSGPACK = {"cbor.hpp"}
# json_schema.hpp includes document.hpp's: the validator reads both DOMs, and the document's
# text is in one single header.
ON_DOCUMENT = {"json_schema.hpp"}
UMBRELLA = "metajson/metajson.hpp"
REGENERATE = "make single-header   (python3 tools/single_header.py)"
COMMIT_PREFIX = "// Commit: "
SOURCES_PREFIX = "// Sources: "
# A branch that is taken whenever the compilation can succeed (see above).
ALWAYS_TAKEN = {"METAJSON_REQUIREMENTS_MET"}

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*(?:"([^"]+)"|<(metajson/[^>]+)>)')
DIRECTIVE_RE = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)\b(.*)$")
PRAGMA_ONCE_RE = re.compile(r"^\s*#\s*pragma\s+once\b")


def fail(message):
    sys.exit(f"single_header.py: error: {message}")


def project_version():
    text = open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8").read()
    m = re.search(r"project\(\s*metajson\b[^)]*?\bVERSION\s+([0-9][0-9.]*)", text)
    if not m:
        fail("no project(metajson VERSION x.y.z) in CMakeLists.txt")
    return m.group(1)


def source_files():
    files = []
    for folder, _, names in os.walk(os.path.join(INCLUDE, "metajson")):
        for name in names:
            path = os.path.join(folder, name)
            files.append(os.path.relpath(path, INCLUDE).replace(os.sep, "/"))
    return sorted(files)


def fingerprint():
    h = hashlib.sha256()
    for rel in source_files():
        data = open(os.path.join(INCLUDE, rel), "rb").read()
        h.update(rel.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return h.hexdigest()


def commit_line():
    def git(*args):
        return subprocess.run(["git", "-C", ROOT, *args], capture_output=True, text=True, check=True).stdout.strip()
    try:
        commit = git("rev-parse", "--short=12", "HEAD")
        dirty = git("status", "--porcelain", "--", "include")
    except (OSError, subprocess.CalledProcessError):
        return COMMIT_PREFIX + "unknown (not generated in a git checkout)"
    return COMMIT_PREFIX + commit + (" + uncommitted changes to include/" if dirty else "")


def guard_name(rel):
    return "METAJSON_SINGLE_INCLUDE_" + re.sub(r"[^A-Za-z0-9]", "_", rel[len("metajson/"):]).upper()


def effective(stack):
    """The branches of a stack that are real conditions (not ALWAYS_TAKEN ones)."""
    return [(group, branch) for group, branch, always in stack if not always]


class Generator:
    """Inlines public headers into one text. `done` maps each .hpp to the effective branch stacks
    of the places where it was inlined: when one of them is a prefix of the current stack, the
    preprocessor has certainly read that copy before reaching the current line."""

    def __init__(self, done=None, groups=0):
        self.done = {rel: [list(s) for s in stacks] for rel, stacks in (done or {}).items()}
        self.groups = groups   # #if groups numbered across every file generated from one state
        self.stack = []        # (group, branch, always taken) of the #if branches around a line
        self.out = []
        self.inlined = {"hpp": 0, "inc": 0, "again": 0}

    @staticmethod
    def resolve(including, name, angle):
        candidates = [name] if angle else [os.path.join(os.path.dirname(including), name), name]
        for c in candidates:
            rel = os.path.normpath(c).replace(os.sep, "/")
            if rel.startswith("metajson/") and os.path.isfile(os.path.join(INCLUDE, rel)):
                return rel
        return None

    def inline(self, rel):
        here = effective(self.stack)
        guarded = rel.endswith(".hpp")
        if guarded:
            stacks = self.done.setdefault(rel, [])
            if any(here[: len(s)] == s for s in stacks):
                return
            self.inlined["again" if stacks else "hpp"] += 1
            stacks.append(here)
        else:
            self.inlined["inc"] += 1
        guard = guard_name(rel)
        self.out.append(f"// ---- {rel} ----")
        if guarded:
            self.out += [f"#ifndef {guard}", f"#define {guard}"]
        depth = len(self.stack)
        self.copy(rel)
        if len(self.stack) != depth:
            fail(f"{rel}: an #if without its #endif")
        if guarded:
            self.out.append(f"#endif  // {guard}")
        self.out.append(f"// ---- end of {rel} ----")

    def copy(self, rel):
        lines = open(os.path.join(INCLUDE, rel), encoding="utf-8").read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        i = 0
        while i < len(lines):
            text, logical = lines[i], lines[i]
            while logical.endswith("\\") and i + 1 < len(lines):   # a line continued
                i += 1
                text += "\n" + lines[i]
                logical = logical[:-1] + lines[i]
            i += 1
            if PRAGMA_ONCE_RE.match(logical):
                continue
            m = INCLUDE_RE.match(logical)
            if m:
                name, angle = (m.group(1), False) if m.group(1) else (m.group(2), True)
                target = self.resolve(rel, name, angle)
                if target is None:
                    fail(f"{rel}: {logical.strip()} names no file under include/")
                self.inline(target)
                continue
            d = DIRECTIVE_RE.match(logical)
            if d:
                self.directive(rel, d.group(1), d.group(2).split("//")[0].strip())
            self.out.append(text)

    def directive(self, rel, kind, condition):
        if kind in ("if", "ifdef", "ifndef"):
            self.groups += 1
            self.stack.append((self.groups, 0, kind == "if" and condition in ALWAYS_TAKEN))
            return
        if not self.stack:
            fail(f"{rel}: #{kind} without #if")
        group, branch, _ = self.stack.pop()
        if kind != "endif":        # elif, elifdef, elifndef, else: the group's next branch
            self.stack.append((group, branch + 1, False))


def banner(name, version, fp, commit, base_name="metajson.hpp"):
    what = ("the typed API of <metajson/metajson.hpp>" if name == "metajson.hpp" else
            f"<metajson/{name}> (it includes {base_name}, beside it)")
    lines = [
        f"// metajson {version}: JSON <-> C++ types through C++26 static reflection.",
        f"// Single-header edition of {what}.",
        "// Needs GCC 16 or newer: g++-16 -std=c++26 -freflection -I single_include app.cpp",
        "//",
        "// Generated by tools/single_header.py from include/: do not edit, regenerate with",
        "// `make single-header`.",
        f"// Version: {version}",
        f"{SOURCES_PREFIX}include/metajson, sha256 {fp}",
        commit,
        "//",
    ]
    lines += [("// " + l).rstrip() for l in open(os.path.join(ROOT, "LICENSE"), encoding="utf-8").read().rstrip("\n").split("\n")]
    return lines


def check_version(version):
    text = open(os.path.join(INCLUDE, UMBRELLA), encoding="utf-8").read()
    parts = [re.search(rf"#define METAJSON_VERSION_{p}\s+(\d+)", text) for p in ("MAJOR", "MINOR", "PATCH")]
    if not all(parts):
        fail(f"include/{UMBRELLA} does not define METAJSON_VERSION_MAJOR, _MINOR and _PATCH")
    macros = ".".join(m.group(1) for m in parts)
    if macros != version:
        fail(f"CMakeLists.txt says version {version}, include/{UMBRELLA} says {macros}: make them agree")


def generate():
    """The single headers: {file name: text}."""
    version = project_version()
    check_version(version)
    fp, commit = fingerprint(), commit_line()
    result = {}
    umbrella = Generator()
    umbrella.inline(UMBRELLA)
    result["metajson.hpp"] = banner("metajson.hpp", version, fp, commit) + ["#pragma once", ""] + umbrella.out
    stats = [f"metajson.hpp: {umbrella.inlined['hpp']} headers, {umbrella.inlined['inc']} .inc inlined"
             + (f", {umbrella.inlined['again']} again under other #if branches" if umbrella.inlined["again"] else "")]
    generators = {}
    for name in OUTPUTS[1:]:
        base_name = ("value.hpp" if name in ON_VALUE else "stream.hpp" if name in ON_STREAM else
                     "msgpack.hpp" if name in ON_MSGPACK else "document.hpp" if name in ON_DOCUMENT else "metajson.hpp")
        base = generators.get(base_name, umbrella)
        g = Generator(base.done, base.groups)
        g.inline("metajson/" + name)
        generators[name] = g
        result[name] = banner(name, version, fp, commit, base_name) + ["#pragma once", "", f'#include "{base_name}"', ""] + g.out
        stats.append(f"{name}: {g.inlined['hpp']} headers more, {g.inlined['inc']} .inc"
                     + (f", {g.inlined['again']} again under other #if branches" if g.inlined["again"] else ""))
    return {name: "\n".join(lines) + "\n" for name, lines in result.items()}, stats


def write(folder, files):
    os.makedirs(folder, exist_ok=True)
    for name, text in files.items():
        path = os.path.join(folder, name)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old != text:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)


def without_commit(text):
    """(line number, line) of every line but the commit line."""
    return [(n, l) for n, l in enumerate(text.split("\n"), 1) if not l.startswith(COMMIT_PREFIX)]


def check(folder, files):
    """Compares the committed single headers with `files` (all but the commit line)."""
    committed_dir = os.path.join(ROOT, "single_include", "metajson")
    problems = []
    present = sorted(os.listdir(committed_dir)) if os.path.isdir(committed_dir) else []
    for name in sorted(set(present) - set(files)):
        problems.append(f"single_include/metajson/{name} is not generated any more: remove it")
    for name, text in files.items():
        path = os.path.join(committed_dir, name)
        if not os.path.exists(path):
            problems.append(f"single_include/metajson/{name} is missing")
            continue
        old, new = without_commit(open(path, encoding="utf-8").read()), without_commit(text)
        if [l for _, l in old] == [l for _, l in new]:
            continue
        # The first difference past the banner's fingerprint line, which differs whenever anything does.
        body_old = [x for x in old if not x[1].startswith(SOURCES_PREFIX)]
        body_new = [x for x in new if not x[1].startswith(SOURCES_PREFIX)]
        if [l for _, l in body_old] == [l for _, l in body_new]:
            problems.append(f"single_include/metajson/{name} is stale: its text is what include/ gives, but the "
                            "fingerprint of include/metajson in its banner is not (a file it does not inline changed)")
            continue
        at = next((i for i, (a, b) in enumerate(zip(body_old, body_new)) if a[1] != b[1]),
                  min(len(body_old), len(body_new)))
        line = body_old[at][0] if at < len(body_old) else len(old) + 1
        problems.append(f"single_include/metajson/{name} is stale: it differs from what include/ gives "
                        f"({folder}/{name}) from its line {line} on\n"
                        f"    committed: {body_old[at][1] if at < len(body_old) else '<end of file>'}\n"
                        f"    generated: {body_new[at][1] if at < len(body_new) else '<end of file>'}")
    if problems:
        print("\n".join(problems))
        print(f"The single headers do not match include/. Regenerate them and commit the result:\n    {REGENERATE}")
        return 1
    print(f"single_include/metajson/ matches include/ ({', '.join(files)}; the commit line is not compared)")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", metavar="DIR", help="generate into DIR and compare with single_include/metajson/")
    parser.add_argument("--out", metavar="DIR", default=os.path.join(ROOT, "single_include", "metajson"),
                        help="where to write (default: single_include/metajson)")
    parser.add_argument("--fingerprint", action="store_true", help="print the fingerprint of include/metajson")
    args = parser.parse_args()
    if args.fingerprint:
        print(fingerprint())
        return 0
    files, stats = generate()
    if args.check:
        write(args.check, files)
        return check(args.check, files)
    write(args.out, files)
    print(f"wrote {os.path.relpath(args.out, ROOT)}/: " + "; ".join(stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())

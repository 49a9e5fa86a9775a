#!/usr/bin/env python3
"""ctest single_header_preprocess_test: the single headers are the tree, token for token.

    single_header_preprocess.py <source dir> <g++-16> <scratch dir>

A translation unit that includes the twelve public headers the single headers stand for
(metajson.hpp, value.hpp, value_convert.hpp, file.hpp, stream.hpp, parallel.hpp, schema.hpp, document.hpp, patch.hpp,
msgpack.hpp, cbor.hpp, json_schema.hpp, in that order; json_schema.hpp left out with -fno-exceptions,
which it refuses) is preprocessed twice, with
`-I include` and with `-I single_include`, in each configuration whose #if branches choose
different code (no SIMD, AVX2, AVX-512, the opt-in AVX-512 reader kernel, no exceptions; ARM64
and s390x when their cross compilers are installed: make test-aarch64 / test-s390x install them).
The outputs, without line markers and blank lines, must be identical: every header and .inc
inlined where the preprocessor would have read it, every conditional include kept under its #if.
Preprocessing only: a second or so per configuration.
"""
import os
import shutil
import subprocess
import sys

UNIT = "".join(f"#include <metajson/{h}>\n" for h in ("metajson.hpp", "value.hpp", "value_convert.hpp", "file.hpp", "stream.hpp", "parallel.hpp", "schema.hpp", "document.hpp", "patch.hpp",
                                                        "msgpack.hpp", "cbor.hpp", "json_schema.hpp"))


def preprocess(cxx, flags, include, unit):
    r = subprocess.run([cxx, "-std=c++26", "-freflection", *flags, "-E", "-P", "-I", include, unit],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAILED: {cxx} {' '.join(flags)} -E -I {include}:\n{r.stderr}")
    return [line for line in r.stdout.split("\n") if line.strip()]


def main():
    source, cxx, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    unit = os.path.join(work, "all_headers.cpp")
    with open(unit, "w") as f:
        f.write(UNIT)
    # json_schema.hpp refuses -fno-exceptions (#error): that configuration leaves it out.
    unit_no_exceptions = os.path.join(work, "all_headers_no_exceptions.cpp")
    with open(unit_no_exceptions, "w") as f:
        f.write(UNIT.replace("#include <metajson/json_schema.hpp>\n", ""))
    machine = subprocess.run([cxx, "-dumpmachine"], capture_output=True, text=True).stdout.strip()
    configs = [("default", cxx, []), ("METAJSON_NO_SIMD", cxx, ["-DMETAJSON_NO_SIMD"]),
               ("-fno-exceptions", cxx, ["-fno-exceptions"])]
    if machine.startswith("x86_64"):
        configs += [("-mavx2", cxx, ["-mavx2"]), ("-march=x86-64-v4 (AVX-512)", cxx, ["-march=x86-64-v4"])]
    missing = []
    for arch in ("aarch64", "s390x"):
        cross = f"{arch}-linux-gnu-g++-16"
        if machine.startswith(arch):
            continue
        if shutil.which(cross):
            configs.append((arch, cross, []))
        else:
            missing.append(f"{arch} ({cross} not installed)")
    failed = 0
    for name, compiler, flags in configs:
        u = unit_no_exceptions if "-fno-exceptions" in flags else unit
        tree = preprocess(compiler, flags, os.path.join(source, "include"), u)
        single = preprocess(compiler, flags, os.path.join(source, "single_include"), u)
        if tree == single:
            print(f"same tokens: {name} ({len(tree)} lines)")
            continue
        failed += 1
        at = next((i for i, (a, b) in enumerate(zip(tree, single)) if a != b), min(len(tree), len(single)))
        print(f"DIFFERENT: {name}: from preprocessed line {at + 1} on\n"
              f"    include/:        {tree[at] if at < len(tree) else '<end>'}\n"
              f"    single_include/: {single[at] if at < len(single) else '<end>'}")
    if missing:
        print("not run here: " + ", ".join(missing))
    if failed:
        print("The single headers do not preprocess like include/: if include/ changed, regenerate them "
              "(make single-header); if they are fresh, tools/single_header.py has a bug.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

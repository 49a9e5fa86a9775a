# The two set-up commands of the README. Both install what they need (scripts/bootstrap) first.
#
#   make test         bootstrap, configure, build, run every test (ctest) but the exhaustive ones
#   make bench        bootstrap (+ competitors), build the programs of the quick comparison
#                     (metajson, simdjson, glaze, yyjson, serde_json; -O3), verify, time in
#                     interleaved rounds, print a summary with intervals and write it to
#                     bench/build/summary.md (bench/README.md: minutes)
#   make bench FULL=1 the full study: every library, built twice (-O3 and -O3 -march=native),
#                     instruction counts, compile times, charts, the dynamic-JSON program and
#                     make bench-clang's comparison; writes bench/REPORT.md (hours)
#   make bench-clang  metajson on Clang (C++23 backend) against glaze on Clang: the quick
#                     comparison of those two, bench/build-clang/summary.md
#   make bench-smoke  build + verification + a few calls per case; no timing claims (in CI)
#   make micro-bench  the micro-benchmarks of metajson's primitives
#   make test-exhaustive  every float and 10^9 doubles against the oracle (label exhaustive;
#                     `make test` runs a seeded sample of both): minutes on two cores
#   make test-nosimd  the tests whose code SIMD changes (NOSIMD_TESTS: kernels, readers,
#                     writers, fuzz targets), with SIMD disabled
#   make test-aarch64 the tests of what depends on the architecture, built for ARM64 (the NEON
#   make test-s390x   kernels: CROSS_TESTS_aarch64) or s390x (big-endian byte order and the
#                     portable kernels: CROSS_TESTS_s390x), run under qemu; installs the cross
#                     compilers first (scripts/bootstrap-cross)
#   make test-clang   the C++23 backend (no reflection), built by Clang (clang++-22) or GCC 13:
#   make test-gcc13   the unit, round-trip, conformance, dataset and example tests (CXX23_TESTS)
#                     and that backend's compile-fail tests; installs the compiler first
#                     (scripts/bootstrap-cxx23). make test-cxx23-ci: the part CI runs, with both
#   make test-aggregate the same tests with GCC 16 and METAJSON_BACKEND_AGGREGATE=ON (the C++23
#                     backend on the reflection compiler)
#   make test-sanitize the tests that read or write at run time (SANITIZE_TESTS: hostile inputs
#                     included), under ASan + UBSan, each fuzz target its fixed count of
#                     inputs (FUZZ_RUNS_PERCENT of it, default 100), at -O1 -g1
#   make test-tsan    the tests of what runs on several threads (TSAN_TESTS) under ThreadSanitizer
#   make fuzz         a campaign: only the fuzz targets, under ASan + UBSan, coverage-guided,
#                     FUZZ_SECONDS (600) each, seed FUZZ_SEED (1)
#   make differential metajson's verdicts against simdjson's and yyjson's (JSONTestSuite, then
#                     a fixed count of mutated inputs), under ASan + UBSan
#   make single-header regenerate single_include/metajson/ from include/ (tools/single_header.py);
#                     run it after changing include/: single_header_fresh_test fails until then
#   make readme-table the README's speed sentence and table from bench/REPORT.md (tools/readme_table.py);
#                     run it after a new report: readme_table_test fails until then
#
# Every test step runs fixed counts of inputs (fuzzing, random values): the same inputs, and so
# the same verdict, on every machine however fast. Only `make fuzz` is bounded by time.
# Build folders: build/ (tests), build-clang/, build-gcc13/, build-aggregate/, build-nosimd/, build-aarch64/, build-s390x/, build-sanitize/, build-tsan/, bench/build/, bench/build-native/, bench/build-clang/.
# Builds go through ccache when it is installed (scripts/bootstrap-ccache, cmake/ccache.cmake):
# the settings below let a fresh clone (CI's) reuse what another clone compiled.

CXX ?= g++-16
ifeq ($(origin CXX),default)
CXX := g++-16
endif
JOBS ?= $(shell nproc)
BUILD_TYPE ?= Release
CTEST_ARGS ?=
# The compiler cache: paths under the clone hashed relative to it, the build folder's path not
# hashed into debug information, the precompiled header of the tests accepted.
export CCACHE_BASEDIR ?= $(CURDIR)
export CCACHE_NOHASHDIR ?= 1
export CCACHE_SLOPPINESS ?= pch_defines,time_macros,include_file_mtime,include_file_ctime
FUZZ_RUNS_PERCENT ?= 100
SANITIZE_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# -O1 -g1 (line tables): the sanitizers' usual optimisation level. A reader test compiles in 62 s
# instead of 144 s at RelWithDebInfo's -O2 -g, which is most of CI's sanitizer time.
SANITIZE_CMAKE = -G Ninja -DCMAKE_CXX_COMPILER=$(CXX) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_CXX_FLAGS="$(SANITIZE_FLAGS)"

.PHONY: single-header readme-table test test-exhaustive test-nosimd test-aarch64 test-s390x test-clang test-gcc13 test-aggregate test-cxx23-ci test-cxx23-ci-clang test-cxx23-ci-gcc13 test-sanitize test-tsan fuzz differential bench bench-clang bench-smoke bench-build bench-configure micro-bench bootstrap bootstrap-bench clean

bootstrap:
	@scripts/bootstrap
	@scripts/bootstrap-ccache

single-header:
	python3 tools/single_header.py

readme-table:
	python3 tools/readme_table.py

test: bootstrap
	cmake -S . -B build -G Ninja -DCMAKE_CXX_COMPILER=$(CXX) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)
	cmake --build build -j $(JOBS)
	cd build && ctest --output-on-failure -j $(JOBS) -LE exhaustive $(CTEST_ARGS)
	@grep -hE '^fuzz [a-z_]+: [0-9]+ runs|^(stage 1|escape) kernels tested' build/Testing/Temporary/LastTest.log || true

test-exhaustive: bootstrap
	cmake -S . -B build -G Ninja -DCMAKE_CXX_COMPILER=$(CXX) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)
	cmake --build build -j $(JOBS) --target exhaustive_float32_test billion_doubles_test
	cd build && ctest --output-on-failure -j 1 -L exhaustive $(CTEST_ARGS)

# The tests whose code paths METAJSON_NO_SIMD changes: every kernel (index, escape, scans, UTF-8)
# and the readers and writers over them, with the fuzz targets of the index, the reader and the
# escaper. The others run no SIMD code of their own (schema, examples, set-up, compile-fail,
# numbers) or the same kernels again (the dataset schemas' fuzz targets): CI time is bounded.
# At -O1: what is tested is the portable code's logic (the release build tests -O3, and the
# sanitizer build -O1 too), at half the compile time.
space := $(empty) $(empty)
NOSIMD_TESTS = index_test text_test read_scalar_test read_container_test read_object_test read_small_index_test \
  read_pointer_test conformance_test dataset_test roundtrip_escape_test write_object_test stream_test \
  fuzz_validate fuzz_index fuzz_escape

test-nosimd: bootstrap
	cmake -S . -B build-nosimd -G Ninja -DCMAKE_CXX_COMPILER=$(CXX) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1" -DMETAJSON_NO_SIMD=ON
	cmake --build build-nosimd -j $(JOBS) --target $(NOSIMD_TESTS)
	cd build-nosimd && ctest --output-on-failure -j $(JOBS) -R "^($(subst $(space),|,$(strip $(NOSIMD_TESTS))))$$" $(CTEST_ARGS)

# The tests built for other architectures and run under emulation (qemu-user; the GCC 16 cross
# compilers and qemu come from scripts/bootstrap-cross), only for what depends on the
# architecture; none runs in both. aarch64 (ARM64): the NEON kernels (index, escape, UTF-8,
# scans) against the portable ones and their scalar oracles, the index and escape fuzz targets,
# and the datasets read over the NEON index. s390x (big-endian): every byte-order assumption
# (SWAR loads, the object reader's 8-byte key compares, the number writers and readers, the
# portable kernels), conformance (every reader path over JSONTestSuite), the round trip of
# escapes, and MessagePack and CBOR (big-endian heads, typed arrays in the machine's order).
# At -O1 (what is tested is the logic; emulation is slow either way).
CROSS_TESTS_aarch64 = index_test text_test dataset_test fuzz_index fuzz_escape
CROSS_TESTS_s390x = number_test text_test index_test read_scalar_test read_object_test \
  write_scalar_test roundtrip_escape_test conformance_test msgpack_test cbor_test binary_test
CROSS_CMAKE = -G Ninja -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/cross.cmake -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1"

test-aarch64 test-s390x: test-%: bootstrap
	@scripts/bootstrap-cross $*
	cmake -S . -B build-$* $(CROSS_CMAKE) -DMETAJSON_CROSS_ARCH=$*
	cmake --build build-$* -j $(JOBS) --target $(CROSS_TESTS_$*)
	cd build-$* && ctest --output-on-failure -j $(JOBS) -R "^($(subst $(space),|,$(strip $(CROSS_TESTS_$*))))$$" $(CTEST_ARGS)
	@grep -hE '^fuzz [a-z_]+: [0-9]+ runs|^(stage 1|escape) kernels tested' build-$*/Testing/Temporary/LastTest.log || true

# The C++23 backend (include/metajson/reflect/aggregate/: members through structured bindings,
# annotations through metajson::meta<T>), with the compilers users have without reflection: Clang
# (the newest Debian 12 installs: clang++-22, with GCC 16's libstdc++) and GCC 13 (the oldest
# supported, without structured-binding packs). The tests of the labels unit, roundtrip,
# conformance, dataset and example (the ones of the other labels test scripts, packaging and
# schema validators, whatever the compiler), at -O1: what is tested is the backend's logic and
# these compilers' builds of the library; the release build tests -O3 with GCC 16. Each builds in
# a folder of its own; the compile-fail tests of that backend run too (label unit).
CLANG ?= clang++-22
GCC13 ?= g++-13
CXX23_TESTS = number_test text_test write_scalar_test write_container_test write_object_test write_canonical_test \
  write_output_test standard_types_test meta_test read_scalar_test read_container_test read_object_test \
  reference_validator_test schema_test index_test read_small_index_test odr_test lean_core_test noexcept_test \
  limits_test stream_test file_test read_pointer_test read_pointer_small_index_test roundtrip_double_test \
  ecmascript_node_test roundtrip_property_test roundtrip_escape_test exhaustive_float32_test billion_doubles_test \
  canonical_node_test conformance_test dataset_test dataset_small_index_test dynamic_test dynamic_dataset_test \
  warnings_consumer_test \
  $(foreach isa,avx2 avx512,$(if $(shell grep -qw $(if $(filter avx2,$(isa)),avx2,avx512bw) /proc/cpuinfo 2>/dev/null && echo y),roundtrip_escape_$(isa)_test write_string_$(isa)_test)) \
  $(patsubst examples/%.cpp,example_%,$(wildcard examples/[0-9]*.cpp))
CXX23_LABELS = unit|roundtrip|conformance|dataset|example
CXX23_CMAKE = -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1"

test-clang test-gcc13: test-%: bootstrap
	@scripts/bootstrap-cxx23 $(subst gcc13,gcc13,$*)
	cmake -S . -B build-$* $(CXX23_CMAKE) -DCMAKE_CXX_COMPILER=$(if $(filter clang,$*),$(CLANG),$(GCC13))
	cmake --build build-$* -j $(JOBS) --target $(CXX23_TESTS)
	cd build-$* && ctest --output-on-failure -j $(JOBS) -L "$(CXX23_LABELS)" -LE "exhaustive|slow" $(CTEST_ARGS)

# The C++23 backend built by GCC 16 (METAJSON_BACKEND_AGGREGATE=ON: what a user gets who turns
# reflection off): the same tests as test-clang, in build-aggregate/.
test-aggregate: bootstrap
	cmake -S . -B build-aggregate $(CXX23_CMAKE) -DCMAKE_CXX_COMPILER=$(CXX) -DMETAJSON_BACKEND_AGGREGATE=ON
	cmake --build build-aggregate -j $(JOBS) --target $(CXX23_TESTS)
	cd build-aggregate && ctest --output-on-failure -j $(JOBS) -L "$(CXX23_LABELS)" -LE "exhaustive|slow" $(CTEST_ARGS)

# What CI runs of the C++23 backend (.ci/run: its time is bounded), with Clang and with GCC 13: the
# tests that hold the backend (the members, annotations, shapes and refusals; every type written
# and read back; the datasets, JSONTestSuite, the examples) and the SIMD kernels as each compiles
# them. (make test-clang and make test-gcc13 run the whole CXX23_TESTS.)
CXX23_CI_TESTS = meta_test write_object_test read_object_test standard_types_test write_container_test \
  read_container_test schema_test index_test text_test roundtrip_property_test conformance_test dataset_test \
  warnings_consumer_test \
  $(patsubst examples/%.cpp,example_%,$(wildcard examples/[0-9]*.cpp))
test-cxx23-ci: test-cxx23-ci-clang test-cxx23-ci-gcc13
test-cxx23-ci-clang test-cxx23-ci-gcc13: test-cxx23-ci-%: bootstrap
	@scripts/bootstrap-cxx23 $*
	cmake -S . -B build-$* $(CXX23_CMAKE) -DCMAKE_CXX_COMPILER=$(if $(filter clang,$*),$(CLANG),$(GCC13))
	cmake --build build-$* -j $(JOBS) --target $(CXX23_CI_TESTS)
	cd build-$* && ctest --output-on-failure -j $(JOBS) \
	  -R "^($(subst $(space),|,$(strip $(CXX23_CI_TESTS)))|compile_fail_.*)$$" $(CTEST_ARGS)

# The tests run under the sanitizers: every fuzz target, the hostile-input test (a quarter of its
# random inputs: METAJSON_HOSTILE_PERCENT), and the unit tests of the readers, the index, the
# escaper, the object writer, streams, files and the standard types (UTF-16/32 transcoding).
# Not there (CI time is bounded; the release build runs them): the exhaustive number tests, the
# 1 GiB document, the round trips, the container writer's test (the universe and value_roundtrip
# fuzz targets write every container), the schema generator, the examples, and the tests that
# run scripts or other compilers.
SANITIZE_TESTS = index_test text_test read_scalar_test read_container_test read_object_test read_small_index_test \
  read_pointer_test conformance_test dataset_test limits_test write_object_test stream_test parallel_test \
  file_test standard_types_test hostile_input_test dynamic_test fuzz_validate fuzz_index fuzz_value fuzz_value_roundtrip fuzz_twitter fuzz_citm \
  fuzz_universe fuzz_escape fuzz_ndjson fuzz_ndjson_parallel fuzz_read_array fuzz_pointer fuzz_lenient fuzz_document fuzz_patch \
  msgpack_test fuzz_msgpack cbor_test fuzz_cbor binary_test json_schema_test read_collect_test regex_test fuzz_json_schema

test-sanitize: bootstrap
	cmake -S . -B build-sanitize $(SANITIZE_CMAKE) -DMETAJSON_FUZZ_RUNS_PERCENT=$(FUZZ_RUNS_PERCENT)
	cmake --build build-sanitize -j $(JOBS) --target $(SANITIZE_TESTS)
	cd build-sanitize && ASAN_OPTIONS=detect_leaks=1 METAJSON_HOSTILE_PERCENT=25 \
	  ctest --output-on-failure -j $(JOBS) -R "^($(subst $(space),|,$(strip $(SANITIZE_TESTS) fuzz_needs_data_in_ci)))$$" $(CTEST_ARGS)
	@grep -hE '^fuzz [a-z_]+: [0-9]+ runs' build-sanitize/Testing/Temporary/LastTest.log || true

# The tests of what runs on several threads (TSAN_TESTS: NDJSON read and written with
# parallel_options, its unit test and its fuzz target) under ThreadSanitizer, at -O1 -g1, in build-tsan/.
TSAN_TESTS = parallel_test fuzz_ndjson_parallel
test-tsan: bootstrap
	cmake -S . -B build-tsan -G Ninja -DCMAKE_CXX_COMPILER=$(CXX) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer"
	cmake --build build-tsan -j $(JOBS) --target $(TSAN_TESTS)
	cd build-tsan && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
	  ctest --output-on-failure -j $(JOBS) -R "^($(subst $(space),|,$(strip $(TSAN_TESTS))))$$" $(CTEST_ARGS)

# A longer fuzzing campaign, coverage-guided: FUZZ_SECONDS per target (default 600), FUZZ_SEED
# (default 1), crashes in build-sanitize/fuzz-crashes (then: fix, and copy the input to
# fuzz/regressions/<target>/, which every test run replays).
fuzz: bootstrap
	cmake -S . -B build-sanitize $(SANITIZE_CMAKE) -DMETAJSON_FUZZ_RUNS_PERCENT=$(FUZZ_RUNS_PERCENT)
	cmake --build build-sanitize -j $(JOBS) --target $$(cd fuzz/targets && ls *.cpp | sed 's/^/fuzz_/; s/\.cpp$$//')
	cd build-sanitize && ASAN_OPTIONS=detect_leaks=1 METAJSON_HOSTILE_PERCENT=25 METAJSON_FUZZ_SECONDS=$${FUZZ_SECONDS:-600} \
	  METAJSON_FUZZ_SEED=$${FUZZ_SEED:-1} ctest --output-on-failure -j $(JOBS) -L fuzz $(CTEST_ARGS)
	@grep -hE '^fuzz [a-z_]+: [0-9]+ runs' build-sanitize/Testing/Temporary/LastTest.log || true

# simdjson and yyjson are benchmark dependencies: bootstrap-bench installs them.
differential: bootstrap-bench
	cmake -S . -B build-sanitize $(SANITIZE_CMAKE) -DMETAJSON_DIFFERENTIAL=ON -DMETAJSON_FUZZ_RUNS_PERCENT=$(FUZZ_RUNS_PERCENT)
	cmake --build build-sanitize -j $(JOBS) --target differential
	cd build-sanitize && ASAN_OPTIONS=detect_leaks=1 \
	  ctest --output-on-failure -L differential $(CTEST_ARGS)
	@grep -hE '^(differential|JSONTestSuite|crafted|mutated|  [a-z]+: )' build-sanitize/Testing/Temporary/LastTest.log || true

bootstrap-bench:
	@scripts/bootstrap --bench
	@scripts/bootstrap-ccache

# BENCH_ARGS go to bench/scripts/run.py: e.g. --runs 12, --only glaze,metajson, --datasets twitter,
# --cpu 0. FULL=1 makes `make bench` the full study (bench/README.md).
BENCH_ARGS ?=
FULL ?=
BENCH_PY = $$(if [ -x bench/build/venv/bin/python ]; then echo bench/build/venv/bin/python; else echo python3; fi)

bench-configure: bootstrap-bench
	cmake -S bench -B bench/build -G Ninja -DCMAKE_CXX_COMPILER=$(CXX) -DCMAKE_BUILD_TYPE=Release

bench-build: bench-configure
	cmake --build bench/build -j $(JOBS)

ifeq ($(FULL),)
# The quick comparison: only the programs it runs (the target bench_quick), the default build.
bench: bench-configure
	cmake --build bench/build -j $(JOBS) --target bench_quick
	$(BENCH_PY) bench/scripts/run.py --quick --build bench/build $(BENCH_ARGS)
else
# The full study. `make bench-clang` first (its summary, a fresh one or none, becomes the report's
# Clang section: run.py copies it into bench/results/clang.json); a failure there (no Clang) only
# leaves that section saying it was not run. run.py also runs bench/build/dynamic_bench when it
# was built (the report's "Dynamic JSON" section).
bench: bench-build
	rm -f bench/build-clang/summary.md bench/build-clang/summary.json
	-$(MAKE) bench-clang
	cmake -S bench -B bench/build-native -G Ninja -DCMAKE_CXX_COMPILER=$(CXX) -DCMAKE_BUILD_TYPE=Release \
	  -DMETAJSON_BENCH_NATIVE=ON
	cmake --build bench/build-native -j $(JOBS)
	$(BENCH_PY) bench/scripts/run.py --build bench/build --build bench/build-native $(BENCH_ARGS)
endif

# metajson on Clang (its C++23 backend) against glaze on Clang (its aggregate reflection): the
# quick comparison's method, those two programs, bench/build-clang; the summary is printed and
# written to bench/build-clang/summary.md.
bench-clang: bootstrap-bench
	@scripts/bootstrap-cxx23 clang
	cmake -S bench -B bench/build-clang -G Ninja -DCMAKE_CXX_COMPILER=$(CLANG) -DCMAKE_BUILD_TYPE=Release
	cmake --build bench/build-clang -j $(JOBS) --target bench_metajson bench_glaze
	$(BENCH_PY) bench/scripts/run.py --quick --build bench/build-clang --only metajson,glaze --parallel-rounds 0 --binary-rounds 0 $(BENCH_ARGS)

bench-smoke: bench-build
	$(BENCH_PY) bench/scripts/run.py --build bench/build --smoke $(BENCH_ARGS)

micro-bench: bench-build
	bench/build/micro_bench

clean:
	rm -rf build build-clang build-gcc13 build-aggregate build-nosimd build-sanitize build-tsan bench/build bench/build-native bench/build-clang

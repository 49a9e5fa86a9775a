# The two set-up commands of the README. Both install what they need (scripts/bootstrap) first.
#
#   make test         bootstrap, configure, build, run every test (ctest)
#   make bench        bootstrap, build and run the micro-benchmark (bench/)
#   make test-nosimd  the same tests (but the exhaustive float32 and install ones) with SIMD disabled
#   make test-sanitize the same tests under ASan + UBSan (hostile inputs included)
#
# Build folders: build/ (tests), build-nosimd/, bench/build/.

CXX ?= g++-16
ifeq ($(origin CXX),default)
CXX := g++-16
endif
JOBS ?= $(shell nproc)
BUILD_TYPE ?= Release
CTEST_ARGS ?=

.PHONY: test test-nosimd test-sanitize bench bootstrap clean

bootstrap:
	@scripts/bootstrap

test: bootstrap
	cmake -S . -B build -G Ninja -DCMAKE_CXX_COMPILER=$(CXX) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)
	cmake --build build -j $(JOBS)
	cd build && ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

test-nosimd: bootstrap
	cmake -S . -B build-nosimd -G Ninja -DCMAKE_CXX_COMPILER=$(CXX) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DMETAJSON_NO_SIMD=ON
	cmake --build build-nosimd -j $(JOBS)
	cd build-nosimd && ctest --output-on-failure -j $(JOBS) -LE "slow|install" $(CTEST_ARGS)

test-sanitize: bootstrap
	cmake -S . -B build-sanitize -G Ninja -DCMAKE_CXX_COMPILER=$(CXX) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
	cmake --build build-sanitize -j $(JOBS)
	cd build-sanitize && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS) -LE install -E exhaustive_float32 $(CTEST_ARGS)

bench: bootstrap
	cmake -S bench -B bench/build -G Ninja -DCMAKE_CXX_COMPILER=$(CXX) -DCMAKE_BUILD_TYPE=Release
	cmake --build bench/build -j $(JOBS)
	bench/build/micro_bench

clean:
	rm -rf build build-nosimd build-sanitize bench/build

#!/usr/bin/env bash
# ctest package_conan_test: the Conan 2 recipe (conanfile.py), offline.
#
#   tests/package/conan/run.sh <source dir> <scratch dir> <venv> <g++-16> <version> <cmake> <generator>
#
# 1. scripts/bootstrap-conan installs the Conan client and CMake 4 (pinned, from PyPI) into the
#    venv, once; if it cannot, the test FAILS with the reason (it never skips).
# 2. A Conan home of its own in the scratch folder (never ~/.conan2), with no remote at all, and
#    every Conan command run with its HTTP(S) proxy set to a closed port on this machine: a
#    download would fail, so the test proves none is needed (the recipe exports its headers, and a
#    header-only package has nothing to fetch or build). GCC 16 is added to the settings
#    (settings_user.yml), and two profiles are written: compiler.cppstd=26, and no cppstd.
# 3. conan create <source dir>: the package metajson/<version> (the version of CMakeLists.txt).
# 4. validate(): refused with C++23 and with GCC 15, with the reason.
# 5. The consumer tests/package/consumers/conan (conanfile.txt: CMakeDeps + CMakeToolchain) is
#    installed with --build=never (the package made in 3 serves every configuration) and built
#    twice: with compiler.cppstd=26 and CMake 4 (which knows GCC's C++26 flag), and without a
#    cppstd with this machine's CMake (3.25 knows none: the package's flags give it). Each is run.
#    (And PkgConfigDeps' metajson.pc carries the package's flags.)
set -euo pipefail
src=$1 work=$2 venv=$3 cxx=$4 version=$5 cmake=$6 generator=$7
step() { echo; echo "== $*"; }
fail() { echo "package_conan_test FAILED: $*"; exit 1; }

if ! "$src/scripts/bootstrap-conan" "$venv"; then
  fail "Conan and CMake (pinned in tests/package/conan/requirements.txt) could not be installed into $venv
(see the error above). This test needs them and does not skip; fix the cause and run it again."
fi
rm -rf "$work"
mkdir -p "$work"
export CONAN_HOME=$work/conan-home
unset NO_PROXY no_proxy
closed=http://127.0.0.1:9   # the discard port: nothing listens there
conan() {
  HTTP_PROXY=$closed HTTPS_PROXY=$closed http_proxy=$closed https_proxy=$closed ALL_PROXY=$closed \
    "$venv/bin/conan" "$@"
}

step "Conan home $CONAN_HOME, no remote"
conan version
conan remote remove "*" >/dev/null 2>&1 || true
[ -z "$(conan remote list)" ] || fail "remotes left: $(conan remote list)"
echo "conan remote list: (none)"

major=$("$cxx" -dumpversion | cut -d. -f1)
cat > "$CONAN_HOME/settings_user.yml" <<YAML
# GCC 16 is newer than Conan's settings.yml (its newest gcc is 15.x): added here (lists are merged).
compiler:
  gcc:
    version: ["16", "16.1", "16.2", "16.3", "17"]
YAML
conan profile detect --name detected >/dev/null 2>&1 || fail "conan profile detect failed"
arch=$(sed -n 's/^arch=//p' "$CONAN_HOME/profiles/detected")
write_profile() {   # name, cppstd line or nothing
  cat > "$CONAN_HOME/profiles/$1" <<PROFILE
[settings]
os=Linux
arch=$arch
build_type=Release
compiler=gcc
compiler.version=$major
compiler.libcxx=libstdc++11
$2
[conf]
tools.build:compiler_executables={"cpp": "$cxx"}
tools.cmake.cmaketoolchain:generator=$generator
# No CMakeUserPresets.json written into the consumer's source folder.
tools.cmake.cmaketoolchain:user_presets=
PROFILE
}
write_profile gcc16 "compiler.cppstd=26"
write_profile gcc16-nostd ""
cat "$CONAN_HOME/profiles/gcc16"

step "conan create $src"
conan create "$src" -pr:a gcc16
conan list "metajson/$version:*" | tee "$work/list.txt"
grep -q "metajson/$version" "$work/list.txt" || fail "conan create made no metajson/$version (the version of CMakeLists.txt)"

step "validate(): C++23 and GCC 15 refused"
expect_invalid() {   # message, settings...
  local message=$1; shift
  if conan install --requires="metajson/$version" -pr:a gcc16 "$@" > "$work/invalid.txt" 2>&1; then
    cat "$work/invalid.txt"; fail "metajson/$version was accepted with $*"
  fi
  grep -F "$message" "$work/invalid.txt" || { cat "$work/invalid.txt"; fail "no '$message' for $*"; }
}
expect_invalid "lower than the required C++ standard (26)" -s compiler.cppstd=23
expect_invalid "needs C++26 static reflection: GCC 16 or newer" -s compiler.version=15 -s compiler.cppstd=23

consumer() {   # profile, cmake, build folder
  step "consumer: profile $1, $("$2" --version | head -1)"
  conan install "$src/tests/package/consumers/conan" -pr:a "$1" --output-folder="$3" --build=never
  "$2" -S "$src/tests/package/consumers/conan" -B "$3" -G "$generator" -DCMAKE_TOOLCHAIN_FILE="$3/conan_toolchain.cmake" \
    -DCMAKE_BUILD_TYPE=Release
  "$2" --build "$3"
  "$3/consumer"
}
step "PkgConfigDeps: metajson.pc with the package's flags"
conan install --requires="metajson/$version" -pr:a gcc16 -g PkgConfigDeps --output-folder="$work/pkgconfig" --build=never >/dev/null
grep -E '^Cflags: .*-std=c\+\+26 -freflection' "$work/pkgconfig/metajson.pc" ||
  { cat "$work/pkgconfig/metajson.pc"; fail "PkgConfigDeps' metajson.pc lacks -std=c++26 -freflection"; }

consumer gcc16 "$venv/bin/cmake" "$work/consumer-cppstd26"
consumer gcc16-nostd "$cmake" "$work/consumer-nostd"
echo
echo "package_conan_test: conan create, validate and two consumers, offline"

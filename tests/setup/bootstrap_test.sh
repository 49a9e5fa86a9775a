#!/usr/bin/env bash
# The set-up scripts (scripts/bootstrap, bootstrap-bench, bootstrap-node, bootstrap-cross,
# bootstrap-ccache, bootstrap-cxx23) run against fake apt tools
# (fake/): each situation below is a small world of package sources, pins and installed
# packages, and the test checks what each script decides to do in it: which apt-get calls it
# makes, which files it adds under etc/apt, what it says and how it exits.
#
#   ours     Debian 12 with our pinned sid source (scripts/bootstrap added it)
#   theirs   Debian 12 with the user's own unstable source under another name, pinned at 50
#   none     Debian 12 with no unstable source: ours is added (the same way by both scripts)
#   offline  the same, with the registry down: bootstrap-bench says what it could not install
#   fedora   not Debian (no apt, no dpkg): nothing installed, the scripts say what to do
#   hand     Ubuntu with every competitor installed already and no unstable source
#   oldas    g++-16 from unstable but Debian 12's binutils 2.40, whose assembler rejects
#            .base64 (fake/as): the compiler probe must fail and binutils come from unstable
#   node     Debian 12 without node: bootstrap-node installs nodejs (never removing a package),
#            then has nothing to do; on fedora it says what to install
#   ccache   Debian 12 without ccache: bootstrap-ccache installs it from the distribution (never
#            removing a package), then has nothing to do; on fedora it says the builds go on
#            without it and exits 0 (a compiler cache is never required)
#   cxx23    Debian 12 with sid: bootstrap-cxx23 installs clang-22 from the distribution (its
#            security suite) and g++-13 by name from sid (never -t), never removing a package;
#            on fedora it says what to install
#   cross    Debian 12 with sid: bootstrap-cross installs the GCC 16 cross compilers by name from
#            sid (never -t), with the dependencies apt says must come along; on fedora it says
#            what to install
#
# The worlds' PATH holds the fakes and a few real tools (sed, awk...), never the machine's
# apt-get, dpkg or sudo. In oldas the real compiler ($1, default g++-16) compiles bootstrap's
# probe, assembling with fake/as; elsewhere fake/fake-g++ stands in for it.
# Usage: tests/setup/bootstrap_test.sh [compiler]   (ctest: setup_scripts_test, label setup)
# SETUP_TEST_VERBOSE=1 also prints what the scripts said (always printed when a check fails).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
REAL_GXX=$(command -v "${1:-g++-16}") || { echo "bootstrap_test: compiler ${1:-g++-16} not found"; exit 1; }
REAL_AS=$(command -v x86_64-linux-gnu-as || command -v as) || { echo "bootstrap_test: no assembler"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/metajson-setup-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

failures=0
check() {  # check DESCRIPTION COMMAND...: one line per check, the output shown on failure
  local what=$1; shift
  if "$@"; then echo "ok   $what"; else echo "FAIL $what"; failures=$((failures + 1)); fi
}

# Real tools the worlds may use: the scripts' shell utilities, and the linker for the compiler.
sys=$tmp/sys
mkdir -p "$sys"
for t in bash sh env cat sed awk grep sort head tail tr cut wc mktemp rm cp mv mkdir dirname \
         basename id tee chmod cmp ls touch uname sleep ld x86_64-linux-gnu-ld; do
  p=$(command -v "$t") && ln -s "$p" "$sys/$t"
done

catalog='bookworm binutils 2.40-2
bookworm cmake 3.25.1-1
bookworm ninja-build 1.11.1-1
bookworm googletest 1.12.1-2
bookworm libsimdjson-dev 3.0.1-1
bookworm rapidjson-dev 1.1.0+dfsg2-7.1
bookworm nlohmann-json3-dev 3.11.2-2
bookworm libboost-json-dev 1.74.0.3
bookworm cargo 0.66.0+ds1-1
bookworm valgrind 3.19.0-1
bookworm python3-venv 3.11.2-1
bookworm nodejs 18.19.0+dfsg-6~deb12u2
bookworm ccache 4.8+really4.7.5-1
sid g++-16 16.2.0-4
sid binutils 2.47.50.20261021-1
sid libsimdjson-dev 4.6.11-1
sid libglaze-dev 9.0.0-2
sid libyyjson-dev 0.12.0+ds-2
sid libyyjson0 0.12.0+ds-2
sid nlohmann-json3-dev 3.12.0-1
sid rapidjson-dev 1.1.0+dfsg2-7.6
sid libboost-json-dev 1.92.0.1
sid libjsoncons-dev 1.5.0-2
sid libvalijson-dev 1.1.0+repack-1.1
sid libavro24 1.12.0-1
sid libbson2-2 2.1.0-1
sid libpugixml1v5 1.15-1
sid libtomlplusplus3t64 3.4.0+ds-1
sid libyaml-cpp0.9 0.9.0-1
sid valgrind 3.25.1-1
sid python3-venv 3.13.5-1
sid cargo 1.97.1+dfsg1-1
sid libreflectcpp-dev 0.21.0+ds-2.1+b2
sid libreflectcpp0.21 0.21.0+ds-2.1+b2
sid libcapnp-1.5.0 1.5.0-2
sid libctre-dev 3.11.0+ds-1
sid g++-16-aarch64-linux-gnu 16.2.0-3cross1
sid libstdc++6-arm64-cross 16.2.0-3cross1
bookworm libstdc++6-arm64-cross 12.2.0-14cross1
sid g++-16-s390x-linux-gnu 16.2.0-3cross1
bookworm qemu-user 1:7.2+dfsg-7
bookworm clang-22 1:22.1.8-1~deb12u1
sid clang-22 1:22.1.8-3
sid g++-13 13.5.0-3
noble cmake 3.28.3-1'
bench_installed='libsimdjson-dev 4.6.11-1
libglaze-dev 9.0.0-2
libyyjson-dev 0.12.0+ds-2
libyyjson0 0.12.0+ds-2
nlohmann-json3-dev 3.12.0-1
rapidjson-dev 1.1.0+dfsg2-7.6
libboost-json-dev 1.92.0.1
libjsoncons-dev 1.5.0-2
libvalijson-dev 1.1.0+repack-1.1
libavro24 1.12.0-1
libbson2-2 2.1.0-1
libpugixml1v5 1.15-1
libtomlplusplus3t64 3.4.0+ds-1
libyaml-cpp0.9 0.9.0-1
valgrind 3.25.1-1
python3-venv 3.13.5-1'

# world NAME OS-ID: a fresh world with the repository's scripts, Debian 12's sources, its
# binutils, cmake, ninja and googletest installed, no g++-16, no competitors.
world() {
  w=$tmp/$1
  mkdir -p "$w/bin" "$w/state" "$w/etc/sources.list.d" "$w/etc/preferences.d" "$w/home" "$w/tmp" \
           "$w/repo/bench/build/venv/bin"
  cp -r "$repo/scripts" "$w/repo/"
  cp "$repo/bench/requirements.txt" "$w/repo/bench/"
  # The report's venv is there (creating it needs PyPI, which is not what is tested).
  cp "$repo/bench/requirements.txt" "$w/repo/bench/build/venv/"
  printf '#!/bin/sh\n' >"$w/repo/bench/build/venv/bin/python"; chmod +x "$w/repo/bench/build/venv/bin/python"
  printf 'PRETTY_NAME="%s"\nID=%s\n' "$2 (fake)" "$2" >"$w/os-release"
  cp "$here/fake/cmake" "$here/fake/ninja" "$here/fake/as" "$here/fake/fake-g++" "$here/fake/world.sh" "$w/bin/"
  cp "$here/fake/as" "$w/bin/x86_64-linux-gnu-as"
  if [ "$2" != fedora ]; then
    cp "$here/fake/apt-get" "$here/fake/apt-cache" "$here/fake/dpkg-query" "$here/fake/dpkg" \
       "$here/fake/sudo" "$w/bin/"
  fi
  echo "$catalog" >"$w/state/catalog"
  printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\n' \
    >"$w/etc/sources.list.d/debian.sources"
  echo bookworm >"$w/state/lists"
  printf 'binutils 2.40-2\ncmake 3.25.1-1\nninja-build 1.11.1-1\ngoogletest 1.12.1-2\n' >"$w/state/installed"
  : >"$w/state/log"
}
add_our_sid() {  # what scripts/lib/apt-sid.sh writes
  printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: sid\nComponents: main\n' \
    >"$w/etc/sources.list.d/metajson-sid.sources"
  printf 'Package: *\nPin: release n=sid\nPin-Priority: 100\n' >"$w/etc/preferences.d/metajson-sid"
  echo sid >>"$w/state/lists"
}
add_their_unstable() {
  echo 'deb http://deb.debian.org/debian unstable main' >"$w/etc/sources.list.d/debian-unstable.list"
  printf 'Package: *\nPin: release a=unstable\nPin-Priority: 50\n' >"$w/etc/preferences.d/unstable"
  echo unstable >>"$w/state/lists"
}
installed() {
  echo "$1 $2" >>"$w/state/installed"
  [ "$1" != g++-16 ] || (FAKE_WORLD=$w REAL_GXX=$REAL_GXX; . "$here/fake/world.sh"; gxx_installed)
}
etc_files() { (cd "$w/etc" && ls sources.list.d preferences.d); }

# run SCRIPT ARGS...: runs a copy of scripts/SCRIPT in the current world; sets out, rc, log
# (the apt calls it made).
run() {
  local before; before=$(wc -l <"$w/state/log")
  out=$(cd "$w" && env -i PATH="$w/bin:$sys" HOME="$w/home" TMPDIR="$w/tmp" FAKE_WORLD="$w" \
          REAL_GXX="$REAL_GXX" REAL_AS="$REAL_AS" METAJSON_APT_ETC="$w/etc" \
          METAJSON_OS_RELEASE="$w/os-release" METAJSON_GTEST_SOURCE="$w" \
          "$w/repo/scripts/$@" 2>&1)
  rc=$?
  log=$(tail -n +"$((before + 1))" "$w/state/log")
  printf '%s\n' "--- $(basename "$w"): scripts/$* (exit $rc)" "$out" | sed 's/^/    /' >>"$tmp/transcript"
}
says()     { grep -qF -- "$1" <<<"$out"; }
silent()   { [ -z "$out" ]; }
calls()    { grep -qE -- "$1" <<<"$log"; }
no_calls() { [ -z "$log" ]; }
exits()    { [ "$rc" -eq "$1" ]; }
no_remove() { ! grep -E '^apt-get install' <<<"$log" | grep -qv -- '--no-remove'; }
has_file() { [ -f "$w/etc/$1" ]; }
same_etc() { [ "$(etc_files)" = "$1" ]; }
prefix_ok() { [ -f "$w/repo/bench/build/prefix/usr/include/rfl/json.hpp" ] && [ -f "$w/repo/bench/build/prefix/usr/include/ctre.hpp" ]; }
competitors='libsimdjson-dev.*libglaze-dev.*libyyjson-dev'

echo "== ours: our pinned sid source"
world ours debian; add_our_sid; etcs=$(etc_files)
run bootstrap
check "bootstrap installs g++-16 and binutils from sid" calls '^apt-get install .* -t sid g\+\+-16 binutils$'
check "bootstrap adds no source" same_etc "$etcs"
check "bootstrap ends with a working compiler" says "g++-16 ready"
check "bootstrap exits 0" exits 0
check "bootstrap never lets apt remove a package" no_remove
run bootstrap
check "bootstrap again: silent, no apt call" eval 'silent && no_calls && exits 0'
run bootstrap-bench
check "bootstrap-bench installs the competitors from sid" calls "^apt-get install .* -t sid .*$competitors"
check "bootstrap-bench downloads reflect-cpp at sid's version" calls '^apt-get download .*libreflectcpp-dev=0\.21\.0\+ds-2\.1\+b2'
check "bootstrap-bench unpacks it into bench/build/prefix" prefix_ok
check "bootstrap-bench adds no source" same_etc "$etcs"
check "bootstrap-bench leaves nothing missing" eval '! says WARNING && exits 0'
check "bootstrap-bench never lets apt remove a package" no_remove
run bootstrap-bench
check "bootstrap-bench again: silent, no apt call" eval 'silent && no_calls && exits 0'

echo "== theirs: the user's own unstable source, another name, pinned at 50"
world theirs debian; add_their_unstable; etcs=$(etc_files)
run bootstrap --check
check "bootstrap --check: compiler missing, exit 1" eval 'says "missing: compiler" && exits 1 && no_calls'
run bootstrap
check "bootstrap installs g++-16 and binutils from their unstable" calls '^apt-get install .* -t unstable g\+\+-16 binutils$'
check "bootstrap adds no source of ours" same_etc "$etcs"
check "bootstrap exits 0" exits 0
run bootstrap-bench
check "bootstrap-bench installs the competitors from their unstable" calls "^apt-get install .* -t unstable .*$competitors"
check "bootstrap-bench downloads reflect-cpp" calls '^apt-get download .*libreflectcpp-dev='
check "bootstrap-bench adds no source of ours" same_etc "$etcs"
check "bootstrap-bench leaves nothing missing, exits 0" eval '! says WARNING && exits 0'

echo "== none: Debian 12, no unstable source"
world none debian
run bootstrap
check "bootstrap adds our sid source and its pin" eval 'has_file sources.list.d/metajson-sid.sources && has_file preferences.d/metajson-sid'
check "bootstrap pins sid at 100" grep -q 'Pin-Priority: 100' "$w/etc/preferences.d/metajson-sid"
check "bootstrap updates, then installs g++-16 and binutils from sid" \
  eval 'calls "^apt-get update" && calls "^apt-get install .* -t sid g\+\+-16 binutils$"'
check "bootstrap exits 0" exits 0
world none-bench debian; installed g++-16 16.2.0-4
run bootstrap-bench
check "bootstrap-bench adds the same source (scripts/lib/apt-sid.sh)" eval 'has_file sources.list.d/metajson-sid.sources && has_file preferences.d/metajson-sid'
check "bootstrap-bench installs the competitors from sid" calls "^apt-get install .* -t sid .*$competitors"
check "bootstrap-bench exits 0" exits 0

echo "== offline: no unstable source and the registry down"
world offline debian; installed g++-16 16.2.0-4; touch "$w/state/offline"
run bootstrap-bench
check "bootstrap-bench still exits 0 (make bench goes on)" exits 0
check "bootstrap-bench names what it could not install, with versions" \
  eval 'says "not installed" && says "libglaze-dev >= 9.0" && says "libsimdjson-dev >= 4.6" && says "libreflectcpp-dev >= 0.21"'
check "bootstrap-bench says make bench-smoke fails on them" says "make bench-smoke fails"
run bootstrap-bench --check
check "bootstrap-bench --check exits 1" exits 1

echo "== fedora: not Debian"
world fedora fedora
run bootstrap
check "bootstrap exits 1 and says what to install" \
  eval 'exits 1 && says "not a Debian/Ubuntu system" && says "GCC 16 or newer" && says "binutils >= 2.43"'
check "bootstrap makes no apt call" no_calls
run bootstrap-bench
check "bootstrap-bench exits 0 and lists the competitors to install by hand" \
  eval 'exits 0 && says "not a Debian/Ubuntu system" && says "glaze >= 9.0"'
check "bootstrap-bench makes no apt call" no_calls

echo "== hand: Ubuntu, competitors installed already, no unstable source"
world hand ubuntu; echo noble >"$w/state/lists"; installed g++-16 16.2.0-4
echo "$bench_installed" >>"$w/state/installed"
mkdir -p "$w/home/.cargo/bin" "$w/repo/bench/build/prefix/usr/include/rfl"
printf '#!/bin/sh\necho "cargo 1.95.0 (rustup)"\n' >"$w/home/.cargo/bin/cargo"; chmod +x "$w/home/.cargo/bin/cargo"
touch "$w/repo/bench/build/prefix/usr/include/rfl/json.hpp" "$w/repo/bench/build/prefix/usr/include/ctre.hpp"
run bootstrap-bench
check "bootstrap-bench: silent, no apt call, exit 0" eval 'silent && no_calls && exits 0'
sed -i 's/^libglaze-dev .*/libglaze-dev 8.1.0-1/' "$w/state/installed"
run bootstrap-bench --check
check "bootstrap-bench --check: an old glaze is missing" eval 'says "libglaze-dev>=9.0" && exits 1'

echo "== oldas: g++-16 from unstable, binutils 2.40 (no .base64)"
world oldas debian; add_our_sid; touch "$w/real-g++"; installed g++-16 16.2.0-4
run bootstrap --check
check "bootstrap --check: the probe fails on .base64, exit 1" \
  eval 'exits 1 && says "missing: compiler" && says "does not know .base64"'
run bootstrap
check "bootstrap installs binutils (only) from sid" calls '^apt-get install .* -t sid binutils$'
check "bootstrap: the probe passes with the new assembler, exit 0" eval 'says "g++-16 ready" && exits 0'
run bootstrap
check "bootstrap again: silent, no apt call" eval 'silent && no_calls && exits 0'

echo "== node: no node on the PATH (scripts/bootstrap-node, for the tests that compare with node)"
world node debian
run bootstrap-node
check "bootstrap-node installs nodejs, never removing a package" eval 'calls "^apt-get install .*nodejs$" && no_remove'
check "bootstrap-node says node is ready and exits 0" eval 'says "node ready: v18.19.0" && exits 0'
run bootstrap-node
check "bootstrap-node again: silent, no apt call" eval 'silent && no_calls && exits 0'
world node-fedora fedora
run bootstrap-node
check "bootstrap-node on fedora: exit 1, says to install Node.js, no apt call" \
  eval 'exits 1 && says "install Node.js" && no_calls'

echo "== ccache: no compiler cache on the PATH (scripts/bootstrap-ccache, run by make before it builds)"
world ccache debian; add_our_sid
run bootstrap-ccache
check "bootstrap-ccache installs ccache from the distribution, never removing a package" \
  eval 'calls "^apt-get install .*ccache$" && ! calls "^apt-get install .* -t " && no_remove'
check "bootstrap-ccache says ccache is ready and exits 0" eval 'says "ccache ready: ccache version 4.8" && exits 0'
run bootstrap-ccache
check "bootstrap-ccache again: silent, no apt call" eval 'silent && no_calls && exits 0'
world ccache-fedora fedora
run bootstrap-ccache
check "bootstrap-ccache on fedora: exit 0, says the builds go on without it, no apt call" \
  eval 'exits 0 && says "the builds go on without a compiler cache" && no_calls'

echo "== cross: the cross compilers and qemu (scripts/bootstrap-cross, for make test-aarch64/s390x)"
# As on Debian 12 with sid: the aarch64 compiler needs sid's libstdc++6-arm64-cross, which
# bookworm also has (older); -t sid would upgrade half the system (libssl), so the script names
# each package /sid and adds the dependencies apt says are too old.
world cross debian; add_our_sid
echo 'g++-16-aarch64-linux-gnu libstdc++6-arm64-cross' >"$w/state/needs"
run bootstrap-cross
check "bootstrap-cross installs qemu-user from the distribution" calls '^apt-get install .* qemu-user$'
check "bootstrap-cross installs the compilers by name from sid, with the dependency apt asked for" \
  calls '^apt-get install -y .* g\+\+-16-aarch64-linux-gnu/sid g\+\+-16-s390x-linux-gnu/sid libstdc\+\+6-arm64-cross/sid$'
check "bootstrap-cross never installs with -t (which upgrades everything it can)" eval '! calls "^apt-get install .* -t "'
check "bootstrap-cross never lets apt remove a package" no_remove
check "bootstrap-cross says ready and exits 0" eval 'says "ready: aarch64 s390x" && exits 0'
run bootstrap-cross aarch64
check "bootstrap-cross again: silent, no apt call" eval 'silent && no_calls && exits 0'
world cross-fedora fedora
run bootstrap-cross s390x
check "bootstrap-cross on fedora: exit 1, says what to install, no apt call" \
  eval 'exits 1 && says "install a GCC 16 cross compiler for s390x" && no_calls'

echo "== cxx23: the C++23 backend's compilers (scripts/bootstrap-cxx23, for make test-clang/test-gcc13)"
# clang-22 comes from Debian 12 itself (its security suite; sid's is newer but pinned low), g++-13
# only from sid: named /sid, never -t (which would upgrade whatever it can to sid).
world cxx23 debian; add_our_sid
run bootstrap-cxx23
check "bootstrap-cxx23 installs clang-22 from the distribution" eval 'calls "^apt-get install .* clang-22$" && ! calls "clang-22/sid"'
check "bootstrap-cxx23 installs g++-13 by name from sid" calls '^apt-get install -y .* g\+\+-13/sid$'
check "bootstrap-cxx23 never installs with -t" eval '! calls "^apt-get install .* -t "'
check "bootstrap-cxx23 never lets apt remove a package" no_remove
check "bootstrap-cxx23 says ready and exits 0" eval 'says "ready: clang version 1:22.1.8-1~deb12u1 (fake)" && exits 0'
run bootstrap-cxx23 clang
check "bootstrap-cxx23 again: silent, no apt call" eval 'silent && no_calls && exits 0'
world cxx23-fedora fedora
run bootstrap-cxx23 gcc13
check "bootstrap-cxx23 on fedora: exit 1, says what to install, no apt call" \
  eval 'exits 1 && says "install g++-13" && no_calls'

[ -z "${SETUP_TEST_VERBOSE:-}" ] || cat "$tmp/transcript"
if [ $failures -gt 0 ]; then
  echo "--- what the scripts said:"; cat "$tmp/transcript"
  echo "bootstrap_test: $failures check(s) failed"
  exit 1
fi
echo "bootstrap_test: all checks passed"

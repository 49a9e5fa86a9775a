# Debian unstable as a package source, and installing packages at a minimum version with apt.
# Sourced by scripts/bootstrap and scripts/bootstrap-bench (the one copy of this logic); they
# define say() and fail() first.
#
# What counts is what apt can install, not how the machine got there: a source that serves
# Debian unstable under any file name (the user's own, pinned or not) is used as it is. Only on
# Debian, and only when no configured source serves unstable, is ours added:
# sources.list.d/metajson-sid.sources, pinned at priority 100 by preferences.d/metajson-sid, so
# nothing else on the system is upgraded from it. Nothing is ever removed (--no-remove).
#
# A package is named with an optional minimum version: "binutils>=2.43". apt_missing keeps
# the ones not installed at that version; apt_plan decides where apt gets each (see there);
# apt_install_plan installs them.
#
# Test hooks (tests/setup/bootstrap_test.sh runs the scripts against fake apt tools):
#   METAJSON_APT_ETC     instead of /etc/apt
#   METAJSON_OS_RELEASE  instead of /etc/os-release

APT_ETC=${METAJSON_APT_ETC:-/etc/apt}
APT_OS_RELEASE=${METAJSON_OS_RELEASE:-/etc/os-release}
APT_SID_SOURCE=$APT_ETC/sources.list.d/metajson-sid.sources
APT_SID_PIN=$APT_ETC/preferences.d/metajson-sid
APT_FLAGS=(-y -q --no-remove --no-install-recommends -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
APT_SUDO=""
apt_updated=0

# A field of os-release (ID, ID_LIKE, PRETTY_NAME), empty when absent.
apt_os_field() {
  [ -r "$APT_OS_RELEASE" ] || return 0
  sed -n "s/^$1=//p" "$APT_OS_RELEASE" | head -n1 | tr -d '"'
}
apt_is_debian()      { [ "$(apt_os_field ID)" = debian ]; }
# apt and dpkg are there to ask and to install with (Debian, Ubuntu and their derivatives).
apt_usable() {
  local t
  for t in apt-get apt-cache dpkg-query dpkg; do command -v $t >/dev/null 2>&1 || return 1; done
}

# Root, or sudo to become it; sets APT_SUDO. Fails (returns 1) when neither.
apt_sudo_init() {
  APT_SUDO=""
  [ "$(id -u)" -eq 0 ] && return 0
  command -v sudo >/dev/null 2>&1 || return 1
  APT_SUDO=sudo
}

# Once per run (again after a source is added); returns 1 if that one attempt failed.
apt_update() {
  [ $apt_updated -eq 1 ] && return 0
  apt_updated=1
  say "apt-get update"
  $APT_SUDO apt-get update -q >/dev/null
}

# "a ge b" etc. on Debian versions.
apt_version_cmp() { dpkg --compare-versions "$1" "$2" "$3"; }

# The installed version of a package, empty when it is not installed.
apt_installed_version() {
  dpkg-query -W -f='${Status} ${Version}\n' "$1" 2>/dev/null | awk '$3=="installed"{print $4; exit}' || true
}

# The suites (as the sources name them: sid, unstable...) whose release is Debian unstable,
# one a line, from apt's view of its package lists (so after apt_update for a new source).
apt_unstable_suites() {
  apt-cache policy 2>/dev/null | awk '
    /^ *-?[0-9]+ [a-z]+:\/\// { n = split($3, s, "/"); suite = s[1]; next }
    /^ +release / { if (suite != "" && ($0 ~ /[ ,]a=unstable(,|$)/ || $0 ~ /[ ,]n=sid(,|$)/)) print suite; suite = "" }
  ' | sort -u
}

# Adds our sid source and its pin (each only if missing). Debian only.
apt_add_sid_source() {
  if [ ! -f "$APT_SID_SOURCE" ]; then
    say "adding Debian unstable (sid) as a package source, pinned at priority 100: $APT_SID_SOURCE"
    $APT_SUDO tee "$APT_SID_SOURCE" >/dev/null <<SRC || return 1
Types: deb
URIs: http://deb.debian.org/debian
Suites: sid
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    apt_updated=0
  fi
  if [ ! -f "$APT_SID_PIN" ]; then
    say "pinning sid at priority 100: $APT_SID_PIN"
    $APT_SUDO tee "$APT_SID_PIN" >/dev/null <<PIN || return 1
Package: *
Pin: release n=sid
Pin-Priority: 100
PIN
  fi
}

# apt_missing SPEC...: prints the specs (name or name>=version) not installed at their version.
apt_missing() {
  local spec name min v
  for spec in "$@"; do
    name=${spec%%>=*}; min=""; [ "$name" = "$spec" ] || min=${spec#*>=}
    v=$(apt_installed_version "$name")
    if [ -z "$v" ] || { [ -n "$min" ] && ! apt_version_cmp "$v" ge "$min"; }; then echo "$spec"; fi
  done
}

# apt_plan [--prefer-unstable] SPEC...: sorts the specs into
#   plan_unstable  "suite package" lines: from a suite that serves Debian unstable
#   plan_plain     packages whose default candidate is enough (from a stable release)
#   plan_none      the specs apt cannot install at their version
#   plan_version   [package]=the version chosen
# By default the candidate apt would install is taken when it is recent enough (and installed
# with -t when an unstable suite is what serves it: its dependencies must come from there too),
# else the newest version an unstable suite serves. --prefer-unstable takes unstable's first.
apt_plan() {
  local prefer=candidate
  if [ "${1:-}" = --prefer-unstable ]; then prefer=unstable; shift; fi
  plan_unstable=(); plan_plain=(); plan_none=()
  declare -gA plan_version=()
  local names=() spec name min unstable policy madison offers cand cand_suite best v suite
  for spec in "$@"; do names+=("${spec%%>=*}"); done
  [ ${#names[@]} -gt 0 ] || return 0
  unstable=" $(apt_unstable_suites | tr '\n' ' ') "
  policy=$(apt-cache policy "${names[@]}" 2>/dev/null || true)
  madison=$(apt-cache madison "${names[@]}" 2>/dev/null || true)
  for spec in "$@"; do
    name=${spec%%>=*}; min=""; [ "$name" = "$spec" ] || min=${spec#*>=}
    # The versions apt knows, newest first, each with the suite serving it: "version suite".
    offers=$(awk -F'|' -v p="$name" '
      { n = $1; gsub(/ /, "", n); if (n != p) next
        v = $2; gsub(/ /, "", v); split($3, f, " "); split(f[2], s, "/"); print v, s[1] }' <<<"$madison")
    best=""; cand_suite=""
    cand=$(awk -v p="$name:" '$0 == p { f = 1; next } f && /^[^ ]/ { f = 0 }
                               f && $1 == "Candidate:" { print $2; exit }' <<<"$policy")
    [ "$cand" != "(none)" ] || cand=""
    if [ -n "$cand" ] && [ -n "$min" ] && ! apt_version_cmp "$cand" ge "$min"; then cand=""; fi
    while read -r v suite; do
      [ -n "$v" ] || continue
      if [ -z "$best" ] && [[ "$unstable" == *" $suite "* ]] \
         && { [ -z "$min" ] || apt_version_cmp "$v" ge "$min"; }; then best="$suite $v"; fi
      if [ -n "$cand" ] && [ -z "$cand_suite" ] && [ "$v" = "$cand" ]; then cand_suite=$suite; fi
    done <<<"$offers"
    if [ -n "$cand" ] && { [ $prefer = candidate ] || [ -z "$best" ]; }; then
      if [ -n "$cand_suite" ] && [[ "$unstable" == *" $cand_suite "* ]]; then
        plan_unstable+=("$cand_suite $name")
      else
        plan_plain+=("$name")
      fi
      plan_version[$name]=$cand
    elif [ -n "$best" ]; then
      plan_unstable+=("${best%% *} $name"); plan_version[$name]=${best#* }
    else
      plan_none+=("$spec")
    fi
  done
}

# apt_plan, and when some spec is left over on Debian with no unstable source, our pinned
# source added and the plan made again. Takes apt_plan's arguments; needs APT_SUDO
# (apt_sudo_init). Returns 1 only if adding the source failed.
apt_plan_with_sid() {
  apt_update || say "WARNING: apt-get update failed; using the package lists as they are"
  apt_plan "$@"
  [ ${#plan_none[@]} -gt 0 ] || return 0
  [ -z "$(apt_unstable_suites)" ] || return 0
  apt_is_debian || return 0
  apt_add_sid_source || return 1
  apt_update || say "WARNING: apt-get update failed after adding $APT_SID_SOURCE"
  apt_plan "$@"
}

# Installs what apt_plan found: the unstable ones with -t <suite> (their dependencies come from
# there), the others plainly. Returns 1 if an apt-get call failed.
apt_install_plan() {
  local rc=0 suite pkgs line
  if [ ${#plan_plain[@]} -gt 0 ]; then
    say "installing ${plan_plain[*]}"
    $APT_SUDO apt-get install "${APT_FLAGS[@]}" "${plan_plain[@]}" >/dev/null \
      || { say "apt-get install ${plan_plain[*]} failed (run it by hand to see why)"; rc=1; }
  fi
  for suite in $(printf '%s\n' "${plan_unstable[@]}" | awk 'NF {print $1}' | sort -u); do
    pkgs=()
    for line in "${plan_unstable[@]}"; do
      if [ "${line%% *}" = "$suite" ]; then pkgs+=("${line#* }"); fi
    done
    say "installing from $suite (pinned low; nothing removed): ${pkgs[*]}"
    $APT_SUDO apt-get install "${APT_FLAGS[@]}" -t "$suite" "${pkgs[@]}" >/dev/null \
      || { say "apt-get install -t $suite ${pkgs[*]} failed (run it by hand to see why)"; rc=1; }
  done
  return $rc
}

# apt_install_narrow SUITE PACKAGE...: installs the packages from SUITE (an unstable suite) and
# only what must come from there with them, never upgrading the rest of the system to it (which
# -t SUITE would do: with the GCC 16 cross compilers it asked to replace libssl). Each package
# is named PACKAGE/SUITE; apt's simulation then says which dependencies are too old where they
# are (a "Depends: X (>= v) but w is to be installed" or "Breaks: X" line): those are named
# X/SUITE too, and the simulation repeated, at most 8 times. Returns 1 if no plan was found or
# the install failed.
apt_install_narrow() {
  local suite=$1 sim names=() round extra name
  shift
  for name in "$@"; do names+=("$name/$suite"); done
  for round in 1 2 3 4 5 6 7 8; do
    sim=$(apt-get install -s "${APT_FLAGS[@]}" "${names[@]}" 2>&1) && {
      say "installing from $suite (only these and what they need from there; nothing removed): $*"
      $APT_SUDO apt-get install "${APT_FLAGS[@]}" "${names[@]}" >/dev/null \
        || { say "apt-get install ${names[*]} failed (run it by hand to see why)"; return 1; }
      return 0
    }
    mapfile -t extra < <(sed -n 's/.*\(Depends\|Breaks\): \([^ ]*\) .*but .* is to be installed.*/\2/p' <<<"$sim" | sort -u)
    local added=0
    for name in "${extra[@]}"; do
      [[ " ${names[*]} " == *" $name/$suite "* ]] && continue
      names+=("$name/$suite"); added=1
    done
    [ $added -eq 1 ] || { say "apt cannot install $* from $suite without removing packages:"; echo "$sim" | tail -n 8 >&2; return 1; }
  done
  say "apt cannot install $* from $suite: no plan after 8 rounds"; return 1
}

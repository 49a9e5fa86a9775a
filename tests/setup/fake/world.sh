# The fake apt world the stubs in this folder share (sourced by them). $FAKE_WORLD holds:
#   state/catalog    "codename package version": what each release of the archive serves
#   state/lists      the suites apt-get update last saw configured (as the sources name them)
#   state/installed  "package version"
#   state/log        every stub call that changes something, one a line
#   state/offline    present: apt-get update and install fail (a registry down)
#   etc/             sources.list.d/ and preferences.d/ (METAJSON_APT_ETC of the scripts)
#   bin/             these stubs, and the programs "installed" (g++-16, cargo)
#   real-g++         present: the g++-16 installed is the real compiler ($REAL_GXX, which
#                    assembles with bin/as); else fake-g++ (links anything, instantly)
W=${FAKE_WORLD:?FAKE_WORLD not set}
S=$W/state

codename() { case $1 in sid|unstable) echo sid ;; *) echo "$1" ;; esac; }
release_of() {
  case $(codename "$1") in
    sid) echo "o=Debian,a=unstable,n=sid,l=Debian,c=main,b=amd64" ;;
    bookworm) echo "v=12.15,o=Debian,a=oldstable,n=bookworm,l=Debian,c=main,b=amd64" ;;
    *) echo "o=Other,a=$1,n=$1,l=Other,c=main,b=amd64" ;;
  esac
}
# A suite's priority: a pin in preferences.d naming its codename (or a=unstable for sid), else 500.
priority_of() {
  local n p
  n=$(codename "$1")
  p=$(cat "$W"/etc/preferences.d/* 2>/dev/null | awk -v n="$n" '
    /^Pin: release/ { m = ($0 ~ ("n=" n "(,|$)")) || (n == "sid" && $0 ~ /a=unstable(,|$)/) }
    /^Pin-Priority:/ && m { print $2; exit }')
  echo "${p:-500}"
}
# Every configured offer, "package suite version priority": load_offers computes it once (in
# the stub's own shell: offers is often called in subshells).
all_offers=""
compute_offers() {
  local tok
  while read -r tok; do
    [ -n "$tok" ] || continue
    awk -v n="$(codename "$tok")" -v t="$tok" -v pr="$(priority_of "$tok")" \
      '$1 == n { print $2, t, $3, pr }' "$S/catalog"
  done <"$S/lists"
  echo "#"  # never empty, so computed once
}
# "suite version priority" for each configured suite that serves the package.
load_offers() { [ -n "$all_offers" ] || all_offers=$(compute_offers); }
offers() {
  load_offers
  awk -v p="$1" '$1 == p { print $2, $3, $4 }' <<<"$all_offers"
}
installed_version() { awk -v p="$1" '$1 == p { print $2 }' "$S/installed"; }
# "priority version suite" of the version apt would install (target suite raised to 990).
candidate() {
  local tn="" iv
  [ -z "${2:-}" ] || tn=$(codename "$2")
  iv=$(installed_version "$1")
  { offers "$1"; [ -z "$iv" ] || echo "/var/lib/dpkg/status $iv 100"; } | awk -v tn="$tn" '
    { c = ($1 == "unstable") ? "sid" : $1; print (tn != "" && c == tn) ? 990 : $3, $2, $1 }' \
    | sort -k1,1nr -k2,2Vr | head -n1
}
log() { echo "$*" >>"$S/log"; }
gxx_installed() {
  if [ -e "$W/real-g++" ]; then
    printf '#!/bin/sh\nexec "%s" "$@"\n' "${REAL_GXX:?}" >"$W/bin/g++-16"
  else
    cp "$W/bin/fake-g++" "$W/bin/g++-16"
  fi
  chmod +x "$W/bin/g++-16"
}

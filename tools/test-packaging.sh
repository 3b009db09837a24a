#!/bin/sh
# The packaging test (make test-packaging, after make deb): make install and make uninstall into a
# temporary prefix; then the .deb: lintian, apt-get install, places run from /usr/bin with the Swift
# toolchain hidden (bind-mounted away in a private mount namespace, and off PATH), apt-get purge, and
# nothing of it left behind. Needs root (apt-get, unshare); make test-packaging runs it with sudo.
set -eu
cd "$(dirname "$0")/.."
deb=$(ls build/places_*_"$(dpkg --print-architecture)".deb)
fail() { echo "test-packaging: FAILED: $*" >&2; exit 1; }
scratch=$(mktemp -d)
installed_here=
# Whatever happens, the machine is left as it was found: the package this test installed goes again.
cleanup() {
  if [ -n "$installed_here" ] && dpkg -s places >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq places >/dev/null 2>&1 || true
  fi
  rm -rf "$scratch"
}
trap cleanup EXIT

echo "== make install / make uninstall into a temporary prefix"
prefix=$scratch/prefix
make --no-print-directory install PREFIX="$prefix" >/dev/null
installed=$(cd "$prefix" && find . -type f | sort)
echo "$installed" | grep -qx './bin/places' || fail "make install did not install bin/places"
echo "$installed" | grep -qx './share/man/man1/places.1' || fail "make install did not install the man page"
echo "$installed" | grep -qx './share/places/gazetteer.bin' || fail "make install did not install the gazetteer"
if ldd "$prefix/bin/places" | grep -Ev '=> /(usr/)?lib/|linux-vdso|ld-linux' | grep -q .; then
  ldd "$prefix/bin/places"; fail "the installed binary links libraries from outside the system"
fi
PLACES_DATA_DIR= "$prefix/bin/places" --check "$prefix/share/places/places.geojson" >/dev/null ||
  fail "places --check from the temporary prefix"
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -type f)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "installed $(echo "$installed" | wc -l) files, uninstall left none"

echo "== lintian $deb"
# Once, with its scratch files (it leaves an mldbm-elf-* cache behind) in our scratch folder.
lintian_status=0
TMPDIR=$scratch lintian --fail-on error,warning "$deb" >"$scratch/lintian.txt" 2>&1 || lintian_status=$?
grep -v "running with root privileges" "$scratch/lintian.txt" || true
[ "$lintian_status" -eq 0 ] || fail "lintian reports errors or warnings"

echo "== apt-get install ./$deb"
if dpkg -s places >/dev/null 2>&1; then fail "a package named places is installed already; not touching it"; fi
installed_here=1
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "./$deb" >/dev/null
files=$(dpkg -L places)

# The toolchain's folder (e.g. /opt/swift), covered by an empty one for the commands below.
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
hidden() {
  unshare --mount --propagation private sh -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"' \
    hidden "$scratch/empty" "$toolchain" env -i PATH=/usr/bin:/bin HOME="$scratch/home" "$@"
}
mkdir -p "$scratch/empty" "$scratch/home"
[ "$(hidden sh -c "ls -A '$toolchain' | wc -l")" = 0 ] || fail "could not hide $toolchain"
hidden sh -c 'command -v swift' >/dev/null && fail "swift is still on the PATH"
version=$(hidden /usr/bin/places --version) || fail "places --version"
echo "places --version (no toolchain): $version"
check=$(hidden /usr/bin/places --check /usr/share/places/places.geojson) || fail "places --check"
echo "places --check (no toolchain): $check"
french=$(hidden env LANGUAGE=fr LC_ALL=fr_FR.UTF-8 /usr/bin/places --check /nonexistent.geojson || true)
echo "in French (no toolchain): $french"
case $french in *"il n’existe pas"*) ;; *) fail "the installed translations are not used" ;; esac
hidden xvfb-run -a /usr/bin/places --screenshot "$scratch/window.png" >/dev/null 2>&1 ||
  fail "the installed places did not open its window"
[ -s "$scratch/window.png" ] || fail "the installed places drew no window"
mkdir -p artifacts/packaging && cp "$scratch/window.png" artifacts/packaging/installed-window.png
echo "the installed places opened its window: artifacts/packaging/installed-window.png"

echo "== apt-get purge places"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq places >/dev/null
dpkg -s places >/dev/null 2>&1 && fail "places is still installed"
for f in $files; do
  [ -f "$f" ] && fail "apt-get purge left $f"
done
[ -e /usr/share/places ] && fail "apt-get purge left /usr/share/places"
echo "removed; none of its $(echo "$files" | wc -l) paths left"

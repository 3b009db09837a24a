#!/bin/sh
# Runs a command with GTK's development files out of reach: an empty directory is mounted over the
# directory holding gtk4.pc and over GTK's headers, in a private mount namespace that ends with the
# command. Used by `make test` to show that a package depending only on Multicast needs nothing of GTK.
set -eu
pcdir=$(pkg-config --variable pcfiledir gtk4 2>/dev/null || true)
if [ -z "$pcdir" ]; then
  exec "$@"                            # GTK's development files are not installed: nothing to hide.
fi
headers="$(pkg-config --variable includedir gtk4)/gtk-4.0"
if [ "$(id -u)" = 0 ]; then unshare="unshare --mount"; else unshare="unshare --map-root-user --mount"; fi
if ! $unshare true 2>/dev/null; then
  echo "without-gtk-dev: cannot create a private mount namespace ($unshare failed);" \
       "run as root or enable unprivileged user namespaces" >&2
  exit 1
fi
empty=$(mktemp -d)
trap 'rmdir "$empty"' EXIT
$unshare sh -euc '
  empty=$1 pcdir=$2 headers=$3; shift 3
  mount --bind "$empty" "$pcdir"
  mount --bind "$empty" "$headers"
  if pkg-config --exists gtk4; then echo "without-gtk-dev: gtk4.pc is still visible" >&2; exit 1; fi
  exec "$@"' sh "$empty" "$pcdir" "$headers" "$@"

#!/bin/sh
# Builds build/places_VERSION_ARCH.deb from a staged `make install PREFIX=/usr` (the binary with the Swift
# runtime linked statically and stripped, data, desktop file, icon, metainfo, man page), adding the
# copyright file and changelog; Depends is computed by dpkg-shlibdeps. Usage: tools/make-deb.sh STAGED_ROOT
set -eu
root=$1
cd "$(dirname "$0")/.."
version=$(sed -n 's/.*public static let version = "\(.*\)"/\1/p' Sources/PlacesGtk/App/PlacesApplication.swift)
arch=$(dpkg --print-architecture)
doc=$root/usr/share/doc/places
mkdir -p "$doc" "$root/DEBIAN"
install -m644 packaging/deb/copyright "$doc/copyright"
gzip -9n < packaging/deb/changelog > "$doc/changelog.gz"
gzip -9nf "$root/usr/share/man/man1/places.1"
chmod 644 "$doc/changelog.gz"

# dpkg-shlibdeps reads the package's name from debian/control; give it a minimal one.
shlibs=$(mktemp -d)
trap 'rm -rf "$shlibs"' EXIT
mkdir "$shlibs/debian"
printf 'Source: places\n\nPackage: places\nArchitecture: any\n' > "$shlibs/debian/control"
depends=$(cd "$shlibs" && dpkg-shlibdeps -O "$root/usr/bin/places" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')

cat > "$root/DEBIAN/control" <<CONTROL
Package: places
Version: $version
Architecture: $arch
Maintainer: The Places authors <places@swiftplaces.invalid>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: libsoup-3.0-0, glib-networking
Section: utils
Priority: optional
Description: explore places on an offline world map
 Places shows capitals, cities, international airports and research
 stations on a world map that works offline. Click a marker to read about
 a place, search the list, star favourites, set your home city to see
 distances, and import or export your own places as GeoJSON.
 .
 The map, places and city list come from Natural Earth and airportsdata
 and are installed with the program; nothing is downloaded unless online
 tiles are turned on (libsoup 3 is then loaded to fetch them). MBTiles and
 PMTiles map files are drawn over the base map.
CONTROL
(cd "$root" && find usr -type f -exec md5sum {} + | sort -k2) > "$root/DEBIAN/md5sums"
mkdir -p build
dpkg-deb --root-owner-group -Zxz --build "$root" "build/places_${version}_${arch}.deb" >/dev/null
echo "build/places_${version}_${arch}.deb"

#!/bin/sh
# Extracts po/places.pot from every call of tr("…"), trPlural("…", "…", …) and trInContext("…", "…") in Sources (xgettext reads
# Swift well enough as C for those calls: single-line string literals). Usage: tools/update-pot.sh [OUT]
set -eu
cd "$(dirname "$0")/.."
out=${1:-po/places.pot}
version=$(sed -n 's/.*public static let version = "\(.*\)"/\1/p' Sources/PlacesGtk/App/PlacesApplication.swift)
# shellcheck disable=SC2046
xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr:1 --keyword=trPlural:1,2 --keyword=trInContext:1c,2 \
  --package-name=places --package-version="$version" --msgid-bugs-address="places@swiftplaces.invalid" \
  --sort-by-file -o "$out" $(grep -rlE '\btr(Plural|InContext)?\(' Sources --include='*.swift' | sort) 2>&1 |
  grep -v "unterminated string literal" >&2 || true
# The same sources always give the same file: no creation date, and UTF-8 declared.
sed -i -e '/^"POT-Creation-Date:/d' -e 's/charset=CHARSET/charset=UTF-8/' "$out"

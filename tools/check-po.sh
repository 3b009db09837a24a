#!/bin/sh
# Fails when po/places.pot no longer matches the sources (run make pot) or when a translation has a
# message untranslated or fuzzy, a format problem, or a {placeholder} its English text does not have.
set -eu
cd "$(dirname "$0")/.."
fresh=$(mktemp)
trap 'rm -f "$fresh"' EXIT
tools/update-pot.sh "$fresh"
if ! diff -q po/places.pot "$fresh" >/dev/null; then
  diff -u po/places.pot "$fresh" | head -40
  echo "check-po: po/places.pot is out of date: run make pot" >&2
  exit 1
fi
status=0
for po in po/*.po; do
  [ -e "$po" ] || continue
  stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1)
  echo "$po: $stats"
  case $stats in *untranslated*|*fuzzy*) echo "check-po: $po is incomplete" >&2; status=1 ;; esac
  /usr/bin/python3 - "$po" <<'PY' || status=1
import re, sys
def entries(path):
    text = open(path, encoding="utf-8").read()
    for block in text.split("\n\n"):
        fields = {}
        key = None
        for line in block.splitlines():
            m = re.match(r'(msgid|msgid_plural|msgstr(?:\[\d\])?) "(.*)"$', line)
            if m:
                key = m.group(1); fields[key] = m.group(2)
            elif line.startswith('"') and key:
                fields[key] += line[1:-1]
        if fields.get("msgid"):
            yield fields
bad = 0
for e in entries(sys.argv[1]):
    wanted = set(re.findall(r"\{\w+\}", e["msgid"] + e.get("msgid_plural", "")))
    for key, value in e.items():
        if key.startswith("msgstr") and value and set(re.findall(r"\{\w+\}", value)) - wanted | (wanted - set(re.findall(r"\{\w+\}", value)) - {"{count}"}):
            print(f"{sys.argv[1]}: placeholders differ in {e['msgid']!r}: {value!r}"); bad += 1
sys.exit(1 if bad else 0)
PY
done
exit $status

#!/usr/bin/env bash
# Takes the README's screenshots with the app's own renderer (places --screenshot), under the display
# the caller provides (make screenshots runs this under Xvfb). A throwaway profile with Lyon as home
# city makes the list and card show distances.
set -euo pipefail
bin="$1"
out="${2:-docs}"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data"
mkdir -p "$XDG_CONFIG_HOME/places" "$out"
cat > "$XDG_CONFIG_HOME/places/profile.json" <<'JSON'
{"version": 1, "profile": {"name": "Ada", "homeCity": {"name": "Lyon", "country": "France",
 "coordinate": {"latitude": 45.77, "longitude": 4.83}, "population": 1423000}}}
JSON
"$bin/places" --screenshot "$out/map.png"
"$bin/places" --select capital-fr-paris --screenshot "$out/card.png"
"$bin/places" --tab places --search "capital" --screenshot "$out/places.png"
"$bin/places" --tab profile --screenshot "$out/profile.png"
ADW_DEBUG_COLOR_SCHEME=prefer-dark "$bin/places" --select capital-fr-paris --screenshot "$out/card-dark.png"
ADW_DEBUG_COLOR_SCHEME=prefer-dark "$bin/places" --tab places --search "capital" --screenshot "$out/places-dark.png"

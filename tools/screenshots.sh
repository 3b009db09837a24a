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
# A street map (vector tiles of central Helsinki, real OpenStreetMap data made by the test fixtures' script).
tiles="$(dirname "$0")/../Tests/PlacesCoreTests/Fixtures/tiles"
"$bin/places" --screenshot "$out/street-map.png" "$tiles/helsinki-openmaptiles.mbtiles"
# The place editor, opened with Ctrl+N and typed into as a person would (xdotool), then the window
# is captured with ImageMagick: the editor has no command-line switch of its own.
"$bin/places" --camera 48.2,16.37,12 &
app=$!
window=$(timeout 10 xdotool search --sync --onlyvisible --name '^Places$' | head -1)
xdotool mousemove --window "$window" 300 20 windowfocus --sync "$window"
sleep 1
xdotool key ctrl+n
sleep 0.5
xdotool type --delay 20 'Cafe Sperl'
xdotool key Tab Tab Tab
xdotool type --delay 20 'https://www.cafesperl.at'
xdotool key Tab
xdotool type --delay 20 'Melange and Apfelstrudel. Closed on Sundays.'
sleep 0.8
import -window "$window" "$out/editor.png"
kill "$app"
wait "$app" 2>/dev/null || true
# Finding a town the bundled places do not have: typed into the search, the first one found opened
# with Down (its card under the list).
"$bin/places" --tab places &
app=$!
window=$(timeout 10 xdotool search --sync --onlyvisible --name '^Places$' | head -1)
xdotool mousemove --window "$window" 300 20 windowfocus --sync "$window"
sleep 1
xdotool key ctrl+f
xdotool type --delay 20 'grenoble'
sleep 2
xdotool key Down
sleep 1
import -window "$window" "$out/find.png"
kill "$app"
wait "$app" 2>/dev/null || true

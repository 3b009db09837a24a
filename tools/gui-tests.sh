#!/bin/sh
# The GUI suites in two shards side by side, each on a virtual display with a session bus and an
# accessibility bus of its own, so that they share no pointer, keyboard, focus or screen reader. One
# shard uses about 0.8 of a core while it waits on the app, so two fill the machine's two cores and
# take about half the time of one. Each shard's log is printed when it ends; the run fails if either
# shard fails or outlives its time.
# Usage: XVFB_SCREEN=... tools/gui-tests.sh SHARD_A_REGEX   (the suites matching it run in one shard, all others
# in the other; make test-gui passes both)
set -u
: "${XVFB_SCREEN:?the virtual display's settings, which the Makefile exports: run make test-gui}"
first=$1
logs=artifacts/gui
mkdir -p "$logs"

# $1: the first display number xvfb-run tries (apart, so that two starting at once never pick the same).
# Run in the background, it becomes `timeout` itself (exec env), which passes a TERM on to own-session.sh,
# which stops everything the shard started.
shard() {
    servernum=$1; shift
    exec env PLACES_REQUIRE_DISPLAY=1 timeout 900 tools/own-session.sh \
        xvfb-run -a -n "$servernum" -s "$XVFB_SCREEN" dbus-run-session -- \
        swift test --skip-build --ignore-lock "$@"
}

shard 99 --filter "$first" >"$logs/shard-1.log" 2>&1 &
one=$!
shard 199 --filter PlacesGtkTests --skip "$first" >"$logs/shard-2.log" 2>&1 &
two=$!
trap 'kill -TERM $one $two 2>/dev/null; wait; exit 130' INT TERM

report() {
    echo "──── GUI shard $1 ($2) ────"
    cat "$logs/shard-$1.log"
}
wait $one; status1=$?
report 1 "$first"
wait $two; status2=$?
report 2 "every other suite"
echo "GUI shards: 1 exited with $status1, 2 with $status2 (logs in $logs/shard-1.log and shard-2.log)"
[ "$status1" = 0 ] && [ "$status2" = 0 ]

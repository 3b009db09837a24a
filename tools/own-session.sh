#!/bin/sh
# Runs COMMAND... in a session of its own and, when it ends (or this script is stopped), stops whatever
# it left running in that session: the accessibility bus's daemons outlive the D-Bus session that
# started them, and an app a crashed test launched keeps running. A test run leaves nothing behind.
# Usage: tools/own-session.sh COMMAND...
set -u
# In the background of a script, setsid needs no fork: the session's id is the command's pid.
setsid sh -c 'exec "$@"' sh "$@" &
session=$!
# Asked to end first, for up to five seconds, then killed: an X server killed outright leaves its lock
# and socket in /tmp (xvfb-run signals its Xvfb but does not wait for it to go).
stop() {
  pkill -TERM -s "$session" 2>/dev/null || return 0
  tries=0
  while pgrep -s "$session" >/dev/null 2>&1 && [ "$tries" -lt 50 ]; do
    sleep 0.1
    tries=$((tries + 1))
  done
  pkill -KILL -s "$session" 2>/dev/null || true
}
trap 'stop; exit 130' INT TERM
wait "$session"
status=$?
stop
exit $status

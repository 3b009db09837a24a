#!/bin/sh
# Runs COMMAND... in a session of its own and, when it ends (or this script is stopped), stops whatever
# it left running in that session: the accessibility bus's daemons outlive the D-Bus session that
# started them, and an app a crashed test launched keeps running. A test run leaves nothing behind.
# Usage: tools/own-session.sh COMMAND...
set -u
# In the background of a script, setsid needs no fork: the session's id is the command's pid.
setsid sh -c 'exec "$@"' sh "$@" &
session=$!
stop() { pkill -KILL -s "$session" 2>/dev/null || true; }
trap 'stop; exit 130' INT TERM
wait "$session"
status=$?
stop
exit $status

#!/usr/bin/python3
"""Reads the accessibility tree of a running app as a screen reader (Orca) meets it, over AT-SPI.

  atspi.py dump PID [ROLE...]    every object of the app with process id PID, as JSON lines, without
                                 the insides of objects with one of the ROLEs (a long list, say), and
                                 with a list's first LIST_ROWS rows only
  atspi.py act PID PATH [N]      performs action N (default 0) of the object at PATH (e.g. 0.1.3)

Each dumped object: its path (child indices from the application), role, name, description, text
(for objects with a Text interface), states, screen extents [x, y, width, height] and action names.
Waits up to 10 s for the app to appear on the accessibility bus.
"""
import json
import sys
import time

import pyatspi


def find_app(pid, timeout=10.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        for app in pyatspi.Registry.getDesktop(0):
            try:
                if app is not None and app.get_process_id() == pid:
                    return app
            except Exception:
                pass
        time.sleep(0.1)
    sys.exit(f"no application with pid {pid} on the accessibility bus")


def describe(node, path):
    entry = {"path": ".".join(map(str, path)), "role": node.getRoleName(), "name": node.name,
             "description": node.description,
             "states": sorted(pyatspi.stateToString(s) for s in node.getState().getStates())}
    # Interfaces an object does not have raise; a half-built object can raise GLib errors: skip those parts.
    try:
        text = node.queryText()
        entry["text"] = text.getText(0, text.characterCount)
    except Exception:
        pass
    try:
        box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        entry["extents"] = [box.x, box.y, box.width, box.height]
    except Exception:
        pass
    try:
        value = node.queryValue()
        entry["value"] = [value.currentValue, value.maximumValue]
    except Exception:
        pass
    try:
        action = node.queryAction()
        entry["actions"] = [action.getName(i) for i in range(action.nActions)]
    except Exception:
        pass
    return entry


# A list's rows past these are left out: GTK keeps about 200 rows of a long list as objects, reading
# each costs a dozen round trips (5-10 s for the places list), and the tests look at its first rows.
LIST_ROWS = 60


def walk(node, path, out, pruned):
    entry = describe(node, path)
    out.append(entry)
    if entry["role"] in pruned:
        return
    for index, child in enumerate(node):
        if entry["role"] == "list" and index >= LIST_ROWS:
            break
        if child is not None:
            walk(child, path + [index], out, pruned)


def resolve(app, path):
    node = app
    for index in (int(part) for part in path.split(".") if part):
        node = node.getChildAtIndex(index)
    return node


def main():
    command, pid = sys.argv[1], int(sys.argv[2])
    app = find_app(pid)
    if command == "dump":
        out = []
        for index, child in enumerate(app):
            if child is not None:
                walk(child, [index], out, set(sys.argv[3:]))
        for entry in out:
            print(json.dumps(entry, ensure_ascii=False))
    elif command == "act":
        node = resolve(app, sys.argv[3])
        action = int(sys.argv[4]) if len(sys.argv) > 4 else 0
        if not node.queryAction().doAction(action):
            sys.exit(f"action {action} of {sys.argv[3]} failed")
    else:
        sys.exit(f"unknown command {command}")


main()

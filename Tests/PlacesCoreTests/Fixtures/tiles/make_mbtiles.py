#!/usr/bin/env python3
"""Writes an MBTiles file for the tests with Python's own sqlite3 (not Places' reader).

    make_mbtiles.py OUT [--no-tiles-table] [--format FORMAT] [--huge-tile] [--no-metadata]

Tiles exist only over one region: zoom 3 to 5 around the Alps (x, y in the XYZ scheme), stored in
TMS rows (row 0 in the south). Each tile's bytes are a PNG signature followed by "z/x/y", so a test
can tell which tile it got.
"""
import sqlite3
import sys

out = sys.argv[1]
args = set(sys.argv[2:])
fmt = sys.argv[sys.argv.index("--format") + 1] if "--format" in sys.argv else "png"
db = sqlite3.connect(out)
if "--no-metadata" not in args:
    db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
    db.executemany("INSERT INTO metadata VALUES (?, ?)", [
        ("name", "Alps test map"), ("format", fmt), ("minzoom", "3"), ("maxzoom", "5"),
        ("bounds", "5.0,44.0,12.0,48.5"),
        ("attribution", '<a href="https://example.org">&copy; Test Map Makers</a>'),
    ])
if "--no-tiles-table" not in args:
    db.execute("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
    db.execute("CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row)")
    for z in range(3, 6):
        n = 2 ** z
        # The Alps: 6..11 E, 45..47.5 N, as XYZ columns and rows.
        x0, x1 = int((6 + 180) / 360 * n), int((11 + 180) / 360 * n)
        rows = {3: (2, 2), 4: (5, 5), 5: (11, 11)}[z]
        for x in range(x0, x1 + 1):
            for y in range(rows[0], rows[1] + 1):
                tms = n - 1 - y
                db.execute("INSERT INTO tiles VALUES (?, ?, ?, ?)",
                           (z, x, tms, b"\x89PNG\r\n\x1a\n" + f"{z}/{x}/{y}".encode()))
    if "--huge-tile" in args:
        db.execute("INSERT INTO tiles VALUES (5, 0, 31, zeroblob(50 * 1024 * 1024))")  # XYZ 5/0/0
db.commit()
db.close()

#!/usr/bin/env python3
"""Writes a PMTiles v3 archive for the tests, from the specification alone (not Places' reader):
Hilbert tile ids, gzip-compressed directories and metadata, and a leaf directory.

    make_pmtiles.py OUT [--brotli] [--zstd-tiles]

Tiles: every tile of zoom 0 to 2, and at zoom 6 those of one region (the Alps); the zoom-6 entries
sit in a leaf directory the root points to. A tile's bytes are a PNG signature followed by "z/x/y".
Tiles of zoom 1 are one blob repeated (a run), as deduplicating writers store an empty sea.
"""
import gzip
import json
import struct
import sys


def rotate(n, xy, rx, ry):
    if ry == 0:
        if rx == 1:
            xy[0] = n - 1 - xy[0]
            xy[1] = n - 1 - xy[1]
        xy[0], xy[1] = xy[1], xy[0]


def tile_id(z, x, y):
    acc = sum(4 ** level for level in range(z))
    xy = [x, y]
    d = 0
    s = (1 << z) // 2
    while s > 0:
        rx = 1 if xy[0] & s else 0
        ry = 1 if xy[1] & s else 0
        d += s * s * ((3 * rx) ^ ry)
        rotate(s, xy, rx, ry)
        s //= 2
    return acc + d


def varint(value):
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def directory(entries):
    """entries: (tile_id, offset, length, run_length), ascending tile_id."""
    out = bytearray(varint(len(entries)))
    last = 0
    for e in entries:
        out += varint(e[0] - last)
        last = e[0]
    for e in entries:
        out += varint(e[3])
    for e in entries:
        out += varint(e[2])
    for i, e in enumerate(entries):
        if i > 0 and e[1] == entries[i - 1][1] + entries[i - 1][2]:
            out += varint(0)
        else:
            out += varint(e[1] + 1)
    return gzip.compress(bytes(out), mtime=0)


out_path = sys.argv[1]
tiles = []  # (tile_id, bytes, run_length)
data = bytearray()
entries = []
leaf_entries = []
sea = b"\x89PNG\r\n\x1a\nsea"
for z in range(0, 3):
    for x in range(2 ** z):
        for y in range(2 ** z):
            tiles.append((tile_id(z, x, y), z, x, y))
tiles.sort()
sea_offset = None
for tid, z, x, y in tiles:
    if z == 1:
        if sea_offset is None:
            sea_offset = len(data)
            data += sea
            entries.append([tid, sea_offset, len(sea), 1])
        elif entries[-1][3] > 0 and entries[-1][1] == sea_offset and entries[-1][0] + entries[-1][3] == tid:
            entries[-1][3] += 1  # the same blob, one more tile of the run
        else:
            entries.append([tid, sea_offset, len(sea), 1])
        continue
    blob = b"\x89PNG\r\n\x1a\n" + f"{z}/{x}/{y}".encode()
    entries.append([tid, len(data), len(blob), 1])
    data += blob
# Zoom 6 over the Alps, in a leaf directory.
alps = sorted(tile_id(6, x, y) for x in range(33, 35) for y in range(22, 24))
for tid in alps:
    x, y = next((x, y) for x in range(33, 35) for y in range(22, 24) if tile_id(6, x, y) == tid)
    blob = b"\x89PNG\r\n\x1a\n" + f"6/{x}/{y}".encode()
    leaf_entries.append([tid, len(data), len(blob), 1])
    data += blob
leaf = directory([tuple(e) for e in leaf_entries])
entries.append([alps[0], 0, len(leaf), 0])  # points at the leaf directory
root = directory([tuple(e) for e in entries])
metadata = gzip.compress(json.dumps({"name": "PMTiles test map",
                                     "attribution": "<b>Tile</b> Test &amp; Co"}).encode(), mtime=0)

root_offset = 127
metadata_offset = root_offset + len(root)
leaf_offset = metadata_offset + len(metadata)
data_offset = leaf_offset + len(leaf)
compression = 3 if "--brotli" in sys.argv else 2
header = b"PMTiles" + bytes([3]) + struct.pack(
    "<QQQQQQQQQQQ", root_offset, len(root), metadata_offset, len(metadata), leaf_offset, len(leaf),
    data_offset, len(data), 0, 0, 0)
tile_compression = 4 if "--zstd-tiles" in sys.argv else 1
header += bytes([1, compression, tile_compression, 2, 0, 6])  # clustered, gzip, tiles uncompressed (or Zstandard), PNG, zoom 0..6
header += struct.pack("<iiii", int(5e7), int(44e7), int(12e7), int(48.5e7))
header += bytes([6]) + struct.pack("<ii", int(8.5e7), int(46.5e7))
assert len(header) == 127
with open(out_path, "wb") as f:
    f.write(header + root + metadata + leaf + data)

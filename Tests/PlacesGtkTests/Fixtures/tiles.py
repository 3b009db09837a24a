#!/usr/bin/env python3
"""Map tiles for the GUI tests, written with Python's own zlib and sqlite3 (not Places' code).

    tiles.py mbtiles OUT R,G,B          an MBTiles map of solid-colour 256-pixel PNG tiles over the
                                        Alps (5–12° E, 44–48.5° N), levels 3 to 6, rows in TMS order
    tiles.py serve PORTFILE LOGFILE R,G,B
                                        a tile server on 127.0.0.1 (an ephemeral port, written to
                                        PORTFILE) answering /{z}/{x}/{y}.png with a solid PNG, except
                                        /broken/… (garbage bytes), /missing/… (404), /failing/… (500),
                                        /huge/… (a 50 MB body), /slow/… (after 30 s), /trickle/… (a
                                        tile's 1,000 bytes at one a second); one JSON line per request to LOGFILE:
                                        path, User-Agent, and how many requests were being answered.
"""
import json
import math
import sqlite3
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def png(rgb, size=256):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(rgb) * size
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * size, 9)) + chunk(b"IEND", b""))


def column(lon, n):
    return int((lon + 180) / 360 * n)


def row(lat, n):
    phi = math.radians(lat)
    return int((1 - math.log(math.tan(phi) + 1 / math.cos(phi)) / math.pi) / 2 * n)


def write_mbtiles(out, rgb):
    tile = png(rgb)
    db = sqlite3.connect(out)
    db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
    db.executemany("INSERT INTO metadata VALUES (?, ?)", [
        ("name", "Alps colour map"), ("format", "png"), ("minzoom", "3"), ("maxzoom", "6"),
        ("bounds", "5.0,44.0,12.0,48.5"), ("attribution", "© Test Map Makers"),
    ])
    db.execute("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
    for z in range(3, 7):
        n = 2 ** z
        for x in range(column(5.0, n), column(12.0, n) + 1):
            for y in range(row(48.5, n), row(44.0, n) + 1):
                db.execute("INSERT INTO tiles VALUES (?, ?, ?, ?)", (z, x, n - 1 - y, tile))
    db.commit()
    db.close()


def serve(port_file, log_file, rgb):
    tile = png(rgb)
    lock = threading.Lock()
    state = {"busy": 0}
    log = open(log_file, "a", buffering=1)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            with lock:
                state["busy"] += 1
                busy = state["busy"]
            try:
                log.write(json.dumps({"path": self.path, "agent": self.headers.get("User-Agent", ""), "busy": busy}) + "\n")
                time.sleep(0.02)
                kind = self.path.split("/")[1]
                if kind == "missing":
                    self.answer(404, b"no such tile", "text/plain")
                elif kind == "failing":
                    self.answer(500, b"server error", "text/plain")
                elif kind == "broken":
                    self.answer(200, b"\x00garbage, not an image" * 10, "image/png")
                elif kind == "slow":
                    time.sleep(30)
                    self.answer(200, tile, "image/png")
                elif kind == "trickle":
                    self.send_response(200)
                    self.send_header("Content-Type", "image/png")
                    self.send_header("Content-Length", "1000")
                    self.end_headers()
                    try:
                        for _ in range(1000):
                            self.wfile.write(b"\x00")
                            self.wfile.flush()
                            time.sleep(1)
                    except OSError:
                        pass
                elif kind == "huge":
                    self.send_response(200)
                    self.send_header("Content-Type", "image/png")
                    self.send_header("Content-Length", str(50 << 20))
                    self.end_headers()
                    try:
                        for _ in range(50):
                            self.wfile.write(b"\x89PNG" + b"\x00" * ((1 << 20) - 4))
                    except OSError:
                        pass
                else:
                    self.answer(200, tile, "image/png", {"Cache-Control": "max-age=3600"})
            finally:
                with lock:
                    state["busy"] -= 1

        def answer(self, status, body, kind, headers=None):
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    import os
    os.rename(port_file + ".tmp", port_file)
    server.serve_forever()


if __name__ == "__main__":
    rgb = tuple(int(v) for v in sys.argv[-1].split(","))
    if sys.argv[1] == "mbtiles":
        write_mbtiles(sys.argv[2], rgb)
    elif sys.argv[1] == "serve":
        serve(sys.argv[2], sys.argv[3], rgb)

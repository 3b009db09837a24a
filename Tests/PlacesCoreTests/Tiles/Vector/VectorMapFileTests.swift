import Foundation
@testable import PlacesCore
import Testing

/// Vector map files of real OpenStreetMap data (central Helsinki), made by GDAL and PyPI's pmtiles
/// package in both schemas (`Fixtures/tiles/make_vector_fixtures.py`), opened and decoded as Places does.
@Suite("Vector map files")
struct VectorMapFileTests {
    static let openMapTiles = SourceTree.fixtures.appendingPathComponent("tiles/helsinki-openmaptiles.mbtiles").path
    static let protomaps = SourceTree.fixtures.appendingPathComponent("tiles/helsinki-protomaps.pmtiles").path
    /// Central Helsinki's tile at zoom 14 (the railway station's).
    static let station = TileID(z: 14, x: 9327, y: 4742)

    @Test("an MBTiles file of vector tiles is known by its format, its layers by its JSON metadata: OpenMapTiles")
    func mbtiles() throws {
        let archive = try TileArchives.open(Self.openMapTiles, title: "x")
        #expect(archive.metadata.format == .mvt)
        #expect(archive.metadata.name == "Central Helsinki")
        #expect((archive.metadata.minZoom, archive.metadata.maxZoom, archive.metadata.deepestZoom) == (12, 14, 18))
        #expect(archive.metadata.attribution == "© OpenStreetMap contributors")
        #expect(Set(archive.metadata.vectorLayers) == ["water", "landcover", "landuse", "park", "building", "transportation",
                                                      "transportation_name", "waterway", "place", "poi"], "the extract has no administrative boundary")
        #expect(VectorSchema(layers: archive.metadata.vectorLayers) == .openMapTiles)
        let bytes = try #require(try archive.tileData(Self.station))
        #expect(bytes.starts(with: [0x1F, 0x8B]), "MBTiles keeps vector tiles gzip-compressed")
        let tile = try VectorTile(decoding: bytes)
        let buildings = try #require(tile.layer("building"))
        #expect(buildings.features.count > 100)
        #expect(buildings.features.allSatisfy { $0.kind == .polygon })
        let names = try #require(tile.layer("transportation_name"))
        #expect(names.features.contains { names.value("name", of: $0) == .string("Mannerheimintie") })
        let roads = try #require(tile.layer("transportation"))
        let classes = Set(roads.features.compactMap { roads.value("class", of: $0)?.string })
        #expect(classes.isSuperset(of: ["primary", "minor", "path", "transit"]), "\(classes)")
        let pois = try #require(tile.layer("poi"))
        #expect(pois.features.allSatisfy { pois.value("name", of: $0)?.string?.isEmpty == false && pois.value("class", of: $0) != nil })
        #expect(!pois.features.isEmpty)
    }

    @Test("a PMTiles file of vector tiles: its layers from its top-level vector_layers, Protomaps' schema")
    func pmtiles() throws {
        let archive = try TileArchives.open(Self.protomaps, title: "x")
        #expect(archive.metadata.format == .mvt)
        #expect((archive.metadata.minZoom, archive.metadata.maxZoom) == (12, 15))
        #expect(VectorSchema(layers: archive.metadata.vectorLayers) == .protomaps)
        let tile = try VectorTile(decoding: try #require(try archive.tileData(TileID(z: 15, x: 9327 * 2, y: 4742 * 2))))
        #expect(Set(tile.layers.map(\.name)).isSuperset(of: ["earth", "roads", "buildings"]))
        let roads = try #require(tile.layer("roads"))
        let kinds = Set(roads.features.compactMap { roads.value("kind", of: $0)?.string })
        #expect(kinds.isSuperset(of: ["major_road", "minor_road", "path"]), "\(kinds)")
    }

    @Test("decoded tiles are kept for their descendants, within the budget")
    func decodedTiles() throws {
        let archive = try TileArchives.open(Self.openMapTiles, title: "x")
        let bytes = try #require(try archive.tileData(Self.station))
        let kept = DecodedVectorTiles()
        #expect(kept.kept(Self.station) == nil)
        let tile = try kept.decode(Self.station, bytes)
        #expect(kept.kept(Self.station)?.layers.count == tile.layers.count)
        let small = DecodedVectorTiles(budget: 1)
        _ = try small.decode(Self.station, bytes)
        _ = try small.decode(TileID(z: 14, x: 9328, y: 4742), bytes)
        #expect(small.kept(Self.station) == nil, "over budget, the tile used longest ago goes")
        #expect(small.kept(TileID(z: 14, x: 9328, y: 4742)) != nil, "one is always kept")
    }
}

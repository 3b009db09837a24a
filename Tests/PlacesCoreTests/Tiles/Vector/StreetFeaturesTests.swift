import Foundation
@testable import PlacesCore
import Testing

/// The names a vector tile gives (towns, points of interest, streets), from the Helsinki fixtures.
@Suite("Named features of vector tiles")
struct StreetFeaturesTests {
    static func features(_ path: String, _ id: TileID) throws -> [StreetFeature] {
        let archive = try TileArchives.open(path, title: "x")
        let tile = try VectorTile(decoding: try #require(try archive.tileData(id)))
        return StreetFeatures.named(in: tile, id: id, schema: VectorSchema(layers: archive.metadata.vectorLayers))
    }

    @Test("OpenMapTiles: quarters, points of interest with their attributes, and streets with their slope, all inside their tile")
    func openMapTiles() throws {
        let features = try Self.features(VectorMapFileTests.openMapTiles, VectorMapFileTests.station)
        let rect = VectorMapFileTests.station.worldRect
        #expect(features.allSatisfy { rect.contains($0.point) }, "nothing from the buffer around the tile")
        let quarters = features.filter { if case .place = $0.kind { true } else { false } }
        #expect(quarters.contains { $0.name == "Kluuvi" }, "\(quarters.map(\.name))")
        let pois = features.filter(\.isPointOfInterest)
        #expect(pois.count > 20)
        #expect(pois.allSatisfy { !$0.className.isEmpty && $0.attributes.contains { $0.key == "name" } })
        let withHours = try #require(pois.first { $0.attributes.contains { $0.key == "opening_hours" } })
        #expect(withHours.summary.contains("Opening hours: "), "\(withHours.summary)")
        #expect(!withHours.summary.contains("Rank"), "technical attributes stay out of the card's line")
        let streets = features.filter { $0.kind == .road }
        let mannerheimintie = try #require(streets.first { $0.name == "Mannerheimintie" })
        #expect(abs(mannerheimintie.angle) <= .pi / 2)
        #expect(mannerheimintie.className == "primary")
    }

    @Test("ranks that are no numbers a rank can be (NaN, infinity, 2^64) are read as bounded ranks, never trapping")
    func hostileRanks() throws {
        let values = [TestVectorTile.double(.nan), TestVectorTile.double(-.infinity), TestVectorTile.double(1e300)]
        let tile = try VectorTile(decoding: TestVectorTile(layers: [
            .init(name: "poi", keys: ["name", "class", "rank"], values: [TestVectorTile.string("Odd"), TestVectorTile.string("cafe")] + values,
                  features: (2..<5).map { .init(type: 1, tags: [0, 0, 1, 1, 2, UInt32($0)], geometry: [9, 50, 34]) }),
            .init(name: "places", keys: ["name", "population_rank"], values: [TestVectorTile.string("Odd")] + values,
                  features: (1..<4).map { .init(type: 1, tags: [0, 0, 1, UInt32($0)], geometry: [9, 50, 34]) }),
        ]).bytes)
        #expect(StreetFeatures.named(in: tile, id: TileID(z: 14, x: 1, y: 1), schema: .openMapTiles).count == 3)
        #expect(StreetFeatures.named(in: tile, id: TileID(z: 14, x: 1, y: 1), schema: .protomaps).count == 3)
    }

    @Test("only points of interest keep their attributes, at most 64 of them")
    func attributesKept() throws {
        let keys = ["name", "class"] + (0..<100).map { "extra\($0)" }
        let tile = try VectorTile(decoding: TestVectorTile(layers: [
            .init(name: "poi", keys: keys, values: [TestVectorTile.string("Many")] + (0..<101).map { _ in TestVectorTile.string("x") },
                  features: [.init(type: 1, tags: (0..<102).flatMap { [UInt32($0), UInt32(min($0, 101))] }, geometry: [9, 50, 34])]),
            .init(name: "transportation_name", keys: ["name", "class"], values: [TestVectorTile.string("Street"), TestVectorTile.string("minor")],
                  features: [.init(type: 2, tags: [0, 0, 1, 1], geometry: [9, 4, 4, 18, 0, 16, 16, 0])]),
        ]).bytes)
        let features = StreetFeatures.named(in: tile, id: TileID(z: 14, x: 1, y: 1), schema: .openMapTiles)
        #expect(features.first { $0.isPointOfInterest }?.attributes.count == 64)
        #expect(features.first { $0.kind == .road }?.attributes.isEmpty == true)
    }

    @Test("a vector map without vector_layers metadata is known by the layers of its first tile")
    func layersFromTiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let copy = folder.file("helsinki.mbtiles")
        try FileManager.default.copyItem(atPath: VectorMapFileTests.openMapTiles, toPath: copy.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute(\"DELETE FROM metadata WHERE name = 'json'\"); db.commit()", copy.path]
        try process.run()
        process.waitUntilExit()
        let archive = try TileArchives.open(copy.path, title: "x")
        #expect(VectorSchema(layers: archive.metadata.vectorLayers) == .openMapTiles, "\(archive.metadata.vectorLayers)")
    }

    @Test("Protomaps: the same kinds from places, pois and named roads")
    func protomaps() throws {
        let features = try Self.features(VectorMapFileTests.protomaps, TileID(z: 15, x: 9327 * 2, y: 4742 * 2))
        #expect(features.contains { $0.isPointOfInterest })
        #expect(features.contains { $0.kind == .road })
    }

    @Test("a point of interest found on the map is a place: its kind from its class, every attribute kept for My Places")
    func asPlace() {
        let feature = StreetFeature(
            kind: .poi(rank: 1), name: "Kiasma", className: "museum", point: WebMercator.project(Coordinate(latitude: 60.1718, longitude: 24.9366)),
            angle: 0, attributes: [.init(key: "name", value: "Kiasma"), .init(key: "class", value: "museum"),
                                   .init(key: "website", value: "https://kiasma.fi"), .init(key: "name:fi", value: "Kiasma")],
            layer: "poi", id: 42
        )
        let found = FoundPlace.mapFeature(feature)
        let place = found.place(numbers: LocalizedNumbers(locale: Locale(identifier: "en_US")))
        #expect(place.name == "Kiasma")
        #expect(place.category == .other("museum"))
        #expect(place.summary == "Website: https://kiasma.fi")
        #expect(place.link == "https://kiasma.fi", "the card's link button opens it; a copy in My Places keeps it")
        #expect(place.properties.dictionary == ["name": "Kiasma", "class": "museum", "website": "https://kiasma.fi", "name:fi": "Kiasma"])
        #expect(place.id.hasPrefix(FoundPlace.idPrefix))
        #expect(abs(place.coordinate.latitude - 60.1718) < 1e-9)
        #expect(StreetFeature(kind: .poi(rank: 1), name: "X", className: "attraction", point: .init(x: 0.5, y: 0.5), angle: 0, attributes: [],
                              layer: "poi", id: nil).category == .landmark)
        #expect(StreetFeature(kind: .poi(rank: 1), name: "X", className: "station", point: .init(x: 0.5, y: 0.5), angle: 0, attributes: [],
                              layer: "poi", id: nil).category == .other("station"), "a map's station is a railway's, not a research station")
    }
}

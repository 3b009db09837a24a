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
        #expect(place.properties.dictionary == ["name": "Kiasma", "class": "museum", "website": "https://kiasma.fi", "name:fi": "Kiasma"])
        #expect(place.id.hasPrefix(FoundPlace.idPrefix))
        #expect(abs(place.coordinate.latitude - 60.1718) < 1e-9)
        #expect(StreetFeature(kind: .poi(rank: 1), name: "X", className: "attraction", point: .init(x: 0.5, y: 0.5), angle: 0, attributes: [],
                              layer: "poi", id: nil).category == .landmark)
    }
}

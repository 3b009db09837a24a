import Foundation
@testable import PlacesCore
import Testing

/// Places exported as GPX and as KML read back the same: names, positions bit for bit, the line about
/// them, their kind, their link and every property kept from import.
@Suite("GPX and KML round trips")
struct FormatRoundTripTests {
    private static let places = [
        Place(id: "a", name: "Café <Central> & \"Co\" 'Wien'", category: .other("cafe"),
              coordinate: Coordinate(latitude: 48.210389999999997, longitude: 16.365430000000001), summary: "Coffee since 1876\nand cake",
              source: "s", properties: ["wikidata": "Q1", "addr.street": "Herrengasse 14", "odd key <&>": "value & <more>", "emoji": "☕️"],
              link: "https://example.org/?a=1&b=2"),
        Place(id: "b", name: "Vienna", category: .capital, coordinate: Coordinate(latitude: 48.2082, longitude: 16.3738), source: "s"),
        Place(id: "c", name: "South", category: .station, coordinate: Coordinate(latitude: -89.999999, longitude: -179.5), source: "s"),
    ]

    private func expectSame(_ read: [Place], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(read.count == Self.places.count, sourceLocation: sourceLocation)
        for (back, original) in zip(read, Self.places) {
            #expect(back.name == original.name, sourceLocation: sourceLocation)
            #expect(back.coordinate == original.coordinate, sourceLocation: sourceLocation)
            #expect(back.summary == original.summary, sourceLocation: sourceLocation)
            #expect(back.category == original.category, sourceLocation: sourceLocation)
            #expect(back.link == original.link, sourceLocation: sourceLocation)
            #expect(back.properties == original.properties, sourceLocation: sourceLocation)
        }
    }

    @Test("GPX waypoints")
    func gpx() throws {
        let text = GPXWriter.write(Self.places)
        expectSame(try PlaceFileReader(source: "s").read(Array(text.utf8)).places)
    }

    @Test("KML placemarks")
    func kml() throws {
        let text = KMLWriter.write(Self.places, title: "Trip & more")
        expectSame(try PlaceFileReader(source: "s").read(Array(text.utf8)).places)
    }

    @Test("an export's format follows the name the person gives the file")
    func formatByName() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for name in ["trip.gpx", "trip.KML", "trip.geojson", "trip"] {
            let path = folder.file(name).path
            try PlaceExporter.write(Self.places, to: path)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let format = try bytes.withUnsafeBufferPointer { buffer throws(ImportError) in try PlaceFileFormat.detect(buffer) }
            #expect(format == (name.hasSuffix(".gpx") ? .gpx : name.hasSuffix(".KML") ? .kml : .geoJSON), "\(name)")
            #expect(try PlaceFileReader(source: "s").read(bytes).places.map(\.name) == Self.places.map(\.name))
        }
    }
}

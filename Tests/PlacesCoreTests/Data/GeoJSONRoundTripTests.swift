import Foundation
@testable import PlacesCore
import Testing

/// Writing places as GeoJSON and reading them back gives the same places.
@Suite("GeoJSON round trip")
struct GeoJSONRoundTripTests {
    static let places: [Place] = [
        Place(id: "capital-fr-paris", name: "Paris", category: .capital,
              coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), summary: "Capital of France",
              properties: ["country": "France", "population": "2102650"]),
        Place(id: "q\"uote\\d id", name: "<b>Tom & Jerry's</b> \"studio\"", category: .landmark,
              coordinate: Coordinate(latitude: 34.052234567891, longitude: -118.243712345678), summary: "Line one\nline\ttwo \u{1}"),
        Place(id: "city-ch-zurich", name: "Zürich 東京 🗼 ça", category: .other("Brücke"),
              coordinate: Coordinate(latitude: -0.000000123, longitude: 179.999999987),
              properties: ["wikidata": "Q72", "note": "a \"quoted\" value", "ünïcode key": "ü"]),
        Place(id: "airport-x", name: "Airport X", category: .airport,
              coordinate: Coordinate(latitude: -89.99999999, longitude: -180), summary: ""),
        Place(id: "station-y", name: "Station Y", category: .station,
              coordinate: Coordinate(latitude: 90, longitude: 0.1 + 0.2)),
        Place(id: "7", name: "City 7", category: .city, coordinate: Coordinate(latitude: 1e-9, longitude: -1e-9)),
    ]

    @Test("written places read back with the same ids, names, categories, summaries, properties and coordinates")
    func roundTrip() throws {
        let text = GeoJSONWriter.write(Self.places)
        let result = try GeoJSONReader(source: "roundtrip", idPrefix: "").read(Array(text.utf8))

        #expect(result.skippedFeatures == 0)
        try #require(result.places.count == Self.places.count)
        for (read, original) in zip(result.places, Self.places) {
            #expect(read.id == original.id)
            #expect(read.name == original.name)
            #expect(read.category == original.category)
            #expect(read.summary == original.summary)
            #expect(read.properties == original.properties)
            #expect(read.source == "roundtrip")
            #expect(isClose(read.coordinate, original.coordinate, tolerance: 1e-7), "\(read.coordinate) vs \(original.coordinate)")
        }
    }

    @Test("a file's numbers, booleans and nulls go back as such, a number as the file wrote it; a string of digits stays a string")
    func valuesKeepTheirKind() throws {
        let file = #"""
        {"type":"FeatureCollection","features":[{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[7.5,46.9]},
         "properties":{"name":"Hut","ele":2712,"fee":-1.50e1,"open":true,"staffed":false,"phone":null,"ref":"0042","code":"17",
                       "tags":[1,null,"x"],"addr":{"zip":3000}}},
         {"type":"Feature","id":"b","geometry":{"type":"LineString","coordinates":[[7,46],[8,47]]},"properties":{"name":"Trail","km":12.5,"lit":null}}]}
        """#
        let read = try GeoJSONReader(source: "huts", idPrefix: "").read(Array(file.utf8))
        let text = GeoJSONWriter.write(read.places.map { ExportedPlace($0) }, shapes: read.shapes)
        let written = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let features = try #require(written["features"] as? [[String: Any]])
        let hut = try #require(features.first { $0["id"] as? String == "a" }?["properties"] as? [String: Any])
        #expect((hut["ele"] as? NSNumber)?.intValue == 2712 && !(hut["ele"] is String))
        #expect((hut["fee"] as? NSNumber)?.doubleValue == -15)
        #expect(hut["open"] as? Bool == true && hut["staffed"] as? Bool == false)
        #expect(hut["phone"] is NSNull, "\(hut)")
        #expect(hut["ref"] as? String == "0042" && hut["code"] as? String == "17")
        #expect((hut["tags#1"] as? NSNumber)?.intValue == 1 && hut["tags#2"] is NSNull && hut["tags#3"] as? String == "x")
        #expect((hut["addr.zip"] as? NSNumber)?.intValue == 3000)
        #expect(text.contains(#""fee":-1.50e1"#), "the number is not as the file wrote it")
        let trail = try #require(features.first { $0["id"] as? String == "b" }?["properties"] as? [String: Any])
        #expect((trail["km"] as? NSNumber)?.doubleValue == 12.5 && trail["lit"] is NSNull, "\(trail)")
        // Read again, the places are the same, kinds and all.
        let again = try GeoJSONReader(source: "huts", idPrefix: "").read(Array(text.utf8))
        #expect(again.places.map(\.properties) == read.places.map(\.properties))
        #expect(again.shapes.map(\.properties) == read.shapes.map(\.properties))
    }

    @Test("a null is no value: it hides no value of the same name, no link or kind read from elsewhere, and GPX and KML write no empty element for it")
    func nullsAreNoValue() throws {
        let file = #"""
        {"type":"FeatureCollection","features":[{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[7.5,46.9]},
         "properties":{"name":null,"Name":"Hut","time":null,"sym":null,"type":null,"amenity":"pub","styleUrl":null}},
         {"type":"Feature","id":"b","geometry":{"type":"LineString","coordinates":[[7,46],[8,47]]},
          "properties":{"name":"Trail","link":null,"website":"https://example.org/trail","category":null,"amenity":"pub"}}]}
        """#
        let read = try GeoJSONReader(source: "huts", idPrefix: "").read(Array(file.utf8))
        let hut = try #require(read.places.first)
        #expect(hut.name == "Hut" && hut.category == .other("pub"))
        let trail = try #require(read.shapes.first)
        #expect(trail.properties["link"] == "https://example.org/trail" && trail.properties["category"] == "pub", "\(trail.properties)")
        let exported = read.places.map { ExportedPlace($0) }
        let kml = ExportFormat.kml.text(for: exported, shapes: read.shapes, title: "huts")
        #expect(!kml.contains("<when></when>") && !kml.contains("<styleUrl></styleUrl>"), "\(kml)")
        let gpx = ExportFormat.gpx.text(for: exported, shapes: read.shapes, title: "huts")
        #expect(!gpx.contains(#"<link href="""#) && gpx.contains(#"<link href="https://example.org/trail"/>"#), "\(gpx)")
        #expect(gpx.contains("<type>pub</type>"), "\(gpx)")
    }

    @Test("only a number as JSON writes one is written bare; any other text of a number property is quoted",
          arguments: [("0", true), ("-0.5", true), ("1e3", true), ("2.5E-7", true), ("01", false), (".5", false), ("1.", false),
                      ("NaN", false), ("+1", false), ("1e", false), ("", false), ("1 2", false)])
    func numberText(text: String, isNumber: Bool) {
        #expect(GeoJSONWriter.isNumber(text) == isNumber)
    }

    @Test("an exported place carries the id its file gave it, not the path of the file it came from", arguments: ["geojson", "gpx", "kml"])
    func noLocalPaths(format: String) throws {
        let source = "file:/home/ada/Private folder/trip.csv"
        let place = Place(id: source + "/row1", name: "Picnic", category: .landmark, coordinate: Coordinate(latitude: 45.8, longitude: 4.9),
                          source: source, properties: ["country": "France"])
        let own = Place(id: "mine/4A2B", name: "Home", category: .other("home"), coordinate: Coordinate(latitude: 45.7, longitude: 4.8),
                        source: PlaceSource.mineID)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("export.\(format)")
        try PlaceExporter.write([place, own], to: file.path)

        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("/home/ada") && !text.contains("Private folder") && !text.contains("file:"), "\(text)")
        if format == "geojson" {
            #expect(text.contains(#""id":"row1""#) && text.contains(#""id":"mine/4A2B""#), "\(text)")
        }
    }

    @Test("the written text is a FeatureCollection other JSON readers accept")
    func otherReadersAccept() throws {
        let text = GeoJSONWriter.write(Self.places)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "FeatureCollection")
        #expect((object?["features"] as? [Any])?.count == Self.places.count)
    }

    @Test("no places write an empty FeatureCollection")
    func emptyCollection() throws {
        let result = try GeoJSONReader(source: "s").read(Array(GeoJSONWriter.write([Place]()).utf8))
        #expect(result.places.isEmpty)
        #expect(result.skippedFeatures == 0)
    }

    @Test("the bundled data survives a round trip")
    func bundledRoundTrip() throws {
        let bundled = try GeoJSONReader(source: PlaceSource.bundledID)
            .read(Array(try Data(contentsOf: SourceTree.dataDirectory.appendingPathComponent("places.geojson"))))
        let again = try GeoJSONReader(source: PlaceSource.bundledID).read(Array(GeoJSONWriter.write(bundled.places).utf8))
        #expect(again.places == bundled.places)
    }
}

import Foundation
import PlacesCore
import Testing

/// Files written by GDAL's ogr2ogr and by GPSBabel from one GeoJSON (`Fixtures/formats/README.md`):
/// each format is found from its content and reads to the same places, lines and areas.
@Suite("Files written by other tools")
struct OtherToolsFixtureTests {
    private static let vienna = [
        ("Café Central", Coordinate(latitude: 48.21039, longitude: 16.36543)),
        ("Stephansdom", Coordinate(latitude: 48.20849, longitude: 16.3725)),
        ("Hotel Sacher", Coordinate(latitude: 48.20386, longitude: 16.3694)),
    ]

    private func read(_ name: String) throws -> ImportResult {
        try PlaceFileReader(source: "file:/\(name)").read(SourceTree.fixture("formats/" + name))
    }

    private func expectVienna(_ result: ImportResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.places.map(\.name) == Self.vienna.map(\.0), sourceLocation: sourceLocation)
        for (place, expected) in zip(result.places, Self.vienna) {
            #expect(abs(place.coordinate.latitude - expected.1.latitude) < 1e-6, "\(place.name)", sourceLocation: sourceLocation)
            #expect(abs(place.coordinate.longitude - expected.1.longitude) < 1e-6, "\(place.name)", sourceLocation: sourceLocation)
        }
        #expect(result.skippedFeatures == 0, "\(result.reasons)", sourceLocation: sourceLocation)
    }

    @Test("KML from ogr2ogr: placemarks with extended data, a line, a polygon, in a folder")
    func ogrKML() throws {
        let result = try read("ogr2ogr.kml")
        expectVienna(result)
        #expect(result.places[0].summary == "Coffee house since 1876")
        #expect(result.places[0].category == .other("cafe"))
        #expect(result.places[0].link == "https://www.cafecentral.wien")
        #expect(result.groups.members(of: "Vienna").first == result.places[0].id)
        #expect(result.shapes[0].properties["folder"] == "Vienna", "a line, in no collection, keeps its folder")
        #expect(result.shapes.map(\.name) == ["Ring walk", "Stadtpark"])
        #expect(result.shapes.map(\.kind) == [.line, .area])
        #expect(result.shapes[0].parts.first?.count == 4)
        #expect(result.shapes[1].parts.first?.count == 5)
        #expect(result.summary == "3 places; 1 line; 1 area")
    }

    @Test("KMZ from ogr2ogr: doc.kml only links to the layer, which is read too")
    func ogrKMZ() throws {
        let result = try read("ogr2ogr.kmz")
        expectVienna(result)
        #expect(result.shapes.map(\.kind) == [.line, .area])
    }

    @Test("CSV from ogr2ogr with a WKT column: points, the line and the polygon")
    func ogrCSVWKT() throws {
        let result = try read("ogr2ogr.csv")
        expectVienna(result)
        #expect(result.places[2].summary == "Hotel and café, “Sachertorte”", "a quoted field with a comma")
        #expect(result.shapes.map(\.kind) == [.line, .area])
        #expect(result.tally.notes == ["geometries from the column “WKT” (WKT)"])
    }

    @Test("CSV from ogr2ogr with X and Y columns")
    func ogrCSVXY() throws {
        let result = try read("ogr2ogr-xy.csv")
        expectVienna(result)
        #expect(result.places[0].link == "https://www.cafecentral.wien")
        #expect(result.places[0].properties.map(\.key).contains { ["X", "Y"].contains($0) } == false, "the position is not a property")
        #expect(result.tally.notes == ["coordinates from the columns “X” (longitude) and “Y” (latitude)"])
    }

    @Test("GPX from ogr2ogr: waypoints with desc and type")
    func ogrGPX() throws {
        let result = try read("ogr2ogr.gpx")
        expectVienna(result)
        #expect(result.places.map(\.summary) == ["Coffee house since 1876", "Cathedral", "Hotel and café, “Sachertorte”"])
        #expect(result.places[1].category == .landmark)
    }

    @Test("GPX 1.1 from GPSBabel: waypoints and tracks")
    func babelGPX() throws {
        let result = try read("gpsbabel.gpx")
        #expect(result.places.count == 6)
        #expect(result.shapes.map(\.name) == ["Ring walk", "Stadtpark"])
        #expect(result.shapes.allSatisfy { $0.kind == .line })
        #expect(Set(result.places.map(\.id)).count == 6)
    }

    @Test("GPX 1.0 from GPSBabel: its namespace, cmt and desc")
    func babelGPX10() throws {
        let result = try read("gpsbabel-1.0.gpx")
        expectVienna(result)
        #expect(result.places[0].summary == "Coffee house since 1876")
        #expect(result.places[0].properties["cmt"] == nil, "the comment repeats the description: not kept twice")
    }

    @Test("KML from GPSBabel: folders of waypoints, tracks and their points")
    func babelKML() throws {
        let result = try read("gpsbabel.kml")
        #expect(Array(result.places.prefix(3).map(\.name)) == Self.vienna.map(\.0))
        #expect(result.groups.names.first == "Waypoints" && result.groups.members(of: "Waypoints") == result.places.prefix(3).map(\.id),
                "the folder is the list the waypoints are in")
        #expect(result.shapes.count == 2)
        #expect(result.skippedFeatures == 0)
    }

    @Test("CSV from GPSBabel: Latitude and Longitude columns")
    func babelCSV() throws {
        let result = try read("gpsbabel.csv")
        expectVienna(result)
        #expect(result.places[0].summary == "Coffee house since 1876")
        #expect(result.places[0].properties["No"] == "1")
    }

    @Test("the format is found from the content alone: the reader is never told a file's name")
    func detectedByContent() throws {
        for name in ["ogr2ogr.kml", "ogr2ogr.kmz", "ogr2ogr.csv", "ogr2ogr.gpx", "source.geojson"] {
            let bytes = try SourceTree.fixture("formats/" + name)
            let result = try PlaceFileReader(source: "s").read(bytes)
            #expect(result.places.count == 3, "\(name) read \(result.summary)")
        }
    }

    @Test("GDAL's land polygons on the antimeridian and the pole: 1.4e-13 past ±180 or ±90 reads as the bound, 25° past is skipped")
    func antimeridianNoise() throws {
        let result = try read("antimeridian.geojson")
        #expect(result.shapes.count == 4, "\(result.reasons)")
        #expect(result.skippedFeatures == 1)
        #expect(result.reasons.count == 1 && result.reasons[0].contains("-205"), "\(result.reasons)")
        let points = result.shapes.flatMap { $0.parts.joined() }
        #expect(points.allSatisfy { $0.isValid })
        #expect(points.contains { $0.longitude == 180 }, "180.00000000000014 reads as 180")
        #expect(points.contains { $0.latitude == -90 }, "-90.00000000000003 reads as -90")
        #expect(result.shapes.contains { $0.parts.count == 2 }, "the MultiPolygon keeps both polygons")
    }
}

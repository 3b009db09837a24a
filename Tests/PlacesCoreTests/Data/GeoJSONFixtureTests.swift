import PlacesCore
import Testing

/// Real files kept in Tests/PlacesCoreTests/Fixtures, read as the app reads imports.
@Suite("GeoJSON fixture files")
struct GeoJSONFixtureTests {
    private func read(_ name: String) throws -> ImportResult {
        try GeoJSONReader(source: "fixture", idPrefix: "").read(try SourceTree.fixture(name))
    }

    private func error(reading name: String) throws -> ImportError? {
        let bytes = try SourceTree.fixture(name)
        do throws(ImportError) {
            _ = try GeoJSONReader(source: "fixture").read(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("a file mixing property spellings and geometry kinds gives every point")
    func validPlaces() throws {
        let result = try read("valid-places.geojson")
        #expect(result.places.map(\.id) == ["louvre", "2", "3", "pair#1", "pair#2"])
        #expect(result.places.map(\.name) == [
            "Musée du Louvre", "Charles de Gaulle", "<b>San Francisco</b> & \"Bay\"", "Tokyo–Osaka", "Tokyo–Osaka",
        ])
        #expect(result.places.map(\.category) == [.landmark, .airport, .city, .city, .city])
        #expect(result.places[0].summary == "Art museum")
        // A word read as one of Places' kinds stays as the file wrote it, for export.
        #expect(result.places[0].properties == ["wikidata": "Q19675", "tourism": "attraction"])
        #expect(result.places[1].properties == ["iata": "CDG", "amenity": "aerodrome"])
        #expect(result.places[1].coordinate == Coordinate(latitude: 49.0128, longitude: 2.55))
        #expect(result.places[2].summary == "City by the bay")
        #expect(result.skippedFeatures == 0)
        #expect(result.shapes.map(\.kind) == [.line])
        #expect(result.shapes.first?.parts == [[Coordinate(latitude: 48.85, longitude: 2.35), Coordinate(latitude: 45.76, longitude: 4.83)]])
        #expect(result.summary == "5 places; 1 line")
    }

    @Test("a file with bad features keeps the good one and says why the others were skipped")
    func mixedProblems() throws {
        let result = try read("mixed-problems.geojson")
        #expect(result.places.map(\.name) == ["Zürich"])
        #expect(result.skippedFeatures == 6)
        #expect(result.shapes.map(\.name) == ["Unnamed area 8"])
        #expect(result.reasons == [
            "feature 2: latitude 91.0 is out of range (-90...90)",
            "feature 3: longitude -181.0 is out of range (-180...180)",
            "feature 4: no coordinates",
            "feature 5: a position needs longitude and latitude, found 1 value",
            "feature 6: no geometry",
            "feature 7: \"properties\" is an array, not an object",
        ], "every reason is kept (up to ImportResult.maximumReasons), for the import's details")
    }

    @Test("a truncated file is invalid JSON at the point where it stops")
    func truncated() throws {
        let error = try #require(try error(reading: "truncated.geojson"))
        guard case .invalidJSON(let parse) = error else { Issue.record("expected invalid JSON, got \(error)"); return }
        #expect(parse.reason == "unterminated string")
        #expect(parse.line == 3)
        #expect(parse.column == 107)
    }

    @Test("a file with invalid UTF-8 is invalid JSON at the string")
    func invalidUTF8() throws {
        let error = try #require(try error(reading: "invalid-utf8.geojson"))
        #expect(error.description == "not valid JSON: line 3, column 28: invalid UTF-8 in a string")
    }

    @Test("a file with a byte order mark reads")
    func byteOrderMark() throws {
        let result = try read("bom-feature.geojson")
        #expect(result.places.map(\.name) == ["Lyon"])
    }

    @Test("a top-level array is not GeoJSON")
    func topLevelArray() throws {
        #expect(try error(reading: "top-level-array.json") == .notGeoJSON("the top level is an array, not an object"))
    }
}

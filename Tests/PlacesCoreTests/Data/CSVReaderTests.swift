import Foundation
import PlacesCore
import Testing

/// Tables of places: delimiters, coordinate columns by name, WKT, quoting.
@Suite("CSV reader")
struct CSVReaderTests {
    private func read(_ text: String) throws(ImportError) -> ImportResult {
        try PlaceFileReader(source: "s", idPrefix: "").read(Array(text.utf8))
    }

    @Test("the delimiter is found from the header", arguments: [",", ";", "\t", "|"])
    func delimiters(delimiter: String) throws {
        let text = ["name", "lat", "lon", "note"].joined(separator: delimiter) + "\n"
            + ["Café Central", "48.21039", "16.36543", "coffee"].joined(separator: delimiter) + "\n"
        let place = try #require(try read(text).places.first)
        #expect(place.name == "Café Central")
        #expect(place.coordinate == Coordinate(latitude: 48.21039, longitude: 16.36543))
        #expect(place.properties == ["note": "coffee"])
    }

    @Test("coordinate columns are found by name in any case", arguments: [
        ("Latitude", "Longitude"), ("LAT", "LNG"), ("lat", "long"), ("y", "x"), ("Y", "X"),
    ])
    func columnNames(latitude: String, longitude: String) throws {
        let result = try read("Name,\(latitude),\(longitude)\nA,1.5,2.5\n")
        #expect(result.places.first?.coordinate == Coordinate(latitude: 1.5, longitude: 2.5))
    }

    @Test("with both latitude/longitude and X/Y columns, latitude and longitude are used, and the details say why")
    func bothKinds() throws {
        let result = try read("name,x,y,latitude,longitude\nA,1800000,6100000,48.2,16.3\n")
        #expect(result.places.first?.coordinate == Coordinate(latitude: 48.2, longitude: 16.3))
        #expect(result.places.first?.properties == ["x": "1800000", "y": "6100000"])
        #expect(result.tally.notes == [
            "coordinates from the columns “latitude” and “longitude”",
            "the columns “x” and “y” are kept as they are: in many tables they are a map projection's metres, not degrees",
        ])
    }

    @Test("quoted fields hold delimiters, line breaks and doubled quotes; CRLF lines and a byte order mark are fine")
    func quoting() throws {
        let text = "\u{FEFF}id,name,description,lat,lon\r\n7,\"Sacher, Hotel\",\"Famous for the \"\"Sachertorte\"\"\nsince 1876\",48.2,16.37\r\n"
        let place = try #require(try read(text).places.first)
        #expect(place.id == "7")
        #expect(place.name == "Sacher, Hotel")
        #expect(place.summary == "Famous for the \"Sachertorte\"\nsince 1876")
    }

    @Test("a WKT column gives points, lines and polygons, with or without Z")
    func wkt() throws {
        let result = try read("""
            WKT,name
            "POINT (16.3 48.2)",P
            "POINT Z (16.3 48.2 170)",PZ
            "LINESTRING (1 2,3 4)",L
            "POLYGON ((0 0,4 0,4 4,0 0),(1 1,2 1,2 2,1 1))",A
            "MULTIPOINT ((1 2),(3 4))",MP
            "MULTILINESTRING ((1 2,3 4),(5 6,7 8))",ML
            "MULTIPOLYGON (((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5)))",MA
            """)
        #expect(result.places.map(\.name) == ["P", "PZ", "MP", "MP"])
        #expect(result.shapes.map(\.name) == ["L", "A", "ML", "MA"])
        #expect(result.shapes.map(\.parts.count) == [1, 2, 2, 2])
        #expect(result.places.map(\.id) == ["row1", "row2", "row5#1", "row5#2"])
    }

    @Test("a row with bad coordinates is skipped with its row and line; empty lines and ragged rows are fine")
    func badRows() throws {
        let result = try read("name,lat,lon\nA,91,2\nB,x,2\n\nC,1\n\"D\nE\",1,2,extra\nF,1,2\n")
        #expect(result.places.map(\.name) == ["D\nE", "F"])
        #expect(result.reasons == [
            "row 1 (line 2): latitude 91.0 is out of range (-90...90)",
            "row 2 (line 3): latitude “x” is not a number",
            "row 4 (line 5): it has no longitude",
        ])
    }

    @Test("a table without coordinate columns, without a header or never closing a quote says so")
    func unreadable() {
        #expect(throws: ImportError.invalidCSV(TextProblem(
            "the header names no latitude and longitude columns (lat, latitude, y; lon, lng, long, longitude, x) and no WKT column; it names: “name”, “city”",
            line: 1))) { try read("name,city\nA,Vienna\n") }
        #expect(throws: ImportError.invalidCSV(TextProblem("a quoted field is never closed", line: 2))) { try read("name,lat,lon\n\"A,1,2\n") }
        #expect(throws: ImportError.unknownFormat(
            "it is not GeoJSON, GPX, KML, KMZ or a table with a header line (comma, semicolon or tab separated), which Places reads")) {
            try read("just some words\nof text\n")
        }
    }
}

import Foundation
@testable import PlacesCore
import Testing

/// KML placemarks and KMZ archives, as Google My Maps, Google Earth and GIS tools write them.
@Suite("KML reader")
struct KMLReaderTests {
    private func read(_ body: String) throws(ImportError) -> ImportResult {
        try PlaceFileReader(source: "s", idPrefix: "").read(Array(#"<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><name>My map</name>\#(body)</Document></kml>"#.utf8))
    }

    @Test("a placemark's name, HTML description, extended data and folder")
    func placemark() throws {
        let result = try read("""
            <Folder><name>Trip</name><Folder><name>Cafés</name>
            <Placemark id="central"><name>Café Central</name>
            <description><![CDATA[<b>Open</b> daily<br/>since 1876 &amp; famous]]></description>
            <ExtendedData><Data name="website"><value>https://www.cafecentral.wien</value></Data>
            <Data name="rating"><displayName>Rating</displayName><value>5</value></Data></ExtendedData>
            <Point><coordinates> 16.36543,48.21039,0 </coordinates></Point></Placemark>
            </Folder></Folder>
            <Placemark><name>Outside</name><Point><coordinates>1,2</coordinates></Point></Placemark>
            """)
        #expect(result.places.map(\.name) == ["Café Central", "Outside"])
        let place = result.places[0]
        #expect(place.id == "central")
        #expect(place.summary == "Open daily\nsince 1876 & famous")
        #expect(place.link == "https://www.cafecentral.wien")
        #expect(place.properties == ["rating": "5", "folder": "Trip/Cafés", "description.html": "<b>Open</b> daily<br/>since 1876 &amp; famous"],
                "the HTML is kept as it came, for a KML export")
        #expect(result.groups.names == ["Trip/Cafés"] && result.groups.members(of: "Trip/Cafés") == ["central"],
                "the folder path is kept, and is the list the place is in")
        #expect(result.places[1].id == "placemark2")
    }

    @Test("lines, polygons with holes, multi-geometries and Google Earth tracks")
    func shapes() throws {
        let result = try read("""
            <Placemark><name>Path</name><LineString><coordinates>1,2 3,4
            5,6</coordinates></LineString></Placemark>
            <Placemark><name>Park</name><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 4,0 4,4 0,4 0,0</coordinates></LinearRing></outerBoundaryIs>
            <innerBoundaryIs><LinearRing><coordinates>1,1 2,1 2,2 1,1</coordinates></LinearRing></innerBoundaryIs></Polygon></Placemark>
            <Placemark id="m"><name>Mixed</name><MultiGeometry><Point><coordinates>1,1</coordinates></Point>
            <Point><coordinates>2,2</coordinates></Point><LineString><coordinates>1,1 2,2</coordinates></LineString></MultiGeometry></Placemark>
            <Placemark><name>Run</name><gx:Track><when>2024-05-01T10:00:00Z</when><gx:coord>16.3 48.2 170</gx:coord>
            <gx:coord>16.4 48.3 171</gx:coord></gx:Track></Placemark>
            """)
        #expect(result.shapes.map(\.name) == ["Path", "Park", "Mixed", "Run"])
        #expect(result.shapes.map(\.kind) == [.line, .area, .line, .line])
        #expect(result.shapes[0].parts.map(\.count) == [3])
        #expect(result.shapes[1].parts.map(\.count) == [5, 4])
        #expect(result.shapes[3].parts == [[Coordinate(latitude: 48.2, longitude: 16.3), Coordinate(latitude: 48.3, longitude: 16.4)]])
        #expect(result.places.map(\.id) == ["m#1", "m#2"])
        #expect(result.shapes[2].id == "m#line")
        #expect(result.summary == "2 places; 3 lines; 1 area")
    }

    @Test("bad coordinates skip the placemark with the reason and where it is")
    func badCoordinates() throws {
        let result = try read("""
            <Placemark><name>A</name><Point><coordinates>200,1</coordinates></Point></Placemark>
            <Placemark><name>B</name><Point><coordinates>1;2</coordinates></Point></Placemark>
            <Placemark><name>C</name></Placemark>
            <Placemark><name>D</name><Point><coordinates>x,1</coordinates></Point></Placemark>
            """)
        #expect(result.places.isEmpty)
        #expect(result.reasons.count == 4)
        #expect(result.reasons[0].hasPrefix("placemark 1 (line 1, column "))
        #expect(result.reasons[0].hasSuffix("longitude 200.0 is out of range (-180...180)"))
        #expect(result.reasons[1].hasSuffix("coordinates “1;2” are not longitude,latitude"))
        #expect(result.reasons[2].hasSuffix("it has no point, line or polygon"))
        #expect(result.reasons[3].hasSuffix("longitude “x” is not a number"))
    }

    @Test("a KMZ reads its doc.kml; one without KML, a damaged one and a zip bomb are refused in words")
    func kmz() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        func zip(_ files: [String: String], name: String) throws -> [UInt8] {
            for (path, text) in files { _ = try folder.write(text, to: path) }
            let archive = folder.file(name)
            let zip = Process()
            zip.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            zip.arguments = ["-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED); [z.write(p, p) for p in sys.argv[2:]]; z.close()",
                             archive.path] + files.keys.sorted()
            zip.currentDirectoryURL = folder.url
            try zip.run()
            zip.waitUntilExit()
            return Array(try Data(contentsOf: archive))
        }
        let kml = #"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>In a KMZ</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>"#
        let good = try zip(["doc.kml": kml, "files/icon.txt": "not an image"], name: "good.kmz")
        #expect(try PlaceFileReader(source: "s").read(good).places.map(\.name) == ["In a KMZ"])

        let noKML = try zip(["readme.txt": "hello"], name: "none.kmz")
        #expect(throws: ImportError.invalidKMZ("the zip archive holds no KML document")) { try PlaceFileReader(source: "s").read(noKML) }

        let damaged = Array(good.prefix(good.count / 2))
        #expect(throws: ImportError.self) { try PlaceFileReader(source: "s").read(damaged) }

        // 20 MB of spaces inside a KML comment compress to 20 kilobytes; against a limit of 10 MB
        // (the real one, 256 MB, takes as long to build as the rest of this suite).
        let bomb = try zip(["doc.kml": "<kml><!--" + String(repeating: " ", count: 20_000_000) + "--></kml>"], name: "bomb.kmz")
        #expect(bomb.count < 100_000)
        #expect(throws: ImportError.invalidKMZ("it unpacks to more than the 10.0 MB Places reads")) {
            try bomb.withUnsafeBufferPointer { bytes throws(ImportError) in _ = try KMZArchive.documents(in: bytes, limit: 10_000_000) }
        }
    }
}

import Foundation
import PlacesCore
import Testing
import TestingSupport

/// Malformed and hostile GPX, KML, KMZ and CSV: each gives a clear error or a report, never a crash
/// or a hang, and whatever is read is on the globe. At least 30 inputs per format.
@Suite("Hostile files of every format", .timeLimit(.minutes(5)))
struct HostileFormatTests {
    struct Input: Sendable, CustomTestStringConvertible {
        enum Expectation: Sendable {
            /// An error whose description contains this.
            case error(String)
            /// Read, with this many places and shapes.
            case read(places: Int, shapes: Int = 0, skipped: Int = 0)
            /// Either, as long as it is clear.
            case anything
        }

        var name: String
        var bytes: [UInt8]
        var expectation: Expectation
        /// A file outside the input that it points at (an external entity), holding `secret` while it is read.
        var secretFile: URL?
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expectation: Expectation) {
            self.init(name, Array(text.utf8), expectation)
        }

        init(_ name: String, _ bytes: [UInt8], _ expectation: Expectation) {
            self.name = name
            self.bytes = bytes
            self.expectation = expectation
        }
    }

    static let secret = "PLACES-SECRET-\(UUID().uuidString)"

    static func gpx(_ body: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">\#(body)</gpx>"#
    }

    static func kml(_ body: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>\#(body)</Document></kml>"#
    }

    static let laughs = """
        <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
        <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"><!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
        <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;"><!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
        <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;"><!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>
        """

    /// What every XML format shares: truncation, entity tricks, encodings, sizes, nesting.
    static func xml(_ wrap: (String) -> String, _ feature: String, root: String) -> [Input] {
        let document = wrap(feature)
        let huge = String(repeating: "x", count: 10_000_000)
        let deep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        let doctype = "it declares a document type"
        let secretFile = FileManager.default.temporaryDirectory.appendingPathComponent("places-hostile-secret-\(root)-\(getpid()).txt")
        var externalEntity = Input("an external entity reading another file (XXE)",
                                   #"<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file://\#(secretFile.path)">]>"# + wrap(feature.replacingOccurrences(of: "Name", with: "&x;")),
                                   .error(doctype))
        externalEntity.secretFile = secretFile
        return [
            Input("empty file", "", .error("the file is empty")),
            Input("only white space", "  \n\t ", .error("the file is empty")),
            Input("only the XML declaration", #"<?xml version="1.0"?>"#, .error("holds no element")),
            Input("truncated in a tag", String(document.prefix(document.count / 2)), .error("not valid XML")),
            Input("truncated before the root closes", String(document.dropLast(6)), .error("not valid XML")),
            Input("a closing tag of another name", document.replacingOccurrences(of: "</\(root)>", with: "</other>"), .error("closed by a tag of another name")),
            Input("an attribute without quotes", wrap(feature.replacingOccurrences(of: "\"1\"", with: "1")), .error("not valid XML")),
            Input("an attribute given twice", wrap(feature.replacingOccurrences(of: "=\"1\"", with: "=\"1\" lat=\"3\" lat=\"4\"")), .anything),
            Input("an undeclared entity", wrap(feature.replacingOccurrences(of: "Name", with: "&bogus;")), .error("not one of XML's five")),
            externalEntity,
            Input("an external DTD", #"<?xml version="1.0"?><!DOCTYPE r SYSTEM "http://127.0.0.1:9/evil.dtd">"# + document, .error(doctype)),
            Input("a billion laughs", #"<?xml version="1.0"?>"# + laughs + wrap(feature.replacingOccurrences(of: "Name", with: "&lol9;")), .error(doctype)),
            Input("a quadratic blow-up entity", "<!DOCTYPE r [<!ENTITY a \"\(String(repeating: "a", count: 50_000))\">]>" + wrap(String(repeating: "&a;", count: 50_000)), .error(doctype)),
            Input("a parameter entity", #"<!DOCTYPE r [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>"# + document, .error(doctype)),
            Input("invalid UTF-8", Array(wrap(feature).utf8).map { $0 == UInt8(ascii: "N") ? 0xFF : $0 }, .error("not valid XML")),
            Input("Latin-1, declared", Array(#"<?xml version="1.0" encoding="ISO-8859-1"?>"#.utf8) + Array(document.dropFirst(38).utf8).map { $0 == UInt8(ascii: "N") ? 0xE9 : $0 }, .anything),
            Input("an encoding nobody knows", #"<?xml version="1.0" encoding="X-NOPE"?>"# + document.dropFirst(38), .error("not valid XML")),
            Input("UTF-16 with a byte order mark", [0xFF, 0xFE] + Array(document.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, .error("UTF-16")),
            Input("UTF-16 without a byte order mark", Array(document.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, .error("it is written in UTF-16")),
            Input("UTF-16BE without a byte order mark", Array(document.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, .error("it is written in UTF-16")),
            Input("a NUL byte", Array(document.utf8).map { $0 == UInt8(ascii: "N") ? 0 : $0 }, .error("not valid XML")),
            Input("a forbidden character reference", wrap(feature.replacingOccurrences(of: "Name", with: "&#1;")), .error("a character that XML does not allow")),
            Input("a comment never closed", wrap("<!-- " + feature), .error("not valid XML")),
            Input("CDATA in a name", wrap(feature.replacingOccurrences(of: "Name", with: "<![CDATA[<b>Name</b>]]>")), .anything),
            Input("a processing instruction inside", wrap("<?odd thing?>" + feature), .anything),
            Input("a 10 MB attribute", wrap(feature.replacingOccurrences(of: "=\"1\"", with: "=\"1\" junk=\"\(huge)\"")), .anything),
            Input("a 10 MB name", wrap(feature.replacingOccurrences(of: "Name", with: huge)), .anything),
            Input("an 11 MB attribute", wrap(feature.replacingOccurrences(of: "=\"1\"", with: "=\"1\" junk=\"\(huge)x\(String(repeating: "y", count: 1_000_000))\"")),
                  .error("a value is longer than the 10.0 MB Places reads in one piece")),
            Input("nesting 300 deep", wrap(deep + feature), .anything),
            Input("an HTML page", "<!doctype html><html><body>Hello</body></html>", .anything),
            Input("an XHTML root", "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body/></html>", .error("another kind")),
            Input("random bytes after a <", [UInt8(ascii: "<")] + (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }, .anything),
            Input("text after the root", document + "<extra/>", .error("not valid XML")),
            Input("the root alone", wrap(""), .read(places: 0)),
        ]
    }

    static let gpxInputs: [Input] = xml(gpx, #"<wpt lat="1" lon="1"><name>Name</name></wpt>"#, root: "gpx") + [
        Input("a waypoint without lat", gpx(#"<wpt lon="1"/>"#), .read(places: 0, skipped: 1)),
        Input("lat that is not a number", gpx(#"<wpt lat="north" lon="1"/>"#), .read(places: 0, skipped: 1)),
        Input("lat NaN", gpx(#"<wpt lat="nan" lon="1"/>"#), .read(places: 0, skipped: 1)),
        Input("lat 1e400", gpx(#"<wpt lat="1e400" lon="1"/>"#), .read(places: 0, skipped: 1)),
        Input("lon 181", gpx(#"<wpt lat="1" lon="181"/>"#), .read(places: 0, skipped: 1)),
        Input("a route of one point", gpx(#"<rte><rtept lat="1" lon="1"/></rte>"#), .read(places: 0, skipped: 1)),
        Input("a track without segments", gpx("<trk><name>T</name></trk>"), .read(places: 0, skipped: 1)),
        Input("a track of 200,000 points", gpx("<trk><trkseg>" + String(repeating: #"<trkpt lat="1.5" lon="2.5"/>"#, count: 200_000) + "</trkseg></trk>"), .read(places: 0, shapes: 1)),
        Input("100,000 waypoints", gpx(String(repeating: #"<wpt lat="1" lon="1"/>"#, count: 100_000)), .read(places: 100_000)),
        Input("a root gpx in another namespace", #"<gpx xmlns="urn:x"><wpt lat="1" lon="1"/></gpx>"#, .error("not to GPX")),
    ]

    static let kmlInputs: [Input] = xml(kml, #"<Placemark><name>Name</name><Point><coordinates>1,"1"</coordinates></Point></Placemark>"#
        .replacingOccurrences(of: "1,\"1\"", with: "1,1") + #"<Placemark a="1"/>"#, root: "kml") + [
        Input("coordinates with one number", kml("<Placemark><Point><coordinates>1</coordinates></Point></Placemark>"), .read(places: 0, skipped: 1)),
        Input("coordinates with an empty latitude", kml("<Placemark><Point><coordinates>1,,2</coordinates></Point></Placemark>"), .read(places: 0, skipped: 1)),
        Input("coordinates in the wrong order, off the globe", kml("<Placemark><Point><coordinates>48,200</coordinates></Point></Placemark>"), .read(places: 0, skipped: 1)),
        Input("a ring of two positions", kml("<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>1,1 2,2</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>"), .read(places: 0, skipped: 1)),
        Input("an empty MultiGeometry", kml("<Placemark><MultiGeometry/></Placemark>"), .read(places: 0, skipped: 1)),
        Input("a line of 200,000 positions", kml("<Placemark><LineString><coordinates>" + String(repeating: "1.5,2.5 ", count: 200_000) + "</coordinates></LineString></Placemark>"), .read(places: 0, shapes: 1)),
        Input("folders 200 deep", kml(String(repeating: "<Folder><name>F</name>", count: 200) + "<Placemark><Point><coordinates>1,1</coordinates></Point></Placemark>" + String(repeating: "</Folder>", count: 200)), .anything),
        Input("a script in the description", kml("<Placemark><description><![CDATA[<script>alert(1)</script>Hi]]></description><Point><coordinates>1,1</coordinates></Point></Placemark>"), .read(places: 1)),
        Input("extended data without names", kml("<Placemark><ExtendedData><Data><value>v</value></Data></ExtendedData><Point><coordinates>1,1</coordinates></Point></Placemark>"), .read(places: 1)),
        Input("a track with garbage coordinates", kml(#"<Placemark><gx:Track xmlns:gx="http://www.google.com/kml/ext/2.2"><gx:coord>a b c</gx:coord></gx:Track></Placemark>"#), .read(places: 0, skipped: 1)),
    ]

    static let csvInputs: [Input] = {
        let header = "name,lat,lon\n"
        return [
            Input("empty", "", .error("the file is empty")),
            Input("only a byte order mark", [0xEF, 0xBB, 0xBF], .error("the file is empty")),
            Input("only a header", header, .read(places: 0)),
            Input("a header without coordinates", "name,city\nA,B\n", .error("names no latitude and longitude")),
            Input("no delimiter at all", "hello\nworld\n", .error("not GeoJSON, GPX, KML, KMZ or a table")),
            Input("a quote never closed", header + "\"A,1,2\n", .error("never closed")),
            Input("ragged rows", header + "A,1\nB,1,2,3,4\nC\n", .read(places: 1, skipped: 2)),
            Input("quoted line breaks", header + "\"A\nB\nC\",1,2\n", .read(places: 1)),
            Input("text after a closing quote", header + "\"A\"x,1,2\n", .read(places: 1)),
            Input("a 10 MB field", header + "\"" + String(repeating: "x", count: 10_000_000) + "\",1,2\n", .read(places: 1)),
            Input("a 10 MB line without a line break", String(repeating: "x", count: 10_000_000), .error("not GeoJSON, GPX, KML, KMZ or a table")),
            Input("20,000 columns", (0..<20_000).map { "c\($0)" }.joined(separator: ",") + ",lat,lon\n" + String(repeating: "v,", count: 20_000) + "1,2\n", .read(places: 1)),
            Input("invalid UTF-8 in a name", Array(header.utf8) + [0xC3, 0x28] + Array(",1,2\n".utf8), .read(places: 0, skipped: 1)),
            Input("invalid UTF-8 in the header", [0xFF] + Array(header.dropFirst().utf8) + Array("A,1,2\n".utf8), .error("not UTF-8")),
            Input("Latin-1 text", Array(header.utf8) + [0x43, 0x61, 0x66, 0xE9] + Array(",1,2\n".utf8), .read(places: 0, skipped: 1)),
            Input("UTF-16", [0xFF, 0xFE] + Array(header.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, .error("UTF-16")),
            Input("NaN and infinity", header + "A,nan,1\nB,inf,1\nC,1e400,1\n", .read(places: 0, skipped: 3)),
            Input("bad numbers", header + "A,--5,1\nB,1.2.3,1\nC,0x10,1\nD, ,1\n", .read(places: 0, skipped: 4)),
            Input("decimal commas with semicolons", "name;lat;lon\nA;48,2;16,3\n", .read(places: 1)),
            Input("decimal commas with tabs", "name\tlat\tlon\nA\t48,2\t16,3\n", .read(places: 1)),
            Input("old Mac line ends", "name,lat,lon\rA,1,2\rB,3,4\r", .read(places: 2)),
            Input("mixed line ends", "name,lat,lon\r\nA,1,2\nB,3,4\rC,5,6", .read(places: 3)),
            Input("a million empty lines", header + String(repeating: "\n", count: 1_000_000) + "A,1,2\n", .read(places: 1)),
            Input("200,000 rows", header + String(repeating: "A,1.5,2.5\n", count: 200_000), .read(places: 200_000)),
            Input("duplicate column names", "lat,lat,lon,lon\n1,2,3,4\n", .read(places: 1)),
            Input("a WKT that is not WKT", "WKT,name\nhello,A\n", .read(places: 0, skipped: 1)),
            Input("a WKT nested wrongly", "WKT,name\n\"POLYGON (1 2, 3 4)\",A\n\"LINESTRING ((1 2))\",B\n\"POINT (1)\",C\n", .read(places: 0, skipped: 3)),
            Input("a WKT nested 1000 deep", "WKT,name\n\"MULTIPOLYGON " + String(repeating: "(", count: 1000) + "\",A\n", .read(places: 0, skipped: 1)),
            Input("a WKT off the globe", "WKT,name\n\"POINT (200 1)\",A\n", .read(places: 0, skipped: 1)),
            Input("an empty WKT", "WKT,name\nPOINT EMPTY,A\n,B\n", .read(places: 0, skipped: 2)),
            Input("a formula injection as a name", header + "=HYPERLINK(\"http://x\"),1,2\n", .read(places: 1)),
            Input("random bytes", (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 11) }, .anything),
        ]
    }()

    static func check(_ input: Input) {
        if let file = input.secretFile {
            #expect(FileManager.default.createFile(atPath: file.path, contents: Data(secret.utf8)), "\(input.name): \(file.path) not written")
        }
        defer { if let file = input.secretFile { try? FileManager.default.removeItem(at: file) } }
        let result: ImportResult
        do {
            result = try PlaceFileReader(source: "hostile").read(input.bytes)
        } catch {
            #expect(!error.description.isEmpty, "\(input.name)")
            #expect(!error.description.contains("Error Domain") && !error.description.contains("Code="), "\(input.name): \(error)")
            switch input.expectation {
            case .error(let expected): #expect(error.description.contains(expected), "\(input.name): \(error)")
            case .anything: break
            case .read: Issue.record("\(input.name): expected a read, got \(error)")
            }
            return
        }
        switch input.expectation {
        case .error(let expected): Issue.record("\(input.name): expected an error containing “\(expected)”, read \(result.summary)")
        case .read(let places, let shapes, let skipped):
            #expect(result.places.count == places, "\(input.name): \(result.summary) \(result.reasons.prefix(3))")
            #expect(result.shapes.count == shapes, "\(input.name): \(result.summary)")
            #expect(result.skippedFeatures == skipped, "\(input.name): \(result.summary) \(result.reasons.prefix(3))")
        case .anything: break
        }
        let placesOnTheGlobe = result.places.allSatisfy { $0.coordinate.isValid }
        let shapesOnTheGlobe = result.shapes.allSatisfy { $0.parts.allSatisfy { $0.allSatisfy { $0.isValid } } }
        let readAnotherFile = result.places.contains { $0.name.contains(secret) || $0.summary.contains(secret) }
        #expect(placesOnTheGlobe && shapesOnTheGlobe, "\(input.name)")
        #expect(!readAnotherFile, "\(input.name): a file read another file")
    }

    @Test("the corpora are large enough to mean something")
    func corpusSizes() {
        #expect(Self.gpxInputs.count >= 30)
        #expect(Self.kmlInputs.count >= 30)
        #expect(Self.csvInputs.count >= 30)
        for corpus in [Self.gpxInputs, Self.kmlInputs, Self.csvInputs] {
            #expect(Set(corpus.map(\.name)).count == corpus.count)
        }
    }

    @Test("hostile GPX", arguments: gpxInputs)
    func hostileGPX(_ input: Input) { Self.check(input) }

    @Test("hostile KML", arguments: kmlInputs)
    func hostileKML(_ input: Input) { Self.check(input) }

    @Test("hostile CSV", arguments: csvInputs)
    func hostileCSV(_ input: Input) { Self.check(input) }
}

/// KMZ archives built by Python's `zipfile`, damaged in every way a download or a tool can damage one.
@Suite("Hostile KMZ archives", .timeLimit(.minutes(5)))
struct HostileKMZTests {
    /// Writes the archives into `folder` and returns their names with what reading each must give.
    private static func makeArchives(in folder: TemporaryDirectory) throws -> [(String, HostileFormatTests.Input.Expectation)] {
        let script = #"""
        import io, os, sys, zipfile, zlib, random
        os.chdir(sys.argv[1])
        kml = ('<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>'
               + '<Placemark><name>P</name><Point><coordinates>16.37,48.21</coordinates></Point></Placemark>' * 50
               + '</Document></kml>').encode()
        def archive(name, entries, compression=zipfile.ZIP_DEFLATED, comment=b''):
            with zipfile.ZipFile(name, 'w', compression) as z:
                z.comment = comment
                for path, data in entries:
                    z.writestr(path, data)
        archive('good.kmz', [('doc.kml', kml), ('files/icon.png', b'\x89PNG' + bytes(100))])
        good = open('good.kmz', 'rb').read()
        for percent in (5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99):
            open(f'truncated-{percent}.kmz', 'wb').write(good[:len(good) * percent // 100])
        data = bytearray(good); data[60] ^= 0xFF; open('flipped-data.kmz', 'wb').write(data)
        data = bytearray(good); data[-30] ^= 0xFF; open('flipped-directory.kmz', 'wb').write(data)
        archive('no-kml.kmz', [('readme.txt', b'hello')])
        archive('xxe.kmz', [('doc.kml', b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><kml><Placemark><name>&x;</name></Placemark></kml>')])
        archive('binary-doc.kmz', [('doc.kml', bytes(random.Random(1).getrandbits(8) for _ in range(4096)))])
        archive('gpx-inside.kmz', [('doc.kml', b'<gpx xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="2"/></gpx>')])
        archive('empty-doc.kmz', [('doc.kml', b'')])
        archive('one-broken.kmz', [('doc.kml', kml), ('layers/b.kml', b'<kml><Placemark>')])
        archive('many-entries.kmz', [(f'files/{i}.txt', b'x') for i in range(5000)] + [('doc.kml', kml)])
        archive('nested-kmz.kmz', [('inner.kmz', good)])
        archive('path-traversal.kmz', [('../../etc/doc.kml', kml)])
        archive('stored.kmz', [('doc.kml', kml)], compression=zipfile.ZIP_STORED)
        with zipfile.ZipFile('directories-only.kmz', 'w') as z:
            z.writestr(zipfile.ZipInfo('a/'), b''); z.writestr(zipfile.ZipInfo('a/b/'), b'')
        archive('upper-case.kmz', [('DOC.KML', kml)])
        archive('long-comment.kmz', [('doc.kml', kml)], comment=b'c' * 65000)
        with zipfile.ZipFile('zip64.kmz', 'w', zipfile.ZIP_DEFLATED) as z:
            with z.open('doc.kml', 'w', force_zip64=True) as f: f.write(kml)
        archive('lzma.kmz', [('doc.kml', kml)], compression=zipfile.ZIP_LZMA)
        archive('bzip2.kmz', [('doc.kml', kml)], compression=zipfile.ZIP_BZIP2)
        data = bytearray(good); start = 30 + len('doc.kml')
        data[start:start + 40] = bytes(random.Random(2).getrandbits(8) for _ in range(40)); open('garbage-deflate.kmz', 'wb').write(data)
        open('empty-zip.kmz', 'wb').write(b'PK\x05\x06' + bytes(18))
        open('only-signature.kmz', 'wb').write(b'PK\x03\x04')
        archive('second-kml-only.kmz', [('maps/trip.kml', kml)])
        archive('latin1-name.kmz', [('caf\xe9.kml', kml)])
        # As zip -e writes one: bit 0 of every entry's flags, in its local and its central header.
        data = bytearray(good)
        for signature, offset in ((b'PK\x03\x04', 6), (b'PK\x01\x02', 8)):
            at = data.find(signature)
            while at >= 0:
                data[at + offset] |= 1
                at = data.find(signature, at + 4)
        open('encrypted.kmz', 'wb').write(data)
        """#
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", script, folder.url.path]
        try python.run()
        python.waitUntilExit()
        try #require(python.terminationStatus == 0, "python3 could not write the archives")
        let unpack = "not a KMZ archive Places can open"
        return [("good.kmz", .read(places: 50))]
            + [5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99].map { ("truncated-\($0).kmz", .anything) }
            + [
                ("flipped-data.kmz", .error(unpack)), ("flipped-directory.kmz", .anything),
                ("no-kml.kmz", .error("holds no KML document")), ("xxe.kmz", .error("it declares a document type")),
                ("binary-doc.kmz", .error("not valid XML")), ("gpx-inside.kmz", .error("not KML")),
                ("empty-doc.kmz", .error("the file is empty")), ("one-broken.kmz", .error("not valid XML")),
                ("many-entries.kmz", .read(places: 50)), ("nested-kmz.kmz", .error("holds no KML document")),
                ("path-traversal.kmz", .read(places: 50)), ("stored.kmz", .read(places: 50)),
                ("directories-only.kmz", .error("holds no KML document")), ("upper-case.kmz", .read(places: 50)),
                ("long-comment.kmz", .read(places: 50)), ("zip64.kmz", .read(places: 50)),
                ("lzma.kmz", .error(unpack)), ("bzip2.kmz", .error(unpack)), ("garbage-deflate.kmz", .error(unpack)),
                ("empty-zip.kmz", .anything), ("only-signature.kmz", .error(unpack)),
                ("second-kml-only.kmz", .read(places: 50)), ("latin1-name.kmz", .read(places: 50)),
                ("encrypted.kmz", .error("it is protected by a password")),
            ]
    }

    @Test("damaged, tricky and foreign KMZ archives: at least 30, each a clear error or a read")
    func archives() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let archives = try Self.makeArchives(in: folder)
        #expect(archives.count >= 30)
        for (name, expectation) in archives {
            let bytes = Array(try Data(contentsOf: folder.file(name)))
            HostileFormatTests.check(HostileFormatTests.Input(name, bytes, expectation))
        }
    }
}

import PlacesCore
import Testing
import TestingSupport

/// One malformed or hostile input and what reading it must give.
struct HostileInput: Sendable, CustomTestStringConvertible {
    enum Expectation: Sendable {
        /// `ImportError.invalidJSON`.
        case invalidJSON
        /// `ImportError.notGeoJSON`.
        case notGeoJSON
        /// Read, with these counts; `reason` must appear in the first reason given.
        case read(places: Int, shapes: Int = 0, skipped: Int = 0, geometries: Int = 0, reason: String? = nil)
    }

    var name: String
    var bytes: [UInt8]
    var expectation: Expectation
    var testDescription: String { name }
}

/// Builders for the corpus.
private enum Corpus {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func point(_ coordinates: String) -> String { #"{"type":"Point","coordinates":\#(coordinates)}"# }
    static func feature(geometry: String = point("[2.35,48.85]"), properties: String = #"{"name":"X"}"#) -> String {
        #"{"type":"Feature","geometry":\#(geometry),"properties":\#(properties)}"#
    }
    static func collection(_ features: String...) -> String {
        #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }
    static func bytes(_ head: String, _ raw: [UInt8], _ tail: String = "") -> [UInt8] {
        Array(head.utf8) + raw + Array(tail.utf8)
    }

    static func invalid(_ name: String, _ text: String) -> HostileInput {
        HostileInput(name: name, bytes: Array(text.utf8), expectation: .invalidJSON)
    }
    static func invalid(bytes: [UInt8], _ name: String) -> HostileInput {
        HostileInput(name: name, bytes: bytes, expectation: .invalidJSON)
    }
    static func notGeoJSON(_ name: String, _ text: String) -> HostileInput {
        HostileInput(name: name, bytes: Array(text.utf8), expectation: .notGeoJSON)
    }
    static func skipped(_ name: String, _ text: String, reason: String) -> HostileInput {
        HostileInput(name: name, bytes: Array(text.utf8), expectation: .read(places: 0, skipped: 1, reason: reason))
    }
    static func read(
        _ name: String, _ text: String, places: Int, shapes: Int = 0, skipped: Int = 0, geometries: Int = 0, reason: String? = nil
    ) -> HostileInput {
        HostileInput(name: name, bytes: Array(text.utf8),
                     expectation: .read(places: places, shapes: shapes, skipped: skipped, geometries: geometries, reason: reason))
    }

    static let all: [HostileInput] = {
        let good = feature()
        let valid = collection(good)
        let tenMegabytes = [UInt8](repeating: UInt8(ascii: "a"), count: 10_000_000)
        return [
            // Empty and truncated texts.
            invalid("an empty file", ""),
            invalid("whitespace only", " \n\t\r\n "),
            invalid(bytes: bom, "a byte order mark and nothing else"),
            HostileInput(name: "a byte order mark before a FeatureCollection", bytes: bom + Array(valid.utf8), expectation: .read(places: 1)),
            invalid("truncated after the opening brace", "{"),
            invalid("truncated inside the type", #"{"type":"Feat"#),
            invalid("truncated inside the features", String(valid.dropLast(5))),
            invalid("truncated inside a coordinate", #"{"type":"Point","coordinates":[2.35"#),
            invalid("truncated inside an escape", #"{"type":"Feature","properties":{"name":"\u00"#),
            invalid(bytes: bytes(#"{"type":"Feature","properties":{"name":"Z"#, [0xC3]), "truncated in the middle of a UTF-8 character"),

            // Wrong types everywhere.
            skipped("a geometry that is a string", feature(geometry: #""Point""#), reason: #"feature 1: the geometry has no "type""#),
            skipped("a geometry that is an array", feature(geometry: "[2,48]"), reason: #"the geometry has no "type""#),
            skipped("a geometry that is a number", feature(geometry: "7"), reason: #"the geometry has no "type""#),
            skipped("a geometry type that is a number", feature(geometry: #"{"type":5,"coordinates":[1,2]}"#), reason: #"no "type""#),
            skipped("coordinates that are an object", feature(geometry: point(#"{"lon":2,"lat":48}"#)), reason: "coordinates are an object, not an array"),
            skipped("coordinates that are a string", feature(geometry: point(#""2,48""#)), reason: "coordinates are a string, not an array"),
            skipped("coordinates that are null", feature(geometry: point("null")), reason: "coordinates are null, not an array"),
            notGeoJSON("features that are an object", #"{"type":"FeatureCollection","features":{}}"#),
            notGeoJSON("features that are a string", #"{"type":"FeatureCollection","features":"[]"}"#),
            notGeoJSON("features that are missing", #"{"type":"FeatureCollection"}"#),
            skipped("properties that are an array", feature(properties: "[1,2]"), reason: #""properties" is an array, not an object"#),
            skipped("properties that are a string", feature(properties: #""name""#), reason: #""properties" is a string, not an object"#),
            skipped("properties that are a number", feature(properties: "0"), reason: #""properties" is a number"#),
            skipped("a feature that is a number", collection("1"), reason: "feature 1: is a number, not an object"),
            skipped("a feature that is null", collection("null"), reason: "feature 1: is null, not an object"),
            skipped("a feature without a type", collection(#"{"geometry":\#(point("[1,2]"))}"#), reason: #""type" is not "Feature""#),
            skipped("a geometry where a feature should be", collection(point("[1,2]")), reason: #""type" is not "Feature""#),

            // Numbers JSON does not have, and numbers out of range.
            invalid("a NaN literal", feature(geometry: point("[NaN,1]"))),
            invalid("an Infinity literal", feature(geometry: point("[Infinity,1]"))),
            invalid("a -Infinity literal", feature(geometry: point("[-Infinity,1]"))),
            invalid("a NaN in a property", feature(properties: #"{"x":NaN}"#)),
            invalid("a hexadecimal number", feature(geometry: point("[0x10,1]"))),
            invalid("a number with a plus sign", feature(geometry: point("[+1,1]"))),
            skipped("longitude 1e999", feature(geometry: point("[1e999,1]")), reason: "longitude inf is out of range"),
            skipped("latitude -1e999", feature(geometry: point("[1,-1e999]")), reason: "latitude -inf is out of range"),
            skipped("longitude 1e308", feature(geometry: point("[1e308,0]")), reason: "is out of range (-180...180)"),
            skipped("latitude 91", feature(geometry: point("[2,91]")), reason: "feature 1: latitude 91.0 is out of range (-90...90)"),
            skipped("latitude -90.000001", feature(geometry: point("[2,-90.000001]")), reason: "latitude -90.000001 is out of range"),
            skipped("longitude -181", feature(geometry: point("[-181,2]")), reason: "longitude -181.0 is out of range (-180...180)"),
            skipped("longitude 180.5", feature(geometry: point("[180.5,2]")), reason: "longitude 180.5 is out of range"),
            read("the corners of the world", collection(feature(geometry: point("[180,90]")), feature(geometry: point("[-180,-90]"))), places: 2),
            read("negative zeros", feature(geometry: point("[-0.0,-0]")), places: 1),
            read("a position with an altitude", feature(geometry: point("[2,48,35]")), places: 1),

            // Positions that are not positions.
            skipped("missing coordinates", feature(geometry: #"{"type":"Point"}"#), reason: "feature 1: no coordinates"),
            skipped("a one-element position", feature(geometry: point("[2]")), reason: "a position needs longitude and latitude, found 1 value"),
            skipped("an empty position", feature(geometry: point("[]")), reason: "found 0 values"),
            skipped("a position of strings", feature(geometry: point(#"["2","48"]"#)), reason: "longitude is a string, not a number"),
            skipped("a position of booleans", feature(geometry: point("[true,false]")), reason: "longitude is a boolean, not a number"),
            skipped("a null latitude", feature(geometry: point("[2,null]")), reason: "latitude is null, not a number"),
            skipped("a position inside a position", feature(geometry: point("[[2,48]]")), reason: "found 1 value"),
            skipped("coordinates nested 100 deep", feature(geometry: point(String(repeating: "[", count: 100) + String(repeating: "]", count: 100))),
                    reason: "found 1 value"),

            // Nesting meant to exhaust the stack.
            invalid("10,000 nested arrays", String(repeating: "[", count: 10_000)),
            invalid("10,000 nested arrays, closed", String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)),
            invalid("10,000 nested objects", String(repeating: #"{"a":"#, count: 10_000)),
            invalid("coordinates nested 600 deep", feature(geometry: point(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)))),

            // Bytes that are not text.
            invalid(bytes: bytes(#"{"type":"Feature","properties":{"name":""#, [0xFF], #""}}"#), "an invalid UTF-8 byte inside a name"),
            invalid(bytes: bytes(#"{"type":"Feature","properties":{"name":"\n"#, [0xE6, 0x9D], #""}}"#), "a cut UTF-8 sequence after an escape"),
            invalid(bytes: bytes(#"{"type":"Feature","properties":{"name":""#, [0xC0, 0xAF], #""}}"#), "an overlong UTF-8 sequence"),
            invalid(bytes: bytes(#"{"type":"Feature","properties":{""#, [0xED, 0xA0, 0x80], #"":1}}"#), "a UTF-8-encoded surrogate in a key"),
            invalid(bytes: bytes(#"{"type":"Feature","properties":{"name":"a"#, [0x00], #"b"}}"#), "a NUL byte inside a string"),
            invalid(bytes: bytes(#"{"type":"Feature"#, [0x00], #""}"#), "a NUL byte inside the type"),
            invalid(bytes: bytes("[", [0x00], "]"), "a NUL byte between values"),
            invalid(bytes: [0xFF, 0xFE] + Array("{}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), "UTF-16 text with its byte order mark"),
            HostileInput(name: "a byte order mark before a bare Point", bytes: bom + Array(point("[1,2]").utf8), expectation: .read(places: 1)),

            // Sizes.
            HostileInput(
                name: "a 10 MB string value",
                bytes: bytes(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"name":""#, tenMegabytes, #""}}"#),
                expectation: .read(places: 1)
            ),
            HostileInput(name: "a 10 MB string as the whole document", bytes: bytes("\"", tenMegabytes, "\""), expectation: .notGeoJSON),

            // Geometries that are not places, or not geometries.
            skipped("an unknown geometry type", feature(geometry: #"{"type":"Circle","coordinates":[1,2]}"#), reason: #"unknown geometry type "Circle""#),
            skipped("a null geometry", feature(geometry: "null"), reason: "feature 1: no geometry"),
            skipped("a missing geometry", #"{"type":"Feature","properties":{"name":"X"}}"#, reason: "no geometry"),
            read("a Feature without properties", #"{"type":"Feature","geometry":\#(point("[1,2]"))}"#, places: 1),
            read("a Feature with null properties", feature(properties: "null"), places: 1),
            read("a MultiPoint with one bad point keeps the others",
                 feature(geometry: #"{"type":"MultiPoint","coordinates":[[1,2],[1,91],[3,4]]}"#),
                 places: 2, skipped: 1, reason: "feature 1, point 2: latitude 91.0 is out of range"),
            skipped("MultiPoint coordinates that are not an array", feature(geometry: #"{"type":"MultiPoint","coordinates":{"a":1}}"#),
                    reason: #"MultiPoint "coordinates" is not an array"#),
            read("an empty MultiPoint", feature(geometry: #"{"type":"MultiPoint","coordinates":[]}"#), places: 0),
            read("a LineString is a line", feature(geometry: #"{"type":"LineString","coordinates":[[1,2],[3,4]]}"#), places: 0, shapes: 1),
            read("a Polygon is an area", feature(geometry: #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}"#), places: 0, shapes: 1),
            read("Multi lines and areas are shapes", collection(
                feature(geometry: #"{"type":"MultiLineString","coordinates":[[[1,2],[3,4]],[[5,6],[7,8],[9,10]]]}"#),
                feature(geometry: #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6]]]]}"#),
                good
            ), places: 1, shapes: 2),
            read("empty and malformed lines and areas are skipped, a geometry collection ignored", collection(
                feature(geometry: #"{"type":"MultiLineString","coordinates":[]}"#),
                feature(geometry: #"{"type":"MultiPolygon","coordinates":"not even an array"}"#),
                feature(geometry: #"{"type":"GeometryCollection","geometries":[]}"#),
                good
            ), places: 1, skipped: 2, geometries: 1, reason: "feature 1: it has no positions"),
            skipped("a line of one position", feature(geometry: #"{"type":"LineString","coordinates":[[1,2]]}"#),
                    reason: "a line needs 2 positions or more, found 1"),
            skipped("a ring of two positions", feature(geometry: #"{"type":"Polygon","coordinates":[[[1,2],[3,4]]]}"#),
                    reason: "part 1, a line needs 3 positions or more, found 2"),
            skipped("a line through a position off the globe", feature(geometry: #"{"type":"LineString","coordinates":[[1,2],[3,95]]}"#),
                    reason: "position 2: latitude 95.0 is out of range"),
            skipped("a line nested one level too deep", feature(geometry: #"{"type":"LineString","coordinates":[[[1,2],[3,4]]]}"#),
                    reason: "position 1: longitude is an array, not a number"),
            skipped("a polygon nested one level too shallow", feature(geometry: #"{"type":"Polygon","coordinates":[[1,2],[3,4],[5,6]]}"#),
                    reason: "part 1, position 1: coordinates are a number, not an array"),
            skipped("a line whose positions are strings", feature(geometry: #"{"type":"LineString","coordinates":["1,2","3,4"]}"#),
                    reason: "position 1: coordinates are a string, not an array"),
            read("a bare Point geometry", point("[2.35,48.85]"), places: 1),
            read("a bare MultiPoint geometry", #"{"type":"MultiPoint","coordinates":[[1,2],[3,4]]}"#, places: 2),
            read("a bare Polygon geometry", #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1]]]}"#, places: 0, shapes: 1),
            skipped("a bare Polygon geometry without rings", #"{"type":"Polygon","coordinates":[]}"#, reason: "it has no positions"),
            skipped("a bare Point without coordinates", #"{"type":"Point"}"#, reason: "no coordinates"),

            // Documents that are not GeoJSON objects.
            notGeoJSON("a top-level array", "[]"),
            notGeoJSON("a top-level array of features", "[\(good)]"),
            notGeoJSON("a top-level string", #""FeatureCollection""#),
            notGeoJSON("a top-level number", "1"),
            notGeoJSON("a top-level null", "null"),
            notGeoJSON("a top-level true", "true"),
            notGeoJSON("an object without a type", "{}"),
            notGeoJSON("a type that is not a string", #"{"type":1}"#),
            notGeoJSON("an unknown top-level type", #"{"type":"Topology","objects":{}}"#),
            notGeoJSON("a type in the wrong case", #"{"type":"featurecollection","features":[]}"#),

            // Syntax JSON does not allow.
            invalid("a trailing comma in the features", #"{"type":"FeatureCollection","features":[\#(good),]}"#),
            invalid("a comment before the document", "// places\n" + valid),
            invalid("single-quoted strings", "{'type':'FeatureCollection','features':[]}"),
            invalid("a raw newline inside a name", feature(properties: "{\"name\":\"a\nb\"}")),
            invalid("an unpaired surrogate escape in a name", feature(properties: #"{"name":"\ud800"}"#)),
            invalid("text after the document", valid + " garbage"),
            invalid("two documents", valid + valid),
            invalid("an unquoted key", #"{type:"Point","coordinates":[1,2]}"#),

            // Odd but valid.
            read("an empty FeatureCollection", collection(), places: 0),
            read("duplicate keys keep the last value", #"{"type":"Feature","geometry":null,"geometry":\#(point("[1,2]"))}"#, places: 1),
            read("feature ids of every kind", collection(
                #"{"type":"Feature","id":"a","geometry":\#(point("[1,2]"))}"#,
                #"{"type":"Feature","id":7,"geometry":\#(point("[1,2]"))}"#,
                #"{"type":"Feature","id":7.5,"geometry":\#(point("[1,2]"))}"#,
                #"{"type":"Feature","id":{"x":1},"geometry":\#(point("[1,2]"))}"#,
                #"{"type":"Feature","id":null,"geometry":\#(point("[1,2]"))}"#
            ), places: 5),
            read("eight bad features keep five reasons", collection(
                feature(geometry: point("[0,91]")), feature(geometry: point("[0,92]")), feature(geometry: point("[0,93]")),
                feature(geometry: point("[0,94]")), feature(geometry: point("[0,95]")), feature(geometry: point("[0,96]")),
                feature(geometry: point("[0,97]")), feature(geometry: point("[0,98]")), good
            ), places: 1, skipped: 8, reason: "feature 1: latitude 91.0"),
        ]
    }()
}

/// Malformed and hostile GeoJSON: each input gives an error or a report of what was skipped, never a crash.
@Suite("GeoJSON reader on hostile input")
struct GeoJSONHostileInputTests {
    @Test("the corpus is large enough to mean something")
    func corpusSize() {
        #expect(Corpus.all.count >= 50)
        #expect(Set(Corpus.all.map(\.name)).count == Corpus.all.count)
    }

    @Test("each hostile input gives an error or a report, never a crash", arguments: Corpus.all)
    func hostileInput(_ input: HostileInput) {
        let result: ImportResult
        do throws(ImportError) {
            result = try GeoJSONReader(source: "hostile").read(input.bytes)
        } catch {
            switch (input.expectation, error) {
            case (.invalidJSON, .invalidJSON), (.notGeoJSON, .notGeoJSON):
                #expect(!error.description.isEmpty)
            default:
                Issue.record("\(input.name): unexpected error \(error)")
            }
            return
        }
        guard case .read(let places, let shapes, let skipped, let geometries, let reason) = input.expectation else {
            Issue.record("\(input.name): expected an error, read \(result.summary)")
            return
        }
        #expect(result.places.count == places)
        #expect(result.shapes.count == shapes)
        #expect(result.skippedFeatures == skipped)
        #expect(result.skippedGeometries == geometries)
        #expect(result.reasons.count == min(skipped, ImportResult.maximumReasons))
        if let reason {
            #expect(result.reasons.first?.contains(reason) == true, "reasons: \(result.reasons)")
        }
        for place in result.places {
            #expect(place.coordinate.isValid)
            #expect(!place.name.isEmpty)
            #expect(place.source == "hostile")
        }
        for shape in result.shapes {
            #expect(shape.parts.allSatisfy { $0.count >= (shape.kind == .line ? 2 : 3) && $0.allSatisfy(\.isValid) })
        }
    }

    @Test("every proper prefix of a valid document is rejected as invalid JSON")
    func everyPrefixIsRejected() throws {
        let document = Array(Corpus.collection(
            Corpus.feature(properties: #"{"name":"Zürich \"HB\"","n":-1.5e2,"ok":true,"none":null}"#),
            Corpus.feature(geometry: #"{"type":"MultiPoint","coordinates":[[1,2],[3,4]]}"#)
        ).utf8)
        #expect(try GeoJSONReader(source: "s").read(document).places.count == 3)
        for length in 0..<document.count {
            do throws(ImportError) {
                _ = try GeoJSONReader(source: "s").read(Array(document[..<length]))
                Issue.record("a prefix of \(length) bytes was accepted")
            } catch {
                guard case .invalidJSON = error else {
                    Issue.record("a prefix of \(length) bytes gave \(error)")
                    continue
                }
            }
        }
    }

    @Test("random damage to a valid document never crashes and never yields an invalid place")
    func randomDamage() {
        let document = Array(Corpus.collection(
            Corpus.feature(properties: #"{"name":"Zürich","category":"city","population":400000}"#),
            Corpus.feature(geometry: #"{"type":"MultiPoint","coordinates":[[-180,-90],[180,90]]}"#),
            Corpus.feature(geometry: #"{"type":"LineString","coordinates":[[1,2],[3,4]]}"#)
        ).utf8)
        let alphabet = Array(#"{}[]:,"\-+.0123456789eEtruefalsn "#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xFF]
        var random = SplitMix64(seed: 0x9E0_5EED)
        var outcomes = (read: 0, failed: 0)
        for _ in 0..<3000 {
            var bytes = document
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = alphabet.randomElement(using: &random)!
                case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: index)
                default: if bytes.count > 1 { bytes.remove(at: index) }
                }
            }
            do {
                let result = try GeoJSONReader(source: "fuzz").read(bytes)
                outcomes.read += 1
                #expect(result.places.allSatisfy { $0.coordinate.isValid })
                #expect(result.reasons.count <= ImportResult.maximumReasons)
            } catch {
                outcomes.failed += 1
            }
        }
        #expect(outcomes.read > 0)
        #expect(outcomes.failed > 0)
    }
}

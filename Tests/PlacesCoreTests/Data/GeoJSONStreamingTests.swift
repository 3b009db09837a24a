import Foundation
import PlacesCore
import Testing
import TestingSupport

/// The GeoJSON reader reads one feature at a time: members in any order, places handed over as they
/// are read, and a check that counts what an import would make.
@Suite("GeoJSON streaming")
struct GeoJSONStreamingTests {
    private let point = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"name":"Paris"}}"#

    private func read(_ text: String) throws(ImportError) -> ImportResult {
        try GeoJSONReader(source: "s").read(Array(text.utf8))
    }

    @Test("a FeatureCollection whose type comes after its features reads the same")
    func typeAfterFeatures() throws {
        let result = try read(#"{"features":[\#(point),\#(point)],"type":"FeatureCollection"}"#)
        #expect(result.places.map(\.name) == ["Paris", "Paris"])
    }

    @Test("members of a feature and of its geometry in any order read the same")
    func memberOrder() throws {
        let shuffled = #"{"properties":{"name":"Paris"},"geometry":{"coordinates":[2.35,48.85],"type":"Point"},"id":"p","type":"Feature"}"#
        let result = try read(#"{"type":"FeatureCollection","features":[\#(shuffled)]}"#)
        #expect(result.places.map(\.id) == ["s/p"])
        #expect(result.places.first?.coordinate == Coordinate(latitude: 48.85, longitude: 2.35))
    }

    @Test("a MultiPoint read a position at a time (its type first) makes the places, ids, counts and reasons it made read whole",
          arguments: [false, true])
    func multiPointInEitherOrder(typeFirst: Bool) throws {
        var positions = (1...300).map { "[\($0 % 180),\($0 % 80)]" }
        for bad in [2, 150, 299] { positions[bad - 1] = "[1,\(90 + bad)]" }
        let coordinates = #""coordinates":[\#(positions.joined(separator: ","))]"#
        let geometry = typeFirst ? #"{"type":"MultiPoint",\#(coordinates)}"# : #"{\#(coordinates),"type":"MultiPoint"}"#
        let text = #"{"type":"Feature","id":"m","geometry":\#(geometry),"properties":{"name":"Stop"}}"#

        let result = try read(text)
        #expect(result.places.count == 297)
        #expect(result.places.prefix(3).map(\.id) == ["s/m#1", "s/m#3", "s/m#4"], "a skipped position keeps its number")
        #expect(result.places.last?.id == "s/m#300")
        #expect(result.places.allSatisfy { $0.name == "Stop" })
        #expect(result.skippedFeatures == 3)
        #expect(result.reasons.first == "feature 1, point 2: latitude 92.0 is out of range (-90...90)")
        let bytes = Array(text.utf8)
        let check = try bytes.withUnsafeBufferPointer { buffer throws(ImportError) in try PlaceFileReader(source: "s").check(buffer) }
        #expect(check.places == 297 && check.skippedFeatures == 3)
    }

    @Test("a features array belongs to a FeatureCollection only")
    func featuresOfAFeature() throws {
        #expect(throws: ImportError.notGeoJSON("a Feature has a \"features\" array, which only a FeatureCollection has")) {
            try read(#"{"features":[\#(point)],"type":"Feature","geometry":null}"#)
        }
        // Read before its type says otherwise, a features array is skipped as any unknown member.
        #expect(try read(#"{"type":"Feature","features":[1],"geometry":{"type":"Point","coordinates":[1,2]}}"#).places.count == 1)
    }

    @Test("unknown members, also huge or deeply nested ones, are checked and skipped")
    func unknownMembers() throws {
        let nested = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let text = #"{"type":"FeatureCollection","crs":{"x":\#(nested)},"bbox":[1,2,3,4],"features":[\#(point)],"extra":"\#(String(repeating: "x", count: 100_000))"}"#
        #expect(try read(text).places.count == 1)
        #expect(throws: ImportError.self) { try read(#"{"type":"FeatureCollection","crs":{"x":[1,]},"features":[]}"#) }
    }

    @Test("places are handed over in file order as they are read, and a check counts the same")
    func handedOverInOrder() throws {
        let text = Array(#"{"type":"FeatureCollection","features":[\#(point),{"type":"Feature","geometry":{"type":"Point","coordinates":[1,200]}},\#(point.replacingOccurrences(of: "Paris", with: "Lyon"))]}"#.utf8)
        let reader = GeoJSONReader(source: "s")
        var names: [String] = []

        let tally = try text.withUnsafeBufferPointer { buffer throws(ImportError) in try reader.read(buffer) { if case .place(let place, _) = $0 { names.append(place.name) } } }
        let checked = try text.withUnsafeBufferPointer { buffer throws(ImportError) in try reader.check(buffer) }

        #expect(names == ["Paris", "Lyon"])
        #expect(tally.places == 2 && tally.skippedFeatures == 1)
        #expect(checked.places == tally.places && checked.skippedFeatures == tally.skippedFeatures && checked.reasons == tally.reasons)
    }

    @Test("a check skips a placeless saved place for the same reason an import does")
    func checkSkipsPlaceless() throws {
        let text = Array(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[0,0]},"properties":{"Comment":"No location information is available for this saved place"}}]}"#.utf8)
        let reader = GeoJSONReader(source: "s")
        let checked = try text.withUnsafeBufferPointer { buffer throws(ImportError) in try reader.check(buffer) }
        #expect(checked.places == 0)
        #expect(checked.reasons == (try reader.read(text)).reasons)
        #expect(checked.reasons.first?.contains("it has no location") == true)
    }

    @Test("strings of random bytes are accepted exactly when they are UTF-8")
    func randomBytesInStrings() {
        var random = SplitMix64(seed: 0x5554_4638)
        var accepted = 0
        for _ in 0..<5_000 {
            // Bytes that need no escape in JSON (no quote, backslash or control character), often high.
            let bytes = (0..<random.below(12)).map { _ -> UInt8 in
                random.chance(0.6) ? UInt8(0x80 + random.below(0x80)) : UInt8(0x20 + random.below(0x5F))
            }.filter { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
            let valid = String(validating: bytes, as: UTF8.self)
            let parsed = try? JSONParser.parse([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])
            #expect(parsed == valid.map(JSONValue.string), "bytes \(bytes)")
            if valid != nil { accepted += 1 }
        }
        #expect(accepted > 500, "the sample holds valid UTF-8 too")
    }
}

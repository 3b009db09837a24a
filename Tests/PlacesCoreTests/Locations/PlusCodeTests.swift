import Foundation
@testable import PlacesCore
import Testing

/// Plus Codes against the reference implementation's published test vectors (Fixtures/open-location-code).
@Suite("Plus Codes")
struct PlusCodeTests {
    /// The non-comment lines of a vector file, split at commas.
    private static func rows(_ name: String) throws -> [[String]] {
        String(decoding: try SourceTree.fixture("open-location-code/\(name).csv"), as: UTF8.self)
            .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test("encoding: every vector from its grid units exactly, and from degrees but for float rounding")
    func encoding() throws {
        let rows = try Self.rows("encoding")
        #expect(rows.count > 300)
        var misses = 0
        for row in rows {
            let length = Int(row[4])!
            #expect(PlusCode.encode(latitudeUnits: Int(row[2])!, longitudeUnits: Int(row[3])!, length: length) == row[5], "\(row)")
            if PlusCode.encode(Coordinate(latitude: Double(row[0])!, longitude: Double(row[1])!), length: length) != row[5] { misses += 1 }
        }
        // The reference implementations allow 5% here: degrees like 80.01 have no exact binary value.
        #expect(Double(misses) / Double(rows.count) <= 0.05, "\(misses) of \(rows.count)")
    }

    @Test("decoding: every vector, to the published bounds")
    func decoding() throws {
        for row in try Self.rows("decoding") {
            let area = try #require(PlusCode.decode(row[0]), "\(row[0])")
            #expect(area.length == Int(row[1]), "\(row[0])")
            let expected = row[2...5].map { Double($0)! }
            for (value, bound) in zip([area.south, area.west, area.north, area.east], expected) {
                #expect(abs(value - bound) < 1e-10, "\(row[0]): \(value) vs \(bound)")
            }
        }
    }

    @Test("validity: valid, short and full as published")
    func validity() throws {
        for row in try Self.rows("validityTests") {
            #expect(PlusCode.isValid(row[0]) == (row[1] == "true"), "valid \(row[0])")
            #expect(PlusCode.isShort(row[0]) == (row[2] == "true"), "short \(row[0])")
            #expect(PlusCode.isFull(row[0]) == (row[3] == "true"), "full \(row[0])")
        }
    }

    @Test("short codes: recovered near a reference, and shortened")
    func shortCodes() throws {
        for row in try Self.rows("shortCodeTests") {
            let reference = Coordinate(latitude: Double(row[1])!, longitude: Double(row[2])!)
            if row[4] == "R" || row[4] == "B" {
                #expect(PlusCode.recoverNearest(row[3], to: reference) == row[0], "recover \(row[3]) near \(row[1]),\(row[2])")
            }
            if row[4] == "S" || row[4] == "B" {
                #expect(PlusCode.shorten(row[0], near: reference) == row[3], "shorten \(row[0]) near \(row[1]),\(row[2])")
            }
        }
    }
}

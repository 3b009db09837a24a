import Foundation
@testable import PlacesCore
import Testing
import TestingSupport

/// An import gives back the bytes of a file its reader has moved past (`FileBytes`), so each reader
/// keeps its promise never to read them again: wiped as the reader tells how far it has got, they
/// change nothing it reads, skips or reports, positions of errors included.
@Suite("Readers never read again what they have moved past")
struct ReadOnceTests {
    static let inputs: [(name: String, bytes: [UInt8])] = {
        let geoJSON = SyntheticGeoJSON.make(count: 20_000, seed: 3)
        let gpx = SyntheticFormats.gpx(count: 20_000, seed: 3)
        let kml = SyntheticFormats.kml(count: 20_000, seed: 3)
        let csv = SyntheticFormats.csv(count: 20_000, seed: 3)
        // Each broken near its end, after much has been read (and wiped).
        func broken(_ bytes: [UInt8], at fraction: Double, with garbage: String) -> [UInt8] {
            let cut = Int(Double(bytes.count) * fraction)
            return Array(bytes[..<cut]) + Array(garbage.utf8) + Array(bytes[cut...])
        }
        let skipped = Array(String(decoding: geoJSON, as: UTF8.self)
            .replacingOccurrences(of: #""coordinates":[1"#, with: #""coordinates":[999"#).utf8)
        return [
            ("GeoJSON", geoJSON), ("GPX", gpx), ("KML", kml), ("CSV", csv),
            ("GeoJSON with skipped features", skipped),
            ("GeoJSON broken late", broken(geoJSON, at: 0.9, with: "\n  ,,")),
            ("GPX broken late", broken(gpx, at: 0.9, with: "</gpx>")),
            ("KML broken late", broken(kml, at: 0.9, with: "<bad")),
            ("CSV with a quote left open late", broken(csv, at: 0.9, with: "\"")),
        ]
    }()

    @Test("with the bytes behind the reader wiped as it goes, each format reads, skips and fails exactly as before",
          arguments: inputs.indices)
    func wipedBehind(input: Int) throws {
        let (name, bytes) = Self.inputs[input]
        let plain = Self.read(bytes, wiping: false)
        let wiped = Self.read(bytes, wiping: true)
        switch (plain, wiped) {
        case (.success(let plain), .success(let wiped)):
            #expect(!plain.places.isEmpty, "\(name)")
            #expect(wiped.places == plain.places, "\(name)")
            #expect(wiped.shapes == plain.shapes, "\(name)")
            #expect(wiped.reasons == plain.reasons && wiped.skippedFeatures == plain.skippedFeatures, "\(name)")
        case (.failure(let plain), .failure(let wiped)):
            #expect(wiped.description == plain.description, "\(name)")
        default:
            Issue.record("\(name): \(plain) but wiped \(wiped)")
        }
    }

    /// Reads `bytes`, overwriting with zeros (what a page given back reads as) everything before
    /// each offset the reader reports.
    static func read(_ bytes: [UInt8], wiping: Bool) -> Result<ImportResult, ImportError> {
        var copy = bytes
        return copy.withUnsafeMutableBufferPointer { buffer in
            let view = UnsafeBufferPointer(buffer)
            var wiped = 0
            return Result { () throws(ImportError) in
                try ImportResult { each throws(ImportError) in
                    try PlaceFileReader(source: "file:/wiped").read(view, reached: { offset in
                        guard wiping, offset > wiped else { return }
                        buffer[wiped..<offset].update(repeating: 0)
                        wiped = offset
                    }, each: each)
                }
            }
        }
    }
}

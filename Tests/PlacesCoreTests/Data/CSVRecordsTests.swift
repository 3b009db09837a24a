@testable import PlacesCore
import Testing
import TestingSupport

/// Records are split eight bytes at a time: whatever the lengths and the bytes around them, the
/// fields are those a byte-by-byte reading finds.
@Suite("CSV records")
struct CSVRecordsTests {
    @Test("random tables split into the fields they were written from, with their UTF-8 told apart",
          arguments: [1, 2, 3, 4] as [UInt64])
    func randomTables(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pieces: [[UInt8]] = [Array("a".utf8), Array("Zürich".utf8), Array("x y".utf8), [0xFF], [0xC3], Array("12.5".utf8), Array("é".utf8)]
        var text: [UInt8] = []
        var expected: [([String], Bool)] = []
        for _ in 0..<300 {
            var fields: [String] = []
            var valid = true
            for column in 0..<(1 + random.below(9)) {
                var field: [UInt8] = []
                for _ in 0..<random.below(6) { field += random.pick(pieces) }
                if column > 0 { text.append(UInt8(ascii: ",")) }
                text += field
                valid = valid && String(validating: field, as: UTF8.self) != nil
                fields.append(String(decoding: field, as: UTF8.self))
            }
            text += random.chance(0.3) ? [0x0D, 0x0A] : [0x0A]
            expected.append((fields, valid))
        }
        try text.withUnsafeBufferPointer { (bytes) throws -> Void in
            var records = CSVRecords(bytes, delimiter: UInt8(ascii: ","))
            var fields: [CSVRecords.Field] = []
            for (number, (want, valid)) in expected.enumerated() {
                #expect(try records.next(into: &fields))
                let got = fields.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0.range]), as: UTF8.self) }
                #expect(got == want, "record \(number)")
                #expect(records.recordIsUTF8 == valid, "record \(number)")
            }
            #expect(try !records.next(into: &fields))
        }
    }
}

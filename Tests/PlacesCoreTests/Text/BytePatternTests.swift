@testable import PlacesCore
import Testing
import TestingSupport

/// The 16-byte-block search finds exactly what a byte-by-byte search finds: at block edges, in the
/// tail no whole block covers, with the limit anywhere, for tokens shorter and longer than a block.
@Suite("Byte pattern")
struct BytePatternTests {
    /// A byte-by-byte search: the first start in from..<limit where `token` is, whole, in `buffer`.
    static func plainSearch(_ token: [UInt8], in buffer: [UInt8], from: Int, before limit: Int) -> Int? {
        guard from < limit else { return nil }
        return (from..<limit).first { start in
            start + token.count <= buffer.count && buffer[start..<start + token.count].elementsEqual(token)
        }
    }

    @Test("finds the first occurrence as a byte-by-byte search does", arguments: [1, 2, 3, 4] as [UInt64])
    func agreesWithPlainSearch(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // A small alphabet, so that first, second and last bytes agree often without the whole token.
        let alphabet = Array("abs ".utf8)
        for _ in 0..<2_000 {
            let buffer = (0..<random.below(70)).map { _ in random.pick(alphabet) }
            let token = (0..<1 + random.below(random.chance(0.2) ? 20 : 4)).map { _ in random.pick(alphabet) }
            let from = random.below(buffer.count + 2)
            let limit = random.chance(0.5) ? buffer.count : random.below(buffer.count + 4)
            let found = BytePattern.withViews([BytePattern(token)]) { views in
                buffer.withUnsafeBufferPointer { views[0].firstMatch(in: $0, from: from, before: limit) }
            }
            #expect(found == Self.plainSearch(token, in: buffer, from: from, before: limit),
                    "\(String(decoding: token, as: UTF8.self)) in \(String(decoding: buffer, as: UTF8.self)) from \(from) before \(limit)")
        }
    }

    @Test("a sweep of the index finds every key holding every token, whatever the keys' lengths")
    func indexSweepAgreesWithKeys() {
        var random = SplitMix64(seed: 9)
        let words = ["sa", "san", "santa", "são", "asa", "cathedral", "s", "lo", "london", "xylophone-museum-of-the-north"]
        let keys = (0..<3_000).map { _ in SearchKey((0..<random.below(5)).map { _ in random.pick(words) }.joined(separator: " ")) }
        let index = SearchIndex(keys)
        for query in ["s", "sa", "san", "asa", "sao", "ao", "the north", "london sa", "cathedral s", "xylophone-museum-of-the-north"] {
            let tokens = SearchKey.tokens(of: query)
            let expected = keys.indices.filter { key in tokens.allSatisfy { keys[key].contains($0) } }
            let patterns = tokens.map { BytePattern($0.bytes) }
            #expect(Array(index.matches(patterns)) == expected, "\(query)")
            // Numbered from a slot that is not a word's first, and among candidates (every other key).
            #expect(Array(index.matches(patterns, offset: 70)) == expected.map { $0 + 70 }, "\(query)")
            let candidates = SlotBits(ascending: stride(from: 70, to: 70 + keys.count, by: 2).map { $0 })
            #expect(Array(index.matches(patterns, among: candidates, offset: 70)) == expected.filter { $0 % 2 == 0 }.map { $0 + 70 }, "\(query)")
        }
    }
}

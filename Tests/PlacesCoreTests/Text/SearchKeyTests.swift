@testable import PlacesCore
import Testing
import TestingSupport

/// Folding works on the UTF-8 bytes, in place while no scalar grows: these pin what it gives for
/// scalars of every UTF-8 length, for the few that fold longer than they are, and that a text's key
/// is its scalars' keys one after another wherever in the text a scalar stands.
@Suite("Search key")
struct SearchKeyTests {
    private static func folded(_ text: String) -> String {
        String(decoding: SearchKey(text).bytes, as: UTF8.self)
    }

    @Test("case and diacritics go, Latin letters become what a person types", arguments: [
        ("Zürich Straße", "zurich strasse"), ("ŁÓDŹ", "lodz"), ("Ærøskøbing", "aeroskobing"), ("ĲSSELMEER", "ijsselmeer"),
        ("Cafe\u{301} de l’Église", "cafe de l eglise"), ("", ""), ("MIXED case 42", "mixed case 42"),
    ])
    func latin(text: String, expected: String) {
        #expect(Self.folded(text) == expected)
    }

    @Test("scalars of two, three and four bytes beyond Latin are decoded whole", arguments: [
        ("ΑΒΓ αβγ", "αβγ αβγ"), ("北京", "北京"), ("😀 ok", "😀 ok"), ("Ελλάδα", "ελλαδα"),
    ])
    func beyondLatin(text: String, expected: String) {
        #expect(Self.folded(text) == expected)
    }

    @Test("a scalar that folds longer than it is, alone, first, in the middle and last", arguments: [
        ("ŉ", "ʼn"), ("Ⱥb", "ⱥb"), ("aȾb", "aⱦb"), ("ab և", "ab եւ"), ("ŉŉŉ", "ʼnʼnʼn"),
    ])
    func growing(text: String, expected: String) {
        #expect(Self.folded(text) == expected)
    }

    @Test("a text's key is its scalars' keys one after another", arguments: [1, 2, 3] as [UInt64])
    func scalarByScalar(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "é", "Ø", "ŉ", "Ⱥ", "\u{301}", "’", "ж", "北", "😀", "ß", "ǅ"]
        for _ in 0..<500 {
            let scalars = (0..<random.below(12)).map { _ in random.pick(alphabet) }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            let oneByOne = scalars.flatMap { SearchKey(String($0)).bytes }
            #expect(SearchKey(String(text)).bytes == oneByOne, "\(String(text))")
        }
    }

    @Test("ASCII folds the same eight bytes at a time as one at a time, whatever its neighbours and length")
    func asciiWords() {
        let ascii = (0..<128).map { UInt8($0) }
        for offset in 0..<8 {
            // Every ASCII byte at every position of a word, after `offset` bytes that shift the words.
            let bytes = Array(repeating: UInt8(ascii: "Q"), count: offset) + ascii + ascii.reversed()
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(SearchKey(text).bytes == bytes.map(\.lowercasedASCII), "offset \(offset)")
        }
        #expect(Self.folded("ABCDEFGHIJKLMNOPQRSTUVWXYZ@[`{ Ünd ÀBCDEFGHÏ") == "abcdefghijklmnopqrstuvwxyz@[`{ und abcdefghi")
    }

    @Test("a key joined with a text folded into it is the key joined with the text's key", arguments: [1, 2, 3] as [UInt64])
    func joiningThenFolding(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "é", "Ø", "ŉ", "Ⱥ", "\u{301}", "’", "ж", "北", "😀", "ß", "M", "q", "7"]
        func text() -> String {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: (0..<random.below(30)).map { _ in random.pick(alphabet) })
            return String(text)
        }
        for _ in 0..<500 {
            let parts = (0..<random.below(3)).map { _ in SearchKey(text()) }
            let last = text()
            #expect(SearchKey(joining: parts, thenFolding: last) == SearchKey(joining: parts + [SearchKey(last)]), "\(last)")
        }
    }
}

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
}

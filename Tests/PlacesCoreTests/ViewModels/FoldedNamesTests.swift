@testable import PlacesCore
import Testing

/// Names set, renamed and removed are found by their whole name as a person typed it, and only so.
@Suite("Folded names")
struct FoldedNamesTests {
    @Test("a name is found after renames and removals, a length no name has any more finds nothing")
    func namedAfterChanges() {
        var names = FoldedNames()
        names.grow(to: 4, room: 4)
        names.set(SearchKey("Sa"), at: 0)
        names.set(SearchKey("Bern"), at: 1)
        names.set(SearchKey("sa"), at: 2)
        #expect(names.slots(among: [0, 1, 2, 3], named: SearchKey("SA")) == [0, 2])
        names.set(SearchKey("Saas"), at: 0)
        names.set(nil, at: 2)
        #expect(names.slots(among: [0, 1, 2, 3], named: SearchKey("sa")).isEmpty)
        #expect(names.slots(among: [0, 1, 2, 3], named: SearchKey("saas")) == [0])
        names.set(SearchKey("Sø"), at: 3)
        #expect(names.slots(among: [3, 2, 1, 0], named: SearchKey("so")) == [3])
    }

    @Test("names set again and again are laid out anew, and still found by name, each once")
    func compaction() {
        var names = FoldedNames()
        names.grow(to: 50, room: 50)
        for round in 0..<20 {
            for slot in 0..<50 { names.set(SearchKey("Place \(slot) " + String(repeating: "x", count: 100 + round)), at: slot) }
        }
        let last = SearchKey("place 7 " + String(repeating: "x", count: 119))
        #expect(names.slots(among: ArraySlice(0..<50), named: last) == [7])
        #expect(names.slots(among: ArraySlice(0..<50), named: SearchKey("place 7 " + String(repeating: "x", count: 118))).isEmpty)
    }
}

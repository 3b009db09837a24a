@testable import PlacesCore
import Testing
import TestingSupport

@Suite("PlacesListSection")
struct PlacesListSectionTests {
    @Test("merging sorted newcomers in place gives the order sorting everything gives", arguments: [0, 1, 7, 300])
    func mergeInPlace(newcomerCount: Int) {
        var random = SplitMix64(seed: UInt64(newcomerCount) + 5)
        let count = 1_000 + newcomerCount
        var order = PlacesListOrder()
        order.grow(to: count, room: count)
        // Few names, so that many compare equal and fall back to the slot.
        for slot in 0..<count { order.setName(SearchKey("name \(random.next() % 50)"), at: slot) }
        let slots = Array(0..<count).shuffled(using: &random)
        let (old, newcomers) = (slots.prefix(1_000), slots.dropFirst(1_000))

        var section = PlacesListSection(id: .source("file:a"))
        section.members = old.sorted(by: order.precedes)
        section.merge(newcomers.sorted(by: order.precedes), by: order)

        #expect(section.members == slots.sorted(by: order.precedes))
    }

    @Test("newcomers that all go first, or all last, land there")
    func mergeAtTheEnds() {
        var order = PlacesListOrder()
        order.grow(to: 6, room: 6)
        for (slot, name) in ["c", "d", "e", "a", "b", "f"].enumerated() { order.setName(SearchKey(name), at: slot) }
        var section = PlacesListSection(id: .source("file:a"))
        section.members = [0, 1, 2]
        section.merge([3, 4], by: order)
        #expect(section.members == [3, 4, 0, 1, 2])
        section.merge([5], by: order)
        #expect(section.members == [3, 4, 0, 1, 2, 5])
    }
}

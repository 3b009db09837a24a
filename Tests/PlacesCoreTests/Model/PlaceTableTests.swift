@testable import PlacesCore
import Testing
import TestingSupport

/// The place table finds slots by id through its own hash table of slot numbers.
@Suite("Place table")
struct PlaceTableTests {
    @Test("after random additions, removals and reused slots, every id finds its place and no other",
          arguments: [1, 2, 3] as [UInt64])
    func randomChanges(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = PlaceTable()
        var expected: [Place.ID: Int] = [:]
        func place(_ number: Int) -> Place {
            Place(id: "file:/some/where/\(number)", name: "P\(number)", category: .city, coordinate: Coordinate(latitude: 0, longitude: 0))
        }
        for round in 0..<60 {
            if random.chance(0.2) { table.reserveCapacity(forAdding: random.below(5_000)) }
            for _ in 0..<random.below(400) {
                let number = random.below(3_000)
                let id = place(number).id
                if let slot = expected[id] {
                    if random.chance(0.3) {
                        // A place whose id is in the table already is not put in again.
                        #expect(table.insert(place(number)) == (false, slot))
                        continue
                    }
                    if random.chance(0.3) {
                        // Nor added again: it takes the old one's slot, or leaves it when the same.
                        var renamed = place(number)
                        renamed.name = "Q\(number)"
                        let renaming = table[slot]!.name != renamed.name
                        #expect(table.insertOrReplace(renamed) == (renaming ? .replaced : .unchanged, slot))
                        #expect(table[slot]?.name == renamed.name)
                        continue
                    }
                    #expect(table.remove(at: slot).id == id)
                    expected[id] = nil
                } else if random.chance(0.5) {
                    let (inserted, slot) = table.insert(place(number))
                    #expect(inserted)
                    expected[id] = slot
                } else {
                    let (insertion, slot) = table.insertOrReplace(place(number))
                    #expect(insertion == .added)
                    expected[id] = slot
                }
            }
            table.endTransaction()
            for number in 0..<3_000 {
                let id = place(number).id
                #expect(table.slot(of: id) == expected[id], "seed \(seed), round \(round), \(id)")
            }
            #expect(table.count == expected.count)
            for (id, slot) in expected { #expect(table[slot]?.id == id) }
        }
    }

    @Test("own places among any slots are the ones a look at each slot finds, ascending, after adds, removals and replacements",
          arguments: [1, 2, 3] as [UInt64])
    func ownSlots(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = PlaceTable()
        func place(_ number: Int, own: Bool) -> Place {
            Place(id: "p\(number)", name: "P\(number)", category: .city, coordinate: Coordinate(latitude: 0, longitude: 0),
                  source: own ? PlaceSource.mineID : "file")
        }
        for _ in 0..<40 {
            for _ in 0..<random.below(300) {
                let number = random.below(2_000)
                if let slot = table.slot(of: "p\(number)") {
                    if random.chance(0.5) {
                        _ = table.remove(at: slot)
                    } else {
                        #expect(table.insertOrReplace(place(number, own: random.chance(0.1))).slot == slot)
                    }
                } else {
                    _ = table.insert(place(number, own: random.chance(0.1)))
                }
            }
            table.endTransaction()
            // Asked about few slots and about many, so that both ways of finding them are taken.
            for size in [5, 50, 3_000] {
                let asked = Set((0..<size).map { _ in random.below(table.slotCount + 10) })
                let expected = asked.filter { table.read($0, \.isOwn) == true }.sorted()
                #expect(table.ownSlots(among: asked) == expected)
            }
        }
    }
}

@Suite("Slots in order")
struct AscendingSlotsTests {
    @Test("full, dense and sparse sets of slots come out sorted",
          arguments: [[], [5], [3, 1, 2], [1_000_000, 0, 7], Array(10..<5_000) + [9_000], Array((100..<2_100).reversed())])
    func ascending(slots: [Int]) {
        #expect(Set(slots).ascending == Set(slots).sorted())
    }
}

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
                    #expect(table.remove(at: slot).id == id)
                    expected[id] = nil
                } else {
                    let (inserted, slot) = table.insert(place(number))
                    #expect(inserted)
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
}

@Suite("Slots in order")
struct AscendingSlotsTests {
    @Test("full, dense and sparse sets of slots come out sorted",
          arguments: [[], [5], [3, 1, 2], [1_000_000, 0, 7], Array(10..<5_000) + [9_000], Array((100..<2_100).reversed())])
    func ascending(slots: [Int]) {
        #expect(Set(slots).ascending == Set(slots).sorted())
    }
}

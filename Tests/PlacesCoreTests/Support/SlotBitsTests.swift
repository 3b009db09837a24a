@testable import PlacesCore
import Testing
import TestingSupport

/// The bitmap answers as a `Set<Int>` given the same inserts and removals would: slots far apart, in
/// any order (below the first word it holds, beyond the last), iterated in ascending order.
@Suite("Slot bits")
struct SlotBitsTests {
    @Test("inserts, removals, membership, count and order agree with Set", arguments: [1, 2, 3, 4] as [UInt64])
    func agreesWithSet(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var bits = SlotBits()
        var set = Set<Int>()
        let base = random.below(1_000_000)
        for _ in 0..<3_000 {
            let slot = base + random.below(random.chance(0.1) ? 100_000 : 700) - 350
            guard slot >= 0 else { continue }
            if random.chance(0.3) {
                #expect(bits.remove(slot) == (set.remove(slot) != nil))
            } else {
                #expect(bits.insert(slot) == set.insert(slot).inserted)
            }
            #expect(bits.count == set.count)
        }
        #expect(Array(bits) == set.sorted())
        for probe in (base - 400)...(base + 400) where probe >= 0 {
            #expect(bits.contains(probe) == set.contains(probe), "\(probe)")
        }
    }

    @Test("an empty set holds nothing and iterates nothing; slot 0 and word edges count")
    func edges() {
        var bits = SlotBits()
        #expect(bits.isEmpty && Array(bits).isEmpty && !bits.contains(0) && !bits.remove(5))
        for slot in [64, 63, 0, 127, 128] { bits.insert(slot) }
        #expect(Array(bits) == [0, 63, 64, 127, 128])
        #expect(!bits.insert(63) && bits.count == 5)
    }

    @Test("made from ascending slots, it holds them; kept keeps the given slots it holds, in the order given")
    func ascendingAndKept() {
        let bits = SlotBits(ascending: [70, 129, 300])
        #expect(Array(bits) == [70, 129, 300] && bits.count == 3)
        #expect(bits.kept([1_000, 300, 0, 129, 64, 70, 128, 69, 5]) == [300, 129, 70], "slots before the first word and past the last are not held")
        #expect(Array(SlotBits(ascending: 0..<130)) == Array(0..<130))
        #expect(SlotBits(ascending: [Int]()).isEmpty && SlotBits().kept([0, 64]).isEmpty)
    }
}

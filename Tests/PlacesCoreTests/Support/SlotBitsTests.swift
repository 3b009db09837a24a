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

    @Test("sets built segment by segment, at any offset, join into the set of all their slots; a tail cut off, a range read")
    func segments() {
        var random = SplitMix64(seed: 12)
        let segmentSize = 200
        let flags = (0..<1_000).map { _ in random.chance(0.4) }
        let joined = (0..<5).map { k in
            var builder = SlotBits.Builder(range: k * segmentSize..<(k + 1) * segmentSize)
            for slot in k * segmentSize..<(k + 1) * segmentSize { builder.add(slot, if: flags[slot]) }
            return builder.bits
        }.reduce(into: SlotBits()) { $0.formDisjointUnion($1) }
        let expected = flags.indices.filter { flags[$0] }
        #expect(Array(joined) == expected && joined.count == expected.count)
        var slots: [Int] = []
        joined.forEach(in: 130..<650) { slots.append($0) }
        #expect(slots == expected.filter { (130..<650).contains($0) })
        for cut in [1_000, 999, 640, 64, 63, 0] {
            var cutOff = joined
            cutOff.removeAll(from: cut)
            #expect(Array(cutOff) == expected.filter { $0 < cut } && cutOff.count == expected.filter { $0 < cut }.count, "\(cut)")
        }
        #expect(SlotBits.Builder(range: 5..<5).bits.isEmpty)
        // Few slots among many: what is left reads the same, and keeps only the words that hold them.
        var few = SlotBits.Builder(range: 0..<10_000)
        for slot in [3_000, 3_001, 6_400] { few.add(slot) }
        var bits = few.bits
        bits.removeAll(from: 10_000)
        #expect(Array(bits) == [3_000, 3_001, 6_400] && bits.count == 3)
        #expect(bits.kept([6_400, 0, 9_999, 3_001]) == [6_400, 3_001])
        bits.insert(20_000)
        #expect(Array(bits) == [3_000, 3_001, 6_400, 20_000])
    }
}

@testable import PlacesCore
import Testing
import TestingSupport

@Suite("RadixSort")
struct RadixSortTests {
    /// What `sort(by:)` gives for the same pairs: by key, equal keys in their first order.
    private func expected(_ keys: [UInt64], _ values: [Int32]) -> (keys: [UInt64], values: [Int32]) {
        let sorted = zip(keys, values).enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
        return (sorted.map(\.element.0), sorted.map(\.element.1))
    }

    @Test("sorts keys of every width, each carrying its value, equal keys in their first order",
          arguments: [(64, 10_000), (48, 10_000), (8, 10_000), (0, 5), (64, 1), (64, 0)])
    func sortsLikeSort(bits: Int, count: Int) {
        var generator = SplitMix64(seed: UInt64(bits * 31 + count))
        let mask: UInt64 = bits == 64 ? .max : (1 << UInt64(bits)) - 1
        // 8 bits: 256 distinct keys among 10,000, most of them equal to others.
        var keys = (0..<count).map { _ in UInt64.random(in: 0 ... .max, using: &generator) & mask }
        var values = (0..<count).map { Int32($0) }
        let want = expected(keys, values)
        RadixSort.sort(&keys, carrying: &values)
        #expect(keys == want.keys)
        #expect(values == want.values)
    }

    @Test("keys already in order, and in reverse order")
    func ordered() {
        var keys = (0..<1_000).map { UInt64($0) << 20 }
        var values = (0..<1_000).map { Int32($0) }
        RadixSort.sort(&keys, carrying: &values)
        #expect(values == Array(0..<1_000))
        keys.reverse()
        values.reverse()
        RadixSort.sort(&keys, carrying: &values)
        #expect(values == Array(0..<1_000))
    }
}

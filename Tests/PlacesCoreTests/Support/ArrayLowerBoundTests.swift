@testable import PlacesCore
import Testing
import TestingSupport

/// Each search finds what a look at every element finds: in arrays with runs of equal values, for
/// values below, between, on and past the elements, from every start and within every range.
@Suite("Array lower bound")
struct ArrayLowerBoundTests {
    @Test("binary, bounded and galloping searches agree with a linear scan", arguments: [1, 2, 3] as [UInt64])
    func agreesWithScan(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let values = (0..<(40 + random.below(60))).map { _ in random.below(30) * 2 }.sorted()
        func scan(_ value: Int, _ range: Range<Int>) -> Int {
            range.first { values[$0] >= value } ?? range.upperBound
        }
        for value in -1...61 {
            for start in 0...values.count {
                #expect(values.lowerBound(of: value, from: start) == scan(value, start..<values.count))
                #expect(values.lowerBound(of: value, gallopingFrom: start) == scan(value, start..<values.count), "\(value) from \(start)")
                let end = start + random.below(values.count - start + 1)
                #expect(values.lowerBound(of: value, in: start..<end) == scan(value, start..<end), "\(value) in \(start)..<\(end)")
            }
        }
    }

    @Test("an empty array's bound is its end")
    func empty() {
        let values: [Int] = []
        #expect(values.lowerBound(of: 3) == 0)
        #expect(values.lowerBound(of: 3, gallopingFrom: 0) == 0)
        #expect(values.lowerBound(of: 3, in: 0..<0) == 0)
    }
}

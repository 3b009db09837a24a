@testable import PlacesCore
import Testing
import TestingSupport

/// A cluster's bounds come from a tree over blocks of points and the points at either end.
@Suite("Cluster bounds")
struct ClusterBoundsTreeTests {
    @Test("the box of any run encloses its points, and is theirs to within Float rounding", arguments: [1, 7, 8, 9, 64, 1_001])
    func enclosesRuns(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        let points = (0..<count).map { _ in WorldPoint(x: Double(random.below(1 << 30)) / Double(1 << 30), y: Double(random.below(1 << 30)) / Double(1 << 30)) }
        let tree = ClusterBoundsTree(points)
        for _ in 0..<300 {
            let start = random.below(count)
            let end = start + 1 + random.below(count - start)
            let run = points[start..<end]
            let box = tree.bounds(of: start..<end, in: points)!
            let exact = (minX: run.map(\.x).min()!, minY: run.map(\.y).min()!, maxX: run.map(\.x).max()!, maxY: run.map(\.y).max()!)
            #expect(box.minX <= exact.minX && box.minY <= exact.minY && box.maxX >= exact.maxX && box.maxY >= exact.maxY, "\(start)..<\(end)")
            #expect(exact.minX - box.minX < 1e-7 && exact.minY - box.minY < 1e-7 && box.maxX - exact.maxX < 1e-7 && box.maxY - exact.maxY < 1e-7)
        }
        #expect(tree.bounds(of: 0..<0, in: points) == nil)
    }
}

@testable import PlacesCore
import Testing

/// The table answers for every cell of every level it keeps what the binary searches over the Morton
/// codes, the bounds tree and the prefix sums answer, and keeps levels down to about 8 places a cell.
@Suite("Cluster cell table")
struct ClusterCellTableTests {
    @Test("each cell's run, box and sums are the searches', the tree's and the prefix sums'", arguments: [(0, -1), (7, -1), (8, 0), (600, 3), (20_000, 5), (140_000, 7)])
    func agreesWithSearches(count: Int, deepestLevel: Int) {
        let clusterer = MarkerClusterer(GeoSamples.worldPoints(count: count, seed: UInt64(count)))
        let table = clusterer.cells
        #expect(table.deepestLevel == deepestLevel)
        #expect(table.range(of: 0, level: deepestLevel + 1) == nil)
        guard deepestLevel >= 0 else { return }
        for level in 0...deepestLevel {
            let shift = UInt64(2 * (MarkerClusterer.finestLevel - level))
            var mismatches = 0
            for key in 0..<UInt64(1 << (2 * level)) {
                let start = clusterer.codes.lowerBound(of: key << shift)
                let run = start..<clusterer.codes.lowerBound(of: (key + 1) << shift)
                let bounds = clusterer.boundsTree.bounds(of: run, in: clusterer.points)
                let sums = WorldPoint(x: clusterer.prefixX[run.upperBound] - clusterer.prefixX[run.lowerBound],
                                      y: clusterer.prefixY[run.upperBound] - clusterer.prefixY[run.lowerBound])
                if table.range(of: key, level: level) != run || table.bounds(of: key, level: level) != bounds
                    || table.sums(of: key, level: level) != sums {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0, "level \(level)")
        }
    }
}

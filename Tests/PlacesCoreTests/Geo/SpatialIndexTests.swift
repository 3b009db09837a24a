import PlacesCore
import Testing
import TestingSupport

@Suite("Spatial index")
struct SpatialIndexTests {
    /// The reference answer: closest point with distance² <= radius², ties to the lowest index.
    private func linearNearest(_ points: [WorldPoint], to query: WorldPoint, within radius: Double) -> Int? {
        var best: Int?
        var bestDistance = radius * radius
        for (index, point) in points.enumerated() where point.isFinite {
            let dx = point.x - query.x
            let dy = point.y - query.y
            let distance = dx * dx + dy * dy
            if distance < bestDistance || (distance == bestDistance && best == nil) {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    private func linearIndices(_ points: [WorldPoint], in rect: WorldRect) -> [Int] {
        points.indices.filter { rect.contains(points[$0]) }
    }

    private func randomQuery(using random: inout SplitMix64) -> WorldPoint {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: WorldPoint(x: .random(in: -0.1...1.1, using: &random), y: .random(in: -0.1...1.1, using: &random))
        case 1: WorldPoint(x: [0, 1].randomElement(using: &random)!, y: .random(in: 0...1, using: &random))
        default: WorldPoint(x: .random(in: 0...1, using: &random), y: .random(in: 0...1, using: &random))
        }
    }

    @Test("nearest agrees with a linear scan on thousands of random points and queries")
    func nearestMatchesLinearScan() {
        let points = GeoSamples.worldPoints(count: 6000, seed: 11)
        let index = SpatialIndex(points)
        var random = SplitMix64(seed: 12)
        for _ in 0..<4000 {
            let query = randomQuery(using: &random)
            let radius = [0.0, 1e-5, 0.001, 0.01, 0.2, 3].randomElement(using: &random)!
            #expect(index.nearest(to: query, within: radius) == linearNearest(points, to: query, within: radius),
                    "query \(query) radius \(radius)")
        }
    }

    @Test("rectangle queries agree with a linear scan, including the world's edges and empty results")
    func rectMatchesLinearScan() {
        let points = GeoSamples.worldPoints(count: 6000, seed: 21)
        let index = SpatialIndex(points)
        var random = SplitMix64(seed: 22)
        var rects = [WorldRect.world, WorldRect(minX: 2, minY: 2, maxX: 3, maxY: 3),
                     WorldRect(minX: 0, minY: 0, maxX: 0, maxY: 1), WorldRect(minX: -1, minY: -1, maxX: 2, maxY: 2)]
        for _ in 0..<1500 {
            let a = randomQuery(using: &random)
            let b = randomQuery(using: &random)
            rects.append(WorldRect(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y)))
        }
        for rect in rects {
            let expected = linearIndices(points, in: rect)
            #expect(index.indices(in: rect).sorted() == expected, "rect \(rect)")
            var visited: [Int] = []
            index.forEach(in: rect) { visited.append($0) }
            #expect(visited.sorted() == expected)
        }
    }

    @Test("points on the edges and corners of the world are found")
    func edgesAndCorners() {
        let points = [WorldPoint(x: 0, y: 0), WorldPoint(x: 1, y: 1), WorldPoint(x: 1, y: 0), WorldPoint(x: 0.5, y: 1)]
        let index = SpatialIndex(points)
        #expect(index.nearest(to: WorldPoint(x: 0.01, y: 0.01), within: 0.1) == 0)
        #expect(index.nearest(to: WorldPoint(x: 1.05, y: 1.05), within: 0.1) == 1)
        #expect(index.nearest(to: WorldPoint(x: 0.99, y: -0.01), within: 0.1) == 2)
        #expect(index.nearest(to: WorldPoint(x: 0.5, y: 1), within: 0) == 3)
        #expect(index.indices(in: WorldRect(minX: 1, minY: 0, maxX: 1, maxY: 1)).sorted() == [1, 2])
    }

    @Test("many points in one cell are all found and ties go to the lowest index")
    func crowdedCell() {
        var points = Array(repeating: WorldPoint(x: 0.3, y: 0.3), count: 3000)
        points.append(WorldPoint(x: 0.9, y: 0.9))
        let index = SpatialIndex(points)
        #expect(index.nearest(to: WorldPoint(x: 0.31, y: 0.3), within: 0.1) == 0)
        #expect(index.indices(in: WorldRect(minX: 0.2, minY: 0.2, maxX: 0.4, maxY: 0.4)).count == 3000)
        let symmetric = SpatialIndex([WorldPoint(x: 0.75, y: 0.5), WorldPoint(x: 0.25, y: 0.5)])
        #expect(symmetric.nearest(to: WorldPoint(x: 0.5, y: 0.5), within: 1) == 0)
    }

    @Test("nothing is found in an empty index, beyond the radius, or for non-finite input")
    func emptyResults() {
        #expect(SpatialIndex([]).nearest(to: WorldPoint(x: 0.5, y: 0.5), within: 1) == nil)
        #expect(SpatialIndex([]).indices(in: .world).isEmpty)
        let index = SpatialIndex([WorldPoint(x: 0.5, y: 0.5), WorldPoint(x: .nan, y: 0.2)])
        #expect(index.count == 2)
        #expect(index.nearest(to: WorldPoint(x: 0.6, y: 0.5), within: 0.05) == nil)
        #expect(index.nearest(to: WorldPoint(x: 0.6, y: 0.5), within: 0.1) == 0)
        #expect(index.nearest(to: WorldPoint(x: .nan, y: 0.5), within: 1) == nil)
        #expect(index.nearest(to: WorldPoint(x: 0.5, y: 0.5), within: -1) == nil)
        #expect(index.indices(in: WorldRect(minX: -1, minY: -1, maxX: 2, maxY: 2)) == [0])
    }

    @Test("points outside the unit square are indexed too")
    func outsideTheWorld() {
        let points = [WorldPoint(x: -0.2, y: 0.5), WorldPoint(x: 1.3, y: 0.5), WorldPoint(x: 0.5, y: 0.5)]
        let index = SpatialIndex(points)
        #expect(index.nearest(to: WorldPoint(x: -0.1, y: 0.5), within: 0.2) == 0)
        #expect(index.nearest(to: WorldPoint(x: 1.0, y: 0.5), within: 0.45) == 1)
        #expect(index.indices(in: .world) == [2])
    }
}

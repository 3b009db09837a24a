/// A static point index for hit-testing and range queries, built once in O(n) from the places'
/// world points (index `i` is the i-th place).
///
/// It is a uniform grid laid over the bounding box of the points (so a city-sized data set gets
/// city-sized cells), about two points per cell, at most 2048 × 2048 cells, stored as flat arrays
/// in compressed-row form (a counting sort by cell): no per-point allocations. Points with a
/// non-finite component are never returned. Points may lie anywhere, also outside the unit square.
/// Holds at most `Int32.max` points.
public struct SpatialIndex: Sendable {
    /// The number of points the index was built from (including non-finite ones).
    public let count: Int

    private let grid: SpatialGrid
    /// `cellStart[c]..<cellStart[c + 1]` are the slots of cell `c` in `points` and `ids`.
    private let cellStart: [Int32]
    /// The finite points, grouped by cell, ascending original index within a cell.
    private let points: [WorldPoint]
    /// The original index of each slot.
    private let ids: [Int32]

    public init(_ points: [WorldPoint]) {
        precondition(points.count < Int(Int32.max), "SpatialIndex holds at most Int32.max points")
        count = points.count
        let finiteCount = points.reduce(0) { $0 + ($1.isFinite ? 1 : 0) }
        grid = SpatialGrid(bounds: WorldRect(enclosing: points), targetCells: max(1, finiteCount / 2))
        var starts = [Int32](repeating: 0, count: grid.cellCount + 1)
        for point in points where point.isFinite {
            starts[grid.cell(of: point) + 1] += 1
        }
        for cell in 0..<grid.cellCount {
            starts[cell + 1] += starts[cell]
        }
        var next = starts
        var sorted = [WorldPoint](repeating: WorldPoint(x: 0, y: 0), count: finiteCount)
        var sortedIDs = [Int32](repeating: 0, count: finiteCount)
        for (index, point) in points.enumerated() where point.isFinite {
            let cell = grid.cell(of: point)
            let slot = Int(next[cell])
            next[cell] += 1
            sorted[slot] = point
            sortedIDs[slot] = Int32(index)
        }
        cellStart = starts
        self.points = sorted
        ids = sortedIDs
    }

    /// The index of the point closest to `query` with a distance `<= radius` (world units), among
    /// those `isIncluded` accepts, or nil. Equally close points resolve to the lowest index. Searches
    /// rings of cells outwards from the query's cell and stops as soon as no unvisited cell can hold
    /// anything closer.
    public func nearest(to query: WorldPoint, within radius: Double, where isIncluded: (Int) -> Bool = { _ in true }) -> Int? {
        guard query.isFinite, radius >= 0, let bounds = grid.bounds else { return nil }
        let box = WorldRect(
            minX: query.x - radius, minY: query.y - radius, maxX: query.x + radius, maxY: query.y + radius
        )
        guard box.intersects(bounds) else { return nil }
        let limits = grid.cells(overlapping: box)
        let centerX = grid.column(of: query.x)
        let centerY = grid.row(of: query.y)
        var best = Candidate(distanceSquared: radius * radius, index: Int.max)
        let lastRing = max(centerX - limits.minX, limits.maxX - centerX, centerY - limits.minY, limits.maxY - centerY)
        for ring in 0...lastRing {
            if ring >= 2 {
                // Every point in ring k is more than (k - 1) cell spans away along some axis.
                let gap = Double(ring - 1) * grid.minimumSpan * (1 - 1e-9)
                if gap * gap > best.distanceSquared { break }
            }
            scanRing(ring, aroundColumn: centerX, row: centerY, limits: limits, query: query, isIncluded: isIncluded, best: &best)
        }
        return best.index == Int.max ? nil : best.index
    }

    /// The indices of the points inside `rect` (edges inclusive), in no particular order.
    public func indices(in rect: WorldRect) -> [Int] {
        var result: [Int] = []
        forEach(in: rect) { result.append($0) }
        return result
    }

    /// Calls `body` with the index of every point inside `rect` (edges inclusive), in no particular
    /// order, without allocating.
    public func forEach(in rect: WorldRect, _ body: (Int) throws -> Void) rethrows {
        guard let bounds = grid.bounds, rect.intersects(bounds) else { return }
        let limits = grid.cells(overlapping: rect)
        for row in limits.minY...limits.maxY {
            for column in limits.minX...limits.maxX {
                let cell = row * grid.columns + column
                for slot in Int(cellStart[cell])..<Int(cellStart[cell + 1]) where rect.contains(points[slot]) {
                    try body(Int(ids[slot]))
                }
            }
        }
    }
}

extension SpatialIndex {
    /// The best match so far of a nearest-neighbour search.
    private struct Candidate {
        var distanceSquared: Double
        var index: Int
    }

    /// Scans the cells at Chebyshev distance `ring` from (column, row), restricted to `limits`.
    private func scanRing(
        _ ring: Int, aroundColumn column: Int, row: Int, limits: SpatialGrid.CellRange,
        query: WorldPoint, isIncluded: (Int) -> Bool, best: inout Candidate
    ) {
        let columns = max(column - ring, limits.minX)...min(column + ring, limits.maxX)
        scanRow(row - ring, columns: columns, limits: limits, query: query, isIncluded: isIncluded, best: &best)
        guard ring > 0 else { return }
        scanRow(row + ring, columns: columns, limits: limits, query: query, isIncluded: isIncluded, best: &best)
        let firstRow = max(row - ring + 1, limits.minY)
        let lastRow = min(row + ring - 1, limits.maxY)
        guard firstRow <= lastRow else { return }
        for x in stride(from: column - ring, through: column + ring, by: 2 * ring) where x >= limits.minX && x <= limits.maxX {
            for y in firstRow...lastRow {
                scanCell(y * grid.columns + x, query: query, isIncluded: isIncluded, best: &best)
            }
        }
    }

    private func scanRow(
        _ y: Int, columns: ClosedRange<Int>, limits: SpatialGrid.CellRange,
        query: WorldPoint, isIncluded: (Int) -> Bool, best: inout Candidate
    ) {
        guard y >= limits.minY, y <= limits.maxY else { return }
        for x in columns {
            scanCell(y * grid.columns + x, query: query, isIncluded: isIncluded, best: &best)
        }
    }

    private func scanCell(_ cell: Int, query: WorldPoint, isIncluded: (Int) -> Bool, best: inout Candidate) {
        for slot in Int(cellStart[cell])..<Int(cellStart[cell + 1]) where isIncluded(Int(ids[slot])) {
            let point = points[slot]
            let dx = point.x - query.x
            let dy = point.y - query.y
            let distanceSquared = dx * dx + dy * dy
            if distanceSquared < best.distanceSquared
                || (distanceSquared == best.distanceSquared && Int(ids[slot]) < best.index) {
                best = Candidate(distanceSquared: distanceSquared, index: Int(ids[slot]))
            }
        }
    }
}

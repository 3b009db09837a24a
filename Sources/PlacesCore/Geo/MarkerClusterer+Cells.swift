import Foundation

extension MarkerClusterer {
    /// The state of one `cellMarkers` call: the markers so far, each with the grid cell it stands for
    /// and its world position (what `LivePlaceIndex` needs to merge in places added since).
    struct Frame {
        let camera: Camera
        let level: Int
        let clustering: Bool
        let exclusions: ClusterExclusions
        var markers: [CellMarker] = []

        mutating func appendPlace(slot: Int, cell: UInt64, order: [Int32], points: [WorldPoint]) {
            markers.append(CellMarker(
                cell: cell, marker: .place(index: Int(order[slot]), at: camera.screenPoint(for: points[slot])),
                centroid: points[slot], bounds: WorldRect(minX: points[slot].x, minY: points[slot].y, maxX: points[slot].x, maxY: points[slot].y)
            ))
        }

        mutating func appendCluster(cell: UInt64, count: Int, sumX: Double, sumY: Double, bounds: WorldRect) {
            let centroid = WorldPoint(
                x: min(max(sumX / Double(count), bounds.minX), bounds.maxX),
                y: min(max(sumY / Double(count), bounds.minY), bounds.maxY)
            )
            markers.append(CellMarker(
                cell: cell, marker: .cluster(count: count, at: camera.screenPoint(for: centroid), bounds: bounds),
                centroid: centroid, bounds: bounds
            ))
        }
    }

    /// The members of a cell in sum: a count, sums for the centroid, bounds, and the first member's
    /// slot (the place itself when it is alone).
    private struct Totals {
        var count = 0
        var firstSlot = 0
        var sumX = 0.0
        var sumY = 0.0
        var bounds = WorldRect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
    }

    /// The slot of an original index, nil when out of range or never returned.
    func slot(of index: Int?) -> Int? {
        guard let index, slots.indices.contains(index), slots[index] >= 0 else { return nil }
        return Int(slots[index])
    }

    /// Appends the markers of one grid cell at `frame.level`.
    func emitCell(column: Int, row: Int, frame: inout Frame) {
        let range = slotRange(column: column, row: row, level: frame.level)
        guard !range.isEmpty else { return }
        if frame.clustering {
            // Cut by the view's edge or not, the whole cell, from the sums and tree.
            let key = Self.interleave(UInt64(column), UInt64(row))
            emit(totals(of: range, cell: (key, frame.level), excluding: frame.exclusions), cell: key, frame: &frame)
        } else {
            emitSpots(range, frame: &frame)
        }
    }

    /// The count, sums and bounds of the members in `range` (the run of `cell`, its key and level)
    /// but not in `exclusions`, and the one member's slot when there is exactly one.
    private func totals(of range: Range<Int>, cell: (key: UInt64, level: Int), excluding exclusions: ClusterExclusions) -> Totals {
        var totals = Totals()
        let excluded = exclusions.positions(in: range)
        let count = range.count - excluded.count
        guard count > 0 else { return totals }
        let gaps = excluded.map { exclusions.slots[$0] }
        totals.count = count
        if count == 1 {
            var slot = range.lowerBound
            for gap in gaps where gap == slot { slot += 1 }
            totals.firstSlot = slot
        }
        // Exact bounds from the runs between excluded slots while they are few; beyond that the
        // whole run's bounds, which may be a little larger than its remaining members'.
        var bounds: WorldRect?
        if gaps.isEmpty, let whole = cells.bounds(of: cell.key, level: cell.level) {
            bounds = whole
        } else if gaps.count <= 8 {
            var start = range.lowerBound
            for end in gaps + [range.upperBound] {
                if let run = boundsTree.bounds(of: start..<end, in: points) { bounds = bounds.map { $0.union(run) } ?? run }
                start = end + 1
            }
        } else {
            bounds = boundsTree.bounds(of: range, in: points)
        }
        totals.bounds = bounds ?? totals.bounds
        if gaps.isEmpty, let whole = cells.sums(of: cell.key, level: cell.level) {
            (totals.sumX, totals.sumY) = (whole.x, whole.y)
        } else {
            let removed = exclusions.sums(at: excluded)
            totals.sumX = prefixX[range.upperBound] - prefixX[range.lowerBound] - removed.x
            totals.sumY = prefixY[range.upperBound] - prefixY[range.lowerBound] - removed.y
        }
        return totals
    }

    /// Past clustering, each place is a marker of its own, except that places in one cell of the
    /// finest level (a few metres: a few pixels at the deepest zoom) are one, counted from their
    /// sums: a file whose places all share one town's centre would otherwise be a marker for each,
    /// and a walk through all of them every frame. The spot's key is its Morton code.
    private func emitSpots(_ range: Range<Int>, frame: inout Frame) {
        var start = range.lowerBound
        while start < range.upperBound {
            let code = codes[start]
            let end = codes[range.upperBound - 1] == code ? range.upperBound : codes.lowerBound(of: code + 1, gallopingFrom: start)
            emit(totals(of: start..<end, cell: (code, Self.finestLevel), excluding: frame.exclusions), cell: code, frame: &frame)
            start = end
        }
    }

    /// Appends the cell's marker: its one place, or a cluster of its members.
    private func emit(_ totals: Totals, cell: UInt64, frame: inout Frame) {
        if totals.count == 1 {
            frame.appendPlace(slot: totals.firstSlot, cell: cell, order: order, points: points)
        } else if totals.count >= 2 {
            frame.appendCluster(cell: cell, count: totals.count, sumX: totals.sumX, sumY: totals.sumY, bounds: totals.bounds)
        }
    }

    /// The slots of the cell (column, row) at `level`: one contiguous run of the Morton order.
    func slotRange(column: Int, row: Int, level: Int) -> Range<Int> {
        let shift = UInt64(2 * (Self.finestLevel - level))
        let key = Self.interleave(UInt64(column), UInt64(row))
        if let range = cells.range(of: key, level: level) { return range }
        let start = codes.lowerBound(of: key << shift)
        return start..<codes.lowerBound(of: (key + 1) << shift, gallopingFrom: start)
    }

    /// The pyramid level whose cells are closest to `cellSize` pixels at the camera's zoom.
    static func level(for camera: Camera, cellSize: Double) -> Int {
        let size = cellSize.isNaN ? 64 : max(cellSize, minimumCellSize)
        let level = log2(camera.worldPixelSize / size).rounded()
        return Int(min(max(level, 0), Double(finestLevel)))
    }

    /// `floor(position)` clamped to `0..<side`.
    static func cellIndex(_ position: Double, side: Int) -> Int {
        guard position > 0 else { return 0 }
        return Int(min(position, Double(side - 1)))
    }

    /// The Morton code of a point inside the unit square at `finestLevel` bits per axis.
    static func mortonCode(of point: WorldPoint) -> UInt64 {
        let side = 1 << finestLevel
        let x = cellIndex(point.x * Double(side), side: side)
        let y = cellIndex(point.y * Double(side), side: side)
        return interleave(UInt64(x), UInt64(y))
    }

    /// The column and row of a cell key (`interleave` undone).
    static func deinterleave(_ key: UInt64) -> (column: Int, row: Int) {
        (Int(compact(key)), Int(compact(key >> 1)))
    }

    private static func compact(_ value: UInt64) -> UInt64 {
        var bits = value & 0x5555_5555_5555_5555
        bits = (bits | (bits >> 1)) & 0x3333_3333_3333_3333
        bits = (bits | (bits >> 2)) & 0x0F0F_0F0F_0F0F_0F0F
        bits = (bits | (bits >> 4)) & 0x00FF_00FF_00FF_00FF
        bits = (bits | (bits >> 8)) & 0x0000_FFFF_0000_FFFF
        bits = (bits | (bits >> 16)) & 0x0000_0000_FFFF_FFFF
        return bits
    }

    /// Interleaves the low 32 bits of `x` (even bits) and `y` (odd bits).
    static func interleave(_ x: UInt64, _ y: UInt64) -> UInt64 {
        spread(x) | (spread(y) << 1)
    }

    private static func spread(_ value: UInt64) -> UInt64 {
        var bits = value & 0xFFFF_FFFF
        bits = (bits | (bits << 16)) & 0x0000_FFFF_0000_FFFF
        bits = (bits | (bits << 8)) & 0x00FF_00FF_00FF_00FF
        bits = (bits | (bits << 4)) & 0x0F0F_0F0F_0F0F_0F0F
        bits = (bits | (bits << 2)) & 0x3333_3333_3333_3333
        bits = (bits | (bits << 1)) & 0x5555_5555_5555_5555
        return bits
    }
}

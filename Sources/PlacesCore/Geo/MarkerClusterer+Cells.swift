import Foundation

extension MarkerClusterer {
    /// The state of one `markers(for:cellSize:exclude:)` call.
    struct Frame {
        let camera: Camera
        let visible: WorldRect
        let level: Int
        let clustering: Bool
        /// The slot of the excluded place, if it has one.
        let excluded: Int?
        var markers: [MapMarker] = []

        mutating func appendPlace(slot: Int, order: [Int32], points: [WorldPoint]) {
            markers.append(.place(index: Int(order[slot]), at: camera.screenPoint(for: points[slot])))
        }

        mutating func appendCluster(count: Int, sumX: Double, sumY: Double, bounds: WorldRect) {
            let centroid = WorldPoint(
                x: min(max(sumX / Double(count), bounds.minX), bounds.maxX),
                y: min(max(sumY / Double(count), bounds.minY), bounds.maxY)
            )
            markers.append(.cluster(count: count, at: camera.screenPoint(for: centroid), bounds: bounds))
        }
    }

    /// Running totals over the visible members of a cell the viewport cuts.
    private struct Accumulator {
        var count = 0
        var firstSlot = 0
        var sumX = 0.0
        var sumY = 0.0
        var bounds = WorldRect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

        mutating func add(slot: Int, point: WorldPoint) {
            if count == 0 { firstSlot = slot }
            count += 1
            sumX += point.x
            sumY += point.y
            bounds = WorldRect(
                minX: min(bounds.minX, point.x), minY: min(bounds.minY, point.y),
                maxX: max(bounds.maxX, point.x), maxY: max(bounds.maxY, point.y)
            )
        }
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
        let side = Double(1 << frame.level)
        let cell = WorldRect(
            minX: Double(column) / side, minY: Double(row) / side,
            maxX: Double(column + 1) / side, maxY: Double(row + 1) / side
        )
        if frame.clustering && frame.visible.contains(cell) {
            emitWholeCell(range, frame: &frame)
        } else {
            emitVisibleMembers(range, frame: &frame)
        }
    }

    /// A fully visible cell: everything from the precomputed sums and tree, minus the excluded slot.
    private func emitWholeCell(_ range: Range<Int>, frame: inout Frame) {
        var runs = (range, range.upperBound..<range.upperBound)
        if let excluded = frame.excluded, range.contains(excluded) {
            runs = (range.lowerBound..<excluded, (excluded + 1)..<range.upperBound)
        }
        let count = runs.0.count + runs.1.count
        if count == 1 {
            frame.appendPlace(slot: runs.0.isEmpty ? runs.1.lowerBound : runs.0.lowerBound, order: order, points: points)
        }
        guard count >= 2 else { return }
        let bounds: WorldRect
        switch (boundsTree.bounds(of: runs.0), boundsTree.bounds(of: runs.1)) {
        case let (first?, second?): bounds = Self.union(first, second)
        case let (first?, nil): bounds = first
        case let (nil, second?): bounds = second
        case (nil, nil): return
        }
        let sumX = prefixX[runs.0.upperBound] - prefixX[runs.0.lowerBound]
            + prefixX[runs.1.upperBound] - prefixX[runs.1.lowerBound]
        let sumY = prefixY[runs.0.upperBound] - prefixY[runs.0.lowerBound]
            + prefixY[runs.1.upperBound] - prefixY[runs.1.lowerBound]
        frame.appendCluster(count: count, sumX: sumX, sumY: sumY, bounds: bounds)
    }

    /// A cell the viewport cuts (or any cell when not clustering): look at each member.
    private func emitVisibleMembers(_ range: Range<Int>, frame: inout Frame) {
        var accumulator = Accumulator()
        for slot in range where slot != frame.excluded && frame.visible.contains(points[slot]) {
            if frame.clustering {
                accumulator.add(slot: slot, point: points[slot])
            } else {
                frame.appendPlace(slot: slot, order: order, points: points)
            }
        }
        if accumulator.count == 1 {
            frame.appendPlace(slot: accumulator.firstSlot, order: order, points: points)
        } else if accumulator.count >= 2 {
            frame.appendCluster(
                count: accumulator.count, sumX: accumulator.sumX, sumY: accumulator.sumY,
                bounds: accumulator.bounds
            )
        }
    }

    /// The slots of the cell (column, row) at `level`: one contiguous run of the Morton order.
    private func slotRange(column: Int, row: Int, level: Int) -> Range<Int> {
        let shift = UInt64(2 * (Self.finestLevel - level))
        let key = Self.interleave(UInt64(column), UInt64(row))
        let start = lowerBound(of: key << shift, from: 0)
        return start..<lowerBound(of: (key + 1) << shift, from: start)
    }

    /// The first slot at or after `from` whose code is not below `code`.
    private func lowerBound(of code: UInt64, from start: Int) -> Int {
        var low = start
        var high = codes.count
        while low < high {
            let middle = (low + high) / 2
            if codes[middle] < code {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
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

    private static func union(_ first: WorldRect, _ second: WorldRect) -> WorldRect {
        WorldRect(
            minX: min(first.minX, second.minX), minY: min(first.minY, second.minY),
            maxX: max(first.maxX, second.maxX), maxY: max(first.maxY, second.maxY)
        )
    }
}

/// Bounding boxes of contiguous runs of points, answered in O(log n): a bottom-up segment tree over
/// blocks of `blockSize` points in a fixed order, the points at either end of a run that only
/// partly cover a block looked at one by one. Boxes are stored as `Float` rounded outwards, so a
/// returned box always encloses the run (possibly by a few 1e-8 world units more) at half the
/// memory of `Double`; with blocks, the tree takes 4 bytes a point rather than 32.
struct ClusterBoundsTree: Sendable {
    /// A box in `Float`s rounded outwards (kept by `ClusterCellTable` too, for whole cells).
    struct Box: Sendable {
        var minX: Float
        var minY: Float
        var maxX: Float
        var maxY: Float

        static let empty = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

        init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
        }

        init(_ point: WorldPoint) {
            self.init(minX: lower(point.x), minY: lower(point.y), maxX: upper(point.x), maxY: upper(point.y))
        }

        var rect: WorldRect {
            WorldRect(minX: Double(minX), minY: Double(minY), maxX: Double(maxX), maxY: Double(maxY))
        }

        func union(_ other: Box) -> Box {
            Box(
                minX: min(minX, other.minX), minY: min(minY, other.minY),
                maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY)
            )
        }
    }

    static let blockSize = 8

    private let leafCount: Int
    /// Node `i` covers nodes `2i` and `2i + 1`; leaves (one per block) are `leafCount..<2 * leafCount`.
    private let nodes: [Box]

    /// Builds the tree over `points` in O(n); `bounds(of:in:)` is then asked with the same points.
    init(_ points: [WorldPoint]) {
        leafCount = (points.count + Self.blockSize - 1) / Self.blockSize
        var nodes = [Box](repeating: .empty, count: 2 * max(leafCount, 1))
        for (offset, point) in points.enumerated() {
            nodes[leafCount + offset / Self.blockSize] = nodes[leafCount + offset / Self.blockSize].union(Box(point))
        }
        if leafCount > 1 {
            for node in stride(from: leafCount - 1, through: 1, by: -1) {
                nodes[node] = nodes[2 * node].union(nodes[2 * node + 1])
            }
        }
        self.nodes = nodes
    }

    /// A box enclosing `points` at positions `range`, nil for an empty range.
    func bounds(of range: Range<Int>, in points: [WorldPoint]) -> WorldRect? {
        range.isEmpty ? nil : box(of: range, in: points).rect
    }

    /// The box of `points` at positions `range` (`Box.empty` for an empty range).
    func box(of range: Range<Int>, in points: [WorldPoint]) -> Box {
        var box = Box.empty
        // Whole blocks from the tree, the points of partly covered blocks one by one.
        let firstWhole = (range.lowerBound + Self.blockSize - 1) / Self.blockSize
        let endWhole = range.upperBound / Self.blockSize
        if firstWhole < endWhole {
            for position in range.lowerBound..<firstWhole * Self.blockSize { box = box.union(Box(points[position])) }
            for position in endWhole * Self.blockSize..<range.upperBound { box = box.union(Box(points[position])) }
            var low = firstWhole + leafCount
            var high = endWhole + leafCount
            while low < high {
                if low & 1 == 1 {
                    box = box.union(nodes[low])
                    low += 1
                }
                if high & 1 == 1 {
                    high -= 1
                    box = box.union(nodes[high])
                }
                low >>= 1
                high >>= 1
            }
        } else {
            for position in range { box = box.union(Box(points[position])) }
        }
        return box
    }
}

/// The largest `Float` not above `value`.
private func lower(_ value: Double) -> Float {
    let rounded = Float(value)
    return Double(rounded) > value ? rounded.nextDown : rounded
}

/// The smallest `Float` not below `value`.
private func upper(_ value: Double) -> Float {
    let rounded = Float(value)
    return Double(rounded) < value ? rounded.nextUp : rounded
}

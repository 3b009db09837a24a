/// Bounding boxes of contiguous runs of points, answered in O(log n): a bottom-up segment tree over
/// points in a fixed order. Boxes are stored as `Float` rounded outwards, so a returned box always
/// encloses the run (possibly by a few 1e-8 world units more) at half the memory of `Double`.
struct ClusterBoundsTree: Sendable {
    private struct Box {
        var minX: Float
        var minY: Float
        var maxX: Float
        var maxY: Float

        static let empty = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

        func union(_ other: Box) -> Box {
            Box(
                minX: min(minX, other.minX), minY: min(minY, other.minY),
                maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY)
            )
        }
    }

    private let leafCount: Int
    /// Node `i` covers nodes `2i` and `2i + 1`; leaves are `leafCount..<2 * leafCount`.
    private let nodes: [Box]

    /// Builds the tree over `points` in O(n).
    init(_ points: [WorldPoint]) {
        leafCount = points.count
        var nodes = [Box](repeating: .empty, count: 2 * max(points.count, 1))
        for (offset, point) in points.enumerated() {
            nodes[leafCount + offset] = Box(
                minX: Self.lower(point.x), minY: Self.lower(point.y),
                maxX: Self.upper(point.x), maxY: Self.upper(point.y)
            )
        }
        if leafCount > 1 {
            for node in stride(from: leafCount - 1, through: 1, by: -1) {
                nodes[node] = nodes[2 * node].union(nodes[2 * node + 1])
            }
        }
        self.nodes = nodes
    }

    /// A box enclosing the points at positions `range`, nil for an empty range.
    func bounds(of range: Range<Int>) -> WorldRect? {
        guard !range.isEmpty else { return nil }
        var box = Box.empty
        var low = range.lowerBound + leafCount
        var high = range.upperBound + leafCount
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
        return WorldRect(
            minX: Double(box.minX), minY: Double(box.minY), maxX: Double(box.maxX), maxY: Double(box.maxY)
        )
    }

    /// The largest `Float` not above `value`.
    private static func lower(_ value: Double) -> Float {
        let rounded = Float(value)
        return Double(rounded) > value ? rounded.nextDown : rounded
    }

    /// The smallest `Float` not below `value`.
    private static func upper(_ value: Double) -> Float {
        let rounded = Float(value)
        return Double(rounded) < value ? rounded.nextUp : rounded
    }
}

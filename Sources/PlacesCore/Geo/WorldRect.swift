/// An axis-aligned rectangle in normalized Web-Mercator units. Edges are inclusive (a closed rectangle).
public struct WorldRect: Hashable, Sendable {
    /// Western edge.
    public var minX: Double
    /// Northern edge.
    public var minY: Double
    /// Eastern edge.
    public var maxX: Double
    /// Southern edge.
    public var maxY: Double

    /// The whole world, the unit square.
    public static let world = WorldRect(minX: 0, minY: 0, maxX: 1, maxY: 1)

    /// Creates a rectangle from its edges; callers keep `minX <= maxX` and `minY <= maxY`.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The smallest rectangle holding every finite point, or nil when there is none.
    public init?(enclosing points: [WorldPoint]) {
        var rect: WorldRect?
        for point in points where point.isFinite {
            if var grown = rect {
                grown.minX = Swift.min(grown.minX, point.x)
                grown.minY = Swift.min(grown.minY, point.y)
                grown.maxX = Swift.max(grown.maxX, point.x)
                grown.maxY = Swift.max(grown.maxY, point.y)
                rect = grown
            } else {
                rect = WorldRect(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y)
            }
        }
        guard let rect else { return nil }
        self = rect
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var center: WorldPoint {
        WorldPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: WorldRect) -> WorldRect {
        WorldRect(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
                  maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    /// True when the point lies inside or on the edge.
    public func contains(_ point: WorldPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// True when the other rectangle lies entirely inside this one (edges may touch).
    public func contains(_ other: WorldRect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// True when the two closed rectangles share at least one point.
    public func intersects(_ other: WorldRect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// The overlap of the two rectangles, or nil when they do not intersect.
    public func intersection(_ other: WorldRect) -> WorldRect? {
        guard intersects(other) else { return nil }
        return WorldRect(
            minX: Swift.max(minX, other.minX), minY: Swift.max(minY, other.minY),
            maxX: Swift.min(maxX, other.maxX), maxY: Swift.min(maxY, other.maxY)
        )
    }
}

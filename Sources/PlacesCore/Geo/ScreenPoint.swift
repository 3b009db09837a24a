/// A point on the screen in pixels, origin at the top-left corner of the map view, y growing downwards.
public struct ScreenPoint: Hashable, Sendable {
    /// Pixels from the left edge of the view.
    public var x: Double
    /// Pixels from the top edge of the view.
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Euclidean distance in pixels to another screen point.
    public func distance(to other: ScreenPoint) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// The size of the map view in pixels.
public struct ScreenSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The point at the middle of a view of this size.
    public var center: ScreenPoint {
        ScreenPoint(x: width / 2, y: height / 2)
    }
}

/// A position in normalized Web-Mercator units: `x` runs 0...1 from the antimeridian (180° W) eastwards,
/// `y` runs 0...1 from the northern edge (85.05° N) southwards. One unit is the width of the whole world.
public struct WorldPoint: Hashable, Sendable {
    /// Fraction of the world's width east of 180° W.
    public var x: Double
    /// Fraction of the world's height south of the northern Mercator edge.
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public var isFinite: Bool {
        x.isFinite && y.isFinite
    }

    /// The straight-line distance to `other`, in world units.
    public func distance(to other: WorldPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

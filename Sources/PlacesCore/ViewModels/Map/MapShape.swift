/// One line or area as the map draws it: its parts in world coordinates (the Web Mercator unit
/// square, as the base map), so the canvas places them with the camera as it places the land.
public struct MapShape: Equatable, Sendable {
    /// The parts and their bounds, shared between publishes and compared by identity: a track can
    /// have hundreds of thousands of points, and the map state is compared on every frame.
    public final class Geometry: Sendable {
        public let parts: [[WorldPoint]]
        public let bounds: WorldRect

        init(_ parts: [[WorldPoint]]) {
            self.parts = parts
            bounds = WorldRect(enclosing: parts.flatMap { $0 }) ?? WorldRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        }
    }

    public var id: PlaceShape.ID
    public var kind: PlaceShape.Kind
    public var geometry: Geometry
    /// Its file's colour (`ShapeColours`).
    public var colour: RGB
    public var isSelected: Bool

    public static func == (lhs: MapShape, rhs: MapShape) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.geometry === rhs.geometry && lhs.colour == rhs.colour && lhs.isSelected == rhs.isSelected
    }
}

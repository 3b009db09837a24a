/// One marker as the map draws it.
public struct MapMarkerItem: Equatable, Sendable {
    /// What the marker stands for.
    public enum Kind: Equatable, Sendable {
        /// A single place.
        case place(id: Place.ID, category: Category, isSelected: Bool)
        /// Several nearby places drawn as one, with their count.
        case cluster(count: Int)
    }

    /// What the marker stands for.
    public var kind: Kind
    /// Where to draw it, in the canvas's pixels.
    public var position: ScreenPoint
    /// The name to draw beside it, when there is room (plain text).
    public var label: String?
}

/// What the map canvas draws.
public struct MapState: Equatable, Sendable {
    /// The view of the world.
    public var camera: Camera
    /// Markers and clusters inside the viewport, selected one last (drawn on top).
    public var markers: [MapMarkerItem]
    /// The selected place's id.
    public var selectedID: Place.ID?
}

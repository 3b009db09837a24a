/// One marker as the map draws it.
public struct MapMarkerItem: Equatable, Sendable {
    /// What the marker stands for.
    public enum Kind: Equatable, Sendable {
        case place(id: Place.ID, category: Category, isSelected: Bool)
        /// Several nearby places drawn as one, with their count.
        case cluster(count: Int)
    }

    public var kind: Kind
    /// Where to draw it, in the canvas's pixels.
    public var position: ScreenPoint
    /// The name to draw beside it, when there is room (plain text).
    public var label: String?
    /// Which side of the marker the name goes (left when the right side is taken).
    public var labelSide: LabelSide = .right
    /// What a screen reader says for it: "Paris, capital", "Cluster of 12 places".
    public var spokenName: String {
        switch kind {
        case .cluster(let count): trPlural("Cluster of {count} place", "Cluster of {count} places", count: count)
        case .place(_, let category, _): tr("{name}, {kind}", ["name": name, "kind": category.displayName.lowercased()])
        }
    }
    /// The place's whole name (clipped like every shown name); empty for a cluster.
    public var name: String = ""
}

/// The place being edited, drawn where it would be saved and dragged to move it.
public struct MapDraftMarker: Equatable, Sendable {
    public var position: ScreenPoint
    public var category: Category
    /// The name as typed so far (plain text, clipped).
    public var label: String
    /// Whether the person is dragging it now.
    public var isDragged: Bool
}

/// Which side of its marker a name is drawn.
public enum LabelSide: Equatable, Sendable {
    case right, left
}

/// What the map canvas draws.
public struct MapState: Equatable, Sendable {
    public var camera: Camera
    /// Markers and clusters inside the viewport, selected one last (drawn on top).
    public var markers: [MapMarkerItem]
    public var selectedID: Place.ID?
    /// The place being edited (drawn in its own marker's stead), nil when not editing.
    public var draft: MapDraftMarker?
    /// The title of the list section shown alone ("Vienna trip"), nil when every place is shown.
    public var shownAlone: String?
    /// City names of the base map that fit around the markers (from zoom 4.5 on).
    public var cityLabels: [MapCityLabel] = []
    /// The kinds of place on the map, in legend order: only kinds that some place has.
    public var legend: [Category] = []
    /// Whether the camera is gliding: the canvas sends a `.frame` input before each frame until it stops.
    public var isAnimating = false
    /// Whether the person is dragging the map.
    public var isDragging = false

    /// Whether the camera is at rest (neither gliding nor dragged).
    public var isSettled: Bool { !isAnimating && !isDragging }
}

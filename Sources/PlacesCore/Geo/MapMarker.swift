/// One thing to draw on the map: a single place or a cluster of places, at a position in the view.
public enum MapMarker: Hashable, Sendable {
    /// The place with index `index` (into the array the clusterer was built from), drawn at `at`.
    case place(index: Int, at: ScreenPoint)
    /// `count` (≥ 2) places drawn as one marker at their centroid `at`; `bounds` encloses them all
    /// (it may be a hair larger than the members' exact bounding box).
    case cluster(count: Int, at: ScreenPoint, bounds: WorldRect)

    public var position: ScreenPoint {
        switch self {
        case .place(_, let at), .cluster(_, let at, _): at
        }
    }

    /// How many places the marker stands for: 1 for a place.
    public var count: Int {
        switch self {
        case .place: 1
        case .cluster(let count, _, _): count
        }
    }
}

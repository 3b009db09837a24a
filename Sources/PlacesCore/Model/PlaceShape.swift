/// A line or an area read from a file — a GPX track or route, a KML path or polygon, a GeoJSON
/// LineString or Polygon — drawn on the map under the markers, in its source's colour.
public struct PlaceShape: Identifiable, Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case line
        case area
    }

    /// Unique within the model, like a place's id (ids of both come from one file's features).
    public var id: String
    public var name: String
    public var kind: Kind
    /// A line's pieces (a track's segments, a MultiLineString's lines), or an area's rings (outlines
    /// and holes alike: areas are filled even-odd, so a ring inside another is a hole). Each has at
    /// least two positions (three for a ring).
    public var parts: [[Coordinate]]
    /// One line about it; may be empty.
    public var summary: String
    public var source: PlaceSource.ID
    /// Further properties from the file, kept for export.
    public var properties: PlaceProperties

    public init(
        id: String, name: String, kind: Kind, parts: [[Coordinate]],
        summary: String = "", source: PlaceSource.ID, properties: PlaceProperties = [:]
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.parts = parts
        self.summary = summary
        self.source = source
        self.properties = properties
    }

    /// The name as labels show it, cut to `Place.shownNameLimit` characters like a place's.
    public var shownName: String { name.clipped(to: Place.shownNameLimit) }
}

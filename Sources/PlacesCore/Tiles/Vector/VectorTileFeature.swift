/// One feature of a vector tile layer: its kind of geometry and where its attributes and geometry
/// lie in the layer's shared arrays (`VectorTileLayer.attributes(of:)`, `.parts(of:)`).
public struct VectorTileFeature: Sendable {
    public enum Kind: UInt8, Sendable {
        case point = 1, line = 2, polygon = 3
    }

    /// The id the tile gives it, if any (OpenMapTiles' and Protomaps' ids come from OpenStreetMap).
    public let id: UInt64?
    public let kind: Kind
    /// Indices into the layer's `tags`: key, value, key, value...
    let tags: Range<Int>
    /// Indices into the layer's `partEnds`: for points a run of points, for lines one line each, for
    /// polygons one ring each (outer rings clockwise in tile coordinates, holes anticlockwise).
    let parts: Range<Int>
}

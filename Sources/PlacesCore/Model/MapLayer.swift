/// A raster map drawn over the base map: a map file the person opened, or tiles from a server.
public struct MapLayer: Identifiable, Sendable {
    public enum ID: Hashable, Sendable {
        /// The map file at this path.
        case file(String)
        /// The tile server of the Online Tiles preference.
        case online
    }

    public let id: ID
    /// The map's name, as the layer list shows it.
    public var title: String
    public var isVisible: Bool
    /// Its tiles; nil when the file cannot be opened now (then `problem` says why).
    public var source: (any RasterTileSource)?
    /// Why the layer shows nothing (its file is missing or broken); nil when it draws.
    public var problem: String?

    public init(id: ID, title: String, isVisible: Bool = true, source: (any RasterTileSource)?, problem: String? = nil) {
        self.id = id
        self.title = title
        self.isVisible = isVisible
        self.source = source
        self.problem = problem
    }

    /// What the source says of its map; nil without a source.
    public var metadata: TileArchiveMetadata? { source?.metadata }

    /// Whether it draws tiles now.
    public var isShown: Bool { isVisible && source != nil }
}

extension MapLayer: Equatable {
    /// The same layer in the same state, from the very same source.
    public static func == (a: MapLayer, b: MapLayer) -> Bool {
        a.id == b.id && a.title == b.title && a.isVisible == b.isVisible && a.problem == b.problem
            && a.source.map(ObjectIdentifier.init) == b.source.map(ObjectIdentifier.init)
    }
}

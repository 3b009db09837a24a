/// What one change of `MapLayersModel` changed, as every subscriber receives it.
public struct MapLayersChange: Equatable, Sendable {
    /// The layers added, removed, or changed (shown, hidden, their file opened again).
    public var layers: Set<MapLayer.ID>
    /// Whether the Online Tiles preference changed.
    public var onlineChanged: Bool

    public init(layers: Set<MapLayer.ID> = [], onlineChanged: Bool = false) {
        self.layers = layers
        self.onlineChanged = onlineChanged
    }
}

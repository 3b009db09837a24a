import Multicast

/// The raster maps drawn over the base map, shared by `MapViewModel`, `MapLayersViewModel`, `MapFiles`,
/// `OnlineTilesLayer` and `MapLayersKeeper`: the layers in drawing order (the first lowest) and the Online
/// Tiles preference. Every change is broadcast to `delegates` once.
@MainActor
public final class MapLayersModel {
    /// Everyone who hears about changes (weakly held).
    public let delegates = MulticastDelegate<any MapLayersModelDelegate>()

    public private(set) var layers: [MapLayer] = []
    public private(set) var online = OnlineTiles()

    public init() {}

    public subscript(id: MapLayer.ID) -> MapLayer? { layers.first { $0.id == id } }

    /// Puts `layer` where the layer of its id is, or else at `index` (the top when nil).
    public func put(_ layer: MapLayer, at index: Int? = nil) {
        if let existing = layers.firstIndex(where: { $0.id == layer.id }) {
            guard layers[existing] != layer else { return }
            layers[existing] = layer
        } else {
            layers.insert(layer, at: min(max(index ?? layers.count, 0), layers.count))
        }
        broadcast(MapLayersChange(layers: [layer.id]))
    }

    public func setVisible(_ id: MapLayer.ID, _ isVisible: Bool) {
        guard let index = layers.firstIndex(where: { $0.id == id }), layers[index].isVisible != isVisible else { return }
        layers[index].isVisible = isVisible
        broadcast(MapLayersChange(layers: [id]))
    }

    /// Takes the layer away; returns it and where it was (for Undo).
    @discardableResult
    public func remove(_ id: MapLayer.ID) -> (layer: MapLayer, index: Int)? {
        guard let index = layers.firstIndex(where: { $0.id == id }) else { return nil }
        let layer = layers.remove(at: index)
        broadcast(MapLayersChange(layers: [id]))
        return (layer, index)
    }

    /// Changes the Online Tiles preference (its layer is put or removed by whoever makes its source).
    public func setOnline(_ online: OnlineTiles) {
        guard online != self.online else { return }
        self.online = online
        broadcast(MapLayersChange(onlineChanged: true))
    }

    private func broadcast(_ change: MapLayersChange) {
        delegates.invoke { $0.mapLayersDidChange(change) }
    }
}

import Multicast

/// The map's layer list (behind its Layers button): the Online Tiles preference and the map files,
/// each shown or hidden and removed with Undo, and the tiles that could not be shown, said once per
/// layer. What the map draws of the layers is `MapViewModel`'s.
@MainActor
public final class MapLayersViewModel: MapLayersModelDelegate {
    public enum Input: Sendable {
        /// A layer's check button.
        case setVisible(MapLayer.ID, Bool)
        /// A layer's remove button (Undo is offered).
        case remove(MapLayer.ID)
        /// The Undo of a removal's notice.
        case restore(MapLayer.ID)
        /// The Online Tiles preference as the person set it: on or off, and the server's address.
        case setOnline(isEnabled: Bool, template: String)
        /// A tile of a layer could not be shown, for this reason; the person is told once per layer
        /// (until it is shown or hidden again), not once per tile.
        case tileFailed(MapLayer.ID, reason: String)
        /// "Open Map File…".
        case openMapFile
    }

    public let state = Publink<MapLayersState>(replaysLast: true)
    public weak var coordinator: (any AppCoordinating)?

    private let layers: MapLayersModel
    /// The layers whose failure the person was told of.
    private var told: Set<MapLayer.ID> = []
    private var onlineProblem: String?
    /// The layer removed last, and where it was, for its notice's Undo (only the last notice is up).
    private var removed: (layer: MapLayer, index: Int)?

    public init(layers: MapLayersModel) {
        self.layers = layers
        layers.delegates += self
        publish()
    }

    public func send(_ input: Input) {
        switch input {
        case .setVisible(let id, let isVisible):
            if id == .online { setOnline(isEnabled: isVisible, template: layers.online.template) } else { layers.setVisible(id, isVisible) }
        case .remove(let id):
            guard let removed = layers.remove(id) else { return }
            self.removed = removed
            coordinator?.handle(.tell(.notice(Notice(tr("Map “{name}” removed", ["name": removed.layer.title.clipped(to: 80)]),
                                                     action: .restoreMapLayer(id)))))
        case .restore(let id):
            guard let removed, removed.layer.id == id else { return }
            self.removed = nil
            layers.put(removed.layer, at: removed.index)
        case .setOnline(let isEnabled, let template):
            setOnline(isEnabled: isEnabled, template: template)
        case .tileFailed(let id, let reason):
            guard let layer = layers[id], layer.isShown, told.insert(id).inserted else { return }
            coordinator?.handle(.tell(.notice(Notice(tr("Map “{name}”: {reason}.", ["name": layer.title.clipped(to: 80), "reason": reason])))))
        case .openMapFile:
            coordinator?.handle(.perform(.openMap))
        }
    }

    public func mapLayersDidChange(_ change: MapLayersChange) {
        told.subtract(change.layers)
        publish()
    }

    private func setOnline(isEnabled: Bool, template: String) {
        do {
            let checked = try TileURLTemplate(template)
            onlineProblem = nil
            layers.setOnline(OnlineTiles(isEnabled: isEnabled, template: checked.text))
        } catch {
            // A server whose address cannot be used is not turned on; the field says why.
            onlineProblem = error.description
            if !isEnabled { layers.setOnline(OnlineTiles(isEnabled: false, template: layers.online.template)) }
        }
        publish()
    }

    private func publish() {
        let new = MapLayersState(rows: layers.layers.map(MapLayerRow.init), online: layers.online, onlineProblem: onlineProblem)
        if state.latest != new { state.publish(new) }
    }
}

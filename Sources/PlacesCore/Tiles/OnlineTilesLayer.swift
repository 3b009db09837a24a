import Multicast

/// Makes the online layer's source for a server (the app's uses libsoup and the disk cache).
public typealias OnlineTileSourceMaker = @MainActor (TileURLTemplate) -> (any RasterTileSource)?

/// Keeps the Online Tiles layer in step with the preference in `MapLayersModel`: put first (lowest)
/// with a source for the chosen server while the preference is on, taken away when it is off. A
/// server whose address cannot be used gets a layer that says why, and the person is told.
@MainActor
final class OnlineTilesLayer: MapLayersModelDelegate {
    weak var coordinator: (any AppCoordinating)?
    private let model: MapLayersModel
    private let makeSource: OnlineTileSourceMaker?

    /// Without `makeSource` (tests, builds without HTTP), the layer says it cannot fetch tiles.
    init(model: MapLayersModel, makeSource: OnlineTileSourceMaker?) {
        self.model = model
        self.makeSource = makeSource
        model.delegates += self
    }

    func mapLayersDidChange(_ change: MapLayersChange) {
        guard change.onlineChanged else { return }
        let online = model.online
        guard online.isEnabled else {
            model.remove(.online)
            return
        }
        let source: (any RasterTileSource)?
        let problem: String?
        do {
            let template = try TileURLTemplate(online.template)
            source = makeSource?(template)
            problem = source == nil ? tr("this build of Places cannot fetch tiles") : nil
        } catch {
            source = nil
            problem = error.description
            coordinator?.handle(.tell(.error(tr("Online tiles cannot be shown: {reason}.", ["reason": error.description]))))
        }
        model.put(MapLayer(id: .online, title: source?.metadata.name ?? tr("Online Tiles"), source: source, problem: problem), at: 0)
    }
}

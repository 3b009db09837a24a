import CGtk
import PlacesCore

/// The tiles of the raster maps over the base map, one `TileLoader` per layer: read or fetched and
/// decoded off the main thread, at most 64 MB of decoded tiles kept per layer. A tile that fails is
/// told to `onFailure` (the view-model decides what the person hears); the base map shows there
/// until the tile is tried again, 15 s later at first.
@MainActor
final class RasterLayerTiles {
    private var loaders: [MapLayer.ID: (source: ObjectIdentifier, loader: TileLoader<CairoImage>)] = [:]
    private static let budget = 64 << 20

    /// A tile arrived, or a failed one may be asked for again: the canvas draws again.
    var onArrival: (@MainActor () -> Void)?
    /// A tile of a layer could not be shown, for this reason.
    var onFailure: (@MainActor (MapLayer.ID, String) -> Void)?

    /// The loader of `layer`'s tiles (a new one when its source changed).
    func loader(for layer: MapRasterLayer) -> TileLoader<CairoImage> {
        if let kept = loaders[layer.id], kept.source == ObjectIdentifier(layer.source) { return kept.loader }
        let source = layer.source, id = layer.id
        let loader = TileLoader<CairoImage>(budget: Self.budget, cost: \.byteCount) { [weak self] (tile: TileID) -> TileLoader<CairoImage>.Made in
            let failure: String
            switch await source.tile(tile) {
            case .none: return .nothing
            case .failed(let reason): failure = reason
            case .image(let bytes):
                switch TileDecoder.decode(bytes) {
                case .success(let image): return .image(image)
                case .failure(let problem): failure = problem.reason
                }
            }
            await self?.failed(id, failure)
            return .failed
        }
        loader.onArrival = { [weak self] in self?.onArrival?() }
        loaders[layer.id] = (ObjectIdentifier(source), loader)
        return loader
    }

    /// Forgets the tiles of layers no longer shown.
    func keep(only layers: [MapRasterLayer]) {
        let shown = Set(layers.map(\.id))
        for id in loaders.keys where !shown.contains(id) { loaders[id] = nil }
    }

    private func failed(_ id: MapLayer.ID, _ reason: String) {
        onFailure?(id, reason)
    }
}

import CGtk
import PlacesCore

/// The tiles of the map files and online maps over the base map, one `TileLoader` per layer: read or
/// fetched, then decoded (PNG, JPEG) or drawn (vector tiles, in the style of the map's schema and
/// the window's palette) off the main thread, at most 64 MB of tiles kept per layer. A tile that
/// fails is told to `onFailure` (the view-model decides what the person hears); the base map shows
/// there until the tile is tried again, 15 s later at first.
@MainActor
final class RasterLayerTiles {
    private var loaders: [MapLayer.ID: (source: ObjectIdentifier, loader: TileLoader<CairoImage>, isVector: Bool)] = [:]
    private static let budget = 64 << 20

    /// What vector tiles are drawn in: changing it draws them again.
    var look = (palette: MapPalette.light, scale: 1) {
        didSet {
            guard look != oldValue else { return }
            for (id, entry) in loaders where entry.isVector { loaders[id] = nil }
        }
    }

    /// How many tiles in view the last frame drew without their own image (standing in with an
    /// ancestor's part, or the base map), waiting to be made.
    var waiting = 0

    /// A tile arrived, or a failed one may be asked for again: the canvas draws again.
    var onArrival: (@MainActor () -> Void)?
    /// A tile of a layer could not be shown, for this reason.
    var onFailure: (@MainActor (MapLayer.ID, String) -> Void)?

    /// The loader of `layer`'s tiles (a new one when its source changed).
    func loader(for layer: MapRasterLayer) -> TileLoader<CairoImage> {
        if let kept = loaders[layer.id], kept.source == ObjectIdentifier(layer.source) { return kept.loader }
        let id = layer.id
        let make = layer.source.metadata.format == .mvt ? vectorTiles(of: layer) : rasterTiles(of: layer)
        let loader = TileLoader<CairoImage>(budget: Self.budget, cost: \.byteCount) { [weak self] (tile: TileID) -> TileLoader<CairoImage>.Made in
            switch await make(tile) {
            case .success(let image?): return .image(image)
            case .success(nil): return .nothing
            case .failure(let problem):
                await self?.failed(id, problem.reason)
                return .failed
            }
        }
        loader.onArrival = { [weak self] in self?.onArrival?() }
        loaders[layer.id] = (ObjectIdentifier(layer.source), loader, layer.source.metadata.format == .mvt)
        return loader
    }

    private typealias Make = @Sendable (TileID) async -> Result<CairoImage?, TileFailure>

    private func rasterTiles(of layer: MapRasterLayer) -> Make {
        let source = layer.source
        return { tile in
            switch await source.tile(tile) {
            case .none: .success(nil)
            case .failed(let reason): .failure(TileFailure(reason: reason))
            case .image(let bytes): TileDecoder.decode(bytes).map { $0 }
            }
        }
    }

    /// Tiles of a vector map: a tile deeper than the map's levels is drawn from its ancestor at the
    /// deepest level, decoded once for all its descendants (and for the map's labels).
    private func vectorTiles(of layer: MapRasterLayer) -> Make {
        let source = layer.source, metadata = source.metadata
        let painter = VectorTilePainter(
            style: VectorStyle(schema: VectorSchema(layers: metadata.vectorLayers), palette: look.palette, layers: metadata.vectorLayers),
            bounds: metadata.bounds, scale: look.scale
        )
        return { tile in
            let data = tile.z > metadata.maxZoom ? tile.ancestor(levels: tile.z - metadata.maxZoom) : tile
            return await source.vectorTile(data).map { vector in vector.map { painter.image(of: tile, from: $0, source: data) } }
        }
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

import Foundation

/// Opens the map files the person gives (MBTiles, PMTiles) as layers over the base map, and tells
/// map files from files of places.
@MainActor
final class MapFiles {
    /// A map file shown: what to tell the person, and the area to glide to with the deepest zoom to
    /// glide in to (nil: it could not be shown, and the layers are as they were).
    struct Opened {
        var message: Message
        var area: (bounds: WorldRect, maximumZoom: Double)?
    }

    private let layers: MapLayersModel

    init(layers: MapLayersModel) {
        self.layers = layers
    }

    /// Splits `paths` into map files (known by their content, or named `.mbtiles` or `.pmtiles`, so
    /// that a broken one is reported as a map) and the others, each in the order given; the files are
    /// looked at off the main thread.
    nonisolated static func sort(_ paths: [String]) async -> (maps: [String], others: [String]) {
        let isMap = await Task.detached(priority: .userInitiated) { paths.map(TileArchives.isMapFile) }.value
        return (zip(paths, isMap).filter(\.1).map(\.0), zip(paths, isMap).filter { !$0.1 }.map(\.0))
    }

    /// Shows the map file at `path` over the base map (opened off the main thread).
    func open(_ path: String) async -> Opened {
        let layer = await MapLayer.open(file: path)
        let file = URL(fileURLWithPath: path).lastPathComponent
        guard let metadata = layer.metadata else {
            return Opened(message: .error(tr("Could not open the map {file}: {reason}.", ["file": file, "reason": layer.problem ?? ""])))
        }
        layers.put(layer)
        return Opened(
            message: .notice(Notice(tr("Showing the map “{name}” (levels {min}–{max})", [
                "name": layer.title.clipped(to: 80), "min": String(metadata.minZoom), "max": String(metadata.maxZoom),
            ]))),
            area: (metadata.bounds, Double(max(metadata.minZoom, min(metadata.maxZoom, 12))))
        )
    }
}

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
        let (name, min, max) = (layer.title.clipped(to: 80), String(metadata.minZoom), String(metadata.maxZoom))
        guard metadata.format == .mvt else {
            return Opened(message: .notice(Notice(tr("Showing the map “{name}” (levels {min}–{max})", ["name": name, "min": min, "max": max]))),
                          area: (metadata.bounds, Double(Swift.max(metadata.minZoom, Swift.min(metadata.maxZoom, 12)))))
        }
        // A vector map is as sharp at any level: a town's map is shown whole, down to its streets.
        let text = switch VectorSchema(layers: metadata.vectorLayers) {
        case .openMapTiles: tr("Showing the street map “{name}” (OpenMapTiles, levels {min}–{max})", ["name": name, "min": min, "max": max])
        case .protomaps: tr("Showing the street map “{name}” (Protomaps, levels {min}–{max})", ["name": name, "min": min, "max": max])
        case .other: tr("Showing the map “{name}” (levels {min}–{max}) in a plain style: Places knows the layers of OpenMapTiles and Protomaps maps, not this one's",
                             ["name": name, "min": min, "max": max])
        }
        return Opened(message: .notice(Notice(text)), area: (metadata.bounds, Double(Swift.max(metadata.minZoom, 16))))
    }
}

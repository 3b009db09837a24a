import Foundation

extension MapLayer {
    /// The layer of the map file at `path`, opened off the main thread; one that cannot be opened has
    /// no source, and its `problem` says why.
    nonisolated static func open(file path: String) async -> MapLayer {
        let title = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return await Task.detached(priority: .userInitiated) {
            do {
                let archive = try TileArchives.open(path, title: title)
                return MapLayer(id: .file(path), title: archive.metadata.name, source: ArchiveTileSource(archive: archive, path: path))
            } catch {
                return MapLayer(id: .file(path), title: title, isVisible: true, source: nil, problem: "\(error)")
            }
        }.value
    }
}

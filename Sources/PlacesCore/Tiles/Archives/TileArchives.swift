import Foundation

/// Opens map files of raster tiles, known by their content: the SQLite header of an MBTiles file,
/// the magic of a PMTiles archive; the file's name says nothing.
public enum TileArchives {
    /// Whether the file at `path` is an MBTiles or PMTiles map (false when it cannot be read).
    public static func isTileArchive(_ path: String) -> Bool {
        (try? kind(of: path)) != nil
    }

    /// Whether the file at `path` is to be opened as a map: one by its content, or one named `.mbtiles`
    /// or `.pmtiles` whatever it holds, so that a broken map is reported as a map, not as a file of places.
    public static func isMapFile(_ path: String) -> Bool {
        isTileArchive(path) || ["mbtiles", "pmtiles"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// The map in the file at `path`, named `title` when it has no name of its own.
    public static func open(_ path: String, title: String) throws(TileArchiveError) -> any TileArchive {
        switch try kind(of: path) {
        case .mbtiles: try MBTilesArchive(path: path, title: title)
        case .pmtiles: try PMTilesArchive(path: path, title: title)
        }
    }

    private enum Kind { case mbtiles, pmtiles }

    private static func kind(of path: String) throws(TileArchiveError) -> Kind {
        let head: [UInt8]
        do {
            head = try PositionalFile(path: path).read(at: 0, count: 16)
        } catch {
            throw .unreadable(error)
        }
        if head.starts(with: Array("SQLite format 3".utf8) + [0]) { return .mbtiles }
        if head.starts(with: Array("PMTiles".utf8)) { return .pmtiles }
        throw .notATileArchive
    }
}

/// Why a map file cannot be shown, or a tile of it read, in words: shown after the file's name
/// ("alps.mbtiles cannot be shown: it has no tiles table…").
public enum TileArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(FileProblem)
    /// Neither the SQLite header of an MBTiles file nor the PMTiles magic.
    case notATileArchive
    /// An MBTiles file without the table of tiles.
    case noTilesTable
    /// Tiles of a kind Places does not draw (WebP, AVIF...).
    case unsupportedTiles(String)
    /// Directories compressed in a way Places cannot read (Brotli, Zstandard).
    case unsupportedCompression(String)
    /// Tiles compressed in a way Places cannot read.
    case unsupportedTileCompression(String)
    case tooLargeTile(bytes: Int)
    /// The file's structure is broken: what is wrong.
    case damaged(String)

    public var description: String {
        switch self {
        case .unreadable(let problem): "\(problem)"
        case .notATileArchive: tr("it is neither an MBTiles nor a PMTiles map")
        case .noTilesTable: tr("it has no tiles table, where an MBTiles map keeps its tiles")
        case .unsupportedTiles(let kind):
            tr("its tiles are {kind}, and Places draws PNG, JPEG and vector tiles", ["kind": kind])
        case .unsupportedCompression(let kind):
            tr("its directories are compressed with {kind}, which Places cannot read", ["kind": kind])
        case .unsupportedTileCompression(let kind):
            tr("its tiles are compressed with {kind}, which Places cannot read", ["kind": kind])
        case .tooLargeTile(let bytes):
            tr("a tile of {size} is larger than the {limit} Places reads",
               ["size": FileProblem.size(Int64(bytes)), "limit": FileProblem.size(Int64(largestTile))])
        case .damaged(let reason): tr("it is damaged: {reason}", ["reason": reason])
        }
    }
}

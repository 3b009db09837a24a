/// Where a map layer's tiles come from: a map file, or a tile server through the disk cache. Asked
/// from any thread, several tiles at a time.
public protocol RasterTileSource: AnyObject, Sendable {
    var metadata: TileArchiveMetadata { get }
    func tile(_ id: TileID) async -> RasterTileResult
}

/// What a source answers for one tile.
public enum RasterTileResult: Equatable, Sendable {
    /// The tile's encoded image (PNG or JPEG).
    case image([UInt8])
    /// The source has no such tile: the base map shows there.
    case none
    /// The tile could not be had, for this reason (written for the person).
    case failed(String)
}

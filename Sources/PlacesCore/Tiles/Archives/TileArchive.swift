/// A map file of raster tiles (MBTiles, PMTiles): what it covers and its tiles' bytes. Safe to read
/// from several threads at once.
public protocol TileArchive: AnyObject, Sendable {
    var metadata: TileArchiveMetadata { get }
    /// The encoded image of tile `id` (PNG or JPEG, as `metadata.format` says); nil when the file
    /// has no such tile.
    func tileData(_ id: TileID) throws(TileArchiveError) -> [UInt8]?
}

/// The largest tile read from a file or a server: a real map tile is tens of kilobytes.
public let largestTile = 8 << 20

/// Where a map layer's tiles come from: a map file, or a tile server through the disk cache. Asked
/// from any thread, several tiles at a time.
public protocol RasterTileSource: AnyObject, Sendable {
    var metadata: TileArchiveMetadata { get }
    func tile(_ id: TileID) async -> RasterTileResult
    /// A vector map's tiles decoded last, shared by what draws them and what labels them; nil for
    /// raster maps.
    var decodedTiles: DecodedVectorTiles? { get }
}

extension RasterTileSource {
    public var decodedTiles: DecodedVectorTiles? { nil }

    /// Vector tile `id` decoded (kept in `decodedTiles`): nil where the map has no such tile.
    public func vectorTile(_ id: TileID) async -> Result<VectorTile?, TileFailure> {
        let decoded = decodedTiles ?? DecodedVectorTiles()
        if let kept = decoded.kept(id) { return .success(kept) }
        switch await tile(id) {
        case .none: return .success(nil)
        case .failed(let reason): return .failure(TileFailure(reason: reason))
        case .image(let bytes):
            do {
                return .success(try decoded.decode(id, bytes))
            } catch {
                return .failure(TileFailure(reason: tr("its tile {tile} cannot be drawn: {reason}", ["tile": "\(id)", "reason": "\(error)"])))
            }
        }
    }
}

/// Why a tile is not drawn, in words.
public struct TileFailure: Error, Sendable {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }
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

/// The tiles of a map file (MBTiles, PMTiles).
public final class ArchiveTileSource: RasterTileSource {
    public let archive: any TileArchive
    public let path: String

    public let decodedTiles: DecodedVectorTiles?

    public init(archive: any TileArchive, path: String) {
        self.archive = archive
        self.path = path
        decodedTiles = archive.metadata.format == .mvt ? DecodedVectorTiles() : nil
    }

    public var metadata: TileArchiveMetadata { archive.metadata }

    public func tile(_ id: TileID) async -> RasterTileResult {
        do {
            return try archive.tileData(id).map(RasterTileResult.image) ?? .none
        } catch {
            return .failed("\(error)")
        }
    }
}

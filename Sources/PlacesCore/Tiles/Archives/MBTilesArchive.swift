import Foundation
import Synchronization

/// An MBTiles map file (spec 1.3): a SQLite database whose `tiles` table holds PNG or JPEG tiles
/// by zoom, column and row, rows counted from the south (TMS), and whose `metadata` table names the
/// map, its format, levels, bounds and attribution. What the metadata leaves out is found from the
/// tiles themselves.
final class MBTilesArchive: TileArchive {
    let metadata: TileArchiveMetadata
    /// The database and its tile query, one reader at a time.
    private let tiles: Mutex<(database: SQLiteDatabase, query: SQLiteDatabase.Statement)>

    init(path: String, title: String) throws(TileArchiveError) {
        let database = try SQLiteDatabase(path: path)
        let (query, reason) = database.prepare("SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?")
        guard let query else {
            throw reason.contains("no such table") ? .noTilesTable : .damaged(tr("SQLite cannot read it ({reason})", ["reason": reason]))
        }
        metadata = try Self.metadata(of: database, title: title)
        tiles = Mutex((database, query))
    }

    func tileData(_ id: TileID) throws(TileArchiveError) -> [UInt8]? {
        guard id.isValid else { return nil }
        let result: Result<[UInt8]?, TileArchiveError> = tiles.withLock { tiles in
            tiles.query.bind([id.z, id.x, id.tmsRow])
            do throws(TileArchiveError) {
                guard try tiles.query.step() else { return .success(nil) }
                let size = tiles.query.blobSize(0)
                guard size <= largestTile else { return .failure(.tooLargeTile(bytes: size)) }
                return .success(tiles.query.blob(0))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A vector map's layers: as its `json` row names them, else as its first tile holds them.
    private static func vectorLayers(_ json: String?, _ database: SQLiteDatabase) throws(TileArchiveError) -> [String] {
        let named = TileArchiveMetadata.vectorLayers(inJSON: ["json": json ?? ""])
        guard named.isEmpty, let first = database.prepare("SELECT tile_data FROM tiles LIMIT 1").statement, try first.step(),
              first.blobSize(0) <= largestTile, let tile = try? VectorTile(decoding: first.blob(0)) else { return named }
        return tile.layers.map(\.name)
    }

    private static func metadata(of database: SQLiteDatabase, title: String) throws(TileArchiveError) -> TileArchiveMetadata {
        var values: [String: String] = [:]
        // A file without a metadata table is still a map: everything is then found from the tiles.
        if let rows = database.prepare("SELECT name, value FROM metadata").statement {
            while try rows.step() {
                if let name = rows.text(0), let value = rows.text(1) { values[name.lowercased()] = value }
            }
        }
        let format: TileArchiveMetadata.Format
        switch values["format"]?.lowercased() {
        case "png": format = .png
        case "jpg", "jpeg": format = .jpeg
        case "pbf", "mvt": format = .mvt
        case let named?: throw .unsupportedTiles(named)
        case nil:
            guard let first = database.prepare("SELECT tile_data FROM tiles LIMIT 1").statement, try first.step() else {
                throw .damaged(tr("it holds no tile"))
            }
            let bytes = first.blob(0)
            if let found = TileArchiveMetadata.format(ofTile: bytes) {
                format = found
            } else if TileArchiveMetadata.looksLikeVectorTile(bytes) {
                format = .mvt
            } else {
                throw .unsupportedTiles(tr("not PNG or JPEG"))
            }
        }
        var minZoom = values["minzoom"].flatMap { Int($0.trimmedOfWhitespace) }
        var maxZoom = values["maxzoom"].flatMap { Int($0.trimmedOfWhitespace) }
        if minZoom == nil || maxZoom == nil, let levels = database.prepare("SELECT MIN(zoom_level), MAX(zoom_level) FROM tiles").statement,
           try levels.step() {
            minZoom = minZoom ?? levels.integer(0)
            maxZoom = maxZoom ?? levels.integer(1)
        }
        guard let minZoom, let maxZoom, 0...30 ~= minZoom, minZoom...30 ~= maxZoom else { throw .damaged(tr("it holds no tile")) }
        let box = (values["bounds"] ?? "").split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        let bounds = box.count == 4 ? TileArchiveMetadata.bounds(west: box[0], south: box[1], east: box[2], north: box[3]) : nil
        return TileArchiveMetadata(
            name: values["name"].map(\.trimmedOfWhitespace).flatMap { $0.isEmpty ? nil : $0 } ?? title,
            format: format, minZoom: minZoom, maxZoom: maxZoom, bounds: bounds ?? .world,
            attribution: HTMLText.plain(values["attribution"] ?? "").trimmedOfWhitespace,
            vectorLayers: format == .mvt ? try vectorLayers(values["json"], database) : []
        )
    }
}

import Foundation
import Synchronization

/// A PMTiles archive (spec v3), the single-file format GNOME Maps adopted for its offline maps, of
/// raster or vector tiles: a 127-byte header, a root directory, JSON metadata, leaf directories and
/// the tiles, found by their Hilbert tile id. The file is read at offsets, never whole; the root directory is kept, and
/// the 64 leaf directories used last.
final class PMTilesArchive: TileArchive {
    let metadata: TileArchiveMetadata
    private let file: PositionalFile
    private let header: Header
    private let root: PMTilesDirectory
    private let leaves = Mutex<(directories: [UInt64: PMTilesDirectory], order: [UInt64])>(([:], []))

    /// The largest directory or metadata read, compressed or not.
    private static let largestDirectory = 32 << 20

    struct Header {
        var rootOffset, rootLength, metadataOffset, metadataLength: UInt64
        var leavesOffset, leavesLength, tilesOffset, tilesLength: UInt64
        var internalCompression, tileCompression, tileType: UInt8
        var minZoom, maxZoom: Int
        var bounds: WorldRect?

        init(_ bytes: [UInt8]) throws(TileArchiveError) {
            guard bytes.count >= 127, bytes.starts(with: Array("PMTiles".utf8)) else { throw .notATileArchive }
            // Version 3; old writers put the digit "3".
            guard bytes[7] == 3 || bytes[7] == UInt8(ascii: "3") else {
                throw .damaged(tr("it is PMTiles version {version}, and Places reads version 3", ["version": String(bytes[7])]))
            }
            func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) } }
            func e7(_ at: Int) -> Double {
                Double(Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) })) / 1e7
            }
            (rootOffset, rootLength, metadataOffset, metadataLength) = (u64(8), u64(16), u64(24), u64(32))
            (leavesOffset, leavesLength, tilesOffset, tilesLength) = (u64(40), u64(48), u64(56), u64(64))
            (internalCompression, tileCompression, tileType) = (bytes[97], bytes[98], bytes[99])
            (minZoom, maxZoom) = (Int(bytes[100]), Int(bytes[101]))
            bounds = TileArchiveMetadata.bounds(west: e7(102), south: e7(106), east: e7(110), north: e7(114))
        }
    }

    init(path: String, title: String) throws(TileArchiveError) {
        do {
            file = try PositionalFile(path: path)
        } catch {
            throw .unreadable(error)
        }
        header = try Header(try Self.read(file, at: 0, count: 127))
        switch header.tileType {
        case 1, 2, 3: break
        case 4: throw .unsupportedTiles("WebP")
        case 5: throw .unsupportedTiles("AVIF")
        default: throw .unsupportedTiles(tr("of an unknown kind"))
        }
        switch header.tileCompression {
        case 3: throw .unsupportedTileCompression("Brotli")
        case 4: throw .unsupportedTileCompression("Zstandard")
        default: break
        }
        guard header.minZoom <= header.maxZoom, header.maxZoom <= 30 else { throw .damaged(tr("its zoom levels are wrong")) }
        root = try PMTilesDirectory(Self.decompress(try Self.read(file, at: header.rootOffset, count: header.rootLength), header.internalCompression))
        var json: [String: Any] = [:]
        if header.metadataLength > 0,
           let bytes = try? Self.decompress(try Self.read(file, at: header.metadataOffset, count: header.metadataLength), header.internalCompression) {
            json = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] ?? [:]
        }
        let name = (json["name"] as? String)?.trimmedOfWhitespace
        var metadata = TileArchiveMetadata(
            name: name.flatMap { $0.isEmpty ? nil : $0 } ?? title,
            format: header.tileType == 1 ? .mvt : header.tileType == 2 ? .png : .jpeg,
            minZoom: header.minZoom, maxZoom: header.maxZoom, bounds: header.bounds ?? .world,
            attribution: HTMLText.plain(json["attribution"] as? String ?? "").trimmedOfWhitespace,
            vectorLayers: header.tileType == 1 ? TileArchiveMetadata.vectorLayers(inJSON: json) : []
        )
        if metadata.format == .mvt, metadata.vectorLayers.isEmpty, let first = try? Self.firstTile(file, header, root),
           let tile = try? VectorTile(decoding: first) {
            metadata.vectorLayers = tile.layers.map(\.name)
        }
        self.metadata = metadata
    }

    /// The first tile the directories list, read and inflated: what a vector map without
    /// `vector_layers` holds is read from it.
    private static func firstTile(_ file: PositionalFile, _ header: Header, _ root: PMTilesDirectory) throws(TileArchiveError) -> [UInt8]? {
        var directory = root
        for _ in 0..<4 {
            guard let entry = directory.entries.first else { return nil }
            guard entry.runLength == 0 else {
                guard entry.length <= UInt64(largestTile) else { return nil }
                let bytes = try read(file, at: header.tilesOffset &+ entry.offset, count: entry.length)
                return header.tileCompression == 2 ? try Gzip.inflate(bytes, limit: largestTile) : bytes
            }
            directory = try PMTilesDirectory(decompress(try read(file, at: header.leavesOffset &+ entry.offset, count: entry.length), header.internalCompression))
        }
        return nil
    }

    func tileData(_ id: TileID) throws(TileArchiveError) -> [UInt8]? {
        guard id.isValid, header.minZoom...header.maxZoom ~= id.z else { return nil }
        let tileID = PMTilesDirectory.tileID(id)
        var directory = root
        // Root, then at most three levels of leaves: deeper is a loop in a damaged file.
        for _ in 0..<4 {
            guard let entry = directory.entry(for: tileID) else { return nil }
            if entry.runLength > 0 {
                guard entry.length <= UInt64(largestTile) else { throw .tooLargeTile(bytes: Int(clamping: entry.length)) }
                let bytes = try Self.read(file, at: header.tilesOffset &+ entry.offset, count: entry.length)
                return header.tileCompression == 2 ? try Gzip.inflate(bytes, limit: largestTile) : bytes
            }
            directory = try leaf(at: header.leavesOffset &+ entry.offset, length: entry.length)
        }
        throw .damaged(tr("its directories point at each other"))
    }

    /// A leaf directory, read once and kept among the 64 used last.
    private func leaf(at offset: UInt64, length: UInt64) throws(TileArchiveError) -> PMTilesDirectory {
        if let kept = leaves.withLock({ $0.directories[offset] }) { return kept }
        let directory = try PMTilesDirectory(Self.decompress(try Self.read(file, at: offset, count: length), header.internalCompression))
        leaves.withLock { leaves in
            if leaves.directories[offset] == nil {
                leaves.order.append(offset)
                if leaves.order.count > 64 { leaves.directories[leaves.order.removeFirst()] = nil }
            }
            leaves.directories[offset] = directory
        }
        return directory
    }

    private static func read(_ file: PositionalFile, at offset: UInt64, count: UInt64) throws(TileArchiveError) -> [UInt8] {
        guard count <= UInt64(largestDirectory), offset <= UInt64(file.size), count <= UInt64(file.size) - offset else {
            throw .damaged(tr("a part lies beyond the end of the file"))
        }
        do {
            return try file.read(at: Int(offset), count: Int(count))
        } catch {
            throw .unreadable(error)
        }
    }

    private static func decompress(_ bytes: [UInt8], _ compression: UInt8) throws(TileArchiveError) -> [UInt8] {
        switch compression {
        case 0, 1: bytes
        case 2: try Gzip.inflate(bytes, limit: largestDirectory)
        case 3: throw .unsupportedCompression("Brotli")
        case 4: throw .unsupportedCompression("Zstandard")
        default: throw .damaged(tr("its directories' compression is unknown"))
        }
    }
}

import Foundation
import Synchronization

/// Tiles from servers kept on disk, so that the map still shows them when the server cannot be
/// reached: one file per tile under `root/SERVER/z/x/y` (SERVER a hash of the address template),
/// holding the tile with until when it is fresh and what to ask the server to check it. At most
/// `limit` bytes are kept under `root`: past it, the tiles used longest ago go first (reading a tile
/// touches its file). Safe to use from several threads; each file is replaced atomically.
public final class TileDiskCache: Sendable {
    public struct Entry: Equatable, Sendable {
        public var expiry: Date
        public var etag: String?
        public var lastModified: String?
        public var body: [UInt8]

        public init(expiry: Date, etag: String? = nil, lastModified: String? = nil, body: [UInt8]) {
            self.expiry = expiry
            self.etag = etag
            self.lastModified = lastModified
            self.body = body
        }
    }

    /// `$XDG_CACHE_HOME/places/tiles`.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return cache.appendingPathComponent("places/tiles")
    }

    public let root: URL
    /// This server's folder.
    public let folder: URL
    public let limit: Int
    /// The bytes under `root`, once counted (nil before the first write).
    private let total = Mutex<Int?>(nil)

    private static let magic = Array("PLTC".utf8) + [1]

    public init(root: URL, template: TileURLTemplate, limit: Int = 500 << 20) {
        self.root = root
        self.limit = limit
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in template.text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        folder = root.appendingPathComponent(String(hash, radix: 16))
    }

    private func url(_ id: TileID) -> URL {
        folder.appendingPathComponent("\(id.z)/\(id.x)/\(id.y)")
    }

    /// The kept tile, if any (fresh or not); a damaged file is removed.
    public func read(_ id: TileID) -> Entry? {
        let url = url(id)
        guard let data = try? RegularFile.readIfPresent(url.path, limit: Int64(largestTile + 4096)) else { return nil }
        guard let entry = Self.decode(data) else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        return entry
    }

    /// Keeps `entry` as tile `id`, then makes room if the cache has grown past its limit.
    public func write(_ entry: Entry, for id: TileID) {
        let url = url(id)
        let data = Self.encode(entry)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let previous = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            try Data(data).write(to: url, options: .atomic)
            let grown = total.withLock { total -> Int? in
                guard let known = total else { return nil }
                total = known + data.count - previous
                return total
            }
            if (grown ?? measure()) > limit { trim() }
        } catch {
            // A full or read-only disk: the tile is shown, just not kept.
        }
    }

    /// Counts the bytes under `root` (once, at the first write of a session).
    private func measure() -> Int {
        let size = files().reduce(0) { $0 + $1.size }
        total.withLock { $0 = size }
        return size
    }

    /// Removes the tiles used longest ago until the cache holds at most nine tenths of its limit.
    private func trim() {
        var files = files()
        files.sort { $0.used < $1.used }
        var size = files.reduce(0) { $0 + $1.size }
        for file in files where size > limit * 9 / 10 {
            if (try? FileManager.default.removeItem(at: file.url)) != nil { size -= file.size }
        }
        total.withLock { $0 = size }
    }

    private func files() -> [(url: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { return [] }
        var found: [(URL, Int, Date)] = []
        for case let url as URL in walk {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            found.append((url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
        }
        return found
    }

    // MARK: File format: "PLTC", version 1, expiry (seconds since 1970, Int64 LE), ETag and
    // Last-Modified (UInt16 LE length, UTF-8), then the tile's bytes.

    static func encode(_ entry: Entry) -> [UInt8] {
        var bytes = magic
        withUnsafeBytes(of: Int64(entry.expiry.timeIntervalSince1970.rounded()).littleEndian) { bytes += $0 }
        for text in [entry.etag, entry.lastModified] {
            let utf8 = Array((text ?? "").utf8.prefix(1024))
            withUnsafeBytes(of: UInt16(utf8.count).littleEndian) { bytes += $0 }
            bytes += utf8
        }
        return bytes + entry.body
    }

    static func decode(_ bytes: [UInt8]) -> Entry? {
        guard bytes.starts(with: magic), bytes.count >= magic.count + 12 else { return nil }
        var offset = magic.count
        func integer(_ count: Int) -> UInt64? {
            guard offset + count <= bytes.count else { return nil }
            defer { offset += count }
            return (0..<count).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
        }
        func text() -> String?? {
            guard let length = integer(2).map(Int.init), offset + length <= bytes.count else { return nil }
            defer { offset += length }
            return length == 0 ? .some(nil) : String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        guard let seconds = integer(8), let etag = text(), let lastModified = text() else { return nil }
        return Entry(expiry: Date(timeIntervalSince1970: TimeInterval(Int64(bitPattern: seconds))), etag: etag, lastModified: lastModified,
                     body: Array(bytes[offset...]))
    }
}

import Foundation

/// Tiles from a server, through the disk cache: a fresh cached tile is used as is; a stale one is
/// checked with the server (which may answer "not modified"); when the server cannot be reached or
/// fails, a cached tile of any age is shown rather than nothing. Nothing is fetched beyond what the
/// map asks for (the tiles in view), and no tile body is read beyond `largestTile`.
public final class OnlineTileSource: RasterTileSource {
    public let metadata: TileArchiveMetadata
    public let template: TileURLTemplate
    private let fetcher: any TileFetching
    private let cache: TileDiskCache?
    private let now: @Sendable () -> Date

    /// The deepest level asked of a server (OpenStreetMap's is 19).
    public static let maxZoom = 19

    public init(template: TileURLTemplate, fetcher: any TileFetching, cache: TileDiskCache?, now: @escaping @Sendable () -> Date = Date.init) {
        self.template = template
        self.fetcher = fetcher
        self.cache = cache
        self.now = now
        let isOSM = template.text == OnlineTiles.openStreetMap
        metadata = TileArchiveMetadata(
            name: isOSM ? "OpenStreetMap" : template.host, format: .png, minZoom: 0, maxZoom: Self.maxZoom,
            attribution: isOSM ? "© OpenStreetMap contributors" : tr("Tiles: {server}", ["server": template.host])
        )
    }

    public func tile(_ id: TileID) async -> RasterTileResult {
        guard id.isValid, id.z <= Self.maxZoom else { return .none }
        let cached = cache?.read(id)
        if let cached, cached.expiry > now() { return .image(cached.body) }
        let request = TileRequest(url: template.url(for: id), etag: cached?.etag, lastModified: cached?.lastModified)
        switch await fetcher.fetch(request) {
        case .received(let status, let headers, let body) where (200..<300).contains(status):
            guard TileArchiveMetadata.format(ofTile: body) != nil else {
                return cached.map { .image($0.body) } ?? .failed(tr("the server sent something that is not a PNG or JPEG image"))
            }
            if let expiry = HTTPCachePolicy.expiry(headers: headers, now: now()) {
                cache?.write(TileDiskCache.Entry(expiry: expiry, etag: headers["etag"], lastModified: headers["last-modified"], body: body), for: id)
            }
            return .image(body)
        case .received(304, let headers, _):
            guard var cached else { return .failed(tr("the server answered “not modified” for a tile Places does not have")) }
            if let expiry = HTTPCachePolicy.expiry(headers: headers, now: now()) {
                cached.expiry = expiry
                cache?.write(cached, for: id)
            }
            return .image(cached.body)
        case .received(let status, _, _):
            return cached.map { .image($0.body) } ?? .failed(tr("the server answered with error {status}", ["status": String(status)]))
        case .tooLarge:
            return .failed(tr("the server sent a tile larger than the {limit} Places reads", ["limit": FileProblem.size(Int64(largestTile))]))
        case .unreachable(let reason):
            return cached.map { .image($0.body) } ?? .failed(reason)
        }
    }
}

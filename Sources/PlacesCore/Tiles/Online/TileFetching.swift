/// What a tile is asked for over HTTP: its address, and what the cached copy was sent with, so that
/// the server can answer "not modified".
public struct TileRequest: Equatable, Sendable {
    public var url: String
    public var etag: String?
    public var lastModified: String?
    /// The largest body accepted; beyond it the answer is `tooLarge`.
    public var limit: Int

    public init(url: String, etag: String? = nil, lastModified: String? = nil, limit: Int = largestTile) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.limit = limit
    }
}

/// How a tile server answered.
public enum TileResponse: Equatable, Sendable {
    /// An HTTP answer: its status, its headers (names in lower case) and its body.
    case received(status: Int, headers: [String: String], body: [UInt8])
    /// The body was longer than the request's limit (it was not read further).
    case tooLarge
    /// No answer: no network, no such server, or no answer in time (the reason, in words).
    case unreachable(String)
}

/// Asks tile servers for tiles (libsoup in the app, a fake in tests). Called from any thread.
public protocol TileFetching: Sendable {
    func fetch(_ request: TileRequest) async -> TileResponse
}

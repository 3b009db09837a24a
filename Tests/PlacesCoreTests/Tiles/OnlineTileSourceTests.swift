import Foundation
@testable import PlacesCore
import Synchronization
import Testing

/// A tile server as the tests script it: answers in order (the last one repeated), and every
/// request kept.
final class ScriptedTileServer: TileFetching {
    private let state: Mutex<(answers: [TileResponse], requests: [TileRequest])>

    init(_ answers: [TileResponse]) { state = Mutex((answers, [])) }

    var requests: [TileRequest] { state.withLock { $0.requests } }

    /// From now on, answers `answers`.
    func answer(_ answers: [TileResponse]) { state.withLock { $0.answers = answers } }

    func fetch(_ request: TileRequest) async -> TileResponse {
        state.withLock { state in
            state.requests.append(request)
            return state.answers.count > 1 ? state.answers.removeFirst() : state.answers[0]
        }
    }

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("tile".utf8)

    static func ok(_ headers: [String: String] = [:], body: [UInt8] = png) -> TileResponse {
        .received(status: 200, headers: headers, body: body)
    }
}

/// A clock the tests move.
final class TestClock: Sendable {
    private let seconds = Mutex<TimeInterval>(1_000_000)
    var now: Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
    func advance(_ by: TimeInterval) { seconds.withLock { $0 += by } }
}

@Suite("Online tiles: addresses, HTTP caching, the disk cache, and servers that fail")
struct OnlineTileSourceTests {
    static let template = try! TileURLTemplate("https://{s}.tiles.example.org/{z}/{x}/{y}.png")
    static let tile = TileID(z: 5, x: 16, y: 11)

    @Test("a template puts the tile's level, column and row in its place, and a subdomain the tile always gets")
    func templates() throws {
        #expect(Self.template.url(for: Self.tile) == "https://a.tiles.example.org/5/16/11.png")
        #expect(Self.template.url(for: TileID(z: 5, x: 15, y: 11)) == "https://c.tiles.example.org/5/15/11.png")
        #expect(Self.template.host == "{s}.tiles.example.org")
        let osm = try TileURLTemplate(OnlineTiles.openStreetMap)
        #expect(osm.url(for: TileID(z: 0, x: 0, y: 0)) == "https://tile.openstreetmap.org/0/0/0.png")
        #expect(osm.host == "tile.openstreetmap.org")
        #expect(try TileURLTemplate("  http://127.0.0.1:8080/{z}/{x}/{y}.png ").host == "127.0.0.1")
    }

    @Test("a template that cannot be used says why", arguments: [
        ("ftp://tiles.example.org/{z}/{x}/{y}.png", "must start with https:// or http://"),
        ("https://tiles.example.org/{z}/{x}.png", "has no {y}"),
        ("https://tiles.example.org/{z}/{x}/{y}.png?key=a b", "has a space"),
        ("https:///{z}/{x}/{y}", "names no server"),
        ("", "must start with"),
    ])
    func badTemplates(text: String, reason: String) {
        #expect(throws: TileURLTemplate.Problem.self) { try TileURLTemplate(text) }
        do {
            _ = try TileURLTemplate(text)
        } catch {
            #expect(error.description.contains(reason), "\(error.description)")
        }
    }

    @Test("the caching headers say how long a tile is fresh: max-age over Expires, no-cache asks again, no-store keeps nothing")
    func cachePolicy() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(HTTPCachePolicy.expiry(headers: ["cache-control": "public, max-age=600"], now: now) == now + 600)
        #expect(HTTPCachePolicy.expiry(headers: ["cache-control": "max-age=600", "expires": "Sun, 06 Nov 1994 08:49:37 GMT"], now: now) == now + 600)
        #expect(HTTPCachePolicy.expiry(headers: ["cache-control": "no-cache"], now: now) == now)
        #expect(HTTPCachePolicy.expiry(headers: ["cache-control": "No-Store"], now: now) == nil)
        let november1994 = Date(timeIntervalSince1970: 784_000_000)
        #expect(HTTPCachePolicy.expiry(headers: ["expires": "Sun, 06 Nov 1994 08:49:37 GMT"], now: november1994) == Date(timeIntervalSince1970: 784_111_777))
        #expect(HTTPCachePolicy.expiry(headers: ["expires": "Sun, 06 Nov 1994 08:49:37 GMT"], now: now) == now + 365 * 86_400,
                "at most a year ahead")
        #expect(HTTPCachePolicy.expiry(headers: ["expires": "0"], now: now) == now, "an unreadable date is already past")
        #expect(HTTPCachePolicy.expiry(headers: [:], now: now) == now + 86_400)
        #expect(HTTPCachePolicy.expiry(headers: ["cache-control": "max-age=-5"], now: now) == now)
    }

    @Test("the disk cache keeps a tile with its validators, removes a damaged file, and stays under its limit, oldest used first")
    func diskCache() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = TileDiskCache(root: folder.url, template: Self.template, limit: 10_000)
        let entry = TileDiskCache.Entry(expiry: Date(timeIntervalSince1970: 2_000_000), etag: "\"v1\"", lastModified: "Tue, 01 Jan 2026 00:00:00 GMT",
                                        body: [UInt8](repeating: 7, count: 3000))
        cache.write(entry, for: Self.tile)
        #expect(cache.read(Self.tile) == entry)
        #expect(cache.read(TileID(z: 5, x: 16, y: 12)) == nil)

        let file = cache.folder.appendingPathComponent("5/16/11")
        try Data("PLTC".utf8).write(to: file)
        #expect(cache.read(Self.tile) == nil, "a damaged file is no tile")
        #expect(!FileManager.default.fileExists(atPath: file.path), "and it is removed")

        for x in 0..<5 {
            cache.write(TileDiskCache.Entry(expiry: .distantFuture, body: [UInt8](repeating: 1, count: 3000)), for: TileID(z: 5, x: x, y: 0))
            // Apart in time, so that "used longest ago" is well defined.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(x - 100))],
                                                  ofItemAtPath: cache.folder.appendingPathComponent("5/\(x)/0").path)
        }
        let kept = (0..<5).filter { cache.read(TileID(z: 5, x: $0, y: 0)) != nil }
        #expect(kept.count <= 3, "at most 10,000 bytes: \(kept)")
        #expect(kept.contains(4), "the tile used last stays: \(kept)")
        #expect(!kept.contains(0), "the tile used first goes: \(kept)")
    }

    @Test("a fresh cached tile is used without asking; a stale one is checked, and “not modified” keeps it")
    func freshAndStale() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let clock = TestClock()
        let server = ScriptedTileServer([ScriptedTileServer.ok(["cache-control": "max-age=60", "etag": "\"v1\""])])
        let source = OnlineTileSource(template: Self.template, fetcher: server,
                                      cache: TileDiskCache(root: folder.url, template: Self.template), now: { clock.now })
        #expect(await source.tile(Self.tile) == .image(ScriptedTileServer.png))
        #expect(await source.tile(Self.tile) == .image(ScriptedTileServer.png))
        #expect(server.requests.count == 1, "fresh for a minute: asked once")

        clock.advance(120)
        server.answer([.received(status: 304, headers: ["cache-control": "max-age=600"], body: [])])
        #expect(await source.tile(Self.tile) == .image(ScriptedTileServer.png))
        #expect(server.requests.count == 2)
        #expect(server.requests[1].etag == "\"v1\"", "asked with the tile's ETag")
        #expect(server.requests[1].url == "https://a.tiles.example.org/5/16/11.png")
        clock.advance(300)
        _ = await source.tile(Self.tile)
        #expect(server.requests.count == 2, "“not modified” made it fresh for ten minutes more")
    }

    @Test("when the server cannot be reached or fails, a cached tile of any age is shown; without one, the reason is given")
    func serverDown() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let clock = TestClock()
        let server = ScriptedTileServer([ScriptedTileServer.ok(["cache-control": "max-age=1"])])
        let source = OnlineTileSource(template: Self.template, fetcher: server,
                                      cache: TileDiskCache(root: folder.url, template: Self.template), now: { clock.now })
        _ = await source.tile(Self.tile)
        clock.advance(86_400 * 30)
        for answer: TileResponse in [.unreachable("no network"), .received(status: 500, headers: [:], body: []),
                                     .received(status: 404, headers: [:], body: []), ScriptedTileServer.ok(body: Array("garbage".utf8))] {
            server.answer([answer])
            #expect(await source.tile(Self.tile) == .image(ScriptedTileServer.png), "\(answer)")
        }
        let other = TileID(z: 5, x: 17, y: 11)
        server.answer([.unreachable("Could not connect: Connection refused")])
        #expect(await source.tile(other) == .failed("Could not connect: Connection refused"))
        server.answer([.received(status: 500, headers: [:], body: [])])
        #expect(await source.tile(other) == .failed("the server answered with error 500"))
        server.answer([.received(status: 404, headers: [:], body: [])])
        #expect(await source.tile(other) == .failed("the server answered with error 404"))
        server.answer([ScriptedTileServer.ok(body: Array("<html>quota exceeded</html>".utf8))])
        #expect(await source.tile(other) == .failed("the server sent something that is not a PNG or JPEG image"))
        server.answer([.tooLarge])
        #expect(await source.tile(other) == .failed("the server sent a tile larger than the \(FileProblem.size(Int64(largestTile))) Places reads"))
        #expect(server.requests.allSatisfy { $0.limit == largestTile })
    }

    @Test("no-store tiles are shown and not kept; nothing is asked beyond the deepest level or the world")
    func noStoreAndBounds() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let server = ScriptedTileServer([ScriptedTileServer.ok(["cache-control": "no-store"])])
        let cache = TileDiskCache(root: folder.url, template: Self.template)
        let source = OnlineTileSource(template: Self.template, fetcher: server, cache: cache)
        #expect(await source.tile(Self.tile) == .image(ScriptedTileServer.png))
        #expect(cache.read(Self.tile) == nil)
        #expect(await source.tile(TileID(z: 20, x: 0, y: 0)) == RasterTileResult.none)
        #expect(await source.tile(TileID(z: 2, x: 4, y: 0)) == RasterTileResult.none)
        #expect(server.requests.count == 1)
    }

    @Test("a tile's header gives its size before decoding: a decompression bomb is refused unread")
    func imageSizes() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 1, 0, 0, 0, 1, 0, 8, 2, 0, 0, 0]
        #expect(TileImageSize.of(png)! == (256, 256))
        #expect(TileImageSize.problem(png) == nil)
        var bomb = png
        bomb.replaceSubrange(16..<24, with: [0, 1, 0, 0, 0, 1, 0, 0])
        #expect(TileImageSize.problem(bomb)?.contains("65536 × 65536") == true)
        // A JPEG: SOI, an APP0 segment, then SOF0 with height 512 and width 256.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 2, 0, 1, 0, 3, 1, 0x22, 0]
        #expect(TileImageSize.of(jpeg)! == (256, 512))
        #expect(TileImageSize.problem(Array("garbage".utf8)) == "a tile is not a PNG or JPEG image")
        #expect(TileImageSize.problem(Array(png.prefix(20))) == "a tile is not a PNG or JPEG image", "a truncated header")
    }
}

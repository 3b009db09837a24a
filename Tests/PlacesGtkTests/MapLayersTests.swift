import Foundation
import PlacesCore
import PlacesGtk
import Testing

extension GUITests {
    /// Map files and online tiles in a real window: the tiles read back from screenshots, the layer
    /// list through AT-SPI, a tile server on 127.0.0.1 started by the test (`Fixtures/tiles.py`).
    @Suite("Map layers: MBTiles and online tiles")
    struct MapLayersTests {
        static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/tiles.py")

        /// A tile server answering solid `colour` tiles, stopped when the value goes.
        final class TileServer {
            let process = Process()
            let port: Int
            let log: URL

            init(colour: String, folder: URL) throws {
                let portFile = folder.appendingPathComponent("port-\(UUID().uuidString)")
                log = folder.appendingPathComponent("requests-\(UUID().uuidString).jsonl")
                process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
                process.arguments = [MapLayersTests.fixtures.path, "serve", portFile.path, log.path, colour]
                // It must not hold the test's output open after it is stopped.
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                var port: Int?
                for _ in 0..<100 where port == nil {
                    usleep(50_000)
                    port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
                }
                self.port = try #require(port, "the tile server did not start")
            }

            func template(_ kind: String = "") -> String { "http://127.0.0.1:\(port)/\(kind.isEmpty ? "" : kind + "/"){z}/{x}/{y}.png" }

            /// Every request: its path, User-Agent and how many were being answered at once.
            var requests: [[String: Any]] {
                ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                    try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
                }
            }

            /// Stops it, waiting at most 5 s (Foundation's waitUntilExit spins forever off the main thread).
            func stop() {
                kill(process.processIdentifier, SIGKILL)
                process.waitForExit(seconds: 5)
            }

            deinit { if process.isRunning { stop() } }
        }

        /// The share of `points` (canvas coordinates) whose pixel in `shot` is `colour`.
        static func share(of colour: [Int], at points: [ScreenPoint], origin: ScreenPoint, in shot: URL) throws -> Double {
            let matching = try points.filter { point in
                let found = try ScreenshotComparison.colour(shot, x: Int(origin.x + point.x), y: Int(origin.y + point.y))
                return zip(found, colour).allSatisfy { abs($0 - $1) <= 3 }
            }
            return Double(matching.count) / Double(points.count)
        }

        /// A grid of points inside the Alps map's bounds, as the camera puts them on the canvas.
        static func alpsPoints(_ camera: Camera) -> [ScreenPoint] {
            stride(from: 44.8, through: 47.8, by: 0.6).flatMap { latitude in
                stride(from: 5.8, through: 11.2, by: 0.9).map { camera.screenPoint(for: Coordinate(latitude: latitude, longitude: $0)) }
            }
        }

        @Test("an MBTiles map is drawn over the base map and credited; its check button in the layer list hides it, and that is remembered")
        func mbtilesLayer() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let map = home.appendingPathComponent("alps.mbtiles")
            try AppUnderTest.run("/usr/bin/python3", [Self.fixtures.path, "mbtiles", map.path, "255,0,255"])
            let app = try AppUnderTest([map.path], home: home)
            try app.waitForWindow()
            let notice = await app.trace.waitFor("notice-shown") { ($0["message"] as? String)?.hasPrefix("Showing the map") == true }
            #expect(notice?["message"] as? String == "Showing the map “Alps colour map” (levels 3–6)")
            // The glide to the Alps, then the tiles.
            let (camera, origin) = try await app.waitForCamera { $0.zoom >= 4 && abs($0.center.longitude - 8.5) < 4 }
            #expect(camera.zoom >= 4, "glided to the map: \(camera)")
            let shown = try await app.waitForScreenshot("map-layer-mbtiles") {
                try Self.share(of: [255, 0, 255], at: Self.alpsPoints(camera), origin: origin, in: $0) >= 0.6
            }
            let magenta = try Self.share(of: [255, 0, 255], at: Self.alpsPoints(camera), origin: origin, in: shown)
            #expect(magenta >= 0.6, "the map's tiles cover the Alps (markers aside): \(magenta)")

            #expect(try app.accessibilityTree().nodes.contains { $0.name == "Map Layers" }, "the layer list's button is named")
            // The button sits under the zoom buttons, at the map's top right: 12 px in, below two 34 px buttons and a 12 px gap.
            try app.click(at: origin.x + camera.viewport.width - 12 - 17, origin.y + 12 + 68 + 12 + 17)
            let open = try await app.waitForTree { $0.nodes.contains { $0.name == "Alps colour map, levels 3–6" } }
            let check = try #require(open.nodes.first { $0.name == "Alps colour map, levels 3–6" })
            #expect(check.role == "check box", "\(check.role)")
            #expect(open.nodes.contains { $0.name == "Online Tiles" && $0.role == "check box" && !$0.states.contains("checked") },
                    "online tiles are listed, and off")
            #expect(check.states.contains("checked"))
            // Keyboard only: the popover's focus starts on Online Tiles; the server, then the map's check button follow.
            try app.key("Tab")
            try app.key("Tab")
            try app.key("space")
            let unchecked = try await app.waitForTree { !($0.nodes.first { $0.name == "Alps colour map, levels 3–6" }?.states.contains("checked") ?? true) }
            #expect(unchecked.nodes.first { $0.name == "Alps colour map, levels 3–6" }?.states.contains("checked") == false, "Space did not uncheck the map")
            try app.key("Escape")
            _ = try await app.waitForTree { !$0.nodes.contains { $0.name == "Alps colour map, levels 3–6" } }
            let hidden = try await app.waitForScreenshot("map-layer-hidden") {
                try Self.share(of: [255, 0, 255], at: Self.alpsPoints(camera), origin: origin, in: $0) == 0
            }
            #expect(try Self.share(of: [255, 0, 255], at: Self.alpsPoints(camera), origin: origin, in: hidden) == 0, "hidden, the base map shows")

            // Written off the main thread: read once it is there.
            var saved = ""
            _ = await AppUnderTest.poll {
                saved = try String(contentsOf: home.appendingPathComponent("config/places/map.json"), encoding: .utf8)
                return saved.contains("\"isVisible\" : false")
            }
            #expect(saved.contains("\"isVisible\" : false") && saved.contains(map.path), "\(saved)")
        }

        @Test("online tiles: the template, Places' User-Agent, at most two requests at a time, only tiles in view, and the cache once the server stops")
        func onlineTiles() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let server = try TileServer(colour: "0,200,0", folder: home)
            let arguments = ["--tile-url", server.template(), "--camera=20,10,2.6"]
            let first = try AppUnderTest(arguments, home: home)
            try first.waitForWindow()
            #expect(await first.trace.waitFor("camera") != nil)
            let (camera, origin) = try first.latestCamera()
            let points = stride(from: 60.0, to: camera.viewport.width - 60, by: 90).map { ScreenPoint(x: $0, y: camera.viewport.height / 2 + 17) }
            let drawn = try await first.waitForScreenshot("map-layer-online") { try Self.share(of: [0, 200, 0], at: points, origin: origin, in: $0) >= 0.6 }
            let requests = server.requests
            let inView = Set(TileCoverage(camera: camera, maxLevel: 19).tiles.map { "/\($0.id.z)/\($0.id.x)/\($0.id.y).png" })
            #expect(!requests.isEmpty)
            #expect(requests.allSatisfy { ($0["agent"] as? String)?.hasPrefix("Places/\(PlacesApplication.version) ") == true },
                    "\(requests.first ?? [:])")
            #expect(requests.compactMap { $0["busy"] as? Int }.max() ?? 0 <= 2, "at most two at a time")
            let paths = requests.compactMap { $0["path"] as? String }
            #expect(Set(paths).isSubset(of: inView), "nothing beyond the view: \(Set(paths).subtracting(inView))")
            #expect(paths.count == Set(paths).count, "no tile asked twice")
            let green = try Self.share(of: [0, 200, 0], at: points, origin: origin, in: drawn)
            #expect(green >= 0.6, "the server's tiles are drawn: \(green)")

            server.stop()
            try first.key("ctrl+q")
            #expect(await AppUnderTest.poll { !first.process.isRunning }, "Ctrl+Q did not quit")
            let second = try AppUnderTest(arguments, home: home)
            try second.waitForWindow()
            #expect(await second.trace.waitFor("camera") != nil)
            let (again, againOrigin) = try second.latestCamera()
            #expect(again == camera)
            let shot = try await second.waitForScreenshot("map-layer-online-cached") {
                try Self.share(of: [0, 200, 0], at: points, origin: againOrigin, in: $0) >= 0.6
            }
            let cached = try Self.share(of: [0, 200, 0], at: points, origin: againOrigin, in: shot)
            #expect(cached >= 0.6, "the cached tiles still show with the server gone: \(cached)")
        }

        @Test("a server that fails (404, 500, garbage, a 50 MB tile, no answer) gives one notice, and the app stays up and responsive",
              arguments: ["missing", "failing", "broken", "huge", "slow"])
        func failingServer(kind: String) async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let server = try TileServer(colour: "0,200,0", folder: home)
            let app = try AppUnderTest(["--tile-url", server.template(kind), "--camera=20,10,2.6"], home: home)
            try app.waitForWindow()
            #expect(await app.trace.waitFor("camera") != nil)
            if kind != "slow" {
                let notice = await app.trace.waitFor("notice-shown") { ($0["message"] as? String)?.hasPrefix("Map “127.0.0.1”") == true }
                #expect(notice != nil, "no notice about the failing tiles")
                // What the person sees: the notice in the window, read as a screen reader reads it.
                let told = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && ($0.text ?? "").hasPrefix("Map “127.0.0.1”") } }
                #expect(told.nodes.contains { $0.role == "label" && ($0.text ?? "").hasPrefix("Map “127.0.0.1”") }, "the notice is not on screen")
                // Once every tile in view has been answered, and the window has drawn what came of it,
                // the failures have all been seen: still one notice.
                let (camera, _) = try app.latestCamera()
                let inView = Set(TileCoverage(camera: camera, maxLevel: 19).tiles.map { "/\(kind)/\($0.id.z)/\($0.id.x)/\($0.id.y).png" })
                #expect(await AppUnderTest.poll { inView.isSubset(of: Set(server.requests.compactMap { $0["path"] as? String })) },
                        "not every tile in view was asked for")
                try await app.waitUntilPainted()
                let notices = app.trace.events(named: "notice-shown").filter { ($0["message"] as? String)?.hasPrefix("Map “127.0.0.1”") == true }
                #expect(notices.count == 1, "one notice, not one per tile: \(notices)")
            }
            // Still answering: the map moves when asked.
            let cameras = app.trace.events(named: "camera").count
            try app.click(at: 400, 400)
            try app.key("plus")
            #expect(await app.trace.waitFor("camera", after: cameras) != nil, "the map no longer answers")
            try app.requireAlive()
            try app.screenshot("map-layer-server-\(kind)")
        }

        @Test("a server that sends a byte a second is dropped once a tile has taken 20 s: one notice says so, and the map still moves")
        func tricklingServer() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let server = try TileServer(colour: "0,200,0", folder: home)
            let app = try AppUnderTest(["--tile-url", server.template("trickle"), "--camera=20,10,2.6"], home: home)
            try app.waitForWindow()
            #expect(await app.trace.waitFor("camera") != nil)
            // Before, both connections stayed held for as long as the server kept sending: no tile, no word.
            let notice = await app.trace.waitFor("notice-shown", timeout: 60) { ($0["message"] as? String)?.hasPrefix("Map “127.0.0.1”") == true }
            let message = try #require(notice?["message"] as? String, "no notice about the trickling server")
            #expect(message == "Map “127.0.0.1”: the server did not send the tile within 20 seconds.", "\(message)")
            let told = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == message } }
            #expect(told.nodes.contains { $0.role == "label" && $0.text == message })
            let cameras = app.trace.events(named: "camera").count
            try app.click(at: 400, 400)
            try app.key("plus")
            #expect(await app.trace.waitFor("camera", after: cameras) != nil, "the map no longer answers")
            try app.screenshot("map-layer-server-trickle")
        }

        @Test("a file named .mbtiles that is not a map is refused with an error naming it, and the app carries on")
        func brokenMapFile() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let file = home.appendingPathComponent("notes.mbtiles")
            try "only some notes".write(to: file, atomically: true, encoding: .utf8)
            let app = try AppUnderTest([file.path], home: home)
            try app.waitForWindow()
            let message = "Could not open the map notes.mbtiles: it is neither an MBTiles nor a PMTiles map."
            let error = await app.trace.waitFor("error-shown")
            #expect(error?["message"] as? String == message)
            // The banner says it on screen, as a screen reader reads it.
            let tree = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == message } }
            #expect(tree.nodes.contains { $0.role == "label" && $0.text == message }, "the banner does not say why")
            try app.requireAlive()
        }
    }
}

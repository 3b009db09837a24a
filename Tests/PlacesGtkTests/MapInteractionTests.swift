import Foundation
import PlacesCore
import Testing

extension GUITests {
    @Suite("Map: click a marker, read the card, click away")
    struct MapInteractionTests {
        static let paris = "capital-fr-paris"

        /// The bundled places, projected, for predicting what the app draws where.
        private static func bundledPlaces() throws -> [Place] {
            try BundledData(directory: AppUnderTest.packageRoot.appendingPathComponent("data")).load().places.places
        }

        @Test("the left button held still, then dragged, moves the map and opens no menu (a long press is for touch screens); a right click opens it")
        func heldThenDragged() async throws {
            let app = try AppUnderTest(["--camera", "48.8566,2.3522,11"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try await app.waitUntilPainted()
            let (camera, origin) = try app.latestCamera()
            let centre = camera.viewport.center
            let cameras = app.trace.events(named: "camera").count
            // A person's press: held for a second (twice GTK's long-press time), then moved 60 by 40 pixels.
            _ = try AppUnderTest.run("xdotool", ["mousemove", "--window", app.window, String(Int(origin.x + centre.x)), String(Int(origin.y + centre.y)),
                                                 "mousedown", "1", "sleep", "1", "mousemove_relative", "--", "30", "20", "sleep", "0.1",
                                                 "mousemove_relative", "--", "30", "20", "mouseup", "1"])
            let moved = await app.trace.waitFor("camera", after: cameras)
            #expect(((moved?["lon"] as? NSNumber)?.doubleValue ?? .infinity) < camera.center.longitude, "dragged right: the map's centre goes west")
            try await app.waitUntilPainted()
            let tree = try app.accessibilityTree()
            #expect(!tree.nodes.contains { $0.role == "push button" && $0.name == "What's Here?" }, "the map's menu opened")
            try app.screenshot("map-held-then-dragged")

            try app.click(at: origin.x + centre.x, origin.y + centre.y, button: 3)
            let menu = try await app.waitForTree { $0.nodes.contains { $0.role == "push button" && $0.name == "What's Here?" } }
            #expect(menu.nodes.contains { $0.role == "push button" && $0.name == "What's Here?" }, "a right click opens the menu")
        }

        @Test("clicking Paris's marker reveals its card; clicking empty map hides it")
        func clickMarkerThenEmptyMap() async throws {
            let places = try Self.bundledPlaces()
            let parisIndex = try #require(places.firstIndex { $0.id == Self.paris })
            let clusterer = MarkerClusterer(places.map { WebMercator.project($0.coordinate) })
            let app = try AppUnderTest()
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            #expect(await app.trace.waitFor("first-frame") != nil)
            try await app.waitUntilPainted()

            // Zoom in with the scroll wheel over Paris until it has a marker of its own.
            var (camera, origin) = try app.latestCamera()
            var zoomSteps = 0
            while !clusterer.markers(for: camera).contains(where: { if case .place(parisIndex, _) = $0 { true } else { false } }) {
                try #require(zoomSteps < 20, "Paris never got its own marker (zoom \(camera.zoom))")
                let point = camera.screenPoint(for: places[parisIndex].coordinate)
                let cameras = app.trace.events(named: "camera").count
                try app.click(at: origin.x + point.x, origin.y + point.y, button: 4)
                try #require(await app.trace.waitFor("camera", after: cameras) != nil, "scrolling did not zoom")
                (camera, origin) = try app.latestCamera()
                zoomSteps += 1
            }
            let before = try app.screenshot("map-before-click")
            // The bottom of the map as it is now: the card covers it once up.
            let band = (x: Int(origin.x), y: Int(origin.y + camera.viewport.height) - 40, width: Int(camera.viewport.width), height: 40)
            let point = camera.screenPoint(for: places[parisIndex].coordinate)
            try app.click(at: origin.x + point.x, origin.y + point.y)
            let revealed = await app.trace.waitFor("card-revealed")
            #expect(revealed?["id"] as? String == Self.paris)
            #expect(revealed?["name"] as? String == "Paris")
            // The card has slid up (card-revealed), and the map has glided to Paris, shorter by the card.
            let fullHeight = camera.viewport.height
            (camera, origin) = try await app.waitForCamera { abs($0.center.latitude - 48.86) < 0.2 && $0.viewport.height < fullHeight }
            try await app.waitUntilPainted()
            let withCard = try app.screenshot("map-card-revealed")
            let cardDifference = try ScreenshotComparison.difference(before, withCard, x: band.x, y: band.y, width: band.width, height: band.height)
            #expect(cardDifference > 0.02, "the bottom of the window did not change when the card was revealed")
            #expect(try app.cardLabels().prefix(2) == ["Paris", "Capital"])

            // A point with no marker within reach: found with the app's own camera and clusterer.
            let empty = try #require(Self.emptyPoint(in: camera, clusterer: clusterer), "no empty spot on screen")
            try app.click(at: origin.x + empty.x, origin.y + empty.y)
            #expect(await app.trace.waitFor("card-hidden") != nil, "clicking empty map did not hide the card")
            _ = try await app.waitForCamera { $0.viewport.height == fullHeight }
            try await app.waitUntilPainted()
            try app.screenshot("map-card-hidden")
            try app.requireAlive()
        }

        /// A screen point at least 40 px from every marker drawn for `camera`.
        private static func emptyPoint(in camera: Camera, clusterer: MarkerClusterer) -> ScreenPoint? {
            let markers = clusterer.markers(for: camera)
            for y in stride(from: 80.0, to: camera.viewport.height - 80, by: 37) {
                for x in stride(from: 200.0, to: camera.viewport.width - 80, by: 41) {
                    let point = ScreenPoint(x: x, y: y)
                    if markers.allSatisfy({ $0.position.distance(to: point) > 40 }) { return point }
                }
            }
            return nil
        }

        @Test("a cluster the window's edge cuts keeps its count and its place on the map while the map is dragged")
        func edgeClustersHoldStill() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            // 6,000 places a few kilometres apart over France and its neighbours: clusters everywhere, the edges too.
            let features = (0..<6_000).map { index in
                let latitude = 42 + Double(index / 100) * 0.15, longitude = -5 + Double(index % 100) * 0.15
                return #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(longitude),\#(latitude)]},"properties":{"name":"Place \#(index)"}}"#
            }
            let file = home.appendingPathComponent("grid.geojson")
            try Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8).write(to: file)
            let app = try AppUnderTest([file.path, "--camera", "46.5,3,6"], home: home)
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") { $0["source"] as? String == "grid.geojson" } != nil)
            // What a screen reader is told once the map is at rest: "12 places around Place 4321: …", and where.
            let clusters = { (tree: AccessibilityTree) -> [(x: Int, y: Int, count: String, box: [Int])] in
                tree.nodes.compactMap { node in
                    guard node.role == "push button", let range = node.name.range(of: " places around "), let centre = node.centre else { return nil }
                    return (centre.x, centre.y, String(node.name[..<range.lowerBound]), node.extents)
                }
            }
            let before = try await app.waitForTree { clusters($0).count > 50 }
            let map = try #require(before.nodes.first { $0.name == "World map" }?.extents)
            try await app.waitUntilPainted()
            let (camera, origin) = try app.latestCamera()
            let cameras = app.trace.events(named: "camera").count
            let centre = camera.viewport.center
            _ = try AppUnderTest.run("xdotool", ["mousemove", "--window", app.window, String(Int(origin.x + centre.x)), String(Int(origin.y + centre.y)),
                                                 "mousedown", "1", "sleep", "0.1", "mousemove_relative", "--", "15", "10", "sleep", "0.1",
                                                 "mousemove_relative", "--", "15", "10", "sleep", "0.1", "mouseup", "1"])
            #expect(await app.trace.waitFor("camera", after: cameras) != nil)
            let first = clusters(before)
            let after = try await app.waitForTree { tree in
                let moved = clusters(tree)
                return !moved.isEmpty && moved.map(\.x) != first.map(\.x)
            }
            let moved = clusters(after)
            // Each cluster shown before and still in the window is 30 by 20 pixels further on, as large;
            // those the window's edge cut too.
            var compared = 0, cutByEdge = 0
            for cluster in first {
                let x = cluster.x + 30, y = cluster.y + 20
                guard x > map[0], y > map[1], x < map[0] + map[2] - 30, y < map[1] + map[3] - 30 else { continue }
                let same = moved.first { abs($0.x - x) <= 2 && abs($0.y - y) <= 2 }
                #expect(same?.count == cluster.count, "the cluster of \(cluster.count) at \(cluster.x), \(cluster.y) became \(same?.count ?? "none")")
                compared += 1
                if cluster.box[0] < map[0] || cluster.box[1] < map[1] { cutByEdge += 1 }
            }
            #expect(compared > 40)
            #expect(cutByEdge > 0, "no cluster the window's top or left edge cut was followed")
            try app.screenshot("map-edge-clusters-dragged")
        }
    }
}

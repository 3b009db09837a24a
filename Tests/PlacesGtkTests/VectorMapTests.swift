import Foundation
import PlacesCore
import Testing

extension GUITests {
    /// Vector map files of central Helsinki (real OpenStreetMap data, `PlacesCoreTests/Fixtures/tiles`)
    /// drawn in a real window: the colours of water, buildings and roads read back from screenshots,
    /// where the base map alone has none of them.
    @Suite("Vector maps: OpenMapTiles and Protomaps files drawn")
    struct VectorMapTests {
        static let tiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../PlacesCoreTests/Fixtures/tiles").standardized
        /// What the files cover: the extract's bounds.
        static let southWest = Coordinate(latitude: 60.16416, longitude: 24.93518)
        static let northEast = Coordinate(latitude: 60.17910, longitude: 24.95341)

        /// The part of the canvas inside the files' bounds, 8 px in, in window pixels.
        static func region(_ camera: Camera, origin: ScreenPoint) -> (x: Int, y: Int, width: Int, height: Int) {
            let low = camera.screenPoint(for: southWest), high = camera.screenPoint(for: northEast)
            let minX = max(low.x, 0) + 8, maxX = min(high.x, camera.viewport.width) - 8
            let minY = max(high.y, 0) + 8, maxY = min(low.y, camera.viewport.height) - 8
            return (Int(origin.x + minX), Int(origin.y + minY), Int(maxX - minX), Int(maxY - minY))
        }

        static func pixels(_ colour: RGB) -> [Int] {
            [colour.red, colour.green, colour.blue].map { Int(($0 * 255).rounded()) }
        }

        /// Opens `file`, waits for the street map to fill the view, and returns the shares of
        /// `colours` inside its bounds once each is at least its minimum.
        static func drawn(_ file: String, environment: [String: String] = [:], screenshot name: String,
                          colours: [(name: String, colour: RGB, least: Double)]) async throws -> (shares: [String: Double], luminance: Double) {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let app = try AppUnderTest([tiles.appendingPathComponent(file).path], environment: environment, home: home)
            try app.waitForWindow()
            let notice = await app.trace.waitFor("notice-shown") { ($0["message"] as? String)?.contains("Central Helsinki") == true }
            #expect((notice?["message"] as? String)?.hasPrefix("Showing the street map “Central Helsinki”") == true)
            let (camera, origin) = try await app.waitForCamera { $0.zoom >= 14.5 && abs($0.center.longitude - 24.944) < 0.01 }
            let region = Self.region(camera, origin: origin)
            func shares(_ shot: URL) throws -> [String: Double] {
                try Dictionary(uniqueKeysWithValues: colours.map { ($0.name, try ScreenshotComparison.share(of: pixels($0.colour), in: shot, region: region)) })
            }
            let shot = try await app.waitForScreenshot(name, timeout: 20) { shot in
                let found = try shares(shot)
                return colours.allSatisfy { found[$0.name]! >= $0.least }
            }
            return (try shares(shot), try ScreenshotComparison.meanLuminance(shot, region: region))
        }

        @Test("an OpenMapTiles MBTiles file at zoom 15: its buildings, streets, main roads and water drawn where the data has them")
        func openMapTiles() async throws {
            let streets = MapPalette.light.streets
            let (shares, luminance) = try await Self.drawn("helsinki-openmaptiles.mbtiles", screenshot: "vector-openmaptiles", colours: [
                ("buildings", streets.building, 0.10), ("streets", streets.minorRoad, 0.03), ("main roads", streets.majorRoad, 0.02),
                ("water", streets.water, 0.001), ("parks", streets.park, 0.01),
            ])
            for (name, share) in shares { #expect(share > 0, "\(name): \(share)") }
            #expect(shares["buildings"]! >= 0.10, "\(shares)")
            #expect(luminance > 0.6, "light style")
        }

        @Test("a Protomaps PMTiles file in the dark style: dark buildings, land and water, its roads lighter, all dark overall")
        func protomapsDark() async throws {
            let palette = MapPalette.dark, streets = palette.streets
            let (shares, luminance) = try await Self.drawn(
                "helsinki-protomaps.pmtiles", environment: ["ADW_DEBUG_COLOR_SCHEME": "prefer-dark"], screenshot: "vector-protomaps-dark",
                colours: [("buildings", streets.building, 0.10), ("main roads", streets.majorRoad, 0.02), ("streets", streets.minorRoad, 0.02),
                          ("parks", streets.park, 0.01), ("water", streets.water, 0.001)]
            )
            for (name, share) in shares { #expect(share > 0, "\(name): \(share)") }
            #expect(luminance < 0.3, "the dark style is dark: \(luminance)")
        }
    
        @Test("a point of interest is reached like a marker (AT-SPI), and a click on it opens its card with its name and what its tile says")
        func pointOfInterestCard() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let app = try AppUnderTest([Self.tiles.appendingPathComponent("helsinki-openmaptiles.mbtiles").path], home: home)
            try app.waitForWindow()
            _ = try await app.waitForCamera { $0.zoom >= 14.5 && abs($0.center.longitude - 24.944) < 0.01 }
            // Cafés are among the points of interest of central Helsinki at this zoom.
            let tree = try await app.waitForTree { $0.nodes.contains { $0.role == "push button" && $0.name.hasSuffix(", cafe") } }
            let cafe = try #require(tree.nodes.first { $0.role == "push button" && $0.name.hasSuffix(", cafe") })
            let name = String(cafe.name.dropLast(", cafe".count))
            try app.click(cafe)
            let withCard = try await app.waitForTree { $0.nodes.contains { $0.name == "Place card" } }
            #expect(withCard.nodes.contains { $0.name == "Place card" })
            let labels = try app.cardLabels()
            #expect(labels.contains(name), "the card names the café: \(labels)")
            #expect(labels.contains("Cafe"), "and says what it is: \(labels)")
            #expect(try app.accessibilityTree().nodes.contains { $0.role == "push button" && $0.name == "Add to My Places" })
            try app.screenshot("vector-poi-card")
        }
    
        @Test("at street level the scale bar reads in the locale's unit and numbers: feet under en_US, metres under de_DE", arguments: [
            ("en_US.UTF-8", "en", DistanceUnit.miles), ("de_DE.UTF-8", "de", .kilometres),
        ])
        func scaleBar(locale: String, language: String, unit: DistanceUnit) async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let app = try AppUnderTest([Self.tiles.appendingPathComponent("helsinki-openmaptiles.mbtiles").path],
                                       environment: ["LANGUAGE": language, "LANG": locale, "LC_ALL": locale], home: home)
            try app.waitForWindow()
            let (camera, _) = try await app.waitForCamera { $0.zoom >= 14.5 && abs($0.center.longitude - 24.944) < 0.01 }
            let expected = try #require(MapScale.at(camera, unit: unit, numbers: LocalizedNumbers(locale: Locale(identifier: String(locale.prefix(5))))))
            let name = language == "de" ? "Maßstab" : "Scale"
            let tree = try await app.waitForTree { tree in
                tree.nodes.first { $0.role == "panel" && $0.name == name }.map { tree.labels(under: $0.path) == [expected.label] } ?? false
            }
            let scale = try #require(tree.nodes.first { $0.role == "panel" && $0.name == name }, "no scale bar")
            #expect(tree.labels(under: scale.path) == [expected.label])
            #expect(expected.label.hasSuffix(unit == .miles ? " ft" : " m"), "street level: \(expected.label)")
        }

        @Test("a vector map with a cut-short tile and a gzip bomb: a message names the map and the reason; the rest is drawn, the app carries on")
        func brokenTiles() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let broken = home.appendingPathComponent("broken.mbtiles")
            try FileManager.default.copyItem(at: Self.tiles.appendingPathComponent("helsinki-openmaptiles.mbtiles"), to: broken)
            // Every level-14 tile but one cut in half; that one a gzip bomb (64 MB of zeros).
            try AppUnderTest.run("/usr/bin/python3", ["-c", """
                import gzip, sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                rows = db.execute("SELECT tile_column, tile_row, tile_data FROM tiles WHERE zoom_level = 14").fetchall()
                for column, row, data in rows[1:]:
                    db.execute("UPDATE tiles SET tile_data = ? WHERE zoom_level = 14 AND tile_column = ? AND tile_row = ?", (data[: len(data) // 2], column, row))
                db.execute("UPDATE tiles SET tile_data = ? WHERE zoom_level = 14 AND tile_column = ? AND tile_row = ?",
                           (gzip.compress(bytes(64 << 20)), rows[0][0], rows[0][1]))
                db.commit()
                """, broken.path])
            let app = try AppUnderTest([broken.path], home: home)
            try app.waitForWindow()
            let told = await app.trace.waitFor("notice-shown", timeout: 20) { ($0["message"] as? String)?.contains("cannot be drawn") == true }
            let message = try #require(told?["message"] as? String, "no message about the broken tiles")
            #expect(message.hasPrefix("Map “Central Helsinki”: its tile 14/"), "\(message)")
            #expect(message.contains("it is damaged: its compressed data"), "\(message)")
            // Zoomed out to level 13's sound tiles, its roads are drawn: the window still answers.
            try await app.activate(role: "push button", name: "Zoom out")
            _ = try await app.waitForCamera { $0.zoom < 14 }
            try await app.activate(role: "push button", name: "Zoom out")
            let (camera, origin) = try await app.waitForCamera { $0.zoom < 13 }
            let roads = Self.pixels(MapPalette.light.streets.majorRoad)
            let shot = try await app.waitForScreenshot("vector-broken-tiles") {
                try ScreenshotComparison.share(of: roads, in: $0, region: Self.region(camera, origin: origin)) > 0.02
            }
            #expect(try ScreenshotComparison.share(of: roads, in: shot, region: Self.region(camera, origin: origin)) > 0.02)
        }
}
}

import Foundation
import PlacesCore
import Testing

extension GUITests {
    /// Files other apps write, opened in a real window and read back from the card as a person reads it.
    @Suite("Other apps' files in a real window")
    struct AppFilesWindowTests {
        private static let fixtures = AppUnderTest.packageRoot.appendingPathComponent("Tests/PlacesCoreTests/Fixtures/apps")

        @Test("an OsmAnd favourite's HTML description reads as text on the card, not as markup")
        func htmlDescriptions() async throws {
            let osmand = Self.fixtures.appendingPathComponent("osmand-favourites.gpx").path
            let app = try AppUnderTest([osmand, "--select", "file:\(osmand)/wpt1"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("card-revealed")?["name"] as? String == "Fourvière esplanade")
            let labels = try app.cardLabels()
            #expect(labels.contains("View over the city from the esplanade\nBest at sunset"), "\(labels)")
            #expect(!labels.contains { $0.contains("<p>") || $0.contains("<b>") }, "markup shown raw: \(labels)")
            try app.screenshot("osmand-favourite-card")
        }

        @Test("a marker takes the colour its file gives the place (GeoJSON's marker-color); the same place with none keeps its kind's")
        func fileColours() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("colours-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("painted.geojson")
            try #"""
                {"type":"FeatureCollection","features":[
                  {"type":"Feature","geometry":{"type":"Point","coordinates":[-20,-30]},"properties":{"name":"Magenta","marker-color":"#ff00ff"}},
                  {"type":"Feature","geometry":{"type":"Point","coordinates":[-10,-30]},"properties":{"name":"Plain"}}
                ]}
                """#.write(to: file, atomically: true, encoding: .utf8)
            let app = try AppUnderTest([file.path, "--camera=-30,-15,5"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") { $0["source"] as? String == "painted.geojson" } != nil)
            let (camera, origin) = try await app.waitForCamera { _ in true }
            try await app.waitUntilPainted()
            let shot = try app.screenshot("file-colour-markers")
            let magenta = camera.screenPoint(for: Coordinate(latitude: -30, longitude: -20))
            let plain = camera.screenPoint(for: Coordinate(latitude: -30, longitude: -10))
            let painted = try ScreenshotComparison.colour(shot, x: Int(origin.x + magenta.x), y: Int(origin.y + magenta.y))
            let other = try ScreenshotComparison.colour(shot, x: Int(origin.x + plain.x), y: Int(origin.y + plain.y))
            #expect(painted[0] > 220 && painted[1] < 40 && painted[2] > 220, "the marker is not the file's magenta: \(painted)")
            // The kind's grey ("Other": 94, 92, 100).
            #expect(abs(other[0] - 94) < 30 && abs(other[1] - 92) < 30 && abs(other[2] - 100) < 30, "the plain marker: \(other)")
        }

        @Test("a Google My Maps file: each layer is a collection in the list, and the markers take the icon colours its StyleMaps give")
        func myMapsLayersAndStyles() async throws {
            let file = Self.fixtures.appendingPathComponent("google-my-maps.kml").path
            let app = try AppUnderTest([file, "--camera=45.748,4.83,13"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") { $0["source"] as? String == "google-my-maps.kml" } != nil)
            let (camera, origin) = try await app.waitForCamera { $0.zoom > 12 }
            try await app.waitUntilPainted()
            let shot = try app.screenshot("my-maps-style-colours")
            let museum = camera.screenPoint(for: Coordinate(latitude: 45.7327, longitude: 4.8181))
            let halles = camera.screenPoint(for: Coordinate(latitude: 45.7630, longitude: 4.8505))
            let blue = try ScreenshotComparison.colour(shot, x: Int(origin.x + museum.x), y: Int(origin.y + museum.y))
            let orange = try ScreenshotComparison.colour(shot, x: Int(origin.x + halles.x), y: Int(origin.y + halles.y))
            // #0288D1 and #E65100, as the file's IconStyles give them (aabbggrr).
            #expect(blue[0] < 40 && abs(blue[1] - 0x88) < 40 && blue[2] > 170, "the museum's marker is not the layer's blue: \(blue)")
            #expect(orange[0] > 200 && abs(orange[1] - 0x51) < 40 && orange[2] < 40, "the market's marker is not orange: \(orange)")

            try app.key("ctrl+2")
            let list = try await app.waitForTree(withListRows: true) { tree in
                tree.nodes.contains { $0.text == "Sights (2)" } && tree.nodes.contains { $0.text == "Food (1)" }
            }
            #expect(list.nodes.contains { $0.text == "Sights (2)" } && list.nodes.contains { $0.text == "Food (1)" }, "the layers are not collections in the list")
            #expect(list.nodes.contains { $0.text == "Imported 3 places and 1 line from “google-my-maps.kml”, in 2 collections" }, "the message does not say so")
            try app.screenshot("my-maps-layers-in-list")
        }
    }
}

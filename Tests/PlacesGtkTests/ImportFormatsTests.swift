import Foundation
import PlacesCore
import Testing

extension GUITests {
    /// Files of other formats in a real window: their lines and areas are drawn on the map, and a click
    /// on one shows it on the card, read back as a person reads it.
    @Suite("Lines and areas from GPX and KML files")
    struct ImportFormatsTests {
        private static let track = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><name>Harbour walk</name><desc>Along the water</desc>
                <trkseg><trkpt lat="-30.0" lon="-20.0"/><trkpt lat="-30.0" lon="-18.0"/></trkseg></trk>
            </gpx>
            """

        private static let park = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>Parks</name>
              <Placemark><name>Ocean park</name><Polygon><outerBoundaryIs><LinearRing>
                <coordinates>-20,-34 -18,-34 -18,-32 -20,-32 -20,-34</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
            </Folder></Document></kml>
            """

        @Test("a GPX track and a KML polygon are drawn; a click on the line and one inside the area each open the card")
        func trackAndArea() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formats-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let gpx = folder.appendingPathComponent("walk.gpx"), kml = folder.appendingPathComponent("parks.kml")
            try Self.track.write(to: gpx, atomically: true, encoding: .utf8)
            try Self.park.write(to: kml, atomically: true, encoding: .utf8)
            let app = try AppUnderTest([gpx.path, kml.path, "--camera=-31.5,-19,6"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") { $0["source"] as? String == "parks.kml" } != nil)
            #expect(await app.trace.waitFor("camera") != nil)
            try await app.waitUntilPainted()
            let (camera, origin) = try app.latestCamera()
            try app.screenshot("formats-track-and-area")

            let onLine = camera.screenPoint(for: Coordinate(latitude: -30, longitude: -19))
            try app.click(at: origin.x + onLine.x, origin.y + onLine.y)
            #expect(await app.trace.waitFor("card-revealed")?["name"] as? String == "Harbour walk")
            let lineCard = try app.cardLabels()
            #expect(lineCard.contains { $0.contains("Line") }, "\(lineCard)")
            #expect(lineCard.contains { $0.hasSuffix("km long") && $0.hasPrefix("19") }, "2° of longitude at 30° S is 193 km: \(lineCard)")
            #expect(lineCard.contains("Along the water"), "\(lineCard)")
            #expect(lineCard.contains("from “walk.gpx”"), "\(lineCard)")
            try app.screenshot("formats-track-card")

            // The card closed first: its sliding up and down moves the map under the pointer.
            try await app.closeCard()
            // The map has its whole height again once the card has slid down.
            let (after, afterOrigin) = try await app.waitForCamera { $0.viewport.height == camera.viewport.height }
            let revealed = app.trace.events(named: "card-revealed").count
            let inArea = after.screenPoint(for: Coordinate(latitude: -33, longitude: -19))
            try app.click(at: afterOrigin.x + inArea.x, afterOrigin.y + inArea.y)
            #expect(await app.trace.waitFor("card-revealed", after: revealed)?["name"] as? String == "Ocean park")
            let areaCard = try app.cardLabels()
            #expect(areaCard.contains { $0.contains("Area") }, "\(areaCard)")
            #expect(areaCard.contains { $0.hasSuffix("km around") }, "\(areaCard)")
        }
    }
}

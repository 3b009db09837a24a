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
            #expect(await app.trace.waitFor("card-revealed", timeout: 15)?["name"] as? String == "Fourvière esplanade")
            let labels = try app.cardLabels()
            #expect(labels.contains("View over the city from the esplanade\nBest at sunset"), "\(labels)")
            #expect(!labels.contains { $0.contains("<p>") || $0.contains("<b>") }, "markup shown raw: \(labels)")
            try app.screenshot("osmand-favourite-card")
        }
    }
}

import Foundation
import Testing

extension GUITests {
    @Suite("Text from data is never markup")
    struct MarkupTests {
        @Test("a place named <b>Tom & Jerry's</b> imported from a file shows literally on its card")
        func importedNameRendersLiterally() async throws {
            let fixture = AppUnderTest.packageRoot.appendingPathComponent("Tests/PlacesGtkTests/Fixtures/markup.geojson")
            let app = try AppUnderTest([fixture.path])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") { $0["source"] as? String == "markup.geojson" } != nil)
            try app.key("ctrl+f")
            try app.type("Tom & Jerry")
            _ = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == "1 place found" } }
            try await app.waitUntilPainted()
            try app.screenshot("markup-list")
            try app.key("Return")
            #expect(await app.trace.waitFor("card-revealed") != nil)
            // What the card's labels show, read as a screen reader reads them: markup would have been
            // interpreted (the text would read "Tom & Jerry's"); plain text keeps every character.
            let labels = try app.cardLabels()
            #expect(labels.first == "<b>Tom & Jerry's</b>")
            try app.screenshot("markup-card")
        }
    }
}

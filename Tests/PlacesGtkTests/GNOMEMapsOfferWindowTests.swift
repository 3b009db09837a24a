import Foundation
import PlacesCore
import Testing

extension GUITests {
    /// A person who used GNOME Maps starts Places for the first time: their favourites are one click away.
    @Suite("GNOME Maps' favourites offered in a real window")
    struct GNOMEMapsOfferWindowTests {
        private static let fixture = AppUnderTest.packageRoot.appendingPathComponent("Tests/PlacesCoreTests/Fixtures/apps/gnome-maps-43-maps-places.json")

        @Test("Debian 12's maps-places.json found at the first launch: a toast offers Import; Import lists the favourites, and offers the recent places; the next launch asks no more")
        func offeredAndImported() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let data = home.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.fixture, to: data.appendingPathComponent("maps-places.json"))
            let message = "Your favourites from GNOME Maps can be imported"
            do {
                let app = try AppUnderTest(["--tab", "places"], home: home)
                try app.waitForWindow()
                let offered = try await app.waitForTree { $0.nodes.contains { $0.text == message } }
                #expect(offered.nodes.contains { $0.text == message }, "no offer in the window")
                // GTK 4.8 names libadwaita's toast button after its label twice ("Import Import").
                let button = try #require(offered.nodes.first { $0.role == "push button" && $0.name.hasPrefix("Import") },
                                          "the toast has no Import: \(offered.nodes.filter { $0.role == "push button" }.map(\.name))")
                try app.screenshot("gnome-maps-offered")
                try AccessibilityTree.perform(button, pid: app.process.processIdentifier)
                #expect(await app.trace.waitFor("places-loaded") { $0["source"] as? String == "maps-places.json" } != nil)
                let imported = try await app.waitForTree { $0.nodes.contains { $0.text?.hasPrefix("Imported 2 places") == true } }
                #expect(imported.nodes.contains { $0.text?.hasPrefix("Imported 2 places") == true }, "no count after the import")
                // The recent places only when asked: the toast offers them.
                let more = try #require(imported.nodes.first { $0.role == "push button" && $0.name.hasPrefix("Import Them") },
                                        "no offer of the recent places: \(imported.nodes.filter { $0.role == "push button" }.map(\.name))")
                try AccessibilityTree.perform(more, pid: app.process.processIdentifier)
                let told = "Imported 1 place from “Recent places in maps-places.json”"
                let recent = try await app.waitForTree { $0.nodes.contains { $0.text == told } }
                #expect(recent.nodes.contains { $0.text == told }, "the recent places were not imported")
                try app.screenshot("gnome-maps-recent-places")
                try app.key("ctrl+f")
                try app.type("table ronde")
                let found = try await app.waitForTree(withListRows: true) { tree in
                    tree.nodes.contains { $0.text == "1 place found" } && tree.nodes.contains { $0.name.contains("Le Café de la Table Ronde") }
                }
                #expect(found.nodes.contains { $0.name.contains("Le Café de la Table Ronde") }, "the favourite is not listed")
                try app.screenshot("gnome-maps-imported")
            }
            let again = try AppUnderTest(home: home)
            try again.waitForWindow()
            #expect(await again.trace.waitFor("places-loaded") { $0["source"] as? String == "maps-places.json" } != nil,
                    "the imported file is not remembered")
            try await again.waitUntilPainted(quiet: 1)
            #expect(try !again.accessibilityTree().nodes.contains { $0.text == message }, "offered a second time")
        }
    }
}

import Foundation
import PlacesCore
import Testing

extension GUITests {
    @Suite("Own places in a real window")
    struct OwnPlacesTests {
        /// A name that would be bold and an ampersand if anything read it as markup.
        static let name = "<b>&amp; Sperl"

        @Test("keyboard only: Ctrl+N, a name, Enter adds it to the map and the list; Delete and Ctrl+Z; after kill -9 and a restart Enter on its row opens its card")
        func keyboardOnly() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            var id: String?
            do {
                let app = try AppUnderTest(home: home)
                try app.waitForWindow()
                #expect(await app.trace.waitFor("places-loaded") != nil)
                try app.key("ctrl+n")
                let editor = try await app.waitForEditor()
                #expect(editor.nodes.first { $0.states.contains("focused") }?.name == "Name", "the name field is not focused")
                try app.type(Self.name)
                try app.screenshot("own-place-editor")
                try app.key("Return")

                let added = await app.trace.waitFor("place-added")
                #expect(added?["name"] as? String == Self.name)
                id = added?["id"] as? String
                #expect(await app.trace.waitFor("card-revealed") { $0["id"] as? String == id } != nil)
                #expect(try app.cardLabels().first == Self.name, "the card does not show the name literally")
                let map = try await app.waitForTree { $0.marker(named: "\(Self.name), other") != nil }
                #expect(map.marker(named: "\(Self.name), other") != nil, "no marker for the new place on the map")
                #expect(map.nodes.contains { $0.role == "label" && $0.text == "“\(Self.name)” added to My Places" }, "no toast")

                try app.key("ctrl+f")
                #expect(await app.trace.waitFor("tab-shown") { $0["tab"] as? String == "places" } != nil)
                try app.type("sperl")
                // My Places come first; towns with a like name follow once the gazetteer has loaded.
                let (summary, _) = try await app.waitForSearch("sperl")
                #expect(summary != "0 places found", "search does not find it")
                let shown = app.trace.events(named: "tab-shown").count
                try app.key("Return")
                #expect(await app.trace.waitFor("tab-shown", after: shown)?["tab"] as? String == "map", "Enter did not open it on the map")

                try app.key("Delete")
                #expect(await app.trace.waitFor("place-removed")?["id"] as? String == id)
                let deleted = try await app.waitForTree { tree in tree.nodes.contains { $0.text == "“\(Self.name)” deleted" } }
                // GTK 4.8 names libadwaita's toast button after its label twice ("Undo Undo").
                #expect(deleted.nodes.contains { $0.role == "push button" && $0.name.hasPrefix("Undo") },
                        "the toast has no Undo: \(deleted.nodes.filter { $0.role == "push button" }.map(\.name))")
                try app.screenshot("own-place-deleted")
                try app.key("ctrl+z")
                #expect(await app.trace.waitFor("undo")?["edit"] as? String == "delete")
                #expect(await app.trace.waitFor("place-added", after: 1)?["id"] as? String == id)

                // Saved as soon as it is made (in the background): killed once the library holds it
                // again, nothing is lost.
                let library = home.appendingPathComponent("data/places/library.json")
                // The id as JSON writes it ("mine\/…" or "mine/…"): its part after the slash.
                let key = String((id ?? "?").split(separator: "/").last ?? "?")
                let saved = await AppUnderTest.poll { try String(contentsOf: library, encoding: .utf8).contains(key) }
                #expect(saved, "the undone deletion was not saved")
                kill(app.process.processIdentifier, SIGKILL)
            }

            let app = try AppUnderTest(home: home)
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("ctrl+f")
            try app.type("sperl")
            _ = try await app.waitForSearch("sperl")
            try app.key("Down")
            try app.key("Return")
            let revealed = await app.trace.waitFor("card-revealed")
            #expect(revealed?["id"] as? String == id, "the place did not survive kill -9 and a restart")
            #expect(try app.cardLabels().first == Self.name)
        }

        @Test("right click on the map offers Add Place Here; the new place is where the click was")
        func contextMenu() async throws {
            let app = try AppUnderTest(["--camera", "48.2,16.37,12"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("camera") != nil)
            let (camera, origin) = try app.latestCamera()
            let spot = ScreenPoint(x: origin.x + camera.viewport.width / 2 + 80, y: origin.y + camera.viewport.height / 2 - 40)
            try app.click(at: spot.x, spot.y, button: 3)
            let menu = try await app.waitForTree { $0.nodes.contains { $0.name == "Add Place Here" } }
            let item = try #require(menu.nodes.first { $0.name == "Add Place Here" }, "no Add Place Here in the context menu")
            #expect(item.states.contains("focused"), "the menu's item does not have the keyboard")
            try app.key("Return")
            let editor = try await app.waitForEditor()
            #expect(editor.nodes.first { $0.states.contains("focused") }?.name == "Name",
                    "\(editor.nodes.filter { $0.states.contains("focused") || $0.name == "Place editor" }.map { "\($0.name) \($0.states)" })")
            try app.type("Hut")
            try app.key("Return")
            #expect(await app.trace.waitFor("place-added")?["name"] as? String == "Hut")
            let expected = camera.coordinate(at: ScreenPoint(x: spot.x - origin.x, y: spot.y - origin.y))
            let shown = try #require(try app.cardLabels().first { $0.contains("° N") }, "no coordinates on the card")
            let position = try CoordinateText.parse(shown).get()
            #expect(position.distance(to: expected) < 0.05, "the place is at \(shown), the click was at \(expected)")
        }
    }
}

import Foundation
import PlacesCore
import Testing

extension GUITests {
    /// What a newcomer meets in the first hour, read back from the real window as a person (or a screen
    /// reader) meets it.
    @Suite("The first hour in a real window")
    struct FirstHourTests {
        private static let trip = #"""
        {"type":"FeatureCollection","features":[
          {"type":"Feature","geometry":{"type":"Point","coordinates":[16.3725,48.2084]},"properties":{"name":"Café Central","amenity":"cafe"}},
          {"type":"Feature","geometry":{"type":"Point","coordinates":[16.3780,48.2030]},"properties":{"name":"Sacher","amenity":"cafe"}}
        ]}
        """#

        @Test("a file opened from outside the running instance is answered on the tab in view, and Show goes to its places")
        func importFromOutside() async throws {
            let app = try AppUnderTest(["--tab", "places"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            let file = app.home.appendingPathComponent("trip.geojson")
            try Self.trip.write(to: file, atomically: true, encoding: .utf8)
            try app.openFromOutside(file)
            let message = "Imported 2 places from “trip.geojson”"
            let tree = try await app.waitForTree { $0.nodes.contains { $0.text == message } }
            #expect(tree.nodes.contains { $0.role == "label" && $0.text == message }, "no message on the Places tab")
            // GTK 4.8 names libadwaita's toast button after its label twice, the mnemonic's underscore
            // included ("_Show Show").
            let show = try #require(tree.nodes.first { $0.role == "push button" && ["Show", "_Show Show", "Show Show"].contains($0.name) },
                                    "the message has no Show: \(tree.nodes.filter { $0.role == "push button" }.map(\.name))")
            try app.screenshot("first-hour-import-message")
            let cameras = app.trace.events(named: "camera").count
            try AccessibilityTree.perform(show, pid: app.process.processIdentifier)
            #expect(await app.trace.waitFor("tab-shown") { $0["tab"] as? String == "map" } != nil, "Show did not go to the map")
            let camera = await app.trace.waitFor("camera", after: cameras)
            #expect(((camera?["zoom"] as? NSNumber)?.doubleValue ?? 0) > 10, "the map did not fit the two cafés")
            let map = try await app.waitForTree { $0.markers.contains { $0.name.hasPrefix("Sacher") || $0.name.hasPrefix("Cluster") } }
            #expect(map.markers.contains { $0.name == "Sacher, cafe" || $0.name == "Café Central, cafe" || $0.name.hasPrefix("2 places around ") })
            try app.screenshot("first-hour-import-shown")
        }

        @Test("the Springfields are suggestions a screen reader reaches, each named apart, the world's towns after the bundled cities; Down and Enter pick one")
        func springfields() async throws {
            let app = try AppUnderTest(["--tab", "profile"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("Tab")
            try app.type("Springfield")
            // The bundled cities answer at once; the world's towns join them once the gazetteer, which the
            // first keystroke starts reading, is read: Virginia's Springfield is one of the gazetteer's only.
            let tree = try await app.waitForTree(withListRows: true) { $0.nodes.contains { $0.name.hasPrefix("Springfield, Virginia") } }
            let list = try #require(tree.nodes.first { $0.name == "City suggestions" }, "no suggestion list for a screen reader")
            let names = tree.nodes.filter { $0.path.hasPrefix(list.path + ".") && $0.role != "label" && $0.name.hasPrefix("Springfield, ") }
                .map(\.name)
            #expect(Set(names).count == names.count, "suggestions that read the same: \(names)")
            #expect(Array(names.prefix(5)) == ["Massachusetts", "Missouri", "Illinois", "Ohio", "Oregon"].map { "Springfield, \($0), United States" },
                    "the bundled cities do not come first: \(names)")
            #expect(names.count > 5, "no town of the gazetteer: \(names)")
            try app.screenshot("first-hour-springfield")
            try app.key("Down")
            try app.key("Down")
            try app.key("Return")
            let picked = try await app.waitForTree { $0.nodes.contains { $0.role == "text" && $0.text?.hasPrefix("Springfield, Missouri") == true } }
            #expect(picked.nodes.contains { $0.role == "text" && $0.text == "Springfield, Missouri, United States" })
            #expect(!picked.nodes.contains { $0.name == "City suggestions" && $0.states.contains("showing") }, "the suggestions stayed open")

            try app.key("ctrl+a")
            // Not Atlantis: the world's towns include two (Florida, Western Cape).
            try app.type("Xanadoo")
            let unknown = try await app.waitForTree { $0.nodes.contains { $0.text == "No city called “Xanadoo” is known" } }
            #expect(unknown.nodes.contains { $0.text == "No city called “Xanadoo” is known" })
        }

        @Test("under en_US the card's distance is in miles")
        func miles() async throws {
            let app = try AppUnderTest(["--select", "capital-fr-paris"], environment: ["LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MEASUREMENT": ""])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("ctrl+3")
            try app.type("Ada")
            try app.key("Tab")
            try app.type("Lyon, France")
            try app.key("Return")
            #expect(await app.trace.waitFor("profile-saved") != nil)
            try app.key("ctrl+1")
            let card = try await app.waitForTree { tree in (try? Self.card(tree))?.contains { $0.hasSuffix("mi from Lyon") } == true }
            let labels = try Self.card(card)
            #expect(labels.contains("244 mi from Lyon"), "\(labels)")
            try app.screenshot("first-hour-miles")
        }

        @Test("the window narrows to 360 pixels; the legend folds away and every tab fits")
        func narrowWindow() async throws {
            let app = try AppUnderTest(["--select", "capital-fr-paris"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try AppUnderTest.run("xdotool", ["windowsize", "--sync", app.window, "360", "640"])
            _ = try await app.waitForCamera { $0.viewport.width <= 360 }
            try await app.waitUntilPainted()
            let geometry = try AppUnderTest.run("xdotool", ["getwindowgeometry", app.window])
            #expect(geometry.contains("Geometry: 360x640"), "\(geometry)")
            let tree = try await app.waitForTree { $0.nodes.contains { $0.name == "Legend" } }
            let legend = try #require(tree.nodes.first { $0.name == "Legend" }, "no legend button")
            #expect(!legend.states.contains("checked") && !legend.states.contains("pressed"), "the legend is open in a narrow window")
            try app.screenshot("first-hour-narrow-map")
            for (key, tab) in [("ctrl+2", "places"), ("ctrl+3", "profile")] {
                try app.key(key)
                #expect(await app.trace.waitFor("tab-shown") { $0["tab"] as? String == tab } != nil)
                try await app.waitUntilPainted()
                let shown = try app.accessibilityTree()
                let wide = shown.nodes.filter { $0.states.contains("showing") && $0.extents.count == 4 && $0.extents[2] > 360 }
                #expect(wide.isEmpty, "wider than the window on \(tab): \(wide.map { "\($0.role) \($0.name) \($0.extents)" })")
                try app.screenshot("first-hour-narrow-\(tab)")
            }
            let geometryAfter = try AppUnderTest.run("xdotool", ["getwindowgeometry", app.window])
            #expect(geometryAfter.contains("Geometry: 360x640"), "a tab widened the window: \(geometryAfter)")
        }

        @Test("a café on the Vienna marker: a click opens a chooser listing both, and each can be opened")
        func placesAtOneSpot() async throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("vienna-\(UUID().uuidString).geojson")
            defer { try? FileManager.default.removeItem(at: file) }
            try #"{"type":"Feature","geometry":{"type":"Point","coordinates":[16.36664,48.20002]},"properties":{"name":"Café Landtmann","amenity":"cafe"}}"#
                .write(to: file, atomically: true, encoding: .utf8)
            let app = try AppUnderTest([file.path, "--camera", "48.20002,16.36664,16"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") { $0["places"] as? Int == 1 } != nil)
            #expect(await app.trace.waitFor("camera") != nil)
            let (camera, origin) = try app.latestCamera()
            let spot = camera.screenPoint(for: Coordinate(latitude: 48.20002, longitude: 16.36664))
            try app.click(at: origin.x + spot.x, origin.y + spot.y)
            let cafe = "Café Landtmann, Cafe, from “\(file.lastPathComponent)”"
            let tree = try await app.waitForTree { $0.nodes.contains { $0.name == cafe } }
            let names = tree.nodes.filter { $0.role == "push button" && ($0.name == cafe || $0.name == "Vienna, Capital") }
            #expect(names.count == 2, "the chooser does not list both: \(tree.nodes.filter { $0.role == "push button" }.map(\.name))")
            try app.screenshot("first-hour-chooser")
            let chosen = try #require(names.first { $0.name == cafe })
            try AccessibilityTree.perform(chosen, pid: app.process.processIdentifier)
            #expect(await app.trace.waitFor("card-revealed")?["name"] as? String == "Café Landtmann")
        }

        @Test("Google Takeout's saved places: found by name, the address and the link on the card, the placeless one skipped")
        func takeout() async throws {
            // Takeout names the file "Saved Places.json"; the fixture is the headless tests' own.
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("Saved Places-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: file) }
            try FileManager.default.copyItem(
                at: AppUnderTest.packageRoot.appendingPathComponent("Tests/PlacesCoreTests/Fixtures/takeout-saved-places.json"), to: file)
            let app = try AppUnderTest([file.path])
            try app.waitForWindow()
            let loaded = await app.trace.waitFor("places-loaded") { $0["places"] as? Int == 1 }
            #expect(loaded?["skipped"] as? Int == 1, "the placeless saved place was not skipped")
            try app.key("ctrl+f")
            try app.type("diglas")
            // The café at once, then 15 towns the gazetteer finds only by forgiving a typo (Digras, India;
            // Douglas, "Daglas", the Isle of Man's among them, which the bundled capital's name does not
            // match as typed), listed below the file: Enter still opens the café.
            let found = try await app.waitForTree { $0.nodes.contains { $0.text == "16 places found" } }
            #expect(found.nodes.contains { $0.text == "16 places found" }, "the gazetteer's towns did not come")
            try app.key("Return")
            #expect(await app.trace.waitFor("card-revealed")?["name"] as? String == "Café Diglas")
            let labels = try app.cardLabels()
            #expect(labels.contains("Stephansplatz 3, 1010 Wien, Austria"), "\(labels)")
            #expect(try app.accessibilityTree().nodes.contains { $0.role == "push button" && $0.name == "Open Link" }, "no link on the card")
            try app.screenshot("first-hour-takeout")
        }

        @Test("a place named exactly as typed is listed first in its section, and Enter opens it")
        func exactNameFirst() async throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("numbered-\(UUID().uuidString).geojson")
            defer { try? FileManager.default.removeItem(at: file) }
            let features = ["Place 14242", "Place 24242", "Place 4242"].enumerated().map { index, name in
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(index),10]},"properties":{"name":"\#(name)"}}"#
            }
            try #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.write(to: file, atomically: true, encoding: .utf8)
            let app = try AppUnderTest([file.path])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") { $0["places"] as? Int == 3 } != nil)
            try app.key("ctrl+f")
            try app.type("place 4242")
            let (summary, _) = try await app.waitForSearch("place 4242")
            #expect(summary == "3 places found")
            let rows = try app.accessibilityTree(withListRows: true).nodes.filter { $0.name.hasPrefix("Place ") }.map(\.name)
            #expect(rows.first?.hasPrefix("Place 4242,") == true, "\(rows)")
            try app.key("Return")
            #expect(await app.trace.waitFor("card-revealed")?["name"] as? String == "Place 4242")
        }

        @Test("one click on a list row shows the card under the list; Show on Map opens the map with the keyboard on it")
        func singleClickOnARow() async throws {
            let app = try AppUnderTest(["--tab", "places", "--search", "Lyon"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            // The bundled Lyon first; its districts follow once the gazetteer has loaded.
            let (summary, _) = try await app.waitForSearch("Lyon")
            #expect(summary != "0 places found")
            let rows = try app.accessibilityTree(withListRows: true).nodes.filter { $0.name.hasPrefix("Lyon, City") }
            let row = try #require(rows.first { $0.centre != nil }, "no row for Lyon")
            let shown = app.trace.events(named: "tab-shown").count
            _ = try AppUnderTest.run("xdotool", ["mousemove", String(row.centre!.x), String(row.centre!.y), "click", "1"])
            #expect(await app.trace.waitFor("card-revealed")?["name"] as? String == "Lyon", "one click did not show the card")
            #expect(app.trace.events(named: "tab-shown").count == shown, "one click left the list")
            let card = try await app.waitForTree { $0.nodes.contains { $0.role == "push button" && $0.name == "Show on Map" } }
            let showOnMap = try #require(card.nodes.first { $0.role == "push button" && $0.name == "Show on Map" }, "no Show on Map on the card")
            try app.screenshot("first-hour-row-clicked")
            try AccessibilityTree.perform(showOnMap, pid: app.process.processIdentifier)
            #expect(await app.trace.waitFor("tab-shown", after: shown)?["tab"] as? String == "map")
            let map = try await app.waitForTree { $0.nodes.contains { $0.name == "Map view" && $0.states.contains("focused") } }
            #expect(map.nodes.contains { $0.name == "Map view" && $0.states.contains("focused") }, "the keyboard is not on the map")
        }

        @Test("with the map focused, Tab goes to the marker nearest the centre and Enter opens its card")
        func tabToTheNearestMarker() async throws {
            let app = try AppUnderTest(["--tab", "places", "--camera", "48.8566,2.3522,6"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("ctrl+1")
            #expect(await app.trace.waitFor("tab-shown") { $0["tab"] as? String == "map" } != nil)
            let map = try await app.waitForTree { $0.nodes.contains { $0.name == "Map view" && $0.states.contains("focused") } }
            #expect(map.nodes.contains { $0.name == "Map view" && $0.states.contains("focused") }, "the map does not have the keyboard")
            _ = try await app.waitForTree { $0.markers.count > 3 }
            try app.key("Tab")
            let focused = try await app.waitForTree { $0.markers.contains { $0.states.contains("focused") } }
            #expect(focused.markers.first { $0.states.contains("focused") }?.name == "Paris, capital",
                    "Tab went to \(focused.markers.first { $0.states.contains("focused") }?.name ?? "no marker")")
            try app.screenshot("first-hour-tab-nearest")
            try app.key("Return")
            #expect(await app.trace.waitFor("card-revealed")?["name"] as? String == "Paris")
        }

        private static func card(_ tree: AccessibilityTree) throws -> [String] {
            let card = try #require(tree.nodes.first { $0.name == "Place card" })
            return tree.labels(under: card.path)
        }
    }
}

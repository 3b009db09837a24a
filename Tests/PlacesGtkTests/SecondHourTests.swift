import Foundation
import PlacesCore
import Testing

extension GUITests {
    /// What a person meets once they use Places every day, read back from the real window: each test
    /// is one finding of "The second hour", and failed before its fix.
    @Suite("The second hour in a real window")
    struct SecondHourTests {
        @Test("New Collection: Enter creates the collection and closes the dialog; the menu then lists one “Weekend”")
        func enterInNameDialog() async throws {
            let app = try AppUnderTest(["--select", "capital-fr-paris"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("card-revealed") != nil)
            try app.openCollections()
            try await app.activate(role: "push button", name: "New Collection…")
            let dialog = try await app.waitForTree { $0.nodes.contains { $0.role == "text" && $0.name == "Name" && $0.states.contains("focused") } }
            #expect(dialog.nodes.contains { $0.role == "dialog" && $0.name == "New Collection" })
            try app.type("Weekend")
            try app.key("Return")
            #expect(await app.trace.waitFor("notice-shown") { $0["message"] as? String == "Collection “Weekend” created" } != nil)
            let closed = try await app.waitForTree { !$0.nodes.contains { $0.role == "dialog" } }
            #expect(!closed.nodes.contains { $0.role == "dialog" }, "the dialog stayed open after Enter")
            try app.screenshot("second-hour-collection-created")

            try app.openCollections()
            let menu = try await app.waitForTree { $0.nodes.contains { $0.role == "check box" && $0.name == "Weekend" } }
            #expect(menu.nodes.filter { $0.role == "check box" && $0.name == "Weekend" }.count == 1)
        }

        @Test("Ctrl+N, a name, Enter: Esc closes the new place's card; the toast sits above the card, not over its buttons")
        func escapeAfterAdding() async throws {
            let app = try AppUnderTest(["--camera", "45.8,4.9,9"])
            try await app.addPlace(named: "Picnic at Miribel")
            let message = "“Picnic at Miribel” added to My Places"
            let placed = { (tree: AccessibilityTree) in
                tree.nodes.contains { $0.text == message && $0.extents.count == 4 } && tree.nodes.contains { $0.name == "Place card" && $0.extents.count == 4 }
            }
            let tree = try await app.waitForTree { placed($0) && $0.nodes.contains { $0.name == "Map view" && $0.states.contains("focused") } }
            #expect(tree.nodes.contains { $0.name == "Map view" && $0.states.contains("focused") }, "the map does not have the keyboard")
            let toast = try #require(tree.nodes.first { $0.text == message && $0.extents.count == 4 })
            let card = try #require(tree.nodes.first { $0.name == "Place card" && $0.extents.count == 4 })
            #expect(toast.extents[1] + toast.extents[3] <= card.extents[1], "the toast \(toast.extents) covers the card \(card.extents)")
            try app.screenshot("second-hour-added")
            let hidden = app.trace.events(named: "card-hidden").count
            try app.key("Escape")
            #expect(await app.trace.waitFor("card-hidden", after: hidden) != nil, "Esc did not close the card")
            // With the card gone, Esc dismisses the toast.
            try app.key("Escape")
            let dismissed = try await app.waitForTree { !$0.nodes.contains { $0.text == message } }
            #expect(!dismissed.nodes.contains { $0.text == message }, "Esc did not dismiss the toast")
        }

        @Test("a position typed in degrees and minutes: the map does not glide to the half-typed “45°45”, and the place is saved where typed")
        func halfTypedPosition() async throws {
            let app = try AppUnderTest(["--camera", "45.8,4.9,9"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            #expect(await app.trace.waitFor("camera") != nil)
            try app.key("ctrl+n")
            _ = try await app.waitForTree { $0.nodes.contains { $0.name == "Name" && $0.states.contains("focused") } }
            try app.type("Picnic at Miribel")
            try await app.tab(to: "Position")
            let cameras = app.trace.events(named: "camera").count
            try app.key("ctrl+a")
            try app.type("45°45")
            let halfTyped = try await app.waitForTree { $0.nodes.contains { $0.name == "Position" && $0.text == "45°45" } }
            try #require(halfTyped.nodes.contains { $0.name == "Position" && $0.text == "45°45" },
                         "the position field reads \(halfTyped.nodes.filter { $0.name == "Position" }.map(\.text)), not “45°45”")
            // Time for a glide to end, had one started.
            try await app.waitUntilPainted(quiet: 1.5)
            try app.type("′30″N 5°10′E")
            let typed = try await app.waitForTree { $0.nodes.contains { $0.name == "Position" && $0.text == "45°45′30″N 5°10′E" } }
            try #require(typed.nodes.contains { $0.name == "Position" && $0.text == "45°45′30″N 5°10′E" },
                         "the position field reads \(typed.nodes.filter { $0.name == "Position" }.map(\.text)), not what was typed")
            try await app.waitUntilPainted(quiet: 1.5)
            try app.screenshot("second-hour-position-typed")
            let far = app.trace.events(named: "camera").dropFirst(cameras).filter { (($0["lon"] as? NSNumber)?.doubleValue ?? 0) > 10 }
            #expect(far.isEmpty, "the map went to a half-typed position: \(far)")
            try app.key("Return")
            #expect(await app.trace.waitFor("card-revealed")?["name"] as? String == "Picnic at Miribel")
            let labels = try app.cardLabels()
            #expect(labels.contains("45.7583° N, 5.1667° E"), "\(labels)")
        }

        @Test("a map file opened while the Places tab is up shows the Map tab, gliding to the map")
        func mapFileFromPlacesTab() async throws {
            let app = try AppUnderTest(["--tab", "places"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            let map = app.home.appendingPathComponent("alps.mbtiles")
            try AppUnderTest.run("/usr/bin/python3", [MapLayersTests.fixtures.path, "mbtiles", map.path, "255,0,255"])
            let shown = app.trace.events(named: "tab-shown").count
            try app.openFromOutside(map)
            #expect(await app.trace.waitFor("notice-shown") { ($0["message"] as? String)?.hasPrefix("Showing the map") == true } != nil)
            #expect(await app.trace.waitFor("tab-shown", after: shown)?["tab"] as? String == "map", "the Places tab stayed")
            let tree = try await app.waitForTree { $0.selectedTab == "Map" }
            #expect(tree.selectedTab == "Map")
            _ = try await app.waitForCamera { abs($0.center.longitude - 8.5) < 4 }
            try app.screenshot("second-hour-map-file-from-list")
        }

        @Test("Down from the search field selects the first place found and its card shows; Ctrl+F selects the search to type over it")
        func searchKeys() async throws {
            let app = try AppUnderTest(["--select", "capital-fr-paris", "--tab", "places"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("card-revealed")?["name"] as? String == "Paris")
            try app.key("ctrl+f")
            try app.type("Lyon")
            _ = try await app.waitForSearch("Lyon")
            try app.key("Down")
            #expect(await app.trace.waitFor("card-revealed") { $0["name"] as? String == "Lyon" } != nil,
                    "the card still shows the place before")
            let labels = try app.cardLabels()
            #expect(labels.first == "Lyon", "\(labels)")
            try app.key("ctrl+f")
            try app.type("Tokyo")
            let retyped = try await app.waitForTree { $0.nodes.contains { $0.name == "Search places" && $0.text == "Tokyo" } }
            #expect(retyped.nodes.contains { $0.name == "Search places" && $0.text == "Tokyo" },
                    "\(retyped.nodes.filter { $0.name == "Search places" }.map { $0.text ?? "" })")
            try app.screenshot("second-hour-search-retyped")
        }

        @Test("the same place from two files: “Places here” and the card name each one's file")
        func samePlaceFromTwoFiles() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("second-hour-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let files = ["lyon.geojson", "saved.geojson"].map { folder.appendingPathComponent($0) }
            for file in files {
                try #"{"type":"Feature","geometry":{"type":"Point","coordinates":[4.8372,45.7597]},"properties":{"name":"Cafe des Federations","tourism":"attraction"}}"#
                    .write(to: file, atomically: true, encoding: .utf8)
            }
            let app = try AppUnderTest(files.map(\.path) + ["--camera", "45.7597,4.8372,16"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") { $0["source"] as? String == "saved.geojson" } != nil)
            #expect(await app.trace.waitFor("camera") != nil)
            let (camera, origin) = try app.latestCamera()
            let spot = camera.screenPoint(for: Coordinate(latitude: 45.7597, longitude: 4.8372))
            try app.click(at: origin.x + spot.x, origin.y + spot.y)
            let named = { (file: String) in "Cafe des Federations, Landmark, from “\(file)”" }
            let tree = try await app.waitForTree { tree in ["lyon.geojson", "saved.geojson"].allSatisfy { tree.node(role: "push button", name: named($0)) != nil } }
            let chooser = try #require(tree.nodes.first { $0.role == "panel" && $0.name == "Places here" })
            let rows = tree.nodes.filter { $0.role == "push button" && $0.path.hasPrefix(chooser.path + ".") }.map(\.name)
            #expect(Set(rows) == [named("lyon.geojson"), named("saved.geojson")], "\(rows)")
            try await app.waitUntilPainted()
            try app.screenshot("second-hour-places-here")
            let saved = try #require(tree.node(role: "push button", name: named("saved.geojson")))
            try AccessibilityTree.perform(saved, pid: app.process.processIdentifier)
            #expect(await app.trace.waitFor("card-revealed")?["name"] as? String == "Cafe des Federations")
            let labels = try app.cardLabels()
            #expect(labels.contains("from “saved.geojson”"), "\(labels)")
        }

        @Test("a screen reader hears each tab by its label, no widget class names, a kind without its glyph, and export buttons without a format")
        func whatAScreenReaderHears() async throws {
            let app = try AppUnderTest(["--select", "capital-fr-paris", "--camera", "48.85,2.35,5"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("card-revealed")?["name"] as? String == "Paris")
            let tree = try await app.waitForTree { $0.nodes.contains { $0.role == "page tab" && $0.name == "Map" } }
            #expect(tree.nodes(role: "page tab").map(\.name) == ["Map", "Places", "Profile"])
            #expect(tree.nodes(role: "panel").filter { ["Map", "Places", "Profile"].contains($0.name) }.count == 3, "the tab pages are not named")
            // What the window's own parts were read as (GTK's insides, scroll bars and list items, aside).
            let classNames = { (tree: AccessibilityTree) in
                tree.nodes.filter { ["Tab", "GtkLabel", "GtkFixed", "AdwGizmo", "GtkStackPage", "GtkToggleButton", "GtkImage"].contains($0.name) }
                    .map { "\($0.role) \($0.path)" }
            }
            #expect(classNames(tree).isEmpty, "read by class: \(classNames(tree))")
            let labels = try app.cardLabels()
            #expect(labels.contains("Capital") && !labels.contains { $0.contains("◉") }, "\(labels)")

            try app.key("ctrl+2")
            let list = try await app.waitForTree(withListRows: true) { $0.nodes.contains { $0.name.hasPrefix("Export Capitals") } }
            #expect(list.nodes.contains { $0.role == "push button" && $0.name.firstMatch(of: #/^Export Capitals \(\d+\)…$/#) != nil })
            #expect(!list.nodes.contains { $0.name.hasSuffix("as GeoJSON") })

            try app.key("ctrl+1")
            try app.key("ctrl+n")
            let editor = try await app.waitForTree { $0.nodes.contains { $0.name == "Name" && $0.states.contains("focused") } }
            let kind = try #require(editor.nodes.first { $0.role == "push button" && $0.name == "Kind" }, "the kind's button is not named")
            // Inside it, GTK's own drop-down shows the kind chosen on a stack of its own.
            let readByClass = classNames(editor).filter { !$0.hasPrefix("panel \(kind.path).") }
            #expect(readByClass.isEmpty, "read by class in the editor: \(readByClass)")
        }

        @Test("Tab and Shift+Tab walk the whole window: every control once per round, the map's buttons, markers and the card's included, none a trap")
        func tabWalk() async throws {
            let app = try AppUnderTest(["--select", "capital-fr-paris", "--camera", "48.85,2.35,6"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("card-revealed") != nil)
            _ = try await app.waitForTree { $0.marker(named: "Paris, capital") != nil }
            let forward = try await app.tabRound(key: "Tab")
            let backward = try await app.tabRound(key: "shift+Tab")
            for name in ["New Place…", "Main Menu", "Legend", "Zoom in", "Zoom out", "Map Layers", "Map view", "Paris, capital",
                         "Add to favourites", "Close", "Copy to My Places", "Collections"] {
                #expect(forward.filter { $0 == name }.count == 1, "Tab reached “\(name)” \(forward.filter { $0 == name }.count) times: \(forward)")
            }
            #expect(Array(backward.reversed()) == forward.rotated(toEndWith: backward.first ?? ""), "Shift+Tab is not Tab backwards:\n\(forward)\n\(backward)")

            // In the card's Collections menu, Down goes on from the Favourites check button.
            try app.openCollections()
            _ = try await app.waitForTree { $0.nodes.contains { $0.role == "check box" && $0.name == "Favourites" && $0.states.contains("focused") } }
            try app.key("Down")
            let down = try await app.waitForTree { $0.nodes.contains { $0.name == "New Collection…" && $0.states.contains("focused") } }
            #expect(down.nodes.contains { $0.name == "New Collection…" && $0.states.contains("focused") }, "Down stayed on Favourites")
        }

        @Test("a scroll notch is one zoom level; a scale bar says how far; beyond the world map's detail a hint offers Online Tiles or a map file")
        func zoomScaleAndDetail() async throws {
            let app = try AppUnderTest(["--camera", "45.76,4.84,10"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            let (before, origin) = try await app.waitForCamera { abs($0.zoom - 10) < 0.01 }
            let cameras = app.trace.events(named: "camera").count
            try app.click(at: origin.x + before.viewport.width / 2, origin.y + before.viewport.height / 2, button: 4)
            #expect(await app.trace.waitFor("camera", after: cameras) != nil, "the notch did not zoom")
            let (after, _) = try await app.waitForCamera { $0.zoom > 10.01 }
            #expect(abs(after.zoom - 11) < 0.01, "one notch zoomed from 10 to \(after.zoom)")

            // At zoom 11 over Lyon, 100 pixels are about 5.3 km: the bar shows 5 km.
            let tree = try await app.waitForTree { $0.nodes.contains { $0.text == "The world map has no more detail here." } }
            let scale = try #require(tree.nodes.first { $0.role == "panel" && $0.name == "Scale" }, "no scale bar")
            #expect(tree.labels(under: scale.path) == ["5 km"])
            #expect(tree.nodes.contains { $0.role == "push button" && $0.name == "Open Map File…" })
            try app.screenshot("second-hour-beyond-detail")
            try await app.activate(role: "push button", name: "Online Tiles…")
            let layers = try await app.waitForTree { $0.nodes.contains { $0.role == "check box" && $0.name == "Online Tiles" } }
            #expect(layers.nodes.contains { $0.role == "check box" && $0.name == "Online Tiles" }, "Online Tiles… did not open the layer list")
        }

        @Test("the open legend is drawn over a marker under it, as wide as its names; the editor's title is whole at 360 pixels")
        func overlaps() async throws {
            // Paris about 80 pixels in from the map's left edge and 50 down from its top: under the legend's names.
            // In French, where the editor's title is longest ("Nouveau lieu", beside Annuler and Enregistrer).
            let app = try AppUnderTest(["--camera", "45.45,12.59,6"], environment: ["LANGUAGE": "fr", "LANG": "fr_FR.UTF-8", "LC_ALL": "fr_FR.UTF-8"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            let (camera, origin) = try await app.waitForCamera { _ in true }
            try await app.waitUntilPainted()
            let paris = camera.screenPoint(for: Coordinate(latitude: 48.86669, longitude: 2.33334))
            try #require((30...150).contains(paris.x) && (60...135).contains(paris.y), "Paris at \(paris)")
            let shot = try app.screenshot("second-hour-legend-over-marker")
            let pixel = try ScreenshotComparison.colour(shot, x: Int(origin.x + paris.x), y: Int(origin.y + paris.y))
            // The capital's red (191, 28, 41) would mean the marker is drawn over the legend's names.
            #expect(!(pixel[0] > 150 && pixel[1] < 80 && pixel[2] < 80), "the capital's marker shows over the legend: \(pixel)")

            try AppUnderTest.run("xdotool", ["windowsize", "--sync", app.window, "360", "640"])
            _ = try await app.waitForCamera { $0.viewport.width <= 360 }
            try app.key("ctrl+n")
            let editor = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == "Nouveau lieu" } }
            let title = try #require(editor.nodes.first { $0.role == "label" && $0.text == "Nouveau lieu" })
            let save = try #require(editor.nodes.first { $0.role == "push button" && $0.name == "Enregistrer" })
            // Whole: on one line as wide as the words need, or on two (it was cut to “Nouveau li…”).
            #expect(title.extents[2] >= 125 || title.extents[3] > 30, "the title is squeezed: \(title.extents)")
            #expect(title.extents[0] + title.extents[2] <= save.extents[0], "the title runs under the buttons")
            try app.screenshot("second-hour-narrow-editor")
        }

        @Test("Delete, Ctrl+Z, Ctrl+Shift+Z, Ctrl+Z: each toast replaces the last, the dead Undo never comes back; Show stays until replaced")
        func toastsWithoutStaleUndo() async throws {
            let app = try AppUnderTest(["--camera", "45.8,4.9,9"])
            try await app.addPlace(named: "Picnic at Miribel")
            let name = "“Picnic at Miribel”"
            for (chord, notice) in [("Delete", "\(name) deleted"), ("ctrl+z", "Undone: Delete \(name)"),
                                    ("ctrl+shift+z", "Redone: Delete \(name)"), ("ctrl+z", "Undone: Delete \(name)")] {
                let shown = app.trace.events(named: "notice-shown").count
                try app.key(chord)
                #expect(await app.trace.waitFor("notice-shown", after: shown)?["message"] as? String == notice)
            }
            let toasts = { (tree: AccessibilityTree) in tree.nodes.filter { $0.role == "label" && $0.text?.contains(name) == true } }
            let undone = try await app.waitForTree { toasts($0).map(\.text) == ["Undone: Delete \(name)"] }
            #expect(toasts(undone).map(\.text) == ["Undone: Delete \(name)"], "not one toast up: \(toasts(undone).map(\.text))")
            #expect(!undone.nodes.contains { $0.role == "push button" && $0.name.hasPrefix("Undo") }, "an Undo is still offered")
            // The notice without a button goes by itself; nothing it had pushed aside comes back
            // (libadwaita's queue replayed “Redone…”, then “deleted” with its dead Undo).
            let start = Date()
            var seen: Set<String> = []
            let gone = try await app.waitForTree(timeout: 30) { tree in
                seen.formUnion(toasts(tree).compactMap(\.text))
                return toasts(tree).isEmpty
            }
            let lifetime = Date().timeIntervalSince(start)
            #expect(toasts(gone).isEmpty, "the toast stayed: \(toasts(gone).map(\.text))")
            #expect(seen == ["Undone: Delete \(name)"], "stale toasts came back: \(seen)")

            // A notice with a button stays (one without lasted `lifetime` in this run).
            let file = app.home.appendingPathComponent("trip.geojson")
            try #"{"type":"Feature","geometry":{"type":"Point","coordinates":[4.83,45.76]},"properties":{"name":"Bouchon"}}"#
                .write(to: file, atomically: true, encoding: .utf8)
            try app.openFromOutside(file)
            let message = "Imported 1 place from “trip.geojson”"
            _ = try await app.waitForTree { $0.nodes.contains { $0.text == message } }
            let vanished = await AppUnderTest.poll(timeout: lifetime * 1.5) {
                try !app.accessibilityTree().nodes.contains { $0.text == message }
            }
            #expect(!vanished, "the Show notice went by itself")
            try app.screenshot("second-hour-show-stays")
        }
    }
}

extension Array where Element: Equatable {
    /// The same round started just after `last`, so that it ends with it.
    func rotated(toEndWith last: Element) -> [Element] {
        guard let index = firstIndex(of: last) else { return self }
        return Array(self[(index + 1)...] + self[...index])
    }
}

extension AppUnderTest {
    /// Opens the card's Collections menu as a screen reader does.
    func openCollections() throws {
        let tree = try accessibilityTree()
        let button = try #require(tree.nodes.last { $0.role == "push button" && $0.name == "Collections" }, "the card has no Collections button")
        try AccessibilityTree.perform(button, pid: process.processIdentifier)
    }

    /// Adds a place keyboard only (Ctrl+N, its name, Enter) once the window is up, and waits for its card.
    func addPlace(named name: String) async throws {
        try waitForWindow()
        #expect(await trace.waitFor("places-loaded") != nil)
        try key("ctrl+n")
        _ = try await waitForTree { $0.nodes.contains { $0.name == "Name" && $0.states.contains("focused") } }
        try type(name)
        try key("Return")
        #expect(await trace.waitFor("card-revealed")?["name"] as? String == name)
    }

    /// Presses Tab until the field named `name` has the keyboard (at most 12 times), each time waiting
    /// for the focus to move (read at once, a busy app's tree still shows the focus before the key).
    func tab(to name: String) async throws {
        let focused = { (tree: AccessibilityTree) in tree.nodes.first { $0.states.contains("focused") } }
        var current = try focused(accessibilityTree())
        for _ in 0..<12 {
            if current?.name == name { return }
            let before = current?.path
            try key("Tab")
            current = try await focused(waitForTree { focused($0)?.path != before })
        }
        Issue.record("Tab never reached “\(name)”")
    }

    /// The names of what has the focus as `key` is pressed until the focus comes back to where it
    /// started (at most 60 presses: a focus that never comes back is a trap, and the test fails).
    func tabRound(key: String) async throws -> [String] {
        let focused = { (tree: AccessibilityTree) in tree.nodes.first { $0.states.contains("focused") } }
        let start = try focused(accessibilityTree())?.path
        var names: [String] = []
        var path = start
        for _ in 0..<60 {
            try self.key(key)
            let tree = try await waitForTree { focused($0)?.path != path }
            let now = try #require(focused(tree), "nothing has the focus after \(key)")
            path = now.path
            names.append(now.name)
            if path == start { return names }
        }
        Issue.record("\(key) never came back to where it started: \(names)")
        return names
    }

    /// Waits for the object with `role` and `name` to show, and activates it as a screen reader does.
    func activate(role: String, name: String) async throws {
        let tree = try await waitForTree { $0.node(role: role, name: name) != nil }
        let node = try #require(tree.node(role: role, name: name), "no \(role) “\(name)”")
        try AccessibilityTree.perform(node, pid: process.processIdentifier)
    }
}

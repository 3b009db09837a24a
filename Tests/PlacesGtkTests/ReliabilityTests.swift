import Foundation
import PlacesCore
import Testing

extension GUITests {
    /// The app under hostile files, huge data, slow imports and a second instance: it shows its window,
    /// says what is wrong, stays the size it was and loses nobody's changes.
    @Suite("Reliability")
    struct ReliabilityTests {
        /// The text of every label in the window, as a screen reader reads it.
        static func labelTexts(_ tree: AccessibilityTree) -> [String] {
            tree.nodes(role: "label").compactMap(\.text)
        }

        @Test("a named pipe as library.json and settings.ini, /dev/zero as profile.json: the window appears and says why")
        func hostileDataFiles() async throws {
            let app = try AppUnderTest { home in
                let data = home.appendingPathComponent("data/places"), config = home.appendingPathComponent("config/places")
                try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
                try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
                _ = mkfifo(data.appendingPathComponent("library.json").path, 0o644)
                _ = mkfifo(config.appendingPathComponent("settings.ini").path, 0o644)
                try FileManager.default.createSymbolicLink(atPath: config.appendingPathComponent("profile.json").path, withDestinationPath: "/dev/zero")
            }
            try app.waitForWindow()
            let tree = try await app.waitForTree { Self.labelTexts($0).filter { $0.contains(", not a file") }.count == 3 }
            let texts = Self.labelTexts(tree)
            #expect(texts.contains { $0.contains("settings.ini (it is a named pipe, not a file)") }, "\(texts)")
            #expect(texts.contains { $0.contains("library.json (it is a named pipe, not a file)") }, "\(texts)")
            #expect(texts.contains { $0.contains("profile.json (it is a device, not a file)") }, "\(texts)")
            try app.screenshot("reliability-hostile-files")
        }

        @Test("a place named with a million characters keeps the window its size, with the name cut short")
        func millionCharacterName() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let name = "Qqxj" + String(repeating: "w", count: 1_000_000)
            let file = home.appendingPathComponent("giant.geojson")
            try Data(#"{"type":"Feature","id":"giant","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"name":"\#(name)","category":"\#(name)"}}"#.utf8).write(to: file)
            let app = try AppUnderTest([file.path], home: home)
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") { $0["source"] as? String == "giant.geojson" } != nil)
            let before = try #require(app.accessibilityTree().nodes(role: "frame").first?.extents)

            try app.key("ctrl+f")
            try app.type("qqxj")
            _ = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == "1 place found" } }
            try app.key("Return")
            let revealed = await app.trace.waitFor("card-revealed")
            let shown = try #require(revealed?["name"] as? String)
            #expect(shown.count == 200 && shown.hasPrefix("Qqxjww") && shown.hasSuffix("…"), "\(shown.count): \(shown.prefix(40))")
            try await app.waitUntilPainted()

            let after = try #require(app.accessibilityTree().nodes(role: "frame").first?.extents)
            #expect(after[2] == before[2], "the window went from \(before[2]) to \(after[2]) px wide")
            #expect(after[2] <= 1280)
            try app.screenshot("reliability-million-character-name")
            try await app.closeCard()
            try await app.waitUntilPainted()
            #expect(try app.accessibilityTree().nodes(role: "frame").first?.extents[2] == before[2])
        }

        @Test("an import shows how far it has got and can be cancelled from the header bar; nothing of it stays")
        func cancelImport() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let feature = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"name":"P"}},"#
            let text = #"{"type":"FeatureCollection","features":["# + String(repeating: feature, count: 1_500_000) + #"{"type":"Point","coordinates":[0,0]}]}"#
            let file = home.appendingPathComponent("big.geojson")
            try Data(text.utf8).write(to: file)
            let app = try AppUnderTest([file.path], home: home)
            try app.waitForWindow()

            // Places come in while the rest is read: wait until the bar has moved on (4–5 s in the
            // tests' debug build, which imports the file in about 35 s). All 1.5 million places are at
            // one point; before the map named its clusters from a bounded number of them, naming that
            // crowd's cluster looked at every one, and the bar moved after 12–180 s.
            let started = ContinuousClock.now
            let busy = try await app.waitForTree(timeout: 60) { tree in
                tree.node(role: "push button", name: "Cancel Import") != nil
                    && tree.nodes(role: "progress bar").contains { ($0.value?.current ?? 0) > 0 }
            }
            print("The import's bar moved after \(ContinuousClock.now - started).")
            #expect(Self.labelTexts(busy).contains("Importing big.geojson…"))
            let bar = try #require(busy.nodes(role: "progress bar").first)
            let value = try #require(bar.value)
            #expect(value.current > 0 && value.current < value.maximum, "part of the way: \(value)")
            try app.screenshot("reliability-importing")
            let cancel = try #require(busy.node(role: "push button", name: "Cancel Import"), "no Cancel button while importing")
            try AccessibilityTree.perform(cancel, pid: app.process.processIdentifier)

            let done = try await app.waitForTree {
                Self.labelTexts($0).contains { $0.hasPrefix("Import cancelled") } && $0.node(role: "push button", name: "Cancel Import") == nil
            }
            #expect(Self.labelTexts(done).contains("Import cancelled: big.geojson was not imported."))
            #expect(done.node(role: "push button", name: "Cancel Import") == nil, "the activity is gone")
            #expect(app.trace.events(named: "places-loaded").allSatisfy { $0["source"] as? String != "big.geojson" })
            try app.screenshot("reliability-import-cancelled")
        }

        @Test("20,000 places at one spot: one marker at the deepest zoom, and a click lists eight and counts the rest")
        func crowdAtOneSpot() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let features = (0..<20_000).map { #"{"type":"Feature","geometry":{"type":"Point","coordinates":[4.8372,45.7597]},"properties":{"name":"Stall \#($0)"}}"# }
            let file = home.appendingPathComponent("market.geojson")
            try Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8).write(to: file)
            let app = try AppUnderTest([file.path, "--camera", "45.7597,4.8372,18"], home: home)
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") { $0["source"] as? String == "market.geojson" } != nil)
            let (camera, origin) = try app.latestCamera()
            let spot = camera.screenPoint(for: Coordinate(latitude: 45.7597, longitude: 4.8372))
            let isCrowd = { (node: AccessibilityTree.Node) in node.role == "push button" && node.name.hasPrefix("20,000 places around Stall") }
            let marked = try await app.waitForTree { $0.nodes.contains(where: isCrowd) }
            #expect(marked.nodes.filter(isCrowd).count == 1, "one marker for the spot")
            #expect(marked.nodes.filter { $0.role == "push button" && $0.name.hasPrefix("Stall") }.isEmpty, "a marker for each stall")

            try app.click(at: origin.x + spot.x, origin.y + spot.y)
            let tree = try await app.waitForTree { Self.labelTexts($0).contains("and 19,992 more places here") }
            let chooser = try #require(tree.nodes.first { $0.role == "panel" && $0.name == "Places here" })
            let rows = tree.nodes.filter { $0.role == "push button" && $0.path.hasPrefix(chooser.path + ".") }
            #expect(rows.count == 8, "\(rows.map(\.name))")
            #expect(Self.labelTexts(tree).contains("and 19,992 more places here"))
            try await app.waitUntilPainted()
            try app.screenshot("reliability-crowd-chooser", wholeScreen: true)
        }

        @Test("20,000 remembered files gone missing: the window answers at once and names a few of them")
        func manyMissingFiles() async throws {
            let app = try AppUnderTest { home in
                let sources = (0..<20_000).map { #"{"id":"file:/gone/\#($0).geojson","title":"\#($0).geojson","path":"/gone/\#($0).geojson"}"# }
                let library = #"{"version":1,"library":{"favourites":[],"sources":[\#(sources.joined(separator: ","))]}}"#
                try AppUnderTest.writeLibrary(library, in: home)
            }
            try app.waitForWindow()
            #expect(await app.trace.waitFor("error-shown") != nil)
            let tabs = app.trace.events(named: "tab-shown").count
            try app.key("ctrl+3")
            #expect(await app.trace.waitFor("tab-shown", after: tabs, timeout: 2) { $0["tab"] as? String == "profile" } != nil,
                    "the window did not answer a key within 2 s")
            let texts = Self.labelTexts(try app.accessibilityTree())
            let message = try #require(texts.first { $0.contains("imported files were not found") })
            #expect(message.hasPrefix("20,000 imported files were not found, among them 0.geojson, 1.geojson, 2.geojson."))
            #expect(message.count < 300)
        }

        @Test("two instances in separate D-Bus sessions on one data folder keep each other's imports")
        func twoInstances() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let point = { (lon: Double) in #"{"type":"Point","coordinates":[\#(lon),45.0]}"# }
            let north = home.appendingPathComponent("north.geojson"), south = home.appendingPathComponent("south.geojson")
            try Data(point(4).utf8).write(to: north)
            try Data(point(5).utf8).write(to: south)

            let first = try AppUnderTest([north.path], home: home, ownSession: true)
            let second = try AppUnderTest([south.path], home: home, ownSession: true)
            #expect(await first.trace.waitFor("places-loaded") { $0["source"] as? String == "north.geojson" } != nil)
            #expect(await second.trace.waitFor("places-loaded") { $0["source"] as? String == "south.geojson" } != nil)

            let library = home.appendingPathComponent("data/places/library.json")
            var text = ""
            _ = await AppUnderTest.poll {
                text = (try? String(contentsOf: library, encoding: .utf8)) ?? ""
                return text.contains("north.geojson") && text.contains("south.geojson")
            }
            #expect(text.contains("north.geojson") && text.contains("south.geojson"), "library.json kept one instance's import: \(text)")
            try first.requireAlive()
            try second.requireAlive()
        }
    }
}

import Foundation
import Testing

extension GUITests {
    @Suite("Places tab: search and activate")
    struct PlacesSearchTests {
        @Test("Ctrl+F, typing “zurich” and Enter selects Zürich and shows the Map tab with its card")
        func searchAndActivate() async throws {
            let app = try AppUnderTest()
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("ctrl+f")
            #expect(await app.trace.waitFor("tab-shown") { $0["tab"] as? String == "places" } != nil)
            try app.type("zurich")
            // The bundled Zürich at once; its airport and districts when the gazetteer has loaded.
            let (summary, found) = try await app.waitForSearch("zurich")
            #expect(["1 place found", "20 places found"].contains(summary), "\(summary)")
            #expect(found.nodes.contains { $0.role == "label" && $0.text == summary }, "the list does not say how many places it found")
            #expect(await app.trace.waitFor("search-typed") { $0["text"] as? String == "zurich" } != nil)
            try app.screenshot("search-zurich")
            let tabs = app.trace.events(named: "tab-shown").count
            try app.key("Return")
            let revealed = await app.trace.waitFor("card-revealed")
            #expect(revealed?["name"] as? String == "Zürich")
            #expect(await app.trace.waitFor("tab-shown", after: tabs) { $0["tab"] as? String == "map" } != nil)
            #expect(try app.cardLabels().first == "Zürich")
            // The map glides to Zürich and comes to rest there.
            #expect(await app.trace.waitFor("camera") { abs(($0["lat"] as? Double ?? 0) - 47.37) < 0.5 } != nil, "the map did not glide to Zürich")
            try await app.waitUntilPainted()
            try app.screenshot("search-activated-card")
        }

        @Test("with a place's card up, a search's results show from their first header, not from where the list was")
        func resultsFromTheTop() async throws {
            let app = try AppUnderTest(["--select", "capital-pt-ponta-delgada"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("card-revealed") != nil)
            // The list, shown first, scrolls down to the selected place.
            try app.key("ctrl+2")
            #expect(await app.trace.waitFor("tab-shown") { $0["tab"] as? String == "places" } != nil)
            try app.key("ctrl+f")
            try app.type("san jo")
            // The library's 7 first, then the world's towns once the gazetteer has loaded: the list is
            // filled anew then, and the row under the pointer would lose its highlight between the shots.
            let withTowns = { (text: String?) in text?.wholeMatch(of: /(\d+) places found/).flatMap { Int($0.1) }.map { $0 > 7 } == true }
            _ = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && withTowns($0.text) } }
            try app.move(to: 400, 350)  // the row under the pointer is highlighted in both screenshots
            try await app.waitUntilPainted()
            let shown = try app.screenshot("search-results-from-the-top")
            // Scrolling up must find nothing above: the results were shown from their first header.
            // (A screen reader's positions do not follow the list's scrolling, so pixels tell.)
            for _ in 0..<10 { try app.click(at: 400, 350, button: 4) }
            try await app.waitUntilPainted()
            let scrolledUp = try app.screenshot("search-results-scrolled-up")
            let moved = try ScreenshotComparison.difference(shown, scrolledUp, x: 10, y: 165, width: 600, height: 240)
            #expect(moved < 0.01, "the list moved by \(moved) when scrolled up: it did not show the first results")
        }

        @Test("rows GTK dropped for a search and made again when it is cleared read as they did, headers and their buttons too")
        func rowsMadeAgainReadTheSame() async throws {
            let app = try AppUnderTest()
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("ctrl+f")
            #expect(await app.trace.waitFor("tab-shown") { $0["tab"] as? String == "places" } != nil)
            // What a screen reader finds in the list: each row's words and its buttons' names, in order.
            let read = { (tree: AccessibilityTree) in
                tree.nodes.map { "\($0.role) \($0.name) \($0.text ?? "")" }
            }
            // The list from its top: the first capital and its section's header.
            let showsTop = { (tree: AccessibilityTree) in
                tree.nodes.contains { $0.text == "Abidjan" } && tree.nodes.contains { $0.name == "Export Capitals (235)…" }
            }
            let shownFirst = try await app.waitForTree(withListRows: true, showsTop)
            // Nothing found: GTK drops every row; the list keeps them for the rows it makes next.
            try app.type("qqqxxyzzy")
            _ = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == "0 places found" } }
            try app.key("ctrl+a")
            try app.key("BackSpace")
            let shownAgain = try await app.waitForTree(withListRows: true, showsTop)
            #expect(read(shownAgain) == read(shownFirst))
            try app.screenshot("search-cleared-rows-made-again")
            try app.requireAlive()
        }

        @Test("a search that matches nothing shows the empty state and keeps the app alive")
        func emptyResult() async throws {
            let app = try AppUnderTest()
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("ctrl+f")
            try app.type("qqqxxyzzy")
            // The answer once the world's towns, which the first keystroke starts reading, are searched too.
            let tree = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == "0 places found" } }
            #expect(tree.nodes.contains { $0.role == "label" && $0.text == "No places found" })
            try app.screenshot("search-empty-state")
            try app.key("Return")  // nothing to activate: nothing happens
            // Keys are handled in order: once Ctrl+1 has shown the map, Return has been handled.
            try app.key("ctrl+1")
            #expect(await app.trace.waitFor("tab-shown") { $0["tab"] as? String == "map" } != nil)
            #expect(app.trace.events(named: "card-revealed").isEmpty)
            try app.requireAlive()
        }
    }
}

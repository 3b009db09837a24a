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
            #expect(await app.trace.waitFor("tab-shown", timeout: 3) { $0["tab"] as? String == "places" } != nil)
            try app.type("zurich")
            let found = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == "1 place found" } }
            #expect(found.nodes.contains { $0.role == "label" && $0.text == "1 place found" }, "the list does not say it found one place")
            try app.screenshot("search-zurich")
            let tabs = app.trace.events(named: "tab-shown").count
            try app.key("Return")
            let revealed = await app.trace.waitFor("card-revealed", timeout: 3)
            #expect(revealed?["name"] as? String == "Zürich")
            #expect(await app.trace.waitFor("tab-shown", after: tabs, timeout: 3) { $0["tab"] as? String == "map" } != nil)
            #expect(try app.cardLabels().first == "Zürich")
            try await Task.sleep(for: .milliseconds(600))
            try app.screenshot("search-activated-card")
        }

        @Test("a search that matches nothing shows the empty state and keeps the app alive")
        func emptyResult() async throws {
            let app = try AppUnderTest()
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("ctrl+f")
            try app.type("qqqxxyzzy")
            let tree = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == "No places found" } }
            #expect(tree.nodes.contains { $0.role == "label" && $0.text == "0 places found" })
            try app.screenshot("search-empty-state")
            try app.key("Return")  // nothing to activate: nothing happens
            try await Task.sleep(for: .milliseconds(300))
            #expect(app.trace.events(named: "card-revealed").isEmpty)
            try app.requireAlive()
        }
    }
}

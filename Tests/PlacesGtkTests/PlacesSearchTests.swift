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
            #expect(await app.trace.waitFor("tab-shown", timeout: 3) { $0["tab"] as? String == "Places" } != nil)
            try app.type("zurich")
            try await Task.sleep(for: .milliseconds(600))  // the search entry's own delay
            try app.screenshot("search-zurich")
            let tabs = app.trace.events(named: "tab-shown").count
            try app.key("Return")
            let revealed = await app.trace.waitFor("card-revealed", timeout: 3)
            #expect(revealed?["name"] as? String == "Zürich")
            #expect(await app.trace.waitFor("tab-shown", after: tabs, timeout: 3) { $0["tab"] as? String == "Map" } != nil)
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
            try await Task.sleep(for: .milliseconds(600))
            try app.screenshot("search-empty-state")
            try app.key("Return")  // nothing to activate: nothing happens
            try await Task.sleep(for: .milliseconds(300))
            #expect(app.trace.events(named: "card-revealed").isEmpty)
            try app.requireAlive()
        }
    }
}

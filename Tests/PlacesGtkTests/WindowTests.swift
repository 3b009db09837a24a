import Foundation
import Testing

extension GUITests {
    @Suite("Window and tabs")
    struct WindowTests {
        @Test("the window appears and Ctrl+2, Ctrl+3, Ctrl+1 switch through the three tabs")
        func tabsSwitchWithKeys() async throws {
            let app = try AppUnderTest()
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.screenshot("tab-map")
            for (chord, tab, title) in [("ctrl+2", "places", "Places"), ("ctrl+3", "profile", "Profile"), ("ctrl+1", "map", "Map")] {
                let before = app.trace.events(named: "tab-shown").count
                try app.key(chord)
                let shown = await app.trace.waitFor("tab-shown", after: before) { $0["tab"] as? String == tab }
                #expect(shown != nil, "\(chord) did not show the \(tab) tab")
                let tree = try await app.waitForTree { $0.selectedTab == title }
                #expect(tree.selectedTab == title, "a screen reader finds \(tree.selectedTab ?? "no tab") selected after \(chord)")
                try app.screenshot("tab-\(tab)")
            }
            try app.requireAlive()
        }
    }
}

extension AccessibilityTree {
    /// The title of the notebook tab a screen reader finds selected.
    var selectedTab: String? {
        guard let tab = nodes.first(where: { $0.role == "page tab" && $0.states.contains("selected") }) else { return nil }
        return labels(under: tab.path).first
    }
}

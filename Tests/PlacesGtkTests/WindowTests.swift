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
            for (chord, tab) in [("ctrl+2", "Places"), ("ctrl+3", "Profile"), ("ctrl+1", "Map")] {
                let before = app.trace.events(named: "tab-shown").count
                try app.key(chord)
                let shown = await app.trace.waitFor("tab-shown", after: before, timeout: 3) { $0["tab"] as? String == tab }
                #expect(shown != nil, "\(chord) did not show the \(tab) tab")
                try app.screenshot("tab-\(tab.lowercased())")
            }
            try app.requireAlive()
        }
    }
}

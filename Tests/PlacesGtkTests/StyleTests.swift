import Foundation
import Testing

extension GUITests {
    @Suite("Style: light, dark and the choice in the menu")
    struct StyleTests {
        /// The map's part of a screenshot: the canvas, from the trace's camera.
        private func mapLuminance(_ app: AppUnderTest, _ shot: URL) throws -> Double {
            let (camera, origin) = try app.latestCamera()
            return try ScreenshotComparison.meanLuminance(shot, region: (
                Int(origin.x), Int(origin.y), Int(camera.viewport.width), Int(camera.viewport.height)
            ))
        }

        @Test("with the system preferring dark, the window is dark, map included; light otherwise")
        func systemDark() async throws {
            // One at a time: a second instance would hand its window over to the first and exit.
            let (lightWindow, lightMap) = try await luminance(environment: [:], screenshot: "style-light")
            let (darkWindow, darkMap) = try await luminance(environment: ["ADW_DEBUG_COLOR_SCHEME": "prefer-dark"], screenshot: "style-dark")
            #expect(lightWindow > 0.6 && lightMap > 0.6, "light: window \(lightWindow), map \(lightMap)")
            #expect(darkWindow < 0.3 && darkMap < 0.3, "dark: window \(darkWindow), map \(darkMap)")
        }

        /// The mean luminance of the whole window and of its map, started with `environment`.
        private func luminance(environment: [String: String], screenshot name: String) async throws -> (window: Double, map: Double) {
            let app = try AppUnderTest(environment: environment)
            try app.waitForWindow()
            #expect(await app.trace.waitFor("first-frame") != nil)
            let shot = try app.screenshot(name)
            return try (ScreenshotComparison.meanLuminance(shot), mapLuminance(app, shot))
        }

        @Test("choosing Dark in the main menu darkens the window at once and is kept for the next launch")
        func menuChoicePersists() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            do {
                let app = try AppUnderTest(home: home)
                try app.waitForWindow()
                #expect(await app.trace.waitFor("first-frame") != nil)
                try app.key("F10")  // opens the primary menu, as in every GNOME app
                let open = try await app.waitForTree { $0.nodes.contains { $0.name == "Dark" } }
                let dark = try #require(open.nodes.first { $0.name == "Dark" }, "no Dark item in the main menu")
                #expect(open.nodes.contains { $0.name == "Follow System" } && open.nodes.contains { $0.name == "Light" })
                try AccessibilityTree.perform(dark, pid: app.process.processIdentifier)
                try app.key("Escape")
                _ = try await app.waitForTree { !$0.nodes.contains { $0.name == "Dark" } }
                let shot = try await app.waitForScreenshot("style-menu-dark") { try mapLuminance(app, $0) < 0.3 }
                #expect(try mapLuminance(app, shot) < 0.3, "the map did not turn dark")
                // Written off the main thread: read once it is there, before the app is stopped.
                let settings = home.appendingPathComponent("config/places/settings.ini")
                let written = await AppUnderTest.poll { try String(contentsOf: settings, encoding: .utf8).contains("style=dark") }
                #expect(written, "settings.ini does not keep the choice")
            }

            let again = try AppUnderTest(home: home)
            try again.waitForWindow()
            #expect(await again.trace.waitFor("first-frame") != nil)
            let shot = try again.screenshot("style-kept-dark")
            #expect(try ScreenshotComparison.meanLuminance(shot) < 0.3, "the next launch is not dark")
        }
    }
}

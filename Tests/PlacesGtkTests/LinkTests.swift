import Foundation
import PlacesCore
import Testing

extension GUITests {
    /// A place's link opened from its card, by the desktop's handler for `https:`: here a stand-in
    /// browser, registered in the app's own XDG folders, that writes down what it was started with.
    @Suite("Links")
    struct LinkTests {
        /// A home whose handler for `https:` is `browser` (a stand-in that writes down what it was
        /// started with, or a program that is not there), and a file of one place with a link.
        private static func home(browser: (URL) throws -> String) throws -> (home: URL, file: URL) {
            let home = try AppUnderTest.makeHome()
            let applications = home.appendingPathComponent("data/applications")
            try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
            try """
                [Desktop Entry]
                Type=Application
                Name=Stand-in browser
                Exec=\(try browser(home)) %u
                MimeType=x-scheme-handler/https;
                """.write(to: applications.appendingPathComponent("standin-browser.desktop"), atomically: true, encoding: .utf8)
            let config = home.appendingPathComponent("config")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try "[Default Applications]\nx-scheme-handler/https=standin-browser.desktop\n"
                .write(to: config.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)
            let file = home.appendingPathComponent("linked.geojson")
            try #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"linked","geometry":{"type":"Point","coordinates":[4.82,45.76]},"properties":{"name":"Linked place","url":"https://example.org/linked"}}]}"#
                .write(to: file, atomically: true, encoding: .utf8)
            return (home, file)
        }

        /// Starts the app on the place of `file` and presses its card's Open Link, as a screen reader would.
        private static func openLink(home: URL, file: URL) async throws -> AppUnderTest {
            let app = try AppUnderTest([file.path, "--select", "file:\(file.path)/linked"], environment: ["GSK_RENDERER": ""], home: home)
            try app.waitForWindow()
            #expect(await app.trace.waitFor("card-revealed")?["name"] as? String == "Linked place")
            let tree = try await app.waitForTree { $0.node(role: "push button", name: "Open Link") != nil }
            let button = try #require(tree.node(role: "push button", name: "Open Link"), "no Open Link button on the card")
            try AccessibilityTree.perform(button, pid: app.process.processIdentifier)
            return app
        }

        @Test("Open Link starts the browser with the place's link, and without the renderer choices Places made for itself")
        func openLink() async throws {
            let (home, file) = try Self.home { home in
                let opened = home.appendingPathComponent("opened.txt")
                let browser = home.appendingPathComponent("browser.sh")
                try "#!/bin/sh\n{ echo \"URI=$1\"; env; } > \(opened.path).part && mv \(opened.path).part \(opened.path)\n"
                    .write(to: browser, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
                return browser.path
            }
            defer { try? FileManager.default.removeItem(at: home) }
            let app = try await Self.openLink(home: home, file: file)

            let opened = home.appendingPathComponent("opened.txt")
            #expect(await AppUnderTest.poll { FileManager.default.fileExists(atPath: opened.path) }, "the browser was not started")
            let lines = try String(contentsOf: opened, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(lines.first == "URI=https://example.org/linked")
            // Places was started with an empty GSK_RENDERER; it chose cairo for itself (no GPU here) and
            // told GDK to leave OpenGL alone. The browser gets what Places was started with.
            let renderer = lines.filter { $0.hasPrefix("GSK_RENDERER=") || $0.hasPrefix("GDK_DEBUG=") || $0.hasPrefix("GDK_DISABLE=") }
            #expect(renderer == ["GSK_RENDERER="], "the browser inherited \(renderer)")
            #expect(app.trace.events(named: "error-shown").isEmpty)
        }

        @Test("a link no program can open is said in the window's banner, naming the link and why")
        func linkThatCannotOpen() async throws {
            let (home, file) = try Self.home { home in home.appendingPathComponent("no-such-browser").path }
            defer { try? FileManager.default.removeItem(at: home) }
            let app = try await Self.openLink(home: home, file: file)

            let shown = await app.trace.waitFor("error-shown")?["message"] as? String
            let banner = try await app.waitForTree { tree in tree.nodes.contains { $0.text?.hasPrefix("Could not open https://example.org/linked: ") == true } }
            let text = banner.nodes.compactMap(\.text).first { $0.hasPrefix("Could not open https://example.org/linked: ") }
            #expect(text != nil, "no banner naming the link: \(String(describing: shown))")
            #expect(text == "Could not open https://example.org/linked: no program on this computer opens https: links")
            try app.screenshot("link-cannot-open")
        }
    }
}

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

        /// A stand-in browser in `home` that writes down the link it was given and its environment (`opened.txt`).
        private static func recordingBrowser(_ home: URL) throws -> String {
            let opened = home.appendingPathComponent("opened.txt")
            let browser = home.appendingPathComponent("browser.sh")
            try "#!/bin/sh\n{ echo \"URI=$1\"; env; } > \(opened.path).part && mv \(opened.path).part \(opened.path)\n"
                .write(to: browser, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
            return browser.path
        }

        /// Waits for the `recordingBrowser` of `home` to start, and expects it given `link` and none of
        /// the renderer choices Places made for itself: Places was started with an empty GSK_RENDERER,
        /// chose cairo for itself (no GPU here) and told GDK to leave OpenGL alone; the browser gets what
        /// Places was started with.
        private static func expectBrowserStarted(home: URL, with link: String) async throws {
            let opened = home.appendingPathComponent("opened.txt")
            #expect(await AppUnderTest.poll { FileManager.default.fileExists(atPath: opened.path) }, "the browser was not started")
            let lines = try String(contentsOf: opened, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(lines.first == "URI=\(link)")
            let renderer = lines.filter { $0.hasPrefix("GSK_RENDERER=") || $0.hasPrefix("GDK_DEBUG=") || $0.hasPrefix("GDK_DISABLE=") }
            #expect(renderer == ["GSK_RENDERER="], "the browser inherited \(renderer)")
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
            let (home, file) = try Self.home(browser: Self.recordingBrowser)
            defer { try? FileManager.default.removeItem(at: home) }
            let app = try await Self.openLink(home: home, file: file)

            try await Self.expectBrowserStarted(home: home, with: "https://example.org/linked")
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
            /// Starts the app, opens About Places from the main menu and, from the keyboard, its Credits page
        /// and there the Natural Earth row, whose link libadwaita hands to `activate-link`.
        private static func openAboutLink(home: URL) async throws -> AppUnderTest {
            let app = try AppUnderTest(environment: ["GSK_RENDERER": ""], home: home)
            try app.waitForWindow()
            #expect(await app.trace.waitFor("first-frame") != nil)
            try app.key("F10")
            let menu = try await app.waitForTree { $0.nodes.contains { $0.name == "About Places" } }
            try AccessibilityTree.perform(try #require(menu.nodes.first { $0.name == "About Places" }), pid: app.process.processIdentifier)
            try await tab(to: "Credits", in: app)
            try await tab(to: "Natural Earth", in: app)
            return app
        }

        /// Presses Tab until the list row called `name` has the focus, each press waited for until the
        /// focus has moved, then Return: a keyboard user's way to a row.
        private static func tab(to name: String, in app: AppUnderTest) async throws {
            // The focus in the active window (the main window's own focus stays marked behind the About window).
            func focus(_ tree: AccessibilityTree) -> AccessibilityTree.Node? {
                guard let window = tree.nodes.first(where: { $0.role == "frame" && $0.states.contains("active") }) else { return nil }
                return tree.nodes.first { $0.states.contains("focused") && $0.path.hasPrefix(window.path + ".") }
            }
            let shown = try await app.waitForTree(withListRows: true) { $0.nodes.contains { $0.role == "list item" && $0.name == name } }
            var focused = focus(shown)
            for _ in 0..<8 where !(focused?.role == "list item" && focused?.name == name) {
                let before = focused?.path
                try app.key("Tab")
                focused = focus(try await app.waitForTree(withListRows: true) { focus($0).map { $0.path != before } ?? false })
            }
            try #require(focused?.role == "list item" && focused?.name == name, "Tab never reached the \(name) row")
            try app.key("Return")
        }

        @Test("a link in the About window starts the browser as Open Link does, without the renderer choices Places made for itself")
        func aboutLink() async throws {
            let (home, _) = try Self.home(browser: Self.recordingBrowser)
            defer { try? FileManager.default.removeItem(at: home) }
            _ = try await Self.openAboutLink(home: home)

            try await Self.expectBrowserStarted(home: home, with: "https://www.naturalearthdata.com")
        }

        @Test("a link of the About window no program can open is said over the About window, naming the link and why")
        func aboutLinkThatCannotOpen() async throws {
            let (home, _) = try Self.home { home in home.appendingPathComponent("no-such-browser").path }
            defer { try? FileManager.default.removeItem(at: home) }
            let app = try await Self.openAboutLink(home: home)

            let expected = "Could not open https://www.naturalearthdata.com: no program on this computer opens https: links"
            let dialog = try await app.waitForTree { $0.nodes.contains { $0.text == expected } }
            #expect(dialog.nodes.contains { $0.text == expected })
            #expect(dialog.nodes.contains { $0.name == "Could not open the link" || $0.text == "Could not open the link" })
            try app.screenshot("about-link-cannot-open", wholeScreen: true)
        }
    }
}

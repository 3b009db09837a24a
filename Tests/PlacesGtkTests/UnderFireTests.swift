import Foundation
import PlacesCore
import Testing

extension GUITests {
    /// What the reliability pass found in the window and on the command line: a screenshot that says
    /// it worked when it did not, an own place `--select` could not find, criticals without a session bus.
    @Suite("Under fire")
    struct UnderFireTests {
        @Test("--screenshot exits 0 with the picture written once the window is drawn, and 1 with the reason when it cannot be written")
        func screenshotStatus() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let written = home.appendingPathComponent("window.png")
            let good = try AppUnderTest(["--screenshot", written.path], home: home)
            #expect(good.process.waitForExit(seconds: 120), "places --screenshot did not quit")
            #expect(good.process.terminationStatus == 0)
            let png = try Data(contentsOf: written)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000, "\(png.count) bytes")

            let nowhere = home.appendingPathComponent("no such folder/window.png")
            let bad = try AppUnderTest(["--screenshot", nowhere.path], home: home)
            #expect(bad.process.waitForExit(seconds: 120), "places --screenshot did not quit")
            // It said it had failed, and still exited 0: the packaging test's window step then saw no PNG.
            #expect(bad.process.terminationStatus == 1)
            let said = try String(contentsOf: try #require(bad.log), encoding: .utf8)
            #expect(said.contains("places: the screenshot could not be written to \(nowhere.path): the file cannot be created there (a missing folder, or no permission)"), "\(said)")
        }

        @Test("--select with an own place's id opens its card once the library is read")
        func selectOwnPlace() async throws {
            let app = try AppUnderTest(["--select", "mine/picnic"]) { home in
                try AppUnderTest.writeLibrary(#"""
                {"version": 2, "library": {"favourites": [], "sources": [], "collections": [], "places": [
                  {"id": "mine/picnic", "name": "Picnic at Miribel", "kind": "park", "latitude": 45.8254, "longitude": 4.9513}]}}
                """#, in: home)
            }
            try app.waitForWindow()
            let revealed = await app.trace.waitFor("card-revealed", timeout: 30)
            #expect(revealed?["name"] as? String == "Picnic at Miribel", "\(String(describing: revealed))")
            let card = try await app.waitForTree { tree in tree.nodes.contains { $0.role == "label" && $0.text == "Picnic at Miribel" } }
            #expect(card.nodes.contains { $0.role == "label" && $0.text == "Picnic at Miribel" })
            try app.screenshot("select-own-place")
        }

        @Test("300 files handed to the running window at once: all imported, and one message says so, not 300")
        func manyFilesHandedOver() async throws {
            let app = try AppUnderTest()
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            let files = try (0..<300).map { index in
                let url = app.home.appendingPathComponent(String(format: "stop-%03d.geojson", index))
                try Data(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(Double(index) / 10 - 15),\#(45 + Double(index % 10) / 10)]},"properties":{"name":"Stop \#(index)"}}"#.utf8)
                    .write(to: url)
                return url
            }
            let noticesBefore = app.trace.events(named: "notice-shown").count
            try app.openFromOutside(files)
            let told = try await app.waitForTree(timeout: 60) { tree in tree.nodes.contains { $0.role == "label" && $0.text == "Imported 300 places from 300 files" } }
            #expect(told.nodes.contains { $0.role == "label" && $0.text == "Imported 300 places from 300 files" })
            #expect(app.trace.events(named: "places-loaded").count == 301)
            let notices = app.trace.events(named: "notice-shown").dropFirst(noticesBefore).compactMap { $0["message"] as? String }
            #expect(notices == ["Imported 300 places from 300 files"], "\(notices.prefix(5))")
            try app.screenshot("many-files-handed-over")
        }

        @Test("a file whose name is not UTF-8, handed to the window, is imported by its real name and shown with U+FFFD")
        func nameNotUTF8() async throws {
            let app = try AppUnderTest()
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            let folder = app.home.appendingPathComponent("latin-1")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let name = FileName.string(bytes: Array("caf".utf8) + [0xE9] + Array(".geojson".utf8))
            let file = FileName.withCString(folder.path + "/" + name) { creat($0, 0o644) }
            try #require(file >= 0)
            let text = Array(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[4.83,45.76]},"properties":{"name":"Brasserie"}}"#.utf8)
            _ = text.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            close(file)
            // The shell hands the name over byte for byte, as a file manager does (Foundation's
            // Process would re-encode it).
            let places = AppUnderTest.binDirectory.appendingPathComponent("places").path
            _ = try AppUnderTest.run("sh", ["-c", "XDG_CONFIG_HOME=\"$2\"/config XDG_DATA_HOME=\"$2\"/data GTK_A11Y=none \"$0\" \"$1\"/*",
                                            places, folder.path, app.home.path])
            // Before, the name came with U+FFFD instead of its byte: "it does not exist".
            let told = "Imported 1 place from “caf\u{FFFD}.geojson”"
            let tree = try await app.waitForTree(timeout: 30) { $0.nodes.contains { $0.role == "label" && $0.text == told } }
            #expect(tree.nodes.contains { $0.role == "label" && $0.text == told }, "\(ReliabilityTests.labelTexts(tree).suffix(5))")
            try app.screenshot("name-not-utf8")
        }

        @Test("started with an empty environment on a display of its own (no session bus, as env -i or ssh -X): no critical, no crash when it closes")
        func withoutSessionBus() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            // A display with no accessibility bus on it, as a bare X session has: on the tests' own
            // display, AT-SPI's bus is found through the root window, and GTK copes.
            let xvfb = Process()
            xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            xvfb.arguments = ["-displayfd", "1", "-screen", "0", "1280x900x24", "-nolisten", "tcp"]
            let number = Pipe()
            xvfb.standardOutput = number
            xvfb.standardError = FileHandle.nullDevice
            try xvfb.run()
            // GLib starts a session bus for the display (dbus-launch --autolaunch), which may start an
            // accessibility bus: they fork away from the test's session, so they are stopped here.
            let started = ["dbus-launch --autolaunch", "dbus-daemon --syslog-only --fork", "at-spi-bus-launcher", "at-spi2-registryd", home.path]
            let before = Set(started.flatMap(Self.processes(matching:)))
            defer {
                kill(xvfb.processIdentifier, SIGTERM)
                xvfb.waitForExit(seconds: 10)
                // Asked to end before they are killed: a bus killed outright leaves its socket file in /tmp.
                let stray = { Set(started.flatMap(Self.processes(matching:))).subtracting(before) }
                for pid in stray() { kill(pid, SIGTERM) }
                let deadline = Date().addingTimeInterval(5)
                while !stray().isEmpty, Date() < deadline { usleep(50_000) }
                for pid in stray() { kill(pid, SIGKILL) }
            }
            var display = ""
            while !display.hasSuffix("\n") {
                let byte = number.fileHandleForReading.readData(ofLength: 1)
                try #require(!byte.isEmpty, "Xvfb did not start")
                display += String(decoding: byte, as: UTF8.self)
            }

            let shot = home.appendingPathComponent("bare.png")
            let process = Process()
            // Signals unblocked: the session bus GLib starts must take the SIGTERM below.
            process.runsWithSignalsUnblocked([
                "/usr/bin/env", "-i", "DISPLAY=:" + display.trimmingCharacters(in: .whitespacesAndNewlines), "HOME=" + home.path,
                "PLACES_DATA_DIR=" + AppUnderTest.packageRoot.appendingPathComponent("data").path,
                AppUnderTest.binDirectory.appendingPathComponent("places").path, "--screenshot", shot.path,
            ])
            let log = home.appendingPathComponent("stderr.log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let output = try FileHandle(forWritingTo: log)
            process.standardOutput = output
            process.standardError = output
            try process.run()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            #expect(process.waitForExit(seconds: 120), "places did not quit")
            // Before: 18 criticals from GTK's accessibility, then a crash (SIGSEGV) as the window closed.
            #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(process.terminationReason) \(process.terminationStatus)")
            let said = try String(contentsOf: log, encoding: .utf8)
            #expect(!said.contains("CRITICAL") && !said.contains("WARNING"), "\(said)")
            #expect(FileManager.default.fileExists(atPath: shot.path))
        }

        /// The ids of the processes whose command line holds `text`.
        static func processes(matching text: String) -> [pid_t] {
            ((try? AppUnderTest.run("pgrep", ["-f", text])) ?? "").split(separator: "\n").compactMap { pid_t($0) }
        }
    }
}

import Foundation
import PlacesCore
import Testing

/// The real `places` binary running under the test's display, driven with real input (xdotool) and
/// observed as a person would: what a screen reader reads (`accessibilityTree()`), screenshots, and
/// the trace the app writes once GTK has shown something.
final class AppUnderTest {
    let process = Process()
    let trace: Trace
    let home: URL
    /// Where the app's standard output and error go (none for an app in a session of its own).
    private(set) var log: URL?
    private(set) var window = ""

    /// Where screenshots are kept (`artifacts/gui` at the package root; uploaded by CI if wanted).
    static let artifacts: URL = {
        let url = packageRoot.appendingPathComponent("artifacts/gui")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder with the built executables (next to the test bundle, or `$PLACES_BIN_DIR`).
    static var binDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["PLACES_BIN_DIR"] { return URL(fileURLWithPath: dir) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// Whether `home` goes with this app (a shared one is the caller's to remove).
    private let ownsHome: Bool
    private let ownSession: Bool

    /// A fresh folder for an app's XDG folders, to share between several apps.
    static func makeHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("places-gui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home
    }

    /// Writes `json` as the library file of the app started in `home` (for `init`'s `prepare`).
    static func writeLibrary(_ json: String, in home: URL) throws {
        let folder = home.appendingPathComponent("data/places")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: folder.appendingPathComponent("library.json"))
    }

    /// Starts `places arguments` with a trace file, reachable over AT-SPI, and its XDG folders in `home`
    /// (a fresh one unless given), after `prepare` has put files there. With `ownSession`, it runs in
    /// a D-Bus session of its own (as a second login would), where AT-SPI cannot reach it.
    init(
        _ arguments: [String] = [], environment extra: [String: String] = [:], home shared: URL? = nil,
        ownSession: Bool = false, prepare: (URL) throws -> Void = { _ in }
    ) throws {
        try AccessibilityBus.start()
        ownsHome = shared == nil
        self.ownSession = ownSession
        home = try shared ?? Self.makeHome()
        try prepare(home)
        // No blinking text cursor: the window rests (no frame painted) once it has shown what it had to.
        let gtkSettings = home.appendingPathComponent("config/gtk-4.0")
        try FileManager.default.createDirectory(at: gtkSettings, withIntermediateDirectories: true)
        try "[Settings]\ngtk-cursor-blink=false\n".write(to: gtkSettings.appendingPathComponent("settings.ini"), atomically: true, encoding: .utf8)
        trace = Trace(url: home.appendingPathComponent("trace-\(UUID().uuidString).jsonl"))
        let places = Self.binDirectory.appendingPathComponent("places")
        if ownSession {
            process.runsWithSignalsUnblocked(["/usr/bin/dbus-run-session", "--", places.path] + arguments)
            // Services the session bus starts outlive the test process; they must not hold its output.
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        } else {
            process.executableURL = places
            process.arguments = arguments
            // Its output goes to a file of its own, not the test's: an app a crashed test leaves
            // running would otherwise hold swift-test's pipe open, and the run would wait for it.
            let log = Self.artifacts.appendingPathComponent("places-\(trace.url.deletingPathExtension().lastPathComponent).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            self.log = log
            let output = try FileHandle(forWritingTo: log)
            process.standardOutput = output
            process.standardError = output
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PLACES_TRACE"] = trace.url.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["GSK_RENDERER"] = environment["GSK_RENDERER"] ?? "cairo"
        // An app in a session of its own would start that session's accessibility bus, which takes
        // over the display's bus address (a root window property) and dies with the session.
        environment["GTK_A11Y"] = ownSession ? "none" : "atspi"
        environment.merge(extra) { $1 }
        process.environment = environment
        try process.run()
    }

    deinit {
        // SIGKILL and a bounded wait: Foundation's waitUntilExit spins forever off the main thread.
        // The app and bus of an own session are dbus-run-session's children: they go first, asked to
        // end before they are killed (a session bus killed outright leaves its socket file in /tmp).
        if ownSession, process.isRunning {
            _ = try? Self.run("pkill", ["-TERM", "-P", String(process.processIdentifier)])
            process.waitForExit(seconds: 5)
        }
        if process.isRunning { _ = try? Self.run("pkill", ["-KILL", "-P", String(process.processIdentifier)]) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitForExit(seconds: 5)
        if ownsHome { try? FileManager.default.removeItem(at: home) }
    }

    /// Waits (at most 10 s) for the window titled "Places" to be mapped and remembers its X id.
    func waitForWindow() throws {
        let found = try Self.run("timeout", ["30", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^Places$"])
        try #require(process.isRunning, "places died during start-up (status \(process.terminationStatus))")
        window = try #require(found.split(separator: "\n").first.map(String.init), "the Places window did not appear within 30 s")
        // Without a window manager the keyboard goes to the window under the pointer.
        _ = try? Self.run("xdotool", ["mousemove", "--window", window, "300", "20"])
        _ = try? Self.run("xdotool", ["windowfocus", "--sync", window])
    }

    /// Presses a key chord, e.g. `"ctrl+2"`.
    func key(_ chord: String) throws {
        try requireAlive()
        _ = try Self.run("xdotool", ["key", "--clearmodifiers", chord])
    }

    /// Types `text` as key presses. Characters no key produces (°, ′, ü) get keys of their own first
    /// (`Support/keymap.py`): xdotool's own, momentary binding loses them when the app is slow.
    func type(_ text: String) throws {
        try requireAlive()
        if !text.allSatisfy(\.isASCII) { _ = try Self.run("/usr/bin/python3", [Self.keymapScript.path, text]) }
        _ = try Self.run("xdotool", ["type", "--delay", "20", text])
    }

    private static let keymapScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("keymap.py")

    /// Moves the pointer to window coordinates.
    func move(to x: Double, _ y: Double) throws {
        try requireAlive()
        _ = try Self.run("xdotool", ["mousemove", "--window", window, String(Int(x.rounded())), String(Int(y.rounded()))])
    }

    /// Clicks mouse `button` at window coordinates (4 and 5 scroll).
    func click(at x: Double, _ y: Double, button: Int = 1) throws {
        try move(to: x, y)
        _ = try Self.run("xdotool", ["click", String(button)])
    }

    /// Clicks at the middle of what a screen reader finds at `node` (its screen extents), in any of
    /// the app's windows: a dialog's, a popover's.
    func click(_ node: AccessibilityTree.Node) throws {
        try requireAlive()
        let centre = try #require(node.centre, "\(node.name) has no place on screen")
        _ = try Self.run("xdotool", ["mousemove", "--sync", String(centre.x), String(centre.y), "click", "1"])
    }

    /// Saves a screenshot of the window (with `wholeScreen`, of the screen: the window and its
    /// dialogs) as `artifacts/gui/NAME.png` and returns its path.
    @discardableResult
    func screenshot(_ name: String, wholeScreen: Bool = false) throws -> URL {
        try requireAlive()
        let url = Self.artifacts.appendingPathComponent("\(name).png")
        _ = try Self.run("import", ["-window", wholeScreen ? "root" : window, url.path])
        return url
    }

    /// The newest camera the app reported, as a PlacesCore `Camera`, with the canvas's origin.
    func latestCamera() throws -> (camera: Camera, origin: ScreenPoint) {
        try #require(reportedCamera(), "the app reported no camera")
    }

    /// The newest camera the app reported, nil before the first: unlike `latestCamera()`, asking
    /// before it came is no failure, so a wait can ask again.
    private func reportedCamera() -> (camera: Camera, origin: ScreenPoint)? {
        guard let event = trace.events(named: "camera").last else { return nil }
        let number = { (key: String) -> Double in (event[key] as? NSNumber)?.doubleValue ?? .nan }
        let camera = Camera(
            center: Coordinate(latitude: number("lat"), longitude: number("lon")), zoom: number("zoom"),
            viewport: ScreenSize(width: number("width"), height: number("height"))
        )
        return (camera, ScreenPoint(x: number("x"), y: number("y")))
    }

    /// Waits until the map comes to rest with a camera for which `condition` holds (the newest the
    /// app reported; at most `timeout` seconds); returns it.
    func waitForCamera(timeout: Double = patience, _ condition: (Camera) -> Bool) async throws -> (camera: Camera, origin: ScreenPoint) {
        let found = await Self.poll(timeout: timeout) { reportedCamera().map { condition($0.camera) } ?? false }
        try #require(found, "the map did not come to rest where expected: \(String(describing: reportedCamera()?.camera))")
        return try latestCamera()
    }

    /// What a screen reader finds in the window now (the list's rows left out unless `withListRows`).
    func accessibilityTree(withListRows: Bool = false) throws -> AccessibilityTree {
        try requireAlive()
        return try AccessibilityTree.read(pid: process.processIdentifier, pruning: withListRows ? [] : ["list"])
    }

    /// The texts of the labels on the place card, as a screen reader reads them.
    func cardLabels() throws -> [String] {
        let tree = try accessibilityTree()
        let card = try #require(tree.nodes.first { $0.name == "Place card" }, "no place card in the accessibility tree")
        return tree.labels(under: card.path)
    }

    /// Presses the card's close button as a screen reader does, and waits for the card to go.
    func closeCard() async throws {
        let tree = try accessibilityTree()
        let card = try #require(tree.nodes.first { $0.name == "Place card" }, "no place card in the accessibility tree")
        let close = try #require(tree.nodes.first { $0.path.hasPrefix(card.path + ".") && $0.role == "push button" && $0.name == "Close" },
                                 "the card has no Close button")
        let hidden = trace.events(named: "card-hidden").count
        try AccessibilityTree.perform(close, pid: process.processIdentifier)
        try #require(await trace.waitFor("card-hidden", after: hidden) != nil, "the card did not go")
    }

    /// Opens `files` the way a file manager's "Open With" does: a second `places FILE...` hands them to this one.
    func openFromOutside(_ files: URL...) throws {
        try openFromOutside(files)
    }

    func openFromOutside(_ files: [URL]) throws {
        try openFromOutside(arguments: files.map(\.path))
    }

    /// Hands `arguments` (files, or links such as `geo:45.19,5.72`) to this app as a second `places` would.
    func openFromOutside(arguments: [String]) throws {
        let places = Self.binDirectory.appendingPathComponent("places").path
        try Self.run("env", [
            "XDG_CONFIG_HOME=\(home.appendingPathComponent("config").path)",
            "XDG_DATA_HOME=\(home.appendingPathComponent("data").path)", "GTK_A11Y=none", places,
        ] + arguments)
    }

    /// Waits until `condition` holds for the accessibility tree (at most `timeout` seconds); returns the last tree read.
    /// A read that fails because the window changed under the reader (a toast going, the list
    /// refilled) is read again, as a screen reader would; only the last try's failure counts.
    func waitForTree(timeout: Double = patience, withListRows: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
                     _ condition: (AccessibilityTree) -> Bool) async throws -> AccessibilityTree {
        var tree = try? accessibilityTree(withListRows: withListRows)
        let met = await Self.poll(timeout: timeout) {
            tree = (try? accessibilityTree(withListRows: withListRows)) ?? tree
            return tree.map(condition) == true
        }
        // A wait that runs out and lets the test go on is a fixed sleep in disguise: what follows would
        // check a window that is not yet in the state the test needs, and pass or fail by chance.
        if !met { Issue.record("the window did not reach the state waited for within \(timeout) s", sourceLocation: sourceLocation) }
        return try tree ?? accessibilityTree(withListRows: withListRows)
    }

    /// Waits until the Places tab's line above the list ("3 places found") says what the trace last
    /// said for `query`, and not "Searching the world's towns…" (what it says while they are read and
    /// nothing else is found): the library's places show at once, the world's towns a second or more
    /// later (when the gazetteer has loaded). Returns that line and the tree.
    func waitForSearch(_ query: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> (summary: String, tree: AccessibilityTree) {
        let newest = { self.trace.events(named: "list-shown").last { $0["query"] as? String == query }?["summary"] as? String }
        let tree = try await waitForTree(sourceLocation: sourceLocation) { tree in
            newest() != "Searching the world's towns…" && tree.nodes.contains { $0.role == "label" && $0.text == newest() }
        }
        let summary = try #require(newest(), "no list shown for “\(query)”", sourceLocation: sourceLocation)
        return (summary, tree)
    }

    /// Waits until the place editor is up with a field focused (GTK 4.8 marks its page visible, never
    /// "showing"); returns the tree then.
    func waitForEditor(timeout: Double = patience, sourceLocation: SourceLocation = #_sourceLocation) async throws -> AccessibilityTree {
        try await waitForTree(timeout: timeout, sourceLocation: sourceLocation) { tree in
            tree.nodes.contains { $0.name == "Place editor" && $0.states.contains("visible") }
                && tree.nodes.contains { $0.role == "text" && $0.states.contains("focused") }
        }
    }

    /// Waits until the window has painted nothing for `quiet` seconds (the trace's `frame` events):
    /// whatever it had to show (a slide, a glide, tiles arriving, a hover) is on screen. At most `timeout` seconds.
    func waitUntilPainted(quiet: Double = 0.25, timeout: Double = patience) async throws {
        let settled = await Self.poll(timeout: timeout) {
            guard let last = trace.events(named: "frame").last?["t"] as? Double else { return false }
            return Trace.now() - last >= quiet * 1000
        }
        try #require(settled, "the window kept painting for \(timeout) s")
    }

    /// Takes screenshots named `name` until `condition` holds for one (at most `timeout` seconds);
    /// returns the last one.
    func waitForScreenshot(_ name: String, timeout: Double = patience, _ condition: (URL) throws -> Bool) async throws -> URL {
        var shot = try screenshot(name)
        _ = await Self.poll(timeout: timeout) {
            if (try? condition(shot)) == true { return true }
            shot = (try? screenshot(name)) ?? shot
            return false
        }
        return shot
    }

    /// How long a wait gives its condition by default: far more than it takes when the condition holds
    /// (the waits end as soon as it does), enough when `make test` runs both GUI shards beside two
    /// CPU-bound processes on two cores, where a screen reader's read of the window took up to 10 s.
    static let patience: Double = 30

    /// Checks `condition` every 50 ms until it holds (true) or `timeout` seconds pass (false).
    static func poll(timeout: Double = patience, _ condition: () throws -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if (try? condition()) == true { return true }
            guard Date() < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    func requireAlive() throws {
        try #require(process.isRunning, "places is no longer running (status \(process.terminationStatus))")
    }

    /// Runs a helper program and returns its standard output; throws when it fails.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let helper = Process()
        helper.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        helper.arguments = [program] + arguments
        let output = Pipe()
        helper.standardOutput = output
        try helper.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        helper.waitUntilExit()
        guard helper.terminationStatus == 0 else {
            throw HelperFailure(description: "\(program) \(arguments.joined(separator: " ")) exited with \(helper.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    struct HelperFailure: Error, CustomStringConvertible {
        var description: String
    }
}

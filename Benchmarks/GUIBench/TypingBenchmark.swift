import Foundation

/// Typing in the Places tab's search field with real keys (xdotool), one key at a time: from the key
/// press to the first frame painted with the list's results for the text typed so far (`list-shown`,
/// read back from the widgets), against the same key to the first frame painted with the character in
/// the field (`search-typed`): what GTK's text entry costs before any search.
enum TypingBenchmark {
    struct Result {
        /// Each key's time to its results painted, with the text it left in the field, in the order typed.
        var keys: [(text: String, milliseconds: Double)] = []
        var typed: [Double] = []
        var results: [Double] { keys.map(\.milliseconds) }

        /// The slowest keys, slowest first: "sa" 105.2 ms.
        func slowest(_ count: Int) -> String {
            keys.sorted { $0.milliseconds > $1.milliseconds }.prefix(count)
                .map { "\"\($0.text)\" \(String(format: "%.1f ms", $0.milliseconds))" }.joined(separator: ", ")
        }
    }

    /// Typed, then erased key by key, each round.
    static let text = "san jose"

    /// With the bundled places, or with `file` imported too (waiting until it is loaded).
    static func run(bin: URL, file: URL? = nil, rounds: Int) throws -> Result {
        let child = try Child(bin.appendingPathComponent("places"), file.map { [$0.path] } ?? [])
        guard child.waitFor("first-frame") != nil, let window = Input.window() else { return Result() }
        if let file {
            guard child.waitFor("places-loaded", timeout: 600, interval: 200, matching: { $0["source"] as? String == file.lastPathComponent }) != nil
            else { return Result() }
        }
        // Without a window manager the keyboard goes to the window under the pointer.
        try Input.shell("xdotool", "mousemove", "--window", window, "640", "20", "key", "ctrl+f")
        guard child.waitFor("tab-shown", matching: { $0["tab"] as? String == "places" }) != nil else { return Result() }
        // The list's first frame, and (with a million places) its search keys laid out off the main thread.
        usleep(file == nil ? 500_000 : 8_000_000)
        var result = Result()
        var typedSoFar = ""
        for _ in 0..<rounds {
            for character in text {
                typedSoFar.append(character)
                try press(character == " " ? "space" : String(character), expecting: typedSoFar, child: child, into: &result)
            }
            while !typedSoFar.isEmpty {
                typedSoFar.removeLast()
                try press("BackSpace", expecting: typedSoFar, child: child, into: &result)
            }
        }
        return result
    }

    private static func press(_ key: String, expecting text: String, child: Child, into result: inout Result) throws {
        let typedBefore = child.events(named: "search-typed").count
        let shownBefore = child.events(named: "list-shown").count
        let start = Monotonic.now()
        try Input.shell("xdotool", "key", key)
        let time = { (event: [String: Any]?) in (event?["t"] as? NSNumber)?.doubleValue }
        if let typed = time(child.waitFor("search-typed", after: typedBefore, timeout: 10, matching: { $0["text"] as? String == text })) {
            result.typed.append(typed - start)
        }
        if let shown = time(child.waitFor("list-shown", after: shownBefore, timeout: 30, matching: { $0["query"] as? String == text })) {
            result.keys.append((text, shown - start))
        }
        usleep(150_000)  // a person's pace between keys
    }
}

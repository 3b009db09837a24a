import Foundation

/// Reads the `PLACES_TRACE` file the app under test appends to: one JSON object per line.
struct Trace {
    let url: URL

    /// Every event so far.
    func events() -> [[String: Any]] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// Events named `name`.
    func events(named name: String) -> [[String: Any]] {
        events().filter { $0["event"] as? String == name }
    }

    /// Waits for an event named `name`, beyond the first `count` of them, for which `matching` holds;
    /// returns the first such event, or nil after `timeout` seconds.
    func waitFor(
        _ name: String, after count: Int = 0, timeout: Double = 5, matching: ([String: Any]) -> Bool = { _ in true }
    ) async -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let event = events(named: name).dropFirst(count).first(where: matching) { return event }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }
}

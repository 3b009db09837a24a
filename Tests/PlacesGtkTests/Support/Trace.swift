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
        _ name: String, after count: Int = 0, timeout: Double = AppUnderTest.patience, matching: ([String: Any]) -> Bool = { _ in true }
    ) async -> [String: Any]? {
        var found: [String: Any]?
        _ = await AppUnderTest.poll(timeout: timeout) {
            found = events(named: name).dropFirst(count).first(where: matching)
            return found != nil
        }
        return found
    }

    /// `CLOCK_MONOTONIC` in milliseconds, the clock of the events' `"t"`.
    static func now() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }
}

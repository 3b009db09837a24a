/// Records calls, in the order they happen, as short strings such as `"A:save"` or `"B:Lyon"`.
@MainActor
final class CallLog {
    private(set) var entries: [String] = []

    func record(_ entry: String) { entries.append(entry) }

    func clear() { entries.removeAll() }
}

import Foundation

/// Where trace events go (the `PLACES_TRACE` diagnostics).
@MainActor
public protocol EventLog: AnyObject {
    func record(_ event: TraceEvent)
}

/// Appends one JSON line per event to a file; opened once, flushed per line so a test can read it live.
/// Each line starts with `"t"`, the `CLOCK_MONOTONIC` time in milliseconds, so other processes on the
/// machine (tests, benchmarks) can measure latencies against their own clock.
@MainActor
public final class FileEventLog: EventLog {
    private let handle: FileHandle

    /// Opens (creating if needed) `path` for appending; nil if it cannot be opened.
    public init?(path: String) {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    public func record(_ event: TraceEvent) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let milliseconds = String(format: "%.3f", Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6)
        handle.write(Data(("{\"t\":\(milliseconds)," + event.jsonLine.dropFirst() + "\n").utf8))
    }
}

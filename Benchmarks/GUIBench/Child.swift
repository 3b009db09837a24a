import Foundation

/// A program started by the benchmark, with a private home and trace file; killed when released.
final class Child {
    let process = Process()
    let output = Pipe()
    let home: URL
    var trace: URL { home.appendingPathComponent("trace.jsonl") }

    /// `environment` adds to (or replaces in) the benchmark's own.
    init(_ executable: URL, _ arguments: [String] = [], environment extra: [String: String] = [:]) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PLACES_TRACE"] = trace.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment.merge(extra) { _, added in added }
        process.environment = environment
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for _ in 0..<500 where process.isRunning { usleep(10_000) }
        try? FileManager.default.removeItem(at: home)
    }

    /// A memory figure of the running process from `/proc/PID/status` (`VmRSS` now, `VmHWM` its
    /// peak), in bytes; 0 when it cannot be read.
    func memory(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }

    /// Trace events so far.
    func events(named name: String) -> [[String: Any]] {
        guard let text = try? String(contentsOf: trace, encoding: .utf8) else { return [] }
        return text.split(separator: "\n")
            .compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            .filter { $0["event"] as? String == name }
    }

    /// The first event named `name` beyond the first `count` for which `matching` holds, waiting up to
    /// `timeout` seconds and looking every `interval` milliseconds (events carry their own time: a
    /// longer interval only spares the processor).
    func waitFor(
        _ name: String, after count: Int = 0, timeout: Double = 20, interval: Int = 2,
        matching: ([String: Any]) -> Bool = { _ in true }
    ) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let event = events(named: name).dropFirst(count).first(where: matching) { return event }
            usleep(useconds_t(interval * 1_000))
        }
        return nil
    }

    /// Everything the child printed, once it has exited (waits at most `timeout` seconds).
    func standardOutput(timeout: Double = 120) -> String {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation

/// One run of a command, its output discarded: wall time from start to exit, and its peak resident
/// memory as GNU time reads it (`wait4`'s `ru_maxrss`, what `time -v` prints as "Maximum resident set
/// size"). Through `/usr/bin/time` rather than our own `wait4`: a child started by this process would
/// count this process's own peak (Linux keeps the high-water mark of the memory a child is started
/// from), and the benchmark holds gigabytes by then; GNU time starts it from a small process.
struct ChildProcess {
    let milliseconds: Double
    let peakMegabytes: Double

    static func run(_ arguments: [String]) throws -> ChildProcess {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("places-bench-time-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", report.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        do {
            try process.run()
        } catch {
            throw BenchmarkFailure("cannot start /usr/bin/time (Debian's time package; make bench installs it): \(error)")
        }
        process.waitUntilExit()
        let elapsed = (clock.now - start).milliseconds
        guard process.terminationStatus == 0 else {
            throw BenchmarkFailure("\(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
        }
        let text = try String(contentsOf: report, encoding: .utf8)
        guard let kilobytes = text.split(separator: "\n").last.flatMap({ Double($0) }) else {
            throw BenchmarkFailure("GNU time wrote no peak memory: \(text)")
        }
        return ChildProcess(milliseconds: elapsed, peakMegabytes: kilobytes / 1024)
    }
}

import Foundation

/// One run of a command, its output discarded: wall time from start to exit, and its peak resident
/// memory as GNU time reads it (`wait4`'s `ru_maxrss`, what `time -v` prints as "Maximum resident set
/// size"). Through `/usr/bin/time` rather than our own `wait4`: a child started by this process would
/// count this process's own peak (Linux keeps the high-water mark of the memory a child is started
/// from), and the benchmark holds gigabytes by then; GNU time starts it from a small process.
/// Started with `posix_spawn` and awaited with `waitpid`: Foundation's `Process.waitUntilExit()` polls
/// its run loop every 50 ms, which would add up to 50 ms to every run.
struct ChildProcess {
    let milliseconds: Double
    let peakMegabytes: Double

    static func run(_ arguments: [String]) throws -> ChildProcess {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("places-bench-time-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: report) }
        let command = ["/usr/bin/time", "-f", "%M", "-o", report.path] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchmarkFailure("cannot start /usr/bin/time (Debian's time package; make bench installs it): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchmarkFailure("waiting for \(arguments[0]) failed") }
        }
        let elapsed = (clock.now - start).milliseconds
        guard status == 0 else { throw BenchmarkFailure("\(arguments.joined(separator: " ")) failed (wait status \(status))") }
        let text = try String(contentsOf: report, encoding: .utf8)
        guard let kilobytes = text.split(separator: "\n").last.flatMap({ Double($0) }) else {
            throw BenchmarkFailure("GNU time wrote no peak memory: \(text)")
        }
        return ChildProcess(milliseconds: elapsed, peakMegabytes: kilobytes / 1024)
    }
}

import Foundation
import PlacesCore

/// The `save-probe` executable (Tests/Probes/SaveProbe): saves two large library documents in turn,
/// forever, so a test can kill it in the middle of a save.
enum SaveProbe {
    /// Entries per document (about 5 MB each).
    static let entries = 10_000

    /// The folder with the built executables (next to the test bundle, or `$PLACES_BIN_DIR`).
    static var binDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["PLACES_BIN_DIR"] { return URL(fileURLWithPath: dir) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// The probe's path, if it was built.
    static var executable: URL? {
        let url = binDirectory.appendingPathComponent("save-probe")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// The probe's document `tag` ("a" or "b"); must match `document` in Tests/Probes/SaveProbe/main.swift.
    static func document(_ tag: String, entries: Int = entries) -> Library {
        let padding = String(repeating: tag, count: 480)
        return Library(
            favourites: (0..<entries).map { "\(tag)/favourite-\($0)-\(padding)" },
            sources: (0..<entries / 10).map {
                PlaceSource(id: "file:/probe/\(tag)/\($0).geojson", title: "\(tag) \($0).geojson", path: "/probe/\(tag)/\($0).geojson")
            }
        )
    }

    /// Starts the probe saving into `folder`, its output discarded.
    static func start(_ executable: URL, in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = [folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Kills `process` with SIGKILL and waits (at most 5 s) until it is gone. Never `waitUntilExit()`:
    /// off the main thread it spins forever in swift-corelibs-foundation.
    static func kill9(_ process: Process) async -> Bool {
        kill(process.processIdentifier, SIGKILL)
        return await waitUntil(seconds: 5) { !process.isRunning }
    }

    /// Polls `condition` every millisecond until it holds or `seconds` pass; returns whether it held.
    /// It sleeps rather than blocks: a test that holds one of the pool's threads for its half a
    /// minute held every other test's tasks up as long, on two cores.
    static func waitUntil(seconds: Double, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    /// The inode of `url`, nil if it does not exist: every atomic save gives the file a new one.
    static func inode(of url: URL) -> UInt64? {
        var info = stat()
        return stat(url.path, &info) == 0 ? UInt64(info.st_ino) : nil
    }
}

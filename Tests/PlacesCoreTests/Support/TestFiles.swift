import Foundation

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    /// Named after the test file and line that made it, so that one left behind says whose it is.
    init(_ file: String = #fileID, line: Int = #line) throws {
        let test = file.split(separator: "/").last.map { $0.replacingOccurrences(of: ".swift", with: "") } ?? "test"
        url = FileManager.default.temporaryDirectory.appendingPathComponent("PlacesCoreTests-\(test)-\(line)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// `name` inside the folder.
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `bytes` to `name` and returns its URL.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> URL {
        let target = file(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
        return target
    }

    /// Writes `text` as UTF-8 to `name` and returns its URL.
    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        try write(Array(text.utf8), to: name)
    }

    /// The names in the folder, hidden ones included, sorted.
    func contents(of folder: URL? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (folder ?? url).path).sorted()
    }

    /// Deletes the folder (restoring write permission first, in case a test removed it).
    func remove() {
        chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }
}

/// Files that live in the source tree next to the tests, found from this file's path (no SwiftPM resources).
enum SourceTree {
    /// `Tests/PlacesCoreTests/Fixtures`.
    static let fixtures: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Support
        .deletingLastPathComponent()   // PlacesCoreTests
        .appendingPathComponent("Fixtures")

    /// The bundled data folder, `data/` at the repository root (`../../data` from the test target).
    static let dataDirectory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Support
        .deletingLastPathComponent()   // PlacesCoreTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // repository root
        .appendingPathComponent("data")

    /// The bytes of fixture `name`.
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }
}

import Foundation
@testable import PlacesCore
import Testing

/// `library.json` and `profile.json` replaced by something hostile: a named pipe, a link to an
/// endless device, a huge file, an impossible version or home city. The app starts, says what is
/// wrong with which file, and never replaces what it could not read.
@Suite("Hostile user-data files", .timeLimit(.minutes(5)))
struct HostileUserDataTests {
    enum Hostile: String, CaseIterable, Sendable {
        case namedPipe, linkToDevZero, huge

        var reason: String {
            switch self {
            case .namedPipe: "it is a named pipe, not a file"
            case .linkToDevZero: "it is a device, not a file"
            case .huge: "more than the"
            }
        }

        func make(at url: URL) throws {
            switch self {
            case .namedPipe: _ = mkfifo(url.path, 0o644)
            case .linkToDevZero: try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/zero")
            case .huge:
                _ = FileManager.default.createFile(atPath: url.path, contents: nil)
                _ = truncate(url.path, 10_000_000_000)
            }
        }
    }

    @Test("a hostile library.json is refused with its path and reason, and never replaced", arguments: Hostile.allCases)
    func hostileLibrary(_ hostile: Hostile) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileLibraryStore(folder: folder.url)
        try hostile.make(at: store.url)

        let error = #expect(throws: LibraryStoreError.self) { try store.load() }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains(store.url.path))
        #expect(message.contains(hostile.reason))
        #expect(throws: LibraryStoreError.self) { try store.save(Library(favourites: ["x"])) }
        #expect(try folder.contents() == ["library.json"])
    }

    @Test("a hostile profile.json is refused with its path and reason, and never replaced", arguments: Hostile.allCases)
    func hostileProfile(_ hostile: Hostile) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileProfileStore(folder: folder.url)
        try hostile.make(at: store.url)

        let error = #expect(throws: ProfileStoreError.self) { try store.loadProfile() }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains(store.url.path))
        #expect(message.contains(hostile.reason))
        #expect(throws: ProfileStoreError.self) { try store.save(Profile(name: "Ada")) }
        #expect(try folder.contents() == ["profile.json"])
    }

    @Test("a version too large for an integer is a newer file, left alone", arguments: [
        "99999999999999999999", "1e300", "9223372036854775808",
    ])
    func hugeVersion(_ version: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let text = #"{"version": \#(version), "library": {"favourites": [], "sources": []}}"#
        try folder.write(text, to: "library.json")
        let store = FileLibraryStore(folder: folder.url)

        let error = #expect(throws: LibraryStoreError.self) { try store.load() }
        #expect(error.map { "\($0)" }?.contains("was written by a newer Places") == true)
        #expect(throws: LibraryStoreError.self) { try store.save(.empty) }
        #expect(try String(contentsOf: store.url, encoding: .utf8) == text)
    }

    @Test("a home city off the globe is left out with a notice; the name is kept", arguments: [
        (1000.0, 4.8), (45.7, -200.0), (-91.0, 0.0),
    ])
    func homeCityOffTheGlobe(latitude: Double, longitude: Double) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(#"""
        {"version": 1, "profile": {"name": "Ada", "homeCity": {"name": "Lyon", "country": "France",
         "coordinate": {"latitude": \#(latitude), "longitude": \#(longitude)}, "population": 1}}}
        """#, to: "profile.json")

        let loaded = try FileProfileStore(folder: folder.url).loadProfile()
        #expect(loaded.value == Profile(name: "Ada"))
        #expect(loaded.notice?.contains("Lyon, France, has a position off the globe") == true)
        #expect(loaded.notice?.contains("latitude \(latitude)") == true)
    }
}

import Foundation
@testable import PlacesCore
import Testing

/// Favourites and imported files on disk: a versioned document, moved aside when damaged, never
/// overwritten when newer, and tidy after a killed save.
@Suite("File library store")
struct FileLibraryStoreTests {
    static let trip = PlaceSource(id: "file:/home/ada/trips/lyon.geojson", title: "lyon.geojson", path: "/home/ada/trips/lyon.geojson")
    static let library = Library(favourites: ["file:/home/ada/trips/lyon.geojson/bouchon", "capital-fr-paris"], sources: [trip])

    @Test("a saved library loads back the same, and no file means no library")
    func roundTrip() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileLibraryStore(folder: folder.file("data/places"))

        #expect(try store.load().value == nil)
        try store.save(Self.library)
        #expect(try store.load().value == Self.library)
        #expect(try FileLibraryStore(folder: folder.file("data/places")).load().value == Self.library)

        let odd = Library(
            favourites: ["z", "a", "a", "ünïcødé \"quoted\" ✨"],
            sources: [PlaceSource(id: "file:/tmp/a b/ç.geojson", title: "ç.geojson", path: "/tmp/a b/ç.geojson"), Self.trip]
        )
        try store.save(odd)
        #expect(try store.load().value == odd)
        #expect(odd.favourites == ["a", "z", "ünïcødé \"quoted\" ✨"])
        try store.save(.empty)
        #expect(try store.load().value == Library.empty)
        #expect(try folder.contents(of: folder.file("data/places")) == ["library.json"])
    }

    @Test("the file is a versioned document holding sorted favourites and the sources")
    func versionedDocument() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileLibraryStore(folder: folder.url)
        try store.save(Self.library)

        #expect(store.url == folder.file("library.json"))
        #expect(FileLibraryStore.version == 1)
        let document = try JSONParser.parse(Array(try Data(contentsOf: store.url)))
        #expect(document["version"] == .number(1))
        #expect(document["library"]?["favourites"] == .array([
            .string("capital-fr-paris"), .string("file:/home/ada/trips/lyon.geojson/bouchon"),
        ]))
        guard case .array(let sources)? = document["library"]?["sources"] else {
            Issue.record("no sources array")
            return
        }
        #expect(sources.count == 1)
        #expect(sources.first?["path"] == .string("/home/ada/trips/lyon.geojson"))
        #expect(sources.first?["title"] == .string("lyon.geojson"))
        #expect(try Data(contentsOf: store.url) == FileLibraryStore.encode(Self.library))
    }

    @Test("a version 1 document written earlier still loads")
    func readsCommittedVersion1() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(try SourceTree.fixture("library-v1.json"), to: "library.json")
        #expect(try FileLibraryStore(folder: folder.url).load().value == Self.library)
    }

    @Test("a damaged file is moved aside, reported, and loads as no library", arguments: [
        #"{"version": 1, "library": {"favourites": ["#,
        "not json at all",
        #"{"version": 1}"#,
        #"{"library": {"favourites": [], "sources": []}}"#,
        #"{"version": "one", "library": {"favourites": [], "sources": []}}"#,
        #"{"version": 0, "library": {"favourites": [], "sources": []}}"#,
        #"{"version": 1, "library": {"favourites": "paris", "sources": []}}"#,
        #"{"version": 1, "library": {"favourites": []}}"#,
        "[1, 2, 3]",
        "",
    ])
    func damagedFile(contents: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(contents, to: "library.json")
        let store = FileLibraryStore(folder: folder.url)

        let loaded = try store.load()
        #expect(loaded.value == nil)

        let names = try folder.contents()
        try #require(names.count == 1)
        #expect(names[0].hasPrefix("library.json.damaged-"))
        #expect(Int(names[0].dropFirst("library.json.damaged-".count)) != nil)
        #expect(try String(contentsOf: folder.file(names[0]), encoding: .utf8) == contents)
        #expect(loaded.notice?.contains(names[0]) == true)

        #expect(try store.load() == Loaded(nil))
    }

    @Test("damaged entries are dropped, the rest is kept and written back, the original moved aside")
    func partlyDamagedFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let text = #"""
        {"version": 1, "library": {
          "favourites": ["capital-fr-paris", 42, null, "file:/home/ada/trips/lyon.geojson/bouchon"],
          "sources": [
            {"id": "file:/home/ada/trips/lyon.geojson", "title": "lyon.geojson", "path": "/home/ada/trips/lyon.geojson"},
            {"id": "file:/nowhere.geojson", "title": "no path"},
            {"id": "bundled", "title": "World", "path": "/x"},
            {"title": "no id", "path": "/y"},
            "a string"
          ]}}
        """#
        try folder.write(text, to: "library.json")
        let store = FileLibraryStore(folder: folder.url)

        let loaded = try store.load()
        #expect(loaded.value == Self.library)

        let names = try folder.contents()
        try #require(names.count == 2)
        #expect(names[0] == "library.json")
        #expect(names[1].hasPrefix("library.json.damaged-"))
        #expect(try String(contentsOf: folder.file(names[1]), encoding: .utf8) == text)
        #expect(try Data(contentsOf: store.url) == FileLibraryStore.encode(Self.library))
        #expect(loaded.notice?.contains("6 entries could not be read") == true)
        #expect(loaded.notice?.contains(names[1]) == true)

        #expect(try store.load() == Loaded(Self.library))
    }

    @Test("a file from a newer version is left untouched, and saving does not replace it")
    func newerVersion() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let text = #"{"version": 2, "library": {"pinned": ["x"]}, "future": true}"#
        try folder.write(text, to: "library.json")
        let store = FileLibraryStore(folder: folder.url)

        #expect(throws: LibraryStoreError.newerVersion(path: store.url.path, version: "2")) { try store.load() }
        #expect(throws: LibraryStoreError.self) { try store.save(Self.library) }

        #expect(try folder.contents() == ["library.json"])
        #expect(try String(contentsOf: store.url, encoding: .utf8) == text)
        #expect(LibraryStoreError.newerVersion(path: "/p", version: "2").description.contains("newer"))
    }

    @Test("a file that cannot be read throws instead of looking empty")
    func unreadableFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.file("library.json"), withIntermediateDirectories: true)
        let store = FileLibraryStore(folder: folder.url)

        #expect {
            try store.load()
        } throws: { error in
            guard case .unreadable(let path, _)? = error as? LibraryStoreError else { return false }
            return path == store.url.path
        }
        #expect(throws: LibraryStoreError.self) { try store.save(Self.library) }
        #expect(try folder.contents() == ["library.json"])
    }

    @Test("a damaged file that cannot be moved aside makes load throw and is never overwritten", arguments: [
        "not json at all",
        #"{"version": 1, "library": {"favourites": ["capital-fr-paris", 42], "sources": []}}"#,
    ])
    func damagedStuckFile(contents: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(contents, to: "library.json")
        // Root can move files out of any folder, so the failed move is simulated for everyone.
        let store = FileLibraryStore(folder: folder.url, moveAside: { _ in nil })

        #expect {
            try store.load()
        } throws: { error in
            guard case .unreadable(let path, let reason)? = error as? LibraryStoreError else { return false }
            return path == store.url.path && reason.contains("could not be moved aside")
        }
        #expect(throws: LibraryStoreError.self) { try store.save(Self.library) }

        #expect(try folder.contents() == ["library.json"])
        #expect(try String(contentsOf: store.url, encoding: .utf8) == contents)
    }

    @Test("a folder that cannot be written makes save throw and leaves nothing behind")
    func unwritableFolder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = try UnwritableFolder.make(in: folder)
        defer { chmod(target.path, 0o755) }
        let store = FileLibraryStore(folder: target)

        #expect(try store.load().value == nil)
        #expect(throws: AtomicFile.WriteError.self) { try store.save(Self.library) }
        #expect(try store.load().value == nil)
    }

    @Test("opening removes temporary files of killed saves, and only those")
    func staleTemporaryFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileLibraryStore(folder: folder.url)
        try store.save(Self.library)
        let dead = ".library.json.99999999.k1ll3d.tmp"  // above the largest pid Linux allows
        let running = ".library.json.\(getpid()).wr1t1ng.tmp"
        let other = ".profile.json.99999999.k1ll3d.tmp"
        for name in [dead, running, other, "library.json.tmp", ".library.json.notapid.x.tmp"] {
            try folder.write("partial", to: name)
        }

        #expect(try store.load().value == Self.library)

        #expect(try folder.contents() == [".library.json.\(getpid()).wr1t1ng.tmp", ".library.json.notapid.x.tmp",
                                          other, "library.json", "library.json.tmp"].sorted())
    }
}

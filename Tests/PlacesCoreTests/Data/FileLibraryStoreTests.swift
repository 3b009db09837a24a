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

    @Test("the file is a version 2 document holding sorted favourites, the sources and own places")
    func versionedDocument() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileLibraryStore(folder: folder.url)
        try store.save(Self.library)

        #expect(store.url == folder.file("library.json"))
        #expect(FileLibraryStore.version == 2)
        let document = try JSONParser.parse(Array(try Data(contentsOf: store.url)))
        #expect(document["version"] == .number(2))
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
        let text = #"{"version": 3, "library": {"pinned": ["x"]}, "future": true}"#
        try folder.write(text, to: "library.json")
        let store = FileLibraryStore(folder: folder.url)

        #expect(throws: LibraryStoreError.newerVersion(path: store.url.path, version: "3")) { try store.load() }
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

@Suite("Own places in the library file")
struct OwnPlacesLibraryTests {
    static let sperl = Library.OwnPlace(Place(
        id: "mine/1", name: "<b>Café</b> Sperl", category: .other("Cafe"), coordinate: Coordinate(latitude: 48.1978, longitude: 16.3617),
        source: PlaceSource.mineID, notes: "Melange\nClosed Sundays", link: "https://www.cafesperl.at"))
    static let hut = Library.OwnPlace(Place(
        id: "mine/2", name: "Hut", category: .landmark, coordinate: Coordinate(latitude: 47.0, longitude: 11.0), source: PlaceSource.mineID))

    @Test("own places are saved in version 2 and load back whole; empty notes and links are left out of the file")
    func roundTrip() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileLibraryStore(folder: folder.url)
        let library = Library(favourites: ["mine/1"], sources: [], places: [Self.hut, Self.sperl])
        try store.save(library)
        #expect(try store.load().value == library)
        #expect(library.places.map(\.id) == ["mine/1", "mine/2"], "sorted by id")
        let document = try JSONParser.parse(Array(try Data(contentsOf: store.url)))
        guard case .array(let places)? = document["library"]?["places"], places.count == 2 else {
            Issue.record("no places array")
            return
        }
        #expect(places[1]["notes"] == nil && places[1]["link"] == nil)
        #expect(places[0]["kind"] == .string("Cafe"))
        #expect(Self.sperl.place.notes == "Melange\nClosed Sundays")
        #expect(Self.sperl.place.isOwn)
    }

    @Test("the version 1 file of the first release migrates: its favourites and files are kept, written back as version 2 with places")
    func migratesVersion1() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(try SourceTree.fixture("library-v1.json"), to: "library.json")
        let store = FileLibraryStore(folder: folder.url)
        let loaded = try #require(try store.load().value)
        #expect(loaded.favourites == FileLibraryStoreTests.library.favourites)
        #expect(loaded.sources == FileLibraryStoreTests.library.sources)
        #expect(loaded.places.isEmpty)

        var changed = loaded
        changed.places = [Self.sperl]
        let stored = try store.save(changed, base: loaded)
        #expect(stored.value.places == [Self.sperl] && stored.notice == nil)
        let document = try JSONParser.parse(Array(try Data(contentsOf: store.url)))
        #expect(document["version"] == .number(2))
        #expect(try store.load().value == changed)
    }

    @Test("an own place without a name or off the Earth is skipped and counted, the rest kept")
    func unusablePlaces() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(#"""
        {"version": 2, "library": {"favourites": [], "sources": [], "places": [
          {"id": "mine/1", "name": "Sperl", "kind": "Cafe", "latitude": 48.2, "longitude": 16.36},
          {"id": "mine/2", "name": "", "kind": "", "latitude": 1, "longitude": 1},
          {"id": "mine/3", "name": "Nowhere", "kind": "", "latitude": 100, "longitude": 1},
          {"id": "mine/4", "name": 7}
        ]}}
        """#, to: "library.json")
        let loaded = try FileLibraryStore(folder: folder.url).load()
        #expect(loaded.value?.places.map(\.id) == ["mine/1"])
        #expect(loaded.notice?.contains("3 entries could not be read") == true)
    }

    @Test("two instances' own places merge: each one's additions, edits and deletions are kept")
    func merge() {
        var edited = Self.sperl
        edited.name = "Café Sperl"
        let third = Library.OwnPlace(Place(id: "mine/3", name: "Prater", category: .landmark,
                                           coordinate: Coordinate(latitude: 48.21, longitude: 16.4), source: PlaceSource.mineID))
        let base = Library(places: [Self.sperl, Self.hut])
        let mine = Library(places: [edited])            // edited Sperl, deleted the hut
        let theirs = Library(places: [Self.sperl, Self.hut, third])  // added the Prater
        let merged = Library.merged(base: base, mine: mine, theirs: theirs)
        #expect(merged.places == [edited, third])
    }
}

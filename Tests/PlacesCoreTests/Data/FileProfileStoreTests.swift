import Foundation
import Multicast
@testable import PlacesCore
import Testing

/// The profile on disk: a versioned document, written atomically, moved aside when damaged.
@Suite("File profile store")
struct FileProfileStoreTests {
    private let ada = Profile(name: "Ada Lovelace", homeCity: Samples.lyonCity)

    @Test("a saved profile loads back the same")
    func roundTrip() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileProfileStore(folder: folder.file("config/places"))

        #expect(try store.loadProfile().value == nil)
        try store.save(ada)
        #expect(try store.loadProfile().value == ada)
        #expect(try FileProfileStore(folder: folder.file("config/places")).loadProfile().value == ada)

        let noCity = Profile(name: "Grace \"Amazing\" Hopper ✨", homeCity: nil)
        try store.save(noCity)
        #expect(try store.loadProfile().value == noCity)
        #expect(try folder.contents(of: folder.file("config/places")) == ["profile.json"])
    }

    @Test("the file is a versioned document holding the profile")
    func versionedDocument() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileProfileStore(folder: folder.url)
        try store.save(ada)

        #expect(store.url == folder.file("profile.json"))
        let document = try JSONParser.parse(Array(try Data(contentsOf: store.url)))
        #expect(document["version"] == .number(Double(FileProfileStore.version)))
        #expect(FileProfileStore.version == 1)
        #expect(document["profile"]?["name"] == .string("Ada Lovelace"))
        #expect(document["profile"]?["homeCity"]?["name"] == .string("Lyon"))
    }

    @Test("a version 1 document written earlier still loads")
    func readsCommittedVersion1() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(try SourceTree.fixture("profile-v1.json"), to: "profile.json")
        #expect(try FileProfileStore(folder: folder.url).loadProfile().value == ada)
    }

    @Test("a damaged file is moved aside, reported, and loads as no profile", arguments: [
        "{\"version\": 1, \"profile\": {\"name\": ",
        "not json at all",
        "{\"version\": 1}",
        "{\"profile\": {\"name\": \"Ada\"}}",
        "{\"version\": \"one\", \"profile\": {\"name\": \"Ada\"}}",
        "",
    ])
    func damagedFile(contents: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(contents, to: "profile.json")
        let store = FileProfileStore(folder: folder.url)

        let loaded = try store.loadProfile()
        #expect(loaded.value == nil)

        let names = try folder.contents()
        try #require(names.count == 1)
        let aside = names[0]
        #expect(aside.hasPrefix("profile.json.damaged-"))
        #expect(Int(aside.dropFirst("profile.json.damaged-".count)) != nil)
        #expect(try String(contentsOf: folder.file(aside), encoding: .utf8) == contents)
        #expect(loaded.notice?.contains(aside) == true)

        #expect(try store.loadProfile() == Loaded(nil))
    }

    @Test("a file from a newer version is left untouched and reported")
    func newerVersion() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let text = #"{"version": 2, "profile": {"name": "Ada"}, "future": true}"#
        try folder.write(text, to: "profile.json")
        let store = FileProfileStore(folder: folder.url)

        let loaded = try store.loadProfile()
        #expect(loaded.value == nil)
        #expect(try folder.contents() == ["profile.json"])
        #expect(try String(contentsOf: store.url, encoding: .utf8) == text)
        #expect(loaded.notice?.contains("newer") == true)
    }

    @Test("a profile from a newer version is not overwritten by save")
    @MainActor
    func newerVersionIsNotOverwritten() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let text = #"{"version": 2, "profile": {"name": "Ada"}, "future": true}"#
        try folder.write(text, to: "profile.json")
        let store = FileProfileStore(folder: folder.url)
        #expect(try store.loadProfile().value == nil)

        #expect(throws: ProfileStoreError.newerVersion(path: store.url.path, version: "2")) { try store.save(ada) }
        let saves = SaveQueue()
        let kept = KeptProfile(store: store, saves: saves)
        let spy = SpyProfileDelegate()
        kept.model.delegates += spy
        kept.model.save(Profile(name: "Grace"))
        await saves.finished()

        guard case .failed(let reason)? = spy.changes.last?.outcome else {
            Issue.record("saving over a newer profile did not fail: \(spy.changes)")
            return
        }
        #expect(reason.contains("newer"))
        #expect(try String(contentsOf: store.url, encoding: .utf8) == text)
        #expect(try folder.contents() == ["profile.json"])
        #expect(ProfileStoreError.newerVersion(path: "/p", version: "2").description.contains("newer"))
    }

    @Test("a profile that cannot be read throws, is reported, and is never replaced")
    @MainActor
    func unreadableIsNotReplaced() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("profile.json").path
        let text = #"{"version": 1, "profile": {"name": "Ada"}}"#
        if getuid() == 0 {
            // Permissions do not bind root: a folder in the file's place cannot be read by anyone.
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } else {
            try folder.write(text, to: "profile.json")
            chmod(path, 0o000)
        }
        defer { chmod(path, 0o644) }
        let store = FileProfileStore(folder: folder.url)

        #expect {
            try store.loadProfile()
        } throws: { error in
            guard case .unreadable(let failed, _)? = error as? ProfileStoreError else { return false }
            return failed == path && error.localizedDescription.contains(path) || "\(error)".contains(path)
        }
        #expect(throws: ProfileStoreError.self) { try store.save(ada) }
        let saves = SaveQueue()
        let kept = KeptProfile(store: store, saves: saves)
        #expect(kept.model.profile == Profile())
        kept.model.save(ada)
        // The keeper's write is refused off the main thread: over before the folder is removed (it
        // locks the folder, and made it again, empty, after the test).
        await saves.finished()

        chmod(path, 0o644)
        #expect(try folder.contents() == ["profile.json"])
        if getuid() != 0 { #expect(try String(contentsOfFile: path, encoding: .utf8) == text) }
    }

    @Test("a damaged profile that cannot be moved aside is reported and never overwritten")
    func damagedStuckFileIsNotOverwritten() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("{{{", to: "profile.json")
        // Root can move files out of any folder, so the failed move is simulated for everyone.
        let store = FileProfileStore(folder: folder.url, moveAside: { _ in nil })

        #expect {
            try store.loadProfile()
        } throws: { error in
            "\(error)".contains("could not be moved aside") && !"\(error)".contains("kept as")
        }
        #expect(throws: ProfileStoreError.self) { try store.save(ada) }

        #expect(try folder.contents() == ["profile.json"])
        #expect(try String(contentsOf: store.url, encoding: .utf8) == "{{{")
    }

    @Test("a private profile stays private after a save")
    func permissionsAreKept() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileProfileStore(folder: folder.url)
        try store.save(Profile(name: "Ada", homeCity: nil))
        chmod(store.url.path, 0o600)

        try store.save(ada)

        let attributes = try FileManager.default.attributesOfItem(atPath: store.url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try store.loadProfile().value == ada)
    }

    @Test("a folder that cannot be written makes save throw, and the profile model reports it")
    @MainActor
    func unwritableFolder() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target: URL
        if getuid() == 0 {
            // Permissions do not bind root: a path under a regular file fails for everyone.
            target = try folder.write("a file, not a folder", to: "file").appendingPathComponent("sub")
        } else {
            target = folder.file("locked")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            chmod(target.path, 0o500)
        }
        defer { chmod(target.path, 0o755) }
        let store = FileProfileStore(folder: target)

        #expect(throws: (any Error).self) { try store.save(ada) }

        let saves = SaveQueue()
        let kept = KeptProfile(store: store, saves: saves)
        let spy = SpyProfileDelegate()
        kept.model.delegates += spy
        kept.model.save(ada)
        await saves.finished()
        guard case .failed? = spy.changes.last?.outcome else {
            Issue.record("saving into an unwritable folder did not fail: \(spy.changes)")
            return
        }
        #expect(kept.model.name == ada.name)
        #expect(kept.coordinator.requests.count == 1, "the failure is reported once, in the banner")
    }

    @Test("a damaged file loads as no profile, so the app starts with an empty one")
    @MainActor
    func modelStartsEmptyFromDamagedFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("{{{", to: "profile.json")
        let store = FileProfileStore(folder: folder.url)
        let model = ProfileModel(profile: try store.loadProfile().value)
        #expect(model.profile == Profile())
    }
}

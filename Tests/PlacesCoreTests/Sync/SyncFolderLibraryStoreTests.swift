import Foundation
import Synchronization
import Testing
import TestingSupport
@testable import PlacesCore

/// Two or three computers, each with its own copy of the sync folder, and a sync engine played by
/// the test: it copies files between the copies, as Syncthing would (whole files, atomically), or
/// the way it goes wrong (half-synced, out of order, damaged, conflict copies).
@Suite struct SyncFolderLibraryStoreTests {
    /// One computer: its copy of the folder and its store.
    struct Computer {
        let folder: URL
        let store: SyncFolderLibraryStore
        /// What its window shows: the last library the store returned.
        var shown = Library()

        init(_ root: TemporaryDirectory, _ name: String, skew: Int64 = 0, clock: @escaping @Sendable () -> Int64) {
            folder = root.file(name)
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            store = SyncFolderLibraryStore(folder: folder, device: SyncDevice(id: "id-\(name)", name: name), now: { clock() + skew })
        }

        /// Makes `change` to what it shows and saves it, as the app's keeper does.
        mutating func edit(_ change: (inout Library) -> Void) throws {
            var library = shown
            change(&library)
            library = Library(favourites: library.favourites, sources: library.sources, places: library.places, collections: library.collections)
            shown = try store.save(library, base: shown).value
        }

        /// Takes in what arrived, as the app does when the folder changes.
        @discardableResult
        mutating func refresh() throws -> Saved<Library> {
            let saved = try store.save(shown, base: shown)
            shown = saved.value
            return saved
        }
    }

    /// Copies the log `from` writes into `to`'s folder the way a sync engine does: a temporary file,
    /// then a rename.
    static func sync(_ from: Computer, to: Computer) throws {
        try FileManager.default.createDirectory(at: to.folder, withIntermediateDirectories: true)
        for name in [SyncLog.fileName(of: from.store.device.id)] where FileManager.default.fileExists(atPath: from.folder.appendingPathComponent(name).path) {
            let temporary = to.folder.appendingPathComponent(".syncthing.\(name).tmp")
            try? FileManager.default.removeItem(at: temporary)
            try FileManager.default.copyItem(at: from.folder.appendingPathComponent(name), to: temporary)
            _ = rename(temporary.path, to.folder.appendingPathComponent(name).path)
        }
    }

    static func place(_ id: String, _ name: String, notes: String? = nil) -> Library.OwnPlace {
        Library.OwnPlace(id: id, name: name, kind: "cafe", latitude: 60.17, longitude: 24.94, notes: notes)
    }

    final class Clock: Sendable {
        private let value = Mutex<Int64>(1_795_766_400_000)
        func read() -> Int64 { value.withLock { $0 += 1_000; return $0 } }
    }

    @Test func editsOnBothComputersAreBothKept() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var laptop = Computer(root, "laptop", clock: clock.read), desktop = Computer(root, "desktop", clock: clock.read)
        try laptop.edit { $0.places.append(Self.place("mine/1", "Picnic")) }
        try desktop.edit { $0.places.append(Self.place("mine/2", "Lunch")); $0.favourites.append("bundled/Q90") }
        try Self.sync(laptop, to: desktop)
        try Self.sync(desktop, to: laptop)
        let fromDesktop = try laptop.refresh()
        try desktop.refresh()
        #expect(SyncReference(laptop.shown) == SyncReference(desktop.shown))
        #expect(laptop.shown.places.map(\.name) == ["Picnic", "Lunch"])
        #expect(laptop.shown.favourites == ["bundled/Q90"])
        #expect(fromDesktop.computers == ["desktop"])
    }

    @Test func theSamePlaceEditedOnBothKeepsTheLaterAndOffersTheOther() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        // The laptop's clock is three hours ahead: it still loses to an edit made after reading its own.
        var laptop = Computer(root, "laptop", skew: 3 * 3_600_000, clock: clock.read), desktop = Computer(root, "desktop", clock: clock.read)
        try laptop.edit { $0.places.append(Self.place("mine/1", "Picnic")) }
        try Self.sync(laptop, to: desktop)
        try desktop.refresh()
        // The link is down: both rename it, and the laptop also writes a note.
        try laptop.edit { $0.places[0].name = "Lunch spot"; $0.places[0].notes = "by the water" }
        try desktop.edit { $0.places[0].name = "Picnic lawn" }
        try Self.sync(laptop, to: desktop)
        try Self.sync(desktop, to: laptop)
        try laptop.refresh()
        try desktop.refresh()
        #expect(SyncReference(laptop.shown) == SyncReference(desktop.shown))
        // The later by the hybrid clock is the laptop's (its clock is ahead); the desktop's is kept beside it.
        #expect(laptop.shown.places[0].name == "Lunch spot")
        #expect(laptop.shown.places[0].notes == "by the water")
        let replica = try #require(try SyncFolderLibraryStoreTests.replica(of: desktop))
        #expect(replica.alternatives(SyncKey(.place, "mine/1")) == [SyncReplica.Alternative(field: .name, value: .text("Picnic lawn"), device: "id-desktop")])
        // The desktop, having read both, takes its own name back: made knowing both, it wins everywhere.
        try desktop.edit { $0.places[0].name = "Picnic lawn" }
        try Self.sync(desktop, to: laptop)
        try laptop.refresh()
        #expect(laptop.shown.places[0].name == "Picnic lawn")
        #expect(try #require(try Self.replica(of: laptop)).alternatives(SyncKey(.place, "mine/1")).isEmpty)
    }

    @Test func aPlaceDeletedOnOneAndEditedOnTheOtherIsKeptAndSaysSo() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var laptop = Computer(root, "laptop", clock: clock.read), desktop = Computer(root, "desktop", clock: clock.read)
        try laptop.edit { $0.places += [Self.place("mine/1", "Picnic"), Self.place("mine/2", "Old bench")] }
        try Self.sync(laptop, to: desktop)
        try desktop.refresh()
        try laptop.edit { $0.places.removeAll() }
        try desktop.edit { $0.places[0].notes = "bring a blanket" }
        try Self.sync(laptop, to: desktop)
        try Self.sync(desktop, to: laptop)
        let saved = try laptop.refresh()
        try desktop.refresh()
        #expect(SyncReference(laptop.shown) == SyncReference(desktop.shown))
        #expect(laptop.shown.places.map(\.name) == ["Picnic"])
        #expect(laptop.shown.places[0].notes == "bring a blanket")
        #expect(saved.notice?.contains("“Picnic” was deleted on laptop") == true, "\(saved.notice ?? "no notice")")
    }

    @Test func aComputerThatNeverHeardOfADeletionCannotBringThePlaceBack() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var laptop = Computer(root, "laptop", clock: clock.read), old = Computer(root, "old", clock: clock.read)
        try old.edit { $0.places.append(Self.place("mine/1", "Old bench")); $0.favourites.append("mine/1") }
        try Self.sync(old, to: laptop)
        try laptop.refresh()
        try laptop.edit { $0.places.removeAll() }
        // The old computer comes back months later, its log as it was, and saves what it still shows.
        try old.refresh()
        try Self.sync(old, to: laptop)
        try laptop.refresh()
        #expect(laptop.shown.places.isEmpty)
        try Self.sync(laptop, to: old)
        try old.refresh()
        #expect(old.shown.places.isEmpty)
        #expect(SyncReference(old.shown) == SyncReference(laptop.shown))
    }

    /// What the computer's store has merged, read again from its folder.
    static func replica(of computer: Computer) throws -> SyncReplica? {
        var replica = SyncReplica()
        for name in try FileManager.default.contentsOfDirectory(atPath: computer.folder.path) where SyncLog.mayBeLog(name) {
            guard let log = SyncLog.read(Array(try Data(contentsOf: computer.folder.appendingPathComponent(name)))) else { return nil }
            log.commits.forEach { replica.apply($0) }
        }
        return replica
    }
}

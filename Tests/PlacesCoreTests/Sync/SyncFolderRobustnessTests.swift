import Foundation
import Testing
import TestingSupport
@testable import PlacesCore

/// What sync engines do to a folder: half-synced files, damaged and stale logs, conflict copies, a
/// single-file library dropped in; and what the folder costs on disk.
@Suite struct SyncFolderRobustnessTests {
    typealias Computer = SyncFolderLibraryStoreTests.Computer
    typealias Clock = SyncFolderLibraryStoreTests.Clock

    private static func place(_ id: String, _ name: String, notes: String? = nil) -> Library.OwnPlace {
        SyncFolderLibraryStoreTests.place(id, name, notes: notes)
    }
    private static func sync(_ from: Computer, to: Computer) throws { try SyncFolderLibraryStoreTests.sync(from, to: to) }

    @Test func halfSyncedFilesAreNotRead() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var laptop = Computer(root, "laptop", clock: clock.read)
        try laptop.edit { $0.places.append(Self.place("mine/1", "Picnic")) }
        for name in [".syncthing.places-id-desktop.jsonl.tmp", "places-id-desktop.jsonl.part", ".~lock.places-id-desktop.jsonl#", "places-id-desktop.jsonl~"] {
            try Data("{\"places-log\":1,\"device\":\"id-desktop\",\"name\":\"desktop\",\"through\":0}\n{\"n\":1,\"clock\":[1,0],\"ops\":[{\"place\":\"mine/9\",\"na".utf8)
                .write(to: laptop.folder.appendingPathComponent(name))
        }
        let saved = try laptop.refresh()
        #expect(saved.notice == nil)
        #expect(laptop.shown.places.map(\.name) == ["Picnic"])
    }

    @Test func aDamagedLogIsReadUpToTheDamageAndTheRestWhenARepairedCopyArrives() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var laptop = Computer(root, "laptop", clock: clock.read), desktop = Computer(root, "desktop", clock: clock.read)
        for index in 1...3 { try desktop.edit { $0.places.append(Self.place("mine/\(index)", "Place \(index)")) } }
        try Self.sync(desktop, to: laptop)
        let log = laptop.folder.appendingPathComponent("places-id-desktop.jsonl")
        let whole = try Data(contentsOf: log)
        let lines = whole.split(separator: 0x0A, omittingEmptySubsequences: false)
        // The third commit (line 4) is cut in the middle and followed by garbage.
        let damaged = Data(lines[0..<3].joined(separator: [0x0A])) + Data([0x0A]) + Data(lines[3].prefix(20)) + Data("\u{0}\u{0}garbage\n".utf8)
        try damaged.write(to: log)
        let saved = try laptop.refresh()
        #expect(laptop.shown.places.map(\.name) == ["Place 1", "Place 2"])
        #expect(saved.notice == "The changes made on desktop could only be read up to line 4 of places-id-desktop.jsonl: the rest of the file is damaged and was not loaded.")
        // Said once: the next look at the same file says nothing.
        #expect(try laptop.refresh().notice == nil)
        try Self.sync(desktop, to: laptop)
        try laptop.refresh()
        #expect(laptop.shown.places.map(\.name) == ["Place 1", "Place 2", "Place 3"])
    }

    /// 5,000 random damages of a log (bytes flipped, cut out, put in, lines swapped or repeated, the
    /// end cut off): what is read is always commits the computer wrote, in order, up to the damage.
    @Test func aDamagedLogNeverLoadsGarbage() throws {
        var simulation = SyncSimulation(seed: 0xDA_4A6E, devices: 1)
        for _ in 0..<40 { simulation.edit(on: 0) }
        let commits = simulation.devices[0].commits
        let original = Array(try SyncLog.encode(header: SyncLog.Header(device: SyncDevice(id: "device-0", name: "laptop"), through: 0, commits: 0),
                                                commits: commits))
        let written = Dictionary(uniqueKeysWithValues: commits.map { ($0.id, $0) })
        var random = SplitMix64(seed: 77)
        var damaged = 0
        for _ in 0..<5_000 {
            var bytes = original
            switch random.below(5) {
            case 0:
                for _ in 0..<(1 + random.below(3)) { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
            case 1:
                let start = random.below(bytes.count)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(40)))
            case 2:
                bytes.insert(contentsOf: (0..<(1 + random.below(20))).map { _ in UInt8(random.below(256)) }, at: random.below(bytes.count))
            case 3:
                var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
                let a = 1 + random.below(lines.count - 2), b = 1 + random.below(lines.count - 2)
                if random.chance(0.5) { lines.swapAt(a, b) } else { lines.insert(lines[a], at: b) }
                bytes = Array(lines.joined(separator: [0x0A]))
            default:
                bytes = Array(bytes.prefix(random.below(bytes.count)))
            }
            guard let log = SyncLog.read(bytes) else { continue }
            if log.damage != nil { damaged += 1 }
            var last = 0
            for commit in log.commits {
                #expect(written[commit.id] == commit, "a damaged log gave a commit that was never written: \(commit.id)")
                #expect(commit.id.sequence > last)
                last = commit.id.sequence
            }
            var replica = SyncReplica()
            log.commits.forEach { replica.apply($0) }
            _ = replica.library
        }
        #expect(damaged > 4_000, "only \(damaged) of 5,000 damages were noticed")
    }

    /// A commit that arrives before one it was made after waits for it: otherwise an edit made
    /// meanwhile would take the missing one for seen and replace it unseen.
    @Test func aCommitWaitsForTheOnesItWasMadeAfter() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var a = Computer(root, "a", clock: clock.read), b = Computer(root, "b", clock: clock.read), c = Computer(root, "c", clock: clock.read)
        try a.edit { $0.places = [Self.place("mine/p", "Picnic"), Self.place("mine/q", "Quay")] }
        try Self.sync(a, to: b)
        try Self.sync(a, to: c)
        try b.refresh()
        try c.refresh()
        try b.edit { $0.places[0].name = "Picnic lawn" }
        try Self.sync(b, to: c)
        try c.refresh()
        try c.edit { $0.places[1].name = "Quayside" }
        // A gets C's log before B's, and renames the place B renamed.
        try Self.sync(c, to: a)
        try a.refresh()
        #expect(a.shown.places.map(\.name) == ["Picnic", "Quay"], "C's commit was applied before B's, which it was made after")
        try a.edit { $0.places[0].name = "Lunch spot" }
        try Self.sync(b, to: a)
        try a.refresh()
        #expect(a.shown.places[1].name == "Quayside")
        // The two renames were made without knowing of each other: one shown, the other offered.
        let alternatives = a.store.alternatives()["mine/p"] ?? []
        let names = Set([a.shown.places[0].name] + alternatives.compactMap { if case .name(let name) = $0.value { name } else { nil } })
        #expect(names == ["Lunch spot", "Picnic lawn"], "\(a.shown.places[0].name), \(alternatives)")
    }

    @Test func thisComputersOwnLogIsNeverReplacedWhenItCannotBeRead() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        var laptop = Computer(root, "laptop", clock: Clock().read)
        try laptop.edit { $0.places = [Self.place("mine/p", "Picnic")] }
        let log = laptop.folder.appendingPathComponent("places-id-laptop.jsonl")
        let garbage = Data("not a log at all\n".utf8) + (try Data(contentsOf: log))
        try garbage.write(to: log)
        let fresh = SyncFolderLibraryStore(folder: laptop.folder, device: SyncDevice(id: "id-laptop", name: "laptop"))
        #expect(throws: LibraryStoreError.self) { try fresh.load() }
        #expect(try Data(contentsOf: log) == garbage, "the unreadable log was replaced")
    }

    @Test func thisComputersOwnLogDeletedElsewhereIsWrittenAgain() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        var laptop = Computer(root, "laptop", clock: Clock().read)
        try laptop.edit { $0.places = [Self.place("mine/p", "Picnic")] }
        let log = laptop.folder.appendingPathComponent("places-id-laptop.jsonl")
        try FileManager.default.removeItem(at: log)
        try laptop.refresh()
        let reread = try #require(try SyncFolderLibraryStoreTests.replica(of: laptop))
        #expect(reread.library.places.map(\.name) == ["Picnic"])
    }

    @Test func whatOnlyAConflictCopyHeldOutlivesARestart() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var desktop = Computer(root, "desktop", clock: clock.read)
        try desktop.edit { $0.places = [Self.place("mine/p", "Picnic")] }
        let first = try Data(contentsOf: desktop.folder.appendingPathComponent("places-id-desktop.jsonl"))
        try desktop.edit { $0.places.append(Self.place("mine/q", "Quay")) }
        // The laptop has the desktop's older log, and a Nextcloud copy of its newer one; the desktop is gone.
        let laptopFolder = root.file("laptop")
        try FileManager.default.createDirectory(at: laptopFolder, withIntermediateDirectories: true)
        try first.write(to: laptopFolder.appendingPathComponent("places-id-desktop.jsonl"))
        try FileManager.default.copyItem(at: desktop.folder.appendingPathComponent("places-id-desktop.jsonl"),
                                         to: laptopFolder.appendingPathComponent("places-id-desktop (conflicted copy 2026-11-27 120000).jsonl"))
        let device = SyncDevice(id: "id-laptop", name: "laptop")
        #expect(try SyncFolderLibraryStore(folder: laptopFolder, device: device).load().value?.places.map(\.name) == ["Picnic", "Quay"])
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: laptopFolder.path)).contains { $0.contains("conflicted") })
        #expect(try SyncFolderLibraryStore(folder: laptopFolder, device: device).load().value?.places.map(\.name) == ["Picnic", "Quay"],
                "what only the copy held was lost at the next launch")
    }

    @Test func aStaleCopyArrivingAfterANewerOneLosesNothing() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var laptop = Computer(root, "laptop", clock: clock.read), desktop = Computer(root, "desktop", clock: clock.read)
        try desktop.edit { $0.places.append(Self.place("mine/1", "First")) }
        let stale = try Data(contentsOf: desktop.folder.appendingPathComponent("places-id-desktop.jsonl"))
        try desktop.edit { $0.places.append(Self.place("mine/2", "Second")) }
        try Self.sync(desktop, to: laptop)
        try laptop.refresh()
        try stale.write(to: laptop.folder.appendingPathComponent("places-id-desktop.jsonl"), options: .atomic)
        try laptop.refresh()
        #expect(laptop.shown.places.map(\.name) == ["First", "Second"])
    }

    /// What the real engine did in `SyncthingTests`: a log replaced by another version that starts
    /// the same and is as long or longer (a second computer wrote its last commit under the same id).
    @Test func aLogReplacedByAnotherVersionOfTheSameLengthIsReadAgainWhole() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var laptop = Computer(root, "laptop", clock: clock.read), desktop = Computer(root, "desktop", clock: clock.read)
        try desktop.edit { $0.places.append(Self.place("mine/1", "Picnic")) }
        try Self.sync(desktop, to: laptop)
        try laptop.refresh()
        try desktop.edit { $0.places[0].name = "Lunch" }
        let first = try Data(contentsOf: desktop.folder.appendingPathComponent("places-id-desktop.jsonl"))
        try Self.sync(desktop, to: laptop)
        try laptop.refresh()
        // Its twin wrote its second commit otherwise, a millisecond later: "Lunch!".
        var log = try #require(SyncLog.read(Array(first)))
        var commit = log.commits[1]
        commit.header.clock.milliseconds += 1
        commit.operations = [SyncOperation(.place, "mine/1", .set([.name: .text("Lunch!")]))]
        log.commits[1] = commit
        let twin = try SyncLog.encode(header: log.header, commits: log.commits)
        #expect(twin.count >= first.count)
        try twin.write(to: laptop.folder.appendingPathComponent("places-id-desktop.jsonl"), options: .atomic)
        try laptop.refresh()
        // The twin's rename is taken in as the laptop's own (two versions of one commit cannot both be the desktop's).
        #expect(laptop.shown.places[0].name == "Lunch!")
        let reread = try #require(try SyncFolderLibraryStoreTests.replica(of: laptop))
        #expect(reread.library.places.map(\.name) == ["Lunch!"])
    }

    @Test func aConflictCopyIsMergedThenRemoved() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var laptop = Computer(root, "laptop", clock: clock.read)
        try laptop.edit { $0.places.append(Self.place("mine/1", "Picnic")) }
        // A second machine set up from a copy of the laptop's configuration wrote under its id; the
        // engine kept its log as a conflict copy.
        var twin = Computer(root, "twin", clock: clock.read)
        let twinStore = SyncFolderLibraryStore(folder: twin.folder, device: SyncDevice(id: "id-laptop", name: "laptop"), now: { clock.read() + 5_000 })
        twin = Computer(folder: twin.folder, store: twinStore)
        try twin.edit { $0.places.append(Self.place("mine/2", "Twin's bench")) }
        let copies = ["places-id-laptop.sync-conflict-20261127-120000-ABCDEFG.jsonl", "places-id-laptop (conflicted copy 2026-11-27 120000).jsonl"]
        try FileManager.default.copyItem(at: twin.folder.appendingPathComponent("places-id-laptop.jsonl"), to: laptop.folder.appendingPathComponent(copies[0]))
        try FileManager.default.copyItem(at: twin.folder.appendingPathComponent("places-id-laptop.jsonl"), to: laptop.folder.appendingPathComponent(copies[1]))
        try laptop.refresh()
        #expect(Set(laptop.shown.places.map(\.name)) == ["Picnic", "Twin's bench"])
        let left = try FileManager.default.contentsOfDirectory(atPath: laptop.folder.path)
        #expect(left.filter { $0.contains("conflict") }.isEmpty, "\(left)")
        // Kept as the laptop's own: its log alone now holds the twin's place.
        let reread = try #require(try SyncFolderLibraryStoreTests.replica(of: laptop))
        #expect(reread.library.places.map(\.name).contains("Twin's bench"))
    }

    @Test func aSingleFileLibraryInTheFolderIsMergedOnce() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var laptop = Computer(root, "laptop", clock: clock.read)
        try laptop.edit { $0.places.append(Self.place("mine/1", "Picnic")) }
        let single = Library(favourites: ["bundled/Q90"], places: [Self.place("mine/7", "From the old file")],
                             collections: [PlaceCollection(id: "c1", name: "Trip", members: ["mine/7"])])
        try FileLibraryStore(folder: laptop.folder).save(single)
        try laptop.refresh()
        #expect(laptop.shown.places.map(\.name).sorted() == ["From the old file", "Picnic"])
        #expect(laptop.shown.favourites == ["bundled/Q90"])
        #expect(laptop.shown.collections == single.collections)
        let names = try FileManager.default.contentsOfDirectory(atPath: laptop.folder.path)
        #expect(names.contains("library.json.merged") && !names.contains("library.json"))
    }

    @Test func aChangeWritesOnlyItsOwnBytes() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var laptop = Computer(root, "laptop", clock: clock.read)
        try laptop.edit { library in
            library.places = (0..<10_000).map { Self.place("mine/\($0)", "Place number \($0)") }
        }
        let log = laptop.folder.appendingPathComponent("places-id-laptop.jsonl")
        let before = try Data(contentsOf: log).count
        try laptop.edit { $0.places[4_321].name = "Renamed" }
        let after = try Data(contentsOf: log).count
        #expect(before > 500_000)
        #expect(after - before < 150, "one rename wrote \(after - before) bytes")
    }

    @Test func compactionKeepsTheFolderWithinTwiceAPlainLibrary() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let clock = Clock()
        var laptop = Computer(root, "laptop", clock: clock.read), desktop = Computer(root, "desktop", clock: clock.read)
        try laptop.edit { $0.places = (0..<1_000).map { Self.place("mine/\($0)", "Place \($0)", notes: "A note of \($0)") } }
        var random = SplitMix64(seed: 7)
        var largest = 0.0
        for round in 0..<500 {
            if round % 2 == 0 {
                try laptop.edit { $0.places[random.below($0.places.count)].notes = "note \(round)" }
            } else {
                try desktop.edit { if !$0.places.isEmpty { $0.places[random.below($0.places.count)].name = "Name \(round)" } }
            }
            if round % 50 == 0 {
                try Self.sync(laptop, to: desktop)
                try Self.sync(desktop, to: laptop)
                try laptop.refresh()
                try desktop.refresh()
                let plain = try FileLibraryStore.encode(laptop.shown).count
                let folder = try FileManager.default.contentsOfDirectory(atPath: laptop.folder.path)
                    .reduce(0) { $0 + ((try? Data(contentsOf: laptop.folder.appendingPathComponent($1)).count) ?? 0) }
                largest = max(largest, Double(folder) / Double(plain))
            }
        }
        try Self.sync(laptop, to: desktop)
        try Self.sync(desktop, to: laptop)
        try laptop.refresh()
        try desktop.refresh()
        #expect(SyncReference(laptop.shown) == SyncReference(desktop.shown))
        #expect(largest <= 2.0 && largest > 1.0, "the folder reached \(largest)x a plain library")
    }
}

extension SyncFolderLibraryStoreTests.Computer {
    init(folder: URL, store: SyncFolderLibraryStore) {
        self.folder = folder
        self.store = store
    }
}

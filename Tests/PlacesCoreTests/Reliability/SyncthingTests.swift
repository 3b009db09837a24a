import Foundation
import Testing
@testable import PlacesCore

/// Two computers' libraries carried by the real engine: two Syncthing instances on 127.0.0.1, each
/// with its own copy of the shared folder and a Places library store in it. `make test` installs
/// Debian's `syncthing` and sets PLACES_REQUIRE_TOOLS, which makes this suite fail, not skip, without it.
@Suite(.serialized) struct SyncthingTests {
    static var required: Bool { ProcessInfo.processInfo.environment["PLACES_REQUIRE_TOOLS"] == "1" }

    typealias Computer = SyncFolderLibraryStoreTests.Computer

    /// The logs in `folder` (conflict copies included), by name.
    static func logs(in folder: URL) -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Dictionary(uniqueKeysWithValues: names.filter(SyncLog.mayBeLog).compactMap { name in
            (try? Data(contentsOf: folder.appendingPathComponent(name))).map { (name, $0) }
        })
    }

    /// Lets Syncthing carry every file both ways and both computers take in what came, until a look
    /// at the folder changes nothing more; returns the notices the computers were given.
    static func settle(_ instances: [Syncthing], _ computers: inout [Computer]) async throws -> [String] {
        var notices: [String] = []
        for _ in 0..<8 {
            for instance in instances { try await instance.scan() }
            let carried = await Syncthing.poll(timeout: 30) { Set(instances.map { logs(in: $0.folder) }).count == 1 }
            try #require(carried, "Syncthing did not carry the logs: \(instances.map { logs(in: $0.folder).keys.sorted() })")
            let before = logs(in: instances[0].folder)
            for index in computers.indices {
                if let notice = try computers[index].refresh().notice { notices.append(notice) }
            }
            if instances.allSatisfy({ logs(in: $0.folder) == before }) { return notices }
        }
        Issue.record("the folders kept changing")
        return notices
    }

    @Test("edits on both; the same place edited while the link was down; a deletion against an edit; a conflict copy Syncthing made: after each both libraries are equal and nothing is lost")
    func twoComputersThroughSyncthing() async throws {
        guard Syncthing.executable != nil else {
            if Self.required { Issue.record("syncthing is not installed (make test installs Debian's syncthing)") }
            return
        }
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let laptopEngine = try Syncthing("laptop", in: root.url), desktopEngine = try Syncthing("desktop", in: root.url)
        defer {
            laptopEngine.stop()
            desktopEngine.stop()
        }
        try laptopEngine.configure(peers: [desktopEngine])
        try desktopEngine.configure(peers: [laptopEngine])
        try await laptopEngine.start()
        try await desktopEngine.start()
        let connected = await Syncthing.poll(timeout: 60) { await laptopEngine.isConnected(to: desktopEngine) }
        try #require(connected, "the two Syncthing instances did not connect")
        let engines = [laptopEngine, desktopEngine]
        // The desktop's clock runs a second ahead: of two edits made while the link is down, its is the later.
        let desktopClock: @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) + 1_000 }
        var computers = [
            Computer(folder: laptopEngine.folder, store: SyncFolderLibraryStore(folder: laptopEngine.folder, device: SyncDevice(id: "laptop", name: "laptop"))),
            Computer(folder: desktopEngine.folder, store: SyncFolderLibraryStore(folder: desktopEngine.folder, device: SyncDevice(id: "desktop", name: "desktop"), now: desktopClock)),
        ]
        func place(_ id: String, _ name: String) -> Library.OwnPlace {
            Library.OwnPlace(id: id, name: name, kind: "park", latitude: 60.17, longitude: 24.94)
        }
        func expectEqual(_ what: String) {
            #expect(SyncReference(computers[0].shown) == SyncReference(computers[1].shown), "\(what): the libraries differ")
            #expect(computers[0].shown == computers[1].shown, "\(what): the libraries differ in order")
        }
        func reconnect() async throws {
            try await desktopEngine.start()
            let again = await Syncthing.poll(timeout: 60) { await laptopEngine.isConnected(to: desktopEngine) }
            try #require(again, "the instances did not reconnect")
        }

        // 1. Edits on both while connected.
        try computers[0].edit { $0.places.append(place("mine/picnic", "Picnic")) }
        try computers[1].edit { $0.places.append(place("mine/supper", "Supper")); $0.favourites.append("bundled/Q90") }
        _ = try await Self.settle(engines, &computers)
        expectEqual("edits on both")
        #expect(computers[0].shown.places.map { $0.name }.sorted() == ["Picnic", "Supper"])
        #expect(computers[0].shown.favourites == ["bundled/Q90"])

        // 2. The same place renamed on both while the link is down.
        desktopEngine.stop()
        try computers[0].edit { $0.places[$0.places.firstIndex { $0.id == "mine/picnic" }!].name = "Lunch spot" }
        try computers[1].edit { $0.places[$0.places.firstIndex { $0.id == "mine/picnic" }!].name = "Picnic lawn" }
        try await reconnect()
        _ = try await Self.settle(engines, &computers)
        expectEqual("renamed on both")
        #expect(computers[0].shown.places.first { $0.id == "mine/picnic" }?.name == "Picnic lawn", "the later rename does not win")
        #expect(computers[0].store.alternatives()["mine/picnic"] == [PlaceAlternative(.name("Lunch spot"), computer: "laptop")])
        #expect(computers[1].store.alternatives() == computers[0].store.alternatives())

        // 3. Deleted on one while edited on the other.
        desktopEngine.stop()
        try computers[0].edit { $0.places.removeAll { $0.id == "mine/supper" } }
        try computers[1].edit { $0.places[$0.places.firstIndex { $0.id == "mine/supper" }!].notes = "Book a table" }
        try await reconnect()
        let notices = try await Self.settle(engines, &computers)
        expectEqual("deleted against edited")
        #expect(computers[0].shown.places.first { $0.id == "mine/supper" }?.notes == "Book a table", "the edit was lost to the deletion")
        #expect(notices.contains { $0.contains("“Supper” was deleted on laptop and changed on desktop at the same time") }, "\(notices)")

        // 4. A conflict copy made by Syncthing: a second computer set up from a copy of the laptop's
        //    configuration writes under the laptop's id while the link is down.
        desktopEngine.stop()
        try computers[0].edit { $0.places[$0.places.firstIndex { $0.id == "mine/picnic" }!].name = "Lunch by the lake" }
        var twin = Computer(folder: desktopEngine.folder, store: SyncFolderLibraryStore(folder: desktopEngine.folder, device: SyncDevice(id: "laptop", name: "laptop")))
        _ = try twin.refresh()
        try twin.edit { $0.places.append(place("mine/twin", "Twin's bench")) }
        try await reconnect()
        var sawConflictCopy = false
        for engine in engines { try await engine.scan() }
        _ = await Syncthing.poll(timeout: 30) {
            sawConflictCopy = sawConflictCopy || engines.contains { Self.logs(in: $0.folder).keys.contains { $0.contains(".sync-conflict-") } }
            return sawConflictCopy
        }
        #expect(sawConflictCopy, "Syncthing made no conflict copy")
        _ = try await Self.settle(engines, &computers)
        expectEqual("conflict copy")
        #expect(Set(computers[0].shown.places.map { $0.name }) == ["Lunch by the lake", "Supper", "Twin's bench"], "\(computers[0].shown.places.map { $0.name })")
        for engine in engines {
            #expect(!Self.logs(in: engine.folder).keys.contains { $0.contains("conflict") }, "a conflict copy is left in \(engine.name)'s folder")
        }
    }
}

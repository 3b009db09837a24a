import Foundation
import PlacesTestingSupport
import Testing
@testable import PlacesCore

/// The app on two computers sharing a library folder, the sync engine played by the test (it copies
/// each computer's log into the other's folder and the folder watch fires): what arrives shows as one
/// step the person can undo, named after the computer it came from.
@MainActor @Suite struct SyncFolderScenarioTests {
    /// A folder watch the test fires, as GFileMonitor does when a file arrives.
    @MainActor final class ManualFolderWatch: FolderWatching {
        private(set) var folder: URL?
        private var changed: (@MainActor () -> Void)?

        func watch(_ folder: URL?, changed: @escaping @MainActor () -> Void) {
            self.folder = folder
            self.changed = changed
        }

        func fire() { changed?() }
    }

    /// One computer: the app over its copy of the folder.
    @MainActor struct Computer {
        let scenario: Scenario
        let folder: URL
        let watch = ManualFolderWatch()
        let device: SyncDevice

        /// `mapSettings`: what this computer's `map.json` holds.
        init(_ root: TemporaryDirectory, _ name: String, mapSettings: InMemoryMapSettingsStore = InMemoryMapSettingsStore()) {
            folder = root.file(name)
            device = SyncDevice(id: "id-\(name)", name: name)
            scenario = Scenario(mapSettings: mapSettings, settings: InMemorySettingsStore(Settings(libraryFolder: folder.path)), device: device,
                                folderWatcher: watch)
        }

        var model: PlacesModel { scenario.placesModel }

        /// Makes its folder and launches: the settings name the folder, the library is read from it.
        func start() async throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            await scenario.app.restoreProfileAndSettings()
            await scenario.app.restoreMap()
            await scenario.app.restoreLibrary()
            await scenario.saved()
        }

        var mapLayers: MapLayersModel { scenario.app.layers }

        /// Puts a copy of the map file `made` in its folder's `maps` as `name`, as the sync engine
        /// carries a file kept beside the library; returns its path here.
        @discardableResult
        func putMap(_ made: String, as name: String) throws -> String {
            let maps = folder.appendingPathComponent("maps")
            try FileManager.default.createDirectory(at: maps, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: made, toPath: maps.appendingPathComponent(name).path)
            return maps.appendingPathComponent(name).path
        }

        /// Receives `other`'s log, as a sync engine brings it, and waits until it is taken in.
        func receive(from other: Computer, until condition: () -> Bool) async throws {
            let name = SyncLog.fileName(of: other.device.id)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let target = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: other.folder.appendingPathComponent(name), to: target)
            watch.fire()
            await waitUntil { scenario.clock.sleeping > 0 }
            scenario.clock.advance(by: .milliseconds(250))
            await waitUntil(condition)
            await scenario.saved()
        }
    }

    /// A laptop and a desktop, launched, sharing a library folder (each its own copy of it in `root`).
    private static func launchTwo(in root: TemporaryDirectory) async throws -> (laptop: Computer, desktop: Computer) {
        let laptop = Computer(root, "laptop"), desktop = Computer(root, "desktop")
        try await laptop.start()
        try await desktop.start()
        return (laptop, desktop)
    }

    private let picnic = Place(id: "mine/picnic", name: "Picnic", category: .landmark, coordinate: Coordinate(latitude: 45.8, longitude: 4.9),
                               source: PlaceSource.mineID, notes: "By the lake")

    @Test("a place changed on another computer appears, named after it, as one step that Undo takes back everywhere")
    func changeFromAnotherComputer() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let (laptop, desktop) = try await Self.launchTwo(in: root)
        #expect(laptop.watch.folder?.standardizedFileURL.path == laptop.folder.standardizedFileURL.path)

        laptop.scenario.editor.save(picnic)
        await laptop.scenario.saved()
        try await desktop.receive(from: laptop) { desktop.model.places.place(withID: picnic.id) != nil }
        #expect(desktop.model.places.place(withID: picnic.id)?.notes == "By the lake")

        var lunch = picnic
        lunch.name = "Lunch"
        laptop.scenario.editor.save(lunch)
        await laptop.scenario.saved()
        try await desktop.receive(from: laptop) { desktop.model.places.place(withID: picnic.id)?.name == "Lunch" }
        #expect(desktop.scenario.shell.notices.last == "“Picnic” was renamed “Lunch” on laptop", "\(desktop.scenario.shell.notices)")
        #expect(desktop.scenario.shell.undoOffers.last == "“Picnic” was renamed “Lunch” on laptop")

        // Undone on the desktop: the laptop gets the name back, told where it came from.
        desktop.scenario.coordinator.handle(.perform(.undo))
        #expect(desktop.model.places.place(withID: picnic.id)?.name == "Picnic")
        await desktop.scenario.saved()
        try await laptop.receive(from: desktop) { laptop.model.places.place(withID: picnic.id)?.name == "Picnic" }
        #expect(laptop.scenario.shell.notices.last == "“Lunch” was renamed “Picnic” on desktop", "\(laptop.scenario.shell.notices)")
        #expect(laptop.scenario.shell.errors.isEmpty && desktop.scenario.shell.errors.isEmpty)
    }

    /// Two computers sharing "Picnic", which each renames while the link is down: the desktop to
    /// "Picnic lawn", then the laptop to "Lunch spot" (the later). Neither has the other's log yet.
    private func renamedOnBoth(in root: TemporaryDirectory) async throws -> (laptop: Computer, desktop: Computer) {
        let (laptop, desktop) = try await Self.launchTwo(in: root)
        laptop.scenario.editor.save(picnic)
        await laptop.scenario.saved()
        try await desktop.receive(from: laptop) { desktop.model.places.place(withID: picnic.id) != nil }
        var lawn = picnic
        lawn.name = "Picnic lawn"
        desktop.scenario.editor.save(lawn)
        await desktop.scenario.saved()
        var lunch = picnic
        lunch.name = "Lunch spot"
        laptop.scenario.editor.save(lunch)
        await laptop.scenario.saved()
        return (laptop, desktop)
    }

    @Test("a place renamed on both computers at once shows the later name, and the card offers the other, named after its computer")
    func renamedOnBothAtOnce() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let (laptop, desktop) = try await renamedOnBoth(in: root)
        // The laptop's rename was made later: both show it, and the desktop's card offers its own.
        try await desktop.receive(from: laptop) { desktop.model.places.place(withID: picnic.id)?.name == "Lunch spot" }
        try await laptop.receive(from: desktop) { laptop.model.alternatives[picnic.id] != nil }
        #expect(laptop.model.places.place(withID: picnic.id)?.name == "Lunch spot")
        desktop.model.select(picnic.id)
        let card = try #require(desktop.scenario.card.state.latest ?? nil)
        #expect(card.alsoChanged == ["Also changed on desktop: name “Picnic lawn”"])

        // The desktop takes its own name back: made knowing of both, it is the one everywhere.
        desktop.scenario.card.send(.takeAlternative(0))
        #expect(desktop.model.places.place(withID: picnic.id)?.name == "Picnic lawn")
        #expect(desktop.scenario.shell.undoOffers.last == "“Picnic lawn” now has what desktop gave it")
        await desktop.scenario.saved()
        #expect((desktop.scenario.card.state.latest ?? nil)?.alsoChanged == [])
        try await laptop.receive(from: desktop) { laptop.model.places.place(withID: picnic.id)?.name == "Picnic lawn" }
        #expect(laptop.model.alternatives.isEmpty)
    }

    @Test("keeping the name shown instead of the other computer's takes the offer off the card, on both computers, and changes no name")
    func keepingTheNameShown() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let (laptop, desktop) = try await renamedOnBoth(in: root)
        try await laptop.receive(from: desktop) { laptop.model.alternatives[picnic.id] != nil }
        laptop.model.select(picnic.id)
        #expect((laptop.scenario.card.state.latest ?? nil)?.alsoChanged == ["Also changed on desktop: name “Picnic lawn”"])

        laptop.scenario.card.send(.keepShown(0))
        await laptop.scenario.saved()
        #expect((laptop.scenario.card.state.latest ?? nil)?.alsoChanged == [])
        #expect(laptop.model.places.place(withID: picnic.id)?.name == "Lunch spot")
        try await desktop.receive(from: laptop) { desktop.model.places.place(withID: picnic.id)?.name == "Lunch spot" }
        #expect(desktop.model.alternatives.isEmpty)
        #expect(laptop.scenario.shell.errors.isEmpty && desktop.scenario.shell.errors.isEmpty)
    }

    @Test("moving the library into a folder another computer keeps its library in joins both; moving it back keeps everything")
    func movingIntoASharedFolderAndBack() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let shared = root.file("Sync/Places")
        // The desktop already keeps a place and a favourite there.
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let desktopStore = SyncFolderLibraryStore(folder: shared, device: SyncDevice(id: "id-desktop", name: "desktop"))
        var supper = picnic
        supper.id = "mine/supper"
        supper.name = "Supper"
        _ = try desktopStore.save(Library(favourites: [Samples.tokyo.id], places: [Library.OwnPlace(supper)]), base: nil)

        let settings = InMemorySettingsStore()
        let laptop = Scenario(library: FileLibraryStore(folder: root.file("standard")), settings: settings,
                              device: SyncDevice(id: "id-laptop", name: "laptop"))
        await laptop.app.restoreProfileAndSettings()
        await laptop.app.restoreLibrary()
        laptop.editor.save(picnic)
        laptop.placesModel.toggleFavourite(Samples.paris.id)
        await laptop.saved()

        laptop.shell.libraryFolderAnswer = .some(shared.path)
        laptop.coordinator.handle(.perform(.libraryFolder))
        await waitUntil { laptop.shell.notices.contains { $0.hasPrefix("Your library is now kept in") } }
        await laptop.saved()
        #expect(laptop.shell.calls.contains(.chooseLibraryFolder(current: nil)))
        #expect(laptop.shell.notices.last == "Your library is now kept in \(shared.path) (2 own places, 2 favourites, 0 collections). Choose the same folder in Places on your other computers.",
                "\(laptop.shell.notices)")
        #expect(laptop.placesModel.places.place(withID: supper.id)?.name == "Supper")
        #expect(laptop.placesModel.favourites.isSuperset(of: [Samples.tokyo.id, Samples.paris.id]))
        #expect(settings.settings?.libraryFolder == shared.path)
        // Joining is no step of the undo history: Undo takes back the favourite, not the desktop's place.
        laptop.coordinator.handle(.perform(.undo))
        #expect(laptop.placesModel.places.place(withID: supper.id) != nil, "Undo after the move deleted another computer's place")
        laptop.coordinator.handle(.perform(.redo))
        await laptop.saved()
        // The desktop reads the laptop's place from the folder.
        #expect(try desktopStore.load().value?.places.map(\.name).sorted() == ["Picnic", "Supper"])

        laptop.shell.libraryFolderAnswer = .some(nil)
        laptop.coordinator.handle(.perform(.libraryFolder))
        await waitUntil { laptop.shell.notices.last?.hasPrefix("Your library is kept in the standard folder again") == true }
        await laptop.saved()
        #expect(laptop.shell.calls.contains(.chooseLibraryFolder(current: shared.path)))
        #expect(settings.settings?.libraryFolder == nil)
        let standard = try #require(try FileLibraryStore(folder: root.file("standard")).load().value)
        #expect(standard.places.map(\.name).sorted() == ["Picnic", "Supper"])
        #expect(Set(standard.favourites) == [Samples.tokyo.id, Samples.paris.id])
        #expect(laptop.shell.errors.isEmpty, "\(laptop.shell.errors)")
    }

    @Test("a library folder that is not there at launch is said so, and nothing is written into an empty one")
    func missingFolderAtLaunch() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let gone = root.file("unmounted/Places")
        let laptop = Scenario(settings: InMemorySettingsStore(Settings(libraryFolder: gone.path)), device: SyncDevice(id: "id-laptop", name: "laptop"))
        await laptop.app.restoreProfileAndSettings()
        await laptop.app.restoreLibrary()
        laptop.placesModel.toggleFavourite(Samples.paris.id)
        await laptop.saved()
        let error = try #require(laptop.shell.errors.first)
        #expect(error.contains(gone.path) && error.contains("does not exist"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: gone.path))
    }

    @Test("a map file added on one computer shows on the other, from where each keeps the folder; hidden there, hidden here; removed, removed")
    func mapFilesFollowTheLibrary() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let (laptop, desktop) = try await Self.launchTwo(in: root)
        // The map file lies in the library folder, which the sync engine carries to each computer.
        let made = try MapLayersScenarioTests.alps(in: root)
        let paths = try [laptop, desktop].map { try $0.putMap(made, as: "alps.mbtiles") }
        let (onLaptop, onDesktop) = (MapLayer.ID.file(paths[0]), MapLayer.ID.file(paths[1]))

        await laptop.scenario.coordinator.open([paths[0]])
        await laptop.scenario.saved()
        try await desktop.receive(from: laptop) { desktop.mapLayers[onDesktop]?.source != nil }
        #expect(desktop.scenario.shell.notices.last == "“alps.mbtiles” was added to the map on laptop", "\(desktop.scenario.shell.notices)")
        #expect(desktop.scenario.mapLayers.state.latest?.rows.map(\.title) == ["Alps test map"])
        let log = try String(contentsOf: laptop.folder.appendingPathComponent(SyncLog.fileName(of: laptop.device.id)), encoding: .utf8)
        #expect(log.contains(#""layer":"./maps/alps.mbtiles""#), "written relative to the folder: \(log)")

        desktop.scenario.mapLayers.send(.setVisible(onDesktop, false))
        await desktop.scenario.saved()
        try await laptop.receive(from: desktop) { laptop.mapLayers[onLaptop]?.isVisible == false }
        #expect(laptop.scenario.shell.notices.last == "1 map file changed on desktop")

        laptop.scenario.mapLayers.send(.remove(onLaptop))
        await laptop.scenario.saved()
        try await desktop.receive(from: laptop) { desktop.mapLayers[onDesktop] == nil }
        #expect(desktop.scenario.mapLayers.state.latest?.rows.isEmpty == true)
        #expect(laptop.scenario.shell.errors.isEmpty && desktop.scenario.shell.errors.isEmpty,
                "\(laptop.scenario.shell.errors) \(desktop.scenario.shell.errors)")
    }

    @Test("the map files a computer kept for itself join the folder's when its library moves there; map.json then lists none, and gets them back when it leaves")
    func mapFilesJoinTheFolder() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let lakes = MapSettings.File(path: "/media/maps/lakes.mbtiles", isVisible: false)
        let ownMaps = InMemoryMapSettingsStore(MapSettings(files: [lakes]))
        let laptop = Computer(root, "laptop"), desktop = Computer(root, "desktop", mapSettings: ownMaps)
        try await laptop.start()
        try await desktop.start()
        #expect(ownMaps.settings?.files == [], "the folder keeps them now")
        #expect(desktop.mapLayers[.file(lakes.path)] != nil, "still shown here, saying why it cannot be drawn")

        try await laptop.receive(from: desktop) { laptop.mapLayers[.file(lakes.path)] != nil }
        #expect(laptop.mapLayers[.file(lakes.path)]?.isVisible == false)
        #expect(laptop.scenario.shell.errors.last?.hasPrefix("The map file /media/maps/lakes.mbtiles cannot be shown:") == true,
                "a file not on this computer says so: \(laptop.scenario.shell.errors)")

        // Back to the standard folder: this computer's map.json lists them again.
        desktop.scenario.shell.libraryFolderAnswer = .some(nil)
        desktop.scenario.coordinator.handle(.perform(.libraryFolder))
        await waitUntil { desktop.scenario.shell.notices.last?.hasPrefix("Your library is kept in the standard folder again") == true }
        await desktop.scenario.saved()
        #expect(ownMaps.settings?.files == [lakes])
    }

    @Test("a change the person makes while another computer's map files are still being opened keeps them, here and in the folder")
    func changeWhileMapFilesOpen() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let (laptop, desktop) = try await Self.launchTwo(in: root)
        let made = try MapLayersScenarioTests.alps(in: root)
        for index in 0..<40 {
            try desktop.putMap(made, as: "map-\(index).mbtiles")
            await laptop.scenario.coordinator.open([try laptop.putMap(made, as: "map-\(index).mbtiles")])
        }
        await laptop.scenario.saved()
        #expect(laptop.mapLayers.layers.count == 40)

        // The moment the desktop says they came (they open one by one after), the person turns Online Tiles on.
        var openedWhenTurnedOn = -1
        try await desktop.receive(from: laptop) {
            guard desktop.scenario.shell.notices.last == "40 map files changed on laptop" else { return false }
            if openedWhenTurnedOn < 0 {
                openedWhenTurnedOn = desktop.mapLayers.layers.count
                desktop.scenario.mapLayers.send(.setOnline(isEnabled: true, template: "https://tile.example.org/{z}/{x}/{y}.png"))
            }
            return desktop.mapLayers.layers.filter { if case .file = $0.id { true } else { false } }.count == 40
        }
        print("Online Tiles turned on with \(openedWhenTurnedOn) of the 40 files open.")
        await desktop.scenario.saved()
        #expect(desktop.mapLayers.layers.filter { if case .file = $0.id { true } else { false } }.count == 40)
        // What the desktop wrote, with the laptop's log: every map is still there for both.
        let reader = SyncFolderLibraryStore(folder: desktop.folder, device: SyncDevice(id: "reader", name: "reader"))
        _ = try reader.load()
        #expect(try reader.saveMapFiles([], base: nil).value.count == 40, "the folder lost maps")
    }

    /// A library store whose folder cannot be written: the map files' join fails.
    final class ReadOnlyFolder: LibraryStore, SharedMapFiles {
        func load() throws -> Loaded<Library> { Loaded(nil) }
        func save(_ library: Library, base: Library?) throws -> Saved<Library> { Saved(library) }
        var sharedMapFiles: (any SharedMapFiles)? { self }
        func saveMapFiles(_ files: [MapSettings.File], base: [MapSettings.File]?) throws -> Saved<[MapSettings.File]> {
            throw FileProblem.system(errno: EROFS)
        }
    }

    @Test("when the folder cannot take this computer's map files, map.json keeps them, and the person is told why")
    func folderRefusesMapFiles() async throws {
        let lakes = MapSettings.File(path: "/media/maps/lakes.mbtiles", isVisible: true)
        let ownMaps = InMemoryMapSettingsStore(MapSettings(files: [lakes]))
        let scenario = Scenario(library: ReadOnlyFolder(), mapSettings: ownMaps)
        await scenario.app.restoreMap()
        await scenario.app.restoreLibrary()
        await scenario.saved()
        #expect(scenario.shell.errors.last == "The map's layers could not be kept in the library folder (the disk is read-only); they stay as they are in this window.")
        #expect(ownMaps.settings?.files == [lakes])
    }
}

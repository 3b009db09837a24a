import Foundation
@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// The person backs up every place into one file, and restores it: on a new computer, and over a
/// library they changed since.
@MainActor
@Suite("Backing up and restoring every place")
struct BackupScenarioTests {
    private static let notes = "Bring cash.\nThe terrace."

    /// A scenario holding a place of the person's own with notes, Paris starred, an imported file
    /// with a favourite among its places, and a collection of places from all three.
    private func filledScenario(trip: PlaceSource, restoredFiles: URL) async throws -> (Scenario, Place) {
        let scenario = Scenario(restoredFiles: restoredFiles)
        let picnic = Place(id: PlacesEditor.newID(), name: "Picnic", category: .other("picnic site"),
                           coordinate: Coordinate(latitude: 45.8273, longitude: 4.9602), source: PlaceSource.mineID, notes: Self.notes)
        scenario.editor.save(picnic)
        scenario.editor.setFavourite(Samples.paris.id, true)
        await scenario.coordinator.importFiles([trip.path!])
        scenario.editor.setFavourite(trip.id + "/eiffel", true)
        scenario.editor.createCollection(named: "Weekend", with: [picnic.id, Samples.paris.id, trip.id + "/louvre"])
        return (scenario, picnic)
    }

    /// The collections by name, each with its members' names.
    private func collections(_ scenario: Scenario) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: scenario.placesModel.collections.map { collection in
            (collection.name, collection.members.map { scenario.placesModel.places.place(withID: $0)?.name ?? "missing \($0)" })
        })
    }

    private func favouriteNames(_ scenario: Scenario) -> Set<String> {
        Set(scenario.placesModel.favourites.compactMap { scenario.placesModel.places.place(withID: $0)?.name })
    }

    @Test("a backup restored on a computer without the imported file: the file comes out of the backup, and every place, note, favourite and collection is back; Undo empties it again")
    func restoreElsewhere() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let (scenario, picnic) = try await filledScenario(trip: trip, restoredFiles: folder.file("restored"))
        let backup = folder.file("places-backup.zip").path
        scenario.shell.destination = backup
        scenario.coordinator.handle(.perform(.backUp))
        #expect(scenario.shell.calls.contains(.chooseBackupDestination(LibraryBackups.suggestedName())))
        await scenario.saved()
        #expect(scenario.shell.notices.last == "Backed up 1 place of your own, 1 imported file and 1 collection to places-backup.zip")

        // Another computer: the imported file is not there.
        try FileManager.default.removeItem(atPath: trip.path!)
        let store = FileLibraryStore(folder: folder.file("data"))
        let other = Scenario(library: store, restoredFiles: folder.file("restored"))
        await other.app.restoreLibrary()
        other.shell.backupToRestore = backup
        other.coordinator.handle(.perform(.restore))
        await waitUntil { other.shell.notices.last?.hasPrefix("Restored") == true }
        #expect(other.shell.notices.last == "Restored 1 place of your own, 1 imported file and 1 collection from places-backup.zip")
        #expect(other.shell.undoOffers.last == other.shell.notices.last, "a restore can be undone")

        let restoredPicnic = try #require(other.placesModel.places.place(withID: picnic.id))
        #expect(restoredPicnic.notes == Self.notes && restoredPicnic.isOwn)
        let unpacked = folder.file("restored/places-backup/trip.geojson").path
        #expect(other.placesModel.sources.contains { $0.path == unpacked }, "the file, unpacked from the backup")
        #expect(favouriteNames(other) == ["Paris", "Eiffel Tower"], "the favourite in the file follows it")
        #expect(collections(other) == ["Weekend": ["Picnic", "Paris", "Louvre"]])
        #expect(other.placesModel.selectedItem == nil, "restoring opens no card")
        await other.saved()
        let kept = try #require(try store.load().value)
        #expect(kept.sources.map(\.path) == [unpacked] && kept.places.map(\.id) == [picnic.id] && kept.collections.map(\.name) == ["Weekend"],
                "the library file holds what was restored")
        #expect(kept.favourites.contains("file:\(unpacked)/eiffel"))

        other.coordinator.handle(.perform(.undo))
        #expect(other.shell.notices.last == "Undone: Restore “places-backup.zip”")
        #expect(other.placesModel.places.place(withID: picnic.id) == nil)
        #expect(other.placesModel.collections.isEmpty && other.placesModel.favourites.isEmpty)
        #expect(other.placesModel.sources.allSatisfy { $0.path == nil }, "no imported file")
        other.coordinator.handle(.perform(.redo))
        #expect(collections(other) == ["Weekend": ["Picnic", "Paris", "Louvre"]])
        // The saves of the undo and redo land before the folder goes (else they make it again).
        await other.saved()
    }

    @Test("restored over a changed library: what was there goes, in the same step, and Undo brings it back; an unchanged file is used where it is")
    func restoreOverChanges() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let (scenario, picnic) = try await filledScenario(trip: trip, restoredFiles: folder.file("restored"))
        let backup = folder.file("b.zip").path
        scenario.shell.destination = backup
        scenario.coordinator.handle(.perform(.backUp))
        await scenario.saved()

        // Changes after the backup.
        scenario.editor.delete(picnic.id)
        let later = Place(id: PlacesEditor.newID(), name: "Later", category: .other(""), coordinate: Coordinate(latitude: 1, longitude: 2), source: PlaceSource.mineID)
        scenario.editor.save(later)
        scenario.editor.setFavourite(Samples.tokyo.id, true)
        scenario.editor.createCollection(named: "New", with: [later.id])
        let other = try LibraryScenario.writeTrip("other.geojson", in: folder)
        let third = try LibraryScenario.writeTrip("third.geojson", in: folder)
        await scenario.coordinator.importFiles([other.path!, third.path!])
        scenario.editor.createCollection(named: "Third")
        let before = (collections(scenario), favouriteNames(scenario), scenario.placesModel.sources.map(\.id))

        scenario.shell.backupToRestore = backup
        scenario.coordinator.handle(.perform(.restore))
        await waitUntil { scenario.shell.notices.last?.hasPrefix("Restored") == true }
        #expect(scenario.placesModel.places.place(withID: later.id) == nil)
        #expect(scenario.placesModel.places.place(withID: picnic.id)?.notes == Self.notes)
        #expect(scenario.placesModel.sources.compactMap(\.path) == [trip.path!], "the file where it is, unchanged: not unpacked")
        #expect(favouriteNames(scenario) == ["Paris", "Eiffel Tower"])
        #expect(collections(scenario) == ["Weekend": ["Picnic", "Paris", "Louvre"]])

        scenario.coordinator.handle(.perform(.undo))
        #expect(collections(scenario) == before.0)
        #expect(scenario.placesModel.collections.map(\.name) == ["Weekend", "New", "Third"], "in their order")
        #expect(favouriteNames(scenario) == before.1)
        #expect(scenario.placesModel.sources.map(\.id) == before.2, "every file back in its place")
        #expect(scenario.placesModel.places.place(withID: later.id) != nil && scenario.placesModel.places.place(withID: picnic.id) == nil)
    }

    @Test("a file that is no backup is refused by name with the reason, and nothing changes")
    func notABackup() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scenario = Scenario(restoredFiles: folder.file("restored"))
        scenario.editor.setFavourite(Samples.paris.id, true)
        let text = try folder.write("hello", to: "notes.zip").path
        scenario.shell.backupToRestore = text
        scenario.coordinator.handle(.perform(.restore))
        await waitUntil { !scenario.shell.errors.isEmpty }
        #expect(scenario.shell.errors == ["“notes.zip” cannot be restored: it is not a zip archive, or it is damaged."])

        let kmz = folder.file("places.kmz")
        try ExportFormat.kmz.write([ExportedPlace(Samples.lyon)], title: "x", to: kmz)
        scenario.shell.backupToRestore = kmz.path
        scenario.coordinator.handle(.perform(.restore))
        await waitUntil { scenario.shell.errors.count == 2 }
        #expect(scenario.shell.errors.last == "“places.kmz” cannot be restored: it holds no library.json, which every backup Places makes holds.")
        #expect(favouriteNames(scenario) == ["Paris"])
    }

    @Test("GNOME Maps' recent places come back as recent places, also unpacked from the backup")
    func recentPlacesStayRecent() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write(try SourceTree.fixture("apps/gnome-maps-47-places.json"), to: "places.json")
        let favourites = PlaceFiles.source(for: file.path), recent = PlaceSource.recentPlaces(in: favourites)
        let library = Library(favourites: [recent.id + "/80348"], sources: [favourites, recent])
        let backup = folder.file("b.zip")
        try LibraryBackup.write(library, to: backup)
        try FileManager.default.removeItem(at: file)

        let restored = try LibraryBackup.read(backup, unpackingInto: folder.file("restored"))
        let names = restored.files.map { file in (try? file.result.get().places.map(\.name)) ?? [] }
        #expect(names == [["Le Café de la Table Ronde", "Chamechaude"], ["Grenoble"]])
        #expect(restored.files.map(\.source.title) == ["places.json", "Recent places in places.json"])
        let moved = try #require(restored.files.last?.source)
        #expect(moved.id.hasSuffix(PlaceSource.recentSuffix) && moved.path != file.path)
        #expect(restored.library.favourites == [moved.id + "/80348"], "the star follows the place")
    }
}


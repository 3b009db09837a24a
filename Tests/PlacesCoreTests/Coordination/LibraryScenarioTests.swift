import Foundation
import PlacesCore
import PlacesTestingSupport
import Testing

/// The person's favourites and imported files, kept from one launch to the next.
@MainActor
@Suite("Favourites and imported files across launches")
struct LibraryScenarioTests {
    @Test("favourites and imported files survive a restart, and restoring writes nothing")
    func survivesRestart() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let eiffel = trip.id + "/eiffel"
        do {
            let first = LibraryScenario(library: FileLibraryStore(folder: folder.file("data")))
            await first.app.restoreLibrary()
            await first.coordinator.importFiles([trip.path!])
            first.placesModel.toggleFavourite(Samples.paris.id)
            first.placesModel.toggleFavourite(eiffel)
            await first.saved()
            #expect(first.shell.errors.isEmpty)
        }

        let store = SpyLibraryStore(FileLibraryStore(folder: folder.file("data")))
        let second = LibraryScenario(library: store)
        #expect(second.favourites.isEmpty)
        await second.app.restoreLibrary()

        #expect(second.sourceTitles == ["World", "trip.geojson"])
        #expect(second.placesModel.sources.last == trip)
        #expect(second.placesModel.places.place(withID: eiffel)?.name == "Eiffel Tower")
        #expect(second.favourites == [Samples.paris.id, eiffel].sorted())
        #expect(second.list.state.latest?.headers.last == "trip.geojson (2)")
        #expect(second.shell.errors.isEmpty)
        #expect(store.loads == 1)
        #expect(store.saves == 0)
    }

    @Test("favourites of places not loaded yet come back when they load, and are never dropped meanwhile")
    func favouritesWaitForTheirPlaces() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let eiffel = trip.id + "/eiffel"
        let store = InMemoryLibraryStore(Library(favourites: [Samples.paris.id, eiffel]))
        let scenario = LibraryScenario(library: store, places: [])

        await scenario.app.restoreLibrary()
        #expect(scenario.favourites.isEmpty)

        await scenario.coordinator.importFiles([trip.path!])
        #expect(scenario.favourites == [eiffel])
        // The file changes on disk and loses the tower: its place goes, the favourite is kept for later.
        try folder.write(#"{"type":"FeatureCollection","features":[]}"#, to: "trip.geojson")
        await scenario.coordinator.importFiles([trip.path!])
        await scenario.saved()
        #expect(scenario.favourites.isEmpty)
        #expect(store.saveCount == 1, "the import was remembered; the favourites did not change")
        #expect(store.saved?.favourites == [Samples.paris.id, eiffel].sorted())

        _ = try LibraryScenario.writeTrip(in: folder)
        await scenario.coordinator.importFiles([trip.path!])
        #expect(scenario.favourites == [eiffel])
        scenario.placesModel.toggleFavourite(eiffel)
        await scenario.saved()
        #expect(store.saved?.favourites == [Samples.paris.id])
        #expect(scenario.shell.errors == ["Nothing was imported from “trip.geojson”: it holds no places."],
                "the emptied file was reported, nothing else")
    }

    @Test("removing an imported file forgets it and its favourites, on disk too")
    func removingForgets() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let store = FileLibraryStore(folder: folder.file("data"))
        let scenario = LibraryScenario(library: store)
        await scenario.app.restoreLibrary()
        await scenario.coordinator.importFiles([trip.path!])
        scenario.placesModel.toggleFavourite(trip.id + "/louvre")
        scenario.placesModel.toggleFavourite(Samples.madrid.id)
        await scenario.saved()
        #expect(try store.load().value == Library(favourites: [trip.id + "/louvre", Samples.madrid.id], sources: [trip]))

        scenario.coordinator.handle(.removeSource(trip.id))
        await scenario.saved()

        #expect(scenario.sourceTitles == ["World"])
        #expect(scenario.favourites == [Samples.madrid.id])
        #expect(try store.load().value == Library(favourites: [Samples.madrid.id]))
        let next = LibraryScenario(library: FileLibraryStore(folder: folder.file("data")))
        await next.app.restoreLibrary()
        #expect(next.sourceTitles == ["World"])
        #expect(next.favourites == [Samples.madrid.id])
    }

    @Test("a remembered file that is gone is reported once, stays remembered, and can be removed")
    func missingFileIsKept() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let gone = try LibraryScenario.writeTrip("gone.geojson", in: folder)
        let here = try LibraryScenario.writeTrip("here.geojson", in: folder)
        try FileManager.default.removeItem(atPath: gone.path!)
        let remembered = Library(favourites: [gone.id + "/eiffel", here.id + "/eiffel"], sources: [gone, here])
        let store = InMemoryLibraryStore(remembered)
        let scenario = LibraryScenario(library: store)

        await scenario.app.restoreLibrary()

        #expect(scenario.sourceTitles == ["World", "here.geojson"])
        #expect(scenario.favourites == [here.id + "/eiffel"])
        #expect(scenario.shell.errors == [
            "gone.geojson was not found at \(gone.path!). It stays remembered and loads again once it is back; "
                + "remove it from the Places list to forget it.",
        ])
        await scenario.saved()
        #expect(store.saveCount == 0)

        scenario.coordinator.handle(.removeSource(gone.id))
        await scenario.saved()
        #expect(store.saved == Library(favourites: [here.id + "/eiffel"], sources: [here]))
        #expect(scenario.shell.errors.count == 1)
    }

    @Test("a folder that cannot be written is reported once, and the app keeps working in memory")
    func unwritableFolderReportedOnce() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let target = try UnwritableFolder.make(in: folder)
        defer { chmod(target.path, 0o755) }
        let scenario = LibraryScenario(library: FileLibraryStore(folder: target))
        await scenario.app.restoreLibrary()

        scenario.placesModel.toggleFavourite(Samples.paris.id)
        scenario.placesModel.toggleFavourite(Samples.lyon.id)
        await scenario.coordinator.importFiles([trip.path!])
        scenario.placesModel.toggleFavourite(Samples.paris.id)
        await scenario.saved()

        #expect(scenario.shell.errors.count == 1)
        #expect(scenario.shell.errors.first?.hasPrefix("Your own places, favourites, collections and imported files could not be saved (cannot ") == true)
        let reason = getuid() == 0 ? "part of its path is a file, not a folder" : "you do not have permission"
        #expect(scenario.shell.errors.first?.contains(reason) == true, "\(scenario.shell.errors)")
        #expect(scenario.shell.errors.first?.contains("Domain") == false)
        #expect(scenario.favourites == [Samples.lyon.id])
        #expect(scenario.sourceTitles == ["World", "trip.geojson"])
    }

    @Test("after a save succeeds again, the next failure is reported again")
    func saveFailureReportRearms() async {
        let store = InMemoryLibraryStore()
        let scenario = LibraryScenario(library: store)
        await scenario.app.restoreLibrary()
        store.saveFailure = TestFailure(description: "disk full")

        scenario.placesModel.toggleFavourite(Samples.paris.id)
        await scenario.saved()
        scenario.placesModel.toggleFavourite(Samples.lyon.id)
        await scenario.saved()
        store.saveFailure = nil
        scenario.placesModel.toggleFavourite(Samples.tokyo.id)
        await scenario.saved()
        store.saveFailure = TestFailure(description: "disk full again")
        scenario.placesModel.toggleFavourite(Samples.madrid.id)
        await scenario.saved()
        scenario.placesModel.toggleFavourite(Samples.madrid.id)
        await scenario.saved()

        #expect(scenario.shell.errors.count == 2)
        #expect(scenario.shell.errors.last?.contains("disk full again") == true)
        #expect(store.saved?.favourites == [Samples.tokyo.id, Samples.lyon.id, Samples.paris.id].sorted())
    }

    @Test("a damaged library is moved aside and reported, and the app starts with what could be read")
    func damagedLibrary() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let data = folder.file("data")
        let sourceJSON = String(decoding: try JSONEncoder().encode(trip), as: UTF8.self)
        try folder.write(#"{"version": 1, "library": {"favourites": ["capital-fr-paris", 7], "sources": [\#(sourceJSON), {"id": 3}]}}"#,
                         to: "data/library.json")
        let scenario = LibraryScenario(library: FileLibraryStore(folder: data))

        await scenario.app.restoreLibrary()

        #expect(scenario.sourceTitles == ["World", "trip.geojson"])
        #expect(scenario.favourites == [Samples.paris.id])
        let names = try folder.contents(of: data)
        #expect(names.count == 2)
        #expect(names.first == "library.json")
        #expect(names.last?.hasPrefix("library.json.damaged-") == true)
        #expect(scenario.shell.errors.count == 1)
        #expect(scenario.shell.errors.first?.contains(names.last ?? "?") == true)
        #expect(scenario.shell.errors.first?.contains("2 entries could not be read") == true)
    }

    @Test("a library from a newer version is reported, left untouched, and never overwritten")
    func newerLibraryUntouched() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let text = #"{"version": 9, "library": {"favourites": ["capital-fr-paris"], "sources": []}}"#
        let url = try folder.write(text, to: "library.json")
        let scenario = LibraryScenario(library: FileLibraryStore(folder: folder.url))

        await scenario.app.restoreLibrary()
        scenario.placesModel.toggleFavourite(Samples.lyon.id)
        scenario.placesModel.toggleFavourite(Samples.tokyo.id)
        await scenario.saved()

        #expect(scenario.favourites == [Samples.tokyo.id, Samples.lyon.id].sorted())
        #expect(scenario.shell.errors.count == 1)
        #expect(scenario.shell.errors.first?.contains("newer Places (format 9)") == true)
        #expect(try String(contentsOf: url, encoding: .utf8) == text)
        #expect(try folder.contents() == ["library.json"])
    }

    @Test("a library that cannot be read is reported, and nothing is saved over it")
    func unreadableLibraryIsNotReplaced() async {
        let store = InMemoryLibraryStore(Library(favourites: [Samples.paris.id]))
        store.loadFailure = TestFailure(description: "Permission denied.")
        let scenario = LibraryScenario(library: store)

        await scenario.app.restoreLibrary()
        scenario.placesModel.toggleFavourite(Samples.lyon.id)
        await scenario.saved()

        #expect(scenario.shell.errors == [
            "Permission denied. Until Places restarts, no own place, favourite, collection or imported file you add or change is kept.",
        ])
        #expect(store.saveCount == 0)
        #expect(store.saved == Library(favourites: [Samples.paris.id]))
    }

    @Test("a place added while the library cannot be used says it will not be kept, and is not written")
    func placeAddedToUnusableLibrary() async throws {
        let store = InMemoryLibraryStore(Library(favourites: [Samples.paris.id]))
        store.loadFailure = TestFailure(description: "Permission denied.")
        let scenario = LibraryScenario(library: store)
        await scenario.app.restoreLibrary()

        scenario.coordinator.handle(.newPlace(at: nil))
        let editor = try #require(scenario.editing)
        editor.send(.name("Café Sperl"))
        scenario.coordinator.handle(.perform(.save))
        await scenario.saved()

        #expect(scenario.shell.notices == [
            "“Café Sperl” added to My Places until Places quits: your library file cannot be used, so it cannot be kept",
        ])
        #expect(store.saveCount == 0)
    }

    @Test("changes made before the library is read are merged into it, not written over it")
    func changesBeforeRestoreAreMerged() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let opened = try LibraryScenario.writeTrip("opened.geojson", in: folder)
        let store = InMemoryLibraryStore(Library(favourites: [Samples.paris.id], sources: [trip]))
        let scenario = LibraryScenario(library: store)

        await scenario.coordinator.importFiles([opened.path!])  // a file given on the command line
        scenario.placesModel.toggleFavourite(Samples.lyon.id)
        #expect(store.saveCount == 0)
        await scenario.app.restoreLibrary()
        await scenario.saved()

        #expect(scenario.sourceTitles == ["World", "opened.geojson", "trip.geojson"])
        #expect(scenario.favourites == [Samples.lyon.id, Samples.paris.id].sorted())
        #expect(store.saveCount == 1)
        #expect(store.saved == Library(favourites: [Samples.paris.id, Samples.lyon.id], sources: [trip, opened]))
    }

    @Test("without a store the coordinator keeps everything in memory and saves nothing until restored")
    func defaultStore() async {
        let scenario = Scenario()
        scenario.placesModel.toggleFavourite(Samples.paris.id)
        await scenario.app.restoreLibrary()
        scenario.placesModel.toggleFavourite(Samples.lyon.id)
        #expect(scenario.placesModel.favourites == [Samples.paris.id, Samples.lyon.id])
        #expect(scenario.shell.errors.isEmpty)
    }
}

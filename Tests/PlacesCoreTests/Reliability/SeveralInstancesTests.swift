import Foundation
@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// Two instances of Places on one user-data folder (two sessions with separate buses, or none): each
/// save merges with what the other saved, so neither erases the other's changes.
@MainActor
@Suite("Several instances on one data folder")
struct SeveralInstancesTests {
    static let a = PlaceSource(id: "file:/a.geojson", title: "a.geojson", path: "/a.geojson")
    static let b = PlaceSource(id: "file:/b.geojson", title: "b.geojson", path: "/b.geojson")
    static let c = PlaceSource(id: "file:/c.geojson", title: "c.geojson", path: "/c.geojson")

    @Test("a library merge keeps what either side added and drops what either side removed")
    func libraryMerge() {
        let base = Library(favourites: ["kept", "dropped-here", "dropped-there"], sources: [Self.a, Self.b])
        let mine = Library(favourites: ["kept", "dropped-there", "mine"], sources: [Self.a, Self.b, Self.c])
        let theirs = Library(favourites: ["kept", "dropped-here", "theirs"], sources: [Self.b])
        let merged = Library.merged(base: base, mine: mine, theirs: theirs)
        #expect(merged.favourites == ["kept", "mine", "theirs"])
        #expect(merged.sources == [Self.b, Self.c], "a was removed there; c was added here")
        #expect(Library.merged(base: base, mine: base, theirs: theirs) == theirs)
        #expect(Library.merged(base: base, mine: mine, theirs: base) == mine)
    }

    @Test("a profile merge keeps each field from the side that changed it")
    func profileMerge() {
        let base = Profile(name: "Ada", homeCity: Samples.lyonCity)
        let mine = Profile(name: "Ada L", homeCity: Samples.lyonCity)
        let theirs = Profile(name: "Ada", homeCity: Samples.tokyoCity)
        #expect(Profile.merged(base: base, mine: mine, theirs: theirs) == Profile(name: "Ada L", homeCity: Samples.tokyoCity))
    }

    @Test("two instances importing and choosing favourites both keep their changes, and each takes in the other's")
    func twoInstancesKeepEachOthersChanges() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let walk = try LibraryScenario.writeTrip("walk.geojson", in: folder)
        let first = LibraryScenario(library: FileLibraryStore(folder: folder.file("data")))
        let second = LibraryScenario(library: FileLibraryStore(folder: folder.file("data")))
        await first.app.restoreLibrary()
        await second.app.restoreLibrary()

        await first.coordinator.importFiles([trip.path!])
        first.placesModel.toggleFavourite(Samples.paris.id)
        await first.saved()
        await second.coordinator.importFiles([walk.path!])
        second.placesModel.toggleFavourite(Samples.lyon.id)
        await second.saved()

        let saved = try FileLibraryStore(folder: folder.file("data")).load().value
        #expect(saved?.sources == [trip, walk])
        #expect(saved?.favourites == [Samples.paris.id, Samples.lyon.id].sorted())
        // The second instance took in the first one's file and favourite while saving.
        await waitUntil { second.sourceTitles.count == 3 }
        #expect(second.sourceTitles == ["World", "walk.geojson", "trip.geojson"])
        #expect(second.favourites == [Samples.paris.id, Samples.lyon.id].sorted())

        // A favourite removed in one instance is not brought back by the other's next save.
        first.placesModel.toggleFavourite(Samples.paris.id)
        await first.saved()
        second.placesModel.toggleFavourite(Samples.tokyo.id)
        await second.saved()
        #expect(try FileLibraryStore(folder: folder.file("data")).load().value?.favourites
            == [Samples.lyon.id, Samples.tokyo.id].sorted())
        #expect(second.favourites == [Samples.lyon.id, Samples.tokyo.id].sorted())
        #expect(first.shell.errors.isEmpty && second.shell.errors.isEmpty)
    }

    @Test("a place renamed in two instances: the later rename wins, and the window that loses its name is told")
    func renamedInTwoInstances() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let picnic = Place(id: "mine/picnic", name: "Picnic", category: .landmark, coordinate: Coordinate(latitude: 45.8, longitude: 4.9),
                           source: PlaceSource.mineID)
        try FileLibraryStore(folder: folder.url).save(Library(places: [Library.OwnPlace(picnic)]))
        let first = LibraryScenario(library: FileLibraryStore(folder: folder.url))
        let second = LibraryScenario(library: FileLibraryStore(folder: folder.url))
        await first.app.restoreLibrary()
        await second.app.restoreLibrary()

        var lunch = picnic
        lunch.name = "Lunch by the lake"
        first.app.editor.save(lunch)
        await first.saved()
        var supper = picnic
        supper.name = "Supper"
        second.app.editor.save(supper)
        await second.saved()
        // The first learns of it when it next writes (the file is read then).
        first.placesModel.toggleFavourite(Samples.paris.id)
        await first.saved()

        #expect(first.placesModel.places.place(withID: picnic.id)?.name == "Supper")
        #expect(first.shell.notices.last == "“Lunch by the lake” was renamed “Supper” in another window", "\(first.shell.notices)")
        #expect(first.shell.errors.isEmpty && second.shell.errors.isEmpty)
    }

    @Test("a library replaced by a half-written file is kept aside at the next save, and the window says so")
    func halfWrittenLibraryReplacedUnderneath() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scenario = LibraryScenario(library: FileLibraryStore(folder: folder.url))
        await scenario.app.restoreLibrary()
        scenario.placesModel.toggleFavourite(Samples.paris.id)
        await scenario.saved()
        let url = folder.url.appendingPathComponent("library.json")
        let whole = try Data(contentsOf: url)
        try whole.prefix(whole.count / 2).write(to: url)

        scenario.placesModel.toggleFavourite(Samples.lyon.id)
        await scenario.saved()

        let error = try #require(scenario.shell.errors.last)
        #expect(error.hasPrefix("Your places library had been damaged since Places read it; the damaged file has been kept as library.json.damaged-"), "\(error)")
        #expect(try FileLibraryStore(folder: folder.url).load().value?.favourites == [Samples.lyon.id, Samples.paris.id].sorted())
        #expect(try folder.contents().filter { $0.hasPrefix("library.json.damaged-") }.count == 1)
    }

    @Test("two instances saving the profile keep the field each one changed")
    func twoInstancesProfile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileProfileStore(folder: folder.url).save(Profile(name: "Ada", homeCity: Samples.lyonCity))
        let saves = SaveQueue()
        let first = KeptProfile(store: FileProfileStore(folder: folder.url), saves: saves)
        let second = KeptProfile(store: FileProfileStore(folder: folder.url), saves: saves)
        _ = await first.restore()
        _ = await second.restore()

        first.model.save(Profile(name: "Ada Lovelace", homeCity: Samples.lyonCity))
        await saves.finished()
        second.model.save(Profile(name: "Ada", homeCity: Samples.tokyoCity))
        await saves.finished()

        let both = Profile(name: "Ada Lovelace", homeCity: Samples.tokyoCity)
        #expect(try FileProfileStore(folder: folder.url).loadProfile().value == both)
        #expect(second.model.profile == both, "the second instance took in the first one's name")
    }
}

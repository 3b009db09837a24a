import Multicast
import Foundation
@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// A large file's places come into the model in portions while the rest is read, so the window stays
/// responsive; the file is still one step to undo, and an import that is cancelled or breaks halfway
/// leaves nothing behind.
@MainActor
@Suite("Importing a large file in portions", .timeLimit(.minutes(5)))
struct StreamingImportTests {
    @Test("the places arrive in several broadcasts, each only adding; the file is one step to undo")
    func portions() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let big = try ImportReliabilityTests.bigFile(30_000, in: folder)
        let scenario = Scenario()
        let spy = SpyPlacesDelegate()
        scenario.placesModel.delegates += spy

        await scenario.coordinator.importFiles([big])

        let adding = spy.changes.filter { !$0.added.isEmpty }
        #expect(adding.count > 1, "in portions, not one broadcast")
        #expect(adding.allSatisfy { $0.removed.isEmpty && $0.updated.isEmpty })
        #expect(adding.map(\.added.count).reduce(0, +) == 30_000)
        #expect(scenario.placesModel.places.count == Samples.places.count + 30_000)
        let fractions = scenario.shell.activities.compactMap { $0?.fraction }
        #expect(fractions.first == 0 && fractions.last == 1 && fractions == fractions.sorted(), "progress only grows: \(fractions)")
        #expect(scenario.shell.notices.last == "Imported 30,000 places from “big.geojson”")

        #expect(scenario.editor.history.undoCount == 1)
        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.placesModel.sources == [.bundled])
        #expect(scenario.placesModel.places.count == Samples.places.count)
        scenario.coordinator.handle(.perform(.redo))
        #expect(scenario.placesModel.places.count == Samples.places.count + 30_000)
    }

    @Test("a file read for the first time is one broadcast per portion, each only adding, and one library write")
    func broadcastsPerPortion() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let big = try ImportReliabilityTests.bigFile(30_000, in: folder)
        let store = SpyLibraryStore(InMemoryLibraryStore())
        let scenario = Scenario(library: store)
        await scenario.app.restoreLibrary()
        await scenario.saved()
        let spy = SpyPlacesDelegate()
        scenario.placesModel.delegates += spy

        await scenario.coordinator.importFiles([big])
        await scenario.saved()

        // Every broadcast is a portion: places only added (the first also adds the source); a file
        // with lines or areas would bring them in one broadcast more at the end.
        #expect(spy.broadcastCount > 1)
        #expect(spy.changes.allSatisfy { !$0.added.isEmpty && $0.removed.isEmpty && $0.updated.isEmpty && $0.shapesChanged.isEmpty })
        #expect(spy.changes.filter(\.sourcesChanged).count == 1)
        #expect(store.saves == 1, "the file is remembered once, not once a portion")
    }

    @Test("a file is remembered only once it has been read to the end: one that breaks halfway never was, so no start reads it again")
    func rememberedOnceRead() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let broken = try Self.brokenHalfway(in: folder)
        let store = SpyLibraryStore(InMemoryLibraryStore())
        let scenario = Scenario(library: store)
        await scenario.app.restoreLibrary()
        let spy = SpyPlacesDelegate()
        scenario.placesModel.delegates += spy

        await scenario.coordinator.importFiles([broken])
        await scenario.saved()
        #expect(spy.changes.contains { !$0.added.isEmpty }, "some places had come before the error")
        // Remembered at the first portion, it would have been in a save made while it was read: a
        // process killed then (out of memory) would read it again at every start, and be killed again.
        #expect(store.savedSources.allSatisfy { !$0.contains("broken.geojson") }, "\(store.savedSources)")

        let trip = try LibraryScenario.writeTrip(in: folder)
        await scenario.coordinator.importFiles([trip.path!])
        await scenario.saved()
        #expect(store.savedSources.last == ["trip.geojson"], "a file read to the end is remembered")
        let restarted = Scenario(library: store)
        await restarted.app.restoreLibrary()
        #expect(restarted.placesModel.sources.map(\.title) == ["World", "trip.geojson"])
    }

    @Test("a file that turns out broken halfway takes back the places it brought, and says why")
    func brokenHalfway() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let broken = try Self.brokenHalfway(in: folder)
        let scenario = Scenario()
        let spy = SpyPlacesDelegate()
        scenario.placesModel.delegates += spy

        await scenario.coordinator.importFiles([broken])

        #expect(spy.changes.contains { !$0.added.isEmpty }, "some places had come before the error")
        #expect(scenario.placesModel.sources == [.bundled])
        #expect(scenario.placesModel.places.count == Samples.places.count)
        #expect(scenario.editor.history.undoCount == 0, "nothing to undo")
        let error = try #require(scenario.shell.errors.last)
        #expect(error.hasPrefix("Could not import broken.geojson: not valid JSON: line 1, column "))
    }

    @Test("importing a loaded file again keeps its places until the new ones are read, then changes in one step")
    func importAgain() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try ImportReliabilityTests.bigFile(5_000, in: folder)
        let scenario = Scenario()
        await scenario.coordinator.importFiles([path])
        _ = try ImportReliabilityTests.bigFile(6_000, in: folder)
        let spy = SpyPlacesDelegate()
        scenario.placesModel.delegates += spy

        await scenario.coordinator.importFiles([path])

        #expect(spy.changes.filter(\.placesChanged).count == 1, "one change")
        #expect(scenario.placesModel.places.count == Samples.places.count + 6_000)
        #expect(scenario.editor.history.undoCount == 2)
        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.placesModel.places.count == Samples.places.count + 5_000, "the first import's places are back")
    }

    @Test("favourites remembered among a file's places are marked as their portion arrives")
    func rememberedFavourites() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try ImportReliabilityTests.bigFile(20_000, in: folder)
        let last = PlaceFiles.source(for: path).id + "/20000"
        let scenario = LibraryScenario(library: InMemoryLibraryStore(Library(favourites: [last])), places: [])
        await scenario.app.restoreLibrary()

        await scenario.coordinator.importFiles([path])

        #expect(scenario.placesModel.places.place(withID: last)?.name == "P19999")
        #expect(scenario.favourites == [last])
    }

    /// 30,000 places whose file breaks near its end: portions of it are in the model before the error.
    static func brokenHalfway(in folder: TemporaryDirectory) throws -> String {
        let whole = try String(contentsOfFile: ImportReliabilityTests.bigFile(30_000, in: folder), encoding: .utf8)
        return try folder.write(String(whole.dropLast(40)) + "}}]", to: "broken.geojson").path
    }
}

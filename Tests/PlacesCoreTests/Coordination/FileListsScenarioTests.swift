import Foundation
@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// The person imports OsmAnd favourites whose groups they already half have as a collection.
@MainActor
@Suite("A file's lists become collections")
struct FileListsScenarioTests {
    @Test("importing OsmAnd favourites makes a collection of each group, joins one of the same name, says so; one Undo takes all of it back")
    func groupsBecomeCollections() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(String(decoding: try SourceTree.fixture("apps/osmand-favourites.gpx"), as: UTF8.self), to: "favourites.gpx").path
        let scenario = Scenario()
        let food = try #require(scenario.editor.createCollection(named: "Food", with: [Samples.paris.id]))
        let before = scenario.placesModel.collections

        await scenario.coordinator.importFiles([path])

        let source = PlaceFiles.source(for: path).id
        let collections = scenario.placesModel.collections
        #expect(collections.map(\.name) == ["Food", "Lyon"])
        let names = { (collection: PlaceCollection) in collection.members.compactMap { scenario.placesModel.places.place(withID: $0)?.name } }
        #expect(collections.first { $0.name == "Lyon" }.map(names) == ["Fourvière esplanade"])
        #expect(collections.first { $0.id == food }.map(names) == [Samples.paris.name, "Halles Paul Bocuse"], "joined, what it held kept")
        #expect(scenario.shell.notices.last == "Imported 2 places from “favourites.gpx”, in 2 collections")
        #expect(scenario.list.state.latest?.headers.contains("Lyon (1)") == true, "the new collection is a section of the list")

        scenario.coordinator.handle(.perform(.undo))
        #expect(!scenario.placesModel.sources.contains { $0.id == source })
        #expect(scenario.placesModel.collections == before, "one step: the file, the new collection and the joined places")

        scenario.coordinator.handle(.perform(.redo))
        #expect(scenario.placesModel.collections.map(\.name) == ["Food", "Lyon"])
        #expect(scenario.placesModel.places.place(withID: source + "/wpt1") != nil)
    }

    @Test("files the app opens again at launch make no collections: the person's own choices since stand")
    func restoredFilesMakeNone() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(String(decoding: try SourceTree.fixture("apps/osmand-favourites.gpx"), as: UTF8.self), to: "favourites.gpx").path
        let scenario = Scenario()
        await scenario.coordinator.importFiles([path], undoable: false)
        #expect(scenario.placesModel.collections.isEmpty)
    }

    @Test("exporting an OsmAnd file's section as GPX gives OsmAnd back its groups' colours and icons")
    func sectionExportKeepsTheFilesOwnData() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(String(decoding: try SourceTree.fixture("apps/osmand-favourites.gpx"), as: UTF8.self), to: "favourites.gpx").path
        let scenario = Scenario()
        await scenario.coordinator.importFiles([path])
        let source = PlaceFiles.source(for: path).id
        scenario.shell.destination = folder.file("again.gpx").path
        scenario.shell.formatToChoose = .gpx
        scenario.list.send(.export(.source(source)))
        await scenario.saved()
        let text = try String(contentsOf: folder.file("again.gpx"), encoding: .utf8)
        #expect(text.contains(##"<group name="Food" color="#d00d0d" icon="shop_deli" background="square"/>"##) || text.contains(##"<group name="Food" color="#d00d0d" icon="shop_deli" background="square"></group>"##), "\(text)")
        #expect(scenario.shell.notices.last == "Exported 2 places to again.gpx")
    }
}


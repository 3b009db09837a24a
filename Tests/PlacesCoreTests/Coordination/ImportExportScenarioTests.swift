import Foundation
import PlacesCore
import PlacesTestingSupport
import Testing

/// The user's story of bringing their own files in and taking favourites out.
@MainActor
@Suite("Importing files and exporting favourites")
struct ImportExportScenarioTests {
    @Test("an imported file becomes its own list section, and its skipped features are reported")
    func importAddsSectionAndReportsSkips() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(#"""
        {"type":"FeatureCollection","features":[
          {"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[2.2945,48.8584]},"properties":{"name":"Eiffel Tower","tourism":"attraction"}},
          {"type":"Feature","id":"b","geometry":{"type":"Point","coordinates":[2.0,91.0]},"properties":{"name":"Nowhere"}}
        ]}
        """#, to: "trip.geojson").path
        let scenario = Scenario()

        await scenario.coordinator.importFiles([path])

        let sourceID = "file:" + URL(fileURLWithPath: path).standardizedFileURL.path
        #expect(scenario.placesModel.sources.map(\.title) == ["World", "trip.geojson"])
        #expect(scenario.placesModel.places.place(withID: sourceID + "/a")?.name == "Eiffel Tower")
        #expect(scenario.list.state.latest?.headers.last == "trip.geojson (1)")
        #expect(scenario.shell.errors.isEmpty, "a partial import is a warning, not an error")
        #expect(scenario.shell.notices == ["Imported 1 place from “trip.geojson”; 1 skipped: feature 2: latitude 91.0 is out of range (-90...90)"])
        guard case .details(let details)? = scenario.shell.shownNotices.last?.action else {
            Issue.record("the notice offers the details")
            return
        }
        #expect(details.text == "1 place; 1 feature skipped\n\nfeature 2: latitude 91.0 is out of range (-90...90)")
        #expect(details.section == .source(sourceID))
        scenario.coordinator.handle(.noticeAction(.details(details)))
        #expect(scenario.shell.shownDetails == [details])

        scenario.coordinator.handle(.removeSource(sourceID))
        #expect(scenario.placesModel.sources.map(\.title) == ["World"])
        #expect(scenario.placesModel.places.count == Samples.places.count)
    }

    @Test("while a file imports, the activity line names it and how far it has got; afterwards it is cleared")
    func importShowsActivity() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(#"{"type":"Point","coordinates":[4.83,45.76]}"#, to: "lyon.geojson").path
        let scenario = Scenario()
        await scenario.coordinator.importFiles([path])

        let seen = scenario.shell.activities.drop { $0 == nil }
        #expect(Array(seen) == [ImportActivity(file: "lyon.geojson", fraction: 0), ImportActivity(file: "lyon.geojson", fraction: 1), nil])
        #expect(seen.first??.text == "Importing lyon.geojson…")
        #expect(scenario.placesModel.sources.map(\.title) == ["World", "lyon.geojson"])
    }

    @Test("with two imports under way, the activity line clears only when both have finished")
    func overlappingImportsKeepActivity() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let big = try ImportReliabilityTests.bigFile(20_000, in: folder)
        let nice = try folder.write(#"{"type":"Point","coordinates":[7.26,43.70]}"#, to: "nice.geojson").path
        let scenario = Scenario()
        var seen: [String?] = []
        var second: Task<Void, Never>?
        // The second import starts as soon as the first is under way: queued on the main actor before
        // the first can finish, however busy the machine is.
        scenario.shell.onShow = { screen in
            let text = screen.activity?.text
            if seen.last != .some(text) { seen.append(text) }
            if text == "Importing big.geojson…", second == nil {
                second = Task { await scenario.coordinator.importFiles([nice]) }
            }
        }

        await scenario.coordinator.importFiles([big])
        await second?.value

        #expect(seen.last == .some(nil))
        #expect(seen.filter { $0 == nil }.count == 1, "cleared once, at the end: \(seen)")
        #expect(Set(scenario.placesModel.sources.map(\.title)) == ["World", "big.geojson", "nice.geojson"])
    }

    @Test("a list section of an imported file can be removed from the list, with its places")
    func removeFromList() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(#"{"type":"Point","coordinates":[4.83,45.76]}"#, to: "lyon.geojson").path
        let scenario = Scenario()
        await scenario.coordinator.importFiles([path])
        let state = try #require(scenario.list.state.latest)
        let headers = state.rows.all.compactMap { if case .header(let header) = $0 { header } else { nil } }
        #expect(headers.filter(\.isRemovable).map(\.title) == ["lyon.geojson (1)"], "bundled sections cannot be removed")
        guard case .source(let id)? = headers.last?.section else {
            Issue.record("the file's section is not last: \(headers)")
            return
        }

        scenario.list.send(.removeSource(id))

        #expect(scenario.placesModel.sources.map(\.title) == ["World"])
        #expect(scenario.list.state.latest?.headers.contains("lyon.geojson (1)") == false)
    }

    @Test("a whole list section exports as GeoJSON, whatever the search shows")
    func exportSection() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scenario = Scenario()
        scenario.list.send(.search("paris"))
        var dialog: (@MainActor (String) -> Void)?
        let shell = DeferredDestinationShell { dialog = $0 }
        scenario.coordinator.start(in: shell)
        let path = folder.url.appendingPathComponent("capitals.geojson").path

        scenario.list.send(.export(.kind(.capital)))
        #expect(shell.asked.map(\.fileName) == ["Capitals.geojson"])
        scenario.list.send(.search(""))  // the list changes while the file dialog is open: the export does not
        let answer = try #require(dialog)
        answer(path)
        await scenario.saved()

        let exported = try GeoJSONReader(source: "check").read(Array(Data(contentsOf: URL(fileURLWithPath: path))))
        let capitals = scenario.placesModel.places.filter { $0.category == .capital }
        #expect(Set(exported.places.map(\.name)) == Set(capitals.map(\.name)))
        #expect(exported.places.count > 1, "the export is not limited to the search")
        #expect(shell.notices == ["Exported \(capitals.count) places to capitals.geojson"])
    }

    @Test("removing a file while one of its places is selected and on screen clears the selection and hides the card")
    func removeSelectedSource() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(#"""
        {"type":"FeatureCollection","features":[
          {"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[2.2945,48.8584]},"properties":{"name":"Eiffel Tower"}},
          {"type":"Feature","id":"b","geometry":{"type":"Point","coordinates":[2.3376,48.8606]},"properties":{"name":"Louvre"}}
        ]}
        """#, to: "paris.geojson").path
        let scenario = Scenario()
        scenario.map.send(.resized(ScreenSize(width: 1000, height: 700)))
        await scenario.coordinator.importFiles([path])
        let source = try #require(scenario.placesModel.sources.last)
        let eiffel = source.id + "/a"
        scenario.map.send(.show(center: Coordinate(latitude: 48.859, longitude: 2.31), zoom: 14))
        scenario.placesModel.select(eiffel)
        scenario.placesModel.toggleFavourite(source.id + "/b")

        scenario.coordinator.handle(.removeSource(source.id))

        #expect(scenario.placesModel.selectedItem == nil)
        #expect(scenario.placesModel.favourites.isEmpty)
        #expect(scenario.shell.screens.last == .map())
        #expect(scenario.shell.undoOffers.last == "“paris.geojson” removed")
        #expect(scenario.map.state.latest?.markers.allSatisfy {
            if case .place(let id, _, _) = $0.kind { !id.hasPrefix(source.id) } else { true }
        } == true)
    }

    @Test("a file that is not GeoJSON is reported and changes nothing")
    func unreadableImportChangesNothing() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let broken = try folder.write("[1, 2", to: "broken.geojson").path
        let missing = folder.file("missing.geojson").path
        let scenario = Scenario()

        await scenario.coordinator.importFiles([broken, missing])

        #expect(Array(scenario.placesModel.places) == Samples.places)
        #expect(scenario.placesModel.sources == [.bundled])
        // One message for the files given together, each file's reason in it.
        #expect(scenario.shell.errors == [
            "Nothing was imported from the 2 files: Could not import broken.geojson: not valid JSON: line 1, column 6: unexpected end of file inside an array. "
                + "Could not import missing.geojson: it does not exist.",
        ])
    }

    @Test("the bundled source cannot be removed")
    func bundledSourceStays() {
        let scenario = Scenario()
        scenario.coordinator.handle(.removeSource(PlaceSource.bundledID))
        #expect(scenario.placesModel.places.count == Samples.places.count)
    }

    @Test("exporting favourites writes them as GeoJSON that reads back the same")
    func exportFavourites() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scenario = Scenario()
        scenario.placesModel.toggleFavourite(Samples.tomAndJerry.id)
        scenario.placesModel.toggleFavourite(Samples.paris.id)
        let target = folder.file("export/favourites.geojson")
        scenario.shell.destination = target.path

        scenario.coordinator.handle(.perform(.exportFavourites))
        await scenario.saved()

        let result = try GeoJSONReader(source: PlaceSource.bundledID).read(Array(try Data(contentsOf: target)))
        let favourites = [Samples.paris, Samples.tomAndJerry].map {
            var place = $0
            place.properties = PlaceProperties(typed: place.properties.typed + [(key: "favourite", value: "true", kind: .boolean)])
            return place
        }
        #expect(result.places == favourites, "each written as a favourite")
        #expect(scenario.shell.errors.isEmpty)
        #expect(try folder.contents(of: target.deletingLastPathComponent()) == ["favourites.geojson"])
    }

    @Test("an export to a place that cannot be written is reported")
    func exportFailureIsReported() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let plainFile = try folder.write("not a folder", to: "file")
        let scenario = Scenario()
        scenario.placesModel.toggleFavourite(Samples.paris.id)
        scenario.shell.destination = plainFile.appendingPathComponent("sub/favourites.geojson").path

        scenario.coordinator.handle(.perform(.exportFavourites))
        await scenario.saved()

        #expect(scenario.shell.errors.count == 1)
        #expect(scenario.shell.errors.first == "Could not export to favourites.geojson: cannot write in "
            + "\(plainFile.path)/sub: part of its path is a file, not a folder.")
    }
}

/// A window whose save dialog stays open until the test answers it, as a person takes their time.
@MainActor
private final class DeferredDestinationShell: Shell {
    private(set) var asked: [SectionExport] = []
    private(set) var notices: [String] = []
    private let keep: (@escaping @MainActor (String) -> Void) -> Void

    init(keep: @escaping (@escaping @MainActor (String) -> Void) -> Void) { self.keep = keep }

    func chooseDestination(for export: SectionExport, format: ExportFormat, _ done: @escaping @MainActor (String, ExportFormat) -> Void) {
        asked.append(export)
        keep { done($0, format) }
    }

    func show(_ screen: Screen) {}
    func showError(_ message: String) {}
    func showNotice(_ notice: Notice) { notices.append(notice.message) }
    func withdrawNotice() {}
    func showDetails(_ details: NoticeDetails) {}
    func openLink(_ link: String) {}
    func copyToClipboard(_ text: String) {}
    func askForName(_ question: NameQuestion, _ done: @escaping @MainActor (String) -> Void) {}
    func focusSearch() {}
    func chooseFilesToImport(_ done: @escaping @MainActor ([String]) -> Void) {}
    func chooseMapFiles(_ done: @escaping @MainActor ([String]) -> Void) {}
    func chooseBackupDestination(fileName: String, _ done: @escaping @MainActor (String) -> Void) {}
    func chooseBackupToRestore(_ done: @escaping @MainActor (String) -> Void) {}
    func chooseLibraryFolder(current: String?, _ done: @escaping @MainActor (String?) -> Void) {}
    func showShortcuts() {}
    func showAbout() {}
    func quit() {}
}

import Foundation
@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// GNOME Maps keeps its favourites in a file every user of it has; Places offers to import them once.
@MainActor
@Suite("The offer to import GNOME Maps' favourites")
struct GNOMEMapsOfferTests {
    /// A data home (`$XDG_DATA_HOME`) holding GNOME Maps' places file at `location`.
    private func dataHome(with location: String, fixture: String) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent(location)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(SourceTree.fixture("apps/" + fixture)).write(to: file)
        return folder
    }

    @Test("found at the first launch: offered with Import, which imports the favourites; never offered again")
    func offeredOnce() async throws {
        let folder = try dataHome(with: "gnome-maps/places.json", fixture: "gnome-maps-47-places.json")
        defer { folder.remove() }
        let settings = InMemorySettingsStore()
        let scenario = Scenario(settings: settings)
        await scenario.app.restoreProfileAndSettings()
        let file = folder.url.appendingPathComponent("gnome-maps/places.json").path

        scenario.app.offerGNOMEMapsPlaces(dataHome: folder.url)
        let offer = Notice("Your favourites from GNOME Maps can be imported", action: .importFiles([file]))
        #expect(scenario.shell.shownNotices == [offer])
        #expect(offer.action?.label == "Import")
        await scenario.saved()
        #expect(settings.settings?.offeredGNOMEMapsPlaces == true, "the offer is kept, not made again")

        scenario.coordinator.handle(.noticeAction(.importFiles([file])))
        await waitUntil { scenario.shell.shownNotices.contains { $0.message.hasPrefix("Imported") } }
        #expect(scenario.shell.shownNotices.last?.message == "Imported 2 places from “places.json”; 1 recent place left out")
        let source = try #require(scenario.placesModel.sources.first { $0.path == file })
        #expect(scenario.placesModel.places.filter { $0.source == source.id }.map(\.name) == ["Le Café de la Table Ronde", "Chamechaude"])
        #expect(scenario.shell.shownNotices.last?.action == .importRecentPlaces(PlaceSource.recentPlaces(in: source)))
        #expect(scenario.shell.shownNotices.last?.action?.label == "Import Them")

        let next = Scenario(settings: settings)
        await next.app.restoreProfileAndSettings()
        next.app.offerGNOMEMapsPlaces(dataHome: folder.url)
        #expect(next.shell.shownNotices.isEmpty, "offered a second time")
    }

    @Test("recent places only when asked: the import's Import Them makes them a section of their own, one step to undo, read again as such at the next launch")
    func recentPlacesWhenAsked() async throws {
        let folder = try dataHome(with: "gnome-maps/places.json", fixture: "gnome-maps-47-places.json")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("gnome-maps/places.json").path
        let store = FileLibraryStore(folder: folder.file("library"))
        let scenario = Scenario(library: store)
        await scenario.app.restoreLibrary()
        await scenario.coordinator.importFiles([file])
        let offer = try #require(scenario.shell.shownNotices.last?.action)
        guard case .importRecentPlaces(let recent) = offer else {
            Issue.record("no offer of the recent places: \(offer)")
            return
        }
        #expect(recent.title == "Recent places in places.json")

        scenario.coordinator.handle(.noticeAction(offer))
        // Finished once it says so (its first places show before).
        await waitUntil { scenario.shell.shownNotices.last?.message.contains("Recent places") == true }
        #expect(scenario.placesModel.places.filter { $0.source == recent.id }.map(\.name) == ["Grenoble"])
        #expect(scenario.shell.shownNotices.last?.message == "Imported 1 place from “Recent places in places.json”")
        #expect(scenario.list.state.latest?.headers.contains("Recent places in places.json (1)") == true)
        scenario.coordinator.handle(.perform(.undo))
        #expect(!scenario.placesModel.hasSource(recent.id))
        scenario.coordinator.handle(.perform(.redo))
        #expect(scenario.placesModel.hasSource(recent.id))
        await scenario.saved()

        let next = Scenario(library: store)
        await next.app.restoreLibrary()
        let names = { (id: PlaceSource.ID) in next.placesModel.places.filter { $0.source == id }.map(\.name) }
        #expect(names(recent.id) == ["Grenoble"], "the recent places are read as such again")
        #expect(names(PlaceFiles.source(for: file).id) == ["Le Café de la Table Ronde", "Chamechaude"], "and the favourites as favourites")
    }

    @Test("GNOME Maps 43's file, where Debian 12 keeps it, is offered too; no file, no offer")
    func olderLocation() async throws {
        let folder = try dataHome(with: "maps-places.json", fixture: "gnome-maps-43-maps-places.json")
        defer { folder.remove() }
        let scenario = Scenario()
        await scenario.app.restoreProfileAndSettings()
        scenario.app.offerGNOMEMapsPlaces(dataHome: folder.url)
        #expect(scenario.shell.shownNotices.map(\.action) == [.importFiles([folder.url.appendingPathComponent("maps-places.json").path])])

        let empty = try TemporaryDirectory()
        defer { empty.remove() }
        let none = Scenario()
        await none.app.restoreProfileAndSettings()
        none.app.offerGNOMEMapsPlaces(dataHome: empty.url)
        #expect(none.shell.shownNotices.isEmpty)
    }
}

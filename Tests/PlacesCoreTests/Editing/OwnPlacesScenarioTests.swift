import Multicast
import Foundation
import PlacesCore
import Testing

/// A person's own places, edited through the coordinator as the window does it: every change reaches
/// each tab once, through the model's broadcast, and undo takes every tab back.
@MainActor
@Suite("Own places: add, edit, move, delete, undo")
struct OwnPlacesScenarioTests {
    /// A scenario whose map shows Vienna, with a spy counting broadcasts.
    private func scenario(log: (any EventLog)? = nil) -> (Scenario, SpyPlacesDelegate) {
        let scenario = Scenario.showingVienna(log: log)
        let spy = SpyPlacesDelegate()
        scenario.placesModel.delegates += spy
        return (scenario, spy)
    }

    /// Opens the editor for a new place, types `name` and saves it; returns its id.
    @discardableResult
    private func add(_ name: String, in scenario: Scenario, at coordinate: Coordinate? = nil) throws -> Place.ID {
        scenario.coordinator.handle(.newPlace(at: coordinate))
        let editor = try #require(scenario.editing)
        editor.send(.name(name))
        editor.send(.save)
        return editor.draft.place.id
    }

    private func markerIDs(_ scenario: Scenario) -> [Place.ID] {
        scenario.map.state.latest?.markers.compactMap { if case .place(let id, _, _) = $0.kind { id } else { nil } } ?? []
    }

    @Test("Ctrl+N opens the editor at the map's centre on the Map tab; saving adds the place to every tab in one broadcast, selected, with its card")
    func addReachesEveryTab() throws {
        let (scenario, spy) = scenario()
        scenario.coordinator.handle(.show(.places))
        scenario.coordinator.handle(.perform(.newPlace))
        #expect(scenario.shell.screen?.tab == .map && scenario.shell.screen?.showsEditor == true, "the editor stands where the card goes")
        let editor = try #require(scenario.editing)
        #expect(editor.state.latest?.coordinates == "48.20000, 16.37000")
        editor.send(.name("<b>&amp; Café Sperl"))
        let mapStates = StateRecorder(scenario.map.state), listStates = StateRecorder(scenario.list.state)
        editor.send(.save)

        #expect(spy.broadcastCount == 1, "one transaction for the addition and its selection")
        let change = try #require(spy.changes.first)
        #expect(change.added.count == 1 && change.updated.isEmpty && change.removed.isEmpty)
        #expect(listStates.values.count == 1, "the list applied it once")
        #expect(mapStates.values.count == 2, "the map drew once for the end of editing (the draft goes) and once for the change")
        #expect(mapStates.values.last?.draft == nil)
        let id = editor.draft.place.id
        #expect(markerIDs(scenario).contains(id))
        #expect(scenario.list.state.latest?.headers.prefix(1) == ["My Places (1)"])
        #expect(scenario.card.state.latest??.title == "<b>&amp; Café Sperl")
        #expect(scenario.shell.screen == .map(card: true))
        #expect(scenario.editing == nil)

        scenario.list.send(.search("sperl"))
        #expect(scenario.list.state.latest?.placeIDs == [id])
    }

    @Test("the card follows an edit of the place it shows; a move reaches the map's marker; both are one broadcast each")
    func editAndMove() throws {
        let (scenario, spy) = scenario()
        let id = try add("Sperl", in: scenario)
        scenario.coordinator.handle(.perform(.editPlace))
        let editor = try #require(scenario.editing)
        #expect(editor.state.latest?.title == "Edit Place")
        editor.send(.name("Café Sperl"))
        editor.send(.notes("Melange"))
        editor.send(.coordinates("48.1978, 16.3617"))
        editor.send(.save)

        #expect(spy.broadcastCount == 2)
        #expect(spy.changes.last?.updated.count == 1)
        #expect(scenario.card.state.latest??.title == "Café Sperl")
        #expect(scenario.card.state.latest??.notes == "Melange")
        #expect(scenario.placesModel.places.place(withID: id)?.coordinate == Coordinate(latitude: 48.1978, longitude: 16.3617))
        let marker = scenario.map.state.latest?.markers.first { $0.kind == .place(id: id, category: .other(""), isSelected: true) }
        let expected = scenario.map.camera.screenPoint(for: Coordinate(latitude: 48.1978, longitude: 16.3617))
        #expect(marker.map { $0.position.distance(to: expected) < 0.5 } == true)
    }

    @Test("deleting the selected place hides the card and offers Undo; Ctrl+Z brings it back to every tab, Ctrl+Shift+Z deletes it again")
    func deleteUndoRedo() throws {
        let (scenario, spy) = scenario()
        let id = try add("Sperl", in: scenario)
        scenario.placesModel.setFavourite(id, true)
        spy.reset()

        scenario.coordinator.handle(.perform(.deletePlace))
        #expect(spy.broadcastCount == 1)
        #expect(scenario.placesModel.places.place(withID: id) == nil)
        #expect(scenario.shell.isShowingCard == false)
        #expect(scenario.shell.undoOffers.last == "“Sperl” deleted")
        #expect(!markerIDs(scenario).contains(id))
        #expect(scenario.list.state.latest?.headers.contains { $0.hasPrefix("My Places") } == false)

        scenario.coordinator.handle(.perform(.undo))
        #expect(spy.broadcastCount == 2)
        #expect(scenario.placesModel.places.place(withID: id)?.name == "Sperl")
        #expect(scenario.placesModel.favourites.contains(id), "its favourite comes back with it")
        #expect(markerIDs(scenario).contains(id))
        #expect(scenario.list.state.latest?.headers.prefix(2) == ["Favourites (1)", "My Places (1)"])
        #expect(scenario.card.state.latest??.id == id)
        #expect(scenario.shell.notices.last == "Undone: Delete “Sperl”")

        scenario.coordinator.handle(.perform(.redo))
        #expect(scenario.placesModel.places.place(withID: id) == nil)
        scenario.coordinator.handle(.perform(.redo))
        #expect(scenario.shell.notices.last == "Nothing to redo")
    }

    @Test("a notice's Undo is withdrawn once it no longer applies: Delete, Ctrl+Z, Ctrl+Shift+Z, Ctrl+Z leaves no stale Undo up")
    func staleUndoWithdrawn() throws {
        let (scenario, _) = scenario()
        let id = try add("Picnic", in: scenario)
        scenario.coordinator.handle(.perform(.deletePlace))
        #expect(scenario.shell.noticeUp == Notice("“Picnic” deleted", action: .undo))
        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.shell.calls.suffix(2).first == .withdrawNotice, "the deleted notice's Undo stayed up after Ctrl+Z")
        scenario.coordinator.handle(.perform(.redo))
        #expect(scenario.shell.noticeUp?.action == .undo)
        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.placesModel.places.place(withID: id) != nil)
        #expect(scenario.shell.noticeUp == Notice("Undone: Delete “Picnic”"), "the notice up: \(String(describing: scenario.shell.noticeUp))")

        // An Undo stays while it is still the step to undo, whatever else changes (a selection).
        scenario.coordinator.handle(.perform(.deletePlace))
        scenario.placesModel.select(Samples.paris.id)
        #expect(scenario.shell.noticeUp?.action == .undo, "a selection withdrew an Undo that still applies")
    }

    @Test("bundled places are read-only: Delete and Edit say so and change nothing; Copy to My Places makes an editable copy")
    func bundledReadOnly() throws {
        let (scenario, spy) = scenario()
        scenario.placesModel.select(Samples.paris.id)
        spy.reset()
        scenario.coordinator.handle(.perform(.deletePlace))
        scenario.coordinator.handle(.perform(.editPlace))
        #expect(spy.broadcastCount == 0)
        #expect(scenario.editing == nil)
        #expect(scenario.shell.notices.suffix(2) == [
            "“Paris” is not one of your places and cannot be deleted.",
            "“Paris” is not one of your places. Copy it to My Places to edit it.",
        ])

        scenario.coordinator.handle(.edit(.copyToMine(Samples.paris.id)))
        let copy = try #require(scenario.placesModel.selectedPlace)
        #expect(copy.isOwn && copy.name == "Paris" && copy.id != Samples.paris.id)
        #expect(copy.coordinate == Samples.paris.coordinate && copy.category == Samples.paris.category)
        #expect(copy.summary.isEmpty && copy.notes == Samples.paris.summary, "the summary becomes notes, which the library keeps")
        #expect(Library.OwnPlace(copy).place == copy, "nothing of the copy is lost across a restart")
        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.placesModel.places.place(withID: copy.id) == nil)
        #expect(scenario.placesModel.places.place(withID: Samples.paris.id) != nil)
    }

    @Test("favourites, an import and a removed file are each one step of the history")
    func importAndRemovalAreOneStep() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let (scenario, _) = scenario()
        let other = try LibraryScenario.writeTrip("other.geojson", in: folder)
        await scenario.coordinator.importFiles([trip.path!, other.path!])
        scenario.coordinator.handle(.edit(.setFavourite(trip.id + "/eiffel", true)))
        #expect(scenario.placesModel.sources.map(\.title) == ["World", "trip.geojson", "other.geojson"])

        scenario.coordinator.handle(.removeSource(trip.id))
        #expect(scenario.placesModel.places.place(withID: trip.id + "/louvre") == nil)
        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.placesModel.sources.map(\.title) == ["World", "trip.geojson", "other.geojson"], "back in its place")
        #expect(scenario.placesModel.favourites == [trip.id + "/eiffel"])

        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.placesModel.favourites.isEmpty)
        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.placesModel.sources.map(\.title) == ["World", "trip.geojson"], "the second file's import undone whole")
        scenario.coordinator.handle(.perform(.redo))
        #expect(scenario.placesModel.sources.map(\.title) == ["World", "trip.geojson", "other.geojson"])
        #expect(scenario.placesModel.places.place(withID: other.id + "/eiffel")?.name == "Eiffel Tower")
    }

    @Test("the history holds a file's places only while they are out of the model: an import in effect holds none")
    func importHeldOnce() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let (scenario, _) = scenario()
        await scenario.coordinator.importFiles([trip.path!])
        let editor = scenario.editor
        let imported = scenario.placesModel.places.filter { $0.source == trip.id }
        #expect(imported.count == 2)
        #expect(editor.history.nextUndo?.weight == 1, "the import's places are in the model, not also in the history")

        scenario.coordinator.handle(.perform(.undo))
        guard case .source(nil, let kept?) = editor.history.nextRedo else { Issue.record("no import to redo"); return }
        #expect(Set(kept.places) == Set(imported), "undone, the history holds what the model gave up")
        #expect(!scenario.placesModel.places.contains { $0.source == trip.id })

        scenario.coordinator.handle(.perform(.redo))
        #expect(Set(scenario.placesModel.places.filter { $0.source == trip.id }) == Set(imported))
        #expect(editor.history.nextUndo?.weight == 1)
        #expect(editor.history.redoCount == 0)

        scenario.coordinator.handle(.edit(.setFavourite(trip.id + "/louvre", true)))
        scenario.coordinator.handle(.removeSource(trip.id))
        scenario.coordinator.handle(.perform(.undo))
        scenario.coordinator.handle(.perform(.undo))
        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.placesModel.sources == [.bundled])
        scenario.coordinator.handle(.perform(.redo))
        scenario.coordinator.handle(.perform(.redo))
        scenario.coordinator.handle(.perform(.redo))
        #expect(scenario.placesModel.sources == [.bundled], "removed again")
        scenario.coordinator.handle(.perform(.undo))
        #expect(Set(scenario.placesModel.places.filter { $0.source == trip.id }) == Set(imported))
        #expect(scenario.placesModel.favourites == [trip.id + "/louvre"], "the removal undone brings the favourite back")
    }

    @Test("Esc while editing cancels the editor and keeps the selection; a cancelled new place leaves no trace")
    func escapeCancels() throws {
        let (scenario, spy) = scenario()
        scenario.placesModel.select(Samples.paris.id)
        spy.reset()
        scenario.coordinator.handle(.newPlace(at: Coordinate(latitude: 1, longitude: 2)))
        #expect(scenario.shell.screen?.showsCard == false)
        scenario.editing?.send(.name("Half typed"))
        scenario.coordinator.handle(.perform(.closeCard))
        #expect(scenario.editing == nil)
        #expect(spy.broadcastCount == 0)
        #expect(scenario.shell.screen == .map(card: true))
    }

    @Test("own places and their favourites survive a restart, listed under My Places; undone additions do not")
    func survivesRestart() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var kept: Place.ID?
        do {
            let first = LibraryScenario(library: FileLibraryStore(folder: folder.url))
            await first.app.restoreLibrary()
            first.coordinator.handle(.newPlace(at: Coordinate(latitude: 48.2, longitude: 16.36)))
            first.editing?.send(.name("Sperl"))
            first.editing?.send(.notes("Melange"))
            kept = first.editing?.draft.place.id
            first.editing?.send(.save)
            first.coordinator.handle(.edit(.setFavourite(try #require(kept), true)))
            first.coordinator.handle(.newPlace(at: nil))
            first.editing?.send(.name("Gone again"))
            first.editing?.send(.save)
            first.coordinator.handle(.perform(.undo))
            await first.saved()
            #expect(first.shell.errors.isEmpty)
        }
        let second = LibraryScenario(library: FileLibraryStore(folder: folder.url))
        await second.app.restoreLibrary()
        let id = try #require(kept)
        let place = try #require(second.placesModel.places.place(withID: id))
        #expect(place.isOwn && place.name == "Sperl" && place.notes == "Melange")
        #expect(second.placesModel.places.filter(\.isOwn).count == 1)
        #expect(second.favourites.contains(id))
        #expect(second.list.state.latest?.headers.prefix(2) == ["Favourites (1)", "My Places (1)"])
        #expect(second.sourceTitles == ["World", "My Places"])
    }

    @Test("the trace has place-added, place-updated, place-removed and undo lines with ids and names")
    func trace() throws {
        let log = RecordingLog()
        let (scenario, _) = scenario(log: log)
        let id = try add("Sperl", in: scenario)
        scenario.coordinator.handle(.perform(.editPlace))
        scenario.editing?.send(.name("Café Sperl"))
        scenario.editing?.send(.save)
        scenario.coordinator.handle(.edit(.delete(id)))
        scenario.coordinator.handle(.perform(.undo))
        scenario.coordinator.handle(.perform(.redo))
        #expect(log.events.filter { $0.jsonLine.contains("place") || $0.jsonLine.contains("do\"") } == [
            .placeAdded(id: id, name: "Sperl"), .placeUpdated(id: id, name: "Café Sperl"), .placeRemoved(id: id, name: "Café Sperl"),
            .placeAdded(id: id, name: "Café Sperl"), .undo(edit: "delete", id: id, name: "Café Sperl"),
            .placeRemoved(id: id, name: "Café Sperl"), .redo(edit: "delete", id: id, name: "Café Sperl"),
        ])
    }
}

/// Keeps the trace events in memory.
@MainActor
final class RecordingLog: EventLog {
    private(set) var events: [TraceEvent] = []
    func record(_ event: TraceEvent) { events.append(event) }
}

/// Moving a place by dragging its marker while it is edited.
@MainActor
@Suite("Own places: moving on the map")
struct MovingOnTheMapTests {
    @Test("while editing, the place is drawn where the editor would save it; dragging it moves the position field, panning elsewhere still pans")
    func dragMoves() throws {
        let scenario = Scenario.showingVienna()
        scenario.coordinator.handle(.newPlace(at: nil))
        let editor = try #require(scenario.editing)
        editor.send(.name("Sperl"))
        let draft = try #require(scenario.map.state.latest?.draft)
        #expect(draft.label == "Sperl")
        #expect(draft.position.distance(to: Scenario.viewport.center) < 0.5)

        scenario.map.send(.pressed)
        scenario.map.send(.dragBegan(at: ScreenPoint(x: draft.position.x + 3, y: draft.position.y - 2)))
        scenario.map.send(.dragged(dx: 100, dy: 50))
        #expect(scenario.map.state.latest?.draft?.isDragged == true)
        scenario.map.send(.dragEnded)
        let moved = scenario.map.camera.coordinate(at: ScreenPoint(x: draft.position.x + 100, y: draft.position.y + 50))
        #expect(editor.state.latest.map { $0.position.distance(to: moved) < 0.001 } == true)
        #expect(editor.state.latest?.coordinates == CoordinateText.format(moved))
        #expect(scenario.map.camera.center.distance(to: Coordinate(latitude: 48.2, longitude: 16.37)) < 0.001, "the map did not pan")
        #expect(scenario.map.state.latest?.draft?.position.distance(to: ScreenPoint(x: draft.position.x + 100, y: draft.position.y + 50)) ?? 99 < 0.5)

        scenario.map.send(.dragBegan(at: ScreenPoint(x: 10, y: 10)))
        scenario.map.send(.dragged(dx: 40, dy: 0))
        scenario.map.send(.dragEnded)
        #expect(editor.state.latest.map { $0.position.distance(to: moved) < 0.001 } == true, "a drag elsewhere pans")

        editor.send(.save)
        #expect(scenario.map.state.latest?.draft == nil)
        #expect(scenario.placesModel.selectedPlace.map { $0.coordinate.distance(to: moved) < 0.001 } == true)
    }

    @Test("typing a position far away brings the map to it once the typing pauses")
    func typedPositionComesIntoView() async throws {
        let scenario = Scenario.showingVienna()
        scenario.coordinator.handle(.newPlace(at: nil))
        let editor = try #require(scenario.editing)
        editor.send(.coordinates("-33.8568, 151.2153"))
        scenario.clock.advance(by: PlaceEditorViewModel.typingPause)
        await waitUntil { editor.draft.place.coordinate.latitude < 0 }
        scenario.map.settle()
        #expect(scenario.map.camera.center.distance(to: Coordinate(latitude: -33.8568, longitude: 151.2153)) < 0.01)
    }
}

extension Scenario {
    /// A scenario whose map shows central Vienna at zoom 12.
    static func showingVienna(log: (any EventLog)? = nil) -> Scenario {
        let scenario = Scenario(log: log)
        scenario.map.send(.resized(viewport))
        scenario.map.send(.show(center: Coordinate(latitude: 48.2, longitude: 16.37), zoom: 12))
        return scenario
    }
}
